"""Game records: options, an optional start position, every action (chance outcomes included) and
the result. A record replays to the identical state (docs/formats.md, "Records").

JSON shape (``format`` = ``asobiba-record/1``)::

    {"format": "asobiba-record/1", "game": "<game id>", "options": {...},
     "start": null | <position JSON>,
     "moves": [{"player": "chance" | "<seat name>", "action": 17, "notation": "b1-c2"}, ...],
     "result": null | {"ranks": [1, 2], "returns": [1.0, -1.0]},
     "meta": {...free-form: players, dates, agents...}}

On replay every action must be legal where it is played, and its notation must match; a mismatch
raises RecordError naming the move number. Its options are read as saved data
(:meth:`~asobiba.core.options.Options.from_saved`): an option the record lacks means what it meant
when the record was written.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import AsobibaError, Explained, RecordError, RecordRefused
from .game import CHANCE, Game, State
from .names import Names
from .outcome import Outcome
from .reading import parse_json, read_json_file
from .registry import game_class

FORMAT = "asobiba-record/1"


def saved_game(game_id: str, options: Mapping[str, Any] | None) -> Game:
    """The game of saved data (a record, a stored game): options it lacks take their legacy values."""
    cls = game_class(game_id)
    return cls(cls.options_class.from_saved(options))


@dataclasses.dataclass
class Record:
    """A game as played: enough to replay it exactly."""

    game: Game
    start: State
    actions: list[int] = dataclasses.field(default_factory=list)
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    from_position: bool = False

    @classmethod
    def new(cls, game: Game, start: State | None = None, **meta: Any) -> Record:
        return cls(game, start or game.new_state(), [], dict(meta), start is not None)

    def states(self) -> list[State]:
        """Every state of the game, from the start to the current one."""
        out = [self.start]
        for action in self.actions:
            out.append(out[-1].apply(action))
        return out

    def final_state(self) -> State:
        state = self.start
        for action in self.actions:
            state = state.apply(action)
        return state

    def to_json(self) -> dict[str, Any]:
        moves = []
        state = self.start
        names = self.game.player_names
        for action in self.actions:
            player = state.current_player
            moves.append(
                {
                    "player": "chance" if player == CHANCE else names[player],
                    "action": action,
                    "notation": state.action_to_notation(action),
                }
            )
            state = state.apply(action)
        result = Outcome.by_rules(state).record_json() if state.is_terminal else None
        return {
            "format": FORMAT,
            "game": self.game.id,
            "options": self.game.options.to_dict(),
            "start": self.start.to_json() if self.from_position else None,
            "moves": moves,
            "result": result,
            "meta": self.meta,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        """Write atomically (a crash never leaves half a record)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        """Parse and replay a record, checking every move (raises RecordError)."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordRefused(Names(f"asobiba の棋譜ではありません（format が {FORMAT} ではありません）。",
                                      f"not an asobiba record (expected format {FORMAT!r})"))
        if not isinstance(data.get("game"), str):
            raise RecordError("record 'game' must be a game id")
        if not isinstance(data.get("meta") or {}, Mapping):
            raise RecordError("record 'meta' must be a JSON object")
        try:
            game = saved_game(data["game"], data.get("options"))
            start_json = data.get("start")
            start = game.state_from_json(start_json) if start_json else game.new_state()
        except KeyError as exc:
            raise RecordError(f"record is missing {exc.args[0]!r}") from None
        except AsobibaError as exc:
            raise RecordError(f"record start: {exc}") from None
        record = cls(game, start, [], dict(data.get("meta") or {}), bool(start_json))
        state = start
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise RecordError("record 'moves' must be a list")
        for number, move in enumerate(moves, 1):
            if not isinstance(move, Mapping):
                raise RecordError(f"move {number}: must be an object")
            action = move.get("action")
            notation = move.get("notation")
            try:
                if action is None:
                    action = state.notation_to_action(str(notation))
                if not isinstance(action, int) or action not in state.legal_actions():
                    raise RecordRefused(Names(
                        f"{number}手目（{notation}）は、その局面では指せない手です。",
                        f"move {number} ({notation}): not legal in its position"))
                written = state.action_to_notation(action)
                if notation is not None and written != notation:
                    raise RecordRefused(Names(
                        f"{number}手目: 行動番号 {action} は {written!r} で、{notation!r} ではありません。",
                        f"move {number}: action {action} is {written!r}, not {notation!r}"))
            except RecordError:
                raise
            except Explained as exc:
                raise RecordRefused(Names(f"{number}手目: {exc.text.ja}", f"move {number}: {exc}")) from None
            except AsobibaError as exc:
                raise RecordError(f"move {number}: {exc}") from None
            state = state.apply(action)
            record.actions.append(action)
        return record

    @classmethod
    def loads(cls, text: str) -> Record:
        return cls.from_json(parse_json(text, RecordError, "record: "))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.from_json(read_json_file(path, RecordError))
