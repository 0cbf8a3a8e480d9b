"""The bid advisor and the play-out policy under it (somerset.players.advisor, somerset.players.playout)."""

from __future__ import annotations

import math

import pytest

from somerset import RULESETS, api
from somerset.game.deal import PLAY_PHASE, Phase, new_deal
from somerset.players.advisor import MAKE_CHANCE, Advisor, AdviceError, advise, advisor_for
from somerset.players.bots import HeuristicBot
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.players.playout import PlayoutBot, choose, play_out

STRONG = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10"  # every /6 card and the S/S
EVERY_FORMAT = [(rid, f.id) for rid, r in RULESETS.items() for f in r.formats.value]


def _hand(rid: str, fmt: str, seed: int = 5) -> tuple[list[str], int, int]:
    d = new_deal(rid, fmt, seed=seed)
    seat = (d.dealer + 1) % d.players
    return [str(c) for c in d.hand(seat)], seat, d.dealer


def test_the_same_request_gives_the_same_answer_at_once_or_in_slices() -> None:
    one = Advisor("parker-1947", STRONG, seed=9)
    one.run(30)
    two = Advisor("parker-1947", STRONG, seed=9)
    two.run(10)
    two.run(20)
    assert one.advice().to_json() == two.advice().to_json()
    other = Advisor("parker-1947", STRONG, seed=10)
    other.run(30)
    assert other.advice().to_json() != one.advice().to_json()


@pytest.mark.parametrize("rid,fmt", EVERY_FORMAT)
def test_every_ruleset_and_format_answers(rid: str, fmt: str) -> None:
    hand, seat, dealer = _hand(rid, fmt)
    a = Advisor(rid, hand, fmt, seat=seat, dealer=dealer, seed=3)
    a.run(6)
    adv = a.advice()
    assert adv.samples == 6
    assert {str(t.trump) for t in adv.trumps} == {str(t) for t in a.setup.trumps}
    assert any(t.samples for t in adv.trumps)
    for t in adv.trumps:
        assert t.samples + t.unavailable == 6
        assert sum(t.distribution) == t.samples
        for p, (lo, hi) in zip(t.p_make, t.p_make_interval):
            assert lo <= p <= hi  # the interval holds the estimate
        for s, h in zip(t.score, t.score_half_width):
            assert math.isnan(h) is False and h >= 0
        made = t.p_make
        assert all(made[i] >= made[i + 1] for i in range(len(made) - 1)), made  # never rises with the bid
    trump, bid, why = adv.recommend()
    assert why.endswith(".") and len(why) < 300
    assert bid is None or bid in a.bids


def test_a_hand_holding_every_trump_makes_every_bid_with_it() -> None:
    adv = advise("parker-1947", STRONG, samples=30, seed=2)
    six = next(t for t in adv.trumps if str(t.trump) == "6")
    assert six.samples == 30
    assert min(p for p, c in enumerate(six.distribution) if c) >= 14  # seven sure trumps and the S/S
    assert adv.recommend()[0] == six.trump and adv.recommend()[1] is not None
    assert "S/S" in adv.recommend()[2]


def test_a_hand_without_count_cards_or_winners_is_not_told_to_bid_high() -> None:
    weak = "0/2 1/4 1/6 2/6 1/8 2/8 3/8 1/10 2/10 3/10 1/12 2/12"  # low cards, no counter, no double
    adv = advise("parker-1947", weak, samples=60, seed=4)
    trump, bid, why = adv.recommend()
    assert bid is None or bid <= 8, why  # at most a third of the deal's 24 points, the partner's share
    assert adv.best.mean < 12  # less than half the points, whatever the trump


def test_the_recommended_bid_is_made_often_enough_and_scores() -> None:
    adv = advise("parker-1947", STRONG, samples=40, seed=5)
    trump, bid, _ = adv.recommend()
    t = adv.best
    assert bid is not None
    i = t.bids.index(bid)
    assert t.p_make[i] >= MAKE_CHANCE and t.score[i] > 0
    assert all(p < MAKE_CHANCE or s <= 0 for p, s in zip(t.p_make[i + 1:], t.score[i + 1:]))


def test_scores_come_from_the_engine_scoring() -> None:
    """The expected score of a bid is the mean of what the deal's own scoring gives, sample by sample."""
    a = Advisor("parker-1947", STRONG, seed=6)
    a.run(1)
    base = a._deal(0)
    assert base is not None
    from somerset.players.advisor import _fork
    from somerset.rules.cards import parse_trump

    deal = _fork(base)
    assert a._declare(deal, parse_trump("6"))
    play_out(deal)
    six = next(t for t in a.advice().trumps if str(t.trump) == "6")
    bid = a.bids[0]
    assert six.score[0] == a.setup.score(a.seat, bid, deal.team_points())[a.team]


def test_bad_requests_are_refused_with_a_clear_message() -> None:
    with pytest.raises(AdviceError, match="the hand has 11 cards; a hand in the four-partners format .* has 12"):
        Advisor("parker-1947", STRONG.rsplit(" ", 1)[0])
    with pytest.raises(AdviceError, match="given twice"):
        Advisor("parker-1947", STRONG.replace("7/10", "6/6"))
    with pytest.raises(AdviceError, match="not a card of the double pack"):
        Advisor("parker-1947", STRONG.replace("7/10", "7/11"))
    with pytest.raises(AdviceError, match="seat must be a whole number from 0 to 3"):
        Advisor("parker-1947", STRONG, seat=4)
    with pytest.raises(AdviceError, match="it is seat 2 to call, not seat 1"):
        Advisor("parker-1947", STRONG, auction=["pass"])
    with pytest.raises(AdviceError, match="is not allowed"):
        Advisor("parker-1947", STRONG, seat=2, dealer=0, auction=["12", "10"])
    with pytest.raises(AdviceError, match="both in the hand and face up"):
        Advisor("parker-1947", STRONG, face_up="6/6")
    with pytest.raises(AdviceError, match="shows 2 before the first trick"):
        Advisor("parker-1947", STRONG, face_up="8/8 10/10 12/12")
    with pytest.raises(AdviceError, match="no face-up cards"):
        Advisor("parker-1950", "1/2 1/4 3/4 1/6 3/6 5/6 6/6", face_up="0/0")
    with pytest.raises(AdviceError, match="at most 20,000 samples"):
        Advisor("parker-1947", STRONG).run(20_001)
    error = api.dispatch({"cmd": "advise", "rules": "parker-1947", "hand": STRONG, "samples": 0})["error"]
    assert error == {"message": "'samples' must be from 1 to 20,000, not 0", "field": "samples"}
    error = api.dispatch({"cmd": "advise", "rules": "parker-1947", "hand": "6/6 6/6"})["error"]
    assert error["field"] == "hand"
    error = api.dispatch({"cmd": "advise", "rules": "hodges-1903", "option": "without-bidding",
                          "hand": "1/2 1/4 3/4 1/6 3/6 5/6 6/6"})["error"]
    assert error == {"message": "trump is drawn in this ruleset and no one bids: there is no call to advise on",
                     "field": "rules"}


def test_face_up_cards_are_the_undealt_cards_of_every_sample() -> None:
    a = Advisor("parker-1947", STRONG, face_up="8/8 10/10", seed=1)
    for k in range(3):
        deal = a._deal(k)
        assert deal is not None
        assert [str(c) for c in deal.undealt] == ["8/8", "10/10"]
        assert deal.hands[0] == sum(1 << deal.index.of[c] for c in deal.hand(0))


def test_a_trump_declared_by_the_first_lead_follows_the_play_phase_rule() -> None:
    """The advisor's declaring lead is one the play phase itself offers."""
    hand, seat, dealer = _hand("somersetcards-com", "four-partners", seed=8)
    a = Advisor("somersetcards-com", hand, "four-partners", seat=seat, dealer=dealer, seed=2)
    from somerset.players.advisor import _fork

    for k in range(4):
        base = a._deal(k)
        assert base is not None
        for t in a.trumps:
            deal = _fork(base)
            if base.phase is Phase.KITTY and not a._discard(deal, t):
                continue
            if deal.trick_tables is not None or t.is_no_trump:
                continue
            offered = {a2.cards[0] for a2 in deal.legal_actions() if a2.kind.value == "play" and a2.cards[0].suit == t.suit}
            if a._declare(deal, t):
                assert deal.history[-1].cards[0] in offered
                assert deal.trump == t
            else:
                assert not offered


def test_the_api_carries_on_from_the_samples_it_has() -> None:
    req = {"cmd": "advise", "rules": "parker-1947", "hand": STRONG, "seed": 12}
    first = api.dispatch({**req, "samples": 20})
    again = api.dispatch({**req, "samples": 40})
    fresh = advise("parker-1947", STRONG, samples=40, seed=12).to_json()
    assert first["samples"] == 20 and again["samples"] == 40
    assert {k: v for k, v in again.items() if k not in ("seed", "set_price")} == fresh
    kept = advisor_for("parker-1947", STRONG, seed=12, samples=40)
    assert kept.done == 40
    assert advisor_for("parker-1947", STRONG, seed=12, samples=10).done == 0  # fewer than kept: a new one


def test_the_precision_asked_for_is_reached() -> None:
    answer = api.dispatch({"cmd": "advise", "rules": "parker-1947", "hand": STRONG, "seed": 3, "precision": 1})
    for t in answer["trumps"]:
        lo, hi = t["interval"]
        assert hi - lo <= 2.0 + 1e-6
        assert lo <= t["mean"] <= hi


# --- the play-out policy -------------------------------------------------------------------


@pytest.mark.parametrize("rid,fmt", [("parker-1947", "four-partners"), ("somersetcards-com", "two"),
                                     ("triple-2009", "six-2x3"), ("hodges-1903", "three-without-00")])
def test_the_policy_plays_the_heuristic_bots_cards(rid: str, fmt: str) -> None:
    """The policy is the heuristic bot's card play: the same card in every position of bot-played deals."""
    for seed in range(12):
        deal = new_deal(rid, fmt, seed=seed)
        bots = make_bots("heuristic", deal.players, seed)
        while not deal.is_terminal():
            action = bots[deal.current_player].act(deal)
            if deal.phase is Phase.PLAY and deal.trick_tables is not None:
                assert deal.index.play_actions[choose(deal)] == action, (seed, len(deal.history))
            deal.apply(action)


def test_duplicate_the_playout_bot_against_the_heuristic_bot() -> None:
    """The same deals at two tables with the seats swapped: the play-out bot on side 0 at one table and
    side 1 at the other. Its points over the heuristic bot's, per deal, stay within 0.25 (it measures 0)."""
    diffs = []
    for seed in range(40):
        tables = []
        for playout_side in (0, 1):
            deal = new_deal("parker-1947", seed=seed)
            bots = [PlayoutBot(seed * 10 + s) if deal.team_of[s] == playout_side else HeuristicBot(seed * 10 + s)
                    for s in range(deal.players)]
            # both kinds draw their bidding noise from the same seeds, so the tables differ only by the policy
            play_deal(deal, bots)
            tables.append(deal.team_points())
        diffs.append(tables[0][0] - tables[1][0])
    assert abs(sum(diffs) / len(diffs)) <= 0.25


def test_a_play_out_ends_the_deal_through_the_play_phase() -> None:
    deal = new_deal("parker-1947", "two", seed=3)
    bots = make_bots("heuristic", deal.players, 3)
    while deal.phase is not Phase.PLAY:
        deal.apply(bots[deal.current_player].act(deal))
    copy = deal.clone()
    play_out(deal)
    assert deal.is_terminal() and not deal.pile
    assert sum(deal.team_points()) == deal.total_points
    for action in deal.history[len(copy.history):]:  # every card legal when played
        copy.apply(action)
    assert copy.signature() == deal.signature()
    with pytest.raises(ValueError, match="starts in the play"):
        play_out(new_deal("parker-1947", seed=1))
    assert PLAY_PHASE is not None


@pytest.mark.parametrize("rid,fmt", EVERY_FORMAT)
def test_the_price_of_a_set_is_said_under_every_rulesets_scoring(rid: str, fmt: str) -> None:
    from somerset.rules.dimensions import SetPenalty
    from somerset.rules.scoring import set_price

    r = RULESETS[rid]
    f = r.format(fmt)
    double = r.set.value is SetPenalty.DOUBLE
    bid = min(18, f.points_per_deal)
    words = set_price(r, f, bid)
    # one sentence, to the bidder, under this ruleset's rule for a set
    assert words.startswith("If your side is set" if f.partnership else "If you are set") and words.endswith(".")
    assert words.count(".") == 1
    assert ("twice the points" in words) == double
    assert ("loses the points of its bid" in words or "lose the points of your bid" in words) == (not double)
    if len(f.teams) == 2:
        # the worked example: the bid, three points short, as the ruleset's rule scores it
        against = f.points_per_deal - (bid - 3)
        mine = -6 if double else -bid
        theirs = 2 * against if double else against
        minus = "\u2212"
        assert words.endswith(f"bid {bid} and take {bid - 3}, and {'your side scores' if f.partnership else 'you score'} "
                              f"{minus}{-mine}, the other {'side' if f.partnership else 'player'} +{theirs}.")
    # the advisor's answer says it, the recommended bid (else the lowest offered) as the example
    hand, seat, dealer = _hand(rid, fmt)
    answer = api.dispatch({"cmd": "advise", "rules": rid, "format": fmt, "hand": hand, "seat": seat,
                           "dealer": dealer, "samples": 2})
    if "error" in answer:
        assert "trump is drawn" in answer["error"]["message"]
        return
    rec = answer["recommendation"]
    example = rec["bid"] if rec["bid"] is not None else min(b["bid"] for t in answer["trumps"] for b in t["bids"])
    assert answer["set_price"] == set_price(r, f, example)
