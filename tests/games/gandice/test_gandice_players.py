"""3–4 players: targets carry their owner, elimination order gives the ranks; docs figures."""

from __future__ import annotations

import re
from pathlib import Path

from gandice_helpers import bury, game, play, summon_all

from asobiba.games.gandice.catalog import load_catalog
from asobiba.games.gandice.dice import SUMMON_STATE_NAMES
from asobiba.games.gandice.odds import exchange_odds

DOCS = Path(__file__).parents[3] / "docs" / "rules" / "gandice.md"


def test_three_players_eliminated_in_order():
    g = game(players=3, decks=("yami", "isurugi", "yami"))
    s = summon_all(g)
    s = bury(bury(s, 2, {"爪牙", "美雅羅"}), 1, {"紅蓮のイスルギ", "青嵐のイスルギ"})
    notes = {s.action_to_notation(a) for a in s.legal_actions()}
    assert "attack ギダン>ギダン@p3" in notes and "attack ギダン>イスルギ@p2" in notes
    s = play(s, "attack ギダン>ギダン@p3", "roll ギダン:stand")
    assert s.out == (2,) and s.current_player == 1  # p3 is skipped from now on
    s = play(s, "attack イスルギ>爪牙@p1", "roll イスルギ:side",
             "attack ギダン>イスルギ@p2", "roll ギダン:inverted")
    assert s.is_terminal and s.ranks() == [1, 2, 3] and s.returns() == [1.0, 0.0, -1.0]


def test_full_open_summon_with_four_players_shares_second_place():
    g = game(players=4)
    s = g.new_state()
    while s.is_chance:
        name = s.lineup.dice[s.pending[0]].name
        outcome = "stand" if s.owner[s.pending[0]] == 2 else "face:1"
        s = play(s, f"roll {name}:{outcome}")
    assert s.ranks() == [2, 2, 1, 2]


def test_odds_table_in_the_docs_matches():
    cat = load_catalog()
    by_name = {d.name: d for d in cat.dice.values()}
    rows = re.findall(r"^\| (\S+) → (\S+) \((\w+)\) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$",
                      DOCS.read_text(encoding="utf-8"), re.M)
    assert len(rows) >= 4
    for att, dfn, state, *figures in rows:
        odds = exchange_odds(by_name[att], by_name[dfn], SUMMON_STATE_NAMES.index(state))
        values = [odds[k] for k in ("attacker_wins", "defender_holds", "tie", "counter")]
        for shown, exact in zip(figures, values, strict=True):
            assert abs(float(shown) - float(exact)) < 1e-4
