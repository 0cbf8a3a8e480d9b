"""The undealt cards and the kitty: where the left-over cards go, what the high bidder may discard,
and what the discards do to the bid and to the trumps he may still name.

This module is the one home of the kitty's rules; the deal, the bots and the puzzles all ask it:
:func:`undealt_kind` and :func:`has_kitty`; :func:`discard_ban`, :func:`kitty_ban`,
:func:`discards_problem` and :func:`check_discards` for the discards; :func:`banned_trump_suits`
and :func:`bid_after_discards` for what they change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Sequence

from .cards import Card, Trump
from .errors import RulesError
from .dimensions import PileKind, Ruleset, UndealtKind

__all__ = [
    "DiscardCheck",
    "undealt_kind",
    "has_kitty",
    "discard_ban",
    "kitty_ban",
    "discards_problem",
    "banned_trump_suits",
    "check_discards",
    "bid_after_discards",
]


@dataclass(frozen=True, slots=True)
class DiscardCheck:
    """Whether one card of the bidder's hand may be discarded, and why."""

    card: Card
    allowed: bool
    reason: str


def undealt_kind(ruleset: Ruleset, format_id: str | None = None) -> UndealtKind:
    """What the cards left after dealing are in this format: none, face up, or a kitty.

    A drawing pile is not a kitty: formats with a pile answer ``NONE`` here (see ``Format.pile``).
    Cards left over where the ruleset names no use for them lie face up for the first trick.

    >>> from somerset import get_ruleset
    >>> undealt_kind(get_ruleset("boardgamegeek")).value, has_kitty(get_ruleset("parker-1947"))
    ('kitty', False)
    """
    fmt = ruleset.format(format_id)
    if fmt.pile is not PileKind.NONE or fmt.undealt == 0:
        return UndealtKind.NONE
    kind = fmt.undealt_kind or ruleset.undealt.value.kind
    return UndealtKind.FACE_UP if kind is UndealtKind.NONE else kind


def has_kitty(ruleset: Ruleset, format_id: str | None = None) -> bool:
    """Whether the high bidder takes a kitty in this format."""
    return undealt_kind(ruleset, format_id) is UndealtKind.KITTY


def discard_ban(ruleset: Ruleset, card: Card, trump: Trump | None = None) -> str | None:
    """Why ``card`` may not be discarded, or None if it may.

    A red (count) card may never be discarded where the ruleset bans it; with ``trump`` (the
    trump the bidder means to name), neither may a card of that trump where the ruleset says so.

    >>> from somerset import get_ruleset, parse_cards
    >>> discard_ban(get_ruleset("boardgamegeek"), parse_cards("4/8")[0])
    '4/8 is a red count card, and red cards may not be discarded'
    """
    exchange = ruleset.undealt.value.exchange
    if exchange.bans_red and ruleset.deck.count_value(card):
        return f"{card} is a red count card, and red cards may not be discarded"
    if exchange.bans_trump_suit and trump is not None and not trump.is_no_trump and trump.is_trump(card):
        return f"{card} is of the suit to be named trump ({trump.label}), which may not be discarded"
    return None


def banned_trump_suits(ruleset: Ruleset, discards: Collection[Card]) -> frozenset[int]:
    """The suits the high bidder may no longer name trump because he discarded a card of them.

    >>> from somerset import get_ruleset, parse_cards
    >>> sorted(banned_trump_suits(get_ruleset("boardgamegeek"), parse_cards("3/8 1/10")))
    [8, 10]
    """
    if not ruleset.undealt.value.exchange.bans_trump_suit:
        return frozenset()
    return frozenset(c.suit for c in discards if not c.is_ss)


def kitty_ban(ruleset: Ruleset, card: Card, kitty: Collection[Card]) -> str | None:
    """Why ``card`` may not be discarded because it came from the kitty (``kitty``), or None.

    Where the bidder replaces cards of his hand with the kitty's (``KittyExchange.keeps_kitty``),
    the kitty's cards stay with him: what goes back are cards he was dealt.

    >>> from somerset import get_ruleset, parse_cards
    >>> kitty_ban(get_ruleset("triple-2009"), parse_cards("5/9")[0], parse_cards("5/9 0/3"))[:30]
    '5/9 came from the kitty, and u'
    """
    if ruleset.undealt.value.exchange.keeps_kitty and card in kitty:
        return (f"{card} came from the kitty, and under {ruleset.short_name} the bidder replaces cards he was "
                "dealt with the kitty's cards: the kitty's cards stay in his hand")
    return None


def discards_problem(ruleset: Ruleset, hand: Collection[Card], discards: Sequence[Card], kitty_size: int,
                     trumps: Sequence[Trump], kitty: Collection[Card] = ()) -> str | None:
    """Why the high bidder, holding ``hand`` (the kitty taken in), may not discard ``discards``; None if he may.

    ``trumps`` are the trumps the format lets him name: where a discard rules its suit out as
    trump, the cards he keeps must still hold a suit he can name. ``kitty`` are the kitty's cards,
    which stay in his hand where the ruleset says so (:func:`kitty_ban`).
    """
    if len(discards) != kitty_size:
        return f"the high bidder discards exactly {kitty_size} card{'s' if kitty_size != 1 else ''}, as many as the kitty holds"
    for c in discards:
        if c not in hand:
            return f"{c} is not in the high bidder's hand (with the kitty)"
    for c in discards:
        why = kitty_ban(ruleset, c, kitty) or discard_ban(ruleset, c)
        if why is not None:
            return why
    if ruleset.undealt.value.exchange.bans_trump_suit:
        banned = banned_trump_suits(ruleset, discards)
        left = {t.suit for t in trumps if t.suit is not None} - banned
        if not any(not c.is_ss and c.suit in left for c in hand if c not in discards):
            return ("the discards may not be of the suit to be named trump, and these would leave no card "
                    "whose suit could still be declared")
    return None


def check_discards(ruleset: Ruleset, trump: Trump, hand: Sequence[Card],
                   kitty: Collection[Card] = ()) -> list[DiscardCheck]:
    """For each card of the bidder's hand (kitty included), whether it may be discarded and why.

    ``kitty`` are the cards of ``hand`` that came from the kitty (see :func:`kitty_ban`).
    """
    exchange = ruleset.undealt.value.exchange
    deck = ruleset.deck
    out = []
    for card in hand:
        if card not in deck:
            raise RulesError(f"{card} is not in the {deck.name} pack", field="hand")
        why = kitty_ban(ruleset, card, kitty) or discard_ban(ruleset, card, trump)
        if why is not None:
            out.append(DiscardCheck(card, False, why))
        elif exchange.bans_red or exchange.bans_trump_suit:
            out.append(DiscardCheck(card, True, f"{card} is neither red nor a trump, so it may be discarded"))
        elif exchange.count_raises_bid and deck.count_value(card):
            out.append(DiscardCheck(card, True, f"{card} may be discarded, but it raises the bid by "
                                                f"{deck.count_value(card)} and still counts for the bidder"))
        else:
            out.append(DiscardCheck(card, True, f"{card} may be discarded"))
    return out


def bid_after_discards(ruleset: Ruleset, bid: int, discards: Sequence[Card]) -> int:
    """The bid the bidder must make after discarding (somersetgame.com raises it by discarded count).

    >>> from somerset import get_ruleset, parse_cards
    >>> bid_after_discards(get_ruleset("somersetgame-com"), 12, parse_cards("4/8 0/2"))
    14
    """
    if ruleset.undealt.value.exchange.count_raises_bid:
        return bid + sum(ruleset.deck.count_value(c) for c in discards)
    return bid
