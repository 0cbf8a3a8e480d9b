"""The tools at the table, on a phone: one screen from the page to a verdict, the reader's own ruleset
remembered, no lost first tap, no lost focus, cards drawn as Somerset cards, tricks as seats, and
barred cards that say why. Real Chromium against the built site, checked against the engine in-process.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from somerset.api import handle

ENGINE_TIMEOUT = 60_000
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TRICK = "tools/trick/"
STORE = "somerset.ruleset"


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps(request)))


def ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def scroll_y(page: Any) -> float:
    return float(page.evaluate("window.scrollY"))


def start_engine(page: Any) -> None:
    page.wait_for_function("() => Boolean(window[Symbol.for('somerset.engine')])")  # a function: the CSP forbids eval
    page.evaluate("window[Symbol.for('somerset.engine')].start()")


def box(locator: Any) -> dict[str, float]:
    b = locator.bounding_box()
    assert b is not None
    return b


def test_one_screen_from_the_page_to_a_verdict(open_page: Any) -> None:
    """At 360 x 740, Start, Clear and four cards on the pad: the verdict is in sight, nothing scrolled."""
    page, _ = open_page(TRICK, **PHONE)
    widget = page.locator("somerset-trick")
    widget.locator(".sr-start").tap()
    pad = widget.locator(".sr-keypad")
    expect(pad.locator("button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    widget.get_by_role("button", name="Clear").tap()
    expect(widget.get_by_label("Cards in play order")).to_have_value("")
    played = ["8/8", "4/8", "0/0", "6/6"]
    for card in played:
        if card != "0/0":
            pad.locator(f"button[data-suit='{card.split('/')[1]}']").tap()
        pad.locator(f"button[data-card='{card}']").tap()
        assert scroll_y(page) == 0, f"the page scrolled to reach {card}"
    expected = engine(cmd="trick", rules="parker-1947", trump="2", cards=played)
    verdict = widget.locator(".sr-verdict")
    expect(verdict.locator(".sr-verdict__winner")).to_have_text(
        f"{expected['card']}, the {ordinal(expected['winner'] + 1)} card played, takes the trick.", timeout=ENGINE_TIMEOUT
    )
    # Fully on screen (polled, so a verdict drawn again as the engine settles is measured once it is).
    expect(verdict).to_be_in_viewport(ratio=1)
    assert scroll_y(page) == 0
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    # The pad's keys are big enough for a finger.
    key = box(pad.locator("button").first)
    assert key["width"] >= 44 and key["height"] >= 44, key


def test_the_first_tap_takes_effect_and_nothing_moves_under_it(open_page: Any) -> None:
    page, rec = open_page(TRICK, **PHONE)
    widget = page.locator("somerset-trick")
    status = widget.locator(".sr-status")
    expect(status).to_have_attribute("data-state", "idle")
    controls = [widget.get_by_role("button", name="Clear"), widget.get_by_label("Cards in play order"), widget.locator(".sr-start"), widget.locator(".sr-keypad__box")]
    before = [box(c) for c in controls]
    # The first tap starts the engine (on finger-down) and does what it is for: it clears the trick.
    controls[0].tap()
    expect(status).to_have_attribute("data-state", "loading")
    expect(widget.get_by_label("Cards in play order")).to_have_value("")
    after = [box(c) for c in controls]
    assert after == before, "the widget moved when the engine started"
    assert rec.count("worker.js") == 1
    # The Start button stays where it was while the engine loads, showing the progress.
    expect(widget.locator(".sr-start")).to_have_attribute("aria-disabled", "true")
    expect(widget.locator(".sr-start")).to_contain_text("Starting…")
    expect(widget.locator(".sr-keypad button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(widget.locator(".sr-empty")).to_contain_text("Enter the cards of a trick")
    assert box(widget.get_by_label("Cards in play order")) == before[1]


def test_focus_moves_to_the_pad_when_start_goes(open_page: Any) -> None:
    page, _ = open_page(TRICK)
    start = page.locator("somerset-trick .sr-start")
    start.focus()
    page.keyboard.press("Enter")
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(start).to_be_hidden()
    focused = page.evaluate(
        "[document.activeElement.tagName, Boolean(document.activeElement.closest('somerset-trick .sr-keypad')), document.activeElement.tabIndex]"
    )
    assert focused == ["BUTTON", True, 0], focused
    # And the keyboard carries on from there: Enter chooses the suit, focus moves to its ranks.
    page.keyboard.press("Enter")
    expect(page.locator("somerset-trick .sr-keypad")).to_have_attribute("data-view", "ranks")
    assert page.evaluate("Boolean(document.activeElement.dataset.card)")


def test_the_readers_ruleset_is_remembered_across_tools_and_reloads(open_page: Any) -> None:
    page, _ = open_page(TRICK)
    page.locator("somerset-trick .sr-start").click()
    rules = page.get_by_label("Ruleset", exact=True)
    expect(rules).to_be_enabled(timeout=ENGINE_TIMEOUT)
    ours = page.locator("somerset-trick").get_by_role("button", name="Our table")
    expect(ours).to_have_attribute("aria-pressed", "false")
    rules.select_option("hodges-1913")
    ours.click()  # one press
    expect(ours).to_have_attribute("aria-pressed", "true")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')")) == {"version": 1, "ruleset": "hodges-1913"}
    # Another tool, reached by the site's own navigation: preselected.
    page.locator("article a[href$='score/']").first.click()
    score = page.locator("somerset-score")
    expect(score.get_by_label("Ruleset")).to_have_value("hodges-1913", timeout=ENGINE_TIMEOUT)
    expect(score.get_by_role("button", name="Our table")).to_have_attribute("aria-pressed", "true")
    expect(score.locator(".sr-verdict__reason")).to_be_visible()
    expect(score.locator(".sr-hint").filter(has_text="Scored under")).to_contain_text("Hodges 1913")
    # After a reload, and in Play a deal.
    page.reload()
    start_engine(page)
    expect(page.locator("somerset-score").get_by_label("Ruleset")).to_have_value("hodges-1913", timeout=ENGINE_TIMEOUT)
    page.goto(page.url.split("tools/")[0] + "tools/play/")
    start_engine(page)
    expect(page.locator("somerset-table").get_by_label("Ruleset")).to_have_value("hodges-1913", timeout=ENGINE_TIMEOUT)
    # Changed in one press from any tool; a shared link's own ruleset still wins over it.
    table = page.locator("somerset-table")
    table.get_by_label("Ruleset").select_option("parker-1934")
    table.get_by_role("button", name="Our table").click()
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')")) == {"version": 1, "ruleset": "parker-1934"}
    page.goto(page.url.split("tools/")[0] + TRICK + "?rules=minden-hardware&trump=8&cards=4/8")
    trick = page.locator("somerset-trick")
    expect(trick.get_by_label("Ruleset")).to_have_value("minden-hardware", timeout=ENGINE_TIMEOUT)
    expect(trick.get_by_role("button", name="Our table")).to_have_attribute("aria-pressed", "false")
    # Pressed again, it forgets.
    trick.get_by_label("Ruleset").select_option("parker-1934")
    expect(trick.get_by_role("button", name="Our table")).to_have_attribute("aria-pressed", "true")
    trick.get_by_role("button", name="Our table").click()
    assert page.evaluate(f"localStorage.getItem('{STORE}')") is None
    # Garbage in storage is no choice at all.
    page.evaluate(f"localStorage.setItem('{STORE}', '<b>x</b>')")
    page.goto(page.url.split("tools/")[0] + TRICK)
    start_engine(page)
    expect(page.locator("somerset-trick").get_by_label("Ruleset")).to_have_value("parker-1947", timeout=ENGINE_TIMEOUT)


def test_a_trick_as_seats_with_count_cards_marked_by_value(open_page: Any) -> None:
    cards = ["4/8", "S/S", "8/8", "1/2"]
    page, _ = open_page(TRICK + "?rules=parker-1947&trump=8&cards=" + ",".join(cards), **PHONE)
    expected = engine(cmd="trick", rules="parker-1947", trump="8", cards=cards)
    pack = {c["card"]: c for c in engine(cmd="pack", deck="double")["cards"]}
    table = page.locator("somerset-trick .sr-trick")
    expect(table.locator(".sr-seat--winner")).to_have_attribute("data-card", expected["card"], timeout=ENGINE_TIMEOUT)
    seats = table.locator(".sr-seat")
    expect(seats).to_have_count(4)
    for i, card in enumerate(cards):
        seat = table.locator(f".sr-seat[data-seat='{i}']")
        expect(seat).to_have_attribute("data-card", card)
        expect(seat.locator(".sr-seat__name")).to_have_text(ordinal(i + 1))
        value, suit = ("S", "S") if card == "S/S" else card.split("/")
        # The play value above the suit numeral.
        face = seat.locator(".sr-cardface")
        expect(face.locator(".sr-cardface__value")).to_have_text(value)
        expect(face.locator(".sr-cardface__suit")).to_have_text(suit)
        assert box(face.locator(".sr-cardface__value"))["y"] < box(face.locator(".sr-cardface__suit"))["y"]
        # Count cards carry their value, not only a colour.
        if pack[card]["count"]:
            expect(face.locator(".sr-cardface__count")).to_have_text(str(pack[card]["count"]))
        else:
            expect(face.locator(".sr-cardface__count")).to_have_count(0)
    expect(table.locator(".sr-seat[data-seat='0'] .sr-seat__mark--led")).to_have_text("led")
    expect(table.locator(".sr-seat--winner .sr-seat__mark--won")).to_have_text("took it")
    # Seats round the table: the lead at the bottom, the next player to its left, the third opposite.
    centre = [box(table.locator(f".sr-seat[data-seat='{i}']")) for i in range(4)]
    mid = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in centre]
    assert mid[0][1] > mid[1][1] > mid[2][1] and mid[1][0] < mid[0][0] < mid[3][0], mid
    # The list a screen reader reads, in play order with who led and who took it.
    spoken = table.locator("figcaption li")
    expect(spoken).to_have_count(4)
    expect(spoken.nth(0)).to_contain_text("a count card worth 2, played by 1st, led")
    expect(spoken.nth(expected["winner"])).to_contain_text("takes the trick")


def _contrast_js() -> str:
    return """(el) => {
        const parse = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
        let bgEl = el, bg = 'rgba(0, 0, 0, 0)';
        while (bgEl && /rgba\\(.*, 0\\)$/.test(bg = getComputedStyle(bgEl).backgroundColor)) bgEl = bgEl.parentElement;
        const a = lum(parse(getComputedStyle(el).color)), b = lum(parse(bg));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }"""


def test_card_faces_are_readable_in_both_schemes(open_page: Any) -> None:
    for scheme in ("light", "dark"):
        page, _ = open_page(TRICK + "?rules=parker-1947&trump=8&cards=4/8,S/S,8/8,1/10", color_scheme=scheme, **PHONE)
        # Measured once the verdict is in: the seats are drawn again with it.
        expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
        face = page.locator("somerset-trick .sr-seat[data-seat='0'] .sr-cardface")
        expect(face.locator(".sr-cardface__count")).to_have_text("2", timeout=ENGINE_TIMEOUT)
        for part in (".sr-cardface__value", ".sr-cardface__count"):
            ratio = float(face.locator(part).evaluate(_contrast_js()))
            assert ratio >= 4.5, f"{part} on a count card in {scheme}: {ratio:.2f}"
        plain = page.locator("somerset-trick .sr-seat[data-seat='3'] .sr-cardface__value")
        assert float(plain.evaluate(_contrast_js())) >= 4.5
        assert box(face)["width"] >= 30  # readable at 360 px


def test_all_rulesets_on_a_phone_is_a_list_with_whole_names(open_page: Any) -> None:
    cards = "8/8,0/0,4/4,9/12"
    page, _ = open_page(TRICK + f"?rules=all&trump=6&cards={cards}", **PHONE)
    expected = engine(cmd="trick", rules="all", trump="6", cards=cards)
    rows = page.locator("somerset-trick .sr-table tbody tr")
    expect(rows).to_have_count(len(expected["results"]), timeout=ENGINE_TIMEOUT)
    found = page.evaluate(
        """() => {
          const out = {brokenWords: [], clipped: [], wrap: null};
          const wrap = document.querySelector('somerset-trick .sr-table-wrap');
          out.wrap = [wrap.scrollWidth, wrap.clientWidth];
          for (const cell of document.querySelectorAll('somerset-trick .sr-table tbody :is(th, td)')) {
            if (cell.scrollWidth > cell.clientWidth + 1) out.clipped.push(cell.textContent.slice(0, 40));
          }
          // Every word of every ruleset name sits on one line.
          for (const th of document.querySelectorAll('somerset-trick .sr-table tbody th')) {
            const text = th.firstChild;
            let at = 0;
            for (const word of text.textContent.split(' ')) {
              const r = document.createRange();
              r.setStart(text, at); r.setEnd(text, at + word.length);
              const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
              if (lines.size > 1) out.brokenWords.push(word);
              at += word.length + 1;
            }
          }
          return out;
        }"""
    )
    assert found["wrap"][0] <= found["wrap"][1], found
    assert found["clipped"] == [] and found["brokenWords"] == [], found
    for r in expected["results"]:
        row = page.locator(f"somerset-trick tr[data-ruleset='{r['ruleset']}']")
        expect(row.locator("th")).to_have_text(r["ruleset_name"])
        expect(row).to_contain_text(r["reason"])
        # The reason runs the full width under the name, not squeezed into a column.
        assert box(row.locator("td").last)["width"] >= 300


def test_play_a_deal_says_why_a_card_cannot_be_played(open_page: Any) -> None:
    from somerset.service.table import sit_down

    moves = ["pass", "pass", "pass", "play 0/10", "play 1/2"]
    data = sit_down("parker-1947", None, 7, moves)
    view, legal = data["view"], data["to_play"]["cards"]
    barred = [c for c in view["hand"] if c not in legal]
    assert barred and view["trump"] is not None
    why = engine(cmd="legal", rules="parker-1947", trump=view["trump"], hand=view["hand"], trick=view["trick"]["cards"])
    reasons = {i["card"]: i["reason"] for i in why["illegal"]}
    address = ",".join(m.replace(" ", "_") for m in moves)
    page, _ = open_page(f"tools/play/?rules=parker-1947&seed=7&moves={address}", **PHONE)
    table = page.locator("somerset-table")
    hand = table.locator(".sr-table__hand")
    expect(hand.locator(".sr-card")).to_have_count(len(view["hand"]), timeout=ENGINE_TIMEOUT)
    card = hand.locator(f".sr-card[data-card='{barred[0]}']")
    expect(card).to_have_attribute("aria-disabled", "true")
    card.focus()
    line = table.locator(".sr-why")
    expect(line).to_have_text(f"{barred[0]} cannot be played: {reasons[barred[0]]}")
    described = card.get_attribute("aria-describedby") or ""
    expect(page.locator(f"#{described}")).to_have_text(reasons[barred[0]])
    # Touching another barred card says its own reason, and plays nothing.
    before = page.url
    hand.locator(f".sr-card[data-card='{barred[-1]}']").tap(force=True)  # aria-disabled, yet it answers a touch
    expect(line).to_have_text(f"{barred[-1]} cannot be played: {reasons[barred[-1]]}")
    assert page.url == before
    # The trick in the middle of the table: the reader at the bottom, who led marked; seats counted from 1.
    trick = table.locator(".sr-tv .sr-tv__centre .sr-trick")
    expect(trick.locator(".sr-seat")).to_have_count(4)
    you = box(trick.locator(".sr-seat[data-seat='0']"))
    assert all(you["y"] >= box(trick.locator(f".sr-seat[data-seat='{s}']"))["y"] for s in range(4))
    # and round it the seats with their hands, the reader's at the bottom
    seats = {s: box(table.locator(f".sr-tv__seat[data-seat='{s}']")) for s in range(4)}
    assert seats[0]["y"] > seats[1]["y"] and seats[0]["y"] > seats[2]["y"] and seats[2]["y"] < seats[1]["y"]
    assert seats[1]["x"] < seats[3]["x"]
    leader = view["trick"]["leader"]
    expect(trick.locator(f".sr-seat[data-seat='{leader}'] .sr-seat__mark--led")).to_have_text("led")
    expect(trick.locator(f".sr-seat[data-seat='{leader}'] .sr-seat__name")).to_contain_text(f"Seat {leader + 1}")
    # Finished tricks as small tables of cards, each with its winner.
    small = table.locator(".sr-table__tricks .sr-trick")
    expect(small).to_have_count(len(view["tricks"]))
    for i, t in enumerate(view["tricks"]):
        won = small.nth(i).locator(".sr-seat--winner")
        expect(won).to_have_attribute("data-seat", str(t["winner"]))
        expect(won).to_have_attribute("data-card", t["cards"][(t["winner"] - t["leader"]) % 4])
    assert "Seat 0" not in (table.text_content() or "")
