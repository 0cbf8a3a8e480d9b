"""The guided first deal under somersetgame.com in real Chromium against the built site, shown to a
reader whose remembered ruleset is somersetgame.com: the kitty face down in the auction, the
discard chosen from the hand with the kitty's cards marked and kept, the warning with the rule
before a count card is discarded, the raised bid on the table, and the deal to the score on a
360 px phone; the discard by keyboard alone; a chosen card and a suggested card told apart by more
than colour, and each choice announced."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from somerset.service.first_deal import first_deals_data

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}
RECORD = first_deals_data()["deals"]["somersetgame-com"]
STEPS = RECORD["steps"]
DISCARD = next(k for k, s in enumerate(STEPS) if s["move"].startswith("discard "))
ENGINE_FILES = ("pyodide", "assets/engine/", "worker.js", ".whl", "snapshot")
OUR_TABLE = "localStorage.setItem('somerset.ruleset', JSON.stringify({version: 1, ruleset: 'somersetgame-com'}))"


def open_at_our_table(open_page: Any, site_url: str, **options: Any) -> tuple[Any, Any]:
    page, rec = open_page(goto=False, **options)
    page.add_init_script(OUR_TABLE)
    page.goto(site_url + "learn/first-deal/")
    return page, rec


def start(page: Any) -> Any:
    deal = page.locator("somerset-first-deal")
    deal.get_by_label("Pace of the other seats").select_option(label="At once")
    expect(deal.locator(".sr-first-deal__rules")).to_contain_text("somersetgame.com")
    expect(deal.locator(".sr-first-deal__faceup")).to_contain_text("The kitty: 2 cards face down")
    deal.get_by_role("button", name="Start the auction").click()
    return deal


def no_engine(rec: Any) -> None:
    asked = [u for u in rec.urls if any(part in u for part in ENGINE_FILES)]
    assert asked == [], f"the guided deal asked for the engine: {asked}"


def test_the_kitty_deal_from_the_deal_to_the_score_on_a_phone(open_page: Any, site_url: str) -> None:
    page, rec = open_at_our_table(open_page, site_url, **PHONE)
    deal = start(page)
    bar = deal.locator(".sr-contract")
    verdict = deal.locator(".sr-first-deal__verdict")
    for k, step in enumerate(STEPS):
        expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(f"Your turn ({k + 1} of {len(STEPS)})")
        expect(deal.locator(".sr-first-deal__why")).to_have_text(step["coach"])
        if k != DISCARD:
            deal.locator(".sr-first-deal__pick").click()
            continue
        ask = step["table"]["to_play"]
        hand = deal.locator(".sr-first-deal__hand")
        for c in ask["kitty"]:
            expect(hand.locator(f".sr-card--kitty[data-card='{c}']")).to_be_visible()
        # a kitty card may not go back: it is explained, not chosen
        hand.locator(f"[data-card='{ask['kept'][0]}']").click()
        expect(verdict).to_contain_text(f"{ask['kept'][0]} came from the kitty")
        confirm = deal.get_by_role("button", name="Discard 2")
        expect(confirm).to_have_attribute("aria-disabled", "true")
        # a weaker discard (the coach's other choice) is explained, not made
        for c in ("0/2", "1/8"):
            hand.locator(f"[data-card='{c}']").click()
        confirm.click()
        expect(verdict).to_contain_text("is allowed, but weaker. " + step["instead"]["discard 0/2 1/8"])
        for c in ("0/2", "1/8"):
            hand.locator(f"[data-card='{c}']").click()  # unchosen again
        expect(deal.locator(".sr-first-deal__warning")).to_have_count(0)
        # the coach's discard: the count card warns first, with the rule
        for c in step["move"].split()[1:]:
            hand.locator(f"[data-card='{c}']").click()
        warning = deal.locator(".sr-first-deal__warning")
        expect(warning).to_contain_text(ask["effects"]["cards"]["5/10"])
        expect(warning).to_contain_text(ask["effects"]["rule"]["text"])
        expect(warning.get_by_role("link", name=ask["effects"]["rule"]["citation"]["label"])).to_be_visible()
        confirm.click()
        expect(bar.locator(".sr-contract__item--bid dd")).to_have_text("14, held by you")
    expect(deal.locator(".sr-first-deal__score")).to_contain_text(RECORD["end"]["score"]["reason"])
    expect(bar.locator(".sr-contract__item--bid dd")).to_have_text("14, held by you")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(RECORD["ending"])
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page overflows: {widths}"
    no_engine(rec)


def test_the_discard_by_keyboard(open_page: Any, site_url: str) -> None:
    page, rec = open_at_our_table(open_page, site_url)
    deal = start(page)
    for _ in range(DISCARD):
        expect(deal.locator(".sr-first-deal__pick").first).to_be_focused()
        page.keyboard.press("Enter")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(f"Your turn ({DISCARD + 1} of")
    first, second = STEPS[DISCARD]["move"].split()[1:]
    hand = deal.locator(".sr-first-deal__hand")
    expect(hand.locator(f"[data-card='{first}']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(hand.locator(f"[data-card='{first}']")).to_have_attribute("aria-pressed", "true")
    hand.locator(f"[data-card='{first}']").focus()
    while not hand.locator(f"[data-card='{second}']").evaluate("b => b === document.activeElement"):
        page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(hand.locator(f"[data-card='{second}']")).to_have_attribute("aria-pressed", "true")
    expect(deal.locator(".sr-first-deal__warning")).to_be_visible()
    deal.get_by_role("button", name="Discard 2").focus()
    page.keyboard.press("Enter")
    expect(deal.locator(".sr-first-deal__coachline")).to_contain_text(f"Your turn ({DISCARD + 2} of")
    expect(deal.locator(".sr-first-deal__pick")).to_be_focused()
    no_engine(rec)


def look(card: Any) -> dict[str, str]:
    """How a card of the discard is drawn: its face's ring and lift, and the words of its tags."""
    return card.evaluate(
        """b => { const f = getComputedStyle(b.querySelector('.sr-cardface'));
                 return {ring: f.outlineStyle, width: f.outlineWidth, lift: f.transform,
                         tags: [...b.querySelectorAll('.sr-first-deal__tag')].map(t => t.textContent).join(' + ')}; }""")


def test_a_chosen_card_and_a_suggested_card_look_different(open_page: Any, site_url: str) -> None:
    """Suggested: a dashed ring and a "Suggested" tag; chosen: lifted, a solid ring and a "✓ Discard"
    tag in its place (the coach's card too: one tag, so the hand keeps its size); each choice is
    announced with the count so far."""
    page, rec = open_at_our_table(open_page, site_url, **PHONE)
    deal = start(page)
    for _ in range(DISCARD):
        deal.locator(".sr-first-deal__pick").click()
    hand = deal.locator(".sr-first-deal__hand")
    live = deal.locator("[aria-live]")
    suggested, other = "5/10", "1/8"
    assert suggested in STEPS[DISCARD]["move"] and other not in STEPS[DISCARD]["move"]
    page.mouse.move(0, 0)  # no card hovered (a hovered card lifts a little)
    plain = look(hand.locator("[data-card='3/8']"))
    assert plain["ring"] == "none" and plain["tags"] == "" and plain["lift"] == "none"
    before = look(hand.locator(f"[data-card='{suggested}']"))
    assert before["ring"] == "dashed" and before["tags"] == "Suggested" and before["lift"] == "none"
    hand.locator(f"[data-card='{other}']").click()
    expect(live).to_have_text(f"{other} chosen to discard: 1 of 2 chosen.")
    page.mouse.move(0, 0)
    chosen = look(hand.locator(f"[data-card='{other}']"))
    assert chosen["ring"] == "solid" and chosen["tags"] == "✓ Discard" and chosen["lift"] != "none"
    assert float(chosen["width"].removesuffix("px")) > float(before["width"].removesuffix("px"))
    hand.locator(f"[data-card='{suggested}']").click()
    expect(live).to_contain_text(f"{suggested} chosen to discard: 2 of 2 chosen. Before you discard:")
    both = look(hand.locator(f"[data-card='{suggested}']"))
    assert both["ring"] == "solid" and both["tags"] == "✓ Discard"
    # a third card is refused in words while two are chosen
    hand.locator("[data-card='3/8']").click()
    expect(live).to_have_text("2 cards are chosen already: press one of them to put it back first.")
    assert look(hand.locator("[data-card='3/8']"))["tags"] == ""
    hand.locator(f"[data-card='{other}']").click()
    expect(live).to_have_text(f"{other} put back in your hand: 1 of 2 chosen.")
    page.mouse.move(0, 0)
    assert look(hand.locator(f"[data-card='{other}']")) == plain
    # the tags repeat the card's name and pressed state, which screen readers hear already
    card = hand.locator(f"[data-card='{suggested}']")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(card).to_have_attribute("aria-label", re.compile("the coach's suggestion"))
    expect(card.locator(".sr-first-deal__tags")).to_have_attribute("aria-hidden", "true")
    no_engine(rec)


def test_axe_finds_no_wcag_violation_at_the_discard(browser: Any, site_url: str) -> None:
    """axe-core on the discard step with the count card's warning, light and dark, at 360 px."""
    from test_accessibility import PHONE as PHONE_SIZE
    from test_accessibility import Viewer

    for scheme in ("light", "dark"):
        v = Viewer(browser, site_url, scheme, PHONE_SIZE)
        try:
            v.page.add_init_script(OUR_TABLE)
            v.page.goto(site_url + "learn/first-deal/")
            deal = start(v.page)
            for _ in range(DISCARD):
                deal.locator(".sr-first-deal__pick").click()
            hand = deal.locator(".sr-first-deal__hand")
            second = STEPS[DISCARD]["move"].split()[2]
            hand.locator(f"[data-card='{second}']").click()  # a suggested card chosen, the other only suggested
            expect(deal.locator(".sr-first-deal__warning")).to_be_visible()
            expect(hand.locator(".sr-first-deal__tag--chosen")).to_have_count(1)
            assert v.axe() == [], scheme
            hand.locator(f"[data-card='{second}']").click()
            hand.locator("[data-card='1/8']").click()  # a card chosen that the coach does not suggest
            expect(hand.locator(".sr-first-deal__tag--suggested")).to_have_count(2)
            assert v.axe() == [], scheme
        finally:
            v.context.close()
        assert v.foreign == []
