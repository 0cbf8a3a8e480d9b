"""The engine wheel in Pyodide under Node: the runtime the site ships, installed without micropip.

run_checks.mjs boots node_modules/pyodide (the files hooks/assets.py copies into the site), unpacks
the wheel from dist/ into site-packages, and runs engine_checks.py: the sources' worked examples,
the puzzles, and a set of JSON API requests. Here the same file runs in CPython too, and the two
interpreters must give identical answers. They must also be identical when Pyodide runs from the
site's start-up files (scripts/build_startup.mjs): its trimmed, compiled standard library, and the
memory snapshot resumed as the browser resumes it. Nothing is skipped: `make test` installs Pyodide
and builds the wheel first, so a missing piece is a failure.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import snapshot_file

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNNER = HERE / "run_checks.mjs"
ENGINE_SRC = ROOT / "engine" / "src" / "somerset"
BROWSER_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def _node() -> str:
    node = shutil.which("node")
    assert node, "node is not on PATH; the Pyodide tests need Node 18 or later"
    return node


def _run(wheel: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_node(), str(RUNNER), str(wheel), *options],
        cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )


def _stale(wheel: Path) -> list[str]:
    """Engine modules whose source differs from (or is missing in) the wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        stale = []
        for py in sorted(ENGINE_SRC.rglob("*.py")):
            name = "somerset/" + py.relative_to(ENGINE_SRC).as_posix()
            if name not in names or zf.read(name) != py.read_bytes():
                stale.append(name)
        return stale


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/'s wheel when it matches engine/src; otherwise a fresh one built into a temporary folder."""
    found = sorted((ROOT / "dist").glob("somerset-*-py3-none-any.whl"), key=lambda p: p.stat().st_mtime)
    if found and not _stale(found[-1]):
        return found[-1]
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_wheel.py"), str(out)], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, f"building the wheel failed:\n{proc.stdout}\n{proc.stderr}"
    built = Path(proc.stdout.strip().splitlines()[-1])
    assert built.is_file() and not _stale(built)
    return built


@pytest.fixture(scope="module")
def in_pyodide(wheel: Path) -> dict[str, Any]:
    proc = _run(wheel)
    assert proc.returncode == 0, f"run_checks.mjs exited {proc.returncode}:\n{proc.stderr}\n{proc.stdout[-4000:]}"
    summary: dict[str, Any] = json.loads(proc.stdout)
    return summary


@pytest.fixture(scope="module")
def startup(wheel: Path) -> Path:
    """The start-up files for this wheel, as the site build makes them (built when stale)."""
    spec = importlib.util.spec_from_file_location("assets_hook", ROOT / "hooks" / "assets.py")
    assert spec and spec.loader
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    folder, meta = hook._startup(ROOT, wheel)
    assert meta["key"]["wheel_sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    return Path(folder)


def _summary(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 0, f"run_checks.mjs exited {proc.returncode}:\n{proc.stderr}\n{proc.stdout[-4000:]}"
    summary: dict[str, Any] = json.loads(proc.stdout)
    return summary


@pytest.fixture(scope="module")
def in_cpython() -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("engine_checks", HERE / "engine_checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    result: dict[str, Any] = mod.run()
    return result


def test_pyodide_has_the_files_a_browser_needs() -> None:
    assert PYODIDE.is_dir(), f"{PYODIDE} is missing: run `npm ci` (make setup does)"
    missing = [name for name in BROWSER_FILES if not (PYODIDE / name).is_file()]
    assert not missing, f"node_modules/pyodide lacks {missing}"
    version = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    assert version == pinned, f"node_modules has pyodide {version}, package.json pins {pinned}: run `npm ci`"


def test_worked_examples_pass_in_pyodide(in_pyodide: dict[str, Any]) -> None:
    assert in_pyodide["failures"] == []
    assert in_pyodide["checks"] >= 20, in_pyodide["checks"]


def test_it_really_ran_in_pyodide(in_pyodide: dict[str, Any], wheel: Path) -> None:
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    version = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    assert in_pyodide["platform"] == "emscripten"
    assert in_pyodide["python"] == lock["info"]["python"]
    assert in_pyodide["runtime"]["pyodide"] == version
    # somerset came from the unpacked wheel, not from anywhere else.
    assert in_pyodide["somerset_file"] == in_pyodide["runtime"]["site_packages"] + "/somerset/__init__.py"


def test_pyodide_and_cpython_answer_alike(in_pyodide: dict[str, Any], in_cpython: dict[str, Any]) -> None:
    assert in_cpython["failures"] == []
    assert in_pyodide["checks"] == in_cpython["checks"]
    from_pyodide, from_cpython = in_pyodide["api"], in_cpython["api"]
    assert len(from_pyodide) == len(from_cpython)
    for i, (a, b) in enumerate(zip(from_pyodide, from_cpython)):
        assert a == b, f"API request #{i} answered differently in Pyodide and CPython"
    # the solver: the same answers, and a node budget that runs out at the same point
    assert in_pyodide["solve"] == in_cpython["solve"] and len(in_cpython["solve"]) >= 4
    # the sampling bots: the same seed, the same cards
    assert in_pyodide["bots"] == in_cpython["bots"] and len(in_cpython["bots"]) >= 4
    # bots that bid with the advisor: the same seed, the same calls
    assert in_pyodide["advisor_bots"] == in_cpython["advisor_bots"] and len(in_cpython["advisor_bots"]) >= 3
    assert in_pyodide["search_bots"] == in_cpython["search_bots"] and len(in_cpython["search_bots"]) >= 2
    # the bid advisor: the same answers, at once or in slices
    assert in_pyodide["advice"] == in_cpython["advice"] and len(in_cpython["advice"]) >= 4
    for sliced, whole in in_cpython["advice"]:
        assert sliced["samples"] == 6 and whole["samples"] == 12 and whole["recommendation"]["reason"]
    # seeded random play: the same deals, case by case
    assert in_cpython["random_play"] and in_pyodide["random_play"] == in_cpython["random_play"]


@pytest.mark.parametrize("resume", [False, True], ids=["compiled-stdlib", "snapshot"])
def test_start_up_files_answer_alike(wheel: Path, startup: Path, in_cpython: dict[str, Any], resume: bool) -> None:
    stdlib = startup / ("stdlib-resumed.zip" if resume else "stdlib.zip")
    options = ["--stdlib", str(stdlib)] + (["--snapshot", str(startup / "snapshot.bin")] if resume else [])
    summary = _summary(_run(wheel, *options))
    assert summary["runtime"]["start"] == ("snapshot" if resume else "plain")
    assert summary["failures"] == []
    assert summary["checks"] == in_cpython["checks"]
    assert summary["somerset_file"] == summary["runtime"]["site_packages"] + "/somerset/__init__.py"
    for i, (a, b) in enumerate(zip(summary["api"], in_cpython["api"], strict=True)):
        assert a == b, f"API request #{i} answered differently in Pyodide ({'snapshot' if resume else 'compiled stdlib'}) and CPython"


def test_the_compiled_stdlib_holds_only_compiled_modules(startup: Path) -> None:
    with zipfile.ZipFile(startup / "stdlib.zip") as zf:
        names = zf.namelist()
    assert names and not [n for n in names if n.endswith(".py")]
    # What the engine and Pyodide need is there; what neither uses is not.
    for needed in ("json/__init__.pyc", "re/__init__.pyc", "dataclasses.pyc", "pyodide/__init__.pyc", "traceback.pyc"):
        assert needed in names
    for unused in ("unittest/__init__.pyc", "xml/__init__.pyc", "tkinter/__init__.pyc", "sqlite3/__init__.pyc"):
        assert unused not in names


@pytest.mark.parametrize("change,message", [
    (lambda raw: snapshot_file.rekey(raw, wheel_sha256="0" * 64), "built for another engine wheel"),
    (lambda raw: snapshot_file.rekey(raw, pyodide="0.0.0"), "built for another Pyodide version"),
    (lambda raw: b"NOT-OURS" + raw[8:], "damaged"),
    (lambda raw: raw[:-4096], "cut short"),
    (snapshot_file.other_build, "Snapshot build id mismatch"),
    (snapshot_file.other_runtime_page, "built for another Python runtime's memory"),
])
def test_a_snapshot_that_does_not_belong_is_refused(
    wheel: Path, startup: Path, tmp_path: Path, change: Any, message: str
) -> None:
    bad = tmp_path / "snapshot.bin"
    bad.write_bytes(snapshot_file.changed((startup / "snapshot.bin").read_bytes(), change))
    proc = _run(wheel, "--stdlib", str(startup / "stdlib-resumed.zip"), "--snapshot", str(bad))
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr


def test_a_snapshot_is_refused_with_another_stdlib(wheel: Path, startup: Path) -> None:
    proc = _run(wheel, "--snapshot", str(startup / "snapshot.bin"))  # Pyodide's own standard library
    assert proc.returncode == 2 and "built for another standard library" in proc.stderr, proc.stderr


def _fake_wheel(path: Path, failures: list[str]) -> Path:
    """A tiny stand-in engine whose check_all() reports the given failures."""
    wheel = path / "somerset-0.0.0-py3-none-any.whl"
    info = "somerset-0.0.0.dist-info"
    files = {
        "somerset/__init__.py": "",
        "somerset/teaching/__init__.py": "",
        "somerset/teaching/examples.py": f"def check_all():\n    return {failures!r}\n\ndef count():\n    return 1\n",
        # (long texts are refused unread: deep nesting would overflow Pyodide's stack, as the real engine knows)
        "somerset/api.py": "import json\n\ndef handle(text):\n    if len(text) > 1000:\n        return json.dumps({'error': "
                           "{'message': 'too long'}})\n    return json.dumps({'echo': json.loads(text, parse_constant=str)})\n",
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: somerset\nVersion: 0.0.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/RECORD": "",
    }
    with zipfile.ZipFile(wheel, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return wheel


def test_the_runner_fails_when_a_check_fails(tmp_path: Path) -> None:
    proc = _run(_fake_wheel(tmp_path, ["deliberate failure"]))
    assert proc.returncode == 1, proc.stderr
    summary = json.loads(proc.stdout)
    assert "example: deliberate failure" in summary["failures"]
    assert "deliberate failure" in proc.stderr


def test_the_runner_refuses_a_missing_wheel(tmp_path: Path) -> None:
    proc = _run(tmp_path / "somerset-9.9.9-py3-none-any.whl")
    assert proc.returncode == 2
    assert proc.stdout == ""


def test_a_snapshot_larger_than_the_initial_memory_resumes_once_the_memory_is_grown() -> None:
    """pyodide/pyodide#6254: Pyodide copies a snapshot over the runtime's memory as instantiated,
    which throws when the snapshot's memory is larger; grown first (widgets/engine/snapshot.js's
    growMemory, as the browser's worker grows it), the memory takes it and the resumed Python has
    its data."""
    proc = subprocess.run(
        [_node(), str(HERE / "snapshot_heap.mjs")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["heap"] > got["initial"] + 30 * 2**20
    # Pyodide's own restore, the memory as instantiated: the copy throws. (Should a Pyodide
    # upgrade size the memory itself, this is where to see that the growing can go.)
    assert got["plain"]["ok"] is False and "out of bounds" in got["plain"]["error"], got["plain"]
    assert got["grown"] == {"ok": True, "problem": None}, got["grown"]
    assert got["refused"].startswith("the Python runtime's memory (0.1 MiB) could not grow to the 0.3 MiB"), got["refused"]
    assert got["fits"] is None
