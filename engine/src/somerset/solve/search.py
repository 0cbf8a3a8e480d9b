"""The search behind :mod:`somerset.solve`: exact best play when every remaining card is known.

Two sides play for points (count cards plus the points for each trick): ``side`` holds the
seats of one side, every other seat plays against it. The question the search answers is
boolean, "can the side still take at least ``target`` points from here?" (a zero-window
alpha-beta); :meth:`Search.value` finds the exact figure with a few such probes, each narrowing
proven lower and upper bounds.

How it is kept quick, and why each shortcut is exact:

* Cards are small integers (their place in ``pack.cards``, so a suit is a run of bits in rank
  order) and hands are bit masks; legality and trick winners come from the engine's own tables
  for the ruleset and trump (:class:`somerset.game.precompute.TrickTables`), so the search plays by exactly the
  rules the engine plays by.
* Equivalent cards are one card. Two cards of one hand are equivalent when no card still to be
  played by anyone else (another hand, the drawing pile, the trick on the table) lies between
  them in their suit and neither is special: a count card, the S/S, the 0/0, or a double while
  the 0/0 can still give the doubles its power. Nothing in any ruleset can then tell them
  apart, so only the lowest of each group is searched; the others get its value.
* A transposition table at the start of every trick, keyed on the hands, the leader and how
  far the drawing pile has gone, keeps proven lower and upper bounds on the points still to
  come, the equivalence groups of that position and the lead that last decided it.
* Quick bounds before any search: every point still out (an upper bound), and the tricks a hand
  is sure to take with trumps no opponent can beat (see :meth:`Search._sure_points`).
* Moves are tried in an order that finds cut-offs early: the stored best lead first; to a
  trick, the cheapest card that takes it, a count card on a partner's winning card, and
  otherwise the lowest card. Each order is worked out once for the cards allowed (and the
  trick so far) and kept; a card that cuts the search off goes to the front of its order, so
  every later node with the same choice tries it first (a "killer" move). Only the order of
  trying changes, never which cards are tried, and the same questions in the same order get
  the same search, node for node.

The search runs until it is done or out of budget (nodes or seconds): then :class:`OutOfBudget`
is raised, and every bound proven so far stays true.
"""

from __future__ import annotations

import gc
import time
from functools import lru_cache
from typing import Any, Sequence

from ..rules.cards import Card, Trump
from ..game.precompute import pack_index, trick_tables
from ..rules.dimensions import Ruleset

__all__ = ["Search", "OutOfBudget", "RulesTables", "rules_tables"]




class OutOfBudget(Exception):
    """The search used up its node or time budget before proving the answer."""


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


class Search:
    """One search tree: a ruleset and trump, the seats, the side, the drawing pile, and a table.

    Positions are given as (hands, leader, trick, pile position, bonus, first lead). The table
    stays valid for any position with the same rules, seats, side and pile, so one :class:`Search`
    answers many related questions (every card at the root, the best line) and can resume after
    running out of budget.
    """

    def __init__(self, tables: RulesTables, players: int, side: Sequence[int], pile: Sequence[int] = ()) -> None:
        if len(pile) % players:
            raise ValueError("the drawing pile must hold a whole number of rounds")
        self.t = tables
        self.players = players
        self.side = tuple(s in side for s in range(players))
        self.pile = tuple(pile)
        self.table: dict[Any, list[Any]] = {}  # [low, high, best lead, groups] by position, see key()
        self.probes = 0
        self.max_nodes = 0  # 0: no limit
        self.deadline = 0.0  # 0: no limit
        self._winners: dict[tuple[int, ...], int] = {}
        self._build()

    def __del__(self) -> None:
        # the search's functions call one another, so they form a reference cycle that only the
        # cyclic garbage collector frees; the table and the caches they hold (large at eight
        # cards a hand) are emptied as soon as the search itself is dropped
        self.table.clear()
        self._winners.clear()
        for cache in self._orders:
            cache.clear()

    # --- the budget ------------------------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Cards played in the search so far (one node each)."""
        return self._nodes()

    @property
    def lookups(self) -> int:
        """Trick starts looked up in the table so far."""
        return self._lookups()[0]

    @property
    def hits(self) -> int:
        """Trick starts found in the table so far."""
        return self._lookups()[1]

    def set_budget(self, nodes: int | None = None, seconds: float | None = None) -> None:
        """Stop (raise :class:`OutOfBudget`) after ``nodes`` more nodes or ``seconds`` from now."""
        self.max_nodes = self.nodes + nodes if nodes else 0
        self.deadline = time.perf_counter() + seconds if seconds else 0.0
        self._limits(self.max_nodes, self.deadline)

    # --- positions -------------------------------------------------------------------------

    def key(self, hands: Sequence[int], leader: int, pile_pos: int) -> Any:
        """The table's key for a trick start: without a drawing pile every card stays with its
        owner, so the cards left (one mask) and the leader say everything; with one, the hands."""
        if not self.pile:
            return sum(hands) << 4 | leader
        return (leader, pile_pos, *hands)

    def remaining(self, hands: Sequence[int], trick: Sequence[int], pile_pos: int, bonus: int) -> int:
        """Every point still to be taken: counts in hands, pile and trick, the tricks, the bonus."""
        count = self.t.count
        cards = list(trick) + [c for c in self.pile[pile_pos:]]
        for h in hands:
            while h:
                low = h & -h
                cards.append(low.bit_length() - 1)
                h ^= low
        tricks = len(cards) // self.players
        return sum(count[c] for c in cards) + tricks * self.t.per_trick + bonus

    def quick_bounds(self, hands: Sequence[int], leader: int, pile_pos: int, bonus: int, first_lead: bool) -> tuple[int, int]:
        """Bounds on the side's points from a trick start without searching (sure trumps, the lead)."""
        rem = self.remaining(hands, (), pile_pos, bonus)
        self._hands[:] = list(hands)
        ours, theirs = self._sure(leader, pile_pos, bonus, first_lead)
        return ours, rem - theirs

    def ge(self, hands: Sequence[int], leader: int, trick: Sequence[int], pile_pos: int, bonus: int,
           first_lead: bool, target: int, only: int = -1) -> bool:
        """Whether the side can take at least ``target`` of the points still to come.

        ``only`` restricts the player to move to the cards of that mask (the value of one card).
        """
        return self.bound(hands, leader, trick, pile_pos, bonus, first_lead, target - 1, target, only) >= target

    def bound(self, hands: Sequence[int], leader: int, trick: Sequence[int], pile_pos: int, bonus: int,
              first_lead: bool, alpha: int, beta: int, only: int = -1) -> int:
        """An alpha-beta search in the window (``alpha``, ``beta``), fail-soft: a result at or below
        ``alpha`` is an upper bound on the side's points still to come, one at or above ``beta``
        a lower bound, one between them the exact figure."""
        self.probes += 1
        # the table holds many small lists and the search makes no reference cycles: the cyclic
        # garbage collector would only walk the table again and again, so it rests meanwhile
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._bound(hands, leader, trick, pile_pos, bonus, first_lead, alpha, beta, only)
        finally:
            if collecting:
                gc.enable()

    def _bound(self, hands: Sequence[int], leader: int, trick: Sequence[int], pile_pos: int, bonus: int,
               first_lead: bool, alpha: int, beta: int, only: int) -> int:
        rem = self.remaining(hands, trick, pile_pos, bonus)
        self._hands[:] = list(hands)
        if not trick and only == -1:
            return self._trick_start(leader, alpha, beta, rem, pile_pos, bonus, first_lead)
        pos = len(trick)
        t = self.t
        tp = t.per_trick + bonus + sum(t.count[c] for c in trick)
        fol, ext = self._context(tuple(trick))
        live = self.pile_mask[pile_pos] | sum(1 << c for c in trick)
        for h in hands:
            live |= h
        reps = tuple(t.reps(h, live & ~h) for h in hands)
        return self._play(self._seat_at[leader], pos, tuple(trick), alpha, beta, rem, tp, pile_pos, reps, fol, ext,
                          first_lead and not trick, only, None)

    def _context(self, trick: tuple[int, ...]) -> tuple[int, int]:
        """The follow mask and the extra cards always allowed, for the next card to ``trick``."""
        t = self.t
        if not trick:
            return -1, 0
        lead = trick[0]
        if lead == t.ss and t.nt:
            if len(trick) == 1:
                return -1, 0
            suit = t.suit[trick[1]]
        else:
            suit = t.esuit[lead]
        ext = t.extra
        if t.break_double and t.rover in trick:
            ext |= t.break_double
        return t.follow.get(suit, 0), ext

    # --- the search itself -------------------------------------------------------------------

    def _build(self) -> None:
        """Build the recursive search as closures over local names (the fastest form in CPython)."""
        t = self.t
        n = self.players
        side = self.side
        pile = self.pile
        count = t.count
        per_trick = t.per_trick
        rank = t.rank
        tkey = t.tkey
        follow = t.follow
        esuit = t.esuit
        suit_of = t.suit
        extra = t.extra
        break_double = t.break_double
        rover = t.rover
        ss = t.ss
        nt = t.nt
        lead_first = t.lead_first
        winner_of = t.winner
        all_cards = t.all
        suit_start = t.suit_start
        special_plain = t.special
        special_rover = t.special | t.doubles
        winners = self._winners
        table = self.table
        hands: list[int] = [0] * n
        self._hands = hands
        seat_at = tuple(tuple((leader + pos) % n for pos in range(n)) for leader in range(n))
        pile_len = len(pile)
        fixed = not pile_len
        pile_mask = [0] * (pile_len + 1)
        for k in range(pile_len - 1, -1, -1):
            pile_mask[k] = pile_mask[k + 1] | (1 << pile[k])
        self.pile_mask = pile_mask
        trumps_high_first = t.trumps_high_first
        trumps = t.trumps
        strength = t.strength
        above = t.above
        plain_leads = t.plain_leads
        rover_on = t.rover_on
        rover_bit = t.rover_bit
        opponents = tuple(tuple(o for o in range(n) if side[o] != side[s]) for s in range(n))
        partners = tuple(tuple(o for o in range(n) if side[o] == side[s] and o != s) for s in range(n))
        clock = time.perf_counter
        nodes = 0
        ticks = 0
        lookups = 0  # trick starts looked up in the table ...
        hits = 0  # ... and found there
        max_nodes = 0
        deadline = 0.0

        def limits(most: int, until: float) -> None:
            nonlocal max_nodes, deadline
            max_nodes, deadline = most, until

        def count_nodes() -> int:
            return nodes

        def count_lookups() -> tuple[int, int]:
            return lookups, hits

        def win(trick: tuple[int, ...]) -> int:
            w = winners.get(trick)
            if w is None:
                w = winners[trick] = winner_of(trick)
            return w

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

        def reps_all(live: int) -> tuple[int, ...]:
            """:meth:`RulesTables.reps` of every hand at once (``live``: every card still to be played)."""
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

        def trick_start(leader: int, alpha: int, beta: int, rem: int, pile_pos: int, bonus: int, first: bool) -> int:
            """The side's points from this trick on, fail-soft: a result at or below ``alpha`` is an
            upper bound, one at or above ``beta`` a lower bound, anything between exact."""
            if beta <= 0:
                return 0
            if alpha >= rem:
                return rem
            nonlocal ticks, lookups, hits
            ticks += 1
            if max_nodes and nodes > max_nodes:
                raise OutOfBudget
            if deadline and not ticks & 255 and clock() > deadline:
                raise OutOfBudget
            h0 = hands[0]
            if pile_pos == pile_len and not h0 & (h0 - 1):
                # the last trick: every hand holds one card
                seats = seat_at[leader]
                trick = tuple([hands[s].bit_length() - 1 for s in seats])
                return rem if side[seats[win(trick)]] else 0
            # without a pile every card stays with its owner, so the cards left and the leader are the position
            held = sum(hands)  # the hands never share a card
            key = (held << 4 | leader) if fixed else (leader, pile_pos, *hands)
            lookups += 1
            e = table.get(key)
            if e is not None:
                hits += 1
                lo: int = e[0]
                hi: int = e[1]
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                reps = e[3]
                if reps is None:
                    live = pile_mask[pile_pos]
                    for h in hands:
                        live |= h
                    reps = e[3] = reps_all(live)
            else:
                lo, sure_them = sure(leader, pile_pos, bonus, first)
                hi = rem - sure_them
                e = table[key] = [lo, hi, -1, None]  # the groups of equivalent cards: worked out when needed
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                live = pile_mask[pile_pos]
                for h in hands:
                    live |= h
                reps = e[3] = reps_all(live)
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            v = play(seat_at[leader], 0, (), a, b, rem, per_trick + bonus, pile_pos, reps, -1, 0, first, -1, e)
            if v <= a:
                if v < e[1]:
                    e[1] = v
            elif v >= b:
                if v > e[0]:
                    e[0] = v
            else:
                e[0] = e[1] = v
            return v

        # a node's moves in the order to try them, each as (card, its bit, its count, the trick it
        # makes, and when that trick is complete the place in it of the card that takes it)
        Move = tuple[int, int, int, tuple[int, ...], int]
        lead_orders: dict[tuple[int, int], list[Move]] = {}
        follow_orders: dict[Any, list[Move]] = {}
        self._orders = (lead_orders, follow_orders)

        def follow_order(seats: tuple[int, ...], pos: int, trick: tuple[int, ...], moves: int,
                         maximizing: bool) -> list[Move]:
            """The cards ``moves`` to ``trick`` in the order to try them, each with the trick it
            makes and (for the last card) its winner: the cheapest card that takes the trick, a
            count card on a partner's winning card, otherwise the lowest card."""
            last = pos == n - 1
            if not moves & (moves - 1):
                c = moves.bit_length() - 1
                t2 = trick + (c,)
                return [(c, 1 << c, count[c], t2, win(t2) if last else 0)]
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
            return [(c, 1 << c, count[c], t2, w) for _, c, t2, w in ranked]

        def play(seats: tuple[int, ...], pos: int, trick: tuple[int, ...], alpha: int, beta: int, rem: int, tp: int,
                 pile_pos: int, reps: tuple[int, ...], fol: int, ext: int, first: bool, only: int,
                 e: list[Any] | None) -> int:
            """The side's points from here (fail-soft, as :func:`trick_start`), ``seats`` in play order."""
            nonlocal nodes
            nodes += 1
            seat = seats[pos]
            h = hands[seat]
            if pos == 0:
                legal = h
                if first and lead_first != -1:
                    legal = h & lead_first or h
            else:
                held = h & fol
                legal = (held | (h & ext)) if held else h
            moves = legal & reps[seat] & only
            maximizing = side[seat]
            last = pos == n - 1
            if pos == 0:
                best_lead = e[2] if e is not None else -1
                lkey = (moves, best_lead)
                order = lead_orders.get(lkey)
                if order is None:
                    ranked = []
                    m = moves
                    while m:
                        low = m & -m
                        c = low.bit_length() - 1
                        m ^= low
                        ranked.append((10000 if c == best_lead else strength[c] * 4 - count[c], c))
                    ranked.sort(reverse=True)
                    order = lead_orders[lkey] = [(c, 1 << c, count[c], (c,), 0) for _, c in ranked]
            else:
                # the order depends only on the trick, the cards allowed and who sits where
                fkey = (trick, moves, seats)
                order = follow_orders.get(fkey)
                if order is None:
                    order = follow_orders[fkey] = follow_order(seats, pos, trick, moves, maximizing)
            best = -1 if maximizing else 1 << 30
            # on a cut-off the card goes to the front of this order (no node that is still
            # going through the same list can be above this one: its cards allowed would include
            # a card played since, so its order is another list)
            for mv in order:
                c, bit, cnt, t2, w = mv
                hands[seat] = h ^ bit
                tp2 = tp + cnt
                if not last:
                    if pos == 0:
                        if c == ss and nt:
                            fol2, ext2 = -1, 0
                        else:
                            fol2 = follow.get(esuit[c], 0)
                            ext2 = extra | break_double if (break_double and c == rover) else extra
                    elif pos == 1 and trick[0] == ss and nt:
                        fol2 = follow.get(suit_of[c], 0)
                        ext2 = extra | break_double if (break_double and c == rover) else extra
                    else:
                        fol2 = fol
                        ext2 = ext | break_double if (break_double and c == rover) else ext
                    v = play(seats, pos + 1, t2, alpha, beta, rem, tp2, pile_pos, reps, fol2, ext2, False, -1, None)
                else:
                    wseat = seats[w]
                    g = tp2 if side[wseat] else 0
                    if pile_pos < pile_len:
                        after = seat_at[wseat]
                        for k in range(n):
                            hands[after[k]] |= 1 << pile[pile_pos + k]
                        v = g + trick_start(wseat, alpha - g, beta - g, rem - tp2, pile_pos + n, 0, False)
                        for k in range(n):
                            hands[after[k]] ^= 1 << pile[pile_pos + k]
                    elif beta - g <= 0:
                        v = g
                    elif alpha - g >= rem - tp2:
                        v = rem - tp2 + g
                    else:
                        v = g + trick_start(wseat, alpha - g, beta - g, rem - tp2, pile_pos, 0, False)
                hands[seat] = h
                if maximizing:
                    if v > best:
                        best = v
                        if v >= beta:
                            if e is not None:
                                e[2] = c
                            if order[0] is not mv:
                                order.remove(mv)
                                order.insert(0, mv)
                            return v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v <= alpha:
                            if e is not None:
                                e[2] = c
                            if order[0] is not mv:
                                order.remove(mv)
                                order.insert(0, mv)
                            return v
                        if v < beta:
                            beta = v
            return best

        self._trick_start = trick_start
        self._reps_all = reps_all
        self._sure = sure
        self._seat_at = seat_at
        self._play = play
        self._limits = limits
        self._nodes = count_nodes
        self._lookups = count_lookups

    # --- exact values ------------------------------------------------------------------------

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int], pile_pos: int, bonus: int,
              first_lead: bool, lo: int = 0, hi: int | None = None, guesses: Sequence[int] = (),
              only: int = -1, full: bool = False, walk: bool = False) -> tuple[int, int]:
        """Narrow ``lo <= value <= hi`` (the side's points still to come) until they meet.

        Each probe asks whether the value is at least some figure: first the ``guesses`` that
        are still open, in order, then (with ``full``) one search over the whole window left;
        with ``walk``, the figure the last probe answered with (after a yes, one point above the
        new lower bound; after a no, the new upper bound: a card's value tends to lie near the
        guess); otherwise halves of what is left. Returns the proven bounds; when
        :class:`OutOfBudget` interrupts, the bounds proven so far are on the exception as ``bounds``.
        """
        rem = self.remaining(hands, trick, pile_pos, bonus)
        if hi is None or hi > rem:
            hi = rem
        lo = max(lo, 0)
        pending = list(guesses)
        step = -1  # with ``walk``: the next probe, once a probe has answered
        try:
            while lo < hi:
                while pending and not lo < pending[0] <= hi:
                    pending.pop(0)
                if pending:
                    probe = pending.pop(0)
                elif full:
                    v = self.bound(hands, leader, trick, pile_pos, bonus, first_lead, lo - 1, hi + 1, only)
                    lo = hi = v
                    break
                elif walk and step >= 0:
                    probe = min(max(step, lo + 1), hi)
                else:
                    probe = (lo + hi + 1) // 2
                v = self.bound(hands, leader, trick, pile_pos, bonus, first_lead, probe - 1, probe, only)
                if v >= probe:
                    lo = min(v, hi)
                    step = lo + 1
                else:
                    hi = max(v, lo)
                    step = hi
        except OutOfBudget as e:
            e.bounds = (lo, hi)  # type: ignore[attr-defined]
            raise
        return lo, hi
