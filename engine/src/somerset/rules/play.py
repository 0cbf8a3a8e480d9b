"""Legal plays and trick verdicts under any ruleset.

One set of functions serves every ruleset: what differs between rulesets is read from the
ruleset's data (``rover_play``, ``after_rover``, ``rover_power``, ``ss_no_trump``,
``rover_no_trump``, ``first_lead``, ``declaration``). :func:`legal_plays` gives a hand's legal
cards, :func:`trick_verdict` a trick's winner, :func:`why_not_winner` why a card does not take it,
and :func:`trick_conditions` what the trick alone cannot show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .cards import Card, Pack, Trump
from .errors import RulesError
from .dimensions import AfterRover, Rule, Declaration, FirstLead, RoverNoTrump, RoverPlay, RoverPower, Ruleset, SSNoTrump
from .penalties import revoke_outcome
from .sources import Citation

__all__ = [
    "RulesError",
    "IllegalPlay",
    "LegalPlays",
    "Verdict",
    "check_trump",
    "legal_plays",
    "trick_verdict",
    "why_not_winner",
    "led_suit",
    "rover_active",
    "Condition",
    "trick_conditions",
]


@dataclass(frozen=True, slots=True)
class IllegalPlay:
    """A card that may not be played, why, and the rule that says so."""

    card: Card
    reason: str
    citation: Citation

    def to_json(self) -> dict[str, object]:
        """The illegal card, why, and the rule's citation, as JSON."""
        return {"card": str(self.card), "reason": self.reason, "citation": self.citation.to_json()}


@dataclass(frozen=True, slots=True)
class LegalPlays:
    """The cards of a hand that may be played, and each other card with why not."""

    legal: tuple[Card, ...]
    illegal: tuple[IllegalPlay, ...]
    note: str | None = None  # an interpretation that decided this answer

    def to_json(self) -> dict[str, object]:
        """The legal cards, each illegal card with its reason, and any interpretation, as JSON."""
        return {
            "legal": [str(c) for c in self.legal],
            "illegal": [i.to_json() for i in self.illegal],
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who won a trick and why."""

    winner: int  # position in the trick, 0 = the lead
    card: Card
    rule: str  # highest-trump, rover-doubles, rover-alone, rover-later-double, suit-led, rover-led-no-trump
    reason: str
    citation: Citation
    interpretation: str | None = None


def _suit_words(suit: int) -> str:
    return f"the /{suit} suit"


def check_trump(ruleset: Ruleset, trump: Trump, format_id: str | None = None) -> None:
    """Raise :class:`RulesError` if ``trump`` may not be named (see :meth:`Ruleset.trumps`).

    >>> from somerset import get_ruleset, parse_trump
    >>> check_trump(get_ruleset("double-1913"), parse_trump("nt"))
    Traceback (most recent call last):
    ...
    somerset.rules.errors.RulesError: Hodges 1913 has no No Trump declaration (The 1913 text has no No Trump declaration.)
    """
    problem = ruleset.trump_problem(trump, format_id)
    if problem is not None:
        raise RulesError(problem, field="trump")


def _check_cards(pack: Pack, groups: Iterable[tuple[str, str, Sequence[Card]]]) -> None:
    """Each group is (argument name, what to call it, cards): every card in the pack, none twice."""
    seen: dict[Card, str] = {}
    for field, what, cards in groups:
        for card in cards:
            if card not in pack:
                raise RulesError(f"{card} is not in the {pack.name} pack ({pack.describe_suits()})", field=field)
            if card in seen:
                where = "twice in the " + what if seen[card] == what else f"both in the {seen[card]} and in the {what}"
                raise RulesError(f"{card} appears {where}: each card exists once", field=field)
            seen[card] = what


def rover_active(ruleset: Ruleset, trump: Trump) -> bool:
    """Whether the 0/0 has its Rover power under this trump."""
    if trump.is_zero:
        return False
    if trump.is_no_trump:
        return ruleset.rover_no_trump.value is RoverNoTrump.KEEPS_POWER
    return True


def led_suit(trick: Sequence[Card], trump: Trump) -> int | None:
    """The suit that must be followed, or None when any card may be played.

    A led S/S belongs to the trump suit; in No Trump the next card played sets the suit.
    """
    if not trick:
        return None
    lead = trick[0]
    if lead.is_ss:
        if trump.suit is None:
            return trick[1].suit if len(trick) > 1 else None
        return trump.suit
    return lead.suit


def _follows(card: Card, suit: int, trump: Trump) -> bool:
    if card.is_ss:
        return trump.suit is not None and trump.suit == suit
    return card.suit == suit


def legal_plays(
    ruleset: Ruleset,
    trump: Trump,
    hand: Sequence[Card],
    trick: Sequence[Card] = (),
    *,
    first_trick: bool = False,
) -> LegalPlays:
    """The cards of ``hand`` that may be played to ``trick``, and why each other card may not.

    With an empty trick the player is leading; ``first_trick`` marks the bidder's opening lead.

    >>> from somerset import get_ruleset, parse_cards, parse_trump
    >>> res = legal_plays(get_ruleset("parker"), parse_trump("8"), parse_cards("S/S 0/0 4/10"), parse_cards("2/8"))
    >>> [str(c) for c in res.legal], str(res.illegal[0].card)
    (['S/S'], '0/0')
    """
    check_trump(ruleset, trump)
    pack = ruleset.deck
    _check_cards(pack, (("hand", "hand", hand), ("trick", "trick", trick)))
    if not hand:
        raise RulesError("the hand is empty: there is nothing to play", field="hand")
    if len(trick) >= ruleset.max_players:
        raise RulesError(f"the trick already has {len(trick)} cards, the most players {ruleset.short_name} allows at "
                         "one table", field="trick")
    if not trick:
        return _legal_leads(ruleset, trump, hand, first_trick)
    suit = led_suit(trick, trump)
    if suit is None:
        return LegalPlays(tuple(hand), ())
    holding = [c for c in hand if _follows(c, suit, trump)]
    if not holding:
        return LegalPlays(tuple(hand), ())
    rover_in_trick = any(c.is_rover for c in trick) and rover_active(ruleset, trump)
    legal: list[Card] = []
    illegal: list[IllegalPlay] = []
    note: str | None = None
    held = ", ".join(str(c) for c in holding)
    suit_text = "trumps" if suit == trump.suit else _suit_words(suit)
    for card in hand:
        if _follows(card, suit, trump):
            legal.append(card)
            continue
        if card.is_ss and trump.is_no_trump and ruleset.ss_no_trump.value is SSNoTrump.DISCARD_ANY_TIME:
            legal.append(card)
            continue
        if card.is_rover and not trump.is_zero and ruleset.rover_play.value is RoverPlay.ANY_TIME:
            legal.append(card)
            continue
        if card.is_double and rover_in_trick and ruleset.after_rover.value is AfterRover.BREAK_FOR_DOUBLE:
            legal.append(card)
            note = ruleset.after_rover.interpretation
            continue
        illegal.append(_why_not(ruleset, trump, card, suit_text, held, rover_in_trick, suit))
    return LegalPlays(tuple(legal), tuple(illegal), note)


def _why_not(
    ruleset: Ruleset, trump: Trump, card: Card, suit_text: str, held: str, rover_in_trick: bool, suit: int
) -> IllegalPlay:
    if suit == trump.suit and held == "S/S":
        must = "a trump was led and the S/S is your only trump, so you must play it"
    elif suit == trump.suit:
        must = f"a trump was led and you hold {held}, so you must play a trump"
    else:
        must = f"you hold {held} of {suit_text} led, so you must follow suit"
    if card.is_rover:
        return IllegalPlay(
            card,
            f"The 0/0 may be played only when you cannot follow suit under {ruleset.short_name}, and {must}.",
            ruleset.rover_play.citation,
        )
    if card.is_double and rover_in_trick:
        return IllegalPlay(
            card,
            f"{ruleset.short_name} does not let a double break suit after the 0/0: {must}.",
            ruleset.after_rover.citation,
        )
    if card.is_ss and trump.is_no_trump:
        return IllegalPlay(card, f"In No Trump the S/S follows the ordinary rule here: {must}.", ruleset.ss_no_trump.citation)
    if trump.suit is not None and trump.is_trump(card) and suit != trump.suit:
        return IllegalPlay(card, f"{card} is a trump, but a trump may be played only when you cannot follow: {must}.",
                           ruleset.follow_suit.citation)
    return IllegalPlay(card, f"{card} does not follow: {must}.", ruleset.follow_suit.citation)


def _legal_leads(ruleset: Ruleset, trump: Trump, hand: Sequence[Card], first_trick: bool) -> LegalPlays:
    if not first_trick or trump.is_no_trump:
        return LegalPlays(tuple(hand), ())
    first_lead_trump = ruleset.first_lead.value is FirstLead.TRUMP
    by_declaring = ruleset.declaration.value is Declaration.FIRST_LEAD
    if not first_lead_trump:
        return LegalPlays(tuple(hand), ())
    if by_declaring:
        # The lead declares trump: it must be a card of the suit being declared (never the S/S, which has no suit).
        leads = [c for c in hand if not c.is_ss and c.suit == trump.suit]
    else:
        leads = [c for c in hand if trump.is_trump(c)]
    if not leads:
        return LegalPlays(tuple(hand), (), ruleset.first_lead.interpretation or ruleset.declaration.interpretation)
    illegal = []
    for card in hand:
        if card in leads:
            continue
        if by_declaring:
            why = (
                f"The bidder's first card declares trump, so to make {trump.label} trump he must lead a card of it; "
                + ("the S/S has no suit until trump is set." if card.is_ss else f"{card} would declare /{card.suit} instead.")
            )
            illegal.append(IllegalPlay(card, why, ruleset.declaration.citation))
        else:
            illegal.append(
                IllegalPlay(card, f"The bidder must lead a trump ({trump.label}) to the first trick; {card} is not a trump.",
                            ruleset.first_lead.citation)
            )
    return LegalPlays(tuple(leads), tuple(illegal))


def trick_verdict(ruleset: Ruleset, trump: Trump, cards: Sequence[Card]) -> Verdict:
    """Who wins a trick of ``cards`` (in play order, the first is the lead), and the rule that decided.

    >>> from somerset import get_ruleset, parse_cards, parse_trump
    >>> trick_verdict(get_ruleset("parker"), parse_trump("6"), parse_cards("9/12 11/12 0/0 2/2")).rule
    'rover-doubles'
    """
    check_trump(ruleset, trump)
    if not cards:
        raise RulesError("a trick needs at least one card", field="cards")
    if len(cards) > ruleset.max_players:
        raise RulesError(
            f"{len(cards)} cards is more than one trick: {ruleset.short_name} is played by at most "
            f"{ruleset.max_players} players", field="cards"
        )
    _check_cards(ruleset.deck, (("cards", "trick", cards),))
    return _verdict(ruleset, trump, cards)


def _verdict(ruleset: Ruleset, trump: Trump, cards: Sequence[Card]) -> Verdict:
    trumps = [i for i, c in enumerate(cards) if trump.is_trump(c)]
    if trumps:
        best = max(trumps, key=lambda i: cards[i].rank)  # the S/S has rank -1, the lowest trump
        card = cards[best]
        if trump.is_zero and card.is_rover:
            reason = "The 0/0 was named trump, which makes it the highest card in the pack, so it takes the trick."
        elif len(trumps) == 1 and card.is_ss:
            reason = ("The S/S is the only trump played: it is the lowest trump, but a trump still beats every card "
                      "that is not one, so it takes the trick.")
        elif len(trumps) == 1:
            reason = f"{card} is the only trump played ({trump.label}), and any trump beats every other card, so it takes the trick."
        else:
            others = ", ".join(str(cards[i]) for i in trumps if i != best)
            reason = f"{card} is the highest trump played ({trump.label}; also {others}), so it takes the trick."
        return Verdict(best, card, "highest-trump", reason, ruleset.follow_suit.citation)
    rover_at = next((i for i, c in enumerate(cards) if c.is_rover), None)
    if rover_at is not None and rover_active(ruleset, trump):
        nt_note = ruleset.rover_no_trump.interpretation if trump.is_no_trump else None
        if ruleset.rover_power.value is RoverPower.ALL_DOUBLES:
            doubles = [i for i, c in enumerate(cards) if c.is_double]
            best = max(doubles, key=lambda i: cards[i].rank)
            if best == rover_at:
                return Verdict(
                    best, cards[best], "rover-alone",
                    "No trump and no other double was played, so the 0/0 (the Rover) takes the trick itself.",
                    ruleset.rover_power.citation, nt_note,
                )
            return Verdict(
                best, cards[best], "rover-doubles",
                f"No trump was played and the 0/0 was, so every double counts as a trump for this trick; "
                f"{cards[best]} is the highest double and takes it.",
                ruleset.rover_power.citation, nt_note,
            )
        later = [i for i in range(rover_at + 1, len(cards)) if cards[i].is_double]
        if later:
            best = max(later, key=lambda i: cards[i].rank)
            return Verdict(
                best, cards[best], "rover-later-double",
                f"No trump was played; {cards[best]} is the highest double played after the 0/0, and a double "
                "played after the 0/0 takes the trick.",
                ruleset.rover_power.citation, None,
            )
        lead_suit = cards[0].suit
        lead_double = next(
            (i for i, c in enumerate(cards) if c.is_double and c.suit == lead_suit and not c.is_rover), None
        )
        if lead_double is not None:
            return Verdict(
                lead_double, cards[lead_double], "suit-led",
                f"The double of the suit led ({cards[lead_double]}) is in play, so the 0/0 does not take the trick; "
                f"{cards[lead_double]} wins as the highest card of the suit led.",
                ruleset.rover_power.citation, ruleset.rover_power.interpretation,
            )
        before = [str(c) for c in cards[:rover_at] if c.is_double]
        extra = f" ({', '.join(before)} came before it and has no power over it)" if before else ""
        return Verdict(
            rover_at, cards[rover_at], "rover-alone",
            f"No trump was played and no double after the 0/0{extra}, so the 0/0 takes the trick.",
            ruleset.rover_power.citation, ruleset.rover_power.interpretation if before else None,
        )
    suit = led_suit(cards, trump)
    if suit is None:  # only an S/S led in No Trump so far
        return Verdict(0, cards[0], "suit-led",
                       "The S/S was led in No Trump; the next card played will set the suit, and the S/S cannot win.",
                       ruleset.ss_no_trump.citation)
    followers = [i for i, c in enumerate(cards) if _follows(c, suit, trump)]
    best = max(followers, key=lambda i: cards[i].rank)
    card = cards[best]
    if card.is_rover and trump.is_no_trump:
        return Verdict(best, card, "rover-led-no-trump",
                       "In No Trump the 0/0 has no Rover power, but it is the only card of the /0 suit, so it takes "
                       "the trick it leads.", ruleset.rover_no_trump.citation)
    if card.is_rover:
        return Verdict(best, card, "suit-led", "The 0/0 is the only card of its suit, so it takes the trick.",
                       ruleset.follow_suit.citation)
    if cards[0].is_ss:
        return Verdict(best, card, "suit-led",
                       f"The S/S was led in No Trump, so {cards[1]} set the suit; {card} is the highest card of "
                       f"{_suit_words(suit)} and takes the trick.", ruleset.ss_no_trump.citation)
    if len(followers) == 1:
        reason = f"No trump was played and nobody else followed {_suit_words(suit)}, so the lead, {card}, takes the trick."
    else:
        reason = f"No trump was played, so the highest card of the suit led ({_suit_words(suit)}) takes the trick: {card}."
    return Verdict(best, card, "suit-led", reason, ruleset.follow_suit.citation)


def why_not_winner(ruleset: Ruleset, trump: Trump, cards: Sequence[Card], position: int) -> str:
    """Why the card at ``position`` of a trick does not take it: what it lacks against the card that
    does, by the rule that decided (the same rules as :func:`trick_verdict`), then that verdict's reason.

    >>> from somerset import get_ruleset, parse_cards, parse_trump
    >>> why_not_winner(get_ruleset("parker"), parse_trump("2"), parse_cards("8/8 6/8 4/10 0/2"), 0)[:60]
    '8/8 is not a trump (trump: /2 suit), and 0/2 is: any trump b'
    """
    v = trick_verdict(ruleset, trump, cards)
    if not 0 <= position < len(cards):
        raise RulesError(f"position {position} is not in a trick of {len(cards)} cards", field="position")
    card = cards[position]
    if position == v.winner:
        raise RulesError(f"{card} takes this trick", field="position")
    w = v.card
    if v.rule == "highest-trump":
        if trump.is_trump(card):
            low = " (the S/S is the lowest trump)" if card.is_ss else ""
            why = f"{card} is a trump{low}, but {w} is a higher one."
        elif card.is_rover and rover_active(ruleset, trump):
            why = f"{card} is the Rover, but its power works only in a trick without trumps, and {w} is a trump."
        else:
            why = f"{card} is not a trump (trump: {trump.label}), and {w} is: any trump beats every card that is not one."
    elif v.rule in ("rover-doubles", "rover-alone", "rover-later-double"):
        rover_at = next(i for i, c in enumerate(cards) if c.is_rover)
        later_only = ruleset.rover_power.value is not RoverPower.ALL_DOUBLES
        if card.is_rover:
            why = f"{card} loses to {w}, a double played after it." if later_only else \
                f"{card} makes every double a trump for this trick, and {w} is the highest double."
        elif card.is_double and later_only and position < rover_at:
            why = f"{card} was played before the 0/0, and only a double played after the 0/0 can take the trick."
        elif card.is_double:
            why = f"{card} counts as a trump in this trick, but {w} is a higher double."
        elif later_only:
            why = (f"{card} is not a double: with the 0/0 played and no trump, only the 0/0 or a double played after it "
                   "can take the trick.")
        else:
            why = f"{card} is not a double: with the 0/0 played and no trump, only the doubles and the 0/0 can take the trick."
    else:
        suit = led_suit(cards, trump)
        if suit is not None and _follows(card, suit, trump):
            why = f"{card} follows {_suit_words(suit)}, but {w} is higher in it."
        elif card.is_ss and suit is None:
            why = f"{card} led in No Trump cannot win: the next card played sets the suit."
        elif card.is_ss:
            why = f"{card} led in No Trump sets no suit and cannot win; {w} is the highest card of the suit set after it."
        elif card.is_rover and rover_active(ruleset, trump):
            why = f"{card} does not take a trick in which the double of the suit led is played."
        elif card.is_rover:
            why = f"{card} has no Rover power here and is not of {_suit_words(suit)}, so it cannot take the trick." \
                if suit is not None else f"{card} cannot take the trick."
        else:
            led = _suit_words(suit) if suit is not None else "the suit led"
            why = f"{card} does not follow {led}, and no trump was played, so it cannot take the trick."
    return f"{why} {v.reason}"


# --- what a trick alone cannot show ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Condition:
    """A card of a trick that was legal only if its player held no card of the suit led, which the
    trick alone cannot show; or, once the reader says that player still held one (``held``), the
    verdict on that play: legal all the same, or a revoke and what the ruleset says follows.

    ``kind`` says which rule allowed the card: ``rover`` (the 0/0 played when void), ``double`` (a
    double after the 0/0), ``trump`` (a trump on another suit's lead), ``discard`` (any other card);
    ``free`` when the card may be played even by a player holding the suit led (only with ``held``).
    """

    position: int  # in the trick, 0 = the lead
    card: Card
    kind: str
    text: str
    rule: str  # the rule dimension that says so
    citation: Citation
    held: bool = False  # the reader says the player still held a card of the suit led
    revoke: bool = False  # held, and the card was not allowed: a revoke
    follows: str | None = None  # with a revoke: what the ruleset says follows
    interpretation: str | None = None
    brief: str = ""  # the condition in one short line, for a verdict kept small on a phone

    def to_json(self) -> dict[str, object]:
        """The condition as JSON: the card and its position, what was needed, and (held) the verdict."""
        return {"position": self.position, "card": str(self.card), "kind": self.kind, "text": self.text,
                "rule": self.rule, "citation": self.citation.to_json(), "held": self.held, "revoke": self.revoke,
                "follows": self.follows, "interpretation": self.interpretation, "brief": self.brief}


def _needed(suit: int, trump: Trump) -> tuple[str, str]:
    """What a player had to lack to play off the suit led: (no ..., held ...)."""
    if suit == trump.suit:
        return "trump", "a trump"
    if suit == 0:
        return "card of the /0 suit", "one"
    return f"/{suit}", f"an /{suit}" if str(suit)[0] == "8" or suit in (11, 18) else f"a /{suit}"


def trick_conditions(ruleset: Ruleset, trump: Trump, cards: Sequence[Card], held: Iterable[int] = ()) -> tuple[Condition, ...]:
    """The cards of a trick that were legal only if their players held no card of the suit led, each
    with the rule that says so; ``held`` lists positions whose players the reader says still held one,
    and those become verdicts on the play (legal all the same, or a revoke and what follows).

    >>> from somerset import get_ruleset, parse_cards, parse_trump
    >>> c = trick_conditions(get_ruleset("parker"), parse_trump("2"), parse_cards("5/8 0/0"))
    >>> c[0].kind, c[0].text
    ('rover', 'Under Parker 1947 the 0/0 may be played here only by a player with no /8; if its player held an /8, that was a revoke.')
    >>> c[0].brief
    'The 0/0 is legal only for a player with no /8.'
    >>> v = trick_conditions(get_ruleset("parker"), parse_trump("2"), parse_cards("5/8 0/0"), held=[1])[0]
    >>> v.revoke, v.follows.startswith("not stated"), v.brief
    (True, True, 'The 0/0 was a revoke: its player held an /8.')
    """
    check_trump(ruleset, trump)
    _check_cards(ruleset.deck, (("cards", "trick", cards),))
    marked = set()
    for pos in held:
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < len(cards):
            raise RulesError(f"held lists cards of the trick by their place in it, from 0 (the lead) to "
                             f"{len(cards) - 1}; {pos!r} is not one", field="held")
        if pos == 0:
            raise RulesError("the lead sets the suit, so its player holding the suit led says nothing; held names "
                             "a later card", field="held")
        marked.add(pos)
    name = ruleset.short_name
    out: list[Condition] = []
    rule: Rule[Any]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = led_suit(cards[:i], trump)
        if suit is None or _follows(card, suit, trump):
            continue
        lacking, one = _needed(suit, trump)
        rover_before = any(c.is_rover for c in cards[:i]) and rover_active(ruleset, trump)
        is_held = i in marked
        free: tuple[str, Rule[Any]] | None = None
        if card.is_ss and trump.is_no_trump and ruleset.ss_no_trump.value is SSNoTrump.DISCARD_ANY_TIME:
            free = ("in No Trump the S/S may be discarded on any trick", ruleset.ss_no_trump)
        elif card.is_rover and not trump.is_zero and ruleset.rover_play.value is RoverPlay.ANY_TIME:
            free = ("the 0/0 may be played at any time", ruleset.rover_play)
        elif card.is_double and rover_before and ruleset.after_rover.value is AfterRover.BREAK_FOR_DOUBLE:
            free = ("after the 0/0 a player may break suit to play a double", ruleset.after_rover)
        if free is not None:
            if is_held:
                text, rule = free
                out.append(Condition(i, card, "free", f"Under {name} {text}, so {card} stands although its player "
                                     f"held {one}.", _key(ruleset, rule), rule.citation, held=True,
                                     interpretation=rule.interpretation,
                                     brief=f"{_the(card)} stands although its player held {one}."))
            continue
        if card.is_rover:
            kind, rule = "rover", ruleset.rover_play
            what = "the 0/0"
        elif card.is_double and rover_before:
            kind, rule = "double", ruleset.after_rover
            what = f"{card}, a double after the 0/0,"
        elif trump.is_trump(card):
            kind, rule, what = "trump", ruleset.follow_suit, f"{card}, a trump,"
        else:
            kind, rule, what = "discard", ruleset.follow_suit, str(card)
        if is_held:
            o = revoke_outcome(ruleset)
            silent = "not stated: "
            follows = (f"{name} does not say what follows; {o.short.removeprefix(silent)}" if o.short.startswith(silent)
                       else f"What follows under {name}: {o.short}")
            text = f"Its player still held {one}, so {what} could not be played here: a revoke. {follows}."
            out.append(Condition(i, card, kind, text, _key(ruleset, rule), rule.citation, held=True, revoke=True,
                                 follows=o.short, interpretation=o.interpretation,
                                 brief=f"{_the(card)} was a revoke: its player held {one}."))
        else:
            text = (f"Under {name} {what} may be played here only by a player with no {lacking}; if its player held "
                    f"{one}, that was a revoke.")
            out.append(Condition(i, card, kind, text, _key(ruleset, rule), rule.citation,
                                 interpretation=rule.interpretation if kind == "rover" else None,
                                 brief=f"{_the(card)} is legal only for a player with no {lacking}."))
    unused = marked - {c.position for c in out}
    for pos in sorted(unused):
        suit = led_suit(cards[:pos], trump)
        lead = f"followed {_suit_words(suit)}" if suit is not None else "set the suit"
        out.append(Condition(pos, cards[pos], "follows", f"{cards[pos]} {lead}, so holding the suit led changes nothing.",
                             "follow_suit", ruleset.follow_suit.citation, held=True,
                             brief=f"{_the(cards[pos])} {lead}: nothing changes."))
    return tuple(sorted(out, key=lambda c: c.position))


def _the(card: Card) -> str:
    """A card named at the start of a sentence: 'The 0/0', '8/8'."""
    return "The 0/0" if card.is_rover else str(card)


def _key(ruleset: Ruleset, rule: object) -> str:
    """The dimension key of one of the ruleset's rules."""
    for key in ("rover_play", "after_rover", "ss_no_trump", "follow_suit"):
        if getattr(ruleset, key) is rule:
            return key
    return "follow_suit"
