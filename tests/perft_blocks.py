"""The one reader of the perft files (``tests/games/*/perft/*.perft``): blocks separated by blank
lines, ``#`` starting a comment line, each block ``key value`` lines and ``perft <depth> <count>``
lines. Each game's module turns a block's fields into its own case."""

from __future__ import annotations

from pathlib import Path


def read_blocks(path: Path) -> list[tuple[dict[str, str], dict[int, int]]]:
    """Each block of the file: its fields (a key given twice is an error) and its counts by depth."""
    blocks = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        counts: dict[int, int] = {}
        for line in block.splitlines():
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(" ")
            if key == "perft":
                depth, count = value.split()
                counts[int(depth)] = int(count)
            else:
                assert key not in fields, f"{path.name}: {key} twice in a block"
                fields[key] = value
        if fields:
            blocks.append((fields, counts))
    return blocks
