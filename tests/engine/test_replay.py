"""Replays of the worked examples: every example, under every ruleset that states it."""

from __future__ import annotations

import json

import pytest

from somerset import api
from somerset.examples import WORKED_AUCTIONS, WORKED_SCORES, WORKED_TRICKS
from somerset.replay import _ALL, example_ids, examples_for, replay


def test_every_worked_example_has_a_replay():
    assert len(example_ids()) == len(WORKED_TRICKS) + len(WORKED_SCORES) + len(WORKED_AUCTIONS)


@pytest.mark.parametrize("example_id", example_ids())
def test_replay_steps_end_with_the_sources_answer(example_id):
    example = _ALL[example_id]
    for rid in example.rulesets:
        data = replay(example_id, rid)
        steps = data["steps"]
        assert len(steps) >= 3 and all(s["label"] and s["text"] for s in steps)
        last = steps[-1]
        assert "citation" in last
        if hasattr(example, "winner") and isinstance(example.winner, str):
            assert last["text"].startswith(f"{example.winner} takes the trick")
            assert len(steps) == 2 + len(last["cards"])
        elif hasattr(example, "bidder_side"):
            assert (last["bidder_side"], last["opponents"]) == (example.bidder_side, example.opponents)
        else:
            assert f"at {example.bid}" in last["text"]


def test_replay_errors_and_api():
    with pytest.raises(ValueError, match="not a worked example"):
        replay("nope")
    first = example_ids()[0]
    with pytest.raises(ValueError, match="not stated by"):
        replay(first, "hodges-1903")
    data = json.loads(api.handle(json.dumps({"cmd": "replay", "example": first, "rules": "parker-1947"})))
    assert data["steps"] and data["ruleset"] == "parker-1947"
    assert "error" in json.loads(api.handle(json.dumps({"cmd": "replay", "example": "<x>"})))
    assert examples_for("parker-1947") and not examples_for("boardgamegeek")
