"""Exact best play for a position: the points each side still takes, and what every card costs.

:func:`solve` answers at once; a :class:`Solver` keeps its search (and its transposition table)
between calls, so a caller with a budget (the JSON API, a widget) can ask again and carry on
where the last call stopped. An answer is exact only when it says so: otherwise it gives the
bounds proven so far, which are always true.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..rules.cards import Card
from .position import Position
from .masks import rules_tables
from .search import OutOfBudget, Search

__all__ = ["CardValue", "Play", "Solution", "Solver", "solve", "describe"]


@dataclass(frozen=True)
class CardValue:
    """One legal card of the player to move.

    ``low``/``high``: the side's points still to come after this card with best play by both
    sides from then on (equal when proven exactly). ``loss``: the points the mover's own side
    gives up by playing it rather than the best card (None until exact). ``equivalent``: the
    cards of the same hand that no other remaining card separates from it (same value).
    """

    card: Card
    low: int
    high: int
    loss: int | None
    best: bool
    equivalent: tuple[Card, ...]
    line: tuple["Play", ...] = ()  # with ``lines``: a best line to the end that starts with this card

    @property
    def exact(self) -> bool:
        """Whether the card's value is proven exactly (not only bounded)."""
        return self.low == self.high

    @property
    def points(self) -> int | None:
        """The side's points still to come after this card, when proven."""
        return self.low if self.exact else None

    def to_json(self) -> dict[str, Any]:
        """The card's value for the API: points, bounds, what it gives up, and the cards equivalent to it."""
        return {"card": str(self.card), "points": self.points, "low": self.low,
                "high": self.high, "loss": self.loss, "best": self.best,
                "equivalent": [str(c) for c in self.equivalent], "line": [x.to_json() for x in self.line]}


@dataclass(frozen=True)
class Play:
    """One card of the best line: who played it, and the trick's winner once it is complete."""

    seat: int
    card: Card
    winner: int | None = None  # the seat that takes the trick this card completes
    points: int = 0  # what that trick is worth
    draws: tuple[tuple[int, Card], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """One play of the best line for the API: seat, card, the trick's winner and points, the cards drawn."""
        return {"seat": self.seat, "card": str(self.card), "winner": self.winner, "points": self.points,
                "draws": [{"seat": s, "card": str(c)} for s, c in self.draws]}


@dataclass(frozen=True)
class Solution:
    """The answer for a position. ``exact`` is true only when every figure in it is proven."""

    position: Position
    side: tuple[int, ...]
    low: int  # the side's points still to come, at least ...
    high: int  # ... and at most
    remaining: int  # every point still to be taken
    cards: tuple[CardValue, ...]  # the legal cards of the player to move (empty if not asked)
    line: tuple[Play, ...]  # one best line to the end (empty if not asked or not proven)
    stopped: str | None  # why the answer is not complete: the budget that ran out
    nodes: int
    seconds: float
    lookups: int
    hits: int
    entries: int

    @property
    def exact(self) -> bool:
        """Whether the whole answer is exact: no budget ran out and every card's value is proven."""
        return self.stopped is None and self.low == self.high and all(c.exact for c in self.cards)

    @property
    def points(self) -> int | None:
        """The side's points still to come with best play, when proven."""
        return self.low if self.low == self.high else None

    @property
    def mover_on_side(self) -> bool:
        """Whether the player to move is on the side whose points are counted."""
        return self.position.to_move in self.side

    @property
    def side_taken(self) -> int:
        """The points the counted side has already taken in this deal."""
        return sum(self.position.taken[s] for s in self.side)

    @property
    def others_taken(self) -> int:
        """The points the other seats have already taken in this deal."""
        return sum(self.position.taken) - self.side_taken

    def to_json(self) -> dict[str, Any]:
        """The whole answer for the API: the position, the value with its bounds, each card, the line."""
        p = self.position
        others = [s for s in range(p.players) if s not in self.side]
        out: dict[str, Any] = {
            "position": p.to_json(),
            "exact": self.exact,
            "side": list(self.side),
            "others": others,
            "to_move": p.to_move,
            "remaining": self.remaining,
            "side_points": self.points,
            "side_low": self.low,
            "side_high": self.high,
            "others_points": None if self.points is None else self.remaining - self.points,
            "side_total": None if self.points is None else self.side_taken + self.points,
            "others_total": None if self.points is None else self.others_taken + self.remaining - self.points,
            "cards": [c.to_json() for c in self.cards],
            "line": [x.to_json() for x in self.line],
            "stopped": self.stopped,
            "stats": {"nodes": self.nodes, "seconds": round(self.seconds, 4), "lookups": self.lookups,
                      "hits": self.hits, "entries": self.entries},
        }
        return out

    def describe(self) -> str:
        """The answer in a few lines of text (what ``somerset solve`` prints)."""
        return describe(self.to_json())


class Solver:
    """The search for one position, kept between calls so that a budgeted caller can carry on."""

    def __init__(self, pos: Position) -> None:
        self.position = pos
        t = rules_tables(pos.ruleset, pos.trump)
        self.tables = t
        idx = t.index
        self.hands = tuple(sum(1 << idx[c] for c in h) for h in pos.hands)
        self.trick = tuple(idx[c] for c in pos.trick)
        self.search = Search(t, pos.players, pos.side, tuple(idx[c] for c in pos.pile))
        self.bonus = pos.bonus
        self.first = pos.first_lead
        self.remaining = self.search.remaining(self.hands, self.trick, 0, self.bonus)
        self.low, self.high = 0, self.remaining
        if not self.trick:
            self.low, self.high = self.search.quick_bounds(self.hands, pos.leader, 0, self.bonus, self.first)
        mover = pos.to_move
        self.maximizing = mover in pos.side
        hand = self.hands[mover]
        legal = t.tab.legal_mask(hand, self.trick, self.first)
        live = self.search.pile_mask[0] | sum(1 << c for c in self.trick)
        for h in self.hands:
            live |= h
        self.groups = [[c for c in g if legal >> c & 1] for g in t.groups(hand, live & ~hand)]
        self.groups = [g for g in self.groups if g]
        # per group: proven bounds on the side's points after playing it
        self.card_bounds = [[0, self.remaining] for _ in self.groups]
        self.line: tuple[Play, ...] = ()
        self.card_lines: dict[int, tuple[Play, ...]] = {}  # per group: a best line starting with it
        self.seconds = 0.0

    def _state(self) -> tuple[tuple[int, ...], int, tuple[int, ...], int, int, bool]:
        p = self.position
        return self.hands, p.leader, self.trick, 0, self.bonus, self.first

    def run(self, *, nodes: int | None = None, seconds: float | None = None, cards: bool = True,
            line: bool = False, lines: bool = False) -> Solution:
        """Carry the search on within the budget; ``cards``: value every legal card; ``line``: a best line;
        ``lines``: for every legal card, a line of best play from then on that starts with it (its refutation)."""
        cards = cards or lines
        s = self.search
        s.set_budget(nodes, seconds)
        start = time.perf_counter()
        stopped: str | None = None
        hands, leader, trick, pile_pos, bonus, first = self._state()
        try:
            if cards:
                self._card_values()
            elif self.low < self.high:
                self._root_value()
            if line and not self.line:
                self.line = self._best_line()
            if lines:
                for k in range(len(self.groups)):
                    if k not in self.card_lines:
                        self.card_lines[k] = self._best_line(k)
        except OutOfBudget:
            stopped = "node budget" if s.max_nodes and s.nodes >= s.max_nodes else "time budget"
            self._table_bounds()
        self.seconds += time.perf_counter() - start
        del hands, leader, trick, pile_pos, bonus, first
        return self._solution(stopped, cards)

    def _root_value(self) -> None:
        hands, leader, trick, pile_pos, bonus, first = self._state()
        try:
            self.low, self.high = self.search.value(hands, leader, trick, pile_pos, bonus, first, self.low, self.high)
        except OutOfBudget as e:
            self.low, self.high = e.bounds  # type: ignore[attr-defined]
            raise

    def _card_values(self) -> None:
        """The value of every legal card; the position's value is the best of them."""
        hands, leader, trick, pile_pos, bonus, first = self._state()
        s = self.search
        maximizing = self.maximizing
        # the likely best card first (the table's best lead, else the highest card): the others
        # are then measured against its value
        root_best = self._root_best()
        t = self.tables
        order = sorted(range(len(self.groups)), key=lambda k: (self.groups[k][0] != root_best,
                                                               t.count[self.groups[k][0]] - 4 * t.strength[self.groups[k][0]]))
        for b in self.card_bounds:  # no card does better for the mover than the position is worth
            if maximizing:
                b[1] = min(b[1], self.high)
            else:
                b[0] = max(b[0], self.low)
        try:
            for k in order:
                b = self.card_bounds[k]
                if b[0] == b[1]:
                    continue
                # the first card: halve the window; each later one: is it better than the best so
                # far? Most are not, and lose nothing or a point or two: walk down (up, for the
                # other side) from there a point at a time
                known = [c[0] for c in self.card_bounds if c[0] == c[1]]
                guesses: list[int] = []
                if known:
                    g = max(known) if maximizing else min(known) + 1
                    guesses = [min(max(g, b[0] + 1), b[1])]
                try:
                    b[0], b[1] = s.value(hands, leader, trick, pile_pos, bonus, first, b[0], b[1], guesses,
                                         only=1 << self.groups[k][0], walk=bool(known))
                except OutOfBudget as e:
                    b[0], b[1] = e.bounds  # type: ignore[attr-defined]
                    raise
        finally:
            lows = [b[0] for b in self.card_bounds]
            highs = [b[1] for b in self.card_bounds]
            pick = max if maximizing else min
            self.low, self.high = max(self.low, pick(lows)), min(self.high, pick(highs))

    def _table_bounds(self) -> None:
        """Narrow the position's bounds by what the table proved about it (quick bounds included)."""
        hands, leader, trick, pile_pos, _, _ = self._state()
        if trick:
            return
        e = self.search.table.get(self.search.key(hands, leader, pile_pos))
        if e is not None:
            self.low, self.high = max(self.low, e[0]), min(self.high, e[1])

    def _root_best(self) -> int:
        hands, leader, trick, pile_pos, _, _ = self._state()
        if trick:
            return -1
        e = self.search.table.get(self.search.key(hands, leader, pile_pos))
        return e[2] if e is not None else -1

    def _best_line(self, start: int | None = None) -> tuple[Play, ...]:
        """One line of best play to the end of the deal: at each turn, a card that keeps the value.

        With ``start`` (a group of the mover's legal cards, valued exactly), the line begins with
        that group's card, and best play by both sides follows it.
        """
        if self.low != self.high:
            return ()
        if start is not None and self.card_bounds[start][0] != self.card_bounds[start][1]:
            return ()
        s = self.search
        t = self.tables
        n = self.position.players
        side = self.position.side
        hands = list(self.hands)
        leader = self.position.leader
        trick = list(self.trick)
        pile_pos = 0
        bonus = self.bonus
        first = self.first
        value = self.low if start is None else self.card_bounds[start][0]
        forced = -1 if start is None else self.groups[start][0]
        tp = bonus + t.per_trick + sum(t.count[c] for c in trick)
        out: list[Play] = []
        pile = s.pile
        while any(hands) or trick:
            seat = (leader + len(trick)) % n
            hand = hands[seat]
            legal = t.tab.legal_mask(hand, trick, first and not trick)
            live = s.pile_mask[pile_pos] | sum(1 << c for c in trick)
            for h in hands:
                live |= h
            choices = [g[0] for g in t.groups(hand, live & ~hand) if legal >> g[0] & 1]
            chosen = forced
            forced = -1
            for c in choices if chosen < 0 else ():
                if len(choices) == 1:
                    chosen = c
                    break
                if seat in side:
                    ok = s.ge(hands, leader, trick, pile_pos, bonus, first, value, only=1 << c)
                else:
                    ok = not s.ge(hands, leader, trick, pile_pos, bonus, first, value + 1, only=1 << c)
                if ok:
                    chosen = c
                    break
            assert chosen >= 0, "no card keeps the proven value"
            hands[seat] &= ~(1 << chosen)
            trick.append(chosen)
            tp += t.count[chosen]
            first = False
            if len(trick) < n:
                out.append(Play(seat, t.cards[chosen]))
                continue
            wseat = (leader + t.winner(trick)) % n
            draws: list[tuple[int, Card]] = []
            if pile_pos < len(pile):
                for k in range(n):
                    d = pile[pile_pos + k]
                    hands[(wseat + k) % n] |= 1 << d
                    draws.append(((wseat + k) % n, t.cards[d]))
                pile_pos += n
            out.append(Play(seat, t.cards[chosen], wseat, tp, tuple(draws)))
            if wseat in side:
                value -= tp
            trick = []
            leader = wseat
            bonus = 0
            tp = t.per_trick
        assert value == 0, "the best line does not add up to the proven value"
        return tuple(out)

    def _solution(self, stopped: str | None, cards: bool) -> Solution:
        s = self.search
        values: list[CardValue] = []
        if cards:
            best_value = self.high if self.maximizing else self.low
            exact_root = self.low == self.high
            t = self.tables
            for k, g in enumerate(self.groups):
                lo, hi = self.card_bounds[k]
                loss = None
                if lo == hi and exact_root:
                    loss = best_value - lo if self.maximizing else lo - best_value
                for c in g:
                    line = self.card_lines.get(k, ())
                    if line and c != g[0]:  # an equivalent card: the same line with the two swapped
                        swap = {t.cards[c]: t.cards[g[0]], t.cards[g[0]]: t.cards[c]}
                        line = tuple(Play(x.seat, swap.get(x.card, x.card), x.winner, x.points, x.draws)
                                     if x.seat == self.position.to_move else x for x in line)
                    values.append(CardValue(t.cards[c], lo, hi, loss, loss == 0,
                                            tuple(t.cards[x] for x in g if x != c), line))
            values.sort(key=lambda v: (v.loss if v.loss is not None else 99, v.card.sort_key()))
        return Solution(self.position, self.position.side, self.low, self.high, self.remaining, tuple(values),
                        self.line, stopped, s.nodes, self.seconds, s.lookups, s.hits, len(s.table))


def solve(pos: Position, *, nodes: int | None = None, seconds: float | None = None, cards: bool = True,
          line: bool = False, lines: bool = False) -> Solution:
    """Solve ``pos``: the side's points with best play and, with ``cards``, the value of every legal card.

    With a budget (``nodes``, ``seconds``) the answer may stop short: it then says so
    (``stopped``) and gives the bounds proven so far.

    >>> from somerset import get_ruleset
    >>> from somerset.solve import position, solve
    >>> r = get_ruleset("parker-1947")
    >>> p = position(r, "8", ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"], leader=0)
    >>> sol = solve(p)
    >>> sol.points, sol.remaining
    (5, 5)
    >>> [(str(v.card), v.loss) for v in sol.cards]
    [('8/8', 0), ('2/2', 4)]
    """
    return Solver(pos).run(nodes=nodes, seconds=seconds, cards=cards, line=line, lines=lines)


def describe(data: dict[str, Any]) -> str:
    """A solve answer (the JSON form) in a few lines of text."""
    p = data["position"]
    seats = "+".join(str(s) for s in data["side"])
    others = "+".join(str(s) for s in data["others"])
    rem = data["remaining"]
    lines: list[str] = []
    if data["side_points"] is not None:
        pts = data["side_points"]
        lines.append(f"With best play seats {seats} take {pts} of the {rem} points still to be won and seats "
                     f"{others} take {rem - pts}.")
    else:
        lines.append(f"Not solved within the {data['stopped']}: so far it is proven only that seats {seats} take "
                     f"at least {data['side_low']} and at most {data['side_high']} of the {rem} points still to be "
                     "won.")
    if data["cards"]:
        mover = data["to_move"]
        who = f"seats {seats}" if mover in data["side"] else f"seats {others}"
        lines.append(f"Seat {mover} to play; what each card costs {who} against the best card:")
        for c in data["cards"]:
            if c["loss"] is not None:
                mark = "best" if c["best"] else f"\u2212{c['loss']}"
                lines.append(f"  {c['card']:>5}  {mark:>4}   then seats {seats} take {c['low']}")
            else:
                lines.append(f"  {c['card']:>5}     ?   then seats {seats} take {c['low']} to {c['high']} "
                             "(not yet proven)")
    if data["line"]:
        parts = []
        for x in data["line"]:
            text = f"{x['seat']}:{x['card']}"
            if x["winner"] is not None:
                text += f" (seat {x['winner']} +{x['points']})"
                if x["draws"]:
                    text += " draws " + " ".join(f"{d['seat']}:{d['card']}" for d in x["draws"])
            parts.append(text)
        lines.append("A best line: " + ", ".join(parts))
    st = data["stats"]
    lines.append(f"{st['nodes']:,} nodes in {st['seconds']:.3f} s; table of {st['entries']:,} positions, "
                 f"{st['hits']:,} of {st['lookups']:,} look-ups found ({p['rules']}, trump {p['trump']})")
    return "\n".join(lines)
