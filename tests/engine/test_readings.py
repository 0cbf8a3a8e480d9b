"""Three readings of the sources, each settled in the rulesets' data and applied by the engine:

- somersetcards.com's "bidding starts at 15": the bid is forced on the dealer when the first three
  pass, at 15, and nobody may bid over him;
- Hodges 1903's competitive bidding is offered "where three or four play": two players keep the
  one round of bids;
- Triple 2009 and somersetgame.com: the bidder "replaces any two cards in his hand with the kitty
  cards", so the kitty's cards stay and he discards cards he was dealt.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from somerset import get_ruleset, load_ruleset
from somerset.game.actions import Action, ActionKind
from somerset.rules.bidding import Auction, AuctionError, Call
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.teaching.contentfile import ContentError, ContentFile
from somerset.game.deal import Deal, Phase, new_deal
from somerset.rules.errors import RulesError
from somerset.rules.kitty import check_discards, discards_problem
from somerset.teaching.puzzles import THEMES, load_puzzles
from somerset.rules.dimensions import AllPass, AuctionStyle, KittyExchange
from somerset.rules.cards import parse_cards, parse_trump

# --- somersetcards.com: bidding starts at 15 ---------------------------------------------------


def start_at_15() -> Auction:
    return Auction(load_ruleset("somersetcards-com", ["start-at-15"]).bidding.value, players=4, maximum=24)


def test_the_variation_is_data_with_its_reading_recorded() -> None:
    r = load_ruleset("somersetcards-com", ["start-at-15"])
    assert r.bidding.value.all_pass is AllPass.DEALER_AT_MINIMUM and r.bidding.value.minimum == 15
    option = next(o for o in get_ruleset("somersetcards-com").options.value if o.id == "start-at-15")
    assert option.interpretation is not None and "may not come back in over him" in option.interpretation
    assert "nobody may bid over him" in r.bidding.summary


def test_the_dealer_forced_after_three_passes_takes_the_bid_at_15_and_keeps_it() -> None:
    a = start_at_15().run(["pass", "pass", "pass"])
    assert a.dealer_must_bid and [str(c) for c in a.legal_calls()] == ["15"]
    assert a.can(Call(16)) == "everyone else has passed, so the dealer takes the bid at 15, and no more"
    a.do(Call(15))
    assert a.is_over and a.high == (3, 15) and a.legal_calls() == [] and a.to_act is None
    why = a.can(Call(16))
    assert why is not None and "forced on the dealer, and nobody may bid over it" in why
    with pytest.raises(AuctionError, match="nobody may bid over it"):
        a.do(Call(16))
    with pytest.raises(AuctionError, match="the auction is over"):
        a.do(Call(None))


def test_a_bid_the_dealer_chooses_to_make_can_still_be_overbid() -> None:
    # Only the forced bid ends the auction: a dealer who outbids someone may be outbid in turn.
    a = start_at_15().run(["15", "pass", "pass", "16"])
    assert not a.is_over and a.to_act == 0 and [str(c) for c in a.legal_calls()][:2] == ["pass", "17"]
    a.run(["17", "pass", "pass", "pass"])
    assert a.is_over and a.high == (0, 17)
    # Three passes then a bid by the first player: the round is not over, nothing is forced.
    a = start_at_15().run(["pass", "pass", "15"])
    assert not a.dealer_must_bid and [str(c) for c in a.legal_calls()][:2] == ["pass", "16"]


def test_in_a_deal_the_forced_dealer_is_the_bidder_at_15() -> None:
    for dealer in range(4):
        d = new_deal("somersetcards-com", None, 7, dealer=dealer, options=["start-at-15"])
        for _ in range(3):
            d.apply("pass")
        assert [str(a) for a in d.legal_actions()] == ["bid 15"]
        d.apply("bid 15")
        assert d.phase is Phase.KITTY and d.declarer == dealer and d.bid == 15


def test_the_bots_never_bid_over_a_forced_dealer() -> None:
    forced = 0
    for seed in range(40):
        deal = play_deal(new_deal("somersetcards-com", None, seed, options=["start-at-15"]), make_bots("heuristic", 4, seed))
        assert deal.auction is not None
        calls = [c for _, c in deal.auction.calls]
        if all(c.is_pass for c in calls[:3]):
            forced += 1
            assert [str(c) for c in calls] == ["pass", "pass", "pass", "15"] and deal.bid == 15
    assert forced  # 15 is a high opening: the bots pass often enough for the case to come up


def test_minden_senior_centers_forced_dealer_is_unchanged() -> None:
    m = get_ruleset("minden-senior-center")
    a = Auction(m.bidding.value, 4, 24).run(["pass", "pass", "pass"])
    assert [str(c) for c in a.legal_calls()] == ["12"]
    a.do(Call(12))
    assert a.is_over and a.high == (3, 12)
    a = Auction(m.bidding.value, 4, 24).run(["pass", "13", "pass"])
    assert [str(c) for c in a.legal_calls()][:3] == ["pass", "14", "15"]


# --- Hodges 1903: competitive bidding where three or four play ----------------------------------


def test_competitive_bidding_is_offered_to_three_or_four_players_only() -> None:
    h = get_ruleset("hodges-1903")
    option = next(o for o in h.options.value if o.id == "competitive-bidding")
    assert option.formats == ("four-partners", "three-without-01", "three-without-00")
    assert option.interpretation is not None and "three or four play" in option.interpretation
    with_option = h.with_option("competitive-bidding")
    assert [f.id for f in with_option.formats.value] == ["four-partners", "three-without-01", "three-without-00"]
    with pytest.raises(RulesError, match="no format 'two' here: the option competitive-bidding is written for"):
        new_deal("hodges-1903", "two", 1, options=["competitive-bidding"])


def test_two_players_bid_once_each_the_dealers_opponent_first() -> None:
    h = get_ruleset("hodges-1903")
    assert h.bidding.value.style is AuctionStyle.ONE_ROUND
    d = new_deal(h, "two", 3, dealer=1)
    assert d.current_player == 0
    d.apply("bid 8")
    assert d.current_player == 1
    d.apply("bid 9")  # the dealer's bid ends the round: player 0 may not raise
    assert d.phase is not Phase.AUCTION and d.declarer == 1 and d.bid == 9
    d = new_deal(h, "two", 3, dealer=1)
    d.apply("bid 8")
    d.apply("pass")
    assert d.declarer == 0 and d.bid == 8


def test_three_players_with_competitive_bidding_go_round_again() -> None:
    d = new_deal("hodges-1903", "three-without-01", 3, dealer=2, options=["competitive-bidding"])
    for call in ("bid 5", "bid 6", "pass"):
        d.apply(call)
    assert d.phase is Phase.AUCTION and d.current_player == 0
    d.apply("bid 7")
    d.apply("pass")
    d.apply("pass")
    assert d.phase is not Phase.AUCTION and d.declarer == 0 and d.bid == 7


# --- Triple 2009 and somersetgame.com: the kitty's cards stay ------------------------------------


def to_kitty(ruleset: str, fmt: str | None, seed: int) -> Deal:
    """A deal whose first player bids the lowest bid and the others pass, stopped at the kitty."""
    d = new_deal(ruleset, fmt, seed)
    low = next(a for a in d.legal_actions() if a.kind is ActionKind.BID)
    d.apply(low)
    while d.phase is Phase.AUCTION:
        d.apply("pass")
    assert d.phase is Phase.KITTY
    return d


@pytest.mark.parametrize("ruleset,fmt", [("triple-2009", "six-2x3"), ("triple-2009", "five-single"),
                                         ("triple-2009", "eight-4x2"), ("somersetgame-com", None)])
def test_the_bidder_keeps_the_kitty_and_discards_cards_he_was_dealt(ruleset: str, fmt: str | None) -> None:
    r = get_ruleset(ruleset)
    assert r.undealt.value.exchange.keeps_kitty
    assert r.undealt.interpretation is not None and "may not go back" in r.undealt.interpretation
    for seed in range(4):
        d = to_kitty(ruleset, fmt, seed)
        assert d.declarer is not None
        kitty = [d.index.cards[i] for i in d.kitty]
        dealt = d.dealt[d.declarer]
        legal = d.legal_actions()
        assert legal and all(set(a.cards) <= set(dealt) and len(a.cards) == len(kitty) for a in legal)
        # every choice of his own cards is allowed ("any two cards in his hand")
        assert len(legal) == sum(1 for _ in combinations(dealt, len(kitty)))
        back = Action(ActionKind.DISCARD, cards=(kitty[0], *dealt[: len(kitty) - 1]))
        why = d.can(back)
        assert why is not None and f"{kitty[0]} came from the kitty" in why
        with pytest.raises(RulesError, match="came from the kitty"):
            d.apply(back)
        d.apply(legal[0])
        assert set(kitty) <= set(d.hand(d.declarer))


@pytest.mark.parametrize("ruleset,fmt", [("somersetcards-com", None), ("parker-1947-house", "three-kitty")])
def test_where_the_bidder_may_replace_any_cards_a_kitty_card_may_go_back(ruleset: str, fmt: str | None) -> None:
    assert get_ruleset(ruleset).undealt.value.exchange is KittyExchange.ANY
    d = to_kitty(ruleset, fmt, 5)
    kitty = [d.index.cards[i] for i in d.kitty]
    assert d.can(Action(ActionKind.DISCARD, cards=tuple(kitty))) is None
    assert any(set(a.cards) & set(kitty) for a in d.legal_actions())


def test_the_kitty_rule_is_applied_by_the_shared_kitty_functions() -> None:
    triple, sc = get_ruleset("triple-2009"), get_ruleset("somersetcards-com")
    hand = parse_cards("5/9 0/3 1/12 2/12", triple.deck)
    kitty = hand[:2]
    trumps = triple.trumps("six-2x3")
    assert "came from the kitty" in (discards_problem(triple, hand, hand[1:3], 2, trumps, kitty) or "")
    assert discards_problem(triple, hand, hand[2:], 2, trumps, kitty) is None
    checks = check_discards(triple, parse_trump("12", triple.deck), hand, kitty)
    assert [c.allowed for c in checks] == [False, False, True, True]
    sc_hand = parse_cards("4/8 0/2 1/12 2/12", sc.deck)
    assert discards_problem(sc, sc_hand, sc_hand[:2], 2, sc.trumps(), sc_hand[:2]) is None
    # somersetgame.com still raises the bid by the count cards discarded from the dealt hand
    assert get_ruleset("somersetgame-com").undealt.value.exchange.count_raises_bid


def test_a_discard_puzzle_under_a_ruleset_that_keeps_the_kitty_is_refused() -> None:
    text = '''
[[puzzle]]
id = "my-discard"
title = "What may go back?"
ruleset = "triple-2009"
theme = "kitty"
kind = "discard"
question = "Which cards may you discard?"
trump = "10"
hand = "5/10, 7/10, 4/8, 1/2, 3/12"
answer = "3/12"
hint = "h"
explanation = "e"
'''
    with pytest.raises(ContentError, match="keeps the kitty's cards and discards any of the cards he was dealt"):
        load_puzzles([ContentFile("my.toml", text)], THEMES)
