"""A puzzle as its file gives it (:class:`Puzzle`, carrying its kind), and what every kind of puzzle
supplies (:class:`PuzzleKind`): the position fields it reads, how the engine solves and explains it,
the facts a page prints above the question, what the reader chooses from, the puzzle's *trainer
record* (the JSON the trainer page judges without the engine, checked by
:func:`somerset.service.trainer.check_record`) and its difficulty from 1 to 5, counted from the
position. The kinds are listed in order in :data:`somerset.teaching.puzzle_kinds.PUZZLE_KINDS`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..rules.cards import Card, parse_cards, parse_trump
from ..rules.describe import MINUS
from ..rules.dimensions import Format, Ruleset
from ..rules.rulesets import RULESETS, get_ruleset
from .contentfile import Entry

__all__ = ["Puzzle", "PuzzleKind", "Fact", "DIFFICULTY_MEASURES", "PuzzleProofError"]

#: A fact printed above a puzzle: a label and its value (None: the label is the whole sentence).
Fact = tuple[str, str | None]


def cards_text(p: Puzzle, text: str) -> list[str]:
    return [str(c) for c in p.cards(text)]


#: What the difficulty grade counts, one point each above 1 (the contributors' page lists them).
DIFFICULTY_MEASURES: tuple[tuple[str, str], ...] = (
    ("cards", "six or more cards to weigh (in the trick, the hand and those still to come) or five or more values"),
    ("rulesets", "the answer changes under another ruleset played with the same pack: a rule on which they differ decides it"),
    ("special", "a special card or trump is in play: the 0/0, the S/S, the 0/0 named trump or No Trump"),
    ("mixed", "the answer is some but not all of several cards: each must be judged on its own"),
)


def citation_json(c: Any) -> dict[str, str] | None:
    return None if c is None else dict(c.to_json())


class PuzzleKind:
    """What every kind supplies. Subclasses set the class attributes and the methods they need."""

    name: ClassVar[str]
    #: What the puzzle asks, in a few words, for the heading shown before the verdict (with the
    #: theme): a title names the puzzle's idea, often its answer, so it is shown only after it.
    task: ClassVar[str]
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
            return cards_text(p, p.trick)
        if self.offer == "choices":
            return self.choices(p)
        return cards_text(p, p.hand)

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
        trick = cards_text(p, p.trick)
        out: dict[str, Any] = {
            "trump": p.trump or None,
            "trump_label": parse_trump(p.trump, r.deck).label if p.trump else None,
            "players": max(fmt.players, len(trick) + 1 + len(cards_text(p, p.after))),
            "leader": 0,
            # Facts the page cannot draw as cards (for value kinds: the bid, the points); a position
            # of cards is drawn from the trick and the hands instead.
            "facts": [[label, value] for label, value in self.facts(p)] if self.offer == "choices" else [],
        }
        if self.offer == "hand":
            you = len(trick)
            hands: list[list[str] | None] = [None] * out["players"]
            hands[you] = cards_text(p, p.hand)
            out.update(you=you, hands=hands, trick=[{"seat": i, "card": c} for i, c in enumerate(trick)],
                       after=[{"seat": you + 1 + i, "card": c} for i, c in enumerate(cards_text(p, p.after))])
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
        seen = [*cards_text(p, p.trick), *cards_text(p, p.hand), *cards_text(p, p.after)]
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
            "id": p.id, "kind": self.name, "title": p.title, "heading": p.heading, "ruleset": r.id,
            "ruleset_name": r.short_name,
            "format": p.format or r.partnership_format().id, "themes": [p.theme],
            "theme_names": [p.theme_name or p.theme],
            "difficulty": self.difficulty(p), "difficulty_reasons": self.difficulty_reasons(p),
            "source": f"{p.file}: puzzle '{p.id}'" if p.file else "", "steps": [step],
        }

    def trainer_answers(self, p: Puzzle) -> list[list[str]]:
        """The engine's answer to each step of the trainer record (the build checks the record against it)."""
        return [sorted(self.solve(p))]


class PuzzleProofError(ValueError):
    """The engine does not prove a puzzle: the message says at which step and why."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as its file gives it: the question, the position (as notation) and the stated answer."""

    id: str
    title: str
    ruleset: str
    theme: str
    kind: str  # the kind's name, a key of PUZZLE_KINDS
    kind_of: PuzzleKind = field(compare=False, repr=False)  # the class that solves, explains and shows it
    question: str
    hint: str
    explanation: str
    answer: tuple[str, ...]
    trump: str = ""
    trick: str = ""  # cards already played (for "winner": the whole trick)
    hand: str = ""
    after: str = ""  # "play": the cards the players after you will play
    first_trick: bool = False
    format: str | None = None
    bid: int = 0
    made: int = 0
    against: int = 0
    discards: str = ""  # "bid": the cards discarded from the kitty
    file: str = field(default="", compare=False)  # the content file it was read from
    theme_name: str = field(default="", compare=False)  # the theme's name, from its [[theme]] table
    setup: Any = None  # the kind's own fields, as its read_setup gives them

    def __post_init__(self) -> None:
        if self.kind_of.name != self.kind:
            raise ValueError(f"puzzle '{self.id}': its kind is '{self.kind}' but it carries the kind '{self.kind_of.name}'")

    @property
    def heading(self) -> str:
        """What a page shows of the puzzle before the reader answers: the theme and the task, never the
        title (a title names the puzzle's idea, and often a card of its answer; it comes with the verdict)."""
        return f"{self.theme_name or self.theme}: {self.kind_of.task}"

    @property
    def rules(self) -> Ruleset:
        """The ruleset the puzzle is played under."""
        return get_ruleset(self.ruleset)

    @property
    def difficulty(self) -> int:
        """1 (easiest) to 5, graded by the engine from what can be counted in the position (not typed
        into the file): see :data:`somerset.teaching.puzzle_kinds.DIFFICULTY_MEASURES`."""
        return self.kind_of.difficulty(self)

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards in notation, read in this puzzle's pack."""
        return parse_cards(text, self.rules.deck)

    @property
    def you(self) -> int:
        """Your position in the trick (0 = the lead)."""
        return len(self.cards(self.trick))

    def side(self) -> set[int]:
        """Trick positions on your side, the leader sitting in seat 0."""
        r = self.rules
        fmt = r.format(self.format) if self.format else r.partnership_format()
        return set(fmt.teams[fmt.team_of(self.you)])
