"""The search behind :mod:`somerset.solve`: exact best play when every remaining card is known.

Two sides play for points: ``side`` holds the seats of one side, every other seat plays against
it. A :class:`Search` answers "can the side still take at least ``target`` points from here?" (a
zero-window alpha-beta), and :meth:`Search.value` finds the exact figure with a few such probes.
This module holds the recursion over tricks and cards, its budget and the probes; the rules as
masks, the moves, the bounds and the transposition table are modules of their own. Out of budget
it raises :class:`OutOfBudget`, every bound proven so far staying true. How the parts fit:
develop/architecture.md, "Inside the solver".
"""

from __future__ import annotations

import gc
import time
from typing import Any, Sequence

from .bounds import remaining, sure_points
from .masks import RulesTables, memo_winner
from .moves import MoveOrders, equivalence
from .transposition import new_entry, position_key

__all__ = ["Search", "OutOfBudget"]


class OutOfBudget(Exception):
    """The search used up its node or time budget before proving the answer."""


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
        self.table: dict[Any, list[Any]] = {}  # entries by position: see somerset.solve.transposition
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
        self._move_orders.clear()

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
        """The table's key for a trick start (:func:`somerset.solve.transposition.position_key`)."""
        return position_key(not self.pile, hands, leader, pile_pos)

    def remaining(self, hands: Sequence[int], trick: Sequence[int], pile_pos: int, bonus: int) -> int:
        """Every point still to be taken: counts in hands, pile and trick, the tricks, the bonus."""
        return remaining(self.t, self.players, self.pile, hands, trick, pile_pos, bonus)

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
        per_trick = t.per_trick
        follow = t.follow
        esuit = t.esuit
        suit_of = t.suit
        extra = t.extra
        break_double = t.break_double
        rover = t.rover
        ss = t.ss
        nt = t.nt
        lead_first = t.lead_first
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

        win = memo_winner(t, winners)
        sure = sure_points(t, side, hands, pile_mask)
        reps_all = equivalence(t, hands)

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
            # position_key and narrow (somerset.solve.transposition) written out in place: this runs
            # at every trick start, where a call costs more than the work
            key = (sum(hands) << 4 | leader) if fixed else (leader, pile_pos, *hands)
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
                e = table[key] = new_entry(lo, hi)
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

        orders = self._move_orders = MoveOrders(t, side, win)
        self._orders = (orders.lead, orders.follow)
        lead_orders = orders.lead
        follow_orders = orders.follow
        lead_order = orders.lead_order
        follow_order = orders.follow_order

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
                    order = lead_order(moves, best_lead)
            else:
                # the order depends only on the trick, the cards allowed and who sits where
                fkey = (trick, moves, seats)
                order = follow_orders.get(fkey)
                if order is None:
                    order = follow_order(seats, pos, trick, moves, maximizing)
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
