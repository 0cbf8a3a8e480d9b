"""Penalties the sources give for mistakes at the table: a revoke, and a card shown while dealing.

These apply where a real table's deal is written down (a record's ``Revoke`` and ``Misdeal``
lines). :func:`revoke_outcome` says what follows a revoke, :func:`revoke_charge` and
:func:`charge_revokes` charge one found after its trick was turned, and :func:`misdeal_reason`
says why a card shown while dealing calls for a new deal. Where the ruleset's text gives no rule
the engine can apply, a :class:`~somerset.rules.errors.RulesError` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card
from .errors import RulesError
from .dimensions import Format, Misdeal, Revoke, Ruleset
from .sources import Citation

__all__ = ["revoke_charge", "charge_revokes", "misdeal_reason", "revoke_outcome", "RevokeOutcome", "REVOKE_POINTS",
           "REVOKE_OUTCOMES"]

#: Points charged against a side for a revoke found too late, by the ruleset's revoke rule.
REVOKE_POINTS = {Revoke.WITHDRAW_OR_TWO: 2}

#: What follows a revoke under each revoke rule: (in short, in full). The short form groups the
#: rulesets that answer alike; where the text is silent it says so, and the ruleset's rule on
#: following suit records the project's reading (its interpretation).
REVOKE_OUTCOMES: dict[Revoke, tuple[str, str]] = {
    Revoke.WITHDRAW_OR_TWO: (
        "the card is exchanged if the revoke is found in time; otherwise the revoking side loses "
        f"{REVOKE_POINTS[Revoke.WITHDRAW_OR_TWO]} points",
        "A player who holds a card of the suit led and fails to play it revokes. Found in time, the card is exchanged "
        f"for a legal one; otherwise {REVOKE_POINTS[Revoke.WITHDRAW_OR_TWO]} points are charged against the revoking "
        "side. A trick already turned may be looked at again to correct a revoke.",
    ),
    Revoke.WITHDRAW_OR_AGREED: (
        "the card may be withdrawn if found in time, with whatever penalty the players decide",
        "A card that fails to follow suit may be withdrawn if the mistake is found in time, and the players charge "
        "such penalty as they decide; the text names none.",
    ),
    Revoke.UNSTATED: (
        "not stated: tables take the card back if found in time, and agree a penalty for one found later "
        f"(Hodges 1903: {REVOKE_POINTS[Revoke.WITHDRAW_OR_TWO]} points)",
        "The text says a player must follow suit if able, and nothing of what happens when one does not.",
    ),
}


@dataclass(frozen=True)
class RevokeOutcome:
    """What follows a revoke under a ruleset: in short, in full, where the rule is, and the project's
    reading where the text is silent."""

    short: str
    detail: str
    citation: Citation
    interpretation: str | None


def revoke_outcome(ruleset: Ruleset) -> RevokeOutcome:
    """What follows a revoke (failing to follow suit when able) under ``ruleset``.

    >>> from somerset import get_ruleset
    >>> revoke_outcome(get_ruleset("hodges-1903")).short
    'the card is exchanged if the revoke is found in time; otherwise the revoking side loses 2 points'
    >>> revoke_outcome(get_ruleset("parker-1947")).short.startswith("not stated")
    True
    """
    rule = ruleset.follow_suit
    short, detail = REVOKE_OUTCOMES[rule.value]
    return RevokeOutcome(short, detail, rule.citation, rule.interpretation)


def revoke_charge(ruleset: Ruleset) -> int:
    """The points a revoke found after its trick was turned costs the revoking side.

    Raises :class:`RulesError`, saying why, when the ruleset's text gives no penalty the engine can
    apply (none at all, or one the players decide).

    >>> from somerset import get_ruleset
    >>> revoke_charge(get_ruleset("hodges-1903"))
    2
    """
    rule = ruleset.follow_suit
    if rule.value in REVOKE_POINTS:
        return REVOKE_POINTS[rule.value]
    if rule.value is Revoke.WITHDRAW_OR_AGREED:
        raise RulesError(f"{ruleset.short_name} leaves the penalty for a revoke to the players ('such penalty "
                         "charged as the players may decide'): agree one at the table and adjust the scores yourselves")
    raise RulesError(f"{ruleset.short_name} gives no penalty for a revoke, so the engine has none to charge; the "
                     "rulesets that do are those whose rule on following suit names one")


def charge_revokes(ruleset: Ruleset, fmt: Format, changes: Sequence[int], seats: Sequence[int]) -> list[int]:
    """A deal's score changes (one per side, in the format's order) with each revoke charged to its side.

    >>> from somerset import get_ruleset
    >>> h03 = get_ruleset("hodges-1903")
    >>> charge_revokes(h03, h03.format(), [10, 4], [1])
    [10, 2]
    """
    out = list(changes)
    for seat in seats:
        if not 0 <= seat < fmt.players:
            raise RulesError(f"a revoke names a seat from 0 to {fmt.players - 1}; {seat} is not at the table")
        out[fmt.team_of(seat)] -= revoke_charge(ruleset)
    return out


def misdeal_reason(ruleset: Ruleset, card: Card) -> str:
    """Why showing ``card`` while dealing means the same dealer deals again.

    Raises :class:`RulesError`, saying why, when the ruleset has no such rule or the card does not
    call for a new deal.

    >>> from somerset import get_ruleset, parse_card
    >>> h03 = get_ruleset("hodges-1903")
    >>> misdeal_reason(h03, parse_card("4/6", h03.deck))
    '4/6 ranks above 3/6, the counter of the /6 suit, so the same dealer deals again'
    >>> misdeal_reason(h03, parse_card("2/6", h03.deck))
    Traceback (most recent call last):
      ...
    somerset.rules.errors.RulesError: 2/6 is neither a counter nor above the counter of its suit (3/6), so the deal stands
    """
    pack = ruleset.deck
    if card not in pack:
        raise RulesError(f"{card} is not in the {pack.name} pack")
    if ruleset.misdeal.value is Misdeal.UNSTATED:
        raise RulesError(f"{ruleset.short_name} says nothing about a card shown while dealing, so the engine calls "
                         "for no new deal; deal again only if your table agrees to")
    counters = [c.card for c in pack.counts if c.card.suit == card.suit and not c.card.is_ss]
    if pack.count_value(card):
        return f"{card} is a counter, so the same dealer deals again"
    if not counters:
        raise RulesError(f"the /{card.suit} suit has no counter, so {card} is neither a counter nor above one, "
                         "and the deal stands")
    counter = counters[0]
    if card.rank > counter.rank:
        return f"{card} ranks above {counter}, the counter of the /{card.suit} suit, so the same dealer deals again"
    raise RulesError(f"{card} is neither a counter nor above the counter of its suit ({counter}), so the deal stands")
