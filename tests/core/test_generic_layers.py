"""The generic layers read every game from the registry and never name one (docs/architecture.md,
"Layers"): no string in their code, no doctest line and no quoted word of the page's modules is a
game's id. Only the registry's own lines name the games."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from asobiba.core.registry import GAMES

PACKAGE = Path(__file__).parents[2] / "asobiba"
GENERIC = ("core", "ai", "adapters", "engine", "study", "bench", "web")
"""The generic layers: packages that serve every game (the games' own code is under games/)."""


REGISTRY = PACKAGE / "core" / "registry.py"
"""The one module that lists the games (its doctests name none)."""


def python_files() -> list[Path]:
    return sorted(p for layer in GENERIC for p in (PACKAGE / layer).rglob("*.py") if p != REGISTRY)


def named_games(path: Path) -> list[str]:
    """The game ids among the strings of ``path``'s code and the lines of its doctests."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in docstrings:  # prose may say what a game is; its examples may not name one
            text = "\n".join(line for line in node.value.splitlines()
                             if line.lstrip().startswith((">>>", "...")))
        else:
            text = node.value
        found += [game for game in GAMES if re.search(rf"\b{game}\b", text)]
    return found


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_generic_module_names_a_game(path: Path) -> None:
    assert named_games(path) == []


def test_the_registry_names_the_games_only_in_its_list(tmp_path: Path) -> None:
    listed = REGISTRY.read_text(encoding="utf-8").split("\nGAMES", 1)[0]  # before the list
    (tmp_path / "head.py").write_text(listed, encoding="utf-8")
    assert named_games(tmp_path / "head.py") == []


def test_a_doctest_naming_a_game_is_found(tmp_path: Path) -> None:
    game = next(iter(GAMES))
    (tmp_path / "m.py").write_text(f'"""Prose about {game} is fine.\n\n>>> make_game("{game}")\n"""\n')
    assert named_games(tmp_path / "m.py") == [game]


def test_no_module_of_the_page_names_a_game() -> None:
    for path in sorted((PACKAGE / "web" / "static").rglob("*.js")):
        code = path.read_text(encoding="utf-8")
        assert [g for g in GAMES if f'"{g}"' in code or f"'{g}'" in code] == [], path.name
