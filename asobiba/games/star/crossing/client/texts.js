// The crossing puzzle's own texts, in Japanese and English (the page's language decides;
// /static/js/i18n.js). What is known of a target's length comes from the server in both languages.

import { translator } from "/static/js/i18n.js";

const TEXTS = {
  ja: {
    "title.target": "{n}手で渡りきろう",
    "title.alone": "ひとりで渡る",
    "lobby.target": "ひとりで渡る問題：目標は{n}手",
    "count": "いま {m}手",
    "count.target": "いま {m}手 ／ 目標 {n}手",
    "score.fewer": "{m}手で渡りきりました — 見つかっていた最少の{n}手より少ない！",
    "score.equal": "{m}手で渡りきりました — 知られている最少の{n}手と同じ！",
    "score.more": "{m}手で渡りきりました — 知られている最少は{n}手",
    "score.crossed": "{m}手で渡りきりました",
    "score.not": "渡りきらずに終わりました",
    "result.crossed": "渡りきりました！",
    "result.not": "対局終了",
    "show.published": "最短の手順を見る",
    "show.found": "見つかった最少の手順を見る",
    "show.opening": "手順を開いています…",
    "loading": "目標を調べています…",
  },
  en: {
    "title.target": "Cross in {n} moves",
    "title.alone": "Cross alone",
    "lobby.target": "The crossing puzzle: the target is {n} moves",
    "count": "Moves so far: {m}",
    "count.target": "Moves so far: {m} / target {n}",
    "score.fewer": "Crossed in {m} moves — fewer than the best known {n}!",
    "score.equal": "Crossed in {m} moves — as few as the best known {n}!",
    "score.more": "Crossed in {m} moves — best known {n}",
    "score.crossed": "Crossed in {m} moves",
    "score.not": "The game ended before the crossing",
    "result.crossed": "Crossed!",
    "result.not": "Game over",
    "show.published": "Show the shortest line",
    "show.found": "Show the best line found",
    "show.opening": "Opening the line…",
    "loading": "Looking up the target…",
  },
};

/** The text `key` in the page's language, with `{name}` filled from `vars` (the page's one
 * translator, i18n.js `translator`). */
export const say = translator(TEXTS);
