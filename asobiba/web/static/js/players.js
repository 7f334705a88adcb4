// The seats beside the board: each seat's chip and colour, who holds it (seatwords.js), whether
// that person's device is connected, the rank as soon as the seat is placed (a seat home while the
// others play on) or the game is over, and a spinner while the
// computer thinks; the seat to move is marked.

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { seatLabel } from "./seatwords.js";

/** The seat list; `nameOf(seat)` names a seat, `chip(seat)` draws its chip. */
export function playersPanel({ nameOf, chip }) {
  const el = h("ul", { class: "players" });

  function presence(seat) {
    const words = t(seat.connected ? "seat.connected" : "seat.away");
    return h("span", { class: `presence${seat.connected ? " on" : ""}`, "data-role": "presence", role: "img",
      title: words, "aria-label": words });
  }

  /** Draw the seats of `view` (a state frame). */
  function render(view) {
    // the ranks once the game is over; before that, the place of each seat already home
    const ranks = view.result?.ranks ?? view.placed?.map((place) => place || null);
    el.setAttribute("aria-label", t("players.title"));
    clear(el).append(
      ...view.players.map((name, i) => {
        const seat = view.seats[i];
        const moving = view.to_move === name && view.status !== "finished";
        return h("li", { class: `player${moving ? " to-move" : ""}`, "data-player": name },
          chip(name),
          h("span", { class: "player-color" }, nameOf(name)),
          h("span", { class: "player-who" }, seatLabel(view, i)),
          seat.type === "human" && !seat.open ? presence(seat) : null,
          ranks?.[i] ? h("span", { class: "rank", "data-role": "rank" }, t("result.rank", { rank: ranks[i] })) : null,
          view.to_move === name && view.thinking ? h("span", { class: "spinner", "aria-hidden": "true" }) : null);
      }),
    );
  }

  return { el, render };
}
