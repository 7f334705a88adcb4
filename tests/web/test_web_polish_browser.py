"""What a player sees at the web table, in Debian's Chromium (docs/play.md, "Using the table").

Covers: hints never show "null"; the last move's start and end are marked (classes last-from,
last-to) with its trail, a move of the list pointed at or tapped is shown on the board, and the
star's coordinates agree with the notation (and can be hidden); a tap beside a small hole on a
phone picks it; a game that does not exist shows the not-found page and opens at most one
WebSocket; refusals and a bad record file read in Japanese on the Japanese page, and the lobby's
help quotes no option ids; the tab title says whose turn it is; the move sound is off until
switched on; a finished game offers a rematch with everyone one seat on; the replay's controls are
inline SVG icons; the lobby's start button is in view on a desktop and on a phone; who won reads
as each language writes it ("Yellow and Green win!").
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from web.conftest import as_creator
from web.test_web_browser import cell_name, destinations, engine_state, settle

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
MOVES = "[data-role=moves] li"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
ENGLISH_WORDS = re.compile(r"[a-z]{3,}")  # (names such as JSON may stand in Japanese text)

FAKE_AUDIO = """
window.__tones = 0;
class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} }
class FakeNode {
  constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect(node) { return node; }
  start() { window.__tones += 1; }
  stop() {}
}
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return new FakeNode(); }
  createGain() { return new FakeNode(); }
  resume() { return Promise.resolve(); }
};
"""
"""An AudioContext that counts the tones started instead of playing them."""


def new_game(server, game: str, options: dict, seats: list[dict], seed: int = 3) -> str:
    body = {"game": game, "options": options, "seats": seats, "seed": seed}
    return server.api("POST", "/api/games", json=body).json()["id"]


def play_jumps(server, gid: str, moves: int) -> None:
    """Play ``moves`` moves of the person through the API (jumps where there are), each followed
    by the computer's reply."""
    for _ in range(moves):
        state = engine_state(server.api("GET", f"/api/games/{gid}").json())
        actions = state.legal_actions()
        jumps = [a for a in actions if len(state.move_path(a)) > 2]
        server.api("POST", f"/api/games/{gid}/moves?wait=true", json={"action": (jumps or actions)[-1]})


def marked(page, cls: str) -> list[str]:
    return page.eval_on_selector_all(f".board-svg [data-cell].{cls}", "els => els.map(e => e.dataset.cell)")


def first_move(state) -> tuple[str, str]:
    """The start and end cells of a legal move, a jump if there is one."""
    actions = state.legal_actions()
    jumps = [a for a in actions if len(state.move_path(a)) > 2]
    d = state.describe_action((jumps or actions)[0])
    return cell_name(d["from"]), cell_name(d["to"])


def test_hints_never_say_null(page, server) -> None:
    for game, options, seats in (("diamond", {"players": 3}, [HUMAN, INTRO, INTRO]),
                                 ("diceout", {}, [HUMAN, INTRO])):
        gid = new_game(server, game, options, seats)
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_function("() => !document.querySelector('[data-action=hint]').disabled")
        page.click("[data-action=hint]")
        page.wait_for_selector(".hint-box h2[data-move]", timeout=180_000)  # the first compiles the search
        for _ in range(2):  # Japanese, then English
            text = page.locator(".hint-box").inner_text()
            assert text.strip() and "null" not in text and "undefined" not in text, text
            page.click("#lang")
        assert "null" not in page.locator(".side").inner_text()


def test_the_last_move_and_the_move_list_on_the_board(page, server, shots: Path) -> None:
    gid = new_game(server, "diamond", {"players": 3}, [HUMAN, INTRO, INTRO])
    play_jumps(server, gid, 2)
    page.goto(f"{server.url}/game/{gid}")
    data = settle(page, server, gid)
    plies = len(data["moves"])
    last = server.api("GET", f"/api/games/{gid}/frames/{plies}").json()["last"]
    assert marked(page, "last-from") == [last["from"]] and marked(page, "last-to") == [last["to"]]
    assert page.locator(".board-svg .last-mark[data-last=to]").count() == 1  # around the piece
    assert page.locator(".board-svg .move-mark.last polyline").count() == 1  # the trail
    # the notation names the cells as the board writes them: row letters and hole numbers
    start, end = data["moves"][-1].split("-")
    for cell, name in ((last["from"], start), (last["to"], end)):
        assert page.get_attribute(f'[data-cell="{cell}"]', "data-name") == name
        assert page.locator(f'[data-cell="{cell}"] title').text_content() == name
    letters = set(page.eval_on_selector_all(".board-svg .coord-row", "els => els.map(e => e.textContent)"))
    assert {start[0], end[0]} <= letters and page.locator(".board-svg .coord-row").first.is_visible()

    # pointing at the first move of the list shows it on the board; leaving takes it away
    first = server.api("GET", f"/api/games/{gid}/frames/1").json()["last"]
    page.hover(f"{MOVES} >> nth=0")
    page.wait_for_selector(".board-svg .move-mark.peek .ring-to")
    assert marked(page, "peek-from") == [first["from"]] and marked(page, "peek-to") == [first["to"]]
    assert page.locator(".board-svg .move-mark.peek polyline").count() == 1
    page.screenshot(path=str(shots / "diamond-move-list.png"))
    page.mouse.move(5, 5)
    page.wait_for_selector(".board-svg .move-mark.peek", state="detached")
    # a tap (click) keeps it shown until tapped again
    page.click(f"{MOVES} >> nth=1")
    page.mouse.move(5, 5)
    page.wait_for_selector(".board-svg .move-mark.peek .ring-to")
    assert page.locator(f"{MOVES}.peeked").count() == 1
    page.click(f"{MOVES} >> nth=1")
    page.wait_for_selector(".board-svg .move-mark.peek", state="detached")

    # the coordinates can be hidden, and stay hidden
    coords = page.locator("[data-action=coords]")
    assert coords.get_attribute("aria-pressed") == "true"
    coords.click()
    assert not page.locator(".board-svg .coord-row").first.is_visible()
    page.reload()
    settle(page, server, gid)
    assert page.locator("[data-action=coords]").get_attribute("aria-pressed") == "false"
    assert not page.locator(".board-svg .coord-row").first.is_visible()


def test_a_tap_beside_a_hole_picks_it_on_a_phone(browser, server) -> None:
    gid = new_game(server, "diamond", {}, [HUMAN, INTRO], seed=5)
    play_jumps(server, gid, 2)
    context = browser.new_context(**PHONE)
    page = as_creator(context.new_page(), server)
    try:
        page.goto(f"{server.url}/game/{gid}")
        data = settle(page, server, gid)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        state = engine_state(data)
        origin, target = first_move(state)
        hole = page.locator(f'[data-cell="{origin}"]').bounding_box()
        assert hole is not None and hole["width"] < 20  # the drawn hole alone is too small to hit
        x, y = hole["x"] + hole["width"] / 2, hole["y"] + hole["height"] / 2
        page.touchscreen.tap(x, y + hole["height"] / 2 + 4)  # below the hole, on its piece's edge
        page.wait_for_selector(f'[data-cell="{origin}"].selected')
        assert set(marked(page, "legal")) == destinations(state, origin)
        box = page.locator(f'[data-cell="{target}"]').bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] + 3, box["y"] + box["height"] / 2)  # beside it
        page.wait_for_function("n => document.querySelectorAll('[data-role=moves] li').length > n",
                               arg=len(data["moves"]))
        assert server.api("GET", f"/api/games/{gid}").json()["moves"][len(data["moves"])] == \
            state.action_to_notation(next(a for a in state.legal_actions()
                                          if first_move_of(state, a) == (origin, target)))
    finally:
        context.close()


def first_move_of(state, action: int) -> tuple[str, str]:
    d = state.describe_action(action)
    return cell_name(d["from"]), cell_name(d["to"])


def test_a_missing_game_shows_not_found_and_opens_at_most_one_socket(page, server) -> None:
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    answer = page.goto(f"{server.url}/game/nope")
    assert answer is not None and answer.status == 404
    page.wait_for_selector("[data-role=not-found][data-missing=game]")
    assert page.locator("[data-role=not-found] h1").inner_text() == "対局が見つかりません"
    assert page.title().startswith("対局が見つかりません")
    answer = page.goto(f"{server.url}/replay/nope")
    assert answer is not None and answer.status == 404
    page.wait_for_selector("[data-role=not-found][data-missing=game]")
    answer = page.goto(f"{server.url}/nowhere")
    assert answer is not None and answer.status == 404
    page.wait_for_selector("[data-role=not-found][data-missing=page]")
    page.wait_for_timeout(1500)
    assert sockets == []

    # a link inside the page, which the page follows itself: the socket's close code says there
    # is no such game, and the page does not try again
    page.goto(server.url)
    page.wait_for_selector("[data-action=start]")
    page.evaluate("""() => {
      const a = Object.assign(document.createElement("a"), { href: "/game/gone", id: "gone" });
      a.dataset.link = "";
      a.textContent = "?";
      document.querySelector("main").append(a);
    }""")
    page.click("#gone")
    page.wait_for_selector("[data-role=not-found][data-missing=game]")
    page.wait_for_timeout(2500)  # the page reconnects after a second when a connection drops
    assert len(sockets) == 1
    page.click("#lang")
    assert page.locator("[data-role=not-found] h1").inner_text() == "No such game"


def test_refusals_read_in_japanese(page, server) -> None:
    """The declaration refused and a move sent for an old position, on the Japanese page."""
    gid = new_game(server, "diceout", {"declare": "manual", "placement": "rolled", "first": "red"},
                   [HUMAN, HUMAN], seed=5)
    page.goto(f"{server.url}/game/{gid}")
    page.click("[data-action=verb][data-verb=declare]")
    page.wait_for_selector(".toast:not([hidden])")
    toast = page.locator(".toast").inner_text()
    assert toast == "いま宣言できるダイスアウトはありません。" and not ENGLISH_WORDS.search(toast)

    # hold back the server's state and delta frames: the page keeps showing the old position
    holding = {"on": False}

    def through(ws) -> None:
        server_ws = ws.connect_to_server()

        def to_page(message: Any) -> None:
            if not (holding["on"] and json.loads(message).get("type") in ("state", "delta")):
                ws.send(message)

        server_ws.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/games/"), through)
    page.reload()
    data = settle(page, server, gid)
    state = engine_state(data)
    holding["on"] = True
    server.api("POST", f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})
    page.evaluate("() => document.querySelector('.toast').hidden = true")
    d = state.describe_action(state.legal_actions()[-1])
    page.click(f'[data-cell="{d["from"]}"]')
    page.click(f'[data-cell="{d["to"]}"]')
    page.wait_for_selector(".toast:not([hidden])")
    toast = page.locator(".toast").inner_text()
    assert "手目" in toast and not ENGLISH_WORDS.search(toast), toast


def test_a_bad_record_file_reads_in_japanese(page, server, tmp_path: Path) -> None:
    gid = new_game(server, "diceout", {"placement": "rolled", "first": "red"}, [HUMAN, HUMAN])
    for _ in range(3):
        state = engine_state(server.api("GET", f"/api/games/{gid}").json())
        server.api("POST", f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})
    record = server.api("GET", f"/api/games/{gid}/record").json()
    record["moves"][2] = dict(record["moves"][1])  # red's move again, on white's turn
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record), encoding="utf-8")
    not_json = tmp_path / "notes.json"
    not_json.write_text("this is not JSON", encoding="utf-8")
    page.goto(f"{server.url}/games")
    for path in (not_json, broken):
        page.set_input_files("[data-action=upload]", str(path))
        page.wait_for_selector(".games .error")
        text = page.locator(".games .error").inner_text()
        assert text and not ENGLISH_WORDS.search(text), text


def test_the_lobby_help_quotes_no_ids(page, server) -> None:
    ids = re.compile(r"[a-z]+_[a-z_]+|\b(auto|manual|single|any|none|roll|fixed|choose|rolled)\b")
    page.goto(server.url)
    for game in ("diamond", "diceout"):
        page.click(f"[data-game={game}]")
        page.wait_for_selector(f"[data-game={game}].on")
        page.click("details.more summary")
        helps = page.locator(".options-panel .help").all_inner_texts()
        assert helps and not [h for h in helps if ids.search(h)], helps
    assert any("「自動」" in h for h in page.locator(".options-panel .help").all_inner_texts())


def test_the_lobby_start_button_is_in_view(browser, server) -> None:
    for options in ({"viewport": {"width": 1280, "height": 800}}, PHONE):
        context = browser.new_context(**options)
        page = as_creator(context.new_page(), server)
        try:
            page.goto(server.url)
            page.wait_for_function("() => !document.querySelector('[data-action=start]').disabled")
            page.wait_for_selector(".game-card .card-art svg")  # the page as it settles
            page.wait_for_load_state("networkidle")  # (the lobby draws its form again as answers come)
            start = page.locator("[data-action=start]")
            start.wait_for(state="visible")
            box = start.bounding_box()
            height = options["viewport"]["height"]
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
        finally:
            context.close()


def test_title_sound_and_rematch(browser, server) -> None:
    gid = new_game(server, "diamond", {}, [HUMAN, INTRO], seed=8)
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script(FAKE_AUDIO)
    page = as_creator(context.new_page(), server)
    try:
        page.goto(f"{server.url}/game/{gid}")
        data = settle(page, server, gid)
        assert page.title().startswith("▶ あなたの番")
        sound = page.locator("[data-action=sound]")
        assert sound.get_attribute("aria-pressed") == "false"  # off by default
        for turn in range(2):
            state = engine_state(data)
            origin, target = first_move(state)
            page.click(f'[data-cell="{origin}"]')
            page.click(f'[data-cell="{target}"]')
            page.wait_for_function("n => document.querySelectorAll('[data-role=moves] li').length >= n + 2",
                                   arg=len(data["moves"]))
            data = settle(page, server, gid)
            tones = page.evaluate("() => window.__tones")
            if turn == 0:
                assert tones == 0
                sound.click()
                assert sound.get_attribute("aria-pressed") == "true"
            else:
                assert tones >= 2  # my move, and the computer's, which gives me the turn

        page.click(".side [data-action=resign]")  # asked in the page, not by the browser
        page.click("[data-action=resign-cancel]")
        assert page.locator("[data-role=resign-confirm]").is_hidden()
        page.click(".side [data-action=resign]")
        page.click("[data-action=resign-confirm]")
        page.wait_for_selector("#result-dialog[open]")
        assert page.title().startswith("終局")
        page.click("#result-dialog [data-action=rematch]")
        page.wait_for_url(re.compile(r"/game/(?!" + gid + r")\w+"))
        again = server.api("GET", f"/api/games/{page.url.rsplit('/', 1)[1]}").json()
        assert again["options"] == data["options"]
        assert [s["type"] for s in again["seats"]] == ["computer", "human"]  # one seat on
    finally:
        context.close()


def test_replay_controls_are_icons(page, server) -> None:
    gid = new_game(server, "diamond", {}, [HUMAN, INTRO], seed=2)
    play_jumps(server, gid, 2)
    server.api("POST", f"/api/games/{gid}/resign")
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector(".board-svg")
    for action, words in (("first", "最初へ"), ("prev", "1手戻る"), ("next", "1手進む"), ("last", "最後へ")):
        button = page.locator(f"[data-action={action}]")
        assert button.locator("svg.icon path").count() >= 1 and button.inner_text().strip() == ""
        assert button.get_attribute("aria-label") == words
    page.click("[data-action=next]")
    page.wait_for_selector(".board-svg [data-cell].last-to")
    first = server.api("GET", f"/api/games/{gid}/frames/1").json()["last"]
    assert marked(page, "last-from") == [first["from"]]
    page.hover(f"{MOVES} >> nth=2")
    page.wait_for_selector(".board-svg .move-mark.peek .ring-to")


def test_a_frame_that_fails_is_said_and_the_next_step_tries_again(page, server) -> None:
    gid = new_game(server, "diamond", {}, [HUMAN, INTRO], seed=2)
    play_jumps(server, gid, 2)
    server.api("POST", f"/api/games/{gid}/resign")
    failing = [True]

    def flaky(route) -> None:
        if failing[0]:
            route.fulfill(status=500, content_type="application/json", body='{"error": "boom"}')
        else:
            route.continue_()

    page.route(re.compile(r".*/frames/1$"), flaky)  # the prefetch fails too
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector(".board-svg")
    page.click("[data-action=next]")
    page.wait_for_function("() => document.querySelector('.status').textContent.includes('サーバー')")
    assert not page.locator(".board-svg .last-to").count()  # still the start
    failing[0] = False
    page.click("[data-action=next]")  # the step is tried again, and the replay goes on
    page.wait_for_selector(".board-svg [data-cell].last-to")
    page.click("[data-action=next]")
    page.wait_for_function("() => document.querySelector('.status').textContent.includes('2')")


def test_who_won_agrees_in_english_and_lists_in_both_languages(page, server) -> None:
    """The result's verb agrees with the number of winners ("Yellow wins!", "Yellow and Green
    win!"), a list is "A, B and C" in English and 「A・B」 in Japanese (never "Yellow・Green"), and
    the games list says it in the past ("Yellow and Green won")."""
    page.goto(server.url)
    page.wait_for_selector("[data-action=learn]")
    said = page.evaluate("""async () => {
        const w = await import('/static/js/seatwords.js');
        const out = {};
        for (const lang of ['en', 'ja']) {
          localStorage.setItem('asobiba.lang', lang);
          out[lang] = [w.winnersText(['Yellow']), w.winnersText(['Yellow', 'Green']),
                       w.winnersText(['Red', 'Yellow', 'Green']), w.wonText(['Yellow']),
                       w.wonText(['Yellow', 'Green'])];
        }
        return out; }""")
    assert said["en"] == ["Yellow wins!", "Yellow and Green win!", "Red, Yellow and Green win!",
                          "Yellow won", "Yellow and Green won"]
    assert said["ja"] == ["Yellowの勝ち！", "Yellow・Greenの勝ち！", "Red・Yellow・Greenの勝ち！",
                          "Yellowの勝ち", "Yellow・Greenの勝ち"]


def test_going_on_without_declaring_is_not_dressed_as_the_dice_out(page, server) -> None:
    """Where a dice-out may be declared, 「ダイスアウト！」 is the gold button and 「宣言せずに続ける」
    a plain one beside it (both once wore the same gold)."""
    from asobiba.games.diceout.actions import DECLARE_ACTION, PASS_ACTION

    gid = new_game(server, "diceout", {"declare": "manual", "placement": "rolled", "first": "red"},
                   [HUMAN, HUMAN], seed=2)
    rng = random.Random(2)
    for _ in range(200):
        data = server.api("GET", f"/api/games/{gid}").json()
        assert data["status"] == "playing"
        state = engine_state(data)
        if state.is_chance:  # the server rolls
            time.sleep(0.05)
            continue
        legal = state.legal_actions()
        if {PASS_ACTION, DECLARE_ACTION} <= set(legal):
            break
        plain = [a for a in legal if a not in (PASS_ACTION, DECLARE_ACTION)] or legal
        server.api("POST", f"/api/games/{gid}/moves", json={"action": rng.choice(plain)})
    else:
        raise AssertionError("no declaration window in 200 moves")
    page.goto(f"{server.url}/game/{gid}")
    declare = page.locator("[data-action=verb][data-verb=declare]")
    going_on = page.locator("[data-role=actions] button", has_text="宣言せずに続ける")
    declare.wait_for()
    going_on.wait_for()
    background = "el => getComputedStyle(el).backgroundColor"
    assert declare.evaluate(background) != going_on.evaluate(background)
    assert going_on.evaluate("el => getComputedStyle(el).fontWeight") != "800"


@pytest.mark.parametrize("path", ["game", "replay"])
def test_a_title_never_breaks_inside_the_game_name_on_a_phone(browser, server, path: str) -> None:
    """チャイニーズチェッカー stays on one line in the table's and the replay's title on a small
    phone (320 px); the replay's once broke it as チャイニーズチェッカ／ー."""
    gid = new_game(server, "chinese_checkers", {}, [HUMAN, INTRO], seed=4)
    if path == "replay":
        server.api("POST", f"/api/games/{gid}/resign")
    context = browser.new_context(viewport={"width": 320, "height": 640}, device_scale_factor=2)
    page = as_creator(context.new_page(), server)
    try:
        page.goto(f"{server.url}/{path}/{gid}")
        page.wait_for_selector(".board-svg")
        lines = page.evaluate("""name => {
          const title = document.querySelector('.table-title');
          const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent.indexOf(name);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + name.length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          }
          return 0;
        }""", "チャイニーズチェッカー")
        assert lines == 1
    finally:
        context.close()
