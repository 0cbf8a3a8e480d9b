"""The widgets' folders are layers: ``engine/`` (the engine's runtime) imports only itself, ``store/``
(the device's storage) the engine's runtime, ``base/`` both, ``views/`` (drawings several features
share) all three, and each feature folder all four and itself, never another feature. Read from the
sources with regular expressions: static imports, re-exports and ``import("...")`` with a literal."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"

#: The kinds, lowest first: a module may import from its own folder and the kinds before it.
KINDS = ["engine", "store", "base", "views"]
#: Modules at the top of widgets/ (the loader and its manifest) may import anything.
TOP = {"main.js", "manifest.js"}

IMPORT = re.compile(r"""(?:^|[;}\s])(?:import|export)\s[^;'"]*?\bfrom\s*["']([^"']+)["']|(?:^|[;}\s])import\s*\(?\s*["']([^"']+)["']""", re.S)


def imports(path: Path) -> list[str]:
    """The widget folders' modules (relative to widgets/) that one module imports."""
    return imports_in(path.read_text(encoding="utf-8"), path.relative_to(WIDGETS).as_posix())


def imports_in(source: str, module: str) -> list[str]:
    """The modules (relative to widgets/) that a module's source, at ``module``, imports."""
    text = re.sub(r"^\s*//.*$", "", source, flags=re.M)
    out = []
    for m in IMPORT.finditer(text):
        spec = m.group(1) or m.group(2)
        if spec.startswith("."):
            target = PurePosixPath(PurePosixPath(module).parent.as_posix(), spec.split("?")[0])
            parts: list[str] = []
            for p in target.parts:
                if p == "..":
                    parts.pop()
                elif p != ".":
                    parts.append(p)
            out.append("/".join(parts))
    return out


def allowed(src: str, dst: str) -> bool:
    if src in TOP:
        return True
    folder, target = src.split("/")[0], dst.split("/")[0]
    if folder == target:
        return True
    if target not in KINDS:  # another feature, or the top
        return False
    if folder not in KINDS:  # a feature may use every kind
        return True
    return KINDS.index(target) < KINDS.index(folder)


def test_every_module_lives_in_a_folder_of_a_kind_or_a_feature() -> None:
    loose = sorted(p.name for p in WIDGETS.glob("*.js") if p.name not in TOP)
    assert loose == [], f"modules at the top of widgets/: {loose}; put each in its kind's or its feature's folder"
    assert all((WIDGETS / k).is_dir() for k in KINDS)


def test_imports_only_go_down_and_features_never_import_each_other() -> None:
    seen = 0
    wrong = []
    for path in sorted(WIDGETS.rglob("*.js")):
        src = path.relative_to(WIDGETS).as_posix()
        for dst in imports(path):
            seen += 1
            assert (WIDGETS / dst).is_file(), f"{src} imports {dst}, which is not a module of widgets/"
            if not allowed(src, dst):
                wrong.append(f"{src} -> {dst}")
    assert seen > 100  # the reader found the imports
    assert wrong == [], "imports against the layers (" + " < ".join(KINDS) + " < features):\n" + "\n".join(wrong)


def test_the_reader_sees_every_kind_of_import() -> None:
    assert imports(WIDGETS / "store" / "own-puzzles.js") == ["store/storage.js"]
    sample = ('import {\n  a,\n  b } from "../base/x.js";\nexport { c } from "./y.js";\nimport "../views/z.js";\n'
              'const m = await import("../trick/trick.js?v=1");\n// import { d } from "../pad/pad.js";\n')
    assert imports_in(sample, "store/sample.js") == ["base/x.js", "store/y.js", "views/z.js", "trick/trick.js"]
    assert not allowed("store/sample.js", "base/x.js") and allowed("trick/trick.js", "store/y.js")
    assert not allowed("play/table.js", "trainer/judge.js") and allowed("pad/pad.js", "pad/game.js")
    assert not allowed("engine/worker.js", "store/storage.js") and allowed("views/replay.js", "base/ui.js")
