"""Browser figures for the widgets (printed, not a test): `make bench-web`.

Serves the built site/ (or SOMERSET_SITE_DIR) from 127.0.0.1 and, in headless Chromium, measures

* time from navigation to the first widget answer, cold cache and warm cache (the same browser
  context visiting again), on the trick resolver opened from a permalink;
* main-thread long tasks (PerformanceObserver 'longtask') while the engine loads: count, longest;
* bytes transferred before any interaction once the page is idle, on a page whose widget is
  below the fold (the engine should not load) and on the tool page itself.
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
BELOW_FOLD = "variants/parker-1947/"
TOOL_PAGE = "tools/trick/"
LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
    .observe({ type: "longtask", buffered: true });
} catch (e) {}
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args: Any) -> None:
        pass


def first_answer(page: Any, url: str) -> tuple[float, list[float]]:
    page.goto(url)
    page.wait_for_selector("somerset-trick .sr-verdict", timeout=120_000)
    elapsed = page.evaluate("performance.now()") / 1000
    return elapsed, page.evaluate("window.__longtasks")


def idle_bytes(browser: Any, url: str) -> tuple[int, int, str]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sizes: list[int] = []
    page.on("requestfinished", lambda r: sizes.append(max(0, r.sizes()["responseBodySize"]) + r.sizes()["responseHeadersSize"]))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    time.sleep(1.0)  # let a lazily started engine show itself if it were to start
    engine = page.evaluate("(window[Symbol.for('somerset.engine')] || {state: {status: 'absent'}}).state.status")
    in_view = page.evaluate(
        "(() => { const el = document.querySelector('somerset-trick, somerset-score, somerset-replay, somerset-puzzle');"
        " if (!el) return false; const r = el.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })()"
    )
    context.close()
    return sum(sizes), len(sizes), f"widget {'in view' if in_view else 'below the fold'}, engine {engine}"


def main() -> int:
    if not (SITE / "tools" / "trick" / "index.html").is_file():
        print(f"bench_web: no built site in {SITE}; run `make build` first", file=sys.stderr)
        return 2
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rows: list[tuple[str, str]] = []
    with sync_playwright() as p:
        launch: dict[str, Any] = {"args": ARGS}
        if CHROMIUM.exists():
            launch["executable_path"] = str(CHROMIUM)
        browser = p.chromium.launch(**launch)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        cold, cold_tasks = first_answer(page, base + PERMALINK)
        page.goto(base)  # leave, then come back in the same context: the HTTP cache is warm
        warm, warm_tasks = first_answer(page, base + PERMALINK)
        context.close()
        rows.append(("first answer, cold cache", f"{cold:.2f} s"))
        rows.append(("first answer, warm cache", f"{warm:.2f} s"))
        for name, tasks in (("cold", cold_tasks), ("warm", warm_tasks)):
            longest = max(tasks) if tasks else 0
            rows.append((f"main-thread long tasks while loading ({name})", f"{len(tasks)}, longest {longest:.0f} ms"))
        for label, path in (("widget below the fold", BELOW_FOLD), ("tool page", TOOL_PAGE)):
            total, count, note = idle_bytes(browser, base + path)
            rows.append((f"bytes before interaction: {label} ({path})", f"{total / 1024:,.0f} KiB in {count} responses; {note}"))
        browser.close()
    server.shutdown()
    width = max(len(k) for k, _ in rows)
    print(f"{'measure'.ljust(width)}  value")
    print(f"{'-' * width}  {'-' * 40}")
    for k, v in rows:
        print(f"{k.ljust(width)}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
