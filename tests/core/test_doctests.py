"""The examples in the docstrings of the modules people import first run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "asobiba.core.game",
    "asobiba.core.registry",
    "asobiba.core.match",
    "asobiba.core.names",
    "asobiba.core.outcome",
    "asobiba.web.seats",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
