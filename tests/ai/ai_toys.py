"""Small games for testing the agents: tic-tac-toe and Nim (two players), Nim for three and four, and a
dice race with chance nodes. Each implements the core interface and nothing more."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from asobiba.core import CHANCE, TERMINAL, Game, Options, State, option
from asobiba.core.descriptor import GameDescriptor, Knowledge, Names
from asobiba.core.registry import GAMES


class _ToyGame(Game):
    """Shared plumbing: fixed seat names, no JSON positions."""

    seats: tuple[str, ...] = ("first", "second")

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.seats

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        raise NotImplementedError


class _ToyState(State):
    def action_to_notation(self, action: int) -> str:
        return str(action)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game.id, "key": repr(self.key())}

    def render_text(self, color: bool = False) -> str:
        return repr(self.key())


# -- tic-tac-toe -------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class TicTacToeOptions(Options):
    game_id = "toyttt"


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToeGame(_ToyGame):
    id = "toyttt"
    name_en = name_ja = "tic-tac-toe"
    options_class = TicTacToeOptions

    def new_state(self) -> TicTacToeState:
        return TicTacToeState(self, (-1,) * 9, 0)


class TicTacToeState(_ToyState):
    def __init__(self, game: Game, board: tuple[int, ...], to_move: int) -> None:
        self.game, self.board, self.to_move = game, board, to_move
        self.winner = next(
            (self.board[a] for a, b, c in LINES if board[a] >= 0 and board[a] == board[b] == board[c]),
            -1,
        )

    @property
    def current_player(self) -> int:
        if self.winner >= 0 or -1 not in self.board:
            return TERMINAL
        return self.to_move

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal else [i for i in range(9) if self.board[i] < 0]

    def apply(self, action: int) -> TicTacToeState:
        board = list(self.board)
        board[action] = self.to_move
        return TicTacToeState(self.game, tuple(board), 1 - self.to_move)

    def ranks(self) -> list[int]:
        if self.winner < 0:
            return [1, 1]
        return [1 if p == self.winner else 2 for p in range(2)]

    def key(self) -> tuple:
        return (self.board, self.to_move)


def ttt_evaluate(state: State) -> list[float]:
    """Open lines: +0.1 per line only the seat occupies, -0.1 per line only the other occupies."""
    score = 0.0
    for line in LINES:
        marks = {state.board[i] for i in line} - {-1}
        if marks == {0}:
            score += 0.1
        elif marks == {1}:
            score -= 0.1
    return [score, -score]


# -- Nim, two or three players -----------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class NimOptions(Options):
    game_id = "toynim2"
    pile: int = option(10, lo=1, hi=40, en="stones", ja="石")


class NimGame(_ToyGame):
    """Take 1-3 stones; whoever takes the last stone wins (the others share second place)."""

    id = "toynim2"
    name_en = name_ja = "Nim"
    options_class = NimOptions

    def new_state(self) -> NimState:
        return NimState(self, self.options.pile, 0)


class Nim3Game(NimGame):
    id = "toynim3"
    seats = ("first", "second", "third")


class Nim4Game(NimGame):
    """Four players: the three who did not take the last stone share places 2-4 (return -1/3)."""

    id = "toynim4"
    seats = ("first", "second", "third", "fourth")


class NimState(_ToyState):
    def __init__(self, game: Game, pile: int, to_move: int) -> None:
        self.game, self.pile, self.to_move = game, pile, to_move

    @property
    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move

    def legal_actions(self) -> list[int]:
        return list(range(1, min(3, self.pile) + 1))

    def apply(self, action: int) -> NimState:
        return NimState(self.game, self.pile - action, (self.to_move + 1) % self.game.num_players)

    def ranks(self) -> list[int]:
        n = self.game.num_players
        winner = (self.to_move - 1) % n
        return [1 if p == winner else 2 for p in range(n)]

    def key(self) -> tuple:
        return (self.pile, self.to_move)


def nim_evaluate(state: State) -> list[float]:
    return [0.0] * state.game.num_players


# -- dice race (chance nodes) ------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class RaceOptions(Options):
    game_id = "toyrace"
    target: int = option(6, lo=2, hi=30, en="points to win", ja="勝ちの点")


SAFE, GAMBLE, ROLL_MISS, ROLL_HIT = 0, 1, 10, 11


class RaceGame(_ToyGame):
    """Each turn: take 1 point (safe) or gamble: half the time 3 points, half the time none.

    First to ``target`` wins; after 200 plies it is a draw.
    """

    id = "toyrace"
    name_en = name_ja = "dice race"
    options_class = RaceOptions

    def new_state(self) -> RaceState:
        return RaceState(self, (0, 0), 0, False, 0)


class RaceState(_ToyState):
    def __init__(self, game: Game, scores: tuple[int, int], to_move: int, rolling: bool, ply: int):
        self.game, self.scores, self.to_move, self.rolling, self.ply = (
            game, scores, to_move, rolling, ply
        )

    @property
    def current_player(self) -> int:
        if max(self.scores) >= self.game.options.target or self.ply >= 200:
            return TERMINAL
        return CHANCE if self.rolling else self.to_move

    def legal_actions(self) -> list[int]:
        if self.is_terminal:
            return []
        return [ROLL_MISS, ROLL_HIT] if self.rolling else [SAFE, GAMBLE]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(ROLL_MISS, 0.5), (ROLL_HIT, 0.5)] if self.rolling else []

    def _gain(self, points: int) -> RaceState:
        scores = list(self.scores)
        scores[self.to_move] += points
        return RaceState(self.game, tuple(scores), 1 - self.to_move, False, self.ply + 1)

    def apply(self, action: int) -> RaceState:
        if action == SAFE:
            return self._gain(1)
        if action == GAMBLE:
            return RaceState(self.game, self.scores, self.to_move, True, self.ply)
        return self._gain(3 if action == ROLL_HIT else 0)

    def ranks(self) -> list[int]:
        a, b = self.scores
        return [1, 1] if a == b else ([1, 2] if a > b else [2, 1])

    def key(self) -> tuple:
        return (self.scores, self.to_move, self.rolling, self.ply)


def race_evaluate(state: State) -> list[float]:
    lead = (state.scores[0] - state.scores[1]) / state.game.options.target
    return [lead, -lead]


def _descriptor(game_class: type[Game], evaluate: Any) -> GameDescriptor:
    return GameDescriptor(
        game_class=game_class,
        rules_page="tests/ai/ai_toys.py",
        notation=Names(ja="番号", en="a number"),
        knowledge=Knowledge(evaluate=evaluate),
    )


TTT = _descriptor(TicTacToeGame, ttt_evaluate)
NIM2 = _descriptor(NimGame, nim_evaluate)
NIM3 = _descriptor(Nim3Game, nim_evaluate)
NIM4 = _descriptor(Nim4Game, nim_evaluate)
RACE = _descriptor(RaceGame, race_evaluate)


TOYS = (("TTT", TTT), ("NIM2", NIM2), ("NIM3", NIM3), ("NIM4", NIM4), ("RACE", RACE))


def register_toys() -> None:
    """Make the toys known to the core registry, each with its own descriptor."""
    for name, descriptor in TOYS:
        GAMES[descriptor.id] = f"{__name__}:{name}"


def unregister_toys() -> None:
    """Forget the toys again."""
    for _name, descriptor in TOYS:
        GAMES.pop(descriptor.id, None)
