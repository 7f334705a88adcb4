"""The shared game of the star engine: the rules of docs/rules/diamond.md, under which Diamond Game
(ダイヤモンドゲーム, :mod:`asobiba.games.diamond`) and Chinese Checkers (docs/rules/chinese_checkers.md,
:mod:`asobiba.games.chinese_checkers`) are played, each by a subclass that names its options.

:class:`StarGame` describes a game on the star under fixed options, which say what it plays as
:class:`~.layout.StarRules` (``options.star_rules()``); :class:`StarState` is an immutable position.
Pieces are stored as grid-bit masks (see :mod:`.geometry`): one mask of men and one single-bit
king mask per seat. Seats are the colours in play in turn order.

Actions: ``from_index * 121 + to_index`` for a move (cell indices of the standard star, on every
board), ``121 * 121`` for a pass (legal only when no move is). Notation: ``e3-f4`` / ``pass``
(:mod:`.notation`, with the row letters of the game's own board).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ...core.errors import IllegalMoveError
from ...core.game import TERMINAL, Game, State
from ...core.options import Options
from . import endgame, position
from .bench_positions import bench_positions
from .geometry import BIT, CELL_OF_GRID, CELLS, GRID, NEIGHBOURS, QR_OF_GRID, cells_of
from .layout import initial_pieces, seat_layouts
from .movegen import PASS, MoveGenerator, cell_bits, decode
from .notation import PASS_TEXT, cell_name, move_text, parse_move, web_name
from .options import StarOptions
from .render import render_text


class StarGame(Game):
    """A race of pieces across the star, under the :class:`~.layout.StarRules` of its options."""

    options: StarOptions

    def __init__(self, options: Options | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        rules = self.options.star_rules()
        self.rules = rules
        self.star = rules.star
        self.seats = seat_layouts(rules)
        self.generator = MoveGenerator(
            chain_after_line=rules.after_line,
            long_jump=rules.long_jump,
            swap=rules.goal_block == "swap",
        )

    @property
    def num_players(self) -> int:
        return len(self.rules.colours)

    @property
    def player_names(self) -> Sequence[str]:
        return self.rules.colours

    def new_state(self) -> StarState:
        men, kings = zip(*(initial_pieces(s, self.rules.king) for s in self.seats), strict=True)
        n = self.num_players
        return StarState(self, men, kings, self.rules.first, 0, (0,) * n, (0,) * n, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> StarState:
        return StarState(self, *position.read_position(self, data))

    def bench_positions(self) -> list[State]:
        """Mid-game positions under these options (see :mod:`.bench_positions`)."""
        return bench_positions(self)


class StarState(State):
    """An immutable position on the star."""

    __slots__ = ("game", "men", "kings", "to_move", "ply", "moves_made", "rank_of", "lost", "occ",
                 "_legal")

    game: StarGame

    def __init__(self, game: StarGame, men: Sequence[int], kings: Sequence[int], to_move: int,
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
        self._legal: frozenset[int] | None = None
        """The legal moves as a set, made on the first :meth:`move_path` (a picture of the
        position asks for the path of every legal move)."""

    # -- turn -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        """Every legal move, or ``[PASS]`` if there is none; generated afresh on each call."""
        seat = self.to_move
        if seat == TERMINAL:
            return []
        acts = self.game.generator.moves(
            self.men[seat], self.kings[seat], self.occ, self._unhoppable(seat),
            self.game.seats[seat],
        )
        return acts or [PASS]

    def _unhoppable(self, seat: int) -> int:
        """Pieces the mover may not hop: every king, and the mover's own pieces when
        ``hop_own`` is off."""
        kings = sum(self.kings)
        if self.game.rules.hop_own:
            return kings
        return kings | self.men[seat] | self.kings[seat]

    def apply(self, action: int) -> StarState:
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
            game.rules, game.seats, men, kings, self.rank_of, self.lost, seat, made, ply
        )
        return StarState(game, men, kings, to_move, ply, made, ranks, lost)

    # -- results ----------------------------------------------------------------------------------
    @property
    def reason(self) -> str:
        """How the game ended (a key of :data:`END_REASONS`; empty while it is played): the move
        limit reached, a seat lost for camping (``no_camping``), else every place was decided by
        bringing the pieces home (docs/rules/diamond.md, "Finishing and ranks")."""
        if self.to_move != TERMINAL:
            return ""
        if self.ply >= self.game.rules.max_plies:
            return "limit"
        return "camping" if self.lost else "home"

    def placings(self) -> tuple[int, ...]:
        """Each seat's place once it brought its pieces home (or lost), 0 while it still plays
        (:class:`~asobiba.core.outcome.Placings`)."""
        return self.rank_of

    def ranks(self) -> list[int]:
        if self.to_move != TERMINAL:
            raise ValueError("ranks() is only defined once the game is over")
        return list(self.rank_of)

    # -- notation ---------------------------------------------------------------------------------
    def action_to_notation(self, action: int) -> str:
        if action == PASS:
            return PASS_TEXT
        f, t = decode(action)
        return move_text(CELLS[f], CELLS[t], self.game.star)

    def notation_to_action(self, text: str) -> int:
        """Parse ``e3-f4``, ``q,r-q,r`` or ``pass``; NotationError / IllegalMoveError if wrong."""
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        cells = parse_move(text, self.game.star)
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
        return cell_name(*CELLS[decode(action)[0]], self.game.star)

    def move_path(self, action: int) -> list[tuple[int, int]]:
        """Cells ``(q, r)`` of one shortest hop sequence realising ``action``, ends included
        (``[]`` for a pass), for animating jump chains."""
        if action == PASS:
            return []
        if self._legal is None:
            self._legal = frozenset(self.legal_actions())
        if action not in self._legal:
            raise IllegalMoveError(f"action {action} is not legal here")
        f, t = decode(action)
        fb, tb = BIT[f], BIT[t]
        if NEIGHBOURS[GRID[f]] & tb:
            return [CELLS[f], CELLS[t]]
        seat = self.to_move
        path = self.game.generator.hop_path(
            fb, tb, self.kings[seat] == fb, self.men[seat] | self.kings[seat], self.occ,
            self._unhoppable(seat), self.game.seats[seat],
        )
        assert path is not None
        return [CELLS[CELL_OF_GRID[g]] for g in path]

    # -- identity and I/O -------------------------------------------------------------------------
    def key(self) -> Hashable:
        extra = self.moves_made if self.game.rules.goal_block == "no_camping" else ()
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
        return f"<StarState {self.game.id} ply={self.ply} to_move={self.to_move}>"


def star_game(game: Game) -> StarGame:
    """``game``, checked to be a game on the star (the crossing puzzle's commands and services are
    handed a game made from its id and options)."""
    if not isinstance(game, StarGame):
        raise TypeError(f"{game.id} is not a game on the star")
    return game


def move_paths(state: StarState, action: int) -> list[str]:
    """The holes a move passes through, hop by hop, by their web names: the descriptors'
    ``move_paths`` (for animating jump chains)."""
    return [web_name(q, r) for q, r in state.move_path(action)]

