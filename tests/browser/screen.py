"""What the reader sees without scrolling: the screens the geometry tests use and one check.

`in_view(page, **elements)` asserts that every named element (a Playwright locator) lies wholly in
the part of the viewport the reader sees, below the site's sticky header and above the bottom edge,
at the same moment, and that no overlay (Material's Back to top pill) covers it; on failure it says
where each element was. `PHONE` is a 360 x 740 touch phone, `DESKTOP` a 1280 x 800 screen.
`PHONE_LARGE_TEXT` is that phone with the browser's default text size at `LARGE_TEXT` px, as a
reader's font size setting makes it (`open_page`'s `text_px`, which calls `large_text(page, px)`).
"""

from __future__ import annotations

from typing import Any

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# A larger default text size than Chromium's 16 px (Material sizes everything in rem from 125 % of
# it): the moments that still fit one phone screen at it are tested there (develop/runtime.md).
LARGE_TEXT = 18
PHONE_LARGE_TEXT = {**PHONE, "text_px": LARGE_TEXT}

# The visible band: from the sticky header's bottom (Material's header, and its tabs when they
# stick) to the viewport's bottom; and the boxes of what floats over the page.
_BAND = """() => {
  let top = 0;
  for (const el of document.querySelectorAll(".md-header, .md-tabs")) {
    const s = getComputedStyle(el);
    if ((s.position === "sticky" || s.position === "fixed") && s.visibility !== "hidden" && s.display !== "none") {
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.top <= 0.5) top = Math.max(top, r.bottom);
    }
  }
  const floats = [];
  for (const el of document.querySelectorAll(".md-top")) {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (s.visibility !== "hidden" && s.display !== "none" && Number(s.opacity) > 0 && r.width > 0 && !el.hidden)
      floats.push({ name: "the Back to top pill", x: r.x, y: r.y, width: r.width, height: r.height });
  }
  return { top, bottom: innerHeight, width: innerWidth, floats };
}"""


def band(page: Any) -> dict[str, Any]:
    """The visible band below the header: ``top``, ``bottom``, ``width`` and the ``floats`` over it."""
    return dict(page.evaluate(_BAND))


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def in_view(page: Any, **elements: Any) -> None:
    """Assert each named locator is wholly visible at once: below the header, above the bottom,
    within the width, and under no floating overlay."""
    seen = band(page)
    wrong = []
    for name, locator in elements.items():
        box = locator.bounding_box()
        if box is None:
            wrong.append(f"{name}: not drawn")
            continue
        where = f"top {box['y']:.0f}, bottom {box['y'] + box['height']:.0f}"
        if box["y"] < seen["top"] - 0.5:
            wrong.append(f"{name}: {where}, above the visible band (it starts at {seen['top']:.0f})")
        elif box["y"] + box["height"] > seen["bottom"] + 0.5:
            wrong.append(f"{name}: {where}, below the screen's bottom ({seen['bottom']:.0f})")
        elif box["x"] < -0.5 or box["x"] + box["width"] > seen["width"] + 0.5:
            wrong.append(f"{name}: left {box['x']:.0f}, right {box['x'] + box['width']:.0f}, off the screen's sides")
        for over in seen["floats"]:
            if _overlap(box, over):
                wrong.append(f"{name}: {where}, covered by {over['name']}")
    assert not wrong, "not all in view at once: " + "; ".join(wrong)


def large_text(page: Any, px: int = LARGE_TEXT) -> None:
    """Set the page's default text size (the reader's "Font size" setting) to `px`, through the
    DevTools protocol, before it opens anything; it holds for every page it then opens."""
    page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": px}})

