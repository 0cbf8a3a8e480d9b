"""Learn on one screen, in real Chromium against the built site: every stage opens on its first
exercise (the task and its choices in view below the header without scrolling), and after every
answer, right or wrong (the hint), in every exercise of every stage, the verdict is in view together with the
choices it judges; on a 360 x 740 touch phone in light and dark (and, for two stages, with the
large text), and on a 1280 x 800 desktop."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from screen import DESKTOP, PHONE, PHONE_LARGE_TEXT, in_view

from somerset.teaching.lessons import lessons_data

DATA = lessons_data()
RULESET = DATA["default_ruleset"]


def shown(stage: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """The ruleset a stage is shown under for a new reader, and its exercises (lesson-data.js's
    stageExercises: the default ruleset's, else the ruleset most of the stage's exercises claim)."""
    mine = [e for e in stage["exercises"] if RULESET in e["rulesets"]]
    if mine:
        return RULESET, mine
    counts: dict[str, int] = {}
    for e in stage["exercises"]:
        for r in e["rulesets"]:
            counts[r] = counts.get(r, 0) + 1
    best, most = RULESET, 0
    for r in DATA["rulesets"]:
        if counts.get(r["id"], 0) > most:
            best, most = r["id"], counts[r["id"]]
    return best, [e for e in stage["exercises"] if best in e["rulesets"]]


def choice(page: Any, value: str) -> Any:
    return page.locator("somerset-lesson .sr-lesson__offer").locator(f'[data-card="{value}"], [data-value="{value}"]')


def opens_on_its_first_exercise(page: Any, ex: dict[str, Any], ruleset: str) -> None:
    lesson = page.locator("somerset-lesson")
    task = lesson.locator(".sr-lesson__task")
    expect(task).to_contain_text("1 of ")
    expect(task).to_contain_text(ex["task"])
    rec = ex["by_ruleset"][ruleset]
    first = choice(page, rec["choices"][0]["value"])
    in_view(page, **{"the task": task, "its first choice": first})


def the_verdict_in_view(page: Any, says: str, tapped: list[str], **more: Any) -> None:
    verdict = page.locator("somerset-lesson .sr-lesson__verdict")
    expect(verdict).to_contain_text(says)
    cards = {f"the choice tapped ({v})": choice(page, v) for v in tapped}
    in_view(page, **{"the verdict": verdict}, **cards, **more)


def every_exercise(page: Any, exercises: list[dict[str, Any]], ruleset: str) -> None:
    """Answer each exercise wrong once (where a wrong choice exists), then right; after each answer
    the verdict and the choices tapped are in view; after Next, the next task and its first choice."""
    lesson = page.locator("somerset-lesson")
    for i, ex in enumerate(exercises):
        rec = ex["by_ruleset"][ruleset]
        task = lesson.locator(".sr-lesson__task")
        expect(task).to_contain_text(f"{i + 1} of {len(exercises)}. {ex['task']}")
        in_view(page, **{"the task": task, "its first choice": choice(page, rec["choices"][0]["value"])})
        wrong = next((v for v in rec["refutations"] if v not in rec["answer"]), None)
        if wrong is not None:
            choice(page, wrong).click()
            if not rec["single"]:
                lesson.get_by_role("button", name="Check").click()
            # The first miss: the hint (a wrong card of a "tap every" choice is taken out for you).
            the_verdict_in_view(page, "Not yet.", [wrong])
        for v in rec["answer"] if not rec["single"] else rec["answer"][:1]:
            choice(page, v).click()
        if not rec["single"]:
            lesson.get_by_role("button", name="Check").click()
        next_button = lesson.locator(".sr-lesson__actions .md-button--primary:visible")
        tapped = list(rec["answer"]) if not rec["single"] else rec["answer"][:1]
        the_verdict_in_view(page, "Right.", tapped, **{"the Next button": next_button})
        next_button.click()
    expect(lesson.locator(".sr-lesson__task")).to_have_text("Stage done")


STAGES = list(DATA["stages"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("stage", STAGES, ids=lambda s: s["id"])
def test_a_stage_on_a_phone_opens_on_its_task_and_every_verdict_is_in_view(open_page: Any, stage: dict[str, Any], scheme: str) -> None:
    page, _ = open_page(f"learn/{stage['id']}/", color_scheme=scheme, **PHONE)
    ruleset, exercises = shown(stage)
    opens_on_its_first_exercise(page, exercises[0], ruleset)
    every_exercise(page, exercises, ruleset)


@pytest.mark.parametrize("stage", [s for s in STAGES if s["id"] in ("pack", "rover", "scoring", "formats")], ids=lambda s: s["id"])
def test_a_stage_on_a_desktop_opens_on_its_task_and_every_verdict_is_in_view(open_page: Any, stage: dict[str, Any]) -> None:
    page, _ = open_page(f"learn/{stage['id']}/", **DESKTOP)
    ruleset, exercises = shown(stage)
    opens_on_its_first_exercise(page, exercises[0], ruleset)
    every_exercise(page, exercises, ruleset)


# Two stages also with the large text (the task of pack, tricks, undealt and bidding is pushed below
# the first screen then).
@pytest.mark.parametrize("stage", [s for s in STAGES if s["id"] in ("rover", "scoring")], ids=lambda s: s["id"])
def test_a_stage_with_the_large_text_opens_on_its_task_and_every_verdict_is_in_view(open_page: Any, stage: dict[str, Any]) -> None:
    page, _ = open_page(f"learn/{stage['id']}/", **PHONE_LARGE_TEXT)
    ruleset, exercises = shown(stage)
    opens_on_its_first_exercise(page, exercises[0], ruleset)
    every_exercise(page, exercises, ruleset)
