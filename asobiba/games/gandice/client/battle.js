// The Gandice battle at the table page (docs/play.md, "Gandice"): the choices of the person to move
// as buttons (data-action = the kind of choice: attack, resummon, item, no-item, card, fuse, bury,
// betray, evolve, no-evolve), every possible attack with its exact odds from the server (win, held,
// tie, struck down; GET /api/games/{id}/odds/{ply}); the rolls of each new frame animated over the
// board, each die landing on what it rolled; the players' call-outs («眼魔召喚！», «開眼！», …)
// shown on the table as they happen; the odds of a hinted attack.

import { getJSON } from "/static/js/api.js";
import { h } from "/static/js/dom.js";
import { pick } from "/static/js/i18n.js";
import { percent, say } from "./texts.js";

const ORDER = ["win", "hold", "tie", "counter"];
const TUMBLE = ["1", "特", "4", "横", "2", "立", "5", "0", "3", "逆"];
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** The odds of one move as a bar of four parts and their percentages. */
function oddsBar(list) {
  const byId = Object.fromEntries(list.map((o) => [o.id, o]));
  const parts = ORDER.map((id) => byId[id]).filter(Boolean);
  return h("span", { class: "gd-odds", "data-role": "odds", ...Object.fromEntries(parts.map((o) => [`data-${o.id}`, o.p.toFixed(6)])) },
    h("span", { class: "gd-bar", "aria-hidden": "true" },
      parts.map((o) => h("span", { class: `gd-seg ${o.id}`, style: `width:${(100 * o.p).toFixed(2)}%` }))),
    h("span", { class: "gd-nums" }, parts.map((o) =>
      h("span", { class: `gd-num ${o.id}`, title: pick(o.label) }, `${pick(o.label).split(/[（(]/)[0].trim()} ${percent(o.p)}`))));
}

export function tablePart({ gameId, board, play, refresh }) {
  const odds = new Map(); // "position action" → odds | "loading" | "failed"
  let queue = []; // [position, ply, action] still to ask for, one at a time, in the order shown
  let asking = false;
  const wrap = board.parentElement;
  wrap.classList.add("gd-wrap");
  const stage = h("div", { class: "gd-stage", "aria-hidden": "true" });
  const banner = h("p", { class: "gd-callout", "data-role": "callout", role: "status", "aria-live": "polite", hidden: true });
  wrap.append(stage, banner);
  let bannerTimer = null;

  /** The position a frame shows, as the moves that led to it (the same ply after an undo may be
   * another position). */
  const positionOf = (view) => `${view.plies}:${view.moves.join("|")}`;

  /** The odds of a move of the frame `view` (an array), or "loading" / "failed"; each move is
   * asked for alone, so that the quick ones show at once while a long one is being worked out. */
  function oddsOf(view, action) {
    const position = positionOf(view);
    const key = `${position} ${action}`;
    if (!odds.has(key)) {
      odds.set(key, "loading");
      queue.push([position, view.plies, action]);
      ask();
    }
    return odds.get(key);
  }

  /** Forget the questions about other positions than `view`'s (a move was made meanwhile). */
  function forgetOthers(view) {
    const position = positionOf(view);
    for (const [other, , action] of queue) if (other !== position) odds.delete(`${other} ${action}`);
    queue = queue.filter(([other]) => other === position);
  }

  async function ask() {
    if (asking) return;
    asking = true;
    while (queue.length) {
      const [position, ply, action] = queue.shift();
      const key = `${position} ${action}`;
      try {
        const answer = await getJSON(`/api/games/${gameId}/odds/${ply}?action=${action}`);
        odds.set(key, answer.moves[0]?.odds ?? "failed");
      } catch {
        odds.set(key, "failed");
      }
      refresh();
    }
    asking = false;
  }

  function choice(move, ...extra) {
    const data = move.data ?? {};
    return h("button", {
      type: "button", class: `gd-choice kind-${move.kind}`, "data-action": move.kind, "data-move": move.notation,
      "data-attacker": data.attacker, "data-target": data.target, "data-die": data.die,
      onclick: () => play(move.action),
    }, h("span", { class: "gd-words" }, pick(move.words) || move.notation), ...extra);
  }

  /** The person's choices: every one a button, the attacks grouped by attacker with their odds. */
  function actions(view, mine) {
    if (!mine || view.status !== "playing") return [];
    const attacks = view.legal.filter((m) => m.kind === "attack");
    const out = view.legal.filter((m) => m.kind !== "attack").map((m) => choice(m));
    if (!attacks.length) return out;
    forgetOthers(view);
    const known = attacks.map((m) => oddsOf(view, m.action));
    const state = known.includes("loading") ? "loading" : known.includes("failed") ? "failed" : "ready";
    out.push(h("p", { class: "muted gd-odds-note", "data-role": "odds-note", "data-state": state },
      say("odds.note"), state === "loading" ? ` — ${say("odds.loading")}` : ""));
    const groups = new Map();
    for (const m of attacks) groups.set(m.data.attacker, [...(groups.get(m.data.attacker) ?? []), m]);
    for (const [attacker, moves] of groups) {
      out.push(h("div", { class: "gd-attacker", "data-role": "attacker", "data-die": attacker },
        moves.map((m) => {
          const list = oddsOf(view, m.action);
          const bar = Array.isArray(list) ? oddsBar(list)
            : h("small", { class: "muted gd-odds-wait" }, say(list === "failed" ? "odds.failed" : "odds.loading"));
          return choice(m, bar);
        })));
    }
    return out;
  }

  function status(view) {
    const phase = view.position?.phase;
    return ["turn", "item", "betray", "bury", "evolve"].includes(phase) ? say(`turn.${phase}`) : "";
  }

  function hint(data, view) {
    if (data.kind !== "attack") return null;
    const list = oddsOf(view, data.action);
    return Array.isArray(list) ? h("p", { class: "gd-hint-odds" }, h("small", {}, say("hint.odds")), " ", oddsBar(list)) : null;
  }

  // -- what happened between two frames ------------------------------------------------------
  /** The new lines of the history as steps: a decision alone, or the rolls of one purpose together. */
  function steps(lines) {
    const out = [];
    for (const line of lines) {
      const rolling = line.kind === "roll";
      const last = out.at(-1);
      if (rolling && last?.rolls.length && last.purpose === line.data?.purpose) last.rolls.push(line);
      else out.push({ rolls: rolling ? [line] : [], purpose: line.data?.purpose, said: rolling ? null : line, calls: [] });
      if (line.callout) out.at(-1).calls.push(pick(line.callout));
    }
    return out;
  }

  function shout(calls, said) {
    const text = [...calls, said ? pick(said.words) : ""].filter(Boolean);
    if (!text.length) return;
    clearTimeout(bannerTimer);
    banner.replaceChildren(
      ...calls.map((c) => h("span", { class: "gd-call" }, c)),
      said ? h("span", { class: "gd-said" }, pick(said.words)) : "",
    );
    banner.hidden = false;
    banner.dataset.calls = calls.join(" ");
    bannerTimer = setTimeout(() => (banner.hidden = true), 3200);
  }

  /** Dice tumbling over their places on the board, each landing on what it rolled. */
  async function roll(lines, svg, quick) {
    const origin = wrap.getBoundingClientRect();
    const flights = lines.map((line) => {
      const die = svg.querySelector(`[data-die="${CSS.escape(line.data.die)}"] [data-piece]`)
        ?? svg.querySelector(`[data-die="${CSS.escape(line.data.die)}"]`);
      if (!die) return null;
      const box = die.getBoundingClientRect();
      const face = h("span", { class: "gd-face" }, "");
      const token = h("span", { class: "gd-rolling", "data-die": line.data.die, "data-outcome": line.data.outcome,
        style: `left:${box.left - origin.left}px;top:${box.top - origin.top}px;width:${box.width}px;height:${box.height}px` }, face);
      stage.append(token);
      return { token, face, line };
    }).filter(Boolean);
    const time = quick ? 260 : 520;
    let k = 0;
    const spin = setInterval(() => {
      k += 1;
      flights.forEach((f, i) => (f.face.textContent = TUMBLE[(k + 3 * i) % TUMBLE.length]));
    }, 70);
    await Promise.all(flights.map((f, i) => f.token.animate(
      [{ transform: "rotate(0deg) scale(1.25)" }, { transform: `rotate(${i % 2 ? -720 : 720}deg) scale(1)` }],
      { duration: time, easing: "cubic-bezier(.2,.7,.3,1)" },
    ).finished.catch(() => null)));
    clearInterval(spin);
    for (const f of flights) {
      f.face.textContent = pick(f.line.data.mark);
      f.token.classList.add("landed");
    }
    await pause(quick ? 120 : 280);
  }

  async function before(previous, next, svg) {
    const fresh = next.history.slice(previous.history.length);
    if (!fresh.length) return;
    const all = steps(fresh);
    const quick = all.length > 3;
    for (const step of all) {
      shout(step.calls, step.said);
      if (reducedMotion()) continue;
      if (step.rolls.length) await roll(step.rolls, svg, quick);
      else if (step.said) await pause(quick ? 150 : 300);
    }
  }

  function after() {
    stage.replaceChildren();
  }

  return { actions, status, hint, before, after };
}
