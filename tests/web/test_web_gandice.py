"""Gandice at the web table through its HTTP contract (docs/protocol.md, "Gandice for scripts"):
offered by its descriptor, decks given by id or whole, a player's own catalog as checked content
(never a path), the deck rules named in both languages, a seeded battle against the computer played
to its end whose record replays to the same result, the same dice after an undo, moves in words with
the call-outs, and the exact odds of every attack.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from asobiba.core.record import Record
from asobiba.core.registry import GAMES, make_game

HUMAN = {"type": "human"}
MINE = {"name": "マイデッキ", "dice": ["gidan", "gidan", "soga", "bugu-ra", "bugu-ra"]}
FITTED = """
[[die]]
id = "my-gidan"
name = "ギダン（手元）"
kind = "character"
family = "gidan"
estimate = false
outcomes = { stand = 2, side = 15, special = 22, "face:3" = 9 }
"""


def computer(level: str = "normal") -> dict[str, str]:
    return {"type": "computer", "level": level}


def create(client: TestClient, options: dict, seats: list, seed: int = 11) -> str:
    body = {"game": "gandice", "options": options, "seats": seats, "seed": seed}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def state_of(data: dict):
    return make_game("gandice", data["options"]).state_from_json(data["position"])


def play_out(client: TestClient, gid: str, seed: int, limit: int = 3000) -> dict:
    """Play random legal moves for every person's turn (the computer answers) until the end."""
    rng = random.Random(seed)
    data = client.get(f"/api/games/{gid}").json()
    for _ in range(limit):
        if data["status"] == "finished":
            return data
        seat = data["players"].index(data["to_move"]) if data["to_move"] else None
        if seat is None or data["seats"][seat]["type"] != "human":
            data = client.get(f"/api/games/{gid}").json()
            continue
        action = rng.choice(state_of(data).legal_actions())
        r = client.post(f"/api/games/{gid}/moves?wait=true", json={"action": action, "ply": data["plies"]})
        assert r.status_code == 200, r.text
        data = r.json()
    raise AssertionError("the battle did not end")


def test_the_catalog_offers_gandice_with_its_page_module(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    entry = games["gandice"]
    assert entry["client"] == "/static/games/gandice/client.js" and entry["odds"] is True
    assert entry["lobby"]["panel"] == ["decks", "additions"] and entry["lobby"]["options"] == ["players"]
    names = [o["name"] for o in entry["options"]]
    assert "catalog" not in names and {"players", "decks", "additions", "first"} <= set(names)
    assert entry["seats"]["p1"] == {"ja": "プレイヤー1", "en": "Player 1"}
    assert 'data-cell="d0"' in entry["preview"]
    module = client.get(entry["client"])
    assert module.status_code == 200 and "javascript" in module.headers["content-type"]
    assert client.get("/static/games/gandice/gandice.css").status_code == 200


def test_the_dice_catalog_service_gives_every_die_with_its_odds(client: TestClient) -> None:
    r = client.post("/api/services/gandice/catalog", json={})
    assert r.status_code == 200, r.text
    data = r.json()
    dice = {d["id"]: d for d in data["dice"]}
    assert len(data["outcomes"]) == 11
    assert data["outcomes"][3]["name"] == {"ja": "特殊目", "en": "the special eye"}
    for die in dice.values():
        assert sum(die["outcomes"].values()) == pytest.approx(1.0) and die["estimate"] is True
    assert dice["bugu-ra"]["bonus"] == 2 and dice["bugu-ra"]["kind"] == "weapon"
    assert dice["buo"]["fused"] is not None and sum(dice["buo"]["fused"].values()) == pytest.approx(1.0)
    assert {d["id"] for d in data["decks"]} >= {"yami", "isurugi", "chogan", "shingan"}
    assert data["rules"]["deck_size"] == 5 and data["rules"]["max_cards"] == 3
    own = client.post("/api/services/gandice/catalog", json={"toml": FITTED}).json()
    mine = {d["id"]: d for d in own["dice"]}["my-gidan"]
    assert mine["own"] is True and mine["estimate"] is False
    assert mine["outcomes"]["special"] == pytest.approx(22 / 48)


@pytest.mark.parametrize("body, words, status", [
    ({"toml": "[[die]\n"}, "malformed TOML", 400),
    ({"toml": FITTED.replace("my-gidan", "gidan")}, "already in the catalog", 400),
    ({"toml": "x" * 70_000}, "at most 65536", 400),
    ({"toml": 5}, "'toml' must be the text", 400),
    ({"path": "/etc/passwd"}, "unexpected field", 400),
    ([1, 2], "must be a JSON object", 400),
])
def test_a_bad_catalog_is_refused_in_one_line(client: TestClient, body, words: str, status: int) -> None:
    r = client.post("/api/services/gandice/catalog", json=body)
    assert r.status_code == status and words in r.json()["error"], r.text
    assert "\n" not in r.json()["error"]


def test_the_deck_service_names_the_rule_a_deck_breaks(client: TestClient) -> None:
    def check(deck: dict, toml: str | None = None) -> dict:
        r = client.post("/api/services/gandice/deck", json={"deck": deck, "toml": toml})
        assert r.status_code == 200, r.text
        return r.json()

    assert check(MINE) == {"ok": True}
    broken = check({**MINE, "dice": ["gidan", "soga"]})
    assert broken["ok"] is False
    assert broken["rule"] == {"ja": "デッキ「マイデッキ」: デッキはちょうど5個のダイスです（いま2個）",
                              "en": "deck 'マイデッキ': a deck is exactly 5 dice, not 2"}
    assert "キャラダイス" in check({**MINE, "dice": ["bugu-ra"] * 5})["rule"]["ja"]
    assert "3" in check({**MINE, "cards": ["card-buo"] * 4})["rule"]["en"]
    own = {**MINE, "dice": ["my-gidan", "soga", "bigara", "bugu-ra", "bugu-ra"]}
    assert check(own, FITTED) == {"ok": True}
    r = client.post("/api/services/gandice/deck", json={"deck": {**MINE, "dice": "gidan"}})
    assert r.status_code == 400 and "'dice' must be a list" in r.json()["error"]


def test_services_that_do_not_exist_are_not_found(client: TestClient) -> None:
    assert client.post("/api/services/gandice/nope", json={}).status_code == 404
    assert client.post("/api/services/diamond/catalog", json={}).status_code == 404
    assert client.post("/api/services/nogame/catalog", json={}).status_code == 404


def test_the_catalog_path_is_never_taken_from_the_web(client: TestClient) -> None:
    """A file on the server named as the catalog is refused before anything reads it."""
    bad = {"players": 2, "catalog": "/etc/passwd"}
    for path, body in (
        ("/api/setup", {"game": "gandice", "options": bad}),
        ("/api/games", {"game": "gandice", "options": bad, "seats": [HUMAN, HUMAN]}),
        ("/api/records", {"format": "asobiba-record/1", "game": "gandice", "options": bad, "moves": []}),
    ):
        r = client.post(path, json=body)
        assert r.status_code == 400, (path, r.text)
        assert "options.catalog: names a file on the server" in r.json()["error"]
    empty = {"game": "gandice", "options": {"catalog": None}}  # as the game's own options carry it
    assert client.post("/api/setup", json=empty).status_code == 200


def test_decks_by_id_or_whole_and_an_own_catalog_start_a_battle(client: TestClient) -> None:
    deck = {**MINE, "dice": ["my-gidan", "gidan", "soga", "bugu-ra", "bugu-ra"]}
    options = {"players": 3, "decks": [deck, "isurugi", "chogan"], "additions": FITTED}
    gid = create(client, options, [HUMAN, computer("intro"), computer("weak")])
    data = client.get(f"/api/games/{gid}").json()
    stored = data["options"]["decks"]
    assert stored[0].startswith("deck-") and stored[1:] == ["isurugi", "chogan"]
    assert any("ギダン（手元）" in line["words"]["ja"] for line in data["history"])
    empty = {"decks": [{**MINE, "dice": []}, "yami"]}
    r = client.post("/api/setup", json={"game": "gandice", "options": empty})
    assert r.status_code == 400 and r.json()["text"]["ja"].startswith("デッキ「マイデッキ」")


def test_a_seeded_battle_against_the_computer_is_played_to_its_end_and_replays(client: TestClient) -> None:
    options = {"players": 2, "decks": [MINE, "yami"], "max_turns": 60}
    gid = create(client, options, [HUMAN, computer("normal")], seed=2024)
    data = play_out(client, gid, seed=5)
    assert data["result"]["reason"] == "rules" and sorted(data["result"]["ranks"]) in ([1, 1], [1, 2])
    lines = data["history"]
    assert all(line["words"]["ja"] and line["words"]["en"] and line["kind"] for line in lines)
    calls = {line["callout"]["ja"] for line in lines if "callout" in line}
    assert all(line["callout"]["en"] for line in lines if "callout" in line)
    assert {"眼魔召喚！", "開眼！"} <= calls
    record = client.get(f"/api/games/{gid}/record").json()
    replayed = Record.from_json(record)
    assert replayed.final_state().ranks() == data["result"]["ranks"]
    up = client.post("/api/records", json=record)
    assert up.status_code == 201, up.text
    again = client.get(f"/api/games/{up.json()['id']}").json()
    assert again["result"]["ranks"] == data["result"]["ranks"] and again["moves"] == data["moves"]


def test_frames_carry_the_mat_laid_out_narrow_too(client: TestClient) -> None:
    """The mat is too wide for a phone held upright: the game's frames carry its narrow layout
    (``svg_narrow``, the same cells); a game that draws none sends no such field."""
    gid = create(client, {"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, HUMAN])
    frame = client.get(f"/api/games/{gid}/frames/0").json()
    cells = re.compile(r'data-cell="([^"]+)"')
    assert 'class="board gandice narrow"' in frame["svg_narrow"]
    assert sorted(cells.findall(frame["svg_narrow"])) == sorted(cells.findall(frame["svg"]))
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        assert "svg_narrow" in ws.receive_json()["game"]
    other = client.post("/api/games", json={"game": "diamond", "options": {}, "seats": [HUMAN, HUMAN]}).json()
    assert "svg_narrow" not in client.get(f"/api/games/{other['id']}/frames/0").json()


def test_undo_gives_the_same_dice_again(client: TestClient) -> None:
    gid = create(client, {"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, HUMAN], seed=99)
    data = client.get(f"/api/games/{gid}").json()
    attack = next(a for a in state_of(data).legal_actions() if a >= 1000)
    first = client.post(f"/api/games/{gid}/moves", json={"action": attack}).json()
    assert client.post(f"/api/games/{gid}/undo").status_code == 200
    second = client.post(f"/api/games/{gid}/moves", json={"action": attack}).json()
    assert second["moves"] == first["moves"] and second["plies"] == first["plies"]


def test_every_attack_has_its_exact_odds(client: TestClient) -> None:
    gid = create(client, {"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, HUMAN], seed=3)
    data = client.get(f"/api/games/{gid}").json()
    state = state_of(data)
    r = client.get(f"/api/games/{gid}/odds/{data['plies']}")
    assert r.status_code == 200, r.text
    moves = r.json()["moves"]
    attacks = [a for a in state.legal_actions() if a >= 1000]
    assert sorted(m["action"] for m in moves) == sorted(attacks) and attacks
    for move in moves:
        assert [o["id"] for o in move["odds"]] == ["win", "hold", "tie", "counter"]
        assert sum(o["p"] for o in move["odds"]) == pytest.approx(1.0)
        assert move["odds"][0]["label"]["ja"].startswith("勝ち")
    one = client.get(f"/api/games/{gid}/odds/{data['plies']}?action={attacks[0]}").json()["moves"]
    assert one == [m for m in moves if m["action"] == attacks[0]]
    assert client.get(f"/api/games/{gid}/odds/{data['plies']}?action=0").json()["moves"] == []  # resummon
    assert client.get(f"/api/games/{gid}/odds/{data['plies']}?action=999999").status_code == 400
    assert client.get(f"/api/games/{gid}/odds/0").json()["moves"] == []  # a roll: nothing to show
    assert client.get(f"/api/games/{gid}/odds/{data['plies'] + 1}").status_code == 404  # no such ply
    other = client.post("/api/games", json={"game": "diamond", "options": {}, "seats": [HUMAN, HUMAN]}).json()
    assert client.get(f"/api/games/{other['id']}/odds/0").status_code == 404


def test_legal_moves_are_choices_in_words_with_their_kind(client: TestClient) -> None:
    gid = create(client, {"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, HUMAN], seed=3)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        frame = ws.receive_json()
        assert frame["type"] == "state"
        legal = frame["game"]["legal"]
    kinds = {m["kind"] for m in legal}
    assert kinds == {"resummon", "attack"}
    attack = next(m for m in legal if m["kind"] == "attack")
    assert attack["from"] == attack["data"]["attacker"] and attack["to"] == attack["data"]["target"]
    assert "を攻撃" in attack["words"]["ja"] and " attacks " in attack["words"]["en"]
    assert 'data-die="d0"' in frame["game"]["svg"]


def _code_of_python(path: Path) -> str:
    """A module's code without its comments and docstrings: its names and other strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name | ast.Attribute | ast.alias):
            words.append(getattr(node, "id", None) or getattr(node, "attr", None) or node.name)
    return " ".join(words)


def _code_of_js(path: Path) -> str:
    """A script without its comments."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"(^|[^:\"'])//[^\n]*", r"\1", text)


def test_the_generic_web_code_names_no_game() -> None:
    """Gandice arrives through its descriptor: no generic web module (Python, scripts, styles,
    page) names a game in its code (docs/architecture.md, "Layers")."""
    web = Path(__file__).parents[2] / "asobiba" / "web"
    ids = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b", re.I)
    found = []
    for path in sorted(web.glob("*.py")):
        found += [f"{path.name}: {m}" for m in ids.findall(_code_of_python(path))]
    for path in sorted((web / "static").rglob("*")):
        if path.suffix in (".js", ".css", ".html"):
            found += [f"{path.name}: {m}" for m in ids.findall(_code_of_js(path))]
    assert found == []


def test_a_battle_with_an_own_catalog_survives_a_sigkill(server_factory, tmp_path: Path) -> None:
    """The server is killed (SIGKILL) mid-battle and started again on the same database: the battle,
    its own dice and decks included, goes on from where it was, and plays to its end."""
    first = server_factory(tmp_path / "gandice.sqlite3").start()
    deck = {**MINE, "dice": ["my-gidan", "gidan", "soga", "bugu-ra", "bugu-ra"]}
    body = {"game": "gandice", "options": {"decks": [deck, "isurugi"], "additions": FITTED, "max_turns": 40},
            "seats": [HUMAN, computer("weak")], "seed": 31}
    created = first.api("POST", "/api/games", json=body).json()
    gid, auth = created["id"], {"Authorization": f"Bearer {created['token']}"}
    rng = random.Random(2)

    def person_plays(server, data: dict) -> dict:
        action = rng.choice(state_of(data).legal_actions())
        r = server.api("POST", f"/api/games/{gid}/moves?wait=true", json={"action": action}, headers=auth)
        assert r.status_code == 200, r.text
        return r.json()

    data = first.api("GET", f"/api/games/{gid}").json()
    for _ in range(3):
        if data["status"] == "playing" and data["to_move"] == "p1":
            data = person_plays(first, data)
    first.kill()
    second = server_factory(first.db).start()
    again = second.api("GET", f"/api/games/{gid}").json()
    assert again["moves"][: len(data["moves"])] == data["moves"] and again["options"] == data["options"]
    for _ in range(2000):
        if again["status"] == "finished":
            break
        again = person_plays(second, again) if again["to_move"] == "p1" else second.api(
            "GET", f"/api/games/{gid}").json()
    assert again["status"] == "finished" and again["result"]["reason"] == "rules"


def test_odds_too_long_to_work_out_are_not_shown(client: TestClient, monkeypatch) -> None:
    """A forecast over its budget gives no odds (the page says they could not be worked out)."""
    from asobiba.games.gandice import forecast

    monkeypatch.setattr(forecast, "BUDGET", 10)
    gid = create(client, {"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, HUMAN], seed=5)
    data = client.get(f"/api/games/{gid}").json()
    assert client.get(f"/api/games/{gid}/odds/{data['plies']}").json()["moves"] == []
