"""The one table of Play a deal and the deal replayer (widgets/views/table-view.js): the contract bar through a
whole deal, the hand at full contrast while bidding, a kitty discard that raises the bid warned of
before it is made, the score's sentence at the end, the other players' cards one at a time (and the
setting that skips them), and the replayer's four hands at every step with one step control, best
play drawn on the same table. At 360 x 740 and on a desktop, light and dark."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from somerset.service.replay import replay_bots
from somerset.service.table import sit_down

ENGINE_TIMEOUT = 60_000  # Pyodide's first boot takes seconds; wait, never sleep
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
VIEWS = {"phone-dark": {**PHONE, "color_scheme": "dark"}, "desktop-light": {**DESKTOP, "color_scheme": "light"}}

# somersetgame.com, seed 1: bidding each time wins the reader the kitty with S/S in hand, whose
# discard raises the bid from 14 to 17 (the engine's table answer names it).
KITTY = "tools/play/?rules=somersetgame-com&format=four-partners&seed=1&moves=bid_1,bid_5,bid_9,bid_12,bid_14"
KITTY_MOVES = ["bid 1", "bid 5", "bid 9", "bid 12", "bid 14"]


def reader_seats(text: str) -> str:
    """An engine sentence with seats numbered from 1, as the widgets show them (widgets/base/ui.js seatText)."""
    def up(m: re.Match[str]) -> str:
        out = f"{m[1]} {int(m[2]) + 1}" + re.sub(r"\d+", lambda n: str(int(n[0]) + 1), m[3] or "")
        return out + (re.sub(r"\d+", str(int(m[5]) + 1), m[4]) if m[4] else "")
    return re.sub(r"\b([Ss]eats?) (\d+)((?:, \d+)*)(,? and (\d+))?", up, text)


def bar(table: Any) -> Any:
    return table.locator(".sr-contract")


def set_pace(table: Any, value: str) -> None:
    table.get_by_label("The other players' cards").select_option(value)


def play_to_the_end(page: Any, table: Any, trump: str, bid: str) -> None:
    """Play the first card allowed until the deal is over, checking the contract bar after every card."""
    for _ in range(60):
        if table.locator(".sr-table__result").count():
            break
        expect(bar(table).locator(".sr-contract__item--trump dd")).to_have_text(trump)
        expect(bar(table).locator(".sr-contract__item--bid dd")).to_contain_text(bid)
        before = page.url
        table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first.click()
        page.wait_for_function("(url) => location.href !== url", arg=before, timeout=ENGINE_TIMEOUT)
        expect(table.locator(".sr-table__board[data-pace='done'] .sr-table__you")).to_be_attached(timeout=ENGINE_TIMEOUT)
    expect(table.locator(".sr-table__result")).to_contain_text("The deal is over.")
    expect(bar(table).locator(".sr-contract__item--trump dd")).to_have_text(trump)
    expect(bar(table).locator(".sr-contract__item--bid dd")).to_contain_text(bid)


@pytest.mark.parametrize("view", list(VIEWS))
def test_trump_and_the_bid_stay_on_the_table_when_the_reader_names_trump(open_page: Any, view: str) -> None:
    page, _ = open_page(KITTY, **VIEWS[view])
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__ask")).to_contain_text("choose 2 of the cards you were dealt", timeout=ENGINE_TIMEOUT)
    set_pace(table, "instant")
    expect(bar(table).locator(".sr-contract__item--trump dd")).to_have_text("not named yet")
    expect(bar(table).locator(".sr-contract__item--bid dd")).to_have_text("14, held by you")
    offer = sit_down("somersetgame-com", None, 1, KITTY_MOVES)["to_play"]
    plain = [c for c in sit_down("somersetgame-com", None, 1, KITTY_MOVES)["view"]["hand"] if c not in offer["kitty"] and c not in offer["effects"]["cards"]]
    for card in plain[:2]:
        table.locator(f'.sr-table__hand [data-card="{card}"]').click()
    table.get_by_role("button", name="Discard 2").click()
    table.get_by_role("group", name="Name trump").get_by_role("button").first.click()
    expect(table.locator(".sr-table__won")).to_contain_text(re.compile(r"You won the bid at 14, and trump is /\d+ suit\."), timeout=ENGINE_TIMEOUT)
    trump = table.locator(".sr-table__won").text_content().split("trump is ")[1].rstrip(".")
    expect(table.locator("[aria-live='polite']").first).to_contain_text("You won the bid at 14")
    play_to_the_end(page, table, trump, "14, held by you")


@pytest.mark.parametrize("view", list(VIEWS))
def test_trump_and_the_bid_stay_on_the_table_when_a_bot_names_trump(open_page: Any, view: str) -> None:
    start = sit_down("parker-1947", "four-partners", 1, ["pass", "pass", "pass"])
    v = start["view"]
    page, _ = open_page(f"tools/play/?rules=parker-1947&format=four-partners&seed=1&play={start['play']}", **VIEWS[view])
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__won")).to_have_text(
        f"Seat {v['declarer'] + 1} (your partner) won the bid at {v['bid']}, and trump is {v['trump_label']}.", timeout=ENGINE_TIMEOUT)
    set_pace(table, "instant")
    play_to_the_end(page, table, v["trump_label"], f"{v['bid']}, held by seat {v['declarer'] + 1}, your partner")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_hand_is_readable_while_bidding(open_page: Any, scheme: str) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=2", color_scheme=scheme, **PHONE)
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__ask")).to_contain_text("Your call", timeout=ENGINE_TIMEOUT)
    hand = table.locator(".sr-tv__seat--bottom .sr-table__hand [data-card]")
    expect(hand).to_have_count(12)
    assert table.locator(".sr-table__hand .sr-card--barred, .sr-table__hand [aria-disabled]").count() == 0
    opacity = hand.evaluate_all("(els) => els.map((e) => getComputedStyle(e.querySelector('.sr-cardface')).opacity)")
    assert set(opacity) == {"1"}
    expect(bar(table).locator(".sr-contract__item--trump dd")).to_have_text("not named yet (bidding)")
    # every seat round the table: you at the bottom, your partner marked, the dealer marked
    expect(table.locator(".sr-tv__seat")).to_have_count(4)
    expect(table.locator(".sr-tv__seat[data-seat='2'] .sr-tv__mark--partner")).to_have_text("partner")
    expect(table.locator(".sr-tv__seat[data-seat='3'] .sr-tv__mark--dealer")).to_have_text("dealer")
    expect(table.locator(".sr-tv__seat[data-seat='1'] .sr-tv__count")).to_have_text("12 cards")


@pytest.mark.parametrize("view", list(VIEWS))
def test_a_kitty_discard_that_raises_the_bid_warns_first(open_page: Any, view: str) -> None:
    page, _ = open_page(KITTY, **VIEWS[view])
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__ask")).to_contain_text("choose 2 of the cards you were dealt", timeout=ENGINE_TIMEOUT)
    offer = sit_down("somersetgame-com", None, 1, KITTY_MOVES)["to_play"]
    for card in offer["kitty"]:  # the kitty's cards are marked in the hand
        expect(table.locator(f'.sr-table__hand [data-card="{card}"]')).to_have_class(re.compile(r"\bsr-card--kitty\b"))
        expect(table.locator(f'.sr-table__hand [data-card="{card}"]')).to_have_attribute("aria-label", re.compile("from the kitty"))
    expect(table.locator(".sr-table__warning")).to_have_count(0)
    table.locator('.sr-table__hand [data-card="S/S"]').click()
    warning = table.locator(".sr-table__warning")
    expect(warning).to_contain_text("Before you discard: Discarding S/S raises your bid by 3, from 14 to 17")
    expect(warning.locator(".sr-table__rule")).to_contain_text("raises his bid by its value")
    expect(warning.locator(".sr-table__rule a.sr-cite")).to_contain_text("somersetgame.com")
    expect(table.locator("[aria-live='polite']").first).to_contain_text("raises your bid by 3")
    # nothing has changed yet: the bid is still 14 until the discard is made
    expect(bar(table).locator(".sr-contract__item--bid dd")).to_have_text("14, held by you")
    plain = next(c for c in sit_down("somersetgame-com", None, 1, KITTY_MOVES)["view"]["hand"] if c not in offer["kitty"] and c not in offer["effects"]["cards"])
    table.locator(f'.sr-table__hand [data-card="{plain}"]').click()
    table.get_by_role("button", name="Discard 2").click()
    expect(bar(table).locator(".sr-contract__item--bid dd")).to_have_text("17, held by you", timeout=ENGINE_TIMEOUT)
    expect(table.locator(".sr-table__won")).to_contain_text("You won the bid at 14; the discards raised it to 17")


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_end_of_a_deal_gives_the_score_sentence(open_page: Any, view: str) -> None:
    moves: list[str] = []
    d = sit_down("parker-1947", "four-partners", 2, moves)
    while not d["over"]:
        tp = d["to_play"]
        moves.append(tp["moves"][0] if tp["kind"] == "card" else tp["moves"][min(1, len(tp["moves"]) - 1)])
        d = sit_down("parker-1947", "four-partners", 2, moves)
    page, _ = open_page(f"tools/play/?rules=parker-1947&format=four-partners&seed=2&play={d['play']}", **VIEWS[view])
    table = page.locator("somerset-table")
    reason = table.locator(".sr-table__reason")
    expect(reason).to_contain_text(reader_seats(d["score_reason"]["text"]), timeout=ENGINE_TIMEOUT)
    expect(reason.locator("a.sr-cite")).to_have_text(d["score_reason"]["citation"]["label"])


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_other_players_cards_appear_one_at_a_time_and_can_be_skipped(open_page: Any, view: str) -> None:
    # a position where the reader leads and three bots play after: the last trick is on the table
    moves: list[str] = []
    d = sit_down("parker-1947", "four-partners", 2, moves)
    while not (d["to_play"]["kind"] == "card" and not d["view"]["trick"]["cards"] and d["view"]["tricks"]):
        tp = d["to_play"]
        moves.append(tp["moves"][0] if tp["kind"] == "card" else tp["moves"][min(1, len(tp["moves"]) - 1)])
        d = sit_down("parker-1947", "four-partners", 2, moves)
    page, _ = open_page(f"tools/play/?rules=parker-1947&format=four-partners&seed=2&play={d['play']}", **VIEWS[view])
    table = page.locator("somerset-table")
    board = table.locator(".sr-table__board")
    expect(table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    # the last trick stays on the table until the next lead, with who took it
    last = d["view"]["tricks"][-1]
    expect(table.locator(".sr-tv .sr-seat--winner")).to_have_attribute("data-card", last["cards"][(last["winner"] - last["leader"]) % 4])
    shown = sum(len(t["cards"]) for t in d["view"]["tricks"])
    set_pace(table, "slow")
    page.evaluate("""(board) => { window.__shown = []; new MutationObserver(() => window.__shown.push(board.dataset.pace + ':' + board.dataset.shown))
                      .observe(board, {attributes: true}); }""", board.element_handle())
    card = table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first
    card.click()
    # one card at a time: the reader's, then the first bot's, each drawn on the table before the next
    expect(board).to_have_attribute("data-pace", "playing", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-shown", str(shown + 1))
    expect(table.locator(".sr-tv .sr-seat:not(.sr-seat--empty)")).to_have_count(1)
    expect(board).to_have_attribute("data-shown", str(shown + 2), timeout=ENGINE_TIMEOUT)
    expect(table.locator(".sr-tv .sr-seat:not(.sr-seat--empty)")).to_have_count(2)
    # Show all now: the rest at once, and the reader's turn again
    table.get_by_role("button", name="Show all now").click()
    expect(board).to_have_attribute("data-pace", "done", timeout=ENGINE_TIMEOUT)
    expect(table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    seen = page.evaluate("window.__shown")
    counts = [int(x.split(":")[1]) for x in seen if x.startswith("playing:") and x.split(":")[1].isdigit()]
    assert counts[:2] == [shown + 1, shown + 2], seen
    # All at once: the next move shows the whole position without a step between
    set_pace(table, "instant")
    page.evaluate("window.__shown = []")
    before = page.url
    table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first.click()
    page.wait_for_function("(url) => location.href !== url", arg=before, timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-pace", "done", timeout=ENGINE_TIMEOUT)
    assert not any(x.startswith("playing") for x in page.evaluate("window.__shown"))


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_replayer_shows_all_four_hands_at_every_step_with_one_step_control(open_page: Any, view: str) -> None:
    data = replay_bots("parker-1947", "four-partners", 3)
    steps = data["steps"]
    page, _ = open_page("tools/replay/?rules=parker-1947&format=four-partners&seed=3", **VIEWS[view])
    replay = page.locator("somerset-replay")
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(steps)}", timeout=ENGINE_TIMEOUT)
    # one step control: First, Previous, Next, Last; no second one for the best-play line
    expect(replay.locator(".sr-replay__nav .md-button:visible")).to_have_count(4)
    held = steps[0]["hands"]
    replay.locator(".sr-replay__stage").focus()
    for i, step in enumerate(steps):
        if i:
            page.keyboard.press("ArrowRight")
        expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step {i + 1} of {len(steps)}")
        held = step.get("hands") or held
        seats = replay.locator(".sr-tv__seat")
        expect(seats).to_have_count(4)
        expect(replay.locator(".sr-tv__seat--bottom")).to_have_attribute("data-seat", "0")
        for hand in held:
            cards = replay.locator(f".sr-tv__seat[data-seat='{hand['seat']}'] .sr-tv__card")
            expect(cards).to_have_count(len(hand["cards"]))
        if "contract" in step and step["contract"]["trump_label"]:
            expect(replay.locator(".sr-contract__item--trump dd")).to_have_text(step["contract"]["trump_label"])
        assert replay.locator(".sr-best__nav").count() == 0
    expect(replay.locator(".sr-replay__reason")).to_contain_text(reader_seats(steps[-1]["reason"]["text"]))
    # best play drawn on the same table, stepped with the same control
    k = next(i for i, s in enumerate(steps) if s.get("plays"))
    page.keyboard.press("Home")
    for _ in range(k):
        page.keyboard.press("ArrowRight")
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step {k + 1} of {len(steps)}")
    best = replay.locator(".sr-best__card")
    expect(best.first).to_be_visible(timeout=ENGINE_TIMEOUT)
    best.first.click()
    expect(replay.locator(".sr-tv--line")).to_have_count(1)
    expect(replay.locator(".sr-tv")).to_have_count(1)
    expect(replay.locator(".sr-replay__counter")).to_contain_text("Best play: card 1 of")
    expect(replay.locator(".sr-tv--line .sr-tv__seat--bottom")).to_have_attribute("data-seat", "0")
    replay.get_by_role("button", name="Next step").click()
    expect(replay.locator(".sr-replay__counter")).to_contain_text("Best play: card 2 of")
    replay.get_by_role("button", name="Back to the deal").click()
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step {k + 1} of {len(steps)}")
    expect(replay.locator(".sr-tv--line")).to_have_count(0)
