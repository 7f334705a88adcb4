// The choices made with a button rather than on the board: the game's verbs shown now (e.g.
// declaring), and the legal moves that touch no cell, put nothing on the board and play no verb,
// each named by its words (else its notation) — or, when the game's own page module lays the
// choices out itself (e.g. every attack with its odds), its buttons. Only on a person's turn.

import { clear, h } from "./dom.js";
import { pick } from "./i18n.js";
import { myTurn } from "./seatwords.js";

/** `verb(id)` plays a verb, `move(action)` a move. */
export function actionButtons({ verb, move }) {
  const el = h("div", { class: "buttons actions", "data-role": "actions" });

  /** Legal moves of `view` made by a button. */
  function offBoard(view) {
    return (view?.legal ?? []).filter((m) => !m.from && !m.to && !m.drops?.length && !m.verb);
  }

  /** Show the choices of `view`; `own`: the game's own module's table part, if any. */
  function render(view, own) {
    const playing = view.status === "playing" && view.turn === "human";
    const verbs = playing ? view.verbs : [];
    const moves = playing ? offBoard(view) : [];
    const choices = own?.actions ? own.actions(view, myTurn(view)) : null;
    el.hidden = !verbs.length && !moves.length && !choices?.length;
    clear(el).append(
      ...verbs.map((v) =>
        h("button", { class: "verb", "data-action": "verb", "data-verb": v.id, onclick: () => verb(v.id) },
          pick(v.label))),
      ...(choices ?? moves.map((m) =>
        h("button", { "data-action": m.kind ?? "move", "data-move": m.notation, onclick: () => move(m.action) },
          pick(m.words) || m.notation))),
    );
  }

  return { el, render };
}
