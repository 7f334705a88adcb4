// The tab's title: what the page shows, first what matters most (e.g. "▶ Your turn"), so that a
// player in another tab sees it is their move (a table's title: setTableTitle).

import { pick, t } from "./i18n.js";
import { myTurn } from "./seatwords.js";

const BASE = "遊び場 asobiba";

export function setTitle(...parts) {
  document.title = [...parts.filter(Boolean), BASE].join(" · ");
}

/** The title of a table: whose turn it is first ("▶ Your turn", the colour to move, the computer
 * thinking, the game over), then the game's name; `nameOf(seat)` names a seat. */
export function setTableTitle(view, nameOf) {
  const name = pick(view.name);
  const color = nameOf(view.to_move);
  const alone = (view.you ?? []).length === 1;
  if (view.status === "finished") setTitle(t("title.over"), name);
  else if (view.turn === "human") setTitle(myTurn(view) && alone ? t("title.yourTurn") : t("title.turnOf", { color }), name);
  else if (view.turn === "computer") setTitle(t("title.thinking", { color }), name);
  else setTitle(name);
}
