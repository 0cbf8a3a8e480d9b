"""What a reader runs across a deploy, in real Chromium: two releases of the site served one after
the other on one address with GitHub Pages' `Cache-Control: max-age=600` (tests/browser/releases.py
makes release B from the built site, an engine whose version differs). A page of release B runs
B's engine, online and offline, after a visit of A; a release deployed while a first visit's engine
starts never mixes the two: the engine starts again whole on the new release."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT, _site_dir, offline_here
from playwright.sync_api import expect
from releases import Releases, derive_release, sw_build, sw_version

A_VERSION = "0.1.0"
B_VERSION = "0.1.0+release-b"
WIDE = {"width": 1300, "height": 900}
LINK = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
ENGINE = "window[Symbol.for('somerset.engine')]"
ASK_VERSION = f"async () => (await {ENGINE}.ask({{cmd: 'info'}})).version"
RELEASE = "() => document.querySelector('meta[name=somerset-release]')?.content ?? 'a'"


@pytest.fixture(scope="module")
def release_b(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("releases")
    return derive_release(_site_dir(), work / "b", work / "work", B_VERSION, "b")


@pytest.fixture
def releases() -> Iterator[Releases]:
    server = Releases(_site_dir())
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def browser_profile(browser_type: Any, browser_type_launch_args: dict[str, Any], tmp_path: Path) -> Iterator[Any]:
    # A real profile and no routes: the browser's HTTP cache is on, as a reader's is (Playwright's
    # routes turn it off).
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args, viewport=WIDE)
    context.set_default_timeout(ENGINE_TIMEOUT)
    try:
        yield context
    finally:
        context.close()


def answered(page: Any) -> None:
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)


def wait_saved(page: Any) -> None:
    page.wait_for_function(f"() => {ENGINE}.state.status === 'ready' && {ENGINE}.state.saved === true", timeout=ENGINE_TIMEOUT)


def test_a_returning_reader_runs_the_release_the_page_is_from(release_b: Path, releases: Releases, browser_profile: Any) -> None:
    page = browser_profile.pages[0] if browser_profile.pages else browser_profile.new_page()
    base = releases.base
    page.goto(base)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT)
    page.goto(base + LINK)
    answered(page)
    wait_saved(page)
    assert page.evaluate(ASK_VERSION) == A_VERSION

    releases.current = release_b  # deployed on the same address
    page.goto(base + LINK)
    answered(page)
    # B's service worker installs on this visit and takes over (its pages are B's from then on).
    pages_b = f"somerset-pages-{sw_version(release_b)}"
    page.evaluate("setInterval(async () => { window.__sr_pages = (await caches.keys()).filter((n) => n.startsWith('somerset-pages-')).join(); }, 100)")
    page.wait_for_function("(name) => window.__sr_pages === name", arg=pages_b, timeout=ENGINE_TIMEOUT)
    seen = []
    for _ in range(3):
        page.goto(base + LINK)
        answered(page)
        seen.append((page.evaluate(RELEASE), page.evaluate(ASK_VERSION)))
    # The new release's pages are shown (its service worker took over), and every page of B runs
    # B's engine, never A's from the browser's HTTP cache.
    assert seen[-1][0] == "b", seen
    assert all(version == B_VERSION for release, version in seen if release == "b"), seen
    wait_saved(page)

    browser_profile.set_offline(True)
    page.goto(base + LINK)
    offline_here(page)
    answered(page)
    assert (page.evaluate(RELEASE), page.evaluate(ASK_VERSION)) == ("b", B_VERSION)
    # Only B's files are in the engine's cache: each has the hash B's service worker lists.
    build = sw_build(release_b)
    wrong = page.evaluate("""async (build) => {
      const listed = new Map(build.engineFiles.map(([path, sha]) => [new URL(path, location.origin + "/").href, sha]));
      const name = `somerset-engine-${build.engine}`;
      if (!(await caches.has(name))) return [`no cache ${name}`];
      const cache = await caches.open(name);
      const out = [];
      for (const request of await cache.keys()) {
        if (request.url.endsWith("/offline-ready")) continue;
        const bytes = await (await cache.match(request)).arrayBuffer();
        const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
        if (listed.get(request.url) !== digest) out.push(request.url);
      }
      return out;
    }""", build)
    assert wrong == []


def test_a_release_deployed_while_the_engine_starts_never_mixes_the_two(release_b: Path, releases: Releases, browser_profile: Any) -> None:
    page = browser_profile.pages[0] if browser_profile.pages else browser_profile.new_page()
    releases.hold("/assets/engine/snapshot.bin")
    page.goto(releases.base + LINK, wait_until="commit")
    assert releases.held.wait(ENGINE_TIMEOUT / 1000), "the engine never asked for its snapshot"
    releases.current = release_b  # deployed while A's snapshot downloads
    releases.release()
    answered(page)
    # A's snapshot resumed A's modules; the wheel it reads after the answer is B's by then, which is
    # never unpacked under them: the engine starts again whole, from B's files. (Asked every two
    # seconds: the wheel is read once the engine has been left alone for a moment.)
    page.evaluate(f"setInterval(async () => {{ window.__sr_version = await ({ASK_VERSION})(); }}, 2000)")
    try:
        page.wait_for_function(f"() => window.__sr_version === '{B_VERSION}'", timeout=ENGINE_TIMEOUT)
    except Exception as e:
        asked = [a for a in releases.asked if "/assets/engine/" in a]
        raise AssertionError(f"the engine still answers as {page.evaluate('window.__sr_version')!r}; asked for {asked}") from e
    # A new worker started from B's manifest: the files of its start are B's.
    manifest_b = json.loads((release_b / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    b_files = {f"v={manifest_b['startup'][part]['sha256'][:16]}" for part in ("snapshot", "stdlib")}
    files = page.evaluate(f"{ENGINE}.state.files")
    assert any(f.endswith(tuple(b_files)) for f in files), files
    expect(page.locator("somerset-trick .sr-status")).to_be_hidden()
    # The tool goes on answering, from B's engine.
    page.get_by_label("Cards in play order").fill("0/0, 2/2, 11/12, 9/10")
    page.get_by_label("Cards in play order").press("Enter")
    expect(page.locator("somerset-trick .sr-verdict__winner")).to_contain_text("2/2", timeout=ENGINE_TIMEOUT)
