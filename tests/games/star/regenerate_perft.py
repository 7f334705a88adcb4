"""Recounts the star perft files (``tests/games/star/perft/*.perft``) with the independent
reference (:mod:`games.star.star_reference`), keeping their positions, so that the counts never
come from a generator the files check. From the repository root::

    python -m tests.games.star.regenerate_perft

and read the diff: a changed count means the reference's reading of the rules changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HEADER = """\
# Mid-game perft of the games on the star: for each position its id, the game, the options
# it was set up with, the position (JSON, docs/formats.md) and the number of move sequences
# of each depth, counted by the independent reference (tests/games/star/star_reference.py,
# which shares no code with the engine; recount: python -m tests.games.star.regenerate_perft).
# The positions come from seeded games that mostly race forward.
# tests/games/star/test_star_perft_files.py holds the readable, fast and compiled generators
# to these counts.
"""


def recount(path: Path) -> str:
    from games.star.star_reference import reference_perft
    from games.star.test_star_perft_files import read_cases

    blocks = [HEADER.rstrip("\n")]
    for case in read_cases(path):
        colours = list(case.position["pieces"])
        blocks.append("\n".join([
            f"id {case.id}", f"game {case.game}",
            f"options {json.dumps(case.options)}", f"position {_line(case.position)}",
            *(f"perft {d} {reference_perft(case.position, d, colours)}" for d in sorted(case.counts)),
        ]))
    return "\n\n".join(blocks) + "\n"


def _line(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parents[2]))
    for file in sorted((Path(__file__).parent / "perft").glob("*.perft")):
        file.write_text(recount(file), encoding="utf-8")
        print(f"wrote {file}", file=sys.stderr)
