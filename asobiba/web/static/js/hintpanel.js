// The hint box: "thinking…" while the hint is worked out, then the move in words (its notation as
// `data-move`), the reason in the page's language, a proven result when there is one, and what the
// game's own module and the placing add. On a phone it sits in the action bar, in view.

import { clear, h } from "./dom.js";
import { pick, t } from "./i18n.js";

export function hintPanel() {
  const el = h("div", { class: "hint-box", hidden: true, "aria-live": "polite", "data-role": "hint" });

  /** Show `hint` (null: none), or that one is `pending`; `extras`: more elements to show under it. */
  function render(hint, pending, extras = []) {
    el.hidden = !hint && !pending;
    if (el.hidden) return;
    if (!hint) {
      clear(el).append(h("p", { class: "muted" }, t("hint.thinking")));
      return;
    }
    clear(el).append(
      ...[
        h("h2", { "data-move": hint.notation }, t("hint.title"), ": ",
          hint.words ? pick(hint.words) : h("code", {}, hint.notation)),
        h("p", {}, pick({ ja: hint.reason_ja, en: hint.reason_en })),
        hint.verdict ? h("p", { class: "verdict" }, pick(hint.verdict)) : null,
        ...extras,
      ].filter(Boolean),
    );
  }

  return { el, render };
}
