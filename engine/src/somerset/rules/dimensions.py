"""The shape of a ruleset: every rule dimension as a cited, frozen value.

A :class:`Ruleset` is data. The engine (``play``, ``scoring``, ``bidding``, ``game``) reads these
values; rulesets that share a rule share the code for it and differ only in data.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from enum import StrEnum
from typing import Any, Generic, TypeVar

from .cards import NO_TRUMP, PACKS, Card, Pack, Trump, parse_card
from .errors import RulesError
from .limits import excerpt
from .sources import SOURCES, Citation

T = TypeVar("T")


@dataclass(frozen=True)
class Rule(Generic[T]):
    """One rule value with where it comes from.

    ``summary`` states the rule in the project's words. ``interpretation`` is set wherever the
    sources are silent, ambiguous or contradict each other: it says what the engine decided and why.
    """

    value: T
    summary: str
    citations: tuple[Citation, ...]
    interpretation: str | None = None

    def __post_init__(self) -> None:
        if not self.summary.strip():
            raise ValueError("a rule needs a summary")
        if not self.citations:
            raise ValueError(f"rule {self.summary!r} has no citation")
        if self.interpretation is not None and not self.interpretation.strip():
            raise ValueError("an interpretation must say something")

    @property
    def citation(self) -> Citation:
        """The rule's first citation (where its main statement is)."""
        return self.citations[0]


class RuleValue(StrEnum):
    """A rule value that is one of a few named choices, each with the short label tables show.

    A member is written ``NAME = "value", "label"``; the label is the compact phrase for a table
    cell on a phone (the long form is the rule's ``summary``). A member written without a label
    shows its value.

    >>> RoverPower.LATER_DOUBLES.label
    'only doubles played after it win'
    >>> RoverPower("all-doubles") is RoverPower.ALL_DOUBLES
    True
    """

    label: str

    def __new__(cls, value: str, label: str = "") -> RuleValue:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label or value
        return member


class UndealtKind(RuleValue):
    """What becomes of the cards left over after the deal."""

    NONE = "none", "none: all dealt"
    FACE_UP = "face-up", "face up, to the first trick's winner"  # taken with the first trick by its winner
    KITTY = "kitty", "kitty to the high bidder"  # to the high bidder, who exchanges


class KittyExchange(RuleValue):
    """What the high bidder may discard after taking the kitty.

    Under ``OWN_CARDS`` and ``COUNT_RAISES_BID`` the kitty's cards go into his hand to stay: he
    discards as many cards of the hand he was dealt (the texts say he "replaces any two cards in his
    hand with the kitty cards"). Under ``ANY`` and ``NO_RED_NO_TRUMP`` any card of the hand with the
    kitty may go back, a kitty card included.
    """

    NONE = "none"
    ANY = "any", "exchanges freely"  # take the undealt cards, discard as many, no restriction
    NO_RED_NO_TRUMP = "no-red-no-trump", "discards neither red nor trump"  # neither count cards nor the trump to be named
    OWN_CARDS = "own-cards", "discards only his own cards"  # keeps the kitty's; any of the cards he was dealt go
    COUNT_RAISES_BID = ("count-raises-bid",  # as OWN_CARDS; a discarded count card raises the bid and still counts
                        "discards only his own cards; a discarded count card raises the bid")

    @property
    def keeps_kitty(self) -> bool:
        """Whether the kitty's cards stay in the bidder's hand: the discards are cards he was dealt."""
        return self in (KittyExchange.OWN_CARDS, KittyExchange.COUNT_RAISES_BID)

    @property
    def bans_red(self) -> bool:
        """Whether a count (red) card may never be discarded."""
        return self is KittyExchange.NO_RED_NO_TRUMP

    @property
    def bans_trump_suit(self) -> bool:
        """Whether a discard rules its suit out as trump (the discards may not be of the trump to be named)."""
        return self is KittyExchange.NO_RED_NO_TRUMP

    @property
    def count_raises_bid(self) -> bool:
        """Whether each discarded count card raises the bid by its value."""
        return self is KittyExchange.COUNT_RAISES_BID


@dataclass(frozen=True)
class Undealt:
    """The undealt cards: where they go, and what a high bidder who takes them may discard."""

    kind: UndealtKind
    exchange: KittyExchange = KittyExchange.NONE


class AuctionStyle(RuleValue):
    """How the bidding goes round."""

    AUCTION = "auction", "auction"  # bidding goes round until all others pass; a pass does not end your bidding
    ONE_ROUND = "one-round", "one round of bids"  # each player bids once in turn; the highest bid wins


class AllPass(RuleValue):
    """What happens when every player passes."""

    REDEAL = "redeal", "all pass: redeal"  # the hand is not played; the deal passes to the left
    # the dealer takes the bid at the minimum, no more, and nobody may bid over him: the others passed it
    DEALER_AT_MINIMUM = "dealer-at-minimum", "all pass: dealer takes it at the minimum"


@dataclass(frozen=True)
class Bidding:
    """The auction: its style, the lowest bid, and what happens when all pass."""

    style: AuctionStyle
    minimum: int = 1
    all_pass: AllPass = AllPass.REDEAL


class Declaration(RuleValue):
    """How trump is decided."""

    NAMED = "named", "named after the auction"  # the high bidder names trump after the auction
    FIRST_LEAD = "first-lead", "by the bidder's first card"  # the suit of the bidder's first card led is trump
    DRAWN = "drawn", "drawn from the pack"  # a card is drawn and its suit is trump (Hodges' game without bidding)


class FirstLead(RuleValue):
    """What the high bidder must lead to the first trick."""

    TRUMP = "trump", "bidder must lead trump"  # the bidder must lead a trump to the first trick
    ANY = "any", "bidder leads any card"


class Revoke(RuleValue):
    """Following suit, and what a revoke costs."""

    UNSTATED = "unstated", "follow if able"
    WITHDRAW_OR_TWO = "withdraw-or-two", "follow if able, no exception; revoke costs 2"  # exchanged in time, or 2 points
    WITHDRAW_OR_AGREED = "withdraw-or-agreed", "follow if able; revoke penalty agreed"  # withdrawn; penalty agreed


class Misdeal(RuleValue):
    """A card shown while dealing."""

    UNSTATED = "unstated", "not stated"  # the text says nothing of a card shown while dealing
    REDEAL_COUNTER_OR_HIGHER = ("redeal-counter-or-higher",  # a counter, or a card above its suit's counter
                                "a counter or higher shown: same dealer deals again")


class FirstDealer(RuleValue):
    """How the first dealer is chosen, and who deals after him."""

    CUT_OR_AGREE = "cut-or-agree", "cut for high card or agree; then the deal passes left"
    CHOSEN = "chosen", "any player chosen; then the deal passes left"
    UNSTATED = "unstated", "not stated: tables cut for high card, then pass the deal left"


class FirstBidder(RuleValue):
    """Who bids first."""

    DEALERS_LEFT = "dealers-left", "the player at the dealer's left"
    UNSTATED = "unstated", "not stated: tables start at the dealer's left"


class ExposedCard(RuleValue):
    """A card shown by mistake during the bidding or the play (not while dealing: that is ``Misdeal``)."""

    UNSTATED = "unstated", "not stated: tables leave it face up and play it at the first legal chance"


class WrongCount(RuleValue):
    """A hand found to hold too many or too few cards."""

    UNSTATED = "unstated", "not stated: the same dealer deals again; a deal already in play scores nothing"


class RoverPlay(RuleValue):
    """When the 0/0 may be played."""

    WHEN_VOID = "when-void", "only when you cannot follow"  # or when the player leads it
    ANY_TIME = "any-time", "at any time"  # even holding the suit led


class AfterRover(RuleValue):
    """What the players after a 0/0 must play."""

    FOLLOW = "follow", "others still follow suit"
    BREAK_FOR_DOUBLE = "break-for-double", "others may break suit for a double"  # a player holding the suit led


class RoverPower(RuleValue):
    """Which doubles the 0/0 turns into trumps when no trump is played."""

    ALL_DOUBLES = "all-doubles", "highest double in the trick wins"  # every double in the trick counts as trump
    LATER_DOUBLES = "later-doubles", "only doubles played after it win"  # boardgamegeek

    @property
    def only_later_doubles(self) -> bool:
        """Whether only the doubles played after the 0/0 can take the trick from it."""
        return self is RoverPower.LATER_DOUBLES


class SSNoTrump(RuleValue):
    """The S/S in a No Trump hand."""

    NOT_APPLICABLE = "n/a", "—"
    DISCARD_ANY_TIME = "discard-any-time", "discard at any time; led, next card sets suit"


class RoverNoTrump(RuleValue):
    """The 0/0 in a No Trump hand."""

    NOT_APPLICABLE = "n/a", "—"
    WINS_WHEN_LED = "wins-when-led", "no power; wins when led"  # as the only /0 card it wins when led
    KEEPS_POWER = "keeps-power", "keeps its Rover power"  # plays as in a trump hand


class Made(RuleValue):
    """Who scores when the bid is made."""

    BIDDER_ONLY = "bidder-only", "bidder's side scores what it took; opponents nothing"
    BOTH_SIDES = "both-sides", "both sides score what they took"


class SetPenalty(RuleValue):
    """What a set costs."""

    DOUBLE = "double", "bidder −2 × shortfall; opponents score double"  # twice the shortfall; opponents twice theirs
    BID = "bid", "bidder loses the bid; opponents score theirs"


class Tie(RuleValue):
    """Several sides past the target in the same deal."""

    FIRST_TO_TARGET = "first-to-target", "first to the target wins"
    HIGHER_WINS_REPLAY_TIE = "higher-wins-replay-tie", "both past it: higher wins"  # a tie: another deal


@dataclass(frozen=True)
class GameEnd:
    """How a game is won: the target, what happens when several sides pass it together, and whether setting wins."""

    target: int
    tie: Tie = Tie.FIRST_TO_TARGET
    win_by_setting: bool = True  # False: a side can reach the target only by making a bid


@dataclass(frozen=True)
class Points:
    """What a deal scores: points for each trick, and whether the count cards score."""

    per_trick: int = 1
    count_cards: bool = True


class PileKind(RuleValue):
    """Whether the undealt cards are a drawing pile, and which way up it lies."""

    NONE = "none"
    FACE_DOWN = "face-down", "face-down drawing pile"  # the trick's winner draws first
    FACE_UP = "face-up", "face-up reserve"  # the trick's winner takes the top card


@dataclass(frozen=True)
class Format:
    """One way to play: how many players, the teams, the deal, and the points in a deal.

    ``points_per_deal`` is the figure the source states (or, where it states none, the computed
    one, with ``points_stated`` false). It is checked against the pack on construction.
    """

    id: str
    label: str
    players: int
    teams: tuple[tuple[int, ...], ...]
    hand_size: int
    undealt: int
    points_per_deal: int
    citation: Citation
    pile: PileKind = PileKind.NONE
    face_up_from_pile: int = 0  # cards turned up from the pile for the first trick's winner
    undealt_kind: UndealtKind | None = None  # overrides the ruleset's undealt rule for this format
    removed: tuple[str, ...] = ()
    points_stated: bool = True
    interpretation: str | None = None

    def __post_init__(self) -> None:
        seats = sorted(s for team in self.teams for s in team)
        if seats != list(range(self.players)):
            raise ValueError(f"format {self.id}: teams {self.teams} must cover seats 0..{self.players - 1} once")
        if len({len(t) for t in self.teams}) != 1:
            raise ValueError(f"format {self.id}: teams must be of equal size")

    @property
    def partnership(self) -> bool:
        """Whether players sit in partnerships (teams of more than one)."""
        return len(self.teams[0]) > 1

    def team_of(self, seat: int) -> int:
        """The index of the team ``seat`` plays for."""
        for i, team in enumerate(self.teams):
            if seat in team:
                return i
        raise ValueError(f"seat {seat} is not at the table")

    def removed_cards(self, pack: Pack) -> tuple[Card, ...]:
        """The cards this format takes out of ``pack`` before dealing."""
        return tuple(parse_card(c, pack) for c in self.removed)

    def tricks(self, pack: Pack) -> int:
        """Tricks in a deal: one card from each hand per trick, drawing pile included."""
        if self.pile is PileKind.NONE:
            return self.hand_size
        in_play = len(pack) - len(self.removed) - self.face_up_from_pile
        return in_play // self.players

    def computed_points(self, pack: Pack) -> int:
        """The points in a deal worked out from the pack: tricks plus the count cards still in it."""
        removed = set(self.removed_cards(pack))
        counts = sum(c.value for c in pack.counts if c.card not in removed)
        return self.tricks(pack) + counts

    def check(self, pack: Pack) -> None:
        """Raise :class:`ValueError` unless the hands, undealt cards and points add up for ``pack``."""
        removed = self.removed_cards(pack)
        remaining = len(pack) - len(removed)
        if self.pile is PileKind.NONE:
            if self.players * self.hand_size + self.undealt != remaining:
                raise ValueError(
                    f"format {self.id}: {self.players} x {self.hand_size} + {self.undealt} undealt "
                    f"!= {remaining} cards in play"
                )
        elif self.players * self.hand_size + self.undealt != remaining:
            raise ValueError(f"format {self.id}: hands plus pile do not make up the pack")
        if (remaining - self.face_up_from_pile) % self.players and self.pile is not PileKind.NONE:
            raise ValueError(f"format {self.id}: the drawing pile cannot be shared out evenly")
        if self.computed_points(pack) != self.points_per_deal:
            raise ValueError(
                f"format {self.id}: {self.points_per_deal} points stated, "
                f"{self.computed_points(pack)} computed from the pack"
            )


@dataclass(frozen=True)
class Option:
    """An optional rule inside a ruleset: replaces some of its rule values."""

    id: str
    name: str
    summary: str
    citation: Citation
    overrides: tuple[tuple[str, Rule[Any]], ...]
    interpretation: str | None = None
    formats: tuple[str, ...] = ()  # the formats the option is written for; empty: every format


@dataclass(frozen=True)
class Conduct:
    """The points a table stops a game over that are not rules of play: who deals first, who bids
    first, a card shown by mistake, and a hand dealt the wrong number of cards. The rulings page
    answers them; the engine's deals start from a dealer given to them and are always dealt right, so
    none of these changes a deal's play or its score."""

    dealer: Rule[FirstDealer]
    first_bid: Rule[FirstBidder]
    exposed: Rule[ExposedCard]
    wrong_count: Rule[WrongCount]


#: The conduct rules, with a heading for each (a ruling may quote them as it quotes a dimension).
CONDUCT: tuple[tuple[str, str], ...] = (
    ("dealer", "Who deals first"),
    ("first_bid", "Who bids first"),
    ("exposed", "A card shown by mistake in the bidding or the play"),
    ("wrong_count", "A hand with the wrong number of cards"),
)
CONDUCT_KEYS = tuple(k for k, _ in CONDUCT)


# The rule dimensions, in the order the site shows them, with a heading for each.
DIMENSIONS: tuple[tuple[str, str], ...] = (
    ("pack", "Pack and count cards"),
    ("formats", "Players and formats"),
    ("undealt", "The undealt cards"),
    ("misdeal", "A card shown while dealing"),
    ("bidding", "Bidding"),
    ("declaration", "Declaring trump"),
    ("first_lead", "The first lead"),
    ("follow_suit", "Following suit and taking tricks"),
    ("rover_play", "When the 0/0 may be played"),
    ("after_rover", "After the 0/0 is played"),
    ("rover_power", "The Rover's power"),
    ("no_trump", "No Trump"),
    ("ss_no_trump", "The S/S in No Trump"),
    ("rover_no_trump", "The 0/0 in No Trump"),
    ("zero_trump", "The 0/0 named as trump"),
    ("points", "What scores"),
    ("made", "Scoring a made bid"),
    ("set", "Scoring a set"),
    ("game", "Game and ties"),
    ("options", "Options"),
)
DIMENSION_KEYS = tuple(k for k, _ in DIMENSIONS)
#: The dimensions around the play: they change neither how a deal is played nor what it scores (a
#: card shown while dealing, when a game ends and how a tie is settled, the optional rules on offer),
#: so where rulesets are compared they come after the rules of play.
AROUND_PLAY: tuple[str, ...] = ("misdeal", "game", "options")


@dataclass(frozen=True)
class Ruleset:
    """One surveyed ruleset, as validated, frozen data."""

    id: str
    name: str
    short_name: str
    family: str  # "Single", "Double" or "Triple"
    year: str
    sources: tuple[str, ...]
    aliases: tuple[str, ...]
    summary: str
    pack: Rule[str]
    formats: Rule[tuple[Format, ...]]
    undealt: Rule[Undealt]
    misdeal: Rule[Misdeal]
    bidding: Rule[Bidding]
    declaration: Rule[Declaration]
    first_lead: Rule[FirstLead]
    follow_suit: Rule[Revoke]
    rover_play: Rule[RoverPlay]
    after_rover: Rule[AfterRover]
    rover_power: Rule[RoverPower]
    no_trump: Rule[bool]
    ss_no_trump: Rule[SSNoTrump]
    rover_no_trump: Rule[RoverNoTrump]
    zero_trump: Rule[bool]
    points: Rule[Points]
    made: Rule[Made]
    set: Rule[SetPenalty]
    game: Rule[GameEnd]
    options: Rule[tuple[Option, ...]]
    conduct: Conduct
    option_applied: tuple[str, ...] = field(default=())
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # Worked out once: rulesets key the engine's caches, and hashing every rule each time is slow.
        return self._hash

    def __post_init__(self) -> None:
        for key, _ in DIMENSIONS:
            if not isinstance(getattr(self, key), Rule):
                raise TypeError(f"{self.id}: {key} must be a Rule")
        if not isinstance(self.conduct, Conduct):
            raise TypeError(f"{self.id}: conduct must be a Conduct")
        if self.pack.value not in PACKS:
            raise ValueError(f"{self.id}: unknown pack {self.pack.value!r}")
        for src in self.sources:
            if src not in SOURCES:
                raise ValueError(f"{self.id}: unknown source {src!r}")
        pack = PACKS[self.pack.value]
        if not self.formats.value:
            raise ValueError(f"{self.id}: no formats")
        ids = [f.id for f in self.formats.value]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: duplicate format ids")
        for fmt in self.formats.value:
            fmt.check(pack)
        if not pack.has_ss and self.ss_no_trump.value is not SSNoTrump.NOT_APPLICABLE:
            raise ValueError(f"{self.id}: the {pack.name} pack has no S/S, so ss_no_trump must be n/a")
        if not self.no_trump.value:
            if self.ss_no_trump.value is not SSNoTrump.NOT_APPLICABLE:
                raise ValueError(f"{self.id}: no No Trump, so ss_no_trump must be n/a")
            if self.rover_no_trump.value is not RoverNoTrump.NOT_APPLICABLE:
                raise ValueError(f"{self.id}: no No Trump, so rover_no_trump must be n/a")
        elif self.rover_no_trump.value is RoverNoTrump.NOT_APPLICABLE:
            raise ValueError(f"{self.id}: No Trump is allowed, so rover_no_trump must be decided")
        elif pack.has_ss and self.ss_no_trump.value is SSNoTrump.NOT_APPLICABLE:
            raise ValueError(f"{self.id}: No Trump with an S/S needs an ss_no_trump rule")
        if self.bidding.value.minimum < 1:
            raise ValueError(f"{self.id}: the minimum bid must be at least 1")
        option_ids = [o.id for o in self.options.value]
        if len(set(option_ids)) != len(option_ids):
            raise ValueError(f"{self.id}: duplicate option ids")
        names = {f.name for f in fields(self)}
        for option in self.options.value:
            for key, rule in option.overrides:
                if key not in names or key in {"id", "options", "option_applied"}:
                    raise ValueError(f"{self.id}: option {option.id} overrides unknown field {key!r}")
                if not isinstance(rule, Rule):
                    raise TypeError(f"{self.id}: option {option.id} must override with a Rule")
            unknown = set(option.formats) - {f.id for f in self.formats.value}
            if unknown:
                raise ValueError(f"{self.id}: option {option.id} names unknown format(s) {sorted(unknown)}")
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare)))

    # --- derived facts -------------------------------------------------------------------------

    @property
    def deck(self) -> Pack:
        """The pack this ruleset is played with."""
        return PACKS[self.pack.value]

    def format(self, format_id: str | None = None) -> Format:
        """A format by id; without one, the ruleset's main (first listed) format."""
        if format_id is None:
            return self.formats.value[0]
        for fmt in self.formats.value:
            if fmt.id == format_id:
                return fmt
        known = ", ".join(f.id for f in self.formats.value)
        shown = excerpt(str(format_id))
        limited = [o for o in self.options.value if o.id in self.option_applied and o.formats]
        if limited:
            which = "; ".join(f"the option {o.id} is written for {', '.join(o.formats)} only" for o in limited)
            raise RulesError(f"{self.short_name} has no format '{shown}' here: {which}; the formats with it are: "
                             f"{known}", field="format")
        raise RulesError(f"{self.short_name} has no format '{shown}'; its formats are: {known}", field="format")

    def partnership_format(self) -> Format:
        """The two-sided game (the first format with two teams), else the main format."""
        for fmt in self.formats.value:
            if len(fmt.teams) == 2:
                return fmt
        return self.formats.value[0]

    @property
    def max_players(self) -> int:
        """The most players any of the ruleset's formats seats."""
        return max(f.players for f in self.formats.value)

    def trumps(self, format_id: str | None = None) -> tuple[Trump, ...]:
        """The trumps a high bidder may name: the one place every part of the project asks.

        A suit may be named when a card of it is in play (the S/S aside, which belongs to no suit
        of its own): a format that takes a suit's cards out of the pack takes that trump away too.
        The 0/0 may be named where the ruleset allows it and the format keeps the 0/0; No Trump
        where the ruleset has it. With a format, its cards decide; without one, a trump of any of
        the ruleset's formats counts (the trick resolver and legal plays ask this way). The order
        is the numbered suits from low to high, then the 0/0, then No Trump.

        >>> from somerset import get_ruleset
        >>> triple = get_ruleset("triple-2009")
        >>> [str(t) for t in triple.trumps("five-single")]
        ['4', '5', '6', '7', '8', '9', '10', '11', '12', '0', 'nt']
        >>> [str(t) for t in get_ruleset("hodges-1903").trumps("three-without-00")]
        ['1', '2', '3', '4', '5', '6']
        """
        return _trumps(self, format_id)

    def trump_problem(self, trump: Trump, format_id: str | None = None) -> str | None:
        """Why ``trump`` may not be named under this ruleset (and format), or None if it may."""
        if trump in self.trumps(format_id):
            return None
        pack = self.deck
        if trump.is_no_trump:
            return f"{self.short_name} has no No Trump declaration ({self.no_trump.summary})"
        if trump.suit not in pack.suits:
            return f"/{trump.suit} is not a suit of the {pack.name} pack used by {self.short_name} ({pack.describe_suits()})"
        if trump.is_zero and not self.zero_trump.value:
            return f"{self.short_name} does not allow the 0/0 to be named trump"
        fmt = self.format(format_id)
        card = "the 0/0" if trump.is_zero else f"a card of the /{trump.suit} suit"
        removed = ", ".join(fmt.removed) or "no card"
        return (f"{fmt.label} of {self.short_name} is played without {card} (it removes {removed}), "
                f"so {trump.label} cannot be trump")

    def rule(self, key: str) -> Rule[Any]:
        """The rule of dimension ``key`` (one of :data:`DIMENSIONS`), or a conduct rule (:data:`CONDUCT`)."""
        if key in CONDUCT_KEYS:
            conduct: Rule[Any] = getattr(self.conduct, key)
            return conduct
        if key not in DIMENSION_KEYS:
            raise KeyError(key)
        value: Rule[Any] = getattr(self, key)
        return value

    def interpretations(self) -> list[tuple[str, str]]:
        """Every point where the engine decided: (dimension key, the decision and reason)."""
        out: list[tuple[str, str]] = []
        for key, _ in DIMENSIONS:
            rule = self.rule(key)
            if rule.interpretation:
                out.append((key, rule.interpretation))
        for fmt in self.formats.value:
            if fmt.interpretation:
                out.append(("formats", f"{fmt.label}: {fmt.interpretation}"))
        for option in self.options.value:
            if option.interpretation:
                out.append(("options", f"{option.name}: {option.interpretation}"))
        if self.deck.count_assumed:
            out.append(("pack", self.deck.count_note))
        return out

    def with_option(self, option_id: str) -> Ruleset:
        """This ruleset with one of its optional rules applied.

        Options that contradict each other are refused: two that change the same rule (the later
        would silently undo the earlier), or one that changes the bidding together with one under
        which trump is drawn and nobody bids."""
        for option in self.options.value:
            if option.id == option_id:
                applied = [o for o in self.options.value if o.id in self.option_applied]
                keys = {k for k, _ in option.overrides}
                for other in applied:
                    shared = [heading for key, heading in DIMENSIONS
                              if key in keys and key in {k for k, _ in other.overrides}]
                    if shared:
                        raise RulesError(f"the options {other.id} and {option_id} both change the rule on "
                                         f"{shared[0].lower()}: choose one of them", field="option")
                together = [*applied, option]
                drawn = next((o for o in together for k, r in o.overrides
                              if k == "declaration" and r.value is Declaration.DRAWN), None)
                bidding = next((o for o in together if "bidding" in {k for k, _ in o.overrides}), None)
                if drawn is not None and bidding is not None:
                    raise RulesError(f"the option {bidding.id} changes the bidding, but under {drawn.id} trump is "
                                     "drawn and nobody bids: choose one of them", field="option")
                changes: dict[str, Any] = dict(option.overrides)
                if option.formats:  # an option written for some formats takes the others away
                    formats = changes.get("formats", self.formats)
                    kept = tuple(f for f in formats.value if f.id in option.formats)
                    changes["formats"] = replace(formats, value=kept)
                return replace(self, option_applied=self.option_applied + (option_id,), **changes)
        known = ", ".join(o.id for o in self.options.value) or "none"
        raise RulesError(f"{self.short_name} has no option '{excerpt(str(option_id))}'; its options are: {known}", field="option")


@lru_cache(maxsize=256)
def _trumps(ruleset: Ruleset, format_id: str | None) -> tuple[Trump, ...]:
    pack = ruleset.deck
    formats = [ruleset.format(format_id)] if format_id is not None else list(ruleset.formats.value)
    in_play: set[Card] = set()
    for fmt in formats:
        removed = set(fmt.removed_cards(pack))
        in_play.update(c for c in pack.cards if c not in removed)
    suits = {c.suit for c in in_play if not c.is_ss}
    out = [Trump(s) for s in pack.suits if s != 0 and s in suits]
    if ruleset.zero_trump.value and 0 in suits:
        out.append(Trump(0))
    if ruleset.no_trump.value:
        out.append(NO_TRUMP)
    return tuple(out)
