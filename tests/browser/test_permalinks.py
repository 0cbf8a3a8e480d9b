"""A tool's address is its permalink: what a reader copies to share a position carries the position
and nothing else, however the page was reached or scrolled."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

from playwright.sync_api import expect

ENGINE_TIMEOUT = 60_000


def test_a_shared_trick_link_carries_no_fragment(open_page: Any) -> None:
    # Opened from a link to a heading, on a phone, as a reader would reach it.
    page, _ = open_page("tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2#how-to-use-it",
                        viewport={"width": 360, "height": 740})
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    # Scrolling past the headings does not write them into the address.
    for _ in range(4):
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(400)  # Material's heading tracking would act after 250 ms
    assert urlsplit(page.url).fragment == ""
    # A new position: the address is the position alone.
    cards = page.get_by_label("Cards in play order")
    cards.fill("0/0, 2/2, 11/12, 9/10")
    cards.press("Enter")
    page.wait_for_function("() => new URLSearchParams(location.search).get('cards') === '0/0,2/2,11/12,9/10'")
    page.mouse.wheel(0, -2400)
    page.wait_for_timeout(600)
    url = urlsplit(page.url)
    assert url.fragment == "", page.url
    assert dict(parse_qsl(url.query)) == {"rules": "parker-1947", "trump": "2", "cards": "0/0,2/2,11/12,9/10"}
