"""Make the toy games of ai_toys.py known to the registry for each test module in this folder, and
forget them after it (other folders' tests, which may run in the same process, list every game)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ai.ai_toys import register_toys, unregister_toys


@pytest.fixture(autouse=True, scope="module")
def _toys() -> Iterator[None]:
    register_toys()
    yield
    unregister_toys()
