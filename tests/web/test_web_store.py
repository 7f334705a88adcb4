"""Storage: where the database lives, WAL mode, and games surviving a restart of the app."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from asobiba.core.registry import make_game
from asobiba.web.app import create_app
from asobiba.web.seats import Seat
from asobiba.web.store import PLAYING, Revision, StaleGame, Store, StoredGame, StoredMove, resolve_db_url


def test_db_argument_forms(tmp_path: Path) -> None:
    assert resolve_db_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert resolve_db_url("postgresql+psycopg2://u@h/db") == "postgresql+psycopg2://u@h/db"
    url = resolve_db_url(str(tmp_path / "sub" / "games.db"))
    assert url == f"sqlite:///{tmp_path / 'sub' / 'games.db'}"
    assert (tmp_path / "sub").is_dir()


def test_default_database_is_in_the_user_data_directory(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    url = resolve_db_url(None)
    assert url == f"sqlite:///{tmp_path / 'xdg' / 'asobiba' / 'asobiba.sqlite3'}"
    assert (tmp_path / "xdg" / "asobiba").is_dir()


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    store = Store(resolve_db_url(str(tmp_path / "w.db")))
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()


def test_games_survive_a_restart_of_the_app(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        gid = client.post(
            "/api/games", json={"game": "diamond", "seats": [{"type": "human"}] * 2}
        ).json()["id"]
        state = make_game("diamond").new_state()
        client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[3]})
        before = client.get(f"/api/games/{gid}").json()
    with TestClient(create_app(db_url)) as client:
        assert client.get(f"/api/games/{gid}").json() == before


def test_a_pending_computer_move_is_played_after_a_restart(db_url: str) -> None:
    """A game stored with the computer to move (the server died while it was thinking)."""
    store = Store(db_url)
    store.submit(store.create(
        StoredGame(
            id="0000000a0001", game="diamond", options={}, seed=1, status=PLAYING, result=None,
            seats=[Seat.computer("intro"), Seat.person()], start=None,
            source="play", meta={}, created=time.time(), updated=time.time(),
        )
    ))
    store.close()
    with TestClient(create_app(db_url)) as client:
        for _ in range(100):
            data = client.get("/api/games/0000000a0001").json()
            if data["moves"]:
                break
            time.sleep(0.05)
    assert len(data["moves"]) == 1 and data["to_move"] == "yellow"


def test_stored_moves_match_memory_after_moves_undo_and_restart(db_url: str) -> None:
    seats = [{"type": "human"}, {"type": "computer", "level": "intro"}]
    with TestClient(create_app(db_url)) as client:
        gid = client.post("/api/games", json={"game": "diceout", "seats": seats, "seed": 9}).json()["id"]
        for step in range(4):
            data = client.get(f"/api/games/{gid}").json()
            if data["status"] != "playing":
                break
            state = make_game("diceout").state_from_json(data["position"])
            client.post(f"/api/games/{gid}/moves?wait=true", json={"action": state.legal_actions()[0]})
            if step == 2:
                client.post(f"/api/games/{gid}/undo")
        before = client.get(f"/api/games/{gid}").json()
    store = Store(db_url)
    with store.engine.connect() as conn:
        plies = [r[0] for r in conn.execute(
            text("SELECT ply FROM moves WHERE game_id = :gid ORDER BY ply"), {"gid": gid})]
    store.close()
    assert plies == list(range(len(before["moves"])))
    with TestClient(create_app(db_url)) as client:
        assert client.get(f"/api/games/{gid}").json() == before


def test_a_game_stored_before_an_option_existed_plays_on_as_it_was(db_url: str) -> None:
    """A Dice Out game stored before placing became a decision has no ``placement`` key and was
    set up by the ordered roll: it loads with the value it was played under and goes on."""
    game = make_game("diceout", {"placement": "rolled"})
    state = game.new_state()
    roll = state.chance_outcomes()[0][0]
    options = {k: v for k, v in game.options.to_dict().items() if k != "placement"}
    store = Store(resolve_db_url(db_url))
    store.submit(store.create(StoredGame(
        id="01d0000e0001", game="diceout", options=options,
        seats=[Seat.person(), Seat.person()], seed=1, status=PLAYING, result=None,
        start=None, source="play", meta={}, created=time.time(), updated=time.time(),
        moves=[StoredMove(roll, state.action_to_notation(roll))],
    )))
    store.close()
    with TestClient(create_app(db_url)) as client:
        data = client.get("/api/games/01d0000e0001").json()
        assert data["options"]["placement"] == "rolled" and data["moves"][0].startswith("setup ")
        after = state.apply(roll)
        move = after.action_to_notation(after.legal_actions()[0])
        played = client.post("/api/games/01d0000e0001/moves", json={"move": move},
                             headers={"Authorization": "Bearer any"})  # keyless: any token acts
        assert played.status_code == 200 and played.json()["moves"][-1] == move


def _two_seats(game_id: str) -> StoredGame:
    return StoredGame(id=game_id, game="diamond", options={}, seed=1, status=PLAYING, result=None,
                      seats=[Seat.person(), Seat.person()], start=None, source="play", meta={},
                      created=time.time(), updated=time.time())


def test_a_change_on_a_version_another_process_moved_past_stores_nothing(db_url: str) -> None:
    """Two stores on one database (two server processes): the same move made by both on version 0
    is accepted once, by the database; the loser's whole write (moves, status) is refused."""
    first, second = Store(db_url), Store(db_url)
    try:
        first.submit(first.create(_two_seats("race"))).result()
        state = make_game("diamond").new_state()
        move = StoredMove(state.legal_actions()[0], "first")
        first.submit(first.append("race", 0, [move], PLAYING, None, Revision(0, 1))).result()
        with pytest.raises(StaleGame):
            second.submit(second.append("race", 0, [StoredMove(move.action, "second")], PLAYING,
                                        None, Revision(0, 1))).result()
        with pytest.raises(StaleGame):  # and any other change made on version 0
            second.submit(second.truncate("race", 0, PLAYING, None, Revision(0, 1))).result()
        second.submit(second.append("race", 1, [StoredMove(1, "next")], PLAYING, None,
                                    Revision(1, 2))).result()
        stored = second.load("race")
        assert stored is not None and stored.version == 2
        assert [m.notation for m in stored.moves] == ["first", "next"]
    finally:
        first.close()
        second.close()


def test_in_one_group_commit_only_the_losing_change_fails(db_url: str) -> None:
    store = Store(db_url)
    try:
        for game_id in ("one", "two"):
            store.submit(store.create(_two_seats(game_id))).result()
        writes = [store.submit(store.append(*change)) for change in (
            ("one", 0, [StoredMove(1, "a")], PLAYING, None, Revision(0, 1)),
            ("two", 0, [StoredMove(1, "b")], PLAYING, None, Revision(5, 6)),
            ("one", 1, [StoredMove(2, "c")], PLAYING, None, Revision(1, 2)))]
        outcomes = [type(w.exception(10)).__name__ for w in writes]
        assert outcomes == ["NoneType", "StaleGame", "NoneType"]
        assert [m.notation for m in store.load("one").moves] == ["a", "c"]  # type: ignore[union-attr]
        assert store.load("two").moves == []  # type: ignore[union-attr]
    finally:
        store.close()


def test_a_takeback_request_is_stored_with_the_game(db_url: str) -> None:
    """Another process (here: a fresh app on the same database) sees the request and may answer it."""
    with TestClient(create_app(db_url)) as client:
        gid, red, white = _asked(client)
    with TestClient(create_app(db_url)) as other:
        assert other.get(f"/api/games/{gid}").json()["takeback"] == {"by": [0], "waiting": [1]}
        granted = other.post(f"/api/games/{gid}/takeback", json={"accept": True}, headers=white).json()
        assert granted["plies"] == 0 and granted["takeback"] is None  # red's move and what followed


def _asked(client: TestClient) -> tuple[str, dict[str, str], dict[str, str]]:
    """A game of two devices in which red asked to take its move back: its id, red's and white's
    authorization headers."""
    body = {"game": "diamond", "seats": [{"type": "human"}, {"type": "invite"}]}
    created = client.post("/api/games", json=body).json()
    gid, red = created["id"], {"Authorization": f"Bearer {created['token']}"}
    invite = created["seats"][1]["invite"].rsplit("/", 1)[1]
    white_token = client.post(f"/api/games/{gid}/seats/1/join", json={"invite": invite}).json()["token"]
    white = {"Authorization": f"Bearer {white_token}"}
    for who in (red, white):
        state = make_game("diamond").state_from_json(client.get(f"/api/games/{gid}").json()["position"])
        client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]}, headers=who)
    asked = client.post(f"/api/games/{gid}/undo", headers=red).json()
    assert asked["takeback"] == {"by": [0], "waiting": [1]}
    return gid, red, white


def test_a_games_table_of_an_older_version_gets_its_new_columns(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = Store(url)
    store.submit(store.create(_two_seats("old"))).result()
    with store.engine.begin() as conn:
        conn.execute(text("ALTER TABLE games DROP COLUMN version"))
        conn.execute(text("ALTER TABLE games DROP COLUMN takeback"))
    store.close()
    store = Store(url)
    stored = store.load("old")
    store.close()
    assert stored is not None and stored.version == 0 and stored.takeback is None


def test_a_lease_is_held_by_one_process_until_given_up_or_run_out(db_url: str) -> None:
    store = Store(db_url)
    try:
        assert store.take_lease("g", "move", "a", 30)
        assert not store.take_lease("g", "move", "b", 30)  # held
        assert store.take_lease("g", "hint:0", "b", 30)  # another lease of the game
        assert store.take_lease("g", "move", "a", 30)  # its holder keeps it
        store.drop_lease("g", "move", "a")
        assert store.take_lease("g", "move", "b", 0.2)
        time.sleep(0.3)  # b died: its lease ran out
        assert store.take_lease("g", "move", "a", 30)
        store.set_presence("g", "a", [0], 30)
        store.set_presence("g", "b", [1], 0.2)
        assert store.presence("g", "a") == {1} and store.presence("g", "b") == {0}
        time.sleep(0.3)
        assert store.presence("g", "a") == set()
        assert store.renew("a", 30) == ["g"]  # b's presence forgotten, the game named
        store.forget("a")
        assert store.take_lease("g", "move", "b", 30) and store.presence("g", "b") == set()
    finally:
        store.close()
