"""Chinese Checkers as the rest of asobiba sees it (docs/architecture.md, "The game descriptor"):
the star engine's pictures, notation and computer players, under Chinese Checkers' seats and
rules."""

from __future__ import annotations

from typing import Any

from ...ai.appraise import SearchAppraise
from ...core.descriptor import Counterpart, GameDescriptor, Lobby, Names, StudySubjects
from ..star.capabilities import BOARD_WORDS, KNOWLEDGE, MOVE_PATHS, RENDER_SVG, RENDER_TEXT, compiled
from ..star.crossing import web as crossing
from ..star.geometry import COLOUR_NAMES
from ..star.notation import typed_cell
from ..star.options import END_REASONS
from ..star.research import RESEARCH
from . import lessons, rules
from .game import ChineseCheckersGame


def commands() -> Any:
    """``asobiba chinese_checkers cross``: the crossing puzzle (loaded on first use: it brings
    numba)."""
    from ..star.crossing.cli import crossing_app

    return crossing_app("chinese_checkers")


OPENSPIEL = Counterpart(
    game="chinese_checkers",
    parameters={"players": 2, "max_moves": 1000},
    options={"players": 2, "other_points": "open", "hop_own": True, "king": False,
             "long_jump": False, "max_plies": 1000},
    differences=(
        "the same star, seats and moves (10 pieces on facing points, other points open, own "
        "pieces hopped, no kings; a draw after 1000 moves), but an OpenSpiel action is one step "
        "or one hop (a chain is several actions, the mover choosing to hop on or stop) where an "
        "asobiba action is a whole move, OpenSpiel has no blocked-goal rule (asobiba's "
        "goal_block=full_with_one counts a full goal holding one own piece as finished), and "
        "with more than two players OpenSpiel's game ends at the first to finish where asobiba "
        "ranks every player"
    ),
)
"""OpenSpiel's Chinese checkers: the same game but for the blocked-goal rule, the end and the
size of an action."""


DESCRIPTOR = GameDescriptor(
    game_class=ChineseCheckersGame,
    rules_page="docs/rules/chinese_checkers.md",
    notation=Names(
        ja="手は「出発-到着」で書きます（例: d1-e5）。穴の名前は行の文字と左からの番号です"
           "（ダイヤモンドゲームと同じ）。",
        en="A move is FROM-TO (e.g. d1-e5); a hole is its row letter and its number from the left "
           "(as in Diamond Game).",
    ),
    seat_names=COLOUR_NAMES,
    knowledge=KNOWLEDGE,
    render_svg=RENDER_SVG,
    render_text=RENDER_TEXT,
    parse_cell=typed_cell,
    end_reasons=END_REASONS,
    lobby=Lobby(
        tagline=Names(
            ja="六色の星で、10個の駒を向かいの先へ。2・3・4・6人で遊べます。",
            en="Ten marbles each to the facing point of the six-colour star; 2, 3, 4 or 6 players.",
        ),
        options=("players", "other_points", "hop_own", "king"),  # a newcomer starts on 2 players
    ),
    move_paths=MOVE_PATHS,
    board_words=BOARD_WORDS,
    client=crossing.CLIENT,
    services=crossing.services("chinese_checkers"),
    commands=commands,
    compiled=compiled,
    counterparts={"openspiel": OPENSPIEL},
    lessons=lessons.lessons,
    rules=rules.RULES,
    research=RESEARCH,
    study=StudySubjects(players_option="players", options=("long_jump", "goal_block", "hop_own")),
    appraise=SearchAppraise(),
)
