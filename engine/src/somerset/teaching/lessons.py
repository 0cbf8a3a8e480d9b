"""The Learn section's stages: short exercises, each one sentence, judged on the page without the engine.

A stage (:class:`Stage`) is one TOML file in ``somerset/content/lessons/``: a ``[stage]`` table
(:data:`STAGE_FIELDS`) and its ``[[exercise]]`` tables (:data:`EXERCISE_FIELDS`), in the order they
are asked; :func:`load_lessons` reads them and :data:`STAGES` holds the shipped stages. The stated
answer is data and the engine is the authority: :func:`check_all` names the file, the exercise and
the ruleset of each disagreement, and :func:`lessons_data` (``assets/data/lessons.json``: each
exercise's record per ruleset, :func:`exercise_record`) refuses to be written while one remains.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from .contentfile import ContentError, ContentFile, Entry, check_id, read_position, shipped_files
from .lesson_kinds import LESSON_KINDS, POSITION_FIELDS, Exercise
from .puzzles import PUZZLES, THEMES
from ..rules.dimensions import DIMENSION_KEYS, DIMENSIONS, Ruleset
from ..rules.rulesets import RULESETS, get_ruleset

__all__ = ["Exercise", "Stage", "STAGES", "LessonError", "load_lessons", "check_all", "exercise_record",
           "lessons_data", "listing", "VERSION", "STAGE_FIELDS", "EXERCISE_FIELDS"]

#: The version of the document's shape; the page refuses a document of another version.
VERSION = 1

#: The fields of ``[stage]``, with what each holds.
STAGE_FIELDS: dict[str, str] = {
    "id": "a short name in lower case with hyphens; the stage's page is learn/<id>.md",
    "title": "the stage's title, as the map of stages shows it",
    "order": "its place on the map, a whole number (1 first)",
    "theme": "the puzzle trainer's theme its 'practise this' link opens (optional: left out, no link), one taught by "
             "this stage or an earlier one: " + ", ".join(t for t, _ in THEMES),
    "teaches": "the puzzle trainer's themes whose puzzles need nothing a later stage teaches (optional)",
}
#: The fields every ``[[exercise]]`` has (besides its kind's position fields).
EXERCISE_FIELDS: dict[str, str] = {
    "id": "a short name in lower case with hyphens, unique among all exercises",
    "kind": "what it asks: " + ", ".join(LESSON_KINDS),
    "rulesets": '"all", a pack ("single", "double" or "triple": every ruleset played with it), or a list of ruleset ids and packs',
    "task": "the task, one sentence",
    "answer": "the stated answer, which the engine checks under every ruleset claimed",
    "hint": "the hint, shown on request or after a first wrong answer; it points at the rule and never names a card "
            "or choice of the answer (optional: left out, the hint is the ruleset's summary of the rule tested)",
    "rule": "the rule tested, a rule of the ruleset's data: " + ", ".join(DIMENSION_KEYS) + " (optional: left out, "
            "the kind's own rule; for a card played to a trick, follow_suit, or no_trump or zero_trump by the trump)",
    "overrides": "the id of an earlier stage whose rule this exercise's answer sets aside (optional); the verdict then "
                 "says why, with the rule tested",
}


#: The guided first deal's place on the map of stages: after the stage ``after``; its page; and the
#: id its "done" is kept under among the exercises' progress on the reader's device.
FIRST_DEAL: dict[str, str] = {"id": "first-deal", "title": "Your first deal", "after": "scoring",
                              "page": "learn/first-deal.md"}
#: The second guided deal, with a decision the reader must find (first-deals/<ruleset>-second-deal.toml):
#: on the map right after the first deal, kept done under its own id.
SECOND_DEAL: dict[str, str] = {"id": "second-deal", "title": "A deal with a decision", "after": "first-deal",
                               "page": "learn/second-deal.md"}


class LessonError(ValueError):
    """Stated answers the engine does not give, or records that do not hold: every one named."""


@dataclass(frozen=True)
class Stage:
    """One stage: its place, title, trainer theme and exercises."""

    id: str
    title: str
    order: int
    theme: str
    exercises: tuple[Exercise, ...]
    file: str = field(default="", compare=False)
    teaches: tuple[str, ...] = ()

    @property
    def page(self) -> str:
        """The stage's page, relative to the docs folder."""
        return f"learn/{self.id}.md"


# --- reading -----------------------------------------------------------------------------------------


def _claimed(entry: Entry) -> tuple[str, ...]:
    value = entry.raw("rulesets")
    packs = sorted({r.deck.name for r in RULESETS.values()})
    if value is None:
        raise entry.error(f'this field is required: "all", a pack ({", ".join(packs)}) or a list of ruleset ids',
                          "rulesets")
    if isinstance(value, str):
        if value == "all":
            return tuple(RULESETS)
        if value in packs:
            return tuple(r.id for r in RULESETS.values() if r.deck.name == value)
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise entry.error(f'write "all", a pack ({", ".join(packs)}) or a list of ruleset ids such as '
                          '["parker-1947", "parker-1950"]', "rulesets")
    out: list[str] = []
    for v in value:
        if v in packs:
            out += [r.id for r in RULESETS.values() if r.deck.name == v and r.id not in out]
            continue
        try:
            rid = get_ruleset(v).id
        except ValueError as e:
            raise entry.error(str(e), "rulesets") from e
        if rid not in out:
            out.append(rid)
    return tuple(out)


def _read_exercise(entry: Entry, stage: str, seen: dict[str, str]) -> Exercise:
    ident = check_id(entry, seen)
    kind = LESSON_KINDS[entry.text("kind", choices=LESSON_KINDS)]
    task = entry.text("task")
    values: dict[str, Any] = {"id": ident, "stage": stage, "kind": kind.name, "rulesets": _claimed(entry),
                              "task": task, "hint": entry.text("hint", required=False), "file": entry.file,
                              "rule": entry.text("rule", required=False, choices=DIMENSION_KEYS),
                              "overrides": entry.text("overrides", required=False)}
    read_position(entry, values, what=f"a {kind.name} exercise", fields=kind.fields, required=kind.required,
                  position_fields=POSITION_FIELDS)
    values["answer"] = kind.read_answer(entry)
    entry.done((*EXERCISE_FIELDS, *kind.fields))
    return Exercise(**values)


def _read_file(file: ContentFile, seen_stages: dict[str, str], seen: dict[str, str]) -> Stage:
    try:
        data = tomllib.loads(file.text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"this is not valid TOML: {e}", file=file.name) from e
    for key in data:
        if key not in ("stage", "exercise"):
            raise ContentError(f"'{key}' is not accepted at the top of the file; write one [stage] table and "
                               "[[exercise]] tables", file=file.name)
    head = data.get("stage")
    if not isinstance(head, dict):
        raise ContentError("a lesson file starts with one [stage] table (id, title, order, theme)", file=file.name)
    ident = head.get("id")
    entry = Entry(head, file.name, f"stage '{ident}'" if isinstance(ident, str) and ident.strip() else "[stage]")
    sid = check_id(entry, seen_stages)
    title = entry.text("title")
    order = entry.integer("order", low=1, high=99)
    theme = entry.text("theme", required=False, choices=[t for t, _ in THEMES])
    teaches = tuple(entry.text_list("teaches", choices=[t for t, _ in THEMES]))
    entry.done(STAGE_FIELDS)
    items = data.get("exercise", [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise ContentError("write each exercise as an [[exercise]] table", file=file.name)
    exercises = []
    for n, item in enumerate(items, 1):
        eid = item.get("id")
        label = f"exercise '{eid}'" if isinstance(eid, str) and eid.strip() else f"exercise number {n}"
        exercises.append(_read_exercise(Entry(item, file.name, label), sid, seen))
    if not exercises:
        raise ContentError("a stage needs at least one [[exercise]]", file=file.name, entry=entry.label)
    return Stage(sid, title, order, theme, tuple(exercises), file.name, teaches)


def load_lessons(files: list[ContentFile]) -> tuple[Stage, ...]:
    r"""Read lesson files into stages, in their order; a ContentError names the file, entry and field
    of the first mistake (the stated answers are checked by :func:`check_all`).

    >>> [s.id for s in STAGES][:3]
    ['pack', 'tricks', 'trumps']
    >>> load_lessons([ContentFile("mine.toml", '[stage]\nid = "x"\ntitle = "X"\norder = 1\ntheme = "nope"\n')])
    Traceback (most recent call last):
      ...
    somerset.teaching.contentfile.ContentError: mine.toml: stage 'x': field 'theme': 'nope' is not accepted; write one of: trumps, rover, zero-trump, no-trump, follow, bgg-rover, first-lead, kitty, pile, scoring, endings, bidding
    """
    seen_stages: dict[str, str] = {}
    seen: dict[str, str] = {}
    stages = [_read_file(f, seen_stages, seen) for f in files]
    orders: dict[int, str] = {}
    for s in stages:
        if s.order in orders:
            raise ContentError(f"order {s.order} is also the order of stage '{orders[s.order]}'", file=s.file,
                               entry=f"stage '{s.id}'", field="order")
        orders[s.order] = s.id
    ordered = tuple(sorted(stages, key=lambda s: s.order))
    taught: set[str] = set()
    for n, s in enumerate(ordered):
        taught |= set(s.teaches)
        if s.theme and s.theme not in taught:
            raise ContentError(f"the theme '{s.theme}' is not taught by this stage or an earlier one (their 'teaches': "
                               f"{', '.join(sorted(taught)) or 'none'}): its puzzles would practise what the reader "
                               "has not learnt yet", file=s.file, entry=f"stage '{s.id}'", field="theme")
        earlier = {t.id for t in ordered[:n]}
        for ex in s.exercises:
            if ex.overrides and ex.overrides not in earlier:
                raise ContentError(f"'{ex.overrides[:40]}' is not an earlier stage; write the id of one of: "
                                   f"{', '.join(t.id for t in ordered[:n]) or 'none (this is the first stage)'}",
                                   file=s.file, entry=f"exercise '{ex.id}'", field="overrides")
    return ordered


STAGES: tuple[Stage, ...] = load_lessons(shipped_files("lessons", ".toml"))


# --- checking and the records -------------------------------------------------------------------------


def _problems(ex: Exercise) -> list[str]:
    out = []
    kind = ex.kind_of
    for rid in ex.rulesets:
        r = get_ruleset(rid)
        where = f"{ex.where} under {rid}"
        try:
            got = kind.solve(ex, r)
        except ValueError as e:
            out.append(f"{where}: the position does not hold: {e}")
            continue
        try:
            stated = kind.normal(ex, r, ex.answer)
        except ValueError as e:
            out.append(f"{where}: field 'answer': {e}")
            continue
        if stated != got:
            out.append(f"{where}: stated answer {', '.join(stated) or 'nothing'}; the engine says "
                       f"{', '.join(got) or 'nothing'}")
    return out


def check_all(stages: tuple[Stage, ...] | None = None) -> list[str]:
    """Every exercise whose stated answer is not the engine's under a ruleset it claims (empty when
    they all agree), each naming the file, the exercise and the ruleset."""
    chosen = STAGES if stages is None else stages
    return [p for s in chosen for ex in s.exercises for p in _problems(ex)]


def _answer_of(ex: Exercise, rid: str) -> tuple[str, ...] | None:
    try:
        return ex.kind_of.solve(ex, get_ruleset(rid))
    except ValueError:
        return None


def exercise_record(ex: Exercise) -> dict[str, Any]:
    """An exercise's record: the task and, for each ruleset it claims, what the page judges with.

    Each ruleset's record also names the rulesets (among all, where the position holds) whose
    answer is another, so the page can say where the rulesets part ways."""
    by: dict[str, Any] = {}
    answers = {rid: _answer_of(ex, rid) for rid in RULESETS}
    for rid in ex.rulesets:
        r = get_ruleset(rid)
        rec = ex.kind_of.record(ex, r)
        rec["differs"] = [get_ruleset(o).short_name for o, a in answers.items()
                          if a is not None and a != answers[rid]]
        rule = rule_line(r, ex.kind_of.rule_of(ex))
        if ex.overrides:  # the verdict quotes the rule that sets the earlier stage's aside
            rec["rule"] = rule
        rec["hint"] = {"text": ex.hint or rule["text"], "citation": rule["citation"]}
        by[rid] = rec
    return {"id": ex.id, "kind": ex.kind, "task": ex.task, "hint": ex.hint, "rulesets": list(ex.rulesets),
            "by_ruleset": by}


def rule_line(r: Ruleset, key: str) -> dict[str, Any]:
    """A rule of a ruleset as a verdict quotes it: its heading, its summary and its citation."""
    rule = getattr(r, key)
    c = rule.citation
    return {"key": key, "title": dict(DIMENSIONS)[key], "text": rule.summary,
            "citation": {"label": c.label, "href": c.to_json()["href"]} if c is not None else None}


_CARD = re.compile(r"(?<![\w/])(?:\d{1,2}/\d{1,2}|S/S)(?![\w/])")


def named_answers(text: str, r: dict[str, Any]) -> list[str]:
    """The values of a record's answer that ``text`` names: a card by its notation (``6/8``), another
    choice by its label or spoken label (``Bid 12``, ``No Trump``) as words."""
    if r["offer"] in ("hand", "trick"):
        cards = set(_CARD.findall(text))
        return [v for v in r["answer"] if v in cards]
    out = []
    for c in r["choices"]:
        if c["value"] not in r["answer"]:
            continue
        for name in {c["label"], c.get("spoken") or c["label"]}:
            if re.search(r"(?<!\w)" + re.escape(name.lower()) + r"(?!\w)", text.lower()):
                out.append(c["value"])
                break
    return out


def _record_problems(ex: Exercise, rec: dict[str, Any]) -> list[str]:
    out = []
    for rid, r in rec["by_ruleset"].items():
        where = f"{ex.where} under {rid}"
        values = [c["value"] for c in r["choices"]]
        if len(set(values)) != len(values):
            out.append(f"{where}: a value is offered twice")
        if not r["answer"] or not set(r["answer"]) <= set(values):
            out.append(f"{where}: the answer must be one or more of the values offered ({', '.join(values)})")
        for v in values:
            if v not in r["answer"] and not (isinstance(r["refutations"].get(v), dict) and r["refutations"][v]["text"]):
                out.append(f"{where}: the wrong choice {v} has no refutation")
        if not r["single"] and set(r["answer"]) == set(values):
            out.append(f"{where}: every choice offered is right: nothing to choose (offer a choice that is wrong)")
        if r["single"] and len(values) < 2:
            out.append(f"{where}: one value offered: nothing to choose")
        named = named_answers(r["hint"]["text"], r)
        if named:
            out.append(f"{where}: the hint names the answer ({', '.join(named)}): say which rule decides, not what it "
                       "decides" + ("" if ex.hint else " (the ruleset's summary names it: write a 'hint')"))
        if ex.overrides and not ex.rule:
            out.append(f"{where}: field 'overrides' needs the field 'rule': the rule that sets the earlier stage's aside")
    return out


def lessons_data(stages: tuple[Stage, ...] | None = None) -> dict[str, Any]:
    """The lesson pages' whole document: every stage with its exercises' records, the rulesets and packs.

    Raises :class:`LessonError` naming every exercise (file, id and ruleset) whose stated answer
    is not the engine's, or whose record does not hold."""
    chosen = STAGES if stages is None else stages
    problems = check_all(chosen)
    if STAGES is chosen and not any(s.id == FIRST_DEAL["after"] for s in chosen):
        problems.append(f"the first deal is placed after stage '{FIRST_DEAL['after']}', which is not a stage")
    for deal in (FIRST_DEAL, SECOND_DEAL):
        if any(ex.id == deal["id"] for s in chosen for ex in s.exercises):
            problems.append(f"the exercise id '{deal['id']}' is the guided deal's of {deal['page']}: choose another")
    if problems:
        raise LessonError("lesson exercises the engine does not answer as stated:\n" + "\n".join(problems))
    out_stages = []
    theme_names = dict(THEMES)
    titles = {s.id: s for s in chosen}
    for s in chosen:
        records = [exercise_record(ex) for ex in s.exercises]
        for ex, rec in zip(s.exercises, records):
            problems += _record_problems(ex, rec)
            if ex.overrides in titles:
                earlier = titles[ex.overrides]
                for r in rec["by_ruleset"].values():
                    r["overrides"] = {"stage": earlier.id, "title": earlier.title, "order": earlier.order}
        missing = [rid for rid in RULESETS if not any(rid in ex.rulesets for ex in s.exercises)]
        if missing:
            problems.append(f"{s.file}: stage '{s.id}' has no exercise for {', '.join(missing)}: every stage is "
                            "offered to every ruleset")
        out_stages.append({"id": s.id, "title": s.title, "order": s.order, "theme": s.theme,
                           "theme_name": theme_names.get(s.theme, ""), "page": s.page, "exercises": records,
                           "theme_rulesets": sorted({p.ruleset for p in PUZZLES if s.theme and p.theme == s.theme})})
    if problems:
        raise LessonError("lesson records that do not hold:\n" + "\n".join(problems))
    return {
        "version": VERSION,
        "default_ruleset": "parker-1947",
        "rulesets": [{"id": r.id, "short_name": r.short_name, "pack": r.deck.name} for r in RULESETS.values()],
        "packs": {r.deck.name: r.deck.cards_json() for r in RULESETS.values()},
        "stages": out_stages,
        "first_deal": FIRST_DEAL,
        "second_deal": SECOND_DEAL,
    }


def listing(stages: tuple[Stage, ...] | None = None) -> dict[str, Any]:
    """Every stage and its exercises (id, kind, rulesets): ``somerset lessons --json``."""
    chosen = STAGES if stages is None else stages
    return {"stages": [{"id": s.id, "title": s.title, "order": s.order, "theme": s.theme, "file": s.file,
                        "exercises": [{"id": e.id, "kind": e.kind, "rulesets": list(e.rulesets), "task": e.task}
                                      for e in s.exercises]} for s in chosen]}
