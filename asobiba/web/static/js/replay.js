// Replay of a game move by move: the server renders each position (GET .../frames/{ply}); a step
// forward moves the piece along its path, or drops in the pieces the move put on the board. The
// move that led to the position shown leaves its trail; a move of the list pointed at is shown on
// the board. Keys: ← → step, Home / End jump. A game id the server does not know shows the
// not-found page.

import { getJSON } from "./api.js";
import { animateDrops, animatePath, boardPicture, clearMove, drawMove, mountSvg } from "./board.js";
import { boardTools } from "./boardtools.js";
import { gameEntry, seatName } from "./catalog.js";
import { clear, h, link } from "./dom.js";
import { errorText } from "./errors.js";
import { historyText } from "./history.js";
import { pick, t } from "./i18n.js";
import { icon } from "./icons.js";
import { notFoundPage } from "./notfound.js";
import { reviewPanel } from "./review.js";
import { resignedText, winnersText } from "./seatwords.js";
import { setTitle } from "./title.js";

export function replayPage(root, gameId) {
  let game = null;
  let entry = null; // the game's catalog entry (null for a game the catalog does not offer)
  let history = [];
  let ply = 0; // the position shown
  let wanted = 0; // the position asked for (clicks may run ahead of the drawing)
  let svg = null;
  let loading = Promise.resolve();
  let missing = null; // the not-found page, when the server knows no such game
  let peekTicket = 0;
  const cache = new Map();

  const boardEl = h("div", { class: "board", id: "board" });
  const tools = boardTools(boardEl, { players: () => game?.players ?? [] });
  const titleEl = h("h1", { class: "table-title" });
  const counterEl = h("p", { class: "status", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "slider", "aria-label": t("replay.slider") });
  const movesEl = h("ol", { class: "moves", "data-role": "moves" });
  const controls = {
    first: h("button", { "data-action": "first", onclick: () => go(0) }),
    prev: h("button", { "data-action": "prev", onclick: () => go(wanted - 1) }),
    next: h("button", { "data-action": "next", onclick: () => go(wanted + 1, true) }),
    last: h("button", { "data-action": "last", onclick: () => go(history.length) }),
  };
  const autoplay = h("button", { "data-action": "autoplay", "aria-pressed": "false", onclick: () => toggleAutoplay() });
  const resultEl = h("p", { class: "replay-result", "data-role": "replay-result", hidden: true });
  const download = h("a", { class: "button", "data-action": "download", href: `/api/games/${gameId}/record`, download: "" });
  const playOn = link(`/game/${gameId}`);
  playOn.classList.add("button");
  playOn.hidden = true;
  slider.addEventListener("input", () => go(Number(slider.value)));
  const review = reviewPanel({ gameId, go: (n) => go(n) }); // the engine's review (review.js)
  review.onChange(() => render());

  root.replaceChildren(
    h("section", { class: "table replay" },
      h("div", { class: "board-wrap" }, tools.el, boardEl),
      h("aside", { class: "side" },
        titleEl,
        counterEl,
        h("div", { class: "buttons replay-controls" }, Object.values(controls), autoplay),
        slider,
        resultEl,
        review.el,
        h("div", { class: "moves-wrap", tabindex: "0", role: "region", "aria-label": t("moves.title") }, movesEl),
        h("div", { class: "buttons minor" }, download, playOn)),
    ),
  );

  async function frame(n) {
    if (!cache.has(n)) {
      const pending = getJSON(`/api/games/${gameId}/frames/${n}`);
      pending.catch(() => cache.delete(n)); // a frame that failed is asked for again next time
      cache.set(n, pending);
    }
    return cache.get(n);
  }

  function go(n, animate = false) {
    const target = Math.max(0, Math.min(history.length, n));
    wanted = target;
    loading = loading.then(async () => {
      const data = await frame(target);
      const step = animate && svg && target === ply + 1 && data.last;
      if (step) await animatePath(svg, data.last.path);
      ply = target;
      svg = mountSvg(boardEl, boardPicture(data));
      drawMove(svg, data.last, "last");
      review.drawn(svg, ply);
      tools.render();
      render();
      if (step) await animateDrops(svg, data.last.drops, () => null);
      if (target < history.length) frame(target + 1).catch(() => null); // prefetch
    }).catch((failure) => {
      // The position shown stays and the next step tries again; the line says what failed.
      wanted = ply;
      render();
      counterEl.textContent = errorText(failure);
    });
  }

  let timer = null; // the autoplay's next step

  /** Play the moves by themselves, one a second, until the end (or a click stops it). */
  function toggleAutoplay() {
    if (timer) {
      stopAutoplay();
    } else {
      if (wanted >= history.length) go(0);
      timer = setInterval(() => {
        if (wanted >= history.length) stopAutoplay();
        else go(wanted + 1, true);
      }, 1000);
    }
    render();
  }

  function stopAutoplay() {
    clearInterval(timer);
    timer = null;
    render();
  }

  /** How the game ended, shown once the replay reaches its last move. */
  function resultText() {
    const result = game.result;
    if (!result?.ranks) return "";
    const nameOf = (seat) => seatName(entry, seat);
    const winners = game.players.filter((_, i) => result.ranks[i] === 1).map(nameOf);
    const head = result.ranks.every((r) => r === result.ranks[0]) ? t("result.draw") : winnersText(winners);
    const how = result.reason === "resign"
      ? resignedText(result.resigned, nameOf)
      : pick(entry?.end_reasons?.[result.ending]);
    return [head, how].filter(Boolean).join(" ");
  }

  function render() {
    if (!game) return;
    titleEl.textContent = `${t("replay.title")} — ${pick(entry?.name) || game.game}`;
    setTitle(t("replay.title"), pick(entry?.name) || game.game);
    counterEl.textContent = t("replay.ply", { ply, plies: history.length });
    slider.max = String(history.length);
    slider.value = String(ply);
    for (const [key, button] of Object.entries(controls)) {
      button.replaceChildren(icon(key));
      button.title = t(`btn.${key}`);
      button.setAttribute("aria-label", t(`btn.${key}`));
    }
    autoplay.replaceChildren(icon(timer ? "pause" : "play"));
    autoplay.setAttribute("aria-pressed", String(Boolean(timer)));
    autoplay.title = t(timer ? "btn.pause" : "btn.autoplay");
    autoplay.setAttribute("aria-label", autoplay.title);
    autoplay.disabled = !history.length;
    const over = ply === history.length && game.status === "finished";
    resultEl.hidden = !over;
    resultEl.textContent = over ? resultText() : "";
    controls.first.disabled = controls.prev.disabled = wanted === 0;
    controls.next.disabled = controls.last.disabled = wanted === history.length;
    download.textContent = t("btn.download");
    playOn.textContent = t("btn.play");
    playOn.hidden = game.status !== "playing";
    clear(movesEl).append(
      ...history.map((line, i) =>
        h("li", {
          class: i === ply - 1 ? "current" : "",
          "data-player": line.player,
          "data-ply": line.ply,
          onclick: () => go(i + 1),
          onpointerenter: (e) => e.pointerType === "mouse" && peek(i),
          onpointerleave: () => peek(null),
        }, historyText(line, (seat) => seatName(entry, seat))),
      ),
    );
    review.mark(movesEl);
    movesEl.querySelector(".current")?.scrollIntoView({ block: "nearest" });
  }

  /** Show the move of the list at index `i` on the board (null: none). */
  async function peek(i) {
    const mine = ++peekTicket;
    const last = i === null || history[i]?.player === "chance" ? null : (await frame(i + 1)).last;
    if (mine === peekTicket && svg) {
      if (last) drawMove(svg, last, "peek", { rings: true });
      else clearMove(svg, "peek");
    }
  }

  function onKey(event) {
    if (event.target.closest?.("input, select, textarea")) return;
    const moves = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: history.length };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key], event.key === "ArrowRight");
    }
  }
  document.addEventListener("keydown", onKey);

  (async () => {
    try {
      game = await getJSON(`/api/games/${gameId}`);
    } catch (err) {
      if (err.status !== 404) throw err;
      missing = notFoundPage(root, "game");
      return;
    }
    entry = await gameEntry(game.game);
    history = game.history;
    go(0);
    if (game.status === "finished") review.load(new URLSearchParams(location.search).has("review"));
  })();

  return {
    refresh: () => {
      if (missing) return missing.refresh();
      review.refresh();
      return render();
    },
    destroy: () => {
      clearInterval(timer);
      review.destroy();
      document.removeEventListener("keydown", onKey);
    },
  };
}
