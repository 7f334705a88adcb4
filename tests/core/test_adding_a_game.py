"""Adding a game is its own folder and one line in the registry: Toy Slide, a game that lives in
``tests/toy_games/slide``, registered by that line and nothing else, is listed and counted by the
command line, played in the terminal and by the arena, offered and played at the web table (its
options named in its own words), taught by its lesson at /learn/toyslide, and checked by the
conformance suite."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conformance.cases import cases
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import Record, registry
from asobiba.web.app import create_app
from asobiba.web.lobby import lobby_games

runner = CliRunner()
HUMAN = {"type": "human"}


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one line that adds the game."""
    monkeypatch.setitem(registry.GAMES, "toyslide", "toy_games.slide.descriptor")


@pytest.fixture
def web(registered: None, tmp_path: Path) -> Iterator[TestClient]:
    """The web table over a fresh SQLite file; its catalog, built once per process, is rebuilt
    with the game and again without it afterwards."""
    lobby_games.cache_clear()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")) as client:
        yield client
    lobby_games.cache_clear()


def test_unregistered_it_is_unknown() -> None:
    """Before its line is added, the game is nowhere."""
    result = runner.invoke(app, ["perft", "toyslide"])
    assert result.exit_code == 2 and "unknown game 'toyslide'" in result.stderr
    assert "toyslide" not in runner.invoke(app, ["games"]).stdout


def test_the_command_line_lists_it_and_counts_its_moves(registered: None) -> None:
    """Five cells: the roll puts the stone on c1..c4 (4); slides of 1 or 2 from there give
    1 + 2 + 2 + 2 = 7; then only the stones not yet home move on: 0 + 1 + 3 + 4 = 8."""
    assert "石すべり / Toy Slide" in runner.invoke(app, ["games"]).stdout
    result = runner.invoke(app, ["perft", "toyslide", "--depth", "3", "-o", "cells=5"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["1 4", "2 7", "3 8"]


def test_it_is_played_in_the_terminal(registered: None) -> None:
    """Against the computer with one-cell slides, typing every slide from the far end down
    plays the game to its end (the slides that are not ours or not legal are refused)."""
    slides = [f"c{cell}-c{cell - 1}" for cell in range(6, 0, -1)]
    result = runner.invoke(
        app, ["play", "toyslide", "-o", "max_step=1", "--vs", "random", "--seed", "3"],
        input="\n".join([*slides, "quit"]) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "石すべり / Toy Slide" in result.stdout
    assert "result / 結果" in result.stdout


def test_the_arena_plays_it(registered: None, tmp_path: Path) -> None:
    """A level (searching with the game's own evaluation) meets the random mover; every game is
    saved as a record that replays to its end."""
    result = runner.invoke(
        app, ["arena", "toyslide", "--agents", "normal,random", "--games", "4", "--workers", "1",
              "--json", "--records", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    [pair] = json.loads(result.stdout)["pairs"]
    assert (pair["a"], pair["b"], pair["games"]) == ("normal", "random", 4)
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    assert all(Record.load(path).final_state().is_terminal for path in records)


def test_the_web_table_offers_and_plays_it(web: TestClient) -> None:
    """The catalog lists it with its options and a preview picture; two people play a slide."""
    offered = {entry["id"]: entry for entry in web.get("/api/catalog").json()["games"]}
    entry = offered["toyslide"]
    assert entry["name"] == {"ja": "石すべり", "en": "Toy Slide"}
    assert [spec["name"] for spec in entry["options"]] == ["cells", "max_step", "start", "misere"]
    assert entry["lobby"]["options"] == ["cells", "max_step"]
    assert 'data-cell="c0"' in entry["preview"]
    cells, max_step = entry["options"][:2]
    assert cells["label"] == {"ja": "マスの数", "en": "Cells"}  # the lobby's words, from the game
    assert {"value": 2, "label": {"ja": "2マスまで", "en": "up to 2 cells"}} in max_step["value_labels"]
    body = {"game": "toyslide", "options": {"start": "far"}, "seats": [HUMAN, HUMAN], "seed": 1}
    created = web.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    token = {"Authorization": f"Bearer {created.json()['token']}"}  # the creator's seats
    played = web.post(f"/api/games/{created.json()['id']}/moves", json={"move": "c6-c4"}, headers=token)
    assert played.status_code == 200, played.text
    assert played.json()["moves"] == ["c6-c4"]
    assert played.json()["position"]["stone"] == 4


def test_its_lesson_is_served_and_judged(web: TestClient) -> None:
    """How to play it: its lesson, done by sliding the stone from c2 onto the goal, then its
    self-test of two questions, and its rules map."""
    assert web.get("/learn/toyslide").status_code == 200
    lesson, *quiz = web.get("/api/learn/toyslide").json()["lessons"]
    assert lesson["title"]["en"] == "Slide onto the goal" and not lesson["quiz"]
    assert [q["quiz"] for q in quiz] == [True, True]
    [rule] = web.get("/api/learn/toyslide/rules").json()
    assert rule["lessons"] == ["goal", "quiz_1", "quiz_2"]
    url = f"/api/learn/toyslide/{lesson['id']}"
    short = web.post(url, json={"moves": [], "attempt": {"from": "c2", "to": "c1"}}).json()
    assert short["verdict"] == "wrong" and short["say"]["en"].startswith("It did not reach")
    done = web.post(url, json={"moves": [], "attempt": {"from": "c2", "to": "c0"}}).json()
    assert done["verdict"] == "done"


def test_the_conformance_suite_checks_it(registered: None) -> None:
    """Its option sets come from its own option specs: the defaults, then each option's other
    values one at a time."""
    assert [str(case) for case in cases() if case.game_id == "toyslide"] == [
        "toyslide[defaults]",
        "toyslide[cells=3]",
        "toyslide[max_step=1]",
        "toyslide[start=far]",
        "toyslide[misere=True]",
        "toyslide[cells=12]",
        "toyslide[max_step=3]",
    ]
