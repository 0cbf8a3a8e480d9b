"""Computer players: :class:`RandomBot` (uniform), :class:`HeuristicBot` (rules of thumb, valuing
hands and cards by :mod:`somerset.players.hand_value`) and :class:`SamplingBot` (``sampling``: plays
as ``heuristic`` until the ending, then solves deals that agree with what its seat has seen and
plays the card that takes the most points over them), all meeting the :class:`Bot` protocol
(``act(deal)``). All are deterministic for a seed and use only what their seat may know. They are
made by name in :mod:`somerset.players.roster` and play whole deals in
:mod:`somerset.players.autoplay`. More: develop/architecture.md, "Bots".
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Protocol, Sequence

from ..game.actions import PASS_ACTION, Action, ActionKind
from ..game.deal import Deal, Phase
from ..game.precompute import bits
from ..game.rng import SplitMix64
from ..rules.cards import NO_TRUMP, Card, Trump
from ..rules.dimensions import AuctionStyle, KittyExchange
from ..solve import position, solve
from .determinize import SamplingError, knowledge, sample
from .hand_value import card_cost, estimate

__all__ = ["Bot", "RandomBot", "HeuristicBot", "SamplingBot", "ENDING_CARDS", "SAMPLES", "SOLVE_NODES", "CHOICES",
           "MAX_CHOICES"]


class Bot(Protocol):
    """A computer player: ``act`` chooses the action of the seat to act."""

    name: str

    def act(self, deal: Deal) -> Action:
        """The action to take in ``deal``, where this bot's seat is to act."""
        ...


class RandomBot:
    """Uniform over the legal actions (for tests and the benchmark)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)

    def act(self, deal: Deal) -> Action:
        """A uniformly random legal action."""
        acts = deal.legal_actions()
        if not acts:
            raise ValueError("no legal action: the deal is over or waiting for a chance step")
        return acts[self.rng.below(len(acts))] if len(acts) > 1 else acts[0]


class HeuristicBot:
    """Bids from hand strength, names its best suit, and plays a careful card.

    In play it wins as cheaply as it can, does not overtake a partner who is winning, feeds count
    cards to a partner who has the trick, keeps the S/S until it is safe, leads its top trumps to
    draw the others', and uses the Rover when no double can take it.

    >>> from somerset import get_ruleset, new_deal
    >>> deal = new_deal(get_ruleset("parker-1947"), None, 7)
    >>> HeuristicBot(1).act(deal) in deal.legal_actions()
    True
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, boldness: float = 1.1) -> None:
        self.rng = SplitMix64(seed)
        self.boldness = boldness

    # --- the whole turn ------------------------------------------------------------------

    def act(self, deal: Deal) -> Action:
        """The bot's choice: a bid from hand strength, its best trump, the discards it values least, a careful card."""
        p = deal.phase
        if p is Phase.AUCTION:
            return self._bid(deal)
        if p is Phase.KITTY:
            return self._discard(deal)
        if p is Phase.TRUMP:
            return Action.name_trump(self._best_trump(deal, deal.hand(deal.current_player), deal.allowed_trumps())[0])
        if p is Phase.PLAY:
            return self._play(deal)
        raise ValueError("no action for a bot: the deal is over or waiting for a chance step")

    def _best_trump(self, deal: Deal, hand: Sequence[Card], trumps: Sequence[Trump]) -> tuple[Trump, float]:
        fmt = deal.format
        partners = len(fmt.teams[0])
        tricks = fmt.tricks(deal.pack)
        best: tuple[Trump, float] | None = None
        for t in trumps:
            e = estimate(deal.ruleset, hand, t, fmt.players, partners, deal.total_points, tricks)
            if best is None or e > best[1]:
                best = (t, e)
        assert best is not None
        return best

    def _bid(self, deal: Deal) -> Action:
        legal = deal.legal_actions()
        bids = [a for a in legal if a.kind is ActionKind.BID]
        can_pass = any(a.kind is ActionKind.PASS for a in legal)
        if not bids:
            return legal[0]
        hand = deal.hand(deal.current_player)
        if deal.kitty:  # the kitty will add cards: value the hand a little higher
            hand_bonus = 0.5 * len(deal.kitty)
        else:
            hand_bonus = 0.0
        _, est = self._best_trump(deal, hand, deal.setup.trumps)
        noise = (self.rng.below(5) - 2) * 0.5
        target = int((est + hand_bonus + noise) * self.boldness)
        if not can_pass:
            return bids[0]
        lowest = bids[0].number
        assert lowest is not None
        worth_bidding = deal.total_points / len(deal.format.teams) * 0.75
        if lowest > target or target < worth_bidding:
            return PASS_ACTION
        if deal.ruleset.bidding.value.style is AuctionStyle.ONE_ROUND:
            return Action.bid(min(target, deal.total_points))
        assert deal.auction is not None
        if deal.auction.high is None:  # open a few points below what the hand is worth
            return Action.bid(max(lowest, min(target - 3, deal.total_points)))
        return bids[0]

    def _discard(self, deal: Deal) -> Action:
        seat = deal.current_player
        hand = deal.hand(seat)
        trump, _ = self._best_trump(deal, hand, deal.setup.trumps)
        banked = deal.ruleset.undealt.value.exchange in (KittyExchange.ANY, KittyExchange.OWN_CARDS, KittyExchange.NONE)

        def keep(c: Card) -> float:
            v = card_cost(c, trump, deal.pack.count_value(c))
            if banked and deal.pack.count_value(c) and not (trump.is_trump(c) and not c.is_ss):
                v -= 200  # a discarded count card is banked for the bidder: safer than keeping it
            return v

        best: tuple[float, Action] | None = None
        for a in deal.legal_actions():
            loss = sum(keep(c) for c in a.cards)
            if best is None or loss < best[0]:
                best = (loss, a)
        assert best is not None
        return best[1]

    # --- the play ------------------------------------------------------------------------

    def _play(self, deal: Deal) -> Action:
        seat = deal.current_player
        legal_actions = deal.legal_actions()
        if len(legal_actions) == 1:
            return legal_actions[0]
        if deal.trump is None:  # the first card declares trump
            hand = deal.hand(seat)
            options = [t for t in deal.allowed_trumps()
                       if t.is_no_trump or any(a.kind is ActionKind.PLAY and a.cards[0].suit == t.suit
                                               for a in legal_actions)]
            trump, _ = self._best_trump(deal, hand, options)
            if trump.is_no_trump:
                return Action.name_trump(NO_TRUMP)
            of_suit = [a for a in legal_actions if a.kind is ActionKind.PLAY and a.cards[0].suit == trump.suit]
            return max(of_suit, key=lambda a: a.cards[0].rank)
        trump = deal.trump
        legal = [a.cards[0] for a in legal_actions]
        if not deal.trick:
            return Action.play(self._lead(deal, seat, legal, trump))
        return Action.play(self._follow(deal, seat, legal, trump))

    def _lead(self, deal: Deal, seat: int, legal: list[Card], trump: Trump) -> Card:
        played = set(deal.played_cards())
        hand = set(deal.hand(seat))
        unseen = [c for c in deal.pack.cards if c not in played and c not in hand]
        if deal.first_lead_pending and all(trump.is_trump(c) for c in legal):
            return max(legal, key=lambda c: c.rank)
        my_trumps = sorted((c for c in legal if trump.is_trump(c) and not c.is_ss), key=lambda c: c.rank, reverse=True)
        their_trumps = [c for c in unseen if trump.is_trump(c)]
        if my_trumps and their_trumps and my_trumps[0].rank > max(c.rank for c in their_trumps):
            return my_trumps[0]  # draw trumps with a sure winner
        # a sure winner outside trumps: the top unseen card of its suit, when trumps are out
        if not their_trumps:
            for c in sorted(legal, key=lambda c: -c.rank):
                if c.is_ss or c.is_rover or trump.is_trump(c):
                    continue
                if not any(u.suit == c.suit and u.rank > c.rank for u in unseen):
                    return c
        plain = [c for c in legal if not trump.is_trump(c) and not c.is_ss and not c.is_rover
                 and not deal.pack.count_value(c)]
        pool = plain or legal
        return min(pool, key=lambda c: (card_cost(c, trump, deal.pack.count_value(c)), c.suit))

    def _follow(self, deal: Deal, seat: int, legal: list[Card], trump: Trump) -> Card:
        n = deal.players
        team = deal.team_of[seat]
        winner = deal.current_winner()
        assert winner is not None
        last = len(deal.trick) == n - 1
        partner_winning = deal.team_of[winner] == team and deal.format.partnership
        count = deal.pack.count_value
        winners = [c for c in legal if deal.would_win(c)]
        losers = [c for c in legal if c not in winners]
        if partner_winning:
            trick_cards = deal.current_trick
            best_card = trick_cards[(winner - deal.leader) % n]
            safe = last or (trump.is_trump(best_card) and best_card.rank >= (trump.suit or 0) - 1)
            pool = losers or legal
            if safe:
                feed = [c for c in pool if count(c)]
                if feed:
                    return max(feed, key=lambda c: (count(c), -card_cost(c, trump, deal.pack.count_value(c))))
            return min(pool, key=lambda c: card_cost(c, trump, deal.pack.count_value(c)))
        if winners:
            if last:
                # take the trick as cheaply as possible; the S/S or a count card that wins outright is banked
                return min(winners, key=lambda c: card_cost(c, trump, deal.pack.count_value(c)) - 30 * count(c))
            return min(winners, key=lambda c: card_cost(c, trump, deal.pack.count_value(c)))
        return min(legal, key=lambda c: card_cost(c, trump, deal.pack.count_value(c)))


#: The sampling bot's defaults (see :class:`SamplingBot`): the ending starts when the position is no
#: larger than a four-handed one with this many cards a hand ...
ENDING_CARDS = 5
#: ... it solves this many sampled deals for each card it plays there ...
SAMPLES = 10
#: ... and gives each solve at most this many nodes (a five-card ending takes about 3,000 on
#: average), so that a move's cost is bounded; a solve cut short counts the middle of its bounds.
SOLVE_NODES = 40_000


class SamplingBot:
    """The heuristic bot until the ending; there, the solver on deals sampled from what its seat has seen.

    Once the position is no larger than a four-handed one with ``ending`` cards a hand (with ``t``
    tricks still to play by ``p`` players, when ``t! ** p <= ending! ** 4``: five tricks of four
    players, seven of two, four of six; the pile counts as tricks to play), each card it plays is
    chosen like this: ``samples`` deals are drawn that agree with its seat's view
    (:func:`somerset.players.determinize.sample`),
    each is solved exactly (at most ``nodes`` nodes each), and the legal card that gives its side
    the most points summed over the samples is played; a tie goes to the heuristic bot's card when
    it is among the best, otherwise to the first in the pack's order. Its draws come from a
    generator seeded by the bot's seed and the number of actions so far, so a choice depends only
    on the seed and the deal: the same in CPython and Pyodide, and the same when a deal is replayed
    from its moves (choices are remembered for such replays, see :data:`CHOICES`).
    """

    name = "sampling"

    def __init__(self, seed: int = 0, samples: int = SAMPLES, ending: int = ENDING_CARDS,
                 nodes: int = SOLVE_NODES) -> None:
        if samples < 1 or ending < 1 or nodes < 1:
            raise ValueError("the sampling bot needs at least one sample, one card of ending and one node")
        self.seed = seed
        self.samples = samples
        self.ending = ending
        self.nodes = nodes
        self.heuristic = HeuristicBot(seed)
        self.solved = 0  # deals solved so far (for the benchmark's figures)

    def in_ending(self, deal: Deal) -> bool:
        """Whether the bot plays ``deal``'s next card by sampling and solving."""
        if deal.phase is not Phase.PLAY or deal.trick_tables is None:
            return False
        tricks = (sum(m.bit_count() for m in deal.hands) + len(deal.trick) + len(deal.pile)) // deal.players
        return bool(math.factorial(tricks) ** deal.players <= math.factorial(self.ending) ** 4)

    def act(self, deal: Deal) -> Action:
        """The heuristic bot's action, except a card of the ending, chosen by sampling and solving."""
        if self.in_ending(deal):
            legal = deal.legal_actions()
            if len(legal) == 1:
                return legal[0]
            key = (self.seed, self.samples, self.ending, self.nodes, deal.ruleset.id, deal.ruleset.option_applied,
                   deal.format.id, deal.dealer, tuple(deal.history))
            choice = CHOICES.get(key)
            if choice is None:
                choice = self._ending_card(deal)
                if choice is None:
                    return self.heuristic.act(deal)
                CHOICES[key] = choice
                while len(CHOICES) > MAX_CHOICES:
                    CHOICES.popitem(last=False)
            return Action.play(choice)
        return self.heuristic.act(deal)

    def values(self, deal: Deal) -> dict[Card, int]:
        """Each legal card's points for the bot's side, summed over the samples (twice over: halves count)."""
        seat = deal.current_player
        assert deal.trump is not None
        rng = SplitMix64(SplitMix64(self.seed ^ len(deal.history) * 0x9E3779B97F4A7C15).next())
        k = knowledge(deal, seat)
        cards = deal.index.cards
        first = not deal.trick_log
        face_up = tuple(cards[c] for c in deal.face_up) if first else ()
        totals: dict[Card, int] = {c: 0 for c in deal.legal_cards()}
        for _ in range(self.samples):
            s = sample(k, rng)
            pos = position(deal.ruleset, deal.trump, [[cards[c] for c in bits(h)] for h in s.hands],
                           deal.leader, deal.current_trick, format_id=deal.format.id,
                           pile=[cards[c] for c in s.pile], face_up=face_up, first_trick=first)
            sol = solve(pos, nodes=self.nodes)
            self.solved += 1
            for v in sol.cards:
                totals[v.card] += v.low + v.high
        return totals

    def _ending_card(self, deal: Deal) -> Card | None:
        try:
            totals = self.values(deal)
        except SamplingError:
            return None
        best = max(totals.values())
        tied = [c for c, v in totals.items() if v == best]
        if len(tied) > 1:
            mine = self.heuristic.act(deal)
            if mine.kind is ActionKind.PLAY and mine.cards[0] in tied:
                return mine.cards[0]
        return min(tied, key=Card.sort_key)


#: The sampling bots' choices in endings already worked out, by bot settings and deal history: a
#: page that replays a deal from its moves at every step (Play a deal) then pays for each choice once.
CHOICES: OrderedDict[tuple[object, ...], Card] = OrderedDict()
#: How many choices :data:`CHOICES` keeps (the oldest go first).
MAX_CHOICES = 4096
