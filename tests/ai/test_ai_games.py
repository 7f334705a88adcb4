"""The agents on the real games: heuristics, level tables, immediate wins, legality, determinism.

Budgets are cut down here (tests assert behaviour, never strength or time)."""

from __future__ import annotations

import random

import pytest

from asobiba.ai.agent import winning_actions
from asobiba.ai.alphabeta import AlphaBetaAgent
from asobiba.ai.arena import play_game
from asobiba.ai.hints import analyse
from asobiba.ai.levels import LEVELS, agent_names, build_agent, knowledge_of, level_specs, make_agent
from asobiba.core import make_game, sample_chance
from asobiba.core.position import state_from_position
from asobiba.games.star.geometry import CAMP, cells_of

GAMES = ["diamond", "diceout", "gandice"]
SMALL = {
    "alphabeta": {"max_nodes": 300},
    "mcts": {"iterations": 30},
}


def small(spec: dict) -> dict:
    """The same agent with a tiny budget."""
    return {**spec, **SMALL.get(spec["agent"], {})}


@pytest.mark.parametrize("game_id", GAMES)
def test_level_tables_name_every_level_and_stay_under_their_time_caps(game_id: str) -> None:
    table = level_specs(make_game(game_id))
    assert tuple(table) == LEVELS
    caps = {"intro": 0.2, "weak": 0.2, "normal": 0.5, "strong": 2.0, "strongest": 5.0}
    for level, spec in table.items():
        assert spec.get("time_limit", 0) <= caps[level]
    assert {"random", "greedy"} <= set(agent_names(make_game(game_id)))


def test_distance_greedy_is_a_diamond_arena_agent() -> None:
    assert "distance-greedy" in agent_names(make_game("diamond"))
    assert "distance-greedy" not in agent_names(make_game("diceout"))


def random_states(game_id: str, count: int, seed: int, options=None) -> list:
    """Decision states met along seeded random games."""
    game = make_game(game_id, options)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_state()
        while not state.is_terminal and len(out) < count:
            if state.is_chance:
                state = state.apply(sample_chance(state, rng))
                continue
            if rng.random() < 0.3:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize(
    "game_id, options", [("diamond", None), ("diamond", {"players": 3}), ("diceout", None),
                         ("gandice", None), ("gandice", {"players": 3})]
)
def test_heuristic_values_are_in_range_and_every_level_plays_legally(game_id, options) -> None:
    game = make_game(game_id, options)
    heuristic = knowledge_of(game)
    table = level_specs(game)
    for i, state in enumerate(random_states(game_id, 4, seed=3, options=options)):
        values = heuristic.evaluate(state)
        assert len(values) == game.num_players
        assert all(-0.95 <= v <= 0.95 for v in values)
        if game.num_players == 2 and game_id != "gandice":
            assert values[0] == pytest.approx(-values[1])
        for level in LEVELS:
            agent = build_agent(game, small(table[level]), name=level, seed=i)
            assert agent.choose(state) in state.legal_actions()


@pytest.mark.parametrize("game_id", ["diceout", "gandice"])
def test_small_budget_levels_replay_identically_for_a_seed(game_id: str) -> None:
    game = make_game(game_id)
    specs = {level: small(spec) for level, spec in level_specs(game).items()}

    def run() -> list[int]:
        agents = [build_agent(game, specs["normal"], name="a", seed=4),
                  build_agent(game, specs["weak"], name="b", seed=5)]
        rng = random.Random(9)
        state, actions = game.new_state(), []
        while not state.is_terminal and len(actions) < 120:
            p = state.current_player
            a = sample_chance(state, rng) if p < 0 else agents[p].choose(state)
            actions.append(a)
            state = state.apply(a)
        return actions

    assert run() == run()


# -- Dice Out ------------------------------------------------------------------------------------
def diceout(stacks: dict, to_move: str = "red"):
    return state_from_position("diceout", {"game": "diceout", "to_move": to_move, "stacks": stacks})


EXIT_IN_ONE = {"b4": [["red", 1]], "c1": [["red", 3]], "d1": [["red", 3]],
               "b5": [["white", 2]], "c5": [["white", 3]], "e3": [["white", 1]]}


@pytest.mark.parametrize("level", LEVELS)
def test_every_diceout_level_takes_the_exit(level: str) -> None:
    state = diceout(EXIT_IN_ONE)
    [win] = winning_actions(state)
    assert state.action_to_notation(win) == "b4-a5"
    for seed in range(3):
        assert make_agent(state.game, level, seed=seed).choose(state) == win


def test_diceout_heuristic_sees_exit_threats_for_the_side_to_move() -> None:
    from asobiba.games.diceout.heuristic import evaluate

    assert evaluate(diceout(EXIT_IN_ONE))[0] == pytest.approx(0.9)
    blocked = {k: v for k, v in EXIT_IN_ONE.items() if k != "c5"}
    calm = diceout({**blocked, "a5": [["white", 3]]})  # a5 now tops a 3: b4 (1 -> 2) cannot land
    assert evaluate(calm)[0] < 0.9


def test_diceout_search_avoids_showing_its_own_dice_out() -> None:
    # Red's dice: c1=1, d1=1 and b2=3; moving b2 (3 -> 1) would show red's Dice Out (red loses).
    state = diceout({"c1": [["red", 1]], "d1": [["red", 1]], "b2": [["red", 3]],
                     "b5": [["white", 1]], "c5": [["white", 2]], "d5": [["white", 3]]})
    agent = AlphaBetaAgent(knowledge_of(state.game).evaluate, max_nodes=2_000)
    action = agent.choose(state)
    assert not state.action_to_notation(action).startswith("b2-")


def test_diceout_hint_gives_a_line_and_reasons() -> None:
    hint = analyse(diceout(EXIT_IN_ONE))
    assert hint.notation == "b4-a5" and hint.value == 1.0
    assert hint.verdict == {"ja": "赤の1手勝ち", "en": "Red wins in 1"}
    assert hint.line == ["b4-a5"] and hint.reason_ja and hint.reason_en


def test_diceout_exact_solver_is_optional() -> None:
    from asobiba.games.diceout.heuristic import exact_solver

    table = exact_solver(make_game("diceout", {"rows": 4}))
    assert table is None or hasattr(table, "best_action")


# -- Diamond Game --------------------------------------------------------------------------------
def diamond_one_move_from_home():
    """Red has everything home but one man next to the empty goal cell (-4, 2)."""
    goal = [c for c in cells_of(CAMP["q-"]) if c not in ((-8, 4), (-4, 2))]
    yellow = [c for c in cells_of(CAMP["r-"]) if c != (4, -8)]
    return state_from_position("diamond", {
        "game": "diamond", "to_move": "red",
        "pieces": {"red": {"king": [-8, 4], "men": [list(c) for c in goal] + [[-3, 2]]},
                   "yellow": {"king": [0, 0], "men": [list(c) for c in yellow]}},
    })


@pytest.mark.parametrize("name", [*LEVELS, "distance-greedy", "greedy"])
def test_every_diamond_agent_finishes_when_it_can(name: str) -> None:
    state = diamond_one_move_from_home()
    [win] = winning_actions(state)
    assert make_agent(state.game, name, seed=1).choose(state) == win


def test_diamond_hint_names_the_finishing_move() -> None:
    state = diamond_one_move_from_home()
    hint = analyse(state)
    assert hint.action == winning_actions(state)[0]
    assert hint.verdict == {"ja": "赤の1手勝ち", "en": "Red wins in 1"}


def test_diamond_heuristic_prefers_progress_and_explains() -> None:
    from asobiba.games.star import heuristic

    game = make_game("diamond")
    start = game.new_state()
    assert heuristic.evaluate(start)[0] > 0  # the tempo of the side to move
    actions = start.legal_actions()
    priors = heuristic.move_priors(start, actions)
    best = actions[priors.index(max(priors))]
    assert heuristic.remaining_work(start.apply(best), 0) < heuristic.remaining_work(start, 0)
    ja, en = heuristic.explain(start, best)
    assert "段" in ja and "rows" in en
    # the figure is said with what it measures, never a bare 「残りの手間が148から147」
    assert "ゴールまでの道のり（" in ja and "the way left to the goal (the rows" in en
    home = diamond_one_move_from_home()
    assert heuristic.remaining_work(home.apply(winning_actions(home)[0]), 0) <= 0.5


def test_diamond_three_players_paranoid_search_plays() -> None:
    game = make_game("diamond", {"players": 3})
    state = game.new_state()
    agent = AlphaBetaAgent(knowledge_of(game).evaluate, max_nodes=400,
                           priors=knowledge_of(game).move_priors, seed=0)
    result = agent.analyse(state)
    assert result.action in state.legal_actions()


# -- Gandice -------------------------------------------------------------------------------------
def test_gandice_exchange_odds_are_probabilities() -> None:
    from asobiba.games.gandice.dice import HALF, SUMMONED, UNSUMMONED
    from asobiba.games.gandice.heuristic import exchange_odds

    game = make_game("gandice")
    dice = [d for d in game.lineup.dice if d.is_fighter]
    for a in dice:
        for d in dice:
            for st in (UNSUMMONED, HALF, SUMMONED):
                beaten, lost, drop = exchange_odds(a.table, d.table, st)
                assert min(beaten, lost, drop) >= 0
                assert beaten + lost + drop <= 1 + 1e-9
            assert exchange_odds(a.table, d.table, UNSUMMONED)[0] >= exchange_odds(
                a.table, d.table, SUMMONED)[0]


def test_gandice_games_between_levels_finish() -> None:
    game = make_game("gandice")
    actions, ranks = play_game(game, ["intro", "weak"], seed=3)
    assert sorted(ranks) in ([1, 2], [1, 1])


class FakeTable:
    """Stands in for a solved Dice Out table: 'the mover wins in 3 by playing the last move'."""

    def verdict(self, state) -> tuple[str, int]:
        return ("win", 3)

    def best_action(self, state) -> int:
        return state.legal_actions()[-1]


def test_diceout_strongest_and_hints_follow_the_solved_table(monkeypatch) -> None:
    from asobiba.games.diceout import heuristic

    state = diceout({"b2": [["red", 1]], "c1": [["red", 3]], "d1": [["red", 2]],
                     "b5": [["white", 2]], "c5": [["white", 3]], "e3": [["white", 1]]})
    monkeypatch.setitem(heuristic._found_tables, 5, heuristic._SolvedView(FakeTable()))
    table_move = state.legal_actions()[-1]
    assert make_agent(state.game, "strongest", seed=0).choose(state) == table_move
    hint = analyse(state)
    assert hint.action == table_move and hint.value == 1.0
    assert hint.verdict == {"ja": "赤の3手勝ち", "en": "Red wins in 3"}
    assert hint.line[0] == hint.notation
    # under manual declaration the table does not apply: the search answers
    manual = state_from_position("diceout", {**state.to_json(), "options": {"declare": "manual"}})
    assert heuristic.exact_solver(manual.game).verdict(manual) is None


def test_hint_reasons_name_what_the_move_does() -> None:
    from asobiba.games.diceout.heuristic import explain as diceout_explain
    from asobiba.games.gandice import actions as A
    from asobiba.games.gandice.heuristic import explain as gandice_explain

    state = diceout(EXIT_IN_ONE)
    ja, en = diceout_explain(state, winning_actions(state)[0])
    assert "EXIT" in ja and "wins" in en
    turn = next(s for s in random_states("gandice", 10, 2) if s.phase == 2)
    attack = next(a for a in turn.legal_actions() if A.split(a)[0] == A.ATTACK)
    ja, en = gandice_explain(turn, attack)
    assert "%" in ja and "%" in en
