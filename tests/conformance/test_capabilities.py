"""What each optional capability a game declares owes its readers (docs/architecture.md, "The game
descriptor"), checked for every game that declares it, on the positions of the suite's seeded
random games (:mod:`conformance.cases`); and what a position's key promises, for every game."""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from conformance.cases import Case, cases, playouts
from conformance.conftest import toy_games_registered
from conformance.test_conformance import DATA_CELL

from asobiba.core import State, registry
from asobiba.core.descriptor import GameDescriptor, Odds

ODDS_STATES = 12
"""Positions per case whose moves' odds are worked out (exact odds of an attack take a while)."""


def declaring(capability: str) -> list[Case]:
    """The cases of the games that declare ``capability``."""
    with toy_games_registered():
        return [c for c in cases() if getattr(registry.descriptor(c.game_id), capability) is not None]


def declared(case: Case) -> GameDescriptor[Any]:
    with toy_games_registered():
        return registry.descriptor(case.game_id)


def steps(case: Case) -> Iterator[tuple[int | None, State]]:
    """Every position of the case's random games, with the action that led to it."""
    for playout in playouts(case):
        yield from playout.steps()


def test_equal_keys_mean_equal_moves_and_mover(case: Case) -> None:
    """Two positions with the same ``key()`` have the same player to move and the same legal
    actions (a search's transposition table relies on it)."""
    seen: dict[Any, State] = {}
    for _, state in steps(case):
        first = seen.setdefault(state.key(), state)
        assert first.current_player == state.current_player, state.to_json()
        assert first.legal_actions() == state.legal_actions(), state.to_json()


@functools.cache
def odds_shown(case: Case) -> list[Sequence[Odds]]:
    """The odds of every move that has some, in :data:`ODDS_STATES` positions of the case's games."""
    odds_of = declared(case).move_odds
    assert odds_of is not None
    positions = [state for _, state in steps(case) if state.current_player >= 0]
    shown = []
    for state in positions[:: max(1, len(positions) // ODDS_STATES)]:
        for action in state.legal_actions():
            odds = odds_of(state, action)
            if odds is not None:
                shown.append(odds)
    return shown


@pytest.mark.parametrize("game_case", declaring("move_odds"), ids=str)
def test_move_odds_sum_to_one(game_case: Case) -> None:
    """The odds of a move's outcomes are probabilities that sum to 1, with distinct ids and a
    label in both languages."""
    for odds in odds_shown(game_case):
        assert all(0.0 <= o.p <= 1.0 for o in odds), odds
        assert math.isclose(sum(o.p for o in odds), 1.0, abs_tol=1e-9), odds
        assert len({o.id for o in odds}) == len(odds)
        assert all(o.label.ja and o.label.en for o in odds)


def test_some_declared_odds_are_shown() -> None:
    """The random games of the cases above do reach moves with odds (so that test checks
    something)."""
    assert any(odds_shown(case) for case in declaring("move_odds"))


@pytest.mark.parametrize("game_case", declaring("parse_cell"), ids=str)
def test_parse_cell_reads_back_every_origin(game_case: Case) -> None:
    """The cell a move starts from, as ``action_origin`` writes it, reads back to itself."""
    parse = declared(game_case).parse_cell
    assert parse is not None
    read = 0
    for _, state in steps(game_case):
        for action in state.legal_actions():
            origin = state.action_origin(action)
            if origin is not None:
                assert parse(state, origin) == origin, (origin, state.to_json())
                read += 1
    assert read > 0, "no move with an origin in the positions played"


@pytest.mark.parametrize("game_case", declaring("move_words"), ids=str)
def test_move_words_in_both_languages(game_case: Case) -> None:
    """Every legal action (decisions and chance outcomes) is put in words in Japanese and
    English, with a kind of one word (a ``data-action`` of the page)."""
    words_of = declared(game_case).move_words
    assert words_of is not None
    for _, state in steps(game_case):
        for action in state.legal_actions():
            words = words_of(state, action)
            assert words.text.ja.strip() and words.text.en.strip(), (action, words)
            assert re.fullmatch(r"[a-z][a-z0-9_-]*", words.kind), words.kind


def test_every_lobby_tagline_is_a_whole_sentence_in_both_languages() -> None:
    """A lobby card's line ends as a sentence ends (「。」, "."), never cut off mid-way (Gandice's
    once stopped at 「デッキを組んで2〜4人で」)."""
    lobbies = {g: registry.descriptor(g).lobby for g in registry.GAMES}
    taglines = {g: lobby.tagline for g, lobby in lobbies.items() if lobby is not None}
    for game_id, tagline in taglines.items():
        assert tagline.ja.endswith("。") and tagline.en.endswith("."), (game_id, tagline)
    assert taglines["gandice"].ja.endswith("2〜4人で遊びます。")


@pytest.mark.parametrize("game_case", declaring("move_drops"), ids=str)
def test_move_drops_land_on_cells_of_the_picture(game_case: Case) -> None:
    """Each piece a move puts onto the board lands on a ``data-cell`` of the board picture."""
    game = declared(game_case)
    drops_of, picture = game.move_drops, game.render_svg
    assert drops_of is not None and picture is not None
    for last_move, state in steps(game_case):
        names = {html.unescape(n) for n in DATA_CELL.findall(picture(state, last_move=last_move))}
        for action in state.legal_actions():
            for cell, value in drops_of(state, action):
                assert cell in names, (cell, sorted(names))
                assert isinstance(value, int)


def test_some_declared_drops_are_played() -> None:
    """The random games of the cases above do drop pieces (so that test checks something)."""
    drops = 0
    for case in declaring("move_drops"):
        drops_of = declared(case).move_drops
        assert drops_of is not None
        drops += sum(len(drops_of(s, a)) for _, s in steps(case) for a in s.legal_actions())
    assert drops > 0


@pytest.mark.parametrize("game_case", declaring("render_text"), ids=str)
def test_render_text_draws_every_position(game_case: Case) -> None:
    """The terminal picture draws every position, plain and in colour, with its last move."""
    render = declared(game_case).render_text
    assert render is not None
    for last_move, state in steps(game_case):
        plain = render(state, color=False, last_move=last_move)
        assert plain.strip() and "\x1b[" not in plain
        assert render(state, color=True, last_move=last_move).strip()
