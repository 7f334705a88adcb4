"""docs/research.md's examples run: its Python blocks, in order, as one script."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_examples_of_the_research_page_run(capsys) -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 6
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), namespace)  # noqa: S102 - the page's own examples
    printed = capsys.readouterr().out
    assert "Bounds(num_distinct_actions=2027" in printed and "readyok" in printed


def test_the_page_names_every_game_and_the_ratio_line() -> None:
    text = PAGE.read_text(encoding="utf-8")
    from asobiba.core import registry

    for game_id in registry.game_ids():
        assert f"| {game_id} |" in text
    assert re.search(r"`vs openspiel: batch steps \d+\.\dx`", text)
