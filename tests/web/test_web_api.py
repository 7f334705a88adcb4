"""The HTTP contract of the web table (docs/protocol.md, "HTTP API")."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from asobiba.core.game import sample_chance
from asobiba.core.record import Record
from asobiba.core.registry import descriptor, descriptors, make_game
from asobiba.web.lobby import lobby_games

HUMAN = {"type": "human"}
JSON = {"Content-Type": "application/json"}


def computer(level: str = "intro") -> dict[str, str]:
    return {"type": "computer", "level": level}


def create(client: TestClient, game: str, options: dict | None = None, seats=None, seed=7) -> str:
    body = {"game": game, "options": options or {}, "seed": seed}
    if seats is not None:
        body["seats"] = seats
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    assert data["url"] == f"/game/{data['id']}"
    return data["id"]


def engine_state(data: dict):
    game = make_game(data["game"], data["options"])
    return game.state_from_json(data["position"])


def test_catalog_offers_both_games_with_option_specs_and_levels(client: TestClient) -> None:
    data = client.get("/api/catalog").json()
    games = {g["id"]: g for g in data["games"]}
    assert set(games) == {d.id for d in descriptors() if d.at_web_table}  # as their descriptors say
    assert {"diamond", "diceout", "gandice"} <= set(games)
    diamond_names = {o["name"] for o in games["diamond"]["options"]}
    assert {"players", "king", "pieces", "long_jump", "goal_block"} <= diamond_names
    assert {"rows", "declare", "first"} <= {o["name"] for o in games["diceout"]["options"]}
    assert 'data-cell="0,0"' in games["diamond"]["preview"]
    assert [lv["id"] for lv in data["levels"]] == ["intro", "weak", "normal", "strong", "strongest"]
    assert data["levels"][0]["ja"] == "入門"


def test_catalog_entries_are_read_from_the_descriptors(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for game_id, entry in games.items():
        declared = descriptor(game_id)
        assert entry["name"] == declared.name.to_json()
        assert entry["lobby"]["tagline"] == declared.lobby.tagline.to_json()
        assert entry["lobby"]["options"] == list(declared.lobby.options)
        assert entry["lobby"]["defaults"] == dict(declared.lobby.defaults)
        setup = make_game(game_id, entry["lobby"]["defaults"])  # the lobby starts from its defaults
        assert entry["setup"]["players"] == list(setup.player_names)
        assert set(entry["setup"]["players"]) <= set(entry["seats"])
    diceout = games["diceout"]
    assert diceout["seats"]["white"] == {"ja": "白", "en": "White"}
    assert {"id": "declare", "label": {"ja": "ダイスアウト！", "en": "Dice Out!"}} in diceout["verbs"]
    assert diceout["end_reasons"]["declared"]["en"] == "Dice Out was declared."
    assert diceout["solutions"] == {"option": "rows"}
    assert games["diamond"]["solutions"] is None and games["diamond"]["verbs"] == []


def test_the_catalog_is_built_once(client: TestClient) -> None:
    assert lobby_games() is lobby_games()
    assert client.get("/api/catalog").json() == client.get("/api/catalog").json()


def test_setup_reports_players_and_rejects_bad_options(client: TestClient) -> None:
    r = client.post("/api/setup", json={"game": "diamond", "options": {"players": 3}})
    assert r.json()["players"] == ["red", "yellow", "green"]
    assert r.json()["first"] == "red"
    bad = client.post("/api/setup", json={"game": "diamond", "options": {"players": 4}})
    assert bad.status_code == 400
    assert "players" in bad.json()["error"]


def test_game_json_has_the_contract_fields(client: TestClient) -> None:
    gid = create(client, "diamond", {"players": 3}, [HUMAN, HUMAN, HUMAN])
    data = client.get(f"/api/games/{gid}").json()
    assert {"id", "game", "options", "position", "moves", "status", "result"} <= set(data)
    assert data["moves"] == [] and data["status"] == "playing" and data["result"] is None
    start = make_game("diamond", {"players": 3}).new_state()
    assert data["position"] == start.to_json()


def test_dice_out_opening_roll_is_seeded_and_stored_as_a_move(client: TestClient) -> None:
    a = create(client, "diceout", seats=[HUMAN, HUMAN], seed=11)
    b = create(client, "diceout", seats=[HUMAN, HUMAN], seed=11)
    moves_a = client.get(f"/api/games/{a}").json()["moves"]
    assert len(moves_a) == 1 and moves_a[0].startswith("roll ")
    assert client.get(f"/api/games/{b}").json()["moves"] == moves_a
    state = make_game("diceout").new_state()
    expected = state.action_to_notation(sample_chance(state, random.Random("11/0")))
    assert moves_a == [expected]


def test_moves_by_notation_and_action_id_replay_in_the_engine(client: TestClient) -> None:
    gid = create(client, "diamond", {}, [HUMAN, HUMAN])
    first = client.get(f"/api/games/{gid}").json()
    state = engine_state(first)
    action = state.legal_actions()[0]
    r = client.post(f"/api/games/{gid}/moves", json={"move": state.action_to_notation(action)})
    assert r.status_code == 200, r.text
    after = state.apply(action)
    second = after.legal_actions()[-1]
    r = client.post(f"/api/games/{gid}/moves", json={"action": second, "ply": 1})
    data = r.json()
    assert data["moves"] == [state.action_to_notation(action), after.action_to_notation(second)]
    assert data["position"] == after.apply(second).to_json()


def test_the_computer_replies(client: TestClient) -> None:
    gid = create(client, "diamond", {}, [HUMAN, computer()])
    state = engine_state(client.get(f"/api/games/{gid}").json())
    r = client.post(f"/api/games/{gid}/moves?wait=true", json={"action": state.legal_actions()[0]})
    data = r.json()
    assert len(data["moves"]) == 2
    assert data["to_move"] == "red"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"move": "a1-q1"}, "a1-q1"),
        ({"move": ""}, "non-empty"),
        ({"action": "x"}, "integer"),
        ({"move": "e3-f4", "action": 3}, "exactly one"),
        ({"action": 10**9}, "not legal"),
    ],
)
def test_bad_moves_get_a_clear_error_and_change_nothing(
    client: TestClient, body: dict, message: str
) -> None:
    gid = create(client, "diamond", {}, [HUMAN, HUMAN])
    before = client.get(f"/api/games/{gid}").json()
    r = client.post(f"/api/games/{gid}/moves", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert client.get(f"/api/games/{gid}").json() == before


def test_refusals_people_read_come_in_both_languages(client: TestClient) -> None:
    gid = create(client, "diamond", {}, [HUMAN, HUMAN])
    illegal = client.post(f"/api/games/{gid}/moves", json={"action": 10**9}).json()
    assert illegal["text"]["en"] == illegal["error"]
    assert "この局面では指せません" in illegal["text"]["ja"]
    state = engine_state(client.get(f"/api/games/{gid}").json())
    stale = client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0], "ply": 5})
    assert stale.json()["error"] == "the move was sent for ply 5 but the game is at ply 0"
    assert "5手目" in stale.json()["text"]["ja"] and "0手目" in stale.json()["text"]["ja"]
    undo = client.post(f"/api/games/{gid}/undo").json()
    assert undo["text"] == {
        "ja": "戻せるあなたの手がありません。", "en": "there is no move of yours to take back",
    }
    syntax = client.post(f"/api/games/{gid}/moves", json={"move": ""}).json()
    assert "text" not in syntax  # said in English only: a script's mistake, not a person's


def test_malformed_json_stale_ply_and_computer_turn_are_refused(client: TestClient) -> None:
    gid = create(client, "diamond", {}, [computer(), HUMAN])
    r = client.post(f"/api/games/{gid}/moves", content=b"{not json", headers=JSON)
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    state = engine_state(client.get(f"/api/games/{gid}").json())
    if state.current_player == 0:  # the computer (red) has not moved yet: out of turn
        r = client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})
        assert r.status_code == 400
    two = create(client, "diamond", {}, [HUMAN, HUMAN])
    state = engine_state(client.get(f"/api/games/{two}").json())
    r = client.post(f"/api/games/{two}/moves", json={"action": state.legal_actions()[0], "ply": 5})
    assert r.status_code == 400 and "ply" in r.json()["error"]
    assert client.get(f"/api/games/{two}").json()["moves"] == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "diamond", "options": {"colour": "red"}}, "unknown option"),
        ({"game": "diceout", "options": {"rows": 12}}, "rows"),
        ({"game": "diamond", "seats": [HUMAN]}, "2 seats"),
        ({"game": "diamond", "seats": [HUMAN, {"type": "computer", "level": "god"}]}, "level"),
        ({"game": "diamond", "seats": [HUMAN, {"type": "robot"}]}, "type"),
        ({"game": "diamond", "extra": 1}, "unexpected"),
    ],
)
def test_bad_new_games_are_refused(client: TestClient, body: dict, message: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert client.held() == []


def test_unknown_game_id_is_404(client: TestClient) -> None:
    unknown = "0123456789ab"
    r = client.get(f"/api/games/{unknown}")
    assert r.status_code == 404 and unknown in r.json()["error"]
    assert client.post(f"/api/games/{unknown}/undo", headers={"Authorization": "Bearer x"}).status_code == 404
    assert client.post(f"/api/games/{unknown}/undo").status_code == 401  # no token: refused before the store
    assert client.post("/api/games/nope/undo").status_code == 404  # no game id: no route at all


def test_undo_against_the_computer_takes_back_two_moves(client: TestClient) -> None:
    gid = create(client, "diamond", {}, [HUMAN, computer()])
    state = engine_state(client.get(f"/api/games/{gid}").json())
    client.post(f"/api/games/{gid}/moves?wait=true", json={"action": state.legal_actions()[0]})
    data = client.post(f"/api/games/{gid}/undo").json()
    assert data["moves"] == [] and data["position"] == state.to_json()
    r = client.post(f"/api/games/{gid}/undo")
    assert r.status_code == 400 and "take back" in r.json()["error"]


def test_undo_between_people_takes_back_one_move(client: TestClient) -> None:
    gid = create(client, "diceout", seats=[HUMAN, HUMAN])
    state = engine_state(client.get(f"/api/games/{gid}").json())
    a = state.legal_actions()[0]
    client.post(f"/api/games/{gid}/moves", json={"action": a})
    b = state.apply(a).legal_actions()[0]
    client.post(f"/api/games/{gid}/moves", json={"action": b})
    data = client.post(f"/api/games/{gid}/undo").json()
    assert len(data["moves"]) == 2  # the set-up roll and the first move stay
    assert data["position"] == state.apply(a).to_json()


def test_resign_ends_the_game_with_the_resigner_last(client: TestClient) -> None:
    gid = create(client, "diamond", {"players": 3}, [HUMAN, computer(), computer()])
    data = client.post(f"/api/games/{gid}/resign").json()
    assert data["status"] == "finished"
    assert data["result"]["ranks"] == [3, 1, 1]
    assert data["result"]["resigned"] == ["red"]
    assert client.post(f"/api/games/{gid}/resign").status_code == 400
    assert client.post(f"/api/games/{gid}/undo").status_code == 400


def test_record_downloads_and_replays_after_upload(client: TestClient) -> None:
    gid = create(client, "diceout", seats=[HUMAN, computer()])
    for _ in range(3):
        data = client.get(f"/api/games/{gid}").json()
        state = engine_state(data)
        if data["status"] != "playing":
            break
        client.post(f"/api/games/{gid}/moves?wait=true", json={"action": state.legal_actions()[0]})
    r = client.get(f"/api/games/{gid}/record")
    assert "attachment" in r.headers["content-disposition"]
    record = Record.loads(r.text)
    final = client.get(f"/api/games/{gid}").json()
    assert record.final_state().to_json() == final["position"]
    assert [m["notation"] for m in r.json()["moves"]] == final["moves"]
    up = client.post("/api/records", content=r.text.encode(), headers=JSON)
    assert up.status_code == 201
    rid = up.json()["id"]
    assert up.json()["url"] == f"/replay/{rid}"
    replayed = client.get(f"/api/games/{rid}").json()
    assert replayed["moves"] == final["moves"] and replayed["status"] == "finished"
    frame = client.get(f"/api/games/{rid}/frames/1").json()
    assert frame["ply"] == 1 and "data-cell" in frame["svg"]
    assert client.get(f"/api/games/{rid}/frames/999").status_code == 404  # no such ply


def test_bad_uploads_are_refused(client: TestClient) -> None:
    r = client.post("/api/records", json={"format": "something else"})
    assert r.status_code == 400 and "record" in r.json()["error"]
    record = {"format": "asobiba-record/1", "game": "diceout", "options": {},
              "moves": [{"action": 5, "notation": "a1-a2"}]}
    r = client.post("/api/records", json=record)  # fits the schema: the rules refuse it (409)
    assert r.status_code == 409 and "move 1" in r.json()["error"]
    assert client.held() == []


def test_game_list_filters_by_status(client: TestClient) -> None:
    playing = create(client, "diamond", {}, [HUMAN, HUMAN])
    done = create(client, "diamond", {}, [HUMAN, HUMAN])
    assert client.post(f"/api/games/{done}/resign").status_code == 400  # one device, every seat: name one
    client.post(f"/api/games/{done}/resign", json={"seats": [0]})
    assert [g["id"] for g in client.held("?status=playing")] == [playing]
    assert [g["id"] for g in client.held("?status=finished")] == [done]
    assert client.post("/api/games/held?status=odd", json={"tokens": []}).status_code == 400


def test_manual_dice_out_is_declared_with_the_verb(client: TestClient, declarable_line) -> None:
    gid = create(client, "diceout", {"declare": "manual"}, [HUMAN, HUMAN], seed=5)
    r = client.post(f"/api/games/{gid}/verbs/declare")
    assert r.status_code == 400
    assert r.json() == {
        "error": "There is no Dice Out to declare now.",
        "text": {
            "ja": "いま宣言できるダイスアウトはありません。", "en": "There is no Dice Out to declare now.",
        },
    }
    for action in declarable_line(5):
        assert client.post(f"/api/games/{gid}/moves", json={"action": action}).status_code == 200
    declarer = client.get(f"/api/games/{gid}").json()["to_move"]
    data = client.post(f"/api/games/{gid}/verbs/declare").json()
    assert data["status"] == "finished"
    assert data["moves"][-1] == "declare"
    assert data["result"]["ranks"][data["players"].index(declarer)] == 1
    assert data["result"]["ending"] == "declared"
    again = client.post(f"/api/games/{gid}/verbs/declare")
    assert again.status_code == 400 and again.json()["text"]["ja"] == "対局は終わっています。"


def test_unknown_verbs_are_404(client: TestClient) -> None:
    gid = create(client, "diamond", {}, [HUMAN, HUMAN])
    r = client.post(f"/api/games/{gid}/verbs/declare")
    assert r.status_code == 404 and r.json()["error"] == "diamond has no verb 'declare' (its verbs: none)"
    dice = create(client, "diceout", {}, [HUMAN, HUMAN])
    r = client.post(f"/api/games/{dice}/verbs/jump")
    assert r.status_code == 404 and "declare, pass" in r.json()["error"]
    unknown = client.post("/api/games/nope/verbs/declare", headers={"Authorization": "Bearer x"})
    assert unknown.status_code == 404


def test_game_list_names_the_seats(client: TestClient) -> None:
    create(client, "diamond", {"players": 3}, [HUMAN, HUMAN, HUMAN])
    create(client, "diceout", {}, [HUMAN, HUMAN])
    listed = {g["game"]: g["players"] for g in client.held()}
    assert listed == {"diamond": ["red", "yellow", "green"], "diceout": ["red", "white"]}


def test_dice_out_set_up_by_the_roll_asks_the_first_then_the_second_player_to_place(
    client: TestClient,
) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    placement = next(o for o in games["diceout"]["options"] if o["name"] == "placement")
    assert placement["default"] == "choose" and set(placement["choices"]) == {"choose", "rolled"}
    gid = create(client, "diceout", seats=[HUMAN, HUMAN], seed=11)
    data = client.get(f"/api/games/{gid}").json()
    starter = data["to_move"]
    roll = data["moves"][0]
    assert roll.startswith("roll ") and roll.endswith(f"first:{starter}")
    first = engine_state(data)
    placing = first.action_to_notation(first.legal_actions()[-1])
    data = client.post(f"/api/games/{gid}/moves", json={"move": placing}).json()
    other = data["to_move"]
    assert other != starter and data["moves"][-1] == placing
    second = engine_state(data)
    assert all(second.action_to_notation(a).startswith("place ") for a in second.legal_actions())
    data = client.post(f"/api/games/{gid}/moves",
                       json={"move": second.action_to_notation(second.legal_actions()[0])}).json()
    assert data["to_move"] == starter  # both have placed: the starter makes the first move
    playing = engine_state(data)
    assert not playing.action_to_notation(playing.legal_actions()[0]).startswith("place")
