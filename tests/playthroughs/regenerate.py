"""Playthroughs, in the manner of OpenSpiel's: for each game and a few option sets, one whole game,
from the start to its end, written as text — each position's picture (the game's terminal
picture), the digest of every seat's observation tensor (the research frameworks' view), who is to
move, the legal actions (or the chance outcomes with their probabilities) and the action chosen,
and at the end the ranks and returns. The moves are those of the conformance suite's cheap player
(the game's よわい level, a random move one time in five; chance outcomes at random), seeded by the
game and the option set's name, so that star games end by the rules rather than at the move limit.
The suite plays each game again and compares it with its file, so any change in what an engine
does or prints shows up as a diff.

Regenerate the files after a deliberate change of rules or pictures (from the repository root)::

    python -m tests.playthroughs.regenerate

and read the diff before committing it.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from asobiba.ai.levels import make_agent
from asobiba.core import State, random_action, registry

FOLDER = Path(__file__).parent
RANDOM_SHARE = 0.2
"""How often the cheap player plays a random legal move instead of its level's."""
AGENT_LEVEL = "weak"

SETS: dict[str, dict[str, dict[str, Any]]] = {
    "diamond": {"defaults": {}, "players3": {"players": 3}},
    "chinese_checkers": {"defaults": {}, "players3": {"players": 3}},
    "diceout": {"defaults": {}, "rows4-manual": {"rows": 4, "declare": "manual"}},
    "gandice": {"defaults": {}, "players3": {"players": 3}},
}
"""The option sets of each game's playthroughs, by the name in the file's name."""


def path_of(game_id: str, name: str) -> Path:
    return FOLDER / f"{game_id}-{name}.txt"


def cases() -> list[tuple[str, str]]:
    return [(game_id, name) for game_id, sets in SETS.items() for name in sets]


def picture(state: State, last_move: int | None) -> str:
    """The game's terminal picture without colours (its own, else the engine's)."""
    render = registry.descriptor(state.game.id).render_text
    text = render(state, color=False, last_move=last_move) if render else state.render_text()
    return text.rstrip()


def tensor_digests(state: State) -> str:
    """The first 16 hex digits of the SHA-256 of each seat's observation tensor (float32 bytes)."""
    research = registry.descriptor(state.game.id).research
    assert research is not None, f"{state.game.id} declares no observation"
    observer = research.observer(state.game)
    return " ".join(hashlib.sha256(observer.tensor(state, seat).tobytes()).hexdigest()[:16]
                    for seat in range(state.game.num_players))


def playthrough(game_id: str, name: str) -> str:
    """The text of one playthrough (its seed is the game id and the option set's name)."""
    game = registry.make_game(game_id, SETS[game_id][name])
    rng = random.Random(f"{game_id}/{name}")
    agent = make_agent(game, AGENT_LEVEL, seed=0)
    state, last = game.new_state(), None
    lines = [f"game: {game_id}", f"options: {json.dumps(game.options.to_dict(), sort_keys=True)}",
             f"seed: {game_id}/{name}",
             f"player: {AGENT_LEVEL}, a random move one time in {round(1 / RANDOM_SHARE)}", ""]
    ply = 0
    while not state.is_terminal:
        lines += [f"# ply {ply}", picture(state, last), f"observation tensors: {tensor_digests(state)}"]
        if state.is_chance:
            lines.append("to move: chance")
            lines.append("outcomes: " + ", ".join(
                f"{a} {state.action_to_notation(a)} p={p!r}" for a, p in state.chance_outcomes()))
        else:
            lines.append(f"to move: {game.player_names[state.current_player]}")
            lines.append("legal: " + ", ".join(
                f"{a} {state.action_to_notation(a)}" for a in state.legal_actions()))
        at_random = state.is_chance or rng.random() < RANDOM_SHARE
        action = random_action(state, rng) if at_random else agent.choose(state)
        lines += [f"chosen: {action} {state.action_to_notation(action)}", ""]
        state, last, ply = state.apply(action), action, ply + 1
    lines += ["# end", picture(state, last), f"observation tensors: {tensor_digests(state)}",
              f"plies: {ply}", f"ranks: {state.ranks()}", f"returns: {[float(r) for r in state.returns()]}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    for game_id, name in cases():
        path = path_of(game_id, name)
        path.write_text(playthrough(game_id, name), encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
