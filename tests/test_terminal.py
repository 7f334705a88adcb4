"""The terminal player: moves, '?', undo against the computer, save and load, hot-seat, the placing
of the rolled Dice Out dice (shown values, the other side's arrangement, typed orders), cells in any
spelling a move accepts, the last move on the board, and a finished game that stays open."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from asobiba.core import AsobibaError, Record, registry
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
    assert s.state.is_terminal and "first (only move / これしかない手): take 1" in out.getvalue()


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
    # a call-out follows the action it belongs to, on its line
    assert re.search(r"\n  🎲 roll \S+  眼魔召喚！\n", log)
    assert "ギダン[" not in log and "● summoned 召喚" in log  # states by marks, explained once


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


# -- '? CELL' reads cells as moves do ----------------------------------------------------------------
def game_session(game_id: str, lines: list[str], vs: str = "human", options=(), seed: int = 1,
                 **kw) -> tuple[TerminalSession, str]:
    buffer = io.StringIO()
    answers = iter(lines)

    def read(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    s = TerminalSession.create(game_id, list(options), vs, 1, seed,
                               console=Console(file=buffer, width=200), read_line=read, **kw)
    s.run()
    return s, buffer.getvalue()


def test_diamond_cells_are_read_in_every_spelling_a_move_takes() -> None:
    s, text = game_session("diamond", ["? 4,0", "?E5", "? (4, 0)", "? B1", "? x1", "? 9,9", "e5-f5-g5",
                                       "E5-F5"])
    lines = text.splitlines()
    assert lines.count("  e5-f5  e5-f4") == 3  # 4,0 and E5 and (4, 0) are e5
    assert "no legal moves from b1 / b1 から動ける手はありません" in text  # the man on b1 is hemmed in
    assert "error: 'x1' is not a cell (use a name like e3 or q,r) / 'x1' は穴の名前ではありません" in text
    assert "error: (9,9) is not a cell of the star" in text
    assert ("error: 'e5-f5-g5': a move names only where the piece starts and where it stops (e5-g5)"
            in text)
    assert s.record.to_json()["moves"][0]["notation"] == "e5-f5"  # only E5-F5 was played


def test_diamond_board_has_cell_numbers_and_marks_the_last_move() -> None:
    _, text = game_session("diamond", ["e5-f5"], vs="random")
    rows = text.splitlines()
    row_e = next(line for line in rows if line.startswith("e ") and "1 2 3 4 5 6 7 8 9 0 1 2 3" in line)
    assert row_e.endswith("1 2 3 4 5 6 7 8 9 0 1 2 3")  # the key of row e: e1..e13
    assert "  red (random)" not in text and "yellow (random):" in text
    last = text.rindex("yellow (random):")
    board = text[last:]
    assert board.count("[y]") == 1 and board.count("*") == 1 and board.count("[") == 1


def test_diceout_and_gandice_cells() -> None:
    _, text = game_session("diceout", ["? B1", "? z9"], options=["setup=fixed"])
    assert "\n  b1-b2  b1-c2  b1-a1  b1-a2\n" in text
    assert "'z9' is not a cell (board a1–e5)" in text
    _, text = game_session("gandice", ["? ギダン", "? gidan", "? nobody"], seed=2, vs="random")
    attacks = "  attack ギダン>イスルギ  attack ギダン>紅蓮のイスルギ  attack ギダン>青嵐のイスルギ"
    assert text.splitlines().count(attacks) == 2
    assert "no die is called 'nobody'" in text


# -- a finished game stays open -----------------------------------------------------------------------
def test_a_finished_game_can_be_saved_replayed_and_taken_back(tmp_path) -> None:
    path = tmp_path / "done.json"
    s, out = session(["take 2", "take 2", "moves", f"save {tmp_path}/no/dir.json", f"save {path}",
                      "replay", "", "b", "9", "q", "undo", "quit"], vs="human")
    s.run()
    text = out.getvalue()
    assert text.count("result / 結果: 1. second  2. first") == 1  # once, not also in the picture
    assert "error: the game is over / 対局は終わっています。" in text  # 'moves'
    assert "cannot save" in text and f"saved {path}" in text  # a failed save loses nothing
    assert Record.load(path).final_state().is_terminal
    replay = text[text.index("— replay 再生 0/3"):text.index("back to the game / 対局に戻ります")]
    assert [line.split(":")[0] for line in replay.splitlines() if line.startswith("— replay")] == [
        "— replay 再生 0/3", "— replay 再生 1/3", "— replay 再生 0/3", "— replay 再生 3/3"]
    assert "undone / 1手戻しました" in text and not s.match.finished  # back in play
    assert len(s.record.actions) == 2


def test_quit_end_of_input_and_ctrl_c_end_alike(tmp_path) -> None:
    endings = []
    for last in ("quit", None, KeyboardInterrupt):
        lines: list = ["take 1"] + ([last] if last is not None else [])
        buffer = io.StringIO()
        answers = iter(lines)

        def read(_prompt: str, answers=answers) -> str:
            line = next(answers, None)
            if line is None:
                raise EOFError
            if line is KeyboardInterrupt:
                raise KeyboardInterrupt
            return line

        s = TerminalSession.create("toynim", ["max_take=2"], "human", 1, 3,
                                   console=Console(file=buffer, width=100), read_line=read)
        s.run()
        endings.append(buffer.getvalue().strip().splitlines()[-2:])
    assert endings[0] == endings[1] == endings[2] == [
        "not saved: 'save FILE' before quitting keeps a game / この対局は保存していません", "bye / またね"]
    s, out = session([f"save {tmp_path}/g.json", "quit"], vs="human")
    s.run()
    assert "not saved" not in out.getvalue().split("saved")[-1] and out.getvalue().endswith("bye / またね\n")


def test_hint_explains_its_value() -> None:
    _, text = game_session("diceout", ["hint"], options=["setup=fixed"])
    assert "赤 Red: about " in text and "% to win (a draw counts half) / 勝つ見込み 約" in text
    assert "value 0." not in text


# -- starting from a record ----------------------------------------------------------------------------
def test_a_record_is_a_position_and_load_takes_a_ply(tmp_path) -> None:
    path = tmp_path / "g.json"
    s, _ = session(["take 1", "take 1", f"save {path}", "quit"], vs="human")
    s.run()
    from_record, _ = session(["quit"], vs="human", position=path)
    from_record.run()
    assert from_record.state == s.state and from_record.record.actions == []
    earlier, _ = session(["quit"], vs="human", position=path, ply=1)
    earlier.run()
    assert earlier.state == s.match.states[1]
    resumed, _ = session(["quit"], vs="human", load=path, ply=2)
    resumed.run()
    assert resumed.record.actions == s.record.actions[:2]
    with pytest.raises(AsobibaError, match="the record has 3 plies"):
        session([], vs="human", load=path, ply=4)
