"""The widgets' pure parts under Node: `node --test tests/js` (widgets/store/storage.js: the stored values'
checks, migrations, setting aside, a full storage; the pad's deals as text; the trainer's judging,
progress and words). Fails when any of them
fails, so `make test` runs them. Also: the storage module is not a widget (main.js loads a module
only for a <somerset-NAME> tag), and every other module reaches localStorage only through it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "widgets"


def test_node_unit_tests_pass() -> None:
    node = shutil.which("node")
    assert node, "node is needed for the JavaScript unit tests (make setup installs it with npm)"
    tests = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))
    assert tests, "tests/js holds no *.test.mjs"
    proc = subprocess.run([node, "--test", *map(str, tests)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"node --test tests/js failed:\n{proc.stdout[-6000:]}\n{proc.stderr[-2000:]}"
    assert re.search(r"^# pass [1-9]", proc.stdout, re.M), proc.stdout[-2000:]
    assert re.search(r"^# fail 0$", proc.stdout, re.M), proc.stdout[-2000:]


def test_only_the_storage_module_touches_local_storage() -> None:
    users = sorted(p.name for p in WIDGETS.rglob("*.js") if "localStorage" in p.read_text(encoding="utf-8"))
    assert users == ["storage.js"], users
    text = (WIDGETS / "store" / "storage.js").read_text(encoding="utf-8")
    # Not a widget: it defines no element, and no page names <somerset-storage>.
    assert "customElements" not in text and "defineWidget" not in text
    docs = [p for p in (ROOT / "docs").rglob("*.md") if "<somerset-storage" in p.read_text(encoding="utf-8")]
    assert docs == []
    # Every key it keeps is spelled in store/keys.js and nowhere else among the widgets.
    keys = set(re.findall(r'"(somerset\.[a-z.-]+)"', (WIDGETS / "store" / "keys.js").read_text(encoding="utf-8")))
    assert {"somerset.pads", "somerset.puzzle-progress", "somerset.own-puzzles", "somerset.ruleset"} <= keys
    for p in WIDGETS.rglob("*.js"):
        if p.relative_to(WIDGETS).as_posix() != "store/keys.js":
            code = "\n".join(line for line in p.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("//"))
            assert not set(re.findall(r'"(somerset\.[a-z.-]+)"', code)) & keys, p.name
