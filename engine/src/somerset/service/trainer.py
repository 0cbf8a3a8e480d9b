"""The puzzle trainer's data: every puzzle's trainer record, checked, in one JSON document.

The trainer page judges answers without the engine: each record carries the answer, the hint, the
solution and a refutation of every wrong choice, all worked out by the engine when the site is
built (:meth:`somerset.teaching.puzzle_base.PuzzleKind.trainer`). :func:`check_record` holds a record to
the shape the page reads and to the engine's own answer; :func:`trainer_data` is the document the
build writes (``assets/data/puzzles.json``), and fails with every problem named when a record
does not hold.
"""

from __future__ import annotations

from typing import Any

from ..teaching.puzzles import PUZZLES, THEMES, Puzzle
from .responses import pack_json
from ..rules.rulesets import RULESETS

__all__ = ["VERSION", "record", "check_record", "trainer_data", "TrainerError"]

#: The version of the document's shape; the page refuses a document of another version.
VERSION = 1
_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


class TrainerError(ValueError):
    """A trainer record that does not hold: every problem, each naming the puzzle and the step."""


def record(p: Puzzle) -> dict[str, Any]:
    """A puzzle's trainer record, from its kind."""
    return p.kind_of.trainer(p)


def _step_problems(where: str, step: Any, engine_answer: list[str] | None) -> list[str]:
    if not isinstance(step, dict):
        return [f"{where}: a step must be an object"]
    out = []
    for key in ("question", "hint", "solution"):
        if not isinstance(step.get(key), str) or not step[key].strip():
            out.append(f"{where}: '{key}' must be a sentence")
    choices = step.get("choices")
    if not isinstance(choices, list) or not choices:
        return out + [f"{where}: 'choices' must list what the reader chooses from"]
    values = [c.get("value") if isinstance(c, dict) else None for c in choices]
    if not all(isinstance(v, str) and v for v in values) or len(set(values)) != len(values):
        out.append(f"{where}: every choice needs its own 'value'")
    answer = step.get("answer")
    if not isinstance(answer, list) or not answer or not all(a in values for a in answer):
        out.append(f"{where}: 'answer' must be one or more of the choices' values")
        return out
    if step.get("single") is True and len(answer) != 1:
        out.append(f"{where}: a single-answer step has {len(answer)} answers")
    if engine_answer is not None and sorted(answer) != sorted(engine_answer):
        out.append(f"{where}: the record's answer {', '.join(answer)} is not the engine's ({', '.join(engine_answer) or 'nothing'})")
    refutations = step.get("refutations")
    if not isinstance(refutations, dict):
        return out + [f"{where}: 'refutations' must map each wrong choice to why it is wrong"]
    for v in values:
        if v in answer:
            if v in refutations:
                out.append(f"{where}: {v} is in the answer but has a refutation")
            continue
        r = refutations.get(v)
        if not isinstance(r, dict) or not isinstance(r.get("text"), str) or not r["text"].strip():
            out.append(f"{where}: the wrong choice {v} has no refutation")
    extra = set(refutations) - set(values)
    if extra:
        out.append(f"{where}: refutations of values that are not choices: {', '.join(sorted(extra))}")
    return out


def check_record(rec: Any, engine_answers: list[list[str]] | None = None) -> list[str]:
    """Every way a record fails the trainer's shape or the engine's answers (empty when it holds).

    ``engine_answers`` holds the engine's answer to each step; a record whose steps answer
    otherwise fails.
    """
    if not isinstance(rec, dict):
        return ["a trainer record must be an object"]
    ident = rec.get("id")
    where = f"puzzle '{ident}'"
    out = []
    if not isinstance(ident, str) or not ident or not set(ident) <= _ID_CHARS:
        out.append(f"{where}: 'id' must be lower-case letters, digits and hyphens")
    for key in ("kind", "title", "ruleset", "ruleset_name"):
        if not isinstance(rec.get(key), str) or not rec[key]:
            out.append(f"{where}: '{key}' must be text")
    if rec.get("ruleset") not in RULESETS:
        out.append(f"{where}: '{rec.get('ruleset')}' is not a ruleset")
    themes = rec.get("themes")
    known = dict(THEMES)
    if not isinstance(themes, list) or not themes or not all(t in known for t in themes):
        out.append(f"{where}: 'themes' must name one or more of the themes ({', '.join(known)})")
    difficulty = rec.get("difficulty")
    if not isinstance(difficulty, int) or isinstance(difficulty, bool) or not 1 <= difficulty <= 5:
        out.append(f"{where}: 'difficulty' must be a whole number from 1 to 5")
    steps = rec.get("steps")
    if not isinstance(steps, list) or not steps:
        return out + [f"{where}: 'steps' must hold at least one step"]
    if engine_answers is not None and len(engine_answers) != len(steps):
        out.append(f"{where}: the record has {len(steps)} steps; the engine answers {len(engine_answers)}")
    for i, step in enumerate(steps):
        answer = engine_answers[i] if engine_answers is not None and i < len(engine_answers) else None
        out += _step_problems(f"{where}, step {i + 1}", step, answer)
        if i < len(steps) - 1 and isinstance(step, dict) and not isinstance(step.get("reply", []), list):
            out.append(f"{where}, step {i + 1}: 'reply' must list the cards played before the next step")
    return out


def trainer_data(puzzles: tuple[Puzzle, ...] | None = None) -> dict[str, Any]:
    """The trainer's whole document: the themes, the rulesets and their packs, and every record.

    Raises :class:`TrainerError` naming every record that does not hold or does not answer as the
    engine does.

    >>> data = trainer_data()
    >>> data["version"], len(data["puzzles"]) == len(PUZZLES)
    (1, True)
    >>> rec = next(r for r in data["puzzles"] if r["id"] == "low-trump")
    >>> rec["steps"][0]["answer"], sorted(rec["steps"][0]["refutations"])
    (['S/S'], ['10/12', '11/12', '12/12'])
    """
    chosen = PUZZLES if puzzles is None else puzzles
    records = []
    problems = []
    seen: set[str] = set()
    for p in chosen:
        rec = record(p)
        problems += check_record(rec, p.kind_of.trainer_answers(p))
        if p.id in seen:
            problems.append(f"puzzle '{p.id}': two puzzles have this id")
        seen.add(p.id)
        records.append(rec)
    if problems:
        raise TrainerError("trainer records that do not hold:\n" + "\n".join(problems))
    packs = {r.deck.name: pack_json(r.deck)["cards"] for r in RULESETS.values()}
    return {
        "version": VERSION,
        "themes": [{"id": t, "name": n} for t, n in THEMES],
        "rulesets": [{"id": r.id, "short_name": r.short_name, "aliases": list(r.aliases), "pack": r.deck.name}
                     for r in RULESETS.values()],
        "packs": packs,
        "puzzles": records,
    }
