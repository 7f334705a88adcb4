"""The computer of the PyPI package ``magmacrunch-chinese-checkers`` 0.1.1 as an opponent
(docs/benchmarks.md, "Matches against other engines", magmacrunch).

The package is a terminal game whose module ``chinese_checkers.rules`` holds its rules and its
computer as plain functions over a list of 121 holes; the adapter drives those functions.

**Cells.** The package names a hole by cube coordinates ``(a, b, c)``, ``a + b + c = 0``, its
player 0 starting at the top (``b <= -5``). asobiba's axial ``(q, r)`` with ``q = -b`` and
``r = -a`` is the same hole turned upside down, so the package's player 0 is asobiba's red (seat 0,
first to move) and its player 1 is blue.

**Rules.** The game is the package's, played in its state and ended by its rules:

* a move is a step or a chain of hops, stopped anywhere, and may end in any point;
* only the other player's pieces may be hopped (asobiba's ``hop_own=false``);
* a player wins with every goal hole held, each by an own piece or by an opponent's piece that
  has never left its start point, and at least one by an own piece;
* a player with no move passes; both passing in a row end the game without a winner;
* the package has no move cap: the adapter calls a game still going after ``max_plies`` turns a
  draw.

The asobiba game kept beside it (:class:`~bench.peers.common.AllOwnGame`, ``other_points=open``,
``hop_own=false``) has the same moves and the cap, and finishes a player only with all ten pieces
home: the package may end a game earlier (a goal blocked by pieces that never left), never later.

**Player.** ``choose_move``: one ply, each move scored by the ground it gains towards the nearest
free goal hole (no search, no time setting; ties go to the first move in the board's order).
"""

from __future__ import annotations

import importlib
from typing import Any

from asobiba.core.errors import AsobibaError
from asobiba.games.star.geometry import CELLS, INDEX

from .common import PASS, AllOwnGame, action_of, mask_of

MAX_PLIES = 1000
PLAYERS = 2


def cell_of(cube: tuple[int, int, int]) -> int:
    """asobiba's cell index of the package's hole ``(a, b, c)``."""
    a, b, _ = cube
    return INDEX[(-b, -a)]


def cube_of(cell: int) -> tuple[int, int, int]:
    """The package's hole of asobiba's cell index."""
    q, r = CELLS[cell]
    return (-r, -q, q + r)


def package_rules() -> Any:
    """The package's module ``chinese_checkers.rules`` (an optional extra, loaded only now)."""
    try:
        return importlib.import_module("chinese_checkers.rules")
    except ImportError:
        raise AsobibaError("the magmacrunch opponent needs magmacrunch-chinese-checkers: "
                           "pip install 'asobiba[peers]'") from None


def asobiba_game(max_plies: int = MAX_PLIES) -> AllOwnGame:
    return AllOwnGame({"players": 2, "other_points": "open", "hop_own": False, "king": False,
                       "max_plies": max_plies})


class MagmacrunchOpponent:
    """The package's game and computer (see the module docstring)."""

    name = "magmacrunch"
    budget = "one ply, no setting"
    exact_end = False

    def __init__(self, *, max_plies: int = MAX_PLIES) -> None:
        self.mc = package_rules()
        self.max_plies = max_plies
        self.start(0)

    def game(self) -> AllOwnGame:
        return asobiba_game(self.max_plies)

    def start(self, seed: int) -> None:
        """A new game (the package's computer uses no randomness, so ``seed`` is unused)."""
        self.cells = self.mc.new_board(PLAYERS)
        self.home = self.mc.new_home(PLAYERS)
        self.player = self.mc.active_players(PLAYERS)[0]
        self.plies = 0
        self.passes = 0
        self.won: int | None = None

    def _legal(self) -> list[Any]:
        return self.mc.legal_moves(self.cells, self.player)

    def moves(self) -> set[int]:
        legal = self._legal()
        if not legal:
            return {PASS}
        return {action_of(cell_of(m.frm), cell_of(m.to)) for m in legal}

    def _apply(self, move: Any | None) -> None:
        if move is None:
            self.passes += 1
        else:
            self.passes = 0
            self.mc.apply_move(self.cells, move, self.home)
            self.won = self.mc.winner(self.cells, PLAYERS, self.home)
        self.plies += 1
        self.player = self.mc.next_player(self.player, PLAYERS)

    def play(self, action: int) -> None:
        legal = self._legal()
        if action == PASS and not legal:
            self._apply(None)
            return
        start, end = divmod(action, 121)
        frm, to = cube_of(start), cube_of(end)
        move = next((m for m in legal if m.frm == frm and m.to == to), None)
        if move is None:
            raise AsobibaError(f"move {action} is not legal in the package's game")
        self._apply(move)

    def choose(self) -> int:
        move = self.mc.choose_move(self.cells, self.player, PLAYERS)
        self._apply(move)
        return PASS if move is None else action_of(cell_of(move.frm), cell_of(move.to))

    def over(self) -> bool:
        return self.won is not None or self.passes >= PLAYERS or self.plies >= self.max_plies

    def winner(self) -> int | None:
        return self.won

    def masks(self) -> tuple[int, int]:
        seats = ([], [])
        for i, owner in enumerate(self.cells):
            if owner != self.mc.EMPTY:
                seats[owner].append(cell_of(self.mc.POSITIONS[i]))
        return mask_of(seats[0]), mask_of(seats[1])

    def stats(self) -> dict[str, Any]:
        return {}
