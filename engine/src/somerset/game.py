"""Whole deals and whole games: a state machine from the shuffle to the final score.

In the spirit of OpenSpiel and PokerKit, a :class:`Deal` is a state that moves by
:class:`Action` values. Chance steps (the seeded shuffle, Hodges' drawing for trump) are
actions too, so the history replays to the identical state. ``legal_actions()`` lists what
the player to act may do, ``can(action)`` says why an action is not allowed, ``apply(action)``
makes it (or raises :class:`IllegalActionError` with the reason). A :class:`Game` runs deals
to the ruleset's target with the dealer moving left.

Legality and trick winners come from :mod:`somerset.play`. The play phase uses tables
precomputed from the same functions for each ruleset and trump (cards as small integers,
hands as bit masks); the test suite checks the tables against ``legal_plays`` and
``trick_verdict`` on random positions.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterable, Sequence

from .bidding import PASS, Auction, Call
from .cards import NO_TRUMP, Card, NotationError, Pack, Trump, parse_card, parse_trump
from .kitty import bid_after_discards
from .play import RulesError, check_trump, legal_plays, rover_active
from .rules import (
    AfterRover,
    Declaration,
    FirstLead,
    Format,
    KittyExchange,
    PileKind,
    RoverPlay,
    RoverPower,
    Ruleset,
    SSNoTrump,
    Tie,
    UndealtKind,
)
from .rulesets import get_ruleset
from .scoring import score_seats

__all__ = [
    "CHANCE",
    "TERMINAL",
    "MAX_DEALS",
    "DRAW_SALT",
    "SplitMix64",
    "shuffled",
    "deal_seed",
    "Phase",
    "ActionKind",
    "Action",
    "ActionNotationError",
    "IllegalActionError",
    "parse_action",
    "TrickRecord",
    "Deal",
    "GameState",
    "Game",
    "new_deal",
    "new_game",
    "replay_deal",
    "load_ruleset",
]

CHANCE = -1  #: ``current_player`` at a chance step (the shuffle, the drawing of trump)
TERMINAL = -4  #: ``current_player`` once the deal or game is over

#: Safety net only: a game still undecided after this many deals ends as "unfinished".
MAX_DEALS = 400

#: Hodges' game without bidding draws the trump card before the shuffle; the draw uses its own
#: stream of the seed (the seed mixed with this constant), so ``shuffle N`` deals the same cards
#: whether or not trump is drawn.
DRAW_SALT = 0x5EED_D2A7_7C0F_FEE1

#: Reaching the target means a score at or above it. Hodges says "past 50" and Parker "make
#: this score"; the engine reads both as "at least the target".
TARGET_REACHED_AT = "at-least"

_MASK64 = (1 << 64) - 1


# --- the seeded generator ------------------------------------------------------------------


class SplitMix64:
    """SplitMix64 on Python integers masked to 64 bits: the same numbers in CPython and Pyodide.

    The shuffle depends only on this arithmetic, never on :mod:`random`, so a seed deals the
    same cards everywhere.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's method with rejection: no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        m = self.next() * n
        low = m & _MASK64
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & _MASK64
        return m >> 64


def shuffled(items: Sequence[int], seed: int) -> list[int]:
    """Fisher-Yates shuffle of ``items`` driven by :class:`SplitMix64` from ``seed``.

    Several swap positions are taken from one draw: the bounds i+1 of consecutive steps are
    multiplied while the product stays below 2**64, one uniform number below the product is
    drawn (without bias) and read digit by digit in that mixed radix.
    """
    out = list(items)
    rng = SplitMix64(seed)
    for product, bounds in _shuffle_plan(len(out)):
        r = rng.below(product)
        for b in bounds:
            r, j = divmod(r, b)
            k = b - 1
            out[k], out[j] = out[j], out[k]
    return out


_PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _shuffle_plan(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The groups of swap bounds :func:`shuffled` draws together for ``n`` items (worked out once)."""
    plan = _PLANS.get(n)
    if plan is None:
        groups: list[tuple[int, tuple[int, ...]]] = []
        i = n - 1
        while i > 0:
            product = 1
            bounds: list[int] = []
            while i - len(bounds) > 0 and product * (i - len(bounds) + 1) <= _MASK64:
                product *= i - len(bounds) + 1
                bounds.append(i - len(bounds) + 1)
            groups.append((product, tuple(bounds)))
            i -= len(bounds)
        plan = _PLANS[n] = tuple(groups)
    return plan


def deal_seed(game_seed: int, index: int) -> int:
    """The seed of deal ``index`` of a game: the game's seed itself for the first deal."""
    if index == 0:
        return game_seed
    return SplitMix64((game_seed + index * 0xD1B54A32D192ED03) & _MASK64).next()


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
        raise ValueError(f"a seed must be a whole number from 0 to {_MASK64}, not {seed!r}")
    return seed


# --- rulesets by id with options -----------------------------------------------------------


def load_ruleset(ruleset: Ruleset | str, options: Iterable[str] = ()) -> Ruleset:
    """A ruleset by id or alias (or as given), with the named options applied in order."""
    r = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    for option in options:
        if option not in r.option_applied:
            r = r.with_option(option)
    return r


# --- actions -------------------------------------------------------------------------------


class ActionKind(StrEnum):
    SHUFFLE = "shuffle"  # chance: deal from the seeded shuffle
    DEAL = "deal"  # chance: deal given hands (hands separated by |, then the undealt cards in order)
    DRAW = "draw"  # chance: the card drawn for trump (Hodges' game without bidding)
    BID = "bid"
    PASS = "pass"
    DISCARD = "discard"  # the high bidder's kitty discards
    TRUMP = "trump"  # name trump (or No Trump)
    PLAY = "play"


class ActionNotationError(NotationError):
    """Text that is not an action."""


class IllegalActionError(ValueError):
    """An action the state does not allow; ``reason`` says why."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"{action} is not allowed: {reason}")
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
        return self.kind in (ActionKind.SHUFFLE, ActionKind.DEAL, ActionKind.DRAW)

    @staticmethod
    def bid(points: int) -> Action:
        return Action(ActionKind.BID, number=points)

    @staticmethod
    def play(card: Card) -> Action:
        return Action(ActionKind.PLAY, cards=(card,))

    @staticmethod
    def name_trump(trump: Trump) -> Action:
        return Action(ActionKind.TRUMP, trump=trump)

    @staticmethod
    def discard(cards: Iterable[Card]) -> Action:
        return Action(ActionKind.DISCARD, cards=tuple(sorted(cards, key=_card_order)))

    @staticmethod
    def shuffle(seed: int) -> Action:
        return Action(ActionKind.SHUFFLE, number=_check_seed(seed))

    @staticmethod
    def deal(hands: Sequence[Sequence[Card]], undealt: Sequence[Card] = ()) -> Action:
        return Action(ActionKind.DEAL, hands=tuple(tuple(h) for h in hands) + (tuple(undealt),))

    @staticmethod
    def draw(card: Card) -> Action:
        return Action(ActionKind.DRAW, cards=(card,))


PASS_ACTION = Action(ActionKind.PASS)


def _card_order(card: Card) -> tuple[int, int]:
    return (99, 99) if card.is_ss else (card.suit, card.rank)


def _cards_text(text: str, pack: Pack | None) -> tuple[Card, ...]:
    return tuple(parse_card(t, pack) for t in text.split())


def parse_action(text: str, pack: Pack | None = None) -> Action:
    """Read an action: ``bid 15``, ``15``, ``pass``, ``trump 8``, ``trump nt``, ``play 0/2``,
    ``discard 4/8 2/2``, ``shuffle 7``, ``draw 3/5`` or ``deal <hand> | <hand> | ... | <undealt>``."""
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


# --- per-ruleset tables for the play phase --------------------------------------------------


class _PackIndex:
    """The cards of a pack as small integers (their position in ``pack.cards``)."""

    __slots__ = ("pack", "cards", "index", "count", "play_actions", "ss", "rover")

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.cards: tuple[Card, ...] = pack.cards
        self.index: dict[Card, int] = {c: i for i, c in enumerate(pack.cards)}
        self.count: tuple[int, ...] = tuple(pack.count_value(c) for c in pack.cards)
        self.play_actions: tuple[Action, ...] = tuple(Action.play(c) for c in pack.cards)
        self.ss = self.index.get(Card(-1, -1), -1)
        self.rover = self.index.get(Card(0, 0), -1)


_PACK_INDEX: dict[str, _PackIndex] = {}


def _pack_index(pack: Pack) -> _PackIndex:
    idx = _PACK_INDEX.get(pack.name)
    if idx is None:
        idx = _PACK_INDEX[pack.name] = _PackIndex(pack)
    return idx


class _Tables:
    """Play-phase facts for one ruleset and trump, read off the ruleset's data.

    ``follow[s]`` is the mask of cards that follow suit ``s`` (the S/S follows the trump suit);
    ``lead_first`` the mask of cards the bidder may lead to the first trick; ``extra`` the cards
    that may always be played however the suit led is held (a free 0/0, the S/S in No Trump);
    ``break_double`` the doubles that may break suit once an active 0/0 is in the trick.
    """

    __slots__ = (
        "idx", "trump", "suit", "rank", "esuit", "tkey", "dkey", "is_double", "follow",
        "lead_first", "extra", "break_double", "rover_on", "all_doubles", "nt", "ss", "rover",
    )

    def __init__(self, ruleset: Ruleset, trump: Trump) -> None:
        idx = _pack_index(ruleset.deck)
        self.idx = idx
        self.trump = trump
        cards = idx.cards
        n = len(cards)
        self.suit = tuple(c.suit for c in cards)
        self.rank = tuple(c.rank for c in cards)
        self.nt = trump.is_no_trump
        tsuit = trump.suit
        self.esuit = tuple((tsuit if tsuit is not None else -2) if c.is_ss else c.suit for c in cards)
        self.tkey = tuple(c.rank + 2 if trump.is_trump(c) else 0 for c in cards)
        self.is_double = tuple(c.is_double for c in cards)
        self.dkey = tuple(c.rank + 1 if c.is_double else 0 for c in cards)
        follow: dict[int, int] = {}
        for i in range(n):
            follow[self.esuit[i]] = follow.get(self.esuit[i], 0) | (1 << i)
        self.follow = follow
        trump_mask = 0
        for i, c in enumerate(cards):
            if trump.is_trump(c):
                trump_mask |= 1 << i
        first_trump = ruleset.first_lead.value is FirstLead.TRUMP and not self.nt
        if first_trump and ruleset.declaration.value is Declaration.FIRST_LEAD:
            lead_first = follow.get(tsuit, 0) & ~(1 << idx.ss if idx.ss >= 0 else 0) if tsuit is not None else 0
        elif first_trump:
            lead_first = trump_mask
        else:
            lead_first = -1  # any card
        self.lead_first = lead_first
        extra = 0
        if idx.ss >= 0 and self.nt and ruleset.ss_no_trump.value is SSNoTrump.DISCARD_ANY_TIME:
            extra |= 1 << idx.ss
        if idx.rover >= 0 and not trump.is_zero and ruleset.rover_play.value is RoverPlay.ANY_TIME:
            extra |= 1 << idx.rover
        self.extra = extra
        self.rover_on = rover_active(ruleset, trump)
        self.all_doubles = ruleset.rover_power.value is RoverPower.ALL_DOUBLES
        bd = 0
        if self.rover_on and ruleset.after_rover.value is AfterRover.BREAK_FOR_DOUBLE:
            for i, c in enumerate(cards):
                if c.is_double:
                    bd |= 1 << i
        self.break_double = bd
        self.ss = idx.ss
        self.rover = idx.rover

    def legal_mask(self, hand: int, trick: Sequence[int], first_lead: bool) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (``first_lead``: the bidder's opening lead)."""
        if not trick:
            if first_lead:
                leads = hand & self.lead_first
                return leads if leads else hand
            return hand
        lead = trick[0]
        if lead == self.ss and self.nt:
            if len(trick) == 1:
                return hand
            suit = self.suit[trick[1]]
        else:
            suit = self.esuit[lead]
        held = hand & self.follow.get(suit, 0)
        if not held:
            return hand
        extra = self.extra
        if self.break_double and self.rover in trick:
            extra |= self.break_double
        return held | (hand & extra)

    def winner(self, trick: Sequence[int]) -> int:
        """The position in ``trick`` (0 = the lead) of the card that takes it."""
        tkey = self.tkey
        best = -1
        best_key = 0
        for pos, c in enumerate(trick):
            k = tkey[c]
            if k > best_key:
                best_key = k
                best = pos
        if best >= 0:
            return best
        rover = self.rover
        if self.rover_on and rover in trick:
            dkey = self.dkey
            at = trick.index(rover)
            if self.all_doubles:
                for pos, c in enumerate(trick):
                    if dkey[c] > best_key:
                        best_key = dkey[c]
                        best = pos
                return best
            for pos in range(at + 1, len(trick)):
                k = dkey[trick[pos]]
                if k > best_key:
                    best_key = k
                    best = pos
            if best >= 0:
                return best
            lead_suit = self.suit[trick[0]]
            for pos, c in enumerate(trick):
                if dkey[c] and c != rover and self.suit[c] == lead_suit:
                    return pos
            return at
        if trick[0] == self.ss and self.nt:
            if len(trick) == 1:
                return 0
            suit = self.suit[trick[1]]
        else:
            suit = self.esuit[trick[0]]
        esuit = self.esuit
        rank = self.rank
        best_rank = -9
        for pos, c in enumerate(trick):
            if esuit[c] == suit and rank[c] > best_rank:
                best_rank = rank[c]
                best = pos
        return best


_TABLES: dict[tuple[int, str | None], _Tables] = {}


def _tables(ruleset: Ruleset, trump: Trump) -> _Tables:
    key = (id(ruleset), str(trump))
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _Tables(ruleset, trump)
        _KEEP.append(ruleset)  # keep the ruleset alive so its id is not reused
    return t


_KEEP: list[Ruleset] = []
_TRUMPS: dict[tuple[int, frozenset[int]], tuple[Trump, ...]] = {}  # what a high bidder may name


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --- the deal ------------------------------------------------------------------------------


class Phase(StrEnum):
    DEAL = "deal"  # waiting for the shuffle (a chance step)
    DRAW_TRUMP = "draw-trump"  # Hodges without bidding: waiting for the card drawn for trump
    AUCTION = "auction"
    KITTY = "kitty"  # the high bidder takes the kitty and discards
    TRUMP = "trump"  # the high bidder names trump
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in play order, who took it, and the cards then drawn."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    draws: tuple[tuple[int, Card], ...] = ()

    def seat_of(self, position: int, players: int) -> int:
        return (self.leader + position) % players

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [str(c) for c in self.cards],
            "winner": self.winner,
            "draws": [{"seat": s, "card": str(c)} for s, c in self.draws],
        }


def _undealt_kind(ruleset: Ruleset, fmt: Format) -> UndealtKind:
    """What the undealt cards are in this format (a drawing pile is handled by ``fmt.pile``)."""
    if fmt.undealt == 0:
        return UndealtKind.NONE
    kind = fmt.undealt_kind or ruleset.undealt.value.kind
    if kind is UndealtKind.NONE:
        return UndealtKind.FACE_UP
    return kind


class _Setup:
    """Facts about a ruleset and format that every deal of them shares (computed once)."""

    __slots__ = ("ruleset", "format", "in_play", "team_of", "undealt_kind", "drawn", "count_cards", "per_trick")

    def __init__(self, ruleset: Ruleset, fmt: Format) -> None:
        self.ruleset = ruleset
        self.format = fmt
        pack = ruleset.deck
        removed = set(fmt.removed_cards(pack))
        self.in_play: tuple[int, ...] = tuple(i for i, c in enumerate(pack.cards) if c not in removed)
        self.team_of: tuple[int, ...] = tuple(fmt.team_of(s) for s in range(fmt.players))
        self.undealt_kind = UndealtKind.NONE if fmt.pile is not PileKind.NONE else _undealt_kind(ruleset, fmt)
        self.drawn = ruleset.declaration.value is Declaration.DRAWN
        self.count_cards = ruleset.points.value.count_cards
        self.per_trick = ruleset.points.value.per_trick


_SETUPS: dict[tuple[int, str], _Setup] = {}


def _setup(ruleset: Ruleset, format_id: str | None) -> _Setup:
    key = (id(ruleset), format_id or "")
    st = _SETUPS.get(key)
    if st is None:
        st = _SETUPS[key] = _Setup(ruleset, ruleset.format(format_id))
        _KEEP.append(ruleset)
    return st


class Deal:
    """One deal as a state machine: deal, (trump drawn), auction, (kitty), trump, play, score.

    Seats are numbered 0 to players - 1 round the table to the left; the dealer's left bids and
    (without bidding) leads first. Build one with :func:`new_deal` (seeded) or
    ``Deal(...)`` and a ``deal`` action (given hands).
    """

    def __init__(self, ruleset: Ruleset | str, format_id: str | None = None, *, dealer: int = 0,
                 seed: int | None = None, options: Iterable[str] = ()) -> None:
        r = load_ruleset(ruleset, options)
        st = _setup(r, format_id)
        self.ruleset = r
        self.format = fmt = st.format
        self.players = n = fmt.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        self.dealer = dealer
        self.seed = None if seed is None else _check_seed(seed)
        self.pack = self.ruleset.deck
        self._idx = _pack_index(self.pack)
        self.in_play = st.in_play
        self.team_of = st.team_of
        self.undealt_kind = st.undealt_kind
        self.drawn = st.drawn
        self.count_cards = st.count_cards
        self.per_trick = st.per_trick
        self.phase = Phase.DRAW_TRUMP if self.drawn else Phase.DEAL
        self.history: list[Action] = []
        self.hands: list[int] = [0] * n
        self._dealt: list[list[int]] = [[] for _ in range(n)]
        self._undealt: list[int] = []
        self.pile: list[int] = []
        self.face_up: list[int] = []  # cards that go with the first trick to its winner
        self.kitty: list[int] = []
        self.trump_card: Card | None = None
        self.auction: Auction | None = None
        self.declarer: int | None = None
        self.bid: int | None = None
        self.discards: tuple[Card, ...] = ()
        self.trump: Trump | None = None
        self.trump_by_lead = False
        self.leader = -1
        self.trick: list[int] = []
        self._tricks: list[tuple[int, tuple[int, ...], int, tuple[tuple[int, int], ...]]] = []
        self.taken: list[int] = [0] * n
        self.tricks_won: list[int] = [0] * n
        self.passed_out = False
        self._tab: _Tables | None = None
        self._to_act = CHANCE
        self._score: list[int] | None = None

    # --- basic facts ---------------------------------------------------------------------

    @property
    def dealt(self) -> list[tuple[Card, ...]]:
        """The hands as dealt (before any kitty exchange or drawing)."""
        cards = self._idx.cards
        return [tuple(cards[i] for i in h) for h in self._dealt]

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards left after dealing: face-up cards, kitty, or the drawing pile from the top."""
        cards = self._idx.cards
        return tuple(cards[i] for i in self._undealt)

    @property
    def tricks(self) -> list[TrickRecord]:
        cards = self._idx.cards
        return [TrickRecord(leader, tuple(cards[c] for c in t), winner, tuple((s, cards[c]) for s, c in draws))
                for leader, t, winner, draws in self._tricks]

    @property
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance step, :data:`TERMINAL` when over."""
        return self._to_act

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance(self) -> bool:
        return self.phase in (Phase.DEAL, Phase.DRAW_TRUMP)

    def hand(self, seat: int) -> list[Card]:
        cards = self._idx.cards
        return [cards[i] for i in _bits(self.hands[seat])]

    @property
    def current_trick(self) -> list[Card]:
        cards = self._idx.cards
        return [cards[i] for i in self.trick]

    @property
    def bidding_order(self) -> list[int]:
        return [(self.dealer + 1 + k) % self.players for k in range(self.players)]

    @property
    def bid_to_make(self) -> int | None:
        """The bid the declarer must make (raised by discarded count cards where the ruleset says so)."""
        if self.bid is None:
            return None
        return bid_after_discards(self.ruleset, self.bid, self.discards)

    @property
    def first_lead_pending(self) -> bool:
        return self.phase is Phase.PLAY and not self._tricks and not self.trick

    def _seat_of_bidder(self, player: int) -> int:
        return (self.dealer + 1 + player) % self.players

    def _set_to_act(self) -> None:
        p = self.phase
        if p is Phase.OVER:
            self._to_act = TERMINAL
        elif p is Phase.DEAL or p is Phase.DRAW_TRUMP:
            self._to_act = CHANCE
        elif p is Phase.AUCTION:
            assert self.auction is not None
            who = self.auction.to_act
            assert who is not None
            self._to_act = self._seat_of_bidder(who)
        elif p is Phase.KITTY or p is Phase.TRUMP:
            assert self.declarer is not None
            self._to_act = self.declarer
        else:
            self._to_act = (self.leader + len(self.trick)) % self.players

    # --- chance --------------------------------------------------------------------------

    def chance_outcome(self) -> Action:
        """The chance step this deal's seed gives (the shuffle, or the card drawn for trump)."""
        if not self.is_chance():
            raise ValueError("this is not a chance step")
        if self.seed is None:
            raise ValueError("this deal has no seed: give the deal (or the card drawn) as an action")
        if self.phase is Phase.DRAW_TRUMP:
            rng = SplitMix64(self.seed ^ DRAW_SALT)
            return Action.draw(self._idx.cards[self.in_play[rng.below(len(self.in_play))]])
        return Action.shuffle(self.seed)

    # --- legality ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take (at a chance step: the seeded outcome, if any)."""
        p = self.phase
        if p is Phase.PLAY:
            return self._legal_play_actions()
        if p is Phase.AUCTION:
            assert self.auction is not None
            return [PASS_ACTION if c.bid is None else Action.bid(c.bid) for c in self.auction.legal_calls()]
        if p is Phase.TRUMP:
            return [Action.name_trump(t) for t in self._allowed_trumps()]
        if p is Phase.KITTY:
            return self._legal_discards()
        if p is Phase.OVER:
            return []
        return [self.chance_outcome()] if self.seed is not None else []

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play (empty outside the play phase)."""
        if self.phase is not Phase.PLAY:
            return []
        cards = self._idx.cards
        return [cards[i] for i in _bits(self._legal_mask())]

    def _legal_mask(self) -> int:
        seat = self._to_act
        hand = self.hands[seat]
        if self._tab is None:  # the declarer's first lead declares trump
            return self._declaring_leads(hand)
        return self._tab.legal_mask(hand, self.trick, self.first_lead_pending and not self.drawn)

    def _legal_play_actions(self) -> list[Action]:
        acts = self._idx.play_actions
        out = [acts[i] for i in _bits(self._legal_mask())]
        if self._tab is None and self.ruleset.no_trump.value:
            out.append(Action.name_trump(NO_TRUMP))
        return out

    def _discarded_suits(self) -> set[int]:
        if self.ruleset.undealt.value.exchange is KittyExchange.NO_RED_NO_TRUMP:
            return {c.suit for c in self.discards if not c.is_ss}
        return set()

    def _allowed_trumps(self) -> list[Trump]:
        banned = self._discarded_suits()
        key = (id(self.ruleset), frozenset(banned))
        cached = _TRUMPS.get(key)
        if cached is None:
            cached = _TRUMPS[key] = self._work_out_trumps(banned)
            _KEEP.append(self.ruleset)  # keep the ruleset alive so its id is not reused
        return list(cached)

    def _work_out_trumps(self, banned: set[int]) -> tuple[Trump, ...]:
        r = self.ruleset
        out: list[Trump] = []
        for s in self.pack.suits:
            t = Trump(s)
            if s in banned:
                continue
            try:
                check_trump(r, t)
            except RulesError:
                continue
            out.append(t)
        if r.no_trump.value:
            out.append(NO_TRUMP)
        return tuple(out)

    def _declaring_leads(self, hand: int) -> int:
        """Cards whose lead may declare trump (FIRST_LEAD): legal under the trump they declare."""
        mask = 0
        allowed = {t.suit for t in self._allowed_trumps() if t.suit is not None}
        cards = self._idx.cards
        hand_cards = [cards[i] for i in _bits(hand)]
        for i in _bits(hand):
            c = cards[i]
            if c.is_ss or c.suit not in allowed:
                continue
            if c in legal_plays(self.ruleset, Trump(c.suit), hand_cards, (), first_trick=True).legal:
                mask |= 1 << i
        return mask

    def _discard_reason(self, cards: tuple[Card, ...]) -> str | None:
        assert self.declarer is not None
        k = len(self.kitty)
        if len(cards) != k:
            return f"the high bidder discards exactly {k} card{'s' if k != 1 else ''}, as many as the kitty holds"
        hand = self.hands[self.declarer]
        idx = self._idx.index
        for c in cards:
            i = idx.get(c)
            if i is None or not hand >> i & 1:
                return f"{c} is not in the high bidder's hand (with the kitty)"
        exchange = self.ruleset.undealt.value.exchange
        if exchange is KittyExchange.NO_RED_NO_TRUMP:
            for c in cards:
                if self.pack.count_value(c):
                    return f"{c} is a red count card, and red cards may not be discarded ({self.ruleset.short_name})"
            banned = {c.suit for c in cards}
            rest = [c for c in self.hand(self.declarer) if c not in cards]
            trumps = {t.suit for t in self._allowed_trumps() if t.suit is not None} - banned
            if not any(not c.is_ss and c.suit in trumps for c in rest):
                return ("the discards may not be of the suit to be named trump, and these would leave no card "
                        "whose suit could still be declared")
        return None

    def _legal_discards(self) -> list[Action]:
        assert self.declarer is not None
        hand = self.hand(self.declarer)
        out = []
        for combo in itertools.combinations(hand, len(self.kitty)):
            if self._discard_reason(combo) is None:
                out.append(Action(ActionKind.DISCARD, cards=combo))
        return out

    def can(self, action: Action) -> str | None:
        """None if ``action`` is allowed now, else the reason it is not."""
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        p = self.phase
        k = action.kind
        if p is Phase.OVER:
            return "the deal is over"
        if action.is_chance != self.is_chance():
            return ("it is a chance step (the shuffle or the drawing of trump)" if self.is_chance()
                    else "chance steps come only at the start of the deal")
        if p is Phase.DRAW_TRUMP:
            if k is not ActionKind.DRAW:
                return "trump is drawn before the deal (draw a card)"
            c = action.cards[0]
            if c not in self._idx.index or self._idx.index[c] not in self.in_play:
                return f"{c} is not among the cards in play"
            return None
        if p is Phase.DEAL:
            if k is ActionKind.SHUFFLE:
                return None
            if k is ActionKind.DEAL:
                return self._deal_reason(action)
            return "the cards must be dealt first (shuffle or deal)"
        if p is Phase.AUCTION:
            assert self.auction is not None
            if k is ActionKind.PASS:
                return self.auction.can(Call(None))
            if k is ActionKind.BID:
                return self.auction.can(Call(action.number))
            return "the auction is on: bid or pass"
        if p is Phase.KITTY:
            if k is not ActionKind.DISCARD:
                return f"the high bidder takes the kitty and must discard {len(self.kitty)} cards first"
            return self._discard_reason(action.cards)
        if p is Phase.TRUMP:
            if k is not ActionKind.TRUMP:
                return "the high bidder must name trump first"
            assert action.trump is not None
            if action.trump in self._allowed_trumps():
                return None
            if action.trump.suit in self._discarded_suits():
                return f"he discarded a card of the /{action.trump.suit} suit, so it cannot be trump"
            try:
                check_trump(self.ruleset, action.trump)
            except RulesError as e:
                return str(e)
            return "that trump is not allowed"
        # play
        if k is ActionKind.TRUMP:
            if self._tab is None and self.first_lead_pending:
                if action.trump == NO_TRUMP and self.ruleset.no_trump.value:
                    return None
                return "the first card led declares the trump suit; only No Trump may be declared in words"
            return "trump has already been decided"
        if k is not ActionKind.PLAY:
            return "it is time to play a card"
        c = action.cards[0]
        i = self._idx.index.get(c)
        if i is None or not self.hands[self._to_act] >> i & 1:
            return f"{c} is not in the hand of the player to play (seat {self._to_act})"
        if self._legal_mask() >> i & 1:
            return None
        return self._illegal_play_reason(c)

    def _illegal_play_reason(self, card: Card) -> str:
        hand = self.hand(self._to_act)
        if self._tab is None:
            if card.suit in self._discarded_suits():
                return f"he discarded a card of the /{card.suit} suit, which therefore cannot be trump"
            if card.is_ss:
                return "the bidder's first card declares trump, and the S/S has no suit until trump is set"
            try:
                lp = legal_plays(self.ruleset, Trump(card.suit), hand, (), first_trick=True)
            except RulesError as e:
                return f"leading {card} would declare /{card.suit} trump: {e}"
            for ip in lp.illegal:
                if ip.card == card:
                    return ip.reason
            return f"{card} cannot declare trump here"
        assert self.trump is not None
        lp = legal_plays(self.ruleset, self.trump, hand, self.current_trick,
                         first_trick=self.first_lead_pending and not self.drawn)
        for ip in lp.illegal:
            if ip.card == card:
                return ip.reason
        return f"{card} may not be played now"

    def _deal_reason(self, action: Action) -> str | None:
        fmt = self.format
        if len(action.hands) != self.players + 1:
            return f"a deal gives {self.players} hands and then the undealt cards"
        seen: set[Card] = set()
        for seat, h in enumerate(action.hands[:-1]):
            if len(h) != fmt.hand_size:
                return f"hand {seat} has {len(h)} cards; each hand has {fmt.hand_size}"
            seen.update(h)
        if len(action.hands[-1]) != fmt.undealt:
            return f"{len(action.hands[-1])} undealt cards given; this format leaves {fmt.undealt}"
        seen.update(action.hands[-1])
        expected = {self._idx.cards[i] for i in self.in_play}
        total = sum(len(h) for h in action.hands)
        if len(seen) != total:
            return "a card is given twice"
        if seen != expected:
            missing = sorted(expected - seen, key=_card_order)
            extra = sorted(seen - expected, key=_card_order)
            bits = []
            if extra:
                bits.append("not in play: " + " ".join(map(str, extra)))
            if missing:
                bits.append("missing: " + " ".join(map(str, missing)))
            return "the deal must hold every card in play once (" + "; ".join(bits) + ")"
        return None

    # --- moves ---------------------------------------------------------------------------

    def apply(self, action: Action | str) -> Deal:
        """Make ``action`` (an :class:`Action` or its text); raise :class:`IllegalActionError` if not allowed."""
        if isinstance(action, str):
            action = parse_action(action, self.pack)
        if self.phase is Phase.PLAY and action.kind is ActionKind.PLAY and self._tab is not None:
            i = self._idx.index.get(action.cards[0], -1)
            if i >= 0 and self._legal_mask() >> i & 1:
                self.history.append(action)
                self._play(i)
                return self
        why = self.can(action)
        if why is not None:
            raise IllegalActionError(action, why)
        self.history.append(action)
        k = action.kind
        if k is ActionKind.PLAY:
            self._play(self._idx.index[action.cards[0]])
        elif k is ActionKind.BID or k is ActionKind.PASS:
            assert self.auction is not None
            self.auction.do(Call(action.number if k is ActionKind.BID else None))
            if self.auction.is_over:
                self._end_auction()
            else:
                self._set_to_act()
        elif k is ActionKind.TRUMP:
            assert action.trump is not None
            self._set_trump(action.trump, by_lead=False)
            if self.phase is Phase.TRUMP:
                self._start_play()
        elif k is ActionKind.DISCARD:
            self._discard(action.cards)
        elif k is ActionKind.SHUFFLE:
            assert action.number is not None
            self.seed = action.number
            order = shuffled(self.in_play, action.number)
            self._deal_order(order)
        elif k is ActionKind.DEAL:
            self._deal_hands(action.hands)
        elif k is ActionKind.DRAW:
            c = action.cards[0]
            self.trump_card = c
            self.phase = Phase.DEAL
            self._set_to_act()
        return self

    # --- helpers for players (public information only) ----------------------------------

    def current_winner(self) -> int | None:
        """The seat whose card is taking the trick in progress (None with no card played or no trump yet)."""
        if not self.trick or self._tab is None:
            return None
        return (self.leader + self._tab.winner(self.trick)) % self.players

    def would_win(self, card: Card) -> bool:
        """Whether ``card``, played now by the player to act, would be taking the trick so far."""
        if self._tab is None:
            return not self.trick
        i = self._idx.index[card]
        trick = [*self.trick, i]
        return self._tab.winner(trick) == len(trick) - 1

    def played_cards(self) -> list[Card]:
        """Every card played so far in this deal (finished tricks and the trick in progress)."""
        cards = self._idx.cards
        return [cards[c] for _, t, _, _ in self._tricks for c in t] + self.current_trick

    def step_random(self, rng: SplitMix64) -> None:
        """One uniformly random legal action (chance steps from the seed): the benchmark's inner loop.

        The play phase draws straight from the legal mask, so nothing is checked twice.
        """
        if self.phase is Phase.PLAY and self._tab is not None:
            m = self._tab.legal_mask(self.hands[self._to_act], self.trick,
                                     not self._tricks and not self.trick and not self.drawn)
            count = m.bit_count()
            if count > 1:
                for _ in range(rng.below(count)):
                    m &= m - 1
            i = (m & -m).bit_length() - 1
            self.history.append(self._idx.play_actions[i])
            self._play(i)
            return
        if self.is_chance():
            self.apply(self.chance_outcome())
            return
        if self.phase is Phase.AUCTION:
            auction = self.auction
            assert auction is not None
            high = auction.high
            low = max(auction.rule.minimum, high[1] + 1 if high else 1)
            can_pass = auction.can(Call(None)) is None
            count = max(0, auction.maximum - low + 1) + can_pass
            k = rng.below(count)
            self.apply(PASS_ACTION if can_pass and k == 0 else Action.bid(low + k - can_pass))
            return
        acts = self.legal_actions()
        self.apply(acts[rng.below(len(acts))])

    def play_random(self, rng: SplitMix64) -> None:
        """Play the deal to its end by uniformly random legal actions: the benchmark's loop.

        Exactly what calling :meth:`step_random` until :meth:`is_terminal` does (the same draws
        from ``rng``, the same history and result), with the auction and the play phase run in
        tight loops: every call and card drawn is legal by construction, so none is checked again.
        """
        while self.phase is not Phase.OVER:
            if self.phase is Phase.AUCTION:
                self._random_auction(rng)
            elif self.phase is Phase.PLAY and self._tab is not None and not self.pile:
                self._random_play(rng)
            else:
                self.step_random(rng)

    def _random_auction(self, rng: SplitMix64) -> None:
        auction = self.auction
        assert auction is not None
        minimum, maximum = auction.rule.minimum, auction.maximum
        calls = auction.calls
        history = self.history
        below = rng.below
        while True:
            high = auction.high
            low = max(minimum, high[1] + 1 if high else 1)
            can_pass = not auction._dealer_forced()
            k = below(max(0, maximum - low + 1) + can_pass)
            player = len(calls) % auction.players
            if can_pass and k == 0:
                history.append(PASS_ACTION)
                calls.append((player, PASS))
            else:
                bid = low + k - can_pass
                history.append(Action.bid(bid))
                calls.append((player, Call(bid)))
            if auction.is_over:
                self._end_auction()
                return

    def _random_play(self, rng: SplitMix64) -> None:
        """The play phase of :meth:`play_random`: :meth:`_play` inlined for a deal without a pile."""
        tab = self._tab
        assert tab is not None
        legal_mask, winner_of = tab.legal_mask, tab.winner
        hands, taken, tricks_won, tricks = self.hands, self.taken, self.tricks_won, self._tricks
        history = self.history
        actions = self._idx.play_actions
        state = rng.state
        n = self.players
        count = self._idx.count
        count_cards = self.count_cards
        per_trick = self.per_trick
        drawn = self.drawn
        leader = self.leader
        trick = self.trick
        while True:
            for pos in range(len(trick), n):
                seat = (leader + pos) % n
                m = legal_mask(hands[seat], trick, not tricks and not trick and not drawn)
                c = m.bit_count()
                if c > 1:
                    # rng.below(c), with SplitMix64.next inlined (the same numbers, in order)
                    while True:
                        state = z = (state + 0x9E3779B97F4A7C15) & _MASK64
                        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                        z = (z ^ (z >> 31)) * c
                        if (z & _MASK64) >= c or (z & _MASK64) >= ((1 << 64) - c) % c:
                            break
                    for _ in range(z >> 64):
                        m &= m - 1
                i = (m & -m).bit_length() - 1
                history.append(actions[i])
                hands[seat] &= ~(1 << i)
                trick.append(i)
            winner = (leader + winner_of(trick)) % n
            points = per_trick
            if count_cards:
                for c in trick:
                    points += count[c]
                if not tricks:
                    for c in self.face_up:
                        points += count[c]
            taken[winner] += points
            tricks_won[winner] += 1
            tricks.append((leader, tuple(trick), winner, ()))
            trick = []
            leader = winner
            if not hands[winner]:
                break
        rng.state = state
        self.trick = trick
        self.leader = leader
        self._finish()

    def play_card(self, index: int) -> None:
        """Fast path for simulations: play the card with pack index ``index`` (must be legal)."""
        if self.phase is not Phase.PLAY or self._tab is None or not self._legal_mask() >> index & 1:
            raise IllegalActionError(self._idx.play_actions[index], self.can(self._idx.play_actions[index]) or "illegal")
        self.history.append(self._idx.play_actions[index])
        self._play(index)

    def _deal_order(self, order: list[int]) -> None:
        n = self.players
        size = self.format.hand_size
        first = self.dealer + 1
        hands = [order[(k - first) % n: n * size: n] for k in range(n)]
        self._deal_ints(hands, order[n * size:])

    def _deal_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        idx = self._idx.index
        self._deal_ints([[idx[c] for c in h] for h in hands[:-1]], [idx[c] for c in hands[-1]])

    def _deal_ints(self, hands: list[list[int]], rest: list[int]) -> None:
        self._dealt = hands
        self._undealt = rest
        for seat, h in enumerate(hands):
            m = 0
            for c in h:
                m |= 1 << c
            self.hands[seat] = m
        fmt = self.format
        if fmt.pile is not PileKind.NONE:
            self.face_up = rest[: fmt.face_up_from_pile]
            self.pile = rest[fmt.face_up_from_pile:]
        elif self.undealt_kind is UndealtKind.FACE_UP:
            self.face_up = list(rest)
        elif self.undealt_kind is UndealtKind.KITTY:
            self.kitty = list(rest)
        if self.drawn:
            assert self.trump_card is not None
            self._set_trump(Trump(self.trump_card.suit), by_lead=False)
            self.leader = (self.dealer + 1) % self.players
            self.phase = Phase.PLAY
        else:
            fmt_points = fmt.points_per_deal
            self.auction = Auction(self.ruleset.bidding.value, self.players, fmt_points)
            self.phase = Phase.AUCTION
        self._set_to_act()

    def _end_auction(self) -> None:
        assert self.auction is not None
        high = self.auction.high
        if high is None:
            self.passed_out = True
            self.phase = Phase.OVER
            self._to_act = TERMINAL
            return
        self.declarer = self._seat_of_bidder(high[0])
        self.bid = high[1]
        if self.kitty:
            self.hands[self.declarer] |= sum(1 << i for i in self.kitty)
            self.phase = Phase.KITTY
        else:
            self._after_kitty()
        self._set_to_act()

    def _after_kitty(self) -> None:
        assert self.declarer is not None
        if self.ruleset.declaration.value is Declaration.FIRST_LEAD:
            self.leader = self.declarer
            self.phase = Phase.PLAY
        else:
            self.phase = Phase.TRUMP

    def _discard(self, cards: tuple[Card, ...]) -> None:
        assert self.declarer is not None
        idx = self._idx.index
        for c in cards:
            self.hands[self.declarer] &= ~(1 << idx[c])
        self.discards = cards
        if self.count_cards:
            self.taken[self.declarer] += sum(self.pack.count_value(c) for c in cards)
        self._after_kitty()
        self._set_to_act()

    def _set_trump(self, trump: Trump, by_lead: bool) -> None:
        self.trump = trump
        self.trump_by_lead = by_lead
        self._tab = _tables(self.ruleset, trump)

    def _start_play(self) -> None:
        assert self.declarer is not None
        self.leader = self.declarer
        self.phase = Phase.PLAY
        self._set_to_act()

    def _play(self, i: int) -> None:
        if self._tab is None:  # the first card led declares trump
            self._set_trump(Trump(self._idx.cards[i].suit), by_lead=True)
        n = self.players
        seat = (self.leader + len(self.trick)) % n
        self.hands[seat] &= ~(1 << i)
        trick = self.trick
        trick.append(i)
        if len(trick) < n:
            self._to_act = (seat + 1) % n
            return
        tab = self._tab
        assert tab is not None
        winner = (self.leader + tab.winner(trick)) % n
        count = self._idx.count
        points = self.per_trick
        if self.count_cards:
            for c in trick:
                points += count[c]
            if not self._tricks:
                for c in self.face_up:
                    points += count[c]
        self.taken[winner] += points
        self.tricks_won[winner] += 1
        draws: tuple[tuple[int, int], ...] = ()
        if self.pile:
            got = []
            for k in range(n):
                s = (winner + k) % n
                c = self.pile.pop(0)
                self.hands[s] |= 1 << c
                got.append((s, c))
            draws = tuple(got)
        self._tricks.append((self.leader, tuple(trick), winner, draws))
        self.trick = []
        self.leader = winner
        if self.hands[winner]:
            self._to_act = winner
        else:
            self._finish()

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self._to_act = TERMINAL
        taken = self.team_points()
        if self.drawn or self.declarer is None:
            self._score = list(taken)
        else:
            bid = self.bid_to_make
            assert bid is not None
            self._score = score_seats(self.ruleset, self.format, self.declarer, bid, taken)

    # --- results -------------------------------------------------------------------------

    def points(self) -> list[int]:
        """Points each seat has taken so far (tricks, count cards, face-up and discarded cards)."""
        return list(self.taken)

    def team_points(self) -> list[int]:
        out = [0] * len(self.format.teams)
        for seat, p in enumerate(self.taken):
            out[self.team_of[seat]] += p
        return out

    def score_changes(self) -> list[int]:
        """The score change of each team (in ``format.teams`` order); zeros until the deal is scored."""
        return list(self._score) if self._score is not None else [0] * len(self.format.teams)

    def returns(self) -> list[int]:
        """Each seat's score change: its team's (OpenSpiel's returns)."""
        changes = self.score_changes()
        return [changes[t] for t in self.team_of]

    @property
    def made(self) -> bool | None:
        """Whether the declarer's side made its bid (None before the end, when passed out or without bidding)."""
        if self._score is None or self.declarer is None:
            return None
        bid = self.bid_to_make
        assert bid is not None
        return self.team_points()[self.team_of[self.declarer]] >= bid

    @property
    def total_points(self) -> int:
        """The points a played deal holds: the format's figure, or the tricks alone when counters do not score."""
        if self.count_cards:
            return self.format.points_per_deal
        return self.format.tricks(self.pack) * self.per_trick

    # --- views and serialisation ---------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, public cards and play; other hands and the face-down pile hidden."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}")
        cards = self._idx.cards
        face_up_pile = self.format.pile is PileKind.FACE_UP
        history = []
        for a in self.history:
            if a.kind in (ActionKind.SHUFFLE, ActionKind.DEAL):
                history.append("deal")
            elif a.kind is ActionKind.DISCARD and seat != self.declarer:
                history.append(f"discard {len(a.cards)}")
            else:
                history.append(str(a))
        tricks = []
        for t in self.tricks:
            d = t.to_json()
            d["draws"] = [{"seat": s, "card": str(c) if (face_up_pile or s == seat) else None} for s, c in t.draws]
            tricks.append(d)
        first_taken = bool(self._tricks)
        return {
            "seat": seat,
            "ruleset": self.ruleset.id,
            "format": self.format.id,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "current_player": self._to_act,
            "hand": [str(c) for c in self.hand(seat)],
            "hand_sizes": [m.bit_count() for m in self.hands],
            "face_up": [] if first_taken else [str(cards[i]) for i in self.face_up],
            "pile": {
                "size": len(self.pile),
                "face_up": face_up_pile,
                "top": str(cards[self.pile[0]]) if face_up_pile and self.pile else None,
            },
            "kitty_size": len(self.kitty) if self.phase in (Phase.DEAL, Phase.AUCTION) else 0,
            "discards": [str(c) for c in self.discards] if seat == self.declarer else [],
            "trump_card": str(self.trump_card) if self.trump_card else None,
            "auction": self._calls_json(),
            "declarer": self.declarer,
            "bid": self.bid,
            "bid_to_make": self.bid_to_make,
            "trump": None if self.trump is None else str(self.trump),
            "trick": {"leader": self.leader, "cards": [str(c) for c in self.current_trick]},
            "tricks": tricks,
            "points": self.points(),
            "score": self.score_changes() if self.is_terminal() else None,
            "legal": [str(a) for a in self.legal_actions()] if self._to_act == seat else [],
            "history": history,
        }

    def _calls_json(self) -> list[dict[str, Any]]:
        if self.auction is None:
            return []
        return [{"seat": self._seat_of_bidder(p), "call": str(c)} for p, c in self.auction.calls]

    def summary(self) -> dict[str, Any]:
        """The whole deal as one JSON-ready object (the ``somerset play --json`` shape)."""
        return {
            "ruleset": self.ruleset.id,
            "options": list(self.ruleset.option_applied),
            "format": self.format.id,
            "seed": self.seed,
            "dealer": self.dealer,
            "teams": [list(t) for t in self.format.teams],
            "hands": [[str(c) for c in h] for h in self.dealt],
            "undealt": [str(c) for c in self.undealt],
            "trump_card": str(self.trump_card) if self.trump_card else None,
            "bids": self._calls_json(),
            "passed_out": self.passed_out,
            "declarer": self.declarer,
            "bid": self.bid,
            "discards": [str(c) for c in self.discards],
            "bid_to_make": self.bid_to_make,
            "trump": None if self.trump is None else str(self.trump),
            "trump_by_lead": self.trump_by_lead,
            "tricks": [t.to_json() for t in self.tricks],
            "points": self.points(),
            "team_points": self.team_points(),
            "made": self.made,
            "score": self.score_changes(),
            "over": self.is_terminal(),
        }

    def to_json(self) -> dict[str, Any]:
        """The record (ruleset, options, format, dealer, seed, actions) with a summary of the state."""
        return {
            "ruleset": self.ruleset.id,
            "options": list(self.ruleset.option_applied),
            "format": self.format.id,
            "dealer": self.dealer,
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
            "state": self.summary(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """Rebuild a deal by replaying the actions of :meth:`to_json`."""
        deal = cls(data["ruleset"], data.get("format"), dealer=int(data.get("dealer", 0)), seed=data.get("seed"),
                   options=data.get("options", ()))
        for text in data.get("actions", []):
            deal.apply(parse_action(text, deal.pack))
        return deal

    def clone(self) -> Deal:
        """An independent copy (by replay)."""
        return replay_deal(self.ruleset, self.format.id, self.dealer, self.history, seed=self.seed)

    def signature(self) -> tuple[Any, ...]:
        """Everything that makes up the state, for comparing two deals."""
        return (
            self.ruleset.id, self.ruleset.option_applied, self.format.id, self.dealer, self.phase,
            tuple(self.hands), tuple(self.pile), tuple(self.face_up), tuple(self.kitty), self.declarer, self.bid,
            self.discards, self.trump, self.leader, tuple(self.trick), tuple(self._tricks), tuple(self.taken),
            self._score, self.passed_out, tuple(str(a) for a in self.history),
        )

    def __repr__(self) -> str:
        return (f"Deal({self.ruleset.id!r}, {self.format.id!r}, dealer={self.dealer}, phase={self.phase.value}, "
                f"actions={len(self.history)})")


#: The OpenSpiel-style name for one deal's state.
GameState = Deal


def new_deal(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 0, dealer: int = 0,
             options: Iterable[str] = ()) -> Deal:
    """A deal dealt from ``seed`` (its chance steps applied), waiting for the first call."""
    deal = Deal(ruleset, format_id, dealer=dealer, seed=seed, options=options)
    while deal.is_chance():
        deal.apply(deal.chance_outcome())
    return deal


def replay_deal(ruleset: Ruleset | str, format_id: str | None, dealer: int, actions: Iterable[Action | str],
                seed: int | None = None, options: Iterable[str] = ()) -> Deal:
    deal = Deal(ruleset, format_id, dealer=dealer, seed=seed, options=options)
    for a in actions:
        deal.apply(a)
    return deal


# --- the game ------------------------------------------------------------------------------


class Game:
    """A game of many deals to the ruleset's target, the deal passing left after every deal.

    The game moves by the same actions as its current deal; when a deal ends it is scored,
    the winner (if any) decided by the ruleset's game rule, and the next deal begins at a
    chance step. ``auto_chance`` applies seeded chance steps at once (they are still recorded).
    """

    def __init__(self, ruleset: Ruleset | str, format_id: str | None = None, *, seed: int = 0, dealer: int = 0,
                 options: Iterable[str] = (), auto_chance: bool = True, max_deals: int = MAX_DEALS) -> None:
        self.ruleset = load_ruleset(ruleset, options)
        self.format = self.ruleset.format(format_id)
        self.seed = _check_seed(seed)
        self.first_dealer = dealer
        self.auto_chance = auto_chance
        self.max_deals = max_deals
        self.scores = [0] * len(self.format.teams)
        self.deals: list[Deal] = []
        self.winner: int | None = None  # a team index
        self.unfinished = False
        self.end_reason = ""
        self._new_deal(dealer)

    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    def _new_deal(self, dealer: int) -> None:
        d = Deal(self.ruleset, self.format.id, dealer=dealer, seed=deal_seed(self.seed, len(self.deals)))
        self.deals.append(d)
        if self.auto_chance:
            while d.is_chance():
                d.apply(d.chance_outcome())

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.deal.current_player

    def is_terminal(self) -> bool:
        return self.winner is not None or self.unfinished

    def is_chance(self) -> bool:
        return not self.is_terminal() and self.deal.is_chance()

    def chance_outcome(self) -> Action:
        return self.deal.chance_outcome()

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else self.deal.legal_actions()

    def can(self, action: Action) -> str | None:
        if self.is_terminal():
            return "the game is over"
        return self.deal.can(action)

    def apply(self, action: Action | str) -> Game:
        if self.is_terminal():
            a = action if isinstance(action, Action) else parse_action(action)
            raise IllegalActionError(a, "the game is over")
        d = self.deal
        d.apply(action)
        if d.is_terminal():
            self._end_deal(d)
        return self

    def _end_deal(self, d: Deal) -> None:
        changes = d.score_changes()
        for t, c in enumerate(changes):
            self.scores[t] += c
        winner = self._decide(d)
        if winner is not None:
            self.winner = winner
            return
        if len(self.deals) >= self.max_deals:
            self.unfinished = True
            self.end_reason = f"unfinished: no side won within {self.max_deals} deals"
            return
        self._new_deal((d.dealer + 1) % self.format.players)

    def _decide(self, d: Deal) -> int | None:
        end = self.ruleset.game.value
        if d.passed_out:
            return None
        eligible = [t for t, s in enumerate(self.scores) if s >= end.target]
        if not end.win_by_setting:
            if d.declarer is None or not d.made:
                return None
            bid_team = d.team_of[d.declarer]
            eligible = [t for t in eligible if t == bid_team]
        if not eligible:
            return None
        best = max(self.scores[t] for t in eligible)
        top = [t for t in eligible if self.scores[t] == best]
        if len(top) > 1:
            # A tie at the top: another deal settles it (Hodges 1903; the engine's reading for the others).
            return None
        if len(eligible) > 1 and end.tie is Tie.FIRST_TO_TARGET:
            self.end_reason = (f"team {top[0]} wins with {best}: several sides reached {end.target} in the same deal, "
                               "and the higher score wins (the engine's reading)")
        else:
            self.end_reason = f"team {top[0]} reached {end.target} with {best}"
        return top[0]

    @property
    def history(self) -> list[Action]:
        return [a for d in self.deals for a in d.history]

    def returns(self) -> list[int]:
        """Each seat's team score."""
        return [self.scores[t] for t in self.deal.team_of]

    def view(self, seat: int) -> dict[str, Any]:
        v = self.deal.view(seat)
        v["game"] = {"scores": list(self.scores), "deal_number": len(self.deals), "winner": self.winner,
                     "target": self.ruleset.game.value.target}
        return v

    def summary(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.id,
            "options": list(self.ruleset.option_applied),
            "format": self.format.id,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "target": self.ruleset.game.value.target,
            "teams": [list(t) for t in self.format.teams],
            "deals": [d.summary() for d in self.deals],
            "scores": list(self.scores),
            "winner": self.winner,
            "unfinished": self.unfinished,
            "result": self.end_reason,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.id,
            "options": list(self.ruleset.option_applied),
            "format": self.format.id,
            "seed": self.seed,
            "dealer": self.first_dealer,
            "max_deals": self.max_deals,
            "deals": [[str(a) for a in d.history] for d in self.deals],
            "state": {"scores": list(self.scores), "winner": self.winner, "unfinished": self.unfinished},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        g = cls(data["ruleset"], data.get("format"), seed=int(data.get("seed", 0)), dealer=int(data.get("dealer", 0)),
                options=data.get("options", ()), auto_chance=False, max_deals=int(data.get("max_deals", MAX_DEALS)))
        for actions in data.get("deals", []):
            for text in actions:
                g.apply(parse_action(text, g.ruleset.deck))
        g.auto_chance = True
        if not g.is_terminal():
            while g.deal.is_chance() and g.deal.seed is not None:
                g.apply(g.chance_outcome())
        return g

    def signature(self) -> tuple[Any, ...]:
        return (tuple(d.signature() for d in self.deals), tuple(self.scores), self.winner, self.unfinished)


def new_game(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 0, dealer: int = 0,
             options: Iterable[str] = ()) -> Game:
    return Game(ruleset, format_id, seed=seed, dealer=dealer, options=options)


