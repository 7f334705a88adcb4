// The crossing puzzle's piece of the page (docs/play.md, "The crossing puzzle"), served from the
// star games' crossing package. A game of one player is the puzzle: the table shows the target
// (the best crossing known for the rules, found beforehand: the server never searches while a
// person plays), the moves made so far and, once home, the score; a button opens the best line
// known as a replay (the server writes it as a record, the page opens it as an uploaded record and
// remembers the replay per rule set). What is known of the target — the known shortest, or the
// best found above a proven bound — is said as the server says it. The lobby shows the target
// while one player is chosen. Games of several players show nothing of this.

import { getJSON, postJSON } from "/static/js/api.js";
import { clear, h } from "/static/js/dom.js";
import { errorText } from "/static/js/errors.js";
import { onLangChange, pick } from "/static/js/i18n.js";
import { say } from "./texts.js";

const sheet = new URL("./crossing.css", import.meta.url).href;
if (!document.querySelector(`link[href="${sheet}"]`)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: sheet }));
}

const REPLAY_KEY = "asobiba.crossing.";
const targets = new Map(); // "game options" → the target's promise

/** The rules as one key (the same rules, in any order, give the same key). */
function keyOf(gameId, options) {
  const sorted = Object.keys(options ?? {}).sort().map((k) => [k, options[k]]);
  return `${gameId} ${JSON.stringify(sorted)}`;
}

/** The puzzle's target for these rules ({known, moves, lower_bound, shortest, about}), asked once. */
function target(gameId, options) {
  const key = keyOf(gameId, options);
  if (!targets.has(key)) {
    const asked = postJSON(`/api/services/${gameId}/crossing`, { options });
    asked.catch(() => targets.delete(key)); // ask again next time
    targets.set(key, asked);
  }
  return targets.get(key);
}

/** Open the best line known for these rules as a replay: the record the server writes, opened as
 * an uploaded record once per browser and rules (the replay is reused while the server has it). */
async function openBestLine(gameId, options) {
  const key = REPLAY_KEY + keyOf(gameId, options);
  const kept = localStorage.getItem(key);
  if (kept) {
    const found = await getJSON(`/api/games/${kept}`).then(() => true, () => false);
    if (found) return location.assign(`/replay/${kept}`);
  }
  const record = await postJSON(`/api/services/${gameId}/crossing_record`, { options });
  const created = await postJSON("/api/records", record);
  localStorage.setItem(key, created.id);
  location.assign(created.url);
}

/** Moves made so far (chance has none in these games, but never counts). */
const movesOf = (view) => view.history.filter((line) => line.player !== "chance").length;

/** Whether the lone colour stands home: every piece on a goal cell, the king on its own (a game
 * of one also ends at its move limit, or by resigning). */
function home(view, known) {
  const pieces = view.position?.pieces?.[view.players[0]];
  if (!pieces) return false;
  const at = (cell) => `${cell[0]},${cell[1]}`;
  const goal = new Set(known.goal);
  const king = !pieces.king || (known.goal_apex ? at(pieces.king) === known.goal_apex : goal.has(at(pieces.king)));
  return king && pieces.men.every((cell) => goal.has(at(cell)));
}

/** Whether a finished game ended with the crossing (not resigned, not at the move limit). */
const crossed = (view, known) => view.result?.reason === "rules" && home(view, known);

/** The score of a finished game (null while it goes on, or before the target is known). */
function score(view, known) {
  if (view.status !== "finished" || !known) return null;
  const m = movesOf(view);
  if (!crossed(view, known)) return say("score.not");
  if (!known.known) return say("score.crossed", { m });
  const n = known.moves;
  return say(m < n ? "score.fewer" : m === n ? "score.equal" : "score.more", { m, n });
}

function showButton(gameId, options, known, onError) {
  const button = h("button", { type: "button", "data-action": "show-crossing" }, say(`show.${known.shortest}`));
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = say("show.opening");
    try {
      await openBestLine(gameId, options);
    } catch (err) {
      button.disabled = false;
      button.textContent = say(`show.${known.shortest}`);
      onError(errorText(err));
    }
  });
  return button;
}

export function tablePart({ entry, board }) {
  const gameId = entry.id;
  const panel = h("section", { class: "crossing", "data-role": "crossing", hidden: true });
  const dialog = document.getElementById("result-dialog");
  let view = null;
  let known = null; // the target, once the server answered
  let error = null;

  function render() {
    const puzzle = view?.players.length === 1;
    panel.hidden = !puzzle;
    if (!puzzle) return;
    const m = movesOf(view);
    const n = known?.known ? known.moves : null;
    panel.dataset.moves = String(m);
    if (n !== null) {
      panel.dataset.target = String(n);
      panel.dataset.shortest = known.shortest;
    }
    const line = score(view, known);
    clear(panel).append(...[
      h("h2", {}, n !== null ? say("title.target", { n }) : say("title.alone")),
      h("p", { class: "crossing-count", "data-role": "crossing-count" },
        n !== null ? say("count.target", { m, n }) : say("count", { m })),
      n !== null ? h("progress", { max: n, value: Math.min(m, n), "aria-hidden": "true" }) : null,
      line ? h("p", { class: "crossing-score", "data-role": "crossing-score" }, line) : null,
      known ? h("p", { class: "muted crossing-about", "data-role": "crossing-about" }, pick(known.about))
        : h("p", { class: "muted" }, error ?? say("loading")),
      n !== null ? showButton(gameId, view.options, known, (text) => { error = text; render(); }) : null,
      known?.known && error ? h("p", { class: "error", role: "alert" }, error) : null,
    ].filter(Boolean));
  }

  /** The score in the result dialog too, whenever the table (re)builds it or the target comes. */
  function decorate() {
    if (!board.isConnected) return watch.disconnect(); // the table page is gone
    const form = dialog?.querySelector("form.result");
    const line = view?.players.length === 1 && score(view, known);
    if (!form || !line || form.querySelector("[data-role=crossing-score]")) return;
    const headline = form.querySelector("h2"); // a game of one is neither won nor drawn: crossed or not
    headline.textContent = say(crossed(view, known) ? "result.crossed" : "result.not");
    headline.after(...[
      h("p", { class: "crossing-score", "data-role": "crossing-score" }, line),
      known.known ? showButton(gameId, view.options, known, (text) => { error = text; render(); }) : null,
    ].filter(Boolean));
  }
  const watch = new MutationObserver(decorate);
  if (dialog) watch.observe(dialog, { childList: true });
  const stopLang = onLangChange(() => (board.isConnected ? render() : stopLang()));

  async function ask(options) {
    try {
      known = await target(gameId, options);
      error = null;
    } catch (err) {
      error = errorText(err);
    }
    render();
    decorate();
  }

  return {
    after(next) {
      const first = !view || keyOf(gameId, view.options) !== keyOf(gameId, next.options);
      view = next;
      if (!panel.isConnected) board.closest(".table")?.querySelector(".side .status")?.after(panel);
      if (first && next.players.length === 1) {
        known = null;
        ask(next.options);
      }
      render();
    },
  };
}

export function lobbyPanel({ entry }) {
  const el = h("p", { class: "crossing-lobby", "data-role": "crossing-target", hidden: true });
  let wanted = null; // the key of the rules shown

  async function refresh(setup) {
    const options = setup?.options;
    const puzzle = options?.players === 1;
    el.hidden = !puzzle;
    if (!puzzle) return;
    const key = keyOf(entry.id, options);
    wanted = key;
    const known = await target(entry.id, options).catch(() => null);
    if (wanted !== key) return; // the rules changed meanwhile
    el.hidden = !known;
    if (!known) return;
    clear(el).append(...[
      known.known ? h("strong", {}, say("lobby.target", { n: known.moves })) : null,
      h("span", { class: "muted" }, " ", pick(known.about)),
    ].filter(Boolean));
  }

  return { el, options: () => ({}), error: () => null, refresh, destroy() {} };
}
