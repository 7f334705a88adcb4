"""The terminal player: moves, '?', undo against the computer, save and load, hot-seat."""

from __future__ import annotations

import io

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
        "toynim", kw.pop("options", ["max_take=1"]), vs, kw.pop("seat", 1), kw.pop("seed", 3),
        console=Console(file=buffer, width=100), read_line=read, **kw,
    )
    return s, buffer


def test_plays_to_the_end_against_a_random_mover() -> None:
    # max_take=1: every move is forced, so the human just types "take 1" until the end
    s, out = session(["take 1"] * 5)
    s.run()
    state = s.state
    assert state.is_terminal
    assert "result / 結果" in out.getvalue()
    assert "🎲 pile" in out.getvalue()


def test_errors_are_reported_and_change_nothing() -> None:
    s, out = session(["take 7", "bogus", "quit"])
    s.run()
    text = out.getvalue()
    assert "error:" in text and "cannot read 'bogus'" in text
    assert len(s.record.actions) == 1  # only the chance roll


def test_undo_takes_back_the_computer_reply_too() -> None:
    s, out = session(["take 1", "undo", "quit"], options=["max_take=1"])
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
