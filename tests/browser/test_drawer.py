"""The navigation drawer on a phone: left undrawn while closed until the page has loaded, drawn at
once when the reader opens it (with widgets/base/drawer.js or without it), and drawn ahead once the
browser is idle. Real Chromium against the built site."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
READY = "() => document.documentElement.classList.contains('sr-drawer-ready')"
# A link of the drawer's navigation, as the reader sees it once the drawer is open.
LINK = ".md-sidebar--primary a.md-nav__link[href$='tools/pad/']"  # on a tool's page: the score pad


def drawn(page: Any) -> bool:
    """Whether the drawer's links are drawn: not in a subtree that content-visibility skips."""
    return bool(page.evaluate(f"() => document.querySelector({LINK!r}).checkVisibility()"))


def test_closed_drawer_is_undrawn_until_ready_and_opens_at_once(open_page: Any) -> None:
    """drawer.js refused: the page loads, the closed drawer's links are not drawn; the menu button
    opens the drawer and its links are there to tap, and the reader reaches the page they name."""
    page, rec = open_page("tools/trick/", goto=False, **PHONE)
    rec.block.add("assets/widgets/base/drawer.js")
    rec.expect_errors = True  # the refused module
    page.goto(rec.base + "tools/trick/")
    assert not page.evaluate(READY)
    assert not drawn(page)
    page.locator('label.md-header__button[for="__drawer"]').tap()
    link = page.locator(LINK).first
    expect(link).to_be_visible()
    assert drawn(page)
    # Closed again (the overlay), the drawer is left undrawn once more.
    page.locator("label.md-overlay").tap(position={"x": 340, "y": 400})
    page.wait_for_function(f"() => !document.querySelector({LINK!r}).checkVisibility()")
    assert not page.evaluate(READY)
    page.locator('label.md-header__button[for="__drawer"]').tap()
    expect(link).to_be_visible()
    link.tap()
    expect(page).to_have_url(rec.base + "tools/pad/")


def test_drawer_is_drawn_ahead_once_the_page_has_loaded(open_page: Any) -> None:
    """With drawer.js: once the page has loaded and the browser is idle, the closed drawer is drawn
    (off screen), so opening it has nothing left to draw."""
    page, _ = open_page("tools/trick/", **PHONE)
    page.wait_for_function(READY)
    assert drawn(page)
    box = page.locator(LINK).first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 0, "the closed drawer stays off screen"
    page.locator('label.md-header__button[for="__drawer"]').tap()
    expect(page.locator(LINK).first).to_be_in_viewport()


def test_desktop_navigation_is_always_drawn(open_page: Any) -> None:
    """Wider than the drawer: the sidebar's navigation is drawn from the start, drawer.js or not."""
    page, rec = open_page("tools/trick/", goto=False, viewport={"width": 1280, "height": 900})
    rec.block.add("assets/widgets/base/drawer.js")
    rec.expect_errors = True  # the refused module
    page.goto(rec.base + "tools/trick/")
    assert not page.evaluate(READY)
    assert drawn(page)
    expect(page.locator(LINK).first).to_be_visible()
