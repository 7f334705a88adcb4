"""How to play, served (docs/play.md, "How to play"): each game's lessons and glossary, as its
descriptor declares them, and the engine's verdict on a learner's moves.

* ``GET /api/learn/{game}`` — the lessons (id, title, text, hint, number of moves, whether it is a
  question of the self-test) and the glossary;
* ``GET /api/learn/{game}/rules`` — the game's rules map, in the order of its rules page:
  ``[{"id", "ja", "en", "lessons": [lesson ids], "terms": [glossary ids]}]``;
* ``POST /api/learn/{game}/{lesson}`` — body ``{"moves": [action ids], "attempt": {"from", "to"}}``:
  the moves made so far (at most the lesson's number of moves) are replayed from the lesson's own
  position, which never comes from the browser; the answer is the board now (SVG), the moves that
  may follow (as the table describes them), the last move's cells, the cells the lesson marks
  (before the first move) and the verdict: ``playing``,
  ``done`` (the task is done), ``wrong`` (a legal move that does not do it: the lesson says why) or
  ``illegal`` (``attempt`` names a move from a cell to a cell that no legal move makes: the game
  says why when it can, else the lesson states the rule). Every part of the body is checked
  (hostile browser): the lesson id, the number and range of the actions, the cell names.

The lessons of a game are built once per process (their positions are made on first use).
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import Field, StrictInt, StrictStr

from ..core.descriptor import GameDescriptor, Lesson
from ..core.errors import IllegalMoveError
from ..core.lessons import Attempt, replay
from ..core.names import Names
from ..core.registry import descriptors
from .bodies import Body, read_body
from .errors import NotFound
from .view import move_cells, narrow_board, render_board

router = APIRouter(prefix="/api/learn")

MAX_MOVES = 16
"""The most moves a request may carry (every lesson takes fewer: the conformance suite checks 8)."""

Cell = Annotated[StrictStr, Field(min_length=1, max_length=32)]


class AttemptBody(Body):
    from_: Annotated[Cell, Field(alias="from")]
    to: Cell


class LessonBody(Body):
    """``POST /api/learn/{game}/{lesson}``."""

    moves: Annotated[list[Annotated[StrictInt, Field(ge=0, le=2**31)]], Field(max_length=MAX_MOVES)]
    attempt: AttemptBody | None = None


def learnable() -> dict[str, GameDescriptor]:
    """The games with lessons that the web table offers, by id (read from the registry each time:
    it is quick)."""
    return {game.id: game for game in descriptors() if game.at_web_table and game.lessons is not None}


@cache
def lessons_of(game_id: str) -> dict[str, Lesson]:
    game = learnable().get(game_id)
    if game is None or game.lessons is None:
        raise NotFound(f"{game_id!r} has no lessons")
    return {lesson.id: lesson for lesson in game.lessons()}


def lesson_of(game_id: str, lesson_id: str) -> Lesson:
    lesson = lessons_of(game_id).get(lesson_id)
    if lesson is None:
        raise NotFound(f"{game_id} has no lesson {lesson_id!r}")
    return lesson


def contents(game_id: str) -> dict[str, Any]:
    """What ``GET /api/learn/{game}`` answers."""
    lessons = lessons_of(game_id)
    game = learnable()[game_id]
    return {
        "game": game_id,
        "name": game.name.to_json(),
        "lessons": [
            {"id": lesson.id, "title": lesson.title.to_json(), "text": lesson.text.to_json(),
             "hint": None if lesson.hint is None else lesson.hint.to_json(), "moves": lesson.moves,
             "quiz": lesson.quiz}
            for lesson in lessons.values()
        ],
        "glossary": [{"id": term.id, "word": term.word.to_json(), "meaning": term.meaning.to_json()}
                     for term in game.glossary],
    }


def rules_of(game_id: str) -> list[dict[str, object]]:
    """What ``GET /api/learn/{game}/rules`` answers."""
    lessons_of(game_id)  # 404 for a game without lessons
    return [rule.to_json() for rule in learnable()[game_id].rules]


def answer(game_id: str, lesson_id: str, body: LessonBody) -> dict[str, Any]:
    """The verdict on ``body`` (see the module docstring)."""
    lesson = lesson_of(game_id, lesson_id)
    game = learnable()[game_id]
    moves = list(body.moves)
    attempt = replay(lesson, moves)
    illegal: Names | None = None
    if body.attempt is not None:
        if attempt.verdict != "playing":
            raise IllegalMoveError(f"lesson {lesson_id} is over: no further move is tried")
        wanted = (body.attempt.from_, body.attempt.to)
        legal = [move_cells(attempt.state, a) for a in attempt.state.legal_actions()]
        match = next((m["action"] for m in legal if (m["from"], m["to"]) == wanted), None)
        if match is None:
            illegal = lesson.refusal(attempt.state, *wanted) if lesson.refusal else None
            illegal = illegal or lesson.illegal
        else:
            moves.append(match)
            attempt = replay(lesson, moves)
    return view(game, lesson, attempt, moves, illegal)


def view(game: GameDescriptor, lesson: Lesson, attempt: Attempt, moves: list[int],
         illegal: Names | None) -> dict[str, Any]:
    """The answer: ``illegal`` is why the move tried is refused (None when none was)."""
    state = attempt.state
    verdict = "illegal" if illegal is not None else attempt.verdict
    verbs = {verb.notation: verb for verb in game.verbs}
    legal = []
    if attempt.verdict == "playing":
        for action in state.legal_actions():
            move = move_cells(state, action)
            verb = verbs.get(move["notation"])
            if verb is not None:
                move["words"] = verb.label.to_json()
            legal.append(move)
    say = illegal if illegal is not None else lesson.wrong if verdict == "wrong" else None
    last = None
    if moves and illegal is None:
        last = move_cells(replay(lesson, moves[:-1]).state, moves[-1])
    return {
        "lesson": lesson.id,
        "moves": moves,
        "verdict": verdict,
        "say": None if say is None else say.to_json(),
        "svg": render_board(state, moves[-1] if moves and illegal is None else None),
        **narrow_board(state, moves[-1] if moves and illegal is None else None),
        "legal": legal,
        "marks": list(lesson.marks) if not moves else [],
        "last": last,
    }


@router.get("/{game}")
async def get_lessons(game: str) -> dict[str, Any]:
    """The game's lessons and glossary."""
    return await asyncio.to_thread(contents, game)


@router.get("/{game}/rules")
async def get_rules(game: str) -> list[dict[str, object]]:
    """The game's rules map."""
    return rules_of(game)


@router.post("/{game}/{lesson}")
async def post_moves(request: Request, game: str, lesson: str) -> dict[str, Any]:
    """The engine's verdict on the learner's moves in one lesson."""
    body, _ = read_body(await request.body(), LessonBody)
    lesson_of(game, lesson)  # 404 before any work
    return await asyncio.to_thread(answer, game, lesson, body)
