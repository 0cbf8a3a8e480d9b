"""Cards, packs and trump declarations, with their notation.

A card is written ``rank/suit``: the upper number is its rank within the suit, the lower
number names the suit (``4/8`` is the four of the eights suit). The S/S card belongs to no
suit until a trump is named. :func:`parse_card`, :func:`parse_cards` and :func:`parse_trump` read
cards and trumps (``str`` writes the canonical form back); :class:`Card`, :class:`Trump`,
:class:`Pack` and :data:`PACKS` are the values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable

from .errors import NotationError
from .sources import Citation

__all__ = [
    "Card",
    "SS",
    "ROVER",
    "Pack",
    "PACKS",
    "CountCard",
    "Trump",
    "NO_TRUMP",
    "NotationError",
    "CardNotationError",
    "TrumpNotationError",
    "parse_card",
    "parse_cards",
    "parse_trump",
]

_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
)
_SUIT_WORDS = (
    "zeros", "ones", "twos", "threes", "fours", "fives", "sixes",
    "sevens", "eights", "nines", "tens", "elevens", "twelves",
)

ACCEPTED_CARDS = "rank/suit such as 4/8, 0/0 or S/S (4-8, 48, 1212 and ss are also accepted)"
ACCEPTED_TRUMPS = "a suit number such as 2 or 12, 0 for the 0/0 named as trump, or nt for No Trump"


class CardNotationError(NotationError):
    """A card token that cannot be read, or a card that is not in the pack."""


class TrumpNotationError(NotationError):
    """A trump token that cannot be read, or a trump the pack or ruleset does not allow."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card. The S/S card has ``rank == suit == -1``."""

    rank: int
    suit: int

    def __post_init__(self) -> None:
        if (self.rank, self.suit) != (-1, -1) and not 0 <= self.rank <= self.suit <= 12:
            raise ValueError(f"no such card: rank {self.rank}, suit {self.suit}")

    @property
    def is_ss(self) -> bool:
        """The S/S card, which belongs to no suit until a trump is named."""
        return self.suit == -1

    @property
    def is_rover(self) -> bool:
        """The 0/0, called the Rover."""
        return self.suit == 0

    @property
    def is_double(self) -> bool:
        """A card whose rank equals its suit: 0/0, 2/2, ... 12/12."""
        return self.suit >= 0 and self.rank == self.suit

    @property
    def label(self) -> str:
        """A spoken name for screen readers: "four of the eights suit"."""
        if self.is_ss:
            return "the S/S card"
        if self.is_rover:
            return "the zero-zero, the Rover"
        return f"{_NUMBER_WORDS[self.rank]} of the {_SUIT_WORDS[self.suit]} suit"

    def __str__(self) -> str:
        return "S/S" if self.is_ss else f"{self.rank}/{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str, pack: Pack | None = None) -> Card:
        """The card ``text`` names (see :func:`parse_card`)."""
        return parse_card(text, pack)

    def sort_key(self) -> tuple[int, int]:
        """The order cards are shown in: by suit, low to high within each, the S/S last.

        >>> [str(c) for c in sorted(parse_cards("S/S 4/8 0/0 2/8"), key=Card.sort_key)]
        ['0/0', '2/8', '4/8', 'S/S']
        """
        return (99, 99) if self.suit == -1 else (self.suit, self.rank)


SS = Card(-1, -1)
ROVER = Card(0, 0)


def suit_name(suit: int) -> str:
    """A suit's short name: ``/8 suit``."""
    return f"/{suit} suit"


@dataclass(frozen=True, slots=True)
class CountCard:
    """A count (red) card of a pack and its value."""

    card: Card
    value: int


@dataclass(frozen=True)
class Pack:
    """A Somerset pack: its suits, whether it has the S/S, and its count (red) cards.

    ``count_note`` says where the count values come from; ``count_assumed`` is true where no
    source names the cards and the project had to decide.
    """

    name: str
    suits: tuple[int, ...]
    has_ss: bool
    counts: tuple[CountCard, ...]
    count_citations: tuple[Citation, ...]
    count_note: str
    count_assumed: bool
    cards: tuple[Card, ...] = field(init=False)
    _count_values: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = [Card(rank, suit) for suit in self.suits for rank in range(suit + 1)]
        if self.has_ss:
            cards.append(SS)
        object.__setattr__(self, "cards", tuple(cards))
        values = {c.card: c.value for c in self.counts}
        for card in values:
            if card not in cards:
                raise ValueError(f"count card {card} is not in the {self.name} pack")
        object.__setattr__(self, "_count_values", values)

    def __contains__(self, card: object) -> bool:
        return card in self._count_values or card in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def count_value(self, card: Card) -> int:
        """The count (red) value of ``card`` in this pack: 0 for a card that does not count."""
        return self._count_values.get(card, 0)

    @property
    def count_total(self) -> int:
        """The count cards' values added up."""
        return sum(c.value for c in self.counts)

    def cards_json(self) -> list[dict[str, Any]]:
        """The pack's cards as JSON, as the pages draw them: each card with its suit, rank, count
        value, whether it is a double, and a spoken label (the one home of this shape)."""
        return [
            {
                "card": str(c),
                "suit": None if c.is_ss else c.suit,
                "rank": None if c.is_ss else c.rank,
                "count": self.count_value(c),
                "double": c.is_double,
                "label": c.label,
            }
            for c in self.cards
        ]

    def describe_suits(self) -> str:
        """The pack's suits in words, such as 'the suits /0, /2 and /4 and the S/S'."""
        names = [f"/{s}" for s in self.suits]
        text = ", ".join(names[:-1]) + " and " + names[-1]
        return f"the suits {text}" + (" and the S/S" if self.has_ss else "")


_C = Citation

PACKS: dict[str, Pack] = {
    "single": Pack(
        "single",
        (0, 1, 2, 3, 4, 5, 6),
        False,
        (
            CountCard(Card(1, 2), 1),
            CountCard(Card(2, 3), 1),
            CountCard(Card(2, 4), 1),
            CountCard(Card(3, 5), 2),
            CountCard(Card(3, 6), 2),
        ),
        (_C("hodges-1903-booklet", "Counter cards"), _C("childs-survey", "Addendum B, Object of the Game")),
        "The sources say only that the single pack has five red counter cards worth seven points, "
        "some counting two and some one; no source names them. The project assumes the counters are "
        "the middle ('half') card of the /2 to /6 suits, as in the double and triple packs (rounding "
        "up in odd suits as Triple 2009 does): 1/2, 2/3 and 2/4 worth 1, 3/5 and 3/6 worth 2. "
        "That gives five cards worth 7 with the bigger values in the longer suits.",
        True,
    ),
    "double": Pack(
        "double",
        (0, 2, 4, 6, 8, 10, 12),
        True,
        (
            CountCard(Card(1, 2), 1),
            CountCard(Card(2, 4), 1),
            CountCard(Card(3, 6), 1),
            CountCard(Card(4, 8), 2),
            CountCard(Card(5, 10), 2),
            CountCard(Card(6, 12), 2),
            CountCard(SS, 3),
        ),
        (_C("childs-survey", "somersetgame.com, The Cards"), _C("parker-1947-booklet", "Object of the Game")),
        "Every source gives seven red cards worth 12 with the S/S worth 3; somersetgame.com and "
        "boardgamegeek.com name the six 'half' cards 1/2, 2/4, 3/6, 4/8, 5/10 and 6/12, and "
        "somersetcards.com says the values are 1, 2 or 3. No text prints each card's value: the "
        "project uses 1 for 1/2, 2/4 and 3/6 and 2 for 4/8, 5/10 and 6/12, which is the only split "
        "that totals 12 with the smaller suits worth less, and matches public implementations.",
        True,
    ),
    "triple": Pack(
        "triple",
        tuple(range(13)),
        True,
        tuple(
            CountCard(Card((suit + 1) // 2, suit), 1 if (suit + 1) // 2 <= 3 else 2)
            for suit in range(1, 13)
        )
        + (CountCard(SS, 3),),
        (_C("triple-2009-rules", "The Cards"), _C("triple-2009-rules", "five/six/eight player table")),
        "Triple 2009 names the thirteen counters (1/1, 1/2, 2/3, 2/4, 3/5, 3/6, 4/7, 4/8, 5/9, 5/10, "
        "6/11, 6/12 and the S/S) and gives totals of 21 (six players), 20 (eight, without 1/1) and "
        "18 (five, without the /1 to /3 suits), but not each card's value. The project derives: "
        "upper number 1 to 3 worth 1, 4 to 6 worth 2, S/S worth 3, which fits all three totals.",
        True,
    ),
}


def _split_digits(digits: str, suits: Iterable[int]) -> list[Card]:
    allowed = set(suits)
    found: list[Card] = []
    for i in range(1, len(digits)):
        rank_text, suit_text = digits[:i], digits[i:]
        if (len(rank_text) > 1 and rank_text[0] == "0") or (len(suit_text) > 1 and suit_text[0] == "0"):
            continue
        rank, suit = int(rank_text), int(suit_text)
        if suit in allowed and rank <= suit:
            found.append(Card(rank, suit))
    return found


_SS_FORMS = {"s/s", "ss", "s-s", "s s"}
_PAIR = re.compile(r"(\d{1,2})\s*[/\-]\s*(\d{1,2})")
_DIGITS = re.compile(r"\d{2,4}")


def parse_card(text: str, pack: Pack | None = None) -> Card:
    """Read one card. With a pack, the card must belong to it.

    Raises :class:`CardNotationError` naming the token and what is accepted. ``str(parse_card(x))``
    always gives the canonical form, and parsing the canonical form gives the same card back.

    >>> c = parse_card("4-8")
    >>> c, str(c), c.label
    (Card('4/8'), '4/8', 'four of the eights suit')
    >>> parse_card("48") == c, parse_trump("nt").label, PACKS["double"].count_value(SS)
    (True, 'No Trump', 3)
    """
    if not isinstance(text, str):
        raise CardNotationError(repr(text), f"{text!r} is not a card: expected text, {ACCEPTED_CARDS}")
    token = text.strip()
    shown = token if len(token) <= 24 else token[:21] + "..."
    if not token:
        raise CardNotationError(token, f"an empty card was given: write {ACCEPTED_CARDS}")
    low = token.lower().replace("\u2044", "/").replace("\u2013", "-")
    suits = pack.suits if pack is not None else tuple(range(13))
    where = f"the {pack.name} pack" if pack is not None else "any Somerset pack"
    if low in _SS_FORMS:
        if pack is not None and not pack.has_ss:
            raise CardNotationError(token, f"'{shown}' is not in the {pack.name} pack, which has no S/S card")
        return SS
    match = _PAIR.fullmatch(low)
    if match:
        rank, suit = int(match.group(1)), int(match.group(2))
        if suit not in suits:
            raise CardNotationError(
                token,
                f"'{shown}' is not a card of {where}: there is no /{suit} suit"
                + (f" (it has {pack.describe_suits()})" if pack is not None else ""),
            )
        if rank > suit:
            raise CardNotationError(
                token,
                f"'{shown}' is not a card: a card's rank cannot exceed its suit, so the /{suit} suit runs "
                f"from 0/{suit} to {suit}/{suit}",
            )
        return Card(rank, suit)
    if _DIGITS.fullmatch(low):
        found = _split_digits(low, suits)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            options = " or ".join(str(c) for c in found)
            raise CardNotationError(token, f"'{shown}' is ambiguous: it could be {options}; write it with a slash")
        raise CardNotationError(token, f"'{shown}' is not a card of {where}: write {ACCEPTED_CARDS}")
    raise CardNotationError(token, f"'{shown}' is not a card: write {ACCEPTED_CARDS}")


def parse_cards(text: str | Iterable[str], pack: Pack | None = None, *, what: str = "cards") -> tuple[Card, ...]:
    """Read several cards separated by commas or spaces (or given as a list); no repeats."""
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[,;\s]+", text.strip()) if t]
        # "s s" would split into two tokens; rejoin a lone pair of "s" tokens
        merged: list[str] = []
        for tok in tokens:
            if tok.lower() == "s" and merged and merged[-1].lower() == "s":
                merged[-1] = "S/S"
            else:
                merged.append(tok)
        tokens = merged
    else:
        tokens = list(text)
    cards: list[Card] = []
    for tok in tokens:
        card = parse_card(tok, pack)
        if card in cards:
            raise CardNotationError(tok, f"{card} is given twice in the {what}: each card exists once in the pack")
        cards.append(card)
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Trump:
    """A trump declaration: a suit, the 0/0 named as trump (suit 0), or No Trump (``suit is None``)."""

    suit: int | None

    NO_TRUMP_TOKEN: ClassVar[str] = "nt"

    @property
    def is_no_trump(self) -> bool:
        """Whether this is the No Trump declaration."""
        return self.suit is None

    @property
    def is_zero(self) -> bool:
        """The 0/0 named as trump: 0/0 and S/S make up the trump suit."""
        return self.suit == 0

    @property
    def label(self) -> str:
        """The trump in words: '/8 suit', '0/0 named trump' or 'No Trump'."""
        if self.suit is None:
            return "No Trump"
        if self.suit == 0:
            return "0/0 named trump"
        return f"/{self.suit} suit"

    def __str__(self) -> str:
        return self.NO_TRUMP_TOKEN if self.suit is None else str(self.suit)

    def __repr__(self) -> str:
        return f"Trump({str(self)!r})"

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump under this declaration (the S/S is a trump whenever a suit is)."""
        if self.suit is None:
            return False
        return card.suit == -1 or card.suit == self.suit


NO_TRUMP = Trump(None)

_NT_FORMS = {"nt", "no trump", "no-trump", "notrump", "no trumps", "notrumps", "no-trumps", "none"}


def parse_trump(text: str, pack: Pack | None = None) -> Trump:
    """Read a trump: ``2``, ``/12``, ``0`` (or ``0/0``) for the 0/0 as trump, ``nt`` for No Trump."""
    if not isinstance(text, str):
        raise TrumpNotationError(repr(text), f"{text!r} is not a trump: expected {ACCEPTED_TRUMPS}")
    token = text.strip()
    shown = token if len(token) <= 24 else token[:21] + "..."
    low = token.lower()
    if low in _NT_FORMS:
        return NO_TRUMP
    if low in {"0/0", "00", "0-0"}:
        low = "0"
    if low.startswith("/"):
        low = low[1:]
    if re.fullmatch(r"\d{1,2}", low):
        suit = int(low)
        suits = pack.suits if pack is not None else tuple(range(13))
        if suit not in suits:
            extra = f": the {pack.name} pack has {pack.describe_suits()}" if pack is not None else ""
            raise TrumpNotationError(token, f"'{shown}' is not a suit that can be trump{extra}")
        return Trump(suit)
    raise TrumpNotationError(token, f"'{shown}' is not a trump: write {ACCEPTED_TRUMPS}")
