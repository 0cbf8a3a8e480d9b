"""Replays: the worked examples (partial records) under every ruleset that states them, records of
whole deals, and deals played by the bots."""

from __future__ import annotations

import json

import pytest

from somerset import RULESETS, api
from somerset.teaching.examples import WORKED_EXAMPLES, WORKED_RECORDS
from somerset.records.common import RecordError
from somerset.service.replay import MAX_RECORD_CHARS, example_ids, examples_for, replay, replay_bots, replay_record


def test_every_worked_example_has_a_replay():
    assert example_ids() == list(WORKED_EXAMPLES)
    assert len(example_ids()) == len(WORKED_RECORDS) == 24


@pytest.mark.parametrize("example_id", example_ids())
def test_replay_steps_end_with_the_sources_answer(example_id):
    rec = WORKED_EXAMPLES[example_id]
    for rid in rec.rulesets:
        data = replay(example_id, rid)
        steps = data["steps"]
        assert data["record"] == str(rec)
        assert len(steps) >= 3 and all(s["label"] and s["text"] for s in steps)
        last = steps[-1]
        assert "citation" in last
        play = rec.under(rid)
        if rec.hand is not None:
            assert last["legal"] == [str(c) for c in play.legal.legal]
            assert last["hand"] == [str(c) for c in rec.hand[1]]
            assert last["text"].startswith(("Only ", "Any of "))
        elif rec.tricks:
            assert last["text"].startswith(f"{play.verdicts[0].card} takes the trick")
            assert last["winner"] == play.verdicts[0].winner
            assert len(steps) == 2 + len(last["cards"])
        elif rec.taken is not None:
            assert [last["bidder_side"], last["opponents"]] == play.score
        else:
            assert play.bid is not None and f"at {play.bid[1]}" in last["text"]


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


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_bot_deals_replay_under_every_ruleset_and_format(rid):
    for fmt in RULESETS[rid].formats.value:
        data = replay_bots(rid, fmt.id, 5)
        assert data["kind"] == "deal" and data["ruleset"] == rid
        steps = data["steps"]
        assert steps[0]["label"] == "The deal" and len(steps[0]["hands"]) == fmt.players
        tricks = [s for s in steps if s["label"].startswith("Trick ")]
        assert len(tricks) == fmt.tricks(RULESETS[rid].deck)
        for s in tricks:
            assert 0 <= s["winner"] < len(s["cards"]) and len(s["seats"]) == len(s["cards"])
        assert tricks[-1]["hands"] and all(not h["cards"] for h in tricks[-1]["hands"])
        assert steps[-1]["label"] == "Score" and len(steps[-1]["score"]) == len(fmt.teams)
        # The record the replay carries replays to the same steps.
        assert replay_record(data["record"])["steps"] == steps


def test_replay_bots_is_the_play_command(capsys):
    from somerset_tools.cli import main

    assert main(["play", "--rules", "parker-1947", "--seed", "7"]) == 0
    printed = capsys.readouterr().out
    assert replay_bots("parker-1947", None, 7)["record"].strip() == printed.strip()


def test_replay_record_accepts_partial_records_and_names_bad_lines():
    data = replay_record(WORKED_RECORDS[0])
    assert data["kind"] == "example" and data["steps"][-1]["winner"] == 3
    assert "as the source says" in data["steps"][-1]["text"]
    # A record of the reader's own, with no source: the engine does not claim one.
    own = replay_record('[Ruleset "parker-1947"]\n\nTrump: 6\nTrick 1: [0] 5/8 0/0 2/2 S/S -> 3\n')
    assert own["steps"][-1]["text"].startswith("S/S takes the trick, as the record says.")
    assert own["steps"][-1]["citation"] is None
    legal = replay_record('[Ruleset "parker-1947"]\n\nTrump: 8\nTrick 1: [0] 5/8\nHand 1: 0/0 4/10 S/S\n')
    assert legal["steps"][-1]["legal"] == ["S/S"] and "source" not in legal["steps"][-1]["text"]
    with pytest.raises(RecordError, match="empty"):
        replay_record("  ")
    with pytest.raises(RecordError, match="longest accepted"):
        replay_record("x" * (MAX_RECORD_CHARS + 1))
    with pytest.raises(RecordError, match=r"line 4: under Parker 1947, 'Trick 1: \[0\] 8/8 6/8 4/10 0/2 -> 1' does not agree"):
        replay_record('[Ruleset "parker-1947"]\n\nTrump: 2\nTrick 1: [0] 8/8 6/8 4/10 0/2 -> 1\n')
    from somerset.players.roster import make_bots
    from somerset.players.autoplay import play_game
    from somerset.game.match import Game
    from somerset.records.game_record import game_record_of

    game = str(game_record_of(play_game(Game("hodges-1903", seed=3), make_bots("heuristic", 4, 3))))
    with pytest.raises(RecordError, match=r"the record of a whole game \(\d+ deals\); the replayer shows one deal"):
        replay_record(game)
    unfinished = '[Ruleset "parker-1947"]\n[Format "four-partners"]\n[Dealer "0"]\n[Seed "7"]\n\nAuction: 7\n'
    with pytest.raises(RecordError, match="stops before the deal is over"):
        replay_record(unfinished)


def test_api_replays_records_and_bot_deals():
    ok = api.dispatch({"cmd": "replay", "rules": "hodges-1903", "format": "two", "seed": 3})
    assert ok["kind"] == "deal" and "drawing pile" in ok["steps"][0]["text"]
    assert api.dispatch({"cmd": "replay", "record": ok["record"]})["steps"] == ok["steps"]
    bad = api.dispatch({"cmd": "replay", "record": "[Ruleset \"parker-1947\"]\n[Seed \"7\"]\n\nHand 0: 1/1\n"})
    assert bad["error"]["field"] == "record" and "'1/1' is not a card" in bad["error"]["message"]
    assert api.dispatch({"cmd": "replay", "rules": "parker-1947", "seed": -1})["error"]["field"] == "seed"
    assert api.dispatch({"cmd": "replay", "rules": "parker-1947", "seed": 1, "format": "x"})["error"]["field"] == "format"
    assert api.dispatch({"cmd": "replay", "rules": "parker-1947", "seed": 1, "dealer": 9})["error"]["field"] == "dealer"
    assert "needs 'example'" in api.dispatch({"cmd": "replay"})["error"]["message"]


@pytest.mark.parametrize("rid,fmt,seed", [("parker-1947", "four-partners", 3), ("somersetgame-com", "four-partners", 9), ("hodges-1903", "two", 3)])
def test_a_deal_replay_carries_the_contract_and_the_score_reason(rid: str, fmt: str, seed: int) -> None:
    """From the bid on, each step says who holds the bid, trump and each side's points; the score
    step gives the score calculator's sentence and citation."""
    a = replay_bots(rid, fmt, seed)
    steps = a["steps"]
    assert a["teams"] and a["total"] > 0 and a["dealer"] == 0
    first = next(i for i, s in enumerate(steps) if "contract" in s)
    assert all("contract" in s for s in steps[first:]) and all("contract" not in s for s in steps[:first])
    tricks = [s for s in steps if s["label"].startswith("Trick ")]
    assert all(t["contract"]["trump_label"] for t in tricks)
    taken = [sum(t["contract"]["taken"]) for t in tricks]
    assert taken == sorted(taken)  # points only ever grow
    score = steps[-1]
    assert score["label"] == "Score" and score["contract"]["taken"] and sum(score["contract"]["taken"]) == a["total"]
    c = score["contract"]
    team = next(i for i, t in enumerate(a["teams"]) if c["declarer"] in t)
    calc = api.dispatch({"cmd": "score", "rules": rid, "format": fmt, "bid": c["bid"], "made": c["taken"][team]})
    assert score["reason"]["citation"] == calc["citation"]
    assert calc["reason"].split("The bidder's side ", 1)[1].split(";")[0] in score["reason"]["text"]
