"""The kinds of puzzle: what each asks, how the engine solves it, and how it is shown.

A kind is one class. It names the fields of the position it reads, solves a puzzle by asking
the engine, explains the engine's answer, lists the facts a page prints above the question, and
says what the reader chooses from. The puzzle files, the site's build hook and the browser widget
all go through :data:`PUZZLE_KINDS`, so adding a kind means adding one class here.

:meth:`PuzzleKind.trainer` gives a puzzle's *trainer record*: the JSON the puzzle trainer page
judges without the engine (the answer, a refutation of every wrong choice, the hint and the
solution, all worked out here at build time). Its shape is shared with the other kinds of puzzle
and checked by :func:`somerset.service.trainer.check_record`. :meth:`PuzzleKind.difficulty` grades a
puzzle from 1 to 5 from what can be counted in it, not from a number typed into its file.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar

from ..rules.cards import parse_cards, parse_trump
from ..rules.describe import MINUS
from .contentfile import Entry
from ..rules.kitty import bid_after_discards, check_discards
from ..rules.play import legal_plays, trick_verdict, why_not_winner
from ..rules.dimensions import Format, Ruleset
from ..rules.rulesets import RULESETS
from ..rules.scoring import score_deal

if TYPE_CHECKING:
    from .puzzles import Puzzle

__all__ = ["PuzzleKind", "PUZZLE_KINDS", "Fact", "DIFFICULTY_MEASURES", "PuzzleProofError"]

#: A fact printed above a puzzle: a label and its value (None: the label is the whole sentence).
Fact = tuple[str, str | None]


def _cards_text(p: Puzzle, text: str) -> list[str]:
    return [str(c) for c in p.cards(text)]


#: What the difficulty grade counts, one point each above 1 (the contributors' page lists them).
DIFFICULTY_MEASURES: tuple[tuple[str, str], ...] = (
    ("cards", "six or more cards to weigh (in the trick, the hand and those still to come) or five or more values"),
    ("rulesets", "the answer changes under another ruleset played with the same pack: a rule on which they differ decides it"),
    ("special", "a special card or trump is in play: the 0/0, the S/S, the 0/0 named trump or No Trump"),
    ("mixed", "the answer is some but not all of several cards: each must be judged on its own"),
)


def _citation(c: Any) -> dict[str, str] | None:
    return None if c is None else dict(c.to_json())


class PuzzleKind:
    """What every kind supplies. Subclasses set the class attributes and the methods they need."""

    name: ClassVar[str]
    #: The question asked when the file gives none.
    question: ClassVar[str] = ""
    #: What the reader answers with, as the page says it ("Answer with ...").
    pick: ClassVar[str]
    #: True when the answer is one value; False when it is every card that answers.
    single: ClassVar[bool] = False
    #: What the reader chooses from: the cards of the trick, of the hand, or the offered values.
    offer: ClassVar[str] = "hand"
    #: The heading over what the reader chooses from.
    offer_heading: ClassVar[str] = "Your hand"
    #: The position's fields this kind reads (besides the fields every puzzle has) and which are required.
    fields: ClassVar[tuple[str, ...]]
    required: ClassVar[tuple[str, ...]]
    #: One line for the contributors' page: what the kind asks.
    about: ClassVar[str]
    #: Whether the stated answer is cards (read in the puzzle's pack), rather than values.
    answers_with_cards: ClassVar[bool] = True
    #: How the file states the answer (the contributors' page says it).
    answer_form: ClassVar[str] = 'the cards that answer, as text, such as "S/S" or "6/6, 8/8"'
    #: Fields only this kind reads (beyond the shared position fields), with what each holds.
    own_fields: ClassVar[dict[str, str]] = {}
    #: Which of ``own_fields`` a file must give.
    own_required: ClassVar[tuple[str, ...]] = ()
    #: True for kinds in which the reader plays cards against defenders (every hand shown, judged
    #: step by step, such as the ending puzzles); the API's one-trick ``puzzle`` and ``judge``
    #: requests and the list's one-trick blocks leave them out.
    plays_out: ClassVar[bool] = False

    # --- reading a file ------------------------------------------------------------------------

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        """The stated answer: for card kinds, a text of cards (such as "6/6, 8/8")."""
        return tuple(entry.text_list("answer", required=True))

    def read_setup(self, entry: Entry, r: Ruleset, fmt: Format) -> Any:
        """The kind's own fields (``own_fields``), read and checked; None for kinds without any."""
        return None

    def check_read(self, p: Puzzle, entry: Entry) -> None:
        """What reading a file checks of a whole puzzle: by default, that the engine can solve it."""
        try:
            self.solve(p)
        except ValueError as e:
            raise entry.error(f"the engine cannot solve this position: {e}") from e

    # --- the engine ------------------------------------------------------------------------------

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        """The engine's answer, in the form the stated answer takes."""
        raise NotImplementedError

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        """The engine's explanation of the answer."""
        raise NotImplementedError

    def choices(self, p: Puzzle) -> list[str]:
        """The values offered when the answer is a value, not cards."""
        return []

    def choice_labels(self, p: Puzzle) -> list[str]:
        """How a screen reader says each offered value."""
        return list(self.choices(p))

    def given(self, p: Puzzle, response: list[str]) -> tuple[str, ...]:
        """A reader's answer in the form the solution takes (cards in notation, sorted)."""
        return tuple(sorted(str(c) for c in parse_cards(list(response), p.rules.deck)))

    # --- showing the puzzle -----------------------------------------------------------------------

    def facts(self, p: Puzzle) -> list[Fact]:
        """What a page prints about the position above the question."""
        return []

    def shows_played(self, p: Puzzle) -> bool:
        """Whether the cards already played are shown apart from what the reader chooses from."""
        return True

    def lead_line(self, p: Puzzle) -> str:
        """A sentence shown when the reader leads (no card played yet); empty if it does not apply."""
        return ""

    # --- the trainer ----------------------------------------------------------------------------

    def offered(self, p: Puzzle) -> list[str]:
        """Every value the reader chooses from, in the order shown."""
        if self.offer == "trick":
            return _cards_text(p, p.trick)
        if self.offer == "choices":
            return self.choices(p)
        return _cards_text(p, p.hand)

    def refutation(self, p: Puzzle, value: str) -> str:
        """Why a wrong choice is wrong, in the engine's words."""
        raise NotImplementedError

    def citation(self, p: Puzzle) -> dict[str, str] | None:
        """The source of the rule that decides the answer, where one rule does."""
        return None

    def table(self, p: Puzzle) -> dict[str, Any]:
        """What the reader sees of the position: trump, seats, the trick so far, the hand."""
        r = p.rules
        fmt = r.format(p.format) if p.format else r.partnership_format()
        trick = _cards_text(p, p.trick)
        out: dict[str, Any] = {
            "trump": p.trump or None,
            "trump_label": parse_trump(p.trump, r.deck).label if p.trump else None,
            "players": max(fmt.players, len(trick) + 1 + len(_cards_text(p, p.after))),
            "leader": 0,
            # Facts the page cannot draw as cards (for value kinds: the bid, the points); a position
            # of cards is drawn from the trick and the hands instead.
            "facts": [[label, value] for label, value in self.facts(p)] if self.offer == "choices" else [],
        }
        if self.offer == "hand":
            you = len(trick)
            hands: list[list[str] | None] = [None] * out["players"]
            hands[you] = _cards_text(p, p.hand)
            out.update(you=you, hands=hands, trick=[{"seat": i, "card": c} for i, c in enumerate(trick)],
                       after=[{"seat": you + 1 + i, "card": c} for i, c in enumerate(_cards_text(p, p.after))])
            if not trick:
                out["lead_line"] = self.lead_line(p)
        elif self.offer == "trick":
            out.update(you=None, trick=[{"seat": i, "card": c} for i, c in enumerate(trick)])
        return out

    def difficulty(self, p: Puzzle) -> int:
        """1 (easiest) to 5: one more for each measure of :data:`DIFFICULTY_MEASURES` the puzzle meets."""
        return 1 + len(self.difficulty_reasons(p))

    def difficulty_reasons(self, p: Puzzle) -> list[str]:
        """The ids of the measures in :data:`DIFFICULTY_MEASURES` that this puzzle meets."""
        offered = self.offered(p)
        seen = [*_cards_text(p, p.trick), *_cards_text(p, p.hand), *_cards_text(p, p.after)]
        out = []
        if len(set(seen)) >= 6 or (self.offer == "choices" and len(offered) >= 5):
            out.append("cards")
        mine = tuple(sorted(self.solve(p)))
        for other in RULESETS.values():
            if other.id == p.ruleset or other.deck is not p.rules.deck:
                continue
            try:
                theirs = tuple(sorted(self.solve(dataclasses.replace(p, ruleset=other.id))))
            except ValueError:
                continue  # a position the other ruleset cannot hold (a format it lacks, say)
            if theirs != mine:
                out.append("rulesets")
                break
        cards = p.cards(" ".join(seen))
        if any(c.is_rover or c.is_ss for c in cards) or p.trump in ("0", "nt"):
            out.append("special")
        answer = self.solve(p)
        if not self.single and 1 < len(answer) < len(offered):
            out.append("mixed")
        return out

    def trainer(self, p: Puzzle) -> dict[str, Any]:
        """The puzzle's trainer record (plain JSON values): one step, judged without the engine."""
        r = p.rules
        answer = list(self.solve(p))
        offered = self.offered(p)
        labels = self.choice_labels(p) if self.offer == "choices" else offered
        step: dict[str, Any] = {
            "question": p.question,
            "pick": self.pick,
            "offer": self.offer,
            "offer_heading": self.offer_heading,
            "table": self.table(p),
            "single": self.single,
            "choices": [{"value": v, "label": v.replace("-", MINUS), "spoken": label} for v, label in zip(offered, labels)],
            "answer": answer,
            "hint": p.hint,
            "solution": f"{p.explanation} The engine: {self.detail(p, tuple(answer))}",
            "citation": self.citation(p),
            "refutations": {v: {"text": self.refutation(p, v)} for v in offered if v not in answer},
        }
        return {
            "id": p.id, "kind": self.name, "title": p.title, "ruleset": r.id, "ruleset_name": r.short_name,
            "format": p.format or r.partnership_format().id, "themes": [p.theme],
            "theme_names": [p.theme_name or p.theme],
            "difficulty": self.difficulty(p), "difficulty_reasons": self.difficulty_reasons(p),
            "source": f"{p.file}: puzzle '{p.id}'" if p.file else "", "steps": [step],
        }

    def trainer_answers(self, p: Puzzle) -> list[list[str]]:
        """The engine's answer to each step of the trainer record (the build checks the record against it)."""
        return [sorted(self.solve(p))]


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
    name = "winner"
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
        return [*self.trump_fact(p), ("The trick, in order", ", ".join(_cards_text(p, p.trick)))]

    def refutation(self, p: Puzzle, value: str) -> str:
        r = p.rules
        cards = p.cards(p.trick)
        return why_not_winner(r, parse_trump(p.trump, r.deck), cards, [str(c) for c in cards].index(value))

    def citation(self, p: Puzzle) -> dict[str, str] | None:
        r = p.rules
        return _citation(trick_verdict(r, parse_trump(p.trump, r.deck), p.cards(p.trick)).citation)

    def shows_played(self, p: Puzzle) -> bool:
        return False  # the trick is what the reader chooses from


class _HandKind(_CardKind):
    """A kind played from a hand to a trick (which may be empty: the reader leads)."""

    def facts(self, p: Puzzle) -> list[Fact]:
        out = self.trump_fact(p)
        played = _cards_text(p, p.trick)
        if played:
            out.append(("Played so far", ", ".join(played)))
        else:
            out.append((self.lead_line(p).rstrip("."), None))
        out.append(("Your hand", ", ".join(_cards_text(p, p.hand))))
        after = _cards_text(p, p.after)
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
    name = "legal"
    pick = "every card you may play"
    fields = ("trump", "hand", "trick", "first_trick")
    required = ("trump", "hand")
    about = "Which cards of this hand may be played to the trick (or led)? The answer is every legal card."

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return tuple(sorted(self._legal(p)[0]))

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        return self._legal(p)[1] or "Every card in the hand may be played."


class Play(_HandKind):
    name = "play"
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
    name = "discard"
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
        return [*self.trump_fact(p), ("Your hand with the kitty", ", ".join(_cards_text(p, p.hand)))]

    def refutation(self, p: Puzzle, value: str) -> str:
        reason = next(reason for card, allowed, reason in self._checks(p) if card == value and not allowed)
        return f"{value} may not be discarded: {reason}."

    def lead_line(self, p: Puzzle) -> str:
        return ""


class _ValueKind(PuzzleKind):
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


class Bid(_ValueKind):
    name = "bid"
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


class Score(_ValueKind):
    name = "score"
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
        return _citation(score_deal(p.rules, p.bid, p.made, p.against, p.format).citation)

    def choice_labels(self, p: Puzzle) -> list[str]:
        def words(n: str) -> str:
            return n.replace("+", "plus ").replace("-", "minus ")
        return [f"bidder's side {words(a.strip())}, other side {words(b.strip())}"
                for a, b in (c.split("/") for c in self.choices(p))]


class PuzzleProofError(ValueError):
    """The engine does not prove a puzzle: the message says at which step and why."""


PUZZLE_KINDS: dict[str, PuzzleKind] = {k.name: k for k in (Winner(), Legal(), Play(), Discard(), Bid(), Score())}
