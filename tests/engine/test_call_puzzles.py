"""Bidding puzzles (kinds ``call`` and ``trump``): answers proven by the bid advisor with a clear
margin, positions refused where a pass has no exact value, figures through the ruleset's scoring."""

from __future__ import annotations

import dataclasses

import pytest

from somerset import RULESETS
from somerset.rules.scoring import score_seats
from somerset.service.trainer import check_record, record
from somerset.teaching import call_puzzles as cp
from somerset.teaching.contentfile import ContentError, ContentFile
from somerset.teaching.puzzles import PUZZLES, THEMES, check_all, load_puzzles, solve

BIDDING = tuple(p for p in PUZZLES if p.kind in ("call", "trump"))

WEAK = "0/4 1/4 0/6 2/6 2/8 0/10 2/10 3/10 0/12 1/12 2/12 3/12"


def read(text: str) -> tuple:
    return load_puzzles([ContentFile("my.toml", text)], THEMES)[1]


def call_toml(ruleset: str = "hodges-1913", auction: str = '["pass", "pass", "pass"]', calls: str = '["pass", 1]',
              answer: str = '"pass"', extra: str = 'face_up = "5/6 2/4"', hand: str = WEAK) -> str:
    return f'''
[[puzzle]]
id = "my-call"
title = "Mine"
ruleset = "{ruleset}"
theme = "bidding"
kind = "call"
hand = "{hand}"
auction = {auction}
calls = {calls}
answer = {answer}
hint = "h"
explanation = "e"
{extra}
'''


def test_bidding_puzzles_cover_both_answers_and_the_rulesets_asked_for():
    calls = [p for p in BIDDING if p.kind == "call"]
    trumps = [p for p in BIDDING if p.kind == "trump"]
    assert len(calls) >= 8 and len(trumps) >= 6
    assert {p.answer[0] for p in calls} >= {"Pass", "Bid 1"}
    assert {p.ruleset for p in BIDDING} >= {"parker-1947", "somersetgame-com", "hodges-1913"}


def test_every_stated_answer_is_the_advisors_clear_answer():
    assert check_all(BIDDING) == []
    for p in BIDDING:
        assert solve(p) == p.answer


@pytest.mark.parametrize("p", BIDDING, ids=lambda p: p.id)
def test_trainer_record_refutes_every_wrong_choice_from_the_figures(p):
    rec = record(p)
    assert check_record(rec, p.kind_of.trainer_answers(p)) == []
    step = rec["steps"][0]
    assert step["table"]["hands"][3] and step["table"]["facts_open"] is True
    labels = [label for label, _ in step["table"]["facts"]]
    assert "Ruleset" in labels and "You are" in labels
    for value, ref in step["refutations"].items():
        assert "of deals" in ref["text"] and "score difference" in ref["text"], value
        assert "-" not in ref["text"].replace("0/0", "")  # the real minus sign only
    if p.kind == "trump":
        assert step["question"] == f"You won the bid at {p.bid}. Which trump do you name?"


def test_a_pass_is_worth_exactly_nothing_and_a_bid_its_best_trump():
    p = next(p for p in BIDDING if p.id == "call-parker-blank")
    values = cp.call_values(p)
    assert (values["Pass"].mean, values["Pass"].half) == (0.0, 0.0)
    adv = cp.advice_of(p)
    best = max((cp._trump_value(p, t, 1, "Bid 1") for t in adv.trumps), key=lambda v: v.mean)
    assert values["Bid 1"] == best
    # a jump is never worth more than the lowest bid with the same trump
    assert values["Bid 14"].mean <= cp._trump_value(p, next(t for t in adv.trumps if t.trump.label == values["Bid 14"].trump),
                                                    1, "Bid 1").mean


def test_the_figures_are_deterministic():
    p = next(p for p in BIDDING if p.id == "call-hodges-weak")
    first = cp.call_values(p)
    cp._advice.cache_clear()
    cp.call_values.cache_clear()
    again = cp.call_values(p)
    assert again == first and again is not first


def test_score_difference_goes_through_the_rulesets_scoring():
    p = next(p for p in BIDDING if p.id == "call-parker-blank")
    # points taken in the format's order of sides: the reader (seat 4) sits in the second side
    assert cp._seat(p) == 3 and p.rules.partnership_format().team_of(3) == 1
    # Parker 1947, made: the bidder's side scores its points and the other side nothing
    assert cp.score_difference(p, 1, [4, 20], 0) == 20
    # set: twice the shortfall off, the opponents score twice their points
    assert cp.score_difference(p, 14, [12, 12], 0) == -4 - 24
    h = next(p for p in BIDDING if p.ruleset == "hodges-1913")
    assert cp.score_difference(h, 1, [4, 20], 0) == 16  # both sides score what they take
    assert cp.score_difference(p, 10, [12, 12], 3) == cp.score_difference(p, 13, [12, 12], 0)  # a kitty's rise


@pytest.mark.parametrize("r", RULESETS.values(), ids=lambda r: r.id)
def test_a_made_bid_scores_the_same_difference_whatever_the_bid(r):
    """The premise of the call puzzles (a jump never beats the lowest bid), checked per ruleset."""
    for fmt in r.formats.value:
        if len(fmt.teams) != 2:
            continue
        total = fmt.points_per_deal
        for made in range(total + 1):
            diffs = {(lambda s: s[0] - s[1])(score_seats(r, fmt, 0, bid, [made, total - made]))
                     for bid in range(r.bidding.value.minimum, made + 1)}
            assert len(diffs) <= 1, (fmt.id, made, diffs)


@pytest.mark.parametrize("auction, calls, answer, extra, ruleset, message", [
    ('["pass", "pass"]', '["pass", 1]', '"pass"', 'face_up = "5/6 2/4"', "hodges-1913",
     "2 calls before yours: in the four-partners format you call last after 3"),
    ('["pass", 14, "pass"]', '["pass", 1]', '"pass"', 'face_up = "5/6 2/4"', "hodges-1913", "a bid was made before yours"),
    ('["pass", "pass", "pass"]', '["pass", 12]', '"pass"', "", "minden-senior-center", "the dealer is stuck at the minimum"),
    ('["pass", "pass"]', '["pass", 1]', '"pass"', 'format = "three"', "parker-1947", "has 3 sides"),
    ('["pass", "pass", "pass"]', '["pass", 1]', "14", 'face_up = "5/6 2/4"', "hodges-1913", "must be one of the calls offered"),
    ('["pass", "pass", "pass"]', '["pass", 14]', '"pass"', 'face_up = "5/6 2/4"', "hodges-1913", "offer the lowest bid (1)"),
    ('["pass", "pass", "pass"]', '["pass", 0]', '"pass"', 'face_up = "5/6 2/4"', "hodges-1913", "is not a call"),
    ('["pass", "pass", "pass"]', '["pass", 1, 30]', '"pass"', 'face_up = "5/6 2/4"', "hodges-1913", "above the points of a deal"),
])
def test_a_position_without_an_exact_pass_is_refused_with_what_is_accepted(auction, calls, answer, extra, ruleset,
                                                                            message):
    hand = WEAK
    if extra.startswith("format"):
        hand = "0/4 1/4 0/6 2/6 2/8 0/10 2/10 3/10 0/12"
    with pytest.raises(ContentError) as e:
        read(call_toml(ruleset, auction, calls, answer, extra, hand))
    assert message in str(e.value)
    if "stuck" in message or "before yours" in message:
        assert "you call last in the round" in str(e.value)


def test_a_trump_bid_below_the_minimum_and_an_unknown_trump_are_refused():
    base = '''
[[puzzle]]
id = "my-trump"
title = "Mine"
ruleset = "minden-senior-center"
theme = "bidding"
kind = "trump"
hand = "%s"
bid = %d
answer = "%s"
hint = "h"
explanation = "e"
'''
    with pytest.raises(ContentError, match=r"bid 10 is below the lowest bid of .* \(12\)"):
        read(base % (WEAK, 10, "/4"))
    with pytest.raises(ContentError, match="is not a trump this format allows; the trumps: /2 suit"):
        read(base % (WEAK, 12, "/7"))


def test_an_unclear_answer_fails_with_the_figures():
    # The weak hand: every trump takes about the same, so no trump is clearly the one to name.
    text = '''
[[puzzle]]
id = "my-trump"
title = "Mine"
ruleset = "parker-1947"
theme = "bidding"
kind = "trump"
hand = "%s"
face_up = "5/6 2/4"
bid = 1
answer = "/4"
hint = "h"
explanation = "e"
''' % WEAK
    (p,) = read(text)
    failures = check_all((p,))
    assert len(failures) == 1
    assert "the engine does not prove this puzzle" in failures[0]
    assert "score difference" in failures[0] and "95% interval" in failures[0] and f"at least {cp.MARGIN}" in failures[0]
    with pytest.raises(cp.PuzzleProofError):
        solve(p)


def test_a_close_pass_against_a_bid_fails_too():
    p = next(p for p in BIDDING if p.id == "call-hodges-weak")
    values = cp.call_values(p)
    assert values["Bid 1"].mean + values["Bid 1"].half < 0  # the bid's whole interval is below the pass's 0
    orig = cp.MARGIN
    try:
        cp.MARGIN = -values["Bid 1"].mean + 1  # a margin the figures do not reach
        with pytest.raises(cp.PuzzleProofError, match="does not set Pass clearly above Bid 1"):
            solve(p)
    finally:
        cp.MARGIN = orig


def test_the_miner_finds_a_proven_hand():
    from somerset_tools.call_mine import candidates

    found = list(candidates("hodges-1913", 1, seed=3))
    assert found and all(kind in ("call", "trump") for kind, *_ in found)
    kind, hand, answer, figures = found[0]
    assert "score difference" in figures and len(hand.split("|")[0].split()) == 12


def test_other_seats_are_not_dealt_the_readers_cards():
    p = dataclasses.replace(next(p for p in BIDDING if p.id == "call-hodges-weak"))
    adv = cp.advice_of(p)
    assert all(t.samples == cp.SAMPLES for t in adv.trumps)
    assert sum(k for _, _, k in adv.trumps[0].outcomes) == cp.SAMPLES
