// Unit tests of the page's pure modules on node's own test runner (`node --test tests/js`): the
// compact legal moves made whole, a delta frame's change applied, the translator, the move list's
// words. The browser tests (tests/web) drive the same modules in Chromium.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

const stored = new Map();
globalThis.localStorage = {
  getItem: (key) => stored.get(key) ?? null,
  setItem: (key, value) => stored.set(key, String(value)),
};
const browser = { languages: ["ja-JP"] }; // what the browser says it reads (Accept-Language)
Object.defineProperty(globalThis, "navigator", { value: browser, configurable: true });

const { expandMoves } = await import("../../asobiba/web/static/js/legalmoves.js");
const { applyChange } = await import("../../asobiba/web/static/js/gamechange.js");
const { translator, pick } = await import("../../asobiba/web/static/js/i18n.js");
const { historyText, openingRoll } = await import("../../asobiba/web/static/js/history.js");

beforeEach(() => {
  stored.clear();
  browser.languages = ["ja-JP"];
});

describe("expandMoves", () => {
  test("a bare move gets the usual fields back", () => {
    const [move] = expandMoves({ moves: [{ action: 7, notation: "a1-b2", from: "a1", to: "b2" }] });
    assert.deepEqual(move, { action: 7, notation: "a1-b2", from: "a1", to: "b2", path: ["a1", "b2"],
      drops: [], verb: null });
  });
  test("a move without cells has an empty path; a field it sends wins over the usual one", () => {
    const [move] = expandMoves({ moves: [{ action: 0, notation: "pass", path: ["x"] }] });
    assert.equal(move.from, null);
    assert.equal(move.to, null);
    assert.deepEqual(move.path, ["x"]);
  });
  test("worded moves say their notation in both languages", () => {
    const [move] = expandMoves({ words: true, moves: [{ action: 3, notation: "resummon" }] });
    assert.equal(move.kind, "move");
    assert.deepEqual(move.words, { ja: "resummon", en: "resummon" });
    assert.deepEqual(move.data, {});
  });
});

describe("applyChange", () => {
  const game = Object.freeze({ plies: 1, gone: true, history: ["a", "b", "c"], svg: "x<y<z",
    nested: Object.freeze({ keep: 1, change: 2 }) });
  test("each mark does what the protocol says, and the game given is left alone", () => {
    const after = applyChange(game, { plies: 2, "-gone": null, "+history": [1, ["d"]],
      "<svg": [[1, 1, ["Y", "W"]]], "~nested": { change: 3 } });
    assert.deepEqual(after, { plies: 2, history: ["a", "d"], svg: "x<Y<W<z",
      nested: { keep: 1, change: 3 } });
    assert.equal(game.plies, 1);
    assert.deepEqual(game.history, ["a", "b", "c"]);
  });
});

describe("translator", () => {
  const t = translator({ ja: { hello: "{name}さん、こんにちは", only: "日本語だけ" }, en: { hello: "Hello, {name}" } });
  test("the page's language, Japanese by default", () => {
    assert.equal(t("hello", { name: "Aki" }), "Akiさん、こんにちは");
    stored.set("asobiba.lang", "en");
    assert.equal(t("hello", { name: "Aki" }), "Hello, Aki");
  });
  test("with no choice made here, the browser's first language of the two", () => {
    browser.languages = ["fr-FR", "en-GB", "ja"];
    assert.equal(t("hello", { name: "Aki" }), "Hello, Aki");
    browser.languages = ["de"];
    assert.equal(t("hello", { name: "Aki" }), "Akiさん、こんにちは");
  });
  test("English falls back to Japanese, then to the key; a missing variable reads as nothing", () => {
    stored.set("asobiba.lang", "en");
    assert.equal(t("only"), "日本語だけ");
    assert.equal(t("nowhere"), "nowhere");
    assert.equal(t("hello"), "Hello, ");
  });
  test("pick takes the page's language of a pair", () => {
    assert.equal(pick({ ja: "赤", en: "Red" }), "赤");
    stored.set("asobiba.lang", "en");
    assert.equal(pick({ ja: "赤", en: "Red" }), "Red");
    assert.equal(pick(null), "");
  });
});

describe("the move list's words", () => {
  test("a line with words says them after the seat, a call-out first", () => {
    const line = { player: 0, notation: "b1-c2", words: { ja: "進む", en: "moves" }, callout: { ja: "それ", en: "go" } };
    assert.equal(historyText(line, () => "赤"), "赤  「それ」進む");
    stored.set("asobiba.lang", "en");
    assert.equal(historyText(line, () => "Red"), "Red  “go” moves");
    assert.equal(historyText({ player: "chance", notation: "roll 3" }, () => "?"), "roll 3");
  });
  test("the opening roll is read from the first chance line that carries rolls", () => {
    const rolls = [{ player: 0, values: [1, 2, 3] }];
    assert.deepEqual(openingRoll([{ player: 0 }, { player: "chance", data: { rolls, first: 0 } }]),
      { rolls, first: 0 });
    assert.deepEqual(openingRoll([]), { rolls: [], first: null });
  });
});
