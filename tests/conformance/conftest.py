"""The conformance suite runs over every registered game, the games that live in the tests
included: this folder registers them the way a game is added, one line each in ``GAMES``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from conformance.cases import Case, Playout, cases, playouts

from asobiba.core import registry

TOY_GAMES = {"toyslide": "toy_games.slide.descriptor"}


@contextmanager
def toy_games_registered() -> Iterator[None]:
    with mock.patch.dict(registry.GAMES, TOY_GAMES):
        yield


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        with toy_games_registered():
            every = cases()
        metafunc.parametrize("case", every, ids=str)


@pytest.fixture(autouse=True)
def _toy_games() -> Iterator[None]:
    with toy_games_registered():
        yield


@pytest.fixture
def played(case: Case) -> tuple[Playout, ...]:
    """The case's random games (every case's options are taken by its game: :func:`cases`)."""
    return playouts(case)
