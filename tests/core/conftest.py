from __future__ import annotations

import pytest

from asobiba.core import registry


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")
