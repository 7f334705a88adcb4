// The board for the keyboard and for screen readers (docs/play.md, "Keyboard and screen readers").
// Every cell of the board is a button in one Tab stop (roving tabindex): the arrow keys move
// between all of them by direction on the screen, Enter or Space chooses (the table acts), Escape
// puts a picked piece back. A cell is named by the game's words for it when the game says its
// board in words (the frame's `board_words.cells`: the cell's name and all it holds — 「c3：赤の3、
// 下に白の2」), else by its name as players read it and the piece on it; then by what choosing it does
// now — 「動かせる」, 「選択中」, 「ここに行ける」 / "can move", "selected", "move here" (a cell that says
// none of these cannot be chosen now; it can still be pressed, which puts a picked piece back). The
// focused cell gets a ring drawn above the pieces, so that no piece hides it.

import { allCells, cellEl, pieceAt } from "./board.js";
import { pick, t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/** What a visible `<text>` of an element reads (texts hidden by the page's language left out). */
function visibleText(el) {
  return [...el.querySelectorAll("text")]
    .filter((text) => getComputedStyle(text).display !== "none")
    .map((text) => text.textContent.trim())
    .filter(Boolean)
    .join(" ");
}

/** A cell's name as players read it. */
export function cellName(cell) {
  return cell.dataset.name || visibleText(cell) || cell.dataset.cell;
}

function centre(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** The keyboard and screen-reader layer of the board in `boardEl`. `nameOf(seat)` names a seat;
 * `words(cell)` gives the game's words for a cell ({ja, en}), or null. */
export function boardAccess(boardEl, { nameOf, activate, deselect, words = () => null }) {
  let svg = null;
  let current = null; // the cell name in the Tab order

  /** The cells that can be chosen now: the pieces that can move and, once one is picked, that
   * piece and where it can go (or where a piece waiting beside the board can be put). */
  const actionable = (cell) => ["movable", "selected", "legal"].some((c) => cell.classList.contains(c));

  function label(cell) {
    const said = pick(words(cell.dataset.cell));
    let what = said;
    if (!said) {
      const owner = pieceAt(svg, cell.dataset.cell)?.dataset.piece;
      what = [cellName(cell), owner ? t("cell.piece", { color: nameOf(owner) }) : ""].filter(Boolean).join(", ");
    }
    const picked = svg.querySelector("[data-cell].selected");
    const placed = cell.dataset.placed ? t("cell.placed", { value: cell.dataset.placed }) : "";
    let now = "";
    if (cell.classList.contains("selected")) now = t("cell.selected");
    else if (cell.classList.contains("legal")) now = t(picked ? "cell.target" : "cell.put");
    else if (cell.classList.contains("movable")) now = t("cell.movable");
    return [what, placed, now].filter(Boolean).join(t("cell.sep"));
  }

  /** Name every cell and put one of them in the Tab order (the picked piece, else the one the
   * keyboard was last on, else the first that can be chosen, else the first); when the keyboard
   * was on the board before it was drawn again, it stays there. */
  function update(board) {
    const stay = boardEl.contains(document.activeElement)
      || (onBoard && (document.activeElement === document.body || !document.activeElement));
    svg = board;
    if (!svg) return;
    svg.setAttribute("role", "group");
    const cells = allCells(svg);
    for (const cell of cells) {
      cell.setAttribute("role", "button");
      cell.setAttribute("aria-label", label(cell));
    }
    outOfTabOrder(cells);
    const keep = cells.find((c) => c.classList.contains("selected")) ?? cells.find((c) => c.dataset.cell === current)
      ?? cells.find(actionable) ?? cells[0];
    keep?.setAttribute("tabindex", "0"); // (`current` follows the keyboard only: the same frame, the same board)
    if (stay && keep && document.activeElement !== keep) keep.focus();
  }

  let onBoard = false; // the keyboard is on the board (kept while the board is drawn again)

  /** Take `cells` out of the Tab order: the ones that can be chosen now stay focusable
   * (tabindex -1), the others are focusable only while the keyboard is on them — so that a tap's
   * touch adjustment, which snaps to focusable things, still snaps to a cell that can be chosen. */
  function outOfTabOrder(cells) {
    for (const cell of cells) {
      if (actionable(cell)) cell.setAttribute("tabindex", "-1");
      else cell.removeAttribute("tabindex");
    }
  }

  /** Focus a cell by name (after choosing, the selected piece stays under the keyboard). */
  function focus(name) {
    const cell = cellEl(svg, name);
    if (!cell || !cell.hasAttribute("role")) return;
    outOfTabOrder(allCells(svg));
    cell.setAttribute("tabindex", "0");
    current = name;
    cell.focus();
  }

  /** The cell nearest in the direction (dx, dy) on the screen from `from`. */
  function neighbour(from, dx, dy) {
    const a = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const cell of allCells(svg)) {
      if (cell === from) continue;
      const b = centre(cell);
      const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
      const across = Math.abs((b.x - a.x) * dy - (b.y - a.y) * dx);
      if (along <= 0.5 || across > 2 * along) continue; // within about 63° of the arrow
      // the next row before a cell two rows on, a cell of the same row before one of the next
      // (a hexagonal board's arrows keep to its rows, a square board's to its ranks and files)
      const score = along + across;
      if (score < bestScore) [best, bestScore] = [cell, score];
    }
    return best;
  }

  function ring(cell) {
    svg?.querySelector(".focus-ring")?.remove();
    if (!cell) return;
    const piece = pieceAt(svg, cell.dataset.cell);
    const box = (piece ?? cell).getBBox();
    const own = cell.getBBox();
    const toSvg = svg.getScreenCTM()?.inverse().multiply(cell.getScreenCTM());
    const point = new DOMPoint(own.x + own.width / 2, own.y + own.height / 2);
    const c = toSvg ? point.matrixTransform(toSvg) : point;
    const r = Math.max(box.width, box.height, own.width, own.height) / 2 + 3;
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "focus-ring");
    g.setAttribute("aria-hidden", "true");
    for (const cls of ["outer", "inner"]) {
      const circle = document.createElementNS(SVG_NS, "circle");
      for (const [k, v] of Object.entries({ class: cls, cx: c.x.toFixed(1), cy: c.y.toFixed(1), r: r.toFixed(1) })) {
        circle.setAttribute(k, v);
      }
      g.append(circle);
    }
    svg.append(g);
  }

  boardEl.addEventListener("focusin", (event) => {
    const cell = event.target.closest?.("[data-cell]");
    onBoard = Boolean(cell);
    if (cell) current = cell.dataset.cell;
    ring(cell && event.target.matches(":focus-visible") ? cell : null);
  });
  boardEl.addEventListener("focusout", (event) => {
    if (boardEl.contains(event.relatedTarget)) return;
    ring(null);
    if (event.relatedTarget) onBoard = false; // (none: the focused cell was drawn again)
  });
  boardEl.addEventListener("keydown", (event) => {
    const cell = event.target.closest?.("[data-cell]");
    if (!cell) {
      if (event.key === "Escape") deselect();
      return;
    }
    if (ARROWS[event.key]) {
      event.preventDefault();
      const next = neighbour(cell, ...ARROWS[event.key]);
      if (next) focus(next.dataset.cell);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(cell.dataset.cell);
    } else if (event.key === "Escape") {
      deselect();
    }
  });

  return { update, focus };
}
