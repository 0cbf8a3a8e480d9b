"""The trick resolver names what a trick cannot show: a card legal only if its player held no card of the
suit led, with its rule and the ruling that answers it; its switch ("its player still held one") turns
that into a verdict on the play (a revoke, and what the ruleset says follows). Checked against the engine
in-process, on a phone, with the verdict (brief there; Why opens the rest) and its condition in view."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect
from screen import PHONE, in_view

from somerset.api import handle

ENGINE_TIMEOUT = 60_000
SHOTS = "/tmp/rulings-shots"
ISSUE_TRICK = "tools/trick/?rules=parker-1947&trump=2&cards=5/8,0/0"  # 5/8 led, then the 0/0


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def test_the_rover_after_an_8_is_legal_only_for_a_player_with_no_8_and_a_held_8_makes_it_a_revoke(open_page: Any) -> None:
    page, _ = open_page(ISSUE_TRICK, **PHONE)
    box = page.locator("somerset-trick .sr-verdict")
    expected = engine(cmd="trick", rules="parker-1947", trump="2", cards="5/8, 0/0")
    condition = box.locator(".sr-verdict__condition")
    expect(condition).to_have_count(1, timeout=ENGINE_TIMEOUT)
    expect(condition).to_contain_text(expected["conditions"][0]["text"])
    winner = box.locator(".sr-verdict__winner")
    expect(winner).to_have_text("0/0, the 2nd card played, takes the trick.")
    expect(page.locator("somerset-trick [aria-live='polite']")).to_contain_text("only by a player with no /8")
    # Brief on the phone, so that the card pad stays clear: the winner and the condition's short line.
    brief = condition.locator(".sr-verdict__brief")
    expect(brief).to_have_text("The 0/0 is legal only for a player with no /8.")
    expect(condition.locator(".sr-verdict__full")).to_be_hidden()
    in_view(page, winner=winner, condition=condition)
    page.screenshot(path=f"{SHOTS}/trick-condition-phone.png")

    # Why opens the whole verdict: the condition's rule, the rulings that answer it, its switch.
    why = box.get_by_role("button", name="Why")
    expect(why).to_have_attribute("aria-expanded", "false")
    why.tap()
    expect(why).to_have_attribute("aria-expanded", "true")
    expect(brief).to_be_hidden()
    expect(condition.locator(".sr-verdict__full")).to_contain_text("only by a player with no /8")
    expect(condition.get_by_role("link", name="the ruling")).to_have_attribute("href", re.compile(r"/rulings/#rover-holding-suit$"))
    expect(condition.get_by_role("link", name="what follows a revoke")).to_have_attribute("href", re.compile(r"/rulings/#revoke$"))
    expect(box.locator(".sr-verdict__reason")).to_have_text(expected["reason"])
    in_view(page, winner=winner, why=why)

    # The reader says the 0/0's player still held an /8: the play was a revoke, and the verdict says what follows.
    switch = page.get_by_role("checkbox", name="0/0 (the 2nd card): its player still held one")
    switch.check()
    held = engine(cmd="trick", rules="parker-1947", trump="2", cards="5/8, 0/0", held=[1])
    revoke = box.locator(".sr-verdict__condition--revoke")
    expect(revoke).to_contain_text(held["conditions"][0]["text"])
    expect(revoke).to_contain_text("a revoke")
    expect(revoke).to_contain_text("Parker 1947 does not say what follows")
    expect(revoke).to_contain_text("(the project's interpretation)")
    expect(winner).to_have_text("As played, 0/0, the 2nd card played, takes the trick.")
    expect(page.locator("somerset-trick [aria-live='polite']")).to_contain_text("a revoke")
    assert re.search(r"[?&]held=1(&|$)", page.url), page.url  # the link keeps it
    in_view(page, winner=winner, revoke=revoke.locator(".sr-verdict__full strong").first)
    page.screenshot(path=f"{SHOTS}/trick-revoke-phone.png")
    # Closed again, the brief verdict names the revoke in its short line.
    why.tap()
    expect(revoke.locator(".sr-verdict__brief")).to_have_text(held["conditions"][0]["brief"])
    expect(revoke.locator(".sr-verdict__brief")).to_contain_text("was a revoke")
    in_view(page, winner=winner, revoke=revoke.locator(".sr-verdict__brief"))
    why.tap()

    # Unchecked, the condition comes back; a new card asks again.
    switch.uncheck()
    expect(box.locator(".sr-verdict__condition--revoke")).to_have_count(0)
    expect(condition).to_contain_text("only by a player with no /8")


def test_every_ruleset_says_whether_the_rover_needed_a_void(open_page: Any) -> None:
    page, _ = open_page("tools/trick/?rules=all&trump=2&cards=5/8,0/0&held=1", **PHONE)
    expected = engine(cmd="trick", rules="all", trump="2", cards="5/8, 0/0", held=[1])
    rows = page.locator("somerset-trick tr[data-ruleset]")
    expect(rows).to_have_count(len(expected["results"]), timeout=ENGINE_TIMEOUT)
    for v in expected["results"]:
        row = page.locator(f"somerset-trick tr[data-ruleset='{v['ruleset']}']")
        expect(row.locator(".sr-verdict__condition")).to_contain_text(v["conditions"][0]["text"])
        expect(row.locator(".sr-verdict__condition--revoke")).to_have_count(1 if v["revoke"] else 0)
    expect(page.get_by_role("checkbox", name="0/0 (the 2nd card): its player still held one")).to_be_checked()
    page.screenshot(path=f"{SHOTS}/trick-all-phone.png", full_page=True)
