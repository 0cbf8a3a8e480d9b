"""What is my hand worth? Deals of the unseen cards played out for every trump the bidder may name.

:class:`Advisor` takes one seat's hand (with its ruleset and format, the dealer, the auction so far
and the face-up cards it sees), plays :meth:`Advisor.run` samples (at once or in slices, the same
answer) and sums them up in an :class:`Advice`: per trump (:class:`TrumpAdvice`) the side's points,
each bid's chance of making (:func:`wilson_interval`) and expected score, and the cards that took
the points; :meth:`Advice.recommend` is the call to make. :func:`advise` does it in one go; a bad
request raises :class:`AdviceError`. How it deals and plays, and why :data:`MAKE_CHANCE`:
develop/architecture.md, "What a hand is worth".
"""

from __future__ import annotations

import copy
from collections import OrderedDict
import itertools
import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..game.actions import PASS_ACTION, Action, ActionKind
from ..game.deal import PLAY_PHASE, Deal, Phase
from ..game.precompute import bits
from ..game.rng import check_seed, deal_seed, shuffled
from ..rules.bidding import Auction, Call, parse_call
from ..rules.cards import NO_TRUMP, Card, Trump, parse_cards
from ..rules.describe import percent, trump_phrase
from ..rules.dimensions import Declaration, KittyExchange, PileKind, Ruleset, UndealtKind
from ..rules.errors import RulesError
from ..rules.kitty import banned_trump_suits, bid_after_discards
from ..rules.rulesets import load_ruleset
from .hand_value import card_cost
from .playout import play_out

__all__ = ["Advisor", "Advice", "wilson_interval", "TrumpAdvice", "AdviceError", "MAKE_CHANCE", "MAX_SAMPLES", "SLICE", "advise",
           "advisor_for", "ADVISORS", "mean_half"]

#: A bid is recommended only if it is made at least this often (why: develop/architecture.md, "What a hand is worth").
MAKE_CHANCE = 2 / 3
#: The most samples one advisor plays (a request for more is refused).
MAX_SAMPLES = 20_000
#: :func:`advise` plays samples in slices of this many, stopping after the slice that brings every
#: trump's interval of the mean points within the precision asked for.
SLICE = 40
#: How many discard choices the kitty's discards try, cheapest first, before the trump counts as
#: not available in that sample.
_DISCARD_TRIES = 200
_Z = 1.96  # the 95% normal quantile


class AdviceError(RulesError):
    """A request the advisor cannot answer (the message names what was wrong and what is accepted)."""


def wilson_interval(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``k`` in ``n`` (it always contains ``k / n``)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_half(total: float, squares: float, n: int) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation; infinite below two samples)."""
    if n == 0:
        return 0.0, math.inf
    mean = total / n
    if n == 1:
        return mean, math.inf
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean, _Z * math.sqrt(var / n)


class _Tally:
    """What the samples of one trump add up to."""

    def __init__(self, total: int, bids: Sequence[int], hand: Sequence[int]) -> None:
        self.n = 0
        self.unavailable = 0
        self.points = [0] * (total + 1)  # how many samples the side took each number of points
        self.made = [0] * len(bids)
        self.score = [0.0] * len(bids)
        self.score_sq = [0.0] * len(bids)
        self.card_points = {c: 0 for c in hand}  # points of the tricks each card of the hand took
        # samples by outcome: (points each side took, the rise of the bid by the kitty's discards)
        self.outcomes: dict[tuple[tuple[int, ...], int], int] = {}


@dataclass(frozen=True)
class TrumpAdvice:
    """The figures of one trump after ``samples`` samples (see :class:`Advisor`)."""

    trump: Trump
    samples: int
    unavailable: int  # samples in which this trump could not be named (a kitty discard or lead rule)
    mean: float
    half_width: float  # of the mean's 95% interval
    distribution: tuple[int, ...]  # samples in which the side took 0, 1, 2, ... points
    bids: tuple[int, ...]
    p_make: tuple[float, ...]
    p_make_interval: tuple[tuple[float, float], ...]
    score: tuple[float, ...]  # the side's expected score change for each bid
    score_half_width: tuple[float, ...]
    card_points: tuple[tuple[Card, float], ...]  # each card of the hand: points a deal its tricks took
    #: Every sample's outcome, counted: (points each side took, in ``format.teams`` order; how much the
    #: kitty's discards raised the bid, 0 where they do not; how many samples ended so). Any bid's score
    #: in each sample follows from it through the ruleset's scoring, for both sides.
    outcomes: tuple[tuple[tuple[int, ...], int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON (rounded for reading)."""
        return {
            "trump": str(self.trump), "label": self.trump.label, "samples": self.samples, "unavailable": self.unavailable,
            "mean": round(self.mean, 3),
            "interval": [round(self.mean - self.half_width, 3), round(self.mean + self.half_width, 3)]
            if math.isfinite(self.half_width) else None,
            "distribution": list(self.distribution),
            "bids": [{"bid": b, "p_make": round(p, 4), "interval": [round(lo, 4), round(hi, 4)],
                      "score": round(s, 3),
                      "score_interval": [round(s - h, 3), round(s + h, 3)] if math.isfinite(h) else None}
                     for b, p, (lo, hi), s, h in zip(self.bids, self.p_make, self.p_make_interval, self.score,
                                                     self.score_half_width)],
            "cards": [{"card": str(c), "points": round(v, 3)} for c, v in self.card_points],
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer after ``samples`` samples: every trump's figures and the recommended call."""

    ruleset: str
    format: str
    seat: int
    samples: int
    trumps: tuple[TrumpAdvice, ...]

    @property
    def best(self) -> TrumpAdvice:
        """The trump with the most points on average (the first in the format's order on a tie)."""
        available = [t for t in self.trumps if t.samples] or list(self.trumps)
        return max(available, key=lambda t: t.mean)

    def recommend(self) -> tuple[Trump, int | None, str]:
        """The trump, the bid (None: pass) and one sentence of why (the rule: develop/architecture.md, "What a hand is worth")."""
        t = self.best
        bid = None
        for b, p, s in zip(t.bids, t.p_make, t.score):
            if p >= MAKE_CHANCE and s > 0:
                bid = b
        top = [(c, v) for c, v in t.card_points if v >= 0.5][:3] or list(t.card_points[:1])
        names = _and([str(c) for c, _ in top])
        figures = _and([f"{v:.1f}" for _, v in top])
        if bid is None:
            if t.bids:
                why = (f"even {trump_phrase(t.trump.label)}, the side takes {t.mean:.1f} points on average and makes the "
                       f"lowest bid, {t.bids[0]}, in {percent(t.p_make[0])} of deals; the best cards, {names}, take only "
                       f"{figures} points a deal")
            else:
                why = "no bid is left for this seat to make"
        else:
            i = t.bids.index(bid)
            why = (f"{trump_phrase(t.trump.label)}, the side takes {t.mean:.1f} points on average and makes {bid} in "
                   f"{percent(t.p_make[i])} of deals; {names} {'carries' if len(top) == 1 else 'carry'} the value, taking {figures} points a deal")
        return t.trump, bid, why[0].upper() + why[1:] + "."

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON."""
        trump, bid, why = self.recommend()
        return {"ruleset": self.ruleset, "format": self.format, "seat": self.seat, "samples": self.samples,
                "trumps": [t.to_json() for t in self.trumps],
                "recommendation": {"trump": str(trump), "label": trump.label, "call": "pass" if bid is None else str(bid),
                                   "bid": bid, "reason": why},
                "make_chance": round(MAKE_CHANCE, 4)}


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


class Advisor:
    """The samples of one request, played as asked for (:meth:`run`) and summed up (:meth:`advice`).

    ``hand``: the seat's cards (text or cards); ``seat``: 0 to players - 1 (seat 1 to the reader);
    ``dealer``: the dealer's seat (by default the seat on the seat's right, so that it calls
    first); ``auction``: the calls made so far, from the dealer's left (``"10"``, ``"pass"``);
    ``face_up``: face-up cards the seat can see (a format's face-up cards; a drawing pile's top).
    A request the advisor cannot answer raises :class:`AdviceError` naming the field at fault.

    >>> a = Advisor("parker-1947", "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10", seed=1)
    >>> a.run(40)
    40
    >>> adv = a.advice()
    >>> adv.samples, adv.best.trump.suit
    (40, 6)
    >>> adv.best.p_make[adv.best.bids.index(2)] >= adv.best.p_make[-1]
    True
    >>> adv.recommend()[2].startswith("With the /6 suit as trump, the side takes")
    True
    """

    def __init__(self, ruleset: Ruleset | str, hand: str | Iterable[Card], format_id: str | None = None, *,
                 seat: int = 0, dealer: int | None = None, auction: Iterable[str | Call] = (),
                 face_up: str | Iterable[Card] = (), seed: int = 0) -> None:
        try:
            r = load_ruleset(ruleset)
        except (RulesError, ValueError, TypeError) as e:
            raise AdviceError(str(e), field="rules") from None
        try:
            fmt = r.format(format_id)
        except (RulesError, ValueError, KeyError) as e:
            raise AdviceError(str(e), field="format") from None
        self.ruleset = r
        self.seed = check_seed(seed)
        n = fmt.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise AdviceError(f"the seat must be a whole number from 0 to {n - 1} in this format (seats 1 to {n} at "
                              f"the table), not {seat!r}", field="seat")
        if dealer is None:
            dealer = (seat - 1) % n
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise AdviceError(f"the dealer must be a seat from 0 to {n - 1} in this format (seats 1 to {n} at the "
                              f"table), not {dealer!r}", field="dealer")
        probe = Deal(r, fmt.id, dealer=dealer)
        self.format = fmt = probe.format
        if probe.drawn:
            raise AdviceError("trump is drawn in this ruleset and no one bids: there is no call to advise on",
                              field="rules")
        self.setup = setup = probe.setup
        self.seat, self.dealer = seat, dealer
        self.hand = self._hand(hand, fmt.hand_size)
        self.face_up = self._face_up(face_up)
        self.auction = self._auction(auction)
        cards = setup.index.cards
        of = setup.index.of
        mine = {of[c] for c in self.hand} | {of[c] for c in self.face_up}
        self.unseen = [i for i in setup.in_play if i not in mine]
        self.trumps = setup.trumps
        self.total = fmt.points_per_deal if setup.count_cards else fmt.tricks(r.deck) * setup.per_trick
        self.team = setup.team_of[seat]
        self.first_lead = r.declaration.value is Declaration.FIRST_LEAD
        exchange = r.undealt.value.exchange
        self.banked = exchange in (KittyExchange.ANY, KittyExchange.OWN_CARDS, KittyExchange.NONE)
        hand_ints = [of[c] for c in self.hand]
        self.tallies = [_Tally(self.total, self.bids, hand_ints) for _ in self.trumps]
        self.done = 0
        self._cards = cards

    # --- checking the request ------------------------------------------------------------

    def _cards_of(self, text: str | Iterable[Card], field: str) -> list[Card]:
        try:
            got = parse_cards(text if isinstance(text, str) else [str(c) if isinstance(c, Card) else c for c in text],
                              self.ruleset.deck)
        except (RulesError, ValueError, TypeError) as e:
            raise AdviceError(str(e), field=field) from None
        seen: set[Card] = set()
        in_play = {self.setup.index.cards[i] for i in self.setup.in_play}
        for c in got:
            if c in seen:
                raise AdviceError(f"{c} is given twice in the {field.replace('_', '-')} cards", field=field)
            if c not in in_play:
                raise AdviceError(f"{c} is not dealt in the {self.format.id} format of {self.ruleset.name}",
                                  field=field)
            seen.add(c)
        return list(got)

    def _hand(self, text: str | Iterable[Card], size: int) -> tuple[Card, ...]:
        got = self._cards_of(text, "hand")
        if len(got) != size:
            raise AdviceError(f"the hand has {len(got)} cards; a hand in the {self.format.id} format of "
                              f"{self.ruleset.name} has {size}", field="hand")
        return tuple(got)

    def _face_up(self, text: str | Iterable[Card]) -> tuple[Card, ...]:
        got = self._cards_of(text, "face_up")
        fmt = self.format
        if fmt.pile is not PileKind.NONE:
            room = fmt.face_up_from_pile + (1 if fmt.pile is PileKind.FACE_UP else 0)
        elif self.setup.undealt_kind is UndealtKind.FACE_UP:
            room = fmt.undealt
        else:
            room = 0
        if len(got) > room:
            raise AdviceError(f"{len(got)} face-up cards given; the {fmt.id} format of {self.ruleset.name} shows "
                              f"{room} before the first trick" if room else
                              f"the {fmt.id} format of {self.ruleset.name} has no face-up cards", field="face_up")
        for c in got:
            if c in self.hand:
                raise AdviceError(f"{c} is both in the hand and face up", field="face_up")
        return tuple(got)

    def _auction(self, calls: Iterable[str | Call]) -> tuple[Call, ...]:
        a = Auction(self.ruleset.bidding.value, self.format.players, self.format.points_per_deal)
        made: list[Call] = []
        for raw in calls:
            try:
                call = raw if isinstance(raw, Call) else parse_call(raw)
            except (RulesError, ValueError) as e:
                raise AdviceError(str(e), field="auction") from None
            why = a.can(call)
            if why is not None:
                raise AdviceError(f"call {len(made) + 1} of the auction ({call}) is not allowed: {why}", field="auction")
            a.do(call)
            made.append(call)
        n = self.format.players
        to_act = a.to_act
        if to_act is None or (self.dealer + 1 + to_act) % n != self.seat:
            who = "no one (the auction is over)" if to_act is None else f"seat {(self.dealer + 1 + to_act) % n + 1}"
            raise AdviceError(f"after these calls it is {who} to call, not seat {self.seat + 1}: give the calls made "
                              f"before the seat's turn, from the dealer's left", field="auction")
        self.bids = tuple(c.bid for c in a.legal_calls() if c.bid is not None)
        if not self.bids:
            raise AdviceError("the seat has no bid left to make in this auction", field="auction")
        return tuple(made)

    # --- the samples ---------------------------------------------------------------------

    def _deal(self, k: int) -> Deal | None:
        """Sample ``k`` dealt and bid: the seat has won the auction (None if it cannot)."""
        fmt = self.format
        n = fmt.players
        order = shuffled(self.unseen, deal_seed(self.seed, k))
        cards = self._cards
        hands: list[list[Card]] = []
        at = 0
        for s in range(n):
            if s == self.seat:
                hands.append(list(self.hand))
            else:
                hands.append([cards[i] for i in order[at: at + fmt.hand_size]])
                at += fmt.hand_size
        rest = list(self.face_up) + [cards[i] for i in order[at:]]
        deal = Deal(self.ruleset, fmt.id, dealer=self.dealer)
        deal.apply(Action.deal(hands, rest))
        for call in self.auction:
            deal.apply(Action.bid(call.bid) if call.bid is not None else PASS_ACTION)
        deal.apply(Action.bid(self.bids[0]))
        while deal.phase is Phase.AUCTION:
            acts = deal.legal_actions()
            passing = [a for a in acts if a.kind is ActionKind.PASS]
            if not passing:
                return None
            deal.apply(passing[0])
        return deal

    def _discard(self, deal: Deal, trump: Trump) -> bool:
        """The seat's discards from the kitty for ``trump`` (cheapest first); False if none keeps ``trump``."""
        hand = deal.hand(deal.current_player)
        count = deal.pack.count_value

        def keep(c: Card) -> float:
            v = card_cost(c, trump, count(c))
            if self.banked and count(c) and not (trump.is_trump(c) and not c.is_ss):
                v -= 200  # a discarded count card is banked for the bidder
            return v

        ordered = sorted(hand, key=lambda c: (keep(c), Card.sort_key(c)))
        for combo in itertools.islice(itertools.combinations(ordered, len(deal.kitty)), _DISCARD_TRIES):
            if trump.suit is not None and trump.suit in banned_trump_suits(self.ruleset, combo):
                continue
            action = Action.discard(combo)
            if deal.can(action) is None:
                deal.apply(action)
                return True
        return False

    def _declare(self, deal: Deal, trump: Trump) -> bool:
        """Name ``trump`` (or declare it by the first lead); False if the rules do not allow it here."""
        if deal.phase is Phase.KITTY and not self._discard(deal, trump):
            return False
        if trump not in deal.allowed_trumps():
            return False
        if deal.phase is Phase.TRUMP:
            deal.apply(Action.name_trump(trump))
            return True
        if deal.trick_tables is not None:
            return False
        if trump.is_no_trump:
            deal.apply(Action.name_trump(NO_TRUMP))
            return True
        # the first lead declares trump: the highest card of the suit that may declare it
        # (the play tables of that trump say which cards may lead to the first trick, as the play phase's
        # own check of a declaring lead does)
        tables = deal.setup.trick_tables(trump)
        seat = deal.current_player
        hand = deal.hands[seat]
        suit = tables.follow.get(trump.suit, 0) if trump.suit is not None else 0
        leads = tables.legal_mask(hand, (), True) & suit & hand
        if tables.ss >= 0:
            leads &= ~(1 << tables.ss)
        if not leads:
            return False
        i = max(bits(leads), key=lambda c: tables.rank[c])
        deal.history.append(deal.index.play_actions[i])
        PLAY_PHASE.put(deal, i)
        return True

    def run(self, samples: int) -> int:
        """Play ``samples`` more samples (in order); returns how many have been played in all."""
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 0:
            raise AdviceError(f"the number of samples must be a whole number from 0, not {samples!r}", field="samples")
        if self.done + samples > MAX_SAMPLES:
            raise AdviceError(f"an advisor plays at most {MAX_SAMPLES:,} samples", field="samples")
        n = self.format.players
        per_trick = self.setup.per_trick
        card_points = self.setup.card_points
        score = self.setup.score
        bids = self.bids
        for k in range(self.done, self.done + samples):
            base = self._deal(k)
            for t, tally in zip(self.trumps, self.tallies):
                if base is None:
                    tally.unavailable += 1
                    continue
                deal = _fork(base)
                if not self._declare(deal, t):
                    tally.unavailable += 1
                    continue
                play_out(deal)
                taken = deal.team_points()
                mine = taken[self.team]
                tally.n += 1
                tally.points[min(mine, self.total)] += 1
                rise = bid_after_discards(self.ruleset, bids[0], deal.discards) - bids[0] if deal.discards else 0
                key = (tuple(taken), rise)
                tally.outcomes[key] = tally.outcomes.get(key, 0) + 1
                for j, b in enumerate(bids):
                    to_make = bid_after_discards(self.ruleset, b, deal.discards) if deal.discards else b
                    if mine >= to_make:
                        tally.made[j] += 1
                    s = score(self.seat, to_make, taken)[self.team]
                    tally.score[j] += s
                    tally.score_sq[j] += s * s
                first = True
                for leader, trick, winner, _ in deal.trick_log:
                    if winner == self.seat:
                        c = trick[(self.seat - leader) % n]
                        if c in tally.card_points:
                            pts = per_trick + sum(card_points[x] for x in trick)
                            if first:
                                pts += sum(card_points[x] for x in deal.face_up)
                            tally.card_points[c] += pts
                    first = False
        self.done += samples
        return self.done

    def advice(self) -> Advice:
        """The figures so far."""
        out = []
        cards = self._cards
        for t, tally in zip(self.trumps, self.tallies):
            n = tally.n
            total = sum(p * c for p, c in enumerate(tally.points))
            squares = sum(p * p * c for p, c in enumerate(tally.points))
            mean, half = mean_half(total, squares, n)
            p_make, intervals, scores, score_half = [], [], [], []
            for j in range(len(self.bids)):
                p_make.append(tally.made[j] / n if n else 0.0)
                intervals.append(wilson_interval(tally.made[j], n))
                m, h = mean_half(tally.score[j], tally.score_sq[j], n)
                scores.append(m)
                score_half.append(h)
            per_card = sorted(((cards[c], v / n if n else 0.0) for c, v in tally.card_points.items()),
                              key=lambda cv: (-cv[1], Card.sort_key(cv[0])))
            out.append(TrumpAdvice(t, n, tally.unavailable, mean, half, tuple(tally.points), self.bids, tuple(p_make),
                                   tuple(intervals), tuple(scores), tuple(score_half), tuple(per_card),
                                   tuple((taken, rise, k) for (taken, rise), k in sorted(tally.outcomes.items()))))
        return Advice(self.ruleset.id, self.format.id, self.seat, self.done, tuple(out))

    def precise(self, half_width: float) -> bool:
        """Whether every trump that can be named has its mean points within ``half_width`` (95%)."""
        for tally in self.tallies:
            if tally.n == 0:
                if tally.unavailable < self.done or not self.done:
                    return False
                continue
            total = sum(p * c for p, c in enumerate(tally.points))
            squares = sum(p * p * c for p, c in enumerate(tally.points))
            if mean_half(total, squares, tally.n)[1] > half_width:
                return False
        return True


def _fork(deal: Deal) -> Deal:
    """An independent copy of ``deal`` between the auction and the play (quicker than a replay)."""
    d = copy.copy(deal)
    d.hands = list(deal.hands)
    d.pile = list(deal.pile)
    d.kitty = list(deal.kitty)
    d.history = list(deal.history)
    d.trick = list(deal.trick)
    d.trick_log = list(deal.trick_log)
    d.taken = list(deal.taken)
    d.tricks_won = list(deal.tricks_won)
    return d


def advise(ruleset: Ruleset | str, hand: str | Iterable[Card], format_id: str | None = None, *, seat: int = 0,
           dealer: int | None = None, auction: Iterable[str | Call] = (), face_up: str | Iterable[Card] = (),
           seed: int = 0, samples: int | None = None, precision: float = 1.0, max_samples: int = 2000) -> Advice:
    """The advice after ``samples`` samples, or (``samples`` None) after slices of :data:`SLICE` until
    every trump's mean points is known within ``precision`` (95%) or ``max_samples`` are played."""
    a = Advisor(ruleset, hand, format_id, seat=seat, dealer=dealer, auction=auction, face_up=face_up, seed=seed)
    if samples is not None:
        a.run(samples)
        return a.advice()
    if not 0 < max_samples <= MAX_SAMPLES:
        raise AdviceError(f"max_samples must be from 1 to {MAX_SAMPLES:,}", field="max_samples")
    while a.done < max_samples:
        a.run(min(SLICE, max_samples - a.done))
        if a.precise(precision):
            break
    return a.advice()


#: Advisors kept between requests (the oldest go first past :data:`MAX_ADVISORS`): a page that asks
#: for a hand's advice in slices (40 samples, then 80, ...) plays each sample once.
ADVISORS: OrderedDict[tuple[object, ...], Advisor] = OrderedDict()
MAX_ADVISORS = 8


def advisor_for(ruleset: Ruleset | str, hand: str | Iterable[Card], format_id: str | None = None, *, seat: int = 0,
                dealer: int | None = None, auction: Iterable[str | Call] = (), face_up: str | Iterable[Card] = (),
                seed: int = 0, samples: int = 0) -> Advisor:
    """An advisor for the request that has played at most ``samples`` samples: a kept one when the
    same request was asked before (it then carries on), else a new one. Its answer after ``samples``
    is the same either way."""
    fresh = Advisor(ruleset, hand, format_id, seat=seat, dealer=dealer, auction=auction, face_up=face_up, seed=seed)
    key = (fresh.ruleset.id, fresh.ruleset.option_applied, fresh.format.id, frozenset(fresh.hand), fresh.seat,
           fresh.dealer, fresh.auction, fresh.face_up, fresh.seed)
    kept = ADVISORS.get(key)
    if kept is not None and kept.done <= samples:
        ADVISORS.move_to_end(key)
        return kept
    ADVISORS[key] = fresh
    while len(ADVISORS) > MAX_ADVISORS:
        ADVISORS.popitem(last=False)
    return fresh
