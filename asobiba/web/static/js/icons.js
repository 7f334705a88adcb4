// @ts-check
// Icons drawn as inline SVG (no icon font: the glyphs ⏮ ⏭ are missing from many systems' fonts).
// Each icon is a list of paths on a 24×24 grid, "f" filled or "s" stroked.

const NS = "http://www.w3.org/2000/svg";

/** @type {Record<string, [string, string][]>} */
const ICONS = {
  play: [["f", "M8 5v14l11-7z"]],
  pause: [["f", "M6.5 5h4v14h-4zM13.5 5h4v14h-4z"]],
  first: [["f", "M6 5h2.2v14H6z"], ["f", "M19 5.5v13L9.5 12z"]],
  prev: [["f", "M16.5 5.5v13L7 12z"]],
  next: [["f", "M7.5 5.5v13L17 12z"]],
  last: [["f", "M15.8 5H18v14h-2.2z"], ["f", "M5 5.5v13l9.5-6.5z"]],
  soundOn: [["f", "M3.5 9h4l5-4v14l-5-4h-4z"], ["s", "M15.5 8.8a4.5 4.5 0 0 1 0 6.4"], ["s", "M18 6.3a8 8 0 0 1 0 11.4"]],
  soundOff: [["f", "M3.5 9h4l5-4v14l-5-4h-4z"], ["s", "M16 9.5l5 5M21 9.5l-5 5"]],
  shapes: [["f", "M6.5 3.5l4 7h-8z"], ["f", "M14 4h6v6h-6z"], ["f", "M7 13.5l3.5 3.5L7 20.5L3.5 17z"],
    ["s", "M17 14a3 3 0 1 1 0 6a3 3 0 0 1 0-6z"]],
  turn: [["s", "M19 12a7 7 0 1 1-2.05-4.95"], ["f", "M20.5 3.5v6h-6z"]],
  coords: [["s", "M4 4.5h16v15H4z"], ["s", "M9.3 4.5v15M14.7 4.5v15M4 9.5h16M4 14.5h16"]],
  rematch: [["s", "M19 8.5A7.5 7.5 0 0 0 5.2 9.7"], ["f", "M20.5 4v6h-6z"],
    ["s", "M5 15.5a7.5 7.5 0 0 0 13.8 1.2"], ["f", "M3.5 20v-6h6z"]],
  missing: [["s", "M10.5 3.5a7 7 0 1 1 0 14a7 7 0 0 1 0-14zM15.5 15.5l5 5"], ["s", "M8 8l5 5M13 8l-5 5"]],
};

/** An inline SVG icon (decorative: the button around it carries the words). */
/** @param {string} name @returns {SVGSVGElement} */
export function icon(name) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const [kind, d] of ICONS[name]) {
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("class", kind === "f" ? "icon-fill" : "icon-line");
    svg.append(path);
  }
  return svg;
}
