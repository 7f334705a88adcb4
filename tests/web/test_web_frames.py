"""Delta frames (docs/protocol.md, "Delta frames"): a protocol-2 client is sent the whole game once
and then what changed; applying the deltas of a game gives the game its whole state frames show,
a client that connects mid-game or misses a moment gets the whole state, the legal moves it is sent
compact are made whole (by the server's rules and the page's) as protocol 1 lists them, and the
page's picture from deltas is the one a whole state draws."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobiba.core.registry import game_ids, make_game
from asobiba.web import frames
from asobiba.web.seats import Seat
from asobiba.web.sockets import Connection
from asobiba.web.store import PLAYING, StoredGame
from asobiba.web.table import Table
from asobiba.web.view import StateFrame, _legal, compact_moves, dumps, full

HUMAN = {"type": "human"}
DICE_OUT = {"game": "diceout", "options": {"declare": "manual"}, "seats": [HUMAN, HUMAN], "seed": 4}


def table_of(game_id: str, options: dict) -> Table:
    game = make_game(game_id, options)
    stored = StoredGame(id="f00d", game=game.id, options=game.options.to_dict(),
                        seats=[Seat.person() for _ in range(game.num_players)], seed=7, status=PLAYING,
                        result=None, start=None, source="play", meta={}, created=0.0, updated=0.0)
    return Table(stored, game, game.new_state())


def whole(text: str) -> dict:
    frame = json.loads(text)
    assert frame["type"] == "state"
    return frame["game"]


def received(game: dict) -> dict:
    """A protocol-2 frame's game with its legal moves made whole, as the page takes it."""
    return {**game, "legal": frames.expand_moves(game["legal"])} if "legal" in game else game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(game_ids()),
       steps=st.lists(st.integers(min_value=-3, max_value=200), min_size=1, max_size=25))
def test_the_deltas_of_a_random_game_applied_to_its_first_state_give_its_last(game_id, steps) -> None:
    """Each step plays the n-th legal move (chance and forced passes as the table plays them), or,
    when negative, takes that many plies back: every kind of change a game sees. The protocol-2
    client, its legal moves made whole, has the game a protocol-1 client is sent at every moment."""
    table = table_of(game_id, {})
    seats = (0,)
    first = moment = StateFrame(full(table, present={0}), 1)
    seen = received(whole(first.text(seats, protocol=2)))
    assert seen == whole(first.text(seats))
    for n, step in enumerate(steps, start=2):
        if step < 0:
            table.truncate(max(0, table.plies + step))
        elif not table.finished:
            if table.chance_to_move():
                table.play_stored(table.chance_action())
            else:
                action = table.forced_pass()
                legal = table.state.legal_actions()
                table.play_stored(action if action is not None else legal[step % len(legal)])
        game = full(table, thinking=step % 2 == 0, present={0} if step % 3 else set())
        moment = StateFrame(game, n, moment)
        delta = json.loads(moment.text(seats, since=n - 1, protocol=2))
        assert delta["type"] == "delta" and delta["base"] == n - 1 and delta["v"] == n
        seen = frames.apply(seen, received(delta["game"]))
        assert seen == whole(moment.text(seats)) == received(whole(moment.text(seats, protocol=2)))


def positions(game_id: str, seed: int, plies: int = 40) -> Iterator[Table]:
    """The table of a game of random moves (chance as the table draws it) at each ply a person is
    to move, up to ``plies``."""
    rng = random.Random(seed)
    table = table_of(game_id, {})
    for _ in range(plies):
        if table.finished:
            return
        if table.chance_to_move():
            table.play_stored(table.chance_action())
            continue
        yield table
        table.play_stored(rng.choice(table.state.legal_actions()))


@pytest.mark.parametrize("game_id", game_ids())
def test_compact_legal_moves_made_whole_are_the_moves_protocol_1_lists(game_id) -> None:
    """Through JSON, as a client reads them, in random positions of every game; protocol 1 is sent
    the moves themselves."""
    for seed in range(3):
        for table in positions(game_id, seed):
            legal = _legal(table)
            sent = json.loads(dumps(compact_moves(legal)))
            assert frames.expand_moves(sent) == legal
            assert len(dumps(sent)) < len(dumps(legal)) or not legal
            mover = (table.state.current_player,)
            assert whole(StateFrame(full(table), 1).text(mover))["legal"] == legal


PARTS = st.lists(st.sampled_from(["<a", "<b", "<c", "</g>", "d"]))


@given(old=PARTS, new=PARTS)
def test_splices_turn_any_parts_into_any_others(old, new) -> None:
    parts = list(old)
    for at, count, added in frames.splices(old, new):
        parts[at:at + count] = added
    assert parts == new


def test_a_nested_key_that_looks_like_a_mark_is_sent_whole() -> None:
    before, after = {"a": {"-x": 1, "y": 2}}, {"a": {"-x": 1, "y": 3}}
    assert frames.changes(before, after) == {"a": {"-x": 1, "y": 3}}
    assert frames.apply(before, frames.changes(before, after)) == after


def test_a_moment_is_whole_for_a_client_that_was_not_sent_the_one_before() -> None:
    table = table_of("diceout", {})
    before = StateFrame(full(table), 5)
    table.play_stored(table.chance_action())
    after = StateFrame(full(table), 6, before)
    assert json.loads(after.text((0,), since=5))["type"] == "delta"
    for since in (None, 4, 6):
        assert json.loads(after.text((0,), since=since))["type"] == "state"
    assert json.loads(StateFrame(full(table), 7).text((0,), since=6))["type"] == "state"


# -- over the socket ------------------------------------------------------------------------------

def deltas_socket(client, gid: str, token: str):
    return client.websocket_connect(f"/ws/games/{gid}", subprotocols=[frames.SUBPROTOCOL, f"token.{token}"])


def play(ws, game: dict) -> None:
    move = next(m for m in game["legal"] if m["verb"] is None)
    ws.send_text(json.dumps({"type": "move", "action": move["action"], "ply": game["plies"]}))


def test_a_protocol_2_client_follows_the_game_by_deltas_and_a_late_one_gets_the_whole(client) -> None:
    gid = client.post("/api/games", json=DICE_OUT).json()["id"]
    token = client.holder.tokens[gid]
    with deltas_socket(client, gid, token) as ws:
        assert ws.accepted_subprotocol == frames.SUBPROTOCOL
        first = ws.receive_json()
        assert first["type"] == "state"
        game, moment = received(first["game"]), first["v"]
        for _ in range(4):
            play(ws, game)
            delta = ws.receive_json()
            assert delta["type"] == "delta" and delta["base"] == moment
            game, moment = frames.apply(game, received(delta["game"])), delta["v"]
        with deltas_socket(client, gid, token) as late:  # connects mid-game: the whole state
            joined = late.receive_json()
            assert joined["type"] == "state"
            assert joined["game"]["plies"] == game["plies"] == 5
        ws.send_text('{"type": "sync"}')
        while (again := ws.receive_json())["type"] == "delta":  # the seat's second client came and went
            game = frames.apply(game, received(again["game"]))
        assert {k: v for k, v in received(again["game"]).items() if k not in frames.ONCE} == \
               {k: v for k, v in game.items() if k not in frames.ONCE}  # the options and meta came once


def test_a_client_that_misses_a_moment_asks_again_and_gets_the_whole_state(client) -> None:
    gid = client.post("/api/games", json=DICE_OUT).json()["id"]
    token = client.holder.tokens[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as old, deltas_socket(client, gid, token) as ws:
        assert old.receive_json()["type"] == "state"  # protocol 1: whole states only
        first = ws.receive_json()
        assert old.receive_json()["type"] == "state"  # the other device of the seats came
        play(ws, received(first["game"]))
        missed = ws.receive_json()  # the page loses this one
        assert missed["base"] == first["v"]
        play(old, old.receive_json()["game"])
        delta = ws.receive_json()
        assert delta["base"] == missed["v"] != first["v"]  # not the moment the client has: it asks again
        ws.send_text('{"type": "sync"}')
        again = ws.receive_json()
        assert again["type"] == "state" and again["v"] == delta["v"]
        assert again["game"]["svg"] == old.receive_json()["game"]["svg"]
        assert again["game"]["plies"] == first["game"]["plies"] + 2


# -- the page -------------------------------------------------------------------------------------

@pytest.mark.browser
def test_the_page_draws_from_deltas_the_picture_a_whole_state_draws(page, server) -> None:
    body = {"game": "diceout", "options": {"placement": "rolled"}, "seats": [HUMAN, HUMAN], "seed": 9}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(str(payload))))
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("#board svg")
    for _ in range(6):
        game = server.api("GET", f"/api/games/{gid}").json()
        state = make_game("diceout", game["options"]).state_from_json(game["position"])
        action = next(a for a in state.legal_actions() if state.action_to_notation(a) != "declare")
        server.api("POST", f"/api/games/{gid}/moves", json={"action": action}).raise_for_status()
    plies = server.api("GET", f"/api/games/{gid}").json()["plies"]
    page.wait_for_function(f"() => document.querySelectorAll('[data-role=moves] li').length === {plies}")
    assert sum('"type":"delta"' in text for text in received) >= 6
    time.sleep(1.0)  # the last move's animation
    by_deltas = page.locator("#board svg").evaluate("svg => svg.outerHTML")
    page.reload()
    page.wait_for_function(f"() => document.querySelectorAll('[data-role=moves] li').length === {plies}")
    time.sleep(1.0)
    assert page.locator("#board svg").evaluate("svg => svg.outerHTML") == by_deltas


@pytest.mark.browser
def test_the_page_makes_compact_legal_moves_whole_as_protocol_1_lists_them(page, server) -> None:
    """The page's rules (legalmoves.js) against the server's, on positions of every game."""
    sent, lists = [], []
    for game_id in game_ids():
        for k, table in enumerate(positions(game_id, seed=1)):
            if k % 4 == 0:
                legal = _legal(table)
                sent.append(json.loads(dumps(compact_moves(legal))))
                lists.append(legal)
    page.goto(server.url)
    made = page.evaluate("""async (sent) => {
        const { expandMoves } = await import("/static/js/legalmoves.js");
        return sent.map(expandMoves);
    }""", sent)
    assert made == lists


def test_a_delta_waiting_for_a_slow_client_is_replaced_by_the_whole_newer_state() -> None:
    """A client that has not taken its frames is sent the newest moment whole (it never got the
    one the next delta follows), and a delta again once it has taken a moment."""
    rooms = SimpleNamespace(seats_of=lambda game_id, listener: (0,))
    websocket = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(rooms=rooms)),
                                scope={"subprotocols": [frames.SUBPROTOCOL]})
    connection = Connection(websocket, "f00d")  # type: ignore[arg-type]
    table = table_of("diceout", {})
    moments = [StateFrame(full(table), 1)]
    for v in (2, 3):
        table.play_stored(table.chance_action() if table.chance_to_move() else table.state.legal_actions()[0])
        moments.append(StateFrame(full(table), v, moments[-1]))

    def queued() -> list[tuple[str, int | None]]:
        return [(json.loads(text)["type"], moment) for text, _, _, moment in connection.outbox.frames]

    def send(moment: StateFrame) -> None:  # it waits for nothing: one step runs it to the end
        with pytest.raises(StopIteration):
            connection.send(moment).send(None)

    send(moments[0])  # the first: whole, never replaced
    connection.outbox.frames.popleft()
    connection.outbox.sent = 1  # taken out to be sent
    send(moments[1])
    assert queued() == [("delta", 2)]
    send(moments[2])  # the delta from 2 would not apply: 2 never went out
    assert queued() == [("state", 3)]
