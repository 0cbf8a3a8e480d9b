"""What a rule does: the charts and tables of figures on a phone, in both schemes, and in print.

The charts are inline SVG coloured by the page (currentColor and CSS custom properties), so the
test checks that the bars and the text take colours that differ from the background in each scheme,
and that nothing makes the page scroll sideways at 360 px.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

PAGE = "figures/"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
SHOTS = os.environ.get("SOMERSET_SCREENSHOTS")  # a folder to keep screenshots in, for a person to look at


def no_sideways_scroll(page: Any) -> None:
    # Against the viewport as configured: a phone's browser zooms out to fit a page that is too wide.
    window = page.viewport_size["width"]
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= window, f"the page is {width} px wide in a {window} px window"


def colour(page: Any, selector: str, prop: str) -> str:
    return str(page.evaluate("([s, p]) => getComputedStyle(document.querySelector(s))[p]", [selector, prop]))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_figures_read_on_a_phone_in_both_schemes(open_page: Any, scheme: str) -> None:
    page, _ = open_page(PAGE, color_scheme=scheme, **PHONE)
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == ("slate" if scheme == "dark" else "default")
    charts = page.locator("figure.sr-chart svg[role='img']")
    shown = page.locator("figure.sr-chart:not(details figure) svg[role='img']")
    assert shown.count() >= 7 and charts.count() > shown.count()
    for i in range(charts.count()):
        assert (charts.nth(i).get_attribute("aria-label") or "").startswith(("Bar chart", "Box chart", "Stacked bar chart"))
    for i in range(shown.count()):
        chart = shown.nth(i)
        chart.scroll_into_view_if_needed()
        b = chart.bounding_box()
        assert b is not None and b["width"] <= 360 and b["height"] > 100
    # A ruleset's bid levels open by touch, chart and table together.
    levels = page.locator("details.sr-stats-levels").first
    levels.locator("summary").tap()
    expect(levels.locator("figure.sr-chart svg")).to_be_visible()
    expect(levels.locator("table caption")).to_be_visible()
    no_sideways_scroll(page)
    # Bars and text take the scheme's colours: text is the page's, bars differ from the background.
    bg = colour(page, "body", "backgroundColor")
    ink = colour(page, "figure.sr-chart svg text", "fill")
    assert ink == colour(page, ".md-typeset", "color")
    bar = colour(page, "figure.sr-chart svg #patch_2 path, figure.sr-chart svg g[id^='patch'] path", "fill")
    assert bar not in (bg, "rgba(0, 0, 0, 0)", ink)
    # The tables hold the numbers, each with its caption, and scroll inside themselves if they must.
    tables = page.locator(".sr-stats-table table")
    assert tables.count() >= 9
    expect(tables.first.locator("caption")).to_be_visible()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"figures-{scheme}.png"), full_page=True)
        page.locator("figure.sr-chart").first.screenshot(path=str(Path(SHOTS) / f"figures-{scheme}-chart.png"))
        levels.locator("figure").screenshot(path=str(Path(SHOTS) / f"figures-{scheme}-levels.png"))


def test_print_keeps_charts_and_tables(open_page: Any) -> None:
    page, _ = open_page(PAGE)
    page.emulate_media(media="print")
    expect(page.locator("figure.sr-chart").first).to_be_visible()
    expect(page.locator(".sr-stats-table table").first).to_be_visible()
