"""The review of a finished game: every decision judged by the engine (docs/ai.md, "Reviews").

For every decision of a record (chance steps are skipped), from the mover's side:

* ``before`` — the worth of the position to the mover with the best move, as a winning chance in
  per cent (the worth of the position the best move reaches, so that a best move loses nothing);
* ``after`` — the worth of the position the move played reached;
* ``best`` — the engine's move there and the worth of the position it reaches;
* ``loss`` — ``best.after - after`` in points of winning chance (never below 0: a move the engine
  finds better than its own choice becomes the best);
* a judgement by :func:`judge`; and the exact result wherever a solved table (or a search that
  saw the end) proves it: "wins in N", "draw", "loses in N".

The worth comes from the game's ``appraise`` capability (:class:`~asobiba.core.descriptor.Appraise`)
at an analysis level (:func:`~asobiba.ai.appraise.analysis_level`); a fixed seed makes the review
the same for a record, a level and a seed, in every interface.

Judgements (points of winning chance lost, :data:`THRESHOLDS`): ``only`` — the one legal move;
``best`` — the engine's move or one exactly as good; ``good`` — under 5 points; ``inaccuracy`` —
5 to under 10; ``mistake`` — 10 to under 20; ``blunder`` — 20 or more. Where both the played move
and the best one are exact, a move that keeps the best result is ``best`` when it is as quick
(or, losing, as slow) and ``good`` otherwise, and any worse result (a win let go to a draw or a
loss, a draw to a loss) is at least 50 points and so a ``blunder``.

Accuracy (:func:`accuracy`) of a player: the mean over their judged decisions (forced moves left
out) of ``100 · exp(−loss / 20)``: 100 when every move is the engine's, about 78 for a move that
loses 5 points, 61 for 10, 37 for 20, 8 for 50; None when the player made no choice at all.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any

from ..core.descriptor import Appraisal, Appraise
from ..core.errors import AsobibaError
from ..core.names import Names
from ..core.record import Record
from ..core.registry import descriptor
from .appraise import analysis_level

JUDGEMENTS = ("best", "good", "inaccuracy", "mistake", "blunder", "only")
THRESHOLDS = (("good", 5.0), ("inaccuracy", 10.0), ("mistake", 20.0))
"""Below each figure (points of winning chance lost) the judgement named; 20 or more: blunder."""
ACCURACY_SCALE = 20.0
"""A move's accuracy is ``100 · exp(−loss / ACCURACY_SCALE)``."""
TIE = 0.05
"""Points of winning chance within which the played move counts as the best one."""
DEFAULT_LEVEL = "normal"
DEFAULT_SEED = 0

JUDGEMENT_NAMES: dict[str, Names] = {
    "best": Names("最善", "best"),
    "good": Names("好手", "good"),
    "inaccuracy": Names("緩手", "inaccuracy"),
    "mistake": Names("悪手", "mistake"),
    "blunder": Names("大悪手", "blunder"),
    "only": Names("一手のみ", "only move"),
}

Progress = Callable[[int, int], None]
"""Called with (decisions reviewed, decisions in all) as the review goes on."""


class NotReviewable(AsobibaError):
    """A game whose descriptor declares no ``appraise``, or a record with nothing to review."""


@dataclasses.dataclass(frozen=True)
class Worth:
    """A winning chance in per cent, with the proven result when there is one."""

    chance: float
    exact: tuple[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"chance": round(self.chance, 1)}
        if self.exact is not None:
            out["exact"] = {"result": self.exact[0], "plies": self.exact[1],
                            "text": exact_words(*self.exact).to_json()}
        return out


@dataclasses.dataclass(frozen=True)
class MoveReview:
    """One decision judged. ``ply`` counts every action of the record from 0, chance included."""

    ply: int
    seat: int
    action: int
    notation: str
    judgement: str
    before: Worth
    after: Worth
    best_action: int
    best_notation: str
    best_after: Worth
    choices: int

    @property
    def loss(self) -> float:
        return max(0.0, self.best_after.chance - self.after.chance)

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply, "seat": self.seat, "action": self.action, "notation": self.notation,
            "judgement": self.judgement, "label": JUDGEMENT_NAMES[self.judgement].to_json(),
            "before": round(self.before.chance, 1), "after": round(self.after.chance, 1),
            "loss": round(self.loss, 1),
            "before_worth": self.before.to_json(), "after_worth": self.after.to_json(),
            "best": {"action": self.best_action, "notation": self.best_notation,
                     "after": round(self.best_after.chance, 1), "worth": self.best_after.to_json()},
            "choices": self.choices,
        }


@dataclasses.dataclass(frozen=True)
class SeatSummary:
    """A player's review in figures: accuracy, counts of each judgement and their biggest turn
    (the decision that lost the most, None when none lost anything)."""

    seat: int
    name: Names
    accuracy: float | None
    counts: dict[str, int]
    biggest: MoveReview | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "name": self.name.to_json(),
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "counts": self.counts,
            "biggest": None if self.biggest is None else {
                "ply": self.biggest.ply, "notation": self.biggest.notation,
                "loss": round(self.biggest.loss, 1), "text": biggest_words(self.biggest).to_json()},
            "text": summary_words(self).to_json(),
        }


@dataclasses.dataclass(frozen=True)
class Review:
    """The review of one record at one analysis level and seed."""

    game: str
    level: str
    seed: int
    moves: list[MoveReview]
    summary: list[SeatSummary]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "asobiba-review/1", "game": self.game, "level": self.level, "seed": self.seed,
            "thresholds": {name: limit for name, limit in THRESHOLDS},
            "moves": [m.to_json() for m in self.moves],
            "summary": [s.to_json() for s in self.summary],
        }


def judge(loss: float, *, choices: int, played_best: bool,
          exact: tuple[tuple[str, int] | None, tuple[str, int] | None] = (None, None)) -> str:
    """The judgement of a move that lost ``loss`` points of winning chance (module docstring).
    ``exact`` is (played, best) proven results for the mover, where known."""
    if choices <= 1:
        return "only"
    played, best = exact
    if played is not None and best is not None:
        if played[0] != best[0]:
            return "blunder"
        return "best" if played_best or played[1] == best[1] else "good"
    if played_best or loss <= TIE:
        return "best"
    for name, limit in THRESHOLDS:
        if loss < limit:
            return name
    return "blunder"


def move_accuracy(loss: float) -> float:
    """``100 · exp(−loss / 20)`` for a move that lost ``loss`` points of winning chance."""
    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_SCALE)


def accuracy(moves: Sequence[MoveReview]) -> float | None:
    """The mean move accuracy over ``moves`` that were choices (forced moves left out)."""
    judged = [move_accuracy(m.loss) for m in moves if m.judgement != "only"]
    return sum(judged) / len(judged) if judged else None


def appraiser(game_id: str) -> Appraise[Any]:
    found = descriptor(game_id).appraise
    if found is None:
        raise NotReviewable(f"{game_id} games cannot be reviewed (the game declares no appraise)")
    return found


def review(record: Record, *, level: str = DEFAULT_LEVEL, seed: int = DEFAULT_SEED,
           progress: Progress | None = None) -> Review:
    """Review every decision of ``record`` (see the module docstring)."""
    game = record.game
    appraise = appraiser(game.id)
    level = analysis_level(game, level)
    states = record.states()
    decisions = [i for i, s in enumerate(states[:-1]) if s.current_player >= 0]
    moves: list[MoveReview] = []
    for done, ply in enumerate(decisions):
        if progress is not None:
            progress(done, len(decisions))
        moves.append(review_move(appraise, states[ply], record.actions[ply], ply,
                                 level=level, seed=seed))
    if progress is not None:
        progress(len(decisions), len(decisions))
    return Review(game.id, level, seed, moves, summarise(game.id, game.player_names, moves))


def review_move(appraise: Appraise[Any], state: Any, action: int, ply: int, *, level: str,
                seed: int) -> MoveReview:
    """Judge ``action`` played in ``state`` (a decision)."""
    seat = state.current_player
    choices = len(state.legal_actions())
    here = appraise(state, seat, level=level, seed=seed)
    after = appraise(state.apply(action), seat, level=level, seed=seed)
    best = here.best if here.best is not None else action
    best_after = after if best == action else appraise(state.apply(best), seat, level=level, seed=seed)
    if _worth(after).chance > _worth(best_after).chance or best == action:
        best, best_after = action, after
    played_best = best == action
    loss = max(0.0, 100.0 * (best_after.chance - after.chance))
    judgement = judge(loss, choices=choices, played_best=played_best,
                      exact=(after.exact, best_after.exact))
    return MoveReview(ply, seat, action, state.action_to_notation(action), judgement,
                      _worth(best_after), _worth(after), best, state.action_to_notation(best),
                      _worth(best_after), choices)


def summarise(game_id: str, seats: Sequence[str], moves: Sequence[MoveReview]) -> list[SeatSummary]:
    desc = descriptor(game_id)
    out = []
    for seat, seat_id in enumerate(seats):
        mine = [m for m in moves if m.seat == seat]
        counts = {j: sum(1 for m in mine if m.judgement == j) for j in JUDGEMENTS}
        losing = [m for m in mine if m.loss > TIE and m.judgement != "only"]
        biggest = max(losing, key=lambda m: (m.loss, -m.ply)) if losing else None
        out.append(SeatSummary(seat, desc.seat_name(seat_id), accuracy(mine), counts, biggest))
    return out


def exact_words(result: str, plies: int) -> Names:
    """A proven result for the mover in both languages."""
    if result == "draw":
        return Names("引き分け", "draw")
    if plies <= 0:
        return Names("勝ち", "won") if result == "win" else Names("負け", "lost")
    if result == "win":
        return Names(f"{plies}手で勝ち", f"wins in {plies}")
    return Names(f"{plies}手で負け", f"loses in {plies}")


def biggest_words(move: MoveReview) -> Names:
    return Names(f"{move.ply + 1}手目 {move.notation}（最善は {move.best_notation}、{move.loss:.0f}点の損）",
                 f"move {move.ply + 1}, {move.notation} (best {move.best_notation}, "
                 f"{move.loss:.0f} points lost)")


def summary_words(summary: SeatSummary) -> Names:
    c = summary.counts
    acc = "—" if summary.accuracy is None else f"{summary.accuracy:.0f}"
    ja = (f"{summary.name.ja}: 正確さ {acc}、最善 {c['best']}・好手 {c['good']}・緩手 {c['inaccuracy']}"
          f"・悪手 {c['mistake']}・大悪手 {c['blunder']}")
    en = (f"{summary.name.en}: accuracy {acc}; {c['best']} best, {c['good']} good, "
          f"{c['inaccuracy']} inaccuracies, {c['mistake']} mistakes, {c['blunder']} blunders")
    if summary.biggest is not None:
        words = biggest_words(summary.biggest)
        ja += f"。いちばん大きな分かれ目は {words.ja}"
        en += f"; the biggest turn: {words.en}"
    return Names(ja, en)


def _worth(appraisal: Appraisal) -> Worth:
    return Worth(100.0 * appraisal.chance, appraisal.exact)
