// The lobby: choose a game, set the table (opponent, strength, first move) and the rules, start.
// Choices are remembered per game in localStorage. A rule starts from the lobby's default when the
// catalog gives one (`lobby.defaults`, e.g. Diamond Game opens on 3 players), else from the game's.

import { getJSON, postJSON } from "./api.js";
import { clear, h, link } from "./dom.js";
import { colorName, pick, t, when } from "./i18n.js";
import { launch } from "./launch.js";
import { choiceControl, MAIN_OPTIONS, optionField } from "./options.js";
import { solutionsPanel, variantOf } from "./solutions.js";

const GAME_KEY = "asobiba.lobby.game";
const DEFAULT_SETTINGS = { opponent: "computer", level: "normal", firstSeat: "you", starter: "roll" };

function loadChoices(gameId) {
  try {
    const saved = JSON.parse(localStorage.getItem(`asobiba.lobby.${gameId}`) ?? "{}");
    return { options: saved.options ?? {}, settings: { ...DEFAULT_SETTINGS, ...saved.settings } };
  } catch {
    return { options: {}, settings: { ...DEFAULT_SETTINGS } };
  }
}

function saveChoices(gameId, choices) {
  localStorage.setItem(`asobiba.lobby.${gameId}`, JSON.stringify(choices));
}

/** Dice Out's "who starts" (roll / you / computer) as its `first` rule; the person plays red. */
function diceoutFirst(starter) {
  return { roll: "roll", you: "red", computer: "white" }[starter] ?? "roll";
}

export function lobbyPage(root) {
  let catalog = null;
  let gameId = localStorage.getItem(GAME_KEY) ?? "diamond";
  let choices = loadChoices(gameId);
  let check = { error: null, setup: null };
  let resumable = [];
  const solutions = solutionsPanel();

  const el = h("section", { class: "lobby" });
  root.replaceChildren(el);

  /** The rule values the lobby starts from: the catalog's lobby defaults of the chosen game. */
  function lobbyDefaults() {
    return catalog?.games.find((g) => g.id === gameId)?.lobby?.defaults ?? {};
  }

  function rulesToSend() {
    const options = { ...lobbyDefaults(), ...choices.options };
    if (gameId === "diceout" && choices.settings.opponent === "computer") {
      options.first = diceoutFirst(choices.settings.starter);
    }
    return options;
  }

  async function validate() {
    try {
      check = { error: null, setup: await postJSON("/api/setup?preview=true", { game: gameId, options: rulesToSend() }) };
    } catch (err) {
      check = { error: err.message, setup: null };
    }
    render();
  }

  function update(fn) {
    fn();
    saveChoices(gameId, choices);
    validate();
  }

  function chooseGame(id) {
    gameId = id;
    localStorage.setItem(GAME_KEY, id);
    choices = loadChoices(id);
    validate();
  }

  function tableFields(game) {
    const s = choices.settings;
    const set = (key) => (value) => update(() => (choices.settings[key] = value));
    const fields = [
      field("opponent", t("opt.opponent"),
        choiceControl("opponent", ["computer", "people"], s.opponent, set("opponent"),
          (v) => t(`opt.opponent.${v}`))),
    ];
    if (s.opponent === "computer") {
      fields.push(
        field("level", t("opt.level"),
          choiceControl("level", catalog.levels.map((l) => l.id), s.level, set("level"),
            (v) => pick(catalog.levels.find((l) => l.id === v)))),
      );
      if (game.id === "diamond") {
        fields.push(field("firstSeat", t("opt.firstSeat"),
          choiceControl("firstSeat", ["you", "alternate"], s.firstSeat, set("firstSeat"),
            (v) => t(`opt.firstSeat.${v}`))));
      } else {
        fields.push(field("starter", t("opt.starter"),
          choiceControl("starter", ["roll", "you", "computer"], s.starter, set("starter"),
            (v) => t(`opt.starter.${v}`))));
      }
    }
    return fields;
  }

  function field(name, label, control) {
    return h("div", { class: "field", "data-setting": name }, h("span", { class: "field-label" }, label), control);
  }

  function ruleFields(game) {
    const main = MAIN_OPTIONS[game.id] ?? [];
    const hidden = new Set(
      game.id === "diceout" && choices.settings.opponent === "computer" ? ["first"] : [],
    );
    const specs = game.options.filter((s) => !hidden.has(s.name));
    const defaults = lobbyDefaults();
    const initial = (spec) => (spec.name in defaults ? defaults[spec.name] : spec.default);
    // untouched list options show what the game resolves them to (e.g. the colours in play)
    const current = (spec) => {
      if (spec.name in choices.options) return choices.options[spec.name];
      if (spec.kind.startsWith("tuple") && check.setup) return check.setup.options[spec.name];
      return initial(spec);
    };
    const make = (spec) =>
      optionField(spec, current(spec), (value) =>
        update(() => {
          if (JSON.stringify(value) === JSON.stringify(initial(spec))) delete choices.options[spec.name];
          else choices.options[spec.name] = value;
        }),
      );
    const primary = specs.filter((s) => main.includes(s.name)).map(make);
    const more = specs.filter((s) => !main.includes(s.name)).map(make);
    return { primary, more };
  }

  async function start(button) {
    button.disabled = true;
    try {
      location.assign(await launch(gameId, rulesToSend(), choices.settings));
    } catch (err) {
      check.error = err.message;
      button.disabled = false;
      render();
    }
  }

  function render() {
    if (!catalog) return;
    const game = catalog.games.find((g) => g.id === gameId) ?? catalog.games[0];
    gameId = game.id;
    if (game.solutions) solutions.show(game.id, variantOf(game, check.setup?.options ?? rulesToSend()));
    const { primary, more } = ruleFields(game);
    const seats = check.setup?.players ?? [];
    const startButton = h(
      "button",
      { class: "primary big", "data-action": "start", disabled: Boolean(check.error) },
      t("lobby.start"),
    );
    startButton.addEventListener("click", () => start(startButton));
    clear(el).append(
      h("h1", { class: "visually-hidden" }, t("lobby.title")),
      h(
        "div",
        { class: "game-cards", role: "tablist" },
        catalog.games.map((g) =>
          h(
            "button",
            {
              class: `game-card${g.id === gameId ? " on" : ""}`,
              role: "tab",
              "aria-selected": g.id === gameId ? "true" : "false",
              "data-game": g.id,
              onclick: () => chooseGame(g.id),
            },
            h("span", { class: "card-art" }),
            h("span", { class: "card-name" }, pick(g.name)),
            h("span", { class: "card-sub" }, t("lobby.players", { n: g.id === "diamond" ? "2–3" : "2" })),
            h("span", { class: "card-tagline" }, t(`tagline.${g.id}`)),
          ),
        ),
      ),
      h(
        "div",
        { class: "panel options-panel" },
        h("h2", {}, t("lobby.table")),
        h("div", { class: "fields" }, tableFields(game)),
        h("h2", {}, t("lobby.rules")),
        h("div", { class: "fields" }, primary),
        more.length
          ? h("details", { class: "more" }, h("summary", {}, t("lobby.more")), h("div", { class: "fields" }, more))
          : null,
        game.solutions ? solutions.el : null,
        h(
          "div",
          { class: "start-row" },
          h("div", { class: "seat-preview" }, seats.map((name) => h("span", { class: `chip chip-${name}` }, colorName(name)))),
          check.error ? h("p", { class: "error", role: "alert" }, check.error) : null,
          startButton,
        ),
      ),
      h(
        "div",
        { class: "panel resume" },
        h("h2", {}, t("lobby.resume")),
        resumable.length
          ? h("ul", { class: "game-list" }, resumable.map(gameItem))
          : h("p", { class: "muted" }, t("lobby.none")),
      ),
    );
    for (const card of el.querySelectorAll(".card-art")) {
      const g = catalog.games.find((x) => x.id === card.parentElement.dataset.game);
      const current = g.id === gameId && check.setup?.preview;
      card.innerHTML = current || g.preview || "";
    }
  }

  function gameItem(g) {
    const name = pick(catalog?.games.find((x) => x.id === g.game)?.name) || g.game;
    return h(
      "li",
      {},
      link(`/game/${g.id}`, name),
      " ",
      h("span", { class: "muted" }, t("games.plies", { n: g.plies }), " · ", when(g.updated)),
    );
  }

  (async () => {
    catalog = await getJSON("/api/catalog");
    resumable = (await getJSON("/api/games?status=playing")).slice(0, 8);
    await validate();
  })();

  return { refresh: render, destroy: () => solutions.destroy() };
}
