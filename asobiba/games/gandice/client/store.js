// What the Gandice page keeps in this browser and asks the server: the decks a person saved
// (localStorage), their own catalog text (TOML, as they uploaded it), the dice catalog with that
// text added (POST /api/services/gandice/catalog) and the deck rules' verdict on a deck
// (POST /api/services/gandice/deck). The server checks everything; nothing here is trusted.

import { postJSON } from "/static/js/api.js";
import { say } from "./texts.js";

const DECKS_KEY = "asobiba.gandice.decks";
const TOML_KEY = "asobiba.gandice.catalog";
const SEATS_KEY = "asobiba.gandice.seats";

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") ?? fallback;
  } catch {
    return fallback;
  }
}

/** A deck as the options and the export carry it: only its name and its lists of ids. */
export function cleanDeck(deck) {
  const ids = (list) => (Array.isArray(list) ? list.filter((x) => typeof x === "string").slice(0, 64) : []);
  return {
    name: String(deck?.name ?? "").trim().slice(0, 60) || say("builder.untitled"),
    dice: ids(deck?.dice),
    evolution: ids(deck?.evolution),
    cards: ids(deck?.cards),
  };
}

/** The saved decks: [{key, name, dice, evolution, cards}], `key` naming each in this browser. */
export function savedDecks() {
  const list = read(DECKS_KEY, []);
  return Array.isArray(list) ? list.filter((d) => d && typeof d.key === "string").map((d) => ({ key: d.key, ...cleanDeck(d) })) : [];
}

export function saveDecks(list) {
  localStorage.setItem(DECKS_KEY, JSON.stringify(list));
}

/** The person's own catalog text, or null. */
export function ownToml() {
  const text = localStorage.getItem(TOML_KEY);
  return text && text.trim() ? text : null;
}

export function setOwnToml(text) {
  if (text) localStorage.setItem(TOML_KEY, text);
  else localStorage.removeItem(TOML_KEY);
}

/** The deck chosen for each seat (deck keys: "id:<catalog deck id>" or "mine:<key>"). */
export function seatChoices() {
  const list = read(SEATS_KEY, []);
  return Array.isArray(list) ? list.map(String) : [];
}

export function setSeatChoices(list) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(list));
}

const catalogs = new Map();

/** The dice catalog, with `toml` added when given (cached per text). */
export function diceCatalog(toml) {
  const key = toml ?? "";
  if (!catalogs.has(key)) {
    catalogs.set(key, postJSON("/api/services/gandice/catalog", { toml: toml ?? null }).catch((err) => {
      catalogs.delete(key);
      throw err;
    }));
  }
  return catalogs.get(key);
}

/** The deck rules on `deck`: {ok: true} or {ok: false, rule: {ja, en}}. */
export function checkDeck(deck, toml) {
  return postJSON("/api/services/gandice/deck", { deck: cleanDeck(deck), toml: toml ?? null });
}
