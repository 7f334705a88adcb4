// A piece style that does not depend on colour (docs/play.md, "Colour vision"): every piece carries
// a shape for its seat — ▲ for the first seat, ■ the second, ◆ the third, ● the fourth, ★ and ✚
// beyond — and so do the seat chips beside the board and in the lobby, so that players who tell red
// from green (or blue from green) badly, or print the board in grey, see whose piece is whose with
// no setting: the shapes are on unless a person turns them off with the switch labelled in words
// (`piece-style`, 「駒の形：あり」 / "Shapes: on"). Round pieces carry the shape in their middle; square
// ones (dice) in their bottom left corner, clear of their pips, marks and badges. The choice is
// remembered in localStorage.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";

const KEY = "asobiba.pieces";
const NS = "http://www.w3.org/2000/svg";

/** The shape of each seat, by its place in the game's seat order: a path on a unit square
 * centred on 0, 0, and the character the seat chips show. */
export const SHAPES = [
  { glyph: "▲", d: "M0 -0.5L0.5 0.4H-0.5z" },
  { glyph: "■", d: "M-0.4 -0.4H0.4V0.4H-0.4z" },
  { glyph: "◆", d: "M0 -0.52L0.52 0L0 0.52L-0.52 0z" },
  { glyph: "●", d: "M-0.42 0a0.42 0.42 0 1 0 0.84 0a0.42 0.42 0 1 0 -0.84 0z" },
  { glyph: "★", d: "M0 -0.52L0.15 -0.16L0.5 -0.16L0.22 0.06L0.32 0.45L0 0.22L-0.32 0.45L-0.22 0.06L-0.5 -0.16L-0.15 -0.16z" },
  { glyph: "✚", d: "M-0.15 -0.5H0.15V-0.15H0.5V0.15H0.15V0.5H-0.15V0.15H-0.5V-0.15H-0.15z" },
];

/** Whether the pieces carry shapes: yes unless a person turned them off. */
export function shapesOn() {
  return localStorage.getItem(KEY) !== "colours";
}

export function setShapes(on) {
  localStorage.setItem(KEY, on ? "shapes" : "colours");
}

/** The switch of the piece style, named in words (its state in `aria-pressed` and in its text);
 * `changed()` is called after a press. Call `render()` again when the language changes. */
export function pieceStyleSwitch(changed = () => {}) {
  const button = h("button", { type: "button", class: "tool labelled", "data-action": "piece-style" });
  function render() {
    const on = shapesOn();
    button.replaceChildren(icon("shapes"), h("span", {}, t(on ? "tools.shapesOn" : "tools.shapesOff")));
    button.setAttribute("aria-pressed", String(on));
    button.title = t("tools.pieces");
  }
  button.addEventListener("click", () => {
    setShapes(!shapesOn());
    render();
    changed();
  });
  render();
  return { el: button, render };
}

/** The shape of a seat (by name) among `players`, or null. */
export function shapeOf(players, seat) {
  const i = players?.indexOf(seat) ?? -1;
  return i >= 0 ? SHAPES[i % SHAPES.length] : null;
}

function shapeEl(shape, x, y, size) {
  const path = document.createElementNS(NS, "path");
  path.setAttribute("class", "piece-shape");
  path.setAttribute("d", shape.d);
  path.setAttribute("aria-hidden", "true");
  path.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${size.toFixed(2)})`);
  path.setAttribute("stroke-width", (1.6 / size).toFixed(3));
  return path;
}

/** Put (or take away) the shapes on the pieces of `svg`; `players`: the seat order. A round
 * piece that is a single element becomes a group, so the shape moves with it. */
export function markPieces(svg, players) {
  if (!svg) return;
  svg.querySelectorAll(".piece-shape").forEach((el) => el.remove());
  if (!shapesOn()) return;
  for (let piece of svg.querySelectorAll("[data-piece]")) {
    const shape = shapeOf(players, piece.dataset.piece);
    if (!shape) continue;
    const box = piece.getBBox();
    if (!box.width) continue;
    const round = piece.tagName === "circle" || piece.firstElementChild?.tagName === "circle";
    if (piece.tagName === "circle") piece = wrap(piece);
    const size = Math.min(box.width, box.height);
    const mark = round
      ? shapeEl(shape, box.x + box.width / 2, box.y + box.height / 2, size * 0.55)
      : shapeEl(shape, box.x + size * 0.2, box.y + box.height - size * 0.2, size * 0.3); // bottom left: no pip, mark or badge there
    piece.append(mark);
  }
}

/** A single-element piece wrapped in a group that takes over its data and class. */
function wrap(piece) {
  const group = document.createElementNS(NS, "g");
  for (const attr of ["class", "data-piece", "data-king", "data-stack", "data-level"]) {
    if (piece.hasAttribute(attr)) group.setAttribute(attr, piece.getAttribute(attr));
  }
  piece.removeAttribute("data-piece");
  piece.replaceWith(group);
  group.append(piece);
  return group;
}
