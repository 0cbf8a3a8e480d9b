"""Learn hints before it tells, in real Chromium against the built site on a 360 x 740 phone: a first
wrong answer gets the hint (never the answer) in view and announced; a second gets the answer, with
one star; a wrong card of a "tap every" choice is taken out and marked; the dots are buttons that
open an exercise again; the undealt cards are taught to Parker 1947 as face-up cards; a verdict
that sets aside an earlier stage says why; the map holds the first deal with its done mark."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from screen import PHONE, in_view

from somerset.teaching.lessons import lessons_data

DATA = lessons_data()
STAGES = {s["id"]: s for s in DATA["stages"]}
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "lesson-hints"
CARD = re.compile(r"(?<![\w/])(?:\d{1,2}/\d{1,2}|S/S)(?![\w/])")


def exercises(stage: str, ruleset: str = "parker-1947") -> list[dict[str, Any]]:
    return [e for e in STAGES[stage]["exercises"] if ruleset in e["rulesets"]]


def choice(page: Any, value: str) -> Any:
    return page.locator("somerset-lesson .sr-lesson__offer").locator(f'[data-card="{value}"], [data-value="{value}"]')


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_wrong_answer_gets_the_hint_then_the_answer(open_page: Any) -> None:
    page, _ = open_page("learn/pack/", **PHONE)
    lesson = page.locator("somerset-lesson")
    verdict = lesson.locator(".sr-lesson__verdict")
    live = lesson.locator("[aria-live]")
    ex = exercises("pack")[0]
    rec = ex["by_ruleset"]["parker-1947"]
    assert ex["kind"] == "take"
    wrong = next(c["value"] for c in rec["choices"] if c["value"] not in rec["answer"])
    choice(page, wrong).click()
    # The hint points at the rule, with its source, and names no card of the answer.
    expect(verdict).to_contain_text("Not yet.")
    expect(verdict.locator(".sr-lesson__hint")).to_contain_text(rec["hint"]["text"])
    expect(verdict.locator(".sr-lesson__hint a.sr-cite")).to_have_text(rec["hint"]["citation"]["label"])
    said = verdict.inner_text()
    assert not set(rec["answer"]) & set(CARD.findall(said)), said
    expect(live).to_have_text(re.compile(r"^Not yet\. Hint: "))
    assert not set(rec["answer"]) & set(CARD.findall(live.inner_text()))
    expect(choice(page, wrong)).to_have_class(re.compile("sr-lesson__tried"))
    expect(choice(page, wrong)).to_have_attribute("aria-label", re.compile("tried: not this one$"))
    in_view(page, **{"the verdict": verdict, "the card tapped": choice(page, wrong)})
    shot(page, "1-hint")
    # The second miss: the answer, why the choice was wrong, one star.
    choice(page, wrong).click()
    expect(verdict).to_contain_text(f"Not this one. The answer: {rec['answer'][0]}.")
    expect(verdict).to_contain_text(rec["refutations"][wrong]["text"])
    expect(verdict.locator(".sr-lesson__stars")).to_have_text("★☆☆")
    expect(live).to_contain_text(f"Not this one. The answer: {rec['answer'][0]}. 1 of 3 stars.")
    expect(choice(page, rec["answer"][0])).to_have_class(re.compile("sr-lesson__right"))
    next_button = lesson.get_by_role("button", name="Next exercise")
    in_view(page, **{"the verdict's first line": verdict.locator("p").first, "the Next button": next_button})
    shot(page, "2-answer")
    stored = page.evaluate("JSON.parse(localStorage.getItem('somerset.lesson-progress'))")
    assert stored["exercises"][ex["id"]]["stars"] == 1


def test_asking_for_the_hint_costs_a_star(open_page: Any) -> None:
    page, _ = open_page("learn/pack/", **PHONE)
    lesson = page.locator("somerset-lesson")
    rec = exercises("pack")[0]["by_ruleset"]["parker-1947"]
    lesson.get_by_role("button", name="Hint").click()
    expect(lesson.locator("[aria-live]")).to_have_text(f"Hint: {rec['hint']['text']}")
    expect(lesson.get_by_role("button", name="Hint")).to_be_hidden()
    choice(page, rec["answer"][0]).click()
    expect(lesson.locator(".sr-lesson__verdict .sr-lesson__stars")).to_have_text("★★☆")


def test_a_wrong_card_of_a_tap_every_choice_is_taken_out_and_marked(open_page: Any) -> None:
    page, _ = open_page("learn/tricks/", **PHONE)
    lesson = page.locator("somerset-lesson")
    verdict = lesson.locator(".sr-lesson__verdict")
    ex = exercises("tricks")[0]
    rec = ex["by_ruleset"]["parker-1947"]
    assert not rec["single"]
    wrong = next(c["value"] for c in rec["choices"] if c["value"] not in rec["answer"])
    for v in [wrong, *rec["answer"]]:
        choice(page, v).click()
    lesson.get_by_role("button", name="Check").click()
    expect(verdict).to_contain_text(f"Taken out of your choice, marked ✗: {wrong}.")
    expect(choice(page, wrong)).to_have_attribute("aria-pressed", "false")
    for v in rec["answer"]:
        expect(choice(page, v)).to_have_attribute("aria-pressed", "true")  # the right ones stay chosen
    in_view(page, **{"the verdict": verdict, "the card taken out": choice(page, wrong)})
    shot(page, "3-taken-out")
    # Chosen again on purpose, the card gets the answer, and the words say it was taken out before.
    choice(page, wrong).click()
    lesson.get_by_role("button", name="Check").click()
    expect(verdict).to_contain_text(f"{wrong} was taken out after your first try. {rec['refutations'][wrong]['text']}")
    expect(verdict.locator(".sr-lesson__stars")).to_have_text("★☆☆")


def test_the_dots_are_buttons_that_open_an_exercise_again(open_page: Any) -> None:
    page, _ = open_page("learn/pack/", **PHONE)
    lesson = page.locator("somerset-lesson")
    todo = exercises("pack")
    dots = lesson.locator(".sr-lesson__dots").get_by_role("button")
    expect(dots).to_have_count(len(todo))
    expect(dots.first).to_have_accessible_name("Exercise 1: not done yet, current")
    for i in range(len(todo)):
        box = dots.nth(i).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (i, box)
    choice(page, todo[0]["by_ruleset"]["parker-1947"]["answer"][0]).click()
    lesson.get_by_role("button", name="Next exercise").click()
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"2 of {len(todo)}.")
    expect(dots.first).to_have_accessible_name("Exercise 1: done, 3 of 3 stars")
    # By keyboard: the first dot, Enter, and the first exercise is asked again.
    dots.first.focus()
    page.keyboard.press("Enter")
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"1 of {len(todo)}. {todo[0]['task']}")
    expect(dots.first).to_have_accessible_name("Exercise 1: done, 3 of 3 stars, current")
    # Any exercise, done or not: the last one.
    dots.last.click()
    expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"{len(todo)} of {len(todo)}.")


def test_parker_1947_learns_its_face_up_cards_and_the_stage_is_done_on_the_map(open_page: Any) -> None:
    page, rec = open_page("learn/undealt/", **PHONE)
    lesson = page.locator("somerset-lesson")
    todo = exercises("undealt")
    assert {e["kind"] for e in todo} == {"undealt", "faceup"}
    for i, ex in enumerate(todo):
        r = ex["by_ruleset"]["parker-1947"]
        expect(lesson.locator(".sr-lesson__task")).to_contain_text(f"{i + 1} of {len(todo)}. {ex['task']}")
        if r.get("faceup"):
            expect(lesson.locator(".sr-lesson__table")).to_contain_text(f"Face up beside the trick: {r['faceup'][0]} and {r['faceup'][1]}")
        choice(page, r["answer"][0]).click()
        expect(lesson.locator(".sr-lesson__verdict")).to_contain_text("Right.")
        if i == 1:
            shot(page, "4-face-up")
        lesson.get_by_role("button", name=re.compile("Next exercise|Finish the stage")).click()
    expect(lesson.locator(".sr-lesson__task")).to_have_text("Stage done")
    # The kitty's puzzles are not offered to a table that lays the cards face up.
    expect(lesson.get_by_role("link", name="Practise this")).to_have_count(0)
    page.goto(rec.base + "learn/")
    expect(page.locator('somerset-lesson-map [data-stage="undealt"]')).to_have_class(re.compile("sr-lesson-map__stage--done"))


def test_a_verdict_that_sets_aside_an_earlier_stage_says_why(open_page: Any) -> None:
    page, _ = open_page("learn/no-trump/", **PHONE)
    lesson = page.locator("somerset-lesson")
    todo = exercises("no-trump")
    at = next(i for i, e in enumerate(todo) if e["id"] == "nt-rover")
    lesson.locator(".sr-lesson__dots").get_by_role("button").nth(at).click()
    r = todo[at]["by_ruleset"]["parker-1947"]
    choice(page, r["answer"][0]).click()
    why = lesson.locator(".sr-lesson__overrides")
    expect(why).to_contain_text(f"Why this is not what stage {r['overrides']['order']}, {r['overrides']['title']}, taught: {r['rule']['text']}")
    expect(lesson.locator("[aria-live]")).to_contain_text("Why this is not what stage")
    shot(page, "5-overrides")


def test_the_map_holds_the_first_deal_with_its_done_mark(open_page: Any) -> None:
    page, _ = open_page("learn/", **PHONE)
    the_map = page.locator("somerset-lesson-map")
    deal = the_map.locator('[data-stage="first-deal"]')
    expect(deal).to_contain_text("Your first deal")
    order = the_map.locator("li[data-stage]").evaluate_all("(xs) => xs.map((x) => x.dataset.stage)")
    assert order.index("first-deal") == order.index(DATA["first_deal"]["after"]) + 1
    expect(deal).not_to_have_class(re.compile("sr-lesson-map__stage--done"))
    page.evaluate("localStorage.setItem('somerset.lesson-progress', JSON.stringify({version: 1, exercises: {'first-deal': {stars: 3, ruleset: 'parker-1947'}}}))")
    page.reload()
    expect(deal).to_have_class(re.compile("sr-lesson-map__stage--done"))
    expect(deal).to_contain_text("done")
