"""One screen for the boards of the puzzle trainer and the deal replayer, by the elements' geometry:
on a 360 x 740 touch phone (light, dark) and a 1280 x 800 screen, after each tap the task, the trick
and the hand of an ending are in view together at every step; after a wrong card, the board, its
step control and the verdict, and the board and its step control at each card of the refutation;
after a right one, the board with the defence's reply and "Your turn"; after the last step, the
verdict; after Next puzzle, the new task and hand. A six-player ending shows its task, contract bar,
trick and hand together, and after a wrong card its table, step control and verdict. In the
replayer, a card chosen in the Best play panel shows the table it redraws (trick and hands) with the
step control, with the large text too.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from somerset import api
from somerset.service.trainer import trainer_data

from conftest import ENGINE_TIMEOUT
from screen import DESKTOP, PHONE, PHONE_LARGE_TEXT, in_view

TRAINER = "puzzles/trainer/"
VIEWS = {"phone": PHONE, "phone-dark": {**PHONE, "color_scheme": "dark"}, "desktop": DESKTOP}
# The replayer's moment also with the large text (the trainer's task is taller than one screen then).
LARGE = {**VIEWS, "phone-large-text": PHONE_LARGE_TEXT}
RECORDS = {r["id"]: r for r in trainer_data()["puzzles"]}
# Screenshots of each moment, to look at (pytest-playwright empties test-results/ on every run).
SCREENS = Path(os.environ.get("SOMERSET_SCREENS", Path(tempfile.gettempdir()) / "somerset-screens"))

# Two frames drawn after the tap, and Material's Back to top pill away (it shows after the page
# moves up; it is not drawn while it lies over a board: widgets/base/in-view.js).
SETTLED = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))"""
PILL_AWAY = "() => { const t = document.querySelector('.md-top'); return !t || t.hidden || getComputedStyle(t).visibility === 'hidden'; }"


def settled(page: Any) -> None:
    page.evaluate(SETTLED)
    page.wait_for_function(PILL_AWAY)


def tap(page: Any, view: str, locator: Any) -> None:
    """A tap on a phone, a click on a desktop, then the page settled."""
    if view.startswith("phone"):
        locator.tap()
    else:
        locator.click()
    settled(page)


def shot(page: Any, name: str, view: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"one-screen-{name}-{view}.png"))


@pytest.mark.parametrize("view", VIEWS)
def test_the_trainer_keeps_an_endings_task_board_and_verdict_on_one_screen(open_page: Any, view: str) -> None:
    # The ending with the most steps that the "endings" theme lists, so that Next puzzle goes to another ending.
    rec = max(
        (r for r in RECORDS.values() if r["kind"] == "ending" and "endings" in r["themes"] and r["steps"][0]["table"]["players"] == 4),
        key=lambda r: (len(r["steps"]), r["steps"][0]["table"]["bid"] is not None),
    )
    assert len(rec["steps"]) >= 2
    page, _ = open_page(TRAINER + f"?p={rec['id']}&theme=endings", **VIEWS[view])
    expect(page.locator(".sr-trainer__title")).to_have_text(rec["heading"])
    settled(page)
    board = page.locator(".sr-trainer__board")
    task = page.locator(".sr-trainer__question")
    trick = board.locator(".sr-tv__centre")
    hand = board.locator(".sr-tv__seat--bottom")
    table = board.locator(".sr-tv")
    step_next = page.get_by_role("button", name="Next card of the line")
    n = len(rec["steps"])

    # Step 1: the task, the trick and the hand.
    expect(page.locator(".sr-trainer__step")).to_have_text(f"Step 1 of {n}")
    in_view(page, task=task, trick=trick, hand=hand)
    shot(page, "trainer-step-1", view)

    # A wrong card: the board, its step control and the verdict; then at every card of the refutation.
    first = rec["steps"][0]
    wrong = next(c["value"] for c in first["choices"] if c["value"] not in first["answer"])
    tap(page, view, page.locator(f'.sr-trainer__choice[data-value="{wrong}"]'))
    verdict = page.locator(".sr-trainer__verdictline")
    expect(verdict).to_contain_text("Wrong.")
    in_view(page, table=table, next=step_next, verdict=verdict)
    shot(page, "trainer-wrong", view)
    status = page.locator(".sr-trainer__linestep")
    for _ in range(len(first["refutations"][wrong]["line"])):
        if step_next.get_attribute("aria-disabled") == "true":
            break
        before = status.text_content()
        tap(page, view, step_next)
        expect(status).not_to_have_text(before or "")
        in_view(page, table=table, trick=trick, next=step_next)
    assert step_next.get_attribute("aria-disabled") == "true", "the refutation was stepped to its end"
    shot(page, "trainer-refutation-end", view)

    # Each step answered right: the board with the reply and "Your turn", then the next task and hand.
    tap(page, view, page.get_by_role("button", name="Try again"))
    in_view(page, task=task, trick=trick, hand=hand)
    for k, step in enumerate(rec["steps"]):
        expect(page.locator(".sr-trainer__step")).to_have_text(f"Step {k + 1} of {n}")
        in_view(page, task=task, trick=trick, hand=hand)
        if k == 1:
            shot(page, "trainer-step-2", view)
        tap(page, view, page.locator(f'.sr-trainer__choice[data-value="{step["answer"][0]}"]'))
        if k + 1 < n:
            go_on = page.get_by_role("button", name="Your turn")
            expect(go_on).to_be_visible()
            in_view(page, table=table, next=step_next, reply=page.locator(".sr-trainer__reply"), go_on=go_on)
            if k == 0:
                shot(page, "trainer-right", view)
            tap(page, view, go_on)
    expect(verdict).to_contain_text("Right.")
    in_view(page, verdict=page.locator(".sr-trainer__verdict"))
    shot(page, "trainer-solved", view)

    # Next puzzle: another ending, its task and hand in view.
    tap(page, view, page.get_by_role("button", name="Next puzzle"))
    page.wait_for_function("(id) => new URLSearchParams(location.search).get('p') !== id", arg=rec["id"])
    expect(board).to_be_visible()
    in_view(page, task=task, trick=trick, hand=hand)
    shot(page, "trainer-next-puzzle", view)


@pytest.mark.parametrize("view", LARGE)
def test_a_best_play_card_shows_the_table_it_redraws_with_the_step_control(open_page: Any, view: str) -> None:
    steps = json.loads(api.handle(json.dumps({"cmd": "replay", "rules": "parker-1947", "seed": 7})))["steps"]
    k = max(i for i, s in enumerate(steps) if "plays" in s) - 1  # the last trick but one
    page, _ = open_page("tools/replay/?rules=parker-1947&seed=7", **LARGE[view])
    replay = page.locator("somerset-replay")
    counter = replay.locator(".sr-replay__counter")
    expect(counter).to_contain_text("Step 1 of", timeout=ENGINE_TIMEOUT)
    replay.locator(".sr-replay__stage").focus()
    page.keyboard.press("Home")
    for _ in range(k):
        page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step {k + 1} of {len(steps)}")
    best = replay.locator(".sr-best")
    expect(best).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    step_next = replay.get_by_role("button", name="Next step")
    table = replay.locator(".sr-tv")
    # The reader goes down to the panel's cards and chooses the last one.
    card = best.locator(".sr-best__card").last
    card.scroll_into_view_if_needed()
    settled(page)
    tap(page, view, card)
    expect(replay.locator(".sr-tv--line")).to_have_count(1)
    expect(counter).to_contain_text("Best play: card 1 of")
    in_view(page, trick=table.locator(".sr-tv__centre"), top=table.locator(".sr-tv__top"), bottom=table.locator(".sr-tv__seat--bottom"), next=step_next)
    shot(page, "replay-best-card", view)
    tap(page, view, step_next)
    expect(counter).to_contain_text("Best play: card 2 of")
    in_view(page, trick=table.locator(".sr-tv__centre"), top=table.locator(".sr-tv__top"), bottom=table.locator(".sr-tv__seat--bottom"), next=step_next)
    shot(page, "replay-best-next", view)
    # Back at the panel, another card: the same again.
    other = best.locator(".sr-best__card").first
    other.scroll_into_view_if_needed()
    settled(page)
    tap(page, view, other)
    expect(counter).to_contain_text("Best play: card 1 of")
    in_view(page, trick=table.locator(".sr-tv__centre"), top=table.locator(".sr-tv__top"), bottom=table.locator(".sr-tv__seat--bottom"), next=step_next)


# Endings of the six-player format (Triple Somerset): five other seats and a six-card trick.
SIX = sorted(i for i, r in RECORDS.items() if r["kind"] == "ending" and r["steps"][0]["table"]["players"] == 6)


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("pid", SIX)
def test_a_six_player_ending_keeps_its_task_contract_trick_and_hand_on_one_screen(open_page: Any, view: str, pid: str) -> None:
    rec = RECORDS[pid]
    page, _ = open_page(TRAINER + f"?p={pid}", **VIEWS[view])
    expect(page.locator(".sr-trainer__title")).to_have_text(rec["heading"])
    settled(page)
    board = page.locator(".sr-trainer__board")
    contract = board.locator(".sr-contract")
    trick = board.locator(".sr-tv__centre")
    hand = board.locator(".sr-tv__seat--bottom")
    shot(page, f"trainer-{pid}", view)
    in_view(page, task=page.locator(".sr-trainer__question"), contract=contract, trick=trick, hand=hand)

    first = rec["steps"][0]
    wrong = next((c["value"] for c in first["choices"] if c["value"] not in first["answer"]), None)
    if wrong is not None:
        tap(page, view, page.locator(f'.sr-trainer__choice[data-value="{wrong}"]'))
        verdict = page.locator(".sr-trainer__verdictline")
        expect(verdict).to_contain_text("Wrong.")
        step_next = page.get_by_role("button", name="Next card of the line")
        in_view(page, table=board.locator(".sr-tv"), next=step_next, verdict=verdict)
        shot(page, f"trainer-{pid}-wrong", view)
