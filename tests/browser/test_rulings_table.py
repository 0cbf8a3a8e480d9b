"""The rulings page at the table, in real Chromium: the questions by topic at the top, the "Our table
only" switch (each answer in one line for the reader's ruleset, the others a tap away; every answer
without JavaScript), and the search box finding a ruling from the words players use."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from waits import page_settled

from somerset import RULESETS
from somerset.teaching.rulings import RULINGS

RULINGS_PAGE = "rulings/"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
REMEMBER = "localStorage.setItem('somerset.ruleset', JSON.stringify({version: 1, ruleset: %r}));"


def answer_of(ruling_id: str, ruleset: str) -> str:
    ruling = next(r for r in RULINGS if r.id == ruling_id)
    a = ruling.answer(RULESETS[ruleset])
    return a.short[0].upper() + a.short[1:]


def test_the_index_lists_every_question_by_topic(open_page: Any) -> None:
    page, _ = open_page(RULINGS_PAGE, **PHONE)
    index = page.get_by_role("navigation", name="The questions, by topic")
    topics = index.locator("summary")
    assert topics.count() == len({r.topic for r in RULINGS})
    expect(index.locator("a")).to_have_count(len(RULINGS))
    topics.first.click()
    index.get_by_role("link", name="The Rover while holding the suit led").click()
    assert page.url.endswith("#rover-holding-suit")


def test_our_table_only_shows_the_readers_answer_in_one_line(open_page: Any, site_url: str) -> None:
    page, _ = open_page(RULINGS_PAGE, goto=False, **PHONE)
    page.add_init_script(REMEMBER % "parker-1947")
    page.goto(site_url + RULINGS_PAGE)
    switch = page.get_by_role("switch", name="Our table only")
    expect(switch).to_have_attribute("aria-checked", "true")  # on: the reader's ruleset is remembered
    expect(page.get_by_label("Our table plays")).to_have_value("parker-1947")
    section = page.locator("#rover-holding-suit ~ .sr-ruling-ours").first
    expect(section.locator("p")).to_have_text(f"Parker 1947: {answer_of('rover-holding-suit', 'parker-1947')}")
    answers = page.locator("ul.sr-ruling-answers[data-ruling='rover-holding-suit']")
    expect(answers).to_be_hidden()
    ours = page.locator(".sr-ruling-ours:visible")
    expect(ours).to_have_count(len(RULINGS))
    for line in ours.locator("p").all()[:3]:
        assert line.bounding_box()["height"] < 80  # one line, two on a phone at most
    # The others a tap away, and back.
    more = section.locator(".sr-ruling-ours__more")
    expect(more).to_have_text("All answers (2)")
    more.click()
    expect(answers).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "true")
    expect(answers.locator("li")).to_have_count(2)
    more.click()
    expect(answers).to_be_hidden()

    # Another ruleset: chosen here, remembered for the site (every tool opens with it).
    page.get_by_label("Our table plays").select_option("somersetgame-com")
    expect(section.locator("p")).to_have_text(f"somersetgame.com: {answer_of('rover-holding-suit', 'somersetgame-com')}")
    assert page.evaluate("JSON.parse(localStorage.getItem('somerset.ruleset')).ruleset") == "somersetgame-com"
    expect(page.locator("somerset-rulings [aria-live]")).to_have_text(f"{len(RULINGS)} questions show somersetgame.com's answer only.")

    # Off: every answer of every ruling.
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(page.locator(".sr-ruling-ours:visible")).to_have_count(0)
    expect(page.locator("ul.sr-ruling-answers:visible")).to_have_count(len(RULINGS))
    switch.focus()
    page.keyboard.press("Enter")
    expect(switch).to_have_attribute("aria-checked", "true")


def test_without_a_remembered_ruleset_every_answer_shows_until_one_is_chosen(open_page: Any) -> None:
    page, _ = open_page(RULINGS_PAGE, **PHONE)
    switch = page.get_by_role("switch", name="Our table only")
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(page.locator("ul.sr-ruling-answers:visible")).to_have_count(len(RULINGS))
    switch.click()  # nothing chosen yet: says so, and goes to the list
    expect(page.locator("somerset-rulings .sr-hint")).to_have_text("Choose your table's ruleset first.")
    expect(page.get_by_label("Our table plays")).to_be_focused()


def test_without_javascript_every_answer_shows(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, service_workers="block", **PHONE)
    page = context.new_page()
    page.goto(site_url + RULINGS_PAGE)
    expect(page.locator("ul.sr-ruling-answers:visible")).to_have_count(len(RULINGS))
    expect(page.locator(".sr-ruling-ours")).to_have_count(0)
    expect(page.locator("nav.sr-rulings-index a")).to_have_count(len(RULINGS))
    context.close()


def test_the_search_box_finds_a_ruling_from_players_words(open_page: Any) -> None:
    page, _ = open_page(RULINGS_PAGE)
    for query, ruling in (("play the rover", "rover-holding-suit"), ("may I play the 0/0", "rover-holding-suit"),
                          ("going set", "set-score")):
        page.reload()
        page_settled(page)  # the theme's keyboard shortcuts are bound
        page.keyboard.press("/")  # the search box, as a reader opens it from the keyboard
        expect(page.locator(".md-search__input")).to_be_focused()
        page.keyboard.type(query)
        first = page.locator(".md-search-result__list a[href*='#']").first
        expect(first).to_have_attribute("href", re.compile(rf"/rulings/(\?[^#]*)?#{ruling}$"), timeout=30_000)
        # The section's keywords show with it, as tags.
        expect(first.locator(".md-tag").first).to_be_visible()
