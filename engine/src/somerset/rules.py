"""The shape of a ruleset: every rule dimension as a cited, frozen value.

A :class:`Ruleset` is data. The engine (``play``, ``scoring``, ``bidding``, ``game``) reads these
values; rulesets that share a rule share the code for it and differ only in data.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, Generic, TypeVar

from .cards import PACKS, Card, Pack, parse_card
from .limits import excerpt
from .sources import Citation

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
        return self.citations[0]


class UndealtKind(StrEnum):
    NONE = "none"
    FACE_UP = "face-up"  # taken with the first trick by its winner
    KITTY = "kitty"  # to the high bidder, who exchanges


class KittyExchange(StrEnum):
    NONE = "none"
    ANY = "any"  # take the undealt cards, discard as many, no restriction
    NO_RED_NO_TRUMP = "no-red-no-trump"  # discards may be neither count cards nor of the trump to be named
    COUNT_RAISES_BID = "count-raises-bid"  # a discarded count card raises the bid by its value, still counts


@dataclass(frozen=True)
class Undealt:
    kind: UndealtKind
    exchange: KittyExchange = KittyExchange.NONE


class AuctionStyle(StrEnum):
    AUCTION = "auction"  # bidding goes round until all others pass; a pass does not end your bidding
    ONE_ROUND = "one-round"  # each player bids once in turn; the highest bid wins


class AllPass(StrEnum):
    REDEAL = "redeal"  # the hand is not played; the deal passes to the left
    DEALER_FORCED = "dealer-forced"  # the dealer must take the bid at the minimum


@dataclass(frozen=True)
class Bidding:
    style: AuctionStyle
    minimum: int = 1
    all_pass: AllPass = AllPass.REDEAL


class Declaration(StrEnum):
    NAMED = "named"  # the high bidder names trump after the auction
    FIRST_LEAD = "first-lead"  # the suit of the bidder's first card led is trump
    DRAWN = "drawn"  # a card is drawn and its suit is trump (Hodges' game without bidding)


class FirstLead(StrEnum):
    TRUMP = "trump"  # the bidder must lead a trump to the first trick
    ANY = "any"


class Revoke(StrEnum):
    UNSTATED = "unstated"
    WITHDRAW_OR_TWO = "withdraw-or-two"  # exchange the card if found in time, or 2 points penalty
    WITHDRAW_OR_AGREED = "withdraw-or-agreed"  # withdraw if found in time, penalty as players decide


class RoverPlay(StrEnum):
    WHEN_VOID = "when-void"  # the 0/0 is played only when the player cannot follow suit (or leads it)
    ANY_TIME = "any-time"  # the 0/0 may be played at any time, even holding the suit led


class AfterRover(StrEnum):
    FOLLOW = "follow"  # after the 0/0 the others must still follow suit
    BREAK_FOR_DOUBLE = "break-for-double"  # after the 0/0 a player holding the suit led may play a double


class RoverPower(StrEnum):
    ALL_DOUBLES = "all-doubles"  # every double in the trick counts as trump; highest double wins
    LATER_DOUBLES = "later-doubles"  # only doubles played after the 0/0 take it (boardgamegeek)


class SSNoTrump(StrEnum):
    NOT_APPLICABLE = "n/a"
    DISCARD_ANY_TIME = "discard-any-time"  # S/S may be discarded on any trick; led, the next card sets the suit


class RoverNoTrump(StrEnum):
    NOT_APPLICABLE = "n/a"
    WINS_WHEN_LED = "wins-when-led"  # no Rover power; as the only /0 card it wins when led
    KEEPS_POWER = "keeps-power"  # plays as in a trump hand


class Made(StrEnum):
    BIDDER_ONLY = "bidder-only"  # the bidder's side scores what it made; the opponents nothing
    BOTH_SIDES = "both-sides"  # each side scores the points it took


class SetPenalty(StrEnum):
    DOUBLE = "double"  # bidder loses twice the shortfall; opponents score twice their points
    BID = "bid"  # bidder loses the amount bid; opponents score their points


class Tie(StrEnum):
    FIRST_TO_TARGET = "first-to-target"
    HIGHER_WINS_REPLAY_TIE = "higher-wins-replay-tie"  # both past the target in one deal: higher wins; tie, another deal


@dataclass(frozen=True)
class GameEnd:
    target: int
    tie: Tie = Tie.FIRST_TO_TARGET
    win_by_setting: bool = True  # False: a side can reach the target only by making a bid


@dataclass(frozen=True)
class Points:
    per_trick: int = 1
    count_cards: bool = True


class PileKind(StrEnum):
    NONE = "none"
    FACE_DOWN = "face-down"  # drawing pile face down; trick winner draws first
    FACE_UP = "face-up"  # reserve face up; trick winner takes the top card


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
        return len(self.teams[0]) > 1

    def team_of(self, seat: int) -> int:
        for i, team in enumerate(self.teams):
            if seat in team:
                return i
        raise ValueError(f"seat {seat} is not at the table")

    def removed_cards(self, pack: Pack) -> tuple[Card, ...]:
        return tuple(parse_card(c, pack) for c in self.removed)

    def tricks(self, pack: Pack) -> int:
        """Tricks in a deal: one card from each hand per trick, drawing pile included."""
        if self.pile is PileKind.NONE:
            return self.hand_size
        in_play = len(pack) - len(self.removed) - self.face_up_from_pile
        return in_play // self.players

    def computed_points(self, pack: Pack) -> int:
        removed = set(self.removed_cards(pack))
        counts = sum(c.value for c in pack.counts if c.card not in removed)
        return self.tricks(pack) + counts

    def check(self, pack: Pack) -> None:
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


# The rule dimensions, in the order the site shows them, with a heading for each.
DIMENSIONS: tuple[tuple[str, str], ...] = (
    ("pack", "Pack and count cards"),
    ("formats", "Players and formats"),
    ("undealt", "The undealt cards"),
    ("bidding", "Bidding"),
    ("declaration", "Declaring trump"),
    ("first_lead", "The first lead"),
    ("follow_suit", "Following suit"),
    ("rover_play", "When the 0/0 may be played"),
    ("after_rover", "After the 0/0 is played"),
    ("trick", "Winning a trick"),
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
    bidding: Rule[Bidding]
    declaration: Rule[Declaration]
    first_lead: Rule[FirstLead]
    follow_suit: Rule[Revoke]
    rover_play: Rule[RoverPlay]
    after_rover: Rule[AfterRover]
    trick: Rule[str]
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
    option_applied: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        from .sources import SOURCES

        for key, _ in DIMENSIONS:
            if not isinstance(getattr(self, key), Rule):
                raise TypeError(f"{self.id}: {key} must be a Rule")
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

    # --- derived facts -------------------------------------------------------------------------

    @property
    def deck(self) -> Pack:
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
            raise ValueError(f"{self.id} has no format '{shown}' here: {which}; the formats with it are: {known}")
        raise ValueError(f"{self.id} has no format '{shown}'; its formats are: {known}")

    def partnership_format(self) -> Format:
        for fmt in self.formats.value:
            if len(fmt.teams) == 2:
                return fmt
        return self.formats.value[0]

    @property
    def max_players(self) -> int:
        return max(f.players for f in self.formats.value)

    def rule(self, key: str) -> Rule[Any]:
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
                        raise ValueError(f"the options {other.id} and {option_id} both change the rule on "
                                         f"{shared[0].lower()}: choose one of them")
                together = [*applied, option]
                drawn = next((o for o in together for k, r in o.overrides
                              if k == "declaration" and r.value is Declaration.DRAWN), None)
                bidding = next((o for o in together if "bidding" in {k for k, _ in o.overrides}), None)
                if drawn is not None and bidding is not None:
                    raise ValueError(f"the option {bidding.id} changes the bidding, but under {drawn.id} trump is "
                                     "drawn and nobody bids: choose one of them")
                changes: dict[str, Any] = dict(option.overrides)
                if option.formats:  # an option written for some formats takes the others away
                    formats = changes.get("formats", self.formats)
                    kept = tuple(f for f in formats.value if f.id in option.formats)
                    changes["formats"] = replace(formats, value=kept)
                return replace(self, option_applied=self.option_applied + (option_id,), **changes)
        known = ", ".join(o.id for o in self.options.value) or "none"
        raise ValueError(f"{self.id} has no option '{excerpt(str(option_id))}'; its options are: {known}")
