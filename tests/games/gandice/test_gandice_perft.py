"""Perft counts (action sequences, chance outcomes included) from fixed positions."""

from __future__ import annotations

from asobiba.core.perft import perft
from asobiba.core.registry import make_game
from asobiba.games.gandice.example import OPENING, OPTIONS, opening, play_script
from asobiba.games.gandice.game import GandiceGame


def test_start_is_ten_outcomes_per_summoned_die():
    # every character die of the example decks has 10 outcomes of positive weight
    start = make_game("gandice").new_state()
    assert [perft(start, d) for d in (1, 2, 3)] == [10, 100, 1000]


def test_example_opening():
    # depth 1: resummon + ギダン against each of the 3 summoned イスルギ dice.
    # depth 2: each of those 4 actions rolls ギダン (10 outcomes).
    # depth 3: resummon → 爪牙 rolls (10 × 10); per attack: side → イスルギ組 to move with
    # 1 + 3×3 choices; stand/inverted → 1 + 2×3 each; 7 numbers → the defender rolls (10):
    # 3 × (10 + 14 + 70) + 100 = 382.
    s = opening()
    assert [perft(s, d) for d in (1, 2, 3)] == [4, 40, 382]
    assert perft(s, 4) == 3169


def test_example_opening_depth_five_and_the_resummon_full_open():
    # depth 5 by default: 29,140. With resummon_full_open the 2³ = 8 re-summons that land all three
    # dice upright end the battle, so the 10 choices イスルギ組 would have after each are gone.
    assert perft(opening(), 5) == 29140
    game = GandiceGame(OPTIONS.replace(resummon_full_open=True))
    assert perft(play_script(game.new_state(), OPENING)[-1], 5) == 29140 - 8 * 10
