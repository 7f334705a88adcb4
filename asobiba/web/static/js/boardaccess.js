// The board for the keyboard and for screen readers (docs/play.md, "Playing at the table").
// The cells a player can act on now (pieces that can move, or the selected piece and where it can
// go) are buttons named as players read them — the game's own cell name (`data-name`, else the
// cell's visible text, else its `data-cell`), then what stands there or what choosing it does:
// "a1, 赤の駒", "a1に行ける". One of them is in the Tab order (roving tabindex); the arrow keys move
// between them by direction on the screen, Enter or Space chooses (the table acts), Escape puts a
// picked piece back. The
// focused cell gets a ring drawn above the pieces, so that no piece hides it.

import { allCells, cellEl, pieceAt } from "./board.js";
import { t } from "./i18n.js";

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

/** The keyboard and screen-reader layer of the board in `boardEl`. `nameOf(seat)` names a seat. */
export function boardAccess(boardEl, { nameOf, activate, deselect }) {
  let svg = null;
  let current = null; // the cell name in the Tab order

  /** The cells the arrows move between: the pieces that can move, or — once one is picked —
   * that piece and where it can go (Escape puts it back). */
  function actionable() {
    if (!svg) return [];
    const picked = svg.querySelector("[data-cell].selected");
    return [...svg.querySelectorAll(picked ? "[data-cell].selected, [data-cell].legal" : "[data-cell].movable")];
  }

  function label(cell) {
    const name = cellName(cell);
    if (cell.classList.contains("legal")) return t("cell.target", { cell: name });
    const piece = pieceAt(svg, cell.dataset.cell);
    const owner = piece?.dataset.piece;
    const what = owner ? t("cell.piece", { color: nameOf(owner) }) : "";
    const state = cell.classList.contains("selected") ? t("cell.selected") : "";
    return [name, what, state].filter(Boolean).join(", ");
  }

  /** Name the cells a player can act on now and put one of them in the Tab order; when the
   * keyboard was on the board before it was drawn again, it stays there. */
  function update(board) {
    const stay = boardEl.contains(document.activeElement)
      || (onBoard && (document.activeElement === document.body || !document.activeElement));
    svg = board;
    if (!svg) return;
    svg.setAttribute("role", "group");
    for (const cell of allCells(svg)) {
      for (const attr of ["tabindex", "role", "aria-label"]) cell.removeAttribute(attr);
    }
    const cells = actionable();
    for (const cell of cells) {
      cell.setAttribute("role", "button");
      cell.setAttribute("tabindex", "-1");
      cell.setAttribute("aria-label", label(cell));
    }
    const keep = cells.find((c) => c.dataset.cell === current) ?? cells.find((c) => c.classList.contains("selected"))
      ?? cells[0];
    current = keep?.dataset.cell ?? current;
    keep?.setAttribute("tabindex", "0");
    if (stay && keep && document.activeElement !== keep) keep.focus();
  }

  let onBoard = false; // the keyboard is on the board (kept while the board is drawn again)

  /** Focus a cell by name (after choosing, the selected piece stays under the keyboard). */
  function focus(name) {
    const cell = cellEl(svg, name);
    if (!cell || !cell.hasAttribute("tabindex")) return;
    for (const other of actionable()) other.setAttribute("tabindex", "-1");
    cell.setAttribute("tabindex", "0");
    current = name;
    cell.focus();
  }

  /** The actionable cell nearest in the direction (dx, dy) on the screen from `from`. */
  function neighbour(from, dx, dy) {
    const a = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const cell of actionable()) {
      if (cell === from) continue;
      const b = centre(cell);
      const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
      const across = Math.abs((b.x - a.x) * dy - (b.y - a.y) * dx);
      if (along <= 0.5 || across > 2 * along) continue; // within about 63° of the arrow
      const score = along + 2 * across;
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
