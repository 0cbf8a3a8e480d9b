"""A tool's address is its permalink: what a reader copies to share a position carries the position
and nothing else, however the page was reached or scrolled."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

from playwright.sync_api import expect

ENGINE_TIMEOUT = 60_000


COUNT_SCROLLS = "window.__scrolls = 0; addEventListener('scroll', () => { window.__scrolls += 1; }, { passive: true, capture: true });"


def scroll_by(page: Any, dy: int) -> None:
    """Scroll, and run every timer the theme set on that scroll (its heading tracking, were it on,
    would write the heading in view into the address 250 ms after the last scroll)."""
    seen = page.evaluate("window.__scrolls")
    page.mouse.wheel(0, dy)
    page.wait_for_function(f"() => window.__scrolls > {seen}")
    page.clock.run_for(1000)


def test_a_shared_trick_link_carries_no_fragment(open_page: Any) -> None:
    # Opened from a link to a heading, on a phone, as a reader would reach it.
    page, rec = open_page(goto=False, viewport={"width": 360, "height": 740})
    page.add_init_script(COUNT_SCROLLS)
    page.clock.install()
    page.goto(rec.base + "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2#how-to-use-it")
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    # Scrolling past the headings does not write them into the address.
    for _ in range(4):
        scroll_by(page, 600)
    assert urlsplit(page.url).fragment == ""
    # A new position: the address is the position alone.
    cards = page.get_by_label("Cards in play order")
    cards.fill("0/0, 2/2, 11/12, 9/10")
    cards.press("Enter")
    page.wait_for_function("() => new URLSearchParams(location.search).get('cards') === '0/0,2/2,11/12,9/10'")
    scroll_by(page, -2400)
    url = urlsplit(page.url)
    assert url.fragment == "", page.url
    assert dict(parse_qsl(url.query)) == {"rules": "parker-1947", "trump": "2", "cards": "0/0,2/2,11/12,9/10"}
