// Dice drawn by the page: faces beside the board (the opening roll, the dice waiting to be placed)
// and dice standing on a board cell while a person arranges them. Faces 1–6; the seat's colour
// comes from the stylesheet (class `roll-die-<seat>`).

const SVG_NS = "http://www.w3.org/2000/svg";

const PIPS = {
  1: [[15, 15]],
  2: [[9, 9], [21, 21]],
  3: [[8, 8], [15, 15], [22, 22]],
  4: [[9, 9], [21, 9], [9, 21], [21, 21]],
  5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
  6: [[9, 8], [21, 8], [9, 15], [21, 15], [9, 22], [21, 22]],
};

function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

/** The body and pips of a die showing `value`, in a 30 × 30 box. */
function dieShape(value) {
  return [
    svgEl("rect", { x: 1.5, y: 1.5, width: 27, height: 27, rx: 6 }),
    ...(PIPS[value] ?? []).map(([cx, cy]) => svgEl("circle", { cx, cy, r: 3 })),
  ];
}

/** A small die face showing `value` in `seat`'s colour, for the page beside the board. */
export function dieFace(value, seat) {
  const svg = svgEl("svg", { viewBox: "0 0 30 30", class: `roll-die roll-die-${seat}`, role: "img",
    "aria-label": String(value) });
  svg.append(...dieShape(value));
  return svg;
}

/** A die showing `value` drawn into the board `svg` over `cell` (an element of it), in the
 * middle of the cell and about as large as the board's own dice; `cls` says what it is
 * (e.g. "tentative", "hint-die"). */
export function boardDie(svg, cell, value, seat, cls) {
  const toBoard = svg.getScreenCTM().inverse();
  const box = cell.getBoundingClientRect();
  const a = new DOMPoint(box.left, box.top).matrixTransform(toBoard);
  const b = new DOMPoint(box.right, box.bottom).matrixTransform(toBoard);
  const size = 0.62 * Math.min(b.x - a.x, b.y - a.y);
  const x = (a.x + b.x - size) / 2;
  const y = (a.y + b.y - size) / 2;
  const g = svgEl("g", {
    class: `board-die roll-die-${seat} ${cls}`,
    transform: `translate(${x} ${y}) scale(${size / 30})`,
    "data-die": cell.dataset.cell,
    "data-value": String(value),
  });
  g.append(...dieShape(value));
  return g;
}
