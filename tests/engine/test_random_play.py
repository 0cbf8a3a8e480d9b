"""Seeded random play deals and plays exactly as the revision before it was made faster.

tests/engine/random_play_recorded.json holds, for every ruleset, format and option, a digest of
twelve deals of random play (every action, the score, the generator's state) recorded from that
revision by scripts/record_random_play.py; ``random_play_digests`` (tests/pyodide/engine_checks.py,
which the Pyodide test also runs, so the two interpreters must agree too) plays them again here.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
RECORDED = json.loads((HERE / "random_play_recorded.json").read_text(encoding="utf-8"))


def _engine_checks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_checks", HERE.parent / "pyodide" / "engine_checks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_play_gives_the_recorded_deals() -> None:
    checks = _engine_checks()
    assert RECORDED["deals"] == checks.RANDOM_DEALS
    now: dict[str, str] = checks.random_play_digests()
    recorded: dict[str, str] = RECORDED["digests"]
    assert len(recorded) >= 50
    gone = sorted(set(recorded) - set(now))
    assert not gone, f"recorded cases the engine no longer plays: {gone}"
    changed = sorted(case for case, digest in recorded.items() if now[case] != digest)
    assert not changed, (f"random play differs from the deals recorded at {RECORDED['revision'][:12]} in: "
                         f"{', '.join(changed)} (if a rule changed on purpose, record again: "
                         "scripts/record_random_play.py REV)")

