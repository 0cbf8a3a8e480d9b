"""The Learn section's exercises in real Chromium against the built site, checked against the engine's
lesson records in-process: a stage done start to finish on a 360 px phone (a right answer, a
wrong one answered with the hint, a second wrong one with the answer, its rule and the other seats'
answer played out, an illegal card taken out of the choice, stars, progress after a reload), keyboard only, the ruleset taught following the reader's own, the map of
stages with progress and "continue", offline after a first visit, and never a request for the
engine from a lesson page."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from somerset.teaching.lessons import lessons_data

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "color_scheme": "dark"}
PROGRESS = "somerset.lesson-progress"
DATA = lessons_data()
STAGES = {s["id"]: s for s in DATA["stages"]}
ENGINE_FILES = ("pyodide", "assets/engine/", "worker.js", ".whl", "snapshot")


def exercises(stage: str, ruleset: str = "parker-1947") -> list[dict[str, Any]]:
    return [e for e in STAGES[stage]["exercises"] if ruleset in e["rulesets"]]


def choice(page: Any, value: str) -> Any:
    """A card button or a value button of the exercise."""
    offer = page.locator("somerset-lesson .sr-lesson__offer")
    return offer.locator(f'[data-card="{value}"], [data-value="{value}"]')


def answer_right(page: Any, rec: dict[str, Any]) -> None:
    if rec["single"]:
        choice(page, rec["answer"][0]).click()
    else:
        for v in rec["answer"]:
            choice(page, v).click()
        page.locator("somerset-lesson").get_by_role("button", name="Check").click()


def progress(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS}') || 'null'") or "null")


def no_engine(rec: Any) -> None:
    asked = [u for u in rec.urls if any(part in u for part in ENGINE_FILES)]
    assert asked == [], f"a lesson page asked for the engine: {asked}"


def no_overflow(page: Any) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page overflows: {widths}"


def test_a_stage_start_to_finish_on_a_phone(open_page: Any) -> None:
    page, rec = open_page("learn/tricks/", **PHONE)
    lesson = page.locator("somerset-lesson")
    todo = exercises("tricks")
    verdict = lesson.locator(".sr-lesson__verdict")
    live = lesson.locator("[aria-live]")
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(todo[0]["task"])
    expect(lesson.locator("select")).to_have_value("parker-1947")
    for i, ex in enumerate(todo):
        r = ex["by_ruleset"]["parker-1947"]
        expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"{i + 1} of {len(todo)}. {ex['task']}")
        wrongs = 0
        if ex["id"] == "tricks-must-follow":
            # An illegal card may be tried: the hint, with the rule's source; the card is taken out.
            card = lesson.locator('.sr-lesson__offer [data-card="12/12"]')
            card.click()
            lesson.get_by_role("button", name="Check").click()
            expect(verdict).to_contain_text("Not yet.")
            expect(verdict).to_contain_text(r["hint"]["text"])
            expect(verdict).to_contain_text("Taken out of your choice, marked ✗: 12/12.")
            expect(verdict.locator("a.sr-cite")).to_have_text(r["hint"]["citation"]["label"])
            expect(live).to_contain_text("12/12 taken out of your choice. Hint:")
            expect(card).to_have_attribute("aria-pressed", "false")
            wrongs = 1
        if ex["id"] == "tricks-win-for-side":
            # A card that loses, twice: the hint, then the answer with the other seats' answer
            # played out on the table.
            lesson.locator('.sr-lesson__offer [data-card="1/8"]').click()
            expect(verdict).to_contain_text(r["hint"]["text"])
            lesson.locator('.sr-lesson__offer [data-card="1/8"]').click()
            wrong = r["refutations"]["1/8"]
            expect(verdict).to_contain_text(wrong["text"])
            expect(verdict).to_contain_text(f"Not this one. The answer: {r['answer'][0]}.")
            for card in wrong["played"]:
                expect(verdict.locator(f'.sr-seat[data-card="{card}"]')).to_have_count(1)
            expect(verdict.locator(".sr-seat--winner")).to_have_attribute("data-card", wrong["played"][wrong["winner"]])
            expect(live).to_contain_text(f"Not this one. The answer: {r['answer'][0]}. 1 of 3 stars.")
            wrongs = 2
        if wrongs < 2:
            answer_right(page, r)
            expect(verdict).to_contain_text("Right.")
        stars = 3 - wrongs
        expect(verdict.locator(".sr-lesson__stars")).to_have_text("★" * stars + "☆" * (3 - stars))
        expect(live).to_contain_text(f"{stars} of 3 stars.")
        no_overflow(page)
        assert progress(page)["exercises"][ex["id"]]["stars"] == stars
        lesson.locator(".sr-lesson__actions .md-button--primary:visible").click()
    expect(lesson.locator(".sr-lesson__task")).to_have_text("Stage done")
    most = 3 * len(todo)
    expect(lesson).to_contain_text(f"You earned {most - 3} of {most} stars")
    # The trainer's puzzles of following suit need the 0/0, taught two stages on: no link to them here.
    expect(lesson.get_by_role("link", name="Next stage: Trumps and the S/S")).to_have_count(1)
    expect(lesson.get_by_role("link", name="Practise this")).to_have_count(0)
    # After a reload the stage is still done, with its stars.
    page.reload()
    expect(lesson.locator(".sr-lesson__task")).to_have_text("Stage done")
    expect(lesson.locator(".sr-lesson__dot--done")).to_have_count(len(todo))
    # Starting again forgets this stage's stars only.
    lesson.get_by_role("button", name="Start the stage again").click()
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"1 of {len(todo)}.")
    assert not any(e["id"] in progress(page)["exercises"] for e in todo)
    no_engine(rec)


def test_keyboard_only_with_the_verdict_announced(open_page: Any) -> None:
    page, rec = open_page("learn/trumps/")
    lesson = page.locator("somerset-lesson")
    first = exercises("trumps")[0]
    r = first["by_ruleset"]["parker-1947"]
    assert first["kind"] == "take" and r["single"]
    lesson.locator("select").focus()
    # Tab to the right card of the trick, from the ruleset list past the exercises' dots, and press Enter.
    for _ in range(len(exercises("trumps")) + len(r["choices"]) + 1):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.card") == r["answer"][0]:
            break
    assert page.evaluate("document.activeElement.dataset.card") == r["answer"][0]
    page.keyboard.press("Enter")
    expect(lesson.locator("[aria-live]")).to_contain_text("Right. 3 of 3 stars.")
    # Focus is on "Next exercise"; Enter moves on and puts focus on the new task.
    assert page.evaluate("document.activeElement.textContent") == "Next exercise"
    page.keyboard.press("Enter")
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"2 of {len(exercises('trumps'))}.")
    assert page.evaluate("document.activeElement.classList.contains('sr-lesson__task')")
    # A wrong card by keyboard: the hint is announced; the same card again: the answer and why.
    second = exercises("trumps")[1]["by_ruleset"]["parker-1947"]
    wrong = next(c["value"] for c in second["choices"] if c["value"] not in second["answer"])
    lesson.locator(f'.sr-lesson__offer [data-card="{wrong}"]').focus()
    page.keyboard.press("Space")
    expect(lesson.locator("[aria-live]")).to_contain_text(f"Not yet. Hint: {second['hint']['text']}")
    page.keyboard.press("Space")
    expect(lesson.locator("[aria-live]")).to_contain_text(second["refutations"][wrong]["text"])
    no_engine(rec)


def test_the_lessons_teach_the_readers_ruleset(open_page: Any) -> None:
    page, rec = open_page(goto=False)
    page.goto(rec.base + "learn/")
    page.evaluate("localStorage.setItem('somerset.ruleset', 'minden-senior-center')")
    page.goto(rec.base + "learn/bidding/")
    lesson = page.locator("somerset-lesson")
    mine = exercises("bidding", "minden-senior-center")
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"1 of {len(mine)}. {mine[0]['task']}")
    expect(lesson.locator("select")).to_have_value("minden-senior-center")
    # Choosing another ruleset in the list changes the site's choice and the exercises.
    lesson.locator("select").select_option("parker-1947")
    theirs = exercises("bidding")
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"1 of {len(theirs)}. {theirs[0]['task']}")
    assert json.loads(page.evaluate("localStorage.getItem('somerset.ruleset')")) == {"version": 1, "ruleset": "parker-1947"}
    # Where the rulesets answer otherwise, a line says so and links to the comparison.
    r = theirs[0]["by_ruleset"]["parker-1947"]
    if r["differs"]:
        expect(lesson.locator(".sr-lesson__differs a")).to_have_attribute("href", rec.base + "compare/")
    # The undealt cards are taught under Parker 1947 as its own (face up), not under another ruleset.
    page.goto(rec.base + "learn/undealt/")
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"1 of {len(exercises('undealt'))}. {exercises('undealt')[0]['task']}")
    expect(lesson.locator(".sr-lesson__note")).to_have_count(0)
    no_engine(rec)


def test_the_map_shows_stars_done_and_continue(open_page: Any) -> None:
    page, rec = open_page("learn/", **PHONE)
    the_map = page.locator("somerset-lesson-map")
    expect(the_map.locator(".sr-lesson-map__continue")).to_have_text("Start: The pack and its notation")
    done = {e["id"]: {"stars": 3, "ruleset": "parker-1947"} for e in exercises("pack")}
    first_tricks = exercises("tricks")[0]["id"]
    done[first_tricks] = {"stars": 2, "ruleset": "parker-1947"}
    page.evaluate("(p) => localStorage.setItem('somerset.lesson-progress', JSON.stringify(p))", {"version": 1, "exercises": done})
    page.reload()
    expect(the_map.locator(".sr-lesson-map__continue")).to_have_text("Continue: Tricks and following suit")
    pack = the_map.locator('[data-stage="pack"]')
    n = len(exercises("pack"))
    expect(pack).to_have_class("sr-lesson-map__stage sr-lesson-map__stage--done")
    expect(pack).to_contain_text(f"{3 * n} of {3 * n} stars")
    expect(the_map.locator('[data-stage="tricks"]')).to_contain_text(f"1 of {len(exercises('tricks'))} done")
    no_overflow(page)
    # Progress of another shape is not trusted: it reads as none, and what was stored is kept aside.
    page.evaluate("localStorage.setItem('somerset.lesson-progress', '{\"version\": 1, \"exercises\": 7}')")
    page.reload()
    expect(the_map.locator(".sr-lesson-map__continue")).to_have_text("Start: The pack and its notation")
    assert page.evaluate("localStorage.getItem('somerset.lesson-progress.set-aside')") == '{"version": 1, "exercises": 7}'
    no_engine(rec)


def test_progress_exported_on_one_device_is_imported_on_another(open_page: Any, tmp_path: Any) -> None:
    """The map's export writes the stars to a file; importing it on another device (a fresh
    context) keeps, for each exercise, the more stars, says what it took, and a file of another
    kind changes nothing."""
    page, rec = open_page("learn/", **PHONE)
    pack = exercises("pack")
    mine = {pack[0]["id"]: {"stars": 3, "ruleset": "parker-1947"}, pack[1]["id"]: {"stars": 1, "ruleset": "parker-1947"}}
    page.evaluate("(p) => localStorage.setItem('somerset.lesson-progress', JSON.stringify(p))", {"version": 1, "exercises": mine})
    page.reload()
    the_map = page.locator("somerset-lesson-map")
    the_map.get_by_text("Your progress on another device").click()
    with page.expect_download() as info:
        the_map.get_by_role("button", name="Export progress").click()
    saved = tmp_path / "lessons.json"
    info.value.save_as(saved)
    doc = json.loads(saved.read_text())
    assert doc["kind"] == "somerset-lesson-progress" and doc["exercises"] == mine
    expect(the_map.locator(".sr-lesson-map__note")).to_have_text("Your progress (2 exercises with stars) was saved as a file.")
    no_engine(rec)

    other, other_rec = open_page("learn/", **PHONE)
    theirs = {pack[1]["id"]: {"stars": 2, "ruleset": "parker-1947"}}
    other.evaluate("(p) => localStorage.setItem('somerset.lesson-progress', JSON.stringify(p))", {"version": 1, "exercises": theirs})
    other.reload()
    their_map = other.locator("somerset-lesson-map")
    their_map.get_by_text("Your progress on another device").click()
    # By keyboard: the import control is a file input reached with Tab behind its label.
    their_map.locator("input[type=file]").set_input_files(str(saved))
    expect(their_map.locator(".sr-lesson-map__note")).to_have_text(
        "Imported the stars of 1 exercise; 1 exercise already had as many stars here and was left as it was."
    )
    stored = json.loads(other.evaluate("localStorage.getItem('somerset.lesson-progress')"))["exercises"]
    assert stored == {pack[0]["id"]: mine[pack[0]["id"]], pack[1]["id"]: theirs[pack[1]["id"]]}
    n = len(pack)
    expect(their_map.locator('[data-stage="pack"]')).to_contain_text(f"2 of {n} done")
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "somerset-puzzle-progress", "puzzles": {}}')
    their_map.locator("input[type=file]").set_input_files(str(bad))
    expect(their_map.locator(".sr-lesson-map__note")).to_have_text(
        "“bad.json” is not a progress file of this kind: export one with “Export progress”. Nothing was imported."
    )
    assert json.loads(other.evaluate("localStorage.getItem('somerset.lesson-progress')"))["exercises"] == stored
    no_engine(other_rec)


def test_a_lesson_works_offline_after_a_first_visit(open_page: Any) -> None:
    page, rec = open_page("learn/", service_workers="allow")
    asked: list[str] = []  # the pages' own requests (the service worker's are its own)
    page.on("request", lambda r: asked.append(r.url))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto(rec.base + "learn/scoring/")
    lesson = page.locator("somerset-lesson")
    first = exercises("scoring")[0]
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(first["task"])
    r = first["by_ruleset"]["parker-1947"]
    answer_right(page, r)
    expect(lesson.locator(".sr-lesson__verdict")).to_contain_text("Right.")
    # Neither lesson page asked for the engine. (The service worker, on a later visit, may fetch it
    # in the background for the tools: develop/runtime.md, "Ready for the table".)
    assert not [u for u in asked if any(part in u for part in ENGINE_FILES)]


def test_axe_finds_no_wcag_violation_in_an_answered_exercise(browser: Any, site_url: str) -> None:
    """axe-core on a stage page with a wrong card's verdict and the trick played out, then with the
    right answer's, in light and dark at 360 px (the site-wide axe test sees the page as it loads)."""
    from test_accessibility import PHONE as PHONE_SIZE
    from test_accessibility import Viewer

    for scheme in ("light", "dark"):
        v = Viewer(browser, site_url, scheme, PHONE_SIZE)
        try:
            v.page.goto(site_url + "learn/tricks/")
            v.page.evaluate("localStorage.clear()")
            todo = exercises("tricks")
            at = next(i for i, e in enumerate(todo) if e["id"] == "tricks-win-for-side")
            done = {e["id"]: {"stars": 3, "ruleset": "parker-1947"} for e in todo[:at]}
            v.page.evaluate("(p) => localStorage.setItem('somerset.lesson-progress', JSON.stringify(p))", {"version": 1, "exercises": done})
            v.page.reload()
            lesson = v.page.locator("somerset-lesson")
            expect(lesson.locator(".sr-lesson__task")).to_contain_text(todo[at]["task"])
            lesson.locator('.sr-lesson__offer [data-card="1/8"]').click()
            expect(lesson.locator(".sr-lesson__verdict .sr-lesson__hint")).to_have_count(1)
            assert v.axe() == [], scheme
            lesson.locator('.sr-lesson__offer [data-card="1/8"]').click()
            expect(lesson.locator(".sr-lesson__verdict figure")).to_have_count(1)
            assert v.axe() == [], scheme
            lesson.locator(".sr-lesson__actions .md-button--primary:visible").click()
            answer_right(v.page, todo[at + 1]["by_ruleset"]["parker-1947"])
            expect(lesson.locator(".sr-lesson__verdict")).to_contain_text("Right.")
            assert v.axe() == [], scheme
        finally:
            v.context.close()
        assert v.foreign == []
