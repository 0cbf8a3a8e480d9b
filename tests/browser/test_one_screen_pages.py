"""The pages read at the table open on what the reader came for, on a 360x740 phone (light and
dark; the Rulings with the large text too) and a 1280x800 screen: Same deal's one line per ruleset and first parting, after the answer
and after Another deal; Compare's ruleset choice; the Rulings' "Our table plays" chooser; the home
page's five tools; and a search result followed from the phone's full-screen search lands on its
heading, as loading its address does (tests/browser/screen.py's in_view: below the header, above
the bottom, uncovered)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from screen import DESKTOP, PHONE, PHONE_LARGE_TEXT, in_view
from somerset.api import handle
from waits import page_settled

ENGINE_TIMEOUT = 60_000
SEARCH_TIMEOUT = 15_000  # Material's search worker building its index on a busy machine

SCREENS = [
    pytest.param({**PHONE, "color_scheme": "light"}, id="phone"),
    pytest.param({**PHONE, "color_scheme": "dark"}, id="phone-dark"),
    pytest.param({**DESKTOP, "color_scheme": "light"}, id="desktop"),
]
# The Rulings' chooser also with the large text (the others are taller than one screen then).
LARGE = [*SCREENS, pytest.param(PHONE_LARGE_TEXT, id="phone-large-text")]

SAMEDEAL = "tools/samedeal/"
RULES = ["parker-1947", "somersetcards-com", "boardgamegeek", "parker-1950"]


def samedeal(**request: Any) -> Any:
    return json.loads(handle(json.dumps({"cmd": "samedeal", **request})))


def verdict(ending: dict[str, Any]) -> str:
    if ending["passed_out"]:
        return "Thrown in."
    return {True: "Made.", False: "Set."}.get(ending["made"], "Scored.")


def summary_lines(page: Any, answer: dict[str, Any]) -> dict[str, Any]:
    """Each ruleset's line (its name and verdict checked against the engine's answer) and the
    sentence of the first parting, by name for in_view."""
    widget = page.locator("somerset-samedeal")
    lines = widget.locator(".sr-samedeal__lines > li")
    expect(lines).to_have_count(len(answer["endings"]))
    named: dict[str, Any] = {}
    for i, ending in enumerate(answer["endings"]):
        line = lines.nth(i)
        expect(line).to_contain_text(f"{ending['ruleset_name']}: {verdict(ending)}")
        named[f"the line of {ending['ruleset_name']}"] = line
    named["where they first part ways"] = widget.locator(".sr-samedeal__summary")
    return named


@pytest.mark.parametrize("screen", SCREENS)
def test_same_deal_opens_on_one_line_per_ruleset(open_page: Any, screen: dict[str, Any]) -> None:
    page, _ = open_page(f"{SAMEDEAL}?rules={','.join(RULES)}&seed=1", **screen)
    answer = samedeal(rules=RULES, seed=1)
    assert len(answer["endings"]) == 3 and answer["first"] is not None
    summary = page.locator("somerset-samedeal .sr-samedeal__summary")
    expect(summary).to_contain_text("They first part ways", timeout=ENGINE_TIMEOUT)
    in_view(page, **summary_lines(page, answer))
    # The detail is folded below the lines: the tables are drawn, not shown.
    for fold in page.locator("somerset-samedeal details.sr-samedeal__fold").all():
        assert fold.get_attribute("open") is None
    expect(page.locator("somerset-samedeal .sr-samedeal__table").first).to_be_hidden()
    # Another deal, pressed under the form: the next seed's lines come into view.
    page.locator("somerset-samedeal").get_by_role("button", name="Another deal").click()
    answer = samedeal(rules=RULES, seed=2, dealer=3)
    expect(page.locator("somerset-samedeal .sr-samedeal__source")).to_contain_text("seed 2,", timeout=ENGINE_TIMEOUT)
    expect(page.locator("somerset-samedeal .sr-samedeal__lines > li").first).to_contain_text(
        f"{answer['endings'][0]['ruleset_name']}: {verdict(answer['endings'][0])}")
    expect(page.locator("somerset-samedeal [aria-live='polite']")).to_contain_text(re.compile(r"part ways|same way"))
    page_settled(page)
    in_view(page, **summary_lines(page, answer))


@pytest.mark.parametrize("screen", SCREENS)
def test_compare_opens_on_its_ruleset_choice(open_page: Any, screen: dict[str, Any]) -> None:
    page, _ = open_page("compare/", **screen)
    choice = page.get_by_role("group", name="Rulesets to compare")
    expect(choice.get_by_role("checkbox")).to_have_count(12)
    in_view(page, choice=choice, show_all=page.get_by_role("button", name="Show all 12"))


@pytest.mark.parametrize("screen", LARGE)
def test_rulings_open_on_the_table_choice(open_page: Any, screen: dict[str, Any]) -> None:
    page, _ = open_page("rulings/", **screen)
    chooser = page.get_by_label("Our table plays")
    expect(chooser).to_be_visible()
    in_view(page, chooser=chooser, switch=page.get_by_role("switch", name="Our table only"))


TOOLS = ["Settle a ruling", "Trick resolver", "Score pad", "What is my hand worth?", "Play a deal"]


@pytest.mark.parametrize("screen", SCREENS)
def test_home_opens_on_the_tools_a_table_reaches_for(open_page: Any, screen: dict[str, Any]) -> None:
    page, _ = open_page("", **screen)
    home = page.locator(".sr-home")
    links = {name: home.get_by_role("link", name=re.compile("^" + re.escape(name))) for name in TOOLS}
    for name, where in zip(TOOLS, ("rulings/", "tools/trick/", "tools/pad/", "tools/worth/", "tools/play/")):
        expect(links[name]).to_have_attribute("href", re.compile(f"(^|/){re.escape(where)}$"))
        box = links[name].bounding_box()
        assert box["height"] >= 44, (name, box)  # a finger's target
    in_view(page, **links)


def open_search(page: Any, phone: bool) -> Any:
    """Open Material's search as a reader would (on a phone the header's magnifier opens it full
    screen), type "revoke" key by key, and return the result for the ruling Revoke (renege)."""
    if phone:
        page.locator("label.md-header__button[for='__search']").tap()
    else:
        page.locator(".md-search__input").click()
    # Typed key by key: Material reads the box on a key's release, not on fill().
    page.locator(".md-search__input").press_sequentially("revoke")
    result = page.locator(".md-search-result__item a[href*='#revoke']").first
    expect(result).to_be_visible(timeout=SEARCH_TIMEOUT)
    expect(result).to_contain_text("Revoke (renege)")
    if phone:
        # As a reader sees it before tapping: the search full screen (the page's scrolling locked
        # under it) and the result on the screen. Typed fast, the results can be drawn before the
        # search has taken the screen, the result then wider than the phone and off it.
        page.wait_for_function("() => document.body.hasAttribute('data-md-scrolllock')", timeout=SEARCH_TIMEOUT)
        expect(result).to_be_in_viewport()
    return result


# The result's page put in before the search lets go of the page's scrolling, as when the page comes
# at once (from the service worker's copy on a phone): Material removes the lock a tenth of a second
# after the search closes, and the page's fetch through the tests' routing may take longer; here the
# lock's removal waits until the heading is on the page, so that this order is tested every time.
PAGE_FIRST = """
const remove = Element.prototype.removeAttribute;
Element.prototype.removeAttribute = function (name) {
  if (this !== document.body || name !== "data-md-scrolllock" || document.getElementById("revoke")) return remove.call(this, name);
  const later = () => (document.getElementById("revoke") ? remove.call(this, name) : requestAnimationFrame(later));
  requestAnimationFrame(later);
};
"""

# Where the search starts: an ordinary page, and a tool opened from a link, whose page holds
# Material's bundle until the engine has answered (widgets/engine/early-start.js); and in which order the
# page comes and the lock goes.
STARTS = [
    pytest.param("", PAGE_FIRST, id="from-home-page-first"),
    pytest.param("", None, id="from-home-as-it-comes"),
    pytest.param("tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2", PAGE_FIRST, id="from-a-tool-link-page-first"),
]


@pytest.mark.parametrize("start,order", STARTS)
@pytest.mark.parametrize("screen", SCREENS)
def test_a_search_result_lands_on_its_heading(
    open_page: Any, screen: dict[str, Any], start: str, order: str | None
) -> None:
    phone = screen["viewport"]["width"] < 960
    page, rec = open_page(goto=False, **screen)
    if order:
        page.add_init_script(order)
    page.goto(rec.base + start)
    if start:
        expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    page_settled(page)
    page.evaluate("window.__sameVisit = true")
    result = open_search(page, phone)
    if phone:
        result.tap()
    else:
        result.click()
    expect(page).to_have_url(re.compile(r"/rulings/.*#revoke$"))
    heading = page.locator("h3#revoke")
    expect(heading).to_be_visible(timeout=SEARCH_TIMEOUT)  # the rulings page fetched and put in
    assert page.evaluate("window.__sameVisit === true"), "the result was not followed by instant navigation"
    # Once the search has closed and let go of the page's scrolling, and the page has settled.
    page.wait_for_function("() => !document.body.hasAttribute('data-md-scrolllock')")
    page_settled(page)
    in_view(page, heading=heading)
