"""The parts a partial record can show, each one class: an auction, tricks, a hand to play, a score.

A worked example from a source, or a record pasted into the replayer, shows one or more of these
parts. Each part says whether a record has it, gives the replayer's steps for it (a label, a
sentence, and what the table shows) and a title, and, when it is the main part of a worked
example, the example's name and the line a ruleset page prints about it, with the tool that can
try it. The replay, the list of worked examples and the site's build hook all go through
:data:`PARTS`, so none of them switches on what an example shows.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ..rules.bidding import Auction, parse_call
from ..rules.cards import Card, Trump
from ..rules.describe import signed
from ..rules.play import led_suit, rover_active
from .partial_record import PartialPlay
from ..rules.dimensions import Ruleset

__all__ = ["Part", "PARTS", "Step", "main_part", "partial_steps", "ORDINAL_SEATS"]

Step = dict[str, Any]

ORDINAL_SEATS = ("the first player", "the second player", "the third player", "the fourth player",
                 "the fifth player", "the sixth player", "the seventh player", "the eighth player")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(str(c) for c in cards)


class Part:
    """One part of a partial record. Subclasses supply every method."""

    name: ClassVar[str]
    #: When a worked example shows several parts, the one with the lowest rank names it.
    rank: ClassVar[int]

    def present(self, play: PartialPlay) -> bool:
        """Whether the record shows this part."""
        raise NotImplementedError

    def steps(self, play: PartialPlay, cite: Any, said: str) -> tuple[list[Step], list[str]]:
        """The replayer's steps for this part, and the titles it adds to the replay's title."""
        raise NotImplementedError

    def example_id(self, play: PartialPlay) -> str:
        """A stable name for a worked example whose main part this is (used in addresses)."""
        raise NotImplementedError

    def headline(self, play: PartialPlay) -> str:
        """The line a ruleset page prints about the example: the position, the source's answer and the engine's."""
        raise NotImplementedError

    def tool(self, play: PartialPlay) -> tuple[str, str, dict[str, str]] | None:
        """The site's tool that can try the example: (page, its name, the link's parameters)."""
        return None


def _bidder_name(seat: int, players: int) -> str:
    if seat == players - 1:
        return "the dealer"
    if seat == 0:
        return "the dealer's left"
    return ORDINAL_SEATS[seat]


class AuctionPart(Part):
    name = "auction"
    rank = 3

    def present(self, play: PartialPlay) -> bool:
        return bool(play.record.calls)

    def steps(self, play: PartialPlay, cite: Any, said: str) -> tuple[list[Step], list[str]]:
        r, n = play.ruleset, play.format.players
        auction = Auction(r.bidding.value, n, play.format.points_per_deal)
        steps: list[Step] = []
        calls: list[str] = []
        for text in play.record.calls:
            call = parse_call(text)
            who = _bidder_name(auction.to_act or 0, n)
            high = auction.high
            auction.do(call)
            calls.append(str(call))
            if call.is_pass:
                words = f"{who.capitalize()} passes" + (" (and may still bid later)." if not auction.is_over else ".")
            elif high is None:
                words = f"{who.capitalize()} opens the bidding at {call}."
            else:
                words = f"{who.capitalize()} bids {call}, over {high[1]}."
            steps.append({"label": f"Call {len(calls)}", "calls": list(calls), "text": words})
        if auction.high is not None:
            steps.append({"label": "Result", "calls": list(calls),
                          "text": f"Everyone else has passed the high bid: {_bidder_name(auction.high[0], n)} wins the "
                          f"bid at {auction.high[1]} and names trump.", "citation": cite})
        return steps, ["Auction: " + ", ".join(play.record.calls)]

    def example_id(self, play: PartialPlay) -> str:
        record = play.record
        return f"auction-{_slug('-'.join(record.calls))}"

    def headline(self, play: PartialPlay) -> str:
        n = play.format.players
        seats = ["the dealer's left", "the next player", "the third player", "the dealer"] if n == 4 else \
            [f"seat {i}" for i in range(n)]
        calls = ", ".join(f"{seats[i % n]} {c}" for i, c in enumerate(play.record.calls))
        assert play.bid is not None
        return (f"**Auction:** {calls}. The source: {seats[play.bid[0]]} wins the bid at {play.bid[1]}. "
                "The engine agrees (a pass does not stop a later bid).")


def _card_note(r: Ruleset, trump: Trump, played: tuple[Card, ...], card: Card) -> str:
    if not played:
        what = "a trump" if trump.is_trump(card) else ("the Rover" if card.is_rover else f"the /{card.suit} suit")
        return f"{card} is led: {what}."
    suit = led_suit((*played, card), trump)
    rover_in = any(c.is_rover for c in played) and rover_active(r, trump)
    if card.is_rover and not trump.is_zero:
        return f"{card}, the Rover: with no trump in the trick, it makes every double a trump for this trick."
    if suit is not None and (card.suit == suit or (card.is_ss and trump.suit == suit)):
        return f"{card} follows suit."
    if trump.is_trump(card):
        return f"{card} is a trump, played by a player with none of the suit led."
    if card.is_double and rover_in:
        return f"{card} is a double played after the 0/0: for this trick it counts as a trump."
    return f"{card} is a discard from a player with none of the suit led" + (
        "; it is a double, which matters if the 0/0 is played." if card.is_double else "."
    )


class TrickPart(Part):
    """The trump and the tricks, each card with a word on it, and each finished trick's winner."""

    name = "trick"
    rank = 1

    def present(self, play: PartialPlay) -> bool:
        return play.trump is not None and bool(play.record.tricks)

    def steps(self, play: PartialPlay, cite: Any, said: str) -> tuple[list[Step], list[str]]:
        trump, r = play.trump, play.ruleset
        assert trump is not None
        note = play.record.tags.get("Note", "")
        steps: list[Step] = [{"label": "Trump", "cards": [], "text": f"Trump is {trump.label}." + (f" {note}" if note else "")}]
        titles = []
        for k, trick in enumerate(play.record.tricks):
            cards = trick.cards
            for i, card in enumerate(cards):
                steps.append({"label": f"{ORDINAL_SEATS[i].capitalize()} plays", "cards": [str(c) for c in cards[: i + 1]],
                              "text": _card_note(r, trump, cards[:i], card)})
            if k >= len(play.verdicts):
                continue  # the trick in progress: the hand to play to it is the next part
            v = play.verdicts[k]
            steps.append({"label": "The trick", "cards": [str(c) for c in cards], "winner": v.winner,
                          "text": f"{v.card} takes the trick, {said}. {v.reason}", "citation": cite})
            titles.append(f"Trump {trump.label}: {_cards(cards)}")
        return steps, titles

    def example_id(self, play: PartialPlay) -> str:
        record = play.record
        return f"trick-{record.trump}-{_slug(' '.join(str(c) for c in record.tricks[0].cards))}"

    def headline(self, play: PartialPlay) -> str:
        assert play.trump is not None
        cards, v = play.record.tricks[0].cards, play.verdicts[0]
        return (f"**Trump {play.trump.label}; played {_cards(cards)}.** The source: {v.card} wins. "
                f"The engine agrees: {v.reason}")

    def tool(self, play: PartialPlay) -> tuple[str, str, dict[str, str]] | None:
        cards = play.record.tricks[0].cards
        return "trick", "trick resolver", {"rules": play.ruleset.id, "trump": str(play.trump),
                                           "cards": ",".join(str(c) for c in cards)}


class HandPart(Part):
    """A hand to play to the trick in progress: what it may play, and why not the rest."""

    name = "hand"
    rank = 0

    def present(self, play: PartialPlay) -> bool:
        return play.legal is not None and play.in_progress and play.trump is not None

    def steps(self, play: PartialPlay, cite: Any, said: str) -> tuple[list[Step], list[str]]:
        assert play.record.hand is not None and play.legal is not None and play.trump is not None
        trick = play.record.tricks[-1].cards
        hand = [str(c) for c in play.record.hand[1]]
        who = ORDINAL_SEATS[len(trick)]
        legal = play.legal
        shown = [str(c) for c in trick]
        steps: list[Step] = [
            {"label": "The hand", "cards": shown, "hand": hand,
             "text": f"{who.capitalize()} holds {', '.join(hand)}. Which of them may be played?"}]
        allowed = _cards(legal.legal)
        words = (f"Only {allowed} may be played." if len(legal.legal) == 1 else f"Any of {allowed} may be played.")
        if any(c.is_rover for c in legal.legal) and any(not c.is_rover for c in legal.legal):
            rule = play.ruleset.rover_play.summary.rstrip(".")
            words += f" The 0/0 may go too: {rule[0].lower()}{rule[1:]}."
        words += "".join(f" {i.reason.rstrip('.')}." for i in legal.illegal)
        if legal.note:
            words += f" (Interpretation: {legal.note})"
        steps.append({"label": "What may be played", "cards": shown, "hand": hand, "legal": [str(c) for c in legal.legal],
                      "text": words + (" This is the source's answer." if cite else ""), "citation": cite})
        return steps, [f"Trump {play.trump.label}: what may be played to {_cards(trick)}"]

    def example_id(self, play: PartialPlay) -> str:
        record = play.record
        assert record.hand is not None
        return f"legal-{record.trump}-{_slug(' '.join(str(c) for c in record.tricks[0].cards))}-hand-" \
            f"{_slug(' '.join(str(c) for c in record.hand[1]))}"

    def headline(self, play: PartialPlay) -> str:
        assert play.record.hand is not None and play.legal is not None and play.trump is not None
        legal = play.legal.legal
        return (f"**Trump {play.trump.label}; {_cards(play.record.tricks[-1].cards)} led; the next player holds "
                f"{_cards(play.record.hand[1])}.** The source: {_cards(legal)} {'may' if len(legal) > 1 else 'must'} "
                "be played. The engine agrees.")


class ScorePart(Part):
    name = "score"
    rank = 2

    def present(self, play: PartialPlay) -> bool:
        return play.record.taken is not None and play.bid is not None and play.change is not None

    def steps(self, play: PartialPlay, cite: Any, said: str) -> tuple[list[Step], list[str]]:
        sc = play.change
        assert sc is not None
        steps: list[Step] = [
            {"label": "The deal", "text": f"The bid was {sc.bid}. The bidder's side took {sc.made} points "
             f"and the other side {sc.against}."},
            {"label": "Made or set", "text": ("Set: " if sc.set else "Made: ") + sc.reason},
            {"label": "Score", "bidder_side": sc.bidder_side, "opponents": sc.opponents,
             "text": f"The bidder's side scores {signed(sc.bidder_side)}, the other side {signed(sc.opponents)}, {said}.",
             "citation": cite},
        ]
        return steps, [f"Bid {sc.bid}, {sc.made} to {sc.against}"]

    def example_id(self, play: PartialPlay) -> str:
        assert play.bid is not None and play.record.taken is not None
        return f"score-{play.bid[1]}-" + "-".join(str(t) for t in play.record.taken)

    def headline(self, play: PartialPlay) -> str:
        sc = play.change
        assert sc is not None
        return (f"**Bid {sc.bid}; the bidder's side takes {sc.made}, the other side {sc.against}.** The source: "
                f"{signed(sc.bidder_side)} and {signed(sc.opponents)}. The engine agrees: {sc.reason}")

    def tool(self, play: PartialPlay) -> tuple[str, str, dict[str, str]] | None:
        sc = play.change
        assert sc is not None
        return "score", "score calculator", {"rules": play.ruleset.id, "bid": str(sc.bid), "made": str(sc.made),
                                             "against": str(sc.against)}


#: The parts in the order a replay shows them.
PARTS: tuple[Part, ...] = (AuctionPart(), TrickPart(), HandPart(), ScorePart())


def main_part(play: PartialPlay) -> Part:
    """The part a worked example is about (a hand to play, else a trick, a score, an auction)."""
    present = [p for p in PARTS if p.present(play)]
    if not present:
        raise ValueError("this record shows nothing: give an Auction, a Trump and a Trick, or a Bid and Taken")
    return min(present, key=lambda p: p.rank)


def partial_steps(play: PartialPlay) -> tuple[list[Step], str]:
    """Every step of a partial record, part after part, and the replay's title."""
    rec = play.record
    cite = rec.citation.to_json() if rec.citation else None
    said = "as the source says" if cite else "as the record says"
    steps: list[Step] = []
    titles: list[str] = []
    for part in PARTS:
        if part.present(play):
            more, named = part.steps(play, cite, said)
            steps += more
            titles += named
    return steps, "; ".join(titles) or "Worked example"
