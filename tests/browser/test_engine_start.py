"""How the engine starts in the browser: it resumes from the memory snapshot the build made when
the snapshot belongs to the site's files, and otherwise starts Python the ordinary way, with the
same answers, saying why in the console (scripts/build_startup.mjs, widgets/engine/worker.js)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import expect

from somerset.api import handle
from waits import page_settled

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pyodide"))
import snapshot_file  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TIMEOUT = 90_000  # the ordinary start, after a refused snapshot, on a busy machine
SEARCH_TIMEOUT = 15_000  # Material's search worker building its index on a busy machine
POSITION = {"rules": "parker-1947", "trump": "2", "cards": ["8/8", "6/8", "4/10", "0/2"]}
PERMALINK = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
STATE = "window[Symbol.for('somerset.engine')].state"


def answered(page: Any) -> dict[str, Any]:
    """Wait for the trick resolver's answer to the permalink's position; the engine's state."""
    expected = json.loads(handle(json.dumps({"cmd": "trick", **POSITION})))
    expect(page.locator("somerset-trick")).to_contain_text(expected["reason"], timeout=ENGINE_TIMEOUT)
    state: dict[str, Any] = page.evaluate(STATE)
    assert state["status"] == "ready"
    return state


def test_the_engine_resumes_from_its_snapshot(open_page: Any) -> None:
    page, rec = open_page(PERMALINK)
    state = answered(page)
    assert state["start"] == "snapshot", state["note"]
    assert state["note"] is None
    # Every file once; no standard library but the empty one the snapshot resumes with (every
    # module is in the snapshot): neither stdlib.zip nor Pyodide's own (sources).
    for name in ("snapshot.bin", "stdlib-resumed.zip", "pyodide.asm.wasm.zst", "pyodide.asm.mjs", "pyodide-lock.json", "zstddec/zstd-decoder.wasm"):
        assert rec.count(name) == 1, (name, rec.urls)
    assert rec.count("/stdlib.zip") == 0 and rec.count("python_stdlib.zip") == 0
    # The wheel is not needed to resume: it is fetched after the answer, once the worker is quiet
    # (its files are for later imports and tracebacks), once.
    assert rec.count(".whl") == 0, rec.urls
    page.context.wait_for_event("requestfinished", lambda r: r.url.split("?")[0].endswith(".whl"), timeout=30_000)
    assert rec.count(".whl") == 1


def test_the_site_serves_no_snapshot_for_another_build() -> None:
    """The manifest's key names the files served next to it (hooks/assets.py checks it at build)."""
    import hashlib

    site = Path(__import__("os").environ.get("SOMERSET_SITE_DIR", ROOT / "site"))
    manifest = json.loads((site / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    key = manifest["startup"]["key"]
    sha = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
    assert key["wheel_sha256"] == manifest["sha256"] == sha(site / "assets" / "engine" / manifest["wheel"])
    assert key["lock_sha256"] == sha(site / "assets" / "pyodide" / "pyodide-lock.json")
    assert key["stdlib_sha256"] == sha(site / "assets" / "engine" / "stdlib-resumed.zip")
    assert manifest["startup"]["stdlib"]["sha256"] == sha(site / "assets" / "engine" / "stdlib.zip")
    assert key["pyodide"] == json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    packed = (site / "assets" / "engine" / "snapshot.bin").read_bytes()
    assert manifest["startup"]["snapshot"]["sha256"] == hashlib.sha256(packed).hexdigest()
    # The memory it resumes into: whole WebAssembly pages, Pyodide's snapshot less its header.
    snapshot = manifest["startup"]["snapshot"]
    assert snapshot["heap_bytes"] % 65536 == 0 and 0 < snapshot["memory_bytes"] - snapshot["heap_bytes"] < 65536
    assert snapshot["initial_heap_bytes"] % 65536 == 0
    inside = snapshot_file.layout(snapshot_file.unpacked(packed))["key"]
    assert {k: v for k, v in inside.items() if k != "check"} == key


def _stock_stdlib(_: bytes) -> bytes:
    return (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").read_bytes()


# (what is wrong, the file and how it is changed, words of the reason the worker gives)
CASES: list[tuple[str, str, Callable[[bytes], bytes], str]] = [
    ("damaged", "snapshot.bin", lambda b: b[:1000] + bytes(4096) + b[5096:], "snapshot was not used"),
    ("another wheel", "snapshot.bin",
     lambda b: snapshot_file.changed(b, lambda raw: snapshot_file.rekey(raw, wheel_sha256="0" * 64)),
     "built for another engine wheel"),
    ("another Pyodide build", "snapshot.bin", lambda b: snapshot_file.changed(b, snapshot_file.other_build),
     "Snapshot build id mismatch"),
    ("another standard library", "stdlib-resumed.zip", _stock_stdlib, "built for another standard library"),
    ("runtime pages that do not match", "snapshot.bin", lambda b: snapshot_file.changed(b, snapshot_file.other_runtime_page),
     "built for another Python runtime's memory"),
]


@pytest.mark.parametrize("case,file,change,reason", CASES, ids=[c[0] for c in CASES])
def test_a_snapshot_that_does_not_belong_falls_back(
    open_page: Any, case: str, file: str, change: Callable[[bytes], bytes], reason: str
) -> None:
    page, rec = open_page(goto=False)
    rec.rewrite[f"/assets/engine/{file}"] = change
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "fallback"
    assert reason in state["note"], state["note"]
    assert any(reason in w and "ordinary way" in w for w in warnings), warnings


def _heap(size: int) -> Callable[[bytes], bytes]:
    """The engine manifest, its snapshot saying it needs `size` bytes of memory."""

    def change(body: bytes) -> bytes:
        manifest = json.loads(body)
        manifest["startup"]["snapshot"]["heap_bytes"] = size
        return json.dumps(manifest).encode()

    return change


def test_the_heap_check_falls_back_when_the_runtime_cannot_hold_the_snapshot(open_page: Any) -> None:
    """pyodide/pyodide#6254: a snapshot larger than the runtime's memory is refused before Pyodide
    copies it, and the engine starts the ordinary way from the files already fetched. The refusal
    comes as soon as the memory fails to grow and stops the snapshot's download (or keeps it from
    starting): here the snapshot never arrives at all (its request hangs), and the ordinary start
    does not wait for it."""
    page, rec = open_page(goto=False)
    # More than a 32-bit WebAssembly memory can ever hold: growing the runtime's memory fails.
    rec.rewrite["/assets/engine/manifest.json"] = _heap(2**32 + 2**16)
    rec.stall.add("/assets/engine/snapshot.bin")
    aborted: list[str] = []
    page.context.on("requestfailed", lambda r: aborted.append(r.url) if "snapshot.bin" in r.url else None)
    infos: list[str] = []
    page.on("console", lambda m: infos.append(m.text) if m.type == "info" else None)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "fallback"
    assert "could not grow to the 4096.1 MiB the snapshot needs" in state["note"], state["note"]
    # The debug line names the path and its reason.
    assert any(m.startswith("Some'r'Set engine: start path fallback: the snapshot was not used: the Python runtime's memory")
               for m in infos), infos
    # Nothing fetched twice: the ordinary start takes the runtime and the lock file the snapshot's
    # attempt fetched, and adds the standard library and the wheel.
    for name in ("pyodide.asm.wasm.zst", "pyodide.asm.mjs", ".whl", "pyodide-lock.json", "/stdlib.zip"):
        assert rec.count(name) == 1, (name, rec.urls)
    # The snapshot: asked for at most once, and a request made (it hangs, never answered) is
    # stopped; the runtime may be refused before the snapshot is asked for at all.
    assert rec.count("snapshot.bin") == len(rec.stalled) <= 1, rec.urls
    if rec.stalled:
        assert aborted, "the snapshot's download was not stopped"
    # And the tool goes on answering.
    page.goto(rec.base + "tools/score/?rules=parker-1947&bid=15&made=12")
    expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)


def test_the_heap_check_refuses_a_snapshot_of_another_size(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    site = Path(__import__("os").environ.get("SOMERSET_SITE_DIR", ROOT / "site"))
    manifest = json.loads((site / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    heap = manifest["startup"]["snapshot"]["heap_bytes"]
    rec.rewrite["/assets/engine/manifest.json"] = _heap(heap + 2**16)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "fallback"
    assert f"it holds {heap} bytes of memory, the manifest says {heap + 2**16}" in state["note"], state["note"]


def test_a_missing_snapshot_falls_back(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.block.add("/assets/engine/snapshot.bin")
    rec.expect_errors = True  # the refused download is reported in the console
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "fallback" and "snapshot" in state["note"]
    assert all("snapshot.bin" in e or "Failed to load" in e for e in rec.console_errors), rec.console_errors


def test_a_second_visit_reads_the_kept_copy(open_page: Any) -> None:
    page, rec = open_page(PERMALINK)
    assert answered(page)["source"] == "network"
    # The decompressed copy is kept once the worker has a quiet moment after its first answers.
    # So is the decompressed WebAssembly module.
    kept = "async () => (await (await caches.open('somerset-engine-snapshot')).keys()).map((r) => r.url.split('/').pop().split('?')[0]).sort()"
    wait_kept = f"""async () => {{
      const deadline = performance.now() + {ENGINE_TIMEOUT};
      while (performance.now() < deadline) {{
        if ((await ({kept})()).length === 2) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }}
      return false;
    }}"""
    assert page.evaluate(wait_kept), "the decompressed copies were never kept"
    assert page.evaluate(kept) == ["pyodide-unpacked.wasm", "snapshot-unpacked"]
    assert rec.count("pyodide.asm.wasm.zst") == 1
    # This visit bypasses the service worker (the tests block it), so the page asks for the
    # module ahead of the worker again: here that request is never answered, and not waited for.
    rec.stall.add("pyodide.asm.wasm.zst")
    page.goto(rec.base)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert (state["start"], state["source"]) == ("snapshot", "cache")
    # Neither the snapshot nor the module downloaded again: the module compiled from its copy.
    assert rec.count("pyodide.asm.wasm.zst") == 2 and len(rec.stalled) == 1 and rec.count("snapshot.bin") == 1, rec.urls
    assert "wasm compiled (cache)" in state["timings"], state["timings"]


def test_an_unreadable_kept_copy_is_dropped(open_page: Any) -> None:
    page, rec = open_page("")
    page.evaluate("""async () => {
      const manifest = await (await fetch("assets/engine/manifest.json")).json();
      const url = new URL(`assets/engine/snapshot-unpacked?v=${manifest.startup.snapshot.sha256.slice(0, 16)}`, location.href);
      await (await caches.open("somerset-engine-snapshot")).put(url, new Response("not a snapshot"));
    }""")
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert (state["start"], state["source"]) == ("snapshot", "network")
    assert any("kept copy of the snapshot was unreadable" in w for w in warnings), warnings


def _kept_module(bytes_js: str, sha256_js: str) -> str:
    """A script putting a module copy with these bytes and this claimed hash where the worker keeps it."""
    return f"""async () => {{
      const url = new URL("assets/engine/pyodide-unpacked.wasm", location.href);
      const headers = {{"content-type": "application/wasm", "x-sha256": {sha256_js}}};
      await (await caches.open("somerset-engine-snapshot")).put(url, new Response({bytes_js}, {{headers}}));
    }}"""


def test_a_kept_module_of_another_pyodide_is_replaced(open_page: Any) -> None:
    # A copy kept by an earlier Pyodide (here the real module, claiming another hash): once the
    # manifest names another module, the copy is dropped and the module downloaded.
    page, rec = open_page("")
    page.evaluate(_kept_module('await (await fetch("assets/pyodide/pyodide.asm.wasm")).arrayBuffer()', '"0".repeat(64)'))
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "snapshot", state["note"]
    assert rec.count("pyodide.asm.wasm.zst") == 1, rec.urls


def test_an_unreadable_kept_module_is_dropped(open_page: Any) -> None:
    page, rec = open_page("")
    page.evaluate(_kept_module('"not a module"', "(await (await fetch('assets/engine/manifest.json')).json()).startup.wasm.raw_sha256"))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "snapshot", state["note"]
    assert rec.count("pyodide.asm.wasm.zst") == 1, rec.urls
    assert any("kept copy of the WebAssembly module was unreadable" in w for w in warnings), warnings


def test_a_damaged_module_download_says_so(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.expect_errors = True
    rec.rewrite["pyodide.asm.wasm.zst"] = lambda body: bytes(4) + body[4:]  # not a Zstandard frame
    page.goto(rec.base + PERMALINK)
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text("The rules engine could not load:", timeout=ENGINE_TIMEOUT)
    expect(status).to_contain_text("the Python runtime could not be loaded (the WebAssembly module is damaged: it does not decompress")


def test_the_stated_download_size_is_the_real_one(open_page: Any) -> None:
    """The idle widget's "N MB" is the build's figure (assets/data/offline.json, what keeping the
    engine downloads, as GitHub Pages serves it), which covers a start from the snapshot."""
    import gzip
    import re

    site = Path(__import__("os").environ.get("SOMERSET_SITE_DIR", ROOT / "site"))
    manifest = json.loads((site / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    # The worker downloads the WebAssembly module Zstandard-compressed, not as it is.
    packed = manifest["startup"]["wasm"]["file"]
    served = [site / "assets" / "pyodide" / name for name in [*manifest["pyodide"], packed] if name != "pyodide.asm.wasm"]
    served += [site / "assets" / "engine" / name for name in (manifest["wheel"], "manifest.json")]
    snapshot = manifest["startup"]["snapshot"]
    served += [site / "assets" / "engine" / name for name in (snapshot["file"], snapshot["stdlib"]["file"])]
    compressed = sum(
        len(p.read_bytes()) if p.suffix in (".zip", ".whl", ".bin", ".zst") else len(gzip.compress(p.read_bytes(), 6)) for p in served
    )
    kept = json.loads((site / "assets" / "data" / "offline.json").read_text(encoding="utf-8"))["engine_bytes"]
    assert compressed <= kept < compressed + 2e6, (compressed, kept)  # the start, and the other start's files
    page, _ = open_page("tools/trick/")
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text(re.compile(r"\(\d+(\.\d)? MB, fetched once"))
    stated = re.search(r"\((\d+(?:\.\d)?) MB, fetched once", status.inner_text())
    assert stated and abs(float(stated.group(1)) * 1e6 - kept) <= 0.05e6, (stated, kept)


# --- the early start from a tool page's head (hooks/early_start.py) --------------------------------

def test_a_tool_link_with_a_position_starts_the_engine_from_the_head(open_page: Any) -> None:
    page, rec = open_page(PERMALINK)
    answered(page)
    moments = page.evaluate("""() => ({
      asked: performance.getEntriesByName('somerset-engine-start')[0].startTime,
      parsed: performance.getEntriesByType('navigation')[0].domInteractive,
      marks: performance.getEntriesByName('somerset-engine-start').length,
    })""")
    # Asked for while the page was still being parsed, before any of the page's modules ran.
    assert moments["asked"] < moments["parsed"], moments
    assert moments["marks"] == 1
    assert rec.count("worker.js") == 1 and rec.count("pyodide.asm.wasm.zst") == 1
    # The page took that worker over: nothing waits for another one.
    assert page.evaluate("window[Symbol.for('somerset.engine.early')] === undefined")


MODULE_BY_PAGE = "performance.getEntriesByType('resource').filter((e) => e.name.includes('pyodide.asm.wasm.zst')).length"


def test_a_first_visit_asks_for_the_module_with_the_worker(open_page: Any) -> None:
    """The head asks for Pyodide's module as it starts the worker and hands the download over; the
    worker does not ask again (widgets/engine/early-start.js, widgets/engine/worker.js)."""
    page, rec = open_page(PERMALINK)
    state = answered(page)
    assert state["start"] == "snapshot", state["note"]
    assert "wasm compiled" in state["timings"], state["timings"]
    assert page.evaluate(MODULE_BY_PAGE) == 1  # the page's own request, not the worker's
    assert rec.count("pyodide.asm.wasm.zst") == 1, rec.urls
    # Asked for in the same moment as the worker, before the page had been read.
    asked = page.evaluate("""() => ({
      module: performance.getEntriesByType('resource').find((e) => e.name.includes('pyodide.asm.wasm.zst')).startTime,
      worker: performance.getEntriesByName('somerset-engine-start')[0].startTime,
      parsed: performance.getEntriesByType('navigation')[0].domInteractive,
    })""")
    assert asked["module"] < asked["parsed"], asked
    assert asked["module"] - asked["worker"] < 100, asked
    # The decompressed module is kept for the next visit, as when the worker downloads it.
    kept = "async () => !!(await (await caches.open('somerset-engine-snapshot')).match('/assets/engine/pyodide-unpacked.wasm'))"
    page.wait_for_function(kept, timeout=ENGINE_TIMEOUT)


@pytest.mark.parametrize("browser_lacks,by_page", [
    # Reading into a buffer of its own (so in blocks): the page reads the pieces as they come.
    ("""const getReader = ReadableStream.prototype.getReader;
        ReadableStream.prototype.getReader = function (options) {
          if (options && options.mode === "byob") {
            window.__refused = (window.__refused || 0) + 1;
            throw new TypeError("no byob here");
          }
          return getReader.call(this, options);
        };""", 1),
    # Transferring a stream: the page asks for nothing, the worker for the module.
    ("""const postMessage = MessagePort.prototype.postMessage;
        MessagePort.prototype.postMessage = function (message, transfer) {
          if (Array.isArray(transfer) && transfer.some((t) => t instanceof ReadableStream)) {
            window.__refused = (window.__refused || 0) + 1;
            throw new DOMException("no", "DataCloneError");
          }
          return postMessage.apply(this, arguments);
        };""", 0),
], ids=["no-byob-reader", "no-stream-transfer"])
def test_a_browser_without_a_feature_still_downloads_the_module_once(open_page: Any, browser_lacks: str, by_page: int) -> None:
    page, rec = open_page(goto=False)
    page.add_init_script(browser_lacks)
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "snapshot", state["note"]
    assert page.evaluate("window.__refused") == 1  # the page tried the feature once
    assert page.evaluate(MODULE_BY_PAGE) == by_page
    assert rec.count("pyodide.asm.wasm.zst") == 1, rec.urls


def test_the_worker_asks_for_the_module_when_the_page_could_not(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.expect_errors = True  # the refused request is reported in the console
    rec.refuse_once.add("pyodide.asm.wasm.zst")
    page.goto(rec.base + PERMALINK)
    state = answered(page)
    assert state["start"] == "snapshot", state["note"]
    # The page's request (refused) and the worker's own.
    assert rec.count("pyodide.asm.wasm.zst") == 2 and not rec.refuse_once, rec.urls
    assert all("pyodide.asm.wasm.zst" in e or "Failed to load" in e for e in rec.console_errors), rec.console_errors


def test_a_tool_page_without_a_position_starts_nothing_from_the_head(open_page: Any) -> None:
    page, rec = open_page("tools/trick/?utm_source=elsewhere")
    page_settled(page)
    assert rec.count("worker.js") == 0 and rec.count("pyodide.asm.wasm.zst") == 0
    assert page.evaluate("performance.getEntriesByName('somerset-engine-start').length") == 0


def test_an_early_start_that_fails_offers_retry(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.expect_errors = True  # the refused download is reported in the console
    rec.block.add("/assets/engine/manifest.json")
    page.goto(rec.base + PERMALINK)
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text("The rules engine could not load:", timeout=ENGINE_TIMEOUT)
    expect(status).to_contain_text("the engine manifest could not be fetched")
    rec.block.clear()
    status.get_by_role("button", name="Retry").click()
    answered(page)
    assert rec.count("manifest.json") == 2 and rec.count("worker.js") == 2


def test_a_position_asked_ahead_of_a_start_that_fails_is_asked_again_after_retry(open_page: Any) -> None:
    # The manifest hangs until the trick resolver has asked for the link's position (its pad is
    # filled just before), then fails: the answer asked ahead fails with that start, and the
    # start after Retry must ask again rather than show the old failure as its verdict.
    page, rec = open_page(goto=False)
    rec.expect_errors = True
    rec.stall.add("/assets/engine/manifest.json")
    page.goto(rec.base + PERMALINK)
    expect(page.locator("somerset-trick .sr-keypad__suit").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator("somerset-trick .sr-status")).to_contain_text("Loading")
    rec.stall.clear()
    rec.stalled.pop().abort()
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text("the engine manifest could not be fetched", timeout=ENGINE_TIMEOUT)
    status.get_by_role("button", name="Retry").click()
    answered(page)


def test_an_early_worker_that_cannot_start_offers_retry(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.expect_errors = True
    rec.block.add("/assets/widgets/engine/worker.js")
    page.goto(rec.base + PERMALINK)
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text("The rules engine could not load:", timeout=ENGINE_TIMEOUT)
    rec.block.clear()
    status.get_by_role("button", name="Retry").click()
    answered(page)


def add_a_link(page: Any, href: str) -> None:
    """A link #sr-test-link to `href` (relative to the page) at the end of the article, and a mark
    on the page (window.__sameVisit) that a new page would not have."""
    page.evaluate("""(href) => {
      window.__sameVisit = true;
      const a = document.createElement('a');
      a.href = new URL(href, location.href).href;
      a.id = 'sr-test-link';
      a.textContent = 'a link';
      document.querySelector('article').appendChild(a);
    }""", href)


def follow_a_link_to_the_score_calculator(page: Any) -> None:
    """Follow a link from the trick resolver to the score calculator with a position, as a reader
    would: Material's instant navigation swaps the page without loading a new document."""
    add_a_link(page, "../score/?rules=parker-1947&bid=15&made=12")
    page.click("#sr-test-link")
    expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert page.evaluate("window.__sameVisit === true"), "the navigation reloaded the page"


def test_instant_navigation_to_another_tool_link_keeps_the_one_worker(open_page: Any) -> None:
    page, rec = open_page(PERMALINK)
    answered(page)
    follow_a_link_to_the_score_calculator(page)
    assert rec.count("worker.js") == 1 and rec.count("pyodide.asm.wasm.zst") == 1


def test_the_search_index_waits_for_the_engine_on_a_tool_link(open_page: Any) -> None:
    page, rec = open_page(PERMALINK)
    answered(page)
    # Held back while the engine started, asked for once the engine is ready and the page idle.
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.includes('search_index.json'))",
                           timeout=15_000)
    moments = page.evaluate("""() => ({
      ready: performance.getEntriesByName('somerset-engine-ready')[0].startTime,
      index: performance.getEntriesByType('resource').find((e) => e.name.includes('search_index.json')).startTime,
    })""")
    assert moments["index"] > moments["ready"], moments
    assert rec.count("search_index.json") == 1
    # And the search works as on any page. Typed key by key: Material reads the box on a key's
    # release (or when its worker gets ready), not on Playwright's fill(), which types no keys.
    page.locator(".md-search__input").press_sequentially("revoke")
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=SEARCH_TIMEOUT)


def test_the_search_box_is_not_kept_waiting_by_the_engine(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.expect_errors = True
    rec.stall.add("pyodide.asm.wasm")  # the engine does not get ready
    page.goto(rec.base + PERMALINK)
    page_settled(page, network=False)
    assert rec.count("search_index.json") == 0
    # The reader turns to the search box: the index is fetched at once.
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").press_sequentially("revoke")
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=SEARCH_TIMEOUT)
    assert rec.count("search_index.json") == 1


# Whether Material's bundle had run when the trick resolver's verdict first appeared, and how many
# times it ran (it sets window.document$ once per run).
THEME_PROBE = """
window.__theme = {runs: 0, atVerdict: null, at: null, verdictAt: null};
let doc;
Object.defineProperty(window, "document$", {configurable: true, get: () => doc, set: (v) => { doc = v; __theme.runs += 1; __theme.at = performance.now(); }});
new MutationObserver((_, observer) => {
  if (document.querySelector("somerset-trick .sr-verdict")) {
    __theme.atVerdict = __theme.runs;
    __theme.verdictAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true});
"""
THEME_SCRIPTS = "document.querySelectorAll('script[src*=\"javascripts/bundle.\"]').length"


def second_visit(page: Any, rec: Any) -> None:
    """A first visit to the permalink, answered, until the service worker controls the page."""
    page.goto(rec.base + PERMALINK)
    answered(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT)


def theme_ran_once_after_the_answer(page: Any) -> None:
    # (Or the answer took longer than the hold's 8 seconds, on a very busy machine.)
    assert page.evaluate("__theme.atVerdict === 0 || __theme.verdictAt >= 8000"), page.evaluate("__theme")
    page.wait_for_function("() => __theme.runs === 1")
    assert page.evaluate(THEME_SCRIPTS) == 1


def test_every_visit_runs_the_theme_once_the_tool_has_answered(open_page: Any) -> None:
    page, rec = open_page(goto=False, service_workers="allow")
    page.add_init_script(THEME_PROBE)
    second_visit(page, rec)
    # A first visit (the page asking for Pyodide's module): the theme waits for the answer too.
    assert page.evaluate(MODULE_BY_PAGE) == 1
    theme_ran_once_after_the_answer(page)
    page.goto(rec.base + PERMALINK)
    answered(page)
    # Served by the service worker, the engine starts from the device's copy (the page asks for
    # no download): the theme waits for the answer as well, then runs once, and works as on any
    # page.
    assert page.evaluate(MODULE_BY_PAGE) == 0
    theme_ran_once_after_the_answer(page)
    follow_a_link_to_the_score_calculator(page)
    assert page.evaluate("__theme.runs") == 1


# The engine's worker never answers: the engine does not get ready (other workers, Material's
# search among them, start as usual).
SILENT_WORKER = """
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  if (!String(url).includes("widgets/engine/worker.js")) return new RealWorker(url, options);
  const silent = new EventTarget();
  silent.postMessage = () => {};
  silent.terminate = () => {};
  return silent;
};
window.Worker.prototype = RealWorker.prototype;
"""


def test_the_theme_is_held_for_8_seconds_at_most(open_page: Any) -> None:
    # A first visit whose engine never answers (as on a connection that hangs): the theme runs
    # after HOLD_MS (8 s) all the same.
    page, rec = open_page(goto=False)
    page.add_init_script(THEME_PROBE)
    page.add_init_script(SILENT_WORKER)
    page.goto(rec.base + PERMALINK, wait_until="domcontentloaded")
    expect(page.locator("somerset-trick .sr-keypad__suit").first).to_be_visible()
    page.wait_for_function("() => __theme.runs === 1", timeout=30_000)
    assert page.evaluate("__theme.at") >= 8000
    assert page.evaluate(THEME_SCRIPTS) == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_held_theme_keeps_the_readers_colour_scheme(open_page: Any, scheme: str) -> None:
    # A first visit (no scheme kept by Material): the page takes the scheme Material will take,
    # from the start, not when the bundle runs.
    page, rec = open_page(goto=False, color_scheme=scheme)
    page.add_init_script(THEME_PROBE)
    page.add_init_script(SILENT_WORKER)
    page.add_init_script("""
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        observer.disconnect();
        window.__schemes = [];
        new MutationObserver(() => __schemes.push(document.body.getAttribute("data-md-color-scheme")))
          .observe(document.body, {attributes: true, attributeFilter: ["data-md-color-scheme"]});
      }).observe(document, {childList: true, subtree: true});
    """)
    page.goto(rec.base + PERMALINK, wait_until="domcontentloaded")
    expect(page.locator("somerset-trick .sr-keypad__suit").first).to_be_visible()
    expected = "slate" if scheme == "dark" else "default"
    assert page.evaluate(THEME_SCRIPTS) == 0
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected
    # The bundle, once run, keeps it (the reader's first touch on the page runs it).
    page.locator(".md-header").dispatch_event("pointerdown")
    page.wait_for_function("() => __theme.runs === 1")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected
    assert set(page.evaluate("__schemes")) <= {expected}


def held_theme_on_a_later_visit(page: Any, rec: Any) -> None:
    """A later visit to the permalink whose engine never answers: the theme held (for 8 s at most), the
    parser's bundle element out of the page."""
    page.add_init_script(THEME_PROBE)
    second_visit(page, rec)
    page.add_init_script(SILENT_WORKER)
    page.goto(rec.base + PERMALINK, wait_until="domcontentloaded")
    expect(page.locator("somerset-trick .sr-keypad__suit").first).to_be_visible()
    assert page.evaluate(THEME_SCRIPTS) == 0


def test_the_reader_turning_to_the_page_runs_the_held_theme_at_once(open_page: Any) -> None:
    page, rec = open_page(goto=False, service_workers="allow")
    held_theme_on_a_later_visit(page, rec)
    # A tap inside the tool does not release the theme; a tap on the page around it adds the
    # bundle at once.
    tapped = page.evaluate(f"""() => {{
      const down = (el) => el.dispatchEvent(new PointerEvent("pointerdown", {{bubbles: true}}));
      down(document.querySelector("somerset-trick .sr-keypad__suit"));
      const inTool = {THEME_SCRIPTS};
      down(document.querySelector(".md-header"));
      return [inTool, {THEME_SCRIPTS}];
    }}""")
    assert tapped == [0, 1]
    page.wait_for_function("() => __theme.runs === 1")
    # Material's search works (its index was held for the engine too; the reader's turn to the
    # search box asks for it).
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").press_sequentially("revoke")
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=SEARCH_TIMEOUT)


# Material asks for a sitemap that is not there (it then takes no link for instant navigation).
NO_SITEMAP = """
const open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (method, url, ...rest) {
  return open.call(this, method, String(url).replace("sitemap.xml", "no-sitemap.xml"), ...rest);
};
"""


@pytest.mark.parametrize("sitemap", [True, False], ids=["instant", "no-sitemap"])
def test_a_link_followed_while_the_theme_is_held_is_followed_once_it_has_run(open_page: Any, sitemap: bool) -> None:
    # Material's instant navigation takes a click only once its bundle has run and its sitemap
    # has come: the click waits for them (the engine's download going on) and does not load the
    # page anew. Without the sitemap Material takes no link, and the held click is followed as
    # the browser follows it, a moment later.
    page, rec = open_page(goto=False, service_workers="allow")
    if not sitemap:
        rec.expect_errors = True  # the missing sitemap
        page.add_init_script(NO_SITEMAP)
    held_theme_on_a_later_visit(page, rec)
    add_a_link(page, "../../glossary/")
    page.click("#sr-test-link")
    expect(page).to_have_url(rec.base + "glossary/")
    expect(page.locator("h1")).to_contain_text("Glossary")
    if not sitemap:
        assert page.evaluate("window.__sameVisit === undefined"), "the page was not loaded anew"
        assert rec.count("no-sitemap.xml") >= 1
        return
    assert page.evaluate("window.__sameVisit === true"), "the navigation reloaded the page"
    assert page.evaluate("__theme.runs") == 1
    # One step in the history: back is the tool again.
    page.go_back()
    expect(page).to_have_url(rec.base + PERMALINK)
    assert page.evaluate("window.__sameVisit === true")


# Every message the page posts to a worker, with when it was posted (ms from navigation).
RECORD_POSTS = """
window.__posted = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  window.__posted.push({ t: performance.now(), text: message && message.text });
  return post.call(this, message, ...rest);
};
"""


def test_a_link_with_a_position_is_asked_before_the_engine_is_ready(open_page: Any) -> None:
    """The trick resolver asks for the link's position while the engine starts (the worker answers
    it the moment it is ready, however busy the page is), and asks it only once."""
    page, rec = open_page(goto=False)
    page.add_init_script(RECORD_POSTS)
    page.goto(rec.base + PERMALINK)
    answered(page)
    trick_posts = "window.__posted.filter((p) => p.text && JSON.parse(p.text).cmd === 'trick')"
    posts = page.evaluate(trick_posts)
    ready = page.evaluate("performance.getEntriesByName('somerset-engine-ready')[0].startTime")
    assert len(posts) == 1, posts
    assert json.loads(posts[0]["text"]) == {"cmd": "trick", **POSITION, "cards": ",".join(POSITION["cards"])}
    assert posts[0]["t"] < ready, (posts, ready)
    # Another trump afterwards is asked anew, not answered from the first request.
    trump = page.locator("somerset-trick select[id$='-trump']")
    other = [v for v in trump.locator("option").evaluate_all("(os) => os.map((o) => o.value)") if v != POSITION["trump"]][0]
    trump.select_option(other)
    page.wait_for_function(f"() => {trick_posts}.length === 2")
    last = json.loads(page.evaluate(f"{trick_posts}[1].text"))
    assert last["trump"] == other
