// The small switches in the corner of a board: coordinates (shown when the game's picture draws
// them, as elements of class `coords`; on unless turned off) and the move sound (table only, off
// unless turned on). Both choices are remembered in localStorage.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { setSound, soundOn } from "./sound.js";

const COORDS_KEY = "asobiba.coords";

const coordsOn = () => localStorage.getItem(COORDS_KEY) !== "off";

/** The switches for the board in `boardEl`; `sound`: offer the move sound too. */
export function boardTools(boardEl, { sound = false } = {}) {
  const coords = h("button", { type: "button", class: "tool", "data-action": "coords" });
  const audio = sound ? h("button", { type: "button", class: "tool", "data-action": "sound" }) : null;
  const el = h("div", { class: "board-tools" }, coords, audio);

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
    if (audio) label(audio, soundOn() ? "soundOn" : "soundOff", "tools.sound", soundOn());
  }

  render();
  return { el, render };
}
