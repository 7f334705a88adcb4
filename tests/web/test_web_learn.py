"""How to play over HTTP (docs/play.md, "How to play"): every game at the table lists its lessons,
the server replays the learner's moves from the lesson's own position and judges them, and every
part of a request is checked (the browser is hostile)."""

from __future__ import annotations

import pytest

from asobiba.core.lessons import solution
from asobiba.core.registry import descriptor, descriptors
from asobiba.web.learn import lesson_of

GAMES = [game.id for game in descriptors() if game.at_web_table]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_lists_lessons_in_both_languages(client, game: str) -> None:
    data = client.get(f"/api/learn/{game}").json()
    assert data["game"] == game and data["lessons"]
    for lesson in data["lessons"]:
        assert lesson["title"]["ja"] and lesson["title"]["en"] and lesson["text"]["en"]
        assert lesson["moves"] >= 1
    assert client.get(f"/learn/{game}").status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_every_game_serves_its_rules_map(client, game: str) -> None:
    """``GET /api/learn/{game}/rules``: the map in the order of the rules page, each entry naming
    lessons the game serves; the self-test's questions are marked."""
    rules = client.get(f"/api/learn/{game}/rules").json()
    lessons = client.get(f"/api/learn/{game}").json()["lessons"]
    ids = {lesson["id"] for lesson in lessons}
    assert rules and [rule["id"] for rule in rules] == [r.id for r in descriptor(game).rules]
    for rule in rules:
        assert set(rule) == {"id", "ja", "en", "lessons", "terms"} and rule["ja"] and rule["en"]
        assert rule["lessons"] and set(rule["lessons"]) <= ids
    assert [lesson["quiz"] for lesson in lessons][-2:] == [True, True]


def test_a_game_without_lessons_has_no_rules_map(client) -> None:
    answer = client.get("/api/learn/nosuch/rules")
    assert answer.status_code == 404 and "error" in answer.json()


@pytest.mark.parametrize("game", GAMES)
def test_the_first_lesson_is_done_by_its_solution_and_shows_a_board(client, game: str) -> None:
    first = client.get(f"/api/learn/{game}").json()["lessons"][0]["id"]
    start = client.post(f"/api/learn/{game}/{first}", json={"moves": []}).json()
    assert start["verdict"] == "playing" and "data-cell" in start["svg"] and start["legal"]
    moves = solution(lesson_of(game, first))
    assert moves is not None
    done = client.post(f"/api/learn/{game}/{first}", json={"moves": moves}).json()
    assert done["verdict"] == "done" and done["legal"] == []


def test_a_move_the_rules_forbid_gets_the_rule_and_a_legal_but_wrong_one_the_reason(client) -> None:
    """Diamond's first lesson: a step of the marked piece two holes away is no move (the rule is
    said); stepping another piece is a move that does not do the task (the lesson says why)."""
    url = "/api/learn/diamond/step"
    illegal = client.post(url, json={"moves": [], "attempt": {"from": "1,0", "to": "-1,0"}}).json()
    assert illegal["verdict"] == "illegal" and illegal["moves"] == []
    assert "隣" in illegal["say"]["ja"] and "neighbouring" in illegal["say"]["en"]
    start = client.post(url, json={"moves": []}).json()
    other = next(m for m in start["legal"] if m["from"] != "1,0")
    wrong = client.post(url, json={"moves": [other["action"]]}).json()
    assert wrong["verdict"] == "wrong" and wrong["say"]["en"]
    # a try that names a legal move is that move
    right = client.post(url, json={"moves": [], "attempt": {"from": "1,0", "to": "0,0"}}).json()
    assert right["verdict"] == "done" and right["last"]["to"] == "0,0"


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/learn/diamond/step", {"moves": [1, 2]}, 400),  # more moves than the lesson takes
    ("/api/learn/diamond/step", {"moves": [99999]}, 400),  # not legal there
    ("/api/learn/diamond/step", {"moves": [1.5]}, 400),
    ("/api/learn/diamond/step", {"moves": [True]}, 400),
    ("/api/learn/diamond/step", {"moves": [-1]}, 400),
    ("/api/learn/diamond/step", {"moves": list(range(17))}, 400),
    ("/api/learn/diamond/step", {"moves": [], "position": {}}, 400),  # positions never come in
    ("/api/learn/diamond/step", {"moves": [], "attempt": {"from": "x" * 33, "to": "1,0"}}, 400),
    ("/api/learn/diamond/step", {"moves": [], "attempt": {"from": 3, "to": "1,0"}}, 400),
    ("/api/learn/diamond/step", [], 400),
    ("/api/learn/diamond/nosuch", {"moves": []}, 404),
    ("/api/learn/nosuch/step", {"moves": []}, 404),
])
def test_hostile_requests_are_refused_in_one_line(client, path: str, body: object, status: int) -> None:
    response = client.post(path, json=body)
    assert response.status_code == status
    assert "\n" not in response.json()["error"]


def test_a_finished_lesson_takes_no_further_try(client) -> None:
    moves = solution(lesson_of("diamond", "step"))
    response = client.post("/api/learn/diamond/step",
                           json={"moves": moves, "attempt": {"from": "0,0", "to": "-1,0"}})
    assert response.status_code == 400


def test_an_unknown_game_has_no_learn_page(client) -> None:
    assert client.get("/learn/nosuch").status_code == 404
    assert client.get("/api/learn/nosuch").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_every_option_the_lobby_shows_is_named_by_its_game(client, game: str) -> None:
    """The page knows no game's options: each option of the catalog carries its label in both
    languages, and the values it names are values of the option."""
    entry = next(g for g in client.get("/api/catalog").json()["games"] if g["id"] == game)
    for spec in entry["options"]:
        assert spec["label"] and spec["label"]["ja"] and spec["label"]["en"], spec["name"]
        for named in spec["value_labels"]:
            assert spec["choices"] is None or named["value"] in spec["choices"], named
            assert named["label"]["ja"] and named["label"]["en"]


def test_the_dice_out_declaration_says_what_a_dice_out_is(client) -> None:
    entry = next(g for g in client.get("/api/catalog").json()["games"] if g["id"] == "diceout")
    declare = next(spec for spec in entry["options"] if spec["name"] == "declare")
    assert "ダイスアウトとは" in declare["ja"] and "A Dice Out is" in declare["en"]


def test_the_pages_words_name_no_game() -> None:
    """The how-to-play view, the option controls and the page's texts name no game, none of its
    options and none of its values: those words come from the server (docs/play.md, "How to
    play")."""
    from pathlib import Path

    from asobiba.core.registry import descriptor

    static = Path(__file__).parents[2] / "asobiba" / "web" / "static" / "js"
    words = set(GAMES)
    for game in GAMES:
        for spec in descriptor(game).game_class.options_class.specs().values():
            if spec.label is not None:
                words |= {spec.label.ja, spec.label.en}
            words |= {names.ja for names in spec.value_labels.values()}
    for name in ("learn.js", "options.js", "i18n.js"):
        code = "\n".join(line for line in (static / name).read_text(encoding="utf-8").splitlines()
                         if not line.lstrip().startswith(("//", "/**", "*")))
        # (a word of two letters, such as 先攻, may be the page's own too)
        found = sorted(word for word in words
                       if len(word) > 2 and (f'"{word}"' in code or f"'{word}'" in code))
        assert found == [], (name, found)


@pytest.mark.parametrize(("game", "lesson", "origin", "target", "said"), [
    ("diamond", "step", "0,0", "-1,0", "no piece of yours"),  # nothing of the mover's there
    ("diamond", "jump", "2,0", "1,0", "is taken"),  # onto a piece
    ("diamond", "forbidden_points", "-1,-2", "-2,-2", "another colour's point"),
    ("chinese_checkers", "step", "1,0", "1,0", "is taken"),
    ("diceout", "top_only", "c2", "c3", "on top of its stack"),  # the covered die
    ("diceout", "move", "c2", "c4", "one square only"),
    ("diceout", "climb", "c2", "d1", "higher than the value on top"),  # 1 → 2 onto a 3
])
def test_the_game_says_why_a_move_is_refused_when_it_can(client, game: str, lesson: str, origin: str,
                                                         target: str, said: str) -> None:
    answer = client.post(f"/api/learn/{game}/{lesson}",
                         json={"moves": [], "attempt": {"from": origin, "to": target}}).json()
    assert answer["verdict"] == "illegal" and said in answer["say"]["en"] and answer["say"]["ja"]
