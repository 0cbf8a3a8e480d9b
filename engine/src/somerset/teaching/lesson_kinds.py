"""A lesson exercise as its file gives it (:class:`Exercise`), and the kinds of exercise: what each
asks, how the engine answers it, and why a wrong choice is wrong.

A kind is one class (:class:`LessonKind`), as the puzzle kinds are: it names the position fields
it reads (:data:`POSITION_FIELDS`), checks the position under a ruleset, gives the engine's answer
(:meth:`LessonKind.solve`) and the record a lesson page judges with (:meth:`LessonKind.record`).
The lesson files and the site's build both go through :data:`LESSON_KINDS`. A ``single`` kind is
answered by one tap (any value of the answer is right); the others by choosing every value that
answers and then checking (``legal``: every card you may play).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..rules.bidding import Auction, parse_call
from ..rules.cards import Card, parse_cards, parse_trump
from .contentfile import Entry
from ..rules.kitty import check_discards, has_kitty, undealt_kind
from ..rules.play import check_trump, legal_plays, trick_verdict, why_not_winner
from .puzzle_base import Puzzle
from .puzzle_kinds import PUZZLE_KINDS
from ..rules.dimensions import Format, Ruleset, UndealtKind
from ..rules.scoring import scored_format

__all__ = ["Exercise", "LessonKind", "LESSON_KINDS", "POSITION_FIELDS"]

#: Every position field a kind may read, with what it holds (the contributors' page lists them).
POSITION_FIELDS: dict[str, str] = {
    "trump": 'the trump: a suit number such as "8", "0" for the 0/0 named trump, or "nt" for No Trump',
    "trick": "the cards played to the trick before yours, in order, the lead first (take: the whole trick)",
    "hand": "your cards (discard: your hand with the kitty)",
    "after": "play: the cards the seats after you play, in order",
    "faceup": "faceup: the undealt cards lying face up beside the first trick",
    "first_trick": "true when you lead to the first trick of the deal (as the high bidder)",
    "format": "a format id such as two, when it is not the ruleset's partnership game",
    "calls": 'bid: the calls before yours, in order, such as "pass, pass, pass"',
    "offer": 'bid: the calls offered, such as "pass, 12, 13"; trump: the trumps offered, such as "8, 0, nt"',
    "bid": "score: the bid, a whole number",
    "made": "score: the points the bidder's side took",
    "against": "score: the points the other side took",
}
_CARD_FIELDS = ("trick", "hand", "after", "faceup")


def _cite(c: Any) -> dict[str, str] | None:
    """A citation as a page links it: its label and address (a Citation, or its JSON)."""
    if c is None:
        return None
    data = c if isinstance(c, dict) else c.to_json()
    return {"label": data["label"], "href": data["href"]}


def _split(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


@dataclass(frozen=True)
class Ask:
    """A position read under one ruleset: the cards parsed in its pack, the trump, the format."""

    r: Ruleset
    fmt: Format
    trump: Any
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    after: tuple[Card, ...]
    faceup: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Exercise:
    """One exercise as its file gives it."""

    id: str
    stage: str
    kind: str
    rulesets: tuple[str, ...]
    task: str
    answer: tuple[str, ...]
    hint: str = ""
    trump: str = ""
    trick: str = ""
    hand: str = ""
    after: str = ""
    first_trick: bool = False
    format: str | None = None
    calls: str = ""
    offer: str = ""
    bid: int = 0
    made: int = 0
    against: int = 0
    faceup: str = ""
    rule: str = ""
    overrides: str = ""
    file: str = field(default="", compare=False)

    @property
    def kind_of(self) -> LessonKind:
        """The class that answers and explains this kind of exercise."""
        return LESSON_KINDS[self.kind]

    @property
    def where(self) -> str:
        """How messages name the exercise: its file and id."""
        return f"{self.file}: exercise '{self.id}'" if self.file else f"exercise '{self.id}'"


class LessonKind:
    """What every kind supplies. Subclasses set the class attributes and the methods they need."""

    name: ClassVar[str]
    #: What the reader does, as the page says it.
    pick: ClassVar[str]
    #: True: one tap answers (any value of the answer is right); False: choose every value, then check.
    single: ClassVar[bool] = False
    #: The position fields this kind reads, and those it needs.
    fields: ClassVar[tuple[str, ...]]
    required: ClassVar[tuple[str, ...]]
    #: How the stated answer is written (for messages).
    answer_form: ClassVar[str] = 'cards in notation, such as "2/8, 12/12"'

    # --- reading -------------------------------------------------------------------------------

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        """The stated answer as the file gives it (checked against the engine later)."""
        value = entry.raw("answer")
        if value is None:
            raise entry.error(f"this field is required: {self.answer_form}", "answer")
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            raise entry.error(f"write the answer as text: {self.answer_form}", "answer")
        return tuple(_split(value))

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        """The position under ``r``; a ValueError says what it cannot hold (a card not in its pack, say)."""
        fmt = r.format(ex.format) if ex.format else r.partnership_format()
        trump = parse_trump(ex.trump, r.deck) if ex.trump else None
        if trump is not None:
            check_trump(r, trump, fmt.id)
        groups = {name: parse_cards(getattr(ex, name), r.deck) for name in _CARD_FIELDS}
        seen: dict[Card, str] = {}
        for name, cards in groups.items():
            for card in cards:
                if card in seen:
                    raise ValueError(f"{card} is in '{seen[card]}' and in '{name}': the pack holds one of each card")
                seen[card] = name
        return Ask(r, fmt, trump, groups["trick"], groups["hand"], groups["after"], groups["faceup"])

    def normal(self, ex: Exercise, r: Ruleset, answer: tuple[str, ...]) -> tuple[str, ...]:
        """The stated answer written as the engine writes it, sorted (cards: in the ruleset's pack)."""
        return tuple(sorted(str(c) for c in parse_cards(list(answer), r.deck)))

    # --- answering -------------------------------------------------------------------------------

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        """The engine's answer under ``r``, sorted."""
        raise NotImplementedError

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        """The build-time record a lesson page judges with (plain JSON values)."""
        raise NotImplementedError

    def rule_of(self, ex: Exercise) -> str:
        """The rule the exercise tests, a dimension of the ruleset (``rules/dimensions.py``): the
        file's ``rule``, else this kind's own (for a card played to a trick, the trump decides)."""
        if ex.rule:
            return ex.rule
        if ex.trump == "nt":
            return "no_trump"
        if ex.trump == "0":
            return "zero_trump"
        return self.rule

    #: The rule an exercise of this kind tests when its file names none.
    rule: ClassVar[str] = "follow_suit"

    def _base(self, ex: Exercise, a: Ask, choices: list[dict[str, str]], answer: list[str]) -> dict[str, Any]:
        return {
            "single": self.single,
            "pick": self.pick,
            "trump": str(a.trump) if a.trump is not None else "",
            "trump_label": a.trump.label if a.trump is not None else "",
            "players": a.fmt.players,
            # the trick positions on your side (the leader is position 0, you play after the trick so far)
            "side": sorted(a.fmt.teams[a.fmt.team_of(len(a.trick) % a.fmt.players)]),
            "choices": choices,
            "answer": answer,
        }


def _card_choices(cards: tuple[Card, ...], r: Ruleset) -> list[dict[str, str]]:
    return [{"value": str(c), "label": str(c)} for c in cards]


class Take(LessonKind):
    name = "take"
    pick = "the card that takes the trick"
    single = True
    fields = ("trump", "trick", "format")
    required = ("trump", "trick")
    answer_form = 'the one card that takes the trick, such as "7/8"'

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        a = self.ask(ex, r)
        return (str(trick_verdict(r, a.trump, a.trick).card),)

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        v = trick_verdict(r, a.trump, a.trick)
        cite = _cite(v.citation)
        refutations = {str(c): {"text": why_not_winner(r, a.trump, a.trick, i), "citation": cite}
                       for i, c in enumerate(a.trick) if i != v.winner}
        rec = self._base(ex, a, _card_choices(a.trick, r), [str(v.card)])
        rec.update({"offer": "trick", "trick": [str(c) for c in a.trick], "right": v.reason, "citation": cite,
                    "refutations": refutations, "winner": v.winner})
        return rec


class _FromHand(LessonKind):
    """A kind whose reader chooses from a hand played to a trick (or leading to it)."""

    def _plays(self, a: Ask, first_trick: bool) -> Any:
        return legal_plays(a.r, a.trump, a.hand, a.trick, first_trick=first_trick)

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        a = super().ask(ex, r)
        if len(a.trick) >= a.fmt.players:
            raise ValueError(f"the trick already holds {len(a.trick)} cards: {a.fmt.label} has {a.fmt.players} players")
        return a


class Legal(_FromHand):
    name = "legal"
    pick = "every card you may play"
    fields = ("trump", "hand", "trick", "first_trick", "format")
    required = ("trump", "hand")
    answer_form = 'every card you may play, such as "2/8, 6/8"'

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        a = self.ask(ex, r)
        return tuple(sorted(str(c) for c in self._plays(a, ex.first_trick).legal))

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        res = self._plays(a, ex.first_trick)
        legal = [str(c) for c in res.legal]
        refutations = {str(i.card): {"text": f"{i.card} may not be played: {i.reason}", "citation": _cite(i.citation)}
                       for i in res.illegal}
        first = res.illegal[0] if res.illegal else None
        why = " ".join(f"{i.card}: {i.reason}" for i in res.illegal)
        right = (f"You may play {', '.join(legal)}." + (f" {why}" if why else " Every card of the hand may be played."))
        rec = self._base(ex, a, _card_choices(a.hand, r), legal)
        rec.update({"offer": "hand", "trick": [str(c) for c in a.trick], "hand": [str(c) for c in a.hand],
                    "first_trick": ex.first_trick, "right": right + (f" {res.note}" if res.note else ""),
                    "citation": _cite(first.citation) if first else None, "refutations": refutations,
                    "missing": {c: {"text": f"{c} may be played too."} for c in legal}})
        return rec


class Play(_FromHand):
    name = "play"
    pick = "a card that wins the trick for your side"
    single = True
    fields = ("trump", "hand", "trick", "after", "first_trick", "format")
    required = ("trump", "hand", "after")
    answer_form = 'every card that wins the trick for your side, such as "9/12"'

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        a = super().ask(ex, r)
        if len(a.trick) + 1 + len(a.after) != a.fmt.players:
            raise ValueError(f"the trick before you ({len(a.trick)} cards), your card and the cards after you "
                             f"({len(a.after)}) must make one card for each of the {a.fmt.players} players")
        return a

    def _ours(self, a: Ask) -> set[int]:
        """Trick positions on your side, the leader sitting in seat 0 (as the puzzles count them)."""
        return set(a.fmt.teams[a.fmt.team_of(len(a.trick))])

    def _outcomes(self, a: Ask, first_trick: bool) -> dict[str, tuple[Any, bool]]:
        ours = self._ours(a)
        out = {}
        for card in self._plays(a, first_trick).legal:
            v = trick_verdict(a.r, a.trump, (*a.trick, card, *a.after))
            out[str(card)] = (v, v.winner in ours)
        return out

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        a = self.ask(ex, r)
        return tuple(sorted(c for c, (_, ours) in self._outcomes(a, ex.first_trick).items() if ours))

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        res = self._plays(a, ex.first_trick)
        outcomes = self._outcomes(a, ex.first_trick)
        answer = sorted(c for c, (_, ours) in outcomes.items() if ours)
        refutations: dict[str, dict[str, Any]] = {
            str(i.card): {"text": f"{i.card} may not be played: {i.reason}", "citation": _cite(i.citation),
                          "illegal": True} for i in res.illegal}
        played: dict[str, dict[str, Any]] = {}
        for card, (v, ours) in outcomes.items():
            cards = [*(str(c) for c in a.trick), card, *(str(c) for c in a.after)]
            side = "your side" if ours else "the other side"
            played[card] = {"cards": cards, "winner": v.winner,
                            "text": f"If you play {card}, {v.card} takes the trick for {side}: {v.reason}"}
            if not ours:
                refutations[card] = {"text": played[card]["text"], "citation": _cite(v.citation),
                                     "played": cards, "winner": v.winner}
        rec = self._base(ex, a, _card_choices(a.hand, r), answer)
        first = next(iter(outcomes.values()))[0] if outcomes else None
        rec.update({"offer": "hand", "trick": [str(c) for c in a.trick], "hand": [str(c) for c in a.hand],
                    "after_count": len(a.after), "first_trick": ex.first_trick,
                    "right": " ".join(played[c]["text"] for c in answer), "outcomes": played,
                    "citation": _cite(outcomes[answer[0]][0].citation) if answer else _cite(first.citation if first else None),
                    "refutations": refutations})
        return rec


class Discard(LessonKind):
    name = "discard"
    rule = "undealt"
    pick = "every card you may put back"
    fields = ("trump", "hand", "format")
    required = ("trump", "hand")
    answer_form = 'every card of the hand you may discard, such as "3/4, 2/10"'

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        a = super().ask(ex, r)
        if not any(has_kitty(r, f.id) for f in r.formats.value):
            raise ValueError(f"{r.short_name} has no kitty in any of its formats")
        return a

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        a = self.ask(ex, r)
        return tuple(sorted(str(d.card) for d in check_discards(r, a.trump, a.hand) if d.allowed))

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        checks = check_discards(r, a.trump, a.hand)
        cite = _cite(r.undealt.citation)
        allowed = [str(d.card) for d in checks if d.allowed]
        rec = self._base(ex, a, _card_choices(a.hand, r), allowed)
        rec.update({"offer": "hand", "hand": [str(c) for c in a.hand],
                    "right": " ".join(f"{d.reason[0].upper()}{d.reason[1:]}." for d in checks), "citation": cite,
                    "refutations": {str(d.card): {"text": f"{d.card} may not be discarded: {d.reason}.", "citation": cite}
                                    for d in checks if not d.allowed},
                    "missing": {str(d.card): {"text": f"{d.reason[0].upper()}{d.reason[1:]}."} for d in checks if d.allowed}})
        return rec


class Score(LessonKind):
    name = "score"
    rule = "made"
    pick = "the score of the deal"
    single = True
    fields = ("bid", "made", "against", "format")
    required = ("bid", "made", "against")
    answer_form = 'the bidder\'s side, a slash, the other side, each with its sign, such as "-6 / +22"'

    def rule_of(self, ex: Exercise) -> str:
        return ex.rule or ("made" if ex.made >= ex.bid else "set")

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        return (" ".join(_split(entry.text("answer").replace("/", " / "))),)

    def normal(self, ex: Exercise, r: Ruleset, answer: tuple[str, ...]) -> tuple[str, ...]:
        parts = [s.strip() for s in " ".join(answer).split("/")]
        if len(parts) != 2 or not all(s[:1] in "+-" and s[1:].isdigit() for s in parts):
            raise ValueError(f"'{' '.join(answer)[:40]}' is not a score: write {self.answer_form}")
        return (f"{int(parts[0]):+d} / {int(parts[1]):+d}",)

    def _puzzle(self, ex: Exercise, r: Ruleset) -> Puzzle:
        return Puzzle(id=ex.id, title=ex.task, ruleset=r.id, theme="", kind="score", kind_of=PUZZLE_KINDS["score"],
                      question=ex.task, hint=ex.hint, explanation="", answer=(), bid=ex.bid, made=ex.made,
                      against=ex.against, format=ex.format)

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        fmt = scored_format(r, ex.format)
        return Ask(r, fmt, None, (), (), ())

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        self.ask(ex, r)
        return PUZZLE_KINDS["score"].solve(self._puzzle(ex, r))

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        kind = PUZZLE_KINDS["score"]
        p = self._puzzle(ex, r)
        answer = list(kind.solve(p))
        values = kind.choices(p)
        labels = kind.choice_labels(p)
        cite = _cite(kind.citation(p))
        rec = self._base(ex, a, [{"value": v, "label": v.replace("-", "−"), "spoken": s} for v, s in zip(values, labels)],
                         answer)
        rec.update({"offer": "choices", "bid": ex.bid, "made": ex.made, "against": ex.against,
                    "right": kind.detail(p, tuple(answer)), "citation": cite,
                    "refutations": {v: {"text": kind.refutation(p, v), "citation": cite} for v in values if v not in answer}})
        return rec


class Bid(LessonKind):
    name = "bid"
    rule = "bidding"
    pick = "every call you may make"
    fields = ("calls", "offer", "format")
    required = ("offer",)
    answer_form = 'every call of the offer you may make, such as "pass, 12" or "12"'

    def normal(self, ex: Exercise, r: Ruleset, answer: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(str(parse_call(a)) for a in answer))

    def _auction(self, ex: Exercise, r: Ruleset) -> tuple[Auction, Format]:
        fmt = r.format(ex.format) if ex.format else r.partnership_format()
        auction = Auction(r.bidding.value, fmt.players, fmt.points_per_deal)
        auction.run(_split(ex.calls))
        if auction.is_over:
            raise ValueError("the auction is over after these calls: nobody is left to call")
        return auction, fmt

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        _, fmt = self._auction(ex, r)
        return Ask(r, fmt, None, (), (), ())

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        auction, _ = self._auction(ex, r)
        return tuple(sorted(str(c) for c in (parse_call(t) for t in _split(ex.offer)) if auction.can(c) is None))

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        auction, fmt = self._auction(ex, r)
        a = self.ask(ex, r)
        offer = [parse_call(t) for t in _split(ex.offer)]
        answer = [str(c) for c in offer if auction.can(c) is None]
        cite = _cite(r.bidding.citation)
        seat = auction.to_act
        dealer = fmt.players - 1
        calls = [{"seat": s, "call": str(c)} for s, c in auction.calls]
        choices = [{"value": str(c), "label": "Pass" if c.is_pass else f"Bid {c}"} for c in offer]
        who = "the dealer" if seat == dealer else f"seat {(seat or 0) + 1}"
        rec = self._base(ex, a, choices, answer)
        rec.update({"offer": "choices", "calls": calls, "seat": seat, "dealer": dealer,
                    "right": f"{r.bidding.summary} So {who} may call {', '.join(answer) or 'nothing offered'}.",
                    "citation": cite,
                    "refutations": {str(c): {"text": f"{'Pass' if c.is_pass else 'Bid ' + str(c)} is not allowed: {auction.can(c)}.",
                                             "citation": cite} for c in offer if auction.can(c) is not None},
                    "missing": {c: {"text": f"{'Pass' if c == 'pass' else 'Bid ' + c} is allowed too."} for c in answer}})
        return rec


class Trump(LessonKind):
    name = "trump"
    rule = "declaration"
    pick = "every trump you may name"
    fields = ("offer", "format")
    required = ("offer",)
    answer_form = 'every trump of the offer you may name, such as "8, nt"'

    def normal(self, ex: Exercise, r: Ruleset, answer: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(str(parse_trump(t, r.deck)) for t in answer))

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        fmt = r.format(ex.format) if ex.format else r.partnership_format()
        return Ask(r, fmt, None, (), (), ())

    def _offer(self, ex: Exercise, r: Ruleset) -> list[Any]:
        # Read without the pack: a suit the ruleset's pack lacks is a trump it cannot name, said so.
        return [parse_trump(t) for t in _split(ex.offer)]

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        fmt = self.ask(ex, r).fmt
        return tuple(sorted(str(t) for t in self._offer(ex, r) if r.trump_problem(t, fmt.id) is None))

    def _cite_for(self, r: Ruleset, t: Any) -> dict[str, str] | None:
        if t.is_no_trump:
            return _cite(r.no_trump.citation)
        if t.is_zero:
            return _cite(r.zero_trump.citation)
        return _cite(r.formats.citation)

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        offer = self._offer(ex, r)
        answer = [str(t) for t in offer if r.trump_problem(t, a.fmt.id) is None]
        choices = [{"value": str(t), "label": "No Trump" if t.is_no_trump else f"/{t.suit}",
                    "spoken": t.label} for t in offer]
        refutations = {str(t): {"text": f"{t.label[0].upper()}{t.label[1:]} cannot be named: {r.trump_problem(t, a.fmt.id)}.",
                                "citation": self._cite_for(r, t)} for t in offer if str(t) not in answer}
        named = [t.label for t in r.trumps(a.fmt.id)]
        rec = self._base(ex, a, choices, answer)
        rec.update({"offer": "choices", "right": f"Under {r.short_name} ({a.fmt.label}) the high bidder may name: "
                    f"{', '.join(named)}.", "citation": self._cite_for(r, offer[0]) if offer else None,
                    "refutations": refutations,
                    "missing": {str(t): {"text": f"{t.label[0].upper()}{t.label[1:]} may be named too."} for t in offer
                                if str(t) in answer}})
        return rec


class Undealt(LessonKind):
    """Where the cards left over after the deal go: face up for the first trick, a kitty, or none."""

    name = "undealt"
    pick = "where the cards left over go"
    single = True
    rule = "undealt"
    fields = ("format",)
    required = ()
    answer_form = 'where the cards left over go: "face-up", "kitty" or "none"'
    LABELS: ClassVar[dict[str, str]] = {
        UndealtKind.FACE_UP.value: "Face up, to the winner of the first trick",
        UndealtKind.KITTY.value: "A kitty for the high bidder",
        UndealtKind.NONE.value: "None are left: every card is dealt",
    }

    def normal(self, ex: Exercise, r: Ruleset, answer: tuple[str, ...]) -> tuple[str, ...]:
        if len(answer) != 1 or answer[0] not in self.LABELS:
            raise ValueError(f"'{' '.join(answer)[:40]}' is not an answer: write {self.answer_form}")
        return answer

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        fmt = r.format(ex.format) if ex.format else r.partnership_format()
        return Ask(r, fmt, None, (), (), ())

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        return (undealt_kind(r, self.ask(ex, r).fmt.id).value,)

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        answer = self.solve(ex, r)[0]
        cite = _cite(r.undealt.citation)
        left = f"{a.fmt.undealt} cards are left over" if a.fmt.undealt else "no card is left over"
        right = f"{a.fmt.players} players, {a.fmt.hand_size} cards each: {left}. {r.undealt.summary}"
        rec = self._base(ex, a, [{"value": v, "label": label} for v, label in self.LABELS.items()], [answer])
        rec.update({"offer": "choices", "right": right, "citation": cite,
                    "refutations": {v: {"text": f"Not under {r.short_name}: {right}", "citation": cite}
                                    for v in self.LABELS if v != answer}})
        return rec


class FaceUp(LessonKind):
    """The points the first trick brings its winner when the undealt cards lie face up beside it."""

    name = "faceup"
    pick = "the points the first trick brings its winner"
    single = True
    rule = "undealt"
    fields = ("trump", "trick", "faceup", "format")
    required = ("trump", "trick", "faceup")
    answer_form = 'the points, a whole number, such as "5"'

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        return (entry.text("answer") if not isinstance(entry.raw("answer"), int) else str(entry.raw("answer")),)

    def normal(self, ex: Exercise, r: Ruleset, answer: tuple[str, ...]) -> tuple[str, ...]:
        if len(answer) != 1 or not answer[0].strip().isdigit():
            raise ValueError(f"'{' '.join(answer)[:40]}' is not a number of points: write {self.answer_form}")
        return (str(int(answer[0])),)

    def ask(self, ex: Exercise, r: Ruleset) -> Ask:
        a = super().ask(ex, r)
        if undealt_kind(r, a.fmt.id) is not UndealtKind.FACE_UP:
            raise ValueError(f"{r.short_name} ({a.fmt.label}) lays no undealt card face up")
        if len(a.faceup) != a.fmt.undealt:
            raise ValueError(f"{a.fmt.label} leaves {a.fmt.undealt} cards face up, not {len(a.faceup)}")
        if len(a.trick) != a.fmt.players:
            raise ValueError(f"the first trick holds one card for each of the {a.fmt.players} players")
        return a

    def _points(self, a: Ask) -> tuple[int, int]:
        return (sum(a.r.deck.count_value(c) for c in a.trick), sum(a.r.deck.count_value(c) for c in a.faceup))

    def solve(self, ex: Exercise, r: Ruleset) -> tuple[str, ...]:
        a = self.ask(ex, r)
        return (str(sum(self._points(a))),)

    def record(self, ex: Exercise, r: Ruleset) -> dict[str, Any]:
        a = self.ask(ex, r)
        in_trick, face_up = self._points(a)
        total = in_trick + face_up
        values = [in_trick, face_up, total]
        more = total + 1
        while len(set(values)) < 4:
            values.append(more)
            more += 1
        offered = sorted(set(values))
        v = trick_verdict(r, a.trump, a.trick)
        cite = _cite(r.undealt.citation)

        def counted(cards: tuple[Card, ...]) -> str:
            named = [f"{c} worth {r.deck.count_value(c)}" for c in cards if r.deck.count_value(c)]
            return ", ".join(named) if named else "no count card"

        sums = (f"{v.card} takes the first trick, and with it the cards face up: {in_trick} in the trick "
                f"({counted(a.trick)}) and {face_up} face up ({counted(a.faceup)}), {total} points in all.")
        why = {in_trick: "That counts the trick's own cards only: the cards face up go with the first trick too.",
               face_up: "That counts the cards face up only: the trick's own count cards go to its winner too."}
        refutations = {str(n): {"text": f"{why.get(n, f'{n} points is not the count.')} {sums}", "citation": cite}
                       for n in offered if n != total}
        rec = self._base(ex, a, [{"value": str(n), "label": f"{n} points" if n != 1 else "1 point"} for n in offered],
                         [str(total)])
        rec.update({"offer": "choices", "trick": [str(c) for c in a.trick], "faceup": [str(c) for c in a.faceup],
                    "winner": v.winner, "right": sums, "citation": cite, "refutations": refutations})
        return rec


LESSON_KINDS: dict[str, LessonKind] = {k.name: k for k in (Take(), Legal(), Play(), Discard(), Score(), Bid(), Trump(),
                                                            Undealt(), FaceUp())}
