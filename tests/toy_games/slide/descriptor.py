"""Toy Slide as the rest of asobiba sees it: registered by one line in the registry's ``GAMES``."""

from __future__ import annotations

from asobiba.core import State
from asobiba.core.descriptor import GameDescriptor, Knowledge, Lobby, Names
from asobiba.core.rulebook import Rule

from .game import SlideGame, SlideState
from .lessons import lessons
from .research import RESEARCH
from .svg import render_svg


def evaluate(state: State) -> list[float]:
    """Half a point for the side the stone's distance favours (losing distances repeat every
    ``max_step + 1`` cells, shifted by one in misère); nothing is known before the roll."""
    assert isinstance(state, SlideState)
    if state.stone is None:
        return [0.0, 0.0]
    options = state.game.options
    mover_loses = (state.stone - options.misere) % (options.max_step + 1) == 0
    mover = -0.5 if mover_loses else 0.5
    return [mover, -mover] if state.to_move == 0 else [-mover, mover]


DESCRIPTOR = GameDescriptor(
    game_class=SlideGame,
    rules_page="tests/toy_games/slide/game.py",
    notation=Names(ja="「出発-到着」で書きます（例: c5-c3）。", en="A move is FROM-TO (e.g. c5-c3)."),
    seat_names={"first": Names("先手", "First"), "second": Names("後手", "Second")},
    knowledge=Knowledge(evaluate=evaluate),
    render_svg=render_svg,
    lobby=Lobby(
        tagline=Names(ja="石をゴールへすべらせた人の勝ち。", en="Slide the stone onto the goal to win."),
        options=("cells", "max_step"),
    ),
    lessons=lessons,
    rules=(Rule("slide", Names("石を1〜2マスすべらせ、ゴールに入れた人の勝ちです。",
                               "Slide the stone one or two cells; whoever slides it onto the goal "
                               "wins."), ("goal", "quiz_1", "quiz_2")),),
    research=RESEARCH,
)
