"""MkDocs hook: put the browser runtime into the built site, so every file it loads comes from the site.

``on_post_build`` (after ``mkdocs build`` and each rebuild of ``mkdocs serve``) copies the widgets'
modules to ``assets/widgets/`` (``widget_files``; not the ``TEMPLATES``), Pyodide's boot files to
``assets/pyodide/`` (``pyodide.asm.mjs`` again with a compile hint, in ``EAGER``), the ``VENDORED``
npm files to ``assets/vendor/``, and the newest wheel, ``manifest.json`` and the start-up files
(``STARTUP_FILES``, built by scripts/build_startup.mjs into dist/startup/) to ``assets/engine/``.
The build fails with a clear message when Pyodide or the wheel is missing, the wheel is older than
the engine's source, a widget file is out of place, or the start-up files cannot be built. Each
file in detail: develop/architecture.md, "What the runtime hook copies".
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.assets")

# The browser files of the npm package `pyodide`; the second loader name is for older releases.
# Its python_stdlib.zip (sources) is what stdlib.zip is made from; the site serves stdlib.zip.
PYODIDE_REQUIRED = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "package.json")
PYODIDE_SERVED = ("pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
PYODIDE_LOADERS = ("pyodide.asm.mjs", "pyodide.asm.js")
# What the start-up files are built from, besides Pyodide and the wheel.
STARTUP_BUILDER = ("scripts/build_startup.mjs", "widgets/engine/snapshot.js", "widgets/engine/zstd.js", "scripts/zstd_wasm.mjs",
                   "node_modules/zstddec/dist/zstddec-stream.mjs")
STARTUP_FILES = ("stdlib.zip", "snapshot.bin", "stdlib-resumed.zip")
# Packed by the same builder, and reused by it while Pyodide's module is unchanged.
PACKED_WASM = "pyodide.asm.wasm.zst"
ZSTD_DECODER = "zstd-decoder.wasm"
# Pyodide's runtime script is served twice: as it is, for a start the
# service worker does not serve (a first visit: compiled lazily, function by function, which is
# quickest once), and in EAGER with V8's explicit compile hint as its first line, for a start it
# does serve (widgets/engine/worker.js). With the hint Chromium compiles every function as the file loads,
# so the code it keeps beside the service worker's copy (widgets/engine/offline.js, compileAhead) is the
# whole script and a later start compiles none of it. Other browsers read a comment. The service
# worker keeps only the eager copy (hooks/offline.py, engine_files). Measured on
# develop/benchmarks.md ("Compiled code kept").
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"
HINTED = "pyodide.asm.mjs"
EAGER = "eager"
# Both copies of the runtime script carry one change to Pyodide's own code. To put a JavaScript
# function into the WebAssembly table (which Chromium refuses), the runtime wraps it in a module
# of its own (`convertJsFunctionToWasm`), and compiles that module again for every function: 262
# compiles at every start, from the snapshot too, each the same as every other of its signature.
# The site's copies compile it once per signature and instantiate it per function, as before.
# Measured on develop/benchmarks.md ("One wrapper module per signature"). The build fails when the
# runtime no longer holds the line it changes (another Pyodide: look again).
WRAPPER_COMPILED = b"var module=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance(module,{e:{f:func}});"
WRAPPER_KEPT = (b"var module=(convertJsFunctionToWasm.modules||=new Map).get(sig);if(!module){module=new WebAssembly.Module(bytes);"
                b"convertJsFunctionToWasm.modules.set(sig,module)}var instance=new WebAssembly.Instance(module,{e:{f:func}});")
# Small npm packages the widgets import, copied file by file into assets/vendor/<package>/.
VENDORED = {"uqr": ("dist/index.mjs", "LICENSE"), "zstddec": ("LICENSE",)}
# The widgets' entry points, the only modules at widgets/'s root (mkdocs.yml, widgets/main.js).
ROOT_MODULES = ("main.js", "manifest.js")
# Templates under widgets/ that hooks fill in and write elsewhere: the service worker
# (hooks/offline.py writes <site>/sw.js) and the early start (hooks/early_start.py inlines it).
TEMPLATES = ("engine/service-worker.js", "engine/early-start.js")


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


def widget_files(widgets: Path) -> list[str]:
    """The modules to copy into the site, as paths relative to `widgets` (folders kept), failing
    clearly when the folder breaks its layout: an empty folder, a file that is not a module, a
    module other than ROOT_MODULES at the root."""
    if not widgets.is_dir():
        raise PluginError(f"hooks/assets.py: no widgets folder {widgets}")
    out = []
    for path in sorted(widgets.rglob("*")):
        rel = path.relative_to(widgets).as_posix()
        if path.is_dir():
            if not any(p.is_file() for p in path.rglob("*")):
                raise PluginError(f"hooks/assets.py: widgets/{rel}/ holds no module; remove it or put its modules in")
            continue
        if path.suffix != ".js":
            raise PluginError(f"hooks/assets.py: widgets/{rel} is not a module (.js); widgets/ holds the widgets' ES modules only")
        if "/" not in rel and rel not in ROOT_MODULES:
            raise PluginError(f"hooks/assets.py: widgets/{rel} is at the root, where only {', '.join(ROOT_MODULES)} stand; "
                              "put it in the folder of its kind or feature (develop/architecture.md)")
        if rel not in TEMPLATES:
            out.append(rel)
    if not out:
        raise PluginError(f"hooks/assets.py: no widgets in {widgets}")
    return out


def _vendored_files(root: Path) -> list[tuple[str, Path]]:
    """(package, file) for every file of VENDORED, failing clearly when one is missing."""
    out = []
    for package, names in VENDORED.items():
        for name in names:
            path = root / "node_modules" / package / name
            if not path.is_file():
                raise PluginError(f"hooks/assets.py: {path} is missing; install the pinned npm packages with "
                                  "`npm ci` (or `make setup`).")
            out.append((package, path))
    return out


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
    return [src / name for name in PYODIDE_SERVED] + loaders[:1]


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


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _startup_inputs(root: Path, wheel: Path) -> dict[str, str]:
    pyodide = root / "node_modules" / "pyodide"
    inputs = {
        "pyodide": json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"],
        "wheel_sha256": _sha256(wheel),
    }
    for name in ("pyodide-lock.json", "pyodide.asm.wasm", "pyodide.mjs", "python_stdlib.zip"):
        inputs[f"{name}_sha256"] = _sha256(pyodide / name)
    for name in STARTUP_BUILDER:
        inputs[f"{name}_sha256"] = _sha256(root / name)
    return inputs


def _startup_current(out: Path, inputs: dict[str, str]) -> dict[str, Any] | None:
    """dist/startup's description when it was built from exactly these inputs and is intact."""
    try:
        meta: dict[str, Any] = json.loads((out / "startup.json").read_text(encoding="utf-8"))
        if meta.get("inputs") != inputs:
            return None
        key = meta["key"]
        if key["wheel_sha256"] != inputs["wheel_sha256"] or key["pyodide"] != inputs["pyodide"]:
            return None
        if key["lock_sha256"] != inputs["pyodide-lock.json_sha256"]:
            return None
        for part in (meta["stdlib"], meta["snapshot"], meta["snapshot"]["stdlib"]):
            if _sha256(out / part["file"]) != part["sha256"]:
                return None
        if key["stdlib_sha256"] != meta["snapshot"]["stdlib"]["sha256"]:
            return None
        wasm = meta["wasm"]
        if wasm["file"] != PACKED_WASM or wasm["raw_sha256"] != inputs["pyodide.asm.wasm_sha256"]:
            return None
        if _sha256(out / wasm["file"]) != wasm["sha256"]:
            return None
        decoder = meta["decoder"]
        if decoder["file"] != ZSTD_DECODER or _sha256(out / decoder["file"]) != decoder["sha256"]:
            return None
        return meta
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _startup(root: Path, wheel: Path) -> tuple[Path, dict[str, Any]]:
    """The start-up files for this Pyodide and wheel, built under Node when missing or stale."""
    out = root / "dist" / "startup"
    inputs = _startup_inputs(root, wheel)
    meta = _startup_current(out, inputs)
    if meta is not None:
        return out, meta
    node = shutil.which("node")
    if node is None:
        raise PluginError("hooks/assets.py: `node` is not on PATH; it builds the engine's start-up files.")
    log.info("assets: building the engine's start-up files (standard library, snapshot) for %s", wheel.name)
    for name in ("startup.json", *STARTUP_FILES, ZSTD_DECODER):
        (out / name).unlink(missing_ok=True)
    try:
        proc = subprocess.run(
            [node, str(root / STARTUP_BUILDER[0]), str(wheel), str(out)],
            cwd=root, capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as e:
        raise PluginError("hooks/assets.py: building the start-up files took over 15 minutes") from e
    if proc.returncode != 0:
        raise PluginError(f"hooks/assets.py: building the start-up files failed:\n{proc.stderr.strip()[-3000:]}")
    meta = json.loads((out / "startup.json").read_text(encoding="utf-8"))
    meta["inputs"] = inputs
    (out / "startup.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    checked = _startup_current(out, inputs)
    if checked is None:
        raise PluginError(f"hooks/assets.py: {out} does not match its inputs right after being built")
    return out, checked


def runtime_script(src: Path) -> bytes:
    """Pyodide's runtime script as the site serves it: one wrapper module per signature."""
    data = src.read_bytes()
    if data.count(WRAPPER_COMPILED) != 1:
        raise PluginError(f"hooks/assets.py: {src} does not hold Pyodide's wrapper compile exactly once "
                          f"(convertJsFunctionToWasm); this Pyodide differs from the one WRAPPER_COMPILED was "
                          f"written for: read its convertJsFunctionToWasm and update or drop the change")
    return data.replace(WRAPPER_COMPILED, WRAPPER_KEPT)


def _write(data: bytes, dest_dir: Path, name: str) -> Path:
    """`data` into `dest_dir`/`name` (written only when it differs)."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / name
    if not dest.is_file() or dest.read_bytes() != data:
        dest.write_bytes(data)
    return dest


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
    _vendored_files(root)
    _wheel(root)
    widget_files(root / "widgets")
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
    for rel in widget_files(root / "widgets"):
        _copy(root / "widgets" / rel, (widgets / rel).parent)

    for package, f in _vendored_files(root):
        _copy(f, assets / "vendor" / package)

    sizes: dict[str, int] = {}
    for f in _pyodide_files(root):
        if f.name == HINTED:
            script = runtime_script(f)
            sizes[f.name] = _write(script, assets / "pyodide", f.name).stat().st_size
            eager = _write(COMPILE_HINT + script, assets / "pyodide" / EAGER, f.name)
            sizes[f"{EAGER}/{f.name}"] = eager.stat().st_size
            continue
        _copy(f, assets / "pyodide")
        sizes[f.name] = f.stat().st_size

    wheel = _wheel(root)
    startup_dir, startup = _startup(root, wheel)
    engine = assets / "engine"
    if engine.is_dir():
        for old in engine.glob("*.whl"):
            if old.name != wheel.name:
                old.unlink()
    _copy(wheel, engine)
    for name in STARTUP_FILES:
        _copy(startup_dir / name, engine)
    _copy(startup_dir / PACKED_WASM, assets / "pyodide")
    _copy(startup_dir / ZSTD_DECODER, assets / "vendor" / "zstddec")
    data = wheel.read_bytes()
    manifest = {
        "wheel": wheel.name,
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "pyodide": sizes,
        "startup": {"stdlib": startup["stdlib"], "snapshot": startup["snapshot"], "wasm": startup["wasm"], "key": startup["key"]},
    }
    (engine / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    log.info("assets: widgets, Pyodide, %s and its start-up files copied into %s", wheel.name, assets)
