"""Playing a friend on another device, in Debian's Chromium: a room made in the lobby, an invite
link opened in a second browser, a complete game by clicks, a third browser watching, takeback
requests accepted and declined (docs/play.md, "Seats, tokens and invitations")."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from asobiba.core.registry import make_game

pytestmark = pytest.mark.browser


def game_json(server, gid: str) -> dict[str, Any]:
    return server.api("GET", f"/api/games/{gid}").json()


def engine_state(data: dict[str, Any]):
    return make_game(data["game"], data["options"]).state_from_json(data["position"])


def cell(value: Any) -> str | None:
    return value if value is None or isinstance(value, str) else ",".join(map(str, value))


def quick_choice(state, rng: random.Random) -> int:
    """Win at once if possible, else avoid losing at once, else any move (short games)."""
    me = state.current_player
    safe = []
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_terminal and after.ranks()[me] == 1:
            return action
        if not after.is_terminal:
            safe.append(action)
    return rng.choice(safe or state.legal_actions())


def wait_turn(page, plies: int) -> None:
    """Wait until the page has seen ``plies`` moves and shows its movable pieces or buttons."""
    page.wait_for_function(
        "n => document.querySelectorAll('[data-role=moves] li').length === n"
        " && (document.querySelector('.board-svg .movable') || document.querySelector('[data-action=move]'))",
        arg=plies, timeout=60_000,
    )


def play_by_click(page, state, action: int) -> None:
    d = state.describe_action(action)
    origin, target = cell(d.get("from")), cell(d.get("to"))
    if origin is None:
        page.click(f'[data-action=move][data-move="{state.action_to_notation(action)}"]')
        return
    page.click(f'[data-cell="{origin}"]')
    page.click(f'[data-cell="{target}"]')


def new_context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def test_two_browsers_play_a_room_and_a_third_watches(page, server, browser, shots: Path) -> None:
    page.goto(server.url)
    page.click("[data-game=diceout]")
    page.click("#opt-opponent label:has-text('友達と対戦')")
    page.locator("details.more summary").first.click()
    page.click("#opt-placement label:has(input[value=rolled])")
    page.click("[data-action=start]")
    page.wait_for_url(re.compile(r"/game/\w+$"))
    gid = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("[data-role=invite-link]")
    invite = page.locator(".invite [data-role=invite-link]").input_value()
    assert re.search(rf"/game/{gid}/join/1/[\w-]{{22}}$", invite)
    page.wait_for_selector(".invite .qr svg")
    assert game_json(server, gid)["waiting"] is True
    page.screenshot(path=str(shots / "invite.png"))

    friend_ctx, friend, friend_errors = new_context(browser)
    watcher_ctx, watcher, watcher_errors = new_context(browser)
    try:
        friend.goto(invite)
        friend.wait_for_url(re.compile(rf"/game/{gid}$"))  # the invite leaves the address bar
        page.wait_for_selector("[data-role=invites]", state="hidden")
        watcher.goto(f"{server.url}/game/{gid}")
        watcher.wait_for_selector("[data-role=moves] li")
        assert watcher.evaluate("document.body.dataset.watching") == "yes"
        for action in ("undo", "resign", "hint"):
            assert not watcher.locator(f"[data-action={action}]").is_visible()
        # the used invite opens nothing a second time
        again = server.api("POST", f"/api/games/{gid}/seats/1/join",
                           json={"invite": invite.rsplit("/", 1)[1]}, headers={"Authorization": ""})
        assert again.status_code == 403
        page.wait_for_selector(".player[data-player=white] .presence.on")

        rng = random.Random(4)
        players = {"red": page, "white": friend}
        data = game_json(server, gid)
        while data["status"] == "playing":
            state = engine_state(data)
            mover = players[data["to_move"]]
            wait_turn(mover, len(data["moves"]))
            assert watcher.locator(".board-svg .movable").count() == 0
            play_by_click(mover, state, quick_choice(state, rng))
            plies = len(data["moves"]) + 1
            mover.wait_for_function("n => document.querySelectorAll('[data-role=moves] li').length >= n",
                                    arg=plies)
            data = game_json(server, gid)
            if len(data["moves"]) == 6:
                watcher.screenshot(path=str(shots / "spectator.png"))
        watcher.wait_for_selector("#result-dialog[open]")
        assert data["result"]["ranks"] in ([1, 2], [2, 1])
        # a spectator's commands are refused by the server too
        refused = server.api("POST", f"/api/games/{gid}/resign", headers={"Authorization": ""})
        assert refused.status_code == 401
        assert not friend_errors and not watcher_errors
    finally:
        friend_ctx.close()
        watcher_ctx.close()


def test_takeback_requests_are_accepted_or_declined_in_the_page(page, server, browser) -> None:
    body = {"game": "diceout", "options": {"placement": "rolled", "first": "red"},
            "seats": [{"type": "human"}, {"type": "invite"}], "seed": 5}
    created = server.api("POST", "/api/games", json=body).json()
    gid = created["id"]
    page.goto(f"{server.url}/game/{gid}")
    friend_ctx, friend, friend_errors = new_context(browser)
    try:
        friend.goto(server.url + created["seats"][1]["invite"])
        friend.wait_for_url(re.compile(rf"/game/{gid}$"))
        rng = random.Random(2)
        for mover in (page, friend):  # red, then white
            data = game_json(server, gid)
            wait_turn(mover, len(data["moves"]))
            state = engine_state(data)
            play_by_click(mover, state, rng.choice(
                [a for a in state.legal_actions() if not state.apply(a).is_terminal]))
        page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 3")

        page.click("[data-action=undo]")  # red asks
        page.wait_for_selector("[data-action=takeback-withdraw]")
        friend.click("[data-action=takeback-decline]")
        page.wait_for_selector("[data-role=takeback]", state="hidden")
        assert len(game_json(server, gid)["moves"]) == 3

        page.click("[data-action=undo]")  # red asks again
        friend.click("[data-action=takeback-accept]")
        page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length === 1")
        data = game_json(server, gid)
        assert len(data["moves"]) == 1 and data["to_move"] == "red"
        assert not friend_errors
    finally:
        friend_ctx.close()


def test_a_second_browser_opening_a_game_only_watches(page, server, browser) -> None:
    body = {"game": "diamond", "options": {"players": 2}, "seats": [{"type": "human"}] * 2, "seed": 1}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector(".board-svg .movable")
    other_ctx, other, errors = new_context(browser)
    try:
        other.goto(f"{server.url}/game/{gid}")
        other.wait_for_selector(".board-svg [data-cell]")
        other.wait_for_function("() => document.body.dataset.watching === 'yes'")
        assert other.locator(".board-svg .movable").count() == 0
        assert other.locator("[data-action=undo]").is_hidden()
        assert other.locator("[data-action=resign]").is_hidden()
        assert "観戦中" in other.locator(".status").inner_text()
        assert not errors
    finally:
        other_ctx.close()


def test_a_room_mixes_friends_people_here_and_computer_levels(page, server) -> None:
    page.goto(server.url)
    page.click("[data-game=diamond]")  # three players by default
    page.click("#opt-opponent label:has-text('友達と対戦')")
    page.wait_for_selector("#opt-mix1")
    kinds = page.locator("#opt-mix0 option").all_inner_texts()
    assert kinds[:3] == ["友達を招待", "この端末の人", "コンピューター（入門）"]
    page.select_option("#opt-mix1", index=3)  # the third seat: the computer at よわい
    page.click("[data-action=start]")
    page.wait_for_url(re.compile(r"/game/\w+$"))
    gid = page.url.rsplit("/", 1)[1]
    seats = game_json(server, gid)["seats"]
    assert [(s["type"], s.get("level"), s["open"]) for s in seats] == [
        ("human", None, False), ("human", None, True), ("computer", "weak", False)]
    page.wait_for_selector(".invite[data-seat='1'] .qr svg")


def test_handing_ones_seat_to_the_computer_asks_in_the_page_by_keyboard(page, server) -> None:
    """The hand-over asks in the page, as resigning does (never the browser's confirm box), in
    the page's language: the cancel button has the focus, Escape cancels and gives the focus
    back, and the keyboard alone confirms; the seat is then the computer's at the chosen level."""
    body = {"game": "diamond", "options": {"players": 2}, "seats": [{"type": "human"}, {"type": "invite"}],
            "seed": 3}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.on("dialog", lambda d: (d.dismiss(), pytest.fail(f"a browser dialog: {d.message}")))
    page.add_init_script("localStorage.setItem('asobiba.lang', 'en')")
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("[data-role=hand-over] [data-action=hand-over]")
    page.select_option("[data-role=hand-over-level]", "weak")
    page.focus("[data-action=hand-over]")
    page.keyboard.press("Enter")
    box = page.locator("[data-role=hand-over-confirm]")
    assert box.is_visible() and box.get_attribute("role") == "alertdialog"
    assert "no longer move" in box.inner_text()
    assert page.evaluate("document.activeElement.dataset.action") == "hand-over-cancel"
    page.keyboard.press("Escape")
    assert box.is_hidden()
    assert page.evaluate("document.activeElement.dataset.action") == "hand-over"
    assert game_json(server, gid)["seats"][0]["type"] == "human"
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")  # from cancel to the step itself
    assert page.evaluate("document.activeElement.dataset.action") == "hand-over-confirm"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-role=hand-over]", state="hidden")
    seat = game_json(server, gid)["seats"][0]
    assert (seat["type"], seat["level"]) == ("computer", "weak")
