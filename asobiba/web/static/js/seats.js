// The seats this browser holds (docs/play.md, "Seats, tokens and invitations"). Creating a game or
// taking an invited seat hands the browser a secret token, kept in localStorage per game
// (`asobiba.game.<id>`: {tokens, invites}) and never put in a URL; the table sends it as a
// WebSocket subprotocol and as `Authorization: Bearer` on acting requests. Without a token the
// page watches. The creator also keeps the invite links of the seats still open, to show them.

import { postJSON } from "./api.js";
import { confirmBox } from "./confirm.js";
import { clear, h } from "./dom.js";
import { pick, t } from "./i18n.js";

const PREFIX = "asobiba.game.";

function read(gameId) {
  try {
    const data = JSON.parse(localStorage.getItem(PREFIX + gameId) ?? "null");
    return data && Array.isArray(data.tokens) ? data : { tokens: [], invites: {} };
  } catch {
    return { tokens: [], invites: {} };
  }
}

function write(gameId, data) {
  localStorage.setItem(PREFIX + gameId, JSON.stringify(data));
}

/** The tokens this browser holds for a game. */
export function tokensOf(gameId) {
  return read(gameId).tokens;
}

/** Keep what `POST /api/games` (or a record upload) answered: the token, the invite links. */
export function rememberCreated(created) {
  const invites = {};
  for (const seat of created.seats ?? []) if (seat.invite) invites[seat.seat] = seat.invite;
  write(created.id, { tokens: created.token ? [created.token] : [], invites });
}

/** A rematch started: this browser's tokens of `gameId` hold its people's seats of `nextId` too
 * (friends.js); no invite is carried over. */
export function followTokens(gameId, nextId) {
  const tokens = read(gameId).tokens;
  const held = read(nextId).tokens;
  write(nextId, { tokens: [...new Set([...held, ...tokens])], invites: {} });
}

/** Every token of every game this browser holds (its games list). */
export function allTokens() {
  const tokens = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(PREFIX)) tokens.push(...read(key.slice(PREFIX.length)).tokens);
  }
  return tokens;
}

/** Take an invited seat: the invite is spent and this browser keeps the seat's token. */
export async function joinSeat(gameId, seat, invite) {
  const answer = await postJSON(`/api/games/${gameId}/seats/${seat}/join`, { invite });
  const data = read(gameId);
  write(gameId, { ...data, tokens: [...data.tokens, answer.token] });
  return answer;
}

/** An acting request for a game with this browser's first token. */
export function actFor(gameId, path, body) {
  return postJSON(`/api/games/${gameId}/${path}`, body, tokensOf(gameId)[0]);
}

/** The WebSocket subprotocols that present this browser's tokens (none: a spectator). */
export function subprotocols(gameId) {
  const tokens = tokensOf(gameId);
  return tokens.length ? ["asobiba", ...tokens.map((token) => `token.${token}`)] : [];
}

/** The address other devices open: the server's public address (`--public-url`, `--lan`) or,
 * without one, the address this page was opened at. */
export function linkBase() {
  const named = document.querySelector('meta[name="asobiba-public-url"]')?.content;
  return named || location.origin;
}

/** Whether a link starting with `base` opens only on this computer (loopback). */
export function onlyHere(base) {
  const host = new URL(base).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

/** The invite panel of the creator while seats are open: per seat the link with a copy button
 * and a QR code, a "let the computer play it" choice, and the spectator link for everyone. */
export function invitePanel(gameId, onError) {
  const el = h("section", { class: "invites", "data-role": "invites", hidden: true });
  const qrCache = new Map();

  async function qr(url) {
    if (!qrCache.has(url)) {
      qrCache.set(url, postJSON("/api/qr", { text: url }).then((r) => r.svg).catch(() => ""));
    }
    return qrCache.get(url);
  }

  function copyButton(url) {
    const button = h("button", { type: "button", "data-action": "copy-link" }, t("invite.copy"));
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        button.textContent = t("invite.copied");
      } catch {
        window.prompt(t("invite.copy"), url);
      }
    });
    return button;
  }

  function seatRow(view, seat, path, nameOf) {
    const url = `${linkBase()}${path}`;
    const picture = h("div", { class: "qr", "aria-label": t("invite.qr") });
    qr(url).then((svg) => (picture.innerHTML = svg));
    const level = h("select", { "data-role": "computer-level", "aria-label": t("opt.level") },
      Object.entries(view.levels ?? {}).map(([id, names]) =>
        h("option", { value: id, selected: id === "normal" }, pick(names))));
    const give = h("button", { type: "button", "data-action": "seat-computer" }, t("invite.computer"));
    give.addEventListener("click", () =>
      actFor(gameId, `seats/${seat}/computer`, { level: level.value }).catch((err) => onError(err.message)));
    return h("li", { class: "invite", "data-seat": seat },
      h("span", { class: `chip chip-${view.players[seat]}` }),
      h("strong", {}, nameOf(view.players[seat])),
      h("input", { class: "invite-link", readonly: true, value: url, "data-role": "invite-link",
        onfocus: (e) => e.target.select() }),
      copyButton(url), picture,
      h("div", { class: "invite-computer" }, level, give));
  }

  return {
    el,
    show(view, nameOf) {
      const invites = read(gameId).invites ?? {};
      const open = view.seats.map((s, i) => (s.open && invites[i] ? i : -1)).filter((i) => i >= 0);
      const watch = `${linkBase()}/game/${gameId}`;
      const spectator = h("p", { class: "muted spectate" }, t("invite.watch"), " ",
        h("input", { class: "invite-link", readonly: true, value: watch, "data-role": "watch-link",
          onfocus: (e) => e.target.select() }), copyButton(watch));
      el.hidden = view.status !== "playing" || (!open.length && !view.waiting);
      clear(el).append(...[ // (append writes a null as the text "null": none is given it)
        h("h2", {}, t("invite.title")),
        open.length ? h("p", {}, t("invite.help")) : h("p", { class: "muted" }, t("invite.waiting")),
        onlyHere(linkBase()) ? h("p", { class: "notice", "data-role": "invite-loopback" },
          t("invite.loopback"), " ", h("code", {}, "asobiba serve --lan")) : null,
        h("ul", { class: "invite-list" }, open.map((seat) => seatRow(view, seat, invites[seat], nameOf))),
        spectator,
      ].filter(Boolean));
    },
  };
}

/** For a person who must leave a game between devices: hand their seat to the computer at a
 * chosen level (the game goes on without them). */
export function handOver(gameId, onError) {
  const controls = h("div", { class: "buttons" });
  const asking = confirmBox("hand-over"); // asked in the page, as resigning is
  const el = h("div", { class: "hand-over", "data-role": "hand-over", hidden: true }, controls, asking.el);
  let level = null; // the chosen level survives the redraws of every state frame
  return {
    el,
    show(view) {
      const you = view.you ?? [];
      const others = view.seats.some((s, i) => s.type === "human" && !you.includes(i));
      el.hidden = view.status !== "playing" || you.length !== 1 || !others;
      if (el.hidden) {
        asking.hide();
        return;
      }
      const chosen = level?.value ?? "normal";
      level = h("select", { "data-role": "hand-over-level", "aria-label": t("opt.level") },
        Object.entries(view.levels ?? {}).map(([id, names]) =>
          h("option", { value: id, selected: id === chosen }, pick(names))));
      const go = h("button", { type: "button", "data-action": "hand-over" }, t("handover.button"));
      go.addEventListener("click", () => asking.ask({
        question: t("handover.confirm"), yes: t("handover.button"),
        back: { focus: () => controls.querySelector("[data-action=hand-over]")?.focus() }, // drawn anew each frame
        onYes: () => actFor(gameId, `seats/${you[0]}/computer`, { level: level.value })
          .catch((err) => onError(err.message)),
      }));
      clear(controls).append(level, go);
    },
  };
}

/** The takeback request box: accept or decline another device's request, or wait for yours. */
export function takebackBox(send) {
  const el = h("div", { class: "takeback", "data-role": "takeback", role: "alert", hidden: true });
  return {
    el,
    show(view, nameOf) {
      const request = view.takeback;
      const you = view.you ?? [];
      el.hidden = !request || view.status !== "playing";
      if (el.hidden) return;
      const asker = request.by.map((i) => nameOf(view.players[i])).join("・");
      if (request.waiting.some((i) => you.includes(i))) {
        clear(el).append(
          h("p", {}, t("takeback.asked", { color: asker })),
          h("div", { class: "buttons" },
            h("button", { class: "primary", "data-action": "takeback-accept",
              onclick: () => send({ type: "takeback", accept: true }) }, t("takeback.accept")),
            h("button", { "data-action": "takeback-decline",
              onclick: () => send({ type: "takeback", accept: false }) }, t("takeback.decline"))),
        );
      } else if (request.by.some((i) => you.includes(i))) {
        clear(el).append(
          h("p", {}, t("takeback.mine")),
          h("button", { "data-action": "takeback-withdraw",
            onclick: () => send({ type: "takeback", accept: false }) }, t("takeback.withdraw")),
        );
      } else {
        clear(el).append(h("p", { class: "muted" }, t("takeback.others", { color: asker })));
      }
    },
  };
}
