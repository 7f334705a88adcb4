"""A small outside engine for the tests: it speaks the asobiba engine protocol with nothing of
asobiba's search, playing the lowest legal action id of each position (it reads positions with
asobiba's rules). ``--garbage`` answers ``go`` with nonsense, ``--sleep`` never answers it,
``--illegal`` answers with an action that is never legal."""

from __future__ import annotations

import json
import sys
import time

from asobiba.core import registry

MODE = sys.argv[1] if len(sys.argv) > 1 else ""


def main() -> None:
    game_id, pairs, state = None, [], None
    for raw in sys.stdin:
        parts = raw.split()
        if not parts:
            continue
        if parts[0] == "asobiba":
            print("id name tiny\nasobibaok", flush=True)
        elif parts[0] == "setoption":
            pairs.append(f"{parts[2]}={' '.join(parts[4:])}")
        elif parts[0] == "newgame":
            game_id = None
        elif parts[0] == "isready":
            print("readyok", flush=True)
        elif parts[0] == "position":
            data = json.JSONDecoder().raw_decode(raw.split(maxsplit=2)[2])[0]
            game_id = data["game"]
            state = registry.make_game_from_pairs(game_id, pairs).state_from_json(data)
        elif parts[0] == "go":
            if MODE == "--sleep":
                time.sleep(60)
            elif MODE == "--garbage":
                print("I resign, I think", flush=True)
            elif MODE == "--illegal":
                print("bestmove 999999", flush=True)
            else:
                print("info depth 0 nodes 0 value 0.0 pv", flush=True)
                print(f"bestmove {min(state.legal_actions())}", flush=True)
        elif parts[0] == "quit":
            return


if __name__ == "__main__":
    main()
