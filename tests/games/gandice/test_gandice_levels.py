"""The computer levels play in different styles (docs/ai.md, "Levels" and "Measured ladder"):
careless attacks and no items at the bottom, exact odds at the top; the whole-turn search plays
legal, repeatable moves."""

from __future__ import annotations

import random

from gandice_helpers import game, play, summon_all, uid

from asobiba.ai.hints import analyse
from asobiba.ai.levels import make_agent
from asobiba.core.game import sample_chance
from asobiba.games.gandice import actions as A
from asobiba.games.gandice.phases import ITEM, TURN
from asobiba.games.gandice.search import TurnExpectimaxAgent
from asobiba.games.gandice.styles import ATTACK_STYLES, StyleAgent

DARK, LIGHT = 0, 1
SEEDS = range(12)


def helpless_target():
    """p1 to move, everything summoned except p2's イスルギ, which cannot even defend."""
    return summon_all(game(), "special", イスルギ="face:0")


def choices(state, level):
    seeds = SEEDS if level != "strongest" else range(3)
    return {make_agent(state.game, level, seed=seed).choose(state) for seed in seeds}


def targets(actions):
    return {A.split(a)[2] for a in actions if A.split(a)[0] == A.ATTACK}


def test_strong_and_strongest_take_the_best_odds_where_the_lower_levels_attack_carelessly():
    s = helpless_target()
    helpless = uid(s, LIGHT, "イスルギ")
    for level in ("strong", "strongest"):
        assert choices(s, level) and targets(choices(s, level)) == {helpless}, level
    for level in ("intro", "weak", "normal"):
        assert targets(choices(s, level)) - {helpless}, level


def test_intro_resummons_on_a_whim_and_weak_until_every_unit_is_summoned():
    s = helpless_target()
    assert A.RESUMMON in choices(s, "intro")
    for level in ("weak", "normal", "strong", "strongest"):
        assert A.RESUMMON not in choices(s, level), level
    half = summon_all(game(), "special", 美雅羅="face:2")
    assert choices(half, "weak") == {A.RESUMMON}
    assert A.RESUMMON not in choices(half, "normal") | choices(half, "strong")


def item_step(defence: str):
    """p1's ギダン showed its special eye (3) against 紅蓮のイスルギ's ``defence``; p1 decides."""
    s = play(helpless_target(), "attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
             f"roll 紅蓮のイスルギ:{defence}")
    assert s.phase == ITEM and s.actor == DARK
    return s


def test_only_strongest_spends_items_and_only_when_the_odds_ask_for_it():
    ahead, behind = item_step("face:1"), item_step("face:5")
    for level in ("intro", "weak", "normal", "strong"):
        assert choices(ahead, level) == choices(behind, level) == {A.NO_ITEM}, level
    assert choices(ahead, "strongest") == {A.NO_ITEM}
    assert A.NO_ITEM not in choices(behind, "strongest")


def positions(count: int, seed: int):
    """Decision positions of seeded random battles."""
    rng = random.Random(seed)
    g = game(first="random")
    out = []
    while len(out) < count:
        s = g.new_state()
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(sample_chance(s, rng))
                continue
            if rng.random() < 0.3:
                out.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
    return out[:count]


def test_whole_turn_search_is_legal_and_repeatable():
    for s in positions(8, 4):
        first = TurnExpectimaxAgent(s.game, seed=3).choose(s)
        assert first in s.legal_actions()
        assert TurnExpectimaxAgent(s.game, seed=3).choose(s) == first


def test_two_turn_search_under_a_small_budget_is_legal_and_repeatable():
    s = next(p for p in positions(20, 5) if p.phase == TURN)
    agents = [TurnExpectimaxAgent(s.game, turns=2, reply_nodes=300, seed=1) for _ in range(2)]
    results = [agent.analyse(s) for agent in agents]
    assert results[0].action in s.legal_actions()
    assert results[0].action == results[1].action and results[0].nodes == results[1].nodes


def test_styles_play_legal_moves_to_the_end():
    for attacks in ATTACK_STYLES:
        g = game(first="random", decks=("chogan", "shingan"))
        agents = [StyleAgent(g, attacks=attacks, seed=seat) for seat in (0, 1)]
        rng = random.Random(2)
        s = g.new_state()
        while not s.is_terminal:
            if s.is_chance:
                s = s.apply(sample_chance(s, rng))
            else:
                action = agents[s.current_player].choose(s)
                assert action in s.legal_actions()
                s = s.apply(action)


def test_hints_come_from_the_whole_turn_search():
    s = helpless_target()
    hint = analyse(s)
    assert A.split(hint.action)[2] == uid(s, LIGHT, "イスルギ")
    assert "%" in hint.reason_ja and "%" in hint.reason_en
