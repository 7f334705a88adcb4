// The small switches in the corner of a board: coordinates (shown when the game's picture draws
// them, as elements of class `coords`; on unless turned off), the piece style that does not depend
// on colour (piecestyle.js; on unless turned off, its switch named in words) and the move sound (table only, off unless turned
// on). The choices are remembered in localStorage.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { markPieces, pieceStyleSwitch, shapesOn } from "./piecestyle.js";
import { setSound, soundOn } from "./sound.js";

const COORDS_KEY = "asobiba.coords";

const coordsOn = () => localStorage.getItem(COORDS_KEY) !== "off";

/** The switches for the board in `boardEl`; `sound`: offer the move sound too; `players()`: the
 * seat order (for the shapes of the pieces); `changed()`: called when the piece style changes;
 * `turn`: {shown(), next()} — a switch that turns the board to the next seat (boardturn.js). */
export function boardTools(boardEl, { sound = false, players = () => [], changed = () => {}, turn = null } = {}) {
  const coords = h("button", { type: "button", class: "tool", "data-action": "coords" });
  const turner = turn ? h("button", { type: "button", class: "tool", "data-action": "turn-board" }) : null;
  const pieces = pieceStyleSwitch(() => {
    render();
    changed();
  });
  const audio = sound ? h("button", { type: "button", class: "tool", "data-action": "sound" }) : null;
  const el = h("div", { class: "board-tools" }, turner, coords, pieces.el, audio);

  turner?.addEventListener("click", () => turn.next());
  coords.addEventListener("click", () => {
    localStorage.setItem(COORDS_KEY, coordsOn() ? "off" : "on");
    render();
  });
  audio?.addEventListener("click", () => {
    setSound(!soundOn());
    render();
  });

  function label(button, name, key, on) {
    button.replaceChildren(icon(name));
    button.setAttribute("aria-pressed", String(on));
    button.setAttribute("aria-label", t(key));
    button.title = t(key);
  }

  function render() {
    const drawn = Boolean(boardEl.querySelector(".coords"));
    coords.hidden = !drawn;
    boardEl.classList.toggle("hide-coords", !coordsOn());
    label(coords, "coords", "tools.coords", coordsOn());
    pieces.render();
    if (turner) {
      turner.hidden = !turn.shown();
      label(turner, "turn", "tools.turn", false);
      turner.removeAttribute("aria-pressed");
    }
    document.body.classList.toggle("piece-shapes", shapesOn());
    markPieces(boardEl.querySelector("svg"), players());
    if (audio) label(audio, soundOn() ? "soundOn" : "soundOff", "tools.sound", soundOn());
  }

  render();
  return { el, render };
}
