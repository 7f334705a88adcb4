"""Gandice at the web table in Debian's Chromium (docs/play.md, "Gandice").

A deck is built by clicks in the lobby (the broken rule named while it is built, saved, exported,
imported; a player's own catalog uploaded and its dice offered); a seeded battle against the
computer with that deck is played to its end by clicks on the choice buttons (``data-action``),
reloaded in the middle and resumed, and its record replays to the same result; rolls are animated
and land on what they rolled, with the call-outs on the table; three players (one person, two
computers) start from the lobby and play to the end. Screenshots go to $ASOBIBA_SCREENSHOTS.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from asobiba.core.record import Record

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
ACTIONS = "[data-role=actions] button[data-action]"
DIALOG = "#result-dialog[open]"
FITTED = """
[[die]]
id = "my-gidan"
name = "ギダン（手元）"
kind = "character"
family = "gidan"
estimate = false
outcomes = { stand = 2, side = 15, special = 22, "face:3" = 9 }
"""
PREFERRED = ("attack", "item", "card", "fuse", "betray", "bury", "evolve", "no-item", "no-evolve", "resummon")


def game_json(server, gid: str) -> dict[str, Any]:
    return server.api("GET", f"/api/games/{gid}").json()


def wait_turn_or_end(page, timeout: float = 90_000) -> bool:
    """Wait until the person may choose (True) or the battle is over (False)."""
    page.wait_for_function(
        f"() => document.querySelector('{DIALOG}') || document.querySelector('{ACTIONS}:not([disabled])')",
        timeout=timeout,
    )
    return page.locator(DIALOG).count() == 0


def choose(page, rng: random.Random) -> str:
    """Click one choice button: an attack when there is one (any), else the first of the other
    kinds in the order of PREFERRED. Returns the kind clicked."""
    kinds = page.eval_on_selector_all(ACTIONS, "els => els.map(e => e.dataset.action)")
    kind = next(k for k in PREFERRED if k in kinds)
    count = page.locator(f'{ACTIONS}[data-action="{kind}"]').count()
    page.locator(f'{ACTIONS}[data-action="{kind}"]').nth(rng.randrange(count)).click(timeout=10_000)
    return kind


def play_to_the_end(page, rng: random.Random, limit: int = 600, on_turn=None) -> list[str]:
    clicked: list[str] = []
    while wait_turn_or_end(page):
        assert len(clicked) < limit, "the battle did not end"
        if on_turn is not None:
            on_turn(len(clicked))
        try:
            clicked.append(choose(page, rng))
        except Exception:  # the buttons were drawn again (new odds, a new frame): look again
            continue
    return clicked


def build_a_deck(page, url: str, shots: Path) -> dict[str, Any]:
    """In the lobby's deck builder, by clicks: a broken deck is named, a good one is saved,
    exported and imported; a player's own catalog adds its dice, a broken one is refused."""
    page.goto(url + "/")
    page.click("[data-game=gandice]")
    page.wait_for_selector("[data-role=gandice-decks] select[data-seat-deck='1']")
    page.click("[data-action=open-builder]")
    page.wait_for_selector("dialog[data-role=deck-builder][open] [data-action=add-die]")
    # a deck just begun is no error: it says what to do (and the server's owner's notes are folded)
    opening = page.wait_for_selector("[data-role=deck-rule][data-ok=empty]")
    assert "5個選んでください" in opening.inner_text() and "いま" not in opening.inner_text()
    assert "gandice fit" not in page.locator("dialog[data-role=deck-builder]").inner_text()
    for die in ("gidan", "soga"):
        page.click(f"[data-action=add-die][data-die-id={die}]")
    rule = page.wait_for_selector("[data-role=deck-rule][data-ok=false]")
    assert "ちょうど5個" in rule.inner_text()
    assert page.locator("[data-action=save-deck]").is_disabled()
    for die in ("gidan", "bugu-ra", "bugu-ra"):
        page.click(f"[data-action=add-die][data-die-id={die}]")
    page.wait_for_selector("[data-role=deck-rule][data-ok=true]")
    page.click("[data-action=add-card][data-card-id=card-buo]")  # 武王 is not in the deck
    assert "武王" in page.wait_for_selector("[data-role=deck-rule][data-ok=false]").inner_text()
    page.click("[data-role=deck-cards] [data-action=remove-cards]")
    page.wait_for_selector("[data-role=deck-rule][data-ok=true]")
    page.fill("[data-role=deck-name]", "テストデッキ")
    page.dispatch_event("[data-role=deck-name]", "change")
    page.wait_for_selector("[data-role=deck-rule][data-ok=true]")
    chart = page.locator("article[data-die-id=gidan] svg.gd-chart rect[data-outcome]")
    assert chart.count() == 11  # standing, upside down, side, special, 0–6
    assert page.locator("article[data-die-id=gidan] .gd-chart.estimate").count() == 1
    page.screenshot(path=str(shots / "gandice-builder.png"))
    page.click("[data-action=save-deck]")
    page.wait_for_function("() => document.querySelector('[data-seat-deck=\"0\"]').value.startsWith('mine:')")
    with page.expect_download() as download:
        page.click("[data-action=export-deck]")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["format"] == "asobiba-gandice-deck/1" and exported["name"] == "テストデッキ"
    assert exported["dice"] == ["gidan", "soga", "gidan", "bugu-ra", "bugu-ra"]
    page.click("[data-action=new-deck]")
    page.wait_for_selector("[data-role=deck-dice] li.muted")
    page.set_input_files("[data-action=import-deck]", files=[{
        "name": "deck.json", "mimeType": "application/json", "buffer": json.dumps(exported).encode()}])
    page.wait_for_selector("[data-role=deck-dice] li[data-id=soga]")
    page.set_input_files("[data-action=upload-catalog]", files=[{
        "name": "mine.toml", "mimeType": "text/plain", "buffer": FITTED.encode()}])
    own = page.wait_for_selector("article[data-die-id=my-gidan]")
    assert "ギダン（手元）" in own.inner_text() and own.query_selector(".gd-badge.own")
    page.set_input_files("[data-action=upload-catalog]", files=[{
        "name": "bad.toml", "mimeType": "text/plain", "buffer": b"[[die]\n"}])
    assert "malformed TOML" in page.wait_for_selector("dialog [role=alert]").inner_text()
    assert page.locator("article[data-die-id=my-gidan]").count() == 1  # the good catalog stays
    page.click("[data-action=close-builder]")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('asobiba.gandice.decks'))")
    assert [d["name"] for d in saved] == ["テストデッキ"]
    return {k: saved[0][k] for k in ("name", "dice", "evolution", "cards")}


def test_a_deck_built_by_clicks_fights_a_seeded_battle_to_the_end_and_replays(page, server, shots) -> None:
    deck = build_a_deck(page, server.url, shots)
    body = {"game": "gandice", "options": {"players": 2, "decks": [deck, "yami"], "max_turns": 80},
            "seats": [HUMAN, {"type": "computer", "level": "weak"}], "seed": 4242}
    created = server.api("POST", "/api/games", json=body)
    assert created.status_code == 201, created.text
    gid = created.json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    page.emulate_media(reduced_motion="reduce")
    assert wait_turn_or_end(page)
    page.wait_for_selector("[data-role=odds-note][data-state=ready]")
    bars = page.locator("[data-action=attack] [data-role=odds]")
    assert bars.count() == page.locator("[data-action=attack]").count() > 0
    win = float(bars.first.get_attribute("data-win"))
    assert 0 < win < 1
    page.screenshot(path=str(shots / "gandice-battle.png"))
    rng = random.Random(7)
    state: dict[str, Any] = {}

    def midway(clicked: int) -> None:
        if clicked != 1 or state:
            return
        before = game_json(server, gid)
        state["plies"] = before["plies"]
        page.reload()
        page.wait_for_function("() => document.body.dataset.connection === 'open'")
        count = "document.querySelectorAll('[data-role=moves] li').length"
        page.wait_for_function(f"() => {count} === {before['plies']}")
        shown = page.eval_on_selector_all(
            "svg.gandice [data-die][data-shows]",
            "els => Object.fromEntries(els.map(e => [e.dataset.die, e.dataset.shows]))")
        last = {}
        for line in before["history"]:
            if line["kind"] == "roll":
                last[line["data"]["die"]] = line["data"]["outcome"]
        assert shown == last  # every die shows what it last rolled
        assert wait_turn_or_end(page)

    clicked = play_to_the_end(page, rng, on_turn=midway)
    assert state["plies"] > 0 and clicked.count("attack") >= 2
    final = game_json(server, gid)
    assert final["status"] == "finished"
    page.screenshot(path=str(shots / "gandice-result.png"))
    dialog = page.locator(DIALOG)
    assert dialog.locator("[data-role=ending]").inner_text()  # how the battle ended
    chips = dialog.locator("[data-role=ranks] .chip").evaluate_all(
        "els => els.map((e) => getComputedStyle(e).backgroundColor)")
    assert len(chips) == 2 and "rgba(0, 0, 0, 0)" not in chips  # each seat's colour, no empty circle
    lines = page.locator("[data-role=moves] li").all_inner_texts()
    assert any("「眼魔召喚！」" in line for line in lines) and any("「開眼！」" in line for line in lines)
    assert not any("d0" in line or "20003" in line for line in lines)  # words, no raw ids
    record = server.api("GET", f"/api/games/{gid}/record").json()
    assert Record.from_json(record).final_state().ranks() == final["result"]["ranks"]
    uploaded = server.api("POST", "/api/records", json=record)
    assert uploaded.status_code == 201, uploaded.text
    again = game_json(server, uploaded.json()["id"])
    assert again["result"]["ranks"] == final["result"]["ranks"] and again["moves"] == final["moves"]
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("[data-action=last]")
    page.click("[data-action=last]")
    page.wait_for_function("() => document.querySelector('svg.gandice')?.dataset.phase === 'over'")
    page.screenshot(path=str(shots / "gandice-replay.png"))


def test_rolls_land_on_what_they_rolled_with_the_call_outs(page, server, shots) -> None:
    body = {"game": "gandice", "options": {"decks": ["yami", "isurugi"], "first": "p1"},
            "seats": [HUMAN, {"type": "computer", "level": "intro"}], "seed": 17}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    assert wait_turn_or_end(page)
    page.evaluate("""() => {
      window.landed = [];
      new MutationObserver((records) => records.forEach((r) => r.target.classList?.contains('landed')
        && window.landed.push([r.target.dataset.die, r.target.dataset.outcome, r.target.textContent])))
        .observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    }""")
    page.wait_for_selector("[data-role=odds-note][data-state=ready]")  # nothing redraws the buttons now
    page.click("[data-action=hint]")
    title = page.wait_for_selector(".hint-box h2:has-text('ヒント:')").inner_text()
    hint = server.api("POST", f"/api/games/{gid}/hint").json()
    assert hint["words"]["ja"] in title and hint["notation"] not in title  # in words, with its reason
    if hint["kind"] == "attack":
        page.wait_for_selector(".hint-box .gd-hint-odds [data-role=odds]")
    page.locator("[data-action=attack]").first.click()
    page.wait_for_function("() => window.landed.length > 0")
    banner = page.wait_for_selector("[data-role=callout]:not([hidden])")
    assert "開眼！" in banner.get_attribute("data-calls")
    page.wait_for_function("() => !document.querySelector('.gd-rolling')", timeout=30_000)
    data = game_json(server, gid)
    rolls = [line["data"] for line in data["history"] if line["kind"] == "roll"]
    rolled = {roll["die"]: roll["outcome"] for roll in rolls}
    landed = page.evaluate("() => window.landed")
    assert landed and all(rolled.get(die) == outcome for die, outcome, _ in landed)
    marks = {roll["outcome"]: roll["mark"]["ja"] for roll in rolls}
    assert all(text == marks[outcome] for _, outcome, text in landed)


def test_three_players_one_person_and_two_computers_from_the_lobby(page, server, shots) -> None:
    page.goto(f"{server.url}/")
    page.click("[data-game=gandice]")
    page.wait_for_selector("[data-role=gandice-decks] select[data-seat-deck='1']")
    page.click("[data-option=players] label:has-text('3')")
    page.wait_for_selector("select[data-seat-deck='2']")
    page.select_option("select[data-seat-deck='2']", "id:chogan")
    page.click("[data-setting=level] label:has-text('入門')")
    page.click("details.more summary")
    page.fill("#opt-max_turns", "45")
    page.dispatch_event("#opt-max_turns", "change")
    page.wait_for_function("() => !document.querySelector('[data-action=start]').disabled")
    page.click("[data-action=start]")
    page.wait_for_url("**/game/**")
    page.emulate_media(reduced_motion="reduce")
    gid = page.url.rsplit("/", 1)[1]
    data = game_json(server, gid)
    assert [s["type"] for s in data["seats"]] == ["human", "computer", "computer"]
    assert data["options"]["decks"][2] == "chogan" and data["options"]["players"] == 3
    page.wait_for_function("() => document.querySelectorAll('svg.gandice rect[data-seat]').length === 3")
    assert wait_turn_or_end(page)
    page.screenshot(path=str(shots / "gandice-3p.png"))
    play_to_the_end(page, random.Random(3))
    assert game_json(server, gid)["status"] == "finished"
    assert page.locator("[data-role=ranks] li").count() == 3


def test_english_and_a_phone(browser, server, shots) -> None:
    body = {"game": "gandice", "options": {"decks": ["chogan", "shingan"], "first": "p1"},
            "seats": [HUMAN, {"type": "computer", "level": "intro"}], "seed": 8}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    token = server.holder.tokens[gid]
    for name, viewport, lang in (("gandice-english", {"width": 1280, "height": 860}, "en"),
                                 ("gandice-phone", {"width": 390, "height": 844}, "ja")):
        context = browser.new_context(viewport=viewport, device_scale_factor=2 if lang == "ja" else 1)
        page = context.new_page()
        held = json.dumps({"tokens": [token], "invites": {}})
        key = json.dumps("asobiba.game." + gid)
        page.add_init_script(f"localStorage.setItem('asobiba.lang', {json.dumps(lang)});"
                             f"localStorage.setItem({key}, {json.dumps(held)});")
        page.goto(f"{server.url}/game/{gid}")
        assert wait_turn_or_end(page)
        page.wait_for_selector("[data-action=attack] [data-role=odds]")  # each shows when worked out
        if lang == "en":
            assert "attacks" in page.locator("[data-action=attack]").first.inner_text()
            assert page.locator("svg.gandice text.en").first.is_visible()
            assert not page.locator("svg.gandice text.ja").first.is_visible()
        else:
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390  # nothing wider than the phone
        page.screenshot(path=str(shots / f"{name}.png"))  # as the screen shows it (the bar stays in view)
        if lang == "ja":  # the keyboard: a choice is a button, Enter plays it
            plies = game_json(server, gid)["plies"]
            page.focus("[data-action=attack]")
            page.keyboard.press("Enter")
            count = "document.querySelectorAll('[data-role=moves] li').length"
            page.wait_for_function(f"() => {count} > {plies}")
        context.close()


def test_no_your_turn_while_the_rolls_after_a_move_are_shown(page, server) -> None:
    """From the click of a choice until its frames are drawn (the attack's and the defence's rolls
    tumbling), the status line never says it is the person's turn: it says the move was sent."""
    body = {"game": "gandice", "options": {"decks": ["yami", "isurugi"], "first": "p1"},
            "seats": [HUMAN, {"type": "computer", "level": "intro"}], "seed": 17}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    assert wait_turn_or_end(page)
    page.wait_for_selector("[data-role=odds-note][data-state=ready]")
    status = page.locator("p.status[role=status]")
    assert "あなたの番です" in status.inner_text()
    page.evaluate("""() => {
      window.seen = [];
      const look = () => {
        const line = document.querySelector('p.status[role=status]')?.textContent ?? '';
        const rolling = document.querySelectorAll('.gd-rolling:not(.landed)').length;
        if (rolling) window.seen.push(line);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true,
                                                          characterData: true, attributes: true });
    }""")
    page.locator("[data-action=attack]").first.click()
    page.wait_for_function("() => window.seen.length > 0", timeout=30_000)  # the rolls tumble
    page.wait_for_function("() => !document.querySelector('.gd-rolling')", timeout=30_000)
    seen = page.evaluate("() => window.seen")
    assert seen and not any("あなたの番です" in line for line in seen), sorted(set(seen))
    assert any("指しました" in line for line in seen)
