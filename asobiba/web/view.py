"""What clients see of a table (docs/web.md, "Game JSON" and "state frame").

Boards are rendered on the server by each game's ``svg.render_svg`` and sent as SVG text; the page
only toggles classes (``legal``, ``selected``, ``hint``) on the cells, found by their ``data-cell``.
Cells are named in the game's web notation: Dice Out ``"b1"``, Diamond Game ``"q,r"``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from ..core.game import CHANCE, State
from .seats import LEVELS
from .table import Table


def cell_name(cell: Any) -> str | None:
    """A cell from a ``describe_action`` field ("b1", or [q, r]) as its ``data-cell`` name."""
    if cell is None:
        return None
    if isinstance(cell, str):
        return cell
    return ",".join(str(v) for v in cell)


def move_cells(state: State, action: int) -> dict[str, Any]:
    """The cells a move touches: ``from``, ``to`` and the hop-by-hop ``path`` (from first)."""
    described = state.describe_action(action)
    origin, target = cell_name(described.get("from")), cell_name(described.get("to"))
    path_of = getattr(state, "move_path", None)
    if path_of is not None and origin is not None:
        path = [cell_name(c) for c in path_of(action)]
    else:
        path = [c for c in (origin, target) if c is not None]
    return {
        "action": action,
        "notation": described.get("notation") or state.action_to_notation(action),
        "from": origin,
        "to": target,
        "path": path,
    }


def _renderer(game_id: str) -> Callable[..., str]:
    return importlib.import_module(f"asobiba.games.{game_id}.svg").render_svg


def render_board(state: State, last_move: int | None, highlights: Iterable[str] = ()) -> str:
    return _renderer(state.game.id)(state, highlights=tuple(highlights), last_move=last_move)


def seat_names(table: Table) -> list[str]:
    return list(table.game.player_names)


def _history(table: Table) -> list[dict[str, Any]]:
    names = seat_names(table)
    out = []
    for ply, (state, action) in enumerate(zip(table.states, table.actions, strict=False)):
        player = state.current_player
        out.append(
            {
                "ply": ply,
                "player": "chance" if player == CHANCE else names[player],
                "notation": state.action_to_notation(action),
            }
        )
    return out


def _last(table: Table) -> dict[str, Any] | None:
    if not table.actions:
        return None
    before = table.states[-2]
    info = move_cells(before, table.actions[-1])
    player = before.current_player
    info["player"] = "chance" if player == CHANCE else table.game.player_names[player]
    return info


def summary(table: Table) -> dict[str, Any]:
    """The ``GET /api/games/{id}`` body: the contract fields plus seats and the turn."""
    seat = table.to_move()
    return {
        "id": table.id,
        "game": table.game.id,
        "options": table.game.options.to_dict(),
        "position": table.state.to_json(),
        "moves": table.notations(),
        "status": table.status,
        "result": table.result,
        "players": seat_names(table),
        "seats": table.seats,
        "to_move": None if seat is None else table.game.player_names[seat],
        "plies": table.plies,
        "history": _history(table),
        "source": table.source,
        "meta": table.meta,
    }


def full(table: Table, thinking: bool = False) -> dict[str, Any]:
    """The WebSocket ``state`` frame: the summary plus the board, legal moves and history."""
    data = summary(table)
    state = table.state
    last = table.actions[-1] if table.actions else None
    legal = []
    if table.human_to_move():
        legal = [move_cells(state, a) for a in state.legal_actions()]
    data.update(
        {
            "name": {"ja": table.game.name_ja, "en": table.game.name_en},
            "svg": render_board(state, last),
            "legal": legal,
            "last": _last(table),
            "turn": _turn(table),
            "thinking": thinking,
            "levels": LEVELS,
        }
    )
    return data


def _turn(table: Table) -> str | None:
    if table.finished:
        return None
    if table.chance_to_move():
        return "chance"
    return "human" if table.human_to_move() else "computer"


def frame(table: Table, ply: int) -> dict[str, Any]:
    """One replay frame: the board after ``ply`` actions and the move that led there."""
    state = table.states[ply]
    last = None
    if ply > 0:
        before = table.states[ply - 1]
        last = move_cells(before, table.actions[ply - 1])
        player = before.current_player
        last["player"] = "chance" if player == CHANCE else table.game.player_names[player]
    return {
        "id": table.id,
        "ply": ply,
        "plies": table.plies,
        "svg": render_board(state, table.actions[ply - 1] if ply > 0 else None),
        "position": state.to_json(),
        "last": last,
    }
