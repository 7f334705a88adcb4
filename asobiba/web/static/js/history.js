// @ts-check
// How the moves of a game read in the move list (table and replay): in the game's own words
// (its descriptor's `move_words`, sent with each line as `words`, with the call-out players shout
// as `callout`), else by its notation. The page reads nothing out of a notation.

import { lang, pick } from "./i18n.js";

/** One line of the move list; `nameOf(seat)` names a seat in the page's language. */
/**
 * @param {{player: number | "chance", notation: string, words?: {ja: string, en: string},
 *   callout?: {ja: string, en: string}}} line
 * @param {(seat: number) => string} nameOf
 * @returns {string}
 */
export function historyText(line, nameOf) {
  if (line.words) {
    const call = pick(line.callout);
    const said = `${call ? (lang() === "ja" ? `「${call}」` : `“${call}” `) : ""}${pick(line.words)}`;
    return line.player === "chance" ? said : `${nameOf(line.player)}  ${said}`;
  }
  return line.player === "chance" ? line.notation : `${nameOf(line.player)}  ${line.notation}`;
}

/** The dice each seat rolled at the opening, when the game's words for a chance line carry them
 * (`data.rolls`: [{player, values}], `data.first`); else no rolls. */
/**
 * @param {{player: number | "chance", data?: {rolls?: unknown[], first?: unknown}}[]} history
 * @returns {{rolls: unknown[], first: unknown}}
 */
export function openingRoll(history) {
  const line = history.find((e) => e.player === "chance" && Array.isArray(e.data?.rolls));
  return { rolls: line?.data?.rolls ?? [], first: line?.data?.first ?? null };
}
