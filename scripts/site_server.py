"""Serve a built site from 127.0.0.1 the way it is hosted, for the browser tests and benchmarks.

Material's instant navigation follows only links listed in sitemap.xml, matched by protocol, host
*and port*; the sitemap names the public site_url, so it is served rebased onto this server, as if
the site were hosted here. Optionally every response carries GitHub Pages' caching header
(``Cache-Control: max-age=600``) and text files are gzip-compressed when the browser asks, as
GitHub Pages serves them.
"""

from __future__ import annotations

import gzip
import http.server
import io
import os
import re
import threading
from pathlib import Path
from typing import Any

TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
}
# What GitHub Pages compresses (text, scripts, data, WebAssembly); zips and the snapshot (already
# compressed) are sent as they are.
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", ".wasm", "/")


def rebased_sitemap(site: Path, base: str) -> bytes:
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", text)
    if locs:
        root = min(locs, key=len)  # the home page: the site_url itself
        text = text.replace(root, base)
    return text.encode("utf-8")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Set on the server: ``cache_header`` (bool), ``compress`` (bool), ``overrides`` (path ->
    function returning (bytes, content type) or None for "not found")."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    _gzipped: dict[tuple[str, float], bytes] = {}
    _lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def end_headers(self) -> None:
        if getattr(self.server, "cache_header", False):
            self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def _send(self, body: bytes, content_type: str) -> Any:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_head(self) -> Any:
        path = self.path.split("?")[0]
        address = self.server.server_address
        assert isinstance(address, tuple)
        base = f"http://127.0.0.1:{address[1]}/"
        if path == "/sitemap.xml":
            return self._send(rebased_sitemap(Path(self.directory), base), "application/xml")
        override = getattr(self.server, "overrides", {}).get(path)
        if override is not None:
            found = override()
            if found is None:
                self.send_error(404)
                return None
            return self._send(*found)
        if not getattr(self.server, "compress", False) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        local = self.translate_path(self.path)
        if os.path.isdir(local):
            local = os.path.join(local, "index.html")
        if not path.endswith(COMPRESSED) or not os.path.isfile(local):
            return super().send_head()
        key = (local, os.stat(local).st_mtime)
        with self._lock:
            body = self._gzipped.get(key)
        if body is None:
            with open(local, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6)
            with self._lock:
                self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(local))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve(site: Path, **settings: Any) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server for `site` in a thread; returns it and its base URL (call .shutdown())."""

    def handler(*args: Any, **kwargs: Any) -> SiteHandler:
        return SiteHandler(*args, directory=str(site), **kwargs)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    for name, value in settings.items():
        setattr(server, name, value)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
