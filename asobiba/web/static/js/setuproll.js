// The opening roll beside the board, when the game's words for the opening carry it (history.js):
// each seat's rolled dice and who goes first; while the person arranges their dice on the board
// (placing.js) their row is the placing's tray, and the placing's confirm and clear buttons go to
// the action bar (`controlsEl`). It also says where each piece a move put on the board was shown
// before it came, so that the table can bring it in from there.

import { dieFace } from "./dice.js";
import { clear, h } from "./dom.js";
import { openingRoll } from "./history.js";
import { t } from "./i18n.js";

/** The opening roll of the placing `desk`; `nameOf(seat)` names a seat. */
export function setupRoll(desk, nameOf) {
  const el = h("div", { class: "setup-roll", hidden: true });
  const controlsEl = h("div", { class: "place-slot" }); // the placing's confirm and clear buttons

  function render(view) {
    const setup = openingRoll(view.history);
    const rows = setup.rolls.map((r) =>
      desk.tray(r.player, nameOf) ??
        h("div", { class: "roll", "data-player": r.player },
          h("span", { class: "roll-name" }, nameOf(r.player)),
          ...r.values.map((v) => dieFace(v, r.player))),
    );
    if (!setup.rolls.some((r) => r.player === view.to_move)) rows.push(desk.tray(view.to_move, nameOf));
    el.hidden = !rows.some(Boolean);
    clear(el).append(
      ...[
        h("h2", {}, t("setup.title")),
        ...rows,
        setup.first ? h("p", { class: "muted" }, t("setup.first", { color: nameOf(setup.first) })) : null,
      ].filter(Boolean),
    );
    const controls = desk.controls();
    controlsEl.hidden = !controls;
    clear(controlsEl).append(...(controls ? [controls] : []));
  }

  /** Where each piece a move put on the board was shown before it came (screen points, or null):
   * on the board while the person arranged it, else the die of the mover `seat` in the roll. */
  function starts(seat, drops) {
    const dice = [...el.querySelectorAll(`.roll[data-player="${CSS.escape(seat ?? "")}"] .roll-die`)];
    return drops.map((drop) => {
      const shown = desk.origin(drop.cell);
      if (shown) return shown;
      const i = dice.findIndex((die) => die.getAttribute("aria-label") === String(drop.value));
      if (i < 0) return null;
      const box = dice.splice(i, 1)[0].getBoundingClientRect();
      return box.width ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null;
    });
  }

  return { el, controlsEl, render, starts };
}
