"""A link whose `rules=` is a ruleset code (a table's own rules) opens the tools a table uses under
those rules: the trick resolver, the score calculator, the score pad and Play a deal, on a phone. The ruleset choice
names the table and its base, every answer is the engine's under the code (computed here with
somerset.api), and the address keeps the code. A code the engine refuses gets a notice with the
engine's reason and names the ruleset shown instead."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect
from screen import PHONE, in_view

from somerset.api import handle

ENGINE_TIMEOUT = 60_000


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def composed(code: str) -> Any:
    answer = engine(cmd="compose", rules=code, set={})
    assert "error" not in answer, answer
    return answer


def label(answer: Any) -> str:
    n = len(answer["changes"])
    named = "~name." in answer["code"]
    return f"{answer['name'] if named else 'Our table' + chr(39) + 's rules'}: {answer['base_name']} with {n} change{'' if n == 1 else 's'}"


def signed(n: int) -> str:
    """A score as the widgets print it (a real minus sign)."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def chosen(page: Any, widget: str) -> Any:
    return page.locator(f"{widget} .sr-field--rules select option:checked")


def test_the_trick_resolver_under_a_code_gives_the_composed_rules_verdict(open_page: Any) -> None:
    # The 0/0 played while its player held the suit led: Parker 1947 calls it a revoke, the table's
    # change (the 0/0 at any time, as somersetgame.com plays it) lets it stand.
    table = composed("parker-1947~v1~rover_play.any-time~target.50~name.T3VyIHRhYmxl")
    code = table["code"]
    expected = engine(cmd="trick", rules=code, trump="2", cards="5/8, 0/0", held=[1])
    base = engine(cmd="trick", rules="parker-1947", trump="2", cards="5/8, 0/0", held=[1])
    assert expected["conditions"][0]["kind"] != base["conditions"][0]["kind"]  # the change matters here
    page, _ = open_page(f"tools/trick/?rules={code}&trump=2&cards=5/8,0/0&held=1", **PHONE)
    widget = page.locator("somerset-trick")
    condition = widget.locator(".sr-verdict .sr-verdict__condition")
    expect(condition).to_have_count(1, timeout=ENGINE_TIMEOUT)
    expect(condition).to_contain_text(expected["conditions"][0]["text"])
    expect(widget.locator(".sr-verdict__condition--revoke")).to_have_count(0)
    winner = widget.locator(".sr-verdict .sr-verdict__winner")
    expect(winner).to_contain_text(f"{expected['card']}, the 2nd card played, takes the trick.")
    expect(chosen(page, "somerset-trick")).to_have_text("Our table: Parker 1947 with 2 changes")
    assert label(table) == "Our table: Parker 1947 with 2 changes"
    expect(widget.locator(".sr-notice")).to_be_hidden()
    # The select may be too narrow for the name: the line under it names the rules in full.
    expect(widget.locator(".sr-table-rules")).to_have_text("Our table: Parker 1947 with 2 changes.")
    # A link's table rules are not kept on the device until the reader presses "Our table".
    expect(widget.get_by_role("button", name="Our table")).to_be_enabled()
    expect(widget.get_by_role("button", name="Our table")).to_have_attribute("aria-pressed", "false")
    assert re.search(rf"[?&]rules={re.escape(code)}(&|$)", page.url), page.url
    in_view(page, rules=widget.locator(".sr-table-rules"), winner=winner, condition=condition)


def test_the_score_calculator_scores_a_set_by_the_tables_penalty(open_page: Any) -> None:
    table = composed("parker-1947~v1~set.bid")
    code = table["code"]
    expected = engine(cmd="score", rules=code, bid=15, made=12, against=12)
    base = engine(cmd="score", rules="parker-1947", bid=15, made=12, against=12)
    assert expected["bidder_side"] != base["bidder_side"]
    page, _ = open_page(f"tools/score/?rules={code}&bid=15&made=12&against=12", **PHONE)
    widget = page.locator("somerset-score")
    verdict = widget.locator(".sr-verdict")
    expect(verdict.locator(".sr-score dd").first).to_have_text(signed(expected["bidder_side"]), timeout=ENGINE_TIMEOUT)
    expect(verdict).to_contain_text(str(expected["reason"]))
    expect(chosen(page, "somerset-score")).to_have_text(label(table))
    expect(chosen(page, "somerset-score")).to_have_text("Our table's rules: Parker 1947 with 1 change")
    expect(widget.locator(".sr-table-rules")).to_have_text("Our table's rules: Parker 1947 with 1 change.")
    assert re.search(rf"[?&]rules={re.escape(code)}(&|$)", page.url), page.url
    # The outcome, the two sides' figures and the reason are on the first screen with the figures
    # typed in (the calculator's three boxes sit side by side on a phone).
    in_view(
        page,
        rules=widget.locator(".sr-table-rules"),
        bid=widget.get_by_label("Bid", exact=True),
        outcome=verdict.locator(".sr-verdict__winner"),
        figures=verdict.locator(".sr-score"),
        reason=verdict.locator(".sr-verdict__reason"),
    )


def test_play_a_deal_under_a_code_deals_and_the_bots_call(open_page: Any) -> None:
    from somerset.service.table import sit_down

    code = composed("parker-1947~v1~target.50~name.T3VyIHRhYmxl")["code"]
    offer = sit_down(code, None, 4, [])
    after = sit_down(code, None, 4, ["pass"])
    assert after["play"] and after["view"]["auction"][1:] != []  # the bots call after the reader
    page, _ = open_page(f"tools/play/?rules={code}&seed=4", **PHONE)
    widget = page.locator("somerset-table")
    hand = widget.locator(".sr-table__hand [data-card]")
    expect(hand).to_have_count(len(offer["view"]["hand"]), timeout=ENGINE_TIMEOUT)
    assert sorted(hand.evaluate_all("(els) => els.map((e) => e.dataset.card)")) == sorted(offer["view"]["hand"])
    expect(chosen(page, "somerset-table")).to_have_text("Our table: Parker 1947 with 1 change")
    widget.get_by_role("button", name="Pass", exact=True).click()
    expect(page).to_have_url(re.compile(rf"[?&]rules={re.escape(code)}&.*play={after['play']}(&|$)"), timeout=ENGINE_TIMEOUT)
    for call in after["view"]["auction"][1:]:
        if call["call"] != "pass":
            expect(widget).to_contain_text(call["call"])


BAD = [
    ("parker-1947~v1~rover_play", "is not a change", "Parker 1947"),
    ("parker-1947~v9~rover_play.any-time", "version 9", "Parker 1947"),
    ("parker-1947~v1~bogus.x", "'bogus' is not a rule a table may change", "Parker 1947"),
    ("nowhere~v1~rover_play.any-time", "nowhere", "Parker 1947"),
]


def test_a_code_the_engine_refuses_is_named_and_the_base_is_shown(open_page: Any) -> None:
    for code, reason, shown in BAD:
        answer = engine(cmd="compose", rules=code, set={})
        assert reason in answer["error"]["message"], answer
        page, _ = open_page(f"tools/trick/?rules={code}&trump=2&cards=5/8,0/0", **PHONE)
        notice = page.locator("somerset-trick .sr-notice")
        expect(notice).to_contain_text("This link's table rules cannot be read", timeout=ENGINE_TIMEOUT)
        expect(notice).to_contain_text(answer["error"]["message"])
        expect(notice).to_contain_text(f"Showing {shown}")
        expect(chosen(page, "somerset-trick")).to_have_text(shown)
        expected = engine(cmd="trick", rules="parker-1947", trump="2", cards="5/8, 0/0")
        expect(page.locator("somerset-trick .sr-verdict .sr-verdict__condition")).to_contain_text(expected["conditions"][0]["text"])
        in_view(page, notice=notice)
        page.close()


def test_the_score_pad_scores_a_set_by_the_tables_penalty(open_page: Any) -> None:
    table = composed("parker-1947~v1~set.bid")
    code = table["code"]
    deals = [{"bidder": 0, "bid": 15, "points": [12, 12]}]
    expected = engine(cmd="pad", rules=code, names=["We", "They"], deals=deals)
    base = engine(cmd="pad", rules="parker-1947", names=["We", "They"], deals=deals)
    assert expected["totals"] != base["totals"]  # the set is charged the bid, not twice the shortfall
    page, _ = open_page(f"tools/pad/?rules={code}", **PHONE)
    pad = page.locator("somerset-pad")
    expect(chosen(page, "somerset-pad")).to_have_text(label(table), timeout=ENGINE_TIMEOUT)
    expect(pad.locator(".sr-notice")).to_be_hidden()
    add = pad.get_by_role("button", name="Add the deal")
    expect(add).to_be_enabled(timeout=ENGINE_TIMEOUT)
    pad.get_by_label("Bid won by").select_option(label="We")
    pad.get_by_label("Bid", exact=True).fill("15")
    boxes = pad.locator(".sr-pad__points input")
    boxes.nth(0).fill("12")
    boxes.nth(1).fill("12")
    add.click()
    totals = pad.locator(".sr-pad__totals dd")
    expect(totals).to_have_text([str(t).replace("-", "\u2212") for t in expected["totals"]])
    assert re.search(rf"[?&]rules={re.escape(code)}(&|$)", page.url), page.url
    in_view(page, totals=pad.locator(".sr-pad__totals"), add=add)
