"""One dealer everywhere: a seed dealt from a tool's form is dealt by the last seat, as at Play a deal
(so the replayer, Same deal and Play a deal give seat 1 the same cards for the same seed), the link
names the dealer in readers' numbering, a link that names none keeps seat 1 dealing, and a seat the
table does not have is named in a notice."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from somerset.api import handle
from somerset.service.replay import replay_bots

ENGINE_TIMEOUT = 120_000
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_the_replayers_own_deal_is_dealt_by_the_last_seat_as_at_play_a_deal(open_page: Any) -> None:
    page, _ = open_page("tools/replay/", **PHONE)
    page.locator("somerset-deal .sr-start").click()
    replay = page.locator("somerset-deal somerset-replay")
    steps = replay_bots("parker-1947", None, 7, dealer=3)["steps"]
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(steps)}", timeout=ENGINE_TIMEOUT)
    expect(replay.locator(".sr-tv__seat[data-seat='3'] .sr-tv__mark--dealer")).to_have_text("dealer")
    expect(replay.locator(".sr-tv__mark--dealer")).to_have_count(1)
    expect(page.get_by_text("Dealt seed 7 under Parker 1947; seat 4 deals.")).to_have_count(1)
    assert query(page)["dealer"] == ["4"] and query(page)["seed"] == ["7"]
    # seat 1 holds the cards Play a deal gives the reader for the same seed
    table = engine(cmd="table", rules="parker-1947", seed=7)["view"]["hand"]
    bottom = replay.locator(".sr-tv__seat--bottom .sr-tv__card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert sorted(bottom) == sorted(table) == sorted(steps[0]["hands"][0]["cards"])


def test_a_replayer_link_without_a_dealer_keeps_seat_1_dealing(open_page: Any) -> None:
    page, _ = open_page("tools/replay/?rules=parker-1947&format=four-partners&seed=3")
    replay = page.locator("somerset-replay")
    steps = replay_bots("parker-1947", "four-partners", 3)["steps"]
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(steps)}", timeout=ENGINE_TIMEOUT)
    expect(replay.locator(".sr-tv__seat[data-seat='0'] .sr-tv__mark--dealer")).to_have_text("dealer")
    assert query(page)["dealer"] == ["1"]
    # the same seed dealt by seat 4, by its link
    page.goto(page.url.split("?")[0] + "?rules=parker-1947&format=four-partners&seed=3&dealer=4")
    expect(replay.locator(".sr-tv__seat[data-seat='3'] .sr-tv__mark--dealer")).to_have_text("dealer", timeout=ENGINE_TIMEOUT)
    other = replay_bots("parker-1947", "four-partners", 3, dealer=3)["steps"]
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(other)}")
    bottom = replay.locator(".sr-tv__seat--bottom .sr-tv__card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert bottom == other[0]["hands"][0]["cards"] != steps[0]["hands"][0]["cards"]


def test_a_dealer_the_table_does_not_have_is_named_and_the_last_seat_deals(open_page: Any) -> None:
    page, _ = open_page("tools/replay/?rules=hodges-1903&format=two&seed=3&dealer=5")
    tool = page.locator("somerset-deal")
    expect(tool.locator(".sr-notice")).to_have_text(
        "“5” is not a dealer's seat: a table of 2 has seats 1 to 2; seat 2 deals.", timeout=ENGINE_TIMEOUT)
    expect(tool.locator(".sr-tv__seat[data-seat='1'] .sr-tv__mark--dealer")).to_have_text("dealer", timeout=ENGINE_TIMEOUT)
    assert query(page)["dealer"] == ["2"]


def test_same_deal_names_its_dealer_in_the_link(open_page: Any) -> None:
    rules = ["parker-1947", "somersetcards-com"]
    page, _ = open_page("tools/samedeal/?rules=" + ",".join(rules) + "&seed=5&dealer=2")
    tool = page.locator("somerset-samedeal")
    answer = engine(cmd="samedeal", rules=rules, seed=5, dealer=1)
    assert answer["source"]["dealer"] == 1
    expect(tool.locator(".sr-samedeal__ending")).to_have_count(len(answer["endings"]), timeout=ENGINE_TIMEOUT)
    expect(tool.locator(".sr-samedeal__ending .sr-tv__seat[data-seat='1'] .sr-tv__mark--dealer").first).to_have_text("dealer")
    assert query(page)["dealer"] == ["2"]
    # the form's next deal is dealt by the last seat
    tool.get_by_role("button", name="Another deal").click()
    expect(tool.get_by_label("Seed")).to_have_value("6")
    expect(tool.locator(".sr-samedeal__ending .sr-tv__seat[data-seat='3'] .sr-tv__mark--dealer").first).to_have_text(
        "dealer", timeout=ENGINE_TIMEOUT)
    assert query(page)["dealer"] == ["4"]
