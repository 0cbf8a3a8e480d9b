"""Offline and installable, in real Chromium against the built site: the web app manifest, every page
and every tool offline after a first visit (and after the browser restarts), the plain message
when the engine was never fetched, a new deploy replacing the caches, and the site under a
sub-path. The service worker is widgets/engine/service-worker.js as hooks/offline.py writes it into site/sw.js."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import shutil
import struct
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import ENGINE_TIMEOUT, ROOT, _site_dir, offline_here
from playwright.sync_api import expect
from releases import offline_hook
from somerset.service.trainer import trainer_data
from site_server import SiteHandler, rebased_sitemap  # scripts/, on the path through conftest

ENGINE_STATE = "window[Symbol.for('somerset.engine')].state"
OFFLINE_STATE = "window[Symbol.for('somerset.offline')].state"
WIDE = {"width": 1300, "height": 900}  # wide enough for Material's tabs and sidebar
OFFLINE_TEXT = "You are offline, and this device has not saved the rules engine yet"

# One position per tool page (docs/tools/*.md), opened from its permalink, and what shows its answer.
TOOLS = {
    "tools/trick/?rules=all&trump=6&cards=8/8,0/0,4/4,9/12": ("somerset-trick", ".sr-verdict__winner"),
    "tools/score/?rules=parker-1947&bid=15&made=12&against=12": ("somerset-score", ".sr-verdict"),
    "tools/replay/?rules=hodges-1903&format=two&seed=3": ("somerset-deal", ".sr-replay__counter"),
    "tools/play/?rules=parker-1947&seed=2": ("somerset-table", ".sr-table__ask"),
    "tools/pad/?rules=parker-1947&deals=s1b15p16.8,s2b16p9.15": ("somerset-pad", ".sr-pad__totals dd"),
    "tools/samedeal/?rules=parker-1947-house,parker-1947,parker-1950&seed=2": ("somerset-samedeal", ".sr-samedeal__summary"),
    "tools/worth/?rules=parker-1947&hand=6/6+5/6+4/6+3/6+2/6+1/6+0/6+S/S+1/2+3/4+5/8+7/10": ("somerset-worth", ".sr-worth__table"),
    "tools/our-table/?rules=parker-1947~v1~rover_play.any-time~target.50": ("somerset-our-table", ".sr-our-table__card code"),
}


def test_every_tool_page_is_covered() -> None:
    pages = {f"tools/{p.stem}/" for p in (ROOT / "docs" / "tools").glob("*.md") if p.stem != "index"}
    assert pages == {urlsplit(t).path for t in TOOLS}


def wait_controlled(page: Any) -> None:
    """The service worker installed (its precache complete) and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT)


def wait_saved(page: Any) -> None:
    """The engine ran, and the service worker has every file it fetched."""
    page.wait_for_function(f"() => {ENGINE_STATE}.status === 'ready' && {ENGINE_STATE}.saved === true", timeout=ENGINE_TIMEOUT)


def cache_names(page: Any) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def wait_for_caches(page: Any, names: list[str]) -> None:
    """Until the site's caches are exactly `names` (a new service worker activates by itself)."""
    page.evaluate("setInterval(async () => { window.__sr_caches = (await caches.keys()).sort().join(' '); }, 100)")
    try:
        page.wait_for_function("(want) => window.__sr_caches === want", arg=" ".join(sorted(names)))
    except Exception as e:
        raise AssertionError(f"caches: {page.evaluate('window.__sr_caches')!r}, wanted {sorted(names)}") from e


def navigate_instantly(page: Any, path: str) -> None:
    """Follow a visible link to `path` (tabs, navigation or text); the page must change without a new
    document, as Material's instant navigation does."""
    page.evaluate("window.__sr_same_document = true")
    canonical = page.evaluate("document.querySelector('link[rel=canonical]').href")
    found = page.evaluate(
        """(path) => {
          const inView = (a) => {
            const r = a.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= innerWidth && getComputedStyle(a).visibility !== "hidden";
          };
          const link = [...document.querySelectorAll("a[href]")].find((a) => new URL(a.href).pathname.endsWith(path) && inView(a));
          if (link) link.setAttribute("data-sr-test-link", "");
          return Boolean(link);
        }""",
        path,
    )
    assert found, f"no link to {path} in view"
    page.locator("[data-sr-test-link]").first.click()
    # The address changes at once; the page's own canonical link, once its content is in.
    page.wait_for_function(
        "([p, was]) => location.pathname.endsWith(p) && document.querySelector('link[rel=canonical]').href !== was",
        arg=[path, canonical])
    expect(page.locator("article h1").first).to_be_visible()
    assert page.evaluate("window.__sr_same_document === true"), f"following a link to {path} reloaded the page"


def test_manifest_is_valid_and_linked(open_page: Any, site_url: str) -> None:
    page, _ = open_page("", service_workers="allow")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == site_url + "manifest.webmanifest"  # Material makes every link absolute
    cdp = page.context.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert got["url"] == site_url + "manifest.webmanifest"
    assert got["errors"] == [], got["errors"]
    m = got["manifest"]
    assert m["name"] == "The Some'r'Set Companion" and m["display"] == "kStandalone"
    assert m["startUrl"] == site_url and m["scope"] == site_url and m["id"] == site_url
    # The theme colour is the header's red.
    header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    assert m["themeColor"].replace("rgba(", "rgb(").replace(",1)", ")") == header.replace(" ", "")
    # Every icon is there, of the size it claims, and the launcher gets a 192 px, a 512 px and a
    # maskable one.
    sizes = set()
    for icon in m["icons"]:
        response = page.request.get(icon["url"])
        assert response.ok, icon["url"]
        body = response.body()
        if icon["type"] == "image/png":
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add(icon["sizes"])
        else:
            assert icon["type"] == "image/svg+xml" and body.startswith(b"<svg")
    assert {"192x192", "512x512"} <= sizes
    raw = json.loads(page.request.get(got["url"]).body())
    assert any(i.get("purpose") == "maskable" for i in raw["icons"])
    # The Apple touch icon, for iOS's home screen.
    apple = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    assert page.request.get(str(apple)).ok
    # Installable: the only objection Chromium has is that a test context is incognito.
    wait_controlled(page)
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert errors in ([], ["in-incognito"]), errors


def first_visit(page: Any, base: str) -> None:
    """A first visit: the home page (the service worker installs), then a tool whose engine starts."""
    page.goto(base)
    wait_controlled(page)
    page.goto(base + "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2")
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    wait_saved(page)


def test_pages_and_every_tool_offline_after_a_first_visit(open_page: Any, site_url: str) -> None:
    page, rec = open_page(goto=False, viewport=WIDE, service_workers="allow")
    first_visit(page, site_url)
    # Fetched by the engine's start, and at most once more by the service worker keeping the engine
    # when the browser's own cache did not keep a file this big (develop/runtime.md).
    assert 1 <= rec.count("pyodide.asm.wasm.zst") <= 2
    assert any(n.startswith("somerset-pages-") for n in cache_names(page))
    assert any(n.startswith("somerset-engine-") for n in cache_names(page))

    page.context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    # Pages through instant navigation, and the search (its index is kept too).
    navigate_instantly(page, "/rulings/")
    navigate_instantly(page, "/compare/")
    navigate_instantly(page, "/variants/")
    navigate_instantly(page, "/variants/parker-1950/")
    page.locator(".md-search__input").click()
    page.keyboard.type("revoke")  # Material searches on key presses
    # The search worker read its index offline and listed the pages that match, each a link.
    expect(page.locator(".md-search-result__meta")).to_contain_text("matching document", timeout=ENGINE_TIMEOUT)
    results = page.locator(".md-search-result__item > a")
    expect(results.first).to_have_attribute("href", re.compile(r"/rulings/|/learn/|/variants/|/reference/|/sources/"))
    page.keyboard.press("Escape")

    # Every tool, each a fresh page whose engine starts from the saved files.
    before = len(rec.urls)
    for path, (tag, answer) in TOOLS.items():
        page.goto(site_url + path)
        expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
        expect(page.locator(f"{tag} .sr-status").first).to_be_hidden()
    # A page reloaded offline, and a tool used by hand.
    page.reload()
    expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    page.goto(site_url + "tools/trick/")
    page.get_by_role("button", name="Start the rules engine").click()
    page.get_by_label("Cards in play order").fill("0/0, 2/2, 11/12, 9/10")
    page.get_by_label("Cards in play order").press("Enter")
    expect(page.locator("somerset-trick .sr-verdict__winner")).to_contain_text("2/2", timeout=ENGINE_TIMEOUT)
    # The puzzle trainer judges from the build's records, which are kept for offline use too.
    puzzle = next(r for r in trainer_data()["puzzles"] if len(r["steps"]) == 1 and r["steps"][0]["single"])
    page.goto(site_url + f"puzzles/trainer/?p={puzzle['id']}")
    page.locator(f'.sr-trainer__choice[data-value="{puzzle["steps"][0]["answer"][0]}"]').click()
    expect(page.locator(".sr-trainer__verdict--right")).to_be_visible(timeout=ENGINE_TIMEOUT)
    # Nothing reached the network while offline: every request was answered by the service worker.
    leaked = [u for u in rec.urls[before:] if urlsplit(u).path.startswith("/assets/")]
    assert leaked == [], leaked


def test_a_page_says_plainly_when_offline_and_the_engine_was_never_fetched(open_page: Any, site_url: str) -> None:
    page, rec = open_page("", viewport=WIDE, service_workers="allow")
    rec.expect_errors = True  # the failed start below logs the refused downloads
    wait_controlled(page)
    page.context.set_offline(True)
    navigate_instantly(page, "/tools/trick/")
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text(OFFLINE_TEXT)
    expect(status).to_contain_text("use any tool once: after that every tool works offline too")
    expect(status.get_by_role("button", name="Start the rules engine")).to_be_hidden()
    # A page opened offline says the same, before anything is tried.
    page.goto(site_url + "tools/score/")
    offline_here(page)
    expect(page.locator("somerset-score .sr-status")).to_contain_text(OFFLINE_TEXT)
    # Using the tool anyway: the failure says why, announced to screen readers, with a retry.
    page.get_by_label("Bid", exact=True).focus()
    expect(page.locator("somerset-score .sr-status")).to_contain_text(
        "The rules engine could not load: you are offline, and this device has not saved the rules engine yet",
        timeout=ENGINE_TIMEOUT)
    # announced as one sentence, as the status line says it
    expect(page.locator("somerset-score [aria-live]").first).to_contain_text(
        "The rules engine could not load: you are offline")
    # Back online, Retry starts the engine and the tool answers.
    page.context.set_offline(False)
    page.get_by_role("button", name="Retry").click()
    expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)


def test_tools_work_offline_after_the_browser_restarts(browser_type: Any, browser_type_launch_args: dict[str, Any],
                                                      site_url: str, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    foreign: list[str] = []

    def launch(**options: Any) -> Any:
        context = browser_type.launch_persistent_context(str(profile), **browser_type_launch_args, viewport=WIDE, **options)
        context.set_default_timeout(ENGINE_TIMEOUT)

        def route(route: Any) -> None:
            if urlsplit(route.request.url).hostname == "127.0.0.1":
                route.continue_()
            else:
                foreign.append(route.request.url)
                route.abort()

        context.route("**/*", route)
        return context

    first = launch()
    try:
        page = first.pages[0] if first.pages else first.new_page()
        first_visit(page, site_url)
        # A real profile (not incognito): Chromium would offer to install the site.
        cdp = first.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        first.close()

    again = launch(offline=True)
    try:
        page = again.pages[0] if again.pages else again.new_page()
        page.goto(site_url + "tools/score/?rules=parker-1947&bid=15&made=12&against=12")
        offline_here(page)
        expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
        navigate_instantly(page, "/tools/trick/")
        page.get_by_label("Cards in play order").fill("4/8, 0/0, 8/8, 2/2")
        page.get_by_label("Cards in play order").press("Enter")
        expect(page.locator("somerset-trick .sr-verdict__winner")).to_be_visible(timeout=ENGINE_TIMEOUT)
    finally:
        again.close()
    assert foreign == []


# --- a site of our own to change: deploys and sub-paths ------------------------------------------------


def redeploy(site: Path) -> str:
    """Write sw.js again for the files now in `site`, as a build would; returns the new version."""
    hook = offline_hook()
    hook._serving = False
    hook.on_post_build({"site_dir": str(site)})
    text = (site / "sw.js").read_text(encoding="utf-8")
    return str(json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])["version"])


@contextlib.contextmanager
def serve(site: Path, prefix: str = "/", hits: list[str] | None = None) -> Iterator[str]:
    """Serve `site` at http://127.0.0.1:<port><prefix>, with the sitemap rebased there; each path
    requested is added to `hits`."""

    class Handler(SiteHandler):
        def send_head(self) -> Any:
            path = self.path.split("?")[0]
            if hits is not None:
                hits.append(path)
            if not path.startswith(prefix):
                self.send_error(404)
                return None
            if path == prefix + "sitemap.xml":
                base = f"http://127.0.0.1:{self.server.server_address[1]}{prefix}"
                return self._send(rebased_sitemap(site, base), "application/xml")
            self.path = "/" + self.path[len(prefix):]
            return super().send_head()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()


def test_an_engine_started_before_the_service_worker_took_over_is_kept(browser_type: Any, browser_type_launch_args: dict[str, Any],
                                                                      tmp_path: Path) -> None:
    # A first visit straight to a tool: the engine starts before the service worker controls the
    # page, so the service worker copies the engine's files from the browser's HTTP cache instead of
    # downloading them again. No routing here (Playwright's routes turn that cache off), and a real
    # profile (an incognito one keeps no file as big as Pyodide's WebAssembly in its cache).
    hits: list[str] = []
    with serve(_site_dir(), hits=hits) as base:
        context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args, viewport=WIDE)
        context.set_default_timeout(ENGINE_TIMEOUT)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(base + "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2")
            expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
            # The page (and so the engine's worker) began without a service worker: it registers
            # only once the engine has loaded.
            assert page.evaluate("performance.getEntriesByType('navigation')[0].workerStart") == 0
            wait_controlled(page)
            wait_saved(page)
            assert hits.count("/assets/pyodide/pyodide.asm.wasm.zst") == 1
            # Kept as the browser fetched them, not as copies made from their bytes (the browser
            # keeps compiled code only with a fetched response)...
            made = page.evaluate("""async () => {
              const name = (await caches.keys()).find((n) => n.startsWith("somerset-engine-") && n !== "somerset-engine-snapshot");
              const cache = await caches.open(name);
              const out = [];
              for (const request of await cache.keys()) {
                if (request.url.endsWith("/offline-ready")) continue;  // the marker, written by the service worker
                const response = await cache.match(request);
                if (response.type !== "basic") out.push(`${request.url}: ${response.type}`);
              }
              return out;
            }""")
            assert made == []
            # ...and the runtime's scripts, once kept, were run once through the service worker, in
            # a worker of their own, so that the browser compiled and kept them.
            page.wait_for_function(f"() => {OFFLINE_STATE}.compiledAhead !== null", timeout=ENGINE_TIMEOUT)
            assert page.evaluate(f"{OFFLINE_STATE}.compiledAhead") == {"done": 2}
            # The start (not served by the service worker) imported the plain runtime script; the
            # service worker keeps the copy with the compile hint, which it downloaded.
            served = sorted(h for h in hits if h.startswith("/assets/pyodide/") and h.endswith(".mjs"))
            assert served == ["/assets/pyodide/eager/pyodide.asm.mjs", "/assets/pyodide/pyodide.asm.mjs", "/assets/pyodide/pyodide.mjs"]
            context.set_offline(True)
            page.goto(base + "tools/score/?rules=parker-1947&bid=15&made=12&against=12")
            expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
            # A start the service worker serves imports the kept copy, the hinted one.
            scripts = [urlsplit(f).path for f in page.evaluate(f"{ENGINE_STATE}.files") if f.endswith(".mjs")]
            assert "/assets/pyodide/eager/pyodide.asm.mjs" in scripts and "/assets/pyodide/pyodide.asm.mjs" not in scripts, scripts
        finally:
            context.close()


@pytest.fixture
def site_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(_site_dir(), copy)
    return copy


def test_a_new_deploy_replaces_the_old_caches(open_page: Any, site_copy: Path) -> None:
    with serve(site_copy) as base:
        page, _ = open_page(goto=False, service_workers="allow")
        first_visit(page, base)
        first = cache_names(page)
        engine_cache = next(n for n in first if n.startswith("somerset-engine-"))

        # A deploy that changes a page: a new precache; the engine's cache stays, still saved.
        home = site_copy / "index.html"
        home.write_text(home.read_text(encoding="utf-8").replace("</article>", "<p id='sr-deployed'>Deployed again.</p></article>", 1))
        version = redeploy(site_copy)
        page.goto(base)
        wait_for_caches(page, [f"somerset-pages-{version}", engine_cache, "somerset-engine-snapshot"])
        page.context.set_offline(True)
        page.goto(base)
        expect(page.locator("#sr-deployed")).to_have_text("Deployed again.")
        expect(page.locator("body")).not_to_contain_text("Deployed again.Deployed again.")

        # A deploy with another engine: its old files are deleted, so the tools say they need it.
        page.context.set_offline(False)
        manifest = site_copy / "assets" / "engine" / "manifest.json"
        manifest.write_text(manifest.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        version = redeploy(site_copy)
        page.goto(base)
        wait_for_caches(page, [f"somerset-pages-{version}"])
        page.context.set_offline(True)
        page.goto(base + "tools/trick/")
        offline_here(page)
        expect(page.locator("somerset-trick .sr-status")).to_contain_text(OFFLINE_TEXT)


def test_the_site_works_offline_under_a_sub_path(open_page: Any) -> None:
    with serve(_site_dir(), "/somerset/companion/") as base:
        page, rec = open_page(goto=False, viewport=WIDE, service_workers="allow")
        page.goto(base)
        wait_controlled(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
        assert scope == base
        cdp = page.context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["manifest"]["scope"] == base
        page.context.set_offline(True)
        navigate_instantly(page, "/somerset/companion/glossary/")
        page.goto(base + "learn/rover/")
        expect(page.locator("article h1")).to_contain_text("Rover")
        assert all(urlsplit(u).path.startswith("/somerset/companion/") for u in rec.urls), rec.urls


def test_the_worker_that_compiles_ahead_imports_only_this_sites_scripts(open_page: Any, site_url: str) -> None:
    page, rec = open_page("", viewport=WIDE)
    said = page.evaluate("""(scripts) => new Promise((resolve) => {
      const worker = new Worker(new URL("assets/widgets/engine/compile-ahead.js", document.baseURI), { type: "module" });
      worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
      worker.postMessage({ scripts });
    })""", [site_url + "assets/widgets/engine/zstd.js", "https://example.com/x.js"])
    assert said == {"error": "not a script of this site: https://example.com/x.js"}
    said = page.evaluate("""(scripts) => new Promise((resolve) => {
      const worker = new Worker(new URL("assets/widgets/engine/compile-ahead.js", document.baseURI), { type: "module" });
      worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
      worker.postMessage({ scripts });
    })""", [site_url + "assets/widgets/engine/zstd.js", site_url + "assets/widgets/no-such-script.js"])
    assert said["error"].startswith(site_url + "assets/widgets/no-such-script.js could not be imported")
    rec.expect_errors = True  # the missing script's 404

