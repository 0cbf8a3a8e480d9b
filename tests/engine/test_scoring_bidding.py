"""Scoring made and set, and the auction."""

from __future__ import annotations

import re

import pytest

from somerset import Auction, AuctionError, RulesError, get_ruleset, parse_call, score_deal
from somerset.rules.bidding import CallNotationError
from somerset.teaching.examples import WORKED_EXAMPLES


_SCORES = [(rid, i) for i, rec in WORKED_EXAMPLES.items() if rec.taken is not None for rid in rec.rulesets]
_AUCTIONS = [(rid, i) for i, rec in WORKED_EXAMPLES.items() if rec.calls for rid in rec.rulesets]


@pytest.mark.parametrize("rid,example_id", _SCORES)
def test_worked_scores(rid, example_id):
    """The source's score, read from the record's text, is the engine's (checked apart from the record reader)."""
    rec = WORKED_EXAMPLES[example_id]
    text = str(rec)
    bid = int(re.search(r"^Bid: (\d+) by 0$", text, re.M).group(1))
    made, against = map(int, re.search(r"^Taken: (\d+) (\d+)$", text, re.M).groups())
    want = tuple(int(x) for x in re.search(r"^Score: ([-+]\d+) ([-+]\d+)$", text, re.M).groups())
    sc = score_deal(get_ruleset(rid), bid, made, against, rec.tags.get("Format"))
    assert (sc.bidder_side, sc.opponents) == want


def test_made_and_set_differ_by_ruleset():
    assert score_deal(get_ruleset("hodges-1903"), 8, 10, 4).opponents == 4  # both sides score
    h = score_deal(get_ruleset("hodges-1903"), 9, 7, 7)
    assert (h.bidder_side, h.opponents, h.set) == (-9, 7, True)  # the bid is subtracted
    m = score_deal(get_ruleset("minden-senior-center"), 14, 16, 8)
    assert (m.bidder_side, m.opponents) == (16, 8)
    s = score_deal(get_ruleset("somersetcards-com"), 15, 12, 12)
    assert (s.bidder_side, s.opponents) == (-15, 12)
    s2 = score_deal(get_ruleset("somersetcards-com").with_option("parker-scoring"), 15, 12, 12)
    assert (s2.bidder_side, s2.opponents) == (-6, 24)


def test_score_rejects_impossible_deals():
    r = get_ruleset("parker-1947")
    with pytest.raises(RulesError, match="add up to 23"):
        score_deal(r, 15, 12, 11)
    with pytest.raises(RulesError, match="from 1 to 24"):
        score_deal(r, 25, 12, 12)
    with pytest.raises(RulesError, match="from 12"):
        score_deal(get_ruleset("minden-senior-center"), 10, 12, 12)
    with pytest.raises(RulesError, match="negative"):
        score_deal(r, 15, -1, 25)


@pytest.mark.parametrize("rid,example_id", _AUCTIONS)
def test_worked_auctions(rid, example_id):
    rec = WORKED_EXAMPLES[example_id]
    text = str(rec)
    calls = re.search(r"^Auction: (.+)$", text, re.M).group(1).split()
    bid, seat = map(int, re.search(r"^Bid: (\d+) by (\d+)$", text, re.M).groups())
    r = get_ruleset(rid)
    a = Auction(r.bidding.value, 4, r.partnership_format().points_per_deal).run(calls)
    assert a.is_over and a.high == (seat, bid)


def test_auction_rules():
    r = get_ruleset("parker-1947")
    a = Auction(r.bidding.value, 4, 24).run(["pass"] * 4)
    assert a.all_passed
    a = Auction(r.bidding.value, 4, 24).run(["10"])
    with pytest.raises(AuctionError, match="higher than the current high bid of 10"):
        a.do(parse_call("9"))
    # Minden Senior Center: one bid each, at least 12, the dealer forced.
    m = get_ruleset("minden-senior-center")
    a = Auction(m.bidding.value, 4, 24).run(["pass", "pass", "pass"])
    assert a.can(parse_call("pass")) and "dealer must" in a.can(parse_call("pass"))
    assert a.can(parse_call("11")) == "the lowest bid allowed is 12"
    a.do(parse_call("12"))
    assert a.is_over and a.high == (3, 12)
    # One round: the auction ends after every player has called once.
    h = get_ruleset("hodges-1903")
    a = Auction(h.bidding.value, 4, 14).run(["6", "pass", "7", "pass"])
    assert a.is_over and a.high == (2, 7)
    with pytest.raises(CallNotationError, match="'fifteen'"):
        parse_call("fifteen")
