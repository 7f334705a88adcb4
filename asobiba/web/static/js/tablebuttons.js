// The table's own buttons as the game now stands: undo (not after a resignation, nor while a
// takeback is asked, nor before anyone moved), hint (on this browser's turn, one at a time), new
// game, rematch (once the game is over) and resign (while it is played). A spectator gets none of
// them: they play nothing here, and the lobby makes their own games.

import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { myTurn } from "./seatwords.js";

/** Label, show and enable `buttons` ({undo, hint, new, rematch, resign}) for `view`;
 * `hintPending`: a hint is being worked out. */
export function renderTableButtons(buttons, view, hintPending) {
  const playing = view.status === "playing";
  const watching = !view.you?.length;
  for (const key of ["undo", "hint", "resign", "rematch", "new"]) buttons[key].hidden = watching;
  buttons.undo.textContent = t("btn.undo");
  buttons.undo.disabled = view.result?.reason === "resign" || Boolean(view.takeback)
    || !view.history.some((e) => e.player !== "chance");
  buttons.hint.textContent = t("btn.hint");
  buttons.hint.disabled = !playing || !myTurn(view) || hintPending;
  buttons.new.textContent = t("btn.new");
  buttons.rematch.replaceChildren(icon("rematch"), t("btn.rematch"));
  buttons.rematch.hidden = playing || watching;
  buttons.resign.textContent = t("btn.resign");
  buttons.resign.disabled = !playing;
}
