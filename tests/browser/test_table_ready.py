"""Ready for the table, in real Chromium against the built site: one use of a tool on a first visit
keeps every tool working offline; the engine is fetched in the background on a later visit (and
not with Save-Data); the "Ready for the table" control keeps it on demand, with its progress and
its real size; and a tool's inputs can be filled while the engine is still downloading."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT, _site_dir
from playwright.sync_api import expect
from test_offline import TOOLS, WIDE, wait_controlled

from somerset.api import handle

ENGINE = "window[Symbol.for('somerset.engine')].state"
OFFLINE = "window[Symbol.for('somerset.offline')].state"
FIRST = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
# The tool opened offline after the first one: the score first, then every other tool.
SECOND = {
    "tools/score/?rules=parker-1947&bid=15&made=12": ("somerset-score", ".sr-verdict"),
    **{path: answer for path, answer in TOOLS.items() if not path.startswith("tools/score/")},
}


def wait_kept(page: Any) -> None:
    """Until the page knows that the service worker keeps every file of the engine."""
    page.wait_for_function(f"() => {OFFLINE}.saved === true", timeout=ENGINE_TIMEOUT)


def engine_cached(page: Any) -> list[str]:
    """The files the service worker's engine cache holds, as paths with their query."""
    return sorted(
        page.evaluate(
            """async () => {
              const out = [];
              for (const name of await caches.keys()) {
                if (!name.startsWith('somerset-engine-') || name === 'somerset-engine-snapshot') continue;
                const cache = await caches.open(name);
                for (const r of await cache.keys()) { const u = new URL(r.url); out.push(u.pathname + u.search); }
              }
              return out;
            }"""
        )
    )


def engine_files() -> list[str]:
    """Every file of an engine start, as the build lists them for the service worker."""
    text = (_site_dir() / "sw.js").read_text(encoding="utf-8")
    build = json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])
    return sorted("/" + path for path, _, _ in build["engineFiles"])


def test_the_build_lists_both_start_paths_for_the_service_worker() -> None:
    files = engine_files()
    for name in ("pyodide.asm.wasm.zst", "pyodide.mjs", "pyodide-lock.json", "manifest.json", "snapshot.bin", "stdlib.zip", "stdlib-resumed.zip", ".whl"):
        assert any(f.split("?")[0].endswith(name) for f in files), (name, files)
    # The worker downloads the WebAssembly module compressed, never the module as it is; a start the
    # service worker serves imports the runtime script's copy with the compile hint, never the plain one.
    assert not any(f.endswith("/pyodide.asm.wasm") for f in files), files
    assert "/assets/pyodide/eager/pyodide.asm.mjs" in files and "/assets/pyodide/pyodide.asm.mjs" not in files, files
    data = json.loads((_site_dir() / "assets" / "data" / "offline.json").read_text(encoding="utf-8"))
    assert data["engine_files"] == len(files)
    assert 5e6 < data["engine_bytes"] < 20e6


@pytest.mark.parametrize("second", list(SECOND))
def test_one_use_on_a_first_visit_keeps_every_tool_offline(open_page: Any, site_url: str, second: str) -> None:
    # A fresh browser, a tool opened from its link: its verdict, then the page says the tools are
    # kept (the service worker installed and holds the engine), then offline another tool answers.
    page, rec = open_page(goto=False, viewport=WIDE, service_workers="allow")
    page.goto(site_url + FIRST)
    expect(page.locator("somerset-trick .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    wait_kept(page)
    cached = engine_cached(page)
    missing = [f for f in engine_files() if f not in cached]
    assert missing == [], missing
    page.context.set_offline(True)
    tag, answer = SECOND[second]
    page.goto(site_url + second)
    expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator(f"{tag} .sr-status").first).to_be_hidden()


def release(rec: Any) -> None:
    """Let the held downloads through."""
    held, rec.stalled[:] = list(rec.stalled), []
    rec.stall.clear()
    for route in held:
        route.continue_()


def test_the_trick_resolver_takes_a_position_while_the_engine_downloads(open_page: Any) -> None:
    # The engine's WebAssembly is held back: the rulesets, the trumps and the card pad are there
    # all the same (the build's fixed answers), a trick goes in, and the verdict comes once it is let through.
    page, rec = open_page(goto=False)
    rec.stall.add("pyodide.asm.wasm")
    page.goto(rec.base + "tools/trick/")
    rules = page.locator("somerset-trick select").first
    expect(rules).to_be_enabled(timeout=ENGINE_TIMEOUT)  # a loaded machine may take a while to draw the page
    expect(rules.locator("option")).not_to_have_count(1)
    assert "Listed once the engine starts" not in page.locator("somerset-trick").inner_text()
    expect(page.get_by_label("Trump")).to_be_enabled()
    rules.select_option("parker-1947")
    page.get_by_label("Trump").select_option("2")
    page.locator("somerset-trick").get_by_role("button", name="Clear").click()  # the page's example trick
    for suit, card in (("8", "8/8"), ("8", "6/8"), ("10", "4/10"), ("2", "0/2")):
        page.locator(f'somerset-trick .sr-keypad__suit[data-suit="{suit}"]').click()
        page.locator(f'somerset-trick .sr-keypad__card[data-card="{card}"]').click()
    expect(page.get_by_label("Cards in play order")).to_have_value("8/8, 6/8, 4/10, 0/2")
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")  # using the pad started it
    expect(page.locator("somerset-trick .sr-verdict")).to_have_count(0)
    assert rec.stalled, "the engine's download was not held"
    release(rec)
    expect(page.locator("somerset-trick .sr-verdict__winner")).to_contain_text("0/2", timeout=ENGINE_TIMEOUT)


def test_a_link_with_a_position_starts_the_engine_without_measuring_the_page(open_page: Any) -> None:
    # The engine starts in the task that draws the widget, before its status box was ever on
    # screen: nothing is measured (that would force a layout of the whole page before the card pad
    # is drawn, a quarter of a second of a phone's CPU). A box the reader saw and pressed keeps its
    # size, so that nothing moves under the finger.
    page, rec = open_page(goto=False)
    rec.stall.add("pyodide.asm.wasm")
    page.goto(rec.base + "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2")
    expect(page.locator("somerset-trick .sr-keypad__box button").first).to_be_visible()
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")
    start = page.locator("somerset-trick .sr-start")
    expect(start).to_have_attribute("aria-disabled", "true")
    assert start.evaluate("(b) => b.style.minWidth") == ""
    page.goto(rec.base + "tools/trick/")
    expect(start).to_have_text("Start the rules engine")
    start.click()
    expect(start).to_have_attribute("aria-disabled", "true")
    assert start.evaluate("(b) => b.style.minWidth").endswith("px")
    release(rec)


def test_the_score_calculator_fills_its_inputs_from_a_link_before_the_engine(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    rec.stall.add("pyodide.asm.wasm")
    page.goto(rec.base + "tools/score/?rules=parker-1950&bid=10&made=12")
    rules = page.locator("somerset-score select").first
    expect(rules).to_have_value("parker-1950")
    expect(rules).to_be_enabled()
    expect(page.locator("somerset-score .sr-verdict")).to_have_count(0)
    release(rec)
    page.wait_for_function(f"() => {ENGINE}.status !== 'loading'", timeout=ENGINE_TIMEOUT)
    assert page.evaluate(f"{ENGINE}.status") == "ready", page.locator("somerset-score").inner_text()
    expect(page.locator("somerset-score .sr-verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)


# Each tool's inputs, as the reader uses them first: (the page, its widget, what must be usable).
TOOL_INPUTS = {
    "trick": ("tools/trick/", "somerset-trick", ".sr-keypad__box button"),  # the card pad
    "worth": ("tools/worth/", "somerset-worth", ".sr-keypad__box button"),  # the hand's card pad
    "score": ("tools/score/", "somerset-score", "select"),  # the ruleset, the bid and the points
    "replay": ("tools/replay/", "somerset-deal", "select"),  # the replayer's form
    "play": ("tools/play/", "somerset-table", "select"),
    "samedeal": ("tools/samedeal/", "somerset-samedeal", "select"),
    "pad": ("tools/pad/", "somerset-pad", "select[id$='-rules']"),  # the ruleset (then the players, the deal's form)
}


@pytest.mark.parametrize("tool", sorted(TOOL_INPUTS))
def test_every_tool_draws_its_inputs_from_its_page_with_the_engine_blocked(open_page: Any, tool: str) -> None:
    # The engine's download is held (no answer, no error): every tool's inputs are drawn all the same, filled from
    # the build's fixed answers that the tool page carries (hooks/inputs.py), so nothing waits for
    # a request; the widget's module was preloaded and run from the head (hooks/early_start.py).
    path, tag, inputs = TOOL_INPUTS[tool]
    page, rec = open_page(goto=False)
    rec.stall.add("pyodide.asm.wasm")
    rec.stall.add("/assets/engine/")
    page.goto(rec.base + path)
    first = page.locator(f"{tag} {inputs}").first
    expect(first).to_be_enabled(timeout=ENGINE_TIMEOUT)  # a loaded machine may take a while to draw the page
    assert "Listed once the engine starts" not in page.locator(tag).inner_text()
    if inputs.startswith("select"):
        expect(first.locator("option")).not_to_have_count(1)
    else:
        expect(page.locator(f"{tag} {inputs}")).not_to_have_count(0)
        first.click()  # a card pad press is taken (and starts the engine, whose download waits)
    assert rec.count("assets/data/inputs.json") == 0, "the tool page fetched the fixed answers it carries"
    # Preloaded from the head (the widget's module and what it imports), and run from there.
    head = page.evaluate("""() => ({
      preloaded: [...document.head.querySelectorAll('link[rel=modulepreload]')].map((e) => e.href.split('/').pop()),
      run: [...document.head.querySelectorAll('script[type=module][async]')].map((e) => e.src.split('/').pop()),
    })""")
    module = {"somerset-deal": "deal-replayer.js", "somerset-table": "table.js", "somerset-samedeal": "same-deal.js"}.get(tag, f"{tool}.js")
    assert {module, "ui.js", "engine.js", "main.js"} <= set(head["preloaded"]), head
    assert head["run"] == ["main.js", module], head


def test_the_fixed_answers_are_asked_for_once_where_a_widget_reads_them_and_nowhere_else(open_page: Any) -> None:
    # A ruleset page's replays read the build's fixed answers as they are drawn: one request. The
    # home page and a Learn page have no widget that reads them: no request. Nothing preloads them
    # (a preload is not matched by a request made while the page is being read: the file would
    # come twice, and Chromium would warn of an unused preload).
    fixed = "window[Symbol.for('somerset.fixed-answers')]"  # ui.js fixedAnswers(): the map, once read
    for path, reads in (("variants/parker-1947/", True), ("", False), ("learn/tricks/", False)):
        page, rec = open_page(goto=False)
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        page.goto(rec.base + path)
        page.wait_for_load_state("load")  # every preload of the page has been asked for by now
        if reads:
            page.wait_for_function(f"() => {fixed} !== undefined")
            assert page.evaluate(f"async () => (await {fixed}).size") > 0
        assert rec.count("assets/data/inputs.json") == (1 if reads else 0), path
        assert page.locator("link[rel=preload][href*='inputs.json']").count() == 0, path
        assert not [m for m in said if "preload" in m], said


def pad_answer(deals: list[dict[str, Any]]) -> Any:
    """The engine's pad for Parker 1947, the sides named as the pad names two sides."""
    return json.loads(handle(json.dumps({"cmd": "pad", "rules": "parker-1947", "names": ["We", "They"], "deals": deals})))


def test_the_score_pad_takes_deals_while_the_engine_downloads_and_scores_them_in_order(open_page: Any) -> None:
    # The engine's download is held: the pad's ruleset, players, sides and deal form are drawn from
    # the build's fixed answers; deals go in, are shown as waiting and kept on the device (a reload
    # keeps them); once the engine is let through they are scored in order, and the one it refuses
    # is named and left to be edited, not dropped.
    page, rec = open_page(goto=False, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    rec.stall.add("pyodide.asm.wasm")
    page.goto(rec.base + "tools/pad/")
    pad = page.locator("somerset-pad")
    rules = pad.locator("select[id$='-rules']")
    expect(rules).to_be_enabled(timeout=ENGINE_TIMEOUT)
    expect(rules).to_have_value("parker-1947")
    expect(pad.get_by_label("Bid won by").locator("option")).to_have_text(["We", "They"])
    expect(pad.get_by_role("button", name="Everyone passed")).to_be_enabled()
    expect(pad.locator(".sr-pad__totals dt")).to_have_text(["We seats 1+3", "They seats 2+4"])
    expect(pad.locator(".sr-pad__totals dd")).to_have_text(["0", "0"])
    expect(pad.locator(".sr-pad__names input")).to_have_count(2)
    expect(pad.locator(".sr-pad__points .sr-hint")).to_have_text("A deal holds 24 points; leave one side empty for the rest.")

    def add(bidder: str, bid: int, first: int, second: int | None = None) -> None:
        rows = pad.locator(".sr-pad__table tbody tr").count()
        pad.get_by_label("Bid won by").select_option(label=bidder)
        pad.get_by_label("Bid", exact=True).fill(str(bid))
        pad.get_by_label("We took").fill(str(first))
        pad.get_by_label("They took").fill("" if second is None else str(second))
        pad.get_by_role("button", name="Add the deal").click()
        expect(pad.locator(".sr-pad__table tbody tr")).to_have_count(rows + 1)
        expect(pad.get_by_label("We took")).to_have_value("")  # taken in: the form is emptied

    add("We", 15, 16)
    expect(pad.locator("[aria-live='polite']")).to_have_text("Deal 1 is on the pad: scored when the engine is ready.")
    add("They", 30, 10, 14)  # a bid above the deal's 24 points: the engine will refuse it
    add("We", 12, 24, 0)
    add("They", 10, 4)  # and taken back: Undo works before the engine too
    pad.get_by_role("button", name="Undo the last deal").click()
    expect(pad.locator("[aria-live='polite']")).to_have_text("Deal 4 taken back.")
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")  # using the form started it
    assert rec.stalled, "the engine's download was not held"
    rows = pad.locator(".sr-pad__table tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("We 15, waiting")
    expect(rows.nth(0)).to_contain_text("took 16")
    expect(rows.nth(0)).to_contain_text("took 8")  # the side left empty took the rest
    expect(pad.locator(".sr-pad__board")).to_have_text("A pad of 3 deals, scored when the engine is ready.")
    entered = [{"bidder": 0, "bid": 15, "points": [16, 8]}, {"bidder": 1, "bid": 30, "points": [10, 14]}, {"bidder": 0, "bid": 12, "points": [24, 0]}]
    stored = json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))
    assert [g["deals"] for g in stored["games"]] == [entered]
    assert "deals=s1b15p16.8,s2b30p10.14,s1b12p24.0" in page.url

    # A reload while the engine still downloads: the deals written down are there, still waiting.
    rec.stalled[:] = []  # the first page's held download goes with it
    page.reload()
    expect(rows).to_have_count(3, timeout=ENGINE_TIMEOUT)
    expect(rows.nth(2)).to_contain_text("We 12, waiting")
    expect(pad.locator(".sr-pad__board")).to_contain_text("scored when the engine is ready")
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")  # a kept game starts it by itself
    release(rec)

    # Scored in order with the engine's figures: deal 1; deal 2 refused, named, and kept; deal 3 waits for it.
    first = pad_answer(entered[:1])
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t) for t in first["totals"]], timeout=ENGINE_TIMEOUT)
    refusal = pad_answer(entered)["error"]["message"]
    assert refusal.startswith("deal 2: a bid must be from 1 to 24")
    expect(pad.locator(".sr-notice")).to_contain_text(f"This pad cannot be scored as it is: {refusal}.")
    expect(pad.locator(".sr-pad__refused")).to_have_text("Deal 2 is not scored (the note above says why). Press Edit on deal 2 to change it.")
    expect(rows.nth(1)).to_contain_text("They 30, not scored")
    expect(rows.nth(2)).to_contain_text("We 12, waiting")
    assert [g["deals"] for g in json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"]] == [entered]

    # Deal 2 changed: every deal is scored, as the engine scores them.
    pad.get_by_role("button", name="Edit deal 2").click()
    expect(pad.get_by_label("Bid", exact=True)).to_have_value("30")
    pad.get_by_label("Bid", exact=True).fill("15")
    pad.get_by_role("button", name="Save deal 2").click()
    fixed = [entered[0], {**entered[1], "bid": 15}, entered[2]]
    answer = pad_answer(fixed)
    minus = lambda n: f"\u2212{-n}" if n < 0 else str(n)  # noqa: E731
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([minus(t) for t in answer["totals"]])
    expect(pad.locator(".sr-pad__waiting")).to_have_count(0)
    expect(pad.locator(".sr-notice")).to_be_hidden()
    expect(pad.locator("[aria-live='polite']")).to_have_text(f"Deals 2 to 3 scored. Totals We {minus(answer['totals'][0])}, They {minus(answer['totals'][1])}.")
    game = json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"][0]
    assert game["deals"] == fixed and game["answer"]["totals"] == answer["totals"]


def test_a_deal_added_to_a_links_pad_before_the_engine_keeps_it_beside_the_devices_own(open_page: Any) -> None:
    # Nothing is lost and nothing is written over: the device's own game, begun while the engine
    # was held, stays as it was when a shared link's pad is opened and a deal is added to it (still
    # before the engine); that pad becomes a game of its own, scored once the engine is let through.
    page, rec = open_page(goto=False)
    rec.stall.add("pyodide.asm.wasm")
    page.goto(rec.base + "tools/pad/")
    pad = page.locator("somerset-pad")
    rows = pad.locator(".sr-pad__table tbody tr")
    expect(pad.get_by_role("button", name="Add the deal")).to_be_enabled(timeout=ENGINE_TIMEOUT)
    pad.get_by_label("Bid", exact=True).fill("15")
    pad.get_by_label("We took").fill("16")
    pad.get_by_role("button", name="Add the deal").click()
    expect(rows).to_have_count(1)
    own = json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"]
    assert [g["deals"] for g in own] == [[{"bidder": 0, "bid": 15, "points": [16, 8]}]]

    rec.stalled[:] = []  # the first page's held download goes with it
    page.goto(rec.base + "tools/pad/?rules=parker-1947&deals=s2b10p4.20")
    expect(pad.locator(".sr-notice")).to_contain_text("This pad came with a link. It is not kept on this device, and your own games are unchanged")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("They 10, waiting")
    pad.get_by_label("Bid won by").select_option(label="We")
    pad.get_by_label("Bid", exact=True).fill("12")
    pad.get_by_label("We took").fill("24")
    pad.get_by_role("button", name="Add the deal").click()
    expect(rows).to_have_count(2)
    expect(pad.locator("[aria-live='polite']")).to_have_text(
        "Deal 2 is on the pad: scored when the engine is ready. This pad is now kept on this device, as a game of its own.")
    linked = [{"bidder": 1, "bid": 10, "points": [4, 20]}, {"bidder": 0, "bid": 12, "points": [24, 0]}]
    games = json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"]
    assert [g["deals"] for g in games] == [own[0]["deals"], linked]
    assert games[0] == own[0]  # the device's own game, untouched
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")
    release(rec)
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t) for t in pad_answer(linked)["totals"]], timeout=ENGINE_TIMEOUT)
    expect(pad.locator(".sr-pad__waiting")).to_have_count(0)


def test_a_kept_game_is_changed_after_a_reload_before_the_engine(open_page: Any) -> None:
    # A game scored and kept; the page reloaded with the engine's download held: the saved totals
    # show, Undo and Edit work at once (the changed deals wait), and the engine scores them after.
    page, rec = open_page("tools/pad/")
    pad = page.locator("somerset-pad")
    rows = pad.locator(".sr-pad__table tbody tr")
    pad.locator(".sr-start").click()
    page.wait_for_function(f"() => {ENGINE}.status === 'ready'", timeout=ENGINE_TIMEOUT)
    for bid, took in ((15, 16), (12, 10)):
        pad.get_by_label("Bid", exact=True).fill(str(bid))
        pad.get_by_label("We took").fill(str(took))
        pad.get_by_role("button", name="Add the deal").click()
        expect(pad.get_by_label("We took")).to_have_value("", timeout=ENGINE_TIMEOUT)
    two = [{"bidder": 0, "bid": 15, "points": [16, 8]}, {"bidder": 0, "bid": 12, "points": [10, 14]}]
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t).replace("-", "\u2212") for t in pad_answer(two)["totals"]])

    # Held by the runtime's script: the WebAssembly module may come from the copy the first start kept.
    rec.stall.add("pyodide.asm.mjs")
    page.reload()
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t).replace("-", "\u2212") for t in pad_answer(two)["totals"]])
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")  # a kept game starts it by itself
    pad.get_by_role("button", name="Undo the last deal").click()
    one = pad_answer(two[:1])["totals"]  # the kept answer for two deals holds the totals after the first
    expect(pad.locator("[aria-live='polite']")).to_have_text(f"Deal 2 taken back. Totals We {one[0]}, They {one[1]}.")
    expect(rows).to_have_count(1)
    pad.get_by_role("button", name="Edit deal 1").click()
    expect(pad.get_by_label("Bid", exact=True)).to_have_value("15")
    pad.get_by_label("Bid", exact=True).fill("17")
    pad.get_by_role("button", name="Save deal 1").click()
    expect(rows.nth(0)).to_contain_text("We 17, waiting")
    changed = [{"bidder": 0, "bid": 17, "points": [16, 8]}]
    assert json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"][0]["deals"] == changed
    release(rec)
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([str(t).replace("-", "\u2212") for t in pad_answer(changed)["totals"]], timeout=ENGINE_TIMEOUT)
    expect(rows.nth(0)).to_contain_text("We 17, set")


@pytest.mark.parametrize("tool", ["samedeal", "replay", "play"])
def test_the_deal_tools_take_their_inputs_while_the_engine_downloads(open_page: Any, tool: str) -> None:
    # Same deal, the deal replayer and Play a deal: with the engine's WebAssembly held back, the
    # rulesets, the players and the seed are there from the build's fixed answers; the reader's
    # request is said to wait, and is answered, for the seed asked, once the engine is let through.
    tag, answer = {"samedeal": ("somerset-samedeal", ".sr-samedeal__summary"),
                   "replay": ("somerset-deal", ".sr-tv"),
                   "play": ("somerset-table", ".sr-tv")}[tool]
    page, rec = open_page(goto=False)
    rec.stall.add("pyodide.asm.wasm")
    page.goto(rec.base + f"tools/{tool}/")
    widget = page.locator(tag)
    rules = widget.locator("select").first
    expect(rules).to_be_enabled(timeout=ENGINE_TIMEOUT)
    expect(rules.locator("option")).not_to_have_count(1)
    assert "Listed once the engine starts" not in widget.inner_text()
    rules.select_option("parker-1950")
    seed = widget.get_by_label("Seed")
    seed.fill("5")
    seed.press("Enter")
    if tool != "replay":  # the replayer hands the deal to its replay, which waits for the engine itself
        expect(widget.get_by_role("status").filter(has_text="as soon as the rules engine is ready")).to_be_visible()
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")  # using the form started it
    expect(widget.locator(answer)).to_have_count(0)
    release(rec)
    expect(widget.locator(answer).first).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert "seed=5" in page.url and "parker-1950" in page.url, page.url


def test_the_engine_is_fetched_in_the_background_after_a_first_visit(open_page: Any, site_url: str) -> None:
    page, rec = open_page(goto=False, viewport=WIDE, service_workers="allow")
    page.goto(site_url)
    wait_controlled(page)
    assert page.evaluate(f"{OFFLINE}.background") == "not on a first visit"
    assert rec.count("pyodide.asm.wasm.zst") == 0
    page.goto(site_url + "rulings/")  # a later page of the site, with no tool: the browser is idle
    page.wait_for_function(f"() => {OFFLINE}.background === 'done'", timeout=ENGINE_TIMEOUT)
    wait_kept(page)
    assert page.evaluate(f"{ENGINE}.status") == "idle"  # fetched, never started
    cached = engine_cached(page)
    assert [f for f in engine_files() if f not in cached] == []
    page.context.set_offline(True)
    tag, answer = SECOND["tools/score/?rules=parker-1947&bid=15&made=12"]
    page.goto(site_url + "tools/score/?rules=parker-1947&bid=15&made=12")
    expect(page.locator(f"{tag} {answer}")).to_be_visible(timeout=ENGINE_TIMEOUT)


@pytest.mark.parametrize("connection", ["{saveData: true}", "{saveData: false, type: 'cellular'}"])
def test_no_background_fetch_with_save_data_or_a_metered_connection(open_page: Any, site_url: str, connection: str) -> None:
    page, rec = open_page(goto=False, viewport=WIDE, service_workers="allow")
    page.add_init_script(f"Object.defineProperty(Navigator.prototype, 'connection', {{ get: () => ({connection}), configurable: true }});")
    page.goto(site_url)
    wait_controlled(page)
    page.goto(site_url + "rulings/")
    page.wait_for_function(f"() => {OFFLINE}.background !== null")
    assert page.evaluate(f"{OFFLINE}.background").startswith("not with "), page.evaluate(f"{OFFLINE}.background")
    assert rec.count("pyodide.asm.wasm.zst") == 0
    assert not any("pyodide.asm.wasm" in f for f in engine_cached(page))


def test_ready_for_the_table_keeps_the_tools_then_they_work_offline(open_page: Any, site_url: str) -> None:
    page, rec = open_page(goto=False, viewport={"width": 360, "height": 740}, service_workers="allow")
    page.goto(site_url + "tools/")
    data = json.loads((_site_dir() / "assets" / "data" / "offline.json").read_text(encoding="utf-8"))
    size = f"{data['engine_bytes'] / 1e6:.{1 if data['engine_bytes'] < 10e6 else 0}f} MB"
    button = page.get_by_role("button", name=f"Ready for the table: keep the tools offline ({size})")
    expect(button).to_be_visible()
    assert button.bounding_box()["height"] >= 44
    button.click()
    ready = page.locator("somerset-ready")
    expect(ready).to_contain_text("every tool works on this device without a network", timeout=ENGINE_TIMEOUT)
    expect(button).to_be_hidden()
    expect(ready.locator("[aria-live]")).to_have_text("Ready for the table: every tool works offline on this device.")
    assert page.evaluate(f"{ENGINE}.status") == "idle"  # kept, not started
    assert rec.count("pyodide.asm.wasm.zst") == 1
    page.context.set_offline(True)
    page.goto(site_url + FIRST)
    expect(page.locator("somerset-trick .sr-verdict__winner")).to_be_visible(timeout=ENGINE_TIMEOUT)
    page.goto(site_url + "tools/")
    expect(ready).to_contain_text("every tool works on this device without a network")


# The score pad changed before the engine runs: what the engine's kept answer already scores stays
# scored (pad/game.js answerCovers, answerPrefix), the rest waits, nothing is made up.

PAD_DEALS = [{"bidder": 0, "bid": 15, "points": [16, 8]}, {"bidder": 1, "bid": 12, "points": [10, 14]},
             {"bidder": 0, "bid": 10, "points": [12, 12]}, {"bidder": 1, "bid": 15, "points": [14, 10]}]


def _pad_engine(deals: list[dict[str, Any]], rules: str = "parker-1947", names: tuple[str, str] = ("We", "They")) -> Any:
    answer = json.loads(handle(json.dumps({"cmd": "pad", "rules": rules, "names": list(names), "deals": deals})))
    assert "error" not in answer, answer
    return answer


def _figure(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _figure(n)


def _pad_scored_then_reloaded_with_the_engine_held(open_page: Any, deals: list[dict[str, Any]]) -> tuple[Any, Any, Any]:
    """A game of `deals` scored by the engine and kept on the device; the page reloaded with the
    engine's download held. The pad, its rows."""
    page, rec = open_page("tools/pad/", viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    pad = page.locator("somerset-pad")
    pad.locator(".sr-start").click()
    page.wait_for_function(f"() => {ENGINE}.status === 'ready'", timeout=ENGINE_TIMEOUT)
    names = ["We", "They"]
    for deal in deals:
        pad.get_by_label("Bid won by").select_option(label=names[deal["bidder"]])
        pad.get_by_label("Bid", exact=True).fill(str(deal["bid"]))
        pad.get_by_label("We took").fill(str(deal["points"][0]))
        pad.get_by_role("button", name="Add the deal").click()
        expect(pad.get_by_label("We took")).to_have_value("", timeout=ENGINE_TIMEOUT)
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([_figure(t) for t in _pad_engine(deals)["totals"]])
    # Held by the runtime's script: the WebAssembly module may come from the copy the first start kept.
    rec.stall.add("pyodide.asm.mjs")
    page.reload()
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([_figure(t) for t in _pad_engine(deals)["totals"]])
    page.wait_for_function(f"() => {ENGINE}.status === 'loading'")  # a kept game starts it by itself
    return page, rec, pad


def _held(page: Any, rec: Any) -> None:
    """The engine is still loading (its download held), so what was checked before ran without it."""
    assert page.evaluate(f"{ENGINE}.status") == "loading", "the engine is not held"
    assert rec.stall, "nothing is being held"


def _pad_shows(pad: Any, answer: Any, waiting: int = 0) -> None:
    """The pad shows the engine's `answer` for its first deals, and `waiting` deals after them wait."""
    rows = pad.locator(".sr-pad__table tbody tr")
    expect(rows).to_have_count(len(answer["lines"]) + waiting)
    expect(pad.locator(".sr-pad__waiting")).to_have_count(waiting)
    expect(pad.locator(".sr-pad__totals dd")).to_have_text([_figure(t) for t in answer["totals"]])
    for i, line in enumerate(answer["lines"]):
        who = answer["sides"][line["bidder"]]["name"]
        expect(rows.nth(i)).to_contain_text(f"{who} {line['bid']}, {'set' if line['set'] else 'made'}")
        expect(rows.nth(i).locator("strong")).to_have_text([_figure(t) for t in line["totals"]])


def test_pad_undo_and_edit_before_the_engine_keep_the_deals_before_them_scored(open_page: Any) -> None:
    # A kept game of four scored deals, the page reloaded with the engine held. Undo: the first three
    # stay scored, with the engine's totals after deal 3 (its answer for four deals holds them), and a
    # reload still shows them; Edit of deal 2: deal 1 stays scored, deals 2 and 3 wait; the engine let
    # through scores them as it scores that game.
    page, rec, pad = _pad_scored_then_reloaded_with_the_engine_held(open_page, PAD_DEALS)
    pad.get_by_role("button", name="Undo the last deal").click()
    three = _pad_engine(PAD_DEALS[:3])
    _pad_shows(pad, three)
    totals = ", ".join(f"{s['name']} {_figure(t)}" for s, t in zip(three["sides"], three["totals"]))
    expect(pad.locator("[aria-live='polite']")).to_have_text(f"Deal 4 taken back. Totals {totals}.")
    expect(pad.locator(".sr-pad__result")).to_contain_text(three["result"][0].upper() + three["result"][1:] + ".")
    expect(pad.locator(".sr-pad__pending")).to_have_count(0)
    expect(pad.locator(".sr-pad__why li")).to_have_count(3)
    assert "Deal 4" not in pad.locator("textarea.sr-pad__text").input_value()
    assert json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"][0]["deals"] == PAD_DEALS[:3]
    rec.stalled[:] = []  # the page's held download goes with it
    page.reload()
    _pad_shows(pad, three)  # kept: a reload before the engine shows the same

    # The deal taken back written down again as it was: the kept answer scores it, at once.
    pad.get_by_label("Bid won by").select_option(label="They")
    pad.get_by_label("Bid", exact=True).fill("15")
    pad.get_by_label("We took").fill("14")
    pad.get_by_role("button", name="Add the deal").click()
    four = _pad_engine(PAD_DEALS)
    _pad_shows(pad, four)
    changes = ", ".join(f"{s['name']} {_signed(c)}" for s, c in zip(four["sides"], four["lines"][3]["changes"]))
    totals = ", ".join(f"{s['name']} {_figure(t)}" for s, t in zip(four["sides"], four["totals"]))
    expect(pad.locator("[aria-live='polite']")).to_have_text(f"Deal 4: {changes}. Totals {totals}.")
    pad.get_by_role("button", name="Undo the last deal").click()
    _pad_shows(pad, three)

    pad.get_by_role("button", name="Edit deal 2").click()
    expect(pad.get_by_label("Bid", exact=True)).to_have_value("12")
    pad.get_by_label("Bid", exact=True).fill("16")
    pad.get_by_role("button", name="Save deal 2").click()
    changed = [PAD_DEALS[0], {**PAD_DEALS[1], "bid": 16}, PAD_DEALS[2]]
    _pad_shows(pad, _pad_engine(changed[:1]), waiting=2)
    rows = pad.locator(".sr-pad__table tbody tr")
    expect(rows.nth(1)).to_contain_text("They 16, waiting")
    expect(rows.nth(2)).to_contain_text("We 10, waiting")
    expect(pad.locator(".sr-pad__result")).to_contain_text("(after deal 1)")
    expect(pad.locator(".sr-pad__pending")).to_have_text("Deals 2 to 3 are written down: scored when the engine is ready.")
    _held(page, rec)
    release(rec)
    answer = _pad_engine(changed)
    expect(pad.locator(".sr-pad__waiting")).to_have_count(0, timeout=ENGINE_TIMEOUT)
    _pad_shows(pad, answer)
    assert answer["lines"][1]["set"] is True  # the change changed the score: what waited was rescored
    game = json.loads(page.evaluate("localStorage.getItem('somerset.pads')"))["games"][0]
    assert game["deals"] == changed and game["answer"]["totals"] == answer["totals"]


def test_pad_rename_before_the_engine_keeps_every_score_and_a_new_ruleset_waits(open_page: Any) -> None:
    # Names enter no score: a side renamed before the engine runs keeps every deal scored, under the
    # new name; the reasons, which name the sides, come back once the engine is let through. A
    # ruleset chosen before the engine runs changes the scoring: every deal waits for it.
    page, rec, pad = _pad_scored_then_reloaded_with_the_engine_held(open_page, PAD_DEALS[:3])
    box = pad.locator(".sr-pad__names input").first
    box.fill("Anna")
    box.press("Enter")
    box.blur()
    expect(pad.locator("[aria-live='polite']")).to_have_text("The sides are now Anna and They.")
    renamed = _pad_engine(PAD_DEALS[:3], names=("Anna", "They"))
    _pad_shows(pad, renamed)
    expect(pad.locator(".sr-pad__totals dt").first).to_have_text("Anna seats 1+3")
    expect(pad.locator(".sr-pad__table thead th").nth(2)).to_have_text("Anna")
    expect(pad.get_by_label("Bid won by").locator("option")).to_have_text(["Anna", "They"])
    expect(pad.locator(".sr-pad__why")).to_have_count(0)  # its reasons name the sides: they wait
    expect(pad.locator(".sr-pad__renamed")).to_be_visible()
    assert "We" not in pad.locator(".sr-pad__board").inner_text()
    assert "We" not in pad.locator("textarea.sr-pad__text").input_value()
    rec.stalled[:] = []
    page.reload()
    _pad_shows(pad, renamed)  # kept so

    # Another ruleset (the settings are folded once the game has a deal): every deal waits.
    pad.locator(".sr-pad__settings summary").click()
    pad.locator("select[id$='-rules']").select_option("boardgamegeek")
    expect(pad.locator(".sr-pad__waiting")).to_have_count(3)
    expect(pad.locator(".sr-pad__board")).to_have_text("A pad of 3 deals, scored when the engine is ready.")
    _held(page, rec)
    release(rec)
    answer = _pad_engine(PAD_DEALS[:3], rules="boardgamegeek", names=("Anna", "They"))
    expect(pad.locator(".sr-pad__waiting")).to_have_count(0, timeout=ENGINE_TIMEOUT)
    _pad_shows(pad, answer)
    why = pad.locator(".sr-pad__why li")
    expect(why).to_have_count(3)
    for i, line in enumerate(answer["lines"]):
        expect(why.nth(i)).to_contain_text(line["reason"])
    assert "Anna" in answer["lines"][0]["reason"]
    expect(pad.locator(".sr-pad__renamed")).to_have_count(0)
    expect(pad.locator(".sr-pad__result")).to_contain_text(answer["ruleset_name"])
