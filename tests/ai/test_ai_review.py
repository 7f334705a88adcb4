"""The review of a finished game (asobiba/ai/review.py, docs/ai.md "Reviews"): the judgement
thresholds and the accuracy formula on hand-made cases; on a Dice Out board with a table every
judgement is the table's; the analysis level's own choice is never judged worse than good; a
planted blunder is a blunder; the review is deterministic. Budgets are small (the review's level
is a low one, records are short)."""

from __future__ import annotations

import math
import random

import pytest
from solver.pattern_table import PatternTable

from asobiba.ai.agent import winning_actions
from asobiba.ai.appraise import analysis_level
from asobiba.ai.levels import build_agent, level_specs
from asobiba.ai.review import (
    JUDGEMENTS,
    MoveReview,
    NotReviewable,
    Worth,
    accuracy,
    judge,
    move_accuracy,
    review,
)
from asobiba.core import Record, make_game
from asobiba.core.game import random_action, sample_chance
from asobiba.games.diceout import heuristic
from asobiba.games.diceout.solver.table import preference

ROWS = 4


def test_thresholds() -> None:
    assert judge(0.0, choices=1, played_best=False) == "only"
    assert judge(30.0, choices=1, played_best=False) == "only"
    assert judge(0.0, choices=3, played_best=True) == "best"
    assert judge(0.04, choices=3, played_best=False) == "best"
    assert judge(4.9, choices=3, played_best=False) == "good"
    assert judge(5.0, choices=3, played_best=False) == "inaccuracy"
    assert judge(9.99, choices=3, played_best=False) == "inaccuracy"
    assert judge(10.0, choices=3, played_best=False) == "mistake"
    assert judge(19.9, choices=3, played_best=False) == "mistake"
    assert judge(20.0, choices=3, played_best=False) == "blunder"


def test_exact_judgements() -> None:
    assert judge(0.0, choices=2, played_best=False, exact=(("win", 5), ("win", 3))) == "good"
    assert judge(0.0, choices=2, played_best=False, exact=(("win", 3), ("win", 3))) == "best"
    assert judge(50.0, choices=2, played_best=False, exact=(("draw", 0), ("win", 3))) == "blunder"
    assert judge(50.0, choices=2, played_best=False, exact=(("loss", 4), ("draw", 0))) == "blunder"


def _move(loss: float, judgement: str) -> MoveReview:
    return MoveReview(0, 0, 1, "x", judgement, Worth(60.0), Worth(60.0 - loss), 2, "y",
                      Worth(60.0), 3)


def test_accuracy_formula() -> None:
    assert move_accuracy(0) == 100
    assert move_accuracy(20) == pytest.approx(100 / math.e)
    assert accuracy([_move(0, "best"), _move(0, "best")]) == 100
    assert accuracy([_move(0, "best"), _move(20, "blunder")]) == pytest.approx((100 + 100 / math.e) / 2)
    assert accuracy([_move(10, "mistake"), _move(0, "only")]) == pytest.approx(100 * math.exp(-0.5))
    assert accuracy([_move(0, "only")]) is None
    assert accuracy([]) is None


def _played(game_id: str, options: dict, decisions: int, choose, seed: int = 1) -> Record:
    game = make_game(game_id, options)
    record = Record.new(game)
    state = game.new_state()
    rng = random.Random(seed)
    done = 0
    while not state.is_terminal and done < decisions:
        if state.current_player < 0:
            action = sample_chance(state, rng)
        else:
            action = choose(state, rng)
            done += 1
        record.actions.append(action)
        state = state.apply(action)
    return record


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> PatternTable:
    """A stand-in for a solved 5×4 table (codes of a fixed pattern: wins, draws and losses of many
    lengths), put where the game's knowledge looks for its solved table."""
    found = PatternTable(ROWS)
    monkeypatch.setitem(heuristic._found_tables, ROWS, heuristic._SolvedView(found))
    return found


def test_diceout_judgements_are_the_tables(table: PatternTable) -> None:
    record = _played("diceout", {"rows": ROWS}, 16, lambda s, rng: random_action(s, rng))
    states = record.states()
    done = review(record, level="normal")
    assert len(done.moves) == sum(1 for s in states[:-1] if s.current_player >= 0)
    for move in done.moves:
        state = states[move.ply]
        values = table.action_values(state)
        best = min(values.values(), key=lambda v: preference(*v))
        played = values[move.action]
        if len(values) == 1:
            expected = "only"
        elif played == best:
            expected = "best"
        elif played[0] == best[0]:
            expected = "good"
        else:
            expected = "blunder"
        assert move.judgement == expected, (move.ply, move.notation, played, best)
        assert move.after.exact is not None and move.after.chance in (0.0, 50.0, 100.0)
        assert values[move.best_action] == best


@pytest.mark.parametrize(("game_id", "options", "decisions", "level"), [
    ("diceout", {"rows": ROWS}, 10, "normal"),
    ("diamond", {"players": 2}, 8, "normal"),
    ("chinese_checkers", {"players": 2}, 6, "normal"),
    ("gandice", {}, 6, "normal"),
])
def test_the_levels_own_choice_is_never_worse_than_good(game_id, options, decisions, level) -> None:
    game = make_game(game_id, options)
    reading = analysis_level(game, level)
    spec = {k: v for k, v in level_specs(game)[reading].items() if k != "exact"}

    def engine(state, _rng):
        return build_agent(state.game, spec, name=reading, seed=0).analyse(state).action

    record = _played(game_id, options, decisions, engine)
    done = review(record, level=level, seed=0)
    assert done.level == reading
    assert done.moves and {m.judgement for m in done.moves} <= {"best", "good", "only"}
    for summary in done.summary:
        assert summary.accuracy in (None, 100.0) or summary.accuracy > 75


def test_diceout_planted_blunder_misses_a_win_and_allows_one() -> None:
    """A random game played until the mover can win at once; the move played instead lets the
    opponent win at once."""
    game = make_game("diceout", {"rows": ROWS})
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_state()
        record = Record.new(game)
        while not state.is_terminal:
            mover = state.current_player
            if mover >= 0 and winning_actions(state):
                bad = [a for a in state.legal_actions() if _allows_a_win(state.apply(a), mover)]
                if bad:
                    record.actions.append(bad[0])
                    move = review(record, level="normal").moves[-1]
                    assert move.judgement == "blunder" and move.loss >= 90
                    assert move.best_action in winning_actions(state)
                    return
            action = sample_chance(state, rng) if mover < 0 else random_action(state, rng)
            record.actions.append(action)
            state = state.apply(action)
    pytest.fail("no position with a win in one and a move that allows one")


def _allows_a_win(state, mover: int) -> bool:
    return not state.is_terminal and state.current_player not in (mover, -1) and bool(winning_actions(state))


def test_review_is_deterministic_and_json_has_the_contract() -> None:
    record = _played("diceout", {"rows": ROWS}, 8, lambda s, rng: random_action(s, rng), seed=3)
    one = review(record, level="normal", seed=5).to_json()
    assert review(record, level="normal", seed=5).to_json() == one
    assert isinstance(one["moves"], list) and len(one["summary"]) == 2
    for move in one["moves"]:
        assert {"ply", "seat", "action", "judgement", "before", "after", "best"} <= set(move)
        assert move["judgement"] in JUDGEMENTS
        assert 0 <= move["before"] <= 100 and 0 <= move["after"] <= 100
    for summary in one["summary"]:
        assert set(summary["text"]) == {"ja", "en"}


def test_a_game_without_appraise_cannot_be_reviewed() -> None:
    from ai.ai_toys import register_toys  # noqa: F401  (the folder's conftest registers the toys)

    from asobiba.core.registry import descriptors

    plain = next(d for d in descriptors() if d.appraise is None)
    record = Record.new(plain.game_class())
    with pytest.raises(NotReviewable):
        review(record)


def _one_step_from_home(game, seat: int) -> list[tuple[int, int]]:
    """Every piece of ``seat`` in its goal but one, which waits one step outside its last hole."""
    from asobiba.games.star.geometry import cells_of, grid_of
    from asobiba.games.star.lessons import STEPS, distance, plus

    layout = game.seats[seat]
    apex = cells_of(layout.goal_apex)[0]
    cells = sorted(cells_of(layout.goal_area), key=lambda c: (distance(c, apex), c))
    far = distance(cells[-1], apex)
    for front in (c for c in cells if distance(c, apex) == far):
        for d in STEPS:
            out = plus(front, d)
            if out not in cells and layout.allowed >> grid_of(*out) & 1 and distance(out, apex) > far:
                return [c for c in cells if c != front] + [out]
    raise AssertionError("no way into the goal")


@pytest.mark.parametrize(("game_id", "options"), [
    ("diamond", {"players": 2, "king": False}),
    ("chinese_checkers", {"players": 2}),
])
def test_star_planted_blunder_misses_a_win_and_allows_one(game_id: str, options: dict) -> None:
    """Both players one step from home: any move but the finishing one lets the other finish."""
    game = make_game(game_id, options)
    colours = game.rules.colours
    pieces = {colours[s]: {"king": None, "men": [list(c) for c in _one_step_from_home(game, s)]}
              for s in range(2)}
    start = game.state_from_json({"to_move": colours[0], "pieces": pieces,
                                  "moves_made": dict.fromkeys(colours, 20)})
    wins = winning_actions(start)
    bad = next(a for a in start.legal_actions() if a not in wins and winning_actions(start.apply(a)))
    record = Record(game, start, [bad], {}, True)
    move = review(record, level="normal").moves[0]
    assert move.judgement == "blunder" and move.loss >= 90
    assert move.best_action in wins and move.after.exact == ("loss", 1)
    record = Record(game, start, [wins[0]], {}, True)
    assert review(record, level="normal").moves[0].judgement == "best"


def test_gandice_planted_blunder_misses_a_likely_win() -> None:
    """A seeded game between two つよい players, to the first decision where an attack wins the
    battle at once with at least 80 % and re-summoning (which never wins at once) is possible: that
    re-summon is a blunder. (Gandice's wins go through dice, so "a win in one" is a likely one.)"""
    from asobiba.ai.levels import make_agent

    game = make_game("gandice", {})
    agents = [make_agent(game, "strong", seed=28 + i) for i in range(2)]
    rng = random.Random(4)
    state = game.new_state()
    record = Record.new(game)
    while not state.is_terminal:
        mover = state.current_player
        if mover >= 0 and len(state.legal_actions()) > 1:
            odds = {a: _wins_at_once(state, a, mover) for a in state.legal_actions()}
            resummon = [a for a in odds if state.action_to_notation(a) == "resummon"]
            if max(odds.values()) >= 0.8 and resummon:
                record.actions.append(resummon[0])
                move = review(record, level="strongest").moves[-1]
                assert move.judgement == "blunder", move
                assert odds[move.best_action] >= 0.8
                return
        action = sample_chance(state, rng) if mover < 0 else agents[mover].choose(state)
        record.actions.append(action)
        state = state.apply(action)
    pytest.fail("no decision with a likely win at once")


def _wins_at_once(state, action: int, seat: int) -> float:
    """The chance that ``action`` ends the game with ``seat`` first before the next decision."""
    def through(node, p: float) -> float:
        if node.is_terminal:
            ranks = node.ranks()
            return p if ranks[seat] == 1 and ranks.count(1) == 1 else 0.0
        if node.current_player >= 0:
            return 0.0
        return sum(through(node.apply(a), p * q) for a, q in node.chance_outcomes())
    return through(state.apply(action), 1.0)
