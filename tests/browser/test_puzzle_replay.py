"""The step-by-step replayer in real Chromium, checked against the engine in-process.

Pyodide boots once per page load, so each test groups its checks on as few page loads as it can.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from somerset.service.replay import replay

ENGINE_TIMEOUT = 60_000


def reader_seats(text: str) -> str:
    """The engine's sentences with seats numbered from 1, as the widgets show them ("Seat 0" is "Seat 1")."""
    def up(m: re.Match[str]) -> str:
        out = f"{m[1]} {int(m[2]) + 1}" + re.sub(r"\d+", lambda n: str(int(n[0]) + 1), m[3] or "")
        return out + (re.sub(r"\d+", str(int(m[5]) + 1), m[4]) if m[4] else "")
    return re.sub(r"\b([Ss]eats?) (\d+)((?:, \d+)*)(,? and (\d+))?", up, text)


def start(w: Any) -> None:
    """The engine starts on the reader's first use: press a widget's Start button while it waits."""
    status = w.locator(".sr-status")
    expect(status).to_be_attached()
    if status.get_attribute("data-state") == "idle":
        w.locator(".sr-start").evaluate("(button) => button.click()")


def open_replay(page: Any, example: str) -> Any:
    """The replayer for an example; when it sits in a closed "Step by step" block, open that first."""
    r = page.locator(f'somerset-replay[example="{example}"]')
    if r.evaluate("(el) => Boolean(el.closest('details:not([open])'))"):
        page.locator("details", has=r).locator("summary").click()
    r.scroll_into_view_if_needed()
    expect(r.locator(".sr-retry")).to_be_hidden()
    start(r)
    return r


def no_overflow(page: Any, what: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{what} overflows: {widths}"


def test_replay_steps(open_page: Any) -> None:
    page, rec = open_page("variants/parker-1947/", viewport={"width": 360, "height": 740})
    example = "trick-2-8-8-6-8-4-10-0-2"
    expected = replay(example, "parker-1947")
    steps = expected["steps"]
    # Shown (in its "Step by step" block), the replayer starts at step 1.
    r = open_replay(page, example)
    counter = r.locator(".sr-replay__counter")
    expect(counter).to_have_text(f"Step 1 of {len(steps)}", timeout=ENGINE_TIMEOUT)
    expect(r.locator(".sr-replay__label")).to_have_text(steps[0]["label"])
    expect(r.locator(".sr-replay__text")).to_have_text(steps[0]["text"])
    prev = r.get_by_role("button", name="Previous step")
    nxt = r.get_by_role("button", name="Next step")
    expect(prev).to_have_attribute("aria-disabled", "true")
    prev.click(force=True)  # aria-disabled: nothing before the first step
    expect(counter).to_have_text(f"Step 1 of {len(steps)}")

    nxt.click()
    nxt.click()
    expect(counter).to_have_text(f"Step 3 of {len(steps)}")
    expect(r.locator(".sr-replay__text")).to_have_text(steps[2]["text"])
    expect(r.locator(".sr-replay__cards li")).to_have_count(len(steps[2]["cards"]))
    live = r.locator("[aria-live='polite']")
    expect(live).to_contain_text(steps[2]["text"])
    prev.click()
    expect(counter).to_have_text(f"Step 2 of {len(steps)}")
    expect(live).to_contain_text(steps[1]["text"])

    # Keys, with focus in the widget.
    r.locator(".sr-replay__stage").focus()
    page.keyboard.press("End")
    last = steps[-1]
    expect(counter).to_have_text(f"Step {len(steps)} of {len(steps)}")
    expect(r.locator(".sr-replay__text")).to_have_text(last["text"])
    expect(live).to_contain_text(last["text"])
    winner = r.locator(".sr-replay__cards .sr-seat--winner")
    expect(winner).to_have_count(1)
    expect(winner).to_have_attribute("data-card", last["cards"][last["winner"]])
    expect(winner).to_contain_text("took it")
    expect(r.locator(".sr-replay__cards li.sr-trick__winner")).to_contain_text(f"{last['cards'][last['winner']]}, ")
    link = r.locator(".sr-replay__cite a")
    expect(link).to_have_text(last["citation"]["label"])
    assert (link.get_attribute("href") or "").endswith("/" + last["citation"]["href"])
    expect(nxt).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Step {len(steps) - 1} of {len(steps)}")
    expect(r.locator(".sr-replay__cite")).to_be_hidden()
    expect(r.locator(".sr-seat--winner")).to_have_count(0)
    page.keyboard.press("Home")
    expect(counter).to_have_text(f"Step 1 of {len(steps)}")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step 2 of {len(steps)}")
    r.get_by_role("button", name="Last step").click()
    expect(counter).to_have_text(f"Step {len(steps)} of {len(steps)}")
    r.get_by_role("button", name="First step").click()
    expect(counter).to_have_text(f"Step 1 of {len(steps)}")

    # An auction: the calls so far.
    auction = "auction-8-10-pass-12-pass-pass-15-pass-pass-pass"
    a_steps = replay(auction, "parker-1947")["steps"]
    a = open_replay(page, auction)
    expect(a.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(a_steps)}", timeout=ENGINE_TIMEOUT)
    a.get_by_role("button", name="Next step").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(a.locator(".sr-replay__calls li")).to_have_text(a_steps[2]["calls"])
    page.keyboard.press("End")
    expect(a.locator(".sr-replay__text")).to_have_text(a_steps[-1]["text"])

    # A scoring example: the score on the last step.
    score = "score-15-12-12"
    s_steps = replay(score, "parker-1947")["steps"]
    s = open_replay(page, score)
    expect(s.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(s_steps)}", timeout=ENGINE_TIMEOUT)
    s.get_by_role("button", name="Last step").click()
    dd = s.locator(".sr-score dd")
    sign = lambda n: f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")  # noqa: E731
    expect(dd.nth(0)).to_have_text(sign(s_steps[-1]["bidder_side"]))
    expect(dd.nth(1)).to_have_text(sign(s_steps[-1]["opponents"]))
    expect(s.locator(".sr-replay__text")).to_have_text(s_steps[-1]["text"])
    no_overflow(page, "the Parker 1947 page at 360px with replays open")
    assert rec.count("pyodide.asm.wasm.zst") == 1


def test_deal_replayer_permalink_keys_paste_and_bad_input(open_page: Any) -> None:
    from somerset.teaching.examples import WORKED_RECORDS
    from somerset.service.replay import replay_bots

    # A permalink opens that deal: the engine starts at once and the replay shows step 1.
    page, rec = open_page("tools/replay/?rules=hodges-1903&format=two&seed=3",
                          viewport={"width": 360, "height": 740}, color_scheme="dark")
    tool = page.locator("somerset-deal")
    expected = replay_bots("hodges-1903", "two", 3)
    steps = expected["steps"]
    r = tool.locator("somerset-replay")
    counter = r.locator(".sr-replay__counter")
    expect(counter).to_have_text(f"Step 1 of {len(steps)}", timeout=ENGINE_TIMEOUT)
    expect(r.locator(".sr-replay__text")).to_have_text(reader_seats(steps[0]["text"]))
    expect(tool.get_by_label("Seed")).to_have_value("3")
    expect(tool.get_by_label("Players")).to_have_value("two")
    # Keyboard: the first trick, with the seats that played and the winner marked.
    r.locator(".sr-replay__stage").focus()
    first_trick = next(i for i, s in enumerate(steps) if s["label"] == "Trick 1")
    for _ in range(first_trick):
        page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step {first_trick + 1} of {len(steps)}")
    expect(r.locator(".sr-replay__text")).to_have_text(reader_seats(steps[first_trick]["text"]))
    assert "Seat 0" not in r.locator(".sr-replay__text").text_content()
    expect(r.locator(".sr-replay__cards li")).to_have_count(2)
    # The trick as seats round the table (two here), seats counted from 1, the winner marked.
    expect(r.locator(".sr-replay__cards .sr-seat")).to_have_count(2)
    won = steps[first_trick]["seats"][steps[first_trick]["winner"]]
    expect(r.locator(".sr-replay__cards .sr-seat--winner .sr-seat__name")).to_have_text(f"Seat {won + 1}")
    # every hand on the table at every step, as the step gives them (seat 1 at the bottom)
    held = r.locator(".sr-tv__seat--bottom .sr-tv__card")
    expect(held).to_have_count(len(steps[first_trick]["hands"][0]["cards"]))
    assert held.evaluate_all("(els) => els.map((e) => e.dataset.card)") == steps[first_trick]["hands"][0]["cards"]
    page.keyboard.press("End")
    expect(r.locator(".sr-replay__text")).to_have_text(reader_seats(steps[-1]["text"]))
    expect(r.locator(".sr-score dd")).to_have_count(2)
    no_overflow(page, "the deal replayer at 360px")

    # Another deal: the next seed, dealt by the last seat as at Play a deal, written into the address.
    tool.get_by_role("button", name="Another deal").click()
    expect(tool.get_by_label("Seed")).to_have_value("4")
    following = replay_bots("hodges-1903", "two", 4, dealer=1)["steps"]
    expect(tool.locator("somerset-replay .sr-replay__text")).to_have_text(reader_seats(following[0]["text"]))
    assert "seed=4" in page.url and "format=two" in page.url and "dealer=2" in page.url

    # A bad seed: a message naming it and what is accepted; the last replay stays.
    tool.get_by_label("Seed").fill("12x")
    tool.get_by_role("button", name="Deal and replay").click()
    expect(tool.locator(".sr-field-error:not([hidden])")).to_contain_text("“12x” is not a seed: use a whole number")
    expect(tool.get_by_label("Seed")).to_have_attribute("aria-invalid", "true")
    expect(tool.locator("somerset-replay .sr-replay__text")).to_have_text(reader_seats(following[0]["text"]))

    # A pasted worked example replays; a pasted record with a wrong line names it.
    tool.locator("summary", has_text="Or paste a record").click()
    box = tool.get_by_label("Record (as somerset play prints it, or a worked example)")
    box.fill(WORKED_RECORDS[0])
    tool.get_by_role("button", name="Replay this record").click()
    expect(tool.locator("somerset-replay .sr-replay__counter")).to_have_text("Step 1 of 6", timeout=ENGINE_TIMEOUT)
    box.fill(WORKED_RECORDS[0].replace("-> 3", "-> 1"))
    tool.get_by_role("button", name="Replay this record").click()
    expect(tool.locator("somerset-replay .sr-replay__problem")).to_contain_text(
        "line 6: under Parker 1947, 'Trick 1: [0] 8/8 6/8 4/10 0/2 -> 1' does not agree with the engine")
    box.fill("<b>not a record</b>")
    tool.get_by_role("button", name="Replay this record").click()
    expect(tool.locator("somerset-replay .sr-replay__problem")).to_contain_text("needs a [Ruleset")
    assert page.locator("somerset-replay b").count() == 0
    assert rec.dialogs == []


def test_deal_replayer_unknown_names_in_the_address(open_page: Any) -> None:
    page, _ = open_page("tools/replay/?rules=nope&format=eight&seed=5")
    tool = page.locator("somerset-deal")
    expect(tool.locator(".sr-notice")).to_contain_text("There is no ruleset called “nope”", timeout=ENGINE_TIMEOUT)
    expect(tool.locator(".sr-notice")).to_contain_text("“eight” is not a way to play")
    expected = replay_bots_steps("parker-1947", None, 5)
    expect(tool.locator("somerset-replay .sr-replay__text")).to_have_text(reader_seats(expected[0]["text"]))


def replay_bots_steps(rules: str, fmt: str | None, seed: int) -> list[dict[str, Any]]:
    from somerset.service.replay import replay_bots

    return replay_bots(rules, fmt, seed)["steps"]


def test_replay_of_a_legal_play_example_marks_the_hand(open_page: Any) -> None:
    page, _ = open_page("variants/somersetgame-com/")
    example = "legal-8-5-8-hand-0-0-4-10-s-s"
    expected = replay(example, "somersetgame-com")["steps"]
    r = open_replay(page, example)
    expect(r.locator(".sr-replay__counter")).to_have_text(f"Step 1 of {len(expected)}", timeout=ENGINE_TIMEOUT)
    r.locator(".sr-replay__stage").focus()
    page.keyboard.press("End")
    expect(r.locator(".sr-replay__counter")).to_have_text(f"Step {len(expected)} of {len(expected)}", timeout=ENGINE_TIMEOUT)
    expect(r.locator(".sr-replay__text")).to_have_text(expected[-1]["text"])
    hand = r.locator(".sr-replay__hand li")
    expect(hand).to_have_count(3)
    expect(r.locator('.sr-replay__hand li[aria-label^="0/0"]')).to_have_attribute("aria-label", "0/0, the zero-zero, the Rover, may be played")
    labels = hand.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert [("may be played" in x and "may not" not in x) for x in labels] == [True, False, True], labels


def test_seats_are_numbered_from_one_for_readers(open_page: Any) -> None:
    page, _ = open_page("tools/replay/")
    cases = {
        "Seat 0 leads. Seat 2 takes the trick": "Seat 1 leads. Seat 3 takes the trick",
        "Points taken: Seats 0 and 2 20; Seats 1 and 3 4.": "Points taken: Seats 1 and 3 20; Seats 2 and 4 4.",
        "seat 1 draws 4/8, seat 0 draws S/S": "seat 2 draws 4/8, seat 1 draws S/S",
        "Seats 0, 2 and 4 against seats 1, 3, and 5": "Seats 1, 3 and 5 against seats 2, 4, and 6",
        "the /10 suit, 12 points": "the /10 suit, 12 points",
    }
    got = page.evaluate(
        """async (cases) => {
          const ui = await import(document.querySelector('script[src*="widgets/main.js"]').src.replace('main.js', 'base/ui.js'));
          return Object.keys(cases).map((t) => ui.seatText(t));
        }""",
        cases,
    )
    assert got == list(cases.values())
    assert [reader_seats(t) for t in cases] == list(cases.values())
