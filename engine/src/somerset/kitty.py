"""The kitty: which cards the high bidder may discard, and what the discards do to the bid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card, Trump
from .errors import RulesError
from .rules import KittyExchange, PileKind, Ruleset, UndealtKind

__all__ = ["DiscardCheck", "check_discards", "bid_after_discards", "has_kitty"]


@dataclass(frozen=True, slots=True)
class DiscardCheck:
    card: Card
    allowed: bool
    reason: str


def has_kitty(ruleset: Ruleset, format_id: str | None = None) -> bool:
    fmt = ruleset.format(format_id)
    if fmt.pile is not PileKind.NONE:  # the undealt cards are a drawing pile, not a kitty
        return False
    kind = fmt.undealt_kind or ruleset.undealt.value.kind
    return kind is UndealtKind.KITTY and fmt.undealt > 0


def check_discards(ruleset: Ruleset, trump: Trump, hand: Sequence[Card]) -> list[DiscardCheck]:
    """For each card of the bidder's hand (kitty included), whether it may be discarded and why."""
    exchange = ruleset.undealt.value.exchange
    deck = ruleset.deck
    out = []
    for card in hand:
        if card not in deck:
            raise RulesError(f"{card} is not in the {deck.name} pack")
        if exchange is KittyExchange.NO_RED_NO_TRUMP:
            if deck.count_value(card):
                out.append(DiscardCheck(card, False, f"{card} is a red count card, and red cards may not be discarded"))
                continue
            if not trump.is_no_trump and trump.is_trump(card):
                out.append(DiscardCheck(card, False,
                                        f"{card} is of the suit to be named trump ({trump.label}), which may not be discarded"))
                continue
            out.append(DiscardCheck(card, True, f"{card} is neither red nor a trump, so it may be discarded"))
        elif exchange is KittyExchange.COUNT_RAISES_BID and deck.count_value(card):
            value = deck.count_value(card)
            out.append(DiscardCheck(card, True, f"{card} may be discarded, but it raises the bid by {value} "
                                                "and still counts for the bidder"))
        else:
            out.append(DiscardCheck(card, True, f"{card} may be discarded"))
    return out


def bid_after_discards(ruleset: Ruleset, bid: int, discards: Sequence[Card]) -> int:
    """The bid the bidder must make after discarding (somersetgame.com raises it by discarded count)."""
    if ruleset.undealt.value.exchange is KittyExchange.COUNT_RAISES_BID:
        return bid + sum(ruleset.deck.count_value(c) for c in discards)
    return bid
