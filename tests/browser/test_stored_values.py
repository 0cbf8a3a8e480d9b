"""What the site keeps in the browser, in real Chromium: the score pad's games, the puzzle progress,
the reader's own puzzles and the remembered ruleset (widgets/store/storage.js). For each: a shared link
does not overwrite it, two tabs (two pages of one context) keep both tabs' changes, a stored value
of an earlier or foreign shape is handled (no page error, a message, nothing trusted), and a full
storage (Storage.prototype.setItem throwing QuotaExceededError) is said, with what was there kept.
The pad's several games: kept, switched, deleted and brought back, at a phone's 360 px."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from somerset.api import handle
from somerset.service.trainer import trainer_data

PAD = "tools/pad/"
TRAINER = "puzzles/trainer/"
PADS = "somerset.pads"
PROGRESS = "somerset.puzzle-progress"
OWN = "somerset.own-puzzles"
RULESET = "somerset.ruleset"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
TIMEOUT = 60_000
RECORDS = {r["id"]: r for r in trainer_data()["puzzles"]}
FULL = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return real.call(this, key, value);
  };
})();
"""


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """Each deal is scored by the engine in the page: on a loaded machine that takes more than the
    5 s `expect` waits by default, so these tests wait up to 30 s (then back to the default)."""
    expect.set_options(timeout=30_000)
    yield
    expect.set_options(timeout=5_000)


def engine(**request: Any) -> Any:
    return json.loads(handle(json.dumps({"cmd": "pad", **request})))


def stored(page: Any, key: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{key}') || 'null'"))


def pad(page: Any) -> Any:
    return page.locator("somerset-pad")


def totals(page: Any) -> Any:
    return pad(page).locator(".sr-pad__totals dd")


def started(page: Any) -> None:
    # A press anywhere in the widget starts the engine (a link's pad starts it by itself).
    expect(pad(page).locator(".sr-status")).to_be_attached()
    pad(page).dispatch_event("pointerdown")
    page.wait_for_function("() => window[Symbol.for('somerset.engine')].state.status === 'ready'", timeout=TIMEOUT)
    expect(pad(page).get_by_role("button", name="Add the deal")).to_be_enabled()


def add(page: Any, bidder: str, bid: int, first: int) -> None:
    """Add a deal as a reader does: fill the form, press Add, and see the form emptied (the deal
    taken in) before writing the next one."""
    w = pad(page)
    w.get_by_label("Bid won by").select_option(label=bidder)
    w.get_by_label("Bid", exact=True).fill(str(bid))
    w.locator(".sr-pad__points input").nth(0).fill(str(first))
    w.locator(".sr-pad__points input").nth(1).fill("")
    w.get_by_role("button", name="Add the deal").click()
    # The page empties the form once the deal is in.
    expect(w.locator(".sr-pad__points input").nth(0)).to_have_value("", timeout=TIMEOUT)


def live(page: Any) -> Any:
    return pad(page).locator("[aria-live='polite']")


def games(page: Any) -> list[dict[str, Any]]:
    value = stored(page, PADS)
    return value["games"] if value else []


def game_options(page: Any) -> list[str]:
    return pad(page).get_by_label("Game").locator("option").all_text_contents()


THREE = [{"bidder": 0, "bid": 15, "points": [16, 8]}, {"bidder": 1, "bid": 12, "points": [10, 14]}, {"bidder": 0, "bid": 20, "points": [24, 0]}]


def play_three(page: Any) -> None:
    add(page, "We", 15, 16)
    add(page, "They", 12, 10)
    add(page, "We", 20, 24)
    expect(totals(page)).to_have_text([str(t) for t in engine(rules="parker-1947", deals=THREE)["totals"]])


# --- the score pad -------------------------------------------------------------------------------------


def test_a_shared_pad_opens_beside_the_devices_games_and_is_kept_only_when_chosen(open_page: Any) -> None:
    page, rec = open_page(PAD, **PHONE)
    started(page)
    play_three(page)
    mine = [str(t) for t in engine(rules="parker-1947", deals=THREE)["totals"]]
    assert [len(g["deals"]) for g in games(page)] == [3]

    # The audit's link: its pad is shown, the device's game untouched.
    page.goto(rec.base + PAD + "?rules=parker-1947&deals=s1b9p12.12")
    expect(totals(page)).to_have_text(["12", "0"], timeout=TIMEOUT)
    notice = pad(page).locator(".sr-notice")
    expect(notice).to_contain_text("This pad came with a link. It is not kept on this device, and your own games are unchanged")
    assert [len(g["deals"]) for g in games(page)] == [3]
    assert game_options(page)[0] == "The link's pad (not kept): 1 deal"
    # Leaving it (the tab closed, the pad opened again): the device's game.
    page.goto(rec.base + PAD)
    expect(totals(page)).to_have_text(mine)
    expect(pad(page).locator(".sr-notice")).to_be_hidden()

    # A link with a deal the engine refuses writes nothing either.
    before = page.evaluate(f"localStorage.getItem('{PADS}')")
    page.goto(rec.base + PAD + "?rules=parker-1947&deals=p7.5")
    expect(pad(page).locator(".sr-notice")).to_contain_text("This pad cannot be scored as it is", timeout=TIMEOUT)
    assert page.evaluate(f"localStorage.getItem('{PADS}')") == before

    # Kept when the reader chooses: Keep this pad. Then two games, each with its date.
    page.goto(rec.base + PAD + "?rules=parker-1947&deals=s1b9p12.12")
    expect(totals(page)).to_have_text(["12", "0"], timeout=TIMEOUT)
    pad(page).get_by_role("button", name="Keep this pad").click()
    expect(live(page)).to_have_text("This pad is now kept on this device, as a game of its own.")
    assert sorted(len(g["deals"]) for g in games(page)) == [1, 3]
    options = game_options(page)
    assert len(options) == 2 and all(re.search(r"\d{4}.*: [13] deals?, Parker 1947$", o) for o in options), options
    expect(pad(page).locator(".sr-pad__loose")).to_have_count(0)

    # Switching between the games; the address follows, so a reload shows the same one.
    select = pad(page).get_by_label("Game")
    select.select_option(label=next(o for o in options if ": 3 deals" in o))
    expect(totals(page)).to_have_text(mine)
    expect(live(page)).to_contain_text("Showing the game of")
    page.reload()
    expect(totals(page)).to_have_text(mine)

    # A link's pad changed by the reader (a deal added) becomes a game of its own.
    page.goto(rec.base + PAD + "?rules=parker-1947&deals=s2b10p4.20")
    started(page)
    add(page, "We", 15, 16)
    expect(live(page)).to_contain_text("This pad is now kept on this device, as a game of its own.")
    assert sorted(len(g["deals"]) for g in games(page)) == [1, 2, 3]

    # Delete: the notice brings it back (nothing lost by a mis-tap); deleted, it stays deleted.
    pad(page).get_by_role("button", name="Delete this game").click()
    expect(pad(page).locator(".sr-pad__deleted")).to_contain_text("(2 deals) is deleted.")
    expect(pad(page).get_by_role("button", name="Bring it back")).to_be_focused()
    assert sorted(len(g["deals"]) for g in games(page)) == [1, 3]
    pad(page).get_by_role("button", name="Bring it back").click()
    expect(live(page)).to_contain_text("is back")
    two = [{"bidder": 1, "bid": 10, "points": [4, 20]}, {"bidder": 0, "bid": 15, "points": [16, 8]}]
    expect(totals(page)).to_have_text([str(t) for t in engine(rules="parker-1947", deals=two)["totals"]])
    assert sorted(len(g["deals"]) for g in games(page)) == [1, 2, 3]
    pad(page).get_by_role("button", name="Delete this game").click()
    page.goto(rec.base + PAD)
    assert sorted(len(g["deals"]) for g in games(page)) == [1, 3]
    expect(pad(page).get_by_label("Game").locator("option")).to_have_count(2)

    # New game: the last one stays; the new one is kept from its first deal.
    started(page)
    pad(page).get_by_role("button", name="New game").click()
    expect(live(page)).to_contain_text("A new game. The last one stays on this device, under Game")
    assert len(games(page)) == 2
    add(page, "We", 15, 16)
    expect(totals(page)).to_have_text(["16", "0"])
    assert len(games(page)) == 3

    # At 360 px: nothing scrolls sideways, every control is big enough for a finger.
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= 360, width
    for box in pad(page).locator(".sr-pad__games button:visible, .sr-pad__games select:visible").all():
        assert box.bounding_box()["height"] >= 44


def test_two_tabs_on_the_pad_keep_both_tabs_deals(open_page: Any) -> None:
    a, _ = open_page(PAD)
    b = a.context.new_page()
    b.goto(a.url)
    started(a)
    started(b)
    add(a, "We", 15, 16)
    add(a, "They", 12, 10)
    # Tab B follows tab A as it goes (the storage event), then adds its own deal.
    expect(totals(b)).to_have_text(["16", "14"])
    expect(live(b)).to_contain_text("Changed in another tab")
    add(b, "We", 20, 24)
    expect(totals(b)).to_have_text(["40", "14"])
    expect(totals(a)).to_have_text(["40", "14"])
    assert [len(g["deals"]) for g in games(a)] == [3]
    # A change another tab made that this one has not seen yet: re-read before saving, kept.
    a.evaluate(
        f"""() => {{
        const v = JSON.parse(localStorage.getItem('{PADS}'));
        v.games[0].deals.push({{ passed: true }});
        v.games[0].rev += 1;
        localStorage.setItem('{PADS}', JSON.stringify(v));
    }}"""
    )
    add(a, "They", 10, 12)
    expect(pad(a).locator(".sr-pad__table tbody tr")).to_have_count(5)
    expect(totals(a)).to_have_text(["40", "26"])
    deals = games(a)[0]["deals"]
    assert len(deals) == 5 and deals[3] == {"passed": True}
    expect(pad(b).locator(".sr-pad__table tbody tr")).to_have_count(5)


def test_a_stored_pad_of_another_shape_is_not_trusted(open_page: Any) -> None:
    # The audit's repro: the earlier single pad, with a saved answer of another shape whose request
    # matches. The page does not fail; the deals become a game, scored again by the engine.
    deals = [{"points": [16, 8], "bidder": 0, "bid": 15}]
    request = json.dumps({"cmd": "pad", "rules": "parker-1947", "deals": deals}, separators=(",", ":"))
    old = {"v": 1, "rules": "parker-1947", "option": "", "format": "", "names": None, "deals": deals,
           "answer": {"sides": None, "lines": "x"}, "requestKey": request}
    page, rec = open_page(goto=False)
    page.add_init_script(f"if (!sessionStorage.seeded) {{ sessionStorage.seeded = 1; localStorage.setItem('somerset.pad', {json.dumps(json.dumps(old))}); }}")
    page.goto(rec.base + PAD)
    expect(pad(page).locator(".sr-pad__board")).to_have_text("A pad of 1 deal, scored when the engine is ready.")
    started(page)
    expect(totals(page)).to_have_text(["16", "0"])
    assert page.evaluate("localStorage.getItem('somerset.pad')") is None
    assert [g["deals"] for g in games(page)] == [deals]
    # Games of another shape: set aside under a key of their own, with a message; a fresh pad.
    page.evaluate(f"localStorage.setItem('{PADS}', JSON.stringify({{version: 1, games: 'lost'}}))")
    page.reload()
    notice = pad(page).locator(".sr-notice")
    expect(notice).to_contain_text("The score pad's games kept on this device could not be read")
    expect(notice).to_contain_text("somerset.pads.set-aside")
    assert page.evaluate("localStorage.getItem('somerset.pads.set-aside')") == '{"version":1,"games":"lost"}'
    # Saved by a newer release (another tab): left untouched, said, and nothing written over it.
    newer = '{"version":9,"games":[]}'
    page.evaluate(f"localStorage.setItem('{PADS}', '{newer}')")
    page.reload()
    expect(pad(page).locator(".sr-notice")).to_contain_text("saved by a newer version of this site in another tab: reload this page")
    started(page)
    add(page, "We", 15, 16)
    expect(live(page)).to_contain_text("Not kept on the device: a newer version of this site saved it")
    assert page.evaluate(f"localStorage.getItem('{PADS}')") == newer


def test_a_full_storage_on_the_pad_is_said_and_the_kept_game_stays(open_page: Any) -> None:
    page, rec = open_page(PAD)
    started(page)
    add(page, "We", 15, 16)
    expect(totals(page)).to_have_text(["16", "0"])
    before = page.evaluate(f"localStorage.getItem('{PADS}')")
    assert before and len(json.loads(before)["games"][0]["deals"]) == 1
    page.add_init_script(FULL + "window.__full = true;")
    page.reload()
    expect(totals(page)).to_have_text(["16", "0"])
    started(page)
    add(page, "They", 12, 10)
    expect(totals(page)).to_have_text(["16", "14"])
    expect(live(page)).to_contain_text("Not kept on the device: this browser's storage for the site is full.")
    expect(pad(page).locator(".sr-notice")).to_contain_text("This change is not kept on the device: this browser's storage for the site is full.")
    assert page.evaluate(f"localStorage.getItem('{PADS}')") == before
    # The page keeps going with what it has: a second deal builds on the first one not kept.
    add(page, "We", 20, 24)
    expect(pad(page).locator(".sr-pad__table tbody tr")).to_have_count(3)
    assert page.evaluate(f"localStorage.getItem('{PADS}')") == before


# --- the puzzle progress and the reader's own puzzles --------------------------------------------------


def choice(page: Any, value: str) -> Any:
    return page.locator(f'.sr-trainer__choice[data-value="{value}"]')


def solve(page: Any, pid: str) -> None:
    step = RECORDS[pid]["steps"][0]
    for v in step["answer"]:
        choice(page, v).click()
    if not step["single"]:
        page.get_by_role("button", name="Check").click()
    expect(page.locator(".sr-trainer__verdictline")).to_contain_text("Solved.")


def fail(page: Any, pid: str) -> None:
    step = RECORDS[pid]["steps"][0]
    wrong = next(c["value"] for c in step["choices"] if c["value"] not in step["answer"])
    choice(page, wrong).click()
    if not step["single"]:
        page.get_by_role("button", name="Check").click()
    expect(page.locator(".sr-trainer__verdict, .sr-trainer__feedback").first).to_be_visible()


def own_record(n: int) -> dict[str, Any]:
    return {**RECORDS["rover-highest"], "id": f"own-20261126-{n}", "kind": "own", "title": f"Your card {n}", "difficulty": 0,
            "made": "2026-11-26T10:00:00.000Z", "link": f"../../tools/play/?rules=parker-1947&seed={n}"}


def save_own(page: Any, records: list[dict[str, Any]]) -> Any:
    return page.evaluate(
        "async (records) => (await import(new URL('assets/widgets/store/own-puzzles.js', document.baseURI.split('puzzles/')[0]).href)).saveOwnPuzzles(records)",
        records,
    )


def test_two_tabs_keep_both_tabs_progress_and_own_puzzles(open_page: Any) -> None:
    a, rec = open_page(TRAINER + "?p=rover-doubles")
    b = a.context.new_page()
    b.goto(rec.base + TRAINER + "?p=low-trump")
    solve(a, "rover-doubles")
    fail(b, "low-trump")
    progress = stored(a, PROGRESS)["puzzles"]
    assert progress["rover-doubles"]["result"] == "solved" and progress["low-trump"]["result"] == "failed"
    # Tab A counts tab B's result as soon as it is made.
    expect(a.locator(".sr-trainer__count")).to_contain_text("1 solved, 1 failed")
    # Own puzzles saved from two tabs: both kept, and the trainer lists both.
    assert save_own(a, [own_record(1)])["saved"]
    # The tabs are used one after the other: tab B has seen tab A's write (the browser hands a
    # write to the other tabs' copies of the storage a moment later) when its own is made.
    b.wait_for_function(f"() => (JSON.parse(localStorage.getItem('{OWN}') || '{{}}').puzzles || []).length === 1")
    assert save_own(b, [own_record(2)])["saved"]
    assert len(stored(a, OWN)["puzzles"]) == 2
    expect(a.locator("select option[value='own']")).to_have_text("From your deals (2)")
    # A link into the trainer changes nothing stored.
    before = [a.evaluate(f"localStorage.getItem('{k}')") for k in (PROGRESS, OWN, RULESET)]
    a.goto(rec.base + TRAINER + "?p=hodges-no-rover&theme=own&rules=hodges-1903")
    expect(a.locator(".sr-trainer__title")).not_to_be_empty()
    assert [a.evaluate(f"localStorage.getItem('{k}')") for k in (PROGRESS, OWN, RULESET)] == before


def test_progress_and_own_puzzles_of_another_shape_are_set_aside_with_a_message(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    page.add_init_script(
        "if (!sessionStorage.seeded) { sessionStorage.seeded = 1;"
        f" localStorage.setItem('{PROGRESS}', JSON.stringify({{puzzles: 'all of them'}}));"
        f" localStorage.setItem('{OWN}', JSON.stringify({{version: 1, puzzles: [{json.dumps(own_record(1))}, {{id: 'Bad Id'}}]}})); }}"
    )
    page.goto(rec.base + TRAINER + "?p=rover-doubles")
    notice = page.locator(".sr-trainer__notice")
    expect(notice).to_contain_text("Your puzzle progress kept on this device could not be read")
    expect(notice).to_contain_text("1 of your saved puzzles could not be read: a copy of what was stored is kept aside on this device, under “somerset.own-puzzles.set-aside”.")
    assert page.evaluate(f"localStorage.getItem('{PROGRESS}.set-aside')") == '{"puzzles":"all of them"}'
    expect(page.locator("select option[value='own']")).to_have_text("From your deals (1)")
    # The trainer works on: a solved puzzle is kept in the current shape.
    solve(page, "rover-doubles")
    assert stored(page, PROGRESS)["version"] == 1
    # The list of puzzles says the same, once, and counts from what could be read.
    page.evaluate(f"localStorage.setItem('{PROGRESS}', '[1, 2]')")
    page.goto(rec.base + "puzzles/")
    expect(page.locator("article somerset-puzzle-progress")).to_contain_text("Your puzzle progress kept on this device could not be read")


def test_a_full_storage_in_the_trainer_is_said_and_an_import_says_what_it_kept(open_page: Any, tmp_path: Any) -> None:
    page, rec = open_page(TRAINER + "?p=rover-doubles")
    solve(page, "rover-doubles")
    page.locator("summary", has_text="Your progress").click()
    # An import past the size limit is refused before it is read, with the limit.
    big = tmp_path / "big.json"
    puzzles = {f"p{i}": {"result": "solved", "tries": 1, "last": "2026-11-26"} for i in range(100_000)}
    big.write_text(json.dumps({"kind": "somerset-puzzle-progress", "version": 1, "puzzles": puzzles, "streak": 0, "best": 0}))
    page.locator(".sr-trainer__file").set_input_files(str(big))
    note = page.locator(".sr-trainer__progressnote")
    expect(note).to_have_text(re.compile(r"^“big\.json” is [0-9.]+ MB: a progress file may be at most 1 MB \(an exported one is far smaller\)\. Nothing was imported\.$"))
    # A file within it: what was kept, not what was read.
    small = tmp_path / "small.json"
    small.write_text(json.dumps({"kind": "somerset-puzzle-progress", "version": 1, "streak": 0, "best": 0, "puzzles": {
        "low-trump": {"result": "solved", "tries": 1, "last": "2026-11-26"},
        "rover-doubles": {"result": "failed", "tries": 1, "last": "2000-01-01"},
        "Not An Id": {"result": "solved"}}}))
    page.locator(".sr-trainer__file").set_input_files(str(small))
    expect(note).to_have_text("Imported the progress of 1 puzzle; 1 older than this device's was left as it was; 1 entry was left out (not a puzzle result this trainer reads, or past the 5,000 puzzles it keeps).")
    kept = stored(page, PROGRESS)
    assert set(kept["puzzles"]) == {"rover-doubles", "low-trump"} and kept["puzzles"]["rover-doubles"]["result"] == "solved"

    # The storage full: a result says it is not kept, an import that it imported nothing; the
    # stored progress stays as it was.
    before = page.evaluate(f"localStorage.getItem('{PROGRESS}')")
    page.evaluate(FULL + "window.__full = true;")
    page.get_by_role("button", name="Next puzzle").click()
    pid = page.evaluate("new URLSearchParams(location.search).get('p')")
    solve(page, pid)
    expect(note).to_have_text(f"This result is not kept on this device: this browser's storage for the site is full. It counts for this visit; what was kept before is unchanged.")
    expect(page.locator("somerset-trainer > [aria-live='polite']")).to_contain_text("This result is not kept on this device")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"kind": "somerset-puzzle-progress", "version": 1, "streak": 0, "best": 0,
                                 "puzzles": {"hodges-no-rover": {"result": "solved", "tries": 1, "last": "2026-11-26"}}}))
    page.locator(".sr-trainer__file").set_input_files(str(other))
    expect(note).to_have_text("Nothing was imported: this browser's storage for the site is full. Your progress is as it was.")
    assert page.evaluate(f"localStorage.getItem('{PROGRESS}')") == before
    # Own puzzles: nothing kept, and said.
    got = save_own(page, [own_record(3)])
    assert got["saved"] == [] and got["problem"] == "this browser's storage for the site is full"
    assert page.evaluate(f"localStorage.getItem('{OWN}')") is None


# --- the remembered ruleset ------------------------------------------------------------------------------


def test_the_remembered_ruleset_across_links_tabs_shapes_and_a_full_storage(open_page: Any) -> None:
    a, rec = open_page(TRAINER + "?p=rover-doubles")
    b = a.context.new_page()
    b.goto(rec.base + TRAINER + "?p=low-trump")
    ours_a = a.get_by_role("button", name="Our table")
    ours_b = b.get_by_role("button", name="Our table")
    a.get_by_label("Ruleset", exact=True).select_option("parker-1947")
    ours_a.click()
    assert stored(a, RULESET) == {"version": 1, "ruleset": "parker-1947"}
    # The other tab follows; it changes the choice in turn, and the first tab follows that.
    b.get_by_label("Ruleset", exact=True).select_option("parker-1947")
    expect(ours_b).to_have_attribute("aria-pressed", "true")
    b.get_by_label("Ruleset", exact=True).select_option("hodges-1903")
    ours_b.click()
    expect(ours_a).to_have_attribute("aria-pressed", "false")
    assert stored(a, RULESET)["ruleset"] == "hodges-1903"
    # A link naming another ruleset shows it and remembers nothing.
    a.goto(rec.base + TRAINER + "?rules=parker-1934")
    expect(a.get_by_label("Ruleset", exact=True)).to_have_value("parker-1934")
    assert stored(a, RULESET)["ruleset"] == "hodges-1903"
    # The earlier shape (the bare id) is read; a foreign one is set aside, with a message (by the
    # first tab that reads it: here the only one).
    b.close()
    a.evaluate(f"localStorage.setItem('{RULESET}', 'parker-1934')")
    a.goto(rec.base + TRAINER)
    expect(a.get_by_label("Ruleset", exact=True)).to_have_value("parker-1934")
    a.evaluate(f"localStorage.setItem('{RULESET}', '{{\"ruleset\": [1]}}')")
    a.goto(rec.base + TRAINER)
    note = a.locator(".sr-ourtable__note")
    expect(note).to_have_text("The ruleset your table plays kept on this device could not be read (saved by another version of this site, or changed by hand): it is kept aside, under “somerset.ruleset.set-aside”, and not used.")
    expect(a.get_by_label("Ruleset", exact=True)).to_have_value("all")
    # A full storage: the press says it was not remembered; the stored choice stays.
    a.evaluate(f"localStorage.setItem('{RULESET}', JSON.stringify({{version: 1, ruleset: 'hodges-1903'}}))")
    a.reload()
    a.evaluate(FULL + "window.__full = true;")
    a.get_by_label("Ruleset", exact=True).select_option("parker-1947")
    a.get_by_role("button", name="Our table").click()
    expect(note).to_have_text("Parker 1947 is not remembered: this browser's storage for the site is full.")
    expect(a.get_by_role("button", name="Our table")).to_have_attribute("aria-pressed", "false")
    assert stored(a, RULESET)["ruleset"] == "hodges-1903"
