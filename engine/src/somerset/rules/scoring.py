"""Scoring a deal under a ruleset's made and set rules, and deciding a game at its target.

>>> from somerset import get_ruleset
>>> sc = score_deal(get_ruleset("parker"), bid=15, made=12, against=12)
>>> sc.set, sc.bidder_side, sc.opponents
(True, -6, 24)
>>> score_deal(get_ruleset("senior-center"), 15, 16, 8).opponents
8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .describe import signed
from .errors import RulesError
from .dimensions import Format, Made, Rule, Ruleset, SetPenalty, Tie
from .sources import Citation

__all__ = ["ScoreChange", "set_price", "score_deal", "score_seats", "scored_format", "SidesScore", "score_sides", "GameDecision", "decide_game"]


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


def _opponent_change(ruleset: Ruleset, is_set: bool, against: int, who: str = "the opponents",
                     plural: bool = True) -> tuple[int, str]:
    score = "score" if plural else "scores"
    if is_set:
        if ruleset.set.value is SetPenalty.DOUBLE:
            return 2 * against, f"{who} {score} twice their {against}, {2 * against}"
        return against, f"{who} {score} the {against} they took"
    if ruleset.made.value is Made.BOTH_SIDES:
        return against, f"{who} {score} the {against} they took"
    return 0, f"{who} {score} nothing (they took {against})"


def set_price(ruleset: Ruleset, fmt: Format, bid: int | None = None) -> str:
    """What being set costs under ``ruleset``, in one sentence to the bidder, from its scoring rule;
    with ``bid`` (and two sides), a worked example: that bid, three points short, scored by
    :func:`score_seats`.

    >>> from somerset import get_ruleset
    >>> r = get_ruleset("parker")
    >>> set_price(r, r.format("four-partners"), 18)
    'If your side is set (takes fewer points than it bid), it loses twice the points it is short, and the other side scores twice the points it took: bid 18 and take 15, and your side scores −6, the other side +18.'
    """
    mine, it = ("your side", "it") if fmt.partnership else ("you", "you")
    others = len(fmt.teams) - 1
    them = ("the other side" if fmt.partnership else "the other player") if others == 1 else (
        "each other side" if fmt.partnership else "each other player")
    bidder = "loses twice the points it is short" if ruleset.set.value is SetPenalty.DOUBLE else "loses the points of its bid"
    they = "it" if fmt.partnership else "they"
    taken = f"twice the points {they} took" if ruleset.set.value is SetPenalty.DOUBLE else f"the points {they} took"
    if not fmt.partnership:
        bidder = bidder.replace("loses", "lose").replace("it is", "you are").replace("its bid", "your bid")
    words = (f"If {mine} {'is' if fmt.partnership else 'are'} set (take{'s' if fmt.partnership else ''} fewer points "
             f"than {it} bid), {it} {bidder}, and {them} scores {taken}")
    total = fmt.points_per_deal
    if bid is not None and others == 1 and 3 <= bid <= total:
        made = bid - 3
        bid_team = 0
        changes = score_seats(ruleset, fmt, fmt.teams[bid_team][0], bid, [made, total - made])
        words += (f": bid {bid} and take {made}, and {mine} score{'s' if fmt.partnership else ''} "
                  f"{signed(changes[0])}, {them} {signed(changes[1])}")
    return words + "."


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


@dataclass(frozen=True, slots=True)
class SidesScore:
    """The score change of every side of one deal in any format, with the reason in words."""

    changes: tuple[int, ...]
    set: bool | None  # None when nobody bid (trump drawn)
    reason: str
    citation: Citation
    interpretation: str | None


def score_sides(ruleset: Ruleset, fmt: Format, bid_team: int | None, bid: int | None, taken: Sequence[int],
                names: Sequence[str]) -> SidesScore:
    """Like :func:`score_seats`, for a side (an index into ``fmt.teams``) rather than a seat, with words.

    ``names`` are the sides' names for the reason. Without a bid (``bid_team`` None: a game where
    trump is drawn) every side scores the points it took. The caller checks the figures.
    """
    if bid_team is None or bid is None:
        scored = ruleset.points
        return SidesScore(tuple(taken), None, "Nobody bid: every side scores the points it took.", scored.citation,
                          scored.interpretation)
    is_set, bidder_change, words = _side_change(ruleset, bid, taken[bid_team])
    changes = []
    parts = [f"{names[bid_team]} {words}"]
    for team, points in enumerate(taken):
        if team == bid_team:
            changes.append(bidder_change)
            continue
        change, opp_words = _opponent_change(ruleset, is_set, points, names[team], plural=fmt.partnership)
        changes.append(change)
        parts.append(opp_words)
    rule: Rule[Any] = ruleset.set if is_set else ruleset.made
    reason = "; ".join(parts) + "."
    return SidesScore(tuple(changes), is_set, reason[0].upper() + reason[1:], rule.citation, rule.interpretation)


@dataclass(frozen=True, slots=True)
class GameDecision:
    """Whether a deal ended the game: the winning side (None: play on) and why, under the game rule."""

    winner: int | None
    reason: str
    citation: Citation
    interpretation: str | None


def decide_game(ruleset: Ruleset, scores: Sequence[int], *, passed_out: bool = False, bid_team: int | None = None,
                made: bool | None = None, names: Sequence[str] | None = None) -> GameDecision:
    """After a deal, whether a side has won under the ruleset's game rule.

    ``scores`` are the sides' totals after the deal; ``bid_team`` and ``made`` say which side bid
    and whether it made its bid (None when nobody bid). Reaching the target means a score at or
    above it: Hodges says "past 50" and Parker "make this score", and the engine reads both as
    "at least the target". Where a ruleset cannot be won by setting, only the side that made its
    bid can win on this deal. A tie at the top is settled by another deal.
    """
    rule = ruleset.game
    end = rule.value
    names = list(names) if names is not None else [f"team {t}" for t in range(len(scores))]

    def decision(winner: int | None, reason: str) -> GameDecision:
        return GameDecision(winner, reason, rule.citation, rule.interpretation)

    if passed_out:
        return decision(None, "the deal was thrown in, so no score changed")
    eligible = [t for t, s in enumerate(scores) if s >= end.target]
    if not eligible:
        return decision(None, f"no side has reached {end.target} yet")
    if not end.win_by_setting:
        past = eligible
        if bid_team is None or not made:
            eligible = []
        else:
            eligible = [t for t in eligible if t == bid_team]
        if not eligible:
            who = " and ".join(names[t] for t in past)
            return decision(None, f"past {end.target}: {who}; but under {ruleset.short_name} a game is won only by "
                                  "the side that makes its bid, so play goes on")
    best = max(scores[t] for t in eligible)
    top = [t for t in eligible if scores[t] == best]
    if len(top) > 1:
        # A tie at the top: another deal settles it (Hodges 1903; the engine's reading for the others).
        who = " and ".join(names[t] for t in top)
        return decision(None, f"{who} are level on {best}, past {end.target}: another deal settles it")
    if len(eligible) > 1 and end.tie is Tie.FIRST_TO_TARGET:
        return decision(top[0], f"{names[top[0]]} wins with {best}: several sides reached {end.target} in the same "
                                "deal, and the higher score wins (the engine's reading)")
    return decision(top[0], f"{names[top[0]]} reached {end.target} with {best}")
