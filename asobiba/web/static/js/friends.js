// Friends at one table (docs/play.md, "Playing again with friends"): the rematch offer every seated
// person sees and answers (`[data-role=rematch-offer]`; once all accepted, each browser follows
// its token to the new game, seats one on, no new link), the name a person gives their seat
// (`[data-action=set-name]`, remembered in this browser and given again when it takes a seat),
// and the turn alert: when this browser's turn comes while the tab is hidden, the title says so,
// and a notification too if the person allowed it (`[data-action=notify]`).

import { clear, h } from "./dom.js";
import { lang, translator } from "./i18n.js";
import { actFor, followTokens } from "./seats.js";
import { myTurn } from "./seatwords.js";

const t = translator({
  ja: {
    "rematch.offered": "{who}が再戦を申し込んでいます（席を交代）。",
    "rematch.accept": "再戦する",
    "rematch.decline": "やめておく",
    "rematch.mine": "再戦を申し込みました。{who}の返事を待っています…",
    "rematch.withdraw": "取り下げる",
    "rematch.others": "{who}が再戦を申し込んでいます。",
    "rematch.starting": "再戦が決まりました。新しい対局へ移ります…",
    "name.label": "あなたの名前",
    "name.set": "名前を決める",
    "name.help": "16文字まで。ほかの人に表示されます。",
    "name.saved": "名前を「{name}」にしました。",
    "name.cleared": "名前を消しました。",
    "notify.on": "番が来たら知らせる",
    "notify.off": "番のお知らせ：オン",
    "notify.denied": "このブラウザーでは通知が許可されていません。",
    "alert.title": "🔔 あなたの番です",
    "alert.body": "{game}：あなたの番です。",
  },
  en: {
    "rematch.offered": "{who} offers a rematch (seats swap).",
    "rematch.accept": "Play again",
    "rematch.decline": "Not now",
    "rematch.mine": "You offered a rematch; waiting for {who}…",
    "rematch.withdraw": "Withdraw",
    "rematch.others": "{who} offered a rematch.",
    "rematch.starting": "Rematch agreed: moving to the new game…",
    "name.label": "Your name",
    "name.set": "Set name",
    "name.help": "Up to 16 characters; the others see it.",
    "name.saved": "Your name is now “{name}”.",
    "name.cleared": "Your name is cleared.",
    "notify.on": "Tell me when it's my turn",
    "notify.off": "Turn alerts: on",
    "notify.denied": "This browser does not allow notifications.",
    "alert.title": "🔔 Your turn",
    "alert.body": "{game}: it's your turn.",
  },
});

const NAME_KEY = "asobiba.name";
const NOTIFY_KEY = "asobiba.notify";

/** The name this browser last gave a seat ("" if none). */
export function rememberedName() {
  return localStorage.getItem(NAME_KEY) ?? "";
}

/** Give seat `seat` of `gameId` the name remembered here, if any (after taking a seat). */
export async function giveRememberedName(gameId, seat) {
  const name = rememberedName();
  if (name) await actFor(gameId, `seats/${seat}/name`, { name });
}

/** Who a list of seats is, in words ("Red (Hana)"); `nameOf(seat)` names a seat's colour. */
function whoOf(view, seats, nameOf) {
  const sep = lang() === "ja" ? "・" : ", ";
  return seats.map((i) => {
    const name = view.seats[i]?.name;
    const colour = nameOf(view.players[i]);
    return name ? `${colour}（${name}）` : colour;
  }).join(sep);
}

/** The rematch offer box: accept or decline another's offer, or wait for yours; once the new game
 * started, this browser's tokens follow it there (`go(url)` opens it). */
export function rematchOffer(gameId, onError, go) {
  const el = h("div", { class: "rematch-offer", "data-role": "rematch-offer", role: "status", hidden: true });
  let followed = false;

  // the answer's game may name the new one already (the last to accept, or alone at the table)
  const answer = (accept) => actFor(gameId, "rematch", { accept }).then((game) => follow(game.rematch?.game))
    .catch((err) => onError(err.message));

  /** Open the new game `next` with this browser's tokens (they hold its seats there too). */
  function follow(next) {
    if (!next || followed) return;
    followed = true;
    followTokens(gameId, next);
    go(`/game/${next}`);
  }

  return {
    el,
    /** Offer (or accept) a rematch: the table's and the result's rematch button. */
    offer: () => answer(true),
    show(view, nameOf) {
      const offer = view.rematch;
      const you = view.you ?? [];
      el.hidden = !offer || view.status !== "finished" || !you.length;
      if (el.hidden) return clear(el);
      if (offer.game) {
        clear(el).append(h("p", {}, t("rematch.starting")));
        follow(offer.game);
        return el;
      }
      const by = whoOf(view, offer.by, nameOf);
      if (offer.waiting.some((i) => you.includes(i))) {
        clear(el).append(
          h("p", {}, t("rematch.offered", { who: by })),
          h("div", { class: "buttons" },
            h("button", { type: "button", class: "primary", "data-action": "accept-rematch", onclick: () => answer(true) },
              t("rematch.accept")),
            h("button", { type: "button", "data-action": "decline-rematch", onclick: () => answer(false) },
              t("rematch.decline"))),
        );
      } else if (offer.by.some((i) => you.includes(i))) {
        clear(el).append(
          h("p", {}, t("rematch.mine", { who: whoOf(view, offer.waiting, nameOf) })),
          h("button", { type: "button", "data-action": "decline-rematch", onclick: () => answer(false) },
            t("rematch.withdraw")),
        );
      } else {
        clear(el).append(h("p", { class: "muted" }, t("rematch.others", { who: by })));
      }
      return el;
    },
  };
}

/** The name form for the one seat this browser holds: a short name the others see. */
export function nameForm(gameId, onNotice) {
  const input = h("input", { id: "seat-name", "data-role": "name-input", maxlength: 16, autocomplete: "nickname",
    spellcheck: "false" });
  const label = h("label", { for: "seat-name" });
  const help = h("span", { class: "muted", id: "seat-name-help" });
  input.setAttribute("aria-describedby", "seat-name-help");
  const button = h("button", { type: "submit", "data-action": "set-name" });
  const el = h("form", { class: "name-form", "data-role": "name-form", hidden: true }, label, input, button, help);
  let seat = null;
  el.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (seat === null) return;
    const name = input.value.trim();
    try {
      await actFor(gameId, `seats/${seat}/name`, { name });
      localStorage.setItem(NAME_KEY, name);
      onNotice(name ? t("name.saved", { name }) : t("name.cleared"));
    } catch (err) {
      onNotice(err.message);
    }
  });
  return {
    el,
    show(view) {
      const you = (view.you ?? []).filter((i) => view.seats[i]?.type === "human");
      el.hidden = you.length !== 1;
      if (el.hidden) return;
      label.textContent = t("name.label");
      button.textContent = t("name.set");
      help.textContent = t("name.help");
      if (seat !== you[0] || document.activeElement !== input) input.value = view.seats[you[0]].name ?? "";
      seat = you[0];
    },
  };
}

/** The turn alert: the title while this browser's turn waits in a hidden tab, and a notification
 * if the person turned it on (and the browser allows it). `setTitle()` writes the usual title. */
export function turnAlert(setTitle) {
  const supported = typeof Notification !== "undefined";
  const button = h("button", { type: "button", class: "notify", "data-action": "notify", "aria-pressed": "false",
    hidden: !supported });
  let wasMine = false;
  let view = null;
  let gameName = "";

  const wanted = () => supported && localStorage.getItem(NOTIFY_KEY) === "on" && Notification.permission === "granted";

  function label() {
    const on = wanted();
    button.textContent = on ? t("notify.off") : t("notify.on");
    button.setAttribute("aria-pressed", String(on));
  }

  button.addEventListener("click", async () => {
    if (wanted()) {
      localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      const permission = await Notification.requestPermission();
      localStorage.setItem(NOTIFY_KEY, permission === "granted" ? "on" : "off");
      if (permission !== "granted") button.title = t("notify.denied");
    }
    label();
  });

  function title() {
    if (!view) return; // no game shown yet (or none: the not-found page)
    if (document.hidden && myTurn(view)) document.title = `${t("alert.title")} · ${gameName}`;
    else setTitle();
  }
  document.addEventListener("visibilitychange", title);

  return {
    el: button,
    /** A new state `next` whose game is named `name`: tell the person if their turn just came. */
    update(next, name) {
      view = next;
      gameName = name;
      button.hidden = !supported || !(next.you ?? []).length || next.status !== "playing";
      label();
      const mine = next.status === "playing" && myTurn(next);
      if (mine && !wasMine && document.hidden && wanted()) {
        new Notification(t("alert.title"), { body: t("alert.body", { game: name }), tag: "asobiba-turn" });
      }
      wasMine = mine;
      title();
    },
    destroy: () => document.removeEventListener("visibilitychange", title),
  };
}
