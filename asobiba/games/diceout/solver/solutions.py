"""The solved tables as a capability of the game (the ``Solutions`` protocol of
:mod:`asobiba.core.descriptor`): one table per board size, named by the option ``rows``."""

from __future__ import annotations

from pathlib import Path

from .cli import check_resources, check_rows
from .jobs import TableJob, build_table_async
from .table import find_table, table_directory


class TableSolutions:
    """Look up, check and build the perfect-play table of a board size (docs/solver.md)."""

    variant_option = "rows"

    def check_variant(self, variant: int) -> None:
        check_rows(variant)

    def check_resources(self, variant: int, directory: Path | None) -> None:
        check_resources(variant, table_directory(variant, directory))

    def ready_bytes(self, variant: int, directory: Path | None) -> int | None:
        table = find_table(variant, directory)
        return None if table is None else int(table.values.nbytes)

    def start(self, variant: int, directory: Path | None) -> TableJob:
        return build_table_async(variant, directory)


SOLUTIONS = TableSolutions()
