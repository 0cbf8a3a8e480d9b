"""A tool's address is its permalink: what a reader copies to share a position carries the position
and nothing else, however the page was reached or scrolled."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import expect

ENGINE_TIMEOUT = 60_000


COUNT_SCROLLS = "window.__scrolls = 0; addEventListener('scroll', () => { window.__scrolls += 1; }, { passive: true, capture: true });"


def scroll_by(page: Any, dy: int) -> None:
    """Scroll, and run every timer the theme set on that scroll (its heading tracking, were it on,
    would write the heading in view into the address 250 ms after the last scroll)."""
    seen = page.evaluate("window.__scrolls")
    page.mouse.wheel(0, dy)
    page.wait_for_function(f"() => window.__scrolls > {seen}")
    page.clock.run_for(1000)


def test_a_shared_trick_link_carries_no_fragment(open_page: Any) -> None:
    # Opened from a link to a heading, on a phone, as a reader would reach it.
    page, rec = open_page(goto=False, viewport={"width": 360, "height": 740})
    page.add_init_script(COUNT_SCROLLS)
    page.clock.install()
    page.goto(rec.base + "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2#how-to-use-it")
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    # Scrolling past the headings does not write them into the address.
    for _ in range(4):
        scroll_by(page, 600)
    assert urlsplit(page.url).fragment == ""
    # A new position: the address is the position alone.
    cards = page.get_by_label("Cards in play order")
    cards.fill("0/0, 2/2, 11/12, 9/10")
    cards.press("Enter")
    page.wait_for_function("() => new URLSearchParams(location.search).get('cards') === '0/0,2/2,11/12,9/10'")
    scroll_by(page, -2400)
    url = urlsplit(page.url)
    assert url.fragment == "", page.url
    assert dict(parse_qsl(url.query)) == {"rules": "parker-1947", "trump": "2", "cards": "0/0,2/2,11/12,9/10"}


# --- links that last: golden links of each tool ------------------------------------------------------
# tests/engine/test_golden_links.py checks every golden link against the engine; here a few of each
# tool are opened as a reader opens them, and the page must show the deal stored for the link.

GOLDEN = Path(__file__).resolve().parents[1] / "engine" / "golden_links.json"


def _golden(tool: str) -> list[dict[str, Any]]:
    return [e for e in json.loads(GOLDEN.read_text())["links"] if e["link"].startswith(f"tools/{tool}/")]


def _answer(link: str) -> dict[str, Any]:
    """The engine's answer for a golden link, read as the pages read it."""
    import sys

    sys.path.insert(0, str(GOLDEN.parent))
    from test_golden_links import request_of  # type: ignore[import-not-found]

    from somerset.api import dispatch

    return dispatch(request_of(link))


def _code(page: Any) -> str | None:
    return dict(parse_qsl(urlsplit(page.url).query)).get("play")


def _signed(n: int) -> str:
    """A score change as the widgets print it (a real minus sign)."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


REPLAY_LINKS = [e for e in _golden("replay") if "seed=7" in e["link"] or "seed=0" in e["link"] or "hodges" in e["link"]]


@pytest.mark.parametrize("entry", REPLAY_LINKS, ids=lambda e: e["link"].split("?")[1][:60])
def test_a_golden_replayer_link_shows_its_deal(open_page: Any, entry: dict[str, Any]) -> None:
    page, _ = open_page(entry["link"])
    replay = page.locator("somerset-deal somerset-replay")
    expect(replay.locator(".sr-replay__counter")).to_contain_text("Step 1 of", timeout=ENGINE_TIMEOUT)
    # the hands as dealt: the first step shows every seat's cards, each where the seat sits at the table
    record = _answer(entry["link"])["record"]
    hands = [ln.split(":", 1)[1].split() for ln in record.splitlines() if ln.startswith("Hand ")]
    for seat, cards in enumerate(hands):
        held = replay.locator(f".sr-tv__seat[data-seat='{seat}'] .sr-tv__card")
        expect(held).to_have_count(len(cards))
        assert held.evaluate_all("(els) => els.map((e) => e.dataset.card)") == cards
    # the last step: the score stored with the link
    replay.locator(".sr-replay__stage").focus()
    page.keyboard.press("End")
    expect(replay.locator(".sr-replay__label")).to_have_text("Score")
    changes = replay.locator(".sr-score dd")
    expect(changes).to_have_text([_signed(c) for c in entry["score"]])
    # the address keeps the deal's code: a link made from a seed alone gains it
    page.wait_for_function("() => new URLSearchParams(location.search).get('play') !== null")
    assert _code(page) == entry["play"]


PLAY_LINKS = [e for e in _golden("play") if "parker-1947&" in e["link"] or "hodges-1903" in e["link"]]


@pytest.mark.parametrize("entry", PLAY_LINKS, ids=lambda e: e["link"].split("?")[1][:60])
def test_a_golden_play_a_deal_link_shows_its_deal(open_page: Any, entry: dict[str, Any]) -> None:
    page, _ = open_page(entry["link"])
    table = page.locator("somerset-table")
    result = table.locator(".sr-table__result")
    expect(result).to_contain_text("The deal is over.", timeout=ENGINE_TIMEOUT)
    answer = _answer(entry["link"])

    def side(team: list[int]) -> str:  # as Play a deal names the sides: the other of two is "the others"
        if 0 in team:
            return "your side" if len(team) > 1 else "you"
        if len(team) > 1 and len(answer["teams"]) == 2:
            return "the others"
        return f"seats {' and '.join(str(s + 1) for s in team)}" if len(team) > 1 else f"seat {team[0] + 1}"

    words = "; ".join(f"{side(t)} {_signed(c)}" for t, c in zip(answer["teams"], entry["score"]))
    expect(result).to_contain_text(f"Score: {words}.")
    table.locator("summary", has_text="Everyone's hands as dealt").click()
    for seat, cards in enumerate(answer["hands"]):
        expect(table.locator(".sr-replay__hands dd").nth(seat)).to_have_text(" ".join(cards))
    # the reader's moves become the deal's code in the address, the same code as stored
    page.wait_for_function("(code) => new URLSearchParams(location.search).get('play') === code", arg=entry["play"])
    assert "moves=" not in page.url


SAMEDEAL_LINKS = [e for e in _golden("samedeal") if "seed=1&" in e["link"] or "play=" in e["link"]]


@pytest.mark.parametrize("entry", SAMEDEAL_LINKS, ids=lambda e: e["link"].split("?")[1][:60])
def test_a_golden_same_deal_link_shows_its_deals(open_page: Any, entry: dict[str, Any]) -> None:
    page, _ = open_page(entry["link"])
    root = page.locator("somerset-samedeal")
    endings = root.locator(".sr-samedeal__ending")
    expect(endings).to_have_count(len(entry["endings"]), timeout=ENGINE_TIMEOUT)
    answer = _answer(entry["link"])
    for e in answer["endings"]:
        assert e["score"] == entry["endings"][e["ruleset"]]["score"]
        ending = root.locator(f".sr-samedeal__ending[data-ruleset='{e['ruleset']}'] .sr-samedeal__outcome")
        for c in e["score"]:
            expect(ending).to_contain_text(_signed(c))
    # the hands as dealt
    root.locator("summary", has_text="The hands as dealt").click()
    for seat, cards in enumerate(answer["source"]["hands"]):
        expect(root.locator(".sr-replay__hands dd").nth(seat)).to_have_text(" ".join(cards))
    # the address names the bots' version (and keeps a deal from the table as its code)
    page.wait_for_function("() => new URLSearchParams(location.search).get('bots') === '1'")
    assert _code(page) == answer["source"]["play"]


def test_a_link_whose_code_no_longer_replays_names_the_step(open_page: Any) -> None:
    entry = next(e for e in _golden("replay") if "seed=7&play=" in e["link"])
    code = entry["play"]
    broken = entry["link"].replace(code, code[:20] + "Z" + code[21:])
    page, rec = open_page(broken)
    replay = page.locator("somerset-deal somerset-replay")
    expect(replay.locator(".sr-replay__stopped")).to_contain_text("step", timeout=ENGINE_TIMEOUT)
    expect(replay.locator(".sr-replay__stopped")).to_contain_text("character 21")
    replay.locator(".sr-replay__stage").focus()
    page.keyboard.press("End")
    expect(replay.locator(".sr-replay__label")).to_have_text("Stopped")
    assert rec.page_errors == []


def test_an_unknown_bots_version_is_refused_by_name(open_page: Any) -> None:
    page, _ = open_page("tools/replay/?rules=parker-1947&format=four-partners&seed=7&bots=9")
    expect(page.locator("somerset-replay")).to_contain_text(
        "the bots of version 9 are not in this release: it replays the bots of version 1", timeout=ENGINE_TIMEOUT)
