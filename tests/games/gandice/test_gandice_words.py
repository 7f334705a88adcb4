"""Gandice moves in words and the battle mat's data (words.py, svg.py): every action of random
battles of every bundled deck reads in both languages without an internal id, with its kind of
choice; the mat marks each die's state and what it shows, and says whose turn it is."""

from __future__ import annotations

import random
import re

from gandice_helpers import game

from asobiba.core.game import sample_chance
from asobiba.games.gandice.catalog import load_catalog
from asobiba.games.gandice.svg import render_svg
from asobiba.games.gandice.words import move_words

KINDS = {"roll", "first", "resummon", "attack", "item", "no-item", "card", "fuse", "bury", "betray",
         "evolve", "no-evolve"}
IDS = {*load_catalog().dice, *load_catalog().cards, *load_catalog().decks}
RAW = re.compile(r"\bd\d+\b|\b\d{3,}\b|face:|\b(" + "|".join(map(re.escape, IDS)) + r")\b")
"""What a player must never read: board cells, action ids, outcome names, catalog ids."""


def test_every_action_reads_in_words_without_ids():
    seen = set()
    for decks in (("yami", "isurugi"), ("chogan", "shingan"), ("shingan", "chogan")):
        g = game(decks=decks, first="random")
        rng = random.Random(1)
        for _ in range(3):
            s = g.new_state()
            while not s.is_terminal:
                for action in s.legal_actions():
                    said = move_words(s, action)
                    assert said.kind in KINDS, said
                    for text in (said.text.ja, said.text.en):
                        assert text and not RAW.search(text), text
                    seen.add(said.kind)
                s = s.apply(sample_chance(s, rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert {"roll", "first", "resummon", "attack", "item", "no-item", "fuse", "card"} <= seen


def test_the_mat_marks_states_and_what_dice_show():
    g = game(decks=("yami", "isurugi"))
    s = g.new_state()
    rng = random.Random(4)
    while s.is_chance:
        s = s.apply(sample_chance(s, rng))
    svg = render_svg(s)
    states = dict(re.findall(r'data-die="(d\d+)" data-state="(\w+)"', svg))
    assert len(states) == len(g.lineup.dice)
    assert {states[f"d{u}"] for u in range(len(g.lineup.dice)) if g.lineup.dice[u].is_item} == {"item"}
    shows = dict(re.findall(r'data-die="(d\d+)" data-state="\w+" data-shows="([\w:]+)"', svg))
    assert shows and all(shows[f"d{u}"] == name for u, name in (
        (u, ("stand", "inverted", "side", "special", *[f"face:{n}" for n in range(7)])[o])
        for u, o in enumerate(s.shown) if o >= 0))
    assert 'class="ja"' in svg and 'class="en"' in svg and "プレイヤー1：攻撃か再召喚チャレンジ" in svg


def test_english_words_name_dice_in_english_and_same_names_by_their_owner():
    """The English page reads the catalog's English names; an attack between two dice of one name
    says whose each is (「イスルギ（プレイヤー1）でイスルギ（プレイヤー2）を攻撃」)."""
    g = game(decks=("isurugi", "isurugi"), first="p1")
    rng = random.Random(2)
    same_named = 0
    for _ in range(20):
        s = g.new_state()
        while not s.is_terminal and not same_named:
            for action in s.legal_actions():
                said = move_words(s, action)
                assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", said.text.en), said.text.en
                if said.kind == "attack" and said.text.ja.startswith("イスルギ（"):
                    assert "でイスルギ（" in said.text.ja
                    en = said.text.en
                    assert en.startswith("Isurugi (Player") and "attacks Isurugi (Player" in en
                    same_named += 1
            s = s.apply(sample_chance(s, rng) if s.is_chance else rng.choice(s.legal_actions()))
        if same_named:
            break
    assert same_named


def test_every_finished_battle_says_how_it_ended():
    from asobiba.core.registry import descriptor

    reasons = descriptor("gandice").end_reasons
    seen = set()
    for seed, max_turns in ((1, 200), (2, 200), (3, 4)):
        s = game(decks=("yami", "isurugi"), first="p1", max_turns=max_turns).new_state()
        rng = random.Random(seed)
        while not s.is_terminal:
            assert s.reason is None
            s = s.apply(sample_chance(s, rng) if s.is_chance else rng.choice(s.legal_actions()))
        assert s.reason in reasons
        seen.add(s.reason)
    assert "turn_limit" in seen and seen & {"last_standing", "full_open"}


def test_the_evolution_challenge_says_its_odds():
    """「真・イスルギへの進化に挑戦（成功 20%）」: the chance that its roll shows the special eye."""
    from asobiba.games.gandice import actions as A
    from asobiba.games.gandice.dice import SPECIAL

    rng = random.Random(4)
    for _ in range(40):
        s = game(decks=("shingan", "yami"), first="p1").new_state()
        while not s.is_terminal:
            evolve = [a for a in s.legal_actions() if not s.is_chance and A.split(a)[0] == A.EVOLVE]
            if evolve:
                said = move_words(s, evolve[0])
                p = sum(q for roll, q in s.apply(evolve[0]).chance_outcomes() if A.split(roll)[1] == SPECIAL)
                shown = f"{100 * p:.1f}".removesuffix(".0") + "%"
                assert f"（成功 {shown}）" in said.text.ja and f"(succeeds {shown})" in said.text.en
                return
            s = s.apply(sample_chance(s, rng) if s.is_chance else rng.choice(s.legal_actions()))
    raise AssertionError("no evolution challenge came up")
