"""The widgets in real Chromium against the built site, checked against the engine in-process."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

import pytest
from playwright.sync_api import expect

from conftest import _site_dir
from somerset.api import handle
from waits import page_settled

ENGINE_TIMEOUT = 60_000  # Pyodide's first boot takes seconds; wait, never sleep

TRICK = "tools/trick/"
SCORE = "tools/score/"


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def verdict(page: Any) -> Any:
    box = page.locator("somerset-trick .sr-verdict")
    expect(box).to_be_visible(timeout=ENGINE_TIMEOUT)
    return box


def expect_trick_verdict(page: Any, expected: dict[str, Any]) -> None:
    box = page.locator("somerset-trick .sr-verdict")
    expect(box.locator(".sr-verdict__winner")).to_have_text(
        f"{expected['card']}, the {ordinal(expected['winner'] + 1)} card played, takes the trick.", timeout=ENGINE_TIMEOUT
    )
    expect(box.locator(".sr-verdict__reason")).to_have_text(expected["reason"])
    link = box.locator(".sr-verdict__cite a")
    expect(link).to_have_text(expected["citation"]["label"])
    href = link.get_attribute("href") or ""
    assert href.endswith("/" + expected["citation"]["href"]), href
    live = page.locator("somerset-trick [aria-live='polite']")
    expect(live).to_contain_text(expected["reason"])


def start(page: Any, widget: str = "somerset-trick") -> None:
    """Press the widget's Start button: on a page opened without a position, the engine waits for it."""
    page.locator(f"{widget} .sr-start").click()


def test_plain_tool_page_waits_for_the_reader(open_page: Any) -> None:
    page, rec = open_page(TRICK)
    status = page.locator("somerset-trick .sr-status")
    # The size is the build's figure (hooks/offline.py), as "Ready for the table" states it.
    data = json.loads((_site_dir() / "assets" / "data" / "offline.json").read_text(encoding="utf-8"))
    size = f"{data['engine_bytes'] / 1e6:.{1 if data['engine_bytes'] < 10e6 else 0}f} MB"
    expect(status).to_contain_text(f"starts when you use this tool ({size}, fetched once from this site)")
    expect(status.get_by_role("button", name="Start the rules engine")).to_be_visible()
    expect(status.locator(".sr-retry")).to_be_hidden()  # no failure, so nothing to retry
    page_settled(page)  # an engine that started by itself would be fetching by now
    assert rec.count("pyodide") == 0 and rec.count(".whl") == 0 and rec.count("worker.js") == 0
    assert page.locator("somerset-trick .sr-verdict").count() == 0
    # The keyboard reaches the Start button, and Enter starts the engine; the default trick is resolved.
    button = page.get_by_role("button", name="Start the rules engine")
    button.focus()
    page.keyboard.press("Enter")
    verdict(page)
    expect(button).to_be_hidden()
    assert rec.count("pyodide.asm.wasm.zst") == 1


def test_trick_typed(open_page: Any) -> None:
    page, rec = open_page(TRICK)
    start(page)
    verdict(page)
    page.get_by_label("Ruleset", exact=True).select_option("parker-1934")
    page.get_by_label("Trump").select_option("6")
    cards = page.get_by_label("Cards in play order")
    cards.fill("0/0 2/2, 11/12 9-10")
    cards.press("Enter")
    expected = engine(cmd="trick", rules="parker-1934", trump="6", cards=["0/0", "2/2", "11/12", "9/10"])
    assert expected["card"] == "2/2"
    expect_trick_verdict(page, expected)
    expect(page).to_have_url(re.compile(r"\?rules=parker-1934&trump=6&cards=0/0,2/2,11/12,9/10$"))
    # A bad token: the engine's message, naming it, next to the field, which is marked invalid.
    cards.fill("8/8 zz 4/8")
    cards.press("Enter")
    message = engine(cmd="trick", rules="parker-1934", trump="6", cards="8/8 zz 4/8")["error"]["message"]
    error = page.locator("somerset-trick .sr-field-error").filter(has_text="zz")
    expect(error).to_have_text(message)
    expect(cards).to_have_attribute("aria-invalid", "true")
    assert error.get_attribute("id") in (cards.get_attribute("aria-describedby") or "")
    assert rec.count("pyodide.asm.wasm.zst") == 1


def pad_key(widget: Any, card: str, label: str | None = None) -> Any:
    """The resolver's pad key for a card: press its suit first (the 0/0 and the S/S have keys of their own)."""
    pad = widget.locator(".sr-keypad")
    if card not in ("0/0", "S/S"):
        pad.locator(f"button[data-suit='{card.split('/')[1]}']").click()
    if label:
        return pad.get_by_role("button", name=label, exact=False).first
    return pad.locator(f"button[data-card='{card}']")


def test_trick_clicked(open_page: Any) -> None:
    page, _ = open_page(TRICK + "?rules=parker-1947&trump=2")
    widget = page.locator("somerset-trick")
    expect(page.locator("somerset-trick .sr-empty")).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(widget.locator(".sr-keypad button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    pack = {c["card"]: c for c in engine(cmd="pack", deck="double")["cards"]}
    played = ["9/12", "11/12", "0/0", "2/2"]
    for i, card in enumerate(played):
        pad_key(widget, card, pack[card]["label"]).click()
        # The card takes its seat at the table, in play order.
        expect(widget.locator(f".sr-trick .sr-seat[data-seat='{i}']")).to_have_attribute("data-card", card)
        expect(widget.locator(".sr-keypad")).to_have_attribute("data-view", "suits")
    expected = engine(cmd="trick", rules="parker-1947", trump="2", cards=played)
    assert expected["card"] == "2/2"
    expect_trick_verdict(page, expected)
    # A card in the trick shows as pressed on the pad.
    key = pad_key(widget, "11/12")
    expect(key).to_have_attribute("aria-pressed", "true")
    widget.get_by_role("button", name="Back to the suits").click()
    # Count cards are marked for sight (red, and their value in a circle) and for screen readers (the label).
    count_card = next(c for c in pack.values() if c["count"] and c["suit"])
    key = pad_key(widget, count_card["card"])
    expect(key).to_have_class(re.compile("sr-keypad__card--count"))
    expect(key.locator(".sr-keypad__count")).to_have_text(str(count_card["count"]))
    assert f"a count card worth {count_card['count']}" in (key.get_attribute("aria-label") or "")
    widget.get_by_role("button", name="Back to the suits").click()
    # Pressing a picked card again takes it out.
    pad_key(widget, "2/2").click()
    expect(page.get_by_label("Cards in play order")).to_have_value("9/12, 11/12, 0/0")


def test_permalink_opens_the_position(open_page: Any) -> None:
    page, _ = open_page(TRICK + "?rules=minden-senior-center&trump=nt&cards=8/8,4/8,0/0")
    expected = engine(cmd="trick", rules="minden-senior-center", trump="nt", cards="8/8,4/8,0/0")
    expect_trick_verdict(page, expected)
    expect(page.get_by_label("Ruleset", exact=True)).to_have_value("minden-senior-center")
    expect(page.get_by_label("Trump")).to_have_value("nt")


def test_all_rulesets_marks_disagreement(open_page: Any) -> None:
    cards = "8/8,0/0,4/4,9/12"
    page, _ = open_page(TRICK + f"?rules=all&trump=6&cards={cards}")
    expected = engine(cmd="trick", rules="all", trump="6", cards=cards)
    assert not expected["agree"]
    rows = page.locator("somerset-trick .sr-table tbody tr")
    expect(rows).to_have_count(len(expected["results"]), timeout=ENGINE_TIMEOUT)
    skipped = page.locator("somerset-trick .sr-skipped li")
    expect(skipped).to_have_count(len(expected["skipped"]))
    from somerset import RULESETS

    assert len(expected["results"]) + len(expected["skipped"]) == len(RULESETS)
    for r in expected["results"]:
        row = page.locator(f"somerset-trick tr[data-ruleset='{r['ruleset']}']")
        expect(row.locator("th")).to_have_text(r["ruleset_name"])
        expect(row).to_contain_text(f"{r['card']} ({ordinal(r['winner'] + 1)})")
        if r["dissent"]:
            expect(row).to_have_class(re.compile("sr-dissent"))
            expect(row.locator(".sr-badge")).to_have_text("differs from the majority")
        else:
            expect(row).not_to_have_class(re.compile("sr-dissent"))
    dissenters = [r["ruleset"] for r in expected["results"] if r["dissent"]]
    assert dissenters == ["boardgamegeek"]
    expect(page.locator("somerset-trick .sr-verdict__winner")).to_contain_text("The rulesets disagree")
    expect(page.locator("somerset-trick [aria-live='polite']")).to_contain_text("boardgamegeek.com")


@pytest.mark.parametrize(
    "query, message",
    [
        ("rules=parker-1947&trump=2&cards=" + quote("<img src=x onerror=alert(1)>"), "is not a card"),
        ("rules=" + quote("<script>alert(1)</script>") + "&trump=" + quote('"><b>x') + "&cards=8/8", "There is no ruleset called"),
    ],
)
def test_hostile_permalink(open_page: Any, query: str, message: str) -> None:
    page, rec = open_page(TRICK + "?" + query)
    widget = page.locator("somerset-trick")
    expect(widget).to_contain_text(message, timeout=ENGINE_TIMEOUT)
    # Nothing from the address became markup: no injected elements anywhere in the page.
    assert page.locator("img[src='x']").count() == 0
    assert widget.locator("script, b, img").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0
    assert rec.dialogs == []
    if "cards=%3Cimg" in query:
        expect(page.get_by_label("Cards in play order")).to_have_attribute("aria-invalid", "true")
        expect(page.get_by_label("Cards in play order")).to_have_value("<img src=x onerror=alert(1)>")
    else:
        expect(page.get_by_label("Ruleset", exact=True)).to_have_value("parker-1947")
        expect(widget).to_contain_text("<script>alert(1)</script>")  # quoted back as text
        verdict(page)


def test_score_calculator(open_page: Any) -> None:
    page, _ = open_page(SCORE + "?rules=parker-1947&bid=15&made=12&against=12")
    expected = engine(cmd="score", rules="parker-1947", bid=15, made=12, against=12)
    widget = page.locator("somerset-score")
    result = widget.locator(".sr-verdict")
    expect(result).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(result.locator(".sr-score dd").nth(0)).to_have_text("−6")
    expect(result.locator(".sr-score dd").nth(1)).to_have_text("+24")
    assert expected["bidder_side"] == -6 and expected["opponents"] == 24 and expected["set"]
    expect(result.locator(".sr-verdict__reason")).to_have_text(expected["reason"])
    expect(result.locator(".sr-verdict__cite a")).to_have_text(expected["citation"]["label"])
    expect(widget.locator("[aria-live='polite']")).to_contain_text("Set")

    # The other side's points default to the rest of the deal.
    page.get_by_label("Other side took").fill("")
    page.get_by_label("Bidder's side took").fill("16")
    page.get_by_label("Bidder's side took").press("Enter")
    made = engine(cmd="score", rules="parker-1947", bid=15, made=16, against=8)
    expect(result.locator(".sr-score dd").nth(0)).to_have_text(f"+{made['bidder_side']}")
    expect(result.locator(".sr-verdict__reason")).to_have_text(made["reason"])
    page.wait_for_function("() => new URL(location.href).searchParams.get('made') === '16'")  # a function: the CSP forbids eval
    params = dict(parse_qsl(urlsplit(page.url).query))
    assert params == {"rules": "parker-1947", "format": "four-partners", "bid": "15", "made": "16"}

    # Figures that do not add up: the engine's message at the field it names.
    page.get_by_label("Other side took").fill("20")
    page.get_by_label("Other side took").press("Enter")
    bad = engine(cmd="score", rules="parker-1947", bid=15, made=16, against=20)["error"]
    expect(widget.locator(".sr-field-error").filter(has_text="add up")).to_have_text(bad["message"])
    expect(page.get_by_label("Bidder's side took")).to_have_attribute("aria-invalid", "true")

    # All rulesets side by side, each against the same engine.
    page.get_by_label("Other side took").fill("")
    page.get_by_label("Ruleset", exact=True).select_option("all")
    from somerset import RULESETS

    scored, unscored = [], []
    for r in RULESETS.values():
        per_deal = r.formats.value[0].points_per_deal
        one = engine(cmd="score", rules=r.id, bid=15, made=16, against=per_deal - 16)
        (unscored if "error" in one else scored).append((r, one))
    assert scored and unscored  # 16 points is more than a single-pack deal holds
    expect(widget.locator(".sr-table tbody tr")).to_have_count(len(scored))
    for r, one in scored:
        row = widget.locator(f"tr[data-ruleset='{r.id}']")
        expect(row.locator("td").nth(0)).to_have_text(f"+{one['bidder_side']}" if one["bidder_side"] > 0 else str(one["bidder_side"]).replace("-", "−"))
        expect(row.locator("td").nth(2)).to_contain_text(one["reason"])
    skipped = widget.locator(".sr-skipped li")
    expect(skipped).to_have_count(len(unscored))
    for r, one in unscored:
        expect(skipped.filter(has_text=r.short_name)).to_contain_text(one["error"]["message"])
    expect(widget.locator("tr.sr-dissent").first).to_be_visible()


def test_keyboard_only(open_page: Any) -> None:
    page, _ = open_page(TRICK + "?rules=parker-1947&trump=2&cards=8/8")
    verdict(page)
    page.locator("body").focus()
    page.evaluate("window.scrollTo(0, 0)")
    # Tab from the top of the page to the cards field.
    for _ in range(250):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-describedby') || ''").find("-hint") >= 0:
            break
    else:
        pytest.fail("Tab never reached the cards field")
    # The ruleset and trump selects are reachable backwards and work with arrow keys.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.tagName") == "SELECT"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "focus is not visible"
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("9/12 11/12 0/0")
    page.keyboard.press("Enter")
    expected = engine(cmd="trick", rules="parker-1947", trump="2", cards="9/12 11/12 0/0")
    expect_trick_verdict(page, expected)
    # On to the pad with Tab, then suit and rank with the arrow keys and Enter.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("Boolean(document.activeElement.closest('.sr-keypad'))"):
            break
    else:
        pytest.fail("Tab never reached the card pad")
    for _ in range(20):
        if page.evaluate("document.activeElement.dataset.suit") == "2":
            break
        page.keyboard.press("ArrowRight")
    else:
        pytest.fail("the arrow keys never reached the /2 suit")
    page.keyboard.press("Enter")
    for _ in range(3):
        if page.evaluate("document.activeElement.dataset.card") == "2/2":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "2/2"
    page.keyboard.press("Enter")
    expected = engine(cmd="trick", rules="parker-1947", trump="2", cards="9/12 11/12 0/0 2/2")
    expect_trick_verdict(page, expected)
    # Focus is back on the suit, ready for the next card; and out again the same way.
    assert page.evaluate("document.activeElement.dataset.suit") == "2"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("[document.activeElement.dataset.card, document.activeElement.getAttribute('aria-pressed')]") == ["2/2", "true"]
    page.keyboard.press("Space")
    expect(page.get_by_label("Cards in play order")).to_have_value("9/12, 11/12, 0/0")
    # Escape goes back from the ranks to the suits.
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.suit") == "2"


def _contrast(page: Any, selector: str) -> float:
    return float(
        page.evaluate(
            """(sel) => {
        const el = document.querySelector(sel);
        const parse = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
        let bgEl = el, bg = 'rgba(0, 0, 0, 0)';
        while (bgEl && /rgba\\(.*, 0\\)$/.test(bg = getComputedStyle(bgEl).backgroundColor)) bgEl = bgEl.parentElement;
        const a = lum(parse(getComputedStyle(el).color)), b = lum(parse(bg));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }""",
            selector,
        )
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_narrow_screen_no_horizontal_overflow(open_page: Any, scheme: str) -> None:
    page, _ = open_page(
        TRICK + "?rules=all&trump=6&cards=8/8,0/0,4/4,9/12", viewport={"width": 360, "height": 740}, color_scheme=scheme
    )
    expect(page.locator("somerset-trick .sr-table")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == ("slate" if scheme == "dark" else "default")
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"trick page overflows at 360px ({scheme}): {widths}"
    assert _contrast(page, "somerset-trick .sr-keypad__card--count") >= 4.5  # the S/S key of the pad
    assert _contrast(page, "somerset-trick .sr-badge") >= 4.5
    page.goto(page.url.split("tools/")[0] + SCORE + "?rules=all&bid=15&made=12")
    expect(page.locator("somerset-score .sr-table")).to_be_visible(timeout=ENGINE_TIMEOUT)
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"score page overflows at 360px ({scheme}): {widths}"


def test_instant_navigation_loads_pyodide_once(open_page: Any) -> None:
    page, rec = open_page(TRICK)
    start(page)
    verdict(page)
    page.evaluate("window.__sameVisit = true")
    page.locator("article a[href$='score/']").first.click()
    expect(page).to_have_url(re.compile(r"/tools/score/"))
    expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert page.evaluate("window.__sameVisit === true"), "the navigation reloaded the page"
    assert rec.count("pyodide.asm.wasm.zst") == 1
    assert rec.count(".whl") <= 1  # after the first answer, once the worker is quiet; never twice
    # And back again: the trick resolver answers from the same worker.
    page.go_back()
    verdict(page)
    assert rec.count("pyodide.asm.wasm.zst") == 1


def test_pages_without_widgets_load_no_engine(open_page: Any) -> None:
    page, rec = open_page("")
    page.wait_for_load_state("networkidle")
    assert rec.urls, "no request was recorded"
    assert rec.count("pyodide.asm.wasm.zst") == 0 and rec.count("manifest.json") == 0
    assert all(u.startswith("http://127.0.0.1:") for u in rec.urls)


@pytest.mark.parametrize("blocked", ["pyodide.asm.wasm.zst", "pyodide-lock.json"])
def test_engine_failure_shows_retry(open_page: Any, blocked: str) -> None:
    page, rec = open_page(TRICK, goto=False)
    rec.expect_errors = True  # the blocked download is reported in the console
    rec.block.add(blocked)
    page.goto(rec.base + TRICK)
    start(page)
    status = page.locator("somerset-trick .sr-status")
    expect(status).to_contain_text("The rules engine could not load:", timeout=ENGINE_TIMEOUT)
    retry = status.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    # The page's own content is all still there.
    expect(page.get_by_role("heading", name="Resolving a trick by hand")).to_be_visible()
    expect(page.locator("article")).to_contain_text("highest trump takes the trick")
    assert page.locator("somerset-trick .sr-verdict").count() == 0
    # Retry once the file can be fetched again.
    rec.block.clear()
    retry.click()
    verdict(page)
    expect(status).to_be_hidden()
    assert rec.count(blocked) == 2  # the blocked try and the retry


def test_a_stalled_download_is_named_within_seconds_and_retry_recovers(open_page: Any) -> None:
    page, rec = open_page(TRICK, goto=False)
    rec.expect_errors = True
    rec.stall.add("pyodide-lock.json")  # the runtime's lock file: the request hangs, nothing arrives
    page.goto(rec.base + TRICK)
    start(page)
    status = page.locator("somerset-trick .sr-status")
    # Detected from the lack of progress (8 s of nothing), long before the two-minute limit.
    expect(status).to_contain_text("stalled: nothing arrived for 8 seconds", timeout=45_000)
    expect(status).to_contain_text("pyodide-lock.json")
    rec.stall.clear()
    status.get_by_role("button", name="Retry").click()
    verdict(page)
    expect(status).to_be_hidden()


NAMELESS = """() => {
  const name = (el) => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((id) => (document.getElementById(id) || {}).textContent || '').join(' ').trim();
    if (el.id) { const l = document.querySelector(`label[for="${CSS.escape(el.id)}"]`); if (l) return l.textContent.trim(); }
    const wrap = el.closest('label'); if (wrap) return wrap.textContent.trim();
    return ['BUTTON', 'SUMMARY'].includes(el.tagName) ? el.textContent.trim() : '';
  };
  const widgets = 'somerset-trick, somerset-score, somerset-trainer, somerset-replay, somerset-deal, somerset-table';
  const controls = [...document.querySelectorAll(widgets)].flatMap((w) =>
    [...w.querySelectorAll('button, select, input, textarea, summary, [tabindex]')]);
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
  return {
    nameless: controls.filter((el) => !name(el)).map((el) => el.outerHTML.slice(0, 120)),
    duplicateIds: [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))],
    controls: controls.length,
  };
}"""


@pytest.mark.parametrize("path,widget", [
    (TRICK + "?rules=all&trump=6&cards=8/8,0/0,4/4,9/12", "somerset-trick"),
    (SCORE + "?rules=parker-1947&bid=15&made=12", "somerset-score"),
    ("tools/replay/?rules=parker-1947&seed=7", "somerset-deal"),
    ("tools/play/?rules=somersetgame-com&seed=3&moves=bid_24", "somerset-table"),
    ("variants/parker-1947/", "somerset-replay"),
])
def test_every_control_has_a_name_and_ids_are_unique(open_page: Any, path: str, widget: str) -> None:
    page, _ = open_page(path)
    status = page.locator(f"{widget} .sr-status").first
    expect(status).to_be_attached()
    # Start the engine whether or not the page started it by itself (starting twice is harmless).
    page.evaluate("window[Symbol.for('somerset.engine')].start()")
    expect(status).to_be_hidden(timeout=ENGINE_TIMEOUT)
    # Every widget on the page has drawn its controls: none of them still shows its start-up box.
    page.wait_for_function("() => [...document.querySelectorAll('.sr-status')].every((s) => s.hidden)",
                           timeout=ENGINE_TIMEOUT)
    found = page.evaluate(NAMELESS)
    assert found["controls"] > 0
    assert found["nameless"] == [], found["nameless"]
    assert found["duplicateIds"] == [], found["duplicateIds"]


def test_play_a_deal_against_the_bots(open_page: Any) -> None:
    from somerset.service.table import sit_down

    page, rec = open_page("tools/play/?rules=somersetgame-com&seed=3&moves=bid_24",
                          viewport={"width": 360, "height": 740}, color_scheme="dark")
    table = page.locator("somerset-table")
    ask = table.locator(".sr-table__ask")
    expect(ask).to_contain_text("which stay in your hand: choose 2 of the cards you were dealt to discard",
                                timeout=ENGINE_TIMEOUT)
    offer = sit_down("somersetgame-com", None, 3, ["bid 24"])
    kept = offer["to_play"]["kept"]
    hand = [c for c in offer["view"]["hand"] if c not in kept]
    discard = table.get_by_role("button", name="Discard 2")
    expect(discard).to_have_attribute("aria-disabled", "true")
    # The kitty's cards stay with the bidder under somersetgame.com: they are barred, and say why.
    for card in kept:
        expect(table.locator(f'.sr-table__hand [data-card="{card}"]')).to_have_attribute("aria-disabled", "true")
    table.locator(f'.sr-table__hand [data-card="{kept[0]}"]').focus()
    expect(table.locator(".sr-handbox .sr-why").first).to_contain_text("came from the kitty")
    expect(ask).to_contain_text("Chosen: none yet")
    for card in hand[:2]:
        table.locator(f'.sr-table__hand [data-card="{card}"]').click()
        expect(table.locator(f'.sr-table__hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    expect(ask).to_contain_text(f"Chosen: {hand[0]}, {hand[1]}")
    discard.click()
    # Trump: every suit the ruleset allows, by name; the address keeps the deal so far (its code).
    trumps = table.get_by_role("group", name="Name trump").get_by_role("button")
    expect(trumps.first).to_be_visible()
    table.get_by_role("button", name="/12 suit").click()
    expected = sit_down("somersetgame-com", None, 3, ["bid 24", f"discard {hand[0]} {hand[1]}", "trump 12"])
    legal = expected["to_play"]["cards"]
    expect(page).to_have_url(re.compile(rf"\?rules=somersetgame-com&format=four-partners&seed=3&play={expected['play']}&level=club$"))
    # Only the cards the engine allows are enabled; a greyed card does nothing.
    enabled = table.locator(".sr-table__hand .sr-card:not([aria-disabled])")
    expect(enabled).to_have_count(len(legal))
    assert sorted(enabled.evaluate_all("(els) => els.map((e) => e.dataset.card)")) == sorted(legal)
    barred = table.locator(".sr-table__hand .sr-card[aria-disabled='true']")
    if barred.count():
        barred.first.click()
        expect(page).to_have_url(re.compile(rf"play={expected['play']}&level=club$"))
    enabled.first.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"play={expected['play']}[A-Za-z0-9_-]+&level=club$"))
    # The keyboard reader's focus stays at the table, on a card that may be played next.
    # (once the bots' cards have been shown, one at a time)
    expect(table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first).to_be_focused(timeout=ENGINE_TIMEOUT)
    expect(table.locator("[aria-live='polite']")).not_to_be_empty()
    # Take back the card: the position before it.
    table.get_by_role("button", name="Take back my last move").click()
    expect(page).to_have_url(re.compile(rf"play={expected['play']}&level=club$"))
    expect(enabled).to_have_count(len(legal))
    no_overflow_here = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert no_overflow_here[0] <= no_overflow_here[1]

    # Play on to the end, the other players' cards all at once: the result, the hands and a replay of the deal.
    table.get_by_label("The other players' cards").select_option("instant")
    for _ in range(40):
        if table.locator(".sr-table__result").count():
            break
        before = page.url
        table.locator(".sr-table__hand .sr-card:not([aria-disabled])").first.click()
        # Each card is one request to the engine: wait for its answer (the address's code grows).
        page.wait_for_function("(url) => location.href !== url", arg=before, timeout=ENGINE_TIMEOUT)
    expect(table.locator(".sr-table__result")).to_contain_text("The deal is over.")
    table.get_by_role("button", name="Replay this deal step by step").click()
    expect(table.locator("somerset-replay .sr-replay__counter")).to_contain_text("Step 1 of", timeout=ENGINE_TIMEOUT)
    assert rec.count("pyodide.asm.wasm.zst") == 1


def test_play_a_deal_with_a_hostile_address(open_page: Any) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=7&moves=pass,<img_src=x_onerror=alert(1)>,pass")
    table = page.locator("somerset-table")
    expect(table.locator(".sr-notice")).to_contain_text("Stopped at move 2, “<img src=x onerror=alert(1)>”, is not allowed",
                                                       timeout=ENGINE_TIMEOUT)
    assert page.locator("img[src='x']").count() == 0
    # the link now keeps the deal so far as its code (the reader's pass and the bots' calls after it)
    from somerset.service.table import sit_down

    expect(page).to_have_url(re.compile(rf"seed=7&play={sit_down('parker-1947', None, 7, ['pass'])['play']}&level=club$"))


@pytest.mark.parametrize("path,words", [
    (TRICK, "Resolving a trick by hand"),
    (SCORE, "Scoring by hand"),
    ("tools/replay/", "The same deal, step by step"),
    ("tools/play/", "The other seats are played by the engine"),
])
def test_tool_pages_without_javascript(open_page: Any, path: str, words: str) -> None:
    """With JavaScript off, a tool page says so and the way to the same answer by hand is there."""
    page, rec = open_page(path, java_script_enabled=False)
    note = page.locator("article noscript + p, article p").filter(has_text="needs JavaScript, which is off")
    expect(note).to_have_count(1)
    expect(page.locator("article")).to_contain_text(words)
    assert rec.count("pyodide") == 0 and rec.count("worker.js") == 0


def test_play_a_two_handed_deal_shows_the_pile_and_the_draw(open_page: Any) -> None:
    from somerset.service.table import sit_down

    moves = ["bid 10", "trump 0"]
    data = sit_down("parker-1947", "two", 5, moves)
    while not data["view"]["tricks"]:
        moves.append(f"play {data['to_play']['cards'][0]}")
        data = sit_down("parker-1947", "two", 5, moves)
    drew = next(x["card"] for x in data["view"]["tricks"][-1]["draws"] if x["seat"] == 0)
    address = ",".join(m.replace(" ", "_") for m in moves)
    page, _ = open_page(f"tools/play/?rules=parker-1947&format=two&seed=5&moves={address}")
    table = page.locator("somerset-table")
    expect(table.locator(".sr-table__undealt")).to_contain_text(
        f"Drawing pile: {data['view']['pile']['size']} cards, face down", timeout=ENGINE_TIMEOUT)
    expect(table.locator(".sr-table__last")).to_contain_text(f"You drew {drew}.")
    expect(table.locator(".sr-table__points")).to_contain_text("Points taken: you ")


WIDGETS_DIR = Path(__file__).resolve().parents[2] / "widgets"
WIDGETS = sorted(WIDGETS_DIR.rglob("*.js"))


def test_each_widget_file_defines_the_element_named_after_it() -> None:
    """Every element a file defines is its own (<somerset-NAME> in its feature's folder, in a file
    named after the element or the tool), and main.js finds the modules through the widgets'
    manifest (tests/site/test_widget_manifest.py checks it)."""
    defined = {}
    for path in WIDGETS:
        for tag in re.findall(r"^defineWidget\(\"(somerset-[a-z0-9-]+)\"", path.read_text(encoding="utf-8"), re.M):
            defined[tag] = path.relative_to(WIDGETS_DIR).as_posix()
    assert defined, "no widget defines an element"
    for tag, name in defined.items():
        word = tag.removeprefix("somerset-")
        assert name.endswith(".js") and word.replace("-", "") in name.replace("-", ""), f"{name} defines <{tag}>"
    assert 'from "./manifest.js"' in (Path(__file__).resolve().parents[2] / "widgets" / "main.js").read_text(encoding="utf-8")


def test_main_finds_a_widget_module_from_its_tag(open_page: Any) -> None:
    page, rec = open_page("puzzles/")
    found = page.evaluate(
        """async () => {
          const main = await import(document.querySelector('script[src*="widgets/main.js"]').src);
          return ['somerset-trick', 'somerset-puzzle-progress', 'SOMERSET-SCORE', 'somerset-', 'somerset-../x', 'div', 'somerset-a--b']
            .map((t) => main.moduleFor(t));
        }"""
    )
    assert found == ["./trick/trick.js", "./trainer/puzzle-progress.js", "./score/score.js", None, None, None, None]
    # The page's own progress summary is defined from its tag alone, and works without the engine.
    expect(page.locator("article somerset-puzzle-progress")).to_contain_text("In the trainer you have solved 0 and failed 0 of the")
    assert rec.count("pyodide.asm.wasm.zst") == 0
    # A tag with no module behind it says so in place, and nothing else breaks.
    rec.expect_errors = True  # the browser logs the missing module
    page.evaluate("document.querySelector('article').prepend(document.createElement('somerset-nonesuch'))")
    page.evaluate("window.document$.next(document)")
    expect(page.locator("somerset-nonesuch")).to_contain_text("This tool could not start")
