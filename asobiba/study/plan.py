"""What a study compares: its cells, the seating of every game and every game's seed
(docs/study/README.md, "What a study compares").

A study is a list of :class:`Cell` s, each one figure with its interval:

* a **pair** cell (``--compare levels``, or the game's per-seat option such as ``--compare decks``):
  subject A against subject B, seats rotated — game *g* takes the *g*-th seating order (every order
  of the seats in turn, :func:`asobiba.ai.arena.seatings`), so neither side keeps the first move;
  the figure is A's mean score against B. The cells of every pair make a matrix.
* a **first-player** cell (``--compare first-player`` by level and number of players, and
  ``--compare options KEY=A,B`` by option value): every seat the same level; the figure is the mean
  score of the seat that made the first decision against the others (50 % in a two-player game is
  no advantage; in general the fair share is ½, every comparison being one pair of seats).

Seeds: game *g* of cell *c* is seeded from (study seed, *c*, *g*) alone (:func:`game_seed`), so the
results do not depend on how the games are split across processes or machines.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.arena import seatings
from ..ai.levels import LEVELS, agent_names
from ..core.errors import AsobibaError, OptionError
from ..core.game import Game
from ..core.registry import descriptor, make_game_from_pairs
from .play import Job, Played

LEVELS_COMPARED = "levels"
OPTIONS_COMPARED = "options"
FIRST_PLAYER = "first-player"

LEVEL = "strongest"
"""The level of every seat not compared, unless told (``--level``)."""

BATCH = 20
"""Games per cell between two looks at the interval, unless told (``--batch``; rounded up to whole
rotations of the seats). A cluster wants more: a round is only as wide as its batches."""


class StudyError(AsobibaError):
    """A study that cannot be made as asked (one line)."""


@dataclass(frozen=True)
class Cell:
    """One figure of a study.

    ``options``: the option pairs of its games; ``seatings``: what sits at each seat, game *g*
    taking ``seatings[g % len(seatings)]``; with ``seat_option`` the seats' subjects are values of
    that option (every seat then played by ``level``), else they are agent names. ``a``/``b``: the
    subjects of a pair cell (the figure is ``a``'s score), both None for a first-player cell.
    """

    label: str
    options: tuple[str, ...]
    seatings: tuple[tuple[str, ...], ...]
    level: str
    seat_option: str | None = None
    a: str | None = None
    b: str | None = None

    def batch(self, games: int) -> int:
        """``games`` rounded up to whole rotations of the seats."""
        rotation = len(self.seatings)
        return rotation * math.ceil(games / rotation)

    def job(self, cell: int, number: int, game_id: str, study_seed: int) -> Job:
        lineup = self.seatings[number % len(self.seatings)]
        if self.seat_option is None:
            options, agents = self.options, lineup
        else:
            options = self.options + (f"{self.seat_option}={','.join(lineup)}",)
            agents = (self.level,) * len(lineup)
        return Job(cell, number, game_id, options, agents, game_seed(study_seed, cell, number))

    def score(self, number: int, result: Played) -> float | None:
        """The figure's score in one game, or None when the game does not count (a first-player
        cell's game that ended before anyone chose)."""
        if self.a is None:
            if result.first is None:
                return None
            others = [s for s in range(len(result.ranks)) if s != result.first]
            return result.score(result.first, others)
        lineup = self.seatings[number % len(self.seatings)]
        mine = [s for s, x in enumerate(lineup) if x == self.a]
        theirs = [s for s, x in enumerate(lineup) if x != self.a]
        return sum(result.score(s, theirs) for s in mine) / len(mine)


def game_seed(study_seed: int, cell: int, number: int) -> int:
    return random.Random(f"asobiba-study:{study_seed}:{cell}:{number}").getrandbits(62)


@dataclass(frozen=True)
class Study:
    """A whole study as asked: the figures, how wide their intervals may be and the seed."""

    game_id: str
    compare: str
    subjects: tuple[str, ...]
    level: str
    options: tuple[str, ...]
    cells: tuple[Cell, ...]
    games: int
    width: float
    confidence: float
    seed: int
    levels: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    batch: int = BATCH

    @property
    def is_matrix(self) -> bool:
        return self.cells[0].a is not None

    def compared(self) -> list[tuple[int, int]]:
        """The pairs of cells whose figures the study compares (:mod:`.compare`): every two option
        values of ``--compare options``; in a first-player study, every two levels next to each
        other (in the order given) at the same number of players. A pair cell is a comparison by
        itself, so a matrix compares no two cells."""
        if self.compare == OPTIONS_COMPARED:
            return list(itertools.combinations(range(len(self.cells)), 2))
        if self.compare == FIRST_PLAYER:
            counts = max(1, len(self.players))
            return [(k * counts + n, (k + 1) * counts + n)
                    for k in range(len(self.levels) - 1) for n in range(counts)]
        return []

    def command(self) -> str:
        """The command that makes this study, every setting that changes its results spelled out
        (where and how it runs — engine, workers, output files — does not change them)."""
        named = list(self.subjects) if self.compare == OPTIONS_COMPARED else [",".join(self.subjects)]
        words = ["asobiba", "study", self.game_id, "--compare", self.compare, *filter(None, named)]
        if self.compare == FIRST_PLAYER:
            words += ["--levels", ",".join(self.levels)]
            if self.players:
                words += ["--players", ",".join(map(str, self.players))]
        if self.compare != LEVELS_COMPARED and self.compare != FIRST_PLAYER:
            words += ["--level", self.level]
        for pair in self.options:
            words += ["-o", pair]
        words += ["--games", str(self.games), "--width", f"{100 * self.width:g}",
                  "--confidence", f"{self.confidence:g}", "--seed", str(self.seed)]
        if self.batch != BATCH:
            words += ["--batch", str(self.batch)]
        return " ".join(words)


def _split(values: Sequence[str]) -> list[str]:
    return [v.strip() for text in values for v in text.split(",") if v.strip()]


def _check_level(game: Game, name: str) -> None:
    known = agent_names(game)
    if name not in known:
        raise StudyError(f"unknown level or agent {name!r} for {game.id} (known: {', '.join(known)})")


def _game(game_id: str, options: Sequence[str]) -> Game:
    return make_game_from_pairs(game_id, list(options))


def compare_choices(game_id: str) -> list[str]:
    """What ``--compare`` takes for ``game_id``: levels, options, first-player and the game's
    per-seat option (e.g. decks) when it has one."""
    study = descriptor(game_id).study
    own = [study.seat_option] if study is not None and study.seat_option else []
    return own + [LEVELS_COMPARED, OPTIONS_COMPARED, FIRST_PLAYER]


def make_study(game_id: str, compare: str, subjects: Sequence[str], *, level: str,
               levels: Sequence[str], players: Sequence[str], options: Sequence[str], games: int,
               width: float, confidence: float, seed: int, batch: int = BATCH) -> Study:
    """Check what was asked and lay the study out (raises :class:`StudyError` or OptionError)."""
    choices = compare_choices(game_id)
    if compare not in choices:
        raise StudyError(f"--compare takes {', '.join(choices)} for {game_id}, not {compare!r}")
    if games < 1:
        raise StudyError("--games must be at least 1")
    if batch < 1:
        raise StudyError("--batch must be at least 1")
    if not 0 < width < 0.5:
        raise StudyError("--width must be between 0 and 50 points")
    if not 0.5 <= confidence < 1:
        raise StudyError("--confidence must be at least 0.5 and below 1")
    base = tuple(options)
    game = _game(game_id, base)
    _check_level(game, level)
    named = _split(subjects)
    shape: dict[str, Any] = dict(game_id=game_id, compare=compare, level=level, options=base, games=games,
                                  width=width, confidence=confidence, seed=seed, batch=batch)
    if compare == FIRST_PLAYER:
        if named:
            raise StudyError("--compare first-player takes no subjects; use --levels and --players")
        chosen = tuple(_split(levels)) or (level,)
        for name in chosen:
            _check_level(game, name)
        counts = _player_counts(game_id, game, players)
        cells = _first_player_cells(game_id, base, chosen, counts)
        return Study(subjects=(), cells=cells, levels=chosen, players=counts, **shape)
    if _split(players) or _split(levels):
        raise StudyError("--levels and --players belong to --compare first-player")
    if compare == OPTIONS_COMPARED:
        return Study(subjects=tuple(subjects), cells=_option_cells(game_id, base, level, subjects), **shape)
    if compare == LEVELS_COMPARED:
        chosen = tuple(named) or LEVELS
        for name in chosen:
            _check_level(game, name)
        cells = _pair_cells(chosen, base, game.num_players, level, None)
        return Study(subjects=tuple(named), cells=cells, **shape)
    study = descriptor(game_id).study
    assert study is not None and study.seat_option == compare
    chosen = tuple(named) or tuple(study.seat_values() if study.seat_values else ())
    cells = _pair_cells(chosen, base, game.num_players, level, compare)
    for cell in cells[:1] + cells[-1:]:
        _game(game_id, cell.job(0, 0, game_id, seed).options)  # the values exist
    return Study(subjects=tuple(named), cells=cells, **shape)


def _pair_cells(subjects: Sequence[str], options: tuple[str, ...], seats: int, level: str,
                seat_option: str | None) -> tuple[Cell, ...]:
    if len(set(subjects)) != len(subjects) or len(subjects) < 2:
        raise StudyError("name at least two different subjects to compare")
    cells = []
    for a, b in itertools.combinations(subjects, 2):
        orders = tuple(seatings([a, b], seats)[0])
        cells.append(Cell(f"{a} vs {b}", options, orders, level, seat_option, a, b))
    return tuple(cells)


def _player_counts(game_id: str, game: Game, players: Sequence[str]) -> tuple[int, ...]:
    """The numbers of players of a first-player study: those named, else every count of two or
    more that the game's players option allows (none when it has no such option)."""
    study = descriptor(game_id).study
    key = study.players_option if study is not None else None
    named = _split(players)
    if key is None:
        if named:
            raise StudyError(f"{game_id} has no option for the number of players")
        return ()
    try:
        counts = tuple(int(n) for n in named)
    except ValueError:
        raise StudyError(f"--players takes numbers, not {','.join(named)!r}") from None
    if not counts:
        spec = game.options.specs()[key]
        allowed = spec.choices if spec.choices is not None else range(spec.lo or 2, (spec.hi or 2) + 1)
        counts = tuple(n for n in allowed if n >= 2)
    return counts


def _first_player_cells(game_id: str, options: tuple[str, ...], levels: Sequence[str],
                        counts: Sequence[int]) -> tuple[Cell, ...]:
    study = descriptor(game_id).study
    cells = []
    for name in levels:
        for n in counts or (None,):
            extra = () if n is None or study is None else (f"{study.players_option}={n}",)
            game = _game(game_id, options + extra)
            label = name if n is None else f"{name}, {n} players"
            cells.append(Cell(label, options + extra, ((name,) * game.num_players,), name))
    return tuple(cells)


def _option_cells(game_id: str, options: tuple[str, ...], level: str,
                  named: Sequence[str]) -> tuple[Cell, ...]:
    pairs = [text for text in named if text]
    if len(pairs) != 1 or "=" not in pairs[0]:
        raise StudyError("--compare options takes one KEY=A,B (e.g. long_jump=false,true)")
    key, _, values = pairs[0].partition("=")
    key = key.strip()
    choices = [v.strip() for v in values.split(",") if v.strip()]
    if len(choices) < 2 or len(set(choices)) != len(choices):
        raise StudyError(f"--compare options {key}: name at least two different values")
    cells = []
    for value in choices:
        extra = (f"{key}={value}",)
        try:
            game = _game(game_id, options + extra)
        except OptionError as exc:
            raise StudyError(str(exc)) from None
        cells.append(Cell(f"{key}={value}", options + extra, ((level,) * game.num_players,), level))
    return tuple(cells)
