"""Bidding puzzles in the trainer, at a phone's 360 px: the reader's hand, seat, the calls before
and the ruleset are on the page; a wrong call is refuted from the advisor's figures and announced,
then the right one is judged right, all without the engine."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from somerset.service.trainer import record
from somerset.teaching.puzzles import get_puzzle

TRAINER = "puzzles/trainer/"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}


def choice(page: Any, value: str) -> Any:
    return page.locator(f'.sr-trainer__choice[data-value="{value}"]')


def test_a_call_puzzle_answered_wrong_then_right_at_360px(open_page: Any) -> None:
    rec = record(get_puzzle("call-hodges-weak"))
    step = rec["steps"][0]
    page, net = open_page(TRAINER + "?p=call-hodges-weak", **PHONE)
    expect(page.locator(".sr-trainer__title")).to_have_text(rec["heading"])
    trainer = page.locator("somerset-trainer")
    # The position: the hand drawn under its title, the facts open (not folded away).
    expect(trainer.get_by_text("Your hand (seat 4)", exact=True)).to_be_visible()
    hand = page.get_by_role("list", name="Your hand (seat 4)")
    expect(hand.locator("li")).to_have_count(12)
    facts = page.locator(".sr-trainer__facts")
    expect(facts).to_be_visible()
    expect(facts).to_contain_text("Ruleset: Hodges 1913")
    expect(facts).to_contain_text("You are: seat 4, the dealer: you call last")
    expect(facts).to_contain_text("The calls before yours: seat 1 passed, seat 2 passed, seat 3 passed")
    expect(page.locator(".sr-trainer__choice")).to_have_count(2)
    # Wrong: the refutation with the figures, said through the live region.
    live = page.locator("somerset-trainer > [aria-live='polite']")
    choice(page, "Bid 1").click()
    wrong = page.locator(".sr-trainer__verdict--wrong")
    refutation = step["refutations"]["Bid 1"]["text"]
    expect(wrong.locator('.sr-trainer__refutation[data-value="Bid 1"]')).to_have_text(refutation)
    assert "score difference \u2212" in refutation and "both sides score 0" in refutation
    expect(live).to_contain_text("Wrong. You chose Bid 1. " + refutation)
    page.get_by_role("button", name="Try again").click()
    # Right.
    choice(page, "Pass").click()
    expect(page.locator(".sr-trainer__verdict--right .sr-trainer__verdictline")).to_contain_text("Right. You chose Pass.")
    expect(live).to_contain_text("Right.")
    # 44 px targets and nothing wider than the phone.
    small = page.evaluate(
        """() => [...document.querySelectorAll('somerset-trainer button, somerset-trainer summary')]
          .filter((el) => el.offsetParent !== null)
          .map((el) => [el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
          .filter(([, r]) => r.height < 44 || r.width < 44)
          .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], small
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    assert net.count("pyodide.asm.wasm.zst") == 0


def test_a_trump_puzzle_says_the_bid_won(open_page: Any) -> None:
    rec = record(get_puzzle("trump-hodges-eights"))
    page, _ = open_page(TRAINER + "?p=trump-hodges-eights")
    expect(page.locator("somerset-trainer")).to_contain_text("You won the bid at 10. Which trump do you name?")
    expect(page.locator(".sr-trainer__facts")).to_contain_text("You won the bid at: 10")
    expect(page.locator(".sr-trainer__choice")).to_have_count(len(rec["steps"][0]["choices"]))
    choice(page, "/2 suit").click()
    expect(page.locator('.sr-trainer__refutation[data-value="/2 suit"]')).to_contain_text("The /2 suit as trump: made in")
    page.get_by_role("button", name="Try again").click()
    choice(page, "/8 suit").click()
    expect(page.locator(".sr-trainer__verdict--right")).to_be_visible()
