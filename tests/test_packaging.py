"""Every file the package needs besides its Python modules (catalogs, the page, the games' page
modules) is declared as package data, so a built wheel carries it, not only a checkout."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_data_file_of_the_package_is_declared() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["asobiba"]
    package = ROOT / "asobiba"
    data = [p.relative_to(package) for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc", ".nbi", ".nbc")
            and "__pycache__" not in p.parts]
    assert data
    undeclared = [str(p) for p in data if not any(_declared(p, g) for g in patterns)]
    assert not undeclared


def _declared(path: Path, pattern: str) -> bool:
    """Whether ``pattern`` (setuptools' globs: ``**`` is any number of folders, none too) names
    ``path``."""
    for depth in range(8):
        concrete = Path(pattern.replace("**/", "*/" * depth, 1))
        if len(concrete.parts) == len(path.parts) and path.match(str(concrete)):
            return True
    return False
