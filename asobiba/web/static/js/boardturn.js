// Each player sees their own camp at the bottom (docs/play.md, "Playing at the table"). A board
// picture that says where each seat's camp lies (`data-seat-turns` on its root, e.g.
// "red:0 yellow:120 green:240": the turn, in degrees clockwise, that brings that seat's camp to the
// bottom) is turned for the seat this browser plays; a spectator, or one device for several
// people, turns it seat by seat with the board's turn switch. Its texts stay upright.

const NS = "http://www.w3.org/2000/svg";

/** Seat name → degrees, from the picture (empty when it says nothing). */
export function seatTurns(svg) {
  const turns = new Map();
  for (const pair of (svg?.dataset.seatTurns ?? "").split(/\s+/).filter(Boolean)) {
    const [seat, degrees] = pair.split(":");
    if (seat && Number.isFinite(Number(degrees))) turns.set(seat, Number(degrees));
  }
  return turns;
}

/** Turn the drawing of `svg` by `degrees` about the centre of its viewBox (once). */
export function turnBoard(svg, degrees) {
  if (!svg || !(degrees % 360) || svg.querySelector(":scope > g.turned")) return;
  const box = svg.viewBox.baseVal;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const group = document.createElementNS(NS, "g");
  group.setAttribute("class", "turned");
  group.setAttribute("transform", `rotate(${degrees} ${cx} ${cy})`);
  for (const child of [...svg.childNodes]) {
    if (!["style", "defs", "title"].includes(child.nodeName)) group.append(child);
  }
  svg.append(group);
  for (const text of group.querySelectorAll("text:not([transform])")) {
    const x = text.getAttribute("x") ?? "0";
    const y = text.getAttribute("y") ?? "0";
    text.setAttribute("transform", `rotate(${-degrees} ${x} ${y})`);
  }
}
