"""Perft files of Gandice (``tests/games/gandice/perft/*.perft``): positions the opening perft of
test_gandice_perft.py never reaches — a defender choosing an item, a betrayal, a fused unit on the
mat, a die lying on its side, three and four players — each with its counts of action sequences
per depth, chance outcomes included. Gandice has no second, independent engine: the counts were
made by the engine when the file was written, so they pin its behaviour; every change to them is a
change of the rules' reading and is read in the diff.

A file holds blocks separated by blank lines; ``#`` starts a comment line. A block::

    id <name>
    why <what makes the position tricky>
    position <the position, JSON (docs/formats.md)>
    perft <depth> <count>      (one line per depth)

Regenerate (from the repository root, after a deliberate change of the rules)::

    python -m tests.games.gandice.perft_files
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perft_blocks import read_blocks

FILE = Path(__file__).parent / "perft" / "tricky.perft"
DEPTHS = (1, 2, 3)


@dataclass(frozen=True)
class PerftCase:
    id: str
    why: str
    position: dict[str, Any]
    counts: dict[int, int]


def read_cases(path: Path = FILE) -> list[PerftCase]:
    return [PerftCase(fields["id"], fields["why"], json.loads(fields["position"]), counts)
            for fields, counts in read_blocks(path)]


def _dice(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [die for player in data["players"] for die in player["dice"]]


KINDS: dict[str, tuple[str, dict[str, Any], Callable[[dict[str, Any]], bool]]] = {
    "item-choice": ("the defender picks an item (or none) after the attack's value is known", {},
                    lambda d: d["phase"] == "item"),
    "betrayal": ("a betrayal may be declared", {}, lambda d: d["phase"] == "betray"),
    "fused-unit": ("a fused unit stands on the mat, and it is a turn to act",
                   {"decks": ["chogan", "isurugi"]},
                   lambda d: d["phase"] == "turn" and any(die.get("fusion") for die in _dice(d))),
    "on-its-side": ("a character die lies on its side, and it is a turn to act", {},
                    lambda d: d["phase"] == "turn" and any(s == "side" for _, s in d["shown"])),
    "three-players": ("three players, one already with a die in the graveyard", {"players": 3},
                      lambda d: d["phase"] == "turn" and any(p["graveyard"] for p in d["players"])),
    "four-players": ("four players, at a turn", {"players": 4},
                     lambda d: d["phase"] == "turn" and d["turn"] >= 4),
}
"""Each kind: why it is tricky, the options changed from the defaults, and what the position shows."""
SEARCH_ACTIONS = 50_000


def regenerate() -> str:
    """The file's text: the first position of each kind in seeded games of the cheap player (the
    よわい level, a random move one time in three), counted by the engine."""
    from asobiba.ai.levels import make_agent
    from asobiba.core import random_action, registry
    from asobiba.core.perft import perft

    lines = ["# Gandice perft: tricky positions, counted by the engine when written (no independent",
             "# engine exists; the counts pin its behaviour). Regenerate:",
             "# python -m tests.games.gandice.perft_files", ""]
    for kind, (why, options, holds) in KINDS.items():
        game = registry.make_game("gandice", {**options, "first": "p1"})
        agent, rng = make_agent(game, "weak", seed=1), random.Random(kind)
        state = game.new_state()
        for _ in range(SEARCH_ACTIONS):
            if not state.is_chance and holds(state.to_json()):
                break
            if state.is_terminal:
                state = game.new_state()
            at_random = state.is_chance or rng.random() < 1 / 3
            state = state.apply(random_action(state, rng) if at_random else agent.choose(state))
        else:
            raise RuntimeError(f"no position of the kind {kind} in {SEARCH_ACTIONS:,} actions")
        data = state.to_json()
        lines += [f"id {kind}", f"why {why}",
                  f"position {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}"]
        lines += [f"perft {d} {perft(state, d)}" for d in DEPTHS]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parents[2]))
    FILE.write_text(regenerate(), encoding="utf-8")
    print(f"wrote {FILE}", file=sys.stderr)
