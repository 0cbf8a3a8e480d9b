"""Ending puzzles proven by the solver: every shipped one is proven unique, every refutation replays
through the engine's own deal state machine, and a malformed or unprovable file is named clearly."""

from __future__ import annotations

import json

import pytest

from somerset.teaching.contentfile import ContentError, ContentFile
from somerset.teaching.ending_puzzles import prove, puzzle_position, source_deal
from somerset.teaching.puzzles import PUZZLES, THEMES, check_all, load_puzzles
from somerset.solve import position_of_deal

ENDINGS = [p for p in PUZZLES if p.kind == "ending"]


def test_at_least_sixty_over_the_rulesets_with_every_distinctive_rule():
    assert len(ENDINGS) >= 60
    assert len({p.ruleset for p in ENDINGS}) >= 8
    themes = {p.theme for p in ENDINGS}
    assert {"rover", "zero-trump", "no-trump", "kitty", "pile"} <= themes
    assert any("S/S" in " ".join(p.setup.hands) for p in ENDINGS if p.theme == "trumps")
    assert any(len(prove(p).steps) > 1 for p in ENDINGS)
    assert {p.setup.goal for p in ENDINGS} == {"most", "bid", "set"}


def test_every_ending_puzzle_is_proven_unique():
    failures = check_all(tuple(ENDINGS))
    assert failures == []
    for p in ENDINGS:
        proof = prove(p)
        assert tuple(s.answer for s in proof.steps) == p.answer
        for step in proof.steps:
            assert len(step.legal) >= 2 and step.answer in step.legal
            assert {r.card for r in step.refutations} == set(step.legal) - {step.answer}
            assert all(r.cost >= 1 for r in step.refutations)
        assert 1 <= proof.difficulty <= 5 and p.difficulty == proof.difficulty


@pytest.mark.parametrize("p", ENDINGS, ids=lambda p: p.id)
def test_every_refutation_replays_through_the_deal(p):
    """The source deal, dealt again and played by the bots, reaches the puzzle's position; every
    refutation line and the best line are legal in :class:`Deal` and give the points the proof says."""
    deal = source_deal(p)
    got = position_of_deal(deal)
    want = puzzle_position(p)
    assert [sorted(map(str, h)) for h in got.hands] == [sorted(map(str, h)) for h in want.hands]
    assert (got.leader, got.trick, got.pile, got.taken, str(got.trump)) == \
        (want.leader, want.trick, want.pile, want.taken, str(want.trump))
    if p.setup.goal != "most":
        assert (deal.bid_to_make, deal.declarer) == (p.bid, p.setup.bidder)
    proof = prove(p)
    side = proof.side
    for step in proof.steps:
        side_taken = sum(step.position.taken[s] for s in side)
        for r in step.refutations:
            d = deal.clone()
            for play in r.line:
                assert d.current_player == play.seat
                d.apply(f"play {play.card}")
            assert d.is_terminal() or not any(d.hand(s) for s in range(d.players))
            assert sum(d.points()[s] for s in side) == side_taken + r.points
            assert r.points + r.cost == step.points
        for play in step.reply:
            assert deal.current_player == play.seat
            deal.apply(f"play {play.card}")
    first = proof.steps[0]
    d = source_deal(p)
    for play in proof.line:
        d.apply(f"play {play.card}")
    assert sum(d.points()[s] for s in side) == sum(first.position.taken[s] for s in side) + first.points


def test_the_trainer_record():
    p = next(p for p in ENDINGS if len(prove(p).steps) > 1)
    rec = json.loads(json.dumps(p.kind_of.trainer(p)))
    assert rec["id"] == p.id and rec["kind"] == "ending" and 1 <= rec["difficulty"] <= 5
    assert len(rec["steps"]) == len(p.answer)
    for k, step in enumerate(rec["steps"]):
        assert step["answer"] == [p.answer[k]] and step["single"] is True
        values = [c["value"] for c in step["choices"]]
        assert set(step["refutations"]) == set(values) - {p.answer[k]}
        for card, ref in step["refutations"].items():
            assert ref["cost"] >= 1 and ref["line"][0]["card"] == card and ref["text"]
        assert len(step["table"]["hands"]) == step["table"]["players"]
    you = rec["steps"][0]["table"]["you"]
    assert all(x["seat"] != you for x in rec["steps"][0]["reply"])  # the other seats' cards (none if you lead again)


GOOD = '''
[[puzzle]]
id = "my-ending"
title = "Two cards left"
ruleset = "parker-1947"
theme = "endings"
kind = "ending"
goal = "most"
trump = "8"
hands = ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]
leader = 1
answer = "8/8"
hint = "Draw trumps."
explanation = "8/8 draws the last trump."
'''


def read(text: str) -> tuple:
    return load_puzzles([ContentFile("my.toml", text)], THEMES)


def test_a_hand_written_ending_is_proven():
    _, (p,) = read(GOOD)
    assert check_all((p,)) == []
    proof = prove(p)
    assert proof.steps[0].points == 5 and [(r.card, r.cost) for r in proof.steps[0].refutations] == [("2/2", 4)]


@pytest.mark.parametrize("change, words", [
    (('hands = ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]', 'hands = ["8/8 2/2", "0/0 3/4", "6/8 1/2"]'),
     "field 'hands': write 4 hands"),
    (('"4/8 0/6"]', '"4/8 0/66"]'), "field 'hands': seat 4"),
    (("leader = 1", "leader = 5"), "field 'leader'"),
    (('goal = "most"', 'goal = "win"'), "field 'goal'"),
    (("kind = \"ending\"", "kind = \"ending\"\ndifficulty = 2"), "field 'difficulty': the engine grades"),
    (('answer = "8/8"', 'answer = "0/0"'), "field 'answer': 0/0 is not in the hand of seat 1"),
    (('hands = ["8/8 2/2"', 'hands = ["8/8 2/2 4/4"'), "the hands must hold the same number of cards"),
    (('goal = "most"', 'goal = "bid"'), "field 'bidder'"),
])
def test_a_malformed_ending_is_named(change, words):
    with pytest.raises(ContentError) as e:
        read(GOOD.replace(*change))
    assert "my.toml: puzzle 'my-ending'" in str(e.value) and words in str(e.value)


def test_a_wrong_or_unprovable_ending_fails_the_check_with_the_reason():
    _, (wrong,) = read(GOOD.replace('answer = "8/8"', 'answer = "2/2"'))
    assert check_all((wrong,)) == ["my.toml: puzzle 'my-ending': stated answer 2/2; the engine says 8/8"]
    # both of seat 1's cards lose nothing here: no single card is the answer
    _, (tie,) = read(GOOD.replace('["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]', '["8/8 6/8", "0/0 3/4", "2/2 1/2", "4/8 0/6"]'))
    (msg,) = check_all((tie,))
    assert msg.startswith("my.toml: puzzle 'my-ending': the engine does not prove this puzzle: ")
    assert "2 cards keep the best result (6/8, 8/8)" in msg
    _, (long,) = read(GOOD.replace('answer = "8/8"', 'answer = "8/8, 2/2"'))
    (msg,) = check_all((long,))
    assert "step 2: seat 1 has only one legal card" in msg
