"""The browser tests wait on conditions, never for a fixed time (see develop/testing.md)."""

from __future__ import annotations

import re
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"
SLEEP = re.compile(r"\bwait_for_timeout\(|\btime\.sleep\(|\basyncio\.sleep\(")


def test_no_browser_test_sleeps() -> None:
    found = [f"{p.name}:{n}" for p in sorted(BROWSER_TESTS.glob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if SLEEP.search(line)]
    assert not found, f"fixed sleeps in browser tests (wait on a condition instead, tests/browser/waits.py): {found}"
