"""Browser figures for the widgets (printed, not a test): `make bench-web`.

Serves the built site/ (or SOMERSET_SITE_DIR) from 127.0.0.1 and, in headless Chromium, measures

* time from navigation to the first widget answer, cold cache and warm cache (the same browser
  context visiting again), on the trick resolver opened from a permalink (which starts the engine
  by itself once the page has loaded);
* main-thread long tasks (over 50 ms): those while the engine loads (between the page's
  ``somerset-engine-start`` and ``somerset-engine-ready`` marks), and those of the page's own
  start-up before it, each named by the script that ran (Long Animation Frames attribution);
* bytes transferred before any interaction once the page is idle, on the trick resolver's page,
  a ruleset page with replays and the puzzles page, served as stored and served gzip-compressed
  (as GitHub Pages serves text files); and the tool page after one press of its Start button
  (what using a tool costs).
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("SOMERSET_SITE_DIR", ROOT / "site"))
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PERMALINK = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
IDLE_PAGES = (("the trick resolver", "tools/trick/"), ("a ruleset page", "variants/parker-1947/"),
              ("the puzzles page", "puzzles/"))
# Long tasks with their start times, and long animation frames with the scripts that ran in them.
LONGTASKS = """
window.__longtasks = [];
window.__frames = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, duration: e.duration});
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__frames.push({start: e.startTime, duration: e.duration,
      scripts: (e.scripts || []).map((s) => ({url: s.sourceURL, invoker: s.invoker, duration: s.duration}))});
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) {}
"""
WINDOW = """() => {
  const mark = (n) => (performance.getEntriesByName(n)[0] || {}).startTime ?? null;
  return {start: mark("somerset-engine-start"), ready: mark("somerset-engine-ready"),
          tasks: window.__longtasks, frames: window.__frames};
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args: Any) -> None:
        pass


class Compressing(Quiet):
    """Serves text files gzip-compressed when the browser asks, as GitHub Pages does."""

    TEXT = (".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", "/")

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not wants or not self.path.split("?")[0].endswith(self.TEXT) or not os.path.isfile(path):
            return super().send_head()
        import gzip
        import io

        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def first_answer(page: Any, url: str) -> tuple[float, dict[str, Any]]:
    page.goto(url)
    page.wait_for_selector("somerset-trick .sr-verdict", timeout=120_000)
    elapsed = page.evaluate("performance.now()") / 1000
    return elapsed, page.evaluate(WINDOW)


def _blame(frames: list[dict[str, Any]], task: dict[str, Any]) -> str:
    """The script that ran longest in the animation frame holding a long task."""
    best: tuple[float, str] = (0.0, "")
    for f in frames:
        if f["start"] <= task["start"] + 1 and task["start"] < f["start"] + f["duration"]:
            for s in f["scripts"]:
                name = (s["url"] or s["invoker"] or "?").rsplit("/", 1)[-1].split("?")[0] or "?"
                if s["duration"] > best[0]:
                    best = (s["duration"], name)
    return best[1] or "no script (layout, parsing)"


def long_tasks(data: dict[str, Any]) -> tuple[str, str]:
    """(during the engine's load, before it): count, longest, and who ran the long ones."""
    start, ready = data["start"], data["ready"]
    tasks = data["tasks"]
    loading = [t for t in tasks if start is not None and ready is not None and t["start"] + t["duration"] > start
               and t["start"] < ready]
    before = [t for t in tasks if start is None or t["start"] + t["duration"] <= start]

    def say(group: list[dict[str, Any]]) -> str:
        if not group:
            return "none"
        names = sorted({_blame(data["frames"], t) for t in group})
        return f"{len(group)}, longest {max(t['duration'] for t in group):.0f} ms ({', '.join(names)})"

    return say(loading), say(before)


def idle_bytes(browser: Any, url: str, press_start: bool = False) -> tuple[int, int, str]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sizes: list[int] = []
    page.on("requestfinished", lambda r: sizes.append(max(0, r.sizes()["responseBodySize"]) + r.sizes()["responseHeadersSize"]))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    time.sleep(1.5)  # time for an engine that starts by itself to show itself
    if press_start:
        page.locator(".sr-start").first.click()
        page.wait_for_function("window[Symbol.for('somerset.engine')].state.status === 'ready'", timeout=120_000)
    engine = page.evaluate("(window[Symbol.for('somerset.engine')] || {state: {status: 'absent'}}).state.status")
    widgets = page.evaluate("document.querySelectorAll('somerset-trick, somerset-score, somerset-replay, somerset-puzzle,"
                            " somerset-deal').length")
    context.close()
    return sum(sizes), len(sizes), f"{widgets} widget{'s' if widgets != 1 else ''} on the page, engine {engine}"


def main() -> int:
    if not (SITE / "tools" / "trick" / "index.html").is_file():
        print(f"bench_web: no built site in {SITE}; run `make build` first", file=sys.stderr)
        return 2
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    zipped = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Compressing, directory=str(SITE)))
    threading.Thread(target=zipped.serve_forever, daemon=True).start()
    zbase = f"http://127.0.0.1:{zipped.server_address[1]}/"
    rows: list[tuple[str, str]] = []
    with sync_playwright() as p:
        launch: dict[str, Any] = {"args": ARGS}
        if CHROMIUM.exists():
            launch["executable_path"] = str(CHROMIUM)
        browser = p.chromium.launch(**launch)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        cold, cold_data = first_answer(page, base + PERMALINK)
        page.goto(base)  # leave, then come back in the same context: the HTTP cache is warm
        warm, warm_data = first_answer(page, base + PERMALINK)
        context.close()
        rows.append(("first answer from a permalink, cold cache", f"{cold:.2f} s"))
        rows.append(("first answer from a permalink, warm cache", f"{warm:.2f} s"))
        for name, data in (("cold", cold_data), ("warm", warm_data)):
            loading, before = long_tasks(data)
            rows.append((f"long tasks while the engine loads ({name})", loading))
            rows.append((f"long tasks of the page's start-up, before it ({name})", before))
        for label, path in IDLE_PAGES:
            total, count, note = idle_bytes(browser, base + path)
            packed, _, _ = idle_bytes(browser, zbase + path)
            rows.append((f"bytes before interaction: {label} ({path})",
                         f"{total / 1024:,.0f} KiB ({packed / 1024:,.0f} KiB gzip-compressed) in {count} responses; {note}"))
        total, count, note = idle_bytes(browser, base + IDLE_PAGES[0][1], press_start=True)
        rows.append(("bytes after pressing Start on the trick resolver", f"{total / 1024 / 1024:,.1f} MiB in {count} responses; {note}"))
        browser.close()
    server.shutdown()
    zipped.shutdown()
    width = max(len(k) for k, _ in rows)
    print(f"{'measure'.ljust(width)}  value")
    print(f"{'-' * width}  {'-' * 40}")
    for k, v in rows:
        print(f"{k.ljust(width)}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
