"""Checking a contributor's content files: ``somerset check content/`` (or one file).

A puzzle file, a ruling file, a lesson file, a guided deal's file or a records file is read as the engine reads its own content: with
every shipped file of the same kind beside it (a file with the same folder and name as a shipped
one takes its place), so a new puzzle may use the shipped themes, and an id already used is
reported. Then every stated answer of the files given is checked against the engine (the shipped
ones are proven by the site's build). The result says, file by file, how many entries were read,
and lists every problem with its file, entry and field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .contentfile import ContentError, ContentFile, plural, shipped_files

__all__ = ["ContentReport", "check_content", "is_content_path", "KINDS"]

#: The kinds of content file: the folder they ship in, their suffix and the tables that mark them.
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "puzzles": (".toml", ("puzzle", "theme")),
    "rulings": (".toml", ("ruling", "topic")),
    "examples": (".records", ()),
    "lessons": (".toml", ("stage", "exercise")),
    "first-deals": (".toml", ("deal", "step")),
}


_AGREES = {
    "puzzles": "every stated answer agrees with the engine",
    "rulings": "each answered by the engine for every ruleset",
    "examples": "each agrees with the engine under every ruleset it names",
    "lessons": "every stated answer agrees with the engine under every ruleset it claims",
    "first-deals": "the deal plays at the table as the file says",
}


@dataclass
class ContentReport:
    """What ``check_content`` found: each file read (name, kind, entries) and every problem."""

    files: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every file was read without a problem."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        """The report as one JSON object (``somerset check --json``)."""
        return {"ok": self.ok, "files": self.files, "problems": self.problems}

    def lines(self) -> list[str]:
        """The report as lines of text: one ``ok:`` line per file read, then the problems."""
        out = []
        for f in self.files:
            if f["entries"]:
                out.append(f"ok: {f['file']}: {plural(f['entries'], f['entry'])}, {_AGREES[f['kind']]}")
            else:
                out.append(f"ok: {f['file']}: read, with no {f['entry']}s in it")
        return out + self.problems


def is_content_path(path: str) -> bool:
    """Whether ``somerset check`` should read this path as content (a folder, a .toml or a .records file)."""
    return path.endswith((".toml", ".records")) or Path(path).is_dir()


def _files_of(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".toml", ".records")
                      and not any(part.startswith(".") for part in p.relative_to(path).parts))
    return [path]


def _kind_of(path: Path, text: str) -> str:
    if path.suffix == ".records":
        return "examples"
    try:
        keys = set(tomllib.loads(text))
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"this is not valid TOML: {e}", file=str(path)) from e
    for kind, (_, tables) in KINDS.items():
        if keys and keys <= set(tables):
            return kind
    raise ContentError("a content file holds [[puzzle]] and [[theme]] tables, [[ruling]] and [[topic]] tables, "
                       "a lesson's [stage] table and [[exercise]] tables, or a guided deal's [deal] table and "
                       "[[step]] tables",
                       file=str(path))


def _load(kind: str, files: list[ContentFile], given: set[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """Read one kind's files together: (file, id) of every entry read, and every stated answer in the
    ``given`` files the engine disagrees with (the shipped files beside them are read, not proven
    again: the site's build proves them). Raises ContentError at the first entry that cannot be read."""
    if kind == "puzzles":
        from .puzzles import check_all, load_puzzles

        _, puzzles = load_puzzles(files)
        return [(p.file, p.id) for p in puzzles], check_all(tuple(p for p in puzzles if p.file in given))
    if kind == "rulings":
        from .rulings import load_rulings  # reading a ruling asks the engine for every ruleset's answer

        _, rulings = load_rulings(files)
        return [(r.file, r.id) for r in rulings], []
    if kind == "lessons":
        from .lessons import check_all as check_lessons, load_lessons

        stages = load_lessons(files)
        return ([(e.file, e.id) for s in stages for e in s.exercises],
                check_lessons(tuple(s for s in stages if s.file in given)))
    if kind == "first-deals":
        from .first_deals import first_deal_problems, load_first_deals

        deals = load_first_deals(files)
        return [(d.file, d.ruleset) for d in deals], [p for d in deals if d.file in given for p in first_deal_problems(d)]
    from .examples import load_examples  # reading a record checks it under every ruleset it names

    _, examples, file_of = load_examples(files)
    return [(file_of[name], name) for name in examples], []


def check_content(paths: list[str]) -> ContentReport:
    """Check content files (or folders of them) as the engine would read them beside its own."""
    report = ContentReport()
    given: dict[str, list[tuple[str, ContentFile]]] = {kind: [] for kind in KINDS}
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            report.problems.append(f"{raw}: no such file or folder")
            continue
        found = _files_of(path)
        if not found:
            report.problems.append(f"{raw}: no content files here (puzzles and rulings end in .toml, worked "
                                   "examples in .records)")
        for file in found:
            try:
                text = file.read_text(encoding="utf-8")
                kind = _kind_of(file, text)
            except (OSError, UnicodeDecodeError) as e:
                report.problems.append(f"{file}: cannot be read: {e}")
                continue
            except ContentError as e:
                report.problems.append(str(e))
                continue
            slot = f"{kind}/{file.name}" if file.parent.name == kind else ""
            given[kind].append((slot, ContentFile(str(file), text)))
    for kind, mine in given.items():
        if not mine:
            continue
        replaced = {slot for slot, _ in mine if slot}
        files = [f for f in shipped_files(kind, KINDS[kind][0]) if f.name not in replaced] + [f for _, f in mine]
        try:
            entries, failures = _load(kind, files, {f.name for _, f in mine})
        except ContentError as e:
            report.problems.append(str(e))
            continue
        word = {"puzzles": "puzzle", "rulings": "ruling", "examples": "worked example", "lessons": "exercise", "first-deals": "guided deal"}[kind]
        for _, f in mine:
            wrong = [x for x in failures if x.startswith(f"{f.name}: ")]
            report.problems += wrong
            if not wrong:
                count = sum(1 for file, _ in entries if file == f.name)
                report.files.append({"file": f.name, "kind": kind, "entries": count, "entry": word})
    return report
