"""The solved tables as a capability of the game (the ``Solutions`` protocol of
:mod:`asobiba.core.descriptor`): one table per board size, named by the option ``rows``."""

from __future__ import annotations

from pathlib import Path

from ....core.descriptor import Names
from ..board import check_solver_rows
from .cli import check_resources
from .costs import build_cost
from .jobs import TableJob, build_table_async
from .table import find_table, table_directory


class TableSolutions:
    """Look up, check and build the perfect-play table of a board size (docs/solver.md)."""

    variant_option = "rows"

    def check_variant(self, variant: int) -> None:
        check_solver_rows(variant)

    def check_resources(self, variant: int, directory: Path | None) -> None:
        check_resources(variant, table_directory(variant, directory))

    def ready_bytes(self, variant: int, directory: Path | None) -> int | None:
        table = find_table(variant, directory)
        return None if table is None else int(table.values.nbytes)

    def start(self, variant: int, directory: Path | None) -> TableJob:
        return build_table_async(variant, directory)

    def variant_name(self, variant: int) -> Names:
        return Names(f"5×{variant}", f"5×{variant}")

    def cost(self, variant: int) -> Names:
        return build_cost(variant)


SOLUTIONS = TableSolutions()
