"""Playing in the terminal: hot-seat, or against the computer, for any game of the core interface.

The session is a :class:`~asobiba.core.match.Match`, the same "game in progress" as the web table's:
dice are drawn from the seed and the ply (taking a move back and playing on rolls the same again),
forced passes play themselves, undo goes back to a person's move, and ``save FILE`` / ``load FILE``
write and read exact records. Chance outcomes and call-outs (「開眼！」) are shown in the log, each
call-out after the action it belongs to. The board is the game's ``render_text`` capability when it
declares one (the last move marked), else the state's text picture. Commands (English and Japanese
aliases; docs/formats.md, "Playing in the terminal"):

* a move in the game's notation (``e3-f4``, ``b1-c2``, ``attack ...``, Dice Out's placing of the
  rolled dice ``place 3,1,2`` or ``312``),
* ``? CELL`` — the legal moves of the piece on CELL (移動先), CELL read by the game's ``parse_cell``
  capability in any spelling a move accepts; ``?`` alone lists every legal move, which is how a
  decision that moves no piece (a placing) is looked up,
* ``moves`` — every legal move (合法手),
* ``undo`` — take back your last move and the computer's replies (1手戻す),
* ``hint`` — the strongest level's suggestion with a reason and its estimate of your chances (ヒント),
* ``replay`` — step through the game so far (再生),
* ``save FILE`` / ``load FILE`` — write or read a game record,
* ``help``, ``quit``.

A finished game stays at the prompt: it can be saved, replayed, taken back with ``undo`` or left with
``quit``. ``quit``, the end of input (Ctrl-D) and Ctrl-C all end the session the same way, saying
whether moves were left unsaved. A failed save is reported and the game goes on.
"""

from __future__ import annotations

import secrets
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .ai.agent import Agent
from .ai.hints import analyse
from .ai.levels import make_agent
from .core.descriptor import GameDescriptor
from .core.errors import AsobibaError, Explained, Refusal
from .core.game import CHANCE, Game, State
from .core.match import COMPUTER, GAME_OVER, HUMAN, Match
from .core.names import Names
from .core.outcome import Outcome
from .core.record import Record
from .core.registry import descriptor, make_game_from_pairs
from .core.start import check_ply, load_start

HELP = """\
commands / コマンド:
  <move>        play a move in notation (e.g. the ones listed by 'moves') / 指し手を入力
  ? CELL        legal moves of the piece on CELL (? alone: all) / その駒の行き先（? だけなら全部）
  moves         all legal moves / 合法手の一覧
  undo          take back your last move (and the computer's reply) / 1手戻す
  hint          suggestion from the strongest level / ヒント
  replay        step through the game so far / ここまでを再生
  save FILE     save the game record (JSON) / 棋譜を保存
  load FILE     load a game record / 棋譜を読み込む
  help, quit    / ヘルプ・終了"""

REPLAY_HELP = ("replay: Enter or n = next, b = back, a number = that ply, q = back to the game / "
               "再生：Enter か n で次、b で前、数字でその手、q で対局に戻る")

HOT_SEAT = ("human", "hotseat", "hot-seat")
QUIT = ("quit", "exit", "q", "終了")


def start_match(record: Record, vs: str, seat: int, seed: int) -> Match:
    """The match of ``record`` with the person at ``seat`` (1-based), everyone for hot-seat."""
    game = record.game
    if not 1 <= seat <= game.num_players:
        raise AsobibaError(f"--seat must be between 1 and {game.num_players}")
    kinds = [HUMAN if vs in HOT_SEAT or i == seat - 1 else COMPUTER for i in range(game.num_players)]
    return Match(game, record.start, kinds, seed, record.actions, record.from_position)


def said(exc: AsobibaError) -> str:
    """An error's line for a person: both languages when the error has them."""
    return f"{exc.text.en} / {exc.text.ja}" if isinstance(exc, Explained) else str(exc)


@dataclass
class TerminalSession:
    """One terminal game: the match (:mod:`asobiba.core.match`), the computer, and I/O."""

    match: Match
    computer: Agent | None
    vs: str
    console: Console = field(default_factory=Console)
    read_line: Callable[[str], str] | None = None
    saved: list[int] | None = None
    """The actions of the last record saved or loaded (None: nothing yet), to warn of unsaved moves."""

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
        ply: int | None = None,
    ) -> TerminalSession:
        """A session from a saved record (``load``; with ``ply``, taken back to its first ``ply``
        actions), a position or record file (``position``, ``ply`` picking a record's position), or
        the game's start."""
        if load is not None:
            record = Record.load(load)
            if ply is not None:
                check_ply(record, ply)
                del record.actions[ply:]
        elif position is not None:
            start = load_start(game_id, position, option_pairs, ply)
            record = Record.new(start.game, start)
        else:
            if ply is not None:
                raise AsobibaError("--ply needs a game record file (--load or --position)")
            record = Record.new(make_game_from_pairs(game_id, option_pairs))
        seed = secrets.randbits(31) if seed is None else seed
        match = start_match(record, vs, seat, seed)
        computer = None if vs in HOT_SEAT else make_agent(record.game, vs, seed)
        saved = list(record.actions) if load is not None else None
        return cls(match, computer, vs, console or Console(highlight=False), read_line, saved)

    # -- state ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def descriptor(self) -> GameDescriptor[Any]:
        return descriptor(self.game.id)

    @property
    def record(self) -> Record:
        return self.match.record({"seed": self.match.seed})

    def _say(self, text: str) -> None:
        """Print plain text (moves and names may hold brackets that are not markup)."""
        self.console.print(Text(text))

    def _play(self, action: int, label: str | None = None) -> None:
        """Play ``action``; log it when labelled, then its call-out (「開眼！」…)."""
        state = self.state
        shout = state.callout(action)
        line = f"  {label} {state.action_to_notation(action)}" if label else ""
        if shout:
            line = f"{line}  {shout.ja}" if line else f"  {shout.ja}"
        if line:
            self._say(line)
        self.match.play(action)

    def _seat_name(self, player: int) -> str:
        return self.game.player_names[player]

    def _seat_label(self, player: int) -> str:
        """A seat for people: its declared names in both languages (``赤 Red``), else its id."""
        seat = self._seat_name(player)
        names = self.descriptor.seat_name(seat)
        return seat if names.ja.lower() == names.en.lower() else f"{names.ja} {names.en}"

    # -- the loop ---------------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the person quits; a finished game stays open for save, replay and undo."""
        game = self.game
        self.console.print(f"[bold]{escape(game.name_ja)} / {escape(game.name_en)}[/]  (help: 'help')")
        notation = self.descriptor.notation
        self._say(f"{notation.ja}\n{notation.en}")
        shown: State | None = None
        try:
            while True:
                self._advance_automatic()
                state = self.state
                if shown is not state:
                    self._show(state)
                    if self.match.finished:
                        self._show_result()
                    shown = state
                try:
                    line = self._input(self._prompt())
                except EOFError:
                    break
                if not self._command(line.strip()):
                    break
        except KeyboardInterrupt:
            self._say("")
        self._goodbye()

    def _prompt(self) -> str:
        if self.match.finished:
            return "game over / 終局> "
        return f"{self._seat_name(self.state.current_player)}> "

    def _goodbye(self) -> None:
        """The one way a session ends (quit, end of input, Ctrl-C): say whether moves were unsaved."""
        match = self.match
        moved = any(s.current_player != CHANCE for s in match.states[:-1])
        if moved and match.actions != self.saved:
            self._say("not saved: 'save FILE' before quitting keeps a game / この対局は保存していません")
        self._say("bye / またね")

    def _advance_automatic(self) -> None:
        """Roll dice, play forced passes and let the computer move until a person must decide."""
        match = self.match
        while not match.finished:
            action = match.automatic_action()
            if action is not None:
                mover = match.state.current_player
                label = "🎲" if mover == CHANCE else f"{self._seat_name(mover)} (only move / これしかない手):"
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
        return self.console.input(escape(prompt))

    def _picture(self, state: State, last_move: int | None) -> str:
        color = self.console.is_terminal
        render = self.descriptor.render_text
        if render is None:
            return state.render_text(color=color)
        return render(state, color=color, last_move=last_move)

    def _show(self, state: State) -> None:
        last = self.match.actions[-1] if self.match.actions else None
        self.console.print(Text.from_ansi(self._picture(state, last)))

    def _show_result(self) -> None:
        """The one result line: places with the seats' names, and why the game ended."""
        result = self.match.result or Outcome.by_rules(self.state)
        ranks = result.ranks
        order = sorted(range(len(ranks)), key=lambda i: ranks[i])
        line = "result / 結果: " + "  ".join(f"{ranks[i]}. {self._seat_label(i)}" for i in order)
        reason = self.descriptor.end_reasons.get(result.ending or "")
        if reason is not None:
            line += f"  — {reason.en} / {reason.ja}"
        self.console.print(Text(line, style="bold"))
        self._say("the game is over: 'save FILE', 'replay', 'undo' or 'quit' / "
                  "対局終了：保存・再生・1手戻す・終了ができます")

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
            if head in QUIT:
                return False
            if head in ("help", "h", "ヘルプ"):
                self._say(HELP)
            elif head in ("moves", "合法手"):
                self._list(state, self._legal())
            elif head.startswith("?"):
                self._moves_from(state, line[1:].strip())
            elif head in ("undo", "戻す"):
                self._undo()
            elif head in ("hint", "ヒント"):
                self._hint(state)
            elif head in ("replay", "再生"):
                self._replay()
            elif head in ("save", "保存"):
                self._save(args)
            elif head in ("load", "読込"):
                self._load(args)
            else:
                if self.match.finished:
                    raise Refusal(GAME_OVER)
                action = state.notation_to_action(line)
                self.match.check_human_move(action)
                self._play(action)
        except AsobibaError as exc:
            self._say(f"error: {said(exc)}")
        return True

    def _legal(self) -> list[int]:
        """The legal moves now (refused once the game is over)."""
        if self.match.finished:
            raise Refusal(GAME_OVER)
        return self.state.legal_actions()

    def _moves_from(self, state: State, text: str) -> None:
        """``? CELL``: the moves of the piece on CELL; ``?`` alone: every legal move."""
        legal = self._legal()
        if not text:
            self._list(state, legal)
            return
        parse = self.descriptor.parse_cell
        cell = text if parse is None else parse(state, text)
        picked = [a for a in legal if state.action_origin(a) == cell]
        if not picked:
            self._say(f"no legal moves from {cell} / {cell} から動ける手はありません")
        else:
            self._list(state, picked)

    def _list(self, state: State, actions: list[int]) -> None:
        self._say("  " + "  ".join(state.action_to_notation(a) for a in actions))

    def _undo(self) -> None:
        """Back to the last position where a person was to move (the computer's replies go too)."""
        self.match.truncate(self.match.undo_target())
        self._say("undone / 1手戻しました")

    def _replay(self) -> None:
        """Step through the positions so far, from the start; the game itself does not change."""
        match = self.match
        last = match.plies
        ply = 0
        self._say(REPLAY_HELP)
        while True:
            move = ""
            if ply:
                mover = match.states[ply - 1].current_player
                who = "🎲" if mover == CHANCE else self._seat_name(mover)
                move = f": {who} {match.states[ply - 1].action_to_notation(match.actions[ply - 1])}"
            self._say(f"— replay 再生 {ply}/{last}{move}")
            self.console.print(Text.from_ansi(
                self._picture(match.states[ply], match.actions[ply - 1] if ply else None)))
            try:
                answer = self._input("replay> ").strip().lower()
            except EOFError:
                break
            if answer in ("q", "quit", "end", "終了"):
                break
            if answer in ("b", "back", "p"):
                ply = max(0, ply - 1)
            elif answer.isdigit():
                ply = min(last, int(answer))
            elif ply == last:
                break
            else:
                ply += 1
        self._say("back to the game / 対局に戻ります")
        self._show(self.state)

    def _save(self, args: list[str]) -> None:
        """Write the record; a failed write is reported and the game goes on."""
        if not args:
            raise AsobibaError("save needs a file name / 保存先のファイル名を書いてください（save FILE）")
        path = Path(args[0]).expanduser()
        record = self.record
        try:
            record.save(path)
        except OSError as exc:
            raise AsobibaError(f"cannot save {path}: {exc.strerror or exc}; the game goes on "
                               f"/ 保存できませんでした（対局は続きます）") from None
        self.saved = list(record.actions)
        self._say(f"saved {path} / 保存しました")

    def _load(self, args: list[str]) -> None:
        if not args:
            raise AsobibaError("load needs a file name / 読み込むファイル名を書いてください（load FILE）")
        record = Record.load(Path(args[0]).expanduser())
        kinds = self.match.kinds
        if record.game.num_players != len(kinds):
            raise AsobibaError(f"{args[0]} has {record.game.num_players} players, this game {len(kinds)}")
        self.match = Match(record.game, record.start, kinds, self.match.seed, record.actions,
                           record.from_position)
        self.saved = list(record.actions)
        self._say(f"loaded {args[0]} / 読み込みました")

    def _hint(self, state: State) -> None:
        if self.match.finished:
            raise Refusal(GAME_OVER)
        analysis = analyse(state, seed=0)
        proven = analysis.verdict
        verdict = f" ({proven['en']} / {proven['ja']})" if proven else ""
        seat = self._seat_label(state.current_player)
        chances = hint_chances(analysis.value, self.game.num_players)
        self.console.print(Text.assemble(
            "hint / ヒント: ", (analysis.notation, "bold"), verdict,
            f"\n  {seat}: {chances.en} / {chances.ja}\n  {analysis.reason_ja}\n  {analysis.reason_en}",
        ))


def hint_chances(value: float, players: int) -> Names:
    """The hint's value (0..1, ``asobiba.ai.hints``) in words: with two players the chance of
    winning, a draw counting half; with more, the expected share of first place."""
    percent = round(100 * value)
    if players == 2:
        return Names(f"勝つ見込み 約{percent}%（引き分けは半分）",
                     f"about {percent}% to win (a draw counts half)")
    return Names(f"1位の見込み 約{percent}%", f"about {percent}% toward first place")
