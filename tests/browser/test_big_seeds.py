"""Seeds copied from the command line work in every tool that takes one, up to 2**64 - 1 (more
than a JavaScript number holds exactly): the page shows the same deal as the engine in-process,
"Another deal" wraps round to 0, and one past the top is refused, saying what is accepted."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect
from test_puzzle_replay import reader_seats
from test_samedeal_page import summary_of

from somerset.api import handle
from somerset.service.replay import replay_bots
from somerset.rules.limits import MAX_SEED

TIMEOUT = 60_000
TOP = str(MAX_SEED)
PAST = str(MAX_SEED + 1)


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def test_the_top_seed_is_exact() -> None:
    # 2**64 - 1 is not a JavaScript number: the nearest double is 2**64, one past the top.
    assert MAX_SEED == 2**64 - 1 and float(MAX_SEED) == 2.0**64


def test_the_deal_replayer_at_the_top_seed_and_past_it(open_page: Any) -> None:
    page, _ = open_page(f"tools/replay/?rules=hodges-1903&format=two&seed={TOP}")
    tool = page.locator("somerset-deal")
    steps = replay_bots("hodges-1903", "two", MAX_SEED)["steps"]
    assert steps != replay_bots("hodges-1903", "two", 0)["steps"]
    expect(tool.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(steps)}", timeout=TIMEOUT)
    expect(tool.locator(".sr-replay__text")).to_have_text(reader_seats(steps[0]["text"]))
    tool.locator(".sr-replay__stage").focus()
    page.keyboard.press("End")
    expect(tool.locator(".sr-replay__text")).to_have_text(reader_seats(steps[-1]["text"]))
    assert f"seed={TOP}" in page.url
    # The next seed after the top is 0, dealt from the form: by the last seat.
    tool.get_by_role("button", name="Another deal").click()
    expect(tool.get_by_label("Seed")).to_have_value("0")
    first = replay_bots("hodges-1903", "two", 0, dealer=1)["steps"][0]["text"]
    expect(tool.locator(".sr-replay__text")).to_have_text(reader_seats(first))
    # One past the top: refused with the range, nothing shown for a wrong deal.
    page.goto(page.url.split("?")[0] + f"?rules=hodges-1903&format=two&seed={PAST}")
    expect(page.locator("somerset-deal")).to_contain_text(f"from 0 to {TOP}", timeout=TIMEOUT)


def test_play_a_deal_at_the_top_seed(open_page: Any) -> None:
    page, _ = open_page(f"tools/play/?rules=parker-1947&seed={TOP}")
    hand = engine(cmd="table", rules="parker-1947", seed=TOP)["view"]["hand"]
    assert hand != engine(cmd="table", rules="parker-1947", seed=str(2**64 - 2**11))["view"]["hand"]  # the double's neighbour
    cards = page.locator("somerset-table .sr-table__hand [data-card]")
    expect(cards).to_have_count(len(hand), timeout=TIMEOUT)
    assert sorted(c.get_attribute("data-card") for c in cards.all()) == sorted(hand)
    assert f"seed={TOP}" in page.url


def test_the_same_deal_at_the_top_seed(open_page: Any) -> None:
    rules = ["parker-1947-house", "parker-1947", "parker-1950"]
    page, _ = open_page(f"tools/samedeal/?rules={','.join(rules)}&seed={TOP}")
    answer = engine(cmd="samedeal", rules=rules, seed=TOP)
    expect(page.locator("somerset-samedeal .sr-samedeal__summary")).to_have_text(summary_of(answer), timeout=TIMEOUT)
