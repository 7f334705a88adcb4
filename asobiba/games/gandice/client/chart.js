// A die's outcome probabilities as a small bar chart: standing, upside down, on its side, the
// special eye, then the numbers 0–6 (docs/rules/gandice.md, "Outcomes"). Bars of a die whose
// weights the catalog marks as estimates are drawn hatched, and the chart says so.

import { pick } from "/static/js/i18n.js";
import { percent, say } from "./texts.js";

const NS = "http://www.w3.org/2000/svg";
const W = 176;
const H = 64;
const COLOURS = { stand: "#b3261e", inverted: "#b3261e", side: "#777", special: "#c08a00" };

function el(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/** The chart of `table` ({outcome: probability}) for a die; `outcomes` are the catalog's outcome
 * names and marks in order; `estimate` hatches the bars. */
export function outcomeChart(table, outcomes, { estimate = false, title = "" } = {}) {
  const top = Math.max(...Object.values(table), 0.0001);
  const step = W / outcomes.length;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H + 14}`, class: `gd-chart${estimate ? " estimate" : ""}`,
    role: "img", "aria-label": `${title} ${outcomes.map((o) => `${pick(o.name)} ${percent(table[o.id] ?? 0)}`).join(", ")}` });
  outcomes.forEach((o, i) => {
    const p = table[o.id] ?? 0;
    const height = (H - 12) * (p / top);
    const x = i * step + 2;
    const bar = el("rect", {
      x, y: H - height, width: step - 4, height: Math.max(height, p > 0 ? 1 : 0), rx: 2,
      fill: COLOURS[o.id] ?? "#1f5fa8", "data-outcome": o.id, "data-p": p.toFixed(6),
    }, el("title", {}, `${pick(o.name)}: ${percent(p)}${estimate ? ` (${say("catalog.estimate")})` : ""}`));
    svg.append(bar);
    if (p >= 0.1) {
      svg.append(el("text", { x: x + (step - 4) / 2, y: H - height - 2, "font-size": 7, "text-anchor": "middle",
        fill: "#333" }, String(Math.round(100 * p))));
    }
    svg.append(el("text", { x: x + (step - 4) / 2, y: H + 11, "font-size": 8, "text-anchor": "middle", fill: "#444" },
      pick(o.mark)));
  });
  return svg;
}
