"""Dice Out as the rest of asobiba sees it (docs/architecture.md, "The game descriptor")."""

from __future__ import annotations

from typing import Any

from ...ai.appraise import SearchAppraise
from ...core.descriptor import GameDescriptor, Knowledge, Lobby, Names, Solutions, StudySubjects, Verb
from ...core.game import Game
from . import heuristic, lessons, rules
from .actions import DECLARE_NOTATION, PASS_NOTATION, typed_cell
from .board import COLOUR_NAMES
from .boardwords import BOARD_WORDS
from .game import DiceOutGame
from .render import render_text
from .research import RESEARCH
from .setup import decode_place, is_place_action
from .state import DiceOutState
from .study_subjects import STUDY_OPTIONS, first_player_chances
from .svg import render_svg
from .words import move_words


def move_drops(state: DiceOutState, action: int) -> list[tuple[str, int]]:
    """A placing puts the placer's rolled values on b, c, d of their home row, in that order."""
    if not is_place_action(action):
        return []
    board = state.board
    cells = board.home[state.current_player]
    return [(board.names[c], v) for c, v in zip(cells, decode_place(action), strict=True)]


def solutions() -> Solutions:
    """The perfect-play tables (loaded on first use: the solver brings numba)."""
    from .solver.solutions import SOLUTIONS

    return SOLUTIONS


def kernel_agent(game: Game, **params: Any) -> Any:
    """The agent kind ``kernel``: alpha-beta compiled on the solver's coordinates (loaded on first
    use: it brings numba)."""
    from .solver.agent import SearchAgent

    return SearchAgent(game, **params)


def commands() -> Any:
    """``asobiba diceout …``: the solver and the study (loaded on first use)."""
    from .cli import app

    return app


DESCRIPTOR: GameDescriptor[DiceOutState] = GameDescriptor(
    game_class=DiceOutGame,
    rules_page="docs/rules/diceout.md",
    notation=Names(
        ja="手は「出発-到着」で書きます（例: b1-c2）。宣言は declare、パスは pass。",
        en="A move is FROM-TO (e.g. b1-c2); 'declare' declares a Dice Out, 'pass' passes.",
    ),
    seat_names=COLOUR_NAMES,
    knowledge=Knowledge(
        evaluate=heuristic.evaluate,
        levels=lambda game: heuristic.LEVEL_SPECS,
        explain=heuristic.explain,
        exact=heuristic.exact_solver,
        baselines=heuristic.BASELINES,
        agents={"kernel": kernel_agent},
    ),
    render_svg=render_svg,
    render_text=render_text,
    parse_cell=typed_cell,
    move_drops=move_drops,
    move_words=move_words,
    board_words=BOARD_WORDS,
    lobby=Lobby(
        tagline=Names(
            ja="動かすたびに目が変わるダイスで、相手側のEXITを目指します。",
            en="Dice change their face at every step: reach the far EXIT first.",
        ),
        options=("rows", "declare"),
    ),
    verbs=(
        Verb(
            id="declare",
            notation=DECLARE_NOTATION,
            label=Names("ダイスアウト！", "Dice Out!"),
            refusal=Names("いま宣言できるダイスアウトはありません。",
                          "There is no Dice Out to declare now."),
            shown=lambda state: state.game.options.declare == "manual",
        ),
        Verb(
            id="pass",
            notation=PASS_NOTATION,
            label=Names("宣言せずに続ける", "Go on without declaring"),
            refusal=Names("いまは見送る宣言がありません。", "There is no declaration to let go now."),
        ),
    ),
    end_reasons={
        "exit": Names("ダイスがEXITに着きました。", "A die reached an EXIT."),
        "dice_out": Names("ダイスアウト！ 相手のダイスの目がそろいました。",
                          "Dice Out! The opponent's dice all show the same value."),
        "own_dice_out": Names("自分のダイスの目がそろってしまいました（ダイスアウト）。",
                              "The mover's own dice all matched (Dice Out)."),
        "declared": Names("ダイスアウトが宣言されました。", "Dice Out was declared."),
        "repetition": Names("同じ局面が続いたので引き分けです。",
                            "Draw: the same position kept coming back."),
        "max_plies": Names("手数の上限に達しました。", "The move limit was reached."),
    },
    solutions=solutions,
    commands=commands,
    lessons=lessons.lessons,
    rules=rules.RULES,
    research=RESEARCH,
    study=StudySubjects(options=STUDY_OPTIONS, exact_first_player=first_player_chances),
    appraise=SearchAppraise(),
)
