"""MkDocs hook: the site's own service worker, ``<site>/sw.js``, generated at every build.

``on_post_build`` runs after every other hook has written its files and writes sw.js from the
template widgets/engine/service-worker.js with the build's facts (``build_facts``: ``version``,
``engine``, ``precache``, ``runtime``, ``engineFiles`` from ``engine_files``, ``engineBytes``), and
``assets/data/offline.json`` (``{"engine_bytes": N, "engine_files": n}``), the size pages state.
The build fails when the precache passes ``PRECACHE_BUDGET`` bytes on the wire. Under ``mkdocs
serve`` sw.js is ``SERVE_STUB``, which removes itself and its caches. Each fact in detail:
develop/architecture.md, "What the service worker is told"; why: develop/runtime.md, "Offline
and installable".
"""

from __future__ import annotations

import hashlib
import json
import logging
import zlib
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.offline")

TEMPLATE = Path(__file__).resolve().parent.parent / "widgets" / "engine" / "service-worker.js"
SW = "sw.js"
RUNTIME = ("assets/pyodide/", "assets/engine/")
# Not for reading offline: debuggers' source maps, compressed twins of files that are precached
# anyway, and the search's support for languages other than the site's (English).
EXCLUDED_SUFFIXES = (".map", ".gz")
EXCLUDED_FOLDERS = ("assets/javascripts/lunr/",)
OFFLINE_DATA = "assets/data/offline.json"
PRECACHE_BUDGET = 2 * 1024 * 1024  # bytes on the wire (gzip-compressed), what a first visit downloads
# Part of the engine cache's name: a new value drops every engine cache a reader has (their files
# are fetched again once). It names the rule the cache's entries were kept under: every file
# checked against its hash before it is kept (widgets/engine/service-worker.js).
ENGINE_CACHE_FORMAT = "checked"

SERVE_STUB = """// mkdocs serve: no offline copy while the site is being edited. This removes any service
// worker and cache an earlier build of the site left in this browser.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (/^somerset-(pages|engine)-[0-9a-f]{16}$/.test(name)) await caches.delete(name);
    await self.registration.unregister();
  })());
});
"""

_serving = False


def precached(path: str) -> bool:
    """Whether a file of the build (its path relative to the site root) goes into the precache."""
    if path == SW or path.endswith(EXCLUDED_SUFFIXES):
        return False
    return not path.startswith(RUNTIME + EXCLUDED_FOLDERS)


def page_url(path: str) -> str:
    """The address a reader uses for a file: a folder's index.html is the folder itself."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def _wire_bytes(data: bytes) -> int:
    """What a file costs on the wire from a host that gzips what it serves: the compressed size,
    unless compressing does not help (an already compressed file is sent as it is)."""
    return min(len(data), len(zlib.compress(data, 6)) + 18)  # 18: gzip's header and trailer


def engine_files(site: Path) -> list[tuple[str, str, int]]:
    """(address relative to the site, sha256, bytes on the wire) of every file an engine start may
    fetch, from the manifest hooks/assets.py wrote; empty when the build has no engine."""
    manifest_path = site / "assets" / "engine" / "manifest.json"
    if not manifest_path.is_file():
        return []
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        named: list[tuple[str, str | None]] = [("assets/engine/manifest.json", None)]
        startup = manifest.get("startup") or {}
        # The worker downloads the WebAssembly module Zstandard-compressed when the build packed it;
        # a start the service worker serves imports the runtime script's eager copy when the build
        # wrote one (hooks/assets.py, EAGER), so only that copy is kept.
        packed = (startup.get("wasm") or {}).get("file")
        eager = "eager/pyodide.asm.mjs" in manifest["pyodide"]
        skipped = ({"pyodide.asm.wasm"} if packed else set()) | ({"pyodide.asm.mjs"} if eager else set())
        named += [(f"assets/pyodide/{name}", None) for name in sorted(manifest["pyodide"]) if name not in skipped]
        if packed:
            named.append((f"assets/pyodide/{packed}", None))
        named.append((f"assets/engine/{manifest['wheel']}", manifest["sha256"]))
        for entry in (startup.get("stdlib"), startup.get("snapshot"), (startup.get("snapshot") or {}).get("stdlib")):
            if entry:
                named.append((f"assets/engine/{entry['file']}", entry["sha256"]))
    except (ValueError, KeyError, TypeError) as e:
        raise PluginError(f"hooks/offline.py: the engine manifest {manifest_path} cannot be read ({e})") from e
    out = []
    for rel, version in named:
        path = site / rel
        if not path.is_file():
            raise PluginError(f"hooks/offline.py: the engine manifest names {rel}, which the build does not hold")
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        # The worker asks for the engine folder's files with the start of their hash as a query
        # (widgets/engine/worker.js, engineFile): the cache keeps them under that very address.
        address = f"{rel}?v={version[:16]}" if version else rel
        out.append((address, digest, _wire_bytes(data)))
    return out


def build_facts(site: Path, template: str, kept: list[tuple[str, str, int]] | None = None) -> tuple[dict[str, Any], list[tuple[int, str]], int]:
    """BUILD for the template, the precached files' (bytes on the wire, path), and their bytes as stored."""
    files = sorted(p for p in site.rglob("*") if p.is_file())
    everything = hashlib.sha256(template.encode())  # a new service worker is a new version too
    everything.update(f"{ENGINE_CACHE_FORMAT}\n".encode())
    engine = hashlib.sha256(f"{ENGINE_CACHE_FORMAT}\n".encode())
    precache: list[list[str]] = []
    sizes: list[tuple[int, str]] = []
    stored = 0
    for f in files:
        rel = f.relative_to(site).as_posix()
        if rel == SW:
            continue
        data = f.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        line = f"{rel}\0{digest}\n".encode()
        everything.update(line)
        if rel.startswith(RUNTIME):
            engine.update(line)
        if precached(rel):
            precache.append([page_url(rel), digest[:12]])
            sizes.append((_wire_bytes(data), rel))
            stored += len(data)
    facts: dict[str, Any] = {
        "version": everything.hexdigest()[:16],
        "engine": engine.hexdigest()[:16],
        "precache": precache,
        "runtime": list(RUNTIME),
    }
    if kept is None:
        kept = engine_files(site)
    facts["engineFiles"] = [list(f) for f in kept]
    facts["engineBytes"] = sum(n for _, _, n in kept)
    return facts, sizes, stored


def write_offline_data(site: Path, files: list[tuple[str, str, int]]) -> dict[str, int]:
    """Write OFFLINE_DATA (the engine's size on the wire, for widgets/ready/ready.js); returns it."""
    data = {"engine_bytes": sum(n for _, _, n in files), "engine_files": len(files)}
    out = site / OFFLINE_DATA
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


def on_startup(command: str, **kwargs: Any) -> None:
    global _serving
    _serving = command == "serve"


def on_serve(server: Any, config: Any, builder: Any, **kwargs: Any) -> Any:
    server.watch(str(TEMPLATE))
    return server


@event_priority(-100)  # after every other plugin and hook has written its files
def on_post_build(config: Any, **kwargs: Any) -> None:
    site = Path(config["site_dir"])
    if _serving:
        (site / SW).write_text(SERVE_STUB, encoding="utf-8")
        return
    try:
        template = TEMPLATE.read_text(encoding="utf-8")
    except OSError as e:
        raise PluginError(f"hooks/offline.py: cannot read the service worker's template {TEMPLATE}: {e}") from e
    if template.count("__BUILD__") != 1:
        raise PluginError(f"hooks/offline.py: {TEMPLATE} must hold the placeholder __BUILD__ exactly once")
    files = engine_files(site)
    write_offline_data(site, files)  # first: it is one of the precached files
    facts, sizes, stored = build_facts(site, template, files)
    size = sum(n for n, _ in sizes)
    if size > PRECACHE_BUDGET:
        biggest = ", ".join(f"{rel} ({n / 2**10:.0f} KiB)" for n, rel in sorted(sizes, reverse=True)[:3])
        raise PluginError(
            f"hooks/offline.py: the offline precache is {size / 2**20:.2f} MiB on the wire, over its budget of "
            f"{PRECACHE_BUDGET / 2**20:.0f} MiB (the largest: {biggest}); exclude what readers do not "
            "need offline, or raise PRECACHE_BUDGET knowingly."
        )
    (site / SW).write_text(template.replace("__BUILD__", json.dumps(facts, separators=(",", ":"))), encoding="utf-8")
    log.info(
        "offline: sw.js %s precaches %d files, %.2f MiB on the wire (%.2f MiB stored); engine cache %s, %d files, %.2f MB on the wire",
        facts["version"], len(facts["precache"]), size / 2**20, stored / 2**20, facts["engine"],
        len(facts["engineFiles"]), facts["engineBytes"] / 1e6,
    )
