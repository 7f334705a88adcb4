// The result of a finished game in the page's dialog: who won (from this browser's seat: "you
// won"), how the game ended (the game's `end_reasons`, or who resigned), the ranks with each seat's
// chip and holder, and what to do next (a rematch or a new game — not offered to spectators — the
// replay, the engine's review of the game (review.js), close).

import { clear, h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { icon } from "./icons.js";
import { rt } from "./review.js";
import { resignedText, seatLabel, winnersText } from "./seatwords.js";

/** The dialog `dialog` of the game `gameId`; `nameOf(seat)` names a seat, `chip(seat)` draws its
 * chip; `rematch()` offers the next game to everyone seated (whose answers show in `offer`, the
 * rematch offer's element) and `newGame()` starts one. */
export function resultDialog(dialog, { gameId, nameOf, chip, rematch, newGame, offer }) {
  function headline(view) {
    const ranks = view.result.ranks;
    const humans = view.seats.map((s, i) => (s.type === "human" ? i : -1)).filter((i) => i >= 0);
    const mine = view.you?.length === 1 ? view.you : humans.length === 1 ? humans : [];
    if (ranks.every((r) => r === ranks[0])) return t("result.draw");
    if (mine.length === 1) return ranks[mine[0]] === 1 ? t("result.win") : t("result.lose");
    return winnersText(view.players.filter((_, i) => ranks[i] === 1).map(nameOf));
  }

  /** Show the result of `view` (a finished game) with the game's catalog `entry`. */
  function show(view, entry) {
    const watching = !view.you?.length;
    const order = view.players.map((name, i) => ({ name, i, rank: view.result.ranks[i] }))
      .sort((a, b) => a.rank - b.rank);
    clear(dialog).append(
      h("form", { method: "dialog", class: "result" },
        h("h2", { id: "result-title" }, headline(view)),
        view.result.reason === "resign"
          ? h("p", { class: "muted" }, resignedText(view.result.resigned, nameOf))
          : null,
        entry?.end_reasons?.[view.result.ending]
          ? h("p", { class: "muted", "data-role": "ending" }, pick(entry.end_reasons[view.result.ending]))
          : null,
        h("ol", { class: "ranks", "data-role": "ranks" },
          order.map((p) => h("li", { "data-rank": p.rank },
            h("span", { class: "rank" }, t("result.rank", { rank: p.rank })),
            chip(p.name),
            nameOf(p.name), " — ", seatLabel(view, p.i)))),
        offer,
        h("div", { class: "buttons" },
          watching ? null : h("button", { type: "button", class: "primary", "data-action": "rematch", onclick: rematch },
            icon("rematch"), t("btn.rematch")),
          watching ? null : h("button", { type: "button", "data-action": "new", onclick: newGame }, t("btn.new")),
          h("a", { class: "button", href: `/replay/${gameId}`, "data-action": "replay" }, t("btn.replay")),
          h("a", { class: "button", href: `/replay/${gameId}?review=1`, "data-action": "review" }, rt("review.start")),
          h("button", { value: "close", "data-action": "close" }, t("btn.close"))),
      ),
    );
    if (!dialog.open) dialog.showModal();
  }

  return { show };
}
