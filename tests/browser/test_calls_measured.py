"""Play a deal, once the deal is over: every call of the auction beside the call the bid advisor makes
with that seat's hand after the calls before it, as the engine's `advise` answers it."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from somerset.api import handle
from somerset.service.table import sit_down

ENGINE_TIMEOUT = 120_000
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}
SAMPLES = 40  # CALL_REVIEW_SAMPLES in widgets/play/calls-measured.js


def played_out(seed: int) -> dict[str, Any]:
    moves: list[str] = []
    d = sit_down("parker-1947", "four-partners", seed, moves)
    while not d["over"]:
        tp = d["to_play"]
        moves.append(tp["moves"][0] if tp["kind"] == "card" else tp["moves"][min(1, len(tp["moves"]) - 1)])
        d = sit_down("parker-1947", "four-partners", seed, moves)
    return d


def expected_line(d: dict[str, Any], i: int) -> str:
    v = d["view"]
    call = v["auction"][i]
    seat, said = call["seat"], call["call"]
    request: dict[str, Any] = {"cmd": "advise", "rules": "parker-1947", "format": "four-partners",
                               "hand": d["hands"][seat], "samples": SAMPLES, "seat": seat, "dealer": v["dealer"]}
    if i:
        request["auction"] = [c["call"] for c in v["auction"][:i]]
    a = json.loads(handle(json.dumps(request)))
    rec = a["recommendation"]
    same = said == "pass" if rec["bid"] is None else str(rec["bid"]) == said
    words = "The advisor agrees." if same else (
        "The advisor would pass." if rec["bid"] is None else f"The advisor would bid {rec['bid']}, Trump: {rec['label']}.")
    if said != "pass":
        best = max(((b["p_make"], t["label"]) for t in a["trumps"] for b in t["bids"] if str(b["bid"]) == said), key=lambda x: x[0])
        words += f" Bid {said} is made in {round(100 * best[0])}% of deals, with Trump: {best[1]}."
    return words


def test_every_call_is_measured_by_the_advisor_when_the_deal_is_over(open_page: Any) -> None:
    d = played_out(2)
    page, _ = open_page(f"tools/play/?rules=parker-1947&format=four-partners&seed=2&play={d['play']}", **PHONE)
    table = page.locator("somerset-table")
    table.locator("summary", has_text="The calls, measured by the bid advisor").click(timeout=ENGINE_TIMEOUT)
    table.get_by_role("button", name="Measure every call").click()
    items = table.locator(".sr-table__callreview li")
    calls = d["view"]["auction"]
    expect(items).to_have_count(len(calls), timeout=ENGINE_TIMEOUT)
    expect(table.get_by_text("deals of the unseen cards played out for each trump, for each call")).to_be_visible(timeout=ENGINE_TIMEOUT)
    for i in range(len(calls)):
        expect(items.nth(i)).to_contain_text(expected_line(d, i))
    assert items.first.text_content().startswith(("You ", "Seat "))
    for box in table.locator(".sr-table__calls-measured button:visible, .sr-table__calls-measured summary:visible").all():
        assert box.bounding_box()["height"] >= 44
