"""What the site writes it reads back, in real Chromium: the score pad's Share link and QR code of a
long game open whole on another phone (and a link too long for a QR code is said to be); Keep this
pad keeps only what a reload reads; a value set aside (the Learn progress, the remembered ruleset)
is said on a page, on the Learn pages too, or on the next page that can say it; two tabs adding a
deal to one game at the same moment keep both deals (many rounds)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from qr_scan import scan_qr

from somerset.api import handle

PAD = "tools/pad/"
PADS = "somerset.pads"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
TIMEOUT = 60_000
MINUS = "\u2212"
# Two deals that leave the totals as they were (each side bids 24 and takes 12, set by 12): a game
# of any length that nobody has won.
EVEN = [{"bidder": 0, "bid": 24, "points": [12, 12]}, {"bidder": 1, "bid": 24, "points": [12, 12]}]


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """The engine scores in the page: on a loaded machine that takes more than 5 s."""
    expect.set_options(timeout=30_000)
    yield
    expect.set_options(timeout=5_000)


def engine(**request: Any) -> Any:
    request.setdefault("names", ["We", "They"])
    return json.loads(handle(json.dumps({"cmd": "pad", **request})))


def shown(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else str(n)


def pad(page: Any) -> Any:
    return page.locator("somerset-pad")


def totals(page: Any) -> Any:
    return pad(page).locator(".sr-pad__totals dd")


def rows(page: Any) -> Any:
    return pad(page).locator(".sr-pad__table tbody tr")


def live(page: Any) -> Any:
    return pad(page).locator("[aria-live='polite']")


def stored(page: Any, key: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{key}') || 'null'"))


def started(page: Any) -> None:
    expect(pad(page).locator(".sr-status")).to_be_attached()
    pad(page).dispatch_event("pointerdown")
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'ready'", timeout=TIMEOUT)
    expect(pad(page).get_by_role("button", name="Add the deal")).to_be_enabled()


def keep_game(page: Any, deals: list[dict[str, Any]]) -> None:
    """A game of these deals kept on the device, as the pad keeps one (then the page reloaded)."""
    game = {"id": "gabcd1234", "made": "2026-12-06T20:00:00.000Z", "changed": "2026-12-06T20:00:00.000Z", "rev": len(deals), "rules": "parker-1947",
            "option": "", "format": "", "names": None, "deals": deals, "answer": None, "requestKey": None}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PADS, json.dumps({"version": 1, "current": game["id"], "games": [game]})])
    page.reload()


# --- links and QR codes ----------------------------------------------------------------------------------


def test_a_long_games_link_and_qr_code_open_whole_on_another_phone(open_page: Any, site_url: str) -> None:
    # 40 deals: a link of more than 300 characters, well inside a QR code.
    deals = EVEN * 20
    expected = engine(rules="parker-1947", deals=deals)
    page, _ = open_page(PAD, bypass_csp=True, **PHONE)  # bypass_csp: the test's decoder is injected
    keep_game(page, deals)
    expect(rows(page)).to_have_count(40, timeout=TIMEOUT)
    link = pad(page).get_by_label("A link to this pad").input_value()
    assert 300 < len(link) < 2953, len(link)
    pad(page).locator(".sr-pad__share summary").click()
    expect(pad(page).locator("svg.sr-pad__qr")).to_be_visible()
    scanned = scan_qr(page, "somerset-pad svg.sr-pad__qr")
    assert scanned == link

    # The other phone (a fresh browser): every deal, the engine's totals, no word of a cut link.
    other, _ = open_page(scanned.split("/", 3)[3], **PHONE)
    expect(rows(other)).to_have_count(40, timeout=TIMEOUT)
    expect(totals(other)).to_have_text([shown(t) for t in expected["totals"]], timeout=TIMEOUT)
    expect(pad(other).locator(".sr-notice")).not_to_contain_text("not a deal")
    assert other.url == link


def test_a_400_deal_pad_shared_opens_whole_and_its_link_is_too_long_for_a_qr_code(open_page: Any) -> None:
    deals = EVEN * 200
    expected = engine(rules="parker-1947", deals=deals)
    page, _ = open_page(PAD, **PHONE)
    page.add_init_script("window.__shared = []; navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };")
    keep_game(page, deals)
    expect(rows(page)).to_have_count(400, timeout=TIMEOUT)
    pad(page).get_by_role("button", name="Share this game").click()
    expect(live(page)).to_have_text("The game's link is shared.")
    link = page.evaluate("window.__shared[0].url")
    assert link == pad(page).get_by_label("A link to this pad").input_value()
    assert len(link) > 2953

    # The QR code is not drawn, and the box says why.
    pad(page).locator(".sr-pad__share summary").click()
    expect(pad(page).locator(".sr-pad__qrbox")).to_have_text(
        f"This game's link is {len(link):,} characters, more than a QR code holds (2,953): share the link or the text below instead."
    )
    expect(pad(page).locator("svg.sr-pad__qr")).to_have_count(0)

    # Opened on another phone: 400 deals, scored by the engine as this one scores them.
    other, rec = open_page(link.split("/", 3)[3], **PHONE)
    expect(rows(other)).to_have_count(400, timeout=TIMEOUT)
    expect(totals(other)).to_have_text([shown(t) for t in expected["totals"]], timeout=TIMEOUT)
    expect(pad(other).locator(".sr-pad__table tbody tr").last).to_contain_text("400")
    expect(pad(other).locator(".sr-notice")).not_to_contain_text("not a deal")
    expect(pad(other).locator(".sr-notice")).not_to_contain_text("not read")
    assert not rec.page_errors


def test_a_link_longer_than_a_game_says_what_it_leaves_out(open_page: Any) -> None:
    text = ",".join(["s1b24p12.12", "s2b24p12.12"] * 201)
    page, _ = open_page(f"{PAD}?rules=parker-1947&deals={text}")
    expect(pad(page).locator(".sr-notice")).to_contain_text(
        "The link holds 402 deals, and a game holds at most 400: the pad shows its first 400; the other 2 are not read."
    )
    expect(rows(page)).to_have_count(400, timeout=TIMEOUT)


# --- keeping -------------------------------------------------------------------------------------------


def test_keep_this_pad_keeps_what_a_reload_reads(open_page: Any) -> None:
    page, rec = open_page(f"{PAD}?rules=parker-1947&deals=s1b9p12.12,s9b9p12.12")
    notice = pad(page).locator(".sr-notice")
    expect(notice).to_contain_text("“s9b9p12.12” is not a deal of a game (deal 2 of the link): it names side 9, and a game has sides 1 to 8.")
    expect(notice).to_contain_text("The pad shows the deal before it; the link's last deal is not read.")
    expect(totals(page)).to_have_text(["12", "0"], timeout=TIMEOUT)
    pad(page).get_by_role("button", name="Keep this pad").click()
    expect(live(page)).to_have_text("This pad is now kept on this device, as a game of its own.")
    page.reload()
    expect(totals(page)).to_have_text(["12", "0"], timeout=TIMEOUT)
    expect(rows(page)).to_have_count(1)
    expect(pad(page).locator(".sr-notice")).not_to_contain_text("could not be read")
    assert [g["deals"] for g in stored(page, PADS)["games"]] == [[{"points": [12, 12], "bidder": 0, "bid": 9}]]
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.includes('set-aside'))") == []

    # A deal the engine refuses (a third side in a game of two) is kept, marked for Edit.
    page.goto(rec.base + f"{PAD}?rules=parker-1947&deals=s1b9p12.12,s3b9p12.12")
    expect(pad(page).locator(".sr-notice")).to_contain_text("Press Edit on deal 2", timeout=TIMEOUT)
    pad(page).get_by_role("button", name="Keep this pad").click()
    page.reload()
    expect(pad(page).locator(".sr-notice")).to_contain_text("Press Edit on deal 2", timeout=TIMEOUT)
    expect(pad(page).locator(".sr-notice")).not_to_contain_text("could not be read")
    assert sorted(len(g["deals"]) for g in stored(page, PADS)["games"]) == [1, 2]


# --- a value set aside is said -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["garbage{", '{"version":1,"exercises":[]}'])
def test_learn_says_its_progress_was_set_aside(open_page: Any, value: str) -> None:
    page, rec = open_page("", goto=False)
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); localStorage.setItem('somerset.lesson-progress', {json.dumps(value)}); }}")
    page.goto(rec.base + "learn/")
    note = page.locator("somerset-lesson-map .sr-lesson__note")
    expect(note).to_contain_text("Your progress in the Learn section kept on this device could not be read", timeout=TIMEOUT)
    expect(note).to_contain_text("somerset.lesson-progress.set-aside")
    assert page.evaluate("localStorage.getItem('somerset.lesson-progress.set-aside')") == value
    # Said once: a stage page afterwards does not say it again.
    page.goto(rec.base + "learn/tricks/")
    expect(page.locator("somerset-lesson .sr-lesson__dots")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("somerset-lesson .sr-lesson__note")).to_have_count(0)


def test_a_ruleset_set_aside_is_said_on_a_learn_stage_or_on_the_next_page_that_can(open_page: Any) -> None:
    page, rec = open_page("", goto=False)
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('somerset.ruleset', 'garbage{'); }")
    page.goto(rec.base + "learn/tricks/")
    expect(page.locator("somerset-lesson .sr-lesson__note").first).to_contain_text(
        "The ruleset your table plays kept on this device could not be read", timeout=TIMEOUT
    )
    page.goto(rec.base + PAD)
    expect(pad(page).locator(".sr-field--rules select")).to_be_enabled(timeout=TIMEOUT)
    expect(pad(page).locator(".sr-ourtable__note")).to_be_hidden()

    # A page that reads the ruleset without a word of it (the first deal's walk-through): the next
    # page with "Our table" says it.
    other, rec2 = open_page("", goto=False)
    other.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('somerset.ruleset', 'garbage{'); }")
    other.goto(rec2.base + "learn/first-deal/")
    other.wait_for_function("() => localStorage.getItem('somerset.ruleset.set-aside') === 'garbage{'", timeout=TIMEOUT)
    other.goto(rec2.base + PAD)
    expect(pad(other).locator(".sr-ourtable__note")).to_contain_text("The ruleset your table plays kept on this device could not be read", timeout=TIMEOUT)
    other.goto(rec2.base + PAD)
    expect(pad(other).locator(".sr-field--rules select")).to_be_enabled(timeout=TIMEOUT)
    expect(pad(other).locator(".sr-ourtable__note")).to_be_hidden()


# --- two tabs at the same moment -----------------------------------------------------------------------

FILL = """([bidder, bid, points]) => {
  const pad = document.querySelector('somerset-pad');
  const form = pad.querySelector('form.sr-pad__deal');
  form.querySelector('select[id$="-bidder"]').value = String(bidder);
  form.querySelector('input[id$="-bid"]').value = String(bid);
  const boxes = form.querySelectorAll('.sr-pad__points input');
  boxes.forEach((box, i) => { box.value = String(points[i]); });
}"""
# The form sent at one instant of the clock both tabs share (scheduled, not awaited here).
SEND_AT = """(at) => {
  setTimeout(() => document.querySelector('somerset-pad form.sr-pad__deal').requestSubmit(), Math.max(0, at - Date.now()));
}"""


def test_two_tabs_adding_a_deal_at_the_same_moment_keep_both_deals(open_page: Any) -> None:
    a, _ = open_page(PAD)
    started(a)
    a.evaluate(FILL, [0, 24, [12, 12]])
    a.evaluate("document.querySelector('somerset-pad form.sr-pad__deal').requestSubmit()")
    expect(rows(a)).to_have_count(1)
    b = a.context.new_page()
    b.goto(a.url)
    started(b)
    expect(rows(b)).to_have_count(1)
    for n in range(1, 21):
        a.evaluate(FILL, [0, 24, [12, 12]])
        b.evaluate(FILL, [1, 24, [12, 12]])
        at = a.evaluate("Date.now() + 250")
        a.evaluate(SEND_AT, at)
        b.evaluate(SEND_AT, at)
        # Both deals kept: on the device, and on both tabs.
        try:
            a.wait_for_function(f"() => JSON.parse(localStorage.getItem('{PADS}')).games[0].deals.length === {1 + 2 * n}", timeout=20_000)
        except PlaywrightTimeoutError:
            pytest.fail(f"round {n}: the device keeps {len(stored(a, PADS)['games'][0]['deals'])} deals, not {1 + 2 * n}")
        expect(rows(a)).to_have_count(1 + 2 * n)
        expect(rows(b)).to_have_count(1 + 2 * n)
        last = stored(a, PADS)["games"][0]["deals"][-2:]
        assert sorted(d["bidder"] for d in last) == [0, 1], (n, last)
    expected = engine(rules="parker-1947", deals=[EVEN[0]] + EVEN * 20)
    expect(totals(a)).to_have_text([shown(t) for t in expected["totals"]])
    expect(totals(b)).to_have_text([shown(t) for t in expected["totals"]])
