"""A fast play policy for simulations: the heuristic bot's card play, worked on bit masks.

:func:`play_out` plays a deal's remaining cards by the heuristic bot's rules of thumb, read off
precomputed tables of the ruleset and trump, through the play phase's own ``put`` (so it decides
no rule), with no random draws; :func:`choose` is the card it plays in one position, from what that
seat may see. :class:`PlayoutBot` bids as the heuristic bot and plays by the policy (not one of
:data:`somerset.players.roster.BOTS`). The rules of thumb, and why: develop/architecture.md, "What a
hand is worth"; its speed: develop/benchmarks.md, "The advisor".
"""

from __future__ import annotations

from ..game.actions import Action
from ..game.deal import PLAY_PHASE, Deal, Phase
from ..game.precompute import TrickTables, bits
from .hand_value import card_cost
from .bots import HeuristicBot

__all__ = ["play_out", "choose", "PlayoutBot"]

_PLAY, _OVER = Phase.PLAY, Phase.OVER


class _Costs:
    """What the policy reads for one pack, ruleset and trump, worked out once per play tables."""

    __slots__ = ("cost", "win_cost", "trumps", "plain", "above", "count", "rank", "trump_top", "pack")

    def __init__(self, tables: TrickTables) -> None:
        idx = tables.index
        cards = idx.cards
        trump = tables.trump
        n = len(cards)
        cost: list[float] = []
        trumps = plain = 0
        for i, c in enumerate(cards):
            is_trump = trump.is_trump(c)
            if is_trump and not c.is_ss:
                trumps |= 1 << i
            cost.append(card_cost(c, trump, idx.count[i]))
            if not is_trump and not c.is_ss and not c.is_rover and not idx.count[i]:
                plain |= 1 << i
        self.cost = tuple(cost)
        # a last card that wins: the S/S or a count card that wins outright is banked
        self.win_cost = tuple(cost[i] - 30 * idx.count[i] for i in range(n))
        self.trumps = trumps  # the trumps other than the S/S
        self.plain = plain  # neither trump, S/S, Rover nor count card
        self.count = idx.count
        self.rank = tuple(c.rank for c in cards)
        # the cards of the same suit ranked higher (for "top of its suit")
        self.above = tuple(sum(1 << j for j, d in enumerate(cards) if d.suit == c.suit and d.rank > c.rank)
                           for c in cards)
        # every trump (the S/S too, where trump is a suit): for "their trumps"
        self.trump_top = sum(1 << i for i, c in enumerate(cards) if trump.is_trump(c))
        self.pack = (1 << n) - 1  # every card of the pack (what is not seen may be anywhere, or out of play)


_COSTS: dict[TrickTables, _Costs] = {}


def _costs(tables: TrickTables) -> _Costs:
    got = _COSTS.get(tables)
    if got is None:
        if len(_COSTS) > 256:
            _COSTS.clear()
        got = _COSTS[tables] = _Costs(tables)
    return got


def _cheapest(mask: int, cost: tuple[float, ...]) -> int:
    best = -1
    best_cost = 0.0
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        mask ^= low
        if best < 0 or cost[i] < best_cost:
            best, best_cost = i, cost[i]
    return best


def choose(deal: Deal, played: int | None = None) -> int:
    """The pack integer of the card the policy plays for the seat to act in ``deal`` (trump known).

    ``played``: the mask of the cards played so far, when the caller keeps it (else read from the deal).
    """
    tab = deal.trick_tables
    assert tab is not None and deal.phase is _PLAY
    seat = deal._to_act
    hand = deal.hands[seat]
    trick = deal.trick
    first = not deal.trick_log and not trick and not deal.drawn
    legal = tab.legal_mask(hand, trick, first)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    k = _costs(tab)
    cost = k.cost
    if played is None:
        played = 0
        for _, t, _, _ in deal.trick_log:
            for c in t:
                played |= 1 << c
        for c in trick:
            played |= 1 << c
    if not trick:
        return _lead(deal, tab, k, hand, legal, played, first)
    n = deal.players
    last = len(trick) == n - 1
    winners = 0
    known = tab.lead[trick[0]]
    rover = tab.rover_watch
    m = legal
    if known is not None and (rover < 0 or (rover not in trick and not legal >> rover & 1)):
        # no Rover with its power in the trick: the first card of highest key takes it (see TrickTables.lead)
        keys = known[1]
        winner_pos = 0
        best = keys[trick[0]]
        for pos in range(1, len(trick)):
            if keys[trick[pos]] > best:
                best = keys[trick[pos]]
                winner_pos = pos
        while m:
            low = m & -m
            m ^= low
            if keys[low.bit_length() - 1] > best:
                winners |= low
    else:
        winner_pos = tab.winner(trick)
        tried = [*trick, 0]
        at = len(trick)
        while m:
            low = m & -m
            m ^= low
            tried[at] = low.bit_length() - 1
            if tab.winner(tried) == at:
                winners |= low
    losers = legal & ~winners
    team_of = deal.team_of
    if deal.format.partnership and team_of[(deal.leader + winner_pos) % n] == team_of[seat]:
        best_card = trick[winner_pos]
        pool = losers or legal
        trump = tab.trump
        safe = last or (bool(tab.tkey[best_card]) and tab.rank[best_card] >= (trump.suit or 0) - 1)
        if safe:
            count = k.count
            feed = [i for i in bits(pool) if count[i]]
            if feed:
                return max(feed, key=lambda i: (count[i], -cost[i]))
        return _cheapest(pool, cost)
    if winners:
        return _cheapest(winners, k.win_cost if last else cost)
    return _cheapest(legal, cost)


def _lead(deal: Deal, tab: TrickTables, k: _Costs, hand: int, legal: int, played: int, first: bool) -> int:
    rank = k.rank
    if first and not legal & ~k.trump_top:  # a first lead of trumps only: the highest
        return max(bits(legal), key=lambda i: rank[i])
    unseen = k.pack & ~played & ~hand
    theirs = unseen & k.trump_top
    mine = legal & k.trumps
    if mine and theirs:
        top = max(bits(mine), key=lambda i: rank[i])
        if rank[top] > max(rank[i] for i in bits(theirs)):
            return top  # draw trumps with a sure winner
    if not theirs:
        ss, rover = tab.ss, tab.rover
        for i in sorted(bits(legal & ~k.trump_top), key=lambda i: -rank[i]):
            if i == ss or i == rover:
                continue
            if not k.above[i] & unseen:
                return i
    pool = legal & k.plain or legal
    cost = k.cost
    suit = tab.suit
    return min(bits(pool), key=lambda i: (cost[i], suit[i]))


def play_out(deal: Deal) -> None:
    """Play ``deal`` to its end by the policy, from any point of its play phase once trump is known.

    >>> from somerset.game.deal import new_deal
    >>> from somerset.players.roster import make_bots
    >>> deal = new_deal("parker-1947", seed=4)
    >>> bots = make_bots("heuristic", 4, 4)
    >>> while deal.phase.value != "play":
    ...     _ = deal.apply(bots[deal.current_player].act(deal))
    >>> play_out(deal)
    >>> deal.is_terminal(), sum(deal.team_points())
    (True, 24)
    """
    if deal.phase is not _PLAY or deal.trick_tables is None:
        raise ValueError("a play-out starts in the play, once trump is known")
    played = 0
    for _, t, _, _ in deal.trick_log:
        for c in t:
            played |= 1 << c
    for c in deal.trick:
        played |= 1 << c
    history = deal.history
    actions = deal.index.play_actions
    put = PLAY_PHASE.put
    while deal.phase is _PLAY:
        i = choose(deal, played)
        played |= 1 << i
        history.append(actions[i])
        put(deal, i)


class PlayoutBot:
    """The heuristic bot's bidding, discards and trump, and the play-out policy's cards (for the duplicate bench)."""

    name = "playout"

    def __init__(self, seed: int = 0) -> None:
        self.heuristic = HeuristicBot(seed)

    def act(self, deal: Deal) -> Action:
        """The heuristic bot's action, except a card once trump is known: the policy's."""
        if deal.phase is _PLAY and deal.trick_tables is not None:
            return deal.index.play_actions[choose(deal)]
        return self.heuristic.act(deal)
