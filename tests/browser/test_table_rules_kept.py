"""A table's own rules kept on the device ("Our table" on the composing page's card), on a 360 x 740
touch phone and a desktop: the score pad, What is my hand worth?, the deal replayer, the trick
resolver and Same deal open with them (the pad scores and ends the game at the table's own target
and keeps it under the code across a reload; Same deal compares them with their book); the rulings
answer each question by them (the engine's answers, with the text each rule comes from); the
puzzle trainer, which plays the books' rules only, shows the book they change and says so;
pressing again forgets them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from screen import DESKTOP, PHONE, in_view

from somerset.api import handle

OUR_TABLE = "tools/our-table/"
ENGINE_TIMEOUT = 60_000
SCREENS = {"phone": PHONE, "desktop": DESKTOP}


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def go(page: Any, path: str) -> None:
    """Another page of the site in the same tab (the device's storage is the same)."""
    root = page.evaluate("() => new URL(document.querySelector('.md-header__button.md-logo').href).href")
    page.goto(root + path)


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_tool_opens_with_the_kept_rules_and_the_pad_plays_to_their_target(open_page: Any, screen: str) -> None:
    code = engine(cmd="compose", rules="parker-1947", set={"target": "50", "rover_play": "any-time"}, name="The Friday table")["code"]
    label = "The Friday table: Parker 1947 with 2 changes"
    page, _ = open_page(OUR_TABLE + f"?rules={code}", **SCREENS[screen])
    card = page.locator("somerset-our-table .sr-our-table__card")
    expect(card.locator("code")).to_have_text(code, timeout=ENGINE_TIMEOUT)
    keep = card.get_by_role("button", name="Our table")
    expect(keep).to_have_attribute("aria-pressed", "false")
    keep.click()
    expect(keep).to_have_attribute("aria-pressed", "true")
    expect(card.locator(".sr-our-table__keep .sr-hint")).to_contain_text("Kept on this device: every tool opens with these rules, and the rulings answer by them.")
    in_view(page, keep=keep, hint=card.locator(".sr-our-table__keep .sr-hint"))
    assert json.loads(page.evaluate("() => localStorage.getItem('somerset.ruleset')")) == {"version": 1, "ruleset": code}

    # The score pad: the table's rules chosen, the game won at 50 (Parker 1947 plays to 66).
    go(page, "tools/pad/")
    pad = page.locator("somerset-pad")
    expect(pad.locator(".sr-table-rules")).to_have_text(f"{label}.", timeout=ENGINE_TIMEOUT)
    expect(pad.locator(".sr-ourtable")).to_have_attribute("aria-pressed", "true")
    add = pad.get_by_role("button", name="Add the deal")
    expect(add).to_be_enabled(timeout=ENGINE_TIMEOUT)
    for bid, ours in [(20, 22), (20, 22), (15, 16)]:
        pad.get_by_label("Bid won by").select_option(label="We")
        pad.get_by_label("Bid", exact=True).fill(str(bid))
        boxes = pad.locator(".sr-pad__points input")
        boxes.nth(0).fill(str(ours))
        boxes.nth(1).fill(str(24 - ours))
        add.click()
    expected = engine(cmd="pad", rules=code, names=["We", "They"], deals=[{"bidder": 0, "bid": b, "points": [p, 24 - p]} for b, p in [(20, 22), (20, 22), (15, 16)]])
    assert expected["winner"] == 0 and expected["target"] == 50
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t) for t in expected["totals"]])
    expect(pad).to_contain_text(expected["result"])
    page.reload()
    expect(pad.locator(".sr-table-rules")).to_have_text(f"{label}.", timeout=ENGINE_TIMEOUT)
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t) for t in expected["totals"]])

    # The tools that read a table's rules open with them.
    for path, tag in [("tools/worth/", "somerset-worth"), ("tools/replay/", "somerset-deal"), ("tools/trick/", "somerset-trick")]:
        go(page, path)
        widget = page.locator(tag)
        expect(widget.locator(".sr-table-rules")).to_have_text(f"{label}.", timeout=ENGINE_TIMEOUT)
        expect(widget.locator(".sr-field--rules select")).to_have_value(code)
        expect(widget.locator(".sr-notice")).to_be_hidden()

    # Same deal deals under the table's rules, beside the book they change and two others.
    go(page, "tools/samedeal/")
    same = page.locator("somerset-samedeal")
    expect(same.locator(".sr-samedeal__lines > li")).to_have_count(4, timeout=ENGINE_TIMEOUT)
    expect(same.locator(".sr-field--rules select")).to_have_value(code)
    expect(same.locator(".sr-samedeal__source")).to_contain_text("dealt and played under The Friday table")
    expect(same.locator(".sr-samedeal__pick input:checked")).to_have_count(3)
    expect(same.locator(".sr-samedeal__pick input[value='parker-1947']")).to_be_checked()

    # The trainer and the rulings play the books' rules: the book the table's rules change, said.
    go(page, "puzzles/trainer/")
    trainer = page.locator("somerset-trainer")
    expect(trainer.locator(".sr-table-rules")).to_have_text("Your table's own rules change Parker 1947: this tool shows the book's rules.", timeout=ENGINE_TIMEOUT)
    # The rulings: each question answered by the table's own rules (the engine's answer under the
    # code), with the text the rule comes from: here the table's 0/0, somersetgame.com's.
    go(page, "rulings/")
    expect(page.locator("somerset-rulings .sr-hint").first).to_contain_text(f"Each question shows your table's own answer only ({label})", timeout=ENGINE_TIMEOUT)
    table = engine(cmd="rulings", rules=code)
    book = engine(cmd="rulings", rules="parker-1947")
    ours = {a["id"]: a for a in table["rulings"]}["rover-holding-suit"]
    assert ours["short"] != {a["id"]: a for a in book["rulings"]}["rover-holding-suit"]["short"]
    answers = page.locator("ul.sr-ruling-answers[data-ruling='rover-holding-suit']")
    line = answers.locator("xpath=preceding-sibling::div[contains(@class, 'sr-ruling-ours')][1]")
    expect(line).to_contain_text(f"The Friday table: {ours['short']} (from {ours['citation']['label']})")
    expect(answers).to_be_hidden()
    line.get_by_role("button", name="The books' answers").click()
    expect(answers.locator("li").first).to_contain_text(f"{ours['short'][0].upper()}{ours['short'][1:]}: The Friday table (your table's own rules)")
    why = page.locator("details.sr-ruling-why[data-ruling='rover-holding-suit']")
    expect(why.locator("summary")).to_have_text("Why, for The Friday table")
    why.locator("summary").click()
    expect(why.locator("li.sr-ruling-why__table")).to_contain_text(ours["detail"])

    # Forgotten from the card: the tools open with the book again.
    go(page, OUR_TABLE)
    keep = page.locator("somerset-our-table .sr-our-table__card").get_by_role("button", name="Our table")
    expect(keep).to_have_attribute("aria-pressed", "true", timeout=ENGINE_TIMEOUT)
    expect(page.locator("somerset-our-table .sr-our-table__card code")).to_have_text(code)
    keep.click()
    expect(keep).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => localStorage.getItem('somerset.ruleset')") is None
