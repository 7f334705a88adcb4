"""Position JSON of the star games (docs/rules/diamond.md, "Position JSON and action ids";
docs/rules/chinese_checkers.md uses the same shape)::

    {"game": "diamond", "options": {...}, "to_move": "red",
     "pieces": {"red": {"king": [8, -4], "men": [[7, -4], ...]}, "yellow": {...}},
     "ply": 0, "moves_made": {"red": 0, "yellow": 0}, "ranks": {}, "lost": []}

``king`` is ``null`` with ``king=false``; cells must be on the game's board. The optional keys carry
what the rules need to go on exactly: ``ply`` (plies played, for ``max_plies``; default 0),
``moves_made`` (turns taken per colour, for ``no_camping``; default 0), ``ranks`` (colour -> rank of
each player already placed; default none) and ``lost`` (colours that lost by ``no_camping``; default
none). ``to_move`` is ``null`` once the game is over. A player who meets a finishing condition in
the loaded position is ranked at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.errors import PositionError
from ...core.game import TERMINAL
from . import endgame
from .geometry import CELL_OF_GRID, CELLS, Star, grid_of

if TYPE_CHECKING:
    from .game import StarGame, StarState


def state_to_json(state: StarState) -> dict[str, Any]:
    game = state.game
    colours = game.rules.colours
    pieces = {}
    for seat, colour in enumerate(colours):
        men, king = state.pieces_of(seat)
        pieces[colour] = {
            "king": list(king) if king else None,
            "men": [list(c) for c in men],
        }
    return {
        "game": game.id,
        "options": game.options.to_dict(),
        "to_move": None if state.to_move == TERMINAL else colours[state.to_move],
        "pieces": pieces,
        "ply": state.ply,
        "moves_made": dict(zip(colours, state.moves_made, strict=True)),
        "ranks": {c: r for c, r in zip(colours, state.rank_of, strict=True) if r},
        "lost": [c for i, c in enumerate(colours) if state.lost >> i & 1],
    }


def _cell(value: Any, where: str, star: Star) -> int:
    """Grid bit number of a ``[q, r]`` pair, checked to be on the board."""
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PositionError(f"{where}: {value!r} is not a cell [q, r]")
    q, r = value
    if not star.on_board(q, r):
        raise PositionError(f"{where}: [{q}, {r}] is not a cell of the star ({star.name} board)")
    return grid_of(q, r)


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{where} must be a non-negative integer, not {value!r}")
    return value


class Position(NamedTuple):
    """What a position JSON holds, checked: the arguments of a state after its game."""

    men: list[int]
    kings: list[int]
    to_move: int
    ply: int
    moves_made: list[int]
    rank_of: tuple[int, ...]
    lost: int


def read_position(game: StarGame, data: Mapping[str, Any]) -> Position:
    """Parse and validate a position; PositionError names the first problem found."""
    if not isinstance(data, Mapping):
        raise PositionError(f"a {game.id} position must be a JSON object")
    if data.get("game", game.id) != game.id:
        raise PositionError(f"the position is a {data.get('game')!r} position, not {game.id!r}")
    rules = game.rules
    colours = rules.colours
    pieces = data.get("pieces")
    if not isinstance(pieces, Mapping):
        raise PositionError("position needs 'pieces': an object with one entry per colour")
    if set(pieces) != set(colours):
        raise PositionError(
            f"pieces are given for {','.join(sorted(pieces)) or 'no colour'}, "
            f"but the colours in play are {','.join(colours)}"
        )
    men_masks, king_masks = [], []
    taken: dict[int, str] = {}
    for seat, colour in enumerate(colours):
        entry = pieces[colour]
        if not isinstance(entry, Mapping):
            raise PositionError(f"pieces.{colour} must be an object with 'king' and 'men'")
        men_list = entry.get("men")
        if not isinstance(men_list, list):
            raise PositionError(f"pieces.{colour}.men must be a list of [q, r] cells")
        king_value = entry.get("king")
        if rules.king and king_value is None:
            raise PositionError(f"pieces.{colour}.king is missing (king=true)")
        if not rules.king and king_value is not None:
            raise PositionError(f"pieces.{colour}.king must be null (king=false)")
        want = game.seats[seat].start_area.bit_count() - (1 if rules.king else 0)
        if len(men_list) != want:
            raise PositionError(f"{colour} has {len(men_list)} men, expected {want}")
        cells = [(_cell(v, f"pieces.{colour}.men", rules.star), False) for v in men_list]
        if king_value is not None:
            cells.append((_cell(king_value, f"pieces.{colour}.king", rules.star), True))
        allowed = game.seats[seat].allowed
        men = king = 0
        for g, is_king in cells:
            if g in taken:
                raise PositionError(f"two pieces ({taken[g]} and {colour}) on {_qr(g)}")
            taken[g] = colour
            if not allowed >> g & 1:
                raise PositionError(f"{colour} may not stand on {_qr(g)} (another colour's point)")
            if is_king:
                king = 1 << g
            else:
                men |= 1 << g
        men_masks.append(men)
        king_masks.append(king)

    ply = _count(data.get("ply", 0), "ply")
    made_data = data.get("moves_made") or {}
    if not isinstance(made_data, Mapping) or not set(made_data) <= set(colours):
        raise PositionError("moves_made must map colours in play to turn counts")
    made = [_count(made_data.get(c, 0), f"moves_made.{c}") for c in colours]
    rank_data = data.get("ranks") or {}
    if not isinstance(rank_data, Mapping) or not set(rank_data) <= set(colours):
        raise PositionError("ranks must map colours in play to ranks")
    ranks = []
    for c in colours:
        r = _count(rank_data.get(c, 0), f"ranks.{c}")
        if r > len(colours):
            raise PositionError(f"ranks.{c}: {r} is beyond the number of players")
        ranks.append(r)
    lost_data = data.get("lost") or []
    if not isinstance(lost_data, list) or not set(lost_data) <= set(colours):
        raise PositionError("lost must be a list of colours in play")
    lost = 0
    for c in lost_data:
        if not ranks[colours.index(c)]:
            raise PositionError(f"{c} is listed as lost but has no rank")
        lost |= 1 << colours.index(c)

    rank_of, lost, first_playing = endgame.settle(
        rules, game.seats, men_masks, king_masks, ranks, lost, None, made, ply
    )
    to_move = TERMINAL
    if first_playing != TERMINAL:
        name = data.get("to_move")
        if name not in colours:
            raise PositionError(f"to_move must be one of {','.join(colours)}, not {name!r}")
        to_move = colours.index(name)
        if rank_of[to_move]:
            raise PositionError(f"to_move {name} has already finished or lost")
    return Position(men_masks, king_masks, to_move, ply, made, rank_of, lost)


def _qr(g: int) -> str:
    q, r = CELLS[CELL_OF_GRID[g]]
    return f"[{q}, {r}]"
