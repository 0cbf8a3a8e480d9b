"""Browser tests of the widgets: the built site served from 127.0.0.1, real Chromium (pytest-playwright).

The site is the one `make build` / `make test` wrote into site/ (or SOMERSET_SITE_DIR); when it is
missing it is built here with `mkdocs build --strict`. Chromium is Debian's /usr/bin/chromium when it
exists, else Playwright's own; with neither, every test fails with a message saying so (the browser
must be tested, never skipped).

Every page made by the `open_page` factory records each request URL (through a catch-all route that
refuses anything not on 127.0.0.1), console errors and uncaught exceptions; at the end of the test it
asserts that nothing left 127.0.0.1 and, unless the test expects failures, that the console stayed
clean.

The site's service worker is blocked unless a test allows it (`service_workers="allow"`, as
test_offline.py does): Playwright's routing turns off the browser's HTTP cache, so the copies the
service worker takes from that cache would count as second downloads in the tests that count them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from site_server import serve  # noqa: E402  (shared with scripts/bench_web.py)
from screen import large_text  # noqa: E402

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-first-run",
    "--no-default-browser-check",
    "--metrics-recording-only",
]
# Pyodide boots in a few seconds, slower on a loaded 2-core machine: wait generously, never sleep.
ENGINE_TIMEOUT = 60_000


def _site_dir() -> Path:
    env = os.environ.get("SOMERSET_SITE_DIR")
    site = Path(env).resolve() if env else ROOT / "site"
    if not (site / "tools" / "trick" / "index.html").is_file():
        if env:
            pytest.fail(f"SOMERSET_SITE_DIR={env} holds no built site (tools/trick/index.html is missing)")
        mkdocs = Path(sys.executable).parent / "mkdocs"
        cmd = [str(mkdocs if mkdocs.exists() else ROOT / ".venv" / "bin" / "mkdocs"), "build", "--strict", "--site-dir", str(site)]
        proc = subprocess.run(
            cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, env=dict(os.environ, NO_MKDOCS_2_WARNING="1")
        )
        if proc.returncode != 0:
            pytest.fail(f"site/ is missing and `{' '.join(cmd)}` failed:\n{proc.stdout}\n{proc.stderr}")
    for needed in ("assets/widgets/main.js", "assets/pyodide/pyodide.asm.wasm", "assets/engine/manifest.json"):
        if not (site / needed).is_file():
            pytest.fail(f"the built site {site} lacks {needed}: rebuild it with `make build`")
    return site


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    # Served as hosted: sitemap.xml rebased onto this server, so that instant navigation works.
    server, base = serve(_site_dir())
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_type: Any) -> dict[str, Any]:
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    if browser_type.name != "chromium":
        pytest.fail("the widget tests run in Chromium (pass --browser chromium or nothing)")
    if SYSTEM_CHROMIUM.exists():
        args["executable_path"] = str(SYSTEM_CHROMIUM)
    elif not Path(browser_type.executable_path).exists():
        pytest.fail(
            "no Chromium to test the widgets with: install Debian's `chromium` (/usr/bin/chromium) "
            "or Playwright's (`.venv/bin/playwright install chromium`)"
        )
    return args


@dataclass
class Recorder:
    """What one browser context did: every request URL, console errors, uncaught exceptions."""

    base: str
    urls: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    expect_errors: bool = False
    block: set[str] = field(default_factory=set)  # URLs containing one of these are refused
    refuse_once: set[str] = field(default_factory=set)  # the first URL containing one of these is refused
    stall: set[str] = field(default_factory=set)  # URLs containing one of these are never answered
    stalled: list[Any] = field(default_factory=list)  # their routes, left pending until the context closes
    # URLs containing a key are answered with the file's bytes as changed by the function
    rewrite: dict[str, Callable[[bytes], bytes]] = field(default_factory=dict)
    closing: bool = False  # set when the test is over and its context is being closed

    def count(self, suffix: str) -> int:
        return sum(1 for u in self.urls if urlsplit(u).path.endswith(suffix))

    def foreign(self) -> list[str]:
        return [u for u in self.urls if urlsplit(u).hostname != "127.0.0.1"]


# Chromium's notice that a touch handler asked to cancel a touch the browser was already scrolling
# with: Material's full-screen search listens to touches on the page, and whether a test's tap
# lands while a scroll is under way is a matter of timing. It reports no fault of the site.
TOUCH_INTERVENTION = "Ignored attempt to cancel a touchstart event with cancelable=false"


def _intervention(text: str) -> bool:
    return TOUCH_INTERVENTION in text


@pytest.fixture
def open_page(browser: Any, site_url: str) -> Iterator[Callable[..., Any]]:
    """open_page(path, **context_options) -> (page, recorder); checks the recorder afterwards.
    `text_px` sets the browser's default text size (16 px unless given) before the page opens.

    One catch-all route, set before the page exists, handles every request (the engine's worker
    included): Chromium's module workers do not start when routes are added to a live page.
    """
    made: list[tuple[Any, Recorder]] = []

    def _open(path: str = "", *, goto: bool = True, text_px: int | None = None, **options: Any) -> tuple[Any, Recorder]:
        options.setdefault("viewport", {"width": 1100, "height": 900})
        options.setdefault("service_workers", "block")
        context = browser.new_context(**options)
        context.set_default_timeout(ENGINE_TIMEOUT)
        rec = Recorder(site_url)

        def route(route: Any) -> None:
            url = route.request.url
            rec.urls.append(url)
            changes = [fn for part, fn in rec.rewrite.items() if part in url]
            if any(part in url for part in rec.stall):
                rec.stalled.append(route)  # a connection that hangs: no answer, no error
            elif any(part in url for part in rec.block):
                route.abort()
            elif any(part in url for part in rec.refuse_once):
                rec.refuse_once -= {part for part in rec.refuse_once if part in url}
                route.abort()
            elif changes:
                try:
                    response = route.fetch()
                    body = response.body()
                    for change in changes:
                        body = change(body)
                    route.fulfill(response=response, body=body)
                except PlaywrightError:
                    if not rec.closing:
                        raise
                    # the test is over and its context closing: nothing waits for this request
            elif urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                route.abort()

        context.route("**/*", route)
        page = context.new_page()
        if text_px is not None:  # the reader's default text size (screen.py's PHONE_LARGE_TEXT)
            large_text(page, text_px)
        page.on("console", lambda m: rec.console_errors.append(m.text) if m.type == "error" and not _intervention(m.text) else None)
        page.on("pageerror", lambda e: rec.page_errors.append(str(e)))
        page.on("dialog", lambda d: (rec.dialogs.append(d.message), d.dismiss()))
        made.append((context, rec))
        if goto:
            page.goto(site_url + path)
            if text_px is not None:  # Material's root size on a phone: 125 % of the default
                root = page.evaluate("() => parseFloat(getComputedStyle(document.documentElement).fontSize)")
                assert root == text_px * 1.25, f"the default text size was not set: the root's is {root} px"
        return page, rec

    yield _open
    problems = []
    for context, rec in made:
        rec.closing = True
        context.unroute_all(behavior="ignoreErrors")
        context.close()
        if rec.foreign():
            problems.append(f"requests left 127.0.0.1: {rec.foreign()}")
        if rec.page_errors:
            problems.append(f"uncaught exceptions: {rec.page_errors}")
        if rec.dialogs:
            problems.append(f"dialogs opened: {rec.dialogs}")
        if rec.console_errors and not rec.expect_errors:
            problems.append(f"console errors: {rec.console_errors}")
    assert not problems, "\n".join(problems)


def offline_here(page: Any) -> None:
    """The network away for the page's document too. Chromium (150) does not carry a context's
    offline emulation into a document loaded after it was set: its requests fail, but its
    `navigator.onLine` says true and no "offline" event comes. Set again on the page, as a network
    going away does: the page hears "offline"."""
    conditions = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    page.context.new_cdp_session(page).send("Network.emulateNetworkConditions", conditions)
    assert page.evaluate("navigator.onLine") is False
