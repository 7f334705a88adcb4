// How the moves of a game read in the move list (table and replay), and the opening roll a
// chance notation such as "roll red:1,3,3 white:1,2,3 first:red" (or "setup …") records.

import { pick, t } from "./i18n.js";

const ROLL_RE = /(\w+):(\d),(\d),(\d)/g;

/** An opening roll of three dice per seat from a chance notation: {rolls: [{player, values}],
 * first}; null for any other notation. */
export function parseSetup(notation) {
  if (!/^(roll|setup) /.test(notation ?? "")) return null;
  const rolls = [...notation.matchAll(ROLL_RE)].map((m) => ({
    player: m[1],
    values: [Number(m[2]), Number(m[3]), Number(m[4])],
  }));
  const first = /first:(\w+)/.exec(notation)?.[1] ?? null;
  return { rolls, first };
}

/** One line of the move list; `nameOf(seat)` names a seat in the page's language. A game that puts
 * its moves in words sends them (`words`), with the call-out players shout (`callout`). */
export function historyText(line, nameOf) {
  if (line.words) {
    const said = `${line.callout ? `「${line.callout}」` : ""}${pick(line.words)}`;
    return line.player === "chance" ? said : `${nameOf(line.player)}  ${said}`;
  }
  if (line.player === "chance") {
    const setup = parseSetup(line.notation);
    if (!setup) return line.notation;
    const rolls = setup.rolls.map((r) => `${nameOf(r.player)} ${r.values.join("")}`).join(" / ");
    return `${t("moves.setup")}: ${rolls}`;
  }
  return `${nameOf(line.player)}  ${line.notation}`;
}
