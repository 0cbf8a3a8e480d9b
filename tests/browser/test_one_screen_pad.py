"""The score pad and What is my hand worth? on one screen, in real Chromium, on a 360 x 740 touch
phone (light and dark; the worth with the large text too) and a 1280 x 800 desktop: a fresh pad
opens with its form in view; after every deal added (by touch on the phone) the totals, the form for
the next deal and the new deal's line are in view together, to the ninth deal; a six-player pad,
wider than the phone, keeps each deal's number and Edit button in view; the worth of a hand entered
on the card pad is shown in view with the hand, and the engine arriving while the hand is tapped in
moves no key. Set SOMERSET_SCREENSHOTS to a folder to keep a screenshot of each step."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from screen import DESKTOP, PHONE, PHONE_LARGE_TEXT, in_view, large_text
from somerset.api import handle

PAD = "tools/pad/"
WORTH = "tools/worth/"
TIMEOUT = 120_000
SHOTS = os.environ.get("SOMERSET_SCREENSHOTS")  # a folder to keep screenshots in, for a person to look at
MINUS = "\u2212"
SCREENS = {
    "phone": PHONE,
    "phone-dark": {**PHONE, "color_scheme": "dark"},
    "desktop": DESKTOP,
}
# What is my hand worth? also with the large text (the fresh pad's form is taller than one screen then).
LARGE = {**SCREENS, "phone-large-text": PHONE_LARGE_TEXT}
# Nine deals under Parker 1947 (24 points a deal, 66 to win) that leave the game open: each side
# in turn bids 12 and takes 13.
DEALS = [("We", 12, 13, 11) if i % 2 == 0 else ("They", 12, 11, 13) for i in range(9)]
HAND = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10"


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def press(page: Any, locator: Any) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if page.evaluate("() => matchMedia('(pointer: coarse)').matches"):
        locator.tap()
    else:
        locator.click()


def tap_card(page: Any, worth: Any, card: str) -> None:
    """A card tapped on the card pad: its suit first when the pad shows the suits."""
    if not worth.locator(f'.sr-keypad__card[data-card="{card}"]').count():
        press(page, worth.locator(f'.sr-keypad__suit[data-suit="{card.split("/")[1]}"]'))
    press(page, worth.locator(f'.sr-keypad__card[data-card="{card}"]'))


def shown(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else str(n)


def pad_totals(deals: list[tuple[str, int, int, int]]) -> Any:
    request = {
        "cmd": "pad",
        "rules": "parker-1947",
        "names": ["We", "They"],
        "deals": [{"bidder": 0 if who == "We" else 1, "bid": bid, "points": [a, b]} for who, bid, a, b in deals],
    }
    return json.loads(handle(json.dumps(request)))


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_fresh_pad_then_nine_deals_each_with_the_totals_the_form_and_its_line_in_view(open_page: Any, screen: str) -> None:
    page, _ = open_page(PAD, **SCREENS[screen])
    pad = page.locator("somerset-pad")
    first = pad.get_by_label("Bid won by")
    add = pad.get_by_role("button", name="Add the deal")
    expect(add).to_be_visible()
    # A fresh pad: the form's first field and its Add button on the first screen, unscrolled.
    assert page.evaluate("scrollY") == 0
    shot(page, f"pad-{screen}-fresh")
    in_view(page, first_field=first, add_button=add)
    lines = pad.locator(".sr-pad__table tbody tr")
    for n, (who, bid, ours, theirs) in enumerate(DEALS, start=1):
        first.select_option(label=who)
        pad.get_by_label("Bid", exact=True).fill(str(bid))
        pad.get_by_label("We took").fill(str(ours))
        pad.get_by_label("They took").fill(str(theirs))
        press(page, add)
        answer = pad_totals(DEALS[:n])
        assert answer["winner"] is None
        # Scored: the engine starts at the first touch, so the first deal may wait for it.
        expect(lines).to_have_count(n)
        expect(pad.locator(".sr-pad__waiting")).to_have_count(0, timeout=TIMEOUT)
        expect(pad.locator(".sr-pad__totals dd")).to_have_text([shown(t) for t in answer["totals"]])
        expect(pad.get_by_label("Bid", exact=True)).to_have_value("")
        shot(page, f"pad-{screen}-deal-{n}")
        in_view(page, totals=pad.locator(".sr-pad__totals"), first_field=first, add_button=add, new_line=lines.nth(n - 1))


def test_a_six_player_pad_keeps_each_deals_number_and_edit_button_in_view(open_page: Any) -> None:
    # Six players single-handed: eight columns, wider than the phone. The lines scroll sideways in
    # their box, the deal's number and its Edit button held at the box's edges.
    page, _ = open_page(PAD + "?rules=parker-1947&format=six-single", **PHONE)
    pad = page.locator("somerset-pad")
    add = pad.get_by_role("button", name="Add the deal")
    expect(add).to_be_visible()
    took = pad.get_by_label(re.compile(r" took$"))
    expect(took).to_have_count(6)
    for deal in range(3):
        pad.get_by_label("Bid won by").select_option(index=deal)
        pad.get_by_label("Bid", exact=True).fill("3")
        for i in range(5):
            took.nth(i).fill("4" if i == deal else "1")
        press(page, add)
        expect(pad.locator(".sr-pad__table tbody tr")).to_have_count(deal + 1, timeout=TIMEOUT)
    expect(pad.locator(".sr-pad__waiting")).to_have_count(0, timeout=TIMEOUT)
    box = pad.locator(".sr-pad__lines .sr-table-wrap")
    assert box.evaluate("(e) => e.scrollWidth > e.clientWidth"), "six sides should be wider than a phone"
    for scroll in (0, 10_000):  # the box scrolled to its start, then to its end
        box.evaluate("(e, x) => { e.scrollLeft = x; }", scroll)
        edge = box.bounding_box()
        for row in pad.locator(".sr-pad__table tbody tr").all():
            for cell in (row.locator("th").first, row.get_by_role("button", name=re.compile(r"^Edit deal"))):
                b = cell.bounding_box()
                assert edge["x"] - 0.5 <= b["x"] and b["x"] + b["width"] <= edge["x"] + edge["width"] + 0.5, (scroll, b, edge)
    shot(page, "pad-six-single")
    press(page, pad.get_by_role("button", name="Edit deal 2"))
    expect(pad.get_by_role("button", name="Edit deal 2")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("screen", sorted(LARGE))
def test_a_hand_tapped_on_the_card_pad_is_judged_in_view_of_the_hand(open_page: Any, screen: str) -> None:
    page, _ = open_page(WORTH + "?rules=parker-1947", **LARGE[screen])
    worth = page.locator("somerset-worth")
    hand = worth.get_by_label("Your hand")
    # The card pad is drawn from the page's own answers (the widget's prepare()): wait for its suits,
    # so that no tap lands on a pad about to be drawn anew.
    expect(worth.locator(".sr-keypad__suit").first).to_be_visible(timeout=TIMEOUT)
    press(page, worth.get_by_role("button", name="Clear"))
    expect(hand).to_have_value("")
    for card in HAND.split():
        tap_card(page, worth, card)
    expect(hand).to_have_value(HAND)
    recommendation = worth.locator(".sr-verdict__winner")
    expect(recommendation).to_be_visible(timeout=TIMEOUT)
    shot(page, f"worth-{screen}-tapped")
    in_view(page, recommendation=recommendation, hand=hand)


@pytest.mark.parametrize("screen", sorted(LARGE))
def test_the_engine_arriving_mid_hand_moves_no_key(open_page: Any, screen: str) -> None:
    # The engine's runtime is held back while the reader taps the first cards in; when it arrives,
    # the key under the finger stays where it was (the status box above it leaves no gap to close
    # at the top of the page: it stays, saying the engine is ready), and the finished hand is
    # judged in view, the box gone.
    page, rec = open_page(goto=False, **{k: v for k, v in LARGE[screen].items() if k != "text_px"})
    if "text_px" in LARGE[screen]:
        large_text(page, LARGE[screen]["text_px"])
    rec.stall.add("pyodide.asm.mjs")
    page.goto(rec.base + WORTH + "?rules=parker-1947")
    worth = page.locator("somerset-worth")
    hand = worth.get_by_label("Your hand")
    expect(worth.locator(".sr-keypad__suit").first).to_be_visible(timeout=TIMEOUT)
    press(page, worth.get_by_role("button", name="Clear"))
    cards = HAND.split()
    for card in cards[:3]:
        tap_card(page, worth, card)
    expect(hand).to_have_value(" ".join(cards[:3]))
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'loading'", timeout=TIMEOUT)
    key = worth.locator('.sr-keypad__suit[data-suit="6"]')
    before = key.bounding_box()
    held, rec.stalled[:] = list(rec.stalled), []
    rec.stall.clear()
    for route in held:
        route.continue_()
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'ready'", timeout=TIMEOUT)
    expect(worth.locator(".sr-hint", has_text="3 of 12 cards")).to_be_visible()
    # Two frames for the box's last change to be laid out.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    after = key.bounding_box()
    assert after["y"] == pytest.approx(before["y"], abs=1), (before, after)
    shot(page, f"worth-{screen}-engine-arrived")
    for card in cards[3:]:
        tap_card(page, worth, card)
    expect(hand).to_have_value(HAND)
    recommendation = worth.locator(".sr-verdict__winner")
    expect(recommendation).to_be_visible(timeout=TIMEOUT)
    expect(worth.locator(".sr-status")).to_be_hidden()
    shot(page, f"worth-{screen}-engine-arrived-judged")
    in_view(page, recommendation=recommendation, hand=hand)


@pytest.mark.parametrize("screen", sorted(LARGE))
def test_a_hands_link_opens_on_its_worth_beside_the_hand(open_page: Any, screen: str) -> None:
    page, _ = open_page(WORTH + "?rules=parker-1947&format=four-partners&hand=" + HAND.replace(" ", "+"), **LARGE[screen])
    worth = page.locator("somerset-worth")
    recommendation = worth.locator(".sr-verdict__winner")
    expect(recommendation).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("scrollY") == 0
    shot(page, f"worth-{screen}-link")
    in_view(page, recommendation=recommendation, reason=worth.locator(".sr-verdict__reason"), hand=worth.get_by_label("Your hand"))
