"""Diamond Game (ダイヤモンドゲーム), as docs/rules/diamond.md describes it.

:class:`DiamondGame` describes a game under fixed :class:`DiamondOptions`; :class:`DiamondState` is an
immutable position. Pieces are stored as grid-bit masks (see :mod:`.geometry`): one mask of men and
one single-bit king mask per seat. Seats are the colours in play in turn order (red, yellow, green).

Actions: ``from_index * 121 + to_index`` for a move (cell indices of :mod:`.geometry`), ``121 * 121``
for a pass (legal only when no move is). Notation: ``e3-f4`` / ``pass`` (:mod:`.notation`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ...core.errors import IllegalMoveError
from ...core.game import TERMINAL, Game, State
from . import endgame, position
from .bench_positions import bench_positions
from .geometry import BIT, CELLS, GRID, NEIGHBOURS, QR_OF_GRID, cells_of
from .layout import initial_pieces, seat_layout
from .movegen import PASS, MoveGenerator, cell_bits, decode
from .notation import PASS_TEXT, cell_name, move_text, parse_move
from .options import DiamondOptions
from .render import render_text


class DiamondGame(Game):
    """ダイヤモンドゲーム: 2 or 3 players race their pieces across the star."""

    id = "diamond"
    name_en = "Diamond Game"
    name_ja = "ダイヤモンドゲーム"
    options_class = DiamondOptions
    options: DiamondOptions

    def __init__(self, options: DiamondOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        opts = self.options
        self.seats = tuple(seat_layout(c, opts) for c in opts.colors)
        self.generator = MoveGenerator(
            chain_after_line=opts.king_chain_after_line,
            long_jump=opts.long_jump,
            swap=opts.goal_block == "swap",
        )

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def player_names(self) -> Sequence[str]:
        return self.options.colors

    def new_state(self) -> DiamondState:
        men, kings = zip(*(initial_pieces(s, self.options) for s in self.seats), strict=True)
        first = self.options.first
        to_move = self.options.colors.index(first) if first else 0
        n = self.num_players
        return DiamondState(self, men, kings, to_move, 0, (0,) * n, (0,) * n, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> DiamondState:
        return DiamondState(self, *position.read_position(self, data))

    def bench_positions(self) -> list[State]:
        """Mid-game positions under these options (see :mod:`.bench_positions`)."""
        return bench_positions(self)


class DiamondState(State):
    """An immutable Diamond Game position."""

    __slots__ = ("game", "men", "kings", "to_move", "ply", "moves_made", "rank_of", "lost", "occ")

    game: DiamondGame

    def __init__(self, game: DiamondGame, men: Sequence[int], kings: Sequence[int], to_move: int,
                 ply: int, moves_made: Sequence[int], rank_of: Sequence[int], lost: int) -> None:
        self.game = game
        self.men = tuple(men)
        self.kings = tuple(kings)
        self.to_move = to_move
        """Seat to move, or ``TERMINAL``."""
        self.ply = ply
        self.moves_made = tuple(moves_made)
        """Turns taken by each seat (moves and passes), for ``no_camping``."""
        self.rank_of = tuple(rank_of)
        """Decided rank of each seat, 0 while still playing."""
        self.lost = lost
        """Bitmask of seats that lost by ``no_camping``."""
        occ = 0
        for m, k in zip(self.men, self.kings, strict=True):
            occ |= m | k
        self.occ = occ

    # -- turn -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        """Every legal move, or ``[PASS]`` if there is none; generated afresh on each call."""
        seat = self.to_move
        if seat == TERMINAL:
            return []
        layout = self.game.seats[seat]
        king = self.kings[seat]
        acts = self.game.generator.moves(
            self.men[seat], king, self.occ, sum(self.kings), layout.allowed, layout.swap_cells
        )
        return acts or [PASS]

    def apply(self, action: int) -> DiamondState:
        seat = self.to_move
        men = list(self.men)
        kings = list(self.kings)
        if action != PASS:
            fb, tb = cell_bits(action)
            if kings[seat] == fb:
                kings[seat] = tb
            else:
                men[seat] ^= fb | tb
            if self.occ & tb:  # goal_block=swap: the displaced piece goes to the start cell
                for other in range(len(men)):
                    if other == seat:
                        continue
                    if men[other] & tb:
                        men[other] ^= fb | tb
                    elif kings[other] == tb:
                        kings[other] = fb
        made = list(self.moves_made)
        made[seat] += 1
        ply = self.ply + 1
        game = self.game
        ranks, lost, to_move = endgame.settle(
            game.options, game.seats, men, kings, self.rank_of, self.lost, seat, made, ply
        )
        return DiamondState(game, men, kings, to_move, ply, made, ranks, lost)

    # -- results ----------------------------------------------------------------------------------
    def ranks(self) -> list[int]:
        if self.to_move != TERMINAL:
            raise ValueError("ranks() is only defined once the game is over")
        return list(self.rank_of)

    # -- notation ---------------------------------------------------------------------------------
    def action_to_notation(self, action: int) -> str:
        if action == PASS:
            return PASS_TEXT
        f, t = decode(action)
        return move_text(CELLS[f], CELLS[t])

    def notation_to_action(self, text: str) -> int:
        """Parse ``e3-f4``, ``q,r-q,r`` or ``pass``; NotationError / IllegalMoveError if wrong."""
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        cells = parse_move(text)
        action = PASS if cells is None else cells[0] * len(CELLS) + cells[1]
        if action not in self.legal_actions():
            if cells is None:
                raise IllegalMoveError("pass is only legal when no move is")
            raise IllegalMoveError(f"{text.strip()} is not a legal move here")
        return action

    def describe_action(self, action: int) -> dict[str, Any]:
        if action == PASS:
            return {"from": None, "to": None, "notation": PASS_TEXT}
        f, t = decode(action)
        return {"from": list(CELLS[f]), "to": list(CELLS[t]),
                "notation": self.action_to_notation(action)}

    def action_origin(self, action: int) -> str | None:
        if action == PASS:
            return None
        return cell_name(*CELLS[decode(action)[0]])

    def move_path(self, action: int) -> list[tuple[int, int]]:
        """Cells ``(q, r)`` of one shortest hop sequence realising ``action``, ends included
        (``[]`` for a pass), for animating jump chains."""
        if action == PASS:
            return []
        if action not in self.legal_actions():
            raise IllegalMoveError(f"action {action} is not legal here")
        f, t = decode(action)
        fb, tb = BIT[f], BIT[t]
        if NEIGHBOURS[GRID[f]] & tb:
            return [CELLS[f], CELLS[t]]
        seat = self.to_move
        layout = self.game.seats[seat]
        own = self.men[seat] | self.kings[seat]
        swappable = layout.swap_cells & self.occ & ~own if self.game.generator.swap else 0
        path = self.game.generator.hop_path(
            fb, tb, self.kings[seat] == fb, self.occ, sum(self.kings),
            layout.allowed & ~self.occ, swappable,
        )
        assert path is not None
        return [QR_OF_GRID[g] for g in path]

    # -- identity and I/O -------------------------------------------------------------------------
    def key(self) -> Hashable:
        extra = self.moves_made if self.game.options.goal_block == "no_camping" else ()
        return (*self.men, *self.kings, self.to_move, self.ply, self.lost, *self.rank_of, *extra)

    def to_json(self) -> dict[str, Any]:
        return position.state_to_json(self)

    def render_text(self, color: bool = False) -> str:
        return render_text(self, color=color)

    def pieces_of(self, seat: int) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
        """``(men, king)`` cells of a seat in cell-index order (king ``None`` if none)."""
        king = self.kings[seat]
        return cells_of(self.men[seat]), (QR_OF_GRID[king.bit_length() - 1] if king else None)

    def __repr__(self) -> str:
        return f"<DiamondState ply={self.ply} to_move={self.to_move}>"

