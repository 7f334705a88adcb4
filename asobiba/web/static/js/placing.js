// Arranging a move that puts pieces onto the board: the person's legal moves that carry `drops`
// ([{cell, value}], e.g. setting the rolled dice on their squares; docs/protocol.md). The pieces wait
// beside the board in a tray; the person picks one and then a highlighted cell (or drags it
// there, or types the values in order), sees the arrangement on the board as it grows, and
// confirms it: that plays the legal move whose drops match. A hint's arrangement is shown on the
// board and can be taken over. Nothing here knows a game: cells, values and moves come from the
// state frame.

import { cellEl } from "./board.js";
import { boardDie, dieFace } from "./dice.js";
import { h } from "./dom.js";
import { dragToCell } from "./drag.js";
import { t } from "./i18n.js";

/** `play(move)` sends the chosen move; `changed()` is called when the arrangement changes. */
export function placingDesk(play, changed) {
  let moves = []; // the legal moves that put pieces on the board
  let ply = null; // the position they belong to
  let seat = null; // who places
  let pieces = []; // the values waiting, smallest first
  let cells = []; // where they go, in the order of the moves' drops
  let at = new Map(); // cell → index into pieces
  let picked = null; // index of the piece in hand
  let hinted = []; // a hint's drops
  let sent = false; // confirmed: the arrangement stays on show until the next position
  let svg = null;

  const placed = (i) => [...at.values()].includes(i);
  const free = () => pieces.map((_, i) => i).filter((i) => !placed(i));
  const emptyCells = () => cells.filter((c) => !at.has(c));

  /** The legal move the arrangement makes, once every cell has its piece. */
  function chosen() {
    if (at.size !== cells.length) return null;
    return moves.find((m) => m.drops.every((d) => at.has(d.cell) && pieces[at.get(d.cell)] === d.value)) ?? null;
  }

  function reset() {
    at = new Map();
    picked = null;
    hinted = [];
    sent = false;
  }

  function update(view) {
    const mine = view.status === "playing" && view.turn === "human" ? view.legal.filter((m) => m.drops?.length) : [];
    const same = ply === view.plies && mine.map((m) => m.notation).join() === moves.map((m) => m.notation).join();
    if (!mine.length && ply === view.plies && sent) return; // waiting for the position it makes
    if (!same) reset();
    moves = mine;
    ply = view.plies;
    seat = mine.length ? view.to_move : null;
    pieces = mine.length ? mine[0].drops.map((d) => d.value).sort((a, b) => a - b) : [];
    cells = mine.length ? [...new Set(mine[0].drops.map((d) => d.cell))] : [];
  }

  const active = () => moves.length > 0 && !sent;

  // -- what the person does ---------------------------------------------------------------------
  function pickPiece(i) {
    if (!active()) return;
    for (const [cell, j] of at) if (j === i) at.delete(cell);
    picked = picked === i ? null : i;
    changed();
  }

  /** Put the piece in hand (or the first waiting one) on `cell`; with nothing in hand, a piece
   * already there is taken up instead. A piece the cell held goes back to the tray. */
  function putOn(cell, piece = picked) {
    if (!active() || !cells.includes(cell)) return false;
    if (piece === null && at.has(cell)) {
      picked = at.get(cell);
      at.delete(cell);
    } else {
      const i = piece ?? free()[0];
      if (i === undefined) return true;
      for (const [c, j] of at) if (j === i) at.delete(c);
      at.set(cell, i);
      picked = null;
    }
    changed();
    return true;
  }

  /** A typed value goes on the first empty cell. */
  function type(value) {
    const i = picked !== null && pieces[picked] === value ? picked : free().find((j) => pieces[j] === value);
    const cell = emptyCells()[0];
    if (i === undefined || cell === undefined) return false;
    return putOn(cell, i);
  }

  function takeBack() {
    const cell = cells.filter((c) => at.has(c)).at(-1);
    if (cell === undefined) return false;
    at.delete(cell);
    changed();
    return true;
  }

  function clearAll() {
    at = new Map();
    picked = null;
    changed();
  }

  function useHint() {
    at = new Map();
    for (const drop of hinted) {
      const i = free().find((j) => pieces[j] === drop.value);
      if (i !== undefined) at.set(drop.cell, i);
    }
    picked = null;
    changed();
  }

  function confirm() {
    const move = chosen();
    if (!move || !active()) return false;
    sent = true;
    play(move);
    changed();
    return true;
  }

  /** Keys while arranging: a value puts a piece, Backspace takes the last back, Enter confirms,
   * Escape empties the hand. True when the key was used. */
  function key(event) {
    if (!active()) return false;
    if (/^[1-9]$/.test(event.key)) return type(Number(event.key));
    if (event.key === "Backspace") return takeBack();
    if (event.key === "Enter" && !event.target.closest?.("button, a, [data-cell]")) return confirm();
    if (event.key === "Escape" && picked !== null) {
      picked = null;
      changed();
      return true;
    }
    return false;
  }

  // -- what the person sees ---------------------------------------------------------------------
  /** The arrangement (and a hint's) on the board `board`; its target cells marked `legal`. */
  function draw(board) {
    svg = board;
    if (!svg) return;
    svg.querySelector("g.placing")?.remove();
    const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
    layer.setAttribute("class", "placing");
    for (const name of cells) {
      const cell = cellEl(svg, name);
      if (!cell) continue;
      cell.classList.toggle("legal", active());
      cell.classList.toggle("hint", hinted.some((d) => d.cell === name));
      if (at.has(name)) cell.dataset.placed = pieces[at.get(name)]; // said in the cell's name (boardaccess.js)
      else delete cell.dataset.placed;
      if (at.has(name)) layer.append(boardDie(svg, cell, pieces[at.get(name)], seat, "tentative"));
      else if (active()) {
        const hint = hinted.find((d) => d.cell === name);
        if (hint) layer.append(boardDie(svg, cell, hint.value, seat, "hint-die"));
      }
    }
    if (layer.childNodes.length) svg.append(layer);
  }

  /** The mover's row of pieces beside the board (null for any other seat). */
  function tray(rowSeat, nameOf) {
    if (rowSeat !== seat || !pieces.length) return null;
    return h(
      "div",
      { class: "roll tray", "data-player": seat, "data-role": "tray" },
      h("span", { class: "roll-name" }, nameOf(seat)),
      pieces.map((value, i) => {
        const cls = ["tray-die", placed(i) ? "placed" : "", picked === i ? "picked" : ""].join(" ").trim();
        const button = h(
          "button",
          { type: "button", class: cls, "data-value": value, "aria-pressed": String(picked === i),
            "aria-label": t("place.die", { value }), disabled: !active(), onclick: () => pickPiece(i) },
          dieFace(value, seat),
        );
        dragToCell(button, (cell) => putOn(cell, i));
        return button;
      }),
    );
  }

  /** How to arrange, and the buttons to confirm and to start over. */
  function controls() {
    if (!active()) return null;
    const move = chosen();
    return h(
      "div",
      { class: "placing-controls" },
      h("p", { class: "muted" }, t("place.help", { example: pieces.join(" ") })),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", class: "primary", "data-action": "place", "data-move": move?.notation,
          disabled: !move, onclick: confirm }, t("place.confirm")),
        h("button", { type: "button", "data-action": "clear-placing", disabled: !at.size, onclick: clearAll },
          t("place.clear")),
      ),
    );
  }

  /** Where the page shows the piece standing on `cell` (screen point), or null. */
  function origin(cell) {
    const die = svg?.querySelector(`g.placing [data-die="${CSS.escape(cell)}"]`);
    if (!die) return null;
    const box = die.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }

  return {
    update,
    draw,
    tray,
    controls,
    key,
    origin,
    useHint,
    /** Whether the person is arranging now. */
    active,
    /** The person clicked (or pressed Enter on) a cell; true when it was for the arrangement. */
    cell: (name) => active() && putOn(name),
    /** Show a hint's drops (those of a move of this position) on the board. */
    hint(drops) {
      hinted = active() ? drops ?? [] : [];
      changed();
    },
  };
}
