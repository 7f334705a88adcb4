"""CLI contracts on a toy game: perft lines, moves JSON, position JSON, records taken as positions,
one-line errors with exit status 2, files read only when regular; the study's folder, bench's words."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import registry

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")


def test_perft_prints_depth_count_lines() -> None:
    """Piles 3, 4, 5; depth 3 = (2 + 1) + (2 + 2) + (2 + 2) = 11 replies after two takes."""
    result = runner.invoke(app, ["perft", "toynim", "--depth", "3", "-o", "max_take=2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["1 3", "2 6", "3 11"]


def test_perft_from_a_position_with_option_override(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": "toynim", "options": {"max_take": 1}, "pile": 3}))
    assert runner.invoke(app, ["perft", "toynim", "--position", str(path), "-d", "1"]).stdout == "1 1\n"
    out = runner.invoke(app, ["perft", "toynim", "--position", str(path), "-d", "1", "-o", "max_take=3"])
    assert out.stdout == "1 3\n"


def test_moves_prints_json(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": "toynim", "pile": 5}))
    result = runner.invoke(app, ["moves", "toynim", "--position", str(path)])
    assert result.exit_code == 0
    moves = json.loads(result.stdout)
    assert [m["notation"] for m in moves] == ["take 1", "take 2"]
    assert set(moves[0]) == {"from", "to", "notation"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["perft", "chess"], "error: unknown game 'chess'"),
        (["perft", "toynim", "-o", "max_take=7"], "error: option max_take: 7 is above the maximum 3"),
        (["perft", "toynim", "-o", "colour=red"], "error: unknown option 'colour'"),
        (["moves", "toynim", "--position", "/nonexistent.json"], "error: cannot read /nonexistent.json"),
    ],
)
def test_user_errors_are_one_line_with_status_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_malformed_and_impossible_positions(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["moves", "toynim", "--position", str(bad)])
    assert result.exit_code == 2 and "malformed JSON" in result.stderr
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "diceout", "pile": 3}))
    result = runner.invoke(app, ["moves", "toynim", "--position", str(wrong)])
    assert result.exit_code == 2 and "not 'toynim'" in result.stderr
    negative = tmp_path / "neg.json"
    negative.write_text(json.dumps({"pile": -1}))
    result = runner.invoke(app, ["moves", "toynim", "--position", str(negative)])
    assert result.exit_code == 2 and "pile must be" in result.stderr


def test_games_without_a_solver_say_so_and_game_groups_mount_by_id() -> None:
    result = runner.invoke(app, ["solve", "toynim"])
    assert result.exit_code == 2 and result.stderr.strip() == "error: toynim has no solve command"
    result = runner.invoke(app, ["study", "nosuchgame"])
    assert result.exit_code == 2 and "unknown game 'nosuchgame'" in result.stderr
    listing = runner.invoke(app, ["games"]).stdout
    assert "toynim" in listing and "石取り / Toy Nim" in listing
    assert runner.invoke(app, ["gandice", "--help"]).exit_code == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["perft", "toynim", "--depth", "-1"], "error: Invalid value for '--depth'"),
        (["perft", "toynim", "--depth", "0"], "error: Invalid value for '--depth'"),
        (["perft", "toynim", "--depth", "abc"], "error: Invalid value for '--depth'"),
        (["arena", "toynim", "--agents", "random,random", "--games", "0"],
         "error: Invalid value for '--games'"),
        (["perft", "toynim", "--no-such-option"], "error: No such option"),
        (["serve", "--port", "99999"], "error: Invalid value for '--port'"),
        (["serve", "--port", "0"], "error: Invalid value for '--port'"),
        (["serve", "--public-url", "ftp://192.0.2.7"], "error: --public-url must be http"),
        (["serve", "--public-url", "http://192.0.2.7:8123/x/../y"], "error: --public-url names the site"),
        (["serve", "--public-url", "http://u:p@192.0.2.7"], "error: --public-url must not carry"),
        (["serve", "--public-url", "http://192.0.2.7:99999"], "error: --public-url 'http://192.0.2.7:9"),
    ],
)
def test_usage_errors_are_one_line_with_status_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "is not UTF-8 text"),
        (bytes(range(256)), "is not UTF-8 text"),
        (b"\x00\x00\x00", "malformed JSON"),
        (b"[" * 1000 + b"]" * 1000, "malformed JSON"),
        (b'{"pile": ' + b"9" * 5000 + b"}", "malformed JSON"),
        (b'{"pile": 1e400}', "malformed JSON"),
    ],
)
def test_hostile_position_files_are_one_line_errors(tmp_path, content: bytes, message: str) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(content)
    result = runner.invoke(app, ["moves", "toynim", "--position", str(path)])
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert len(result.stderr) < 400


def test_position_files_are_read_up_to_a_limit(tmp_path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (8 * 1024 * 1024 + 1) + b"{}")
    result = runner.invoke(app, ["moves", "toynim", "--position", str(big)])
    assert result.exit_code == 2 and "larger than 8 MB" in result.stderr


def test_only_regular_files_are_read(tmp_path) -> None:
    """A device, a FIFO with no writer or a folder is refused before reading: nothing blocks or runs
    on (a FIFO would otherwise wait for a writer forever)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", fifo, tmp_path):
        for command in (["moves", "toynim", "--position", str(path)],
                        ["play", "toynim", "--load", str(path)],
                        ["gandice", "catalog", "--catalog", str(path)],
                        ["gandice", "fit", "--tallies", str(path)]):
            result = runner.invoke(app, command)
            assert result.exit_code == 2, (command, result.output)
            assert result.stderr == f"error: cannot read {path}: not a regular file\n", command


def test_serve_refuses_a_port_in_use_before_announcing(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", "/nonexistent/x.db"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert result.stderr.count("\n") == 1 and "serving" not in result.stdout


def test_serve_masks_passwords_and_warns_off_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    import uvicorn

    from asobiba.web import server

    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port = probe.getsockname()[1]

    started: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: started.append(sockets))
    monkeypatch.setattr(server, "create_app", lambda url, **kwargs: None)
    monkeypatch.setattr(server, "check_db", lambda url: url)  # no database server here
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(port),
                                 "--db", "postgresql://u:s3cret@db.example/asobiba"])
    for sockets in started:
        for sock in sockets:  # type: ignore[attr-defined]
            sock.close()
    assert result.exit_code == 0, result.output
    assert "u:***@db.example" in result.stdout and "s3cret" not in result.output
    assert "warning" in result.stderr and "--allow-host" in result.stderr


def test_serve_lan_shows_the_address_and_its_qr_code(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``--lan`` listens on the address :func:`~asobiba.web.address.lan_address` chose and prints
    it with a QR code; here the choice is replaced by loopback, so nothing leaves this computer."""
    import socket

    import uvicorn

    from asobiba.web import server

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    made: list[dict] = []
    started: list[object] = []
    monkeypatch.setattr(server, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: started.append(sockets))
    monkeypatch.setattr(server, "create_app", lambda url, **kwargs: made.append(kwargs))
    db = str(tmp_path / "lan.sqlite3")
    result = runner.invoke(app, ["serve", "--lan", "--port", str(port), "--db", db])
    for sockets in started:
        for sock in sockets:  # type: ignore[attr-defined]
            assert sock.getsockname() == ("127.0.0.1", port)
            sock.close()
    assert result.exit_code == 0, result.output
    assert f"open http://127.0.0.1:{port}/" in result.stdout
    assert "▀" in result.stdout or "▄" in result.stdout  # the QR code, in block characters
    assert str(made[0]["public_url"]) == f"http://127.0.0.1:{port}"


# -- records wherever positions are taken; 'asobiba position' ------------------------------------------
@pytest.fixture
def record_file(tmp_path):
    """A toy record: the roll sets a pile of 4, first takes 1, second takes 2 (3 plies)."""
    from asobiba.core import Record, make_game

    game = make_game("toynim", {"max_take": 2})
    record = Record.new(game)
    record.actions = [104, 1, 2]
    path = tmp_path / "game.json"
    record.save(path)
    return path


def _moves(*args: str) -> list[str]:
    result = runner.invoke(app, ["moves", "toynim", *args])
    assert result.exit_code == 0, result.output
    return [m["notation"] for m in json.loads(result.stdout)]


def test_a_record_is_accepted_wherever_a_position_is(record_file, tmp_path) -> None:
    assert _moves("--position", str(record_file)) == ["take 1"]  # the final position: 1 stone
    assert _moves("--position", str(record_file), "--ply", "1") == ["take 1", "take 2"]
    assert _moves("--position", str(record_file), "--ply", "1", "-o", "max_take=3") == [
        "take 1", "take 2", "take 3"]  # options on the command line override the record's
    perft = runner.invoke(app, ["perft", "toynim", "--position", str(record_file), "--ply", "2", "-d", "2"])
    assert perft.stdout == "1 2\n2 3\n"  # 3 stones: take 1 or 2, then 2 + 1 replies
    played = runner.invoke(app, ["play", "toynim", "--position", str(record_file), "--ply", "1",
                                 "--vs", "human"], input="moves\nquit\n")
    assert played.exit_code == 0 and "take 1  take 2" in played.stdout


def test_position_prints_a_position_file(record_file, tmp_path) -> None:
    result = runner.invoke(app, ["position", "toynim", "--record", str(record_file), "--ply", "2"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"game": "toynim", "options": {"max_take": 2},
                                         "to_move": "second", "pile": 3}
    saved = tmp_path / "p.json"
    saved.write_text(result.stdout)
    assert _moves("--position", str(saved)) == _moves("--position", str(record_file), "--ply", "2")
    start = runner.invoke(app, ["position", "toynim", "-o", "max_take=3"])
    assert json.loads(start.stdout)["options"] == {"max_take": 3}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["moves", "toynim", "--position", "{record}", "--ply", "4"],
         "error: --ply 4: the record has 3 plies (0 to 3)"),
        (["moves", "toynim", "--position", "{position}", "--ply", "1"], "error: --ply needs a game record"),
        (["position", "toynim", "--ply", "1"], "error: --ply needs a game record file"),
        (["perft", "toynim", "--ply", "1"], "error: --ply needs a game record file"),
        (["play", "toynim", "--ply", "1"], "error: --ply needs a game record file"),
        (["position", "toynim", "--ply", "-1"], "error: Invalid value for '--ply'"),
        (["moves", "diceout", "--position", "{record}"], "error: the position is a 'toynim' position"),
    ],
)
def test_ply_and_record_errors_are_one_line(record_file, tmp_path, args, message) -> None:
    position = tmp_path / "pos.json"
    position.write_text(json.dumps({"game": "toynim", "pile": 2}))
    args = [a.format(record=record_file, position=position) for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr.startswith(message), result.output
    assert result.stderr.count("\n") == 1


# -- study and bench say what they do ------------------------------------------------------------------
REPO = Path(__file__).resolve().parents[1]


def test_study_writes_to_the_user_data_folder_not_the_repository(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    page = REPO / "docs" / "study" / "diceout.md"
    before = page.read_bytes()
    result = runner.invoke(app, ["study", "diceout", "--from-json",
                                 str(REPO / "docs" / "study" / "diceout-study.json")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "data" / "asobiba" / "study" / "diceout.md").exists()
    assert page.read_bytes() == before


def test_study_names_every_missing_table_and_its_cost_first(tmp_path) -> None:
    result = runner.invoke(app, ["study", "diceout", "--out", str(tmp_path)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: no solved 5×4, 5×5 Dice Out table in {tmp_path}; build with:")
    assert "--rows 4" in result.stderr and "30 minutes or more" in result.stderr


def test_bench_words_think_times_and_keeps_json_clean() -> None:
    from asobiba.bench.throughput import think_text

    assert think_text(0.0002) == "under 1 ms: answers at once"
    assert (think_text(0.25), think_text(2.5)) == ("250 ms", "2.50 s")
    result = runner.invoke(app, ["bench", "toynim", "--runs", "1", "--seconds", "0.05", "--no-think",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["runs"] == 1  # progress and notes go to stderr
    assert "measuring toynim for about 0.1 s" in result.stderr
