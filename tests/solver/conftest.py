from __future__ import annotations

from pathlib import Path

import pytest

from asobiba.games.diceout.solver.retrograde import solve
from asobiba.games.diceout.solver.table import table_directory


@pytest.fixture(scope="session")
def tables_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tables directory holding the solved 2-row test board."""
    where = tmp_path_factory.mktemp("tables")
    solve(2, table_directory(2, where))
    return where
