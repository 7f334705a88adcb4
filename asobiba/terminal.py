"""Playing in the terminal: hot-seat, or against the computer, for any game of the core interface.

The session is a :class:`~asobiba.core.match.Match`, the same "game in progress" as the web table's:
dice are drawn from the seed and the ply (taking a move back and playing on rolls the same again),
forced passes play themselves, undo goes back to a person's move, and ``save FILE`` / ``load FILE``
write and read exact records. Chance outcomes are shown in the log. Commands (English and Japanese aliases):

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

import secrets
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .ai.agent import Agent
from .ai.hints import analyse
from .ai.levels import make_agent
from .core.errors import AsobibaError, Explained
from .core.game import CHANCE, Game, State
from .core.match import COMPUTER, HUMAN, Match
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

HOT_SEAT = ("human", "hotseat", "hot-seat")


def start_match(record: Record, vs: str, seat: int, seed: int) -> Match:
    """The match of ``record`` with the person at ``seat`` (1-based), everyone for hot-seat."""
    game = record.game
    if not 1 <= seat <= game.num_players:
        raise AsobibaError(f"--seat must be between 1 and {game.num_players}")
    kinds = [HUMAN if vs in HOT_SEAT or i == seat - 1 else COMPUTER for i in range(game.num_players)]
    return Match(game, record.start, kinds, seed, record.actions, record.from_position)


@dataclass
class TerminalSession:
    """One terminal game: the match (:mod:`asobiba.core.match`), the computer, and I/O."""

    match: Match
    computer: Agent | None
    vs: str
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
        seed = secrets.randbits(31) if seed is None else seed
        match = start_match(record, vs, seat, seed)
        computer = None if vs in HOT_SEAT else make_agent(record.game, vs, seed)
        return cls(match, computer, vs, console or Console(highlight=False), read_line)

    # -- state ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def record(self) -> Record:
        return self.match.record({"seed": self.match.seed})

    def _play(self, action: int, label: str | None = None) -> None:
        """Play ``action``; log its call-out (「開眼！」…) and, if labelled, the move."""
        state = self.state
        shout = state.callout(action)
        if shout:
            self.console.print(f"  [bold magenta]{shout}[/]")
        if label:
            self.console.print(f"  {label} {state.action_to_notation(action)}")
        self.match.play(action)

    def _seat_name(self, player: int) -> str:
        return self.game.player_names[player]

    # -- the loop ---------------------------------------------------------------------------------
    def run(self) -> None:
        game = self.game
        self.console.print(f"[bold]{game.name_ja} / {game.name_en}[/]  (help: 'help')")
        shown = None
        while True:
            self._advance_automatic()
            if self.match.finished:
                break
            state = self.state
            if shown is not state:
                self._show(state)
                shown = state
            try:
                line = self._input(f"{self._seat_name(state.current_player)}> ")
            except EOFError:
                self.console.print("bye / またね")
                return
            if not self._command(line.strip()):
                return
        self._show(self.state)
        self._show_result()

    def _advance_automatic(self) -> None:
        """Roll dice, play forced passes and let the computer move until a person must decide."""
        match = self.match
        while not match.finished:
            action = match.automatic_action()
            if action is not None:
                mover = match.state.current_player
                label = "🎲" if mover == CHANCE else f"{self._seat_name(mover)} (pass / パス):"
            elif match.computer_to_move() and self.computer is not None:
                mover = match.state.current_player
                action = self.computer.choose(match.state)
                label = f"{self._seat_name(mover)} ({self.computer.name}):"
            else:
                return
            self._play(action, label)

    def _input(self, prompt: str) -> str:
        if self.read_line is not None:
            return self.read_line(prompt)
        return self.console.input(prompt)

    def _show(self, state: State) -> None:
        self.console.print(Text.from_ansi(state.render_text(color=self.console.is_terminal)))

    def _show_result(self) -> None:
        names = self.game.player_names
        ranks = self.match.result["ranks"] if self.match.result else self.state.ranks()
        order = sorted(range(len(ranks)), key=lambda i: ranks[i])
        parts = [f"{ranks[i]}. {names[i]}" for i in order]
        self.console.print("[bold]result / 結果:[/] " + "  ".join(parts))

    # -- commands ---------------------------------------------------------------------------------
    def _command(self, line: str) -> bool:
        """Carry out one typed line; False when the player quits."""
        if not line:
            return True
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        head, args = words[0].lower(), words[1:]
        state = self.state
        try:
            if head in ("quit", "exit", "q", "終了"):
                return False
            if head in ("help", "h", "ヘルプ"):
                self.console.print(HELP)
            elif head in ("moves", "合法手"):
                self._list(state, state.legal_actions())
            elif head.startswith("?"):
                self._moves_from(state, head[1:] or (args[0] if args else ""))
            elif head in ("undo", "戻す"):
                self._undo()
            elif head in ("hint", "ヒント"):
                self._hint(state)
            elif head in ("save", "保存"):
                self._save(args)
            elif head in ("load", "読込"):
                self._load(args)
            else:
                action = state.notation_to_action(line)
                self.match.check_human_move(action)
                self._play(action)
        except AsobibaError as exc:
            said = f"{exc.text.en} / {exc.text.ja}" if isinstance(exc, Explained) else str(exc)
            self.console.print(f"[red]error:[/] {said}")
        return True

    def _moves_from(self, state: State, cell: str) -> None:
        """``? CELL``: the moves of the piece on CELL; ``?`` alone: every legal move."""
        if not cell:
            self._list(state, state.legal_actions())
            return
        picked = [a for a in state.legal_actions() if state.action_origin(a) == cell]
        if not picked:
            self.console.print(f"no legal moves from {cell!r} / そこから動ける手はありません")
        else:
            self._list(state, picked)

    def _list(self, state: State, actions: list[int]) -> None:
        self.console.print("  " + "  ".join(state.action_to_notation(a) for a in actions))

    def _undo(self) -> None:
        """Back to the last position where a person was to move (the computer's replies go too)."""
        self.match.truncate(self.match.undo_target())
        self.console.print("undone / 1手戻しました")

    def _save(self, args: list[str]) -> None:
        """Write the record; a failed write is reported and the game goes on."""
        if not args:
            raise AsobibaError("save needs a file name")
        try:
            self.record.save(args[0])
        except OSError as exc:
            raise AsobibaError(f"cannot save {args[0]}: {exc.strerror or exc}") from None
        self.console.print(f"saved {args[0]} / 保存しました")

    def _load(self, args: list[str]) -> None:
        if not args:
            raise AsobibaError("load needs a file name")
        record = Record.load(args[0])
        kinds = self.match.kinds
        if record.game.num_players != len(kinds):
            raise AsobibaError(f"{args[0]} has {record.game.num_players} players, this game {len(kinds)}")
        self.match = Match(record.game, record.start, kinds, self.match.seed, record.actions,
                           record.from_position)
        self.console.print(f"loaded {args[0]} / 読み込みました")

    def _hint(self, state: State) -> None:
        analysis = analyse(state, seed=0)
        verdict = analysis.verdict
        verdict = f" ({verdict['en']} / {verdict['ja']})" if verdict else ""
        self.console.print(
            f"hint / ヒント: [bold]{analysis.notation}[/]{verdict}  "
            f"value {analysis.value:.2f}\n  {analysis.reason_ja}\n  {analysis.reason_en}"
        )
