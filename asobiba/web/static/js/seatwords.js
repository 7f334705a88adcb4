// Who sits where, in words (table, result dialog, replay): a seat's holder ("you", "a friend",
// "the computer (normal)"), with the name a person gave their seat, whether this browser is to move, and a list of names as the page's
// language writes it.

import { lang, pick, t } from "./i18n.js";

/** Who holds seat `index`, as this browser sees it. */
export function seatLabel(view, index) {
  const seat = view.seats[index];
  const you = view.you ?? [];
  if (seat.type === "computer") {
    return t("seat.computer", { level: pick(view.levels?.[seat.level]) || seat.level });
  }
  if (seat.open) return t("seat.open");
  const who = you.includes(index) ? (you.length === 1 ? t("seat.human") : t("seat.person"))
    : you.length ? t("seat.friend") : t("seat.person");
  if (!seat.name) return who;
  return lang() === "ja" ? `${who}・${seat.name}` : `${who} · ${seat.name}`; // the name they gave (friends.js)
}

/** Whether this browser holds the seat to move. */
export function myTurn(view) {
  return view.turn === "human" && (view.you ?? []).includes(view.players.indexOf(view.to_move));
}

/** Names as a list in the page's language: 「黄・緑」, "Yellow and Green", "Red, Yellow and Green". */
export function listed(names) {
  if (lang() === "ja" || names.length < 2) return names.join("・");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Who resigned (a result's `resigned`: the names of the seats that resigned together), named by
 * `nameOf`: "Red resigned.", "Red and Yellow resigned." (「赤・黄が投了しました。」). */
export function resignedText(resigned, nameOf) {
  return t("result.resigned", { color: listed((resigned ?? []).map(nameOf)) });
}

/** Who won, the verb agreeing in English: "Yellow wins!", "Yellow and Green win!" (「黄・緑の勝ち！」). */
export function winnersText(names) {
  return t(names.length > 1 ? "result.winners" : "result.winner", { color: listed(names) });
}

/** Who won a game of the list, in the past: "Yellow won", "Yellow and Green won" (「黄・緑の勝ち」). */
export function wonText(names) {
  return t("games.winner", { color: listed(names) });
}
