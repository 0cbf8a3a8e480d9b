"""Conditions the browser tests wait on instead of sleeping.

`page_settled(page)` returns once the page has loaded, the network has been quiet (Playwright's
"networkidle", unless a test stalls a request on purpose) and the main thread has been idle twice over: by then anything the page schedules
for when it is idle (a widget starting the engine by itself, the search index being released) has
run, so a test may check that something did not happen.
"""

from __future__ import annotations

from typing import Any

IDLE_TWICE = """() => new Promise((resolve) => {
  const twice = () => requestIdleCallback(() => requestIdleCallback(() => resolve(true), { timeout: 5000 }), { timeout: 5000 });
  if (document.readyState === "complete") twice();
  else addEventListener("load", twice, { once: true });
})"""


def page_settled(page: Any, *, network: bool = True) -> None:
    """Wait for the page to settle; ``network=False`` where a test holds a request open on purpose
    (a stalled download never lets the network be idle)."""
    page.wait_for_load_state("load")
    if network:
        page.wait_for_load_state("networkidle")
    page.evaluate(IDLE_TWICE)
