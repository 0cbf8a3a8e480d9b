"""Part of a deal without its hands, as the sources print their worked examples: an auction, a
trick, a score (:class:`PartialRecord`), and its play checked as far as the lines allow
(:class:`PartialPlay`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..rules.bidding import Auction, parse_call
from ..rules.cards import Card, Trump, parse_card, parse_trump
from ..rules.limits import excerpt
from ..rules.play import LegalPlays, Verdict, check_trump, legal_plays, trick_verdict
from ..rules.dimensions import Format, Ruleset
from ..rules.rulesets import get_ruleset
from ..rules.scoring import ScoreChange, score_deal, score_seats
from ..rules.sources import SOURCES, Citation
from .common import RecordError, _expect, _number, _quote, _read_head, _signed, _text_of

__all__ = ["PlayedTrick", "PartialRecord", "PartialPlay", "is_partial", "parse_partial"]


@dataclass(frozen=True)
class PlayedTrick:
    """One trick of a partial record: who led it and the cards in play order."""

    leader: int
    cards: tuple[Card, ...]


@dataclass
class PartialRecord:
    """A record of part of a deal, without the hands: an auction, a trick, a score.

    The sources print their worked examples this way: they give the calls of an auction, the
    cards of a trick or the points of a deal, never the hands they came from. A partial record
    uses the same tags and lines as a deal record, so the lines the engine works out (who wins
    the auction, who takes each trick, made or set, the score) are checked when it is read.
    What cannot be checked without hands (that a player followed suit) is not::

        [Rulesets "parker-1947 minden-hardware"]
        [Source "parker-1947-booklet"]
        [Section "Naming the Trump"]

        Trump: 2
        Trick 1: [0] 8/8 6/8 4/10 0/2 -> 3

    ``Rulesets`` lists every ruleset whose text states the example (the first is the one it is
    read under); a record of one ruleset may say ``Ruleset`` instead. Seats are numbered from
    0 in bidding order: seat 0 sits at the dealer's left, so the dealer is the last seat. The
    lines, in their order: ``Auction`` (calls from seat 0), ``Bid: 15 by 2`` (worked out from
    the auction when there is one), ``Trump``, ``Trick N: [leader] cards -> winner`` (the last
    trick may stop before its winner: a trick in progress), ``Hand S: cards`` (the hand of the
    seat to play next to that trick, or to lead) with ``Legal: cards`` (what that hand may play),
    ``Taken`` (points per side, in the format's order of sides), ``Result`` and ``Score``.
    """

    tags: dict[str, str]
    calls: tuple[str, ...] = ()
    bid: tuple[int, int] | None = None  # (seat, bid) when stated without an auction
    trump: str | None = None
    tricks: tuple[PlayedTrick, ...] = ()
    hand: tuple[int, tuple[Card, ...]] | None = None  # (seat, cards) of the player to play next
    taken: tuple[int, ...] | None = None

    # --- what the tags say ------------------------------------------------------------

    @property
    def rulesets(self) -> list[str]:
        """The ids of the rulesets that state this record (the ``Rulesets`` or ``Ruleset`` tag)."""
        if "Rulesets" in self.tags:
            return self.tags["Rulesets"].split()
        return [self.tags["Ruleset"]] if "Ruleset" in self.tags else []

    @property
    def citation(self) -> Citation | None:
        """Where the source states this example (the ``Source`` and ``Section`` tags), if it does."""
        if "Source" not in self.tags:
            return None
        return Citation(self.tags["Source"], self.tags.get("Section", "") or "the whole text")

    def under(self, ruleset_id: str | None = None) -> PartialPlay:
        """The record worked out under one of its rulesets (the first when none is named)."""
        names = self.rulesets
        if not names:
            raise RecordError('a record needs a [Ruleset "..."] or [Rulesets "..."] tag')
        rid = ruleset_id or names[0]
        if rid not in names:
            raise RecordError(f"this record is stated by {', '.join(names)}, not by {rid}")
        return PartialPlay(self, get_ruleset(rid))

    # --- writing ----------------------------------------------------------------------

    def __str__(self) -> str:
        head = "\n".join(f'[{k} "{_quote(v)}"]' for k, v in self.tags.items())
        body = "\n".join(self.under().lines())
        return head + "\n\n" + body + "\n" if body else head + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as JSON: its tags, its rulesets and its text."""
        return {"tags": dict(self.tags), "rulesets": self.rulesets, "text": str(self)}


def _default_format(ruleset: Ruleset, record: PartialRecord) -> Format:
    """Without a Format tag: for a trick, the format with that many players; else the partnership game."""
    if not record.tricks or record.hand is not None:
        return ruleset.partnership_format()
    n = len(record.tricks[0].cards)
    fits = [f for f in ruleset.formats.value if f.players == n]
    if not fits:  # a source may list only some of a trick's cards (Triple prints a four-card trick)
        return ruleset.partnership_format()
    return next((f for f in fits if len(f.teams) == 2), fits[0])


class PartialPlay:
    """A partial record worked out under one ruleset: the auction, trick verdicts and score."""

    def __init__(self, record: PartialRecord, ruleset: Ruleset) -> None:
        self.record = record
        self.ruleset = ruleset
        tags = record.tags
        try:
            self.format = ruleset.format(tags["Format"]) if "Format" in tags else _default_format(ruleset, record)
        except ValueError as e:
            raise RecordError(str(e)) from e
        players = self.format.players
        self.auction: Auction | None = None
        if record.calls:
            self.auction = Auction(ruleset.bidding.value, players, self.format.points_per_deal)
            for call in record.calls:
                try:
                    self.auction.do(parse_call(call))
                except ValueError as e:
                    raise RecordError(f"under {ruleset.short_name}: {e}") from e
        high = self.auction.high if self.auction is not None else None
        self.bid: tuple[int, int] | None = high if high is not None else record.bid
        if self.bid is not None and not 0 <= self.bid[0] < players:
            raise RecordError(f"the bidder's seat must be from 0 to {players - 1} ({self.format.label})")
        self.trump: Trump | None = None
        if record.trump is not None:
            try:
                self.trump = parse_trump(record.trump, ruleset.deck)
                check_trump(ruleset, self.trump)
            except ValueError as e:
                raise RecordError(f"under {ruleset.short_name}: {e}") from e
        self.verdicts: list[Verdict] = []
        self.legal: LegalPlays | None = None
        seen: set[Card] = set()
        for k, trick in enumerate(record.tricks, 1):
            if self.trump is None:
                raise RecordError(f"trick {k} needs a Trump line before it")
            least = 1 if self.in_progress and k == len(record.tricks) else 2
            if not least <= len(trick.cards) <= players:
                raise RecordError(f"trick {k} has {len(trick.cards)} cards; {self.format.label} has {players} players, "
                                  f"and a trick here needs {least} card{'s' if least > 1 else ''} or more, one from each player at most")
            if not 0 <= trick.leader < players:
                raise RecordError(f"trick {k}: the leader must be a seat from 0 to {players - 1}")
            if k > 1 and trick.leader != self.trick_winner(k - 2):
                raise RecordError(f"trick {k}: seat {self.trick_winner(k - 2)} took trick {k - 1}, so it leads, "
                                  f"not seat {trick.leader}")
            for card in trick.cards:
                if card in seen:  # the pack holds one of each card
                    raise RecordError(f"{card} is played twice")
                seen.add(card)
            if self.in_progress and k == len(record.tricks):
                continue  # a trick still being played has no winner yet
            try:
                self.verdicts.append(trick_verdict(ruleset, self.trump, trick.cards))
            except ValueError as e:
                raise RecordError(f"trick {k} under {ruleset.short_name}: {e}") from e
        if record.hand is not None:
            seat, hand = record.hand
            if self.trump is None:
                raise RecordError("a Hand line needs a Trump line before it")
            if self.to_play is not None and seat != self.to_play:
                raise RecordError(f"seat {self.to_play} plays next, so the Hand line must be 'Hand {self.to_play}', "
                                  f"not 'Hand {seat}'")
            if not 0 <= seat < players:
                raise RecordError(f"the hand's seat must be from 0 to {players - 1}")
            for card in hand:
                if card in seen:
                    raise RecordError(f"{card} is in the hand and already played")
            trick_so_far = record.tricks[-1].cards if self.in_progress else ()
            try:
                self.legal = legal_plays(ruleset, self.trump, hand, trick_so_far)
            except ValueError as e:
                raise RecordError(f"under {ruleset.short_name}: {e}") from e
        self.score: list[int] | None = None
        self.change: ScoreChange | None = None
        if record.taken is not None:
            if self.bid is None:
                raise RecordError("a Taken line needs the bid: an Auction or a 'Bid: N by S' line")
            if len(record.taken) != len(self.format.teams):
                raise RecordError(f"Taken needs {len(self.format.teams)} figures, one per side of {self.format.label}")
            seat, bid = self.bid
            team = self.format.team_of(seat)
            try:
                if len(self.format.teams) == 2:
                    self.change = score_deal(ruleset, bid, record.taken[team], record.taken[1 - team], self.format.id)
                    self.score = [self.change.bidder_side if t == team else self.change.opponents for t in range(2)]
                else:
                    self.score = score_seats(ruleset, self.format, seat, bid, record.taken)
            except ValueError as e:
                raise RecordError(f"under {ruleset.short_name}: {e}") from e

    @property
    def in_progress(self) -> bool:
        """Whether the last trick stops before its end (a hand to play to it follows)."""
        return self.record.hand is not None and bool(self.record.tricks) and \
            len(self.record.tricks[-1].cards) < self.format.players

    @property
    def to_play(self) -> int | None:
        """The seat to play next to the trick in progress (None when a hand leads)."""
        if not self.in_progress:
            return None
        last = self.record.tricks[-1]
        return (last.leader + len(last.cards)) % self.format.players

    def trick_winner(self, k: int) -> int:
        """The seat that takes trick ``k`` (from 0)."""
        trick = self.record.tricks[k]
        return (trick.leader + self.verdicts[k].winner) % self.format.players

    @property
    def made(self) -> bool | None:
        """Whether the bidder's side made its bid (None without a bid and the points taken)."""
        if self.record.taken is None or self.bid is None:
            return None
        return self.record.taken[self.format.team_of(self.bid[0])] >= self.bid[1]

    def lines(self) -> list[str]:
        """The record's lines as the engine works them out under this ruleset."""
        rec = self.record
        out: list[str] = []
        if rec.calls:
            out.append("Auction: " + " ".join(rec.calls))
        if self.bid is not None:
            out.append(f"Bid: {self.bid[1]} by {self.bid[0]}")
        elif self.auction is not None and self.auction.all_passed:
            out.append("Result: all passed, no play")
        if self.trump is not None:
            out.append(f"Trump: {self.trump}")
        for k, trick in enumerate(rec.tricks):
            line = f"Trick {k + 1}: [{trick.leader}] " + " ".join(str(c) for c in trick.cards)
            out.append(line if k >= len(self.verdicts) else f"{line} -> {self.trick_winner(k)}")
        if rec.hand is not None and self.legal is not None:
            out.append(f"Hand {rec.hand[0]}: " + " ".join(str(c) for c in rec.hand[1]))
            out.append("Legal: " + " ".join(str(c) for c in self.legal.legal))
        if rec.taken is not None and self.bid is not None and self.score is not None:
            seat, bid = self.bid
            took = rec.taken[self.format.team_of(seat)]
            out.append("Taken: " + " ".join(str(t) for t in rec.taken))
            out.append(f"Result: {seat} bid {bid} and took {took}: {'made' if self.made else 'set'}")
            out.append("Score: " + " ".join(_signed(s) for s in self.score))
        return out


_PARTIAL_TRICK = re.compile(r"Trick (\d{1,3}): \[(\d{1,2})\]((?: \S+)+?)(?: -> (\d{1,2}))?", re.ASCII)
_BID_LINE = re.compile(r"(\d{1,3}) by (\d{1,2})", re.ASCII)
_HAND_LINE = re.compile(r"Hand [0-9]+:")


def is_partial(text: str) -> bool:
    """Whether a record's text is a part of a deal (no seed and fewer than two hands), not a whole deal."""
    lines = [ln.strip() for ln in _text_of(text).splitlines()]
    if any(ln.startswith("[Seed ") for ln in lines):
        return False
    return sum(1 for ln in lines if _HAND_LINE.match(ln)) < 2


def parse_partial(text: str) -> PartialRecord:
    """Read a partial record (no hands); every line the engine works out must agree with it.

    The record is checked under each ruleset its ``Rulesets`` tag names.
    """
    lines, tags, at, i = _read_head(text)
    if "Ruleset" not in tags and "Rulesets" not in tags:
        raise RecordError('a record needs a [Ruleset "..."] or [Rulesets "..."] tag')
    if "Source" in tags and tags["Source"] not in SOURCES:
        raise RecordError(f"unknown source '{excerpt(tags['Source'])}'; the sources are: {', '.join(SOURCES)}",
                          at["Source"])
    if "Options" in tags:
        raise RecordError("a record without hands is read under its rulesets as they stand: it takes no Options tag",
                          at["Options"])
    name = "Rulesets" if "Rulesets" in tags else "Ruleset"
    names = tags[name].split()
    if not names:
        raise RecordError(f'[{name} ""]: the tag is empty; name a ruleset such as parker-1947', at[name])
    for rid in names:
        try:
            get_ruleset(rid)
        except ValueError as e:
            raise RecordError(str(e), at[name]) from e
    first = get_ruleset(names[0])
    deck = first.deck
    calls: list[str] = []
    bid: tuple[int, int] | None = None
    trump: str | None = None
    tricks: list[PlayedTrick] = []
    taken: tuple[int, ...] | None = None
    derived: list[tuple[int, str]] = []
    winners: list[bool] = []
    hand: tuple[int, tuple[Card, ...]] | None = None
    order = ["Auction", "Bid", "Trump", "Trick", "Hand", "Legal", "Taken", "Result", "Score"]
    last = -1
    for n in range(i, len(lines)):
        no, t = n + 1, lines[n].strip()
        if not t:
            continue
        key, sep, rest = t.partition(":")
        rest = rest.strip()
        kind = key.split()[0] if key.strip() else ""
        if not sep or kind not in order or (key != kind and kind not in ("Trick", "Hand")):
            raise RecordError(f"'{excerpt(t)}' is not a line of a partial record (Auction, Bid, Trump, Trick, Hand, "
                              "Legal, Taken, Result, Score)", no)
        if order.index(kind) < last or (order.index(kind) == last and kind != "Trick"):
            raise RecordError(f"a {kind} line cannot come here: the lines go in the order {', '.join(order)}", no)
        last = order.index(kind)
        if kind == "Auction":
            try:
                calls = [str(parse_call(c)) for c in rest.split()]
            except ValueError as e:
                raise RecordError(str(e), no) from e
        elif kind == "Bid":
            m = _BID_LINE.fullmatch(rest)
            points, seat = (_number(m.group(1)), _number(m.group(2))) if m else (None, None)
            _expect(points is not None and seat is not None, "write the bid as 'Bid: 15 by 2' (the bid, then the seat)", no)
            assert points is not None and seat is not None
            if calls:
                derived.append((no, t))
            else:
                bid = (seat, points)
        elif kind == "Trump":
            try:
                trump = str(parse_trump(rest, deck))
            except ValueError as e:
                raise RecordError(str(e), no) from e
        elif kind == "Trick":
            m = _PARTIAL_TRICK.fullmatch(t)
            _expect(m is not None, f"'{excerpt(t)}' is not a trick: write Trick 1: [leader] cards -> winner", no)
            assert m is not None
            _expect(m.group(1) == str(len(tricks) + 1), f"expected trick {len(tricks) + 1}", no)
            try:
                cards = tuple(parse_card(c, deck) for c in m.group(3).split())
            except ValueError as e:
                raise RecordError(str(e), no) from e
            _expect(not tricks or bool(winners[-1]), f"trick {len(tricks)} has no winner, so no trick can follow it", no)
            tricks.append(PlayedTrick(int(m.group(2)), cards))
            winners.append(m.group(4) is not None)
            derived.append((no, t))
        elif kind == "Hand":
            seat = _number(key[5:], 2) if key.startswith("Hand ") else None
            _expect(seat is not None, "write the hand as 'Hand 1: cards'", no)
            assert seat is not None
            try:
                hand = (seat, tuple(parse_card(c, deck) for c in rest.split()))
            except ValueError as e:
                raise RecordError(str(e), no) from e
        elif kind == "Legal":
            _expect(hand is not None, "a Legal line follows the Hand line it answers", no)
            derived.append((no, t))
        elif kind == "Taken":
            figures = [_number(p, 3) for p in rest.split()]
            _expect(bool(figures) and None not in figures, "write the points each side took: 'Taken: 16 8'", no)
            taken = tuple(p for p in figures if p is not None)
        else:
            derived.append((no, t))
    if winners and not winners[-1] and hand is None:
        raise RecordError(f"trick {len(tricks)} has no winner: end it with '-> seat', or give the Hand to play to it")
    rec = PartialRecord(tags, tuple(calls), bid, trump, tuple(tricks), hand, taken)
    for rid in rec.rulesets:
        wanted = rec.under(rid).lines()
        for no, t in derived:
            if t not in wanted:
                key = t.split(":")[0].split()[0]
                same = [w for w in wanted if w.split(":")[0] == t.split(":")[0]] or \
                       [w for w in wanted if w.split()[0] == key]
                raise RecordError(f"under {get_ruleset(rid).short_name}, '{excerpt(t, 60)}' does not agree with the engine, "
                                  "which gives "
                                  f"'{same[0] if same else 'nothing'}'", no)
    return rec
