"""Every file opens by saying what it is, in at most ten lines: a widget module's leading ``//``
comment, and the module docstring of every Python file of the engine, the tools, the build hooks
and the scripts. Why something is so, how it was measured and its history live on develop/.

Read from the sources (nothing is imported or built), so the test is quick.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 10
PYTHON_FOLDERS = ("engine/src", "tools/src", "hooks", "scripts")



def js_opening(text: str) -> list[str]:
    """The leading comment of a JavaScript module: its first lines, as long as each is a // comment."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        lines.append(line)
    return lines


def py_opening(text: str) -> list[str]:
    """The lines of a Python module's docstring, without the blank lines round it."""
    doc = ast.get_docstring(ast.parse(text), clean=False)
    return doc.strip("\n").splitlines() if doc else []


@functools.cache
def openings() -> dict[str, list[str]]:
    """Every file the rule covers, by its path from the repository's root, with its opening."""
    found = {p: js_opening(p.read_text(encoding="utf-8")) for p in (ROOT / "widgets").rglob("*.js")}
    for folder in PYTHON_FOLDERS:
        for p in (ROOT / folder).rglob("*.py"):
            if "egg-info" not in str(p):
                found[p] = py_opening(p.read_text(encoding="utf-8"))
    return {p.relative_to(ROOT).as_posix(): lines for p, lines in sorted(found.items())}


def test_the_reading_finds_the_files_and_their_openings() -> None:
    found = openings()
    assert "widgets/base/ui.js" in found and "engine/src/somerset/game/deal.py" in found
    assert "hooks/offline.py" in found and "scripts/bench_web.py" in found and "tools/src/somerset_tools/stats.py" in found
    assert js_opening("// one\n// two\n\n// not the opening\nconst x = 1;\n") == ["// one", "// two"]
    assert py_opening('"""One.\n\nTwo.\n"""\n\nx = 1\n') == ["One.", "", "Two."]
    assert py_opening("x = 1\n") == []


def test_every_file_says_what_it_is() -> None:
    silent = [path for path, lines in openings().items() if not lines]
    assert not silent, "no opening comment or module docstring: " + ", ".join(silent)


def test_openings_are_at_most_ten_lines() -> None:
    long = {path: len(lines) for path, lines in openings().items() if len(lines) > LIMIT}
    assert not long, (
        f"openings longer than {LIMIT} lines (keep what the file is and its interface; move why, how it was "
        f"measured and its history to develop/): " + ", ".join(f"{p} ({n})" for p, n in long.items())
    )
