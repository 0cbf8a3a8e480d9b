"""The rules of one ruleset and trump as bit masks: what :mod:`somerset.solve.search` plays by.

Cards are small integers (their place in ``pack.cards``, so a suit is a run of bits in rank
order) and hands are bit masks; legality and trick winners come from the engine's own tables
for the ruleset and trump (:class:`somerset.game.precompute.TrickTables`), so the search plays by
exactly the rules the engine plays by. This module adds the pack's layout (suit runs, count
values, trump order) and the cards no remaining card separates (:meth:`RulesTables.reps`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..rules.cards import Card, Trump
from ..game.precompute import pack_index, trick_tables
from ..rules.dimensions import Ruleset

__all__ = ["RulesTables", "rules_tables", "memo_winner"]


class RulesTables:
    """What the search needs to know about a ruleset and trump, as masks and per-card tuples.

    Legality and winners are read from the engine's play tables (``TrickTables``) for the same
    ruleset and trump; this class adds the pack's layout (suit runs, count values, the cards that
    are never merged with their neighbours).
    """

    def __init__(self, ruleset: Ruleset, trump: Trump) -> None:
        idx = pack_index(ruleset.deck)
        tab = trick_tables(ruleset, trump)
        self.ruleset = ruleset
        self.trump = trump
        self.tab = tab
        self.cards: tuple[Card, ...] = idx.cards
        self.index: dict[Card, int] = idx.of
        n = len(idx.cards)
        self.all = (1 << n) - 1
        points = ruleset.points.value
        self.count: tuple[int, ...] = idx.count if points.count_cards else (0,) * n
        self.per_trick = points.per_trick
        starts = 0
        for i, c in enumerate(idx.cards):
            if i == 0 or c.is_ss or idx.cards[i - 1].suit != c.suit:
                starts |= 1 << i
        self.suit_start = starts
        plain_special = 0
        doubles = 0
        for i, c in enumerate(idx.cards):
            if self.count[i] or c.is_ss or c.is_rover:
                plain_special |= 1 << i
            if c.is_double and not c.is_rover:
                doubles |= 1 << i
        self.special = plain_special
        self.doubles = doubles
        self.rover_on = tab.rover_on
        self.rover_bit = 1 << tab.rover if tab.rover >= 0 else 0
        self.follow = tab.follow
        self.esuit = tab.esuit
        self.suit = tab.suit
        self.rank = tab.rank
        self.tkey = tab.tkey
        self.extra = tab.extra
        self.break_double = tab.break_double
        self.ss = tab.ss
        self.rover = tab.rover
        self.nt = tab.nt
        self.lead_first = tab.lead_first
        self.winner = tab.winner
        trumps = 0
        for i in range(n):
            if self.tkey[i]:
                trumps |= 1 << i
        self.trumps = trumps
        # how a card ranks for move ordering: trumps above everything, then rank
        self.strength: tuple[int, ...] = tuple(self.tkey[c] * 16 + self.rank[c] if self.tkey[c] else self.rank[c]
                                               for c in range(n))
        # for each card, the cards of its suit that rank above it (plain suits; trumps by trump order)
        above = []
        for i in range(n):
            m = 0
            for j in range(n):
                if self.tkey[i] and self.tkey[j] > self.tkey[i]:
                    m |= 1 << j
                elif not self.tkey[i] and not self.tkey[j] and self.esuit[j] == self.esuit[i] and self.rank[j] > self.rank[i]:
                    m |= 1 << j
            above.append(m)
        self.above: tuple[int, ...] = tuple(above)
        # plain cards that may lead to a quick trick: not a trump, not the S/S, not the 0/0
        self.plain_leads = self.all & ~trumps & ~(1 << tab.ss if tab.ss >= 0 else 0) & ~self.rover_bit
        # trumps from the highest down, for the sure-trick bound
        self.trumps_high_first: tuple[int, ...] = tuple(sorted((i for i in range(n) if self.tkey[i]),
                                                               key=lambda i: -self.tkey[i]))

    def reps(self, hand: int, others: int) -> int:
        """The lowest card of each group of equivalent cards in ``hand`` (special cards stand alone).

        ``others`` is every card still to be played that is not in ``hand``. A plain card is left
        out when the nearest card below it in its suit, counting only plain cards of the hand and
        the others, is a plain card of the hand: carries through the transparent cards (played,
        special cards of this hand) find that neighbour for every card at once.
        """
        special = self.special
        if self.rover_on and (hand | others) & self.rover_bit:
            special |= self.doubles
        plain = hand & ~special
        if not plain:
            return hand
        starts = self.suit_start
        seen = (others | plain) & self.all
        open_ = self.all & ~seen & ~starts  # cards a carry may pass through
        seeds = (plain << 1) & ~starts & self.all
        reached = (seeds & ~open_) | (((open_ + (seeds & open_)) & ~open_) & ~starts)
        return hand & ~(reached & plain)

    def groups(self, hand: int, others: int) -> list[list[int]]:
        """The groups of equivalent cards in ``hand``, each lowest first, found card by card.

        The plain, slow form of :meth:`reps` (for answers and for the tests).
        """
        special = self.special
        if self.rover_on and (hand | others) & self.rover_bit:
            special |= self.doubles
        out: list[list[int]] = []
        current: list[int] = []
        for i in range(self.all.bit_length()):
            bit = 1 << i
            if self.suit_start & bit and current:
                out.append(current)
                current = []
            if hand & bit:
                if special & bit:
                    out.append([i])
                else:
                    current.append(i)
            elif others & bit:
                if current:
                    out.append(current)
                    current = []
        if current:
            out.append(current)
        return sorted(out)


@lru_cache(maxsize=256)
def rules_tables(ruleset: Ruleset, trump: Trump) -> RulesTables:
    """The search's :class:`RulesTables` for ``ruleset`` under ``trump`` (worked out once per ruleset value and trump)."""
    return RulesTables(ruleset, trump)


def memo_winner(tables: RulesTables, winners: dict[tuple[int, ...], int]) -> Callable[[tuple[int, ...]], int]:
    """The place in a complete trick of the card that takes it, remembered in ``winners``."""
    winner_of = tables.winner

    def win(trick: tuple[int, ...]) -> int:
        w = winners.get(trick)
        if w is None:
            w = winners[trick] = winner_of(trick)
        return w

    return win
