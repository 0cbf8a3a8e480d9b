"""The second guided deal, with a decision: at 360 x 740 (touch) every coached turn keeps the coach's
line, the contract strip and (for a card) the hand in view; at the decision the coach asks and
marks no card, a card that gets the side set is refuted in view with the points the solver found
and the reader chooses again, and the right card is confirmed; played to the score, the deal is
done on the map of stages, right after the first deal. Without JavaScript the page says the
decision in words."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from screen import PHONE, in_view

from somerset.service.first_deal import first_deals_data

RECORD = first_deals_data()["guides"]["second-deal"]["parker-1947"]
STEPS = RECORD["steps"]
DECISION = next(k for k, s in enumerate(STEPS) if "decision" in s)


def test_the_decision_is_refuted_then_found_on_a_phone_and_the_map_marks_it_done(open_page: Any) -> None:
    page, rec = open_page("learn/second-deal/", **PHONE)
    deal = page.locator("somerset-first-deal")
    deal.get_by_label("Pace of the other seats").select_option(label="At once")
    deal.get_by_role("button", name="Start the auction").click()
    coach = deal.locator(".sr-first-deal__coachline")
    contract = deal.locator(".sr-contract")
    for k, step in enumerate(STEPS):
        expect(coach).to_contain_text(f"Your turn ({k + 1} of {len(STEPS)})")
        hand = deal.locator(".sr-first-deal__hand")
        if k != DECISION:
            pick = deal.locator(".sr-first-deal__pick")
            in_view(page, coach=coach, contract=contract, suggested=pick.first)
            if step["move"].startswith("play "):
                in_view(page, hand=hand)
            pick.click()
            continue
        # The decision: the coach asks and no card is marked as the coach's.
        decision = step["decision"]
        expect(coach).to_contain_text("Your decision: " + decision["ask"])
        expect(hand.locator(".sr-first-deal__pick")).to_have_count(0)
        in_view(page, coach=coach, contract=contract, hand=hand)
        for wrong, answer in decision["refute"].items():
            card = wrong.removeprefix("play ")
            hand.locator(f".sr-card[data-card='{card}']").tap()
            verdict = deal.locator(".sr-first-deal__verdict")
            expect(verdict).to_contain_text(f"{card}: your side is set. {answer['why']}")
            expect(verdict).to_contain_text(f"best play leaves your side {answer['points']} points, short of its "
                                            f"{decision['bid']}. Choose again.")
            in_view(page, answer=verdict, contract=contract, hand=hand)
            expect(coach).to_contain_text(f"Your turn ({k + 1} of")  # still the same turn
        hand.locator(f".sr-card[data-card='{step['move'].removeprefix('play ')}']").tap()
        expect(deal.locator(".sr-first-deal__right")).to_contain_text(f"Right: {step['move'].removeprefix('play ')}. {step['coach']}")
    expect(deal.locator(".sr-first-deal__score")).to_contain_text(RECORD["end"]["score"]["reason"])
    expect(coach).to_contain_text(RECORD["ending"])
    stored = page.evaluate("JSON.parse(localStorage.getItem('somerset.lesson-progress'))")
    assert stored["exercises"]["second-deal"]["stars"] == 3 and "first-deal" not in stored["exercises"]
    assert not [u for u in rec.urls if "pyodide" in u or "assets/engine/" in u], "the guided deal asked for the engine"
    # The map of stages: the second deal right after the first, done; the first not.
    page.goto(page.url.replace("learn/second-deal/", "learn/"))
    the_map = page.locator("somerset-lesson-map")
    second = the_map.locator('[data-stage="second-deal"]')
    expect(second).to_contain_text("A deal with a decision")
    expect(second).to_have_class(re.compile("sr-lesson-map__stage--done"))
    expect(the_map.locator('[data-stage="first-deal"]')).not_to_have_class(re.compile("sr-lesson-map__stage--done"))
    order = the_map.locator("li[data-stage]").evaluate_all("(xs) => xs.map((x) => x.dataset.stage)")
    assert order.index("second-deal") == order.index("first-deal") + 1
    assert second.get_by_role("link").get_attribute("href").endswith("learn/second-deal/")


def test_the_map_offers_the_second_deal_after_the_first_is_done(open_page: Any) -> None:
    page, _ = open_page("learn/", **PHONE)
    done = {s: {"stars": 3, "ruleset": "parker-1947"} for s in ("first-deal",)}
    page.evaluate("(ex) => localStorage.setItem('somerset.lesson-progress', JSON.stringify({version: 1, exercises: ex}))", done)
    page.reload()
    the_map = page.locator("somerset-lesson-map")
    expect(the_map.locator('[data-stage="first-deal"]')).to_have_class(re.compile("sr-lesson-map__stage--done"))
    expect(the_map.locator('[data-stage="second-deal"]')).not_to_have_class(re.compile("sr-lesson-map__stage--done"))
    expect(the_map.locator('[data-stage="second-deal"]')).to_contain_text("one decision of your own")


def test_without_javascript_the_page_says_the_decision(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, service_workers="block", **PHONE)
    try:
        page = context.new_page()
        page.goto(site_url + "learn/second-deal/")
        expect(page.locator("somerset-first-deal p")).to_contain_text("The guided deal needs JavaScript")
        expect(page.get_by_role("heading", name="The decision")).to_be_visible()
        expect(page.locator("article")).to_contain_text("Lead 5/6")
        expect(page.locator("somerset-lesson-map")).to_have_count(0)
    finally:
        context.close()
