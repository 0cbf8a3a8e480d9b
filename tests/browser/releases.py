"""Two releases of the site on one address, for the tests of what a reader runs across a deploy.

``derive_release`` makes release B from a built release A as the build would have made it with an
engine whose version differs: the wheel with another ``__version__`` (and its RECORD line), the
engine's start-up files built again from it (scripts/build_startup.mjs, as hooks/assets.py does),
the engine manifest with the new hashes, a marker on every page, and sw.js and offline.json written
again by hooks/offline.py. ``Releases`` serves one of the two folders at a time, with GitHub Pages'
``Cache-Control: max-age=600``, and can hold one file's response until told to let it go.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import importlib.util
import io
import json
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path
from typing import Any

from site_server import SiteHandler, rebased_sitemap  # scripts/, on the path through conftest

ROOT = Path(__file__).resolve().parents[2]
VERSION_LINE = '__version__ = "{}"'
MARKER = '<meta name="somerset-release" content="{}">'


def offline_hook() -> Any:
    """hooks/offline.py as a module (it writes sw.js and offline.json for a site folder)."""
    spec = importlib.util.spec_from_file_location("somerset_offline_hook_releases", ROOT / "hooks" / "offline.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def sw_build(site: Path) -> dict[str, Any]:
    """BUILD as the service worker of the site in `site` holds it (hooks/offline.py)."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    build: dict[str, Any] = json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])
    return build


def sw_version(site: Path) -> str:
    """The version of the service worker of the site in `site` (its pages' cache is named by it)."""
    return str(sw_build(site)["version"])


def write_sw(site: Path) -> str:
    """sw.js and offline.json written again for the files now in `site`; returns the new version."""
    hook = offline_hook()
    hook._serving = False
    hook.on_post_build({"site_dir": str(site)})
    return sw_version(site)


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def patched_wheel(wheel: bytes, version: str) -> tuple[bytes, str]:
    """The wheel with somerset.__version__ set to `version` (RECORD kept true); and the old version."""
    old_zip = zipfile.ZipFile(io.BytesIO(wheel))
    init = old_zip.read("somerset/__init__.py").decode("utf-8")
    old = init.split('__version__ = "', 1)[1].split('"', 1)[0]
    new_init = init.replace(VERSION_LINE.format(old), VERSION_LINE.format(version)).encode("utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in old_zip.infolist():
            data = old_zip.read(info)
            if info.filename == "somerset/__init__.py":
                data = new_init
            elif info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines()
                data = "\n".join(
                    f"somerset/__init__.py,{_record_hash(new_init)},{len(new_init)}" if line.startswith("somerset/__init__.py,") else line
                    for line in lines
                ).encode("utf-8") + b"\n"
            z.writestr(info, data)
    return out.getvalue(), old


def _startup(wheel: bytes, manifest: dict[str, Any], work: Path) -> tuple[Path, dict[str, Any]]:
    """The start-up files for `wheel`, built as hooks/assets.py builds them (a few minutes on a busy
    machine), and kept in dist/startup-release-b/ for the next run while their inputs are the same."""
    key = {"wheel": hashlib.sha256(wheel).hexdigest(), "a": manifest["startup"]["key"],
           "builder": hashlib.sha256((ROOT / "scripts" / "build_startup.mjs").read_bytes()).hexdigest()}
    built = ROOT / "dist" / "startup-release-b"
    try:
        startup: dict[str, Any] = json.loads((built / "startup.json").read_text(encoding="utf-8"))
        if startup.get("for") == key:
            return built, startup
    except (OSError, ValueError):
        pass
    shutil.rmtree(built, ignore_errors=True)
    built.mkdir(parents=True)
    a_built = ROOT / "dist" / "startup"
    for reused in ("pyodide.asm.wasm.zst", "pyodide.asm.wasm.zst.json"):  # reused by the builder while Pyodide is unchanged
        if (a_built / reused).is_file():
            shutil.copy2(a_built / reused, built / reused)
    work.mkdir(parents=True, exist_ok=True)
    wheel_copy = work / manifest["wheel"]
    wheel_copy.write_bytes(wheel)
    proc = subprocess.run(["node", str(ROOT / "scripts" / "build_startup.mjs"), str(wheel_copy), str(built)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"building release B's start-up files failed:\n{proc.stderr[-3000:]}")
    startup = json.loads((built / "startup.json").read_text(encoding="utf-8"))
    startup["for"] = key
    (built / "startup.json").write_text(json.dumps(startup, indent=1) + "\n", encoding="utf-8")
    return built, startup


def derive_release(site_a: Path, dest: Path, work: Path, version: str, marker: str) -> Path:
    """Release B in `dest`, made from the built release A in `site_a` (see the module's text)."""
    shutil.copytree(site_a, dest)
    engine = dest / "assets" / "engine"
    manifest = json.loads((engine / "manifest.json").read_text(encoding="utf-8"))
    wheel_path = engine / manifest["wheel"]
    wheel, _ = patched_wheel(wheel_path.read_bytes(), version)
    wheel_path.write_bytes(wheel)
    built, startup = _startup(wheel, manifest, work)
    for name in ("stdlib.zip", "snapshot.bin", "stdlib-resumed.zip"):
        shutil.copy2(built / name, engine / name)
    manifest["sha256"] = hashlib.sha256(wheel).hexdigest()
    manifest["bytes"] = len(wheel)
    manifest["startup"] = {"stdlib": startup["stdlib"], "snapshot": startup["snapshot"], "wasm": startup["wasm"], "key": startup["key"]}
    (engine / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    for page in dest.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "<head>" in text:
            page.write_text(text.replace("<head>", "<head>" + MARKER.format(marker), 1), encoding="utf-8")
    write_sw(dest)
    return dest


class Releases:
    """An HTTP server for one address whose site is `current` (switch it with `.current = ...`);
    every response says ``Cache-Control: max-age=600``. ``hold(path)`` makes the next request for
    that path wait, read from the site served when it arrived, until ``release()``; ``held`` is set
    once it has arrived. ``hits`` lists every path asked for."""

    def __init__(self, current: Path) -> None:
        self.current = current
        self.hits: list[str] = []
        self.asked: list[str] = []  # with their queries
        self._hold: str | None = None
        self.held = threading.Event()
        self._go = threading.Event()
        releases = self

        class Handler(SiteHandler):
            def send_head(self) -> Any:
                path = self.path.split("?")[0]
                releases.hits.append(path)
                releases.asked.append(self.path)
                site = releases.current
                self.directory = str(site)
                if path == "/sitemap.xml":
                    return self._send(rebased_sitemap(site, releases.base), "application/xml")
                if path == releases._hold:
                    releases._hold = None
                    answer = super().send_head()  # opened from the release served now
                    releases.held.set()
                    releases._go.wait(timeout=120)
                    return answer
                return super().send_head()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(current)))
        self.server.daemon_threads = True
        self.server.cache_header = True  # type: ignore[attr-defined]
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def hold(self, path: str) -> None:
        self.held.clear()
        self._go.clear()
        self._hold = path

    def release(self) -> None:
        self._go.set()

    def close(self) -> None:
        self._go.set()
        self.server.shutdown()
        self.server.server_close()
