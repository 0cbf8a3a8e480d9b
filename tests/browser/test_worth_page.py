"""What is my hand worth? in real Chromium: a permalink on a phone answers with the engine's figures,
they sharpen slice by slice, the tables have headers, a bad hand is refused in its field, and the
answer is announced."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from somerset.api import handle

PAGE = "tools/worth/"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
TIMEOUT = 120_000
HAND = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10"


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps({"cmd": "advise", **request})))


def widget(page: Any) -> Any:
    return page.locator("somerset-worth")


# Every text the verdict's reason and the live region take, in order: the first slice's answer is
# on screen only until the next slice's, which a fast machine shows before a check could look.
RECORD_TEXTS = """
window.__texts = { reason: [], live: [] };
new MutationObserver(() => {
  for (const [key, selector] of [["reason", "somerset-worth .sr-verdict__reason"], ["live", "somerset-worth [aria-live='polite']"]]) {
    const el = document.querySelector(selector);
    const seen = window.__texts[key];
    if (el && el.textContent && seen[seen.length - 1] !== el.textContent) seen.push(el.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def made_every_deal(trumps: list[dict[str, Any]]) -> int:
    """How many of the lowest bids every trump given makes in every deal (widgets/worth/worth.js joins a
    run of two or more into one column or row)."""
    n = 0
    while n < len(trumps[0]["bids"]) and all(t["bids"][n]["p_make"] == 1 for t in trumps):
        n += 1
    return n if n >= 2 else 0


def heat_columns(bids: list[int], sure: int) -> list[str]:
    return ([f"Bids {bids[0]}\u2013{bids[sure - 1]}"] if sure else []) + [f"Bid {b}" for b in bids[sure:]]


def test_the_bids_a_strong_hand_always_makes_are_joined(open_page: Any, site_url: str) -> None:
    hand = "S/S 0/0 6/6 8/8 4/8 2/8 10/10 4/6 2/2 0/4 4/4 2/10"
    page, _ = open_page(goto=False, **PHONE)
    page.goto(f"{site_url}{PAGE}?rules=parker-1947&format=four-partners&hand=" + hand.replace(" ", "+"))
    w = widget(page)
    expect(w.locator(".sr-worth__progress")).to_have_text("400 deals played out for each trump.", timeout=TIMEOUT)
    final = engine(rules="parker-1947", format="four-partners", hand=hand, samples=400)
    sure = made_every_deal(final["trumps"])
    assert sure >= 2, "this hand should make its lowest bids in every deal with every trump"
    bids = [b["bid"] for b in final["trumps"][0]["bids"]]
    heat = w.locator(".sr-worth__table")
    expect(heat.locator("thead th")).to_have_text(["Trump"] + heat_columns(bids, sure))
    expect(heat.locator("tbody tr").first.locator("td").first).to_have_text("100%")
    # the map is scrolled to the recommended bid, the trumps' column staying in view
    rec = final["recommendation"]["bid"]
    region = w.get_by_role("region", name="Chance of making each bid, by trump")
    column = heat.locator("thead th", has_text=f"Bid {rec}").first
    area, cell, trumps = region.bounding_box(), column.bounding_box(), heat.locator("thead th").first.bounding_box()
    assert area and cell and trumps
    assert area["x"] <= cell["x"] and cell["x"] + cell["width"] <= area["x"] + area["width"] + 1, (area, cell)
    assert region.evaluate("e => e.scrollLeft") > 0
    assert abs(trumps["x"] - area["x"]) <= 1 and trumps["x"] + trumps["width"] <= cell["x"], (trumps, cell)


def test_a_permalink_on_a_phone_shows_the_engines_advice(open_page: Any, site_url: str) -> None:
    page, _ = open_page(goto=False, **PHONE)
    page.add_init_script(RECORD_TEXTS)
    page.goto(f"{site_url}{PAGE}?rules=parker-1947&format=four-partners&hand=" + HAND.replace(" ", "+"))
    first = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=40)
    rec = first["recommendation"]
    w = widget(page)
    heat = w.locator(".sr-worth__table")
    # the figures sharpen: later slices carry on to 400 deals a trump, and say so when final
    expect(w.locator(".sr-worth__progress")).to_have_text("400 deals played out for each trump.", timeout=TIMEOUT)
    final = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=400)
    six = next(t for t in final["trumps"] if t["trump"] == "6")
    # the heat map: a row header for every trump, a header for every bid, the lowest bids made in
    # every deal with every trump joined into one column
    bids_offered = [b["bid"] for b in final["trumps"][0]["bids"]]
    sure = made_every_deal(final["trumps"])
    expect(heat.locator("tbody th[scope='row']")).to_have_count(len(final["trumps"]))
    expect(heat.locator("thead th")).to_have_text(["Trump"] + heat_columns(bids_offered, sure))
    row = heat.locator("tbody tr[data-trump='6'] td")
    expect(row.first).to_have_text(f"{round(100 * six['bids'][0]['p_make'])}%")
    # each bid with the chosen trump (the recommended one): made, interval, expected score
    expect(w.get_by_label("Trump", exact=True)).to_have_value(final["recommendation"]["trump"])
    bids = w.locator(".sr-worth__bidtable tbody tr")
    rec_trump = next(t for t in final["trumps"] if t["trump"] == final["recommendation"]["trump"])
    own = made_every_deal([rec_trump])
    expect(bids).to_have_count(len(rec_trump["bids"]) - own + (1 if own else 0))
    if own:
        last = rec_trump["bids"][own - 1]
        expect(bids.first.locator("th")).to_have_text(f"{rec_trump['bids'][0]['bid']}\u2013{last['bid']}")
        expect(bids.first.locator("td").first).to_have_text("100%")
    expect(w.locator("[aria-live='polite']")).to_have_text(
        "The figures are final: 400 deals played out for each trump. "
        f"Recommended: bid {final['recommendation']['bid']}, Trump: {final['recommendation']['label']}.")
    expect(w.locator(".sr-verdict__reason")).to_have_text(final["recommendation"]["reason"])
    # the first slice's answer was shown and announced once, before the figures sharpened
    texts = page.evaluate("() => window.__texts")
    assert texts["reason"][0] == rec["reason"], texts["reason"]
    assert texts["live"][0] == f"So far: bid {rec['bid']}, Trump: {rec['label']}. {rec['reason']}", texts["live"]
    # the page fits the phone: the wide heat map scrolls in its own region
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= 360, width
    for box in w.locator("button:visible, select:visible, textarea:visible").all():
        assert box.bounding_box()["height"] >= 44, box.evaluate("e => e.outerHTML.slice(0, 80)")


# Every state the verdict's line, the progress line and the heat map's outlined cell pass through.
RECORD_STATES = """
window.__states = [];
new MutationObserver(() => {
  const w = document.querySelector("somerset-worth");
  const winner = w && w.querySelector(".sr-verdict__winner");
  const progress = w && w.querySelector(".sr-worth__progress");
  if (!winner || !progress || !progress.textContent) return;
  const cells = [...w.querySelectorAll(".sr-worth__table td.sr-worth__rec")];
  const state = {
    winner: winner.textContent, provisional: winner.hasAttribute("data-provisional"), progress: progress.textContent,
    cells: cells.map((td) => ({ trump: td.closest("tr").dataset.trump, column: [...td.parentNode.children].indexOf(td),
                                 mark: td.dataset.recommended })),
  };
  const last = window.__states[window.__states.length - 1];
  if (!last || JSON.stringify(last) !== JSON.stringify(state)) window.__states.push(state);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def test_the_call_is_marked_so_far_until_the_figures_are_final_and_its_cell_is_outlined(open_page: Any, site_url: str) -> None:
    page, _ = open_page(goto=False, **PHONE)
    page.add_init_script(RECORD_STATES)
    page.goto(f"{site_url}{PAGE}?rules=parker-1947&format=four-partners&hand=" + HAND.replace(" ", "+"))
    w = widget(page)
    expect(w.locator(".sr-worth__progress")).to_have_text("400 deals played out for each trump.", timeout=TIMEOUT)
    final = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=400)
    rec = final["recommendation"]
    call = f"bid {rec['bid']}, Trump: {rec['label']}."
    expect(w.locator(".sr-verdict__winner")).to_have_text(f"Recommended: {call}")
    states = page.evaluate("() => window.__states")
    sharpening = [s for s in states if "so far" in s["progress"]]
    assert sharpening, states
    for s in sharpening:
        assert s["provisional"] and s["winner"].startswith("So far: "), s
        assert all(c["mark"] == "so far" for c in s["cells"]), s
    last = states[-1]
    assert not last["provisional"] and last["winner"] == f"Recommended: {call}", last
    # one cell outlined: the recommended trump's row, the recommended bid's column
    sure = made_every_deal(final["trumps"])
    bids = [b["bid"] for b in final["trumps"][0]["bids"]]
    i = bids.index(rec["bid"])
    column = 1 + (0 if sure and i < sure else i - sure + (1 if sure else 0))
    assert last["cells"] == [{"trump": rec["trump"], "column": column, "mark": "final"}], last
    heat = w.locator(".sr-worth__table")
    assert heat.locator("thead th").nth(column).text_content() in (f"Bid {rec['bid']}", heat_columns(bids, sure)[0])
    expect(w.locator(".sr-worth__key")).to_have_text(f"The outlined cell is the recommended call: {call}")
    # the price of a set in words, and the bids table's terms glossed
    expect(w.locator(".sr-worth__set")).to_have_text(final["set_price"])
    assert final["set_price"].startswith("If your side is set")
    expect(w.locator(".sr-worth__gloss dt")).to_have_text(["Made", "95% interval", "Expected score"])


def test_a_bad_hand_is_refused_in_its_field_and_the_address_keeps_the_question(open_page: Any) -> None:
    page, _ = open_page(PAGE)
    w = widget(page)
    w.locator(".sr-start").click()
    hand = w.get_by_label("Your hand")
    expect(w.locator(".sr-verdict__reason")).not_to_be_empty(timeout=TIMEOUT)  # the example hand first
    hand.fill("6/6 6/6")
    w.get_by_role("button", name="What is it worth?").click()
    error = engine(rules="parker-1947", format="four-partners", hand="6/6 6/6")["error"]["message"]
    expect(w.locator(".sr-field-error:visible")).to_have_text(error, timeout=TIMEOUT)
    expect(hand).to_have_attribute("aria-invalid", "true")
    expect(w.locator("[aria-live='polite']")).to_have_text(f"Not evaluated: {error}")
    query = parse_qs(urlsplit(page.url).query)
    assert query["hand"] == ["6/6 6/6"] and query["rules"] == ["parker-1947"]


def pad_card(w: Any, card: str) -> None:
    """Tap a card on the pad: its suit first, unless it is a key of its own (the 0/0, the S/S)."""
    key = w.locator(f'.sr-keypad__card[data-card="{card}"]')
    if not key.count():
        w.locator(f'.sr-keypad__suit[data-suit="{card.split("/")[1]}"]').click()
    w.locator(f'.sr-keypad__card[data-card="{card}"]').click()


def test_a_hand_entered_on_the_pad_after_other_calls(open_page: Any) -> None:
    # The card pad builds the hand (a count until it is whole); the calls before the reader's give
    # the seat and what the bid must beat; the answer is the engine's for that seat and auction.
    page, _ = open_page(PAGE + "?rules=parker-1947", **PHONE)
    w = widget(page)
    w.get_by_role("button", name="Clear").click()
    cards = HAND.split()
    for card in cards[:-1]:
        pad_card(w, card)
    expect(w.get_by_label("Your hand")).to_have_value(" ".join(cards[:-1]))
    expect(w.get_by_text(f"{len(cards) - 1} of {len(cards)} cards.")).to_be_visible()
    calls = w.get_by_label("The calls before yours")
    calls.fill("14 pass")
    expect(w.get_by_text("You call as seat 3 after 2 calls.")).to_be_visible()
    pad_card(w, cards[-1])
    rec = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=400, auction=["14", "pass"], seat=2,
                 dealer=3)["recommendation"]
    expect(w.locator(".sr-worth__progress")).to_have_text("400 deals played out for each trump.", timeout=TIMEOUT)
    expect(w.locator(".sr-verdict__reason")).to_have_text(rec["reason"])
    assert rec["bid"] is None or rec["bid"] > 14
    query = parse_qs(urlsplit(page.url).query)
    assert query["auction"] == ["14 pass"] and query["hand"] == [HAND]
    # A call the auction does not allow is refused in its own field.
    calls.fill("14 12")
    calls.press("Enter")
    error = engine(rules="parker-1947", format="four-partners", hand=HAND, samples=40, auction=["14", "12"], seat=2,
                   dealer=3)["error"]["message"]
    expect(w.locator(".sr-field-error:visible")).to_have_text(error, timeout=TIMEOUT)
    expect(calls).to_have_attribute("aria-invalid", "true")
    expect(w.get_by_label("Your hand")).not_to_have_attribute("aria-invalid", "true")


def test_play_a_deal_asks_the_advisor_during_the_readers_call(open_page: Any) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=3", **PHONE)
    table = page.locator("somerset-table")
    table.get_by_role("button", name="What would you bid?").click(timeout=TIMEOUT)
    hand = table.locator(".sr-table__hand [data-card]").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    rec = engine(rules="parker-1947", format="four-partners", hand=hand, samples=80)["recommendation"]
    call = "pass" if rec["bid"] is None else f"bid {rec['bid']}, Trump: {rec['label']}"
    expect(table.locator(".sr-table__advice")).to_contain_text(f"The advisor would {call}. {rec['reason']}", timeout=TIMEOUT)
    expect(table.locator("[aria-live='polite']")).to_have_text(f"The advisor would {call}. {rec['reason']}")
    table.get_by_role("link", name="Every bid and trump for this hand").click()
    expect(widget(page).get_by_label("Your hand")).to_have_value(" ".join(hand))
    expect(widget(page).locator(".sr-verdict__reason")).not_to_be_empty(timeout=TIMEOUT)
