// The board: server-rendered SVG (each game's render_svg) put into the page. Cells are found by
// their data-cell name; the page only toggles classes on them (legal, selected, hint, movable),
// animates a piece along a move's path before the next board replaces this one, and brings the
// pieces a move put on the board (its `drops`) in from where they waited once it is there. It
// draws one thing of its own: a move's trail through the cells of its path (the last move, or a
// move of the list pointed at), and it finds the cell nearest a tap, so that a finger need not hit
// a small hole exactly. A game whose picture is too wide for a phone held upright also sends it
// laid out narrow (`svg_narrow`), shown at such widths.

const upright = window.matchMedia?.("(max-width: 560px)");

/** The picture of a frame for this screen: its narrow layout (`svg_narrow`, when the game draws
 * one) on a phone held upright, else `svg`. */
export function boardPicture(frame) {
  return upright?.matches && frame.svg_narrow ? frame.svg_narrow : frame.svg;
}

/** Call `fn` when the screen turns between upright-phone width and wider; returns the undo. */
export function onPictureChange(fn) {
  upright?.addEventListener("change", fn);
  return () => upright?.removeEventListener("change", fn);
}

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

/** A distance on the screen (dx, dy) in the units of `el`'s own drawing (a turned board included). */
function toLocal(el, dx, dy) {
  const m = el.parentNode.getScreenCTM?.()?.inverse();
  return m ? { x: m.a * dx + m.c * dy, y: m.b * dx + m.d * dy } : { x: dx, y: dy };
}

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** Move the piece on path[0] hop by hop through path[1..] (screen units → SVG user units). */
export async function animatePath(svg, path, msPerHop = 190) {
  if (!svg || !path || path.length < 2 || reducedMotion()) return;
  const piece = pieceAt(svg, path[0]);
  if (!piece) return;
  const start = centre(cellEl(svg, path[0]));
  piece.parentNode.appendChild(piece); // on top of everything in its layer
  piece.style.pointerEvents = "none";
  let from = { x: 0, y: 0 };
  for (const name of path.slice(1)) {
    const cell = cellEl(svg, name);
    if (!cell) return;
    const c = centre(cell);
    const to = toLocal(piece, c.x - start.x, c.y - start.y);
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

/** Bring in the pieces a move put onto the board (`drops`: [{cell, value}]), standing on the
 * board just drawn: each flies from the screen point `startOf(drop, i)` gives (e.g. its die
 * beside the board), or drops in from above its cell when that gives null. */
export async function animateDrops(svg, drops, startOf, msPerPiece = 420) {
  if (!svg || !drops?.length || reducedMotion()) return;
  const flights = drops.map((drop, i) => {
    const piece = pieceAt(svg, drop.cell);
    if (!piece) return null;
    const end = centre(piece);
    const start = startOf(drop, i);
    const from = start
      ? { ...toLocal(piece, start.x - end.x, start.y - end.y), opacity: 1 }
      : { ...toLocal(piece, 0, -piece.getBoundingClientRect().height), opacity: 0 };
    piece.style.transformBox = "fill-box";
    piece.style.transformOrigin = "center";
    return piece.animate(
      [
        { transform: `translate(${from.x}px, ${from.y}px) scale(1.15)`, opacity: from.opacity },
        { transform: "translate(0px, 0px) scale(1)", opacity: 1 },
      ],
      { duration: msPerPiece, delay: i * 140, easing: "cubic-bezier(.3,.7,.4,1)", fill: "backwards" },
    ).finished;
  });
  svg.classList.add("flying"); // pieces come from outside the board
  await Promise.all(flights.filter(Boolean));
  svg.classList.remove("flying");
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** The cell a press at screen point (x, y) means: the nearest cell, when it is closer than three
 * quarters of the distance from that cell to its nearest neighbour (so every point between cells
 * belongs to one of them, and a press far off the cells to none). */
export function nearestCell(svg, x, y) {
  const centres = allCells(svg).map((cell) => ({ cell, ...centre(cell) }));
  let best = null;
  let bestDist = Infinity;
  for (const c of centres) {
    const d = Math.hypot(c.x - x, c.y - y);
    if (d < bestDist) [best, bestDist] = [c, d];
  }
  if (!best) return null;
  let spacing = Infinity;
  for (const c of centres) {
    if (c !== best) spacing = Math.min(spacing, Math.hypot(c.x - best.x, c.y - best.y));
  }
  return bestDist <= 0.75 * spacing ? best.cell : null;
}

/** The centre of an element in the units of `layer` (the SVG, or a group in it), wherever it is
 * nested. */
function userCentre(layer, el) {
  const box = el.getBBox();
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
  const toLayer = layer.getScreenCTM()?.inverse().multiply(el.getScreenCTM());
  return toLayer ? point.matrixTransform(toLayer) : point;
}

function userSize(el) {
  const box = el.getBBox();
  return Math.min(box.width, box.height);
}

function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** Take away the marks of `drawMove(svg, …, cls)`. */
export function clearMove(svg, cls) {
  svg?.querySelectorAll(`.move-mark.${cls}`).forEach((el) => el.remove());
  clearMarks(svg, `${cls}-from`, `${cls}-to`);
}

/** Mark a move ({from, to, path}) on the board: its start and end cells get the classes
 * `${cls}-from` and `${cls}-to`, and a faint trail runs through the cells of its path (under the
 * pieces; with `rings`, above them with a ring on its start and end; with `dots`, dotted). */
export function drawMove(svg, move, cls, { rings = false, dots = false } = {}) {
  clearMove(svg, cls);
  if (!svg || !move) return;
  if (move.from) cellEl(svg, move.from)?.classList.add(`${cls}-from`);
  if (move.to) cellEl(svg, move.to)?.classList.add(`${cls}-to`);
  const names = move.path?.length ? move.path : [move.from, move.to].filter(Boolean);
  const cells = names.map((name) => cellEl(svg, name));
  if (cells.length < 2 || cells.some((c) => !c)) return;
  // a trail under the pieces lies in the board's own drawing (turned with it, boardturn.js)
  const layer = rings ? svg : svg.querySelector(":scope > g.turned") ?? svg;
  const points = cells.map((c) => userCentre(layer, c));
  const size = userSize(cells[0]);
  const width = Math.min(size * 0.42, 10 / (svg.getScreenCTM()?.a || 1)); // at most 10 screen pixels
  const group = svgEl("g", { class: `move-mark ${cls}`, "aria-hidden": "true" });
  group.append(svgEl("polyline", {
    points: points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "),
    "stroke-width": width.toFixed(1),
    ...(dots ? { "stroke-dasharray": `0 ${(width * 1.9).toFixed(1)}` } : {}),
  }));
  for (const p of points.slice(1, -1)) {
    group.append(svgEl("circle", { class: "hop", cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: (width * 0.85).toFixed(1) }));
  }
  if (rings) {
    const radius = Math.max(size, userSize(pieceAt(svg, names.at(-1)) ?? cells.at(-1))) / 2 + width / 2;
    for (const [p, end] of [[points[0], "from"], [points.at(-1), "to"]]) {
      group.append(svgEl("circle", { class: `ring ring-${end}`, cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: radius.toFixed(1) }));
    }
    svg.append(group);
    return;
  }
  const firstPiece = layer.querySelector("[data-piece]");
  let under = firstPiece;
  while (under && under.parentNode !== layer) under = under.parentNode;
  layer.insertBefore(group, under ?? null);
}
