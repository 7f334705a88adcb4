"""The command line's last tracebacks: outputs that cannot be written, deep TOML in an option, help
for the commands that hand their arguments on, and a Ray address that is none or does not answer
— each one line on stderr and exit status 2 (or the help and 0), found before any work is done.
No test here connects anywhere but loopback: a bad address is refused before any connection, and
the time-out is shown on a loopback listener whose queue is full."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asobiba import ray_support
from asobiba.cli import app
from asobiba.ray_support import RayAddress, RayStartError, ray_address, reach

ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
STUDY = ["study", "diceout", "--compare", "first-player", "--games", "4", "--level", "intro"]
runner = CliRunner()


def asobiba(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "asobiba", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd, env=ENV, stdin=subprocess.DEVNULL)


def one_line(done: subprocess.CompletedProcess[str], message: str) -> None:
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.startswith(f"error: {message}") and done.stderr.count("\n") == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr


def test_study_refuses_outputs_it_cannot_write_before_playing(tmp_path: Path) -> None:
    existing = tmp_path / "plot.png"
    existing.write_text("mine")
    local = [*STUDY, "--workers", "1"]
    one_line(asobiba(*local, "--out", str(existing), cwd=tmp_path), f"--out {existing}: a file is there")
    one_line(asobiba(*local, "--json", str(tmp_path), cwd=tmp_path), f"--json {tmp_path}: a folder is there")
    one_line(asobiba(*local, "--json", str(existing / "x.json"), cwd=tmp_path),
             f"--json {existing / 'x.json'}: {existing} is a file")
    assert existing.read_text() == "mine"


def test_deep_toml_in_an_option_is_one_line(tmp_path: Path) -> None:
    deep = "a = " + "[" * 3000 + "]" * 3000
    one_line(asobiba("play", "gandice", "-o", f"additions={deep}", cwd=tmp_path),
             "option catalog/decks/additions: added catalog: malformed TOML (nested more than 100 levels)")


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_study_and_solve_help_helps(flag: str) -> None:
    study = runner.invoke(app, ["study", flag])
    assert study.exit_code == 0 and "unknown game" not in study.output
    for word in ("--compare", "--games", "--engine", "--address", "--json", "--out", "Examples"):
        assert word in study.output, word
    solve = runner.invoke(app, ["solve", flag])
    assert solve.exit_code == 0 and "unknown game" not in solve.output and "GAME --help" in solve.output


@pytest.fixture
def no_connection(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail the test if anything connects or Ray is asked to."""
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("nothing may connect here")

    monkeypatch.setattr(ray_support.socket, "create_connection", refuse)
    import ray

    monkeypatch.setattr(ray, "init", refuse)
    yield


@pytest.mark.parametrize(("address", "message"), [
    ("999.1.1.1:1", "'999.1.1.1' is neither an IP address nor a host name"),
    ("1.2.3:6379", "'1.2.3' is neither an IP address nor a host name"),
    ("head", "--address must be HOST:PORT"),
    ("head:0", "--address must be HOST:PORT"),
    ("head:65536", "--address must be HOST:PORT"),
    ("-head:6379", "is neither an IP address nor a host name"),
    ("[::zz]:6379", "is neither an IP address nor a host name"),
])
def test_an_address_that_is_none_is_refused_before_any_connection(
        address: str, message: str, no_connection: None) -> None:
    with pytest.raises(RayStartError, match=message):
        ray_address(address)
    done = runner.invoke(app, [*STUDY, "--engine", "ray", "--address", address])
    assert done.exit_code == 2 and done.stderr.count("\n") == 1 and message in done.stderr, done.output


def test_addresses_of_every_form_read() -> None:
    assert ray_address("127.0.0.1:6379") == RayAddress("127.0.0.1", 6379, False)
    assert ray_address("ray://Head.Example:10001") == RayAddress("head.example", 10001, True)
    assert str(ray_address("[::1]:6379")) == "[::1]:6379"


def test_an_address_that_does_not_answer_is_one_line_and_ray_is_not_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("Ray must not be asked to connect to an address that does not answer")

    monkeypatch.setattr(ray, "init", refuse)
    with socket.socket() as bound:  # bound, never listening: connections to it are refused
        bound.bind(("127.0.0.1", 0))
        port = bound.getsockname()[1]
        done = runner.invoke(app, [*STUDY, "--engine", "ray", "--address", f"127.0.0.1:{port}"])
    assert done.exit_code == 2 and done.stderr.count("\n") == 1, done.output
    assert f"cannot reach Ray at 127.0.0.1:{port}: Connection refused" in done.stderr


def test_a_connection_that_is_not_taken_times_out() -> None:
    """A loopback listener whose queue is full takes no more connections: the next one waits, and
    the wait ends at the time-out (never without end)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(0)
        port = listener.getsockname()[1]
        waiting = []
        for _ in range(3):  # fill the queue (none is accepted)
            client = socket.socket()
            client.setblocking(False)
            client.connect_ex(("127.0.0.1", port))
            waiting.append(client)
        try:
            with pytest.raises(RayStartError, match=r"no answer within 0\.5 s"):
                reach(RayAddress("127.0.0.1", port, False), timeout=0.5)
        finally:
            for client in waiting:
                client.close()
    assert ray_support.CONNECT_TIMEOUT == 10.0  # the bound docs/study/README.md states


def test_a_loopback_address_keeps_ray_on_loopback() -> None:
    """Given a cluster on this machine's loopback, Ray is told to stay there (else it would swap
    127.0.0.1 for the machine's network address and connect to that)."""
    assert ray_address("127.0.0.1:6379").on_loopback and ray_address("localhost:1").on_loopback
    assert ray_address("[::1]:1").on_loopback and ray_address("ray://127.0.0.2:10001").on_loopback
    assert not ray_address("10.0.0.1:6379").on_loopback and not ray_address("head.example:1").on_loopback
