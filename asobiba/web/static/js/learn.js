// How to play (docs/play.md, "How to play"): the lessons a game declares (GET /api/learn/{game}),
// each played on a small board drawn by the game's own picture. Clicks on the board make moves; the
// server replays them from the lesson's own position and judges them (POST /api/learn/{game}/{id}):
// done → the rules the lesson taught, restated from the game's rules map (GET
// /api/learn/{game}/rules), and the next lesson; a wrong or forbidden move → what the rule says, in
// the page's language. The game's self-test (its lessons marked quiz) is listed under its own
// heading after the lessons. Solved lessons are remembered in localStorage. The same view is a
// page (/learn/{game}) and a panel beside a table (learnPanel). It names no game: everything comes
// from the server.

import { getJSON, postJSON } from "./api.js";
import { boardPicture, cellEl, clearMarks, drawMove, markPiece, mountSvg, nearestCell } from "./board.js";
import { clear, h, link } from "./dom.js";
import { pick, t } from "./i18n.js";
import { setTitle } from "./title.js";

const storeKey = (game) => `asobiba.learn.${game}`;

/** The ids of the lessons of `game` solved in this browser. */
function solvedIds(game) {
  try {
    const ids = JSON.parse(localStorage.getItem(storeKey(game)) ?? "[]");
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

function remember(game, ids) {
  localStorage.setItem(storeKey(game), JSON.stringify([...ids]));
}

/** `text` with the first use of each word of the glossary made a button that shows its meaning
 * when tapped (a word inside a longer word of the glossary is left alone). */
export function withTerms(text, glossary) {
  const used = new Set();
  const words = glossary
    .map((term) => ({ term, word: pick(term.word) }))
    .filter((x) => x.word)
    .sort((a, b) => b.word.length - a.word.length);
  const out = [];
  let rest = text;
  while (rest) {
    let best = null;
    for (const x of words) {
      const at = rest.indexOf(x.word);
      if (at >= 0 && (!best || at < best.at)) best = { ...x, at };
    }
    if (!best) {
      out.push(rest);
      break;
    }
    const fresh = !used.has(best.term.id);
    used.add(best.term.id);
    out.push(rest.slice(0, best.at), fresh ? termButton(best.term, best.word) : best.word);
    rest = rest.slice(best.at + best.word.length);
  }
  return out;
}

function termButton(term, word) {
  const meaning = h("span", { class: "term-meaning", role: "note", hidden: true }, pick(term.meaning));
  const button = h("button", { type: "button", class: "term", "data-term": term.id, "aria-expanded": "false" }, word);
  button.addEventListener("click", () => {
    meaning.hidden = !meaning.hidden;
    button.setAttribute("aria-expanded", String(!meaning.hidden));
  });
  return h("span", { class: "term-wrap" }, button, meaning);
}

const LEAST_TEXT_PX = 12;

/** Every text of a lesson's board drawn at least LEAST_TEXT_PX CSS pixels high, wherever the
 * picture's scale would draw it smaller (a phone held upright shrinks a whole mat to its width).
 * Run once the board is laid out, and again when its size changes. */
function readableText(svg) {
  const grown = [];
  for (const text of svg.querySelectorAll("text")) {
    text.style.removeProperty("font-size");
    text.removeAttribute("textLength");
    text.removeAttribute("lengthAdjust");
    const m = text.getScreenCTM();
    const scale = m ? Math.hypot(m.a, m.b) : 0;
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (scale > 0 && size > 0 && size * scale < LEAST_TEXT_PX) {
      grown.push({ text, before: text.getBBox() });
      text.style.fontSize = `${LEAST_TEXT_PX / scale}px`;
    }
  }
  // a grown label that now runs into the text after it on its line keeps its old width (its
  // letters narrower, as tall as they must be)
  const shown = (el) => el.tagName === "text" && el.textContent.trim() && getComputedStyle(el).display !== "none";
  for (const { text, before } of grown) {
    let next = text.nextElementSibling;
    while (next && next.tagName === "text" && !shown(next)) next = next.nextElementSibling;
    if (!next || !shown(next)) continue;
    const now = text.getBBox();
    const after = next.getBBox();
    const sameLine = now.y < after.y + after.height && after.y < now.y + now.height;
    if (sameLine && now.x < after.x && now.x + now.width > after.x - 2) {
      text.setAttribute("textLength", String(Math.max(before.width, after.x - 2 - now.x)));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

/** A move that puts pieces on the board, as the cells and what each shows ("b1 1 · c1 3 · d1 2"). */
function dropsText(move) {
  return (move.drops ?? []).map((d) => `${d.cell} ${d.value}`).join(" · ");
}

/** The lessons of `game` as an element; `compact`: the narrow panel beside a table. */
export function learnView(game, { compact = false } = {}) {
  let contents = null;
  let rules = [];
  let error = null;
  let open = null; // the id of the lesson being played
  let play = null; // its moves, answer, selection
  let solved = solvedIds(game);
  let gone = false;
  let resized = null; // watches the open board's size, to keep its texts readable
  const el = h("div", { class: `learn${compact ? " compact" : ""}`, "data-game": game });

  async function load() {
    try {
      [contents, rules] = await Promise.all([
        getJSON(`/api/learn/${encodeURIComponent(game)}`),
        getJSON(`/api/learn/${encodeURIComponent(game)}/rules`),
      ]);
      const known = new Set(contents.lessons.map((l) => l.id));
      solved = new Set([...solved].filter((id) => known.has(id)));
      open = contents.lessons.find((l) => !solved.has(l.id))?.id ?? contents.lessons[0]?.id ?? null;
      if (open) await start(open);
    } catch (err) {
      error = err.message;
    }
    render();
  }

  async function send(moves, attempt) {
    const body = attempt ? { moves, attempt } : { moves };
    return postJSON(`/api/learn/${encodeURIComponent(game)}/${encodeURIComponent(open)}`, body);
  }

  async function start(id) {
    open = id;
    play = { answer: await send([]), selected: null, said: null };
  }

  async function act(moves, attempt) {
    const id = open;
    const answer = await send(moves, attempt);
    if (gone || id !== open) return;
    play.selected = null;
    play.answer = answer;
    play.said = answer.verdict === "illegal" || answer.verdict === "wrong" ? answer.verdict : null;
    if (answer.verdict === "done") {
      solved.add(open);
      remember(game, solved);
    }
    render();
  }

  function nextLesson() {
    const ids = contents.lessons.map((l) => l.id);
    const after = ids.slice(ids.indexOf(open) + 1).concat(ids);
    return after.find((id) => !solved.has(id) && id !== open) ?? null;
  }

  async function choose(id) {
    if (id === open) return;
    await start(id);
    render();
    el.querySelector(`[data-lesson="${CSS.escape(id)}"] .lesson-title`)?.focus();
  }

  // -- the board --------------------------------------------------------------------------------
  function onCell(name) {
    const answer = play.answer;
    if (answer.verdict !== "playing") return;
    const legal = answer.legal;
    if (play.selected && play.selected !== name) {
      const move = legal.find((m) => m.from === play.selected && m.to === name);
      if (move) act([...answer.moves, move.action]);
      else act(answer.moves, { from: play.selected, to: name });
      return;
    }
    play.selected = play.selected === name ? null : name;
    render();
  }

  function drawBoard(boardEl) {
    const answer = play.answer;
    const svg = mountSvg(boardEl, boardPicture(answer));
    const box = svg.viewBox?.baseVal;
    boardEl.classList.toggle("wide", Boolean(box?.height) && box.width / box.height > 1.3);
    readableText(svg);
    resized?.disconnect();
    resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => readableText(svg)) : null;
    resized?.observe(boardEl);
    clearMarks(svg, "legal", "selected", "movable", "lesson-mark");
    for (const name of answer.marks) {
      cellEl(svg, name)?.classList.add("lesson-mark");
      markPiece(svg, name, "lesson-mark-piece");
    }
    if (answer.verdict === "playing") {
      const origins = new Set(answer.legal.map((m) => m.from).filter(Boolean));
      for (const name of origins) cellEl(svg, name)?.classList.add("movable");
      if (play.selected) {
        cellEl(svg, play.selected)?.classList.add("selected");
        markPiece(svg, play.selected, "piece-selected");
        for (const m of answer.legal.filter((x) => x.from === play.selected)) cellEl(svg, m.to)?.classList.add("legal");
      }
    }
    // the board holds buttons (the cells a move may start or end on), so it is a group, not a picture
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("learn.board"));
    for (const cell of svg.querySelectorAll(".movable, .legal, .selected")) {
      cell.setAttribute("tabindex", "0");
      cell.setAttribute("role", "button");
      if (!cell.textContent.trim()) cell.setAttribute("aria-label", cell.dataset.cell);
    }
    if (answer.last) drawMove(svg, answer.last, "last");
    boardEl.onclick = (event) => {
      const cell = event.target.closest?.("[data-cell]") ?? nearestCell(svg, event.clientX, event.clientY);
      if (cell) onCell(cell.dataset.cell);
    };
    boardEl.onkeydown = (event) => {
      const cell = event.target.closest?.("[data-cell]");
      if (cell && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        onCell(cell.dataset.cell);
      }
    };
  }

  // -- the page ---------------------------------------------------------------------------------
  function message(lesson) {
    const answer = play.answer;
    if (answer.verdict === "done") {
      const taught = rules.filter((rule) => rule.lessons.includes(lesson.id));
      return h("div", { class: "learn-say done", role: "status" }, h("strong", {}, t("learn.done")),
        taught.length
          ? h("div", { class: "learn-rules", "data-role": "lesson-rules" },
            h("p", { class: "learn-rules-head" }, t("learn.rule")),
            h("ul", {}, taught.map((rule) => h("li", { "data-rule": rule.id }, withTerms(pick(rule), contents.glossary)))))
          : null);
    }
    if (play.said) {
      const head = t(play.said === "illegal" ? "learn.illegal" : "learn.wrong");
      return h("div", { class: `learn-say ${play.said}`, role: "alert", "data-role": "explanation" },
        h("strong", {}, head), " ", withTerms(pick(answer.say), contents.glossary));
    }
    if (lesson.hint && answer.moves.length === 0) {
      return h("details", { class: "learn-hint" }, h("summary", {}, t("learn.hint")), pick(lesson.hint));
    }
    return answer.moves.length
      ? h("div", { class: "learn-say", role: "status" }, t("learn.more", { n: lesson.moves - answer.moves.length }))
      : null;
  }

  function offBoard() {
    const answer = play.answer;
    if (answer.verdict !== "playing") return [];
    return answer.legal
      .filter((m) => !m.from || !m.to)
      .map((m) => h("button", { type: "button", class: "choice", "data-action": "lesson-move", "data-move": m.notation,
        onclick: () => act([...answer.moves, m.action]) }, pick(m.words) || dropsText(m) || m.notation));
  }

  function lessonBody(lesson) {
    const answer = play.answer;
    const boardEl = h("div", { class: "board learn-board", "data-role": "lesson-board" });
    const next = nextLesson();
    const buttons = [
      answer.moves.length || play.said
        ? h("button", { type: "button", "data-action": "retry", onclick: async () => { await start(lesson.id); render(); } },
          t("learn.retry"))
        : null,
      answer.verdict === "done" && next
        ? h("button", { type: "button", class: "primary", "data-action": "next", onclick: () => choose(next) }, t("learn.next"))
        : null,
    ];
    return h(
      "div",
      { class: "lesson-body" },
      h("p", { class: "lesson-text" }, withTerms(pick(lesson.text), contents.glossary)),
      boardEl,
      h("div", { class: "buttons lesson-choices" }, offBoard()),
      message(lesson),
      h("div", { class: "buttons" }, buttons),
    );
  }

  function render() {
    if (gone) return;
    if (error || !contents) {
      clear(el).append(h("p", { class: error ? "error" : "muted" }, error ?? t("learn.loading")));
      return;
    }
    if (!compact) setTitle(`${t("learn.title")}: ${pick(contents.name)}`);
    const done = contents.lessons.filter((l) => solved.has(l.id)).length;
    const all = contents.lessons.length;
    const item = (lesson, i) => {
      const isOpen = lesson.id === open && play;
      return h(
        "li",
        {
          class: `lesson${isOpen ? " open" : ""}${lesson.quiz ? " quiz" : ""}`,
          "data-role": "lesson",
          "data-lesson": lesson.id,
          "data-state": solved.has(lesson.id) ? "done" : isOpen ? "open" : "todo",
        },
        h("button", { type: "button", class: "lesson-title", "aria-expanded": String(Boolean(isOpen)),
          onclick: () => choose(lesson.id) },
        h("span", { class: "lesson-number" }, String(i + 1)),
        h("span", {}, pick(lesson.title)),
        solved.has(lesson.id) ? h("span", { class: "lesson-check", "aria-label": t("learn.solved") }, "✓") : null),
        isOpen ? lessonBody(lesson) : null,
      );
    };
    const numbered = contents.lessons.map((lesson, i) => ({ lesson, i }));
    const taught = numbered.filter((x) => !x.lesson.quiz);
    const quiz = numbered.filter((x) => x.lesson.quiz);
    const parts = [
      h("div", { class: "learn-head" },
        compact ? null : h("h1", {}, t("learn.title"), " · ", pick(contents.name)),
        h("p", { class: "learn-progress", "data-role": "progress" },
          t("learn.progress", { done, all }),
          h("progress", { max: String(all), value: String(done), "aria-hidden": "true" })),
        compact ? null : h("p", {}, link("/", t("learn.back")))),
      h("ol", { class: "lessons" }, taught.map((x) => item(x.lesson, x.i))),
      quiz.length
        ? h("section", { class: "learn-quiz", "data-role": "quiz" },
          h("h2", {}, t("learn.quiz")),
          h("p", { class: "muted" }, t("learn.quizIntro")),
          h("ol", { class: "lessons", start: String(quiz[0].i + 1) }, quiz.map((x) => item(x.lesson, x.i))))
        : null,
      contents.glossary.length
        ? h("section", { class: "glossary", "data-role": "glossary" },
          h("h2", {}, t("learn.glossary")),
          h("dl", {}, contents.glossary.map((term) => [
            h("dt", { id: `term-${term.id}` }, pick(term.word)),
            h("dd", {}, pick(term.meaning)),
          ])))
        : null,
    ];
    clear(el).append(...parts.filter(Boolean));
    // the board is drawn once it is in the page: its marks are placed by where its cells are
    const boardEl = el.querySelector("[data-role=lesson-board]");
    if (boardEl) drawBoard(boardEl);
  }

  render();
  load();
  return {
    el,
    refresh: render,
    destroy: () => { gone = true; resized?.disconnect(); },
  };
}

/** The page /learn/{game}. */
export function learnPage(root, game) {
  const view = learnView(game);
  root.replaceChildren(h("section", { class: "learn-page" }, view.el));
  return view;
}

/** The "how to play" button of a table and the panel it opens beside the game (the game stays
 * as it is). `show(game)` names the game once the table knows it. */
export function learnPanel() {
  let game = null;
  let view = null;
  const close = h("button", { type: "button", class: "learn-close", "data-action": "learn-close" });
  const body = h("div", { class: "learn-panel-body" });
  const heading = h("h2", { id: "learn-panel-title" });
  const panel = h("dialog", { class: "learn-panel", "aria-labelledby": "learn-panel-title" },
    h("div", { class: "learn-panel-head" }, heading, close), body);
  const button = h("button", { type: "button", class: "learn-open", "data-action": "learn" });
  button.addEventListener("click", () => {
    if (!game) return;
    if (!view) {
      view = learnView(game, { compact: true });
      body.replaceChildren(view.el);
    }
    if (!panel.open) panel.show();
  });
  close.addEventListener("click", () => panel.close());
  // open beside the game (not modal), it still closes with Escape, and the focus goes back
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    panel.close();
    button.focus();
  });
  const el = h("div", { class: "learn-entry", hidden: true }, button, panel);

  function render() {
    button.textContent = t("learn.open");
    close.textContent = t("learn.close");
    heading.textContent = t("learn.title");
    view?.refresh();
  }

  render();
  return {
    el,
    show(gameId) {
      game = gameId;
      el.hidden = !game;
      render();
    },
    destroy: () => view?.destroy(),
  };
}
