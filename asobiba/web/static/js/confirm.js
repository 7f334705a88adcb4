// Asking before a step that cannot be taken back (resigning, handing one's seat to the computer),
// in the page and never with the browser's own confirm box: the question and two buttons, the
// cancel one focused first so that Enter alone changes nothing; Escape cancels; on cancel the
// focus goes back to the button that asked. Scripts find the box as [data-role=<name>-confirm]
// with the buttons <name>-confirm and <name>-cancel.

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

/** A box asking about `name` (e.g. "resign"); `ask({question, yes, onYes, back})` shows it. */
export function confirmBox(name) {
  const el = h("div", { class: "confirm-box", role: "alertdialog", "aria-labelledby": `${name}-question`,
    "data-role": `${name}-confirm`, hidden: true });
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    el.querySelector(`[data-action=${name}-cancel]`)?.click();
  });

  /** Ask `question`; `yes` names the step, `onYes()` takes it; `back` gets the focus on cancel. */
  function ask({ question, yes, onYes, back }) {
    el.hidden = false;
    clear(el).append(
      h("p", { id: `${name}-question` }, question),
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "danger", "data-action": `${name}-confirm`,
          onclick: () => {
            el.hidden = true;
            onYes();
          } }, yes),
        h("button", { type: "button", "data-action": `${name}-cancel`,
          onclick: () => {
            el.hidden = true;
            back?.focus();
          } }, t("btn.cancel"))),
    );
    el.querySelector(`[data-action=${name}-cancel]`).focus();
  }

  return { el, ask, hide: () => (el.hidden = true) };
}
