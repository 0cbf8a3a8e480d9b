"""Bounds on the points still to come, found without searching.

Two quick bounds: every point still out (:func:`remaining`, an upper bound for either side), and
the tricks a side is sure to take with trumps no opponent can beat and with top plain cards led
(:func:`sure_points`, a lower bound for each side, so an upper bound for the other).

Each bound is exact in what it claims, so the transposition table (:mod:`somerset.solve.transposition`)
starts every new entry from them.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .masks import RulesTables

__all__ = ["remaining", "sure_points"]


def remaining(tables: RulesTables, players: int, pile: Sequence[int], hands: Sequence[int], trick: Sequence[int],
              pile_pos: int, bonus: int) -> int:
    """Every point still to be taken: counts in hands, pile and trick, the tricks, the bonus."""
    count = tables.count
    cards = list(trick) + [c for c in pile[pile_pos:]]
    for h in hands:
        while h:
            low = h & -h
            cards.append(low.bit_length() - 1)
            h ^= low
    tricks = len(cards) // players
    return sum(count[c] for c in cards) + tricks * tables.per_trick + bonus


def sure_points(tables: RulesTables, side: Sequence[bool], hands: list[int],
                pile_mask: Sequence[int]) -> Callable[[int, int, int, bool], tuple[int, int]]:
    """The sure points of each side at a trick start, as a function of (leader, pile position,
    bonus, first lead) over the search's ``hands`` (read as they stand when it is called).

    ``side``: whether each seat plays for the side; ``pile_mask``: the cards still to be drawn
    from each pile position on.
    """
    t = tables
    n = len(side)
    count = t.count
    per_trick = t.per_trick
    follow = t.follow
    esuit = t.esuit
    trumps_high_first = t.trumps_high_first
    trumps = t.trumps
    above = t.above
    plain_leads = t.plain_leads
    rover_on = t.rover_on
    rover_bit = t.rover_bit
    opponents = tuple(tuple(o for o in range(n) if side[o] != side[s]) for s in range(n))
    partners = tuple(tuple(o for o in range(n) if side[o] == side[s] and o != s) for s in range(n))

    def sure(leader: int, pile_pos: int, bonus: int, first: bool) -> tuple[int, int]:
        """Points each side is sure of, at a trick start: a quick bound, exact in what it claims.

        Trumps: a trump above every trump the other side holds (or may still draw) takes the
        trick it is played in for its side, whatever else is played; each card of one hand goes
        to a different trick. So the trumps of one hand above all of the other side's are that
        many tricks, with at least their own count, for the side.

        The lead: a plain card above every card of its suit the other side holds takes this
        trick for the leader's side when every opponent void in the suit holds no trump and no
        one but the leader holds a 0/0 that still has its power (nothing else can beat it).
        That trick is the leader's plain card, so it adds to the leader's own sure trumps. While
        cards remain to be drawn, only the first such trick is counted: the draws after it may
        bring any player a trump or a higher card of the suit.
        """
        pending = pile_mask[pile_pos]
        ours = theirs = 0
        for s in range(n):
            if side[s]:
                ours |= hands[s]
            else:
                theirs |= hands[s]
        best_us = best_them = 0
        lead_pts = 0
        for s in range(n):
            h = hands[s]
            if not h & trumps:
                continue
            against = (theirs if side[s] else ours) | pending
            pts = 0
            for c in trumps_high_first:
                bit = 1 << c
                if h & bit:
                    pts += per_trick + count[c]
                elif against & bit:
                    break
            if s == leader:
                lead_pts = pts
            if side[s]:
                if pts > best_us:
                    best_us = pts
            elif pts > best_them:
                best_them = pts
        h = hands[leader]
        if not first and h & plain_leads and not (rover_on and (ours | theirs | pending) & ~h & rover_bit):
            opp = theirs if side[leader] else ours
            mates = (ours if side[leader] else theirs) & ~h
            quick = 0
            m = h & plain_leads
            while m:
                top = m.bit_length() - 1
                fs = follow[esuit[top]]
                m &= ~fs
                # how many rounds of this suit every opponent with a trump can follow, and
                # how many non-trumps each partner can play to them; with cards still to draw,
                # only this trick is sure (a card drawn after it may be a trump or a higher card)
                limit = 1 if pending else 99
                for o in opponents[leader]:
                    if hands[o] & trumps:
                        k = (hands[o] & fs).bit_count()
                        if k < limit:
                            limit = k
                keep = 99  # tricks after which the leader surely still has the lead
                for o in partners[leader]:
                    k = (hands[o] & ~trumps).bit_count()
                    if k < keep:
                        keep = k
                pts = 0
                j = 0
                rest = h & fs & plain_leads
                while rest and j < limit:
                    c = rest.bit_length() - 1
                    rest ^= 1 << c
                    if opp & fs & above[c]:
                        break
                    j += 1
                    pts += per_trick + count[c]
                    if j > keep or mates & fs & above[c]:
                        break  # a partner may have to take this trick: the lead would pass
                if pts > quick:
                    quick = pts
            if quick:
                quick += lead_pts + bonus
                if side[leader]:
                    if quick > best_us:
                        best_us = quick
                elif quick > best_them:
                    best_them = quick
        return best_us, best_them

    return sure
