// The move list beside the board: every move in words (history.js), the last one marked; a move
// pointed at (mouse) or tapped is shown on the board as a ringed trail (board.js drawMove), its
// cells read from that move's replay frame once and kept.

import { getJSON } from "./api.js";
import { clearMove, drawMove } from "./board.js";
import { clear, h } from "./dom.js";
import { historyText } from "./history.js";
import { t } from "./i18n.js";

/** The move list of the game `gameId`; `board()` is the board's SVG now, `nameOf(seat)` names a
 * seat. */
export function moveList({ gameId, board, nameOf }) {
  let view = null;
  let pinned = null; // the ply of the move tapped to show it on the board
  let ticket = 0;
  const cells = new Map(); // "ply notation" → that move's {from, to, path}
  const list = h("ol", { class: "moves", "data-role": "moves" });
  const title = h("h2", { class: "moves-title", id: "moves-title" });
  const el = h("div", { class: "moves-wrap", tabindex: "0", role: "region", "aria-labelledby": "moves-title" },
    title, list);

  /** The cells of the move of the list at `ply` ({from, to, path}; null for chance). */
  function cellsOf(ply) {
    const line = view.history[ply];
    if (!line || line.player === "chance") return Promise.resolve(null);
    if (ply === view.plies - 1) return Promise.resolve(view.last);
    const key = `${ply} ${line.notation}`;
    if (!cells.has(key)) {
      cells.set(key, getJSON(`/api/games/${gameId}/frames/${ply + 1}`).then((f) => f.last, () => null));
    }
    return cells.get(key);
  }

  /** Show the move of the list at `ply` on the board (default: the tapped one, if any). */
  async function peek(ply = pinned) {
    const mine = ++ticket;
    list.querySelectorAll("li").forEach((li) => li.classList.toggle("peeked", Number(li.dataset.ply) === ply));
    const move = ply === null || !view ? null : await cellsOf(ply);
    if (mine !== ticket) return; // another move was pointed at meanwhile
    if (move) drawMove(board(), move, "peek", { rings: true });
    else clearMove(board(), "peek");
  }

  /** Draw the list of `next` (a state frame). */
  function render(next) {
    view = next;
    title.textContent = t("moves.title");
    clear(list).append(
      ...view.history.map((line, i) =>
        h("li", {
          class: [i === view.history.length - 1 ? "last" : "", line.ply === pinned ? "peeked" : ""].join(" ").trim(),
          "data-player": line.player,
          "data-ply": line.ply,
          onpointerenter: (e) => e.pointerType === "mouse" && peek(line.ply),
          onpointerleave: (e) => e.pointerType === "mouse" && peek(),
          onclick: () => {
            pinned = pinned === line.ply ? null : line.ply;
            peek();
          },
        }, historyText(line, nameOf)),
      ),
    );
    el.scrollTop = el.scrollHeight;
  }

  return { el, render, peek };
}
