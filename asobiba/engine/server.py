"""``asobiba engine GAME``: asobiba's computer players behind the engine protocol
(:mod:`.protocol`), reading commands on stdin and answering on stdout.

``go level L`` plays the level (or agent) ``L`` of :mod:`asobiba.ai.levels` (default ``normal``);
``go nodes N`` runs Monte Carlo tree search for ``N`` iterations on the game's evaluation;
``movetime MS`` caps the time of either. A searching agent's result is given as one ``info`` line
before ``bestmove``. Every line is validated; a refused one gets one ``error`` line, never a
traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any, TextIO

from ..ai.levels import build_agent, make_agent
from ..core import Game, State, registry
from ..core.errors import AsobibaError, one_line
from ..core.options import Options
from ..core.reading import parse_json_prefix
from .protocol import Go, ProtocolError, parse_go, parse_setoption, split_moves, words


class Engine:
    """The engine's state between lines: the game, its options and the current position."""

    def __init__(self, game_id: str, option_pairs: Iterable[str] = (), seed: int = 0) -> None:
        self.game_id = game_id
        self.options_class: type[Options] = registry.game_class(game_id).options_class
        self.pairs: dict[str, str] = {}
        for pair in option_pairs:
            key, _, value = pair.partition("=")
            self.pairs[key.strip()] = value.strip()
        self.game: Game = registry.make_game_from_pairs(game_id, self._pair_list())
        self.position: State = self.game.new_state()
        self.seed = seed

    def _pair_list(self) -> list[str]:
        return [f"{k}={v}" for k, v in self.pairs.items()]

    # -- commands ---------------------------------------------------------------------------------
    def handle(self, line: str) -> list[str]:
        """The answer lines to one command line (``["quit"]`` is the signal to stop)."""
        parts = words(line)
        if not parts:
            return []
        command, args = parts[0], parts[1:]
        method = getattr(self, f"cmd_{command}", None)
        if method is None:
            raise ProtocolError(f"unknown command {command!r}")
        answer: list[str] = method(args, line)
        return answer

    def cmd_asobiba(self, args: list[str], line: str) -> list[str]:
        out = [f"id name asobiba {self.game_id}", f"id game {self.game_id}"]
        for name, spec in self.options_class.specs().items():
            if spec.local:
                continue
            default = spec.default
            if isinstance(default, tuple):
                default = ",".join(map(str, default))
            elif isinstance(default, bool):
                default = "true" if default else "false"
            out.append(f"option name {name} kind {spec.kind} default {'' if default is None else default}")
        return [*out, "asobibaok"]

    def cmd_isready(self, args: list[str], line: str) -> list[str]:
        return ["readyok"]

    def cmd_setoption(self, args: list[str], line: str) -> list[str]:
        key, value = parse_setoption(args)
        if self.options_class.specs().get(key) is None or self.options_class.specs()[key].local:
            raise ProtocolError(f"unknown option {key!r}")
        pairs = {**self.pairs, key: value}
        self.options_class.from_pairs([f"{k}={v}" for k, v in pairs.items()])  # refuses in one line
        self.pairs = pairs
        return []

    def cmd_newgame(self, args: list[str], line: str) -> list[str]:
        self.game = registry.make_game_from_pairs(self.game_id, self._pair_list())
        self.position = self.game.new_state()
        return []

    def cmd_position(self, args: list[str], line: str) -> list[str]:
        if not args or args[0] not in ("start", "json"):
            raise ProtocolError("position must read: position start|json {…} [moves A …]")
        if args[0] == "start":
            head, moves = split_moves(args[1:])
            if head:
                raise ProtocolError("position start takes only moves after it")
            state = self.game.new_state()
        else:
            text = line.split(maxsplit=2)[2] if len(line.split(maxsplit=2)) == 3 else ""
            data, moves = self._json_and_moves(text)
            state = self.game.state_from_json(data)
        for action in moves:
            state = state.play(action)
        self.position = state
        return []

    @staticmethod
    def _json_and_moves(text: str) -> tuple[Any, list[int]]:
        data, after = parse_json_prefix(text, ProtocolError, "position json: ")
        if not isinstance(data, dict):
            raise ProtocolError("position json: the position must be a JSON object")
        rest = after.split()
        if rest and rest[0] != "moves":
            raise ProtocolError("position json {…} may be followed only by moves A …")
        return data, split_moves(rest)[1]

    def cmd_legal(self, args: list[str], line: str) -> list[str]:
        """The actions of the player to act; at a chance node its outcomes with their
        probabilities (``chance A:P …``); at the end, ``legal`` alone."""
        if args:
            raise ProtocolError("legal takes nothing after it")
        state = self.position
        if state.is_chance:
            return [" ".join(["chance", *(f"{a}:{p!r}" for a, p in sorted(state.chance_outcomes()))])]
        return [" ".join(["legal", *map(str, state.legal_actions())])]

    def cmd_notation(self, args: list[str], line: str) -> list[str]:
        if len(args) != 1 or not args[0].isdigit():
            raise ProtocolError("notation must read: notation A")
        action = int(args[0])
        if action not in self.position.legal_actions():
            raise ProtocolError(f"action {action} is not legal here")
        return [f"notation {action} {self.position.action_to_notation(action)}"]

    def cmd_go(self, args: list[str], line: str) -> list[str]:
        go = parse_go(args)
        state = self.position
        if state.is_terminal:
            raise ProtocolError("the game is over")
        if state.is_chance:
            raise ProtocolError("chance is to act here, not a player")
        agent = self._agent(go)
        analyse = getattr(agent, "analyse", None)
        if analyse is None:
            return [f"bestmove {agent.choose(state)}"]
        result = analyse(state)
        info = (f"info depth {result.depth} nodes {result.nodes} value {result.value:.4f} "
                f"pv {' '.join(map(str, result.line))}")
        return [info.rstrip(), f"bestmove {result.action}"]

    def _agent(self, go: Go) -> Any:
        seconds = go.movetime / 1000 if go.movetime is not None else None
        if go.nodes is not None:
            spec: dict[str, Any] = {"agent": "mcts", "iterations": go.nodes}
            if go.level is not None:
                raise ProtocolError("go: give a level or nodes, not both")
        else:
            agent = make_agent(self.game, go.level or "normal", seed=self.seed)
            if seconds is None:
                return agent
            from ..ai.levels import agent_specs

            spec = dict(agent_specs(self.game)[go.level or "normal"])
        if seconds is not None:
            spec["time_limit"] = seconds
        return build_agent(self.game, spec, name=go.level or "mcts", seed=self.seed)

    def cmd_quit(self, args: list[str], line: str) -> list[str]:
        return ["quit"]


def serve(engine: Engine, lines: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    """Answer every line of ``lines`` until ``quit`` or the end of input."""
    for raw in lines:
        line = raw.rstrip("\r\n")
        try:
            answer = engine.handle(line)
        except (ProtocolError, AsobibaError) as exc:
            answer = [f"error {one_line(str(exc))}"]
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback, and the engine lives on
            answer = [f"error internal: {one_line(f'{type(exc).__name__}: {exc}')}"]
        if answer == ["quit"]:
            return
        for text in answer:
            out.write(text + "\n")
        out.flush()
