"""The same deal under several rulesets: the cards shared, the play followed, the partings explained."""

from __future__ import annotations

import itertools
import json

import pytest

from somerset import RULESETS, get_ruleset, trick_verdict
from somerset.game.actions import Action, ActionKind
from somerset.api import dispatch, handle
from somerset.game.deal import Deal
from somerset.records.deal_record import parse_record, record_of
from somerset.service.samedeal import (MAX_EVENTS, SameDealError, cannot_deal, play_under, record_source, same_deal,
                               seed_source, table_source)
from somerset.service.table import table_deal

DOUBLE = [r for r in RULESETS if RULESETS[r].deck.name == "double"]


def test_the_same_request_gives_the_same_answer() -> None:
    req = json.dumps({"cmd": "samedeal", "rules": "all", "seed": 11})
    first = handle(req)
    assert "error" not in json.loads(first)
    assert handle(req) == first


def test_every_ruleset_that_can_deal_gets_the_same_cards() -> None:
    source = seed_source("parker-1947", None, 5)
    dealt = source.deal().dealt
    for rid in DOUBLE:
        r = get_ruleset(rid)
        assert cannot_deal(source, r) is None
        played = play_under(source, r)
        assert played.deal.dealt == dealt, rid
        assert played.deal.undealt == source.deal().undealt, rid
        assert played.deal.is_terminal()


def test_the_source_ruleset_replays_the_bots_deal_exactly() -> None:
    sd = same_deal(seed_source("parker-1947", None, 3), ["parker-1947", "boardgamegeek"])
    own = sd["endings"][0]
    assert own["ruleset"] == "parker-1947" and own["bots_from"] is None
    assert own["record"] == str(record_of(seed_source("parker-1947", None, 3).deal()))
    # `somerset play --seed 3` deals and plays the same deal (dealer 0, the same bots).
    assert parse_record(own["record"]).tags["Seed"] == "3"


@pytest.mark.parametrize("rid, words", [
    ("parker-1950", "single pack of 28 cards; this deal is dealt from the double pack of 50 cards"),
    ("triple-2009", "triple pack of 92 cards; this deal is dealt from the double pack of 50 cards"),
])
def test_another_pack_cannot_deal_these_cards(rid: str, words: str) -> None:
    why = cannot_deal(seed_source("parker-1947", None, 1), get_ruleset(rid))
    assert why is not None and words in why


def test_a_ruleset_without_the_format_names_the_games_it_has() -> None:
    why = cannot_deal(seed_source("parker-1947", "two", 1), get_ruleset("hodges-1913"))
    assert why is not None
    assert "has no game like this deal's (Two players" in why and "Four players, two partnerships" in why
    sd = same_deal(seed_source("parker-1947", "two", 1), ["parker-1947", "hodges-1913", "somersetcards-com"])
    assert [c["ruleset"] for c in sd["cannot"]] == ["hodges-1913"]
    assert [r["id"] for r in sd["rulesets"]] == ["parker-1947", "somersetcards-com"]


def test_only_one_ruleset_able_to_deal_compares_nothing() -> None:
    sd = same_deal(seed_source("parker-1950", None, 2), ["parker-1950", "triple-2009", "parker-1947"])
    assert sd["agree"] is None and sd["events"] == [] and len(sd["endings"]) == 1
    assert {c["ruleset"] for c in sd["cannot"]} == {"triple-2009", "parker-1947"}


def test_a_kitty_parts_from_face_up_cards_after_the_auction() -> None:
    sd = same_deal(seed_source("parker-1947", None, 7), ["parker-1947", "somersetcards-com"])
    first = sd["events"][sd["first"]]
    assert (first["kind"], first["where"], first["parted"]) == ("phase", "The end of the auction", True)
    parker, cards = first["by_ruleset"]
    assert parker["outcome"] == "seat 2 names trump"
    assert cards["outcome"].startswith("seat 2 takes the 2 undealt cards")
    rule = get_ruleset("somersetcards-com").undealt
    assert cards["reasons"][0]["text"] == rule.summary
    assert cards["reasons"][0]["citation"] == rule.citation.to_json()
    assert cards["reasons"][0]["rule"].startswith("The undealt cards: kitty to the high bidder")


def test_a_card_not_allowed_under_one_ruleset_parts_the_deals_with_the_reason() -> None:
    # Under the house rules the 0/0 may be played at any time; under Parker 1947 only when void.
    sd = same_deal(seed_source("parker-1947-house", None, 2), ["parker-1947-house", "parker-1947"])
    first = sd["events"][sd["first"]]
    assert first["kind"] == "action" and first["where"] == "Trick 1, card 2"
    house, parker = first["by_ruleset"]
    assert house["outcome"] == "seat 1 plays 0/0"
    assert house["reasons"][0]["text"] == "As the bots played the deal under Parker 1947 with house rules."
    assert parker["outcome"] == "seat 1 plays S/S"
    assert parker["reasons"][0]["text"].startswith("0/0 may not be played here: The 0/0 may be played only when")
    assert parker["reasons"][0]["citation"]["label"].startswith("Parker 1947 booklet")
    ends = {e["ruleset"]: e for e in sd["endings"]}
    assert ends["parker-1947"]["bots_from"] == {"step": first["step"], "where": "Trick 1, card 2"}
    assert ends["parker-1947-house"]["bots_from"] is None


def test_a_trick_taken_by_another_card_says_each_rulesets_verdict() -> None:
    # The 0/0 after a double: boardgamegeek gives it only the doubles played after it.
    sd = same_deal(seed_source("boardgamegeek", None, 67), ["boardgamegeek", "somersetcards-com"])
    first = sd["events"][sd["first"]]
    assert first["kind"] == "trick" and first["where"] == "Trick 9" and first["trick"] == 9
    deal = parse_record(sd["endings"][0]["record"]).replay()
    trick = deal.tricks[8]
    for entry in first["by_ruleset"]:
        r = get_ruleset(entry["ruleset"])
        assert deal.trump is not None
        v = trick_verdict(r, deal.trump, trick.cards)
        assert entry["reasons"][0]["text"] == v.reason
        assert entry["outcome"] == f"seat {trick.seat_of(v.winner, 4)} takes the trick with {v.card}"
    assert {e["outcome"] for e in first["by_ruleset"]} == {"seat 1 takes the trick with 0/0",
                                                           "seat 3 takes the trick with 2/2"}


def test_a_minimum_bid_parts_the_deals_at_the_first_call() -> None:
    sd = same_deal(seed_source("parker-1947", None, 7), ["parker-1947", "minden-senior-center"])
    first = sd["events"][sd["first"]]
    assert (first["kind"], first["where"]) == ("action", "The auction, call 1")
    senior = first["by_ruleset"][1]
    assert senior["reasons"][0]["text"] == "A bid of 7 is not allowed here: the lowest bid allowed is 12."
    assert senior["reasons"][0]["citation"] == get_ruleset("minden-senior-center").bidding.citation.to_json()


@pytest.mark.parametrize("seed", [1, 2])
def test_partings_split_the_rulesets_and_come_in_order(seed: int) -> None:
    for source_id in ("parker-1947", "boardgamegeek"):
        sd = same_deal(seed_source(source_id, None, seed), DOUBLE)
        steps = [e["step"] for e in sd["events"]]
        assert steps == sorted(steps)
        assert len(sd["events"]) <= MAX_EVENTS
        histories = {e["ruleset"]: parse_record(e["record"]).actions for e in sd["endings"]}
        for e in sd["events"]:
            members = sorted(itertools.chain.from_iterable(e["groups"]))
            assert members == sorted(e["rulesets"])
            assert len(e["groups"]) > 1 if e["parted"] else len(e["groups"]) == 1
            # Up to the step that parted them, the rulesets of an event played the same deal.
            prefixes = {tuple(histories[rid][: e["step"]]) for rid in e["rulesets"]}
            assert len(prefixes) == 1
            for entry in e["by_ruleset"]:
                assert entry["outcome"]
                for reason in entry["reasons"]:
                    assert reason["text"]
        assert sd["first"] is None or sd["events"][sd["first"]]["parted"]


def test_a_record_with_given_hands_is_dealt_as_given_under_each_ruleset() -> None:
    dealt = seed_source("parker-1947", None, 9).deal()
    d = Deal("parker-1947", dealer=1)
    d.apply(Action.deal(dealt.dealt, dealt.undealt))
    from somerset.players.roster import make_bots
    from somerset.players.autoplay import play_deal

    play_deal(d, make_bots("heuristic", 4, 0))
    text = str(record_of(d))
    assert "[Seed" not in text
    source = record_source(text)
    assert source.seed is None and source.dealer == 1
    sd = same_deal(source, ["somersetgame-com", "boardgamegeek"])
    assert [r["id"] for r in sd["rulesets"]] == ["parker-1947", "somersetgame-com", "boardgamegeek"]
    own = sd["endings"][0]
    assert own["record"] == text and own["bots_from"] is None
    for ending in sd["endings"]:
        assert [set(h) for h in parse_record(ending["record"]).replay().dealt] == [set(h) for h in d.dealt]


def test_a_record_is_followed_by_the_other_rulesets_until_they_part() -> None:
    text = str(record_of(seed_source("parker-1947-house", None, 2).deal()))
    sd = same_deal(record_source(text), ["parker-1947-house", "parker-1947"])
    first = sd["events"][sd["first"]]
    assert first["by_ruleset"][0]["reasons"][0]["text"] == "As the record has it (played under Parker 1947 with house rules)."
    assert sd["endings"][0]["record"] == text


def test_the_deal_played_at_the_table_is_followed() -> None:
    deal, used, problem = table_deal("parker-1947", None, 4, ["pass"])
    assert problem is None and used == 1
    source = table_source("parker-1947", None, 4, ["pass"])
    assert list(source.script) == deal.history and source.dealer == 3
    sd = same_deal(source, ["parker-1947", "parker-1934"])
    own = parse_record(sd["endings"][0]["record"]).actions
    assert own[: len(deal.history)] == [str(a) for a in deal.history]
    assert sd["agree"] is True  # Parker 1934 and 1947 share every rule of play


@pytest.mark.parametrize("req, field, words", [
    ({"rules": ["parker-1947"], "seed": 1}, "rules", "at least two different rulesets"),
    ({"rules": "parker-1947, parker", "seed": 1}, "rules", "at least two different rulesets"),
    ({"rules": ["parker-1947", "nope"], "seed": 1}, "rules", "'nope' is not a known ruleset"),
    ({"rules": ["parker-1947", 3], "seed": 1}, "rules", "must be a list of ruleset ids"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": -1}, "seed", "a seed must be a whole number"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "format": "nine"}, "format", "has no format 'nine'"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "bots": "oracle"}, "bots", "'bots' must be one of"),
    ({"rules": ["parker-1947", "hodges-1913"]}, "seed", "needs 'seed'"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "moves": ["bid 99"]}, "moves", "move 1, “bid 99”"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "moves": [1]}, "moves", "list of moves"),
    ({"rules": ["hodges-1913"], "record": ""}, "record", "the record is empty"),
    ({"rules": ["hodges-1913"], "record": "x" * 20001}, "record", "the longest accepted is 20,000"),
    ({"rules": ["hodges-1913"], "record": "garbage"}, "record", "needs a [Ruleset"),
    ({"rules": ["parker-1950", "triple-2009"], "seed": 1, "format": "six-2x3"}, "format", "has no format"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "dealer": 4}, "dealer", "a seat from 0 to 3"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "dealer": "3"}, "dealer", "wrong type"),
    ({"rules": ["parker-1947", "hodges-1913"], "seed": 1, "dealer": 3, "moves": []}, "dealer", "dealt by its last seat"),
])
def test_bad_requests_name_the_field_and_what_is_accepted(req: dict[str, object], field: str, words: str) -> None:
    answer = dispatch({"cmd": "samedeal", **req})
    assert answer["error"]["field"] == field
    assert words in answer["error"]["message"]


def test_a_game_record_or_a_worked_example_is_refused() -> None:
    from somerset.teaching.examples import WORKED_EXAMPLES

    example = str(next(iter(WORKED_EXAMPLES.values())))
    with pytest.raises(SameDealError, match="has no hands"):
        record_source(example)
    with pytest.raises(SameDealError, match="whole game"):
        record_source('[Ruleset "parker-1947"]\n\nDeal 1: dealer 0, seed 3\n')


def test_the_engine_answers_for_every_pair_of_double_rulesets() -> None:
    for a, b in itertools.permutations(DOUBLE[:5], 2):
        sd = same_deal(seed_source(a, None, 13), [a, b])
        assert len(sd["endings"]) == 2 and sd["agree"] in (True, False)



def test_a_seed_is_dealt_by_the_dealer_asked_for_and_by_seat_0_when_none_is() -> None:
    rules = ["parker-1947", "somersetcards-com"]
    plain = dispatch({"cmd": "samedeal", "rules": rules, "seed": 5})
    assert plain["source"]["dealer"] == 0
    assert dispatch({"cmd": "samedeal", "rules": rules, "seed": 5, "dealer": 0}) == plain
    last = dispatch({"cmd": "samedeal", "rules": rules, "seed": 5, "dealer": 3})
    assert last["source"]["dealer"] == 3
    # the last seat deals seat 0 the cards the table (Play a deal) gives the reader for that seed
    table, _, _ = table_deal("parker-1947", None, 5, [])
    assert sorted(last["source"]["hands"][0]) == sorted(str(c) for c in table.dealt[0])
    assert last["source"]["hands"] != plain["source"]["hands"]


def test_the_points_listed_are_where_the_rulesets_part_and_the_unchanged_steps_come_apart() -> None:
    # Minden Senior Center's lowest bid is 12: the other rulesets allow bids of 1 to 11 at the first
    # call, though every one bids 12; the real difference is the kitty after the auction.
    sd = same_deal(seed_source("parker-1947", None, 6), DOUBLE)
    assert sd["first"] == 0
    assert sd["events"] and all(e["parted"] for e in sd["events"])
    assert (sd["events"][0]["kind"], sd["events"][0]["where"]) == ("phase", "The end of the auction")
    assert sd["unchanged"] and all(not e["parted"] and e["kind"] == "allowed" for e in sd["unchanged"])
    call = sd["unchanged"][0]
    assert call["where"] == "The auction, call 1"
    by = {x["ruleset"]: x for x in call["by_ruleset"]}
    senior = by["minden-senior-center"]
    assert [r["text"] for r in senior["reasons"]] == ["Bids of 1 to 11 are not allowed here: the lowest bid allowed is 12."]
    assert by["parker-1947"]["outcome"] == "seat 1 bids 12 (here it could also have chosen bids of 1 to 11)"


def test_several_choices_are_said_in_their_order_with_runs_of_bids_joined() -> None:
    from somerset.service.samedeal import _choices_noun

    assert _choices_noun([Action.bid(n) for n in (2, 10, 1, 11, 12, 5)]) == "bids of 1, 2, 5 and 10 to 12"
    assert _choices_noun([Action.bid(9), Action(ActionKind.PASS)]) == "passing or a bid of 9"


@pytest.mark.parametrize("seed", [1, 6])
def test_each_reading_is_quoted_once(seed: int) -> None:
    sd = same_deal(seed_source("parker-1947", None, seed), "all")
    reasons = [r for e in sd["events"] + sd["unchanged"] for x in e["by_ruleset"] for r in x["reasons"]]
    quoted = [r["interpretation"] for r in reasons if r["interpretation"]]
    assert len(quoted) == len(set(quoted))
    # a reason whose reading was quoted above says so; its rule's reading is among those quoted
    for r in reasons:
        if r["reading_above"]:
            assert r["interpretation"] is None and r["rule"]
    assert any(r["reading_above"] for r in reasons) or seed == 6
    endings = [r["interpretation"] for e in sd["endings"] for r in e["reasons"] if r["interpretation"]]
    assert len(endings) == len(set(endings))
