"""Scoring a deal under a ruleset's made and set rules.

>>> from somerset import get_ruleset
>>> sc = score_deal(get_ruleset("parker"), bid=15, made=12, against=12)
>>> sc.set, sc.bidder_side, sc.opponents
(True, -6, 24)
>>> score_deal(get_ruleset("senior-center"), 15, 16, 8).opponents
8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import RulesError
from .rules import Format, Made, Ruleset, SetPenalty
from .sources import Citation

__all__ = ["ScoreChange", "score_deal", "score_seats", "scored_format"]


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """The score change of one partnership deal: bidder's side and opponents."""

    bid: int
    made: int
    against: int
    set: bool
    bidder_side: int
    opponents: int
    reason: str
    citation: Citation

    def to_json(self) -> dict[str, object]:
        """The score change, its reason and citation, as JSON."""
        return {
            "bid": self.bid,
            "made": self.made,
            "against": self.against,
            "set": self.set,
            "bidder_side": self.bidder_side,
            "opponents": self.opponents,
            "reason": self.reason,
            "citation": self.citation.to_json(),
        }


def _check_int(field: str, name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, not {value!r}", field=field)
    if value < 0:
        raise RulesError(f"{name} cannot be negative ({value})", field=field)
    return value


def _side_change(ruleset: Ruleset, bid: int, made: int) -> tuple[bool, int, str]:
    """Whether the bidder is set, the bidder's change, and the words for it."""
    if made >= bid:
        return False, made, f"bid {bid} and took {made}: the bid is made and scores the {made} points taken"
    shortfall = bid - made
    if ruleset.set.value is SetPenalty.DOUBLE:
        return True, -2 * shortfall, (
            f"bid {bid} but took only {made}: set by {shortfall}, and twice that, {2 * shortfall}, comes off the score"
        )
    return True, -bid, f"bid {bid} but took only {made}: set, and the {bid} bid comes off the score"


def _opponent_change(ruleset: Ruleset, is_set: bool, against: int) -> tuple[int, str]:
    if is_set:
        if ruleset.set.value is SetPenalty.DOUBLE:
            return 2 * against, f"the opponents score twice their {against}, {2 * against}"
        return against, f"the opponents score the {against} they took"
    if ruleset.made.value is Made.BOTH_SIDES:
        return against, f"the opponents score the {against} they took"
    return 0, f"the opponents score nothing (they took {against})"


def scored_format(ruleset: Ruleset, format_id: str | None = None) -> Format:
    """The format :func:`score_deal` scores: the one named, else the ruleset's partnership game."""
    return ruleset.format(format_id) if format_id else ruleset.partnership_format()


def score_deal(ruleset: Ruleset, bid: int, made: int, against: int, format_id: str | None = None) -> ScoreChange:
    """Score a deal between the bidder's side and the other side (the partnership game)."""
    bid = _check_int("bid", "the bid", bid)
    made = _check_int("made", "the points made", made)
    against = _check_int("against", "the points taken by the other side", against)
    fmt = scored_format(ruleset, format_id)
    total = fmt.points_per_deal
    minimum = ruleset.bidding.value.minimum
    if not minimum <= bid <= total:
        raise RulesError(f"a bid must be from {minimum} to {total} under {ruleset.short_name} ({fmt.label}); {bid} is not",
                         field="bid")
    if made + against != total:
        raise RulesError(
            f"the points made ({made}) and taken by the other side ({against}) add up to {made + against}, "
            f"but a deal of {ruleset.short_name} ({fmt.label}) has {total} points", field="made"
        )
    is_set, bidder, words = _side_change(ruleset, bid, made)
    opponents, opp_words = _opponent_change(ruleset, is_set, against)
    rule = ruleset.set if is_set else ruleset.made
    reason = f"The bidder's side {words}; {opp_words}."
    return ScoreChange(bid, made, against, is_set, bidder, opponents, reason, rule.citation)


def score_seats(ruleset: Ruleset, fmt: Format, bidder: int, bid: int, taken: Sequence[int]) -> list[int]:
    """Score changes per team for any format: ``taken`` holds the points each team took.

    The bidder's team is made or set on its own points; every other team is scored as an opponent.
    """
    bid_team = fmt.team_of(bidder)
    is_set, bidder_change, _ = _side_change(ruleset, bid, taken[bid_team])
    changes = []
    for team, points in enumerate(taken):
        if team == bid_team:
            changes.append(bidder_change)
        else:
            changes.append(_opponent_change(ruleset, is_set, points)[0])
    return changes
