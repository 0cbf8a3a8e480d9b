"""Ready for the table, in real Chromium against the built site: one use of a tool on a first visit
keeps every tool working offline; the engine is fetched in the background on a later visit (and
not with Save-Data); the "Ready for the table" control keeps it on demand, with its progress and
its real size; and a tool's inputs can be filled while the engine is still downloading."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT, _site_dir
from playwright.sync_api import expect
from test_offline import TOOLS, WIDE, wait_controlled

ENGINE = "window[Symbol.for('somerset.engine')].state"
OFFLINE = "window[Symbol.for('somerset.offline')].state"
FIRST = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
# The tool opened offline after the first one: the score first, then every other tool.
SECOND = {
    "tools/score/?rules=parker-1947&bid=15&made=12": ("somerset-score", ".sr-verdict"),
    **{path: answer for path, answer in TOOLS.items() if not path.startswith("tools/score/")},
}


def wait_kept(page: Any) -> None:
    """Until the page knows that the service worker keeps every file of the engine."""
    page.wait_for_function(f"() => {OFFLINE}.saved === true", timeout=ENGINE_TIMEOUT)


def engine_cached(page: Any) -> list[str]:
    """The files the service worker's engine cache holds, as paths with their query."""
    return sorted(
        page.evaluate(
            """async () => {
              const out = [];
              for (const name of await caches.keys()) {
                if (!name.startsWith('somerset-engine-') || name === 'somerset-engine-snapshot') continue;
                const cache = await caches.open(name);
                for (const r of await cache.keys()) { const u = new URL(r.url); out.push(u.pathname + u.search); }
              }
              return out;
            }"""
        )
    )


def engine_files() -> list[str]:
    """Every file of an engine start, as the build lists them for the service worker."""
    text = (_site_dir() / "sw.js").read_text(encoding="utf-8")
    build = json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])
    return sorted("/" + path for path, _, _ in build["engineFiles"])


def test_the_build_lists_both_start_paths_for_the_service_worker() -> None:
    files = engine_files()
    for name in ("pyodide.asm.wasm", "pyodide.mjs", "pyodide-lock.json", "manifest.json", "snapshot.bin", "stdlib.zip", "stdlib-resumed.zip", ".whl"):
        assert any(name in f.split("?")[0] for f in files), (name, files)
    data = json.loads((_site_dir() / "assets" / "data" / "offline.json").read_text(encoding="utf-8"))
    assert data["engine_files"] == len(files)
    assert 5e6 < data["engine_bytes"] < 20e6


@pytest.mark.parametrize("second", list(SECOND))
def test_one_use_on_a_first_visit_keeps_every_tool_offline(open_page: Any, site_url: str, second: str) -> None:
    # A fresh browser, a tool opened from its link: its verdict, then the page says the tools are
    # kept (the service worker installed and holds the engine), then offline another tool answers.
    page, rec = open_page(goto=False, viewport=WIDE, service_workers="allow")
    page.goto(site_url + FIRST)
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    wait_kept(page)
    cached = engine_cached(page)
    missing = [f for f in engine_files() if f not in cached]
    assert missing == [], missing
    page.context.set_offline(True)
    tag, answer = SECOND[second]
    page.goto(site_url + second)
    expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator(f"{tag} .sr-status").first).to_be_hidden()
