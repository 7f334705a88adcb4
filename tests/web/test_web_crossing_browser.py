"""The crossing puzzle in Debian's Chromium (docs/play.md, "The crossing puzzle"): one player chosen
in the lobby shows the target, the table counts the moves against it, the best line opens as a
replay, and a finished crossing is scored (on the table and in the result dialog), in Japanese and
English and at a phone's width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from asobiba.core.registry import make_game
from asobiba.games.star.crossing.known import crossing_record, known_crossing

pytestmark = pytest.mark.browser

PANEL = "[data-role=crossing]"
PHONE = {"width": 390, "height": 844}


def test_a_puzzle_from_the_lobby_a_move_and_the_best_line(page, server, shots: Path) -> None:
    page.goto(server.url)
    page.click("[data-game=chinese_checkers]")
    page.click("#opt-players label:has-text('1人')")
    lobby = page.locator("[data-role=crossing-target]")
    lobby.wait_for()
    assert "目標は27手" in lobby.inner_text() and "22手より少なくは渡れない" in lobby.inner_text()
    page.wait_for_function("() => document.querySelectorAll('.seat-preview .chip').length === 1")
    lobby.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "crossing-lobby.png"))
    page.click("[data-action=start]")
    page.wait_for_url(re.compile(r"/game/\w+"))

    panel = page.locator(f"{PANEL}[data-target='27']")
    panel.wait_for()
    assert panel.locator("h2").inner_text() == "27手で渡りきろう"
    assert panel.locator("[data-role=crossing-count]").inner_text() == "いま 0手 ／ 目標 27手"
    assert "まだ分かっていません" in panel.inner_text()  # the other points open: not proven shortest
    assert "null" not in panel.inner_text()
    page.click(".board-svg .movable >> nth=0")
    page.click(".board-svg .legal >> nth=0")
    page.locator(f"{PANEL}[data-moves='1']").wait_for()
    assert panel.locator("[data-role=crossing-count]").inner_text() == "いま 1手 ／ 目標 27手"
    page.screenshot(path=str(shots / "crossing-table.png"))
    page.set_viewport_size(PHONE)
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "crossing-phone.png"))

    page.click("#lang")
    assert panel.locator("h2").inner_text() == "Cross in 27 moves"
    assert panel.locator("[data-role=crossing-count]").inner_text() == "Moves so far: 1 / target 27"
    assert panel.locator("[data-action=show-crossing]").inner_text() == "Show the best line found"
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "crossing-phone-english.png"))
    page.set_viewport_size({"width": 1280, "height": 860})
    page.screenshot(path=str(shots / "crossing-english.png"))

    panel.locator("[data-action=show-crossing]").click()
    page.wait_for_url(re.compile(r"/replay/\w+"))
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 27")
    for _ in range(3):
        page.click("[data-action=next]")
    page.wait_for_function("() => document.querySelector('.status').textContent.startsWith('move 3 of 27')")
    page.screenshot(path=str(shots / "crossing-replay.png"))
    replay = page.url
    page.wait_for_load_state("networkidle")  # the replay's prefetch of the next frame is done
    page.go_back()
    page.locator(f"{PANEL}[data-moves='1'] [data-action=show-crossing]").click()
    page.wait_for_url(re.compile(r"/replay/\w+"))
    assert page.url == replay  # the replay of these rules is opened again, not uploaded again
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 27")
    page.wait_for_load_state("networkidle")  # no frame is still on its way when the page closes


def test_a_finished_crossing_is_scored_against_the_best_known(page, server, shots: Path) -> None:
    """Two moves more than the known shortest: a move out and straight back, then the 27-move
    line, its last move made on the board."""
    options = {"players": 1, "other_points": "closed"}
    game = make_game("chinese_checkers", options)
    line = crossing_record(game, known_crossing(game)).actions
    start = game.new_state()
    body = {"game": "chinese_checkers", "options": options, "seats": [{"type": "human"}]}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    for action in [*_out_and_back(start), *line[:-1]]:
        server.api("POST", f"/api/games/{gid}/moves", json={"action": action}).raise_for_status()
    page.goto(f"{server.url}/game/{gid}")
    panel = page.locator(f"{PANEL}[data-moves='28'][data-target='27']")
    panel.wait_for()
    assert "知られている最短" in panel.inner_text()  # this board's 27 is the proven shortest
    assert panel.locator("[data-action=show-crossing]").inner_text() == "最短の手順を見る"
    move = start.describe_action(line[-1])
    page.click(f'[data-cell="{move["from"][0]},{move["from"][1]}"]')
    page.click(f'[data-cell="{move["to"][0]},{move["to"][1]}"]')
    dialog = page.locator("#result-dialog [data-role=crossing-score]")
    dialog.wait_for()
    assert dialog.inner_text() == "29手で渡りきりました — 知られている最少は27手"
    assert page.locator("#result-dialog h2").inner_text() == "渡りきりました！"  # not a draw, not a win
    assert page.locator(f"{PANEL} [data-role=crossing-score]").inner_text() == dialog.inner_text()
    page.screenshot(path=str(shots / "crossing-score.png"))
    page.click("#result-dialog [data-action=close]")
    page.click("#lang")
    score = page.locator(f"{PANEL} [data-role=crossing-score]")
    assert score.inner_text() == "Crossed in 29 moves — best known 27"
    page.reload()  # a finished game opens on its result, scored once the target comes
    dialog = page.locator("#result-dialog[open] [data-role=crossing-score]")
    dialog.wait_for()
    assert dialog.inner_text() == "Crossed in 29 moves — best known 27"
    assert page.locator("#result-dialog h2").inner_text() == "Crossed!"
    page.click("#result-dialog [data-action=close]")
    page.locator(f"{PANEL} [data-action=show-crossing]").click()
    page.wait_for_url(re.compile(r"/replay/\w+"))
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 27")
    page.wait_for_load_state("networkidle")


def _out_and_back(state) -> tuple[int, int]:
    """A move and the move that takes its piece straight back."""
    for action in state.legal_actions():
        origin, target = state.action_to_notation(action).split("-")
        after = state.apply(action)
        back = [b for b in after.legal_actions() if after.action_to_notation(b) == f"{target}-{origin}"]
        if back:
            return action, back[0]
    raise AssertionError("no move can be taken straight back")
