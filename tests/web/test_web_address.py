"""The address other people open (docs/play.md, "Playing with friends on the same Wi-Fi"): the
``--public-url`` check, the LAN address choice (a pure function: no test sends anything off this
computer), the page and the Host check of a server told its public address."""

from __future__ import annotations

import httpx
import pytest

from asobiba.web.address import AddressError, PublicUrl, choose_lan_address, is_lan_address

PUBLIC = "http://192.0.2.7:8123"


@pytest.mark.parametrize(("text", "origin"), [
    ("http://192.0.2.7:8123", "http://192.0.2.7:8123"),
    ("http://192.0.2.7:8123/", "http://192.0.2.7:8123"),
    ("HTTPS://Games.Example.org", "https://games.example.org"),
    ("https://games.example.org:443", "https://games.example.org"),
    ("http://[2001:db8::7]:8000", "http://[2001:db8::7]:8000"),
])
def test_public_urls_are_read_to_their_origin(text: str, origin: str) -> None:
    assert PublicUrl.parse(text).origin == origin


@pytest.mark.parametrize("text", [
    "192.0.2.7:8123", "ftp://192.0.2.7", "javascript:alert(1)", "http://", "http:///x",
    "http://192.0.2.7:8123/game", "http://192.0.2.7/?q=1", "http://192.0.2.7/#x",
    "http://user@192.0.2.7", "http://192.0.2.7:0x10", "http://192.0.2.7:70000",
    "http://a b.example", 'http://x"y.example', "http://x<y.example", "http://192.0.2.7\\@evil",
    "http://" + "a" * 300,
])
def test_anything_but_a_plain_site_address_is_refused(text: str) -> None:
    with pytest.raises(AddressError):
        PublicUrl.parse(text)


def test_the_lan_address_is_a_private_one_never_loopback_or_link_local() -> None:
    assert choose_lan_address(["127.0.1.1", "192.168.10.4"]) == "192.168.10.4"
    assert choose_lan_address(["169.254.1.1", "172.20.0.3", "10.1.2.3"]) == "172.20.0.3"
    assert choose_lan_address(["203.0.113.9", "10.1.2.3"]) == "10.1.2.3"
    assert choose_lan_address(["198.51.100.4"]) == "198.51.100.4"  # no home address: the other
    assert choose_lan_address(["240.0.0.1"]) is None  # reserved
    assert choose_lan_address(["127.0.0.1", "0.0.0.0", "224.0.0.1", "::1", "fe80::1"]) is None
    assert choose_lan_address([]) is None
    assert not is_lan_address("not an address")


@pytest.fixture
def public_server(tmp_path, server_factory):
    """A server on 127.0.0.1 told that other people open it at ``PUBLIC``."""
    return server_factory(tmp_path / "served.sqlite3", serve_options={"public_url": PUBLIC}).start()


def test_the_page_names_the_public_address_and_the_host_check_accepts_it(public_server) -> None:
    page = httpx.get(f"{public_server.url}/", headers={"Host": "192.0.2.7:8123"})
    assert page.status_code == 200
    assert f'<meta name="asobiba-public-url" content="{PUBLIC}">' in page.text
    assert httpx.get(f"{public_server.url}/", headers={"Host": "192.0.2.7"}).status_code == 200
    assert httpx.get(f"{public_server.url}/", headers={"Host": "evil.example"}).status_code == 400
    acting = httpx.post(f"{public_server.url}/api/qr", json={"text": PUBLIC},
                        headers={"Host": "192.0.2.7:8123", "Origin": PUBLIC})
    assert acting.status_code == 200


def test_without_a_public_address_the_page_names_none(client) -> None:
    assert "asobiba-public-url" not in client.get("/").text
