"""Build the engine wheel into a folder (default dist/), leaving engine/ untouched.

    .venv/bin/python scripts/build_wheel.py [OUTDIR]

Copies engine/ (without build output or caches) to a temporary folder and builds there with the
venv's pinned setuptools (``python -m build --wheel --no-isolation``: nothing is downloaded), with
SOURCE_DATE_EPOCH fixed so the same sources give a byte-identical wheel. Older somerset-*.whl
files in OUTDIR are removed, so exactly one wheel is left; its path is printed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
IGNORE = shutil.ignore_patterns("*.egg-info", "__pycache__", "*.pyc", "build", "dist", ".mypy_cache")
EPOCH = "315532800"  # 1980-01-01, the earliest date a zip file can hold


def build(outdir: Path) -> Path:
    if not (ENGINE / "pyproject.toml").is_file():
        raise SystemExit(f"build_wheel: {ENGINE / 'pyproject.toml'} is missing")
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="somerset-wheel-") as tmp:
        src = Path(tmp) / "engine"
        shutil.copytree(ENGINE, src, ignore=IGNORE)
        out = Path(tmp) / "out"
        env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH, PYTHONDONTWRITEBYTECODE="1")
        proc = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(src)],
            capture_output=True, text=True, env=env,
        )
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            raise SystemExit(f"build_wheel: building the engine wheel failed (exit {proc.returncode})")
        wheels = sorted(out.glob("somerset-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"build_wheel: expected one pure-Python somerset wheel, got {[w.name for w in wheels]}")
        for old in outdir.glob("somerset-*.whl"):
            old.unlink()
        dest = outdir / wheels[0].name
        shutil.copyfile(wheels[0], dest)
    return dest


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"
    print(build(target))
