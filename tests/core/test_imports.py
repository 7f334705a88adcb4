"""The package's import graph: no module imports one that imports it back, directly or through
others — counting imports inside functions too — and the layers only import downwards
(docs/architecture.md, "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

import asobiba

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


LAYER = {"core": 0, "games": 1, "ai": 1, "web": 2, "terminal": 2, "cli": 3, "cli_support": 0,
         "bench": 2, "__main__": 3, "adapters": 2, "engine": 2, "bench_batch": 2}


def test_layers_import_only_downwards() -> None:
    wrong = []
    for module, targets in import_graph().items():
        top = module.split(".")[1] if "." in module else "__init__"
        for target in targets:
            other = target.split(".")[1] if "." in target else "__init__"
            if other in LAYER and top in LAYER and LAYER[other] > LAYER[top]:
                wrong.append(f"{module} -> {target}")
    assert wrong == []
