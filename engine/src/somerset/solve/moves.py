"""Which cards the search tries at a node, and in which order.

:func:`equivalence` groups the cards of every hand that nothing in any ruleset can tell apart, so
only the lowest of each group is searched (:meth:`RulesTables.reps` does it for one hand);
:class:`MoveOrders` keeps the order cards are tried in, for each set of cards allowed and trick so
far, with a card that cut the search off moved to the front. Only the order of trying changes,
never which cards are tried. The rules for both: develop/architecture.md, "Inside the solver".
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .masks import RulesTables

__all__ = ["Move", "MoveOrders", "equivalence"]

#: One move as the search plays it: the card, its bit, its count, the trick it makes, and (when
#: that trick is complete) the place in it of the card that takes it.
Move = tuple[int, int, int, tuple[int, ...], int]


def equivalence(tables: RulesTables, hands: list[int]) -> Callable[[int], tuple[int, ...]]:
    """:meth:`RulesTables.reps` of every one of the search's ``hands`` at once, as a function of
    ``live`` (every card still to be played), reading the hands as they stand when it is called."""
    t = tables
    all_cards = t.all
    suit_start = t.suit_start
    special_plain = t.special
    special_rover = t.special | t.doubles
    rover_on = t.rover_on
    rover_bit = t.rover_bit

    def reps_all(live: int) -> tuple[int, ...]:
        special = special_rover if rover_on and live & rover_bit else special_plain
        out = []
        for h in hands:
            plain = h & ~special
            if not plain & (plain - 1):  # at most one plain card: nothing to merge
                out.append(h)
                continue
            open_ = all_cards & ~((live & ~h) | plain) & ~suit_start
            seeds = (plain << 1) & ~suit_start & all_cards
            reached = (seeds & ~open_) | (((open_ + (seeds & open_)) & ~open_) & ~suit_start)
            out.append(h & ~(reached & plain))
        return tuple(out)

    return reps_all


class MoveOrders:
    """The orders of a search's moves, worked out once each and kept.

    ``lead`` maps (cards allowed, the stored best lead) and ``follow`` maps (trick so far, cards
    allowed, seats in play order) to a list of :data:`Move`; the search looks an order up there
    and calls :meth:`lead_order` or :meth:`follow_order` (which store it) only when it is missing.
    """

    def __init__(self, tables: RulesTables, side: Sequence[bool], win: Callable[[tuple[int, ...]], int]) -> None:
        self.lead: dict[tuple[int, int], list[Move]] = {}
        self.follow: dict[Any, list[Move]] = {}
        lead_orders = self.lead
        follow_orders = self.follow
        n = len(side)
        count = tables.count
        strength = tables.strength

        def lead_order(moves: int, best_lead: int) -> list[Move]:
            """The cards ``moves`` to lead, the stored best lead first, then the strongest."""
            ranked = []
            m = moves
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                ranked.append((10000 if c == best_lead else strength[c] * 4 - count[c], c))
            ranked.sort(reverse=True)
            order = lead_orders[(moves, best_lead)] = [(c, 1 << c, count[c], (c,), 0) for _, c in ranked]
            return order

        def follow_order(seats: tuple[int, ...], pos: int, trick: tuple[int, ...], moves: int,
                         maximizing: bool) -> list[Move]:
            """The cards ``moves`` to ``trick`` in the order to try them, each with the trick it
            makes and (for the last card) its winner: the cheapest card that takes the trick, a
            count card on a partner's winning card, otherwise the lowest card."""
            last = pos == n - 1
            if not moves & (moves - 1):
                c = moves.bit_length() - 1
                t2 = trick + (c,)
                order = [(c, 1 << c, count[c], t2, win(t2) if last else 0)]
            else:
                ranked = []
                side_now = side[seats[win(trick)]] == maximizing
                m = moves
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    m ^= low
                    t2 = trick + (c,)
                    w = win(t2)
                    if w == pos:
                        score = 1000 + count[c] * 20 - strength[c]
                    elif side_now and side[seats[w]] == maximizing:
                        score = 1000 + count[c] * 40 - strength[c]
                    else:
                        score = -count[c] * 40 - strength[c]
                    ranked.append((score, c, t2, w))
                ranked.sort(reverse=True)
                order = [(c, 1 << c, count[c], t2, w) for _, c, t2, w in ranked]
            follow_orders[(trick, moves, seats)] = order
            return order

        self.lead_order = lead_order
        self.follow_order = follow_order

    def clear(self) -> None:
        """Forget every order (they are large at eight cards a hand)."""
        self.lead.clear()
        self.follow.clear()
