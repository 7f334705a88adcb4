"""The package's import graph: no module imports one that imports it back, directly or through
others — counting imports inside functions too — and each layer imports only what the Layers table
of docs/architecture.md allows it: the core nothing above it, the computer players the core alone
(no ``ai → games``), the shared engines (``games/star/``) no game, a game its shared engines and
never another game, the generic layers no game at all; and the registry loads no game but the one
asked for."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import asobiba
from asobiba.core.registry import GAMES

ROOT = Path(asobiba.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph() -> dict[str, set[str]]:
    """Module → the asobiba modules it imports anywhere in its body (``TYPE_CHECKING`` blocks aside)."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n) for node in ast.walk(tree) if _is_type_checking_block(node)
                for n in ast.walk(node)}
        targets: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path.name == "__init__.py", node)
                targets.add(base)
                targets.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _is_type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _packages_only(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph without edges to a package's own ``__init__`` (importing a package to reach a
    submodule is not a dependency on the modules that import the package)."""
    return {m: {t for t in ts if not m.startswith(t + ".")} for m, ts in graph.items()}


def test_no_import_cycles() -> None:
    assert cycles(_packages_only(import_graph())) == []


TOP_LAYER = {
    "__init__": "namespace",
    "core": "core",
    "cli_support": "support",
    "kernel_support": "support",
    "ray_support": "support",
    "ai": "ai",
    "web": "people",
    "terminal": "people",
    "bench": "people",
    "adapters": "people",
    "engine": "people",
    "study": "people",
    "cli": "cli",
    "review_cli": "cli",
    "__main__": "cli",
}
"""The layer of each top-level module of the package (docs/architecture.md, "Layers"); under
``games/`` a folder named in the registry is a game, any other a shared engine."""

MAY_IMPORT = {
    "namespace": set(),
    "core": {"core"},
    "support": {"core", "support"},
    "ai": {"core", "ai"},
    "engine": {"core", "support", "ai", "engine"},
    "game": {"core", "support", "ai", "engine"},
    "people": {"core", "support", "ai", "people"},
    "cli": {"core", "support", "ai", "people", "cli"},
}
"""What each layer may import besides the package namespaces, row by row the Layers table: the
core nothing above it, the computer players only the core, the shared engines the core and the
agents' base, a game its shared engines (and itself, never another game), the generic layers no
game and no engine at all (they reach a game through the registry)."""


def layer(module: str) -> str:
    """The layer of a module: ``game:<id>`` for a game's package, ``engine:<name>`` for a shared
    engine's, else its row of :data:`TOP_LAYER`."""
    parts = module.split(".")
    if len(parts) == 1:
        return "namespace"
    if parts[1] == "games":
        if len(parts) == 2:
            return "namespace"
        return ("game:" if parts[2] in GAMES else "engine:") + parts[2]
    return TOP_LAYER[parts[1]]


def may_import(importer: str, imported: str) -> bool:
    if imported == importer or imported == "namespace":
        return True
    kind = imported.partition(":")[0]
    if kind == "game":  # a game is imported by itself alone (the registry loads it by name)
        return False
    return kind in MAY_IMPORT[importer.partition(":")[0]]


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(m for m in import_graph()
                      if m.count(".") >= 1 and m.split(".")[1] not in TOP_LAYER | {"games": ""})
    assert unplaced == []


def test_layers_import_only_what_the_layers_table_allows() -> None:
    wrong = [f"{module} -> {target}" for module, targets in import_graph().items()
             for target in targets if not may_import(layer(module), layer(target))]
    assert wrong == []


def test_the_rules_above_refuse_what_the_layers_table_forbids() -> None:
    """The check itself: the imports the table forbids are refused (an ``ai → games`` import, one
    game importing another, a shared engine importing a game, the web importing an engine)."""
    refused = [("ai", "game:diamond"), ("ai", "engine:star"), ("game:chinese_checkers", "game:diamond"),
               ("engine:star", "game:diamond"), ("people", "engine:star"), ("people", "game:diceout"),
               ("core", "ai"), ("core", "engine:star"), ("support", "ai")]
    allowed = [("game:diamond", "engine:star"), ("game:diamond", "game:diamond"), ("engine:star", "ai"),
               ("game:gandice", "ai"), ("people", "ai"), ("cli", "people"), ("engine:star", "core")]
    assert [pair for pair in refused if may_import(*pair)] == []
    assert [pair for pair in allowed if not may_import(*pair)] == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_registry_loads_no_other_game(game_id: str) -> None:
    """Loading one game's descriptor, its start and its picture in a fresh interpreter imports no
    other game's package (docs/architecture.md, "Layers")."""
    script = (
        "import sys\n"
        "from asobiba.core.registry import descriptor\n"
        f"d = descriptor({game_id!r})\n"
        "state = d.game_class().new_state()\n"
        "state.legal_actions()\n"
        "if d.render_svg is not None:\n"
        "    d.render_svg(state)\n"
        "print(' '.join(sorted({m.split('.')[2] for m in sys.modules\n"
        "                      if m.startswith('asobiba.games.') and m.count('.') >= 2})))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT.parent), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    loaded = set(done.stdout.split())
    assert game_id in loaded
    assert loaded & set(GAMES) == {game_id}
