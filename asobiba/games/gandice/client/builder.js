// The Gandice lobby panel: a deck for each seat, and the deck builder (docs/play.md, "Gandice").
// The catalog shows every die with its kind, family, bonus, ability and the bar chart of its
// outcomes (hatched when its weights are estimates); a deck of five dice, evolution dice aside and
// up to three cards is built by clicks, and the server names the first deck rule it breaks while
// it is built. Decks are saved in this browser, exported and imported as JSON; the bundled decks
// are always there; a person's own catalog (TOML, as `asobiba gandice fit` writes it) is read by
// the server and its dice join the catalog. The panel gives the lobby the options `decks` (ids of
// catalog decks, or whole decks) and, when a deck needs it, `additions` (the person's catalog).

import { clear, h } from "/static/js/dom.js";
import { errorText } from "/static/js/errors.js";
import { lang, pick } from "/static/js/i18n.js";
import { outcomeChart } from "./chart.js";
import {
  checkDeck, cleanDeck, diceCatalog, ownToml, saveDecks, savedDecks, seatChoices, setOwnToml, setSeatChoices,
} from "./store.js";
import { say } from "./texts.js";

const EXPORT_FORMAT = "asobiba-gandice-deck/1";
const FALLBACK = ["id:yami", "id:isurugi"];
const blank = () => ({ key: null, name: "マイデッキ", dice: [], evolution: [], cards: [] });

export function lobbyPanel({ entry, rules, changed }) {
  let catalog = null;
  let toml = ownToml();
  let decks = savedDecks();
  let seats = seatChoices();
  let editing = blank();
  let verdict = null; // {ok, rule} of the deck being built; "checking" while the server looks
  let notice = null; // {text, error}
  let kind = "all";
  let ticket = 0;
  const el = h("section", { class: "panel gd-panel", "data-role": "gandice-decks" });
  const dialog = h("dialog", { class: "gd-dialog", "data-role": "deck-builder", "aria-label": say("builder.title") });
  dialog.addEventListener("close", () => render());
  document.body.append(dialog);

  // -- reading the catalog --------------------------------------------------------------------
  async function load() {
    try {
      catalog = await diceCatalog(toml);
    } catch (err) {
      // a stored catalog the server no longer reads: forget it, keep the shipped one
      notice = { text: errorText(err), error: true };
      toml = null;
      setOwnToml(null);
      catalog = await diceCatalog(null);
    }
    recheck();
    render();
    changed();
  }

  const dieOf = (id) => catalog?.dice.find((d) => d.id === id);
  const cardOf = (id) => catalog?.cards.find((c) => c.id === id);
  const ownIds = () => new Set([...catalog.dice, ...catalog.cards].filter((x) => x.own).map((x) => x.id));

  /** The deck of a seat choice key: a catalog deck ("id:…") or a saved one ("mine:…"), or null. */
  function deckOf(key) {
    if (key?.startsWith("id:")) return catalog.decks.find((d) => d.id === key.slice(3)) ?? null;
    if (key?.startsWith("mine:")) return decks.find((d) => d.key === key.slice(5)) ?? null;
    return null;
  }

  /** The deck of each seat, as many as the rules' number of players. */
  function seatKeys() {
    const players = Number(rules().players) || 2;
    return Array.from({ length: players }, (_, i) => (deckOf(seats[i]) ? seats[i] : FALLBACK[i % 2]));
  }

  function usesOwn(key) {
    const deck = deckOf(key);
    if (!deck) return false;
    if (deck.own) return true;
    const own = ownIds();
    return [...deck.dice, ...deck.evolution, ...deck.cards].some((id) => own.has(id));
  }

  /** The options the lobby sends: a catalog deck by id, a saved deck whole. */
  function options() {
    if (!catalog) return {};
    const keys = seatKeys();
    const out = { decks: keys.map((key) => (key.startsWith("id:") ? key.slice(3) : cleanDeck(deckOf(key)))) };
    if (toml && keys.some(usesOwn)) out.additions = toml;
    return out;
  }

  // -- building -------------------------------------------------------------------------------
  function recheck() {
    const mine = ++ticket;
    verdict = "checking";
    setTimeout(async () => {
      if (mine !== ticket) return;
      try {
        const answer = await checkDeck(editing, toml);
        if (mine === ticket) verdict = answer;
      } catch (err) {
        if (mine === ticket) verdict = { ok: false, rule: { ja: errorText(err), en: errorText(err) } };
      }
      if (mine === ticket) render();
    }, 120);
  }

  function edit(fn) {
    fn();
    notice = null;
    recheck();
    render();
  }

  function startFrom(deck, copy) {
    edit(() => {
      editing = { ...cleanDeck(deck), key: copy ? null : deck.key ?? null };
    });
    openBuilder();
  }

  function openBuilder() {
    render();
    if (!dialog.open) dialog.showModal();
  }

  function save() {
    if (verdict?.ok !== true) return;
    const deck = { ...cleanDeck(editing), key: editing.key ?? `d${Date.now().toString(36)}` };
    decks = [...decks.filter((d) => d.key !== deck.key), deck];
    saveDecks(decks);
    editing = { ...deck };
    seats = seatKeys();
    seats[0] = `mine:${deck.key}`;
    setSeatChoices(seats);
    notice = { text: say("builder.saved", { name: deck.name }) };
    render();
    changed();
  }

  function remove() {
    decks = decks.filter((d) => d.key !== editing.key);
    saveDecks(decks);
    editing = blank();
    recheck();
    render();
    changed();
  }

  function exportDeck() {
    const body = JSON.stringify({ format: EXPORT_FORMAT, ...cleanDeck(editing) }, null, 1);
    const link = h("a", { href: URL.createObjectURL(new Blob([body], { type: "application/json" })),
      download: `gandice-deck-${cleanDeck(editing).name}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async function importDeck(file) {
    try {
      if (file.size > 65536) throw new Error("> 64 KiB");
      const data = JSON.parse(await file.text());
      if (!data || typeof data !== "object" || !Array.isArray(data.dice)) throw new Error("dice: []");
      startFrom(data, true);
    } catch (err) {
      notice = { text: say("builder.badFile", { detail: err.message }), error: true };
      render();
    }
  }

  async function uploadCatalog(file) {
    const max = catalog?.rules.max_text ?? 65536;
    try {
      const text = await file.text();
      if (text.length > max) throw new Error(say("upload.tooBig", { max }));
      catalog = await diceCatalog(text);
      toml = text;
      setOwnToml(text);
      notice = null;
    } catch (err) {
      notice = { text: err.data ? errorText(err) : err.message, error: true };
    }
    recheck();
    render();
    changed();
  }

  async function forgetCatalog() {
    toml = null;
    setOwnToml(null);
    catalog = await diceCatalog(null);
    recheck();
    render();
    changed();
  }

  // -- drawing --------------------------------------------------------------------------------
  function render() {
    if (!catalog) {
      clear(el).append(h("h2", {}, say("panel.title")), h("p", { class: "muted" }, say("panel.loading")));
      return;
    }
    clear(el).append(
      h("h2", {}, say("panel.title")),
      seatRows(),
      h("div", { class: "buttons" },
        h("button", { type: "button", "data-action": "open-builder", onclick: openBuilder }, say("builder.title"))),
      ...(toml ? [ownStatus()] : []),
    );
    const scrolled = dialog.scrollTop; // the catalog is drawn again: keep the person's place in it
    clear(dialog).append(
      h("header", { class: "gd-dialog-head" },
        h("h2", {}, say("builder.title")),
        h("button", { type: "button", class: "small", "data-action": "close-builder", "aria-label": say("builder.close"),
          onclick: () => dialog.close() }, "×")),
      h("p", { class: "muted" }, say("builder.help")),
      h("div", { class: "gd-builder-grid" }, editor(), h("div", {}, diceList(), uploader())),
    );
    dialog.scrollTop = scrolled;
  }

  function seatRows() {
    const bundled = catalog.decks.filter((d) => !d.own);
    const ownDecks = catalog.decks.filter((d) => d.own);
    const option = (key, name, chosen) => h("option", { value: key, selected: key === chosen }, name);
    return h("div", { class: "fields gd-seats" }, seatKeys().map((chosen, i) => {
      const seat = `p${i + 1}`;
      const select = h("select", {
        "data-seat-deck": String(i),
        "aria-label": say("panel.seat", { seat: pick(entry.seats?.[seat]) || seat }),
        onchange: (e) => {
          seats = seatKeys();
          seats[i] = e.target.value;
          setSeatChoices(seats);
          render();
          changed();
        },
      },
      h("optgroup", { label: say("panel.bundled") }, bundled.map((d) => option(`id:${d.id}`, pick(d.names) || d.name, chosen))),
      ownDecks.length
        ? h("optgroup", { label: say("panel.own") }, ownDecks.map((d) => option(`id:${d.id}`, pick(d.names) || d.name, chosen)))
        : null,
      decks.length
        ? h("optgroup", { label: say("panel.mine") }, decks.map((d) => option(`mine:${d.key}`, d.name, chosen)))
        : null);
      return h("div", { class: "field", "data-seat": String(i) },
        h("span", { class: "field-label" }, pick(entry.seats?.[seat]) || seat),
        select,
        h("button", { type: "button", class: "small", "data-action": "edit-seat-deck", "data-seat": String(i),
          onclick: () => startFrom(deckOf(chosen), chosen.startsWith("id:")) }, say("builder.copy")));
    }));
  }

  function idList(role, ids, nameOf, onRemove) {
    return h("ol", { class: "gd-list", "data-role": role },
      ids.length
        ? ids.map((id, i) => h("li", { "data-id": id }, nameOf(id),
          h("button", { type: "button", class: "small", "data-action": `remove-${role.split("-")[1]}`,
            "data-index": String(i), "aria-label": `${say("builder.remove")} ${nameOf(id)}`,
            onclick: () => edit(() => onRemove(i)) }, "×")))
        : h("li", { class: "muted" }, say("builder.empty")));
  }

  function editor() {
    const rules = catalog.rules;
    const dieName = (id) => pick(dieOf(id)?.names) || id;
    // a deck just begun is not wrong yet: say what to do, not a red error
    const fresh = !editing.dice.length && !editing.evolution?.length && !editing.cards?.length;
    const rule = fresh
      ? h("p", { class: "gd-rule muted", "data-role": "deck-rule", "data-ok": "empty" },
        say("builder.start", { size: rules.deck_size }))
      : verdict === "checking" || verdict === null
      ? h("p", { class: "gd-rule muted", "data-role": "deck-rule", "data-ok": "checking" }, say("builder.checking"))
      : h("p", { class: `gd-rule ${verdict.ok ? "ok" : "broken"}`, "data-role": "deck-rule",
        "data-ok": String(verdict.ok), role: "status" },
      verdict.ok ? `✓ ${say("builder.ok")}` : `✗ ${pick(verdict.rule)}`);
    return h("div", { class: "gd-editor", "data-role": "deck-editor" },
      h("label", { class: "gd-name" }, say("builder.name"), " ",
        h("input", { type: "text", value: editing.name, maxlength: 60, "data-role": "deck-name",
          // no drawing while it has the focus: drawing removes it, and leaving it fires change again
          oninput: (e) => (editing.name = e.target.value), onchange: recheck })),
      h("h3", {}, say("builder.dice", { n: editing.dice.length, size: rules.deck_size })),
      idList("deck-dice", editing.dice, dieName, (i) => editing.dice.splice(i, 1)),
      h("h3", {}, say("builder.aside")),
      idList("deck-aside", editing.evolution, dieName, (i) => editing.evolution.splice(i, 1)),
      h("h3", {}, say("builder.cards", { n: editing.cards.length, max: rules.max_cards })),
      idList("deck-cards", editing.cards, (id) => pick(cardOf(id)?.names) || id, (i) => editing.cards.splice(i, 1)),
      rule,
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", "data-action": "save-deck", disabled: verdict?.ok !== true,
          onclick: save }, say("builder.save")),
        h("button", { type: "button", "data-action": "new-deck", onclick: () => edit(() => (editing = blank())) },
          say("builder.new")),
        h("button", { type: "button", "data-action": "export-deck", disabled: !editing.dice.length, onclick: exportDeck },
          say("builder.export")),
        h("label", { class: "button gd-file" }, say("builder.import"),
          h("input", { type: "file", accept: "application/json,.json", "data-action": "import-deck",
            onchange: (e) => e.target.files[0] && importDeck(e.target.files[0]) })),
        editing.key
          ? h("button", { type: "button", "data-action": "delete-deck", onclick: remove }, say("builder.delete"))
          : null),
      notice ? h("p", { class: notice.error ? "error" : "muted", role: notice.error ? "alert" : "status" }, notice.text) : null);
  }

  function dieCard(die) {
    const kindName = pick(catalog.kinds[die.kind]) || die.kind;
    const facts = [
      die.family ? `${say("catalog.family")}: ${pick(die.family_names) || die.family}` : null,
      die.bonus ? say("catalog.bonus", { n: 3 + die.bonus }) : null,
      die.ability ? pick(catalog.abilities[die.ability]) || die.ability : null,
      die.partners.length ? `${say("catalog.partners")}: ${die.partners.map((id) => pick(dieOf(id)?.names) || id).join(lang() === "ja" ? "・" : ", ")}` : null,
    ].filter(Boolean);
    const aside = die.kind === "evolution";
    return h("article", { class: `gd-die kind-${die.kind}`, "data-die-id": die.id, "data-kind": die.kind },
      h("header", {},
        h("strong", {}, pick(die.names)), " ", h("span", { class: "gd-kind" }, kindName),
        die.own ? h("span", { class: "gd-badge own" }, say("catalog.own")) : null,
        h("span", { class: `gd-badge ${die.estimate ? "estimate" : "measured"}` },
          say(die.estimate ? "catalog.estimate" : "catalog.measured"))),
      outcomeChart(die.outcomes, catalog.outcomes, { estimate: die.estimate, title: pick(die.names) }),
      die.fused
        ? h("div", { class: "gd-fused" }, h("small", {}, say("catalog.fused")),
          outcomeChart(die.fused, catalog.outcomes, { estimate: die.estimate, title: `${pick(die.names)} ${say("catalog.fused")}` }))
        : null,
      facts.length ? h("p", { class: "gd-facts" }, facts.join(" · ")) : null,
      h("button", { type: "button", class: "small", "data-action": aside ? "add-aside" : "add-die", "data-die-id": die.id,
        onclick: () => edit(() => (aside ? editing.evolution : editing.dice).push(die.id)) },
      say(aside ? "catalog.addAside" : "catalog.add")));
  }

  function diceList() {
    const kinds = ["all", ...Object.keys(catalog.kinds)];
    const shown = catalog.dice.filter((d) => kind === "all" || d.kind === kind);
    return h("div", { class: "gd-catalog", "data-role": "dice-catalog" },
      h("h3", {}, say("catalog.title"), " ",
        h("select", { "data-role": "kind-filter", "aria-label": say("catalog.kind"),
          onchange: (e) => { kind = e.target.value; render(); } },
        kinds.map((k) => h("option", { value: k, selected: k === kind },
          k === "all" ? say("catalog.all") : pick(catalog.kinds[k]))))),
      h("div", { class: "gd-dice" }, shown.map(dieCard)),
      h("h3", {}, say("catalog.cards")),
      h("ul", { class: "gd-cards" }, catalog.cards.map((card) =>
        h("li", { "data-card-id": card.id },
          h("strong", {}, pick(card.names)), " ",
          h("small", {}, say("catalog.card", { character: pick(dieOf(card.character)?.names) || card.character,
            effect: pick(card.words) })),
          card.own ? h("span", { class: "gd-badge own" }, say("catalog.own")) : null,
          h("button", { type: "button", class: "small", "data-action": "add-card", "data-card-id": card.id,
            onclick: () => edit(() => editing.cards.push(card.id)) }, say("catalog.addCard"))))));
  }

  function ownStatus() {
    return h("p", { "data-role": "own-catalog-status" },
      say("upload.loaded", { dice: catalog.dice.filter((d) => d.own).length,
        cards: catalog.cards.filter((c) => c.own).length, decks: catalog.decks.filter((d) => d.own).length }), " ",
      h("button", { type: "button", class: "small", "data-action": "forget-catalog", onclick: forgetCatalog },
        say("upload.forget")));
  }

  function uploader() {
    return h("div", { class: "gd-upload", "data-role": "own-catalog" },
      h("h3", {}, say("upload.title")),
      h("p", { class: "muted" }, say("upload.helpPlayer")),
      h("details", { class: "owner", "data-role": "owner-notes" },
        h("summary", {}, say("owner.title")), h("p", { class: "muted" }, say("upload.help"))),
      h("label", { class: "button gd-file" }, say("upload.pick"),
        h("input", { type: "file", accept: ".toml,text/plain", "data-action": "upload-catalog",
          onchange: (e) => e.target.files[0] && uploadCatalog(e.target.files[0]) })),
      toml ? ownStatus() : null);
  }

  render();
  load();
  return {
    el,
    options,
    error: () => null, // the lobby's own check (POST /api/setup) names a deck that breaks a rule
    refresh: render,
    destroy() {
      ticket += 1;
      dialog.remove();
    },
  };
}
