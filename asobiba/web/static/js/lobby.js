// The lobby: choose a game, set the table (opponent, strength, who starts) and the rules, start.
// Everything it shows of a game comes from the game's catalog entry: name, tagline, how many play,
// the option specs, the options shown first (`lobby.options`), the seats. A rule starts from the
// lobby's default when the entry gives one (`lobby.defaults`, e.g. three players), else from the
// game's. The first game of the catalog is chosen until the person picks another; choices are
// remembered per game in localStorage. Drawn anew on every change, it keeps the focused control
// and the open "more" rules; a skip link leads to the start button.

import { postJSON } from "./api.js";
import { loadCatalog, playerCounts, seatName } from "./catalog.js";
import { clear, h, link } from "./dom.js";
import { errorDetail, errorText } from "./errors.js";
import { pick, t, when } from "./i18n.js";
import { launch } from "./launch.js";
import { choiceControl, optionField, valueLabel } from "./options.js";
import { pieceStyleSwitch, shapeOf, shapesOn } from "./piecestyle.js";
import { allTokens } from "./seats.js";
import { solutionsPanel, variantOf } from "./solutions.js";
import { starterOption, starterValue } from "./starter.js";
import { ts } from "./study.js";

const GAME_KEY = "asobiba.lobby.game";
const STARTERS = ["chance", "you", "computer"];
const DEFAULT_SETTINGS = { opponent: "computer", level: "normal", firstSeat: "you", starter: "chance" };

function loadChoices(gameId) {
  try {
    const saved = JSON.parse(localStorage.getItem(`asobiba.lobby.${gameId}`) ?? "{}");
    const settings = { ...DEFAULT_SETTINGS, ...saved.settings };
    if (!STARTERS.includes(settings.starter)) settings.starter = "chance";
    return { options: saved.options ?? {}, settings };
  } catch {
    return { options: {}, settings: { ...DEFAULT_SETTINGS } };
  }
}

function saveChoices(gameId, choices) {
  localStorage.setItem(`asobiba.lobby.${gameId}`, JSON.stringify(choices));
}

export function lobbyPage(root) {
  let catalog = null;
  let gameId = null; // set from the catalog
  let choices = null;
  let check = { error: null, setup: null };
  let resumable = [];
  let panel = null; // the game's own lobby panel (its page module's), if it has one
  const solutions = solutionsPanel();

  const el = h("section", { class: "lobby" });
  root.replaceChildren(el);

  const entryOf = () => catalog.games.find((g) => g.id === gameId);

  /** The rule values the lobby starts from: the catalog's lobby defaults of the chosen game. */
  function lobbyDefaults() {
    return entryOf().lobby.defaults;
  }

  const initial = (spec) => (spec.name in lobbyDefaults() ? lobbyDefaults()[spec.name] : spec.default);

  /** The option the starter control sets: only against the computer, for a game that has one. */
  function starterSpec() {
    return choices.settings.opponent === "computer" ? starterOption(entryOf()) : null;
  }

  function rulesToSend() {
    const options = { ...lobbyDefaults(), ...choices.options, ...panel?.options() };
    const spec = starterSpec();
    if (spec) options[spec.name] = starterValue(entryOf(), choices.settings.starter, initial(spec));
    return options;
  }

  /** Whether the rules to send are the lobby's defaults, whose set-up and preview the catalog
   * entry already has. */
  function atDefaults(options) {
    const specs = entryOf().options;
    return Object.entries(options).every(([name, value]) => {
      const spec = specs.find((s) => s.name === name);
      return spec && JSON.stringify(value) === JSON.stringify(initial(spec));
    });
  }

  async function validate() {
    const options = rulesToSend();
    if (atDefaults(options)) {
      check = { error: null, setup: { ...entryOf().setup, preview: entryOf().preview } };
      render();
      return;
    }
    try {
      check = { error: null, setup: await postJSON("/api/setup?preview=true", { game: gameId, options }) };
    } catch (err) {
      check = { error: errorText(err, "options"), detail: errorDetail(err), setup: null };
    }
    render();
  }

  function update(fn) {
    fn();
    saveChoices(gameId, choices);
    validate();
  }

  async function chooseGame(id, remember = true) {
    gameId = id;
    if (remember) localStorage.setItem(GAME_KEY, id);
    choices = loadChoices(id);
    panel?.destroy?.();
    panel = null;
    const client = entryOf().client;
    if (client) {
      // the game's own page module sets the options of `lobby.panel` (e.g. decks built there)
      const made = await import(client).then((m) => m.lobbyPanel?.({
        entry: entryOf(),
        rules: () => ({ ...lobbyDefaults(), ...choices.options }),
        changed: () => validate(),
      })).catch((err) => console.error(err));
      if (gameId !== id) return made?.destroy?.(); // another game was chosen meanwhile
      panel = made ?? null;
    }
    validate();
  }

  function tableFields(game) {
    const s = choices.settings;
    const set = (key) => (value) => update(() => (choices.settings[key] = value));
    const fields = [
      field("opponent", t("opt.opponent"),
        choiceControl("opponent", ["computer", "friends", "people"], s.opponent, set("opponent"),
          (v) => t(`opt.opponent.${v}`))),
    ];
    const levelField = () =>
      field("level", t("opt.level"),
        choiceControl("level", catalog.levels.map((l) => l.id), s.level, set("level"),
          (v) => pick(catalog.levels.find((l) => l.id === v))));
    if (s.opponent === "friends") fields.push(...friendFields());
    if (s.opponent === "computer") {
      fields.push(levelField());
      const spec = starterSpec();
      if (spec) {
        const chance = valueLabel(game, spec.name, initial(spec));
        fields.push(field("starter", t("opt.starter"),
          choiceControl("starter", STARTERS, s.starter, set("starter"),
            (v) => (v === "chance" ? chance : t(`opt.starter.${v}`)))));
      } else {
        fields.push(field("firstSeat", t("opt.firstSeat"),
          choiceControl("firstSeat", ["you", "alternate"], s.firstSeat, set("firstSeat"),
            (v) => t(`opt.firstSeat.${v}`))));
      }
    }
    return fields;
  }

  /** With friends: each other seat a friend (invited) or the computer, when there are several. */
  function friendFields() {
    const others = Math.max(1, (check.setup?.players.length ?? 2) - 1);
    const mix = Array.from({ length: others }, (_, i) => choices.settings.mix?.[i] ?? "friend");
    const kinds = ["friend", "here", ...catalog.levels.map((l) => l.id)];
    const label = (v) => (v === "friend" || v === "here")
      ? t(`opt.mix.${v}`)
      : t("opt.mix.computer", { level: pick(catalog.levels.find((l) => l.id === v)) });
    return others < 2 ? [] : mix.map((value, i) =>
      field(`mix${i}`, t("opt.mix", { n: i + 2 }),
        choiceControl(`mix${i}`, kinds, kinds.includes(value) ? value : "friend",
          (v) => update(() => (choices.settings.mix = mix.map((m, j) => (j === i ? v : m)))),
          label)));
  }

  function field(name, label, control) {
    return h("div", { class: "field", "data-setting": name }, h("span", { class: "field-label" }, label), control);
  }

  /** The rule controls, those the entry shows first apart; the option the starter control sets
   * is not among them. */
  function ruleFields(game) {
    const main = game.lobby.options;
    const specs = game.options.filter((s) => s !== starterSpec() && !game.lobby.panel?.includes(s.name));
    // untouched list options show what the game resolves them to (e.g. the colours in play)
    const current = (spec) => {
      if (spec.name in choices.options) return choices.options[spec.name];
      if (spec.kind.startsWith("tuple") && check.setup) return check.setup.options[spec.name];
      return initial(spec);
    };
    const make = (spec) =>
      optionField(game, spec, current(spec), (value) =>
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
      check.error = errorText(err, "start");
      check.detail = errorDetail(err);
      button.disabled = false;
      render();
    }
  }

  const pieceStyle = pieceStyleSwitch(() => render());

  /** The seats of the game as set: each seat's colour (with its shape while the pieces carry
   * shapes) beside its name, the name in ink whatever the colour. */
  function seatPreview(game, seats) {
    pieceStyle.render();
    const glyph = (name) => (shapesOn() ? shapeOf(seats, name)?.glyph ?? "" : "");
    return h("div", { class: "seat-preview" }, seats.map((name) => h("span", { class: "seat-chip" },
      h("span", { class: `chip chip-${name}`, "aria-hidden": "true" }, glyph(name)), seatName(game, name))));
  }

  /** The piece style in words with its switch (below the start button, which stays in view). */
  function pieceStyleLine() {
    return h("p", { class: "piece-style-line muted", "data-role": "piece-style-line" },
      t(shapesOn() ? "lobby.shapes" : "lobby.colours"), " ", pieceStyle.el);
  }

  /** What the person was on before the lobby is drawn again: the focused control (an arrow key
   * on a radio group changes the option and draws the lobby anew) and the open "more" rules. */
  function kept() {
    const focused = el.contains(document.activeElement) ? document.activeElement.id : "";
    const more = el.querySelector("details.more")?.open ?? false;
    return () => {
      if (more) el.querySelector("details.more")?.setAttribute("open", "");
      if (focused) document.getElementById(focused)?.focus();
    };
  }

  function render() {
    if (!gameId) return; // the catalog is not there yet
    const restore = kept();
    const game = entryOf();
    if (game.solutions) solutions.show(game.id, variantOf(game, check.setup?.options ?? rulesToSend()));
    const { primary, more } = ruleFields(game);
    const seats = check.setup?.players ?? [];
    panel?.refresh(check.setup);
    const startButton = h(
      "button",
      { class: "primary big", id: "start", "data-action": "start", disabled: Boolean(check.error || panel?.error()) },
      t("lobby.start"),
    );
    startButton.addEventListener("click", () => start(startButton));
    clear(el).append(
      h("a", { class: "skip-link", href: "#start", "data-action": "skip-to-start",
        onclick: (event) => {
          event.preventDefault();
          const target = document.getElementById("start");
          target?.scrollIntoView({ block: "center" });
          target?.focus();
        } }, t("lobby.skip")),
      h("h1", { class: "visually-hidden" }, t("lobby.title")),
      h(
        "div",
        { class: "game-cards" },
        catalog.games.map((g) =>
          h(
            "div",
            { class: "game-card-slot", "data-card": g.id },
            h(
              "button",
              {
                class: `game-card${g.id === gameId ? " on" : ""}`,
                "aria-pressed": g.id === gameId ? "true" : "false",
                "data-game": g.id,
                onclick: () => chooseGame(g.id),
              },
              // the board's picture by a short name (its own texts would be the button's name)
              h("span", { class: "card-art", role: "img", "aria-label": t("lobby.preview", { game: pick(g.name) }) }),
              h("span", { class: "card-name" }, pick(g.name)),
              h("span", { class: "card-sub" }, t("lobby.players", { n: playerCounts(g) })),
              h("span", { class: "card-tagline" }, pick(g.lobby.tagline)),
            ),
            g.learn ? h("a", { class: "card-learn", href: `/learn/${g.id}`, "data-link": "", "data-action": "learn" },
              t("lobby.learn")) : null,
            g.study ? h("a", { class: "card-learn", href: `/study/${g.id}`, "data-link": "", "data-action": "study" },
              ts("study.open")) : null,
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
        panel?.el ?? null,
        game.solutions ? solutions.el : null,
        h(
          "div",
          { class: "start-row" },
          seatPreview(game, seats),
          check.error ? h("p", { class: "error", role: "alert", title: check.detail }, check.error) : null,
          startButton,
        ),
        pieceStyleLine(),
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
    restore();
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
    // this browser's unfinished games, asked for at once, beside the catalog
    const playing = postJSON("/api/games/held?status=playing", { tokens: allTokens() }).catch(() => []);
    catalog = await loadCatalog();
    const stored = localStorage.getItem(GAME_KEY);
    const known = catalog.games.some((g) => g.id === stored);
    chooseGame(known ? stored : catalog.games[0].id, false);
    resumable = (await playing).slice(0, 8);
    render();
  })();

  return { refresh: render, destroy: () => { solutions.destroy(); panel?.destroy?.(); } };
}
