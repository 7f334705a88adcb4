"""The web table in Debian's Chromium, driven by clicks (Playwright for Python).

Covers: a complete Dice Out game against the computer (intro level), the opening of a 3-player
Diamond Game started from the lobby, highlights checked against the engine's legal moves, undo,
hint, the language switch, reload-resume, replay, and a server killed and restarted mid-game.
Screenshots of each screen go to $ASOBIBA_SCREENSHOTS (docs/screenshots when making the docs).
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from web.conftest import as_creator

from asobiba.core.registry import make_game

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
MOVES = "[data-role=moves] li"


def engine_state(data: dict[str, Any]):
    return make_game(data["game"], data["options"]).state_from_json(data["position"])


def destinations(state, origin: str) -> set[str]:
    """Cells the engine allows the piece on ``origin`` to reach, as data-cell names."""
    out = set()
    for action in state.legal_actions():
        d = state.describe_action(action)
        names = [c if isinstance(c, str) or c is None else f"{c[0]},{c[1]}" for c in (d["from"], d["to"])]
        if names[0] == origin:
            out.add(names[1])
    return out


def cell_name(cell: Any) -> str:
    return cell if isinstance(cell, str) else f"{cell[0]},{cell[1]}"


def settle(page, server, gid: str, timeout: float = 60) -> dict[str, Any]:
    """Wait until a person is to move (the page shows movable pieces) or the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = server.api("GET", f"/api/games/{gid}").json()
        seat = data["players"].index(data["to_move"]) if data["to_move"] else None
        if data["status"] == "finished":
            page.wait_for_selector("#result-dialog[open]")
            return data
        if seat is not None and data["seats"][seat]["type"] == "human":
            page.wait_for_function(
                "n => document.querySelectorAll('[data-role=moves] li').length === n"
                " && document.querySelector('.board-svg .movable')",
                arg=len(data["moves"]),
            )
            return data
        time.sleep(0.1)
    raise AssertionError("the game did not come back to a person")


def click_move(page, state, action: int, *, check_highlights: bool = True) -> None:
    d = state.describe_action(action)
    origin, target = cell_name(d["from"]), cell_name(d["to"])
    page.click(f'[data-cell="{origin}"]')
    if check_highlights:
        shown = set(page.eval_on_selector_all(".board-svg .legal", "els => els.map(e => e.dataset.cell)"))
        assert shown == destinations(state, origin)
        assert page.locator(f'[data-cell="{origin}"].selected').count() == 1
    page.click(f'[data-cell="{target}"]')


def dice_out_choice(state, rng: random.Random) -> int:
    """Red's move: win at once if possible, never lose at once, else advance (quick games)."""
    me = state.current_player
    scored = []
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_terminal:
            score = 100 if after.ranks()[me] == 1 else -100
        else:
            to = state.describe_action(action)["to"]
            score = int(to[1:]) if to else 0
        scored.append((score, rng.random(), action))
    return max(scored)[2]


def test_complete_dice_out_game_against_the_computer(page, server, shots: Path) -> None:
    options = {"first": "red", "placement": "rolled"}  # the dice stand as rolled: moves from the start
    body = {"game": "diceout", "options": options, "seats": [HUMAN, INTRO], "seed": 2}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector(".setup-roll .roll-die")
    shown = page.eval_on_selector_all(
        ".setup-roll .roll-die", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    roll = server.api("GET", f"/api/games/{gid}").json()["moves"][0]  # "setup red:3,1,2 white:..."
    assert shown == re.findall(r"\d", roll.split("first")[0])
    rng = random.Random(4)
    for turn in range(120):
        data = settle(page, server, gid)
        if data["status"] == "finished":
            break
        state = engine_state(data)
        action = dice_out_choice(state, rng)
        if turn == 2:
            d = state.describe_action(action)
            page.click(f'[data-cell="{d["from"]}"]')
            page.screenshot(path=str(shots / "diceout.png"))
            page.keyboard.press("Escape")
        click_move(page, state, action)
        page.wait_for_function(
            "n => document.querySelectorAll('[data-role=moves] li').length > n", arg=len(data["moves"])
        )
    else:
        raise AssertionError("the game did not end")
    dialog = page.locator("#result-dialog")
    assert dialog.locator("[data-role=ranks] li").count() == 2
    assert dialog.locator("[data-role=ending]").inner_text()
    page.screenshot(path=str(shots / "result.png"))
    final = server.api("GET", f"/api/games/{gid}").json()
    assert page.locator(MOVES).count() == len(final["moves"])
    assert final["result"]["ranks"] in ([1, 2], [2, 1], [1, 1])

    dialog.locator("[data-action=replay]").click()
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_selector(".board-svg")
    assert page.locator(MOVES).count() == len(final["moves"])
    for _ in range(4):
        page.click("[data-action=next]")
    page.wait_for_function("() => document.querySelector('.status').textContent.startsWith('4 /')")
    assert page.locator(".moves li.current").inner_text() == page.locator(MOVES).nth(3).inner_text()
    page.screenshot(path=str(shots / "replay.png"))


def test_the_lobby_opens_diamond_on_three_players(page, server) -> None:
    """You and two computers, as the site lists 3 players first; the engine's default stays 2."""
    page.goto(server.url)
    page.click("[data-game=diamond]")
    page.wait_for_function("() => document.querySelectorAll('.seat-preview .chip').length === 3")
    assert page.locator("#opt-players label.on").inner_text() == "3人"
    page.click("details.more summary")  # "more rules"
    chain = page.locator("#opt-king_chain_after_line label")
    assert chain.all_inner_texts() == ["1個ずつの飛び越しだけ", "何でも続けられる", "そこで終わり"]
    assert page.locator("#opt-king_chain_after_line label.on").inner_text() == "1個ずつの飛び越しだけ"
    page.click("#opt-players label:has-text('2人')")
    page.wait_for_function("() => document.querySelectorAll('.seat-preview .chip').length === 2")
    page.reload()  # the choice of 2 is remembered
    page.wait_for_function("() => document.querySelectorAll('.seat-preview .chip').length === 2")
    assert page.locator("#opt-players label.on").inner_text() == "2人"
    assert server.api("POST", "/api/setup?preview=true", json={"game": "diamond", "options": {}}
                      ).json()["players"] == ["red", "yellow"]


def test_the_lobby_reads_the_games_from_the_catalog(page, server) -> None:
    """Cards, the first game, and who starts come from the catalog: a game whose dice decide who
    starts gets "dice / you / computer", which sets its `first` rule; the others a seat choice."""
    games = server.api("GET", "/api/catalog").json()["games"]
    page.goto(server.url)
    page.wait_for_selector(".game-card.on")
    assert page.locator(".game-card.on").get_attribute("data-game") == games[0]["id"]
    for game in games:
        card = page.locator(f'[data-game="{game["id"]}"]')
        assert card.locator(".card-tagline").inner_text() == game["lobby"]["tagline"]["ja"]
    assert page.locator("[data-game=diamond] .card-sub").inner_text() == "2–3人"
    assert page.locator("[data-game=diceout] .card-sub").inner_text() == "2人"
    assert page.locator("[data-setting=firstSeat]").count() == 1  # the first mover is known

    page.click("[data-game=diceout]")
    starter = page.locator("#opt-starter label")
    starter.first.wait_for()
    assert starter.all_inner_texts() == ["ダイスで決める", "あなた", "コンピューター"]
    assert page.locator("[data-option=first]").count() == 0  # the starter control sets it
    page.click("#opt-starter label:has-text('コンピューター')")
    page.click("#opt-level label:has-text('入門')")
    page.wait_for_function("() => !document.querySelector('[data-action=start]').disabled")
    page.click("[data-action=start]")
    page.wait_for_url(re.compile(r"/game/\w+"))
    data = server.api("GET", f"/api/games/{page.url.rsplit('/', 1)[1]}").json()
    assert data["options"]["first"] == "white"
    assert [s["type"] for s in data["seats"]] == ["human", "computer"]

    page.goto(server.url)
    page.click("#opt-opponent label:has-text('1台で交代')")
    page.wait_for_selector("[data-option=first]", state="attached")
    assert page.locator("[data-setting=starter]").count() == 0


def test_three_player_diamond_opening_from_the_lobby(page, server, shots: Path) -> None:
    page.goto(server.url)
    page.click("[data-game=diamond]")  # three players by default
    page.click("#opt-level label:has-text('入門')")
    page.wait_for_function("() => document.querySelectorAll('.seat-preview .chip').length === 3")
    page.screenshot(path=str(shots / "lobby.png"))  # the window: the start button stays in view
    page.click("[data-action=start]")
    page.wait_for_url(re.compile(r"/game/\w+"))
    gid = page.url.rsplit("/", 1)[1]
    rng = random.Random(9)

    for _ in range(3):
        data = settle(page, server, gid)
        state = engine_state(data)
        # every piece the engine can move is highlighted with exactly its destinations
        origins = sorted({cell_name(state.describe_action(a)["from"]) for a in state.legal_actions()})
        for origin in rng.sample(origins, 3):
            page.click(f'[data-cell="{origin}"]')
            shown = page.eval_on_selector_all(".board-svg .legal", "els => els.map(e => e.dataset.cell)")
            assert set(shown) == destinations(state, origin)
        page.keyboard.press("Escape")
        jumps = [a for a in state.legal_actions() if len(state.move_path(a)) > 2]
        click_move(page, state, rng.choice(jumps or state.legal_actions()))
    data = settle(page, server, gid)
    assert len(data["moves"]) == 9
    page.screenshot(path=str(shots / "diamond-3p.png"))

    # undo: my move and both computer replies
    before = engine_state(data)
    page.click("[data-action=undo]")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 6")
    undone = settle(page, server, gid)
    assert len(undone["moves"]) == 6
    assert engine_state(undone) != before

    # hint: a legal move is marked and explained
    page.click("[data-action=hint]")
    page.wait_for_selector(".hint-box h2[data-move]", timeout=180_000)  # the strongest search, loaded machine
    marked = page.eval_on_selector_all(".board-svg .hint", "els => els.map(e => e.dataset.cell)")
    state = engine_state(undone)
    legal = {(cell_name(state.describe_action(a)["from"]), cell_name(state.describe_action(a)["to"]))
             for a in state.legal_actions()}
    assert len(marked) == 2 and any(set(pair) == set(marked) for pair in legal)
    assert page.locator(".hint-box p").inner_text().strip()

    # reload: the same game comes back
    page.reload()
    settle(page, server, gid)
    texts = page.locator(MOVES).all_inner_texts()
    assert len(texts) == 6


def test_language_switch_is_remembered(page, server, shots: Path) -> None:
    page.goto(server.url)
    page.wait_for_selector("[data-action=start]")
    assert page.locator("[data-action=start]").inner_text() == "対局開始"
    page.click("#lang")
    assert page.locator("[data-action=start]").inner_text() == "Start"
    assert page.locator("html").get_attribute("lang") == "en"
    page.reload()
    page.wait_for_selector("[data-action=start]")
    assert page.locator("[data-action=start]").inner_text() == "Start"
    body = {"game": "diamond", "options": {}, "seats": [HUMAN, INTRO], "seed": 1}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    settle(page, server, gid)
    assert page.locator("[data-action=undo]").inner_text() == "Undo"
    assert page.locator(".player-color").first.inner_text() == "Red"
    page.screenshot(path=str(shots / "english.png"))
    page.click("#lang")
    assert page.locator("[data-action=undo]").inner_text() == "1手戻す"


def test_two_player_diamond_and_phone_width(browser, server, shots: Path) -> None:
    body = {"game": "diamond", "options": {}, "seats": [HUMAN, INTRO], "seed": 5}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    for _ in range(4):
        data = server.api("GET", f"/api/games/{gid}").json()
        state = engine_state(data)
        server.api("POST", f"/api/games/{gid}/moves?wait=true", json={"action": state.legal_actions()[-1]})
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = as_creator(context.new_page(), server)
    page.goto(f"{server.url}/game/{gid}")
    data = settle(page, server, gid)
    state = engine_state(data)
    jumps = [a for a in state.legal_actions() if len(state.move_path(a)) > 2]
    origin = cell_name(state.describe_action((jumps or state.legal_actions())[0])["from"])
    page.click(f'[data-cell="{origin}"]')
    page.screenshot(path=str(shots / "diamond-2p.png"))
    context.close()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = as_creator(phone.new_page(), server)
    page.goto(f"{server.url}/game/{gid}")
    settle(page, server, gid)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    board = page.locator(".board-svg").bounding_box()
    assert board is not None and board["width"] <= 390
    page.click(f'[data-cell="{origin}"]')
    assert page.locator(".board-svg .legal").count() == len(destinations(state, origin))
    page.screenshot(path=str(shots / "phone.png"))  # as the screen shows it (the bar stays in view)
    phone.close()


def test_dice_out_declaration_button(page, server, declarable_line) -> None:
    body = {"game": "diceout", "options": {"declare": "manual"}, "seats": [HUMAN, HUMAN], "seed": 5}
    early = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{early}")
    declare = page.locator("[data-action=verb][data-verb=declare]")
    declare.click()  # on the table from the first turn; nothing to declare yet
    page.wait_for_selector(".toast:not([hidden])")
    assert page.locator(".toast").inner_text() == "いま宣言できるダイスアウトはありません。"

    gid, declarer = server.diceout_after({"declare": "manual"}, 5, declarable_line(5))
    page.goto(f"{server.url}/game/{gid}")
    assert declare.inner_text() == "ダイスアウト！"
    declare.click()
    page.wait_for_selector("#result-dialog[open]")
    assert page.locator("[data-role=ending]").inner_text() == "ダイスアウトが宣言されました。"
    data = server.api("GET", f"/api/games/{gid}").json()
    assert data["moves"][-1] == "declare"
    assert data["result"]["ranks"][data["players"].index(declarer)] == 1


def test_games_list_and_record_upload(page, server, tmp_path: Path) -> None:
    body = {"game": "diceout", "options": {}, "seats": [HUMAN, HUMAN], "seed": 4}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    for _ in range(3):
        state = engine_state(server.api("GET", f"/api/games/{gid}").json())
        server.api("POST", f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})
    server.api("POST", f"/api/games/{gid}/resign", json={"seats": [0]})
    record = tmp_path / "record.json"
    record.write_text(server.api("GET", f"/api/games/{gid}/record").text, encoding="utf-8")
    page.goto(f"{server.url}/games")
    page.wait_for_selector(f'li[data-id="{gid}"] a[href="/replay/{gid}"]')
    page.set_input_files("[data-action=upload]", str(record))
    page.wait_for_url(re.compile(r"/replay/(?!" + gid + ")"))
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 4")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.status').textContent.startsWith('4 /')")


def test_keyboard_play(page, server) -> None:
    options = {"first": "red", "placement": "rolled"}
    body = {"game": "diceout", "options": options, "seats": [HUMAN, HUMAN], "seed": 8}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    data = settle(page, server, gid)
    state = engine_state(data)
    action = state.legal_actions()[0]
    d = state.describe_action(action)
    page.focus(f'[data-cell="{d["from"]}"]')
    page.keyboard.press("Enter")
    assert page.locator(".board-svg .legal").count() == len(destinations(state, d["from"]))
    page.focus(f'[data-cell="{d["to"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 2")
    assert server.api("GET", f"/api/games/{gid}").json()["moves"][1] == d["notation"]
    page.keyboard.press("u")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 1")


def test_server_restart_mid_game(page, server_factory, tmp_path: Path) -> None:
    """Kill the server mid-game, start it on the same database: the page reconnects, nothing lost."""
    first = server_factory(tmp_path / "restart.sqlite3").start()
    try:
        options = {"first": "red", "placement": "rolled"}
        body = {"game": "diceout", "options": options, "seats": [HUMAN, INTRO], "seed": 6}
        gid = first.api("POST", "/api/games", json=body).json()["id"]
        page.goto(f"{first.url}/game/{gid}")
        data = settle(page, first, gid)
        state = engine_state(data)
        click_move(page, state, state.legal_actions()[0])
        data = settle(page, first, gid)
        assert len(data["moves"]) == 3  # roll, my move, the computer's reply
        page.reload()
        settle(page, first, gid)
        assert page.locator(MOVES).count() == 3
    finally:
        first.kill()
    page.wait_for_selector("body[data-connection=closed]")

    second = server_factory(first.db)
    second.port, second.url = first.port, first.url  # same address: the open page reconnects
    second.start()
    try:
        again = second.api("GET", f"/api/games/{gid}").json()
        assert again["moves"] == data["moves"] and again["position"] == data["position"]
        page.wait_for_selector("body[data-connection=open]", timeout=15_000)
        data = settle(page, second, gid)
        state = engine_state(data)
        click_move(page, state, state.legal_actions()[-1])
        data = settle(page, second, gid)
        assert len(data["moves"]) >= 4
    finally:
        second.kill()
