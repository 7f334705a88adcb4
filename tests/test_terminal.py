"""The terminal player: moves, '?', undo against the computer, save and load, hot-seat, and the
placing of the rolled Dice Out dice (shown values, the other side's arrangement, typed orders)."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from asobiba.core import Record, registry
from asobiba.terminal import TerminalSession


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")


def session(lines: list[str], vs: str = "random", **kw) -> tuple[TerminalSession, io.StringIO]:
    buffer = io.StringIO()
    answers = iter(lines)

    def read(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    s = TerminalSession.create(
        "toynim", kw.pop("options", ["max_take=2"]), vs, kw.pop("seat", 1), kw.pop("seed", 3),
        console=Console(file=buffer, width=100), read_line=read, **kw,
    )
    return s, buffer


def test_plays_to_the_end_against_a_random_mover() -> None:
    s, out = session(["take 1"] * 5)
    s.run()
    assert s.state.is_terminal
    assert "result / 結果" in out.getvalue()
    assert "🎲 pile" in out.getvalue()


def test_a_forced_pass_plays_itself() -> None:
    # max_take=1: the person's only move takes no piece from a cell, so it is played for them
    s, out = session([], options=["max_take=1"])
    s.run()
    assert s.state.is_terminal and "first (pass / パス): take 1" in out.getvalue()


def test_errors_are_reported_and_change_nothing() -> None:
    s, out = session(["take 7", "bogus", "quit"])
    s.run()
    text = out.getvalue()
    assert "error:" in text and "cannot read 'bogus'" in text
    assert len(s.record.actions) == 1  # only the chance roll


def test_undo_takes_back_the_computer_reply_too() -> None:
    s, out = session(["take 1", "undo", "quit"])
    s.run()
    # chance roll only: the human move and the computer's reply were both taken back
    assert len(s.record.actions) == 1
    assert "undone" in out.getvalue()


def test_hot_seat_undo_is_one_move_and_save_load(tmp_path) -> None:
    path = tmp_path / "g.json"
    s, out = session(["take 1", "take 1", "undo", f"save {path}", "quit"], vs="human")
    s.run()
    assert len(s.record.actions) == 2  # roll + one move
    loaded = Record.load(path)
    assert loaded.actions == s.record.actions
    s2, _ = session([f"load {path}", "quit"], vs="human")
    s2.run()
    assert s2.record.actions == s.record.actions


def test_bad_seat() -> None:
    from asobiba.core import AsobibaError

    with pytest.raises(AsobibaError, match="--seat"):
        session([], seat=3)


def test_gandice_call_outs_appear_in_the_log() -> None:
    buffer = io.StringIO()
    s = TerminalSession.create(
        "gandice", [], "random", 1, 1, console=Console(file=buffer, width=100),
        read_line=lambda _prompt: "quit",
    )
    s.run()
    log = buffer.getvalue()
    assert "眼魔召喚！" in log
    assert log.index("眼魔召喚！") < log.index("🎲 roll")


# -- Dice Out: placing the rolled dice -----------------------------------------------------------
def diceout_session(lines, tmp_path=None, position=None, vs="human", seat=1, seed=3):
    """A Dice Out session reading ``lines``; a callable line gets the session and returns text."""
    buffer = io.StringIO()
    answers = iter(lines)
    holder: list[TerminalSession] = []

    def read(_prompt: str) -> str:
        try:
            line = next(answers)
        except StopIteration:
            raise EOFError from None
        return line(holder[0]) if callable(line) else line

    path = None
    if position is not None:
        path = tmp_path / "placing.json"
        path.write_text(json.dumps(position), encoding="utf-8")
    s = TerminalSession.create("diceout", [], vs, seat, seed, position=path,
                               console=Console(file=buffer, width=100), read_line=read)
    holder.append(s)
    return s, buffer


WHITE_PLACES = {"game": "diceout", "to_move": "white",
                "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]}, "stacks": {}}


def test_diceout_placings_are_listed_typed_and_shown(tmp_path) -> None:
    s, out = diceout_session(["moves", "?", "313", "place 3,1,2", "quit"], tmp_path, WHITE_PLACES)
    s.run()
    text = out.getvalue()
    assert "white to place 1,3,3 on b5 c5 d5" in text and "red rolled 1,2,3" in text
    assert text.count("place 1,3,3  place 3,1,3  place 3,3,1") == 2  # 'moves' and '?'
    assert "red to place 1,2,3 on b1 c1 d1" in text and "white placed 3,1,3" in text
    assert "5 [ .  ] W3    W1    W3   [ .  ]" in text  # white's arrangement stands on the board
    state = s.state
    assert state.current_player == 1 and state.to_json()["stacks"]["b1"] == [["red", 3]]


def test_diceout_placing_errors_name_the_rolled_values(tmp_path) -> None:
    s, out = diceout_session(["place 1,2,3", "quit"], tmp_path, WHITE_PLACES)
    s.run()
    assert "white rolled 1,3,3; line up exactly these values" in out.getvalue()
    assert s.state.phase == 4  # still placing


def _place_compactly(s: TerminalSession) -> str:
    """Type the last legal arrangement the short way (``312``), or quit once play has started."""
    state = s.state
    if state.to_json().get("rolled") is None:
        return "quit"
    return state.action_to_notation(state.legal_actions()[-1]).removeprefix("place ").replace(",", "")


@pytest.mark.parametrize("seed, white_starts", [(4, True), (2, False)])
def test_diceout_against_the_computer_the_person_places_after_the_roll(seed: int, white_starts: bool) -> None:
    s, out = diceout_session([_place_compactly, _place_compactly], vs="random", seed=seed)
    s.run()
    text = out.getvalue()
    assert "🎲 roll red:" in text
    notations = [m["notation"] for m in s.record.to_json()["moves"]]
    assert notations[0].startswith("roll ") and all(n.startswith("place ") for n in notations[1:3])
    before_red_places = text.split("red to place")[0]
    assert ("white (random): place" in before_red_places) == white_starts
    assert ("white placed" if white_starts else "white rolled") in text  # what red is shown


def test_undo_and_play_again_rolls_the_same_dice() -> None:
    s, _ = session(["take 1", "undo", "take 1", "quit"], vs="human")
    s.run()
    again, _ = session(["quit"], vs="human")
    again.run()
    assert s.record.actions[0] == again.record.actions[0]  # the roll comes from the seed and the ply


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path) -> None:
    s, out = session([f"save {tmp_path}/no/such/dir/x.json", "take 1", "quit"], vs="human")
    s.run()
    assert "error:" in out.getvalue() and "cannot save" in out.getvalue()
    assert len(s.record.actions) == 2  # the roll and the move after the failed save
