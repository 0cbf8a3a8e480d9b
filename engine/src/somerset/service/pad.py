"""A running score pad: the deals of one game as a table writes them down, scored by the engine.

Each deal is its bid, who bid and the points each side took (a :class:`PadDeal`, read from JSON by
:func:`deal_from_json`). :func:`score_pad` applies the ruleset's scoring to such a list, deal by
deal, and after each one asks the ruleset's game rule whether a side has won, giving a :class:`Pad`
of :class:`PadLine` (a :class:`PadError` names the deal and field at fault). Scoring and the game
rule are :func:`~somerset.rules.scoring.score_sides` and :func:`~somerset.rules.scoring.decide_game`,
the same functions a played game uses, and the points in a deal come from
:class:`~somerset.game.deal.Deal`; nothing here depends on which ruleset it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..game.deal import Deal
from ..rules.errors import RulesError
from ..rules.limits import excerpt
from ..game.match import MAX_DEALS
from ..rules.dimensions import AllPass, Declaration, Format, Ruleset
from ..rules.scoring import GameDecision, decide_game, score_sides
from ..rules.sources import Citation

__all__ = ["PadError", "PadDeal", "PadLine", "Pad", "score_pad", "side_names", "deal_from_json", "MAX_NAME"]

#: The longest side name accepted (a name is for a column heading on a phone).
MAX_NAME = 24


class PadError(RulesError):
    """A pad the engine cannot score; ``field`` names the input at fault (``bid``, ``points``, ...)
    and ``deal`` the deal's number (from 1), when the fault is in a deal."""

    def __init__(self, message: str, field: str, deal: int | None = None) -> None:
        super().__init__(f"deal {deal}: {message}" if deal is not None else message, field=field)
        self.deal = deal


@dataclass(frozen=True, slots=True)
class PadDeal:
    """One deal as written down: the side that won the bid (an index into the format's teams), the
    bid, and the points each side took; or ``passed``, a deal everyone passed and nobody played.
    Where trump is drawn rather than bid for, a deal has points only."""

    bidder: int | None = None
    bid: int | None = None
    points: tuple[int, ...] | None = None
    passed: bool = False

    def to_json(self) -> dict[str, Any]:
        """The deal as the request wrote it (the pad's address and the API read it back)."""
        if self.passed:
            return {"passed": True}
        out: dict[str, Any] = {"points": list(self.points or ())}
        if self.bidder is not None:
            out.update({"bidder": self.bidder, "bid": self.bid})
        return out


@dataclass(frozen=True, slots=True)
class PadLine:
    """A deal once scored: each side's change and total after it, why, and the game rule's verdict."""

    number: int
    deal: PadDeal
    changes: tuple[int, ...]
    totals: tuple[int, ...]
    set: bool | None
    reason: str
    citation: Citation
    interpretation: str | None
    decision: GameDecision

    def to_json(self) -> dict[str, Any]:
        """The line as the widget shows it: the deal, the changes, the totals, the reason and the citation."""
        return {
            "number": self.number,
            **self.deal.to_json(),
            "changes": list(self.changes),
            "totals": list(self.totals),
            "set": self.set,
            "reason": self.reason,
            "citation": self.citation.to_json(),
            "interpretation": self.interpretation,
            "winner": self.decision.winner,
            "result": self.decision.reason,
        }


@dataclass(frozen=True)
class Pad:
    """A scored pad: the game's sides and target, each line, the totals and the winner, if any."""

    ruleset: Ruleset
    format: Format
    names: tuple[str, ...]
    points_per_deal: int
    lines: tuple[PadLine, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's score after the last deal (zeros before the first)."""
        return self.lines[-1].totals if self.lines else (0,) * len(self.names)

    @property
    def winner(self) -> int | None:
        """The side that has won the game, or None while it goes on."""
        return self.lines[-1].decision.winner if self.lines else None

    @property
    def target(self) -> int:
        """The score that ends the game under this ruleset."""
        return self.ruleset.game.value.target

    @property
    def bidding(self) -> bool:
        """Whether the deals are bid for (not where trump is drawn)."""
        return self.ruleset.declaration.value is not Declaration.DRAWN

    @property
    def can_pass(self) -> bool:
        """Whether a deal can be thrown in because everyone passed (not where the dealer is forced)."""
        return self.bidding and self.ruleset.bidding.value.all_pass is AllPass.REDEAL

    @property
    def result(self) -> str:
        """The game rule's verdict after the last deal, as a sentence."""
        if self.lines:
            return self.lines[-1].decision.reason
        return f"no deal yet; the first side to {self.target} wins"

    def text(self) -> str:
        """The pad as plain text, to paste into a message."""
        r, names = self.ruleset, self.names
        head = [f"Somerset score pad: {r.short_name}, {self.format.label}. {self.target} to win."]
        if r.option_applied:
            head.append("Options: " + ", ".join(o.name for o in r.options.value if o.id in r.option_applied) + ".")
        head.append("Sides: " + "; ".join(f"{n} ({_seats(t)})" for n, t in zip(names, self.format.teams)) + ".")
        out = [" ".join(head), ""]
        for line in self.lines:
            d = line.deal
            changes = ", ".join(f"{n} {_signed(c)}" for n, c in zip(names, line.changes))
            totals = ", ".join(f"{n} {t}" for n, t in zip(names, line.totals))
            if d.passed:
                what = "everyone passed; thrown in."
            else:
                took = ", ".join(f"{n} {p}" for n, p in zip(names, d.points or ()))
                bid = f"{names[d.bidder]} bid {d.bid}, " if d.bidder is not None else ""
                verdict = "" if line.set is None else (" (set)" if line.set else " (made)")
                what = f"{bid}points taken: {took}{verdict}. Scores {changes}."
            out.append(f"Deal {line.number}: {what} Totals: {totals}.")
        out.append("")
        end = self.result
        out.append(f"{end[0].upper()}{end[1:]}." if self.winner is not None else f"Play on: {end}.")
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The whole pad for the API: sides, lines, totals, the winner and the game rule with its citation."""
        r, fmt = self.ruleset, self.format
        return {
            "ruleset": r.id,
            "ruleset_name": r.short_name,
            "options": list(r.option_applied),
            "format": fmt.id,
            "format_label": fmt.label,
            "sides": [{"name": n, "seats": [s + 1 for s in team]} for n, team in zip(self.names, fmt.teams)],
            "target": self.target,
            "points_per_deal": self.points_per_deal,
            "bidding": self.bidding,
            "can_pass": self.can_pass,
            "min_bid": r.bidding.value.minimum,
            "lines": [line.to_json() for line in self.lines],
            "totals": list(self.totals),
            "winner": self.winner,
            "result": self.result,
            "game_rule": {"summary": r.game.summary, "citation": r.game.citation.to_json(),
                          "interpretation": r.game.interpretation},
            "text": self.text(),
        }


def _seats(team: Sequence[int]) -> str:
    return ("seats " if len(team) > 1 else "seat ") + "+".join(str(s + 1) for s in team)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def side_names(fmt: Format) -> tuple[str, ...]:
    """The sides' names when the table gives none: "Seats 1+3" for partners, "Seat 2" for one player."""
    return tuple(_seats(team).capitalize() for team in fmt.teams)


def _check_names(fmt: Format, names: Sequence[str] | None) -> tuple[str, ...]:
    if names is None:
        return side_names(fmt)
    sides = len(fmt.teams)
    if len(names) != sides:
        raise PadError(f"'names' has {len(names)} names, but {fmt.label} has {sides} sides", "names")
    out = []
    for i, name in enumerate(names):
        text = " ".join(str(name).split())
        if not 1 <= len(text) <= MAX_NAME:
            raise PadError(f"side {i + 1}'s name must be 1 to {MAX_NAME} characters, not {len(text)}", "names")
        out.append(text)
    if len({n.casefold() for n in out}) != len(out):
        raise PadError("two sides have the same name; give each side its own", "names")
    return tuple(out)


def _check_deal(pad: Pad, deal: PadDeal, number: int) -> None:
    r, fmt, total = pad.ruleset, pad.format, pad.points_per_deal
    sides = len(fmt.teams)
    if deal.passed:
        if not pad.bidding:
            raise PadError(f"nobody bids under {r.short_name} with {_options(r)}, so a deal cannot be passed", "passed", number)
        if not pad.can_pass:
            raise PadError(f"under {r.short_name} the dealer must bid when everyone passes, so a deal is never thrown in",
                           "passed", number)
        if deal.bidder is not None or deal.bid is not None or deal.points is not None:
            raise PadError("a passed deal has no bidder, bid or points", "passed", number)
        return
    if pad.bidding:
        if deal.bidder is None or deal.bid is None:
            raise PadError("a deal needs the side that won the bid ('bidder') and the bid", "bidder" if deal.bidder is None
                           else "bid", number)
        if not 0 <= deal.bidder < sides:
            raise PadError(f"'bidder' must be a side from 0 to {sides - 1}, not {deal.bidder}", "bidder", number)
        minimum = r.bidding.value.minimum
        if not minimum <= deal.bid <= total:
            raise PadError(f"a bid must be from {minimum} to {total} under {r.short_name} ({fmt.label}); {deal.bid} is not",
                           "bid", number)
    elif deal.bidder is not None or deal.bid is not None:
        raise PadError(f"nobody bids under {r.short_name} with {_options(r)}: give only the points", "bid", number)
    if deal.points is None:
        raise PadError("a deal needs the points each side took", "points", number)
    if len(deal.points) != sides:
        raise PadError(f"'points' has {len(deal.points)} figures, but {fmt.label} has {sides} sides", "points", number)
    if any(p < 0 for p in deal.points):
        raise PadError("points taken cannot be negative", "points", number)
    if sum(deal.points) != total:
        raise PadError(f"the points taken add up to {sum(deal.points)}, but a deal of {r.short_name} ({fmt.label}) "
                       f"has {total} points", "points", number)


def _options(r: Ruleset) -> str:
    return ", ".join(o.name.lower() for o in r.options.value if o.id in r.option_applied) or "its rules"


def score_pad(ruleset: Ruleset, format_id: str | None, deals: Sequence[PadDeal],
              names: Sequence[str] | None = None) -> Pad:
    """Score a game's deals in order under ``ruleset`` (options already applied) and a format.

    Returns every line with each side's change, the totals after it, the reason with its citation,
    and the game rule's verdict; the game ends at the first deal that gives a winner, and a deal
    after that is refused. Raises :class:`PadError` naming the deal and the field at fault.

    >>> from somerset import get_ruleset
    >>> pad = score_pad(get_ruleset("parker-1947"), None, [PadDeal(bidder=0, bid=15, points=(16, 8))])
    >>> pad.lines[0].changes, pad.totals
    ((16, 0), (16, 0))
    >>> print(pad.lines[0].reason)
    Seats 1+3 bid 15 and took 16: the bid is made and scores the 16 points taken; Seats 2+4 score nothing (they took 8).
    """
    try:
        fmt = ruleset.format(format_id)
    except ValueError as e:
        raise PadError(str(e), "format") from e
    if len(deals) > MAX_DEALS:
        raise PadError(f"a pad holds at most {MAX_DEALS} deals, not {len(deals)}", "deals")
    sides = _check_names(fmt, names)
    pad = Pad(ruleset, fmt, sides, Deal(ruleset, fmt.id).total_points, ())
    lines: list[PadLine] = []
    totals = [0] * len(fmt.teams)
    for number, deal in enumerate(deals, 1):
        if lines and lines[-1].decision.winner is not None:
            raise PadError(f"the game was over after deal {number - 1} ({lines[-1].decision.reason}); start a new game",
                           "deals", number)
        _check_deal(pad, deal, number)
        if deal.passed:
            change = (0,) * len(totals)
            bidding = ruleset.bidding
            reason, citation, interp, is_set = ("Everyone passed: the deal is thrown in and the next dealer deals.",
                                                bidding.citation, bidding.interpretation, None)
        else:
            assert deal.points is not None
            scored = score_sides(ruleset, fmt, deal.bidder, deal.bid, deal.points, sides)
            change, reason, citation, interp, is_set = (scored.changes, scored.reason, scored.citation,
                                                        scored.interpretation, scored.set)
        totals = [t + c for t, c in zip(totals, change)]
        decision = decide_game(ruleset, totals, passed_out=deal.passed, bid_team=deal.bidder,
                               made=None if is_set is None else not is_set, names=sides)
        lines.append(PadLine(number, deal, tuple(change), tuple(totals), is_set, reason, citation, interp, decision))
    return Pad(ruleset, fmt, sides, pad.points_per_deal, tuple(lines))


def _whole(value: Any, field: str, number: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PadError(f"'{field}' must be a whole number, not {excerpt(repr(value))}", field, number)
    return value


def deal_from_json(data: Any, number: int) -> PadDeal:
    """A deal from its JSON form: ``{"bidder": 0, "bid": 15, "points": [16, 8]}``, ``{"points": [7, 5]}``
    where nobody bids, or ``{"passed": true}``."""
    if not isinstance(data, dict):
        raise PadError('a deal must be an object such as {"bidder": 0, "bid": 15, "points": [16, 8]}', "deals", number)
    unknown = sorted(set(data) - {"bidder", "bid", "points", "passed"})
    if unknown:
        raise PadError(f"unknown field '{excerpt(str(unknown[0]))}'; a deal has bidder, bid, points or passed", "deals", number)
    passed = data.get("passed", False)
    if not isinstance(passed, bool):
        raise PadError("'passed' must be true or false", "passed", number)
    bidder = None if data.get("bidder") is None else _whole(data["bidder"], "bidder", number)
    bid = None if data.get("bid") is None else _whole(data["bid"], "bid", number)
    points = data.get("points")
    if points is not None:
        if not isinstance(points, list):
            raise PadError("'points' must be a list of whole numbers, one for each side", "points", number)
        points = tuple(_whole(p, "points", number) for p in points)
    return PadDeal(bidder, bid, points, passed)
