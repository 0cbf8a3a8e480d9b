"""The worked examples the sources print, as data, and a check that the engine reproduces them.

Each example names the rulesets whose text states it. ``check_all()`` runs every one and
returns a list of failures (empty when the engine agrees with every source); it runs the same
in CPython and in Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bidding import Auction
from .cards import parse_cards, parse_trump
from .play import trick_verdict
from .rulesets import get_ruleset
from .scoring import score_deal
from .sources import Citation

__all__ = ["WorkedTrick", "WorkedScore", "WorkedAuction", "WORKED_TRICKS", "WORKED_SCORES", "WORKED_AUCTIONS", "check_all"]

C = Citation
SURVEY = "childs-survey"


@dataclass(frozen=True)
class WorkedTrick:
    rulesets: tuple[str, ...]
    trump: str
    cards: str
    winner: str
    citation: Citation
    note: str = ""


@dataclass(frozen=True)
class WorkedScore:
    rulesets: tuple[str, ...]
    bid: int
    made: int
    against: int
    bidder_side: int
    opponents: int
    citation: Citation
    format: str | None = None


@dataclass(frozen=True)
class WorkedAuction:
    rulesets: tuple[str, ...]
    calls: tuple[str, ...]
    winner: int  # in bidding order: 0 = the dealer's left
    bid: int
    citation: Citation


_P47_TEXTS = ("parker-1947", "minden-hardware", "parker-1947-house")
_ROVER_NOTE = "The text names no trump for this example; any suit not among the cards gives the same answer."

WORKED_TRICKS: tuple[WorkedTrick, ...] = (
    WorkedTrick(_P47_TEXTS, "2", "8/8, 6/8, 4/10, 0/2", "0/2", C("parker-1947-booklet", "Naming the Trump")),
    WorkedTrick(_P47_TEXTS + ("somersetgame-com", "triple-2009"), "6", "9/12, 11/12, 0/0, 2/2", "2/2",
                C("parker-1947-booklet", "Double Cards and the Rover"), _ROVER_NOTE),
    WorkedTrick(_P47_TEXTS + ("somersetgame-com", "triple-2009"), "6", "11/12, 0/0, 2/2, 4/4", "4/4",
                C("parker-1947-booklet", "Double Cards and the Rover"), _ROVER_NOTE),
    WorkedTrick(("parker-1934",), "2", "8/8, 6/8, 3/10, 0/2", "0/2", C(SURVEY, "Parker 1934, A Trump Suit"),
                "The text lists the cards without an order; the trump wins wherever it falls."),
    WorkedTrick(("parker-1934",), "6", "0/0, 2/2, 11/12, 9/10", "2/2", C(SURVEY, "Parker 1934, 0/0 Card"), _ROVER_NOTE),
    WorkedTrick(("parker-1934",), "6", "0/0, 2/2, 4/4, 11/12", "4/4", C(SURVEY, "Parker 1934, 0/0 Card"), _ROVER_NOTE),
    WorkedTrick(("hodges-1903",), "6", "0/0, 3/3, 1/3, 4/4", "4/4", C("hodges-1903-booklet", "Value of 0/0"), _ROVER_NOTE),
    WorkedTrick(("hodges-1903",), "6", "0/3, 3/3, 1/3, 4/4", "3/3", C("hodges-1903-booklet", "Value of 0/0"), _ROVER_NOTE),
    WorkedTrick(("parker-1950",), "2", "4/6, 6/6, 4/5, 0/2", "0/2", C(SURVEY, "Addendum B (Parker 1950), Naming the Trump")),
    WorkedTrick(("parker-1950",), "3", "4/6, 5/6, 0/0, 2/2", "2/2", C(SURVEY, "Addendum B (Parker 1950), Double Cards and the Rover"),
                _ROVER_NOTE),
    WorkedTrick(("parker-1950",), "3", "5/6, 0/0, 2/2, 4/4", "4/4", C(SURVEY, "Addendum B (Parker 1950), Double Cards and the Rover"),
                _ROVER_NOTE),
    WorkedTrick(("somersetgame-com",), "2", "10/10, 6/8, 4/10, 0/2", "0/2", C(SURVEY, "somersetgame.com, Naming the Trump")),
    WorkedTrick(("triple-2009",), "2", "9/9, 6/8, 4/10, 0/2", "0/2", C("triple-2009-rules", "Naming the Trump")),
)

WORKED_SCORES: tuple[WorkedScore, ...] = (
    WorkedScore(("parker-1934",) + _P47_TEXTS, 14, 16, 8, 16, 0, C("parker-1947-booklet", "Scoring")),
    WorkedScore(("parker-1934",) + _P47_TEXTS + ("hodges-1913",), 15, 12, 12, -6, 24, C("parker-1947-booklet", "Scoring")),
    WorkedScore(("somersetgame-com",), 16, 18, 6, 18, 0, C(SURVEY, "somersetgame.com, Scoring")),
    WorkedScore(("triple-2009",), 21, 23, 13, 23, 0, C("triple-2009-rules", "Scoring"), "six-2x3"),
    WorkedScore(("parker-1950",), 9, 10, 4, 10, 0, C(SURVEY, "Addendum B (Parker 1950), Scoring")),
    WorkedScore(("parker-1950",), 8, 7, 7, -2, 14, C(SURVEY, "Addendum B (Parker 1950), Scoring")),
)

WORKED_AUCTIONS: tuple[WorkedAuction, ...] = (
    WorkedAuction(("parker-1934",) + _P47_TEXTS,
                  ("8", "10", "pass", "12", "pass", "pass", "15", "pass", "pass", "pass"), 2, 15,
                  C("parker-1947-booklet", "Bidding")),
    WorkedAuction(("parker-1950",), ("6", "7", "pass", "8", "pass", "pass", "9", "pass", "pass", "pass"), 2, 9,
                  C(SURVEY, "Addendum B (Parker 1950), Bidding")),
)


def check_all() -> list[str]:
    """Run every worked example under every ruleset that states it; return the failures."""
    failures: list[str] = []
    for t in WORKED_TRICKS:
        for rid in t.rulesets:
            r = get_ruleset(rid)
            v = trick_verdict(r, parse_trump(t.trump, r.deck), parse_cards(t.cards, r.deck))
            if str(v.card) != t.winner:
                failures.append(f"{rid}: trump {t.trump}, {t.cards}: engine says {v.card}, {t.citation} says {t.winner}")
    for s in WORKED_SCORES:
        for rid in s.rulesets:
            r = get_ruleset(rid)
            sc = score_deal(r, s.bid, s.made, s.against, s.format)
            if (sc.bidder_side, sc.opponents) != (s.bidder_side, s.opponents):
                failures.append(
                    f"{rid}: bid {s.bid}, {s.made} v {s.against}: engine {sc.bidder_side:+}/{sc.opponents:+}, "
                    f"source {s.bidder_side:+}/{s.opponents:+}"
                )
    for a in WORKED_AUCTIONS:
        for rid in a.rulesets:
            r = get_ruleset(rid)
            fmt = r.partnership_format()
            auction = Auction(r.bidding.value, fmt.players, fmt.points_per_deal).run(a.calls)
            if not auction.is_over or auction.high != (a.winner, a.bid):
                failures.append(f"{rid}: auction {' '.join(a.calls)}: engine {auction.high}, source {(a.winner, a.bid)}")
    return failures


def count() -> int:
    """How many checks ``check_all`` makes."""
    return (
        sum(len(t.rulesets) for t in WORKED_TRICKS)
        + sum(len(s.rulesets) for s in WORKED_SCORES)
        + sum(len(a.rulesets) for a in WORKED_AUCTIONS)
    )
