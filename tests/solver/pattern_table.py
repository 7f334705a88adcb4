"""A stand-in for a solved Dice Out table whose codes follow a fixed pattern: wins, losses and draws
of many lengths, so arrangements and moves differ in value (no real solve needed)."""

from __future__ import annotations

from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.table import Table


class PatternTable(Table):
    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.board = board(rows)

    def code(self, row: int, column: int) -> int:
        return (row * 7 + column * 3) % 9
