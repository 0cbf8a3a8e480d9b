"""A position to solve: every remaining card known, the trump, whose lead, the trick so far.

A :class:`Position` is built from hands (:func:`position`) or read off a deal in its play phase
(:func:`position_of_deal`, which a record's ``replay()`` gives), and checked when made: the cards,
the hand sizes, the drawing pile, the face-up cards, and every card of the trick so far a legal
play (:func:`opening_rule_applies` for a first trick's lead). Bad input raises
:class:`PositionError` naming what is wrong and what is accepted. What is checked, in full:
develop/architecture.md, "Inside the solver".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..rules.cards import Card, NotationError, Trump, parse_cards, parse_trump
from ..rules.errors import RulesError
from ..rules.kitty import undealt_kind
from ..rules.play import check_trump, legal_plays
from ..rules.dimensions import Declaration, Format, PileKind, Ruleset, UndealtKind

__all__ = ["Position", "PositionError", "position", "position_of_deal"]


class PositionError(ValueError):
    """A position that cannot be solved as given; the message says what is wrong and what is accepted.

    ``field`` names the part of the position at fault where the check knows it (``"trick"``)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def opening_rule_applies(ruleset: Ruleset, first_trick: bool) -> bool:
    """Whether the lead to a first trick is bound by the bidder's opening-lead rule, as in a deal:
    it is, unless trump was drawn from the pack (then nobody bid, and the first lead is free)."""
    return first_trick and ruleset.declaration.value is not Declaration.DRAWN


@dataclass(frozen=True)
class Position:
    """Everything the solver needs, and nothing hidden.

    ``hands[s]`` is seat ``s``'s hand; ``leader`` led ``trick`` (the cards played so far to the
    trick in progress, in order); ``pile`` is the drawing pile from the top (two- and
    three-handed formats: after each trick the winner draws first, then the others in turn);
    ``face_up`` are undealt cards still waiting for the winner of the first trick;
    ``first_trick`` says no trick has been taken yet (the bidder's opening-lead rule applies to
    an empty first trick); ``taken`` is what each seat has taken so far (for the totals only);
    ``side`` the seats whose points are counted, playing against all the others.
    """

    ruleset: Ruleset
    format: Format
    trump: Trump
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    face_up: tuple[Card, ...] = ()
    first_trick: bool = False
    taken: tuple[int, ...] = ()
    side: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        """How many seats the format has."""
        return self.format.players

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def first_lead(self) -> bool:
        """Whether the bidder's opening-lead rule applies to this lead (the engine's reading)."""
        return not self.trick and opening_rule_applies(self.ruleset, self.first_trick)

    @property
    def bonus(self) -> int:
        """Points that go with the first trick to its winner (the face-up cards' count)."""
        if not self.first_trick or not self.ruleset.points.value.count_cards:
            return 0
        return sum(self.ruleset.deck.count_value(c) for c in self.face_up)

    @property
    def cards_left(self) -> int:
        """Cards still to be played by each seat, the trick in progress included."""
        return sum(len(h) for h in self.hands) + len(self.trick) + len(self.pile)

    def team_seats(self, seat: int) -> tuple[int, ...]:
        """The seats on the same side as ``seat`` (``seat`` included)."""
        return tuple(self.format.teams[self.format.team_of(seat)])

    def to_json(self) -> dict[str, Any]:
        """The position as the API writes it (ruleset, trump, hands, trick, pile, points taken)."""
        return {
            "rules": self.ruleset.id,
            "options": list(self.ruleset.option_applied),
            "format": self.format.id,
            "trump": str(self.trump),
            "hands": [[str(c) for c in h] for h in self.hands],
            "leader": self.leader,
            "trick": [str(c) for c in self.trick],
            "pile": [str(c) for c in self.pile],
            "face_up": [str(c) for c in self.face_up],
            "first_trick": self.first_trick,
            "taken": list(self.taken),
            "side": list(self.side),
            "to_move": self.to_move,
        }


def _seat(value: object, players: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def position(ruleset: Ruleset, trump: Trump | str, hands: Sequence[Sequence[Card] | str], leader: int,
             trick: Sequence[Card] | str = (), *, format_id: str | None = None, pile: Sequence[Card] | str = (),
             face_up: Sequence[Card] | str = (), first_trick: bool = False, taken: Sequence[int] = (),
             side: Sequence[int] | None = None) -> Position:
    """A checked position. Cards may be given as text (``"4/8 0/0 S/S"``) or as :class:`Card` values.

    ``format_id`` defaults to the ruleset's first format with as many seats as ``hands``.
    ``side`` defaults to the team of the seat to move.
    """
    pack = ruleset.deck
    fmt = _format(ruleset, format_id, len(hands))
    players = fmt.players
    if isinstance(trump, str):
        try:
            trump = parse_trump(trump, pack)
        except NotationError as e:
            raise PositionError(f"trump: {e}") from e
    try:
        check_trump(ruleset, trump)
    except RulesError as e:
        raise PositionError(f"trump: {e}") from e

    def cards(value: Sequence[Card] | str, what: str) -> tuple[Card, ...]:
        if isinstance(value, str):
            try:
                return parse_cards(value, pack, what=what)
            except NotationError as e:
                raise PositionError(f"{what}: {e}") from e
        out = tuple(value)
        for c in out:
            if not isinstance(c, Card):
                raise PositionError(f"{what}: {c!r} is not a card")
        return out

    hand_cards = tuple(cards(h, f"hand {s}") for s, h in enumerate(hands))
    trick_cards = cards(trick, "trick")
    pile_cards = cards(pile, "pile")
    face_cards = cards(face_up, "face-up cards")
    leader = _seat(leader, players, "the leader")
    seen: dict[Card, str] = {}
    removed = set(fmt.removed_cards(pack))
    groups = [(f"hand {s}", h) for s, h in enumerate(hand_cards)]
    groups += [("trick", trick_cards), ("pile", pile_cards), ("face-up cards", face_cards)]
    for what, group in groups:
        for c in group:
            if c not in pack:
                raise PositionError(f"{what}: {c} is not in the {pack.name} pack ({pack.describe_suits()})")
            if c in removed:
                raise PositionError(f"{what}: {c} is taken out of the pack in the {fmt.label} format")
            if c in seen:
                where = f"twice in the {what}" if seen[c] == what else f"in the {seen[c]} and in the {what}"
                raise PositionError(f"{c} is given {where}: each card exists once")
            seen[c] = what
    if len(trick_cards) >= players:
        raise PositionError(f"the trick so far has {len(trick_cards)} cards; with {players} players a trick in "
                            f"progress has at most {players - 1} (a full trick is already taken)")
    sizes = [len(h) for h in hand_cards]
    played = {(leader + k) % players for k in range(len(trick_cards))}
    full = [sizes[s] + (1 if s in played else 0) for s in range(players)]
    if len(set(full)) != 1 or full[0] == 0:
        shown = ", ".join(f"seat {s}: {sizes[s]}" for s in range(players))
        raise PositionError(f"the hands must hold the same number of cards, one fewer for each seat that has "
                            f"played to the trick so far ({shown}; {len(trick_cards)} played, from seat {leader})")
    if pile_cards:
        if fmt.pile is PileKind.NONE:
            raise PositionError(f"the {fmt.label} format has no drawing pile")
        if len(pile_cards) % players:
            raise PositionError(f"the drawing pile holds {len(pile_cards)} cards; it must share out evenly, "
                                f"{players} cards after each trick")
    if face_cards and not first_trick:
        raise PositionError("face-up cards go with the first trick: give them only for a position in the first trick")
    if face_cards:
        most = fmt.face_up_from_pile if fmt.pile is not PileKind.NONE else \
            fmt.undealt if undealt_kind(ruleset, fmt.id) is UndealtKind.FACE_UP else 0
        if len(face_cards) > most:
            given = f"{len(face_cards)} face-up card{'' if len(face_cards) == 1 else 's'}"
            sets = f"{most} card{'' if most == 1 else 's'}" if most else "no card"
            raise PositionError(f"{given} given, but the {fmt.label} format of {ruleset.short_name} sets {sets} face "
                                "up for the first trick's winner", "face_up")
    taken_t = tuple(taken) if taken else (0,) * players
    if len(taken_t) != players or not all(isinstance(p, int) and not isinstance(p, bool) for p in taken_t):
        raise PositionError(f"the points taken must be {players} whole numbers, one for each seat")
    to_move = (leader + len(trick_cards)) % players
    if side is None or not len(side):
        side_t = tuple(fmt.teams[fmt.team_of(to_move)])
    else:
        side_t = tuple(sorted({_seat(s, players, "a seat of the side") for s in side}))
        if len(side_t) == players:
            raise PositionError("the side cannot hold every seat: someone must play against it")
    _check_trick(ruleset, trump, hand_cards, leader, trick_cards, first_trick, players)
    return Position(ruleset, fmt, trump, hand_cards, leader, trick_cards, pile_cards, face_cards, first_trick,
                    taken_t, side_t)


def _check_trick(ruleset: Ruleset, trump: Trump, hands: Sequence[Sequence[Card]], leader: int,
                 trick: Sequence[Card], first_trick: bool, players: int) -> None:
    """Every card of the trick so far was a legal play when it was played, by the engine's own rules
    (:func:`legal_plays`): the seat then held its hand now and that card."""
    for k, card in enumerate(trick):
        seat = (leader + k) % players
        held = (*hands[seat], card)
        opening = k == 0 and opening_rule_applies(ruleset, first_trick)
        plays = legal_plays(ruleset, trump, held, trick[:k], first_trick=opening)
        if card in plays.legal:
            continue
        why = next(p for p in plays.illegal if p.card == card)  # legal_plays gives every other card a reason
        if k == 0:
            what = f"seat {seat} led {card}" + (" to the first trick" if first_trick else "")
        else:
            rest = " ".join(str(c) for c in hands[seat])
            what = (f"seat {seat} played {card} after {' '.join(str(c) for c in trick[:k])}"
                    + (f" with {rest} still in hand" if rest else ""))
        raise PositionError(f"the trick so far breaks a rule: {what}. {why.reason} [{why.citation.label}]", "trick")


def _format(ruleset: Ruleset, format_id: str | None, seats: int) -> Format:
    if format_id is not None:
        try:
            fmt = ruleset.format(format_id)
        except ValueError as e:
            raise PositionError(str(e)) from e
        if fmt.players != seats:
            raise PositionError(f"the {fmt.label} format ({fmt.id}) has {fmt.players} seats, but {seats} hands "
                                "were given")
        return fmt
    for fmt in ruleset.formats.value:
        if fmt.players == seats:
            return fmt
    counts = sorted({f.players for f in ruleset.formats.value})
    raise PositionError(f"{ruleset.id} is played by {', '.join(map(str, counts))} players, not {seats}: "
                        "give one hand for each seat")


def position_of_deal(deal: Any, side: Sequence[int] | None = None) -> Position:
    """The position of a :class:`somerset.game.deal.Deal` in its play phase (trump decided)."""
    if deal.phase.value != "play":
        where = "over" if deal.is_terminal() else f"in its {deal.phase.value} phase"
        raise PositionError(f"the deal is {where}: a position to solve comes from the play, once trump is known")
    if deal.trump is None:
        raise PositionError("trump is not known yet: the bidder's first card will declare it; "
                            "solve the position after the first card is led")
    cards = deal.pack.cards
    first = not deal.tricks
    pile = tuple(cards[i] for i in deal.pile)
    face = tuple(cards[i] for i in deal.face_up) if first else ()
    return position(deal.ruleset, deal.trump, [deal.hand(s) for s in range(deal.players)], deal.leader,
                    deal.current_trick, format_id=deal.format.id, pile=pile, face_up=face, first_trick=first,
                    taken=deal.points(), side=side)
