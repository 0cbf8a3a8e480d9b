"""MkDocs hook: the site's own service worker, generated at every build.

After everything else has written its files (the search plugin's index, hooks/assets.py's
runtime, hooks/app.py's manifest and icons: this hook's ``on_post_build`` runs last), it writes
``<site>/sw.js`` from the template ``hooks/sw.js`` with the build's facts:

* ``version``: a hash of every file in the build and of the template, so that any change makes a
  new service worker,
  which replaces the old precache and deletes the old caches when it activates;
* ``engine``: a hash of the files under ``RUNTIME`` (Pyodide and the engine wheel), so the engine
  stays cached across deploys that do not change it;
* ``precache``: the files a reader needs to read every page offline (pages, styles, scripts, the
  search index, the manifest and icons), each with a revision; everything in the build except
  ``RUNTIME``, source maps, compressed copies and the search's other-language files;
* ``runtime``: the folders cached on first use instead: any file under them, whatever another
  hook adds there, is kept once the engine has fetched it.

The build fails when the precache grows past ``PRECACHE_BUDGET`` (a reader downloads all of it on
the first visit). Under ``mkdocs serve`` sw.js is a stub that removes itself and its caches, so a
developer never reads a page from an older build.
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

TEMPLATE = Path(__file__).with_name("sw.js")
SW = "sw.js"
RUNTIME = ("assets/pyodide/", "assets/engine/")
# Not for reading offline: debuggers' source maps, compressed twins of files that are precached
# anyway, and the search's support for languages other than the site's (English).
EXCLUDED_SUFFIXES = (".map", ".gz")
EXCLUDED_FOLDERS = ("assets/javascripts/lunr/",)
PRECACHE_BUDGET = 8 * 1024 * 1024  # bytes as stored; about a fifth of that compressed

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


def build_facts(site: Path, template: str) -> tuple[dict[str, Any], list[tuple[int, str]], int]:
    """BUILD for the template, the precached files' sizes and paths, and their size gzip-compressed."""
    files = sorted(p for p in site.rglob("*") if p.is_file())
    everything = hashlib.sha256(template.encode())  # a new service worker is a new version too
    engine = hashlib.sha256()
    precache: list[list[str]] = []
    sizes: list[tuple[int, str]] = []
    compressed = 0
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
            sizes.append((len(data), rel))
            compressed += len(zlib.compress(data, 6))
    facts: dict[str, Any] = {
        "version": everything.hexdigest()[:16],
        "engine": engine.hexdigest()[:16],
        "precache": precache,
        "runtime": list(RUNTIME),
    }
    return facts, sizes, compressed


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
    facts, sizes, compressed = build_facts(site, template)
    size = sum(n for n, _ in sizes)
    if size > PRECACHE_BUDGET:
        biggest = ", ".join(f"{rel} ({n / 2**10:.0f} KiB)" for n, rel in sorted(sizes, reverse=True)[:3])
        raise PluginError(
            f"hooks/offline.py: the offline precache is {size / 2**20:.1f} MiB, over its budget of "
            f"{PRECACHE_BUDGET / 2**20:.0f} MiB (the largest: {biggest}); exclude what readers do not "
            "need offline, or raise PRECACHE_BUDGET knowingly."
        )
    (site / SW).write_text(template.replace("__BUILD__", json.dumps(facts, separators=(",", ":"))), encoding="utf-8")
    log.info(
        "offline: sw.js %s precaches %d files, %.2f MiB (%.2f MiB compressed); engine cache %s",
        facts["version"], len(facts["precache"]), size / 2**20, compressed / 2**20, facts["engine"],
    )
