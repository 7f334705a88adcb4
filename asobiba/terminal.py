"""Playing in the terminal: hot-seat, or against the computer, for any game of the core interface.

The session keeps a :class:`~asobiba.core.record.Record` of everything played (chance outcomes too),
so ``undo``, ``save FILE`` and ``load FILE`` are exact. Chance nodes (dice) are rolled with a seeded
RNG and shown in the log. Commands (English and Japanese aliases):

* a move in the game's notation (``e3-f4``, ``b1-c2``, ``attack ...``, Dice Out's placing of the
  rolled dice ``place 3,1,2`` or ``312``),
* ``? CELL`` — the legal moves of the piece on CELL (移動先); ``?`` alone lists every legal move,
  which is how a decision that moves no piece (a placing) is looked up,
* ``moves`` — every legal move (合法手),
* ``undo`` — take back your last move and the computer's replies (1手戻す),
* ``hint`` — the strongest level's suggestion with a reason (ヒント),
* ``save FILE`` / ``load FILE`` — write or read a game record,
* ``help``, ``quit``.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from rich.console import Console
from rich.text import Text

from .core.errors import AsobibaError
from .core.game import CHANCE, Game, State, sample_chance
from .core.position import load_position
from .core.record import Record
from .core.registry import make_game_from_pairs

HELP = """\
commands / コマンド:
  <move>        play a move in notation (e.g. the ones listed by 'moves') / 指し手を入力
  ? CELL        legal moves of the piece on CELL (? alone: all) / その駒の行き先（? だけなら全部）
  moves         all legal moves / 合法手の一覧
  undo          take back your last move (and the computer's reply) / 1手戻す
  hint          suggestion from the strongest level / ヒント
  save FILE     save the game record (JSON) / 棋譜を保存
  load FILE     load a game record / 棋譜を読み込む
  help, quit    / ヘルプ・終了"""


class Chooser(Protocol):
    name: str

    def choose(self, state: State) -> int: ...


@dataclass
class RandomMover:
    """Uniformly random legal moves (the opponent when the AI levels are not asked for)."""

    rng: random.Random
    name: str = "random"

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


def make_opponent(game: Game, vs: str, seed: int | None) -> Chooser | None:
    """The computer for ``--vs``: None for hot-seat, a random mover, or an AI level."""
    if vs in ("human", "hotseat", "hot-seat"):
        return None
    if vs == "random":
        return RandomMover(random.Random(seed))
    from .ai.levels import make_agent

    return make_agent(game, vs, seed)


@dataclass
class TerminalSession:
    """One terminal game: a record, which seats are computers, and I/O."""

    record: Record
    computer: Chooser | None
    human_seats: set[int]
    rng: random.Random
    console: Console = field(default_factory=Console)
    read_line: Callable[[str], str] | None = None

    @classmethod
    def create(
        cls,
        game_id: str,
        option_pairs: list[str],
        vs: str,
        seat: int,
        seed: int | None,
        position: Path | None = None,
        load: Path | None = None,
        console: Console | None = None,
        read_line: Callable[[str], str] | None = None,
    ) -> TerminalSession:
        if load is not None:
            record = Record.load(load)
        elif position is not None:
            start = load_position(game_id, position, option_pairs)
            record = Record.new(start.game, start)
        else:
            record = Record.new(make_game_from_pairs(game_id, option_pairs))
        game = record.game
        if not 1 <= seat <= game.num_players:
            raise AsobibaError(f"--seat must be between 1 and {game.num_players}")
        computer = make_opponent(game, vs, seed)
        humans = set(range(game.num_players)) if computer is None else {seat - 1}
        return cls(
            record,
            computer,
            humans,
            random.Random(seed),
            console or Console(highlight=False),
            read_line,
        )

    # -- state ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.record.final_state()

    def _push(self, state: State, action: int, label: str | None = None) -> State:
        """Record and play ``action``; log its call-out (「開眼！」…) and, if labelled, the move."""
        shout = state.callout(action)
        if shout:
            self.console.print(f"  [bold magenta]{shout}[/]")
        if label:
            self.console.print(f"  {label} {state.action_to_notation(action)}")
        self.record.actions.append(action)
        return state.apply(action)

    def _seat_name(self, player: int) -> str:
        return self.record.game.player_names[player]

    # -- the loop ---------------------------------------------------------------------------------
    def run(self) -> None:
        game = self.record.game
        self.console.print(f"[bold]{game.name_ja} / {game.name_en}[/]  (help: 'help')")
        state = self.state
        shown = None
        while not state.is_terminal:
            state = self._advance_automatic(state)
            if state.is_terminal:
                break
            if shown is not state:
                self._show(state)
                shown = state
            try:
                line = self._input(f"{self._seat_name(state.current_player)}> ")
            except EOFError:
                self.console.print("bye / またね")
                return
            state = self._command(state, line.strip())
            if state is None:
                return
        self._show(state)
        self._show_result(state)

    def _advance_automatic(self, state: State) -> State:
        """Roll dice and let the computer move until a human must decide."""
        while not state.is_terminal:
            if state.current_player == CHANCE:
                action, label = sample_chance(state, self.rng), "🎲"
            elif state.current_player not in self.human_seats and self.computer is not None:
                action = self.computer.choose(state)
                label = f"{self._seat_name(state.current_player)} ({self.computer.name}):"
            else:
                return state
            state = self._push(state, action, label)
        return state

    def _input(self, prompt: str) -> str:
        if self.read_line is not None:
            return self.read_line(prompt)
        return self.console.input(prompt)

    def _show(self, state: State) -> None:
        self.console.print(Text.from_ansi(state.render_text(color=self.console.is_terminal)))

    def _show_result(self, state: State) -> None:
        names = self.record.game.player_names
        ranks = state.ranks()
        order = sorted(range(len(ranks)), key=lambda i: ranks[i])
        parts = [f"{ranks[i]}. {names[i]}" for i in order]
        self.console.print("[bold]result / 結果:[/] " + "  ".join(parts))

    # -- commands ---------------------------------------------------------------------------------
    def _command(self, state: State, line: str) -> State | None:
        if not line:
            return state
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        head, args = words[0].lower(), words[1:]
        try:
            if head in ("quit", "exit", "q", "終了"):
                return None
            if head in ("help", "h", "ヘルプ"):
                self.console.print(HELP)
                return state
            if head in ("moves", "合法手"):
                self._list(state, state.legal_actions())
                return state
            if head == "?" or head.startswith("?"):
                cell = head[1:] if len(head) > 1 else (args[0] if args else "")
                if not cell:
                    self._list(state, state.legal_actions())
                    return state
                picked = [a for a in state.legal_actions() if state.action_origin(a) == cell]
                if not picked:
                    self.console.print(f"no legal moves from {cell!r} / そこから動ける手はありません")
                else:
                    self._list(state, picked)
                return state
            if head in ("undo", "戻す"):
                return self._undo(state)
            if head in ("hint", "ヒント"):
                self._hint(state)
                return state
            if head in ("save", "保存"):
                if not args:
                    raise AsobibaError("save needs a file name")
                self.record.save(args[0])
                self.console.print(f"saved {args[0]} / 保存しました")
                return state
            if head in ("load", "読込"):
                if not args:
                    raise AsobibaError("load needs a file name")
                self.record = Record.load(args[0])
                self.console.print(f"loaded {args[0]} / 読み込みました")
                return self.state
            action = state.notation_to_action(line)
            if action not in state.legal_actions():
                raise AsobibaError(f"{line!r} is not legal here")
            return self._push(state, action)
        except AsobibaError as exc:
            self.console.print(f"[red]error:[/] {exc}")
            return state

    def _list(self, state: State, actions: list[int]) -> None:
        self.console.print("  " + "  ".join(state.action_to_notation(a) for a in actions))

    def _undo(self, state: State) -> State:
        """Back to the previous position where a human was to move (computer replies go too)."""
        states = self.record.states()
        for index in range(len(states) - 2, -1, -1):
            earlier = states[index]
            if earlier.current_player in self.human_seats and self.record.actions[index:]:
                del self.record.actions[index:]
                self.console.print("undone / 1手戻しました")
                return earlier
        self.console.print("nothing to undo / 戻せる手がありません")
        return state

    def _hint(self, state: State) -> None:
        from .ai.hints import analyse

        analysis = analyse(state, seed=0)
        verdict = analysis.verdict
        verdict = f" ({verdict['en']} / {verdict['ja']})" if verdict else ""
        self.console.print(
            f"hint / ヒント: [bold]{analysis.notation}[/]{verdict}  "
            f"value {analysis.value:.2f}\n  {analysis.reason_ja}\n  {analysis.reason_en}"
        )

