// The table: a live game over its WebSocket (docs/protocol.md). Its panels are modules of one job each
// — the seats (players.js), the status line (statusline.js), the opening roll (setuproll.js), the
// buttons of verbs and off-board moves (actionbuttons.js), the table's own buttons
// (tablebuttons.js), the move list (movelist.js), the hint (hintpanel.js), the result
// (resultdialog.js), the invites, takebacks and hand-over (seats.js), asking before resigning
// (confirm.js), the board's keyboard layer (boardaccess.js), its turning (boardturn.js) and
// switches (boardtools.js), the tab's title (title.js), the rematch offer, the seat's name and the
// turn alert (friends.js) — and this module ties them to the game's
// frames. The server is the referee and sends a
// `state` frame after every change; the page shows the board it rendered, lets the person pick a
// piece (its legal destinations get the class `legal`) and a destination, or arrange the pieces a
// move puts on the board (placing.js), animates each move (not while newer frames wait behind it:
// the page never lags behind the game), and offers undo, hint, new game, resign,
// and the game's own verbs (buttons named by the state frame). What the page knows of the game —
// seat names, ways of ending, solution tables — comes from the catalog entry of the game.
// The last move's trail is drawn on the board; a move of the list pointed at (or tapped) is shown
// on the board too. The tab's title says whose turn it is; a move may sound (off by default); a
// finished game offers a rematch to everyone seated. A game id the server does not know shows the not-found page.
// The page acts only for the seats this browser holds (seats.js): without a token it watches;
// while invited seats are open the creator sees their invite links; a takeback between devices is
// a request the others answer here.

import { actionButtons } from "./actionbuttons.js";
import {
  animateDrops, animatePath, boardPicture, cellEl, clearMarks, clearMove, drawMove, mark, markPiece, mountSvg,
  nearestCell, onPictureChange,
} from "./board.js";
import { boardAccess, cellName } from "./boardaccess.js";
import { boardReading } from "./boardreading.js";
import { boardTools } from "./boardtools.js";
import { seatTurns, turnBoard } from "./boardturn.js";
import { gameEntry, seatName } from "./catalog.js";
import { confirmBox } from "./confirm.js";
import { h, link } from "./dom.js";
import { errorText } from "./errors.js";
import { hintPanel } from "./hintpanel.js";
import { historyText } from "./history.js";
import { pick, t } from "./i18n.js";
import { nameForm, rematchOffer, turnAlert } from "./friends.js";
import { launch } from "./launch.js";
import { learnPanel } from "./learn.js";
import { moveList } from "./movelist.js";
import { notFoundPage } from "./notfound.js";
import { rulesLine } from "./options.js";
import { shapeOf } from "./piecestyle.js";
import { placingDesk } from "./placing.js";
import { playersPanel } from "./players.js";
import { resultDialog } from "./resultdialog.js";
import { handOver, invitePanel, subprotocols, takebackBox } from "./seats.js";
import { setupRoll } from "./setuproll.js";
import { solutionsPanel, variantOf } from "./solutions.js";
import { moveSound } from "./sound.js";
import { statusLine } from "./statusline.js";
import { renderTableButtons } from "./tablebuttons.js";
import { tableSocket } from "./tablesocket.js";
import { setTableTitle } from "./title.js";

/** The lobby settings a game was made with (games made through the API: read from the seats). */
function settingsOf(view) {
  if (view.meta?.settings) return view.meta.settings;
  const computer = view.seats.find((s) => s.type === "computer");
  return computer ? { opponent: "computer", level: computer.level, firstSeat: "you" } : { opponent: "people" };
}

const PHONE = matchMedia("(max-width: 859px)"); // the action bar is sticky at the bottom (style.css)

export function tablePage(root, gameId, dialog, notice = null) {
  let view = null;
  let entry = null; // the game's catalog entry
  let svg = null;
  let selected = null;
  let hint = null;
  let hintPending = false;
  let socket = null;
  let closed = false;
  let queue = Promise.resolve();
  let sent = false; // a move was sent and its frame has not come yet
  let behind = 0; // frames waiting in the queue: while any does, moves are shown without animation
  let resultShownFor = null;
  let toastTimer = null;
  let missing = null; // the not-found page, once the server said there is no such game
  let own = null; // the game's own page module's table part (the catalog entry's `client`), if any

  const boardEl = h("div", { class: "board", id: "board" });
  const tools = boardTools(boardEl, {
    sound: true,
    players: () => view?.players ?? [],
    changed: () => renderPanel(),
    turn: { shown: () => seatTurns(svg).size > 1, next: turnToNextSeat },
  });
  let facing = null; // the seat whose camp is at the bottom (null: this browser's own, or the first)
  const players = playersPanel({ nameOf: (seat) => nameOf(seat), chip: (seat) => chip(seat) });
  const status = statusLine();
  const reading = boardReading(); // the board read out in words, and the keys
  const desk = placingDesk((move) => sendMove(move.action), () => {
    desk.draw(svg);
    access.update(svg);
    renderSetup();
    renderHint();
  });
  const setup = setupRoll(desk, (seat) => nameOf(seat)); // the opening roll, and the placing's buttons
  const hints = hintPanel();
  const offer = rematchOffer(gameId, (message) => toast(message), (url) => location.assign(url));
  const offerSlot = h("div", {}, offer.el); // the offer shows in the result dialog while it is open
  dialog.addEventListener("close", () => offerSlot.append(offer.el));
  const names = nameForm(gameId, (message) => toast(message));
  const alert = turnAlert(() => setTableTitle(view, nameOf));
  const results = resultDialog(dialog, {
    gameId, nameOf: (seat) => nameOf(seat), chip: (seat) => chip(seat), rematch: () => playRematch(), newGame: () => newGame(),
    offer: offer.el,
  });
  const hintEl = hints.el;
  const moves = moveList({ gameId, board: () => svg, nameOf: (seat) => nameOf(seat) });
  const toastEl = h("p", { class: "toast", role: "alert", hidden: true });
  const announceEl = h("p", { class: "visually-hidden", "aria-live": "polite", "data-role": "announce" });
  const buttons = {
    undo: h("button", { "data-action": "undo", onclick: () => send({ type: "undo" }) }),
    hint: h("button", { "data-action": "hint", onclick: askHint }),
    new: h("button", { "data-action": "new", onclick: newGame }),
    rematch: h("button", { "data-action": "rematch", onclick: playRematch }),
    resign: h("button", { "data-action": "resign", onclick: resign }),
  };
  const actions = actionButtons({ verb: (id) => sendVerb(id), move: (action) => sendMove(action) });
  const resignBox = confirmBox("resign");
  const barEl = h("div", { class: "action-bar", "data-role": "action-bar" },
    setup.controlsEl, actions.el, h("div", { class: "buttons" }, buttons.undo, buttons.hint), hintEl);
  const invites = invitePanel(gameId, (message) => toast(message));
  const takeback = takebackBox((message) => send(message));
  const leave = handOver(gameId, (message) => toast(message));
  const download = h("a", { class: "button", "data-action": "download", href: `/api/games/${gameId}/record`, download: "" });
  const replay = link(`/replay/${gameId}`);
  replay.classList.add("button");
  replay.dataset.action = "replay";
  const titleEl = h("h1", { class: "table-title" });
  const rulesEl = h("p", { class: "rules-line muted" });
  const solutions = solutionsPanel();
  solutions.el.hidden = true;
  const learn = learnPanel(); // how to play, beside the game

  root.replaceChildren(
    h(
      "section",
      { class: "table" },
      h("div", { class: "board-wrap" }, boardEl, tools.el),
      h(
        "aside",
        { class: "side" },
        h("div", {}, titleEl, rulesEl, learn.el),
        players.el,
        h("div", { class: "friends" }, names.el, alert.el),
        notice ? h("p", { class: "notice", role: "alert", "data-role": "spent-invite" }, notice) : null,
        status.el,
        reading.el,
        takeback.el,
        offerSlot,
        invites.el,
        setup.el,
        // what a player needs now: on a phone a bar that stays in view while the board is
        barEl,
        h("div", { class: "buttons" }, buttons.new, buttons.rematch, buttons.resign),
        resignBox.el,
        moves.el,
        h("div", { class: "buttons minor" }, download, replay),
        leave.el,
        solutions.el,
        toastEl,
        announceEl,
      ),
    ),
  );

  // -- connection -----------------------------------------------------------------------------
  function connect() {
    socket = tableSocket(gameId, subprotocols(gameId), {
      open: () => (document.body.dataset.connection = "open"),
      state: (game) => {
        behind += 1;
        queue = queue.then(() => applyState(game, --behind > 0)).catch(console.error);
      },
      hint: (found) => showHint(found),
      error: (frame) => {
        if (!view) return;
        hintPending = false;
        sent = false;
        toast(errorText(frame));
        renderPanel();
      },
      close: (event) => {
        document.body.dataset.connection = "closed";
        if (event.code === 4404) {
          closed = true; // no such game: say so, and do not try again
          missing = notFoundPage(root, "game");
        }
        if (closed) return;
        toast(t("error.connection"));
        setTimeout(() => !closed && connect(), 1000);
      },
    });
  }

  /** Send a command; false (and a notice) when the connection is down, so nothing is lost silently. */
  function send(message) {
    if (!socket?.send(message)) {
      toast(t("error.connection"));
      return false;
    }
    return true;
  }

  function sendMove(action) {
    if (!send({ type: "move", action, ply: view.plies })) return;
    sent = true; // until the next frame: never "your turn" while what follows the move is shown
    deselect();
    view.legal = [];
    markMovable();
    renderActions();
    renderStatus();
  }

  function sendVerb(verb) {
    if (!send({ type: "verb", verb })) return;
    sent = true;
    deselect();
    renderStatus();
  }

  /** The table part of the game's own page module (docs/protocol.md, "A game's own page module"). */
  async function ownModule(game) {
    if (!game?.client) return null;
    try {
      const module = await import(game.client);
      return module.tablePart?.({ gameId, entry: game, board: boardEl, play: sendMove, refresh: () => renderPanel() }) ?? null;
    } catch (err) {
      console.error(err);
      return null;
    }
  }

  // -- state ----------------------------------------------------------------------------------
  /** Show the frame `next`; `late`: newer frames wait behind it, so it is shown at once, without
   * its animations (the page never lags behind the game). */
  async function applyState(next, late = false) {
    if (entry?.id !== next.game) {
      entry = await gameEntry(next.game).catch(() => null);
      own = await ownModule(entry);
    }
    const previous = view;
    if (!("meta" in next)) next.meta = previous?.meta; // the server sends a game's meta once
    const advanced = previous && svg && next.plies === previous.plies + 1 && next.last && !late;
    if (advanced && next.svg !== previous.svg) await animatePath(svg, next.last.path);
    if (previous && svg && next.plies > previous.plies && !late) await own?.before?.(previous, next, svg);
    const drops = advanced ? next.last.drops ?? [] : [];
    const starts = dropStarts(next.last?.player, drops);
    view = next;
    sent = false;
    if (!previous || next.svg !== previous.svg) drawBoard();
    if (advanced) moveSound(next.turn === "human" && !byPerson(next, next.last.player));
    if (previous && next.plies > previous.plies && next.history.length) {
      announceEl.textContent = announced(next); // read out by screen readers
    }
    if (!previous || next.plies !== previous.plies) hint = null;
    desk.update(next);
    markMovable();
    if (selected) select(selected);
    if (hint) markHint();
    own?.after?.(next, svg);
    renderPanel();
    await animateDrops(svg, drops, (_, i) => starts[i]);
    if (next.status === "finished" && resultShownFor !== next.plies) {
      resultShownFor = next.plies;
      showResult();
    }
  }

  /** Put the board of the state shown on the page: turned to the seat at the bottom, with the
   * last move's trail. */
  function drawBoard() {
    svg = mountSvg(boardEl, boardPicture(view));
    svg.setAttribute("aria-label", t("board.label", { game: pick(view.name) }));
    const mine = view.you?.length === 1 ? view.players[view.you[0]] : view.players[0];
    turnBoard(svg, seatTurns(svg).get(facing ?? mine) ?? 0);
    selected = null;
    drawMove(svg, view.last, "last");
    tools.render();
    moves.peek();
  }

  /** Draw the board again with its marks (turned, or in the other layout). */
  function redrawBoard() {
    if (!view) return;
    drawBoard();
    markMovable();
    if (hint) markHint();
    own?.after?.(view, svg);
  }

  function turnToNextSeat() {
    const turns = [...seatTurns(svg).keys()];
    const now = facing ?? (view.you?.length === 1 ? view.players[view.you[0]] : view.players[0]);
    facing = turns[(turns.indexOf(now) + 1) % turns.length];
    redrawBoard();
  }
  const stopPictureChange = onPictureChange(redrawBoard);

  /** Where each piece a move put on the board was shown before it came (setuproll.js). */
  const dropStarts = (seat, drops) => setup.starts(seat, drops);

  function movesFrom(cell) {
    return (view?.legal ?? []).filter((m) => m.from === cell);
  }

  function markMovable() {
    if (!svg) return;
    clearMarks(svg, "movable");
    const origins = new Set((view?.legal ?? []).map((m) => m.from).filter(Boolean));
    for (const name of origins) cellEl(svg, name)?.classList.add("movable");
    desk.draw(svg);
    access.update(svg);
    clearOfBar();
  }

  /** On a phone, a board taller than the room above the action bar is scrolled so that the cells
   * to tap now lie above the bar, never under it. */
  function clearOfBar() {
    if (!svg || barEl.hidden || !PHONE.matches) return;
    const cells = [...svg.querySelectorAll("[data-cell].movable, [data-cell].legal")];
    if (!cells.length) return;
    const boxes = cells.map((cell) => cell.getBoundingClientRect());
    const top = Math.min(...boxes.map((b) => b.top));
    const bottom = Math.max(...boxes.map((b) => b.bottom));
    const bar = barEl.getBoundingClientRect().top;
    if (bottom > bar - 4) window.scrollBy({ top: Math.min(bottom - bar + 8, Math.max(0, top - 8)) });
  }

  function deselect() {
    const had = selected;
    selected = null;
    clearMarks(svg, "selected", "legal", "piece-selected");
    markMovable();
    if (had && view) renderStatus();
  }

  function select(cell) {
    clearMarks(svg, "selected", "legal", "piece-selected");
    selected = cell;
    cellEl(svg, cell)?.classList.add("selected");
    markPiece(svg, cell, "piece-selected");
    for (const m of movesFrom(cell)) cellEl(svg, m.to)?.classList.add("legal");
    access.update(svg);
    clearOfBar();
    renderStatus();
  }

  function activate(cell) {
    if (!view || view.turn !== "human" || desk.cell(cell)) return;
    if (selected) {
      const move = movesFrom(selected).find((m) => m.to === cell);
      if (move) {
        sendMove(move.action);
        return;
      }
    }
    if (movesFrom(cell).length && cell !== selected) select(cell);
    else deselect();
  }

  boardEl.addEventListener("click", (event) => {
    const cell = event.target.closest?.("[data-cell]") ?? nearestCell(svg, event.clientX, event.clientY);
    if (cell) activate(cell.dataset.cell);
    else deselect();
  });
  const access = boardAccess(boardEl, {
    nameOf: (seat) => nameOf(seat),
    activate: (cell) => {
      activate(cell);
      if (selected) access.focus(selected);
    },
    deselect: () => deselect(),
    words: (cell) => view?.board_words?.cells?.[cell] ?? null,
  });

  // -- hint, new game, resign -----------------------------------------------------------------
  function askHint() {
    hint = null;
    hintPending = send({ type: "hint" });
    renderPanel();
  }

  function showHint(data) {
    hintPending = false;
    if (!view || data.ply !== view.plies) return;
    hint = data;
    markHint();
    renderPanel();
    desk.hint(data.drops);
  }

  /** The hint's cells: the piece it moves and where to, or where it puts pieces. */
  function markHint() {
    clearMarks(svg, "hint", "piece-hint");
    const drops = (hint.drops ?? []).map((d) => d.cell);
    mark(svg, [hint.from, hint.to, ...drops].filter(Boolean), "hint");
    if (hint.from) markPiece(svg, hint.from, "piece-hint");
    // its trail above the pieces, dark and dotted with a ring at each end: unlike the last move's
    // light orange whatever the colour vision
    if (hint.from && hint.to) drawMove(svg, hint, "hint-move", { rings: true, dots: true });
    else clearMove(svg, "hint-move");
  }

  async function newGame() {
    try {
      location.assign(await launch(view.game, view.options, settingsOf(view)));
    } catch (err) {
      toast(errorText(err, "start"));
    }
  }

  /** Offer a rematch to everyone seated, or accept theirs (friends.js). */
  function playRematch() {
    offer.offer();
  }

  /** Resigning asks first, in the page (never the browser's own confirm box). */
  function resign() {
    resignBox.ask({ question: t("confirm.resign"), yes: t("btn.resign"),
      onYes: () => send({ type: "resign", seats: resigning() }), back: buttons.resign });
  }

  /** The seats a resignation names: the person to move when this browser holds that seat (people
   * taking turns here resign one at a time), else every seat it holds; never another's. */
  function resigning() {
    const you = view.you ?? [];
    const seat = view.players.indexOf(view.to_move);
    return you.includes(seat) ? [seat] : [...you];
  }

  function toast(message) {
    toastEl.textContent = message;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (toastEl.hidden = true), 4000);
  }

  // -- panel ----------------------------------------------------------------------------------
  const nameOf = (seat) => seatName(entry, seat);

  /** A seat's colour chip, with its shape when the pieces carry shapes (piecestyle.js). */
  function chip(seat) {
    return h("span", { class: `chip chip-${seat}`, "data-shape": shapeOf(view.players, seat)?.glyph });
  }

  function renderStatus() {
    const picked = selected && cellEl(svg, selected)
      ? { cell: cellName(cellEl(svg, selected)), n: movesFrom(selected).length } : null;
    status.render(view, { nameOf, own, picked, placing: desk.active(), sent });
  }

  /** The verbs and the moves made with a button (actionbuttons.js). */
  function renderActions() {
    actions.render(view, own);
  }

  function renderPanel() {
    if (!view) return;
    titleEl.textContent = pick(view.name);
    learn.show(entry?.learn ? view.game : null);
    rulesEl.textContent = rulesLine(entry, view.options);
    players.render(view);
    renderStatus();
    reading.render(view);
    renderSetup();
    const watching = !view.you?.length;
    document.body.dataset.watching = watching ? "yes" : "no";
    barEl.hidden = watching;
    takeback.show(view, nameOf);
    offer.show(view, nameOf);
    names.show(view);
    if (!watching) invites.show(view, nameOf);
    leave.show(view);
    renderTableButtons(buttons, view, hintPending);
    renderActions();
    download.textContent = t("btn.download");
    replay.textContent = t("btn.replay");
    renderHint();
    moves.render(view);
    solutions.el.hidden = !entry?.solutions;
    if (entry?.solutions) solutions.show(view.game, variantOf(entry, view.options));
    tools.render();
    alert.update(view, pick(view.name));
  }

  /** What a screen reader says of the move that led to `state`: what it did in the game's words
   * (`last.said`, after the call-out players shout with it), else its line of the move list. */
  function announced(state) {
    const said = pick(state.last?.said);
    if (!said) return historyText(state.history.at(-1), nameOf);
    const call = pick(state.last.callout);
    return call ? `${t("read.callout", { call })}${said}` : said;
  }

  /** Whether a seat (by name) is a person's. */
  function byPerson(state, seat) {
    return state.seats[state.players.indexOf(seat)]?.type === "human";
  }

  function renderSetup() {
    setup.render(view);
  }

  function renderHint() {
    hints.render(hint, hintPending, hint ? [
      own?.hint?.(hint, view) ?? null,
      desk.active() && hint.drops?.length
        ? h("button", { type: "button", "data-action": "use-hint", onclick: desk.useHint }, t("place.use"))
        : null,
    ] : []);
  }

  function showResult() {
    results.show(view, entry);
  }

  function onKey(event) {
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    if (desk.key(event) || reading.key(event)) event.preventDefault();
    else if (event.key === "u" && !buttons.undo.disabled) buttons.undo.click();
    else if (event.key === "h" && !buttons.hint.disabled) buttons.hint.click();
  }
  document.addEventListener("keydown", onKey);

  connect();
  return {
    refresh: () => {
      if (missing) return missing.refresh();
      renderPanel();
      if (dialog.open && view?.result) showResult();
    },
    destroy() {
      closed = true;
      solutions.destroy();
      learn.destroy();
      delete document.body.dataset.connection;
      socket?.close();
      document.removeEventListener("keydown", onKey);
      alert.destroy();
      stopPictureChange();
    },
  };
}
