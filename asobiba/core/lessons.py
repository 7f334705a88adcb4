"""Playing a lesson (:class:`~asobiba.core.descriptor.Lesson`): the learner's moves replayed from
the lesson's own position, the verdict on them, and a search for a solution (docs/play.md, "How to
play"; the conformance suite checks that every lesson has one).

The position always comes from the lesson, never from the learner: the learner sends only the
moves made so far (action ids, at most the lesson's ``moves``), and each is checked to be legal
where it is played. Chance nodes on the way are settled as the lesson says (its ``rolls`` in
order, then the likeliest outcome), so that a lesson plays the same every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .descriptor import Lesson
from .errors import IllegalMoveError
from .game import State

Verdict = Literal["playing", "done", "wrong"]


@dataclass(frozen=True)
class Attempt:
    """Where the learner's moves led: the position (chance settled), how many of the lesson's
    rolls were used, and the verdict (``done``: the task is done; ``wrong``: the moves are used
    up, or the game ended, without doing it; ``playing``: more moves may follow)."""

    state: State
    rolls_used: int
    verdict: Verdict


def settle(lesson: Lesson, state: State, rolls_used: int) -> tuple[State, int]:
    """Play the chance nodes from ``state`` as the lesson says; the state reached and the number
    of the lesson's rolls used so far. A roll that is no outcome where it comes (the learner went
    another way than the lesson's) is used up, and the likeliest outcome taken instead."""
    while state.is_chance:
        outcomes = state.chance_outcomes()
        action = None
        if rolls_used < len(lesson.rolls):
            action = lesson.rolls[rolls_used]
            rolls_used += 1
        if action not in {a for a, _ in outcomes}:
            best = max(p for _, p in outcomes)
            action = next(a for a, p in outcomes if p == best)
        state = state.apply(action)
    return state, rolls_used


def begin(lesson: Lesson) -> Attempt:
    """The lesson's position, chance settled, before the learner's first move."""
    state, used = settle(lesson, lesson.start(), 0)
    return Attempt(state, used, verdict_of(lesson, state, 0))


def verdict_of(lesson: Lesson, state: State, moves: int) -> Verdict:
    if moves and lesson.solved(state):
        return "done"
    if moves >= lesson.moves or state.is_terminal:
        return "wrong"
    return "playing"


def replay(lesson: Lesson, moves: Sequence[int]) -> Attempt:
    """The learner's ``moves`` played from the lesson's position; IllegalMoveError (one line) when
    there are more than the lesson allows, or one is not legal where it is played."""
    if len(moves) > lesson.moves:
        raise IllegalMoveError(f"lesson {lesson.id} takes at most {lesson.moves} moves")
    attempt = begin(lesson)
    state, used = attempt.state, attempt.rolls_used
    for done, action in enumerate(moves):
        if verdict_of(lesson, state, done) != "playing":
            raise IllegalMoveError(f"lesson {lesson.id} is over after {done} moves")
        if action not in state.legal_actions():
            raise IllegalMoveError(f"action {action} is not legal here")
        state, used = settle(lesson, state.apply(action), used)
    return Attempt(state, used, verdict_of(lesson, state, len(moves)))


def solution(lesson: Lesson, limit: int = 200_000) -> list[int] | None:
    """A shortest list of moves that does the lesson's task (depth-first, deepening up to the
    lesson's ``moves``; at most ``limit`` positions looked at), or None if none was found."""
    start = begin(lesson)
    seen = 0

    def search(state: State, used: int, path: list[int], depth: int) -> list[int] | None:
        nonlocal seen
        for action in state.legal_actions():
            seen += 1
            if seen > limit:
                return None
            after, now = settle(lesson, state.apply(action), used)
            moves = [*path, action]
            if lesson.solved(after):
                return moves
            if depth > 1 and not after.is_terminal:
                found = search(after, now, moves, depth - 1)
                if found is not None:
                    return found
        return None

    for depth in range(1, lesson.moves + 1):
        found = search(start.state, start.rolls_used, [], depth)
        if found is not None:
            return found
    return None
