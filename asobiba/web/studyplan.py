"""What the study page may ask for (docs/study/README.md, "The study page"): the choices of a game,
read from its descriptor as ``asobiba study`` reads them, and the checked request that becomes a
:class:`~asobiba.study.plan.Study`.

A game's choices (:func:`choices`) are what the page offers: two computer levels, two values of the
game's per-seat option (e.g. decks, from the descriptor's ``StudySubjects``), two values of one
of the rule options the descriptor names as worth comparing (a yes/no option, an option with
choices, or a whole-number option with at most :data:`MAX_RANGE` values), or the first player's
advantage at two levels (``asobiba study GAME --compare first-player --levels A,B``, at the
default number of players: every seat the same level, one figure a level). A request
(:class:`StudyBody`) must name exactly two different ones of them; its size is bounded (at most
:data:`MAX_GAMES` games a figure, the server's time cap), so no request can start unbounded work.
The study is then laid out by :func:`~asobiba.study.plan.make_study` with the same arguments as the
command line would pass, so the page's study writes the same JSON as ``asobiba study`` with the
same seed and size.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictInt, StrictStr

from ..ai.levels import LEVELS
from ..core.descriptor import GameDescriptor
from ..core.errors import UnknownGameError
from ..core.options import OptionSpec
from ..core.registry import descriptor, make_game_from_pairs
from ..study.plan import BATCH, FIRST_PLAYER, LEVEL, LEVELS_COMPARED, OPTIONS_COMPARED, Study, make_study
from .bodies import Body, GameId
from .errors import NotFound
from .protocol import ProtocolError
from .seats import LEVELS as LEVEL_WORDS

MAX_GAMES = 2000
"""The most games one figure of a page's study may take."""
MAX_SECONDS = 600
"""The longest a page's study may run (the server may allow less: ``asobiba serve --study-seconds``)."""
MAX_WIDTH = 25
"""The widest interval (points either side) a page's study may stop at."""
MAX_RANGE = 12
"""A whole-number option is offered when it allows at most this many values."""
MAX_SEED = 2**31 - 1
CONFIDENCE = 0.95
"""The intervals of a page's study (the command line's default)."""

Name = Annotated[StrictStr, Field(min_length=1, max_length=64)]


class StudyBody(Body):
    """``POST /api/studies``: compare ``a`` with ``b`` — two levels (``compare: "levels"``), two values
    of the game's per-seat option (``compare`` names it, e.g. ``"decks"``), two values of the rule
    option ``option`` (``compare: "options"``) or the first player's advantage at two levels
    (``compare: "first-player"``); every other seat's level is ``level``."""

    game: GameId
    compare: Name
    option: Name | None = None
    a: Name
    b: Name
    level: Annotated[StrictStr, Field(max_length=64, json_schema_extra={"enum": list(LEVELS)})] = "normal"
    games: Annotated[StrictInt, Field(ge=1, le=MAX_GAMES)] = 200
    width: Annotated[StrictInt, Field(ge=1, le=MAX_WIDTH)] = 3
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] = 0
    seconds: Annotated[StrictInt, Field(ge=1, le=MAX_SECONDS)] = 120


def studied(game_id: str) -> GameDescriptor[Any]:
    """The descriptor of a game the page can study (NotFound for any other id)."""
    try:
        game = descriptor(game_id)
    except UnknownGameError:
        raise NotFound(f"no game {game_id!r:.40} at the web table") from None
    if not game.at_web_table or game.study is None:
        raise NotFound(f"{game_id} has no study at the web table")
    return game


def option_values(spec: OptionSpec) -> list[str] | None:
    """The values of a rule option as the study names them (``KEY=VALUE`` text), or None when the
    page does not offer the option (too many values to pick from)."""
    if spec.kind == "bool":
        return ["false", "true"]
    if spec.choices is not None:
        return [str(v) for v in spec.choices]
    if spec.kind == "int" and spec.lo is not None and spec.hi is not None and spec.hi - spec.lo < MAX_RANGE:
        return [str(v) for v in range(spec.lo, spec.hi + 1)]
    return None


def _words(ja: str, en: str) -> dict[str, str]:
    return {"ja": ja, "en": en}


YES_NO = {"true": _words("はい", "Yes"), "false": _words("いいえ", "No")}
"""The words of a yes-or-no option's two values, where the option declares none."""


def choices(game_id: str) -> dict[str, Any]:
    """``GET /api/studies/choices/{game}``: what the page may compare in the game, each with its
    values (``{"id", "name": {ja, en}}``), and the bounds of a request."""
    game = studied(game_id)
    subjects = game.study
    assert subjects is not None
    levels = [{"id": level, "name": LEVEL_WORDS[level]} for level in LEVELS]
    compare: list[dict[str, Any]] = []
    if subjects.seat_option and subjects.seat_values is not None:
        named = subjects.seat_names
        values = [{"id": v, "name": named(v).to_json() if named else _words(v, v)}
                  for v in subjects.seat_values()]
        spec = game.game_class.options_class.specs()[subjects.seat_option]
        name = spec.label.to_json() if spec.label is not None else _words(spec.name, spec.name)
        compare.append({"id": subjects.seat_option, "name": name, "values": values})
    compare.append({"id": LEVELS_COMPARED, "name": _words("強さ", "Levels"), "values": levels})
    compare.append({"id": FIRST_PLAYER, "name": _words("先手の有利", "First player's advantage"),
                    "values": levels})
    specs = game.game_class.options_class.specs()
    options = []
    for key in subjects.options:
        spec = specs[key]
        found = option_values(spec)
        if found is None or spec.local:
            continue
        labels = {**YES_NO, **{str(v).lower() if isinstance(v, bool) else str(v): n.to_json()
                               for v, n in spec.value_labels.items()}}
        options.append({
            "id": key,
            "name": spec.label.to_json() if spec.label is not None else _words(spec.ja, spec.en),
            "values": [{"id": v, "name": labels.get(v, _words(v, v))} for v in found],
        })
    if options:
        compare.append({"id": OPTIONS_COMPARED, "name": _words("ルールの違い", "Rule options"),
                        "options": options})
    return {
        "game": game.id,
        "name": game.name.to_json(),
        "compare": compare,
        "levels": levels,
        "limits": {"games": MAX_GAMES, "seconds": MAX_SECONDS, "width": MAX_WIDTH, "seed": MAX_SEED},
        "defaults": {"level": StudyBody.model_fields["level"].default,
                     "games": StudyBody.model_fields["games"].default,
                     "width": StudyBody.model_fields["width"].default,
                     "seconds": StudyBody.model_fields["seconds"].default},
        "confidence": CONFIDENCE,
    }


def _values(offered: dict[str, Any], body: StudyBody) -> list[str]:
    """The values the request may name, or a one-line 400."""
    if body.compare != OPTIONS_COMPARED:
        if body.option is not None:
            raise ProtocolError(f"option belongs to compare {OPTIONS_COMPARED!r}")
        return [v["id"] for v in offered["values"]]
    for option in offered["options"]:
        if option["id"] == body.option:
            return [v["id"] for v in option["values"]]
    known = ", ".join(o["id"] for o in offered["options"])
    raise ProtocolError(f"option must be one of {known} for {body.game}, not {body.option!r:.40}")


def plan(body: StudyBody) -> Study:
    """The study a checked request asks for (a one-line 400 for anything not offered)."""
    try:
        offered = {c["id"]: c for c in choices(body.game)["compare"]}
    except NotFound as exc:
        raise ProtocolError(str(exc)) from None
    found = offered.get(body.compare)
    if found is None:
        raise ProtocolError(f"compare must be one of {', '.join(offered)} for {body.game}, "
                            f"not {body.compare!r:.40}")
    if body.level not in LEVELS:
        raise ProtocolError(f"level must be one of {', '.join(LEVELS)}, not {body.level!r:.40}")
    values = _values(found, body)
    for side in (body.a, body.b):
        if side not in values:
            raise ProtocolError(f"{side!r:.40} is not one of {', '.join(values)}")
    if body.a == body.b:
        raise ProtocolError("a and b must be two different things to compare")
    levels: list[str] = []
    players: list[str] = []
    if body.compare == OPTIONS_COMPARED:
        subjects = [f"{body.option}={body.a},{body.b}"]
    elif body.compare == FIRST_PLAYER:
        subjects, levels = [], [body.a, body.b]
        subjects_of = studied(body.game).study
        if subjects_of is not None and subjects_of.players_option:
            players = [str(make_game_from_pairs(body.game, []).num_players)]  # the default number
    else:
        subjects = [f"{body.a},{body.b}"]
    level = LEVEL if body.compare in (LEVELS_COMPARED, FIRST_PLAYER) else body.level  # else unused
    return make_study(body.game, body.compare, subjects, level=level, levels=levels, players=players,
                      options=[], games=body.games, width=body.width / 100, confidence=CONFIDENCE,
                      seed=body.seed, batch=BATCH)
