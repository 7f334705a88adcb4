// The board read out in words (docs/play.md, "Keyboard and screen readers"), like a blind mode:
// the button `read-board` (and the key R) writes the whole position into the live region
// `[data-role=board-reading]` — each player's pieces or dice with their values and whose turn it is
// (the game's own words, the frame's `board_words.position`), then what the last move did (its
// `last.said`). Beside it, the table's keys in words (`[data-role=keyboard-help]`). A game that
// does not say its board in words shows neither the button nor the reading.

import { h } from "./dom.js";
import { pick, t } from "./i18n.js";

export function boardReading() {
  let view = null;
  const button = h("button", { type: "button", "data-action": "read-board", hidden: true, onclick: () => read() });
  const out = h("p", { class: "board-reading", "data-role": "board-reading", "aria-live": "polite" });
  const summary = h("summary");
  const list = h("ul");
  const help = h("details", { class: "keyboard-help", "data-role": "keyboard-help" }, summary, list);
  const el = h("div", { class: "reading" }, h("div", { class: "buttons minor" }, button), out, help);

  /** The position's words and the last move's, in the page's language. */
  function text() {
    const position = pick(view?.board_words?.position);
    const said = pick(view?.last?.said);
    return [position, said ? t("read.last", { said }) : t("read.none")].join(" ");
  }

  function read() {
    if (!view?.board_words) return;
    out.hidden = false;
    out.textContent = ""; // the same words said again are still announced
    requestAnimationFrame(() => (out.textContent = text()));
  }

  /** Show the button for `next` (the state frame), with its texts in the page's language; the
   * reading shown stays until it is asked for again. */
  function render(next) {
    view = next;
    const worded = Boolean(view?.board_words);
    button.hidden = !worded;
    out.hidden = !worded;
    button.textContent = t("read.button");
    summary.textContent = t("keys.title");
    list.replaceChildren(...["arrows", "enter", "escape", "read", "undo", "hint", "digits"]
      .map((name) => h("li", {}, t(`keys.${name}`))));
  }

  /** The key R reads the board; true when the key was used. */
  function key(event) {
    if (event.key !== "r" || event.ctrlKey || event.metaKey || event.altKey || !view?.board_words) return false;
    read();
    return true;
  }

  return { el, render, key };
}
