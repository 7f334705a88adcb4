"""Playthroughs, in the manner of OpenSpiel's: for each game and a few option sets, one game whose
moves a seeded random generator picks, written as text — each position's picture (the game's
terminal picture), who is to move, the legal actions (or the chance outcomes with their
probabilities) and the action chosen, and the returns at the end. The suite plays each game again
and compares it with its file, so any change in what an engine does or prints shows up as a diff.

Regenerate the files after a deliberate change of rules or pictures (from the repository root)::

    python -m tests.playthroughs.regenerate

and read the diff before committing it.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from asobiba.core import State, random_action, registry

FOLDER = Path(__file__).parent
MAX_PLIES = 40
"""Actions (chance outcomes included) written at most per game, to keep the files small."""

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


def playthrough(game_id: str, name: str) -> str:
    """The text of one playthrough (its seed is the game id and the option set's name)."""
    game = registry.make_game(game_id, SETS[game_id][name])
    rng = random.Random(f"{game_id}/{name}")
    state, last = game.new_state(), None
    lines = [f"game: {game_id}", f"options: {json.dumps(game.options.to_dict(), sort_keys=True)}",
             f"seed: {game_id}/{name}", f"plies at most: {MAX_PLIES}", ""]
    for ply in range(MAX_PLIES):
        if state.is_terminal:
            break
        lines += [f"# ply {ply}", picture(state, last)]
        if state.is_chance:
            lines.append("to move: chance")
            lines.append("outcomes: " + ", ".join(
                f"{a} {state.action_to_notation(a)} p={p!r}" for a, p in state.chance_outcomes()))
        else:
            lines.append(f"to move: {game.player_names[state.current_player]}")
            lines.append("legal: " + ", ".join(
                f"{a} {state.action_to_notation(a)}" for a in state.legal_actions()))
        action = random_action(state, rng)
        lines += [f"chosen: {action} {state.action_to_notation(action)}", ""]
        state, last = state.apply(action), action
    lines += ["# end", picture(state, last)]
    if state.is_terminal:
        lines.append(f"returns: {[float(r) for r in state.returns()]}")
    else:
        lines.append(f"not over after {MAX_PLIES} plies")
    return "\n".join(lines) + "\n"


def main() -> None:
    for game_id, name in cases():
        path = path_of(game_id, name)
        path.write_text(playthrough(game_id, name), encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
