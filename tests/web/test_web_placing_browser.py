"""Placing the rolled dice at the web table, in Debian's Chromium (Dice Out, ``placement=choose``).

A person arranges their dice by clicks (a die beside the board, then a highlighted cell), by
dragging, or by typing the values; the arrangement shows on the board as it grows and is
confirmed with one button. The computer's arrangement and the other person's stand on the board
afterwards; a hint's arrangement is shown on the board and can be taken over; the replay shows both
placings. Screenshots go to $ASOBIBA_SCREENSHOTS (docs/screenshots when making the docs).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from asobiba.core.registry import make_game
from asobiba.games.diceout.board import board

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
MOVES = "[data-role=moves] li"
TRAY = "[data-role=tray]"


def game_json(server, gid: str) -> dict[str, Any]:
    return server.api("GET", f"/api/games/{gid}").json()


def engine_state(data: dict[str, Any]):
    return make_game(data["game"], data["options"]).state_from_json(data["position"])


def home_cells(data: dict[str, Any]) -> list[str]:
    """The cells b, c, d of the home row of the colour to place."""
    grid = board(data["options"]["rows"])
    return [grid.names[c] for c in grid.home[data["players"].index(data["to_move"])]]


def arrangements(data: dict[str, Any]) -> list[str]:
    state = engine_state(data)
    return sorted(state.action_to_notation(a) for a in state.legal_actions())


def values_of(notation: str) -> list[int]:
    return [int(v) for v in re.findall(r"\d", notation)]


def wait_for_tray(page, seat: str) -> None:
    page.wait_for_selector(f'{TRAY}[data-player="{seat}"] .tray-die:not([disabled])')


def put_by_clicks(page, cells: list[str], values: list[int]) -> None:
    """Pick each die beside the board, then its cell; the board shows it there at once."""
    for cell, value in zip(cells, values, strict=True):
        page.click(f'{TRAY} .tray-die[data-value="{value}"]:not(.placed)')
        page.click(f'[data-cell="{cell}"]')
        die = page.locator(f'.board-svg .tentative[data-die="{cell}"]')
        assert die.get_attribute("data-value") == str(value)


def test_a_person_places_by_clicks_against_the_computer(page, server, shots: Path) -> None:
    body = {"game": "diceout", "options": {"first": "red"}, "seats": [HUMAN, INTRO], "seed": 8}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    wait_for_tray(page, "red")
    data = game_json(server, gid)
    tray = page.eval_on_selector_all(f"{TRAY} .tray-die", "els => els.map(e => Number(e.dataset.value))")
    assert sorted(tray) == data["position"]["rolled"]["red"]
    assert page.locator(".status").inner_text() == "あなたの番です。ダイスを並べてください。"
    assert page.locator("[data-action=move]").count() == 0  # no buttons named by notation
    cells = home_cells(data)
    shown = page.eval_on_selector_all(".board-svg .legal", "els => els.map(e => e.dataset.cell)")
    assert sorted(shown) == sorted(cells)

    choice = arrangements(data)[-1]
    values = values_of(choice)
    put_by_clicks(page, cells[:2], values[:2])
    confirm = page.locator("[data-action=place]")
    assert confirm.is_disabled()
    last = page.locator(f"{TRAY} .tray-die:not(.placed)")
    last.click()
    assert last.get_attribute("aria-pressed") == "true"
    page.screenshot(path=str(shots / "diceout-placing.png"))
    page.click(f'[data-cell="{cells[2]}"]')
    assert confirm.get_attribute("data-move") == choice
    confirm.click()

    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 3")
    page.wait_for_selector(".board-svg .movable")  # the computer placed too: red moves first
    moves = game_json(server, gid)["moves"]
    assert moves[1] == choice and moves[2].startswith("place ")
    assert page.locator(".board-svg [data-piece]").count() == 6
    assert page.locator(TRAY).count() == 0
    assert page.locator(".status").inner_text() == "あなたの番です。動かす駒を選んでください。"


def test_the_computer_places_first_and_a_hint_shows_an_arrangement(page, server, shots: Path) -> None:
    """On a phone: the computer's dice stand on the board; the hint's arrangement is shown."""
    body = {"game": "diceout", "options": {"first": "white"}, "seats": [HUMAN, INTRO], "seed": 8}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}/game/{gid}")
    wait_for_tray(page, "red")
    data = game_json(server, gid)
    assert data["moves"][1].startswith("place ")  # the computer's arrangement stands on the board
    white = page.locator('.board-svg [data-piece="white"]')
    assert white.count() == 3

    page.click("[data-action=hint]")
    page.wait_for_selector(".hint-box h2[data-move]", timeout=30_000)
    notation = page.get_attribute(".hint-box h2", "data-move")
    assert notation in arrangements(data)
    cells = home_cells(data)
    ghosts = {die.get_attribute("data-die"): int(die.get_attribute("data-value"))
              for die in page.locator(".board-svg .hint-die").all()}
    assert ghosts == dict(zip(cells, values_of(notation), strict=True))
    marked = page.eval_on_selector_all(".board-svg .hint", "els => els.map(e => e.dataset.cell)")
    assert sorted(marked) == sorted(cells)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "diceout-placing-phone.png"))

    page.click("[data-action=use-hint]")
    assert page.locator("[data-action=place]").get_attribute("data-move") == notation
    page.click("[data-action=place]")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length >= 3")
    assert game_json(server, gid)["moves"][2] == notation


def test_two_people_place_in_turn_and_the_replay_shows_both(page, server, shots: Path) -> None:
    body = {"game": "diceout", "options": {}, "seats": [HUMAN, HUMAN], "seed": 3}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")

    # the starter types the values in order and presses Enter
    first = game_json(server, gid)
    wait_for_tray(page, first["to_move"])
    name = {"red": "赤", "white": "白"}[first["to_move"]]
    assert page.locator(".status").inner_text() == f"{name}の番です。ダイスを並べてください。"
    typed = arrangements(first)[0]
    page.keyboard.type("".join(str(v) for v in values_of(typed)))
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 2")

    # the other player sees that arrangement, drags one die, clicks the others, starts over once
    second = game_json(server, gid)
    assert second["moves"][1] == typed
    wait_for_tray(page, second["to_move"])
    assert page.locator(f'.board-svg [data-piece="{first["to_move"]}"]').count() == 3
    cells = home_cells(second)
    page.click(f"{TRAY} .tray-die >> nth=0")
    page.click(f'[data-cell="{cells[0]}"]')
    page.click("[data-action=clear-placing]")
    assert page.locator(".board-svg .tentative").count() == 0
    chosen = arrangements(second)[-1]
    values = values_of(chosen)
    die = page.locator(f'{TRAY} .tray-die[data-value="{values[0]}"]').first.bounding_box()
    target = page.locator(f'[data-cell="{cells[0]}"]').bounding_box()
    page.mouse.move(die["x"] + die["width"] / 2, die["y"] + die["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 10, target["y"] + 10, steps=8)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=4)
    page.mouse.up()
    dragged = page.locator(f'.board-svg .tentative[data-die="{cells[0]}"]')
    assert dragged.get_attribute("data-value") == str(values[0])
    put_by_clicks(page, cells[1:], values[1:])
    page.click("[data-action=place]")
    page.wait_for_selector(".board-svg .movable")
    data = game_json(server, gid)
    assert data["moves"][1:] == [typed, chosen]
    assert page.locator(".board-svg [data-piece]").count() == 6

    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 3")
    for ply, dice in ((1, 0), (2, 3), (3, 6)):
        page.click("[data-action=next]")
        page.wait_for_function(f"() => document.querySelector('.status').textContent.startsWith('{ply} /')")
        assert page.locator(".board-svg [data-piece]").count() == dice
    lines = page.locator(MOVES).all_inner_texts()
    # the placings read in words (the game's move_words), never as their notation
    def said(notation: str) -> str:
        return f"b・c・dに{'・'.join(notation.removeprefix('place ').split(','))}を並べる"

    assert lines[1].endswith(said(typed)) and lines[2].endswith(said(chosen))
    page.wait_for_selector(".board-svg:not(.flying)")  # the last dice have come down
    page.screenshot(path=str(shots / "diceout-placing-replay.png"))
