"""The guided first deal in real Chromium against the built site: a whole deal from the first call
to the score with the coach on a 360 px phone, a weaker move and a barred card explained without
playing them, the trump and the bid on the table through the deal, the score's sentence at the end,
keyboard only, and never a request for the engine; the six-handed Triple 2009 deal played the same
way with every seat on a phone's screen, and the chooser of the guided deals."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from somerset.service.first_deal import first_deals_data

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}
DEALS = first_deals_data()["deals"]
RECORD = DEALS["parker-1947"]
STEPS = RECORD["steps"]
TRIPLE = DEALS["triple-2009"]
REMEMBER = "localStorage.setItem('somerset.ruleset', JSON.stringify({version: 1, ruleset: %r}));"
ENGINE_FILES = ("pyodide", "assets/engine/", "worker.js", ".whl", "snapshot")


def no_engine(rec: Any) -> None:
    asked = [u for u in rec.urls if any(part in u for part in ENGINE_FILES)]
    assert asked == [], f"the guided deal asked for the engine: {asked}"


def start(page: Any) -> Any:
    deal = page.locator("somerset-first-deal")
    deal.get_by_label("Pace of the other seats").select_option(label="At once")
    deal.get_by_role("button", name="Start the auction").click()
    return deal


def test_a_whole_deal_with_the_coach_on_a_phone(open_page: Any) -> None:
    page, rec = open_page("learn/first-deal/", **PHONE)
    deal = start(page)
    bar = deal.locator(".sr-contract")
    for k, step in enumerate(STEPS):
        expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(f"Your turn ({k + 1} of {len(STEPS)})")
        expect(deal.locator(".sr-first-deal__why")).to_have_text(step["coach"])
        if k >= 2:  # after the trump is named, it and the bid stay on the table
            expect(bar.locator(".sr-contract__item--trump dd")).to_have_text("/12 suit")
            expect(bar.locator(".sr-contract__item--bid dd")).to_have_text("12, held by you")
        deal.locator(".sr-first-deal__pick").click()
    expect(deal.locator(".sr-first-deal__score")).to_contain_text(RECORD["end"]["score"]["reason"])
    expect(bar.locator(".sr-contract__item--points dd")).to_have_text("your side 22 · the others 2")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(RECORD["ending"])
    # Every move made is in the log, in words.
    log = deal.locator(".sr-first-deal__log li")
    expect(log.first).to_have_text("You bid 12.")
    expect(log.last).to_contain_text("You take the trick (4 points)")
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page overflows: {widths}"
    expect(page.get_by_text("The guided deal needs JavaScript")).to_have_count(0)
    # Played to the score, the deal is done on the map of stages.
    stored = page.evaluate("JSON.parse(localStorage.getItem('somerset.lesson-progress'))")
    assert stored["exercises"]["first-deal"]["stars"] == 3
    deal.get_by_role("button", name="Play this deal again").click()
    expect(deal.get_by_role("button", name="Start the auction")).to_be_visible()
    no_engine(rec)


def test_a_weaker_move_and_a_barred_card_are_explained_not_played(open_page: Any) -> None:
    page, rec = open_page("learn/first-deal/", **PHONE)
    deal = start(page)
    deal.get_by_role("button", name="Pass", exact=True).click()
    verdict = deal.locator(".sr-first-deal__verdict")
    expect(verdict).to_contain_text("Pass is allowed, but weaker. " + STEPS[0]["instead"]["pass"])
    link = verdict.get_by_role("link", name="Make the call “Pass” anyway at Play a deal")
    assert link.get_attribute("href").endswith("tools/play/?rules=parker-1947&format=four-partners&seed=13&moves=pass")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (1 of")
    # Another bid from the list is answered too.
    deal.get_by_label("Another call").select_option("bid 16")
    deal.get_by_role("button", name="Make this call").click()
    expect(verdict).to_contain_text("Bid 16 is allowed, but weaker. " + STEPS[0]["instead"]["bid 16"])
    deal.locator(".sr-first-deal__pick").click()  # bid 12
    deal.locator(".sr-first-deal__pick").click()  # trump 12
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (3 of")
    deal.locator(".sr-card[data-card='1/4']").click()
    barred = STEPS[2]["illegal"]["1/4"]
    expect(verdict).to_contain_text(f"1/4 may not be played: {barred['reason']}")
    expect(verdict.get_by_role("link", name=barred["citation"]["label"])).to_be_visible()
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (3 of")
    off = deal.get_by_role("link", name="Play on without the coach")
    assert f"play={STEPS[2]['table']['play']}" in off.get_attribute("href")
    no_engine(rec)


def test_the_bots_moves_come_one_at_a_time(open_page: Any) -> None:
    page, rec = open_page("learn/first-deal/", viewport={"width": 1280, "height": 900})
    deal = page.locator("somerset-first-deal")
    # Slow: each move stays on screen long enough to be seen on a loaded machine
    deal.get_by_label("Pace of the other seats").select_option(label="Slow")
    deal.get_by_role("button", name="Start the auction").click()
    deal.locator(".sr-first-deal__pick").click()  # bid 12: the three others pass, one by one
    verdict = deal.locator(".sr-first-deal__verdict")
    for event in STEPS[1]["before"]:
        expect(verdict).to_have_text("".join(event["said"]))
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (2 of")
    no_engine(rec)


def test_keyboard_only(open_page: Any) -> None:
    page, rec = open_page("learn/first-deal/")
    deal = page.locator("somerset-first-deal")
    deal.get_by_label("Pace of the other seats").focus()
    page.keyboard.press("Tab")  # past the coach's words and the table to Start
    expect(deal.get_by_role("button", name="Start the auction")).to_be_focused()
    page.keyboard.press("Enter")
    pick = deal.locator(".sr-first-deal__pick")
    expect(pick).to_be_focused()  # the coach's move takes the focus on the reader's turn
    page.keyboard.press("Enter")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (2 of")
    expect(deal.locator(".sr-first-deal__pick")).to_be_focused()
    no_engine(rec)


def test_without_javascript_the_page_points_to_the_replayer(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + "learn/first-deal/")
        line = page.locator("somerset-first-deal p")
        expect(line).to_have_text("The guided deal needs JavaScript. Without it, step through a whole deal in the deal replayer.")
        href = line.get_by_role("link", name="deal replayer").get_attribute("href")
        assert href == "../../tools/replay/"
    finally:
        context.close()


def test_axe_finds_no_wcag_violation_mid_deal_and_at_the_end(browser: Any, site_url: str) -> None:
    """axe-core on the guided deal with a barred card's verdict, then at the score, in light and dark
    at 360 px (the site-wide axe test sees the page as it loads)."""
    from test_accessibility import PHONE as PHONE_SIZE
    from test_accessibility import Viewer

    for scheme in ("light", "dark"):
        v = Viewer(browser, site_url, scheme, PHONE_SIZE)
        try:
            v.page.goto(site_url + "learn/first-deal/")
            deal = start(v.page)
            deal.locator(".sr-first-deal__pick").click()
            deal.locator(".sr-first-deal__pick").click()
            deal.locator(".sr-card[data-card='1/4']").click()
            expect(deal.locator(".sr-first-deal__verdict")).to_contain_text("1/4 may not be played")
            assert v.axe() == [], scheme
            for _ in range(2, len(STEPS)):
                deal.locator(".sr-first-deal__pick").click()
            expect(deal.locator(".sr-first-deal__score")).to_be_visible()
            assert v.axe() == [], scheme
            # the six-seat table of Triple 2009, mid-trick
            deal.get_by_label("Guided deal").select_option("triple-2009")
            deal.get_by_role("button", name="Start the auction").click()
            for step in TRIPLE["steps"][:5]:
                coach_move(deal, step)
            expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (6 of")
            assert v.axe() == [], scheme
        finally:
            v.context.close()
        assert v.foreign == []


def coach_move(deal: Any, step: dict[str, Any]) -> None:
    """Make the coach's move: its highlighted card or call, or for a discard each of its cards, then Discard."""
    move = step["move"]
    if not move.startswith("discard "):
        deal.locator(".sr-first-deal__pick").click()
        return
    cards = move.split()[1:]
    for c in cards:
        deal.locator(f".sr-first-deal__hand [data-card='{c}']").click()
    deal.get_by_role("button", name=f"Discard {len(cards)}").click()


def seats_on_screen(page: Any, deal: Any, players: int) -> None:
    """Every seat of the table is drawn and lies inside the viewport's width."""
    seats = deal.locator(".sr-tv__seat")
    expect(seats).to_have_count(players)
    width = page.viewport_size["width"]
    for k in range(players):
        box = seats.nth(k).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (k, box)


def test_the_triple_deal_from_the_deal_to_the_score_on_a_phone(open_page: Any) -> None:
    page, rec = open_page("learn/first-deal/", **PHONE)
    deal = page.locator("somerset-first-deal")
    deal.get_by_label("Guided deal").select_option("triple-2009")
    expect(deal.locator(".sr-first-deal__rules")).to_have_text("A deal of Triple: Triple 2009, six players, two partnerships of three.")
    deal = start(page)
    bar = deal.locator(".sr-contract")
    steps = TRIPLE["steps"]
    for k, step in enumerate(steps):
        expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(f"Your turn ({k + 1} of {len(steps)})")
        expect(deal.locator(".sr-first-deal__why")).to_have_text(step["coach"])
        if k >= 3:  # the kitty taken and the trump named: the trump and the bid stay on the table
            expect(bar.locator(".sr-contract__item--trump dd")).to_have_text("/8 suit")
            expect(bar.locator(".sr-contract__item--bid dd")).to_have_text("20, held by you")
            seats_on_screen(page, deal, 6)
        if k == 5:  # a barred card is explained, not played; Play a deal takes over in this format
            off = deal.get_by_role("link", name="Play on without the coach")
            assert f"rules=triple-2009&format=six-2x3&seed=14&play={step['table']['play']}" in off.get_attribute("href")
            deal.locator(".sr-card[data-card='7/7']").click()
            expect(deal.locator(".sr-first-deal__verdict")).to_contain_text(f"7/7 may not be played: {step['illegal']['7/7']['reason']}")
        coach_move(deal, step)
    expect(deal.locator(".sr-first-deal__score")).to_contain_text(TRIPLE["end"]["score"]["reason"])
    expect(bar.locator(".sr-contract__item--points dd")).to_have_text("your side 30 · the others 6")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(TRIPLE["ending"])
    seats_on_screen(page, deal, 6)
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page overflows: {widths}"
    no_engine(rec)


def test_the_chooser_by_keyboard(open_page: Any) -> None:
    page, rec = open_page("learn/first-deal/")
    deal = page.locator("somerset-first-deal")
    chooser = deal.get_by_label("Guided deal")
    expect(chooser).to_have_value("parker-1947")  # no remembered ruleset: Parker 1947
    box = chooser.bounding_box()
    assert box is not None and box["height"] >= 44
    deal.get_by_role("button", name="Start the auction").click()
    deal.locator(".sr-first-deal__pick").click()  # bid 12
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (2 of")
    chooser.focus()
    page.keyboard.press("End")  # the last of the guided deals
    expect(chooser).to_have_value("triple-2009")
    expect(chooser).to_be_focused()
    expect(deal.locator(".sr-first-deal__rules")).to_have_text("A deal of Triple: Triple 2009, six players, two partnerships of three.")
    expect(deal.get_by_role("button", name="Start the auction")).to_be_visible()  # the deal starts again
    expect(deal.locator(".sr-tv__seat")).to_have_count(6)
    expect(deal.locator("[aria-live]")).to_have_text(
        "Triple 2009: A deal of Triple (six players, two partnerships of three). The deal starts from the beginning.")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # past the pace to Start
    expect(deal.get_by_role("button", name="Start the auction")).to_be_focused()
    page.keyboard.press("Enter")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(f"Your turn (1 of {len(TRIPLE['steps'])})")
    chooser.focus()
    page.keyboard.press("Home")  # the first
    expect(chooser).to_have_value("parker-1947")
    expect(deal.locator(".sr-first-deal__rules")).to_have_text("Your first deal: Parker 1947, four players, two partnerships.")
    expect(deal.locator(".sr-tv__seat")).to_have_count(4)
    expect(deal.locator("[aria-live]")).to_contain_text("Parker 1947: Your first deal")
    no_engine(rec)


@pytest.mark.parametrize(("remembered", "shown", "note"), [("triple-2009", "triple-2009", False), ("hodges-1903", "parker-1947", True)])
def test_the_remembered_ruleset_picks_the_first_deal_shown(open_page: Any, remembered: str, shown: str, note: bool) -> None:
    page, rec = open_page(goto=False)
    page.add_init_script(REMEMBER % remembered)
    page.goto(rec.base + "learn/first-deal/")
    deal = page.locator("somerset-first-deal")
    expect(deal.get_by_label("Guided deal")).to_have_value(shown)
    expect(deal.locator(".sr-first-deal__rules")).to_contain_text(f"{DEALS[shown]['title']}: {DEALS[shown]['ruleset_name']},")
    expect(deal.locator(".sr-tv__seat")).to_have_count(DEALS[shown]["players"])
    expect(deal.locator(".sr-first-deal__rules")).to_contain_text("No guided deal is written for your table's ruleset" if note else "")
    if not note:
        expect(deal.locator(".sr-first-deal__rules")).not_to_contain_text("No guided deal")
    no_engine(rec)
