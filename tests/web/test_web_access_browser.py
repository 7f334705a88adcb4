"""Everyone can see and reach the table, in Debian's Chromium (docs/play.md, "Playing at the table"):
a Diamond move by keyboard alone, cells named in words and each move read out in words; the
piece style that does not depend on colour, on with no setting and remembered when turned off; the
hint and last-move marks under
simulated colour-vision deficiencies (screenshots); on a phone the actions a player needs now stay
in view while the board is."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from web.conftest import hold
from web.test_web_browser import engine_state, settle
from web.test_web_words_browser import hole, walk_to

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
INTERNAL = re.compile(r"-?\d+,-?\d+")  # a cell as the engine names it, never shown to players

# Colour-vision deficiency simulation (Machado, Oliveira and Fernandes 2009, severity 1), applied
# to the whole page through an SVG filter.
CVD = {
    "protanopia": "0.152286 1.052583 -0.204868 0 0 0.114503 0.786281 0.099216 0 0 "
                  "-0.003882 -0.048116 1.051998 0 0 0 0 0 1 0",
    "deuteranopia": "0.367322 0.860646 -0.227968 0 0 0.280085 0.672501 0.047413 0 0 "
                    "-0.011820 0.042940 0.968881 0 0 0 0 0 1 0",
    "tritanopia": "1.255528 -0.076749 -0.178779 0 0 -0.078411 0.930809 0.147602 0 0 "
                  "0.004733 0.691367 0.303900 0 0 0 0 0 1 0",
}


def focused(page) -> dict:
    return page.evaluate("""() => { const el = document.activeElement;
        return { cell: el?.dataset?.cell ?? null, label: el?.getAttribute('aria-label') ?? '',
                 cls: el?.getAttribute('class') ?? '' }; }""")


def test_a_diamond_move_by_keyboard_alone(page, server) -> None:
    body = {"game": "diamond", "options": {"players": 2}, "seats": [HUMAN, INTRO], "seed": 3}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    settle(page, server, gid)
    tabs = 0
    while focused(page)["cell"] is None:
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= 6, "the board is more than a few Tabs away"
    first = focused(page)
    assert re.fullmatch(r"[a-q]\d{1,2}：赤の(駒|王)、.*動かせる", first["label"]), first
    # one Tab stop for the whole board: the next Tab leaves it
    assert page.locator(".board-svg [data-cell][tabindex='0']").count() == 1
    # the focus ring is drawn above the pieces (the last thing in the picture)
    last = page.evaluate("document.querySelector('.board-svg').lastElementChild.getAttribute('class')")
    assert last == "focus-ring"
    # the arrows reach the other cells too (empty holes, the other side's pieces), each named in words
    movable = set(page.eval_on_selector_all(".board-svg .movable", "els => els.map(e => e.dataset.cell)"))
    seen = {first["cell"]}
    labels = set()
    for key in ["ArrowUp"] * 6 + ["ArrowRight"] * 6 + ["ArrowLeft"] * 12 + ["ArrowDown"] * 6:
        page.keyboard.press(key)
        seen.add(focused(page)["cell"])
        labels.add(focused(page)["label"])
    assert seen - movable and len(seen) > 8
    assert any("空き" in label for label in labels)
    assert not any(INTERNAL.search(label) for label in labels)
    page.keyboard.press("Shift+Tab")  # back to the board: the piece it started from
    page.keyboard.press("Tab")
    for _ in range(30):
        if focused(page)["cell"] == first["cell"]:
            break
        page.keyboard.press("ArrowDown")
    if focused(page)["cell"] != first["cell"]:
        page.focus(f'[data-cell="{first["cell"]}"]')
    # Enter picks the piece: the status line says so, and the arrows go on to where it may go
    page.keyboard.press("Enter")
    picked = focused(page)["cell"]
    assert "selected" in focused(page)["cls"]
    assert page.locator(".board-svg .piece-selected").count() == 1  # the piece itself stands out
    assert "を選びました" in page.locator(".status").inner_text()
    targets = page.get_by_role("button", name=re.compile("ここに行ける$"))
    assert targets.count() >= 1
    walk_to(page, targets.first.get_attribute("aria-label").split("：")[0], hole)  # by the arrows alone
    target = focused(page)
    assert "legal" in target["cls"] and target["label"].endswith("ここに行ける"), target
    assert not INTERNAL.search(target["label"])
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length >= 1")
    data = server.api("GET", f"/api/games/{gid}").json()
    origin = page.get_attribute(f'[data-cell="{picked}"]', "data-name")
    to = target["label"].split("：")[0]
    assert data["moves"][0] == f"{origin}-{to}"  # FROM-TO, as named
    # each move is read out in words, not notation (this one, or the computer's answer after it)
    page.wait_for_function("""() => /^(赤|青)(の王)?が[a-q]\\d+から[a-q]\\d+へ.*(進み|跳び)ました/.test(
        document.querySelector('[data-role=announce]').textContent)""")


def test_the_piece_style_without_colour_is_chosen_and_remembered(page, server, shots: Path) -> None:
    body = {"game": "diamond", "options": {"players": 3}, "seats": [HUMAN, INTRO, INTRO], "seed": 5}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    for _ in range(3):  # a few moves, so that there is a last move to mark
        state = engine_state(server.api("GET", f"/api/games/{gid}").json())
        server.api("POST", f"/api/games/{gid}/moves?wait=true", json={"action": state.legal_actions()[-1]})
    page.goto(f"{server.url}/game/{gid}")
    settle(page, server, gid)
    # shapes with no setting, the switch named in words
    pieces = page.locator(".board-svg [data-piece]").count()
    assert page.locator(".board-svg .piece-shape").count() == pieces > 0
    assert page.get_attribute("[data-action=piece-style]", "aria-pressed") == "true"
    assert page.get_by_role("button", name="駒の形：あり").count() == 1
    assert page.locator(".player .chip[data-shape='▲']").count() == 1
    page.click("[data-action=piece-style]")
    assert page.locator(".board-svg .piece-shape").count() == 0
    assert page.get_by_role("button", name="駒の形：なし").count() == 1
    page.reload()
    settle(page, server, gid)
    assert page.locator(".board-svg .piece-shape").count() == 0  # remembered
    page.click("[data-action=piece-style]")
    assert page.locator(".board-svg .piece-shape").count() == pieces
    page.evaluate("localStorage.setItem('asobiba.lang', 'en')")  # the screenshots in English
    page.reload()
    settle(page, server, gid)
    assert page.get_by_role("button", name="Shapes: on").count() == 1
    page.click("[data-action=hint]")
    page.wait_for_selector(".hint-box h2[data-move]", timeout=180_000)  # the strongest search, loaded machine
    page.wait_for_selector(".board-svg .move-mark.hint-move .ring-to")
    page.wait_for_selector(".board-svg .move-mark.last, .board-svg .last-mark")
    page.evaluate("""(matrices) => {
        const ns = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(ns, "svg");
        svg.setAttribute("width", "0"); svg.setAttribute("height", "0");
        svg.style.position = "absolute";
        for (const [name, values] of Object.entries(matrices)) {
          const filter = document.createElementNS(ns, "filter");
          filter.id = `cvd-${name}`;
          filter.setAttribute("color-interpolation-filters", "linearRGB");
          const m = document.createElementNS(ns, "feColorMatrix");
          m.setAttribute("type", "matrix"); m.setAttribute("values", values);
          filter.append(m); svg.append(filter);
        }
        document.body.append(svg);
    }""", CVD)
    board = page.locator(".board-wrap")
    board.screenshot(path=str(shots / "colour-vision-normal.png"))
    for name in CVD:
        page.evaluate("n => (document.querySelector('.board-wrap').style.filter = `url(#cvd-${n})`)", name)
        board.screenshot(path=str(shots / f"colour-vision-{name}.png"))


def test_on_a_phone_the_declare_button_stays_in_view_with_the_board(browser, server, declarable_line,
                                                                     shots: Path) -> None:
    gid, _ = server.diceout_after({"declare": "manual"}, 11, declarable_line(11))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.add_init_script("localStorage.setItem('asobiba.lang', 'en')")  # English: no CJK font
        page.goto(server.url)  # the lobby: every game's name on one line, never broken mid-word
        page.wait_for_selector(".card-name")
        broken_words = """els => els.flatMap((e) => {
            const text = e.firstChild; const words = []; let at = 0;
            for (const word of text.textContent.split(" ")) {  // each word on one line
              const range = document.createRange();
              range.setStart(text, at); range.setEnd(text, at + word.length); at += word.length + 1;
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) words.push(word);
            }
            return words; })"""
        assert not page.eval_on_selector_all(".card-name", broken_words)
        page.click("#lang")  # Japanese names have no spaces: each is one word, on one line
        assert page.locator(".card-name").first.inner_text() != "Diamond Game"
        assert not page.eval_on_selector_all(".card-name", broken_words)
        token = server.holder.tokens[gid]
        hold(page, gid, token)
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector("[data-action=verb][data-verb=declare]")
        in_view = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight && r.width > 0; }"""
        board_on_screen = """() => { const r = document.querySelector('.board-svg').getBoundingClientRect();
            return r.bottom > 40 && r.top < innerHeight - 40; }"""
        for y in (0, 200, 400):
            page.evaluate(f"window.scrollTo(0, {y})")
            if page.evaluate(board_on_screen):
                assert page.evaluate(in_view, "[data-action=verb][data-verb=declare]"), y
                assert page.evaluate(in_view, "[data-action=hint]"), y
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / "phone-action-bar.png"))
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-role=hint] h2")
        assert page.evaluate(in_view, "[data-role=hint] h2")
    finally:
        context.close()


def test_the_replay_plays_by_itself_and_ends_with_the_result(page, server) -> None:
    body = {"game": "diamond", "options": {"players": 2}, "seats": [HUMAN, HUMAN], "seed": 2}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    for _ in range(2):
        state = engine_state(server.api("GET", f"/api/games/{gid}").json())
        server.api("POST", f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})
    server.api("POST", f"/api/games/{gid}/resign", json={"seats": [0]})  # red, to move
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("[data-role=moves] li")
    assert page.locator("[data-role=replay-result]").is_hidden()
    page.click("[data-action=autoplay]")
    assert page.get_attribute("[data-action=autoplay]", "aria-pressed") == "true"
    result = page.wait_for_selector("[data-role=replay-result]:visible", timeout=20_000)
    assert "勝ち" in result.inner_text() and "投了" in result.inner_text()
    page.wait_for_selector("[data-action=autoplay][aria-pressed=false]")  # it stopped at the end


MAT_TEXTS = """() => {
    const mat = document.querySelector('svg.gandice');
    const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const texts = [...mat.querySelectorAll('text')].filter((el) => el.getClientRects().length)
      .map((el) => { const m = el.getScreenCTM();
        return { text: el.textContent, px: parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b),
                 ...box(el.getBoundingClientRect()) }; });
    const controls = [...document.querySelectorAll('.board-tools .tool')]
      .filter((b) => b.getClientRects().length)
      .map((b) => ({ text: b.getAttribute('aria-label'), ...box(b.getBoundingClientRect()) }));
    return { mat: box(mat.getBoundingClientRect()), texts, controls, width: innerWidth,
             narrow: mat.classList.contains('narrow') }; }"""


def overlapping(boxes: list[dict]) -> list[tuple[str, str]]:
    """Pairs of boxes that overlap by more than a pixel each way."""
    return [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1]


def test_on_a_phone_the_gandice_mat_is_laid_out_narrow_readable_and_uncovered(browser, server) -> None:
    """At 390x844 the mat comes in its narrow layout: every text shown (Japanese, then English) is
    at least 12 CSS px on the screen, inside the mat, and no two texts or board switches overlap
    (the sound button never covers the turn counter); the bar of choices takes at most half the
    screen; turned sideways it is the wide mat again, and on a desktop no switch covers a text of it."""
    options = {"players": 3, "decks": ["yami", "isurugi", "chogan"], "first": "p1"}
    body = {"game": "gandice", "options": options, "seats": [HUMAN] * 3, "seed": 5}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    rng = random.Random(5)
    for _ in range(40):  # into the battle: graveyard chips, shown outcomes, an exchange written below
        state = engine_state(server.api("GET", f"/api/games/{gid}").json())
        if state.is_terminal:
            break
        server.api("POST", f"/api/games/{gid}/moves", json={"action": rng.choice(state.legal_actions())})
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        hold(page, gid, server.holder.tokens[gid])
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector("svg.gandice [data-state=graveyard]")
        for lang in ("ja", "en"):
            if lang == "en":
                page.evaluate("localStorage.setItem('asobiba.lang', 'en')")
                page.reload()
                page.wait_for_selector("svg.gandice")
            seen = page.evaluate(MAT_TEXTS)
            assert seen["narrow"] and len(seen["texts"]) > 20
            small = [(t["text"], round(t["px"], 1)) for t in seen["texts"] if t["px"] < 12]
            assert not small, (lang, small)
            mat = seen["mat"]
            outside = [t["text"] for t in seen["texts"]
                       if t["left"] < mat["left"] or t["right"] > min(mat["right"], seen["width"])]
            assert not outside, (lang, outside)
            assert not overlapping(seen["texts"] + seen["controls"]), lang
            bar = page.locator("[data-role=action-bar]").bounding_box()
            assert bar is not None and bar["height"] <= 844 / 2 + 1  # the choices leave the mat in sight
            for button in ("undo", "hint"):  # and never push undo and hint out of it
                box = page.locator(f"[data-role=action-bar] [data-action={button}]").bounding_box()
                assert box is not None and box["y"] >= bar["y"] and box["y"] + box["height"] <= 844, button
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_selector("svg.gandice:not(.narrow)")
        page.set_viewport_size({"width": 1280, "height": 800})  # the wide mat: the switches above it too
        seen = page.evaluate(MAT_TEXTS)
        covered = [pair for c in seen["controls"] for t in seen["texts"] for pair in overlapping([c, t])]
        assert not seen["narrow"] and not covered
    finally:
        context.close()
