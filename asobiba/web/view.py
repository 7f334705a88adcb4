"""What clients see of a table (docs/protocol.md, "Game JSON" and "WebSocket protocol").

Boards are drawn on the server by the game descriptor's ``render_svg`` and sent as SVG text; the
page only toggles classes (``legal``, ``selected``, ``hint``) on the cells, found by their
``data-cell``. Cells are named as ``describe_action`` names them (a list of numbers becomes
``"q,r"``), and a move's path comes from the descriptor's ``move_paths`` when it declares them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Set
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from weakref import WeakKeyDictionary

from ..core.descriptor import GameDescriptor, SvgRenderer
from ..core.game import CHANCE, State
from ..core.outcome import Placings
from ..core.registry import descriptor, make_game
from .errors import NotAtTable
from .frames import KEPT, ONCE, OWN, changes, kept_prefix, usual_move
from .friends import offer_view
from .seats import LEVELS
from .table import Table


def cell_name(cell: Any) -> str | None:
    """A cell from a ``describe_action`` field ("b1", or [q, r]) as its ``data-cell`` name."""
    if cell is None:
        return None
    if isinstance(cell, str):
        return cell
    return ",".join(str(v) for v in cell)


def move_cells(state: State, action: int, game: GameDescriptor[Any] | None = None) -> dict[str, Any]:
    """The cells a move touches: ``from``, ``to``, the hop-by-hop ``path`` (from first) and the
    pieces it puts onto the board from off it (``drops``: ``[{"cell","value"}]``); ``game``: the
    state's descriptor, when the caller has it at hand."""
    game = game or descriptor(state.game.id)
    described = state.describe_action(action)
    origin, target = cell_name(described.get("from")), cell_name(described.get("to"))
    if game.move_paths is not None and origin is not None:
        path = game.move_paths(state, action)
    else:
        path = [c for c in (origin, target) if c is not None]
    drops = game.move_drops
    cells = {
        "action": action,
        "notation": described.get("notation") or state.action_to_notation(action),
        "from": origin,
        "to": target,
        "path": path,
        "drops": [] if drops is None else [{"cell": c, "value": v} for c, v in drops(state, action)],
    }
    if game.move_words is not None:
        cells.update(move_words(state, action, game))
    return cells


def move_words(state: State, action: int, game: GameDescriptor[Any] | None = None) -> dict[str, Any]:
    """A move in words, when the game declares them (``move_words``): ``kind`` (the page's
    ``data-action`` for its button), ``words`` ({ja, en}) and ``data`` (for the game's own page
    module); nothing otherwise."""
    words = (game or descriptor(state.game.id)).move_words
    if words is None:
        return {}
    said = words(state, action)
    return {"kind": said.kind, "words": said.text.to_json(), "data": dict(said.data)}


def spoken(state: State, action: int) -> dict[str, Any]:
    """What a move said when it was played: its words and the call-out players shout with it
    (``callout``, {ja, en}: 「開眼！」, "Eyes open!"), when the game has them."""
    return {**move_words(state, action), **_callout(state, action)}


def _played(state: State, action: int) -> dict[str, Any]:
    """A move as it was played: its cells (:func:`move_cells`, words included), call-out, who
    played it (a seat's name, or ``chance``) and, when the game says its board in words, what it
    did (``said``, {ja, en}: 「緑がl10からl8へ跳びました」)."""
    player = state.current_player
    words = descriptor(state.game.id).board_words
    said = {} if words is None else {"said": words.played(state, action).to_json()}
    return {**move_cells(state, action), **_callout(state, action), **said,
            "player": "chance" if player == CHANCE else state.game.player_names[player]}


def board_words(state: State) -> dict[str, Any]:
    """``{"board_words": {"cells", "position"}}``: the board in words when the game says it (its
    descriptor's ``board_words``) — each ``data-cell`` with all it holds ({ja, en}) and the whole
    position ({ja, en}), for screen readers and "read the board"; nothing otherwise."""
    words = descriptor(state.game.id).board_words
    if words is None:
        return {}
    cells = {cell: said.to_json() for cell, said in words.cells(state).items()}
    return {"board_words": {"cells": cells, "position": words.position(state).to_json()}}


def _callout(state: State, action: int) -> dict[str, Any]:
    shout = state.callout(action)
    return {"callout": shout.to_json()} if shout else {}


def renderer(game_id: str) -> SvgRenderer:
    """The game's board picture; a game without one cannot be played at the web table."""
    draw = descriptor(game_id).render_svg
    if draw is None:
        raise NotAtTable(f"{game_id} has no board picture, so it cannot be played at the web table")
    return draw


def render_board(state: State, last_move: int | None, highlights: Iterable[str] = ()) -> str:
    return renderer(state.game.id)(state, highlights=tuple(highlights), last_move=last_move)


def narrow_board(state: State, last_move: int | None) -> dict[str, str]:
    """``{"svg_narrow": …}``: the board laid out for a phone held upright, when the game draws one
    (its descriptor's ``render_narrow_svg``); nothing otherwise."""
    draw = descriptor(state.game.id).render_narrow_svg
    return {} if draw is None else {"svg_narrow": draw(state, last_move=last_move)}


def listed(entry: dict[str, Any]) -> dict[str, Any]:
    """A game of the store's listing as clients see it: with its seat names (``players``)."""
    return {**entry, "players": list(make_game(entry["game"], entry["options"]).player_names)}


def seat_names(table: Table) -> list[str]:
    return list(table.game.player_names)


@dataclass(frozen=True)
class _Shown:
    """A table's history as last shown: the actions it describes, an entry per ply and the plies'
    notations (a ply's entry depends only on the moves up to it, so a new frame describes only the
    plies that changed)."""

    actions: tuple[int, ...] = ()
    entries: tuple[dict[str, Any], ...] = ()
    moves: tuple[str, ...] = ()


_HISTORIES: WeakKeyDictionary[Table, _Shown] = WeakKeyDictionary()


def _history(table: Table) -> _Shown:
    shown = _HISTORIES.get(table, _Shown())
    actions = tuple(table.actions)
    same = kept_prefix(shown.actions, actions)
    if same == len(shown.actions) == len(actions):
        return shown
    names = seat_names(table)
    entries = []
    for ply in range(same, table.plies):
        state, action = table.states[ply], actions[ply]
        player = state.current_player
        entries.append({
            "ply": ply,
            "player": "chance" if player == CHANCE else names[player],
            "notation": state.action_to_notation(action),
            **spoken(state, action),
        })
    shown = _HISTORIES[table] = _Shown(
        actions,
        shown.entries[:same] + tuple(entries),
        shown.moves[:same] + tuple(entry["notation"] for entry in entries),
    )
    return shown


def _last(table: Table) -> dict[str, Any] | None:
    """The last move as it was played, and ``forced: true`` when it was a person's only legal
    action and moved no piece, so the table played it for them (a forced pass: docs/protocol.md,
    "Table rules")."""
    if not table.actions:
        return None
    before, action = table.states[-2], table.actions[-1]
    last = _played(before, action)
    player = before.current_player
    if player != CHANCE and table.is_human(player):
        actions = before.legal_actions()
        if actions == [action] and before.describe_action(action).get("from") is None:
            last["forced"] = True
    return last


def _placed(state: State) -> list[int] | None:
    """Each seat's place as soon as it is decided (0 while the seat plays on), for games whose
    seats finish one by one (:class:`~asobiba.core.outcome.Placings`); else None."""
    return list(state.placings()) if isinstance(state, Placings) else None


def seats_view(table: Table, present: Set[int]) -> list[dict[str, Any]]:
    """Who sits where as everyone may see it: the seat (a person or the computer at a level),
    whether it is still open for an invited person, and whether a client holding it is connected.
    Keys and tokens never appear."""
    return [
        {**seat.to_json(), "open": seat.open, "connected": i in present}
        for i, seat in enumerate(table.seats)
    ]


def takeback_view(table: Table) -> dict[str, Any] | None:
    """A waiting takeback request: the seats of who asked (``by``) and of who is yet to answer."""
    request = table.takeback
    if request is None:
        return None
    waiting = sorted(s for k in table.keys if k.digest in request.pending for s in k.seats)
    return {"by": list(request.by.seats), "waiting": waiting}


def summary(table: Table, present: Set[int] = frozenset()) -> dict[str, Any]:
    """The ``GET /api/games/{id}`` body: the contract fields plus seats and the turn."""
    seat = table.to_move()
    history = _history(table)
    return {
        "id": table.id,
        "game": table.game.id,
        "options": table.game.options.to_dict(),
        "position": table.state.to_json(),
        "moves": list(history.moves),
        "status": table.status,
        "result": None if table.result is None else table.result.to_json(),
        "players": seat_names(table),
        "seats": seats_view(table, present),
        "waiting": table.waiting,
        "takeback": takeback_view(table),
        "rematch": offer_view(table.rematch, table.keys),
        "to_move": None if seat is None else table.game.player_names[seat],
        "plies": table.plies,
        "history": list(history.entries),
        "source": table.source,
        "meta": table.meta,
    }


_FULL: WeakKeyDictionary[Table, tuple[int, dict[str, Any]]] = WeakKeyDictionary()
"""Each table's game as last shown, with the table's version then: while the version is the same
(the game has not changed, only who is connected, a takeback request, a rematch offer or the
computer's thinking),
the board, the moves and the rest are the same too."""


def full(table: Table, thinking: bool = False, present: Set[int] = frozenset()) -> dict[str, Any]:
    """The game of a WebSocket ``state`` frame: the summary plus the board, legal moves and history
    (each client then sees the legal moves only when it holds the seat to move, and the options and
    meta in its first frame only: :class:`StateFrame`); its ``position`` leaves out the options."""
    shown = _FULL.get(table)
    if shown is not None and shown[0] == table.version:
        data = dict(shown[1])
        data.update(seats=seats_view(table, present), takeback=takeback_view(table),
                    rematch=offer_view(table.rematch, table.keys), thinking=thinking)
        return data
    data = summary(table, present)
    state = table.state
    data["position"] = {k: v for k, v in data["position"].items() if k != "options"}  # sent once
    last = table.actions[-1] if table.actions else None
    legal = _legal(table)
    notations = {move["notation"] for move in legal}
    data.update(
        {
            "name": table.descriptor.name.to_json(),
            "svg": render_board(state, last),
            **narrow_board(state, last),
            **board_words(state),
            "legal": legal,
            "last": _last(table),
            "placed": _placed(state),
            "turn": _turn(table),
            "thinking": thinking,
            "levels": LEVELS,
            "verbs": [
                {"id": verb.id, "label": verb.label.to_json()}
                for verb in table.descriptor.verbs
                if table.verb_shown(verb, notations)
            ],
        }
    )
    _FULL[table] = (table.version, data)
    return data


class StateFrame:
    """One moment ``v`` of a game, encoded to JSON once for all its clients (docs/protocol.md,
    "WebSocket protocol"): as a ``state`` frame (the whole game) or, for a client that was sent the
    moment ``before`` (protocol 2), as a ``delta`` frame from it (:mod:`.frames`). Each client's
    text adds ``you`` (the seats it holds), the legal moves and verbs only if one of them is to
    move, and the game's ``options`` and ``meta`` (:data:`.frames.ONCE`) only in a client's first
    state frame; a protocol-2 client is sent the legal moves compact (:func:`compact_moves`)."""

    def __init__(self, game: dict[str, Any], v: int = 0, before: StateFrame | None = None) -> None:
        self.game = game
        self.v = v
        self.base = None if before is None else before.v
        """The moment the delta applies to (None: none, only the whole state)."""
        self._before = None if before is None else before.game
        self._same_moves = before is not None and before.game["legal"] is game["legal"] \
            and before.game["verbs"] is game["verbs"] and before.game["to_move"] == game["to_move"]
        """Whether the legal moves and verbs are those of ``before`` (the game did not change, only
        who is connected, a takeback request or the thinking): a delta leaves them out."""

    @cached_property
    def _common(self) -> str:
        """The frame up to the game's per-client keys (its closing braces left off)."""
        common = {k: v for k, v in self.game.items() if k not in OWN}
        return f'{{"type":"state","v":{self.v},"game":' + dumps(common)[:-1]

    @cached_property
    def _delta(self) -> str:
        """The delta frame from ``before`` up to its per-client keys (closing braces left off)."""
        assert self._before is not None
        changed = changes(self._before, self.game)
        self._before = None  # computed once: the older moment is no longer needed
        text = dumps(changed)[:-1]
        return f'{{"type":"delta","v":{self.v},"base":{self.base},"game":{text}{"," if changed else ""}'

    @cached_property
    def _once(self) -> str:
        """The keys a client is sent with its first state frame only (:data:`.frames.ONCE`)."""
        return "".join(f',"{key}":{dumps(self.game[key])}' for key in ONCE)

    @cached_property
    def _mover(self) -> str:
        return f'"legal":{dumps(self.game["legal"])},"verbs":{dumps(self.game["verbs"])}'

    @cached_property
    def _compact_mover(self) -> str:
        return f'"legal":{dumps(compact_moves(self.game["legal"]))},"verbs":{dumps(self.game["verbs"])}'

    def text(self, seats: tuple[int, ...], first: bool = False, since: int | None = None,
             protocol: int = 1) -> str:
        """The frame as the client holding ``seats`` sees it: a delta if it was last sent the
        moment ``since`` and this moment has a delta from it, else the whole state (``first``: the
        client's first, with the game's options and meta, which each client is sent once); the
        legal moves compact for a client of ``protocol`` 2."""
        to_move = self.game["to_move"]
        mine = to_move is not None and self.game["players"].index(to_move) in seats
        if protocol >= 2:
            moves = self._compact_mover if mine else _NO_COMPACT_MOVES
        else:
            moves = self._mover if mine else '"legal":[],"verbs":[]'
        you = f'"you":{dumps(list(seats))}'
        if since is not None and since == self.base:
            return f"{self._delta}{you}{'' if self._same_moves else ',' + moves}}}}}"
        return f'{self._common}{self._once if first else ""},{you},{moves}}}}}'


def dumps(value: Any) -> str:
    """Compact JSON text, non-ASCII kept as is (the frames' encoding)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def compact_moves(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Legal moves as protocol 2 sends them (docs/protocol.md, "Compact legal moves"): each move
    without the fields that equal what the client rebuilds (:func:`.frames.usual_move`), and
    ``words`` true when the moves carry words (``kind``, ``words``, ``data``); the client's
    :func:`.frames.expand_moves` (the page's ``legalmoves.js``) gives ``legal`` back."""
    worded = bool(legal) and "words" in legal[0]
    moves = []
    for move in legal:
        usual = usual_move(move, worded)
        moves.append({k: v for k, v in move.items() if k in KEPT or k not in usual or v != usual[k]})
    return {"words": True, "moves": moves} if worded else {"moves": moves}


_NO_COMPACT_MOVES = f'"legal":{dumps(compact_moves([]))},"verbs":[]'
"""The moves of a protocol-2 client not to move."""


def _legal(table: Table) -> list[dict[str, Any]]:
    """The moves of the person to move (none on the computer's turn), each with the id of the verb
    it plays (``"verb"``, None for an ordinary move)."""
    if not table.human_to_move():
        return []
    state, game = table.state, table.descriptor
    verbs = {verb.notation: verb.id for verb in game.verbs}
    legal = []
    for action in state.legal_actions():
        cells = move_cells(state, action, game)
        cells["verb"] = verbs.get(cells["notation"])
        legal.append(cells)
    return legal


def _turn(table: Table) -> str | None:
    if table.finished:
        return None
    if table.waiting:
        return "waiting"
    if table.chance_to_move():
        return "chance"
    return "human" if table.human_to_move() else "computer"


def frame(table: Table, ply: int) -> dict[str, Any]:
    """One replay frame: the board after ``ply`` actions and the move that led there."""
    state = table.states[ply]
    last = None
    if ply > 0:
        last = _played(table.states[ply - 1], table.actions[ply - 1])
    return {
        "id": table.id,
        "ply": ply,
        "plies": table.plies,
        "svg": render_board(state, table.actions[ply - 1] if ply > 0 else None),
        **narrow_board(state, table.actions[ply - 1] if ply > 0 else None),
        **board_words(state),
        "position": state.to_json(),
        "last": last,
    }
