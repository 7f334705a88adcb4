"""The board in words, in Debian's Chromium (docs/play.md, "Keyboard and screen readers"): whole games
of Dice Out and Diamond Game against the computer played with the keyboard alone, every cell found
and read through the accessibility tree (roles and names, never coordinates or the board's CSS);
"read the board" says every player's pieces or dice, whose turn it is and what the last move did;
each move is announced in words; with no setting, every seat's pieces carry a shape of their own.

The person's moves are chosen by a quick computer level reading the game through the API (the
test's own judgement, as a player's would be); the page is played only by keys, and every name
the test acts on is checked against the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web.test_web_browser import engine_state

from asobiba.ai.levels import make_agent
from asobiba.core.registry import make_game

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
NAME = re.compile(r"^([a-q]\d{1,2})[：:]")  # a cell's name, first in its words
INTERNAL = re.compile(r"-?\d+,-?\d+")  # a cell as the engine names it, never said to players


def focused(page) -> str:
    """The accessible name of the focused element."""
    return page.evaluate("() => document.activeElement?.getAttribute('aria-label') ?? ''")


def focused_cell(page) -> str:
    found = NAME.match(focused(page))
    assert found, focused(page)
    return found.group(1)


def square(name: str) -> tuple[int, int]:
    """A Dice Out square as (file, rank): the letter runs left to right, the number upwards."""
    return ord(name[0]) - ord("a"), int(name[1:])


def hole(name: str) -> tuple[int, int]:
    """A star hole as (its number in the row, the row): rows run upwards from ``a``."""
    return int(name[1:]), ord(name[0]) - ord("a")


def walk_to(page, target: str, place, limit: int = 40) -> None:
    """Move the keyboard over the board to the cell ``target`` with the arrow keys alone: first
    up or down to its row, then along the row, reading the focused cell's name at each step."""
    for _ in range(limit):
        here = focused_cell(page)
        if here == target:
            return
        (x, y), (tx, ty) = place(here), place(target)
        if y != ty:
            page.keyboard.press("ArrowUp" if ty > y else "ArrowDown")
        else:
            page.keyboard.press("ArrowRight" if tx > x else "ArrowLeft")
    raise AssertionError(f"the arrows did not reach {target} (at {focused_cell(page)})")


def to_board(page) -> None:
    """Tab until the keyboard is on the board (one Tab stop for the whole board)."""
    for _ in range(40):
        if NAME.match(focused(page)):
            return
        page.keyboard.press("Tab")
    raise AssertionError("the board is not in the Tab order")


def my_turn(page, server, gid: str, timeout: float = 120_000) -> dict | None:
    """Wait until the person is to act (or the game is over: None) and the page shows it."""
    page.wait_for_function(
        """() => document.querySelector('#result-dialog[open]')
            || document.querySelector('[data-role=tray] button:not([disabled])')
            || [...document.querySelectorAll('[role=button][aria-label]')].some((b) => /動かせる|can move/
                 .test(b.getAttribute('aria-label')))
            || document.querySelector('[data-role=actions] button:not([disabled])')""",
        timeout=timeout,
    )
    data = server.api("GET", f"/api/games/{gid}").json()
    return None if data["status"] == "finished" else data


def read_board(page) -> str:
    """Press R and return what the live region says."""
    page.keyboard.press("r")
    page.wait_for_function("() => document.querySelector('[data-role=board-reading]').textContent.length > 0")
    return page.locator("[data-role=board-reading]").inner_text()


def play_by_keys(page, server, gid: str, place, agent, max_turns: int = 400) -> tuple[dict, list[str]]:
    """Play the person's side to the end with the keyboard: each move the agent picks is found on
    the board by its cells' names (the piece's cell says it can move, the target's that the picked
    piece can go there), and played with Enter. Returns the finished game and what was announced
    after each of the person's moves."""
    said = []
    for _ in range(max_turns):
        data = my_turn(page, server, gid)
        if data is None:
            return server.api("GET", f"/api/games/{gid}").json(), said
        state = engine_state(data)
        action = agent.choose(state)
        described = state.describe_action(action)
        if page.locator("[data-role=tray] button:not([disabled])").count():
            # Dice Out's placing: type the values in order, then confirm by the button's name
            values = state.action_to_notation(action).split()[-1].split(",")
            for value in values:
                page.keyboard.press(value)
            page.get_by_role("button", name=re.compile("^(この並びで置く|Place them)$")).press("Enter")
        elif described.get("from") is None:  # a move made with a button (a pass)
            page.locator("[data-role=actions] button").first.press("Enter")
        else:
            origin = state.action_origin(action)
            target = state.action_to_notation(action).split("-")[-1]
            to_board(page)
            walk_to(page, origin, place)
            assert re.search("動かせる|can move", focused(page)), focused(page)
            page.keyboard.press("Enter")
            walk_to(page, target, place)
            label = focused(page)
            assert re.search("ここに行ける|move here", label) and not INTERNAL.search(label), label
            page.keyboard.press("Enter")
        page.wait_for_function("n => document.querySelectorAll('[data-role=moves] li').length > n",
                               arg=len(data["history"]), timeout=30_000)
        said.append(page.locator("[data-role=announce]").inner_text())
    raise AssertionError("the game did not end")


def board_tree(page) -> str:
    """The board as the accessibility tree has it (the labelled group of the board)."""
    tree = page.get_by_role("group", name=re.compile("盤$| board$")).aria_snapshot()
    return tree.replace("''", "'")  # the snapshot's quoting of an apostrophe


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_whole_dice_out_game_by_keyboard_and_the_accessibility_tree(page, server, shots: Path,
                                                                      lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}')")
    body = {"game": "diceout", "options": {}, "seats": [HUMAN, INTRO], "seed": 7}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    assert my_turn(page, server, gid) is not None
    game = make_game("diceout", {})
    agent = make_agent(game, "weak", seed=1)
    # the opening: the two placings, then the board holds every die, the other side's too
    while engine_state(server.api("GET", f"/api/games/{gid}").json()).phase != 0 or \
            server.api("GET", f"/api/games/{gid}").json()["plies"] < 3:
        data = my_turn(page, server, gid)
        assert data is not None
        values = engine_state(data).action_to_notation(agent.choose(engine_state(data))).split()[-1]
        for value in values.split(","):
            page.keyboard.press(value)
        page.get_by_role("button", name=re.compile("^(この並びで置く|Place them)$")).press("Enter")
        page.wait_for_function("n => document.querySelectorAll('[data-role=moves] li').length > n",
                               arg=len(data["history"]), timeout=30_000)
    my_turn(page, server, gid)
    tree = board_tree(page)
    squares = re.findall(r'button "([a-e][1-5])[：:]', tree)
    assert sorted(squares) == sorted(f"{f}{r}" for f in "abcde" for r in range(1, 6)), tree
    theirs = "白の[123]" if lang == "ja" else "White's [123]"
    mine = "赤の[123]" if lang == "ja" else "Red's [123]"
    assert len(re.findall(f'button "[a-e]5[：:] ?{theirs}', tree)) == 3, tree  # the computer's, with values
    assert len(re.findall(f'button "[a-e]1[：:] ?{mine}', tree)) == 3, tree
    assert "EXIT" in tree
    reading = read_board(page)
    wanted = r"赤：.*白：.*の番です" if lang == "ja" else r"Red: .*White: .* to move"
    assert re.search(wanted, reading), reading
    page.screenshot(path=str(shots / f"words-diceout-{lang}.png"))
    result, said = play_by_keys(page, server, gid, square, agent)
    assert result["status"] == "finished"
    moved = "動かし" if lang == "ja" else "moved the"
    assert said and all(moved in line or "宣言" in line or "declar" in line or "続け" in line
                        or "goes on" in line for line in said), said
    assert not any(re.search(r"\b[a-e]\d-[a-e]\d\b", line) for line in said), said  # words, not notation
    page.wait_for_selector("#result-dialog[open]")
    page.keyboard.press("Escape")
    reading = read_board(page)
    assert re.search("終わりました|won|draw", reading), reading


def test_a_whole_diamond_game_by_keyboard_and_the_accessibility_tree(page, server, shots: Path) -> None:
    options = {"players": 2, "pieces": 10}
    body = {"game": "diamond", "options": options, "seats": [HUMAN, INTRO], "seed": 3}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    assert my_turn(page, server, gid) is not None
    tree = board_tree(page)
    holes = re.findall(r'button "([a-q]\d{1,2})：', tree)
    assert len(holes) == len(set(holes)) == 121, len(holes)
    assert len(re.findall(r'button "[a-q]\d{1,2}：(?!赤)\w+の(駒|王)', tree)) == 10  # the other side's too
    assert re.search(r'button "[a-q]\d{1,2}：空き', tree)
    assert re.search("入れません", tree)  # the points a colour may not enter
    reading = read_board(page)
    assert re.search(r"赤（10個、ゴールに0個）：.*（10個、ゴールに0個）：.*赤の番です", reading), reading
    game = make_game("diamond", options)
    result, said = play_by_keys(page, server, gid, hole, make_agent(game, "weak", seed=2))
    assert result["status"] == "finished"
    assert all(re.search("(進み|跳び)ました", line) for line in said), said
    page.wait_for_selector("#result-dialog[open]")
    page.keyboard.press("Escape")
    reading = read_board(page)
    assert "対局は終わりました" in reading and "最後の手：" in reading, reading
    page.screenshot(path=str(shots / "words-diamond-end.png"))
