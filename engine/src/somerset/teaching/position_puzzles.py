"""The kinds of puzzle read from one position: which card takes the trick (``winner``), which cards
may be played (``legal``), which card to play (``play``), what to put back from the kitty
(``discard``), what may be bid (``bid``) and what a deal scores (``score``).

Each is one class (see :class:`~somerset.teaching.puzzle_base.PuzzleKind`) that asks the engine
for its answer; :data:`somerset.teaching.puzzle_kinds.PUZZLE_KINDS` lists them with the others.
"""

from __future__ import annotations

from ..rules.cards import parse_trump
from ..rules.describe import MINUS
from ..rules.kitty import bid_after_discards, check_discards
from ..rules.play import legal_plays, trick_verdict, why_not_winner
from ..rules.rulesets import RULESETS
from ..rules.scoring import score_deal
from .contentfile import Entry
from .puzzle_base import Fact, Puzzle, PuzzleKind, cards_text, citation_json

__all__ = ["Winner", "Legal", "Play", "Discard", "Bid", "Score", "ValueKind"]


class _CardKind(PuzzleKind):
    """A kind answered with cards in notation."""

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        value = entry.raw("answer")
        if value is None:
            raise entry.error("this field is required: the cards that answer, such as \"S/S\" or \"6/6, 8/8\"", "answer")
        if not isinstance(value, str):
            raise entry.error('write the cards that answer as text, such as "S/S" or "6/6, 8/8"', "answer")
        return tuple(t for t in value.replace(",", " ").split())

    def trump_fact(self, p: Puzzle) -> list[Fact]:
        return [("Trump", parse_trump(p.trump, p.rules.deck).label)] if p.trump else []


class Winner(_CardKind):
    """Which card takes the whole trick given."""

    name = "winner"
    task = "who takes the trick"
    question = "Which card takes the trick?"
    pick = "one card of the trick"
    single = True
    offer = "trick"
    offer_heading = "The trick, in play order"
    fields = ("trump", "trick")
    required = ("trump", "trick")
    about = "Which card takes this trick? The trick is every card played to it, in order."
    answer_form = 'the one card that takes the trick, such as "S/S"'

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        r = p.rules
        return (str(trick_verdict(r, parse_trump(p.trump, r.deck), p.cards(p.trick)).card),)

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        r = p.rules
        return trick_verdict(r, parse_trump(p.trump, r.deck), p.cards(p.trick)).reason

    def facts(self, p: Puzzle) -> list[Fact]:
        return [*self.trump_fact(p), ("The trick, in order", ", ".join(cards_text(p, p.trick)))]

    def refutation(self, p: Puzzle, value: str) -> str:
        r = p.rules
        cards = p.cards(p.trick)
        return why_not_winner(r, parse_trump(p.trump, r.deck), cards, [str(c) for c in cards].index(value))

    def citation(self, p: Puzzle) -> dict[str, str] | None:
        r = p.rules
        return citation_json(trick_verdict(r, parse_trump(p.trump, r.deck), p.cards(p.trick)).citation)

    def shows_played(self, p: Puzzle) -> bool:
        return False  # the trick is what the reader chooses from


class _HandKind(_CardKind):
    """A kind played from a hand to a trick (which may be empty: the reader leads)."""

    def facts(self, p: Puzzle) -> list[Fact]:
        out = self.trump_fact(p)
        played = cards_text(p, p.trick)
        if played:
            out.append(("Played so far", ", ".join(played)))
        else:
            out.append((self.lead_line(p).rstrip("."), None))
        out.append(("Your hand", ", ".join(cards_text(p, p.hand))))
        after = cards_text(p, p.after)
        if after:
            out.append(("Still to play after you", ", ".join(after)))
        return out

    def lead_line(self, p: Puzzle) -> str:
        return "You lead to the first trick." if p.first_trick else "You lead."

    def _legal(self, p: Puzzle) -> tuple[list[str], str]:
        r = p.rules
        res = legal_plays(r, parse_trump(p.trump, r.deck), p.cards(p.hand), p.cards(p.trick), first_trick=p.first_trick)
        why = " ".join(f"{i.card}: {i.reason}" for i in res.illegal)
        return [str(c) for c in res.legal], why

    def _illegal(self, p: Puzzle) -> dict[str, str]:
        """Each card of the hand that may not be played, with the engine's reason."""
        r = p.rules
        res = legal_plays(r, parse_trump(p.trump, r.deck), p.cards(p.hand), p.cards(p.trick), first_trick=p.first_trick)
        return {str(i.card): f"{i.card} may not be played: {i.reason}" for i in res.illegal}

    def refutation(self, p: Puzzle, value: str) -> str:
        return self._illegal(p)[value]


class Legal(_HandKind):
    """Which cards of the hand may be played to the trick."""

    name = "legal"
    task = "which cards may be played"
    pick = "every card you may play"
    fields = ("trump", "hand", "trick", "first_trick")
    required = ("trump", "hand")
    about = "Which cards of this hand may be played to the trick (or led)? The answer is every legal card."

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return tuple(sorted(self._legal(p)[0]))

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        return self._legal(p)[1] or "Every card in the hand may be played."


class Play(_HandKind):
    """Which cards win the trick for your side, the players after you playing the cards given."""

    name = "play"
    task = "which cards win the trick"
    pick = "every card that wins the trick for your side"
    fields = ("trump", "hand", "trick", "after", "first_trick", "format")
    required = ("trump", "hand")
    about = ("Which cards win the trick for your side, given the cards the players after you will play? "
             "The answer is every legal card that does.")

    def _outcomes(self, p: Puzzle) -> list[tuple[str, str, bool]]:
        r = p.rules
        trump = parse_trump(p.trump, r.deck)
        out = []
        for card in self._legal(p)[0]:
            v = trick_verdict(r, trump, (*p.cards(p.trick), *p.cards(card), *p.cards(p.after)))
            out.append((card, str(v.card), v.winner in p.side()))
        return out

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return tuple(sorted(card for card, _, ours in self._outcomes(p) if ours))

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        why = self._legal(p)[1]
        outcomes = " ".join(f"If you play {card}, {winner} wins for {'your side' if ours else 'the other side'}."
                            for card, winner, ours in self._outcomes(p))
        return outcomes + (" " + why if why else "")

    def refutation(self, p: Puzzle, value: str) -> str:
        illegal = self._illegal(p)
        if value in illegal:
            return illegal[value]
        r = p.rules
        v = trick_verdict(r, parse_trump(p.trump, r.deck), (*p.cards(p.trick), *p.cards(value), *p.cards(p.after)))
        return f"If you play {value}, {v.card} takes the trick for the other side: {v.reason}"


class Discard(_HandKind):
    """Which cards the high bidder may put back after taking the kitty."""

    name = "discard"
    task = "which cards may be discarded"
    pick = "every card you may discard"
    offer_heading = "Your hand with the kitty"
    fields = ("trump", "hand")
    required = ("trump", "hand")
    about = "Which cards may the high bidder put back after taking the kitty? The hand includes the kitty."

    def check_read(self, p: Puzzle, entry: Entry) -> None:
        r = p.rules
        if r.undealt.value.exchange.keeps_kitty:  # the hand would have to say which cards are the kitty's
            raise entry.error(f"under {r.short_name} the bidder keeps the kitty's cards and discards any of the "
                              "cards he was dealt, so a discard puzzle has nothing to ask: choose a ruleset whose "
                              "discards are restricted, such as boardgamegeek", "kind")
        super().check_read(p, entry)

    def _checks(self, p: Puzzle) -> list[tuple[str, bool, str]]:
        r = p.rules
        return [(str(d.card), d.allowed, d.reason) for d in check_discards(r, parse_trump(p.trump, r.deck), p.cards(p.hand))]

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return tuple(sorted(card for card, allowed, _ in self._checks(p) if allowed))

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        return " ".join(reason + "." for _, _, reason in self._checks(p))

    def facts(self, p: Puzzle) -> list[Fact]:
        return [*self.trump_fact(p), ("Your hand with the kitty", ", ".join(cards_text(p, p.hand)))]

    def refutation(self, p: Puzzle, value: str) -> str:
        reason = next(reason for card, allowed, reason in self._checks(p) if card == value and not allowed)
        return f"{value} may not be discarded: {reason}."

    def lead_line(self, p: Puzzle) -> str:
        return ""


class ValueKind(PuzzleKind):
    """A kind answered by choosing one of a few values."""

    single = True
    offer = "choices"
    pick = "one value"
    answers_with_cards = False

    def given(self, p: Puzzle, response: list[str]) -> tuple[str, ...]:
        return tuple(response)

    def shows_played(self, p: Puzzle) -> bool:
        return False


def _score_text(bidder: int, opponents: int) -> str:
    return f"{bidder:+d} / {opponents:+d}"


class Bid(ValueKind):
    """What the bidder must make after putting cards back from the kitty."""

    name = "bid"
    task = "what the bidder must make"
    offer_heading = "The bid to make"
    fields = ("bid", "discards")
    required = ("bid", "discards")
    about = "What must the bidder now make, after discarding these cards from the kitty?"
    answer_form = "the bid to make, a whole number such as 16"

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        return (str(entry.integer("answer", low=1)),)

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return (str(bid_after_discards(p.rules, p.bid, p.cards(p.discards))),)

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        return f"Each discarded count card raises the bid by its value: the bid becomes {expected[0]}."

    def choices(self, p: Puzzle) -> list[str]:
        return [str(p.bid + k) for k in range(0, 5)]

    def choice_labels(self, p: Puzzle) -> list[str]:
        return [f"bid {v}" for v in self.choices(p)]

    def refutation(self, p: Puzzle, value: str) -> str:
        r = p.rules
        discards = p.cards(p.discards)
        counted = [f"{c} ({r.deck.count_value(c)})" for c in discards if r.deck.count_value(c)]
        right = bid_after_discards(r, p.bid, discards)
        raised = int(value) - p.bid
        if not r.undealt.value.exchange.count_raises_bid:
            why = f"under {r.short_name} the discards do not change the bid: it stays {p.bid}"
        elif counted:
            why = (f"the count cards discarded ({', '.join(counted)}) raise the bid by {right - p.bid}, "
                   f"to {right}")
        else:
            why = f"no count card was discarded, so the bid stays {p.bid}"
        return f"Bid {value} would mean a rise of {raised}; {why}."


class Score(ValueKind):
    """What a deal scores for each side."""

    name = "score"
    task = "what each side scores"
    offer_heading = "Bidder's side / other side"
    fields = ("bid", "made", "against", "format")
    required = ("bid", "made", "against")
    about = "What does each side score for this deal?"
    answer_form = 'the bidder\'s side, a slash, the other side, each with its sign, such as "-6 / +22"'

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        text = entry.text("answer")
        parts = [s.strip() for s in text.split("/")]
        ok = len(parts) == 2 and all(s[:1] in "+-" and s[1:].isdigit() for s in parts)
        if not ok:
            raise entry.error(f"'{text[:40]}' is not a score: write the bidder's side, a slash and the other side, "
                              "each with its sign, such as \"-6 / +22\"", "answer")
        return (_score_text(int(parts[0]), int(parts[1])),)

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        sc = score_deal(p.rules, p.bid, p.made, p.against, p.format)
        return (_score_text(sc.bidder_side, sc.opponents),)

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        return score_deal(p.rules, p.bid, p.made, p.against, p.format).reason

    def choices(self, p: Puzzle) -> list[str]:
        """Every score some ruleset gives this deal, and two common mistakes."""
        seen: list[str] = []
        for r in RULESETS.values():
            try:
                sc = score_deal(r, p.bid, p.made, p.against)
            except ValueError:
                continue
            text = _score_text(sc.bidder_side, sc.opponents)
            if text not in seen:
                seen.append(text)
        for text in (_score_text(p.made, 0), _score_text(-(p.bid - p.made), p.against)):
            if text not in seen:
                seen.append(text)
        return sorted(seen, key=lambda t: int(t.split("/")[0]))

    def refutation(self, p: Puzzle, value: str) -> str:
        right = score_deal(p.rules, p.bid, p.made, p.against, p.format)
        others = []
        for r in RULESETS.values():
            try:
                sc = score_deal(r, p.bid, p.made, p.against)
            except ValueError:
                continue
            if _score_text(sc.bidder_side, sc.opponents) == value:
                others.append(r.short_name)
        shown = value.replace("-", MINUS)
        if others:
            where = f"{shown} is how {', '.join(others)} would score this deal, not {p.rules.short_name}."
        else:
            where = f"No ruleset scores this deal {shown}."
        return f"{where} Under {p.rules.short_name}: {right.reason}"

    def citation(self, p: Puzzle) -> dict[str, str] | None:
        return citation_json(score_deal(p.rules, p.bid, p.made, p.against, p.format).citation)

    def choice_labels(self, p: Puzzle) -> list[str]:
        def words(n: str) -> str:
            return n.replace("+", "plus ").replace("-", "minus ")
        return [f"bidder's side {words(a.strip())}, other side {words(b.strip())}"
                for a, b in (c.split("/") for c in self.choices(p))]
