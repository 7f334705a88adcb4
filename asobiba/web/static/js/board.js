// The board: server-rendered SVG (each game's render_svg) put into the page. Cells are found by
// their data-cell name; the page only toggles classes on them (legal, selected, hint, movable)
// and animates a piece along a move's path before the next board replaces this one.

const SVG_NS = "http://www.w3.org/2000/svg";

export function mountSvg(container, svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.classList.add("board-svg");
  container.replaceChildren(svg);
  return svg;
}

export function cellEl(svg, name) {
  return svg?.querySelector(`[data-cell="${CSS.escape(name)}"]`) ?? null;
}

export function allCells(svg) {
  return svg ? [...svg.querySelectorAll("[data-cell]")] : [];
}

export function clearMarks(svg, ...classes) {
  for (const cls of classes) {
    svg?.querySelectorAll(`.${cls}`).forEach((el) => el.classList.remove(cls));
  }
}

export function mark(svg, names, cls) {
  for (const name of names) cellEl(svg, name)?.classList.add(cls);
}

/** Give the piece standing on `cellName` (if any) the class `cls` (pieces cover their cells). */
export function markPiece(svg, cellName, cls) {
  pieceAt(svg, cellName)?.classList.add(cls);
}

function centre(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** The piece element standing on a cell: the top of a stack when the board marks stacks
 * (`data-stack` + `data-level`, Dice Out), else the topmost [data-piece] nearest the cell centre. */
export function pieceAt(svg, cellName) {
  const stack = [...svg.querySelectorAll(`[data-piece][data-stack="${CSS.escape(cellName)}"]`)];
  if (stack.length) {
    return stack.reduce((a, b) => (Number(b.dataset.level) > Number(a.dataset.level) ? b : a));
  }
  const cell = cellEl(svg, cellName);
  if (!cell) return null;
  const c = centre(cell);
  const size = cell.getBoundingClientRect().width || 1;
  let best = null;
  let bestDist = Infinity;
  for (const piece of svg.querySelectorAll("[data-piece]")) {
    const p = centre(piece);
    const d = Math.hypot(p.x - c.x, p.y - c.y);
    if (d <= bestDist + 0.5 && d < size) {
      best = piece;
      bestDist = Math.min(d, bestDist);
    }
  }
  return best;
}

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** Move the piece on path[0] hop by hop through path[1..] (screen units → SVG user units). */
export async function animatePath(svg, path, msPerHop = 190) {
  if (!svg || !path || path.length < 2 || reducedMotion()) return;
  const piece = pieceAt(svg, path[0]);
  if (!piece) return;
  const ctm = svg.getScreenCTM();
  const scale = ctm ? ctm.a : 1;
  const start = centre(cellEl(svg, path[0]));
  piece.parentNode.appendChild(piece); // on top of everything in its layer
  piece.style.pointerEvents = "none";
  let from = { x: 0, y: 0 };
  for (const name of path.slice(1)) {
    const cell = cellEl(svg, name);
    if (!cell) return;
    const c = centre(cell);
    const to = { x: (c.x - start.x) / scale, y: (c.y - start.y) / scale };
    const lift = path.length > 2 ? 1.18 : 1.08;
    const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    const anim = piece.animate(
      [
        { transform: `translate(${from.x}px, ${from.y}px) scale(1)` },
        { transform: `translate(${mid.x}px, ${mid.y}px) scale(${lift})`, offset: 0.5 },
        { transform: `translate(${to.x}px, ${to.y}px) scale(1)` },
      ],
      { duration: msPerHop, easing: "ease-in-out", fill: "forwards" },
    );
    piece.style.transformBox = "fill-box";
    piece.style.transformOrigin = "center";
    await anim.finished;
    from = to;
  }
}

/** A small SVG die face showing `value` pips (for the Dice Out opening roll). */
export function dieFace(value, color) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 30 30");
  svg.setAttribute("class", `roll-die roll-die-${color}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", String(value));
  const rect = document.createElementNS(SVG_NS, "rect");
  Object.entries({ x: 1.5, y: 1.5, width: 27, height: 27, rx: 6 }).forEach(([k, v]) =>
    rect.setAttribute(k, v),
  );
  svg.append(rect);
  const spots = { 1: [[15, 15]], 2: [[9, 9], [21, 21]], 3: [[8, 8], [15, 15], [22, 22]] }[value] ?? [];
  for (const [x, y] of spots) {
    const pip = document.createElementNS(SVG_NS, "circle");
    pip.setAttribute("cx", x);
    pip.setAttribute("cy", y);
    pip.setAttribute("r", 3);
    svg.append(pip);
  }
  return svg;
}
