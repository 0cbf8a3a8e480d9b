"""The Content-Security-Policy (hooks/csp.py) in real Chromium: every page carries it and loads
with no violation, every widget works under it (across Material's instant navigation, where the
first page's policy stays in force), the engine's worker runs under it when a host sends it as a
header, and a policy that blocks the engine is reported with a clear message."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

ENGINE_TIMEOUT = 60_000  # Pyodide's first boot takes seconds; wait, never sleep
ROOT = Path(__file__).resolve().parents[2]

# Records every violation the page sees, from the first script on (before the theme's).
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline code"} at ${e.sourceFile}:${e.lineNumber}`);
});
"""
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


@pytest.fixture(scope="module")
def pages(site_url: str) -> dict[str, Path]:
    """Every page of the built site (the one the site_url fixture serves), by its path under the site."""
    env = os.environ.get("SOMERSET_SITE_DIR")
    site = Path(env).resolve() if env else ROOT / "site"
    return {str(p.relative_to(site)).removesuffix("index.html"): p for p in sorted(site.rglob("*.html"))}


def _policy(pages: dict[str, Path]) -> str:
    m = META.search(pages[""].read_text(encoding="utf-8"))
    assert m, "the home page has no Content-Security-Policy"
    return m.group(1)


def _csp_console(messages: list[str]) -> list[str]:
    return [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m]


def _watch(page: Any) -> list[str]:
    """Console messages of every level (the CSP ones are errors or warnings)."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(f"{m.type}: {m.text}"))
    return seen


def test_the_policy_allows_only_this_site(pages: dict[str, Path]) -> None:
    policy = _policy(pages)
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    for name in ("default-src", "script-src", "style-src", "connect-src", "worker-src", "img-src", "font-src"):
        sources = directives[name].split()
        assert "'self'" in sources, (name, sources)
        assert not [s for s in sources if s.startswith(("http", "*", "blob:", "'unsafe-inline'", "'unsafe-eval'"))
                    or s.endswith(":") and s != "data:"], (name, sources)
    assert "'wasm-unsafe-eval'" in directives["script-src"].split()
    assert directives["object-src"] == "'none'"
    # Every page carries the same policy, before its first script.
    assert len(pages) > 40
    for page in pages.values():
        html = page.read_text(encoding="utf-8")
        m = META.search(html)
        assert m and m.group(1) == policy, page
        assert m.start() < html.find("<script"), f"{page}: the policy comes after a script"


def test_every_page_loads_with_no_violation(open_page: Any, pages: dict[str, Path]) -> None:
    page, rec = open_page(goto=False)
    page.add_init_script(RECORD_VIOLATIONS)
    console = _watch(page)
    problems = []
    for path in pages:
        page.goto(rec.base + path, wait_until="load")
        violations = page.evaluate("window.__cspViolations")
        if violations:
            problems.append(f"{path}: {violations}")
    # The search box runs the theme's search worker.
    page.goto(rec.base)
    page.keyboard.press("/")
    page.keyboard.type("rover")
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=30_000)
    problems += page.evaluate("window.__cspViolations")
    assert not problems and not _csp_console(console), problems + _csp_console(console)


def test_every_widget_works_under_the_policy_across_instant_navigation(open_page: Any, pages: dict[str, Path]) -> None:
    widget_pages = [p for p, file in pages.items() if "<somerset-" in file.read_text(encoding="utf-8")]
    assert len(widget_pages) >= 6, widget_pages
    page, rec = open_page(goto=False)
    page.add_init_script(RECORD_VIOLATIONS)
    console = _watch(page)
    page.goto(rec.base)
    page.evaluate("window.__sameVisit = true")
    for path in widget_pages:
        # A click on a link of this site: Material's instant navigation swaps the page in, and the
        # first page's policy stays in force.
        page.evaluate("(href) => { const a = document.createElement('a'); a.href = href; document.body.append(a); a.click(); }",
                      rec.base + path)
        expect(page).to_have_url(re.compile(re.escape(path) + r"(\?.*)?$"))  # a tool may write its state in the query
        page.wait_for_function("() => [...document.body.querySelectorAll('*')].some((e) => e.localName.startsWith('somerset-'))")
        page.wait_for_function("() => window[Symbol.for('somerset.engine')]")  # the widgets' modules are loaded
        page.evaluate("window[Symbol.for('somerset.engine')].start()")
        # Every widget's engine status line goes once the engine is up (Ready for the table's box,
        # drawn like a status line, is a control that stays).
        statuses = page.locator(".sr-status:not(.sr-ready__box)")
        for i in range(statuses.count()):
            expect(statuses.nth(i)).to_be_hidden(timeout=ENGINE_TIMEOUT)
        page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'ready'",
                               timeout=ENGINE_TIMEOUT)
        assert page.evaluate("window.__cspViolations") == [], path
    assert page.evaluate("window.__sameVisit === true"), "a navigation reloaded the page"
    assert rec.count("pyodide.asm.wasm.zst") == 1
    assert not _csp_console(console), _csp_console(console)


def _context_with_header(browser: Any, base: str, policy: str) -> Any:
    """A browser context in which every response of the site carries ``policy`` as a header, as a
    host that sends headers would: the engine's worker then runs under it too."""
    context = browser.new_context()
    context.set_default_timeout(ENGINE_TIMEOUT)

    def route(route: Any) -> None:
        if urlsplit(route.request.url).hostname != "127.0.0.1":
            route.abort()
            return
        try:
            response = route.fetch()
            route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})
        except PlaywrightError:
            pass  # the test closed its context while this request was on its way: nothing is waiting for it

    context.route("**/*", route)
    return context


def test_the_engine_runs_under_the_policy_sent_as_a_header(browser: Any, site_url: str, pages: dict[str, Path]) -> None:
    context = _context_with_header(browser, site_url, _policy(pages))
    try:
        page = context.new_page()
        page.add_init_script(RECORD_VIOLATIONS)
        console = _watch(page)
        page.goto(site_url + "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2")
        expect(page.locator("somerset-trick .sr-verdict__winner")).to_contain_text("0/2", timeout=ENGINE_TIMEOUT)
        assert page.evaluate("window.__cspViolations") == []
        assert not _csp_console(console), _csp_console(console)
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()


def test_a_policy_that_blocks_the_engine_says_so(browser: Any, site_url: str, pages: dict[str, Path]) -> None:
    context = _context_with_header(browser, site_url, _policy(pages).replace(" 'wasm-unsafe-eval'", ""))
    try:
        page = context.new_page()
        page.goto(site_url + "tools/trick/")
        page.locator("somerset-trick .sr-start").click()
        status = page.locator("somerset-trick .sr-status")
        expect(status).to_contain_text("Content-Security-Policy blocks the rules engine", timeout=ENGINE_TIMEOUT)
        expect(status).to_contain_text("'wasm-unsafe-eval'")
        expect(status.get_by_role("button", name="Retry")).to_be_visible()
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()
