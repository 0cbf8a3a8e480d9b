"""The worked examples the sources print, written in the record format, and a check of them.

The sources give parts of deals (the calls of an auction, the cards of one trick, the points
of a deal and its score) but never the hands, so each example is a partial record
(:class:`somerset.record.PartialRecord`). Its ``Rulesets`` tag names every ruleset whose text
states it; reading the record checks the example under each of them, so ``check_all()``
returns an empty list exactly when the engine agrees with every source. It runs the same in
CPython and in Pyodide.
"""

from __future__ import annotations

import re

from .record import PartialRecord, RecordError, parse_partial

__all__ = ["WORKED_RECORDS", "WORKED_EXAMPLES", "example_id", "examples_for", "get_example", "check_all", "count"]

_P47 = "parker-1947 minden-hardware parker-1947-house"
_ROVER_NOTE = "The text names no trump for this example; any suit not among the cards gives the same answer."
_SS_NOTE = ("The text names only the S/S in this hand; the 4/10 and 9/12 stand for any cards outside the /8 "
            "suit, and the 5/8 for any /8 card led.")
_TRIPLE_TOO = " Triple's text repeats it for six or more players; the engine judges the four cards listed."
_TRIPLE_NOTE = ("Triple is played by six or more, but the text lists only these four cards of the trick; "
                "the engine judges the cards listed.")


def _trick(rulesets: str, source: str, section: str, trump: str, cards: str, winner: int, note: str = "") -> str:
    tags = f'[Rulesets "{rulesets}"]\n[Source "{source}"]\n[Section "{section}"]\n'
    if note:
        tags += f'[Note "{note}"]\n'
    return f"{tags}\nTrump: {trump}\nTrick 1: [0] {cards} -> {winner}\n"


def _legal(rulesets: str, source: str, section: str, trump: str, led: str, hand: str, legal: str, note: str) -> str:
    tags = f'[Rulesets "{rulesets}"]\n[Source "{source}"]\n[Section "{section}"]\n[Note "{note}"]\n'
    return f"{tags}\nTrump: {trump}\nTrick 1: [0] {led}\nHand 1: {hand}\nLegal: {legal}\n"


def _score(rulesets: str, source: str, section: str, bid: int, taken: str, result: str, score: str,
           format_id: str = "") -> str:
    tags = f'[Rulesets "{rulesets}"]\n' + (f'[Format "{format_id}"]\n' if format_id else "")
    tags += f'[Source "{source}"]\n[Section "{section}"]\n'
    return f"{tags}\nBid: {bid} by 0\nTaken: {taken}\nResult: {result}\nScore: {score}\n"


def _auction(rulesets: str, source: str, section: str, calls: str, bid: str) -> str:
    return f'[Rulesets "{rulesets}"]\n[Source "{source}"]\n[Section "{section}"]\n\nAuction: {calls}\nBid: {bid}\n'


# Each text is exactly what str() of its record gives: the derived lines (trick winners, the
# auction's high bid, made or set, the score) are the sources' own answers, checked on reading.
WORKED_RECORDS: tuple[str, ...] = (
    # Tricks: the trump suit, the Rover and the doubles.
    _trick(_P47, "parker-1947-booklet", "Naming the Trump", "2", "8/8 6/8 4/10 0/2", 3),
    _trick(f"{_P47} somersetgame-com triple-2009", "parker-1947-booklet", "Double Cards and the Rover",
           "6", "9/12 11/12 0/0 2/2", 3, _ROVER_NOTE + _TRIPLE_TOO),
    _trick(f"{_P47} somersetgame-com triple-2009", "parker-1947-booklet", "Double Cards and the Rover",
           "6", "11/12 0/0 2/2 4/4", 3, _ROVER_NOTE + _TRIPLE_TOO),
    _trick("parker-1934", "childs-survey", "Parker 1934, A Trump Suit", "2", "8/8 6/8 3/10 0/2", 3,
           "The text lists the cards without an order; the trump wins wherever it falls."),
    _trick("parker-1934", "childs-survey", "Parker 1934, 0/0 Card", "6", "0/0 2/2 11/12 9/10", 1, _ROVER_NOTE),
    _trick("parker-1934", "childs-survey", "Parker 1934, 0/0 Card", "6", "0/0 2/2 4/4 11/12", 2, _ROVER_NOTE),
    _trick("hodges-1903", "hodges-1903-booklet", "Value of 0/0", "6", "0/0 3/3 1/3 4/4", 3, _ROVER_NOTE),
    _trick("hodges-1903", "hodges-1903-booklet", "Value of 0/0", "6", "0/3 3/3 1/3 4/4", 1, _ROVER_NOTE),
    _trick("parker-1950", "childs-survey", "Addendum B (Parker 1950), Naming the Trump", "2", "4/6 6/6 4/5 0/2", 3),
    _trick("parker-1950", "childs-survey", "Addendum B (Parker 1950), Double Cards and the Rover",
           "3", "4/6 5/6 0/0 2/2", 3, _ROVER_NOTE),
    _trick("parker-1950", "childs-survey", "Addendum B (Parker 1950), Double Cards and the Rover",
           "3", "5/6 0/0 2/2 4/4", 3, _ROVER_NOTE),
    _trick("somersetgame-com", "childs-survey", "somersetgame.com, Naming the Trump", "2", "10/10 6/8 4/10 0/2", 3),
    _trick("triple-2009", "triple-2009-rules", "Naming the Trump", "2", "9/9 6/8 4/10 0/2", 3, _TRIPLE_NOTE),
    # What a hand may play: the S/S is the lowest trump and must follow a trump lead, and where the
    # 0/0 may be played at any time, it can go instead of the S/S to keep it for later.
    _legal(f"{_P47} somersetgame-com triple-2009", "parker-1947-booklet", "Naming the Trump", "8", "5/8",
           "4/10 9/12 S/S", "S/S", _SS_NOTE),
    _legal("parker-1934", "childs-survey", "Parker 1934, To Be Set", "8", "5/8", "4/10 9/12 S/S", "S/S",
           _SS_NOTE + " In the survey's copy the paragraph stands just after the scoring rules."),
    _legal("somersetgame-com triple-2009", "childs-survey", "somersetgame.com, Double Cards and the Rover", "8", "5/8",
           "0/0 4/10 S/S", "0/0 S/S",
           "The text gives no cards but the S/S and the 0/0, and says only that a trump is led; the /8 suit and "
           "the 4/10 stand for any trump and any other card. Triple's rules say the same."),
    # Scores: made and set.
    _score(f"parker-1934 {_P47}", "parker-1947-booklet", "Scoring", 14, "16 8", "0 bid 14 and took 16: made", "+16 +0"),
    _score(f"parker-1934 {_P47} hodges-1913", "parker-1947-booklet", "Scoring", 15, "12 12",
           "0 bid 15 and took 12: set", "-6 +24"),
    _score("somersetgame-com", "childs-survey", "somersetgame.com, Scoring", 16, "18 6", "0 bid 16 and took 18: made",
           "+18 +0"),
    _score("triple-2009", "triple-2009-rules", "Scoring", 21, "23 13", "0 bid 21 and took 23: made", "+23 +0", "six-2x3"),
    _score("parker-1950", "childs-survey", "Addendum B (Parker 1950), Scoring", 9, "10 4", "0 bid 9 and took 10: made",
           "+10 +0"),
    _score("parker-1950", "childs-survey", "Addendum B (Parker 1950), Scoring", 8, "7 7", "0 bid 8 and took 7: set",
           "-2 +14"),
    # Auctions: a pass does not end a player's bidding.
    _auction(f"parker-1934 {_P47}", "parker-1947-booklet", "Bidding", "8 10 pass 12 pass pass 15 pass pass pass",
             "15 by 2"),
    _auction("parker-1950", "childs-survey", "Addendum B (Parker 1950), Bidding", "6 7 pass 8 pass pass 9 pass pass pass",
             "9 by 2"),
)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def example_id(record: PartialRecord) -> str:
    """A stable name for an example, made from what it shows (used in addresses and tests)."""
    if record.hand is not None:
        return f"legal-{record.trump}-{_slug(' '.join(str(c) for c in record.tricks[0].cards))}-hand-" \
            f"{_slug(' '.join(str(c) for c in record.hand[1]))}"
    if record.tricks:
        return f"trick-{record.trump}-{_slug(' '.join(str(c) for c in record.tricks[0].cards))}"
    if record.taken is not None and record.bid is not None:
        return f"score-{record.bid[1]}-" + "-".join(str(t) for t in record.taken)
    return f"auction-{_slug('-'.join(record.calls))}"


def _read_all() -> dict[str, PartialRecord]:
    out: dict[str, PartialRecord] = {}
    for text in WORKED_RECORDS:
        record = parse_partial(text)
        name = example_id(record)
        if name in out:  # the same position stated by another text
            name = f"{name}-{record.rulesets[0]}"
        if name in out:
            raise RecordError(f"two worked examples are both called {name}")
        out[name] = record
    return out


# Reading the records checks them; a disagreement stops the import with the source's words.
WORKED_EXAMPLES: dict[str, PartialRecord] = _read_all()


def get_example(example_id: str) -> PartialRecord:
    if example_id not in WORKED_EXAMPLES:
        raise RecordError(f"'{example_id[:40]}' is not a worked example; see somerset.examples.WORKED_EXAMPLES")
    return WORKED_EXAMPLES[example_id]


def examples_for(ruleset_id: str) -> list[str]:
    """The ids of the examples stated by one ruleset, in the order above."""
    return [i for i, r in WORKED_EXAMPLES.items() if ruleset_id in r.rulesets]


def check_all() -> list[str]:
    """Read every worked example again under every ruleset that states it; return the failures."""
    failures: list[str] = []
    for text in WORKED_RECORDS:
        try:
            record = parse_partial(text)
            if str(record) != text:
                failures.append(f"the record does not read back as written:\n{text}")
        except RecordError as e:
            failures.append(f"{e}\n{text}")
    return failures


def count() -> int:
    """How many checks ``check_all`` makes (one per example and ruleset stating it)."""
    return sum(len(r.rulesets) for r in WORKED_EXAMPLES.values())
