"""What every registered game owes the rest of asobiba, checked the same way for each: on the
positions of seeded games under each of its option sets — a random opening and whole games to the
end (see :mod:`conformance.cases`)."""

from __future__ import annotations

import html
import itertools
import json
import re
from typing import Any

import pytest
from conformance.cases import Case, Playout, refusal, refused_cases
from conformance.conftest import toy_games_registered

from asobiba.core import Record, State, registry, returns_from_ranks
from asobiba.core.perft import perft

Played = tuple[Playout, ...]


def states(played: Played) -> list[State]:
    return [state for playout in played for state in playout.positions()]


def snapshot(state: State) -> tuple[Any, Any, list[int]]:
    return state.key(), json.dumps(state.to_json(), sort_keys=True), state.legal_actions()


def test_json_positions_read_back(played: Played) -> None:
    """A position written as JSON reads back (after a trip through JSON text) to the same key, the
    same legal actions and the same JSON."""
    for state in states(played):
        data = json.loads(json.dumps(state.to_json()))
        back = state.game.state_from_json(data)
        assert back.key() == state.key(), data
        assert back.legal_actions() == state.legal_actions(), data
        assert back.to_json() == data


def test_notation_reads_back_to_the_same_action(played: Played) -> None:
    """Every legal action, chance outcomes included, is written in notation that parses back to it."""
    for state in states(played):
        for action in state.legal_actions():
            text = state.action_to_notation(action)
            assert state.notation_to_action(text) == action, (text, state.to_json())


def test_records_replay_to_the_same_end(played: Played) -> None:
    """A record of a game, from the start or from a position halfway through, written as JSON
    text and read back, replays to the same final position with the same result: over or not,
    the same ranks and returns."""
    for playout in played:
        middle = len(playout.actions) // 2
        last = playout.states[-1]
        for start, actions in ((None, playout.actions), (playout.states[middle], playout.actions[middle:])):
            record = Record.new(playout.game, start)
            record.actions.extend(actions)
            written = record.to_json()
            again = Record.from_json(json.loads(json.dumps(written)))
            end = again.final_state()
            assert end.key() == last.key()
            assert end.is_terminal == last.is_terminal and end.returns() == last.returns()
            if last.is_terminal:
                assert end.ranks() == last.ranks()
            assert again.to_json() == written


def test_whole_games_reach_their_end(played: Played) -> None:
    """The whole games end as the rules say: a final state where nobody can act, one rank per
    seat, the returns those of the ranks, and every step before it not final."""
    whole = [playout for playout in played if playout.whole]
    assert len(whole) >= 2
    for playout in whole:
        last = playout.states[-1]
        assert last.is_terminal and last.legal_actions() == []
        assert not any(state.is_terminal for state in playout.states[:-1])
        assert len(last.ranks()) == playout.game.num_players
        assert last.returns() == returns_from_ranks(last.ranks())


def test_apply_leaves_its_state_alone(played: Played) -> None:
    """Applying any legal action changes neither the key, the JSON nor the legal actions of the
    state it is applied to."""
    for state in states(played):
        before = snapshot(state)
        for action in before[2]:
            state.apply(action)
        assert snapshot(state) == before


def test_chance_nodes_are_exact(played: Played) -> None:
    """At a chance node the outcomes are the legal actions, each with a positive probability, and
    the probabilities sum to 1; elsewhere there are no outcomes."""
    for state in states(played):
        outcomes = state.chance_outcomes()
        if not state.is_chance:
            assert outcomes == []
            continue
        assert [action for action, _ in outcomes] == state.legal_actions()
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)


def test_a_game_is_over_exactly_when_nobody_can_act(played: Played) -> None:
    """A state that is not over has a legal action (a forced pass is one); a final state has none."""
    for state in states(played):
        assert bool(state.legal_actions()) != state.is_terminal


def test_returns_come_at_the_end_from_the_ranks(played: Played) -> None:
    """Returns are all zeros before the end; at the end there is one rank per seat (1 the best)
    and the returns are those of the ranks, each in [-1, 1]."""
    for state in states(played):
        seats = state.game.num_players
        if not state.is_terminal:
            assert state.returns() == [0.0] * seats
            continue
        ranks = state.ranks()
        assert len(ranks) == seats and min(ranks) == 1 and max(ranks) <= seats
        returns = state.returns()
        assert returns == returns_from_ranks(ranks)
        assert all(-1.0 <= value <= 1.0 for value in returns)


def test_perft_is_stable(case: Case, played: Played) -> None:
    """Perft to depth 2 from the start (and, when the start is a roll, from its first outcome)
    gives the same count twice, and that count is the sum of depth 1 over the children."""
    start = case.game().new_state()
    roots = [start] + ([start.apply(start.legal_actions()[0])] if start.is_chance else [])
    for root in roots:
        count = perft(root, 2)
        assert perft(root, 2) == count
        assert count == sum(perft(root.apply(action), 1) for action in root.legal_actions())


def test_actions_are_described(played: Played) -> None:
    """``describe_action`` gives ``from``, ``to`` and the action's notation for every legal action."""
    for state in states(played):
        for action in state.legal_actions():
            described = state.describe_action(action)
            assert {"from", "to", "notation"} <= set(described)
            assert described["notation"] == state.action_to_notation(action)


DATA_CELL = re.compile(r'data-cell="([^"]*)"')


def cell_name(cell: Any) -> str | None:
    """A cell as ``describe_action`` gives it (a name, or a list of numbers) as a ``data-cell``."""
    if cell is None or isinstance(cell, str):
        return cell
    return ",".join(str(part) for part in cell)


def test_the_board_picture_names_every_cell_a_move_touches(case: Case, played: Played) -> None:
    """In the SVG every ``data-cell`` is named once, and the cells every legal action starts from,
    ends on and (when the game declares move paths) passes through are all there — in the narrow
    layout too, when the game draws one (the same cells)."""
    declared = registry.descriptor(case.game_id)
    if declared.render_svg is None:
        pytest.skip(f"{case.game_id} declares no board picture")
    pictures = [p for p in (declared.render_svg, declared.render_narrow_svg) if p is not None]
    for playout in played:
        for (last_move, state), draw in itertools.product(playout.steps(), pictures):
            svg = draw(state, last_move=last_move)
            names = [html.unescape(name) for name in DATA_CELL.findall(svg)]
            assert len(names) == len(set(names)), sorted(name for name in names if names.count(name) > 1)
            for action in state.legal_actions():
                described = state.describe_action(action)
                touched = {cell_name(described["from"]), cell_name(described["to"])} - {None}
                if declared.move_paths is not None and described["from"] is not None:
                    touched |= set(declared.move_paths(state, action))
                assert touched <= set(names), (described, touched - set(names))


def test_option_sets_a_game_refuses_are_refused_in_one_line() -> None:
    """Option sets of one option changed that a game does not take (e.g. a rule that needs
    another option) are refused with one line naming an option, never with a crash."""
    with toy_games_registered():
        for case in refused_cases():
            message = str(refusal(case))
            assert message and "\n" not in message, case
            assert any(name in message for name, _ in case.changed), (case, message)
