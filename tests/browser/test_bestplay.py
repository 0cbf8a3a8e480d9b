"""Best play by the solver in the browser: the deal replayer's values and line, cancelling a search
for a position left behind, a position too big for the budget, and Play a deal's check of the
reader's cards with the puzzles it keeps on the device. The values shown are compared with the
engine's own answers worked out here, in CPython."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from somerset import api
from somerset.players.table import READER
from somerset.service.table import sit_down

from conftest import ENGINE_TIMEOUT

OWN_KEY = "somerset.own-puzzles"
# Every `solve` request the page sends, logged as it is sent (the widgets call engine.ask each time).
LOG_ASKS = """() => {
  window.__asks = [];
  window.__settled = 0;
  const engine = window[Symbol.for("somerset.engine")];
  const ask = engine.ask;
  engine.ask = (request) => {
    if (request.cmd !== "solve") return ask(request);
    window.__asks.push(JSON.stringify(request.hands));
    const answer = ask(request);
    Promise.resolve(answer).finally(() => { window.__settled += 1; });
    return answer;
  };
}"""


def engine_answer(position: dict[str, Any], you: int | None = None) -> dict[str, Any]:
    extra = {} if you is None else {"you": you}
    out: dict[str, Any] = json.loads(api.handle(json.dumps({"cmd": "solve", **position, "lines": True, **extra})))
    assert out["exact"], out
    return out


def replay_steps(rules: str, seed: int, fmt: str | None = None) -> list[dict[str, Any]]:
    req: dict[str, Any] = {"cmd": "replay", "rules": rules, "seed": seed}
    if fmt:
        req["format"] = fmt
    steps: list[dict[str, Any]] = json.loads(api.handle(json.dumps(req)))["steps"]
    return steps


def shown_values(best: Any) -> dict[str, int]:
    cards = best.locator(".sr-best__card")
    return {c: int(v) for c, v in cards.evaluate_all("(els) => els.map((e) => [e.dataset.card, e.dataset.loss])")}


def go_to(page: Any, replay: Any, index: int) -> None:
    replay.locator(".sr-replay__stage").focus()
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    expect(replay.locator(".sr-replay__counter")).to_contain_text(f"Step {index + 1} of")


def test_replayer_values_equal_the_engines_and_the_best_line_steps(open_page: Any) -> None:
    steps = replay_steps("parker-1947", 7)
    page, _ = open_page("tools/replay/?rules=parker-1947&seed=7", viewport={"width": 360, "height": 740})
    replay = page.locator("somerset-replay")
    expect(replay.locator(".sr-replay__counter")).to_contain_text("Step 1 of", timeout=ENGINE_TIMEOUT)
    k = max(i for i, s in enumerate(steps) if "plays" in s) - 1  # the last trick but one
    go_to(page, replay, k)
    plays = steps[k]["plays"]
    best = replay.locator(".sr-best")
    # The card chosen (the lead first, then the third card): its position's values, as the engine gives them.
    for j in (0, 2):
        replay.locator(".sr-replay__play").nth(j).click()
        expect(replay.locator(".sr-replay__play").nth(j)).to_have_attribute("aria-pressed", "true")
        expect(best).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
        assert json.loads(best.get_attribute("data-position")) == plays[j]["position"]
        answer = engine_answer(plays[j]["position"])
        assert shown_values(best) == {c["card"]: c["loss"] for c in answer["cards"]}
        marked = best.locator(".sr-best__card--best").evaluate_all("(els) => els.map((e) => e.dataset.card)")
        assert marked == [c["card"] for c in answer["cards"] if c["best"]] and marked
        played = best.locator(".sr-best__card--played")
        expect(played).to_have_attribute("data-card", plays[j]["card"])
        # Not by colour alone: the words say which card is best and what the others give up.
        for c in answer["cards"]:
            label = best.locator(f'.sr-best__card[data-card="{c["card"]}"]').get_attribute("aria-label")
            assert ("best" in label) if c["best"] else (f"gives up {c['loss']} point" in label)
    # The live region says the answer.
    expect(replay.locator("[aria-live='polite']")).to_contain_text("Best:")
    # The best line, drawn on the replayer's own table once a card is chosen, stepped with its one
    # step control: the first card shown, then the next, by keyboard.
    line = next(c for c in answer["cards"] if c["best"])["line"]
    step = replay.locator(".sr-replay__text")
    best.locator(".sr-best__card--best").first.click()
    expect(replay.locator(".sr-tv--line")).to_have_count(1)
    expect(step).to_contain_text(f"Card 1 of {len(line)}")
    expect(step).to_contain_text(line[0]["card"])
    expect(replay.locator(".sr-tv--line .sr-replay__cards .sr-seat:not(.sr-seat--empty)")).to_have_count(len(plays[2]["position"]["trick"]) + 1)
    replay.get_by_role("button", name="Next step").focus()
    page.keyboard.press("Enter")
    expect(step).to_contain_text(f"Card 2 of {len(line)}")
    expect(step).to_contain_text(line[1]["card"])
    expect(replay.locator("[aria-live='polite']")).to_contain_text(f"Card 2 of {len(line)}")
    replay.get_by_role("button", name="Last step").click()
    expect(step).to_contain_text(f"Card {len(line)} of {len(line)}")
    expect(step).to_contain_text("takes the trick")
    # A costly card's own line: choose it, and its line starts with it.
    costly = [c for c in answer["cards"] if not c["best"]]
    if costly:
        best.locator(f'.sr-best__card[data-card="{costly[0]["card"]}"]').click()
        expect(best.locator(".sr-best__linetitle")).to_contain_text(f"The line after {costly[0]['card']} (gives up")
        # Beside the figures, the engine's words for why the best card beats it.
        why = best.locator(".sr-best__why")
        expect(why).to_have_attribute("data-card", costly[0]["card"])
        expect(why).to_contain_text(costly[0]["why"]["text"])
        expect(step).to_contain_text(costly[0]["line"][0]["card"])
    replay.get_by_role("button", name="Back to the deal").click()
    expect(replay.locator(".sr-tv--line")).to_have_count(0)
    expect(replay.locator(".sr-replay__counter")).to_have_text(f"Step {k + 1} of {len(steps)}")
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the replayer overflows at 360px: {widths}"
    # No search before the deal's ending: the first tricks have no panel.
    go_to(page, replay, next(i for i, s in enumerate(steps) if s["label"] == "Trick 1"))
    expect(replay.locator(".sr-replay__best")).to_be_hidden()


def test_a_new_position_cancels_the_old_search(open_page: Any) -> None:
    # Triple Somerset's six-handed game, seed 3: the first reviewed card needs about 190,000 nodes
    # (some twenty slices, seconds in Pyodide), the next one about 49,000. A four-handed ending is
    # now solved in a few slices, too quickly to step on while its search is still going.
    steps = replay_steps("triple-2009", 3, "six-2x3")
    big = next(i for i, s in enumerate(steps) if "plays" in s)
    old = steps[big]["plays"][0]["position"]
    new = steps[big + 1]["plays"][0]["position"]
    old_nodes = json.loads(api.handle(json.dumps({"cmd": "solve", **old, "lines": True})))["stats"]["nodes"]
    assert old_nodes > 100_000, f"the old position must take many slices to search: {old_nodes} nodes"
    page, _ = open_page("tools/replay/?rules=triple-2009&format=six-2x3&seed=3")
    replay = page.locator("somerset-replay")
    expect(replay.locator(".sr-replay__counter")).to_contain_text("Step 1 of", timeout=ENGINE_TIMEOUT)
    page.evaluate(LOG_ASKS)
    go_to(page, replay, big)
    best = replay.locator(".sr-best")
    expect(best.locator(".sr-best__status")).to_contain_text("positions searched", timeout=ENGINE_TIMEOUT)
    # The moment the reader steps on, note how many requests for the old position had been sent.
    page.evaluate("""() => document.addEventListener("keydown", () => { window.__mark = window.__asks.length; },
                                                     { capture: true, once: true })""")
    page.keyboard.press("ArrowRight")
    expect(best).to_have_attribute("data-state", "done", timeout=ENGINE_TIMEOUT)
    assert json.loads(best.get_attribute("data-position")) == new
    assert shown_values(best) == {c["card"]: c["loss"] for c in engine_answer(new)["cards"]}
    asks, mark = page.evaluate("[window.__asks, window.__mark]")
    old_hands, new_hands = json.dumps(old["hands"]).replace(" ", ""), json.dumps(new["hands"]).replace(" ", "")
    assert old_hands in asks[:mark], "the old position was never asked about"
    assert old_hands not in asks[mark:], "the old search went on after the reader moved"
    assert new_hands in asks[mark:]
    # The old answer never shows, even once its last slice comes back: the new position stays.
    page.wait_for_function("() => window.__settled === window.__asks.length", timeout=ENGINE_TIMEOUT)
    assert json.loads(best.get_attribute("data-position")) == new
    assert shown_values(best) == {c["card"]: c["loss"] for c in engine_answer(new)["cards"]}


def test_a_position_too_big_for_the_budget_says_so(open_page: Any) -> None:
    # Triple Somerset, six players: the first reviewed card of seed 1 needs more than the budget.
    steps = replay_steps("triple-2009", 1, "six-2x3")
    big = next(i for i, s in enumerate(steps) if "plays" in s)
    page, _ = open_page("tools/replay/?rules=triple-2009&format=six-2x3&seed=1")
    replay = page.locator("somerset-replay")
    expect(replay.locator(".sr-replay__counter")).to_contain_text("Step 1 of", timeout=ENGINE_TIMEOUT)
    go_to(page, replay, big)
    best = replay.locator(".sr-best")
    expect(best).to_have_attribute("data-state", "too-big", timeout=ENGINE_TIMEOUT)
    expect(best.locator(".sr-best__status")).to_contain_text("Too big to work out quickly here")
    expect(best.locator(".sr-best__status")).to_contain_text("between")
    expect(best.get_by_role("button", name="Search on")).to_be_visible()
    # The page stays responsive: stepping on still works at once.
    page.keyboard.press("ArrowLeft")
    expect(replay.locator(".sr-replay__counter")).to_contain_text(f"Step {big} of")


def _finished_table(seed: int) -> tuple[list[str], dict[str, Any]]:
    moves: list[str] = []
    data = sit_down("parker-1947", "four-partners", seed, moves)
    while not data["over"]:
        moves.append(data["to_play"]["moves"][0])
        data = sit_down("parker-1947", "four-partners", seed, moves)
    return moves, data


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_play_a_deal_lists_the_cards_that_cost_points_and_keeps_them_as_puzzles(open_page: Any, scheme: str) -> None:
    moves, data = _finished_table(8)
    costs = []
    for e in data["review"]:
        answer = engine_answer(e["position"])
        costs.append(next(c for c in answer["cards"] if c["card"] == e["card"])["loss"])
    assert sum(1 for c in costs if c) >= 2  # seed 8: the reader's first legal cards lose points twice
    address = ",".join(m.replace(" ", "_") for m in moves)
    page, _ = open_page(f"tools/play/?rules=parker-1947&seed=8&moves={address}",
                        viewport={"width": 360, "height": 740}, color_scheme=scheme)
    table = page.locator("somerset-table")
    status = table.locator(".sr-table__verdict")
    expect(status).to_have_attribute("data-lost", str(sum(costs)), timeout=ENGINE_TIMEOUT)
    rows = table.locator(".sr-table__checks > li")
    expect(rows).to_have_count(len(costs))
    got = rows.evaluate_all("(els) => els.map((e) => [e.dataset.card, Number(e.dataset.cost)])")
    assert got == [[e["card"], c] for e, c in zip(data["review"], costs)]
    # Beside "cost N points; X was best", why, in the engine's words (you: the reader's seat).
    for i, (e, c) in enumerate(zip(data["review"], costs)):
        words = rows.nth(i).locator(".sr-table__why")
        if not c:
            expect(words).to_have_count(0)
            continue
        said = next(x for x in engine_answer(e["position"], READER)["cards"] if x["card"] == e["card"])["why"]
        expect(words).to_have_text(said["text"])
        assert said["loss"] == c and "After the " in said["text"]
    expect(status).to_contain_text(f"{sum(1 for c in costs if c)} of your {len(costs)} cards")
    expect(table.locator("[aria-live='polite']")).to_contain_text("Saved these")
    # Each costly row opens every card's value for that position, by keyboard.
    first = next(i for i, c in enumerate(costs) if c)
    rows.nth(first).locator("summary").focus()
    page.keyboard.press("Enter")
    best = rows.nth(first).locator(".sr-best")
    answer = engine_answer(data["review"][first]["position"])
    expect(best.locator(".sr-best__card")).to_have_count(len(answer["cards"]))  # drawn once the row opens
    assert shown_values(best) == {c["card"]: c["loss"] for c in answer["cards"]}
    expect(best.locator(".sr-best__card--played")).to_have_attribute("data-card", data["review"][first]["card"])
    # The puzzles kept on the device: one per costly card, in the trainer's shape, the values the engine's.
    note = table.locator(".sr-table__saved")
    expect(note).to_contain_text("Saved these 2 cards as puzzles")
    expect(note.get_by_role("link", name="Try them in the puzzle trainer")).to_be_visible()
    kept = json.loads(page.evaluate(f"localStorage.getItem('{OWN_KEY}')"))
    assert kept["version"] == 1
    own = kept["puzzles"]
    assert len(own) == 2
    for rec, (e, c) in zip(own, [(e, c) for e, c in zip(data["review"], costs) if c]):
        assert rec["kind"] == "own" and re.fullmatch(r"own-\d{8}-\d+", rec["id"]) and rec["made"] and rec["link"]
        assert rec["ruleset"] == "parker-1947" and rec["format"] == "four-partners"
        step = rec["steps"][0]
        ans = engine_answer(e["position"])
        assert step["answer"] == [x["card"] for x in ans["cards"] if x["best"]]
        assert [x["value"] for x in step["choices"]] == [x["card"] for x in ans["cards"]]
        assert step["refutations"][e["card"]]["cost"] == c
        assert step["refutations"][e["card"]]["why"] == next(
            x for x in engine_answer(e["position"], READER)["cards"] if x["card"] == e["card"])["why"]["text"]
        line = next(x for x in ans["cards"] if x["card"] == e["card"])["line"]
        assert step["refutations"][e["card"]]["line"] == [
            {"seat": x["seat"], "card": x["card"], "winner": x["winner"], "points": x["points"], "draws": x["draws"]}
            for x in line]
        assert step["table"]["hands"] == e["position"]["hands"]
        assert step["table"]["teams"] == [[0, 2], [1, 3]] and step["table"]["trump_label"].endswith(("suit", "Trump", "trump"))
        # The link opens Play a deal just before the card: the deal's code up to there.
        assert rec["link"].endswith(f"&play={e['play']}")
    assert len({r["id"] for r in own}) == 2
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"Play a deal overflows at 360px ({scheme}): {widths}"
    # Opening the same finished deal again keeps the puzzles once.
    page.reload()
    expect(table.locator(".sr-table__saved")).to_contain_text("already in your list", timeout=ENGINE_TIMEOUT)
    assert len(json.loads(page.evaluate(f"localStorage.getItem('{OWN_KEY}')"))["puzzles"]) == 2
    # The link opens the trainer on the reader's own puzzles; the card played there is refuted with
    # the solver's line, and the best card is right.
    table.locator(".sr-table__saved").get_by_role("link", name="Try them in the puzzle trainer").click()
    page.wait_for_url(re.compile(r"/puzzles/trainer/.*theme=own"))
    expect(page.locator("select option[value='own']")).to_have_text("From your deals (2)")
    pid = page.evaluate("() => new URLSearchParams(location.search).get('p')")
    rec = next(r for r in own if r["id"] == pid)
    step = rec["steps"][0]
    wrong = next(c["value"] for c in step["choices"] if c["value"] not in step["answer"])
    page.locator(f'.sr-trainer__choice[data-value="{wrong}"]').click()
    refutation = page.locator(f'.sr-trainer__verdict--wrong .sr-trainer__refutation[data-value="{wrong}"]')
    expect(refutation).to_contain_text(f"{wrong} gives up")
    # Played at the table: every hand in its seat, and the refutation stepped on the same table.
    expect(page.locator(".sr-trainer__board .sr-tv__seat")).to_have_count(4)
    expect(page.locator(".sr-trainer__linestep")).to_contain_text(re.compile(r"^Card \d+ of \d+: "))
    page.get_by_role("button", name="Try again").click()
    expect(page.locator(".sr-trainer__linebox")).to_be_hidden()
    page.locator(f'.sr-trainer__choice[data-value="{step["answer"][0]}"]').click()
    expect(page.locator(".sr-trainer__verdict--right .sr-trainer__verdictline")).to_have_text(f"Right. You chose {step['answer'][0]}.")
