"""Bots that bid with the advisor: ``heuristic+advisor`` and ``sampling+advisor``.

:class:`AdvisorBidder` wraps a bot and makes its calls from the advisor's figures
(:class:`somerset.players.advisor.Advisor`, :data:`BID_SAMPLES` samples a call, seeded from the
bot's seed and the number of actions so far); having won the auction it names the advisor's best
trump. Its cards are the wrapped bot's. These bots are not in
:data:`somerset.players.roster.BOTS`, so links never name them and the bots' version is untouched.
How they bid, and why: develop/architecture.md, "Bots"; how well: develop/benchmarks.md,
"Advisor bidding".
"""

from __future__ import annotations

from typing import Sequence

from ..game.actions import PASS_ACTION, Action, ActionKind
from ..game.deal import Deal, Phase
from ..game.rng import SplitMix64
from ..rules.bidding import Call
from ..rules.cards import NO_TRUMP, Card, Trump
from ..rules.dimensions import AuctionStyle, KittyExchange
from ..rules.kitty import banned_trump_suits
from .advisor import MAKE_CHANCE, Advice, AdviceError, Advisor
from .hand_value import card_cost
from .bots import Bot

__all__ = ["AdvisorBidder", "BID_SAMPLES", "Forecast"]

#: Samples the advisor plays for one call (each for every trump the bidder may name).
BID_SAMPLES = 24

_MASK = (1 << 64) - 1


class Forecast:
    """What the advisor said at the bot's last bid: the bid, the trump and the chance of making it."""

    __slots__ = ("history", "bid", "trump", "p_make")

    def __init__(self, history: int, bid: int, trump: Trump, p_make: float) -> None:
        self.history, self.bid, self.trump, self.p_make = history, bid, trump, p_make

    def __repr__(self) -> str:
        return f"Forecast(bid={self.bid}, trump={self.trump}, p_make={self.p_make:.3f})"


class AdvisorBidder:
    """A bot whose calls (and trump) come from the advisor, its other actions from ``base``.

    ``samples``: the advisor's samples a call (:data:`BID_SAMPLES`). ``forecasts``: the advisor's
    figures for each bid the bot made, in order (the benchmark's calibration reads them).

    >>> from somerset.game.deal import new_deal
    >>> from somerset.players.autoplay import play_deal
    >>> from somerset.players.roster import make_bots
    >>> deal = play_deal(new_deal("parker-1947", seed=3), make_bots("heuristic+advisor", 4, 3))
    >>> deal.is_terminal()
    True
    """

    def __init__(self, base: Bot, seed: int, samples: int = BID_SAMPLES) -> None:
        if samples < 1:
            raise ValueError("the advisor bidder needs at least one sample a call")
        self.base = base
        self.name = f"{base.name}+advisor"
        self.seed = seed
        self.samples = samples
        self.trump: Trump | None = None
        self.forecasts: list[Forecast] = []

    def act(self, deal: Deal) -> Action:
        """A call from the advisor, its trump and the discards for it; the base bot's cards."""
        p = deal.phase
        if p is Phase.AUCTION:
            return self._call(deal)
        if self.trump is not None and deal.current_player == deal.declarer:
            if p is Phase.KITTY:
                return self._discard(deal, self.trump)
            if p is Phase.TRUMP and self.trump in deal.allowed_trumps():
                return Action.name_trump(self.trump)
            if p is Phase.PLAY and deal.trump is None and self.trump in deal.allowed_trumps():
                lead = self._declaring_lead(deal, self.trump)
                if lead is not None:
                    return lead
        return self.base.act(deal)

    def advice(self, deal: Deal) -> Advice:
        """The advisor's figures for this seat's call now (raises :class:`AdviceError` if it cannot answer)."""
        seat = deal.current_player
        calls = [Call(a.number if a.kind is ActionKind.BID else None) for a in deal.history
                 if a.kind in (ActionKind.BID, ActionKind.PASS)]
        cards = deal.index.cards
        seed = SplitMix64((self.seed ^ (len(deal.history) * 0x9E3779B97F4A7C15)) & _MASK).next()
        advisor = Advisor(deal.ruleset, deal.hand(seat), deal.format.id, seat=seat, dealer=deal.dealer,
                          auction=calls, face_up=[cards[c] for c in deal.face_up], seed=seed)
        advisor.run(self.samples)
        return advisor.advice()

    def _call(self, deal: Deal) -> Action:
        legal = deal.legal_actions()
        bids = [a for a in legal if a.kind is ActionKind.BID]
        can_pass = any(a.kind is ActionKind.PASS for a in legal)
        if not bids:
            return legal[0]
        try:
            advice = self.advice(deal)
        except AdviceError:
            return self.base.act(deal)
        trump, bid, _ = advice.recommend()
        t = advice.best
        self.trump = trump
        if bid is None or not any(a.number == bid for a in bids):
            if can_pass:
                return PASS_ACTION
            bid = bids[0].number
            assert bid is not None
        elif _bids_again(deal):
            # Every surveyed ruleset scores a made bid by the points taken, not by the bid: where the
            # auction comes back round, the lowest bid allowed keeps the bid, and the advisor's bid is the
            # ceiling to compete up to, so the contract is played no higher than the others forced.
            low = bids[0].number
            assert low is not None
            bid = min(bid, low)
        else:
            # Bidding once, the whole ceiling: only a bid whose chance of making clears the advisor's
            # threshold at the low end of its 95% interval, since the highest bid that clears it on the
            # estimate alone is most often one where the estimate ran high.
            sure = [b for b, (lo, _), s in zip(t.bids, t.p_make_interval, t.score)
                    if lo >= MAKE_CHANCE and s > 0 and any(a.number == b for a in bids)]
            if sure:
                bid = max(sure)
            elif can_pass:
                return PASS_ACTION
        p = t.p_make[t.bids.index(bid)] if bid in t.bids else 0.0
        self.forecasts.append(Forecast(len(deal.history), bid, t.trump, p))
        return Action.bid(bid)

    def _discard(self, deal: Deal, trump: Trump) -> Action:
        """The heuristic bot's discards, chosen for the advisor's trump (a choice that bars it is skipped)."""
        banked = deal.ruleset.undealt.value.exchange in (KittyExchange.ANY, KittyExchange.OWN_CARDS, KittyExchange.NONE)
        count = deal.pack.count_value

        def keep(c: Card) -> float:
            v = card_cost(c, trump, count(c))
            if banked and count(c) and not (trump.is_trump(c) and not c.is_ss):
                v -= 200  # a discarded count card is banked for the bidder
            return v

        ranked = sorted(deal.legal_actions(), key=lambda a: (sum(keep(c) for c in a.cards), _order(a.cards)))
        for a in ranked:
            if trump.suit is None or trump.suit not in banned_trump_suits(deal.ruleset, a.cards):
                return a
        return ranked[0]

    @staticmethod
    def _declaring_lead(deal: Deal, trump: Trump) -> Action | None:
        """The lead that declares ``trump`` (the highest card of its suit), or None if none may."""
        if trump.is_no_trump:
            return Action.name_trump(NO_TRUMP)
        of_suit = [a for a in deal.legal_actions() if a.kind is ActionKind.PLAY and a.cards[0].suit == trump.suit]
        return max(of_suit, key=lambda a: a.cards[0].rank) if of_suit else None


def _bids_again(deal: Deal) -> bool:
    """Whether the seat to call may be outbid and then bid again (an auction that goes round), or
    calls last of a single round (nobody can outbid it): either way no more than the lowest bid is needed now."""
    auction = deal.auction
    assert auction is not None
    if auction.rule.style is AuctionStyle.AUCTION:
        return True
    return len(auction.calls) == auction.players - 1


def _order(cards: Sequence[Card]) -> tuple[tuple[int, int], ...]:
    return tuple(Card.sort_key(c) for c in cards)
