"""The steps of a deal as values, and their notation: ``bid 15``, ``pass``, ``trump 8``, ``play 0/2`` ...

An :class:`Action` is one step a deal moves by: a call in the auction, the kitty's discards,
naming trump, a card played, or a chance step (the seeded shuffle, a deal of given hands, the
card drawn for trump). :func:`parse_action` reads the notation; ``str(parse_action(text))`` is the
canonical text, and reading it gives the same action back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Iterable, Sequence

from ..rules.cards import Card, Pack, Trump, parse_card, parse_trump
from ..rules.errors import NotationError, RulesError
from .rng import check_seed

__all__ = ["ActionKind", "Action", "PASS_ACTION", "ActionNotationError", "IllegalActionError", "parse_action"]


class ActionKind(StrEnum):
    """What an action does."""

    SHUFFLE = "shuffle"  # chance: deal from the seeded shuffle
    DEAL = "deal"  # chance: deal given hands (hands separated by |, then the undealt cards in order)
    DRAW = "draw"  # chance: the card drawn for trump (Hodges' game without bidding)
    BID = "bid"
    PASS = "pass"
    DISCARD = "discard"  # the high bidder's kitty discards
    TRUMP = "trump"  # name trump (or No Trump)
    PLAY = "play"


class ActionNotationError(NotationError):
    """Text that is not an action; the message says what actions look like."""


class IllegalActionError(RulesError):
    """An action the deal does not allow now; ``reason`` says why.

    >>> from somerset.game.deal import new_deal
    >>> new_deal("parker-1947", seed=1).apply("play 0/2")
    Traceback (most recent call last):
    ...
    somerset.game.actions.IllegalActionError: play 0/2 is not allowed: the auction is on: bid or pass
    """

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"{action} is not allowed: {reason}", field="action")
        self.action = action
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a deal. ``str(parse_action(s)) == s`` for the canonical form."""

    kind: ActionKind
    number: int | None = None  # the seed of a shuffle, the points of a bid
    cards: tuple[Card, ...] = ()  # the card played or drawn, the discards
    trump: Trump | None = None
    hands: tuple[tuple[Card, ...], ...] = ()  # a given deal: each hand, then the undealt cards

    def __str__(self) -> str:
        k = self.kind
        if k is ActionKind.PASS:
            return "pass"
        if k is ActionKind.SHUFFLE or k is ActionKind.BID:
            return f"{k.value} {self.number}"
        if k is ActionKind.TRUMP:
            return f"trump {self.trump}"
        if k is ActionKind.DEAL:
            return "deal " + " | ".join(" ".join(str(c) for c in h) for h in self.hands)
        return f"{k.value} " + " ".join(str(c) for c in self.cards)

    @property
    def is_chance(self) -> bool:
        """Whether this is a chance step (the shuffle, a given deal, the card drawn for trump)."""
        return self.kind in (ActionKind.SHUFFLE, ActionKind.DEAL, ActionKind.DRAW)

    @staticmethod
    def bid(points: int) -> Action:
        """A bid of ``points``."""
        return Action(ActionKind.BID, number=points)

    @staticmethod
    def play(card: Card) -> Action:
        """Playing ``card`` to the trick."""
        return Action(ActionKind.PLAY, cards=(card,))

    @staticmethod
    def name_trump(trump: Trump) -> Action:
        """Naming ``trump`` (a suit, the 0/0 or No Trump)."""
        return Action(ActionKind.TRUMP, trump=trump)

    @staticmethod
    def discard(cards: Iterable[Card]) -> Action:
        """The high bidder's discards after taking the kitty (kept in display order)."""
        return Action(ActionKind.DISCARD, cards=tuple(sorted(cards, key=Card.sort_key)))

    @staticmethod
    def shuffle(seed: int) -> Action:
        """The chance step that deals from the shuffle of ``seed``."""
        return Action(ActionKind.SHUFFLE, number=check_seed(seed))

    @staticmethod
    def deal(hands: Sequence[Sequence[Card]], undealt: Sequence[Card] = ()) -> Action:
        """The chance step that deals the given hands, then leaves ``undealt`` in that order."""
        return Action(ActionKind.DEAL, hands=tuple(tuple(h) for h in hands) + (tuple(undealt),))

    @staticmethod
    def draw(card: Card) -> Action:
        """The chance step that draws ``card`` for trump."""
        return Action(ActionKind.DRAW, cards=(card,))


#: The pass, as one shared value.
PASS_ACTION = Action(ActionKind.PASS)


def _cards_text(text: str, pack: Pack | None) -> tuple[Card, ...]:
    return tuple(parse_card(t, pack) for t in text.split())


def parse_action(text: str, pack: Pack | None = None) -> Action:
    """Read an action: ``bid 15``, ``15``, ``pass``, ``trump 8``, ``trump nt``, ``play 0/2``,
    ``discard 4/8 2/2``, ``shuffle 7``, ``draw 3/5`` or ``deal <hand> | <hand> | ... | <undealt>``.

    >>> parse_action("bid lots")
    Traceback (most recent call last):
    ...
    somerset.game.actions.ActionNotationError: 'bid lots' is not a bid: write bid and a number of points, such as bid 15

    >>> from somerset import parse_cards
    >>> a = parse_action("Play 0/2")
    >>> a, str(a), a.kind.value
    (Action(kind=<ActionKind.PLAY: 'play'>, number=None, cards=(Card('0/2'),), trump=None, hands=()), 'play 0/2', 'play')
    >>> str(parse_action("15")), str(parse_action("trump nt")), str(Action.discard(parse_cards("4/8 2/2")))
    ('bid 15', 'trump nt', 'discard 2/2 4/8')
    """
    if not isinstance(text, str):
        raise ActionNotationError(repr(text), f"{text!r} is not an action")
    token = " ".join(text.split())
    low = token.lower()
    shown = token if len(token) <= 40 else token[:37] + "..."
    head, _, rest = low.partition(" ")
    try:
        if low in ("pass", "p"):
            return PASS_ACTION
        if head == "bid" or (not rest and head.isascii() and head.isdigit()):
            number = rest if head == "bid" else head
            if not (number.isascii() and number.isdigit()) or len(number) > 3:  # isdigit alone accepts "²"
                raise ActionNotationError(token, f"'{shown}' is not a bid: write bid and a number of points, such as bid 15")
            return Action.bid(int(number))
        if head == "trump" and rest:
            return Action.name_trump(parse_trump(rest, pack))
        if head == "play" and rest:
            cards = _cards_text(rest, pack)
            if len(cards) != 1:
                raise ActionNotationError(token, f"'{shown}': play one card, such as play 0/2")
            return Action.play(cards[0])
        if head == "draw" and rest:
            cards = _cards_text(rest, pack)
            if len(cards) != 1:
                raise ActionNotationError(token, f"'{shown}': draw one card, such as draw 3/5")
            return Action.draw(cards[0])
        if head == "discard" and rest:
            cards = _cards_text(rest, pack)
            if len(set(cards)) != len(cards):
                raise ActionNotationError(token, f"'{shown}' discards a card twice")
            return Action(ActionKind.DISCARD, cards=cards)
        if head == "shuffle" and rest.isascii() and rest.isdigit() and len(rest) <= 20:
            return Action.shuffle(int(rest))
        if head == "deal" and rest:
            parts = [p.strip() for p in token.partition(" ")[2].split("|")]
            hands = tuple(_cards_text(p, pack) for p in parts)
            return Action(ActionKind.DEAL, hands=hands)
    except ValueError as e:
        if isinstance(e, ActionNotationError):
            raise
        raise ActionNotationError(token, f"'{shown}' is not an action: {e}") from e
    raise ActionNotationError(
        token,
        f"'{shown}' is not an action: write bid 15, pass, trump 8, trump nt, discard 4/8 2/2, play 0/2, "
        "shuffle 7, draw 3/5 or deal ...",
    )

