"""Make the toy games of ai_toys.py known to the registry for every test in this folder."""

from __future__ import annotations

import pytest
from ai.ai_toys import register_toys


@pytest.fixture(autouse=True, scope="session")
def _toys() -> None:
    register_toys()
