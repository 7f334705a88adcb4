"""Friends on other devices, in Debian's Chromium (docs/play.md, "Playing with friends on the same
Wi-Fi"): the invite links start with the server's public address; without one the invite panel
says that its links open only on this computer. Every request goes to 127.0.0.1."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

PUBLIC = "http://192.0.2.7:8123"
HUMAN = {"type": "human"}


def make_friend_room(page, url: str) -> str:
    """A Dice Out room for a friend made in the lobby; its id."""
    page.goto(url)
    page.click("[data-game=diceout]")
    page.click("#opt-opponent label:has-text('友達と対戦')")
    page.click("[data-action=start]")
    page.wait_for_url(re.compile(r"/game/\w+$"))
    page.wait_for_selector("[data-role=invite-link]")
    return page.url.rsplit("/", 1)[1]


def test_invite_links_start_with_the_public_address(page, tmp_path, server_factory) -> None:
    server = server_factory(tmp_path / "served.sqlite3", serve_options={"public_url": PUBLIC}).start()
    gid = make_friend_room(page, server.url)
    invite = page.locator(".invite [data-role=invite-link]").input_value()
    assert re.fullmatch(rf"{PUBLIC}/game/{gid}/join/1/[\w-]{{22}}", invite)
    assert page.locator("[data-role=watch-link]").input_value() == f"{PUBLIC}/game/{gid}"
    page.wait_for_selector(".invite .qr svg")
    assert page.locator("[data-role=invite-loopback]").count() == 0


def test_loopback_invites_say_they_open_only_here(page, server) -> None:
    make_friend_room(page, server.url)
    note = page.locator("[data-role=invite-loopback]")
    assert note.is_visible()
    assert "このコンピューターの中でしか開けません" in note.inner_text()
    assert "asobiba serve --lan" in note.inner_text()
    page.click("[data-action=lang]")
    assert "only on this computer" in page.locator("[data-role=invite-loopback]").inner_text()


def test_each_device_sees_its_own_camp_at_the_bottom_and_its_own_turn(page, server, browser) -> None:
    """Two devices of a friend game: the invited player's board is turned (their home row at the
    bottom), their own turn reads 「あなたの番です」, and a spent invite says why it only watches."""
    body = {"game": "diceout", "options": {"placement": "rolled", "first": "white"},
            "seats": [HUMAN, {"type": "invite"}], "seed": 5}
    created = server.api("POST", "/api/games", json=body).json()
    gid = created["id"]
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector(".board-svg [data-cell]")
    assert page.locator(".board-svg > g.turned").count() == 0  # red's home row is drawn at the bottom
    friend_ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    friend = friend_ctx.new_page()
    late_ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    late = late_ctx.new_page()
    try:
        friend.goto(server.url + created["seats"][1]["invite"])
        friend.wait_for_url(re.compile(rf"/game/{gid}$"))
        friend.wait_for_selector(".board-svg .movable")
        assert "rotate(180" in friend.get_attribute(".board-svg > g.turned", "transform")
        assert friend.locator(".status").inner_text().startswith("あなたの番です")
        assert page.locator(".status").inner_text().startswith("白の番です")
        # the invite once more, on a third device: it is spent, and the page says so
        late.goto(server.url + created["seats"][1]["invite"])
        late.wait_for_selector("[data-role=spent-invite]")
        assert "観戦" in late.locator("[data-role=spent-invite]").inner_text()
        assert late.evaluate("document.body.dataset.watching") == "yes"
        # a spectator may turn the board seat by seat, and is offered no new game of their own
        late.click("[data-action=turn-board]")
        assert "rotate(180" in late.get_attribute(".board-svg > g.turned", "transform")
        assert not late.locator("[data-action=new]").is_visible()
    finally:
        friend_ctx.close()
        late_ctx.close()
