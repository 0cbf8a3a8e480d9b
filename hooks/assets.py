"""MkDocs hook: put the browser runtime into the built site.

After every build (``mkdocs build`` and each rebuild of ``mkdocs serve``, which builds into a
temporary folder) this copies

* ``widgets/*.js``                      -> ``<site>/assets/widgets/``
* the files of ``node_modules/pyodide`` needed to boot plain Pyodide (no extra packages)
                                        -> ``<site>/assets/pyodide/``
* the newest ``dist/somerset-*.whl``    -> ``<site>/assets/engine/``, with ``manifest.json`` naming it

so that every file the site loads comes from the site itself. The build fails with a clear message
when Pyodide or the wheel is missing (``make setup`` creates both), or when the wheel no longer
matches the engine's source (the browser would then run another engine than the one the build-time
tables came from).
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.assets")

# The browser files of the npm package `pyodide`; the second loader name is for older releases.
PYODIDE_REQUIRED = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_LOADERS = ("pyodide.asm.mjs", "pyodide.asm.js")


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


def _pyodide_files(root: Path) -> list[Path]:
    src = root / "node_modules" / "pyodide"
    if not src.is_dir():
        raise PluginError(
            f"hooks/assets.py: {src} is missing. The site serves Pyodide itself; install it with "
            "`npm ci` (or `make setup`)."
        )
    missing = [name for name in PYODIDE_REQUIRED if not (src / name).is_file()]
    loaders = [src / name for name in PYODIDE_LOADERS if (src / name).is_file()]
    if missing or not loaders:
        need = ", ".join(missing + ([] if loaders else [" or ".join(PYODIDE_LOADERS)]))
        raise PluginError(f"hooks/assets.py: {src} lacks {need}; reinstall it with `npm ci`.")
    return [src / name for name in PYODIDE_REQUIRED] + loaders[:1]


#: What the wheel carries from engine/src/somerset: the modules and the content files.
ENGINE_PATTERNS = ("*.py", "content/*/*.toml", "content/*/*.records")


def _engine_files(src: Path) -> list[Path]:
    return sorted(p for pattern in ENGINE_PATTERNS for p in src.glob(pattern))


def _wheel(root: Path) -> Path:
    wheels = sorted((root / "dist").glob("somerset-*.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        raise PluginError(
            f"hooks/assets.py: no engine wheel in {root / 'dist'}. Build it with "
            "`pip wheel --no-deps -w dist ./engine` (or `make setup`)."
        )
    wheel = wheels[-1]
    src = root / "engine" / "src" / "somerset"
    if src.is_dir():
        with zipfile.ZipFile(wheel) as zf:
            names = set(zf.namelist())
            stale = []
            for path in _engine_files(src):
                rel = path.relative_to(src).as_posix()
                arc = f"somerset/{rel}"
                if arc not in names or zf.read(arc) != path.read_bytes():
                    stale.append(rel)
            shipped = {n for n in names if n.startswith("somerset/content/")}
            here = {f"somerset/{p.relative_to(src).as_posix()}" for p in _engine_files(src) if "content" in p.parts}
            stale += sorted(n.removeprefix("somerset/") + " (removed)" for n in shipped - here)
        if stale:
            raise PluginError(
                f"hooks/assets.py: {wheel.name} does not match engine/src ({', '.join(stale[:5])} "
                "differ); the browser would run an older engine. Rebuild it with "
                "`pip wheel --no-deps -w dist ./engine` (or `make wheel`)."
            )
    return wheel


def _copy(src: Path, dest_dir: Path) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / src.name
    st = src.stat()
    try:
        dt = dest.stat()
        if dt.st_size == st.st_size and int(dt.st_mtime) == int(st.st_mtime):
            return dest  # unchanged since the last (serve) build
    except FileNotFoundError:
        pass
    shutil.copy2(src, dest)
    return dest


def on_config(config: Any, **kwargs: Any) -> Any:
    # Fail before rendering anything when a runtime file is missing.
    root = _root(config)
    _pyodide_files(root)
    _wheel(root)
    if not sorted((root / "widgets").glob("*.js")):
        raise PluginError(f"hooks/assets.py: no widgets in {root / 'widgets'}")
    return config


def on_serve(server: Any, config: Any, builder: Any, **kwargs: Any) -> Any:
    root = _root(config)
    server.watch(str(root / "widgets"))
    if (root / "dist").is_dir():
        server.watch(str(root / "dist"))
    return server


def on_post_build(config: Any, **kwargs: Any) -> None:
    root = _root(config)
    site = Path(config["site_dir"])
    assets = site / "assets"

    widgets = assets / "widgets"
    if widgets.is_dir():
        shutil.rmtree(widgets)
    for js in sorted((root / "widgets").glob("*.js")):
        _copy(js, widgets)

    sizes: dict[str, int] = {}
    for f in _pyodide_files(root):
        _copy(f, assets / "pyodide")
        sizes[f.name] = f.stat().st_size

    wheel = _wheel(root)
    engine = assets / "engine"
    if engine.is_dir():
        for old in engine.glob("*.whl"):
            if old.name != wheel.name:
                old.unlink()
    _copy(wheel, engine)
    data = wheel.read_bytes()
    manifest = {
        "wheel": wheel.name,
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "pyodide": sizes,
    }
    (engine / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    log.info("assets: widgets, Pyodide and %s copied into %s", wheel.name, assets)
