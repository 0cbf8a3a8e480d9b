"""The score pad in real Chromium: deals added and scored by the engine, a reload (shown without the
engine), undo, the winner announced at the target, the share link, the text export, offline."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from somerset.api import handle

PAD = "tools/pad/"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
TIMEOUT = 60_000


def engine(**request: Any) -> Any:
    """The engine's pad, with the sides named as the pad names two sides nobody named."""
    request.setdefault("names", ["We", "They"])
    return json.loads(handle(json.dumps({"cmd": "pad", **request})))


def minus(text: Any) -> str:
    """A figure or text as the pad prints it: one minus sign (ui.js signed())."""
    return re.sub(r"(^|[\s(:,/])-(\d)", "\\1\u2212\\2", str(text))


def add(page: Any, bidder: str, bid: int, first: int | None, second: int | None = None) -> None:
    page.get_by_label("Bid won by").select_option(label=bidder)
    page.get_by_label("Bid", exact=True).fill(str(bid))
    boxes = page.locator("somerset-pad .sr-pad__points input")
    boxes.nth(0).fill("" if first is None else str(first))
    boxes.nth(1).fill("" if second is None else str(second))
    page.get_by_role("button", name="Add the deal").click()


def totals(page: Any) -> list[str]:
    return page.locator("somerset-pad .sr-pad__totals dd").all_text_contents()


def live(page: Any) -> Any:
    return page.locator("somerset-pad [aria-live='polite']")


def started(page: Any) -> None:
    """Start the engine and wait for it: the form works before it, but these deals are scored at once."""
    page.locator("somerset-pad .sr-start").click()
    ready(page)


def ready(page: Any) -> None:
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'ready'", timeout=TIMEOUT)
    expect(page.get_by_role("button", name="Add the deal")).to_be_enabled()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= page.viewport_size["width"], width


def test_a_game_on_the_pad_reload_undo_winner_share_and_text(open_page: Any) -> None:
    page, rec = open_page(PAD, **PHONE)
    started(page)
    no_sideways_scroll(page)
    add(page, "We", 20, 24)  # the other side's points left empty: the rest of the deal
    expect(live(page)).to_have_text("Deal 1: We +24, They 0. Totals We 24, They 0.")
    add(page, "They", 15, 10, 14)  # set: the bidder loses twice the shortfall, the others score double
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["44", "−2"])
    deals = [{"bidder": 0, "bid": 20, "points": [24, 0]}, {"bidder": 1, "bid": 15, "points": [10, 14]}]
    assert totals(page) == [minus(t) for t in engine(rules="parker-1947", deals=deals)["totals"]]
    for box in page.locator("somerset-pad button:visible, somerset-pad input:visible, somerset-pad select:visible").all():
        assert box.bounding_box()["height"] >= 44, box.evaluate("e => e.outerHTML.slice(0, 80)")

    # A reload shows the pad at once, from the device, with the engine's download held back; the
    # engine starts by itself (a game is on the pad), so the next deal needs no Start press.
    rec.stall.add("pyodide.asm.mjs")  # the runtime's script: the module may come from the kept copy
    page.reload()
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["44", "−2"])
    expect(page.locator("somerset-pad .sr-pad__table tbody tr")).to_have_count(2)
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'loading'")
    held, rec.stalled[:] = list(rec.stalled), []
    rec.stall.clear()
    for route in held:
        route.continue_()
    ready(page)

    # Undo takes back one line; the deal goes in again.
    page.get_by_role("button", name="Undo the last deal").click()
    expect(live(page)).to_have_text("Deal 2 taken back. Totals We 24, They 0.")
    expect(page.locator("somerset-pad .sr-pad__table tbody tr")).to_have_count(1)
    add(page, "They", 15, 10, 14)
    add(page, "We", 12, 24, 0)
    # 44 + 24 = 68: past 66, and the side made its bid. The winner is announced.
    deals.append({"bidder": 0, "bid": 12, "points": [24, 0]})
    answer = engine(rules="parker-1947", deals=deals)
    assert answer["winner"] == 0
    expect(live(page)).to_have_text(
        f"Deal 3: We +24, They 0. Totals We 68, They −2. We win the game: {answer['result']}."
    )
    expect(page.locator("somerset-pad .sr-pad__result")).to_contain_text("We win the game. We reached 66 with 68.")
    expect(page.get_by_role("button", name="Add the deal")).to_be_hidden()

    # Export: the engine's text; share: a link that opens the same pad on another device.
    page.locator("somerset-pad .sr-pad__share summary").click()
    assert page.get_by_label("The pad as text").input_value() == minus(answer["text"])
    link = page.get_by_label("A link to this pad").input_value()
    query = parse_qs(urlsplit(link).query)
    assert query["rules"] == ["parker-1947"] and query["deals"] == ["s1b20p24.0,s2b15p10.14,s1b12p24.0"]
    other, _ = open_page(link.split("/", 3)[3], **PHONE)  # a fresh device: nothing saved there
    expect(other.locator("somerset-pad .sr-pad__result")).to_contain_text("We win the game.", timeout=TIMEOUT)
    assert totals(other) == ["68", "−2"]


def test_names_bad_figures_and_boardgamegeek_that_is_not_won_by_setting(open_page: Any) -> None:
    deals = "s1b20p24.0,s1b20p24.0,s2b24p10.14"  # seats 1+3 pass 66 by setting the other side
    page, _ = open_page(PAD + f"?rules=boardgamegeek&names=Us,Them&deals={deals}")
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["68", "−20"], timeout=TIMEOUT)
    expected = engine(rules="boardgamegeek", names=["Us", "Them"],
                      deals=[{"bidder": 0, "bid": 20, "points": [24, 0]}] * 2 + [{"bidder": 1, "bid": 24, "points": [10, 14]}])
    assert expected["winner"] is None
    expect(page.locator("somerset-pad .sr-pad__result")).to_contain_text(expected["result"][1:])
    expect(page.locator("somerset-pad .sr-pad__table thead th")).to_have_text(["Deal", "Bid", "Us", "Them", "Edit"])
    # Figures that do not add up are refused with the engine's words, beside the form.
    add(page, "Them", 12, 12, 11)
    error = page.locator("somerset-pad .sr-pad__deal .sr-field-error")
    expect(error).to_have_text("The points taken add up to 23, but a deal of boardgamegeek.com (Four players, two partnerships) has 24 points")
    assert page.locator("somerset-pad .sr-pad__points input").first.get_attribute("aria-invalid") == "true"
    expect(page.locator("somerset-pad .sr-pad__table tbody tr")).to_have_count(3)
    # Them make a bid: still no winner; then Us make one and win.
    add(page, "Them", 12, 12, 12)
    expect(page.locator("somerset-pad .sr-pad__result")).to_contain_text("a game is won only by the side that makes its bid")
    add(page, "Us", 1, 12, 12)
    expect(live(page)).to_contain_text("Us win the game: Us reached 66 with 80.")
    # Renaming a side renames it everywhere, and the address keeps the names.
    page.locator("somerset-pad .sr-pad__names input").nth(1).fill("The others")
    page.locator("somerset-pad .sr-pad__names input").nth(1).press("Enter")
    page.locator("somerset-pad .sr-pad__names input").nth(1).blur()
    expect(page.locator("somerset-pad .sr-pad__table thead th")).to_have_text(["Deal", "Bid", "Us", "The others", "Edit"])
    assert parse_qs(urlsplit(page.url).query)["names"] == ["Us,The others"]


def test_a_link_with_a_bad_deal_says_so_and_keeps_the_deals_before_it(open_page: Any) -> None:
    page, _ = open_page(PAD + "?rules=parker-1947&deals=s1b15p16.8,s1b30p24.0")
    notice = page.locator("somerset-pad .sr-notice")
    expect(notice).to_contain_text("deal 2: a bid must be from 1 to 24 under Parker 1947", timeout=TIMEOUT)
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["16", "0"])
    page2, _ = open_page(PAD + "?rules=parker-1947&deals=s1b15p16.8,q7")
    expect(page2.locator("somerset-pad .sr-notice")).to_contain_text("“q7” is not a deal")


def test_offline_after_the_engine_was_started_once(open_page: Any) -> None:
    # A first visit as a reader makes it: the home page (the site's service worker installs), then
    # the pad, whose engine the service worker keeps once started.
    page, _ = open_page("", service_workers="allow")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.goto(page.url + PAD)
    started(page)
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.saved === true", timeout=TIMEOUT)
    add(page, "We", 15, 16)
    # The pad keeps a deal once the engine has scored it: wait for that before the reload.
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["16", "0"])
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["16", "0"])
    # The engine starts by itself for the game on the pad: no Start press.
    ready(page)
    add(page, "They", 10, 12)  # seats 2+4 bid 10 and take 12 of the deal's points: made
    expect(page.locator("somerset-pad .sr-pad__totals dd")).to_have_text(["16", "12"])


@pytest.mark.parametrize("names, verb", [("North,South", "wins"), ("Ann and Bob,Cy and Di", "win")])
def test_the_winner_is_said_with_the_verb_its_name_takes(open_page: Any, names: str, verb: str) -> None:
    # Two deals of 24 and a third made: the first side passes 66 having made its bid.
    deals = "s1b20p24.0,s1b20p24.0,s1b12p24.0"
    first, second = names.split(",")
    page, _ = open_page(PAD + f"?rules=parker-1947&names={names.replace(' ', '+')}&deals={deals}", **PHONE)
    answer = engine(rules="parker-1947", names=[first, second],
                    deals=[{"bidder": 0, "bid": 20, "points": [24, 0]}] * 2 + [{"bidder": 0, "bid": 12, "points": [24, 0]}])
    assert answer["winner"] == 0
    expect(page.locator("somerset-pad .sr-pad__result strong")).to_have_text(f"{first} {verb} the game. ", timeout=TIMEOUT)
