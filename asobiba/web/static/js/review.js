// The engine's review of a finished game, beside its replay (docs/play.md, "Reviewing a game";
// the JSON of docs/formats.md, "Reviews"): a button starts it, a progress bar follows it, then each
// player's accuracy and counts, a chart of the winning chance over the game (SVG), judgement marks
// on the move list (`data-judgement` on each row), the better move drawn on the board when the
// replay steps to an inaccuracy, a mistake or a blunder, and "learn from your mistakes": jump to
// each of them, try another move (on the board: a piece, then where it goes; or a button per legal
// move, shown on the board when pointed at),
// hear whether it is as good as the best, and see the best after a try or on request.

import { getJSON, postJSON } from "./api.js";
import { cellEl, clearMarks, clearMove, drawMove, nearestCell } from "./board.js";
import { clear, h } from "./dom.js";
import { errorText } from "./errors.js";
import { pick, translator } from "./i18n.js";

const TEXTS = {
  ja: {
    "review.title": "対局の振り返り",
    "review.start": "対局を振り返る",
    "review.about": "コンピューター（{level}）が一手ずつ調べ、より良い手を示します。",
    "review.running": "振り返り中… {done} / {total}手",
    "review.waiting": "ほかのサーバーが振り返りを進めています…",
    "review.accuracy": "正確さ {accuracy}",
    "review.noAccuracy": "正確さ —",
    "review.chart": "勝つ見込みの移り変わり（{seat}）",
    "review.chartTwo": "勝つ見込みの移り変わり（上: {first}、下: {second}）",
    "review.biggest": "いちばん大きな分かれ目: {text}",
    "review.move": "{n}手目 {move}: {label}",
    "review.better": "より良い手は {best}（見込み {after}% → 最善なら {bestAfter}%）",
    "review.learn": "間違いから学ぶ",
    "review.learnNone": "悪手・大悪手はありませんでした。",
    "review.learnAbout": "悪手・大悪手の局面に戻って、もっと良い手を探しましょう。",
    "review.tryTitle": "{n}手目（{seat}の番）: もっと良い手は？ 実際は {move}",
    "review.tryPick": "盤の上で駒と行き先を選ぶか、下のボタンで手を選んでください（指すと判定します）。",
    "review.trying": "調べています…",
    "review.asGood": "{move} — 最善と同じくらい良い手です！",
    "review.notGood": "{move} — {label}。もう一度どうぞ。",
    "review.showBest": "最善手を見る",
    "review.bestIs": "最善手は {best} です。",
    "review.next": "次の間違いへ",
    "review.done": "終わる",
    "review.jump": "{n}手目へ",
    "review.levels.intro": "入門", "review.levels.weak": "よわい", "review.levels.normal": "ふつう",
    "review.levels.strong": "つよい", "review.levels.strongest": "最強",
  },
  en: {
    "review.title": "Game review",
    "review.start": "Review the game",
    "review.about": "The computer ({level}) looks at every move and shows the better ones.",
    "review.running": "Reviewing… {done} of {total} moves",
    "review.waiting": "Another server is working the review out…",
    "review.accuracy": "accuracy {accuracy}",
    "review.noAccuracy": "accuracy —",
    "review.chart": "Winning chance over the game ({seat})",
    "review.chartTwo": "Winning chance over the game (up: {first}, down: {second})",
    "review.biggest": "The biggest turn: {text}",
    "review.move": "Move {n} {move}: {label}",
    "review.better": "Better was {best} ({after}% after the move played, {bestAfter}% after the best)",
    "review.learn": "Learn from the mistakes",
    "review.learnNone": "There were no mistakes or blunders.",
    "review.learnAbout": "Go back to each mistake and blunder and look for a better move.",
    "review.tryTitle": "Move {n} ({seat} to move): find a better move than {move}",
    "review.tryPick": "Pick a piece and where it goes on the board, or a move below (it is judged when you play it).",
    "review.trying": "Looking at it…",
    "review.asGood": "{move} — as good as the best!",
    "review.notGood": "{move} — {label}. Try again.",
    "review.showBest": "Show the best move",
    "review.bestIs": "The best move is {best}.",
    "review.next": "Next mistake",
    "review.done": "Done",
    "review.jump": "Go to move {n}",
    "review.levels.intro": "intro", "review.levels.weak": "weak", "review.levels.normal": "normal",
    "review.levels.strong": "strong", "review.levels.strongest": "strongest",
  },
};

export const rt = translator(TEXTS);

const LEVEL = "normal";
const POLL_MS = 700;
const MARKS = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??", only: "" };
const SHOWN = new Set(["inaccuracy", "mistake", "blunder"]);
const LEARN = new Set(["mistake", "blunder"]);
const SEAT_COLOURS = ["#1f6fe0", "#c0392b", "#1e8449", "#8e44ad", "#b9770e", "#566573"];

/** Draw `move` on `svg` as `cls`: its trail, or for a move that puts pieces on the board (e.g. a
 * placing of rolled dice) a ringed value on each cell it fills. */
function drawAny(svg, move, cls, options = {}) {
  clearMove(svg, cls);
  if (!svg || !move) return;
  if (move.path?.length > 1 || (move.from && move.to)) {
    drawMove(svg, move, cls, options);
    return;
  }
  if (!move.drops?.length) return;
  const ns = "http://www.w3.org/2000/svg";
  const group = document.createElementNS(ns, "g");
  group.setAttribute("class", `move-mark ${cls}`);
  group.setAttribute("aria-hidden", "true");
  const toSvg = svg.getScreenCTM()?.inverse();
  for (const drop of move.drops) {
    const cell = cellEl(svg, drop.cell);
    if (!cell || !toSvg) continue;
    const box = cell.getBoundingClientRect();
    const centre = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(toSvg);
    const corner = new DOMPoint(box.x, box.y).matrixTransform(toSvg);
    const r = Math.abs(centre.x - corner.x) * 0.55;
    const ring = document.createElementNS(ns, "circle");
    for (const [k, v] of Object.entries({ class: "ring drop-ring", cx: centre.x, cy: centre.y + r * 0.55, r: r * 0.5 })) ring.setAttribute(k, String(v));
    const label = document.createElementNS(ns, "text");
    for (const [k, v] of Object.entries({ class: "drop-value", x: centre.x, y: centre.y + r * 0.55, "font-size": r * 0.6,
      "text-anchor": "middle", "dominant-baseline": "central" })) label.setAttribute(k, String(v));
    label.textContent = String(drop.value);
    group.append(ring, label);
  }
  svg.append(group);
}

let styled = false;
function addStyle() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/review.css" }));
}

/** The review panel of the finished game `gameId`. `go(n)` shows the position after n actions;
 * `words(line)` names a move as the move list does. */
export function reviewPanel({ gameId, go }) {
  addStyle();
  let review = null; // the review JSON once done
  let status = null; // {status, done, total}
  let failure = "";
  let timer = null;
  let shownPly = null; // the position the replay shows
  let svg = null;
  let trial = null; // {move, choices, answer, showBest, busy, from: the piece picked on the board}
  const byPly = new Map();

  const el = h("section", { class: "review", "data-role": "review", "aria-labelledby": "review-title", hidden: true });
  const line = h("p", { class: "review-line", "data-role": "review-move", "aria-live": "polite" });

  async function load(start = false) {
    try {
      status = await getJSON(`/api/games/${gameId}/review?level=${LEVEL}`);
      if (start && status.status === "none") await begin();
      else settle();
    } catch (err) {
      failure = errorText(err);
      render();
    }
  }

  async function begin() {
    failure = "";
    try {
      status = await postJSON(`/api/games/${gameId}/review?level=${LEVEL}`);
    } catch (err) {
      failure = errorText(err);
    }
    settle();
  }

  function settle() {
    if (status?.status === "done") {
      review = status.review;
      byPly.clear();
      for (const move of review.moves) byPly.set(move.ply, move);
      clearTimeout(timer);
      timer = null;
    } else if (status?.status === "running") {
      clearTimeout(timer);
      timer = setTimeout(() => load(), POLL_MS);
    }
    render();
    changed();
  }

  let onChange = () => {};
  function changed() {
    onChange();
  }

  function render() {
    clear(el);
    el.hidden = (!status && !failure) || status?.status === "unfinished";
    el.append(h("h2", { id: "review-title" }, rt("review.title")));
    if (failure) el.append(h("p", { class: "review-error", role: "alert" }, failure));
    if (!status || status.status === "unfinished") return;
    if (status.status === "none") {
      el.append(
        h("p", { class: "muted" }, rt("review.about", { level: rt(`review.levels.${LEVEL}`) })),
        h("button", { type: "button", class: "primary", "data-action": "review", onclick: begin }, rt("review.start")));
      return;
    }
    if (status.status === "running") {
      const total = status.total ?? 0;
      el.append(
        h("progress", { max: String(Math.max(1, total)), value: String(status.done ?? 0), "data-role": "review-progress",
          "aria-label": rt("review.title") }),
        h("p", { class: "muted", "aria-live": "polite" },
          total ? rt("review.running", { done: status.done ?? 0, total }) : rt("review.waiting")));
      return;
    }
    el.append(summary(), chart(), line, learnPart());
    describe();
  }

  function summary() {
    return h("ul", { class: "review-summary", "data-role": "review-summary" },
      review.summary.map((s) => h("li", { "data-seat": s.seat },
        h("strong", {}, pick(s.name)), " ",
        h("span", { class: "accuracy" }, s.accuracy === null ? rt("review.noAccuracy")
          : rt("review.accuracy", { accuracy: Math.round(s.accuracy) })),
        h("span", { class: "counts" },
          ["best", "good", "inaccuracy", "mistake", "blunder"].map((j) =>
            h("span", { class: `count j-${j}`, "data-judgement": j, title: labelOf(j) },
              `${labelOf(j)} ${s.counts[j]}`))),
        s.biggest ? h("button", { type: "button", class: "link", "data-action": "biggest",
          onclick: () => go(s.biggest.ply + 1) }, rt("review.biggest", { text: pick(s.biggest.text) })) : null)));
  }

  function labelOf(judgement) {
    const move = review?.moves.find((m) => m.judgement === judgement);
    if (move) return pick(move.label);
    return { best: pick({ ja: "最善", en: "best" }), good: pick({ ja: "好手", en: "good" }),
      inaccuracy: pick({ ja: "緩手", en: "inaccuracy" }), mistake: pick({ ja: "悪手", en: "mistake" }),
      blunder: pick({ ja: "大悪手", en: "blunder" }), only: pick({ ja: "一手のみ", en: "only move" }) }[judgement];
  }

  /** The winning chance after every decision: with two players one line (the first seat's chance,
   * the second's is the rest), with more one line per seat at its own moves. */
  function chart() {
    const moves = review.moves;
    const seats = review.summary.length;
    const W = 300;
    const H = 100;
    const last = Math.max(1, moves.at(-1)?.ply ?? 1);
    const x = (ply) => ((ply + 1) / (last + 1)) * W;
    const y = (chance) => H - (chance / 100) * H;
    const ns = "http://www.w3.org/2000/svg";
    const svgEl = (tag, attrs) => {
      const node = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      return node;
    };
    const svgChart = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", "data-role": "review-chart",
      role: "img", preserveAspectRatio: "none" });
    const names = review.summary.map((s) => pick(s.name));
    const title = svgEl("title", {});
    title.textContent = seats === 2 ? rt("review.chartTwo", { first: names[0], second: names[1] })
      : rt("review.chart", { seat: names.join(" / ") });
    svgChart.append(title);
    svgChart.setAttribute("aria-label", title.textContent);
    svgChart.append(svgEl("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "mid" }));
    const series = seats === 2
      ? [{ seat: 0, points: [[0, 50], ...moves.map((m) => [x(m.ply), m.seat === 0 ? m.after : 100 - m.after])] }]
      : review.summary.map((s) => ({ seat: s.seat, points: moves.filter((m) => m.seat === s.seat).map((m) => [x(m.ply), m.after]) }));
    for (const { seat, points } of series) {
      const pts = points.map(([px, c]) => `${px.toFixed(1)},${y(c).toFixed(1)}`).join(" ");
      if (seats === 2) svgChart.append(svgEl("polygon", { points: `0,${H} ${pts} ${W},${y(points.at(-1)[1]).toFixed(1)} ${W},${H}`, class: "area" }));
      svgChart.append(svgEl("polyline", { points: pts, class: "chance", stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length] }));
    }
    for (const m of moves) {
      if (!SHOWN.has(m.judgement)) continue;
      const chance = seats === 2 && m.seat !== 0 ? 100 - m.after : m.after;
      const dot = svgEl("circle", { cx: x(m.ply).toFixed(1), cy: y(chance).toFixed(1), r: 3.2, class: `dot j-${m.judgement}`,
        "data-ply": m.ply });
      dot.addEventListener("click", () => go(m.ply + 1));
      svgChart.append(dot);
    }
    if (shownPly !== null) svgChart.append(svgEl("line", { x1: x(shownPly - 1), x2: x(shownPly - 1), y1: 0, y2: H, class: "now" }));
    const legend = seats === 2
      ? h("figcaption", { class: "muted" }, `▲ ${names[0]}　▼ ${names[1]}`)
      : h("figcaption", { class: "muted" }, review.summary.map((s) =>
        h("span", { class: "legend" }, h("span", { class: "swatch", style: `background:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}` }),
          ` ${names[s.seat]} `)));
    return h("figure", { class: "review-figure" }, svgChart, legend);
  }

  function learnPart() {
    const mistakes = review.moves.filter((m) => LEARN.has(m.judgement));
    const part = h("div", { class: "review-learn", "data-role": "review-learn" },
      h("h3", {}, rt("review.learn")));
    if (!mistakes.length) {
      part.append(h("p", { class: "muted" }, rt("review.learnNone")));
      return part;
    }
    if (!trial) {
      part.append(h("p", { class: "muted" }, rt("review.learnAbout")),
        h("div", { class: "buttons review-jumps" }, mistakes.map((m) =>
          h("button", { type: "button", "data-action": "learn", "data-ply": m.ply, class: `j-${m.judgement}`,
            onclick: () => startTrial(m) },
          `${m.ply + 1}. ${m.notation}${MARKS[m.judgement]} (${pick(review.summary[m.seat].name)})`))));
      return part;
    }
    const move = trial.move;
    part.append(h("p", { class: "try-title" }, rt("review.tryTitle",
      { n: move.ply + 1, seat: pick(review.summary[move.seat].name), move: move.notation })));
    if (!trial.choices) {
      part.append(h("p", { class: "muted" }, rt("review.trying")));
      return part;
    }
    part.append(h("p", { class: "muted" }, rt("review.tryPick")));
    part.append(h("div", { class: "buttons try-choices", "data-role": "try-choices" },
      trial.choices.map((c) => h("button", {
        type: "button", "data-action": "try", "data-move": c.action, disabled: trial.busy || undefined,
        class: c.action === move.action ? "played" : "",
        onpointerenter: () => svg && drawAny(svg, c, "peek", { rings: true }),
        onpointerleave: () => svg && clearMove(svg, "peek"),
        onfocus: () => svg && drawAny(svg, c, "peek", { rings: true }),
        onclick: () => tryMove(c),
      }, pick(c.words) || c.notation))));
    if (trial.busy) part.append(h("p", { class: "muted", "aria-live": "polite" }, rt("review.trying")));
    if (trial.answer) {
      const a = trial.answer;
      part.append(h("p", { class: `try-answer ${a.as_good ? "as-good" : "not-good"}`, "data-role": "try-answer",
        "data-judgement": a.judgement, role: "status" },
      a.as_good ? rt("review.asGood", { move: a.notation }) : rt("review.notGood", { move: a.notation, label: pick(a.label) })));
    }
    if (trial.showBest || trial.answer) {
      part.append(h("p", { class: "try-best", "data-role": "try-best" }, rt("review.bestIs", { best: move.best.notation })));
    }
    const next = mistakes.find((m) => m.ply > move.ply);
    part.append(h("div", { class: "buttons" },
      trial.showBest || trial.answer ? null
        : h("button", { type: "button", "data-action": "show-best", onclick: () => { trial.showBest = true; render(); drawTrial(); } },
          rt("review.showBest")),
      next ? h("button", { type: "button", "data-action": "next-mistake", onclick: () => startTrial(next) }, rt("review.next")) : null,
      h("button", { type: "button", "data-action": "end-trial", onclick: () => { trial = null; go(move.ply + 1); render(); } },
        rt("review.done"))));
    return part;
  }

  async function startTrial(move) {
    trial = { move, choices: null, answer: null, showBest: false, busy: false, from: null };
    go(move.ply);
    render();
    try {
      const found = await getJSON(`/api/games/${gameId}/review/choices?ply=${move.ply}`);
      if (trial?.move !== move) return;
      trial.choices = found.choices;
    } catch (err) {
      failure = errorText(err);
    }
    render();
    drawTrial();
  }

  async function tryMove(choice) {
    if (!trial || trial.busy) return;
    trial.busy = true;
    render();
    try {
      trial.answer = await postJSON(`/api/games/${gameId}/review/try`,
        { ply: trial.move.ply, action: choice.action, level: LEVEL });
      trial.tried = choice;
    } catch (err) {
      failure = errorText(err);
    }
    trial.busy = false;
    render();
    drawTrial();
    el.querySelector("[data-role=try-answer]")?.focus?.();
  }

  /** During a try, the board takes moves too: the pieces that can move are `movable`; a click on
   * one marks where it may go (`legal`), a click there tries that move. */
  function boardChoices() {
    if (!svg || !trial?.choices) return;
    clearMarks(svg, "movable", "legal", "selected");
    const onBoard = trial.choices.filter((c) => c.from && c.to);
    if (trial.from) {
      mark(svg, [trial.from], "selected");
      mark(svg, onBoard.filter((c) => c.from === trial.from).map((c) => c.to), "legal");
    } else {
      mark(svg, [...new Set(onBoard.map((c) => c.from))], "movable");
    }
    if (svg.dataset.reviewClicks) return;
    svg.dataset.reviewClicks = "yes";
    svg.addEventListener("click", (event) => {
      if (!trial?.choices || trial.busy) return;
      const name = nearestCell(svg, event.clientX, event.clientY)?.dataset.cell;
      const chosen = trial.choices.find((c) => c.from === trial.from && c.to === name);
      if (chosen) {
        trial.from = null;
        tryMove(chosen);
        return;
      }
      trial.from = trial.choices.some((c) => c.from === name && c.to) ? name : null;
      boardChoices();
    });
  }

  /** On the position before the move tried: the move tried (and the best, once shown). */
  function drawTrial() {
    if (!svg || !trial) return;
    boardChoices();
    clearMove(svg, "peek");
    if (trial.tried) drawAny(svg, trial.tried, "tried", { rings: true });
    if (trial.showBest || trial.answer) drawAny(svg, trial.move.best.cells, "better", { rings: true, dots: true });
  }

  /** The judgement of the move that led to the position shown, in words. */
  function describe() {
    const move = shownPly === null ? null : byPly.get(shownPly - 1);
    if (!move || trial) {
      line.textContent = "";
      line.removeAttribute("data-judgement");
      return;
    }
    line.dataset.judgement = move.judgement;
    const parts = [rt("review.move", { n: move.ply + 1, move: move.notation + MARKS[move.judgement], label: pick(move.label) })];
    if (SHOWN.has(move.judgement)) {
      parts.push(rt("review.better", { best: move.best.notation, after: Math.round(move.after), bestAfter: Math.round(move.best.after) }));
    }
    line.textContent = parts.join(" — ");
  }

  /** After the replay drew position `ply` on `board`: the better move of a judged mistake. */
  function drawn(board, ply) {
    svg = board;
    shownPly = ply;
    if (!review) return;
    if (trial && ply === trial.move.ply) {
      drawTrial();
    } else {
      const move = byPly.get(ply - 1);
      if (move && SHOWN.has(move.judgement) && move.best.cells) drawAny(board, move.best.cells, "better", { rings: true, dots: true });
    }
    const figure = el.querySelector(".review-figure");
    if (figure) figure.replaceWith(chart());
    describe();
  }

  /** Marks on the rows of the replay's move list (`li[data-ply]`). */
  function mark(list) {
    if (!review) return;
    for (const li of list.querySelectorAll("li[data-ply]")) {
      const move = byPly.get(Number(li.dataset.ply));
      if (!move) continue;
      li.dataset.judgement = move.judgement;
      const sign = MARKS[move.judgement];
      li.append(h("span", { class: `judgement-mark j-${move.judgement}`, title: pick(move.label) },
        sign ? ` ${sign}` : "", h("span", { class: "visually-hidden" }, ` ${pick(move.label)}`)));
    }
  }

  return {
    el,
    load,
    drawn,
    mark,
    refresh: render,
    onChange: (fn) => { onChange = fn; },
    destroy: () => clearTimeout(timer),
  };
}
