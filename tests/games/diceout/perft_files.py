"""Perft files of Dice Out (``tests/games/diceout/perft/*.perft``): tricky positions — tall mixed
stacks, a forced pass, moves that win by reaching an EXIT, moves that complete the mover's own
match (a loss) or the opponent's (a win), 4- and 9-row boards — each with its counts of action
sequences per depth, counted by the independent reference (:mod:`games.diceout.diceout_reference`),
never by the engine the files check.

A file holds blocks separated by blank lines; ``#`` starts a comment line. A block::

    id <name>
    rows <board rows>
    why <what makes the position tricky>
    position <the position, JSON (docs/formats.md)>
    perft <depth> <count>      (one line per depth)

Regenerate (from the repository root, after a deliberate change of the reference's rules)::

    python -m tests.games.diceout.perft_files

It picks the positions again from the same seeded sample and recounts them with the reference.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perft_blocks import read_blocks

FILE = Path(__file__).parent / "perft" / "tricky.perft"
DEPTHS = (1, 2, 3)


@dataclass(frozen=True)
class PerftCase:
    id: str
    rows: int
    why: str
    position: dict[str, Any]
    counts: dict[int, int]


def read_cases(path: Path = FILE) -> list[PerftCase]:
    return [PerftCase(fields["id"], int(fields["rows"]), fields["why"], json.loads(fields["position"]),
                      counts) for fields, counts in read_blocks(path)]


KINDS = {
    "tall-stack": "a stack of three or more dice, both colours in it",
    "forced-pass": "the mover has no move: a forced pass is the one action",
    "exit-win": "a move reaches an EXIT and wins at once",
    "own-match": "a move lines up the mover's own three values and loses",
    "their-match": "a move uncovers the opponent's three equal values and wins",
    "rows-4": "the shortest board",
    "rows-9": "the longest board",
}


def _kind_holds(kind: str, stacks: Any, to_move: str, rows: int) -> bool:
    from games.diceout import diceout_reference as ref

    moves = ref.legal_moves(stacks, to_move, rows)
    if kind == "tall-stack":
        return any(len(s) >= 3 and len({c for c, _ in s}) == 2 for s in stacks.values()) and bool(moves)
    if kind == "forced-pass":
        return not moves
    if kind == "rows-4" or kind == "rows-9":
        return rows == int(kind[-1]) and len(moves) >= 8
    outcomes = []
    for move in moves:
        after = ref.make_move(stacks, move)
        winner = ref.result_after(after, to_move, move, rows)
        reason = ("exit" if move.split("-")[1] in ref.targets(to_move, rows) and winner == to_move
                  else "own" if winner == ref.OTHER[to_move] else "their" if winner == to_move else None)
        outcomes.append(reason)
    wanted = {"exit-win": "exit", "own-match": "own", "their-match": "their"}[kind]
    return wanted in outcomes and outcomes.count(None) >= 2


def regenerate() -> str:
    """The file's text: the first position of the seeded sample of each kind, counted by the
    reference."""
    from games.diceout import diceout_reference as ref
    from games.diceout.diceout_helpers import random_positions

    sample = random_positions(seed=1939, count=4000)
    lines = ["# Dice Out perft: tricky positions, counted by the independent reference",
             "# (tests/games/diceout/diceout_reference.py). tests/games/diceout/test_diceout_perft_files.py",
             "# holds the engine to these counts. Regenerate: python -m tests.games.diceout.perft_files", ""]
    for kind, why in KINDS.items():
        state = next(s for s in sample
                     if _kind_holds(kind, *ref.from_json(s.to_json()), s.board.rows))
        data = state.to_json()
        stacks, to_move = ref.from_json(data)
        rows = state.board.rows
        lines += [f"id {kind}", f"rows {rows}", f"why {why}",
                  f"position {json.dumps(data, sort_keys=True, separators=(',', ':'))}"]
        lines += [f"perft {d} {ref.perft(stacks, to_move, rows, d)}" for d in DEPTHS]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parents[2]))
    FILE.write_text(regenerate(), encoding="utf-8")
    print(f"wrote {FILE}", file=sys.stderr)
