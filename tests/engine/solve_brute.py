"""A plain minimax over the engine's public rules, to check the solver against.

Nothing clever: every legal card (from ``legal_plays``) of every player is tried, each full
trick is settled by ``trick_verdict``, the trick's points are its count cards and the points
for a trick (the face-up cards' count with the first), and the drawing pile is shared out from
the top, the winner first. The side maximises its points, the other seats minimise them. The
only help is a cache on the whole state, which cannot change an answer.
"""

from __future__ import annotations

from functools import lru_cache

from somerset.rules.cards import Card
from somerset.rules.play import legal_plays, trick_verdict
from somerset.rules.dimensions import Declaration
from somerset.solve import Position

Hands = tuple[frozenset[Card], ...]


def brute_values(pos: Position) -> tuple[int, dict[Card, int]]:
    """The side's points still to come with best play, and after each legal card of the mover."""
    r = pos.ruleset
    trump = pos.trump
    n = pos.players
    side = frozenset(pos.side)
    pack = r.deck
    counts = r.points.value.count_cards
    per_trick = r.points.value.per_trick
    first_rule = r.declaration.value is not Declaration.DRAWN

    def count(c: Card) -> int:
        return pack.count_value(c) if counts else 0

    @lru_cache(maxsize=None)
    def legal(hand: frozenset[Card], trick: tuple[Card, ...], first: bool) -> tuple[Card, ...]:
        ordered = sorted(hand, key=lambda c: c.sort_key())
        return legal_plays(r, trump, ordered, list(trick), first_trick=first).legal

    @lru_cache(maxsize=None)
    def winner(trick: tuple[Card, ...]) -> int:
        return trick_verdict(r, trump, list(trick)).winner

    @lru_cache(maxsize=None)
    def best(hands: Hands, leader: int, trick: tuple[Card, ...], pile: tuple[Card, ...], first: bool) -> int:
        values = children(hands, leader, trick, pile, first)
        if not values:
            return 0
        mover = (leader + len(trick)) % n
        return max(values.values()) if mover in side else min(values.values())

    def children(hands: Hands, leader: int, trick: tuple[Card, ...], pile: tuple[Card, ...],
                 first: bool) -> dict[Card, int]:
        mover = (leader + len(trick)) % n
        hand = hands[mover]
        if not hand:
            return {}
        out: dict[Card, int] = {}
        for c in legal(hand, trick, first and first_rule and not trick):
            rest = tuple(h - {c} if s == mover else h for s, h in enumerate(hands))
            played = trick + (c,)
            if len(played) < n:
                out[c] = best(rest, leader, played, pile, first)
                continue
            taker = (leader + winner(played)) % n
            points = per_trick + sum(count(x) for x in played)
            if first:
                points += sum(count(x) for x in pos.face_up)
            if pile:
                drawn = list(rest)
                for k in range(n):
                    s = (taker + k) % n
                    drawn[s] = drawn[s] | {pile[k]}
                rest = tuple(drawn)
                pile_after = pile[n:]
            else:
                pile_after = pile
            out[c] = (points if taker in side else 0) + best(rest, taker, (), pile_after, False)
        return out

    hands = tuple(frozenset(h) for h in pos.hands)
    values = children(hands, pos.leader, pos.trick, pos.pile, pos.first_trick)
    mover = pos.to_move
    value = max(values.values()) if mover in side else min(values.values())
    return value, values

