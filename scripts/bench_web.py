"""Browser figures for the widgets (printed, not a test): `make bench-web`.

    .venv/bin/python scripts/bench_web.py [--rounds N] [--phone-rounds N] [--pause SECONDS]

Serves the built site/ (or SOMERSET_SITE_DIR) from 127.0.0.1 as GitHub Pages serves it and, in
headless Chromium, for each way of starting (snapshot, fallback, plain, stock), times the trick
resolver's permalink to its answer on screen (cold, second visit, second tool page, offline), on
this machine and on an emulated phone; the engine's worker alone; the worker's steps; main-thread
long tasks; and the bytes each page and the engine transfer. What each figure means, and the
results: develop/benchmarks.md, "The engine in the browser".
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_server import serve  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(__import__("os").environ.get("SOMERSET_SITE_DIR", ROOT / "site"))
STOCK_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PERMALINK = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
SECOND_TOOL = "tools/score/?rules=parker-1947&bid=15&made=12"
TRICK_ANSWER = "somerset-trick .sr-verdict"
TRICK_INPUTS = "somerset-trick .sr-keypad__box button"  # the card pad, filled before the engine runs
SCORE_ANSWER = "somerset-score .sr-verdict"
IDLE_PAGES = (("the trick resolver", "tools/trick/"), ("a ruleset page", "variants/parker-1947/"),
              ("the puzzles page", "puzzles/"), ("the puzzle trainer", "puzzles/trainer/?p=low-trump"))
ENGINE = "window[Symbol.for('somerset.engine')]"
OFFLINE_STATE = "window[Symbol.for('somerset.offline')]"

# Runs in every page before its own scripts: long tasks and long animation frames, the moments
# each tool's answer first appears (after each of Material's page loads), clicks, and page loads.
RECORDER = """
window.__sr = {tasks: [], frames: [], answers: [], loads: []};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) __sr.tasks.push({start: e.startTime, duration: e.duration});
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) __sr.frames.push({start: e.startTime, duration: e.duration,
      scripts: (e.scripts || []).map((s) => ({url: s.sourceURL, invoker: s.invoker, duration: s.duration}))});
  }).observe({type: "long-animation-frame", buffered: true});
} catch (e) {}
(() => {
  const watched = %s;
  let seen = new Set();
  const look = () => {
    for (const sel of watched) {
      if (!seen.has(sel) && document.querySelector(sel)) {
        seen.add(sel);
        // On screen: once the first frame after it is in the page has been drawn (a page whose
        // stylesheets are still arriving draws nothing, whatever its elements). A frame's
        // animation callbacks run before its style, layout and paint: the moment is taken in the
        // first task after them, once the main thread has drawn that frame.
        const dom = performance.now();
        const load = __sr.loads.length;
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => __sr.answers.push({sel, t: performance.now(), dom, load});
          after.port2.postMessage(null);
        });
      }
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true});
  const hook = () => {
    if (window.document$ && !__sr.hooked) {
      __sr.hooked = true;
      document$.subscribe(() => { __sr.loads.push(performance.now()); seen = new Set(); look(); });
    }
  };
  document.addEventListener("DOMContentLoaded", hook);
  window.addEventListener("load", hook);
})();
""" % json.dumps([TRICK_INPUTS, TRICK_ANSWER, SCORE_ANSWER])

def _refused(m: dict[str, Any]) -> dict[str, Any]:
    """The snapshot listed as needing more memory than a 32-bit runtime can have: the worker's
    heap check refuses it after fetching it, and the engine starts the ordinary way."""
    snapshot = {**m["startup"]["snapshot"], "heap_bytes": 2**32 + 2**16}
    return {**m, "startup": {**m["startup"], "snapshot": snapshot}}


# name (the worker's start path, as engine.js's state names it, but "stock"), what it is, manifest rewrite
VARIANTS: list[tuple[str, str, Callable[[dict[str, Any]], dict[str, Any]]]] = [
    ("snapshot", "as built: compiled standard library and memory snapshot", lambda m: m),
    ("fallback", "the snapshot fetched, refused by the heap check, then the ordinary start", _refused),
    ("plain", "compiled standard library, no snapshot listed (the ordinary start)",
     lambda m: {**m, "startup": {k: v for k, v in m["startup"].items() if k != "snapshot"}}),
    ("stock", "Pyodide's own standard library, no snapshot (before the start-up files)",
     lambda m: {k: v for k, v in m.items() if k != "startup"}),
]


def variant_overrides(site: Path, name: str) -> dict[str, Callable[[], tuple[bytes, str] | None]]:
    """The server overrides that make `site` start the engine the way VARIANTS names `name`."""
    manifest = json.loads((site / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    if "startup" not in manifest:
        raise SystemExit(f"bench_web: {site}'s engine manifest lists no start-up files; rebuild it with `make build`")
    rewrite = next(r for n, _, r in VARIANTS if n == name)
    body = json.dumps(rewrite(manifest)).encode()

    def the_manifest() -> tuple[bytes, str] | None:
        return body, "application/json"

    overrides: dict[str, Callable[[], tuple[bytes, str] | None]] = {"/assets/engine/manifest.json": the_manifest}
    if name == "stock":
        overrides["/assets/pyodide/python_stdlib.zip"] = lambda: (STOCK_STDLIB.read_bytes(), "application/zip")
    return overrides


# The engine's worker alone: a page served by the benchmark (not part of the site) holding nothing
# but the worker, which asks it one request once it is ready. Its times are the floor under a tool
# page's: the engine's start with no page, stylesheet, theme or widget sharing the machine.
WORKER_ALONE = "/bench/worker-alone.html"
WORKER_ALONE_PAGE = """<!doctype html><meta charset="utf-8"><title>The engine's worker alone</title>
<script type="module">
// Named as widgets/engine/engine.js names it, so that it starts from the same files.
const served = navigator.serviceWorker && navigator.serviceWorker.controller;
const worker = new Worker(new URL("/assets/widgets/engine/worker.js", location.href),
  {type: "module", name: served ? "somerset-engine served-by-sw" : "somerset-engine"});
window.__alone = {};
worker.onmessage = (event) => {
  const data = event.data || {};
  if (data.type === "ready") {
    Object.assign(window.__alone, {ready: performance.now(), start: data.start});
    worker.postMessage({id: 1, request: {cmd: "rulesets"}});
  } else if (data.type === "failed") {
    window.__alone.failed = data.message;
  } else if (data.id === 1) {
    window.__alone.answer = performance.now();
  }
};
</script>
<p>The rules engine's worker, alone.</p>
"""


def start_servers(names: list[str] | None = None, compress: bool = False) -> dict[str, tuple[Any, str]]:
    """A server per way of starting (all of them, or `names`), gzip-compressed as GitHub Pages
    serves the site when `compress`; each also serves WORKER_ALONE."""
    alone: dict[str, Callable[[], tuple[bytes, str] | None]] = {WORKER_ALONE: lambda: (WORKER_ALONE_PAGE.encode(), "text/html")}
    return {name: serve(SITE, cache_header=True, compress=compress, overrides={**variant_overrides(SITE, name), **alone})
            for name, _, _ in VARIANTS if names is None or name in names}


def alone_answer(page: Any) -> tuple[float, str]:
    """When the worker alone answered (ms from navigation), and its start path."""
    page.wait_for_function("() => window.__alone && (window.__alone.answer || window.__alone.failed)", timeout=120_000)
    got: dict[str, Any] = page.evaluate("window.__alone")
    if got.get("failed"):
        raise SystemExit(f"bench_web: the engine's worker alone failed to start: {got['failed']}")
    return float(got["answer"]), str(got.get("start"))


def worker_alone_round(browser: Any, base: str, pause: float, phone: bool = False) -> dict[str, Any]:
    """The worker alone, cold (a new context) and on a second visit (after the trick resolver's
    permalink, PAUSE seconds on its answer and the home page, as run_round's second visit); on the
    emulated phone with `phone`."""
    out: dict[str, Any] = {}
    context, page = open_page(browser, phone, record=False)
    page.goto(base + WORKER_ALONE[1:])
    out["cold"], out["cold_start"] = alone_answer(page)
    context.close()
    context, page = open_page(browser, phone)
    page.goto(base + PERMALINK)
    answer_time(page, TRICK_ANSWER)
    page.wait_for_timeout(pause * 1000)
    page.goto(base)
    page.wait_for_timeout(1000)
    page.goto(base + WORKER_ALONE[1:])
    out["second"], out["second_start"] = alone_answer(page)
    context.close()
    return out


def answer_time(page: Any, sel: str, load: int | None = None) -> float:
    """When `sel` was first on screen (ms from navigation: the first frame after it was in the page,
    drawn), after Material's page load number `load`."""
    cond = f"__sr.answers.find((a) => a.sel === {json.dumps(sel)}" + (f" && a.load >= {load}" if load is not None else "") + ")"
    page.wait_for_function(f"() => !!({cond})", timeout=120_000)
    return float(page.evaluate(f"({cond}).t"))


def first_paint(page: Any) -> float:
    """When the page was first drawn with content (ms from navigation: Chromium's first contentful
    paint, the moment that frame was presented); -1 when the browser did not say."""
    got = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? -1")
    return float(got)


def engine_state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(f"""() => {{
      const s = {ENGINE}.state;
      const mark = (n) => (performance.getEntriesByName(n)[0] || {{}}).startTime ?? null;
      return {{start: s.start, source: s.source, note: s.note, timings: s.timings, origin: performance.timeOrigin,
               engineStart: mark("somerset-engine-start"), engineReady: mark("somerset-engine-ready"),
               tasks: __sr.tasks, frames: __sr.frames}};
    }}""")
    return state


# A phone on a poor connection (Chrome DevTools' emulation: a 4x slower CPU, 9 Mbit/s down, 40 ms of
# latency), with the site gzip-compressed as GitHub Pages serves it.
PHONE_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 9e6 / 8, "uploadThroughput": 2e6 / 8}
PHONE_CPU_SLOWDOWN = 4


def emulate_phone(context: Any, page: Any) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})


def open_page(browser: Any, phone: bool, record: bool = True,
              open_context: Callable[..., Any] | None = None) -> tuple[Any, Any]:
    """A new browser context and its page: a desktop window, or the emulated phone with `phone`;
    with RECORDER when `record`. `open_context` opens the context from the options (default:
    `browser.new_context`, a context like a private window's, whose caches live in memory)."""
    options: dict[str, Any] = (
        {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True} if phone
        else {"viewport": {"width": 1280, "height": 800}}
    )
    context = (open_context or browser.new_context)(**options)
    if record:
        context.add_init_script(RECORDER)
    page = context.new_page()
    if phone:
        emulate_phone(context, page)
    return context, page


class Wire:
    """Bytes on the wire: every response the browser received from the server (headers and body
    as sent, compressed or not), none from its caches or the service worker's."""

    def __init__(self, context: Any) -> None:
        self.bytes = 0
        self.responses = 0
        context.on("requestfinished", self._finished)

    def _finished(self, request: Any) -> None:
        try:
            response = request.response()
            if response is None or response.from_service_worker:
                return
            sizes = request.sizes()
        except Exception:  # a page closed meanwhile
            return
        body = max(0, sizes["responseBodySize"])
        if body or sizes["responseHeadersSize"] > 0:
            self.bytes += body + max(0, sizes["responseHeadersSize"])
            self.responses += 1

    def take(self) -> tuple[int, int]:
        got = (self.bytes, self.responses)
        self.bytes = self.responses = 0
        return got


def run_round(browser: Any, base: str, pause: float, phone: bool = False, offline: bool = False,
              open_context: Callable[..., Any] | None = None) -> dict[str, Any]:
    """cold, second (visit), instant (second tool page) in ms; with `offline`, also offline: the
    permalink again with the network off, once the service worker keeps the engine (-1 when it
    never did). `*_bytes`: (bytes, responses) on the wire of each until its answer, and
    `background_bytes` what the service worker fetched besides (its precache, and the engine's
    files for offline use); `*_inputs`: when the card pad was on screen; `*_paint`: when the page
    was first drawn (first_paint). `open_context`: as open_page takes it."""
    context, page = open_page(browser, phone, open_context=open_context)
    out: dict[str, Any] = {}
    wire = Wire(context)
    page.goto(base + PERMALINK)
    out["cold"] = answer_time(page, TRICK_ANSWER)
    out["cold_bytes"] = wire.take()
    out["cold_inputs"] = answer_time(page, TRICK_INPUTS)
    out["cold_paint"] = first_paint(page)
    out["cold_state"] = engine_state(page)
    page.wait_for_timeout(pause * 1000)  # the reader reads the answer
    page.goto(base)
    page.wait_for_timeout(1000)
    out["background_bytes"] = wire.take()  # the service worker's precache and engine cache, so far
    page.goto(base + PERMALINK)
    out["second"] = answer_time(page, TRICK_ANSWER)
    out["second_inputs"] = answer_time(page, TRICK_INPUTS)
    out["second_paint"] = first_paint(page)
    out["second_bytes"] = wire.take()
    out["second_state"] = engine_state(page)
    # The same visit: Material's instant navigation to another tool page, once the theme has run
    # (held back until the answer: widgets/engine/early-start.js).
    page.wait_for_function("() => __sr.hooked === true", timeout=120_000)
    page.evaluate("window.__sameVisit = true")
    loads = page.evaluate("__sr.loads.length")
    # A link to it, followed as a reader would (Material's instant navigation takes the click).
    page.evaluate(f"""() => {{
      const a = document.createElement("a");
      a.href = {json.dumps(base + SECOND_TOOL)};
      a.textContent = "the score calculator";
      a.id = "sr-bench-link";
      document.querySelector("article").appendChild(a);
      a.addEventListener("click", () => {{ __sr.clicked = performance.now(); }}, {{capture: true}});
    }}""")
    page.click("#sr-bench-link")
    clicked = page.evaluate("__sr.clicked")
    answered = answer_time(page, SCORE_ANSWER, loads + 1)
    if not page.evaluate("window.__sameVisit === true"):
        raise SystemExit("bench_web: the second tool page was a full page load, not instant navigation")
    load = page.evaluate(f"__sr.loads[{loads}]")
    out["instant"] = answered - load
    out["instant_click"] = answered - clicked
    if offline:
        # The reader is offline at the next table: the permalink from the service worker's caches.
        try:
            page.wait_for_function(f"() => {OFFLINE_STATE} && {OFFLINE_STATE}.state.saved === true", timeout=120_000)
            out["background_bytes"] = tuple(a + b for a, b in zip(out["background_bytes"], wire.take()))
            context.set_offline(True)
            page.goto(base + PERMALINK)
            out["offline"] = answer_time(page, TRICK_ANSWER)
            out["offline_inputs"] = answer_time(page, TRICK_INPUTS)
            out["offline_paint"] = first_paint(page)
            out["offline_state"] = engine_state(page)
        except Exception as e:  # the engine never kept, or no answer offline: said in the figures
            out["offline"], out["offline_inputs"], out["offline_state"] = -1.0, -1.0, {"start": f"failed ({str(e)[:80]})"}
        out["offline_bytes"] = wire.take()
    context.close()
    return out


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


def long_tasks(state: dict[str, Any], answered: float) -> dict[str, list[dict[str, Any]]]:
    """Long tasks of the page's start-up (before the engine is asked for), of the engine's start
    (until the page hears it is ready) and of showing the answer (from then on)."""
    start, ready = state["engineStart"], state["engineReady"]
    tasks = state["tasks"]

    def ends(t: dict[str, Any]) -> float:
        return float(t["start"] + t["duration"])

    return {
        "start-up": [t for t in tasks if start is None or ends(t) <= start],
        "engine": [t for t in tasks if start is not None and ready is not None and ends(t) > start and t["start"] < ready],
        "answer": [t for t in tasks if ready is not None and ends(t) > ready and t["start"] < answered],
    }


def say_tasks(groups: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]]) -> str:
    tasks = [t for group, frames in groups for t in group]
    if not tasks:
        return "none"
    names = sorted({_blame(frames, t) for group, frames in groups for t in group})
    counts = [len(group) for group, _ in groups]
    return (f"{min(counts)}-{max(counts)} per load, longest {max(t['duration'] for t in tasks):.0f} ms "
            f"({', '.join(names)})")


def seconds(values: list[float]) -> str:
    values = sorted(v / 1000 for v in values)
    if len(values) == 1:
        return f"{values[0]:.2f} s"
    return f"{values[0]:.2f}-{values[-1]:.2f} s (median {statistics.median(values):.2f})"


def millis(values: list[float]) -> str:
    values = sorted(values)
    if len(values) == 1:
        return f"{values[0]:.0f} ms"
    return f"{values[0]:.0f}-{values[-1]:.0f} ms (median {statistics.median(values):.0f})"


def idle_bytes(browser: Any, url: str, press_start: bool = False) -> tuple[int, int, str]:
    """What the page and its engine fetch; the service worker is kept out (its precache, fetched in
    the background once the page is quiet, is counted by precache_bytes)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = context.new_page()
    sizes: list[int] = []
    page.on("requestfinished", lambda r: sizes.append(max(0, r.sizes()["responseBodySize"]) + r.sizes()["responseHeadersSize"]))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    time.sleep(1.5)  # time for an engine that starts by itself to show itself
    if press_start:
        page.locator(".sr-start").first.click()
        page.wait_for_function(f"() => {ENGINE}.state.status === 'ready'", timeout=120_000)
        page.wait_for_load_state("networkidle")
    engine = page.evaluate(f"({ENGINE} || {{state: {{status: 'absent'}}}}).state.status")
    widgets = page.evaluate("document.querySelectorAll('somerset-trick, somerset-score, somerset-replay, somerset-trainer,"
                            " somerset-deal, somerset-table').length")
    context.close()
    return sum(sizes), len(sizes), f"{widgets} widget{'s' if widgets != 1 else ''} on the page, engine {engine}"


def precache_bytes() -> tuple[int, int, int]:
    """The service worker's precache (sw.js, hooks/offline.py): files, bytes as stored, gzip-compressed."""
    text = (SITE / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"^const BUILD = (\{.*\});$", text, re.M)
    if not found:
        raise SystemExit("bench_web: sw.js holds no BUILD; rebuild the site")
    paths = [path for path, _ in json.loads(found.group(1))["precache"]]
    stored = packed = 0
    for path in paths:
        data = (SITE / (path + "index.html" if path.endswith("/") or path == "" else path)).read_bytes()
        stored += len(data)
        packed += len(gzip.compress(data, compresslevel=6))
    return len(paths), stored, packed


def megabytes(pairs: list[tuple[int, int]]) -> str:
    """Bytes on the wire over the rounds: (bytes, responses) pairs."""
    values = sorted(b for b, _ in pairs)
    counts = sorted({n for _, n in pairs})
    median = statistics.median(values)
    return (f"{median / 1e6:.2f} MB" + (f" ({values[0] / 1e6:.2f}-{values[-1] / 1e6:.2f})" if values[0] != values[-1] else "")
            + f" in {'-'.join(str(c) for c in (counts[0], counts[-1]) if c is not None) if counts[0] != counts[-1] else counts[0]} responses")


def start_rows(name: str, got: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Per way of starting: the offline start, the card pad's moment and the bytes on the wire."""
    rows: list[tuple[str, str]] = []
    offline = [g["offline"] for g in got if g.get("offline", -1) >= 0]
    if any("offline" in g for g in got):
        starts = sorted({str(g["offline_state"].get("start")) for g in got})
        rows.append((f"[{name}] permalink to answer, offline (engine kept by the service worker)",
                     (seconds(offline) if offline else "no answer") + f"; start path {', '.join(starts)}"))
    for label, key in (("cold", "cold"), ("second visit", "second"), ("offline", "offline"), ("background", "background")):
        inputs = [g[f"{key}_inputs"] for g in got if g.get(f"{key}_inputs", -1) >= 0]
        if inputs:
            rows.append((f"[{name}] card pad usable ({label}), from navigation", millis(inputs)))
        # The page as the reader first sees it: its first frame with content, and the pad's
        # moment counted from there.
        paints = [(g[f"{key}_paint"], g[f"{key}_inputs"]) for g in got
                  if g.get(f"{key}_paint", -1) >= 0 and g.get(f"{key}_inputs", -1) >= 0]
        if paints:
            rows.append((f"[{name}] page first drawn ({label}), from navigation", millis([p for p, _ in paints])))
            rows.append((f"[{name}] card pad usable ({label}), after the page was first drawn",
                         millis([max(0.0, i - p) for p, i in paints])))
        pairs = [g[f"{key}_bytes"] for g in got if f"{key}_bytes" in g]
        if pairs:
            what = "until the answer" if key != "background" else "the service worker's precache and engine cache"
            rows.append((f"[{name}] bytes on the wire ({label}: {what})", megabytes(pairs)))
    return rows


def steps(states: list[dict[str, Any]]) -> str:
    """The worker's steps (median ms from navigation) over the rounds."""
    names: list[str] = []
    for s in states:
        for n in s["timings"] or {}:
            if n not in names:
                names.append(n)
    parts = ["engine asked for " + f"{statistics.median(s['engineStart'] for s in states):.0f}"]
    for n in names:
        values = [s["timings"][n] - s["origin"] for s in states if n in (s["timings"] or {})]
        parts.append(f"{n} {statistics.median(values):.0f}")
    return ", ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every measurement (default 3)")
    parser.add_argument("--pause", type=float, default=3.0,
                        help="seconds the reader stays on the first answer before leaving (default 3)")
    parser.add_argument("--phone-rounds", type=int, default=2,
                        help="rounds on the emulated phone, of every way of starting measured (default 2; 0: none)")
    parser.add_argument("--no-bytes", action="store_true", help="skip the byte counts")
    parser.add_argument("--only", choices=[v[0] for v in VARIANTS], action="append",
                        help="measure only this way of starting (repeatable; default: all four)")
    args = parser.parse_args()
    if not (SITE / "tools" / "trick" / "index.html").is_file():
        print(f"bench_web: no built site in {SITE}; run `make build` first", file=sys.stderr)
        return 2
    servers = start_servers()
    results: dict[str, list[dict[str, Any]]] = {name: [] for name, _, _ in VARIANTS}
    rows: list[tuple[str, str]] = []
    with sync_playwright() as p:
        launch: dict[str, Any] = {"args": ARGS}
        if CHROMIUM.exists():
            launch["executable_path"] = str(CHROMIUM)
        browser = p.chromium.launch(**launch)
        chosen = [v for v in VARIANTS if not args.only or v[0] in args.only]
        for r in range(args.rounds):
            for name, _, _ in chosen:
                results[name].append(run_round(browser, servers[name][1], args.pause, offline=True))
                print(f"round {r + 1}/{args.rounds}, {name}: cold {results[name][-1]['cold']:.0f} ms, second visit "
                      f"{results[name][-1]['second']:.0f} ms, second tool page {results[name][-1]['instant']:.0f} ms",
                      file=sys.stderr)
        alone: list[dict[str, Any]] = []
        for r in range(args.rounds):
            alone.append(worker_alone_round(browser, servers[chosen[0][0]][1], args.pause))
            print(f"round {r + 1}/{args.rounds}, the worker alone, {chosen[0][0]}: cold {alone[-1]['cold']:.0f} ms, "
                  f"second visit {alone[-1]['second']:.0f} ms", file=sys.stderr)
        phone: dict[str, list[dict[str, Any]]] = {name: [] for name, _, _ in chosen}
        alone_phone: list[dict[str, Any]] = []
        if args.phone_rounds > 0:
            zipped = start_servers([name for name, _, _ in chosen], compress=True)
            for r in range(args.phone_rounds):
                for name, _, _ in chosen:
                    phone[name].append(run_round(browser, zipped[name][1], args.pause, phone=True, offline=True))
                    print(f"phone round {r + 1}/{args.phone_rounds}, {name}: cold {phone[name][-1]['cold']:.0f} ms, "
                          f"second visit {phone[name][-1]['second']:.0f} ms", file=sys.stderr)
                alone_phone.append(worker_alone_round(browser, zipped[chosen[0][0]][1], args.pause, phone=True))
                print(f"phone round {r + 1}/{args.phone_rounds}, the worker alone, {chosen[0][0]}: cold "
                      f"{alone_phone[-1]['cold']:.0f} ms, second visit {alone_phone[-1]['second']:.0f} ms", file=sys.stderr)
            for phone_server, _ in zipped.values():
                phone_server.shutdown()
        for name, what, _ in chosen:
            got = results[name]
            starts = [f"{g['cold_state']['start']}/{g['second_state']['start']}"
                      + (f" ({g['second_state']['source']})" if g["second_state"]["source"] else "") for g in got]
            rows.append((f"[{name}] {what}", f"engine started (cold/second visit): {', '.join(sorted(set(starts)))}"))
            rows.append((f"[{name}] permalink to answer, cold cache", seconds([g["cold"] for g in got])))
            rows.append((f"[{name}] permalink to answer, second visit", seconds([g["second"] for g in got])))
            rows.append((f"[{name}] second tool page (instant navigation), its content to answer",
                         millis([g["instant"] for g in got])))
            rows.append((f"[{name}] second tool page, navigation to answer", millis([g["instant_click"] for g in got])))
            rows.extend(start_rows(name, got))
            if phone[name]:
                rows.append((f"[{name}, phone] permalink to answer, cold cache", seconds([g["cold"] for g in phone[name]])))
                rows.append((f"[{name}, phone] permalink to answer, second visit", seconds([g["second"] for g in phone[name]])))
                rows.extend(start_rows(f"{name}, phone", phone[name]))
        if alone:
            starts = sorted({f"{a['cold_start']}/{a['second_start']}" for a in alone})
            rows.append((f"[{chosen[0][0]}] the engine's worker alone (no page, theme or widget), to its first answer, cold",
                         seconds([a["cold"] for a in alone]) + f"; start path (cold/second visit) {', '.join(starts)}"))
            rows.append((f"[{chosen[0][0]}] the engine's worker alone, second visit", seconds([a["second"] for a in alone])))
        if alone_phone:
            rows.append((f"[{chosen[0][0]}, phone] the engine's worker alone, cold", seconds([a["cold"] for a in alone_phone])))
            rows.append((f"[{chosen[0][0]}, phone] the engine's worker alone, second visit",
                         seconds([a["second"] for a in alone_phone])))
        first = "snapshot" if results["snapshot"] else chosen[0][0]
        got = results[first]
        for label, key in (("cold", "cold"), ("second visit", "second")):
            rows.append((f"[{first}] {label}: the worker's steps (median ms from navigation)",
                         steps([g[f"{key}_state"] for g in got])))
        windows = (("start-up", "the page's own start-up, before the engine is asked for"),
                   ("engine", "while the engine starts (until the page hears it is ready)"),
                   ("answer", "showing the answer (from then on)"))
        for label, key in (("cold", "cold"), ("second visit", "second")):
            for window, what in windows:
                found = [(long_tasks(g[f"{key}_state"], g[key])[window], g[f"{key}_state"]["frames"]) for g in got]
                rows.append((f"[{first}] long tasks ({label}): {what}", say_tasks(found)))
        if not args.no_bytes:
            plain_server, plain_base = serve(SITE)
            zipped_server, zipped_base = serve(SITE, compress=True)
            for label, path in IDLE_PAGES:
                total, count, note = idle_bytes(browser, plain_base + path)
                packed, _, _ = idle_bytes(browser, zipped_base + path)
                rows.append((f"bytes before interaction: {label} ({path})",
                             f"{total / 1024:,.0f} KiB ({packed / 1024:,.0f} KiB gzip-compressed) in {count} responses; {note}"))
            files, stored, packed = precache_bytes()
            rows.append(("bytes of the service worker's precache (every page, in the background once the first page is quiet)",
                         f"{stored / 1e6:,.1f} MB ({packed / 1e6:,.1f} MB gzip-compressed) in {files} files"))
            for name in ("snapshot", "fallback", "plain"):
                server = serve(SITE, compress=True, overrides=servers[name][0].overrides)
                total, count, note = idle_bytes(browser, server[1] + IDLE_PAGES[0][1], press_start=True)
                stored, _, _ = idle_bytes(browser, servers[name][1] + IDLE_PAGES[0][1], press_start=True)
                server[0].shutdown()
                rows.append((f"[{name}] bytes of the engine: pressing Start on the trick resolver",
                             f"{total / 1e6:,.1f} MB gzip-compressed ({stored / 1e6:,.1f} MB as stored) in {count} responses; {note}"))
            plain_server.shutdown()
            zipped_server.shutdown()
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
    print(f"Chromium headless, {args.rounds} rounds unthrottled and {args.phone_rounds} on the emulated phone (4x CPU, "
          f"9 Mbit/s, 40 ms, gzip as GitHub Pages serves), {args.pause:g} s on the first answer before the second visit; "
          "ranges are min-max over the rounds")
    width = max(len(k) for k, _ in rows)
    print(f"{'measure'.ljust(width)}  value")
    print(f"{'-' * width}  {'-' * 40}")
    for k, v in rows:
        print(f"{k.ljust(width)}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
