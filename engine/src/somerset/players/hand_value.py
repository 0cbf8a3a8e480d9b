"""What a hand is worth to the bots: :func:`estimate` (the points a bidder's side might take, for
bidding) and :func:`card_cost` (how much a card is worth keeping, for playing and discarding).

The heuristic bot bids and plays by them, and the play-out policy and the bid advisor's discards
share :func:`card_cost`, so the three value a card alike.

>>> from somerset import get_ruleset, parse_cards, parse_trump
>>> card_cost(parse_cards("8/8")[0], parse_trump("8"), 0) > card_cost(parse_cards("0/1")[0], parse_trump("8"), 0)
True
"""

from __future__ import annotations

from typing import Sequence

from ..rules.cards import Card, Trump
from ..rules.dimensions import Ruleset

__all__ = ["estimate", "card_cost"]


def _trump_cards(hand: Sequence[Card], trump: Trump) -> list[Card]:
    return sorted((c for c in hand if trump.is_trump(c)), key=lambda c: c.rank, reverse=True)


def estimate(ruleset: Ruleset, hand: Sequence[Card], trump: Trump, players: int, partners: int, total: int,
             tricks: int) -> float:
    """Points the bidder's side might take with ``hand`` under ``trump``: a rough guide for bidding.

    Counts likely winners (the top run of trumps, long trumps, top cards and doubles outside trumps,
    the Rover), adds a partner's average share, and shares the count points in proportion.
    """
    pack = ruleset.deck
    wins = 0.0
    trumps = _trump_cards(hand, trump)
    if trump.suit is not None:
        top = trump.suit
        run = 0
        for c in trumps:
            if c.is_ss:
                continue
            if c.rank >= top - run:
                run += 1
            else:
                break
        suit_size = trump.suit + 1 + (1 if pack.has_ss else 0)
        fair = suit_size / players
        wins += run * 0.95 + max(0.0, len(trumps) - run - fair) * 0.6 + max(0, len(trumps) - run) * 0.25
    for c in hand:
        if trump.is_trump(c):
            continue
        if c.is_rover:
            wins += 0.3 if trump.is_zero else 0.55
        elif c.is_double:
            wins += 0.65 if trump.is_no_trump else 0.45
        elif c.suit >= 0 and c.rank == c.suit - 1 and trump.is_no_trump:
            wins += 0.3
    hand_size = len(hand)
    if hand_size < tricks and partners == 1:
        # a drawing pile: the hand is a small part of what will be played; start from a fair share
        fair_wins = hand_size / players
        my_tricks = max(0.0, min(float(tricks), tricks / players + (wins - fair_wins) * 1.5))
    else:
        partner_share = (partners - 1) * tricks / players
        my_tricks = min(float(tricks), wins + partner_share)
    count_total = sum(cc.value for cc in pack.counts) if ruleset.points.value.count_cards else 0
    held_count = sum(pack.count_value(c) for c in trumps[: max(1, len(trumps) // 2)])
    count_share = count_total * my_tricks / max(1, tricks)
    points = my_tricks * ruleset.points.value.per_trick + count_share * 0.8 + held_count * 0.4
    return min(float(total), points)


def card_cost(c: Card, trump: Trump | None, count: int) -> float:
    """How much a card is worth keeping (``count``: its count value): trumps, count cards, the S/S
    and the Rover cost most. The heuristic bot's measure, shared by the play-out policy and the
    advisor's discards."""
    value = float(c.rank if c.rank >= 0 else 0)
    if trump is not None and trump.is_trump(c) and not c.is_ss:
        value += 100
    if c.is_ss:
        value += 120 if trump is not None and not trump.is_no_trump else 20
    elif c.is_rover:
        value += 40
    elif c.is_double:
        value += 8
    value += count * 12
    return value
