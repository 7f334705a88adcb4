"""The asobiba engine protocol (asobiba/engine/): ``asobiba engine GAME`` answers every line in
protocol lines (errors in one line, never a traceback), and ``asobiba arena`` takes outside
programs that speak it (``ext:COMMAND``): a tiny engine written here, and OpenSpiel's MCTS behind
the protocol (bench/openspiel_engine.py); a program that breaks the protocol is killed."""

from __future__ import annotations

import io
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from asobiba.ai.arena import run_arena
from asobiba.ai.external import ExternalAgent, ExternalEngineError
from asobiba.core import registry
from asobiba.engine.server import Engine, serve

ROOT = Path(__file__).resolve().parents[2]
TINY = f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).with_name('tiny_engine.py')))}"
OPENSPIEL = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'bench' / 'openspiel_engine.py'))}"


def talk(engine: Engine, text: str) -> list[str]:
    out = io.StringIO()
    serve(engine, io.StringIO(text), out)
    return out.getvalue().splitlines()


def test_a_conversation() -> None:
    engine = Engine("diamond", ["max_plies=50"])
    lines = talk(engine, "asobiba\nisready\nsetoption name players value 3\nnewgame\nlegal\n"
                         "go level intro\nquit\nlegal\n")
    assert lines[0] == "id name asobiba diamond" and "asobibaok" in lines
    assert "option name king kind bool default true" in lines
    at = lines.index("asobibaok")
    assert lines[at + 1] == "readyok"
    legal = [int(a) for a in lines[at + 2].split()[1:]]
    assert legal == engine.game.new_state().legal_actions() and engine.game.num_players == 3
    assert lines[-1].startswith("bestmove ") and int(lines[-1].split()[1]) in legal
    assert len(lines) == at + 4 + ("info" in lines[-2])  # nothing after quit


def test_a_searching_level_gives_its_analysis_and_moves_play_on() -> None:
    engine = Engine("diceout", ["rows=4"])
    state = engine.game.new_state()
    rng = random.Random(3)
    moves = []
    while state.is_chance or state.phase != 0:  # the roll and the placings
        action = rng.choice(state.legal_actions())
        moves.append(action)
        state = state.apply(action)
    lines = talk(engine, f"position start moves {' '.join(map(str, moves))}\ngo nodes 30\n"
                         f"notation {state.legal_actions()[0]}\n")
    info, best, notation = lines
    assert info.startswith("info depth ") and " value " in info and " pv " in info
    assert int(best.split()[1]) in state.legal_actions()
    first = state.legal_actions()[0]
    assert notation == f"notation {first} {state.action_to_notation(first)}"


HOSTILE = [
    "bogus", "go level", "go nodes -3", "go nodes 1 nodes 2", "go level nobody",
    "go level normal nodes 5", "position", "position start 5", "position start moves x",
    "position start moves 999999999999", "position json", "position json [1]", "position json {",
    'position json {"to_move": 7}', "position json {} moves", "setoption", "setoption name king",
    "setoption name nothing value 1", "setoption name king value maybe", "notation", "notation 1 2",
    "notation 5", "\x07", "x" * 2000, "position start moves " + "1 " * 5000, "legal 5",
    "position json " + "[" * 3000, "position json " + "{\"a\": " * 3000,
]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_hostile_line_gets_one_error_line(game_id: str) -> None:
    engine = Engine(game_id)
    for line in HOSTILE:
        answer = talk(engine, line + "\n")
        assert len(answer) == 1 and answer[0].startswith("error ") and len(answer[0]) < 400, line
        assert "Traceback" not in answer[0]
    assert talk(engine, "isready\n") == ["readyok"]


def test_legal_at_a_chance_node_lists_the_outcomes_with_their_probabilities() -> None:
    engine = Engine("diceout", ["rows=4"])
    (line,) = talk(engine, "position start\nlegal\n")
    word, *pairs = line.split()
    outcomes = [(int(a), float(p)) for a, p in (pair.split(":") for pair in pairs)]
    assert word == "chance" and outcomes == sorted(engine.position.chance_outcomes())
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    (after,) = talk(engine, f"position start moves {outcomes[0][0]}\nlegal\n")
    assert after.split()[0] == "legal"
    assert [int(a) for a in after.split()[1:]] == engine.position.legal_actions()


def test_the_command_line_engine_speaks_on_stdin_and_stdout() -> None:
    run = subprocess.run([sys.executable, "-m", "asobiba", "engine", "diceout", "-o", "rows=4"],
                         input="isready\nbogus\nquit\n", capture_output=True, text=True, timeout=120,
                         cwd=ROOT)
    assert run.returncode == 0
    assert run.stdout.splitlines() == ["readyok", "error unknown command 'bogus'"]


def test_outside_programs_play_in_the_arena(tmp_path: Path) -> None:
    result = run_arena("diceout", [f"ext:{TINY}", "random"], 2, 1, ["rows=4"], 1, True, tmp_path)
    assert result["pairs"][0]["games"] == 2  # one each way round
    assert len(list(tmp_path.iterdir())) == 2


def test_openspiel_mcts_behind_the_protocol_plays_in_the_arena(tmp_path: Path) -> None:
    result = run_arena("diceout", [f"ext:{OPENSPIEL} diceout", "random"], 2, 2, ["rows=4"], 1, True,
                       tmp_path)
    assert result["pairs"][0]["games"] == 2


@pytest.mark.parametrize(("mode", "why"), [("--garbage", "garbage"), ("--illegal", "illegal bestmove"),
                                           ("--sleep", "no answer in time")])
def test_a_program_that_breaks_the_protocol_is_killed(mode: str, why: str) -> None:
    game = registry.make_game("diceout", {"rows": 4, "setup": "fixed"})
    agent = ExternalAgent(game, f"{TINY} {mode}", move_ms=100)
    with pytest.raises(ExternalEngineError, match=why):
        agent.choose(game.new_state())
    assert agent.process.poll() is not None


def test_a_command_that_cannot_start_is_said_in_one_line() -> None:
    game = registry.make_game("diceout")
    with pytest.raises(ExternalEngineError, match="cannot start it"):
        ExternalAgent(game, "/nonexistent/engine")
