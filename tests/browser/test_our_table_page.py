"""Our table's rules, as a table composes them on a 360 x 740 touch phone (and a desktop): each change
is explained under its field, in view with it; the code is the engine's (computed here with
somerset.api) and kept in the address, so the page reads its own link back; the card's links open
the tools under the code; what the changes do in numbers is the engine's, in view after the tap; a
number out of bounds, a name too long and a damaged code get a message naming what is accepted, and
nothing is lost."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect
from qr_scan import scan_qr
from screen import DESKTOP, PHONE, in_view

from somerset.api import handle

PAGE = "tools/our-table/"
ENGINE_TIMEOUT = 60_000
SCREENS = {"phone": PHONE, "phone-dark": {**PHONE, "color_scheme": "dark"}, "desktop": DESKTOP}


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def js_number(x: float | None) -> str:
    """A figure as JavaScript's String() writes it (15.0 as 15); none as a dash."""
    return "—" if x is None else str(int(x)) if x == int(x) else repr(x)


def rules_in_address(url: str) -> str:
    return parse_qs(urlsplit(url).query).get("rules", [""])[0]


def choose(page: Any, control: Any, value: str) -> None:
    """A choice made as a reader makes it: the list reached first (which starts the engine)."""
    control.focus()
    control.select_option(value)


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_table_composes_its_rules_and_the_link_reads_back(open_page: Any, screen: str) -> None:
    page, _ = open_page(PAGE, bypass_csp=True, **SCREENS[screen])  # bypass_csp: the test's QR decoder is injected
    widget = page.locator("somerset-our-table")
    rover = widget.get_by_label("When the 0/0 may be played")
    expect(rover).to_have_value("when-void")  # Parker 1947's own choice, listed first
    # The first change starts the engine; its meaning comes under the field, in view with it.
    choose(page, rover, "any-time")
    note = widget.locator("[data-setting='rover_play'] .sr-our-table__change")
    expect(note).to_contain_text("Changed: The 0/0 may be played at any time", timeout=ENGINE_TIMEOUT)
    in_view(page, rule=rover, change=note)
    target = widget.get_by_label("The game's target")
    target.fill("50")
    target.press("Tab")
    widget.get_by_label("Your table's name").fill("The Friday table")
    widget.get_by_label("Your table's name").press("Tab")
    expected = engine(cmd="compose", rules="parker-1947", set={"rover_play": "any-time", "target": "50"}, name="The Friday table")
    card = widget.locator(".sr-our-table__card")
    expect(card.locator("code")).to_have_text(expected["code"])
    expect(card.locator("h3")).to_have_text("The Friday table: Parker 1947 with 2 changes")
    expect(card.locator("li")).to_have_text([c["sentence"][0].upper() + c["sentence"][1:] + "." for c in expected["changes"]])
    assert rules_in_address(page.url) == expected["code"]
    link = card.get_by_label("A link to these rules")
    assert rules_in_address(link.input_value()) == expected["code"]
    # The card's QR code holds the same link.
    expect(card.locator("svg.sr-our-table__qrcode")).to_be_visible()
    assert scan_qr(page, "somerset-our-table svg.sr-our-table__qrcode") == link.input_value()
    # The page reads its own link back: the same base, changes and name.
    page.goto(link.input_value())
    expect(widget.get_by_label("Your table's name")).to_have_value("The Friday table", timeout=ENGINE_TIMEOUT)
    expect(widget.get_by_label("When the 0/0 may be played")).to_have_value("any-time")
    expect(widget.get_by_label("The game's target")).to_have_value("50")
    expect(widget.locator(".sr-our-table__card code")).to_have_text(expected["code"])
    # The card's link opens the trick resolver under the table's rules.
    widget.locator(".sr-our-table__card").get_by_role("link", name="Trick resolver").click()
    expect(page).to_have_url(re.compile(r"/tools/trick/\?rules="))
    expect(page.locator("somerset-trick .sr-table-rules")).to_have_text("The Friday table: Parker 1947 with 2 changes.", timeout=ENGINE_TIMEOUT)


def test_bad_input_is_named_with_what_is_accepted(open_page: Any) -> None:
    page, _ = open_page(PAGE, **PHONE)
    widget = page.locator("somerset-our-table")
    rover = widget.get_by_label("When the 0/0 may be played")
    choose(page, rover, "any-time")
    expect(widget.locator(".sr-our-table__card code")).to_contain_text("rover_play.any-time", timeout=ENGINE_TIMEOUT)
    target = widget.get_by_label("The game's target")
    target.fill("5")
    target.press("Tab")
    error = widget.locator("[data-setting='target'] .sr-field-error")
    expect(error).to_have_text(re.compile(r"'5' is not a value for target .*a whole number from 10 to 250"))
    expect(target).to_have_attribute("aria-invalid", "true")
    in_view(page, target=target, error=error)
    # The last good rules stay on the card and in the address.
    assert "rover_play.any-time" in rules_in_address(page.url)
    target.fill("66")
    target.press("Tab")
    expect(error).to_be_hidden()
    name = widget.get_by_label("Your table's name")
    assert name.get_attribute("maxlength") == "40"
    name.evaluate("(e) => { e.removeAttribute('maxlength'); }")  # a pasted name, as a long one could come
    name.fill("x" * 45)
    name.press("Tab")
    expect(widget.locator(f"#{name.get_attribute('id')}-err")).to_have_text("the table's name is 45 characters long; the longest accepted is 40")


def test_a_damaged_code_is_named_and_the_base_is_shown(open_page: Any) -> None:
    page, _ = open_page(PAGE + "?rules=parker-1947~v1~rover_play.sometimes", **PHONE)
    widget = page.locator("somerset-our-table")
    notice = widget.locator(".sr-notice")
    expect(notice).to_contain_text("This link's table rules cannot be read:", timeout=ENGINE_TIMEOUT)
    expect(notice).to_contain_text("Starting from Parker 1947 instead.")
    expect(widget.get_by_label("The rules you start from")).to_have_value("parker-1947")
    expect(widget.locator(".sr-our-table__card h3")).to_have_text("Parker 1947")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_what_the_changes_do_in_numbers(open_page: Any, screen: str) -> None:
    code = "parker-1947~v1~rover_play.any-time"
    expected = engine(cmd="house_figures", rules=code, deals=100)
    assert expected["parted"] > 0
    page, _ = open_page(PAGE + f"?rules={code}", **SCREENS[screen])
    card = page.locator("somerset-our-table .sr-our-table__card")
    play = card.get_by_role("button", name="Play 100 deals both ways")
    expect(play).to_be_visible(timeout=ENGINE_TIMEOUT)
    play.click()
    out = card.locator(".sr-our-table__figures-out")
    expect(out).to_contain_text(f"Your rules parted from Parker 1947's in {expected['parted']} of the 100 deals", timeout=ENGINE_TIMEOUT)
    rows = out.locator("tbody tr")
    keys = ["bids", "made", "set", "passed_out", "points", "score"]
    expect(rows).to_have_count(len(keys))
    ours, base = expected["sides"]
    for i, key in enumerate(keys):
        expect(rows.nth(i).locator("td")).to_have_text([js_number(ours[key]), js_number(base[key])])
    # The answer comes into view with the button that asked for it.
    in_view(page, play=play, figures=out)
