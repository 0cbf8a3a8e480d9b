"""The moment that matters on one screen at Play a deal and in the guided first deal: at every one of
the reader's card turns of a whole deal the contract bar, the trump, the trick and the hand are in
view together below the header, and the score when the deal ends; at the call the advice, the
advised call (outlined) and the hand, the usual bids first and the rest under More bids (by
keyboard too); at the trump step the advice kept and its trump outlined; at every coached turn of
each guided deal the coach's line, the contract bar and the suggested move (at a kitty's discard,
every suggested card, then each chosen with the Discard button). At 360 x 740 (touch),
light and dark (a whole deal with the large text too), and on a 1280 x 800 desktop; the Back to top
pill never lies over the table."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from screen import DESKTOP, PHONE, PHONE_LARGE_TEXT, band, in_view

from somerset.service.first_deal import first_deals_data
from somerset.service.table import sit_down

ENGINE_TIMEOUT = 60_000  # Pyodide's first boot takes seconds; wait, never sleep
DEALS = first_deals_data()["deals"]
# The board once the other players' cards are all shown: the reader's turn, or the end.
SETTLED = """(t) => { const b = t.querySelector('.sr-table__board');
  return b && b.dataset.pace === 'done' && (t.querySelector('.sr-table__result') || t.querySelector('.sr-table__you')); }"""


def settled(page: Any, table: Any) -> None:
    page.wait_for_function(SETTLED, arg=table.element_handle(), timeout=ENGINE_TIMEOUT)


def tap(page: Any, target: Any) -> None:
    """Press a control and wait for the engine's answer (the address's deal code grows)."""
    before = page.url
    target.click()
    page.wait_for_function("(url) => location.href !== url", arg=before, timeout=ENGINE_TIMEOUT)


def card_turn_in_view(page: Any, table: Any) -> None:
    trump = table.locator(".sr-contract__item--trump dd")
    expect(table.locator(".sr-tv__mark--trump")).to_have_text(f"Trump: {trump.text_content()}")
    in_view(
        page,
        contract=table.locator(".sr-contract"),
        trump=trump,
        trick=table.locator(".sr-tv__centre .sr-trick"),
        question=table.locator(".sr-table__ask"),
        hand=table.locator(".sr-table__hand"),
    )


def pill_off_the_table(page: Any, table: Any) -> None:
    """Scrolled down and back up a little (Material then shows its Back to top pill): no pill over the table."""
    page.mouse.wheel(0, 400)
    page.wait_for_function("() => scrollY > 0")
    page.mouse.wheel(0, -120)
    page.wait_for_function("() => document.querySelector('.md-top') !== null")
    board = table.locator(".sr-tv-play").bounding_box()
    for over in band(page)["floats"]:
        assert not (
            over["y"] < board["y"] + board["height"] and board["y"] < over["y"] + over["height"]
        ), f"the Back to top pill ({over}) lies over the table ({board})"


PHONES = {"light": PHONE, "dark": {**PHONE, "color_scheme": "dark"}, "large-text": PHONE_LARGE_TEXT}


@pytest.mark.parametrize("phone", PHONES)
def test_every_card_turn_of_a_whole_deal_on_one_phone_screen(open_page: Any, phone: str) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=2", **PHONES[phone])
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__ask")).to_contain_text("Your call", timeout=ENGINE_TIMEOUT)
    table.get_by_label("The other players' cards").select_option("instant")
    turns = 0
    for _ in range(40):
        settled(page, table)
        if table.locator(".sr-table__result").count():
            break
        calls = table.get_by_role("group", name="Your call")
        if calls.count():
            tap(page, calls.get_by_role("button", name="Pass"))
            continue
        card_turn_in_view(page, table)
        if turns == 4:  # and after the reader has scrolled away, the next turn is in view again
            pill_off_the_table(page, table)
        turns += 1
        tap(page, table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first)
    assert turns == 12, f"{turns} card turns"
    # The deal is over: the score where the last card fell, with Another deal.
    expect(table.locator(".sr-table__result")).to_contain_text("The deal is over.")
    in_view(page, contract=table.locator(".sr-contract"), score=table.locator(".sr-table__result"),
            another=table.locator(".sr-tv__dock").get_by_role("button", name="Another deal"))


def test_the_call_with_the_advice_beside_the_hand_and_the_trump_step(open_page: Any) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=3", **PHONE)
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__ask")).to_contain_text("Your call", timeout=ENGINE_TIMEOUT)
    # The bids people make as buttons (with Pass), the others one tap away under More bids.
    calls = table.get_by_role("group", name="Your call").get_by_role("button")
    expect(calls).to_have_count(9)
    assert calls.evaluate_all("(els) => els.map((e) => e.textContent)") == ["Pass", *map(str, range(6, 14))]
    more = table.locator(".sr-table__more")
    expect(more.locator("summary")).to_have_text("More bids (1–5, 14–24)")
    expect(more.get_by_role("button", name="24")).to_be_hidden()
    more.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(more.get_by_role("button", name="24")).to_be_visible()
    page.keyboard.press("Enter")  # folded again
    expect(more.get_by_role("button", name="24")).to_be_hidden()
    # The advice: beside the hand, its call outlined (moved beside the others when it was folded).
    table.get_by_role("button", name="What would you bid?").click()
    advice = table.locator(".sr-table__advice")
    expect(advice).to_contain_text("The advisor would", timeout=ENGINE_TIMEOUT)
    advised = table.locator(".sr-table__advised")
    expect(advised).to_have_count(1)
    said = advice.locator("strong").text_content()
    call = advised.get_attribute("data-move")
    assert said.startswith("The advisor would pass" if call == "pass" else f"The advisor would {call},"), (said, call)
    assert advised.evaluate("(b) => b.closest('details') === null")
    expect(advised).to_have_attribute("aria-describedby", advice.locator("p").get_attribute("id"))
    outline = advised.evaluate("(b) => getComputedStyle(b).outlineStyle")
    assert outline == "solid", outline
    in_view(page, advice=advice, advised=advised, hand=table.locator(".sr-table__hand"))
    # Bid the top (under More bids): no one can bid over it, so the reader names trump, and the
    # advice is still there, its trump outlined.
    trump = said.split("Trump: ")[1].rstrip(". ") if "Trump: " in said else None
    if not more.evaluate("(d) => d.open"):
        more.locator("summary").click()
    tap(page, more.get_by_role("button", name="24"))
    settled(page, table)
    expect(table.locator(".sr-table__ask")).to_contain_text("You won the bid at 24: name trump.")
    kept = table.locator(".sr-table__advice")
    expect(kept).to_contain_text("The advisor would name Trump:")
    named = kept.locator("strong").text_content().split("Trump: ")[1].rstrip(". ")
    if trump is not None:
        assert named == trump
    advised = table.get_by_role("group", name="Name trump").locator(".sr-table__advised")
    expect(advised).to_have_attribute("data-label", named)
    in_view(page, contract=table.locator(".sr-contract"), advice=kept, advised=advised, hand=table.locator(".sr-table__hand"))
    # Naming it: the trump by the hand, and the first card turn on one screen.
    tap(page, advised)
    settled(page, table)
    card_turn_in_view(page, table)
    expect(table.locator(".sr-tv__mark--trump")).to_have_text(f"Trump: {named}")


def test_a_few_card_turns_on_a_desktop(open_page: Any) -> None:
    start = sit_down("parker-1947", "four-partners", 1, ["pass", "pass", "pass"])
    page, _ = open_page(f"tools/play/?rules=parker-1947&format=four-partners&seed=1&play={start['play']}", **DESKTOP)
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__hand .sr-card").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    table.get_by_label("The other players' cards").select_option("instant")
    for _ in range(4):
        settled(page, table)
        tap(page, table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first)
        settled(page, table)
        card_turn_in_view(page, table)


def coached_turns(page: Any, rules: str = "parker-1947") -> Any:
    deal = page.locator("somerset-first-deal")
    if rules != "parker-1947":
        deal.get_by_label("Guided deal").select_option(rules)
    deal.get_by_label("Pace of the other seats").select_option(label="At once")
    deal.get_by_role("button", name="Start the auction").click()
    record = DEALS[rules]
    steps = record["steps"]
    for k, step in enumerate(steps):
        coach = deal.locator(".sr-first-deal__coachline")
        expect(coach).to_contain_text(f"Your turn ({k + 1} of {len(steps)})")
        contract = deal.locator(".sr-contract")
        if step["move"].startswith("discard "):
            # Every card the coach suggests, then each chosen with the Discard button in view.
            cards = step["move"].split()[1:]
            keys = {f"suggested {c}": deal.locator(f".sr-first-deal__hand [data-card='{c}']") for c in cards}
            in_view(page, coach=coach, **keys)
            confirm = deal.get_by_role("button", name=f"Discard {len(cards)}")
            for name, key in keys.items():
                key.click()
                in_view(page, chosen=key, discard=confirm)
            confirm.click()
            continue
        pick = deal.locator(".sr-first-deal__pick")
        in_view(page, coach=coach, contract=contract, suggested=pick.first)
        if step["move"].startswith("play "):
            in_view(page, trick=deal.locator(".sr-tv__centre"), hand=deal.locator(".sr-first-deal__hand"))
        pick.click()
    expect(deal.locator(".sr-first-deal__score")).to_contain_text(record["end"]["score"]["reason"])
    in_view(page, score=deal.locator(".sr-first-deal__score"))
    return deal


@pytest.mark.parametrize("rules", sorted(DEALS))
@pytest.mark.parametrize("phone", ["light", "dark"])
def test_every_coached_turn_on_one_phone_screen(open_page: Any, phone: str, rules: str) -> None:
    page, _ = open_page("learn/first-deal/", **PHONES[phone])
    coached_turns(page, rules)


@pytest.mark.parametrize("rules", sorted(DEALS))
def test_every_coached_turn_on_a_desktop(open_page: Any, rules: str) -> None:
    page, _ = open_page("learn/first-deal/", **DESKTOP)
    coached_turns(page, rules)


def test_a_barred_card_is_answered_in_view(open_page: Any) -> None:
    page, _ = open_page("learn/first-deal/", **PHONE)
    deal = page.locator("somerset-first-deal")
    deal.get_by_label("Pace of the other seats").select_option(label="At once")
    deal.get_by_role("button", name="Start the auction").click()
    deal.locator(".sr-first-deal__pick").click()  # bid 12
    deal.locator(".sr-first-deal__pick").click()  # trump 12
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text("Your turn (3 of")
    deal.locator(".sr-card[data-card='1/4']").click()
    verdict = deal.locator(".sr-first-deal__verdict")
    expect(verdict).to_contain_text("1/4 may not be played")
    in_view(page, answer=verdict, card=deal.locator(".sr-card[data-card='1/4']"))
