"""Facts worked out once and shared by every deal: the setup of a ruleset and format, and the
play tables of a ruleset and trump.

A deal keeps its cards as small integers (their place in the pack) and its hands as bit masks.
:func:`deal_setup` gives the :class:`DealSetup` of a ruleset and format (the cards in play, the
teams, where the undealt cards go, the trumps that may be named, the scoring); :func:`trick_tables`
the :class:`TrickTables` of a ruleset and trump (which cards follow a lead, how a trick is won),
read off the ruleset's data. Both are cached by value. How they are kept and checked:
develop/architecture.md, "Deals, games, records and links".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from .actions import Action
from ..rules.bidding import Auction, Call
from ..rules.cards import Card, Pack, Trump, parse_card
from ..rules.kitty import undealt_kind
from ..rules.play import rover_active
from ..rules.dimensions import AfterRover, Declaration, FirstLead, Format, RoverPlay, RoverPower, Ruleset, SSNoTrump, UndealtKind
from ..rules.scoring import score_seats

__all__ = ["PackIndex", "pack_index", "TrickTables", "trick_tables", "DealSetup", "deal_setup", "bits", "TRUMP_KEY"]

#: The keys of :attr:`TrickTables.lead`: a card of the suit led has ``SUIT_KEY + rank`` (15 to 28),
#: a trump ``TRUMP_KEY + rank + 2``, so any trump is above every card of the suit led.
SUIT_KEY = 16
TRUMP_KEY = 64


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class PackIndex:
    """The cards of a pack as small integers (their position in ``pack.cards``).

    ``of`` maps a card to its integer, ``count`` gives each integer's count value, and
    ``play_actions`` holds the one ``play`` action of each card, ``bit`` each integer's bit (a
    hand of integers ``h`` is the mask ``sum(map(bit.__getitem__, h))``).
    """

    __slots__ = ("pack", "cards", "of", "count", "play_actions", "bit", "ss", "rover")

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.cards: tuple[Card, ...] = pack.cards
        self.of: dict[Card, int] = {c: i for i, c in enumerate(pack.cards)}
        self.count: tuple[int, ...] = tuple(pack.count_value(c) for c in pack.cards)
        self.play_actions: tuple[Action, ...] = tuple(Action.play(c) for c in pack.cards)
        self.bit: tuple[int, ...] = tuple(1 << i for i in range(len(pack.cards)))
        self.ss = self.of.get(Card(-1, -1), -1)
        self.rover = self.of.get(Card(0, 0), -1)


@lru_cache(maxsize=8)
def pack_index(pack: Pack) -> PackIndex:
    """The :class:`PackIndex` of ``pack`` (one per pack)."""
    return PackIndex(pack)


class TrickTables:
    """Play-phase facts for one ruleset and trump, read off the ruleset's data.

    ``follow[s]`` is the mask of cards that follow suit ``s`` (the S/S follows the trump suit);
    ``lead_first`` the mask of cards the bidder may lead to the first trick; ``extra`` the cards
    that may always be played however the suit led is held (a free 0/0, the S/S in No Trump);
    ``break_double`` the doubles that may break suit once an active 0/0 is in the trick.

    For the random-play loop, ``lead[c]`` gives, for a trick led by card ``c``, the mask of cards
    that follow it, each card's ``key`` in that trick (without an active Rover in the trick, the
    first card of highest key takes it: trumps from :data:`TRUMP_KEY` up, the suit led below,
    other cards 0), what else a hand holding a card that follows may play (``extra``, and
    ``break_double`` after a Rover lead) and whether ``c`` is the Rover with its power. ``lead[c]``
    is None where the lead alone does not say (the S/S led in No Trump).
    ``rover_watch`` is the Rover's integer where the Rover has its power (else -1): a trick that
    holds it and no trump is decided by :meth:`winner`.
    """

    __slots__ = (
        "index", "trump", "suit", "rank", "esuit", "tkey", "dkey", "is_double", "follow",
        "lead_first", "extra", "break_double", "rover_on", "all_doubles", "nt", "ss", "rover",
        "lead", "rover_watch",
    )

    def __init__(self, ruleset: Ruleset, trump: Trump) -> None:
        idx = pack_index(ruleset.deck)
        self.index = idx
        self.trump = trump
        cards = idx.cards
        n = len(cards)
        self.suit = tuple(c.suit for c in cards)
        self.rank = tuple(c.rank for c in cards)
        self.nt = trump.is_no_trump
        tsuit = trump.suit
        self.esuit = tuple((tsuit if tsuit is not None else -2) if c.is_ss else c.suit for c in cards)
        self.tkey = tuple(c.rank + 2 if trump.is_trump(c) else 0 for c in cards)
        self.is_double = tuple(c.is_double for c in cards)
        self.dkey = tuple(c.rank + 1 if c.is_double else 0 for c in cards)
        follow: dict[int, int] = {}
        for i in range(n):
            follow[self.esuit[i]] = follow.get(self.esuit[i], 0) | (1 << i)
        self.follow = follow
        trump_mask = 0
        for i, c in enumerate(cards):
            if trump.is_trump(c):
                trump_mask |= 1 << i
        first_trump = ruleset.first_lead.value is FirstLead.TRUMP and not self.nt
        if first_trump and ruleset.declaration.value is Declaration.FIRST_LEAD:
            lead_first = follow.get(tsuit, 0) & ~(1 << idx.ss if idx.ss >= 0 else 0) if tsuit is not None else 0
        elif first_trump:
            lead_first = trump_mask
        else:
            lead_first = -1  # any card
        self.lead_first = lead_first
        extra = 0
        if idx.ss >= 0 and self.nt and ruleset.ss_no_trump.value is SSNoTrump.DISCARD_ANY_TIME:
            extra |= 1 << idx.ss
        if idx.rover >= 0 and not trump.is_zero and ruleset.rover_play.value is RoverPlay.ANY_TIME:
            extra |= 1 << idx.rover
        self.extra = extra
        self.rover_on = rover_active(ruleset, trump)
        self.all_doubles = ruleset.rover_power.value is RoverPower.ALL_DOUBLES
        bd = 0
        if self.rover_on and ruleset.after_rover.value is AfterRover.BREAK_FOR_DOUBLE:
            for i, c in enumerate(cards):
                if c.is_double:
                    bd |= 1 << i
        self.break_double = bd
        self.ss = idx.ss
        self.rover = idx.rover
        self.rover_watch = idx.rover if self.rover_on else -1
        keys_of: dict[int, tuple[int, ...]] = {
            s: tuple(TRUMP_KEY + self.tkey[i] if self.tkey[i] else SUIT_KEY + self.rank[i] if self.esuit[i] == s else 0
                     for i in range(n))
            for s in follow}
        self.lead: tuple[tuple[int, tuple[int, ...], int, bool] | None, ...] = tuple(
            None if i == idx.ss and self.nt
            else (follow[self.esuit[i]], keys_of[self.esuit[i]], extra | (bd if i == self.rover_watch else 0),
                  i == self.rover_watch)
            for i in range(n))

    def legal_mask(self, hand: int, trick: Sequence[int], first_lead: bool) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (``first_lead``: the bidder's opening lead)."""
        if not trick:
            if first_lead:
                leads = hand & self.lead_first
                return leads if leads else hand
            return hand
        lead = trick[0]
        if lead == self.ss and self.nt:
            if len(trick) == 1:
                return hand
            suit = self.suit[trick[1]]
        else:
            suit = self.esuit[lead]
        held = hand & self.follow.get(suit, 0)
        if not held:
            return hand
        extra = self.extra
        if self.break_double and self.rover in trick:
            extra |= self.break_double
        return held | (hand & extra)

    def winner(self, trick: Sequence[int]) -> int:
        """The position in ``trick`` (0 = the lead) of the card that takes it."""
        tkey = self.tkey
        best = -1
        best_key = 0
        for pos, c in enumerate(trick):
            k = tkey[c]
            if k > best_key:
                best_key = k
                best = pos
        if best >= 0:
            return best
        rover = self.rover
        if self.rover_on and rover in trick:
            dkey = self.dkey
            at = trick.index(rover)
            if self.all_doubles:
                for pos, c in enumerate(trick):
                    if dkey[c] > best_key:
                        best_key = dkey[c]
                        best = pos
                return best
            for pos in range(at + 1, len(trick)):
                k = dkey[trick[pos]]
                if k > best_key:
                    best_key = k
                    best = pos
            if best >= 0:
                return best
            lead_suit = self.suit[trick[0]]
            for pos, c in enumerate(trick):
                if dkey[c] and c != rover and self.suit[c] == lead_suit:
                    return pos
            return at
        if trick[0] == self.ss and self.nt:
            if len(trick) == 1:
                return 0
            suit = self.suit[trick[1]]
        else:
            suit = self.esuit[trick[0]]
        esuit = self.esuit
        rank = self.rank
        best_rank = -9
        for pos, c in enumerate(trick):
            if esuit[c] == suit and rank[c] > best_rank:
                best_rank = rank[c]
                best = pos
        return best


@lru_cache(maxsize=512)
def trick_tables(ruleset: Ruleset, trump: Trump) -> TrickTables:
    """The :class:`TrickTables` of ``ruleset`` under ``trump`` (worked out once per ruleset value and trump).

    >>> from somerset import get_ruleset, parse_cards, parse_trump
    >>> tables = trick_tables(get_ruleset("parker-1947"), parse_trump("2"))
    >>> cards = tables.index.cards
    >>> trick = [tables.index.of[c] for c in parse_cards("8/8 6/8 4/10 0/2")]
    >>> str(cards[trick[tables.winner(trick)]])
    '0/2'
    """
    return TrickTables(ruleset, trump)


@dataclass(frozen=True, eq=False)
class DealSetup:
    """What every deal of one ruleset and format shares: worked out once by :func:`deal_setup`.

    ``in_play`` lists the cards the format deals (as pack integers), ``team_of`` each seat's
    team, ``undealt_kind`` what the cards left after dealing are (``NONE`` for a drawing pile,
    which ``format.pile`` describes), ``trumps`` what the high bidder may name in this format
    and ``trump_actions`` the action naming each of them. ``card_points[c]`` is what card ``c``
    adds to the trick it is in (its count value where counters score, else 0) and
    ``bids[points]`` the call and the action of a bid of ``points`` (up to the points in a deal).
    """

    ruleset: Ruleset
    format: Format
    index: PackIndex
    in_play: tuple[int, ...]
    team_of: tuple[int, ...]
    undealt_kind: UndealtKind
    drawn: bool  # trump is drawn from the pack (Hodges' game without bidding)
    count_cards: bool
    per_trick: int
    trumps: tuple[Trump, ...]
    trump_actions: tuple[Action, ...]
    card_points: tuple[int, ...]
    bids: tuple[tuple[Call, Action], ...]
    _tables: dict[int | None, TrickTables] = field(default_factory=dict, repr=False)  # by the trump's suit
    _scores: dict[tuple[int, ...], tuple[int, ...]] = field(default_factory=dict, repr=False)
    #: The answers of :meth:`auction_step` (read directly by the random auction).
    auction_steps: dict[tuple[int, int, int], tuple[int, int, bool]] = field(default_factory=dict, repr=False)

    def score(self, bidder: int, bid: int, taken: Sequence[int]) -> list[int]:
        """:func:`somerset.rules.scoring.score_seats` for this setup: each team's score change.

        The answers are kept (random play asks the same few again and again), at most
        :data:`SCORES_KEPT` of them: past that they are forgotten and worked out afresh.
        """
        key = (self.team_of[bidder], bid, *taken)
        changes = self._scores.get(key)
        if changes is None:
            if len(self._scores) >= SCORES_KEPT:
                self._scores.clear()
            changes = self._scores[key] = tuple(score_seats(self.ruleset, self.format, bidder, bid, taken))
        return list(changes)

    def auction_step(self, auction: Auction, high_bid: int, made: int, passes: int) -> tuple[int, int, bool]:
        """:meth:`Auction.next_call <somerset.rules.bidding.Auction.next_call>` as the random auction reads it.

        ``auction`` is an auction of a deal of this setup (every one has the same rule, players
        and maximum, so the answer depends on the other three alone). The answer is the number of
        calls allowed (-1 once the auction is over), the bid that call ``k`` of them makes
        (``first + k``; where a pass is allowed it is call 0) and whether a pass is allowed.
        It is kept in :attr:`auction_steps`, keyed by ``(high_bid, made, passes)``, at most
        :data:`AUCTION_STEPS_KEPT` of them.
        """
        options = auction.next_call(high_bid, made, passes)
        if options is None:
            step = (-1, 0, False)
        else:
            low, top, can_pass = options
            step = ((top - low + 1 if top >= low else 0) + can_pass, low - can_pass, can_pass)
        if len(self.auction_steps) >= AUCTION_STEPS_KEPT:
            self.auction_steps.clear()
        self.auction_steps[high_bid, made, passes] = step
        return step

    def trick_tables(self, trump: Trump) -> TrickTables:
        """The play tables of this setup's ruleset under ``trump``."""
        tables = self._tables.get(trump.suit)  # a trump is its suit (an int hashes faster)
        if tables is None:
            tables = self._tables[trump.suit] = trick_tables(self.ruleset, trump)
        return tables


#: The most score answers one :class:`DealSetup` keeps.
SCORES_KEPT = 2048

#: The most auction answers one :class:`DealSetup` keeps (a few hundred cover every auction).
AUCTION_STEPS_KEPT = 4096


@lru_cache(maxsize=128)
def deal_setup(ruleset: Ruleset, format_id: str | None = None) -> DealSetup:
    """The :class:`DealSetup` of ``ruleset`` and a format (its main format when None).

    >>> from somerset import get_ruleset
    >>> setup = deal_setup(get_ruleset("triple-2009"), "eight-2x4")
    >>> len(setup.in_play), [str(t) for t in setup.trumps][:3]
    (90, ['2', '3', '4'])
    """
    fmt = ruleset.format(format_id)
    pack = ruleset.deck
    removed = {parse_card(c, pack) for c in fmt.removed}
    trumps = ruleset.trumps(fmt.id)
    index = pack_index(pack)
    return DealSetup(
        ruleset=ruleset,
        format=fmt,
        index=index,
        in_play=tuple(i for i, c in enumerate(pack.cards) if c not in removed),
        team_of=tuple(fmt.team_of(s) for s in range(fmt.players)),
        undealt_kind=undealt_kind(ruleset, fmt.id),
        drawn=ruleset.declaration.value is Declaration.DRAWN,
        count_cards=ruleset.points.value.count_cards,
        per_trick=ruleset.points.value.per_trick,
        trumps=trumps,
        trump_actions=tuple(Action.name_trump(t) for t in trumps),
        card_points=tuple(index.count) if ruleset.points.value.count_cards else (0,) * len(index.count),
        bids=tuple((Call(b), Action.bid(b)) for b in range(fmt.points_per_deal + 1)),
    )
