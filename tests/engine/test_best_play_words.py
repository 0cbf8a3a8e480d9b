"""The words of best play: why the best card beats another, said from the two lines and held
against the solver on every shipped ending puzzle and guided deal; and one way of counting points
in an ending's verdict."""

from __future__ import annotations

import json
import re

import pytest

from somerset.api import handle
from somerset.players.table import READER
from somerset.rules.rulesets import get_ruleset
from somerset.solve import position, solve
from somerset.solve.review import deal_plays
from somerset.solve.why import check_why, why
from somerset.teaching.ending_puzzles import prove
from somerset.teaching.first_deals import FIRST_DEALS, best_play_word_problems, played
from somerset.teaching.puzzles import PUZZLES

ENDINGS = [p for p in PUZZLES if p.kind == "ending"]

# You lead: the 7/8 first drops seat 4's 6/8 under it, and the 5/8 is good after; the 5/8 first loses to it.
HANDS = ["7/8 5/8", "9/10 4/10", "2/12 1/12", "6/8 3/4"]


def _ask(**req: object) -> dict:
    return json.loads(handle(json.dumps({"cmd": "solve", **req})))


def test_the_words_name_the_trick_the_card_that_falls_under_and_the_cost():
    pos = position(get_ruleset("parker-1947"), "2", HANDS, 0)
    sol = solve(pos, lines=True)
    best = next(c for c in sol.cards if c.best)
    worse = next(c for c in sol.cards if not c.best)
    w = why(pos, best.line, worse.line, you=0)
    assert (w.best, w.card) == ("7/8", "5/8")
    assert "seat 4's 6/8 falls under it" in w.text
    assert "After the 5/8, seat 4 takes this trick with the 6/8" in w.text
    assert f"gives up {worse.loss} points" in w.text
    assert check_why(w, best.points, worse.points) == []
    # A sentence held against other figures is refused, naming what disagrees.
    assert check_why(w, best.points, (worse.points or 0) + 1)


def test_the_solve_request_gives_each_costly_card_its_words():
    answer = _ask(rules="parker-1947", trump="2", hands=HANDS, leader=0, lines=True, you=0)
    cards = {c["card"]: c for c in answer["cards"]}
    assert "why" not in cards["7/8"]
    why_ = cards["5/8"]["why"]
    assert why_["best"] == "7/8" and why_["loss"] == cards["5/8"]["loss"]
    assert why_["text"].startswith("After the 7/8, you take this trick")
    # Without `you`, every seat by its number; without lines, no words.
    plain = _ask(rules="parker-1947", trump="2", hands=HANDS, leader=0, lines=True)
    assert plain["cards"][1]["why"]["text"].startswith("After the 7/8, seat 1 takes this trick")
    assert "why" not in _ask(rules="parker-1947", trump="2", hands=HANDS, leader=0)["cards"][1]
    bad = _ask(rules="parker-1947", trump="2", hands=HANDS, leader=0, lines=True, you=7)
    assert bad["error"]["field"] == "you" and "seat from 0 to 3" in bad["error"]["message"]


@pytest.mark.parametrize("p", ENDINGS, ids=lambda p: p.id)
def test_every_refutation_of_a_shipped_puzzle_has_words_that_agree_with_the_solver(p):
    record = p.kind_of.trainer(p)
    proof = prove(p)
    for step, rec in zip(proof.steps, record["steps"]):
        sol = solve(step.position, lines=True)  # asked afresh, not read from the proof
        values = {str(v.card): v for v in sol.cards}
        best = values[step.answer]
        assert best.best
        for card, ref in rec["refutations"].items():
            text = ref["why"]
            assert text.startswith(f"After the {step.answer}, ") or text.startswith(f"The {card} does better")
            assert f"After the {card}, " in text
            said = re.search(r"gives up (\d+) points?\.$", text)
            assert said and int(said.group(1)) == values[card].loss, (card, text)
            # The solver's own lines give words that agree with its figures too.
            w = why(step.position, best.line, values[card].line, proof.you)
            assert check_why(w, best.points, values[card].points) == []


@pytest.mark.parametrize("fd", FIRST_DEALS, ids=lambda fd: fd.ruleset)
def test_the_words_of_best_play_agree_with_the_solver_on_every_guided_deal(fd):
    deal = played(fd)
    assert deal_plays(deal, seats=(READER,))
    assert best_play_word_problems(deal) == []


# "your side takes 9 of the 12 points", "your side takes all 9 points", "your side takes every point"
_COUNT = re.compile(r"your side takes (all|every|\d+)(?: of the)?(?: last| remaining)? ?(\d+)? points?")


@pytest.mark.parametrize("p", ENDINGS, ids=lambda p: p.id)
def test_an_endings_verdict_counts_points_one_way(p):
    """Every step's verdict (the file's explanation and the engine's words) counts the reader's side's
    points the one way: of those still to be won when the puzzle opens, the same figures at every step."""
    proof = prove(p)
    got, of = proof.steps[0].points, proof.remaining
    record = p.kind_of.trainer(p)
    for step in record["steps"]:
        counts = _COUNT.findall(step["solution"])
        assert counts, step["solution"]
        for said, total in counts:
            if said in ("all", "every"):
                assert got == of and total in ("", str(of)), step["solution"]
            else:
                assert (int(said), total) == (got, str(of)), step["solution"]
        assert "still to come" not in step["solution"]
