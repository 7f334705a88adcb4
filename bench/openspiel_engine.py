"""OpenSpiel's MCTS bot behind the asobiba engine protocol (docs/research.md, "The engine
protocol"), so that it can enter ``asobiba arena`` as an outside program:

    asobiba arena diceout --agents normal,"ext:python3 bench/openspiel_engine.py diceout"

It plays the game as OpenSpiel loads it through ``asobiba.adapters.openspiel`` (``asobiba_<id>``
with the options the host sets), searching ``go nodes N`` simulations (default
:data:`SIMULATIONS`) with random rollouts. It answers only what the protocol asks and one ``error``
line to anything else.
"""

from __future__ import annotations

import json
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from asobiba.adapters import openspiel
from asobiba.adapters.openspiel import AsobibaState
from asobiba.engine.protocol import ProtocolError, parse_go, parse_setoption, split_moves, words

SIMULATIONS = 200


def main(game_id: str) -> None:
    parameters: dict[str, object] = {}
    defaults = pyspiel.load_game(openspiel.short_name(game_id)).get_parameters()
    game = pyspiel.load_game(openspiel.short_name(game_id))
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        try:
            parts = words(line)
            if not parts:
                continue
            command, args = parts[0], parts[1:]
            if command == "quit":
                return
            if command == "asobiba":
                answer = [f"id name openspiel-mcts {game_id}", f"id game {game_id}", "asobibaok"]
            elif command == "isready":
                answer = ["readyok"]
            elif command == "setoption":
                key, value = parse_setoption(args)
                if key not in defaults:
                    raise ProtocolError(f"unknown option {key!r}")
                kind = type(defaults[key])
                parameters[key] = (value.lower() == "true" if kind is bool else
                                   int(value) if kind is int else value.replace(",", "/"))
                answer = []
            elif command == "newgame":
                game = pyspiel.load_game(openspiel.short_name(game_id), parameters)
                state = game.new_initial_state()
                answer = []
            elif command == "position":
                if args[:1] == ["start"]:
                    state, moves = game.new_initial_state(), split_moves(args[1:])[1]
                elif args[:1] == ["json"]:
                    text = line.split(maxsplit=2)[2]
                    data, end = json.JSONDecoder().raw_decode(text)
                    state = AsobibaState(game, game.asobiba.state_from_json(data))
                    moves = split_moves(text[end:].split())[1]
                else:
                    raise ProtocolError("position start|json {…} [moves A …]")
                for action in moves:
                    if action not in state.legal_actions():
                        raise ProtocolError(f"action {action} is not legal here")
                    state.apply_action(action)
                answer = []
            elif command == "legal":
                answer = [" ".join(["legal", *map(str, state.legal_actions())])]
            elif command == "go":
                go = parse_go(args)
                evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
                bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=go.nodes or SIMULATIONS,
                                   evaluator=evaluator, random_state=rng)
                answer = [f"bestmove {bot.step(state)}"]
            else:
                raise ProtocolError(f"unknown command {command!r}")
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            answer = [f"error {' '.join(str(exc).split())[:300]}"]
        for text in answer:
            print(text, flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: openspiel_engine.py GAME", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1])
