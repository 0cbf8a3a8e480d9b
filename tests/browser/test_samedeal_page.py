"""Same deal, every ruleset, in real Chromium: a permalink on a phone, the keyboard, a pasted record,
bad input, and the link from the end of a deal played on Play a deal."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from somerset.api import handle
from somerset.players.roster import make_bots
from somerset.game.deal import Deal
from somerset.records.deal_record import record_of
from somerset.service.samedeal import seed_source

PAGE = "tools/samedeal/"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
TIMEOUT = 60_000


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps({"cmd": "samedeal", **request})))


def widget(page: Any) -> Any:
    return page.locator("somerset-samedeal")


def seats(text: str) -> str:
    """The engine's seat numbers (from 0) as readers count them (from 1)."""
    return re.sub(r"\b(seats?) (\d+)( and (\d+))?", lambda m: f"{m[1]} {int(m[2]) + 1}" + (
        f" and {int(m[4]) + 1}" if m[4] else ""), text)


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def summary_of(answer: Any) -> str:
    """The sentence the widget says for an answer's first parting."""
    e = answer["events"][answer["first"]]
    names = {r["id"]: r["name"] for r in answer["rulesets"]}
    outcome = {x["ruleset"]: x["outcome"] for x in e["by_ruleset"]}
    words = [f"{listed([names[i] for i in g])}: {seats(outcome[g[0]])}" for g in e["groups"]]
    where = e["where"][0].lower() + e["where"][1:]
    return f"They first part ways at {where}. {'; '.join(words)}."


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= page.viewport_size["width"], width


def test_a_permalink_on_a_phone_shows_where_the_rulesets_part(open_page: Any) -> None:
    page, _ = open_page(f"{PAGE}?rules=parker-1947-house,parker-1947,parker-1950&seed=2", **PHONE)
    answer = engine(rules=["parker-1947-house", "parker-1947", "parker-1950"], seed=2)
    summary = widget(page).locator(".sr-samedeal__summary")
    expect(summary).to_have_text(summary_of(answer), timeout=TIMEOUT)
    assert summary_of(answer).startswith("They first part ways at trick 1, card 2. Parker 1947 with house rules: seat 2 plays 0/0")
    # Announced, since the reader came for this answer.
    expect(widget(page).locator("[aria-live='polite']")).to_have_text(summary_of(answer))
    # The ruleset with another pack says why it cannot deal these cards.
    expect(widget(page).locator(".sr-samedeal__cannot li")).to_have_text(
        ["Parker 1950: Parker 1950 plays with the single pack of 28 cards; this deal is dealt from the double pack of 50 cards."])
    first = widget(page).locator(".sr-samedeal__event--first")
    expect(first.locator("[data-ruleset='parker-1947'] .sr-samedeal__reasons li").first).to_contain_text(
        "0/0 may not be played here")
    expect(first.locator("[data-ruleset='parker-1947'] a.sr-cite").first).to_contain_text("Parker 1947 booklet")
    expect(widget(page).locator(".sr-samedeal__ending")).to_have_count(2)
    no_sideways_scroll(page)
    for control in widget(page).locator("button:visible, select:visible, input[type=text]:visible, summary:visible, label.sr-samedeal__pick").all():
        assert control.bounding_box()["height"] >= 44, control.evaluate("e => e.outerHTML.slice(0, 90)")
    # A deal's own replay opens in place, step by step, from the fold of how each deal ends.
    widget(page).locator("summary", has_text="How the deal ends under each").click()
    widget(page).get_by_role("button", name="Replay it under Parker 1947, step by step").click()
    expect(widget(page).locator("somerset-replay .sr-replay__label")).not_to_be_empty(timeout=TIMEOUT)
    no_sideways_scroll(page)


def test_by_keyboard_the_rulesets_and_the_seed_change_the_address(open_page: Any) -> None:
    page, _ = open_page(f"{PAGE}?rules=parker-1947,somersetcards-com&seed=7")
    expect(widget(page).locator(".sr-samedeal__summary")).to_contain_text("first part ways", timeout=TIMEOUT)
    box = widget(page).get_by_label("Minden Senior Center")
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    seed = widget(page).get_by_label("Seed")
    seed.fill("7")
    seed.press("Enter")
    # dealt from the form: by the last seat, as at Play a deal, and the link says so
    answer = engine(rules=["parker-1947", "somersetcards-com", "minden-senior-center"], seed=7, dealer=3)
    expect(widget(page).locator(".sr-samedeal__summary")).to_have_text(summary_of(answer))
    query = parse_qs(urlsplit(page.url).query)
    assert query["rules"] == ["parker-1947,somersetcards-com,minden-senior-center"] and query["seed"] == ["7"]
    assert query["dealer"] == ["4"]
    # A seed that is not a number says what is accepted, next to the field.
    seed.fill("seven")
    seed.press("Enter")
    error = page.locator(f"#{seed.get_attribute('aria-describedby')}")
    expect(error).to_contain_text("“seven” is not a seed: use a whole number")
    expect(seed).to_have_attribute("aria-invalid", "true")


def test_a_pasted_record_is_compared_under_its_own_ruleset(open_page: Any) -> None:
    text = str(record_of(seed_source("boardgamegeek", None, 67).deal()))
    page, _ = open_page(f"{PAGE}?rules=parker-1947,somersetcards-com&seed=7")
    expect(widget(page).locator(".sr-samedeal__summary")).to_contain_text("first part ways", timeout=TIMEOUT)
    widget(page).locator("summary", has_text="Or paste a deal's record").click()
    widget(page).get_by_label("Record").fill(text)
    widget(page).get_by_role("button", name="Compare this record").click()
    answer = engine(rules=["parker-1947", "somersetcards-com"], record=text)
    expect(widget(page).locator(".sr-samedeal__summary")).to_have_text(summary_of(answer))
    expect(widget(page).locator(".sr-samedeal__source")).to_contain_text("played under boardgamegeek.com as the record has it")
    assert "seed" not in parse_qs(urlsplit(page.url).query)
    # A broken record says what is wrong, and nothing else is lost.
    widget(page).get_by_label("Record").fill('[Ruleset "parker-1947"]\n\nHand 0: 4/8\n')
    widget(page).get_by_role("button", name="Compare this record").click()
    expect(widget(page).locator("[role=alert]")).to_contain_text("the record cannot be read")


def test_the_end_of_a_deal_played_at_the_table_links_here(open_page: Any) -> None:
    # The reader's moves: the bot's choice for seat 1 (the engine's seat 0) at every turn.
    deal = Deal("parker-1947", dealer=3, seed=4)
    bots = make_bots("heuristic", 4, 4)
    moves: list[str] = []
    while not deal.is_terminal():
        if deal.is_chance():
            deal.apply(deal.chance_outcome())
            continue
        action = bots[deal.current_player].act(deal)
        if deal.current_player == 0:
            moves.append(str(action))
        deal.apply(action)
    assert not deal.passed_out
    address = ",".join(m.replace(" ", "_") for m in moves)
    page, _ = open_page(f"tools/play/?rules=parker-1947&seed=4&moves={address}")
    link = page.get_by_role("link", name="This deal under the other rulesets")
    expect(link).to_be_visible(timeout=TIMEOUT)
    link.click()
    expect(page).to_have_url(re.compile(r"/tools/samedeal/\?rules=parker-1947,"))
    expect(widget(page).locator(".sr-samedeal__source")).to_contain_text("as you played it at the table", timeout=TIMEOUT)
    query = parse_qs(urlsplit(page.url).query)
    answer = engine(rules=query["rules"][0].split(","), seed=4, format="four-partners", moves=moves)
    assert "error" not in answer
    expect(widget(page).locator(".sr-samedeal__ending")).to_have_count(len(answer["endings"]))
    own = widget(page).locator(".sr-samedeal__ending[data-ruleset='parker-1947'] .sr-samedeal__outcome")
    expected = answer["endings"][0]["outcome"]
    expect(own).to_have_text(seats(expected[0].upper() + expected[1:]) + ".")


def test_the_partings_come_first_and_the_steps_that_changed_nothing_apart(open_page: Any) -> None:
    rules = ["parker-1947", "parker-1934", "minden-senior-center", "somersetcards-com"]
    page, _ = open_page(f"{PAGE}?rules={','.join(rules)}&seed=6&dealer=1", **PHONE)
    answer = engine(rules=rules, seed=6, dealer=0)
    w = widget(page)
    expect(w.locator(".sr-samedeal__summary")).to_have_text(summary_of(answer), timeout=TIMEOUT)
    assert answer["first"] == 0 and answer["unchanged"], answer["unchanged"]
    partings = w.locator("details.sr-samedeal__fold").first.locator(".sr-samedeal__event")
    expect(partings).to_have_count(len(answer["events"]))
    expect(partings.first.locator(".sr-samedeal__where")).to_contain_text(answer["events"][0]["where"])
    # the steps where only the choices differed: apart, after the partings, bids in their order
    unchanged = w.locator("details.sr-samedeal__unchanged")
    expect(unchanged.locator("summary")).to_have_text(
        f"Other choices allowed under some rulesets only, the play the same ({len(answer['unchanged'])})")
    unchanged.locator("summary").click()
    call = unchanged.locator(".sr-samedeal__event").first
    # the rulesets that did the same for the same reason share one box, named together
    same = call.locator(".sr-samedeal__ruleset[data-ruleset='parker-1947']")
    expect(same.locator(".sr-samedeal__name")).to_have_text("Parker 1947, Parker 1934 and somersetcards.com")
    expect(same.locator(".sr-samedeal__outcome")).to_have_text("Seat 2 bids 12 (here it could also have chosen bids of 1 to 11).")
    expect(call.locator(".sr-samedeal__ruleset[data-ruleset='minden-senior-center'] .sr-samedeal__reasons li").first).to_contain_text(
        "Bids of 1 to 11 are not allowed here: the lowest bid allowed is 12.")
