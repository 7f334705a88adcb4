"""The SVG battle mat: well-formed, cells named d<uid>, highlight classes, text view."""

from __future__ import annotations

import xml.dom.minidom

from gandice_helpers import game, play, summon_all

from asobiba.games.gandice.example import opening
from asobiba.games.gandice.svg import render_svg


def _cells(svg: str) -> dict[str, str]:
    doc = xml.dom.minidom.parseString(svg)
    return {g.getAttribute("data-cell"): g.getAttribute("class")
            for g in doc.getElementsByTagName("g") if g.getAttribute("data-cell")}


def test_every_die_in_a_deck_is_a_cell_and_classes_follow_the_arguments():
    s = opening()
    attack = s.notation_to_action("attack ギダン>紅蓮のイスルギ")
    assert s.describe_action(attack) == {"from": "d0", "to": "d6",
                                         "notation": "attack ギダン>紅蓮のイスルギ"}
    assert s.action_origin(attack) == "d0"
    cells = _cells(render_svg(s, highlights=["d6"], selected="d0", last_move=attack))
    assert set(cells) == {f"d{u}" for u in range(10)}
    assert "legal" in cells["d6"] and "selected" in cells["d0"] and "last" in cells["d6"]
    assert 'data-piece="p1"' in render_svg(s) and "pointer-events:none" in render_svg(s)


def test_fusion_and_exchange_are_drawn():
    s = summon_all(game(decks=("chogan", "shingan")))
    s = play(s, "attack 武王>獣幽士", "roll 武王:special", "roll 獣幽士:face:2", "fuse 雷爪")
    svg = render_svg(s)
    assert "stroke-dasharray" in svg and "武王+雷爪 3 対 獣幽士 2" in svg
    assert "Warrior King+Thunder Claw 3 vs Beast Phantom 2" in svg  # the English page's line
    assert "武王+雷爪[合身]" in s.render_text()


def test_the_narrow_layout_has_the_same_cells_three_dice_a_row_and_long_names_on_two_lines():
    s = summon_all(game(decks=("yami", "isurugi")))
    wide, narrow = render_svg(s), render_svg(s, narrow=True)
    assert _cells(narrow) == _cells(wide)
    doc = xml.dom.minidom.parseString(narrow)
    assert doc.documentElement.getAttribute("viewBox").split()[2] == "300"
    assert "narrow" in doc.documentElement.getAttribute("class")
    rows = {round(float(g.getElementsByTagName("rect")[1].getAttribute("y")))
            for g in doc.getElementsByTagName("g") if g.getAttribute("data-cell")}
    assert len(rows) >= 4  # five dice a player: two rows each
    spans = [t for t in doc.getElementsByTagName("tspan") if t.firstChild]
    assert any(t.firstChild.data == "Laughing Child" for t in spans)  # "Curse: Laughing Child"
    assert "<tspan" not in wide
