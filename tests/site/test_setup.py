"""The set-up the README promises: `make test` finds or installs a browser by itself, and says so
in one message when it cannot (scripts/ensure-browser.sh, used by the Makefile and so by .ci/run)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "ensure-browser.sh"


def _run(tmp_path: Path, chromium: str, uid: str) -> subprocess.CompletedProcess[str]:
    # A PATH whose `id` says who we are and that has no sudo or apt-get, so nothing is installed.
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    (fake / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    (fake / "id").chmod(0o755)
    (fake / "sudo").write_text("#!/bin/sh\nexit 1\n")  # sudo that always wants a password
    (fake / "sudo").chmod(0o755)
    env = dict(os.environ, PATH=f"{fake}:/usr/bin:/bin", CHROMIUM=chromium, PYTHON=str(tmp_path / "no-python"))
    env.pop("SUDO_USER", None)
    return subprocess.run(["bash", str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_a_browser_that_is_there_is_used_quietly(tmp_path: Path) -> None:
    proc = _run(tmp_path, "/bin/sh", "1000")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "" and proc.stderr == ""


def test_no_browser_and_no_way_to_install_one_is_one_clear_message(tmp_path: Path) -> None:
    proc = _run(tmp_path, str(tmp_path / "chromium"), "1000")
    assert proc.returncode == 1
    message = proc.stderr
    assert "the browser tests need Chromium" in message
    assert "cannot install packages" in message
    assert "apt-get install chromium" in message and "playwright install chromium" in message
    assert message.count("make:") == 1, message


def test_make_test_and_ci_go_through_the_script() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "test: setup typecheck browser" in makefile
    assert "scripts/ensure-browser.sh" in makefile
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "apt-get" not in ci  # one place installs the browser


def test_every_test_file_has_a_name_of_its_own() -> None:
    # pytest imports test modules by their base name (tests/ has no packages): two files of one name
    # in two folders stop the whole run at collection.
    names: dict[str, list[str]] = {}
    for p in (ROOT / "tests").rglob("test_*.py"):
        names.setdefault(p.name, []).append(p.relative_to(ROOT).as_posix())
    assert len(names) > 100
    assert {n: ps for n, ps in names.items() if len(ps) > 1} == {}
