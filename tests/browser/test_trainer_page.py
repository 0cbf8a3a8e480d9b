"""The puzzle trainer in real Chromium against the built site, checked against the engine's trainer
records in-process: answers judged at once without the engine, a refutation for a wrong card, try
again without the answer, hint and solution on request, next, streak, filters, permalink, daily
puzzle, progress across a reload with export and import, multi-step and the reader's own puzzles,
keyboard only, and a phone's 360 px.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

from playwright.sync_api import expect

from somerset import get_ruleset
from somerset.solve import position, solve
from somerset.service.trainer import trainer_data

TRAINER = "puzzles/trainer/"
PROGRESS = "somerset.puzzle-progress"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}
DATA = trainer_data()
RECORDS = {r["id"]: r for r in DATA["puzzles"]}


def seats(text: str) -> str:
    """The records' sentences as the page shows them (seats counted from 1): none of these name a seat."""
    assert "seat" not in text.lower()
    return text


def choice(page: Any, value: str) -> Any:
    return page.locator(f'.sr-trainer__choice[data-value="{value}"]')


def answer(page: Any, pid: str) -> None:
    """Answer a puzzle right, as the record says."""
    step = RECORDS[pid]["steps"][0]
    for v in step["answer"]:
        choice(page, v).click()
    if not step["single"]:
        page.get_by_role("button", name="Check").click()


def wrong_value(pid: str) -> str:
    step = RECORDS[pid]["steps"][0]
    return next(c["value"] for c in step["choices"] if c["value"] not in step["answer"])


def progress(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS}') || 'null'") or "null")


def current(page: Any) -> str:
    return page.evaluate("new URLSearchParams(location.search).get('p')")


def no_overflow(page: Any, what: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{what} overflows: {widths}"


def test_answer_wrong_try_again_hint_solution_next_and_streak(open_page: Any) -> None:
    page, rec = open_page(TRAINER + "?p=low-trump")
    r = RECORDS["low-trump"]
    step = r["steps"][0]
    # Before the verdict the puzzle shows its theme and task, not its title ("The lowest trump", the S/S).
    expect(page.locator(".sr-trainer__title")).to_have_text(r["heading"])
    live = page.locator("somerset-trainer > [aria-live='polite']")
    # Nothing of the answer is in the page before the reader asks.
    assert page.locator(".sr-trainer__choice--answer").count() == 0
    assert r["title"] not in page.locator("somerset-trainer").inner_text()
    assert step["hint"] not in page.locator("somerset-trainer").inner_text()
    expect(page.locator(".sr-trainer__solution")).to_be_hidden()

    # A wrong card: "Wrong", the engine's refutation of that card, and still no answer shown.
    choice(page, "12/12").click()
    verdict = page.locator(".sr-trainer__verdict--wrong")
    expect(verdict.locator(".sr-trainer__verdictline")).to_have_text("Wrong. You chose 12/12.")
    expect(verdict.locator('.sr-trainer__refutation[data-value="12/12"]')).to_have_text(seats(step["refutations"]["12/12"]["text"]))
    expect(live).to_contain_text("Wrong. You chose 12/12. " + step["refutations"]["12/12"]["text"])
    expect(page.locator(".sr-trainer__choice--answer")).to_have_count(0)
    expect(page.locator(".sr-trainer__solution")).to_be_hidden()
    expect(page.locator(".sr-trainer__title")).to_have_text(r["heading"])  # a wrong answer does not give it away
    assert progress(page)["puzzles"]["low-trump"]["result"] == "failed"

    # Try again: the verdict goes, nothing is pressed, and the answer is still hidden.
    page.get_by_role("button", name="Try again").click()
    expect(page.locator(".sr-trainer__verdict")).to_have_count(0)
    expect(page.locator('.sr-trainer__choice[aria-pressed="true"]')).to_have_count(0)
    expect(page.locator(".sr-trainer__choice--answer")).to_have_count(0)
    expect(page.locator(".sr-trainer__solution")).to_be_hidden()

    # The hint, only when asked; then the right card.
    hint = page.get_by_role("button", name="Hint")
    expect(hint).to_have_attribute("aria-expanded", "false")
    hint.click()
    expect(hint).to_have_attribute("aria-expanded", "true")
    expect(page.locator(".sr-trainer__hint")).to_have_text("Hint: " + step["hint"])
    choice(page, "S/S").click()
    expect(page.locator(".sr-trainer__verdict--right .sr-trainer__verdictline")).to_have_text("Right. You chose S/S.")
    expect(page.locator(".sr-trainer__verdict--right .sr-trainer__explanation")).to_have_text(step["solution"])
    expect(page.locator(".sr-trainer__title")).to_have_text(r["title"])  # with the verdict, the title
    expect(choice(page, "S/S")).to_have_class(re.compile(r"\bsr-trainer__choice--answer\b"))
    expect(choice(page, "S/S")).to_have_attribute("aria-label", re.compile(r", the answer$"))
    # Right after a wrong answer: failed, and no streak.
    assert progress(page)["puzzles"]["low-trump"] == {"result": "failed", "tries": 1, "last": progress(page)["puzzles"]["low-trump"]["last"]}
    expect(page.locator(".sr-trainer__streak")).to_have_text("Streak: 0 solved in a row (best 0).")

    # Next: another puzzle, not tried yet, with its own address; two solved right make a streak of two.
    solved = []
    for _ in range(2):
        page.get_by_role("button", name="Next puzzle").click()
        pid = current(page)
        assert pid not in ("low-trump", *solved)
        expect(page.locator(".sr-trainer__title")).to_have_text(RECORDS[pid]["heading"])
        expect(page.locator(".sr-trainer__title")).to_be_focused()
        answer(page, pid)
        expect(page.locator(".sr-trainer__verdictline")).to_contain_text("Right.")
        expect(page.locator(".sr-trainer__verdictline")).to_contain_text("Solved.")
        solved.append(pid)
    expect(page.locator(".sr-trainer__streak")).to_have_text("Streak: 2 solved in a row (best 2).")
    assert {k: v["result"] for k, v in progress(page)["puzzles"].items()} == {"low-trump": "failed", solved[0]: "solved", solved[1]: "solved"}

    # Showing the solution: the answer marked and explained, the puzzle failed, the streak back to 0.
    page.get_by_role("button", name="Next puzzle").click()
    pid = current(page)
    page.get_by_role("button", name="Show the solution").click()
    sol = RECORDS[pid]["steps"][0]
    expect(page.locator(".sr-trainer__solution .sr-trainer__explanation")).to_have_text(sol["solution"])
    expect(page.locator(".sr-trainer__title")).to_have_text(RECORDS[pid]["title"])  # with the solution, the title
    expect(page.locator(".sr-trainer__choice--answer")).to_have_count(len(sol["answer"]))
    expect(page.locator(".sr-trainer__streak")).to_have_text("Streak: 0 solved in a row (best 2).")
    assert progress(page)["puzzles"][pid]["result"] == "failed"
    # Judged without the engine: nothing of Pyodide was fetched.
    assert rec.count("pyodide.asm.wasm.zst") == 0 and rec.count("snapshot.bin") == 0
    assert rec.count("assets/data/puzzles.json") == 1


def test_set_answers_filters_permalink_and_progress_across_a_reload(open_page: Any) -> None:
    page, rec = open_page(TRAINER + "?theme=first-lead&rules=parker-1947")
    listed = [r for r in DATA["puzzles"] if "first-lead" in r["themes"] and r["ruleset"] == "parker-1947"]
    assert listed
    expect(page.locator(".sr-trainer__count")).to_have_text(f"{len(listed)} puzzle{'s' if len(listed) > 1 else ''} match: 0 solved, 0 failed, {len(listed)} not tried yet.")
    pid = current(page)
    assert pid in {r["id"] for r in listed}
    # A puzzle answered with several cards: one of them, checked, is wrong with "missing".
    step = RECORDS[pid]["steps"][0]
    assert not step["single"]
    choice(page, step["answer"][0]).click()
    page.get_by_role("button", name="Check").click()
    missing = len(step["answer"]) - 1
    expect(page.locator(".sr-trainer__verdictline")).to_contain_text(f"You left out {missing} that answer{'s' if missing == 1 else ''}.")
    expect(page.locator(".sr-trainer__choice--answer")).to_have_count(0)

    # Filters: every theme of one ruleset; by difficulty; the address follows.
    page.get_by_label("Theme").select_option("")
    parker = [r for r in DATA["puzzles"] if r["ruleset"] == "parker-1947"]
    expect(page.locator(".sr-trainer__count")).to_contain_text(f"{len(parker)} puzzles match: 0 solved, 1 failed")
    level = sorted({r["difficulty"] for r in parker})[-1]
    page.get_by_label("Difficulty").select_option(str(level))
    hard = [r for r in parker if r["difficulty"] == level]
    expect(page.locator(".sr-trainer__count")).to_contain_text(f"{len(hard)} puzzle")
    assert current(page) in {r["id"] for r in hard}
    assert f"level={level}" in page.url and "rules=parker-1947" in page.url and "theme=" not in page.url
    for _ in range(min(3, len(hard))):
        page.get_by_role("button", name="Next puzzle").click()
        assert current(page) in {r["id"] for r in hard}

    # A permalink opens its puzzle; the progress is still there after a reload.
    page.goto(page.url.split("?")[0] + "?p=hodges-no-rover")
    expect(page.locator(".sr-trainer__title")).to_have_text(RECORDS["hodges-no-rover"]["heading"])
    page.reload()
    page.locator("summary", has_text="Your progress").click()
    row = page.locator(".sr-trainer__tally").first.locator("tr", has_text="The first lead")
    first_lead = [r for r in DATA["puzzles"] if "first-lead" in r["themes"]]
    expect(row.locator("td")).to_have_text(["0", "1", str(len(first_lead) - 1)])
    assert progress(page)["puzzles"][pid]["result"] == "failed"

    # "Our table plays": the remembered ruleset chooses the puzzles when the address names none.
    page.evaluate("localStorage.setItem('somerset.ruleset', 'hodges-1903')")
    page.goto(page.url.split("?")[0])
    expect(page.get_by_label("Ruleset", exact=True)).to_have_value("hodges-1903")
    assert RECORDS[current(page)]["ruleset"] == "hodges-1903"
    expect(page.get_by_role("button", name="Our table")).to_have_attribute("aria-pressed", "true")

    # A broken permalink says what was wrong, and shows a puzzle all the same.
    page.goto(page.url.split("?")[0] + "?p=no-such-thing&level=9")
    expect(page.locator(".sr-trainer__notice")).to_contain_text("There is no puzzle called “no-such-thing”")
    expect(page.locator(".sr-trainer__notice")).to_contain_text("“9” is not a difficulty")
    expect(page.locator(".sr-trainer__title")).not_to_be_empty()


def test_export_forget_and_import_progress(open_page: Any, tmp_path: Any) -> None:
    page, _ = open_page(TRAINER + "?p=rover-doubles")
    answer(page, "rover-doubles")
    expect(page.locator(".sr-trainer__verdictline")).to_contain_text("Solved.")
    page.locator("summary", has_text="Your progress").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Export progress").click()
    saved = tmp_path / "progress.json"
    info.value.save_as(saved)
    doc = json.loads(saved.read_text())
    assert doc["kind"] == "somerset-puzzle-progress" and doc["puzzles"]["rover-doubles"]["result"] == "solved"
    page.get_by_role("button", name="Forget my progress").click()
    assert progress(page) is None
    expect(page.locator(".sr-trainer__streak")).to_have_text("Streak: 0 solved in a row (best 0).")
    page.locator(".sr-trainer__file").set_input_files(str(saved))
    expect(page.locator(".sr-trainer__progressnote")).to_have_text("Imported the progress of 1 puzzle.")
    assert progress(page)["puzzles"]["rover-doubles"]["result"] == "solved"
    # A file that is not one says so, and changes nothing.
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "something else"}')
    page.locator(".sr-trainer__file").set_input_files(str(bad))
    expect(page.locator(".sr-trainer__progressnote")).to_have_text("“bad.json” is not a progress file of this kind: export one with “Export progress”. Nothing was imported.")
    assert progress(page)["puzzles"]["rover-doubles"]["result"] == "solved"


def test_the_older_solved_list_counts_as_solved(open_page: Any, site_url: str) -> None:
    """Puzzles solved with the list's older widget (a list of ids) count as solved in the trainer."""
    page, _ = open_page(goto=False)
    page.add_init_script("localStorage.setItem('somerset.puzzles.solved', JSON.stringify(['low-trump', 'rover-doubles']))")
    page.goto(site_url + TRAINER + "?p=low-trump")
    n = len(RECORDS)
    expect(page.locator(".sr-trainer__count")).to_have_text(f"{n} puzzles match: 2 solved, 0 failed, {n - 2} not tried yet.")
    # The list of puzzles counts them too.
    page.goto(site_url + "puzzles/")
    listed = len([r for r in RECORDS.values() if r["kind"] != "ending"])
    expect(page.locator("article somerset-puzzle-progress")).to_contain_text(f"you have solved 2 and failed 0 of the {listed} puzzles")


def _daily_id(date: str) -> str:
    h = 0x811C9DC5
    for ch in date:
        h ^= ord(ch)
        h = (h * 0x01000193) & 0xFFFFFFFF
    ids = sorted(pid for pid, r in RECORDS.items() if r["difficulty"] <= 2)  # an easy puzzle: a first visit's
    return ids[h % len(ids)]


def test_daily_puzzle_is_chosen_from_the_date(open_page: Any, site_url: str) -> None:
    page, _ = open_page(goto=False)
    page.clock.set_fixed_time(datetime(2026, 3, 14, 12, 0, 0))
    page.goto(site_url + TRAINER + "?p=low-trump")
    page.get_by_role("button", name="Today's puzzle").click()
    assert current(page) == _daily_id("2026-03-14")
    assert RECORDS[current(page)]["difficulty"] <= 2
    expect(page.locator(".sr-trainer__badge")).to_have_text("Today's puzzle")
    page.clock.set_fixed_time(datetime(2026, 3, 15, 12, 0, 0))
    page.get_by_role("button", name="Today's puzzle").click()
    assert current(page) == _daily_id("2026-03-15")
    assert len({_daily_id(f"2026-04-{d:02d}") for d in range(1, 31)}) > 10  # not the same puzzle every day


def _two_step_record() -> dict[str, Any]:
    """A two-step ending worked out by the solver (develop/architecture.md's example), in the trainer's shape."""
    r = get_ruleset("parker-1947")
    sol = solve(position(r, "8", ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"], leader=0), line=True)
    best = next(v for v in sol.cards if v.loss == 0)
    other = next(v for v in sol.cards if v.loss > 0)
    reply = [{"seat": x.seat, "card": str(x.card)} for x in sol.line[1:4]]
    table1 = {"trump": "8", "trump_label": "/8 suit", "players": 4, "you": 0, "leader": 0, "trick": [],
              "hands": [["8/8", "2/2"], ["0/0", "3/4"], ["6/8", "1/2"], ["4/8", "0/6"]],
              "facts": [["Points so far", "none"]]}
    table2 = {**table1, "hands": [["2/2"], ["3/4"], ["1/2"], ["0/6"]], "facts": [["Points so far", "your side 3"]]}
    step = {"question": "Which card keeps the most points?", "single": True, "hint": "Count the trumps still out.",
            "solution": "Lead the trump first.", "citation": None}
    return {
        "id": "ending-two-step", "kind": "ending", "title": "Draw the trumps", "ruleset": "parker-1947",
        "ruleset_name": "Parker 1947", "format": "four-partners", "themes": ["trumps"], "difficulty": 3,
        "steps": [
            {**step, "table": table1, "choices": [{"value": "8/8", "label": "8/8"}, {"value": "2/2", "label": "2/2"}],
             "answer": [str(best.card)],
             "refutations": {str(other.card): {"text": f"{other.card} lets seat 4 trump it.", "cost": other.loss,
                                               "line": [{"seat": 3, "card": "4/8"}]}},
             "reply": reply},
            {**step, "question": "And now?", "table": table2, "choices": [{"value": "2/2", "label": "2/2"}],
             "answer": ["2/2"], "refutations": {}},
        ],
    }


def test_multi_step_puzzles_and_the_readers_own(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    extra = _two_step_record()

    def add(body: bytes) -> bytes:
        data = json.loads(body)
        data["puzzles"].append(extra)
        return json.dumps(data).encode()

    rec.rewrite["assets/data/puzzles.json"] = add
    own = {**RECORDS["rover-highest"], "id": "own-2026-03-14-1", "kind": "own", "title": "Your 4/4", "difficulty": 0,
           "made": "2026-03-14", "link": "../../tools/play/?rules=parker-1947&seed=3"}
    page.add_init_script(f"localStorage.setItem('somerset.own-puzzles', {json.dumps(json.dumps([own, {'id': 'Bad Id'}]))})")
    page.goto(rec.base + TRAINER + "?p=ending-two-step")
    expect(page.locator(".sr-trainer__step")).to_have_text("Step 1 of 2")
    # Played at the table: every hand in its seat, the reader's at the bottom as the choices, the trump
    # in the contract bar.
    board = page.locator(".sr-trainer__board")
    expect(board.locator(".sr-tv__seat")).to_have_count(4)
    expect(board.locator(".sr-tv__seat--bottom .sr-trainer__choice")).to_have_count(2)
    expect(board.locator(".sr-contract__item--trump dd")).to_have_text("/8 suit")
    choice(page, "2/2").click()
    # The record's words as written (seats as readers count them), and the line played on the table,
    # the wrong card first (a record whose line leaves it out, as older ones do, gets it back).
    expect(page.locator(".sr-trainer__refutation")).to_have_text("2/2 lets seat 4 trump it.")
    expect(page.locator(".sr-trainer__linestep")).to_have_text("Card 2 of 2: Seat 4 plays 4/8.")
    page.get_by_role("button", name="Start of the line").click()
    expect(page.locator(".sr-trainer__linestep")).to_have_text("Before the card.")
    expect(board.locator(".sr-tv__seat--bottom .sr-tv__card")).to_have_count(2)
    page.get_by_role("button", name="Try again").click()
    expect(page.locator(".sr-trainer__linebox")).to_be_hidden()
    choice(page, "8/8").click()
    expect(page.locator(".sr-trainer__step")).to_have_text("Step 2 of 2")
    expect(page.locator(".sr-trainer__reply")).to_have_text(
        "Right: 8/8. The other side answers: " + ", ".join(f"seat {x['seat'] + 1} plays {x['card']}" for x in extra["steps"][0]["reply"]) + ".")
    expect(page.locator(".sr-trainer__verdict")).to_have_count(0)
    expect(board.locator(".sr-tv__seat--bottom .sr-trainer__choice")).to_have_count(1)
    choice(page, "2/2").click()
    expect(page.locator(".sr-trainer__verdictline")).to_have_text("Right. You chose 2/2.")
    assert progress(page)["puzzles"]["ending-two-step"]["result"] == "failed"  # a wrong card on the way

    # The reader's own puzzles: a theme of their own, judged the same way; the unreadable one is left out.
    theme = page.get_by_label("Theme")
    expect(theme.locator("option[value='own']")).to_have_text("From your deals (1)")
    theme.select_option("own")
    assert current(page) == "own-2026-03-14-1"
    expect(page.locator(".sr-trainer__meta")).to_contain_text("ungraded")
    expect(page.locator(".sr-trainer__meta a")).to_have_text("the deal it came from")
    answer(page, "rover-highest")
    expect(page.locator(".sr-trainer__verdictline")).to_contain_text("Solved.")
    page.locator("summary", has_text="Your progress").click()
    expect(page.locator(".sr-trainer__tally").first.locator("tr", has_text="From your deals").locator("td")).to_have_text(["1", "0", "0"])
    expect(page.locator(".sr-trainer__progressbody")).to_contain_text("1 of your saved puzzles could not be read: a copy of what was stored is kept aside on this device")


def test_keyboard_only_at_360px_dark_with_44px_targets(open_page: Any) -> None:
    page, _ = open_page(TRAINER + "?p=rover-highest", **PHONE)
    expect(page.locator(".sr-trainer__title")).to_have_text(RECORDS["rover-highest"]["heading"])
    no_overflow(page, "the trainer at 360px")
    # The words for a browser without JavaScript were inside the element, and are gone.
    expect(page.get_by_text("The trainer needs JavaScript")).to_have_count(0)
    # Every control of the trainer is at least 44 px high, the cards 44 px wide too.
    small = page.evaluate(
        """() => [...document.querySelectorAll('somerset-trainer button, somerset-trainer select, somerset-trainer summary, somerset-trainer label.md-button, somerset-trainer a')]
          .filter((el) => el.offsetParent !== null)
          .map((el) => [el.textContent.trim().slice(0, 30) || el.getAttribute('aria-label'), el.getBoundingClientRect()])
          .filter(([, r]) => r.height < 44 || (r.width < 44))
          .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], small
    # From the top of the page to the cards by Tab alone; a wrong card by its number key; Enter on Try again.
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('sr-trainer__choice')"):
            break
    assert page.evaluate("document.activeElement.dataset.value") == RECORDS["rover-highest"]["steps"][0]["choices"][0]["value"]
    values = [c["value"] for c in RECORDS["rover-highest"]["steps"][0]["choices"]]
    wrong = values.index(wrong_value("rover-highest")) + 1
    page.keyboard.press(str(wrong))
    expect(page.locator(".sr-trainer__verdict--wrong")).to_be_visible()
    live = page.locator("somerset-trainer > [aria-live='polite']")
    expect(live).to_contain_text("Wrong.")
    expect(page.get_by_role("button", name="Try again")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".sr-trainer__verdict")).to_have_count(0)
    right = values.index(RECORDS["rover-highest"]["steps"][0]["answer"][0])
    for _ in range(right):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".sr-trainer__verdict--right")).to_be_visible()
    expect(live).to_contain_text("Right.")
    expect(page.get_by_role("button", name="Next puzzle")).to_be_focused()
    page.keyboard.press("Enter")
    assert current(page) != "rover-highest"
    expect(page.locator(".sr-trainer__title")).to_be_focused()
    expect(live).to_contain_text(RECORDS[current(page)]["heading"])
    no_overflow(page, "the trainer at 360px after answering")
    # Every control has a name.
    names = page.evaluate(
        """() => [...document.querySelectorAll('somerset-trainer button, somerset-trainer select, somerset-trainer input')]
          .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || (el.id && document.querySelector(`label[for="${el.id}"]`))))
          .map((el) => el.outerHTML.slice(0, 100))"""
    )
    assert names == []


def test_from_the_list_into_the_trainer_by_instant_navigation(open_page: Any) -> None:
    """The list links each puzzle into the trainer; Material's instant navigation mounts the trainer there."""
    page, _ = open_page("puzzles/")
    page.evaluate("window.__stayed = true")  # gone after a full page load, kept by instant navigation
    page.locator('[data-puzzle="rover-alone"] a').click()
    expect(page.locator(".sr-trainer__title")).to_have_text(RECORDS["rover-alone"]["heading"])
    assert page.evaluate("window.__stayed === true"), "the link loaded a whole new page"
    assert current(page) == "rover-alone"
    answer(page, "rover-alone")
    expect(page.locator(".sr-trainer__verdictline")).to_contain_text("Solved.")
    page.go_back()
    listed = len([r for r in RECORDS.values() if r["kind"] != "ending"])
    expect(page.locator("article somerset-puzzle-progress")).to_contain_text(f"you have solved 1 and failed 0 of the {listed} puzzles")


def test_an_ending_proven_by_the_solver_played_step_by_step(open_page: Any) -> None:
    """The ending puzzles at the table: the goal, the contract and every hand in its seat, a wrong
    card's refutation played out on the table card by card, and each trick the defence finishes
    shown before the reader's next step, to the end of the solver's line."""
    rec = max((r for r in RECORDS.values() if r["kind"] == "ending"), key=lambda r: (len(r["steps"]), r["steps"][0]["table"]["bid"] is not None))
    assert len(rec["steps"]) >= 2
    page, _ = open_page(TRAINER + f"?p={rec['id']}")
    expect(page.locator(".sr-trainer__title")).to_have_text(rec["heading"])
    first = rec["steps"][0]
    t = first["table"]
    board = page.locator(".sr-trainer__board")
    expect(page.locator(".sr-trainer__goal")).to_have_text(f"Goal: {t['goal']}")
    expect(board.locator(".sr-contract__item--trump dd")).to_have_text(t["trump_label"])
    if t["bid"] is not None:
        expect(board.locator(".sr-contract__item--bid dd")).to_contain_text(str(t["bid"]))
        expect(board.locator(".sr-contract__item--need dd")).to_be_visible()
    expect(board.locator(".sr-tv__seat")).to_have_count(t["players"])
    for seat, hand in enumerate(t["hands"]):
        expect(board.locator(f'.sr-tv__seat[data-seat="{seat}"] [data-card]')).to_have_count(len(hand))
    expect(board.locator(".sr-tv__seat--bottom .sr-trainer__choice")).to_have_count(len(first["choices"]))
    expect(board.locator(".sr-tv__seat--bottom .sr-card--barred")).to_have_count(len(t["barred"]))
    wrong = next(c["value"] for c in first["choices"] if c["value"] not in first["answer"])
    choice(page, wrong).click()
    # The sentence says what the card gives up; the line's notation is folded away, as it is played on the table.
    head, rest = first["refutations"][wrong]["text"].split(": ", 1)
    expect(page.locator(".sr-trainer__refutation")).to_have_text(f"{head}.")
    # Beside the figures, the engine's words for why the answer beats it.
    expect(page.locator(f'.sr-trainer__why[data-value="{wrong}"]')).to_have_text(first["refutations"][wrong]["why"])
    assert first["refutations"][wrong]["why"].startswith("After the ") or " does better " in first["refutations"][wrong]["why"]
    expect(page.locator(".sr-trainer__linetext p")).to_have_text(rest)
    expect(page.locator(".sr-trainer__linetext p")).to_be_hidden()
    line = first["refutations"][wrong]["line"]
    ends = next(k for k, x in enumerate(line) if x["winner"] is not None) + 1
    step_line = page.locator(".sr-trainer__linestep")
    # The table shows the trick the wrong card was played to, taken.
    expect(step_line).to_contain_text(re.compile(rf"^Card {ends} of {len(line)}: .* takes? the trick, "))
    expect(board.locator(".sr-seat--winner")).to_have_count(1)
    page.get_by_role("button", name="End of the line").click()
    expect(step_line).to_contain_text(f"Card {len(line)} of {len(line)}: ")
    expect(page.locator(".sr-trainer__choice--answer")).to_have_count(0)
    page.get_by_role("button", name="Try again").click()
    expect(page.locator(".sr-trainer__linebox")).to_be_hidden()
    for k, step in enumerate(rec["steps"]):
        expect(page.locator(".sr-trainer__step")).to_have_text(f"Step {k + 1} of {len(rec['steps'])}")
        choice(page, step["answer"][0]).click()
        if k + 1 < len(rec["steps"]):
            # The answer and the defence's cards until the reader's next turn, on the table, the trick taken.
            expect(step_line).to_contain_text(re.compile(r"takes? the trick"))
            expect(board.locator(".sr-seat--winner")).to_have_count(1)
            go_on = page.get_by_role("button", name="Your turn")
            expect(go_on).to_be_focused()
            go_on.click()
            expect(page.locator(".sr-trainer__linebox")).to_be_hidden()
    expect(page.locator(".sr-trainer__verdictline")).to_have_text(f"Right. You chose {rec['steps'][-1]['answer'][0]}.")
    expect(page.locator(".sr-trainer__title")).to_have_text(rec["title"])
    assert progress(page)["puzzles"][rec["id"]]["result"] == "failed"


def test_a_card_the_rules_bar_says_why_and_is_not_judged(open_page: Any) -> None:
    """An ending's whole hand is on the table: a card that may not be played now is dimmed and says
    why, with the rules' reason, and is not taken as an answer."""
    rec = next(r for r in RECORDS.values() if r["kind"] == "ending" and r["steps"][0]["table"]["barred"])
    barred = rec["steps"][0]["table"]["barred"][0]
    page, _ = open_page(TRAINER + f"?p={rec['id']}", **PHONE)
    card = page.locator(f'.sr-trainer__board .sr-card--barred[data-card="{barred["card"]}"]')
    expect(card).to_have_attribute("aria-disabled", "true")
    card.click(force=True)  # aria-disabled: a touch still reaches it, and it answers with the reason
    expect(page.locator(".sr-trainer__board .sr-why")).to_have_text(f"{barred['card']} cannot be played: {barred['reason']}")
    expect(page.locator(".sr-trainer__verdict")).to_have_count(0)
    no_overflow(page, "an ending at 360px")
