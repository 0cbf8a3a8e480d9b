"""What is my hand worth? in real Chromium: a permalink on a phone answers with the engine's figures,
they sharpen slice by slice, the tables have headers, a bad hand is refused in its field, and the
answer is announced."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from somerset.api import handle

PAGE = "tools/worth/"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
TIMEOUT = 120_000
HAND = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10"


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps({"cmd": "advise", **request})))


def widget(page: Any) -> Any:
    return page.locator("somerset-worth")


def test_a_permalink_on_a_phone_shows_the_engines_advice(open_page: Any) -> None:
    page, _ = open_page(f"{PAGE}?rules=parker-1947&format=four-partners&hand=" + HAND.replace(" ", "+"), **PHONE)
    first = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=40)
    rec = first["recommendation"]
    w = widget(page)
    expect(w.locator(".sr-verdict__reason")).to_have_text(rec["reason"], timeout=TIMEOUT)
    expect(w.locator("[aria-live='polite']")).to_have_text(
        f"Recommended: bid {rec['bid']} with {rec['label']}. {rec['reason']}", timeout=TIMEOUT)
    # the heat map: a header for every bid and a row header for every trump
    heat = w.locator(".sr-worth__table")
    expect(heat.locator("thead th")).to_have_count(1 + len(first["trumps"][0]["bids"]))
    expect(heat.locator("tbody th[scope='row']")).to_have_count(len(first["trumps"]))
    # the figures sharpen: later slices carry on to 400 deals a trump, and say so when final
    expect(w.locator(".sr-worth__progress")).to_have_text("400 deals played out for each trump.", timeout=TIMEOUT)
    final = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=400)
    six = next(t for t in final["trumps"] if t["trump"] == "6")
    row = heat.locator("tbody tr[data-trump='6'] td")
    expect(row.first).to_have_text(f"{round(100 * six['bids'][0]['p_make'])}%")
    # each bid with the chosen trump (the recommended one): made, interval, expected score
    expect(w.get_by_label("Trump", exact=True)).to_have_value(final["recommendation"]["trump"])
    bids = w.locator(".sr-worth__bidtable tbody tr")
    expect(bids).to_have_count(len(six["bids"]))
    expect(w.locator("[aria-live='polite']")).to_have_text("The figures are final: 400 deals played out for each trump.")
    # the page fits the phone: the wide heat map scrolls in its own region
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= 360, width
    for box in w.locator("button:visible, select:visible, textarea:visible").all():
        assert box.bounding_box()["height"] >= 44, box.evaluate("e => e.outerHTML.slice(0, 80)")


def test_a_bad_hand_is_refused_in_its_field_and_the_address_keeps_the_question(open_page: Any) -> None:
    page, _ = open_page(PAGE)
    w = widget(page)
    w.locator(".sr-start").click()
    hand = w.get_by_label("Your hand")
    expect(w.locator(".sr-verdict__reason")).not_to_be_empty(timeout=TIMEOUT)  # the example hand first
    hand.fill("6/6 6/6")
    w.get_by_role("button", name="What is it worth?").click()
    error = engine(rules="parker-1947", format="four-partners", hand="6/6 6/6")["error"]["message"]
    expect(w.locator(".sr-field-error:visible")).to_have_text(error, timeout=TIMEOUT)
    expect(hand).to_have_attribute("aria-invalid", "true")
    expect(w.locator("[aria-live='polite']")).to_have_text(f"Not evaluated: {error}")
    query = parse_qs(urlsplit(page.url).query)
    assert query["hand"] == ["6/6 6/6"] and query["rules"] == ["parker-1947"]
