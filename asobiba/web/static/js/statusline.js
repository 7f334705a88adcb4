// The status line under the seats: whose turn it is and what this browser may do now — "your turn"
// on the device whose seat is to move (a friend game too), the colour when one device holds
// several seats, the computer thinking, waiting for invited people, watching, the piece picked and
// how many places it may go, or what the game's own page module says; first, when the table played a
// person's only move for them (a forced pass), that it was the only one. Read out by screen readers.

import { pick, t } from "./i18n.js";
import { h } from "./dom.js";
import { myTurn } from "./seatwords.js";

export function statusLine() {
  const el = h("p", { class: "status", role: "status", "aria-live": "polite" });

  /** The line for `view`: `nameOf(seat)` names a seat; `own`: the game's own module's table part;
   * `picked`: the piece picked ({cell: its name as players read it, n: its destinations}) or null;
   * `placing`: whether the person is arranging pieces a move puts on the board; `sent`: a move was
   * sent and the frame that shows it (and what follows it, e.g. the computer's roll) is not shown
   * yet. */
  function text(view, { nameOf, own, picked, placing, sent }) {
    if (view.status === "finished") return t("turn.over");
    if (sent) return t("turn.sent"); // the move is on its way: what follows it is still to be shown
    const color = nameOf(view.to_move);
    if (view.turn === "computer") return t("turn.computer", { color });
    if (view.turn === "waiting") return t("turn.waiting");
    if (view.turn !== "human") return "";
    if (!myTurn(view)) return t(view.you?.length ? "turn.friend" : "turn.watch", { color });
    if (own?.status) return own.status(view);
    if (picked) return t("turn.selected", picked);
    const how = placing ? "place" : view.legal.some((m) => m.from || m.to) ? "move" : "choose";
    // a device holding one seat says "your turn" (a friend game too); one device for several people, the colour
    return view.you.length > 1 ? t(`turn.person.${how}`, { color }) : t(`turn.${how}`);
  }

  /** A move the table played for a person because it was their only one (a forced pass). */
  function forced(view, nameOf) {
    const last = view.last;
    if (!last?.forced || view.status === "finished") return "";
    return t("turn.forced", { color: nameOf(last.player), move: pick(last.words) || last.notation || "" });
  }

  return {
    el,
    render: (view, context) => (el.textContent = [forced(view, context.nameOf), text(view, context)]
      .filter(Boolean).join(" ")),
  };
}
