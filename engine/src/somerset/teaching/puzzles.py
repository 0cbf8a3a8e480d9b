"""Trick puzzles: positions with a question, a hint, an explanation and a stated answer.

The puzzles are ``[[puzzle]]`` tables in ``somerset/content/puzzles/*.toml``, grouped under
``[[theme]]`` tables; :func:`load_puzzles` reads and checks them (:data:`PUZZLES`, :data:`THEMES`,
:func:`get_puzzle`). The stated answer is data: :func:`solve` asks the engine, :func:`check_all`
names every disagreement, and :func:`judge` judges a reader's answer with the engine's explanation.
What a kind of puzzle asks and how it is solved is in :mod:`somerset.teaching.puzzle_base` and the
kinds listed in :mod:`somerset.teaching.puzzle_kinds`.
"""

from __future__ import annotations

from typing import Any

from ..rules.cards import Card, parse_cards, parse_trump
from ..rules.play import check_trump
from ..rules.rulesets import get_ruleset
from .contentfile import ContentFile, Entry, check_id, read_position, read_toml, shipped_files
from .puzzle_base import Puzzle, PuzzleProofError
from .puzzle_kinds import PUZZLE_KINDS

__all__ = ["Puzzle", "PUZZLES", "THEMES", "solve", "judge", "check_all", "choices", "get_puzzle", "public",
           "load_puzzles", "FIELDS", "POSITION_FIELDS"]

#: The fields every puzzle has, with what each holds (the contributors' page lists them).
FIELDS: dict[str, str] = {
    "id": "a short name in lower case with hyphens, unique among the puzzles (it is the puzzle's address)",
    "title": "the puzzle's title",
    "ruleset": "the ruleset it is played under: an id such as parker-1947",
    "theme": "the id of a [[theme]]",
    "kind": "what it asks: " + ", ".join(PUZZLE_KINDS),
    "question": "the question (left out, the kind's usual question is asked: the table of kinds gives it)",
    "hint": "a hint shown on request",
    "explanation": "why the answer is right, shown with the solution",
    "answer": "the stated answer, which the engine checks",
}
#: The position's fields, with what each holds; each kind reads some of them.
POSITION_FIELDS: dict[str, str] = {
    "trump": 'the trump: a suit number such as "8", "0" for the 0/0 named trump, or "nt" for No Trump',
    "trick": 'the cards already played to the trick, in order, the lead first (for a winner puzzle, the whole trick)',
    "hand": "your hand (for a discard puzzle, with the kitty)",
    "after": "the cards the players after you will play, in order",
    "first_trick": "true when you lead to the first trick (the bidder's opening lead)",
    "format": "a format id such as two, when the puzzle is not the ruleset's partnership game",
    "bid": "the bid, a whole number",
    "made": "the points the bidder's side took",
    "against": "the points the other side took",
    "discards": "the cards the bidder put back from the kitty",
}
_CARD_FIELDS = ("trick", "hand", "after", "discards")


# --- reading the files ---------------------------------------------------------------------------


def _read_theme(entry: Entry, seen: dict[str, str]) -> tuple[str, str]:
    ident = check_id(entry, seen)
    name = entry.text("name")
    entry.done(("id", "name"))
    return ident, name


def _read_puzzle(entry: Entry, themes: dict[str, str], seen: dict[str, str]) -> Puzzle:
    ident = check_id(entry, seen)
    ruleset_name = entry.text("ruleset")
    try:
        r = get_ruleset(ruleset_name)
    except ValueError as e:
        raise entry.error(str(e), "ruleset") from e
    kind = PUZZLE_KINDS.get(entry.text("kind", choices=PUZZLE_KINDS))
    assert kind is not None
    if entry.has("difficulty"):
        raise entry.error("the engine grades each puzzle's difficulty (from its position, or for an ending from "
                          "the solver's search; the contributors' page says how); remove this field", "difficulty")
    values: dict[str, Any] = {
        "id": ident, "title": entry.text("title"), "ruleset": r.id,
        "theme": entry.text("theme", choices=themes),
        "kind": kind.name, "kind_of": kind,
        "question": entry.text("question", required=not kind.question, default=kind.question),
        "hint": entry.text("hint"), "explanation": entry.text("explanation"), "file": entry.file,
    }
    read_position(entry, values, what=f"a {kind.name} puzzle", fields=kind.fields, required=kind.required,
                  position_fields=POSITION_FIELDS, check_format=r.format)
    if not entry.has("question") and "{bid}" in kind.question:  # the usual question names the bid
        values["question"] = kind.question.format(bid=values.get("bid", 0))
    seen_cards: dict[Card, str] = {}
    for name in _CARD_FIELDS:
        try:
            cards = parse_cards(values.get(name, ""), r.deck)
        except ValueError as e:
            raise entry.error(str(e), name) from e
        for card in cards:
            if card in seen_cards:
                where = "twice here" if seen_cards[card] == name else f"also in '{seen_cards[card]}'"
                raise entry.error(f"{card} is {where}: the pack holds one of each card", name)
            seen_cards[card] = name
    if values.get("trump"):
        try:
            check_trump(r, parse_trump(values["trump"], r.deck))
        except ValueError as e:
            raise entry.error(str(e), "trump") from e
    answer = kind.read_answer(entry)
    if kind.answers_with_cards:
        try:
            answer = tuple(str(c) for c in parse_cards(list(answer), r.deck))
        except ValueError as e:
            raise entry.error(str(e), "answer") from e
    values["answer"] = answer
    values["setup"] = kind.read_setup(entry, r, r.format(values.get("format")))
    values["theme_name"] = themes[values["theme"]]
    entry.done((*FIELDS, *kind.fields, *kind.own_fields))
    p = Puzzle(**values)
    kind.check_read(p, entry)
    return p


def load_puzzles(files: list[ContentFile], extra_themes: tuple[tuple[str, str], ...] = ()
                 ) -> tuple[tuple[tuple[str, str], ...], tuple[Puzzle, ...]]:
    """Read puzzle files: the themes in file order, and the puzzles grouped by theme (in file order
    within a theme). ``extra_themes`` are themes known from elsewhere (the shipped files)."""
    tables = {"theme": "theme", "puzzle": "puzzle"}
    read = [read_toml(f, tables) for f in files]
    theme_seen: dict[str, str] = {t: "the shipped themes" for t, _ in extra_themes}
    themes = list(extra_themes)
    for entries in read:
        themes += [_read_theme(e, theme_seen) for e in entries["theme"]]
    names = dict(themes)
    seen: dict[str, str] = {}
    found = [_read_puzzle(e, names, seen) for entries in read for e in entries["puzzle"]]
    order = {t: i for i, (t, _) in enumerate(themes)}
    return tuple(themes), tuple(sorted(found, key=lambda p: order[p.theme]))


THEMES, PUZZLES = load_puzzles(shipped_files("puzzles", ".toml"))


# --- solving and judging ------------------------------------------------------------------------------


def solve(p: Puzzle) -> tuple[str, ...]:
    """The engine's answer to a puzzle.

    >>> p = get_puzzle("low-trump")
    >>> p.kind, p.file, solve(p)
    ('winner', 'puzzles/trumps.toml', ('S/S',))
    """
    return p.kind_of.solve(p)


def choices(p: Puzzle) -> list[str]:
    """The options offered for puzzles answered by choosing a value (score, bid)."""
    return p.kind_of.choices(p)


def judge(p: Puzzle, response: list[str]) -> dict[str, Any]:
    """Judge a reader's answer: right or wrong, with the engine's explanation.

    >>> verdict = judge(get_puzzle("low-trump"), ["11/12"])
    >>> verdict["correct"], verdict["answer"]
    (False, ['S/S'])
    """
    kind = p.kind_of
    expected = solve(p)
    given = kind.given(p, response)
    return {"correct": given == expected, "answer": list(expected), "given": list(given),
            "detail": kind.detail(p, expected), "explanation": p.explanation}


def check_all(puzzles: tuple[Puzzle, ...] | None = None) -> list[str]:
    """Every disagreement between a stated answer and the engine (empty when they all agree)."""
    chosen = PUZZLES if puzzles is None else puzzles
    failures = []
    ids = [p.id for p in chosen]
    if len(set(ids)) != len(ids):
        failures.append("duplicate puzzle ids")
    for p in chosen:
        where = f"{p.file}: puzzle '{p.id}'" if p.file else p.id
        try:
            got = solve(p)
        except PuzzleProofError as e:
            failures.append(f"{where}: the engine does not prove this puzzle: {e}")
            continue
        except ValueError as e:
            failures.append(f"{where}: the position is not valid: {e}")
            continue
        if p.kind_of.single and len(p.answer) > 1 and p.answer != got:  # a line: in order
            failures.append(f"{where}: stated line {', '.join(p.answer)}; the engine proves {', '.join(got)}")
        elif tuple(sorted(p.answer)) != tuple(sorted(got)):
            failures.append(f"{where}: stated answer {', '.join(p.answer)}; the engine says {', '.join(got) or 'nothing'}")
        if p.kind_of.single and p.kind_of.offer == "choices" and got[0] not in choices(p):
            failures.append(f"{where}: the right answer is not among the choices")
    return failures


def get_puzzle(puzzle_id: str) -> Puzzle:
    """A puzzle by its id; a ValueError names an unknown one."""
    for p in PUZZLES:
        if p.id == puzzle_id:
            return p
    raise ValueError(f"'{puzzle_id[:40]}' is not a puzzle; the puzzles are listed on the Puzzles page")


def public(p: Puzzle) -> dict[str, Any]:
    """What the page may show before the reader answers (no solution), and how to show it."""
    r = p.rules
    kind = p.kind_of
    return {
        "id": p.id, "heading": p.heading, "ruleset": p.ruleset, "ruleset_name": r.short_name, "theme": p.theme,
        "theme_name": dict(THEMES).get(p.theme, p.theme), "difficulty": p.difficulty, "kind": p.kind,
        "question": p.question, "hint": p.hint, "trump": p.trump,
        "trump_label": parse_trump(p.trump, r.deck).label if p.trump else "",
        "trick": [str(c) for c in p.cards(p.trick)], "hand": [str(c) for c in p.cards(p.hand)],
        "after": [str(c) for c in p.cards(p.after)], "first_trick": p.first_trick, "choices": choices(p),
        "pick": kind.pick, "single": kind.single, "offer": kind.offer, "offer_heading": kind.offer_heading,
        "choice_labels": kind.choice_labels(p), "shows_played": kind.shows_played(p), "lead_line": kind.lead_line(p),
    }

