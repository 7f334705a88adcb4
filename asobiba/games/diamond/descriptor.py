"""Diamond Game as the rest of asobiba sees it (docs/architecture.md, "The game descriptor")."""

from __future__ import annotations

from typing import Any

from ...ai.appraise import SearchAppraise
from ...core.descriptor import Counterpart, GameDescriptor, Lobby, Names, StudySubjects
from ..star.capabilities import BOARD_WORDS, KNOWLEDGE, MOVE_PATHS, RENDER_SVG, RENDER_TEXT, compiled
from ..star.geometry import COLOUR_NAMES, COLOURS
from ..star.notation import typed_cell
from ..star.options import END_REASONS
from ..star.research import RESEARCH
from . import lessons, rules
from .game import DiamondGame


def commands() -> Any:
    """``asobiba diamond cross``: the crossing puzzle (loaded on first use: it brings numba)."""
    from ..star.crossing.cli import crossing_app

    return crossing_app("diamond")


OPENSPIEL = Counterpart(
    game="chinese_checkers",
    parameters={"players": 2, "max_moves": 1000},
    options={"players": 2, "pieces": 10, "king": False},
    differences=(
        "the same 121-hole star, 10 pieces a side on opposite points and no kings, but asobiba "
        "closes the four other points, which OpenSpiel lets pieces enter, and an OpenSpiel "
        "action is one step or one hop (a chain is several actions, the mover choosing to hop "
        "on or stop) where an asobiba action is a whole move"
    ),
)
"""OpenSpiel's Chinese checkers, two players: its nearest game here is ``pieces=10 king=false``."""


DESCRIPTOR = GameDescriptor(
    game_class=DiamondGame,
    rules_page="docs/rules/diamond.md",
    notation=Names(
        ja="手は「出発-到着」で書きます（例: k7-k8）。穴の名前は行の文字と左からの番号です"
           "（端末では盤の右の図）。",
        en="A move is FROM-TO (e.g. k7-k8); a hole is its row letter and its number from the left "
           "(in the terminal, the key beside the star).",
    ),
    seat_names={colour: COLOUR_NAMES[colour] for colour in COLOURS},
    knowledge=KNOWLEDGE,
    render_svg=RENDER_SVG,
    render_text=RENDER_TEXT,
    parse_cell=typed_cell,
    end_reasons=END_REASONS,
    lobby=Lobby(
        tagline=Names(
            ja="星形の盤で、飛び越しを重ねて向かいの陣地へ。王駒はまとめて飛べます。",
            en="Race across the star by chains of jumps; kings leap whole lines.",
        ),
        options=("players", "board", "king", "pieces", "long_jump"),
        defaults={"players": 3},
    ),
    move_paths=MOVE_PATHS,
    board_words=BOARD_WORDS,
    commands=commands,
    compiled=compiled,
    counterparts={"openspiel": OPENSPIEL},
    lessons=lessons.lessons,
    rules=rules.RULES,
    research=RESEARCH,
    study=StudySubjects(players_option="players", options=("long_jump", "goal_block", "king")),
    appraise=SearchAppraise(),
)
