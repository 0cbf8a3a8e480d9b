"""The engine's layers: each subpackage of ``somerset`` imports only from the layers below it, and no
module imports, directly or through others, a module that imports it back.

Every import counts, those inside functions and under ``TYPE_CHECKING`` included. The layers allow
the deliberate lazy loading in the API listed in ``LAZY``; the cycles allow nothing. Read with
:mod:`ast` from the sources, so the test imports nothing of the engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "engine" / "src" / "somerset"

#: The layers, lowest first: a module may import from its own layer and the layers before it.
#: ``somerset.api`` (the browser's one entry point) sits in the service layer; the package itself
#: (``somerset/__init__.py``, the public names) is above everything.
LAYERS = ["rules", "game", "records", "solve", "players", "teaching", "service"]
TOP = "somerset"

#: Deliberate lazy loading: (importer, imported) -> why. The API answers a trick or a score without
#: loading the puzzles, the bots, the solver or the table, so that those are read only when first
#: asked for; and it reads the package's version from the package, which is always loaded first.
LAZY = {
    ("somerset.api", "somerset"): "the info request's version (__version__) from the package",
    ("somerset.api", "somerset.teaching.puzzles"): "the puzzles, read on the first puzzle request",
    ("somerset.api", "somerset.service.replay"): "replays (and the bots), on the first replay request",
    ("somerset.api", "somerset.service.table"): "the table (and the bots), on the first table request",
    ("somerset.api", "somerset.service.pad"): "the score pad, on the first pad request",
    ("somerset.api", "somerset.service.samedeal_request"): "the same-deal comparison, on its first request",
    ("somerset.api", "somerset.solve.request"): "the solver, on the first solve request",
    ("somerset.api", "somerset.service.advise"): "the advisor (and the play-out policy), on the first advise request",
}


def _module_name(path: Path) -> str:
    parts = ["somerset", *path.relative_to(SRC).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _imports(name: str) -> list[tuple[str, int, bool]]:
    """Every engine module ``name`` imports: (module, line, inside a function)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def add(target: str, line: int, lazy: bool) -> None:
        if target == "somerset" or target.startswith("somerset."):
            found.append((target, line, lazy))

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(alias.name, child.lineno, inner)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                for alias in child.names:
                    # ``from . import x`` names the module x when there is one
                    sub = f"{source}.{alias.name}"
                    add(sub if sub in MODULES else source, child.lineno, inner)
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), False)
    return found


IMPORTS = {name: _imports(name) for name in MODULES}


def layer_of(name: str) -> int:
    """The layer's index (0 is the lowest); the package itself is above every layer."""
    if name == TOP:
        return len(LAYERS)
    if name == "somerset.api":
        return LAYERS.index("service")
    part = name.split(".")[1]
    if part not in LAYERS:
        raise AssertionError(f"{name} is in no layer: move it into one of {', '.join(LAYERS)} "
                             f"(somerset/<layer>/), or add its subpackage to LAYERS in {Path(__file__).name}")
    return LAYERS.index(part)


def test_every_module_is_in_a_layer() -> None:
    for name in MODULES:
        layer_of(name)


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    wrong = []
    for name, imports in IMPORTS.items():
        for target, line, _ in imports:
            if (name, target) not in LAZY and layer_of(target) > layer_of(name):
                wrong.append(f"{MODULES[name].relative_to(SRC.parent)}:{line} ({LAYERS[layer_of(name)]}"
                             f" layer) imports {target}")
    assert not wrong, "imports from a higher layer:\n" + "\n".join(wrong)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, ()):
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def test_no_import_cycles() -> None:
    edges = {name: {t for t, _, _ in imports if t in MODULES} for name, imports in IMPORTS.items()}
    cycles = _cycles(edges)
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_engine_never_imports_its_tools() -> None:
    """The wheel the browser loads holds the engine alone: no module of it imports ``somerset_tools``."""
    wrong = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            wrong += [f"{name}:{node.lineno} imports {n}" for n in named if n.split(".")[0] == "somerset_tools"]
    assert not wrong, wrong


def test_the_lazy_imports_listed_are_still_lazy() -> None:
    """Each listed exception is an import inside a function of the API (a stale entry is an error)."""
    for importer, target in LAZY:
        assert (target, True) in {(t, lazy) for t, _, lazy in IMPORTS[importer]}, (importer, target)


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_imports_are_read() -> None:
    """The reading finds relative and function-level imports."""
    assert ("somerset.rules.cards", False) in {(t, lazy) for t, _, lazy in IMPORTS["somerset.game.deal"]}
    assert ("somerset.service.table", True) in {(t, lazy) for t, _, lazy in IMPORTS["somerset.api"]}
    assert ("somerset.teaching.puzzle_base", False) in {(t, lazy) for t, _, lazy in IMPORTS["somerset.teaching.puzzles"]}
