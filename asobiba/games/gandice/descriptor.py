"""Gandice as the rest of asobiba sees it (docs/architecture.md, "The game descriptor")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...ai.appraise import SearchAppraise
from ...core.descriptor import GameDescriptor, Knowledge, Lobby, Names, StudySubjects, WebClient
from . import heuristic, lessons, rules
from .boardwords import BOARD_WORDS
from .forecast import attack_odds
from .game import GandiceGame
from .labels import SEATS
from .notation import typed_cell
from .research import RESEARCH
from .search import expectimax_agent, outcome_classes
from .study import STUDY_OPTIONS, bundled_decks, deck_names, exact_facts
from .styles import style_agent
from .svg import render_narrow_svg, render_svg
from .web import SERVICES
from .words import move_words


def commands() -> Any:
    """``asobiba gandice …``: the dice catalog, exact odds, fitting (loaded on first use)."""
    from .cli import app

    return app


DESCRIPTOR = GameDescriptor(
    game_class=GandiceGame,
    rules_page="docs/rules/gandice.md",
    notation=Names(
        ja="手は `moves` で一覧できる書き方で入力します（例: attack ギダン>イスルギ、resummon）。"
           "ダイス名の代わりにカタログの id も使えます（attack gidan>isurugi）。",
        en="Type a move as `moves` lists it (e.g. attack ギダン>イスルギ, resummon); catalog ids "
           "work instead of die names (attack gidan>isurugi).",
    ),
    knowledge=Knowledge(
        evaluate=heuristic.evaluate,
        levels=lambda game: heuristic.LEVEL_SPECS,
        explain=heuristic.explain,
        baselines=heuristic.BASELINES,
        agents={"expectimax": expectimax_agent, "style": style_agent},
    ),
    render_svg=render_svg,
    render_narrow_svg=render_narrow_svg,
    parse_cell=typed_cell,
    commands=commands,
    seat_names=SEATS,
    lobby=Lobby(
        tagline=Names("ダイスを召喚して戦うダイスバトル（令和版）。デッキを組んで2〜4人で遊びます。",
                      "A dice battle: summon your dice and strike (Reiwa rules). Build a deck; 2–4 play."),
        options=("players",),
        panel=("decks", "additions"),
    ),
    move_words=move_words,
    board_words=BOARD_WORDS,
    move_odds=attack_odds,
    client=WebClient(folder=Path(__file__).with_name("client")),
    services=SERVICES,
    lessons=lessons.lessons,
    glossary=lessons.GLOSSARY,
    rules=rules.RULES,
    research=RESEARCH,
    end_reasons={
        "full_open": Names("全開召喚！ 召喚で全部のダイスが立ち・逆立ちになり、その場で勝ちました。",
                           "Full-open summon! Every die stood up at the summon: an instant win."),
        "last_standing": Names("ほかのプレイヤーのダイスがすべて場からいなくなりました。",
                               "Every other player's dice left the field."),
        "turn_limit": Names("ターンの上限に達しました。場に残ったプレイヤーが勝ちを分け合います。",
                            "The turn limit was reached: the players still in share the win."),
    },
    study=StudySubjects(players_option="players", seat_option="decks", seat_values=bundled_decks,
                        seat_names=deck_names,
                        options=STUDY_OPTIONS, exact=exact_facts),
    appraise=SearchAppraise(outcomes=outcome_classes),
)
