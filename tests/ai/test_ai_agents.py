"""Agents on toy games: legal moves, forced wins found, immediate wins never missed, seeds honoured."""

from __future__ import annotations

import random

import pytest
from ai.ai_toys import nim_evaluate, race_evaluate, ttt_evaluate

from asobiba.ai.agent import winning_actions
from asobiba.ai.alphabeta import AlphaBetaAgent
from asobiba.ai.levels import LEVELS, make_agent
from asobiba.ai.mcts import MCTSAgent
from asobiba.ai.simple import GreedyAgent, RandomAgent
from asobiba.core import make_game, sample_chance


def ttt(*moves: int):
    state = make_game("toyttt").new_state()
    for m in moves:
        state = state.apply(m)
    return state


def all_agents(seed: int = 0):
    return [
        RandomAgent(seed=seed),
        GreedyAgent(ttt_evaluate, seed=seed),
        GreedyAgent(ttt_evaluate, seed=seed, spread=2.0, miss=0.5),
        GreedyAgent(ttt_evaluate, seed=seed, blunder=0.5),
        AlphaBetaAgent(ttt_evaluate, max_nodes=500, seed=seed),
        MCTSAgent(ttt_evaluate, iterations=200, seed=seed),
    ]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_agent_plays_legal_moves_to_the_end(seed: int) -> None:
    for agent in all_agents(seed):
        state = ttt()
        while not state.is_terminal:
            action = agent.choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_alphabeta_plays_tic_tac_toe_perfectly_from_the_start() -> None:
    result = AlphaBetaAgent(ttt_evaluate, max_nodes=10**6).analyse(ttt())
    assert result.value == 0.0  # a draw with best play
    assert result.depth == 9


@pytest.mark.parametrize("pile", range(1, 14))
def test_alphabeta_solves_nim(pile: int) -> None:
    state = make_game("toynim2", {"pile": pile}).new_state()
    result = AlphaBetaAgent(nim_evaluate, max_nodes=10**6).analyse(state)
    assert result.exact  # the whole game fits in the search: a proven result either way
    if pile % 4:
        assert result.action == pile % 4
        assert result.value > 0.99
    else:
        assert result.value < -0.99


def test_alphabeta_prefers_the_quicker_win() -> None:
    # X: 0 1 _, O: 3 4 _; X to move wins at 2 at once (also wins later elsewhere).
    state = ttt(0, 3, 1, 4)
    assert AlphaBetaAgent(ttt_evaluate, max_nodes=10**5).choose(state) == 2


def test_alphabeta_blocks_a_threat() -> None:
    # X took 0 and 1; O must block at 2.
    state = ttt(0, 4, 1)
    assert AlphaBetaAgent(ttt_evaluate, max_nodes=10**5).choose(state) == 2


def test_paranoid_search_finds_three_player_nim_win() -> None:
    # Three players, pile 3: the mover takes all three and wins at once.
    state = make_game("toynim3", {"pile": 3}).new_state()
    result = AlphaBetaAgent(nim_evaluate, max_nodes=10**4).analyse(state)
    assert result.action == 3 and result.exact


def test_a_place_better_than_last_is_taken_sooner() -> None:
    # Four players, pile 5, no win for the mover: whatever happens it shares places 2-4 (-1/3).
    # Taking 2 or 3 lets the next player end the game at once; taking 1 only puts the same place
    # off by a ply, which a place below 0 must not be worth (it was put off move after move).
    state = make_game("toynim4", {"pile": 5}).new_state()
    result = AlphaBetaAgent(nim_evaluate, max_nodes=10**4).analyse(state)
    assert result.action in (2, 3)
    assert result.value == pytest.approx(-1 / 3, abs=1e-3)


def test_mcts_max_n_takes_three_player_nim_win() -> None:
    state = make_game("toynim3", {"pile": 2}).new_state()
    assert MCTSAgent(nim_evaluate, iterations=100, seed=3).choose(state) == 2


def race_win_odds(target: int) -> dict[tuple[int, int], float]:
    """Exact win probability of the mover at (own points, other's points), by value iteration."""
    win = {(m, o): 0.5 for m in range(target) for o in range(target)}

    def after(me: int, other: int) -> float:  # the mover's chance once the turn passes
        return 1.0 if me >= target else 1.0 - win[(other, me)]

    for _ in range(300):
        for m, o in win:
            win[(m, o)] = max(after(m + 1, o), 0.5 * after(m, o) + 0.5 * after(m + 3, o))
    return win


def test_expectimax_follows_exact_odds_in_the_dice_race() -> None:
    game = make_game("toyrace", {"target": 5})
    state = game.new_state()
    agent = AlphaBetaAgent(race_evaluate, max_nodes=10**6, max_depth=14)
    win = race_win_odds(5)

    def after(me: int, other: int) -> float:
        return 1.0 if me >= 5 else 1.0 - win[(other, me)]

    checked = 0
    for me, other in win:
        safe = after(me + 1, other)
        gamble = 0.5 * after(me, other) + 0.5 * after(me + 3, other)
        if abs(safe - gamble) < 0.05:
            continue
        position = type(state)(game, (me, other), 0, False, 0)
        assert agent.choose(position) == (0 if safe > gamble else 1), (me, other)
        checked += 1
    assert checked >= 5


def test_greedy_values_dice_by_expectation() -> None:
    game = make_game("toyrace", {"target": 30})
    state = game.new_state()
    # Expected gain: safe 1 point, gamble 1.5 points; the heuristic of this toy prefers the gamble.
    assert GreedyAgent(race_evaluate, seed=0).choose(state) == 1


@pytest.mark.parametrize("seed", range(5))
def test_noisy_greedy_never_misses_an_immediate_win(seed: int) -> None:
    state = ttt(0, 3, 1, 4)
    assert winning_actions(state) == [2]
    agent = GreedyAgent(nim_evaluate, seed=seed, spread=50.0, miss=0.99)
    assert agent.choose(state) == 2


@pytest.mark.parametrize("seed", range(5))
def test_blundering_greedy_never_misses_an_immediate_win(seed: int) -> None:
    state = ttt(0, 3, 1, 4)
    assert GreedyAgent(ttt_evaluate, seed=seed, blunder=1.0).choose(state) == 2


def test_blunder_plays_the_worst_rated_move_at_the_given_rate() -> None:
    game = make_game("toyrace", {"target": 30})
    state = game.new_state()  # the toy heuristic rates the gamble (1) above the safe step (0)
    assert GreedyAgent(race_evaluate, seed=0, blunder=1.0).choose(state) == 0
    picks = [GreedyAgent(race_evaluate, seed=s, blunder=0.25).choose(state) for s in range(400)]
    assert 60 <= picks.count(0) <= 140  # about a quarter of the decisions are blunders


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_an_immediate_win(level: str) -> None:
    game = make_game("toyttt")
    for seed in range(3):
        agent = make_agent(game, level, seed=seed)
        assert agent.choose(ttt(0, 3, 1, 4)) == 2


def play(game_id: str, names: list[str], seed: int, options=None) -> list[int]:
    game = make_game(game_id, options)
    agents = [make_agent(game, n, seed=seed + i) for i, n in enumerate(names)]
    rng = random.Random(seed)
    state, actions = game.new_state(), []
    while not state.is_terminal:
        p = state.current_player
        a = sample_chance(state, rng) if p < 0 else agents[p].choose(state)
        actions.append(a)
        state = state.apply(a)
    return actions


@pytest.mark.parametrize("level", [*LEVELS, "random", "greedy"])
def test_levels_are_deterministic_for_a_seed(level: str) -> None:
    first = play("toyttt", [level, level], seed=7)
    assert play("toyttt", [level, level], seed=7) == first
    race = play("toyrace", [level, "random"], seed=5, options={"target": 8})
    assert play("toyrace", [level, "random"], seed=5, options={"target": 8}) == race


def test_mcts_is_deterministic_for_a_seed() -> None:
    state = ttt(4)
    picks = {MCTSAgent(ttt_evaluate, iterations=300, seed=11).choose(state) for _ in range(3)}
    assert len(picks) == 1


def test_alphabeta_node_budget_is_respected_and_still_answers() -> None:
    agent = AlphaBetaAgent(ttt_evaluate, max_nodes=50)
    result = agent.analyse(ttt())
    assert result.action in range(9)
    assert result.depth >= 1


def test_unknown_agent_name_is_a_one_line_user_error() -> None:
    from asobiba.core.errors import AsobibaError

    with pytest.raises(AsobibaError) as info:
        make_agent(make_game("toyttt"), "grandmaster")
    message = str(info.value)
    assert "\n" not in message and "strongest" in message and "random" in message


def test_chance_horizon_rolls_out_dice_left_at_the_horizon() -> None:
    state = make_game("toyrace", {"target": 30}).new_state()
    # One decision deep: without a horizon the gamble is judged before its roll (no gain yet),
    # with one it is judged by the exact expectation (1.5 points against 1).
    blind = AlphaBetaAgent(race_evaluate, max_nodes=10**4, max_depth=1)
    rolled = AlphaBetaAgent(race_evaluate, max_nodes=10**4, max_depth=1, chance_horizon=1)
    assert blind.choose(state) == 0
    assert rolled.choose(state) == 1


def test_beam_prunes_below_the_root_only() -> None:
    state = make_game("toynim2", {"pile": 9}).new_state()

    def prefer_small(s, actions):
        return [-a for a in actions]

    full = AlphaBetaAgent(nim_evaluate, max_nodes=10**6, max_depth=6, priors=prefer_small)
    narrow = AlphaBetaAgent(nim_evaluate, max_nodes=10**6, max_depth=6, priors=prefer_small, beam=1)
    wide, thin = full.analyse(state), narrow.analyse(state)
    assert thin.nodes < wide.nodes
    assert thin.action in state.legal_actions()
    assert len(set(thin.line[1:])) == 1  # below the root only the favourite move is searched
