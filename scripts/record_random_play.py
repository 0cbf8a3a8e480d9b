"""Record seeded random play from a revision of the engine, for tests/engine/test_random_play.py.

    .venv/bin/python scripts/record_random_play.py REV

The engine at REV is taken from git as the package ``somerset_old`` (as scripts/bench_ab.py does)
and plays every ruleset, format and option from fixed seeds (``random_play_digests`` in
tests/pyodide/engine_checks.py); the digests are written to tests/engine/random_play_recorded.json.
The test then holds the working tree's engine to the same deals. Record again only when a rule is
changed on purpose (a changed rule deals the same cards but plays them differently), from the
revision that made the change.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_ab import ROOT, old_package

RECORD = ROOT / "tests" / "engine" / "random_play_recorded.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the revision to record from (a commit, a branch)")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--verify", args.rev + "^{commit}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        old_package(commit, Path(tmp))
        code = (f"import json, sys; sys.path[:0] = [{tmp!r}, {str(ROOT / 'tests' / 'pyodide')!r}]\n"
                "from engine_checks import RANDOM_DEALS, random_play_digests\n"
                "print(json.dumps({'deals': RANDOM_DEALS, 'digests': random_play_digests('somerset_old')}))")
        out = subprocess.run([sys.executable, "-c", code], cwd=tmp, check=True, capture_output=True, text=True).stdout
    recorded = {"revision": commit, **json.loads(out)}
    RECORD.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(recorded['digests'])} cases of {recorded['deals']} deals recorded from {commit[:12]} in {RECORD}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
