"""Friends on other devices, in Debian's Chromium (docs/web.md, "Playing with friends on the same
Wi-Fi"): the invite links start with the server's public address; without one the invite panel
says that its links open only on this computer. Every request goes to 127.0.0.1."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

PUBLIC = "http://192.0.2.7:8123"


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
