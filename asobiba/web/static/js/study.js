// The study page (docs/study/README.md, "The study page"): a designer picks two things of a game to
// compare — two levels, two values of the game's per-seat option (e.g. decks) or two values of a
// rule option, or the first player's advantage at two levels, all read from
// GET /api/studies/choices/{game} — and a bounded size, sees what it will cost (POST
// /api/studies/estimate, asked again a moment after the form last changed), starts the study
// (POST /api/studies; one runs at a time per server, the others wait in its queue), watches each
// figure and its interval narrow (GET /api/studies/{id}, polled), may cancel it, share it, and
// downloads its JSON and plot. The study's token (or the share key of a shared link, read from the
// address's fragment, #study=ID&share=KEY) is kept in this tab's sessionStorage and sent with every
// request about the study; the downloads are fetched with it. It names no game: everything comes
// from the server.

import { getBlob, getJSON, postJSON } from "./api.js";
import { h, link } from "./dom.js";
import { errorText } from "./errors.js";
import { pick, translator } from "./i18n.js";
import { setTitle } from "./title.js";

const TEXTS = {
  ja: {
    "study.open": "検証する",
    "study.title": "検証：{game}",
    "study.back": "← ロビーへ",
    "study.intro": "コンピューター同士に対局させて、どちらがどれだけ有利かを区間つきで測ります。席は入れ替えながら打たせ、区間が十分せまくなるか、対局数か時間の上限に達したら止まります。",
    "study.compare": "比べるもの",
    "study.option": "ルール",
    "study.a": "A",
    "study.b": "B",
    "study.level": "対局するコンピューターの強さ",
    "study.games": "組み合わせごとの対局数の上限（{max}まで）",
    "study.width": "区間の幅 ±ポイント（{max}まで）",
    "study.seconds": "時間の上限 秒（{max}まで）",
    "study.seed": "乱数の種",
    "study.start": "検証を始める",
    "study.cancel": "止める",
    "study.loading": "読み込んでいます…",
    "study.none": "まだ検証はありません。",
    "study.other": "いまのサーバーの検証（{game}）",
    "study.state.running": "実行中",
    "study.state.done": "完了",
    "study.state.cancelled": "止めました",
    "study.state.timed_out": "時間の上限で止まりました",
    "study.state.failed": "失敗しました",
    "study.progress": "進み具合",
    "study.played": "{games} / 約{expected}局",
    "study.eta": "残り約{s}秒",
    "study.cell": "組み合わせ",
    "study.n": "対局数",
    "study.share": "得点率",
    "study.interval": "95 % 区間",
    "study.pair": "{a} 対 {b}",
    "study.pairMeaning": "得点率は A の B に対する得点率です（勝ち1・引き分け½・負け0）。50 % なら互角です。",
    "study.firstMeaning": "得点率は先手の得点率です（勝ち1・引き分け½・負け0）。50 % なら先手の有利はありません。",
    "study.stoppedBy.width": "区間が十分せまい",
    "study.stoppedBy.games": "対局数の上限",
    "study.downloads": "結果をダウンロード",
    "study.json": "JSON",
    "study.png": "図（PNG）",
    "study.svg": "図（SVG）",
    "study.plot": "検証の図",
    "study.command": "同じ検証をコマンドで：",
    "study.state.queued": "順番待ち",
    "study.position": "前に{n}件あります。順番が来たら自動で始まります。",
    "study.busy": "いまサーバーでは別の検証（{game}）を実行中です（残り最長で約{s}秒、{n}件待ち）。始めると順番待ちに入ります。",
    "study.expires": "結果はあと約{m}分残ります。",
    "study.makeShare": "共有のリンクを作る",
    "study.shareLink": "共有のリンク（見るだけ。止めることはできません）",
    "study.shared": "共有された検証です（見るだけ）。",
    "study.differences": "差",
    "study.diffEven": "50 % との差",
    "study.diffPair": "{b} − {a}",
    "study.diffValue": "{d} ポイント（{lo}〜{hi}）",
    "study.diffP": "補正後の p = {p}",
    "study.clear": "はっきりした差",
    "study.unclear": "はっきりしない",
    "study.correction": "p 値は、この検証の検定（{n} 個）をまとめてホルムの方法で補正したものです。補正後の p が {alpha} 未満のときだけ「はっきりした差」とします。区間は補正していません。",
    "study.players": "{n}人",
    "study.estimating": "かかる対局数と時間を見積もっています…",
    "study.estimate": "見積もり：約{games}局、CPU 時間で{time}（誤差は{factor}倍以内）。",
    "study.estimateAtLeast": "見積もり：約{games}局、CPU 時間で{time}以上（短い試しでは1局も終わらなかったので下限です）。",
    "study.estimateCapped": "時間の上限（{s}秒）のほうが先に来るので、そこで止まります。",
    "study.estimateFailed": "見積もりを出せませんでした：{why}",
    "study.underMinute": "1分未満",
    "study.minute": "約1分",
    "study.minutes": "約{n}分",
  },
  en: {
    "study.open": "Study",
    "study.title": "Study: {game}",
    "study.back": "← Back to the lobby",
    "study.intro": "Computers play each other to measure how much one choice is worth, with an interval. Seats are rotated; the study stops once the interval is narrow enough, or at its games or time limit.",
    "study.compare": "Compare",
    "study.option": "Rule",
    "study.a": "A",
    "study.b": "B",
    "study.level": "Level of the computers that play",
    "study.games": "Most games per figure (at most {max})",
    "study.width": "Interval width, ± points (at most {max})",
    "study.seconds": "Time limit, seconds (at most {max})",
    "study.seed": "Seed",
    "study.start": "Start the study",
    "study.cancel": "Stop",
    "study.loading": "Loading…",
    "study.none": "No study yet.",
    "study.other": "The server's current study ({game})",
    "study.state.running": "Running",
    "study.state.done": "Done",
    "study.state.cancelled": "Stopped",
    "study.state.timed_out": "Stopped at the time limit",
    "study.state.failed": "Failed",
    "study.progress": "Progress",
    "study.played": "{games} of about {expected} games",
    "study.eta": "about {s} s left",
    "study.cell": "Figure",
    "study.n": "Games",
    "study.share": "Score",
    "study.interval": "95 % interval",
    "study.pair": "{a} vs {b}",
    "study.pairMeaning": "The score is A's against B (a win 1, a draw ½, a loss 0); 50 % is even.",
    "study.firstMeaning": "The score is the first player's (a win 1, a draw ½, a loss 0); 50 % is no advantage.",
    "study.stoppedBy.width": "interval narrow enough",
    "study.stoppedBy.games": "games limit",
    "study.downloads": "Download the results",
    "study.json": "JSON",
    "study.png": "Plot (PNG)",
    "study.svg": "Plot (SVG)",
    "study.plot": "The study's plot",
    "study.command": "The same study on the command line:",
    "study.state.queued": "Waiting",
    "study.position": "{n} ahead of it; it starts by itself when its turn comes.",
    "study.busy": "The server is running another study ({game}; at most about {s} s left, {n} waiting). A study started now waits its turn.",
    "study.expires": "The results are kept for about {m} more minutes.",
    "study.makeShare": "Make a share link",
    "study.shareLink": "Share link (it shows the study; it cannot stop it)",
    "study.shared": "A shared study (to look at only).",
    "study.differences": "Differences",
    "study.diffEven": "difference from 50 %",
    "study.diffPair": "{b} − {a}",
    "study.diffValue": "{d} points ({lo} to {hi})",
    "study.diffP": "p after the correction = {p}",
    "study.clear": "clear",
    "study.unclear": "not clear",
    "study.correction": "The p-values are corrected together by Holm's method over the study's tests ({n}); a difference is clear only when its corrected p is below {alpha}. The intervals are not corrected.",
    "study.players": "{n} players",
    "study.estimating": "Estimating the games and time it takes…",
    "study.estimate": "Estimate: about {games} games, {time} of CPU time (within a factor of {factor}).",
    "study.estimateAtLeast": "Estimate: about {games} games, at least {time} of CPU time (no trial game finished, so this is a lower bound).",
    "study.estimateCapped": "The time limit ({s} s) comes first: the study stops there.",
    "study.estimateFailed": "No estimate could be made: {why}",
    "study.underMinute": "under a minute",
    "study.minute": "about 1 minute",
    "study.minutes": "about {n} minutes",
  },
};

/** The study page's texts (also the lobby card's link). */
export const ts = translator(TEXTS);

const POLL = 700;
const ESTIMATE_AFTER = 600; // ms the form stays still before its estimate is asked for
const keyOf = (id) => `asobiba.study.${id}`;
const LAST = "asobiba.study.last";

/** The credential this tab holds for a study: {key, owner} (owner: its token, else a share key). */
function held(id) {
  try {
    return JSON.parse(sessionStorage.getItem(keyOf(id)) ?? "null");
  } catch {
    return null;
  }
}

function hold(id, key, owner) {
  sessionStorage.setItem(keyOf(id), JSON.stringify({ key, owner }));
  sessionStorage.setItem(LAST, id);
}

/** A study shared by a link: #study=ID&share=KEY (the fragment never reaches a server's log). */
function dataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function sharedInLink() {
  const found = new URLSearchParams(location.hash.slice(1));
  const id = found.get("study");
  const key = found.get("share");
  return id && key && /^[0-9a-f]{1,32}$/.test(id) ? { id, key } : null;
}

function pct(x) {
  return x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}`;
}

function points(x) {
  const text = (100 * x).toFixed(1);
  return x > 0 ? `+${text}` : text;
}

export function studyPage(root, game) {
  let choices = null;
  let error = null;
  let status = null;
  let timer = null;
  let gone = false;
  let slot = null;
  let shareLink = null;
  let files = null; // {kind: object URL} of the ended study's downloads
  let filesOf = null;
  let picture = null; // the plot as a data: URL
  let results = null; // the ended study's JSON (its differences), read from its download
  let estimate = null; // {state: "asking"|"done"|"failed", found, why, of: the body's JSON}
  let estimateTimer = null;
  const form = { compare: null, option: null, a: null, b: null, level: null, games: 40, width: 5, seconds: 60, seed: 0 };

  function kind() {
    return choices.compare.find((c) => c.id === form.compare);
  }

  /** The values `a` and `b` may take now: of the compared kind, or of the chosen rule option. */
  function values() {
    const k = kind();
    if (k.options) return k.options.find((o) => o.id === form.option)?.values ?? [];
    return k.values;
  }

  function resetPair() {
    const vs = values();
    form.a = vs[0]?.id ?? null;
    form.b = vs[1]?.id ?? null;
  }

  function nameOf(id, key = null) {
    for (const k of choices?.compare ?? []) {
      const groups = k.options ? k.options.filter((o) => key === null || o.id === key) : key === null ? [k] : [];
      for (const g of groups) {
        const v = g.values.find((x) => x.id === id);
        if (v) return pick(v.name);
      }
    }
    return id;
  }

  function cellName(cell) {
    if (cell.a !== null && cell.a !== undefined) return ts("study.pair", { a: nameOf(cell.a), b: nameOf(cell.b) });
    const [key, value] = cell.label.split("=");
    if (value === undefined) { // a first-player figure: "LEVEL" or "LEVEL, N players"
      const [level, players] = cell.label.split(", ");
      const n = parseInt(players, 10);
      return Number.isNaN(n) ? nameOf(level) : `${nameOf(level)} · ${ts("study.players", { n })}`;
    }
    const option = choices?.compare.find((c) => c.options)?.options.find((o) => o.id === key);
    return option ? `${pick(option.name)}: ${nameOf(value, key)}` : cell.label;
  }

  function select(id, label, items, current, onchange) {
    return h("div", { class: "field" },
      h("label", { class: "field-label", for: id }, label),
      h("select", { id, "data-study": id.replace("study-", ""), onchange: (e) => { onchange(e.target.value); changed(); } },
        items.map((it) => h("option", { value: it.id, selected: it.id === current }, pick(it.name)))));
  }

  function number(id, label, value, max, onchange, min = 1) {
    return h("div", { class: "field" },
      h("label", { class: "field-label", for: id }, label),
      h("input", { id, type: "number", min, max, step: 1, value, "data-study": id.replace("study-", ""),
                   onchange: (e) => { onchange(Number(e.target.value)); changed(); } }));
  }

  function formEl() {
    const k = kind();
    const limits = choices.limits;
    const fields = [
      select("study-compare", ts("study.compare"), choices.compare, form.compare, (v) => {
        form.compare = v;
        form.option = kind().options?.[0]?.id ?? null;
        resetPair();
        render();
      }),
    ];
    if (k.options) {
      fields.push(select("study-option", ts("study.option"), k.options, form.option, (v) => {
        form.option = v;
        resetPair();
        render();
      }));
    }
    fields.push(
      select("study-a", ts("study.a"), values(), form.a, (v) => (form.a = v)),
      select("study-b", ts("study.b"), values(), form.b, (v) => (form.b = v)),
    );
    if (!usesLevel(k)) {
      fields.push(select("study-level", ts("study.level"), choices.levels, form.level, (v) => (form.level = v)));
    }
    fields.push(
      number("study-games", ts("study.games", { max: limits.games }), form.games, limits.games, (v) => (form.games = v)),
      number("study-width", ts("study.width", { max: limits.width }), form.width, limits.width, (v) => (form.width = v)),
      number("study-seconds", ts("study.seconds", { max: limits.seconds }), form.seconds, limits.seconds, (v) => (form.seconds = v)),
      number("study-seed", ts("study.seed"), form.seed, limits.seed, (v) => (form.seed = v), 0),
    );
    const running = live(status) && held(status.id)?.owner;
    const start = h("button", { type: "button", class: "primary big", "data-action": "study-start", disabled: running },
      ts("study.start"));
    start.addEventListener("click", () => begin(start));
    return h("div", { class: "panel study-form" },
      h("div", { class: "fields study-fields" }, fields),
      h("div", { class: "start-row" },
        estimateEl(),
        error ? h("p", { class: "error", role: "alert" }, error) : null,
        start));
  }

  /** Whether the compared kind's values are themselves levels (so no level is asked for). */
  function usesLevel(k) {
    return k.id === "levels" || k.id === "first-player";
  }

  function cpuTime(seconds) {
    const minutes = Math.round(seconds / 60);
    if (seconds < 60) return ts("study.underMinute");
    return minutes === 1 ? ts("study.minute") : ts("study.minutes", { n: minutes });
  }

  function estimateEl() {
    let text = "";
    let capped = null;
    if (estimate?.state === "asking") text = ts("study.estimating");
    else if (estimate?.state === "failed") text = ts("study.estimateFailed", { why: estimate.why });
    else if (estimate?.state === "done") {
      const f = estimate.found;
      text = ts(f.at_least ? "study.estimateAtLeast" : "study.estimate",
        { games: f.games, time: cpuTime(f.seconds), factor: f.factor });
      if (f.seconds > form.seconds) capped = ts("study.estimateCapped", { s: form.seconds });
    }
    return h("p", { class: estimate?.state === "failed" ? "study-estimate error" : "study-estimate muted",
                    "data-role": "study-estimate", "data-estimate": estimate?.state ?? "none", "aria-live": "polite" },
      text, capped ? " " : null, capped);
  }

  /** The form changed: ask for the estimate again once it has been still for a moment. */
  function changed() {
    clearTimeout(estimateTimer);
    estimateTimer = setTimeout(askEstimate, ESTIMATE_AFTER);
  }

  async function askEstimate() {
    if (gone || !choices) return;
    const asked = JSON.stringify(body());
    if (estimate?.of === asked && estimate.state !== "failed") return;
    estimate = { state: "asking", of: asked };
    showEstimate();
    let next;
    try {
      next = { state: "done", found: await postJSON("/api/studies/estimate", JSON.parse(asked)), of: asked };
    } catch (err) {
      next = { state: "failed", why: errorText(err), of: asked };
    }
    if (estimate?.of !== asked) return; // the form changed meanwhile: a newer answer is on its way
    estimate = next;
    showEstimate();
  }

  /** The estimate's line updated in place (the form keeps its focus; the live region stays). */
  function showEstimate() {
    const shown = root.querySelector('[data-role="study-estimate"]');
    if (!shown) return render();
    const made = estimateEl();
    shown.className = made.className;
    shown.dataset.estimate = made.dataset.estimate;
    shown.replaceChildren(...made.childNodes);
  }

  function body() {
    const out = { game, compare: form.compare, a: form.a, b: form.b, games: form.games, width: form.width,
                  seconds: form.seconds, seed: form.seed };
    if (kind().options) out.option = form.option;
    if (!usesLevel(kind())) out.level = form.level;
    return out;
  }

  async function begin(button) {
    button.disabled = true;
    error = null;
    try {
      const started = await postJSON("/api/studies", body());
      hold(started.id, started.token, true);
      status = started;
      shareLink = null;
      poll();
    } catch (err) {
      error = errorText(err);
    }
    render();
  }

  async function cancel() {
    try {
      status = await postJSON(`/api/studies/${status.id}/cancel`, undefined, held(status.id)?.key);
    } catch (err) {
      error = errorText(err);
    }
    render();
    poll();
  }

  async function share() {
    try {
      const made = await postJSON(`/api/studies/${status.id}/share`, undefined, held(status.id)?.key);
      shareLink = new URL(made.link, location.origin).href;
    } catch (err) {
      error = errorText(err);
    }
    render();
  }

  function live(s) {
    return s?.state === "running" || s?.state === "queued";
  }

  /** The ended study's downloads, fetched with its credential (a link cannot send one). */
  async function fetchFiles() {
    if (!status || live(status) || filesOf === status.id || !Object.keys(status.downloads).length) return;
    filesOf = status.id;
    results = null;
    const key = held(status.id)?.key;
    const found = {};
    try {
      for (const [file, url] of Object.entries(status.downloads)) {
        const blob = await getBlob(url, key);
        found[file] = URL.createObjectURL(blob);
        if (file === "png") picture = await dataUrl(blob); // the page's pictures are its own or data:
        if (file === "json") results = JSON.parse(await blob.text());
      }
      files = found;
    } catch (err) {
      error = errorText(err);
    }
    render();
  }

  function poll() {
    clearTimeout(timer);
    if (gone) return;
    if (!live(status)) {
      fetchFiles();
      return;
    }
    timer = setTimeout(async () => {
      try {
        status = await getJSON(`/api/studies/${status.id}`, held(status.id)?.key);
      } catch (err) {
        error = errorText(err);
        status = null;
      }
      render();
      poll();
    }, POLL);
  }

  function bar(cell) {
    if (cell.share === null) return h("span", { class: "study-bar", "aria-hidden": "true" });
    return h("span", { class: "study-bar", "aria-hidden": "true" },
      h("span", { class: "study-even" }),
      h("span", { class: "study-range", style: `left:${100 * cell.low}%;width:${100 * (cell.high - cell.low)}%` }),
      h("span", { class: "study-mark", style: `left:${100 * cell.share}%` }));
  }

  function slotEl() {
    if (!slot?.running) return null;
    return h("p", { class: "muted", "data-role": "study-slot" },
      ts("study.busy", { game: pick(slot.running.name), s: slot.running.left, n: slot.waiting }));
  }

  function statusEl() {
    if (!status) return h("div", {}, h("p", { class: "muted" }, ts("study.none")), slotEl());
    const running = status.state === "running";
    const queued = status.state === "queued";
    const mine = held(status.id)?.owner;
    const pair = status.cells[0]?.a !== null && status.cells[0]?.a !== undefined;
    const line = [ts(`study.state.${status.state}`), status.error ? ` (${status.error})` : ""].join("");
    const played = ts("study.played", { games: status.games, expected: status.expected });
    const eta = running && status.eta !== null ? ` · ${ts("study.eta", { s: Math.ceil(status.eta) })}` : "";
    const downloads = files && filesOf === status.id ? Object.entries(files) : [];
    const minutes = status.expires !== null && status.expires !== undefined ? Math.max(1, Math.round(status.expires / 60)) : null;
    return h("div", { class: "study-status", "data-state": status.state },
      status.game !== game ? h("h2", {}, ts("study.other", { game: status.game })) : null,
      mine ? null : h("p", { class: "muted", "data-role": "study-shared" }, ts("study.shared")),
      h("p", { class: "status", "data-role": "study-state" }, line),
      queued ? h("p", { class: "muted", "data-role": "study-position" }, ts("study.position", { n: status.position })) : null,
      h("progress", { max: Math.max(1, status.expected), value: status.games, "aria-label": ts("study.progress") }),
      h("p", { class: "muted", "data-role": "study-played" }, played, eta),
      h("table", { class: "study-table" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, ts("study.cell")), h("th", { scope: "col" }, ts("study.n")),
          h("th", { scope: "col" }, ts("study.share")), h("th", { scope: "col" }, ts("study.interval")),
          h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, ts("study.interval"))))),
        h("tbody", {}, status.cells.map((c) => h("tr", { "data-role": "study-cell" },
          h("th", { scope: "row" }, cellName(c)),
          h("td", {}, c.games),
          h("td", {}, `${pct(c.share)} %`),
          h("td", { "data-role": "study-interval" }, `${pct(c.low)}–${pct(c.high)} % (±${pct(c.half_width)})`,
            c.stopped_by ? h("span", { class: "muted" }, ` · ${ts(`study.stoppedBy.${c.stopped_by}`)}`) : null),
          h("td", { class: "study-bar-cell" }, bar(c)))))),
      h("p", { class: "help" }, ts(pair ? "study.pairMeaning" : "study.firstMeaning")),
      differencesEl(),
      mine ? h("div", { class: "buttons" },
        live(status) ? h("button", { type: "button", "data-action": "study-cancel", onclick: cancel }, ts("study.cancel")) : null,
        h("button", { type: "button", "data-action": "study-share", onclick: share }, ts("study.makeShare"))) : null,
      mine && shareLink ? h("div", { class: "field" },
        h("label", { class: "field-label", for: "study-share-link" }, ts("study.shareLink")),
        h("input", { id: "study-share-link", type: "text", readonly: true, value: shareLink, "data-role": "study-share-link",
                     onfocus: (e) => e.target.select() })) : null,
      downloads.length ? h("div", { class: "study-downloads" },
        h("h2", {}, ts("study.downloads")),
        h("div", { class: "buttons" }, downloads.map(([file, url]) =>
          h("a", { class: "button", href: url, download: `asobiba-study-${status.game}-${status.compare}.${file}`, "data-download": file },
            ts(`study.${file}`))))) : null,
      picture && filesOf === status.id
        ? h("img", { class: "study-plot", src: picture, alt: ts("study.plot") }) : null,
      minutes !== null ? h("p", { class: "muted", "data-role": "study-expires" }, ts("study.expires", { m: minutes })) : null,
      h("p", { class: "help" }, ts("study.command"), " ", h("code", {}, status.command)),
    );
  }

  function differenceRow(name, d) {
    const value = ts("study.diffValue", { d: points(d.value), lo: points(d.interval[0]), hi: points(d.interval[1]) });
    return h("li", { "data-role": "study-difference", "data-clear": d.clear ? "true" : "false" },
      h("strong", {}, name), h("br"),
      `${value} · ${ts("study.diffP", { p: d.p_holm })} · `,
      d.clear ? h("strong", {}, ts("study.clear")) : ts("study.unclear"));
  }

  function differencesEl() {
    if (!results || filesOf !== status?.id || live(status)) return null;
    const byLabel = new Map(results.cells.map((c) => [c.label, c]));
    const rows = results.cells.map((c) => differenceRow(`${cellName(c)}: ${ts("study.diffEven")}`, c.difference));
    for (const d of results.differences) {
      const a = byLabel.get(d.a), b = byLabel.get(d.b);
      rows.push(differenceRow(ts("study.diffPair", { a: a ? cellName(a) : d.a, b: b ? cellName(b) : d.b }), d.difference));
    }
    const alpha = Math.round(100 * (1 - results.study.confidence)) / 100;
    return h("div", { class: "study-differences", "data-role": "study-differences" },
      h("h2", {}, ts("study.differences")),
      h("ul", { class: "study-difference-list" }, rows),
      h("p", { class: "help" }, ts("study.correction", { n: results.tests, alpha })));
  }

  function render() {
    if (gone) return;
    if (!choices) {
      root.replaceChildren(h("p", { class: "muted" }, error ?? ts("study.loading")));
      return;
    }
    const title = ts("study.title", { game: pick(choices.name) });
    setTitle(title);
    const back = link("/", ts("study.back"));
    root.replaceChildren(h("section", { class: "study-page", "data-role": "study" },
      h("p", {}, back),
      h("h1", {}, title),
      h("p", { class: "study-intro" }, ts("study.intro")),
      formEl(),
      h("div", { class: "panel", "aria-live": "polite" }, statusEl())));
  }

  (async () => {
    try {
      const shared = sharedInLink();
      if (shared && !held(shared.id)?.owner) hold(shared.id, shared.key, false);
      const last = shared?.id ?? sessionStorage.getItem(LAST);
      const [found, queue, mine] = await Promise.all([
        getJSON(`/api/studies/choices/${game}`), getJSON("/api/studies/queue"),
        last && held(last) ? getJSON(`/api/studies/${last}`, held(last).key).catch(() => null) : null]);
      choices = found;
      form.compare = choices.compare[0].id;
      form.option = kind().options?.[0]?.id ?? null;
      form.level = choices.defaults.level;
      resetPair();
      slot = queue;
      status = mine;
      poll();
      changed();
    } catch (err) {
      error = errorText(err);
    }
    render();
  })();

  render();
  return { refresh: render, destroy: () => { gone = true; clearTimeout(timer); clearTimeout(estimateTimer); } };
}
