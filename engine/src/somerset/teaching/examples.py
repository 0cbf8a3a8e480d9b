"""The worked examples the sources print, as record files, and a check of them.

Each example is a partial record (:class:`somerset.records.partial_record.PartialRecord`) in
``somerset/content/examples/*.records``, one after another. Its ``Rulesets`` tag names every
ruleset whose text states it, and reading it checks it under each (:func:`load_examples`,
:data:`WORKED_EXAMPLES`, :func:`get_example`, :func:`examples_for`); :func:`check_all` returns an
empty list exactly when the engine agrees with every source, in CPython and in Pyodide alike. What
an example shows (a trick, a hand to play, a score, an auction) decides its name and how the pages
present it: see :mod:`somerset.records.record_parts`.
"""

from __future__ import annotations

from .contentfile import ContentError, ContentFile, shipped_files, split_records
from ..records.partial_record import PartialRecord, parse_partial
from ..records.common import RecordError
from ..records.record_parts import main_part

__all__ = ["WORKED_RECORDS", "WORKED_EXAMPLES", "EXAMPLE_FILES", "example_id", "examples_for", "get_example",
           "check_all", "count", "load_examples"]

#: The order in which a ruleset's page lists its examples, by what each shows.
LISTED = ("trick", "hand", "score", "auction")


def example_id(record: PartialRecord) -> str:
    """A stable name for an example, made from what it shows (used in addresses and tests)."""
    play = record.under()
    return main_part(play).example_id(play)


def _read(file: ContentFile, numbers: list[int], text: str) -> PartialRecord:
    entry = f"the record at line {numbers[0]}"
    try:
        record = parse_partial(text)
        main_part(record.under())
    except RecordError as e:
        line = numbers[e.line - 1] if e.line and e.line <= len(numbers) else None
        message = str(e).removeprefix(f"line {e.line}: ") if e.line else str(e)
        raise ContentError(message, file=file.name, entry=entry, line=line) from e
    except ValueError as e:
        raise ContentError(str(e), file=file.name, entry=entry) from e
    if str(record) != text:
        raise ContentError(f"the record does not read back as written; the engine writes it:\n{record}",
                           file=file.name, entry=entry)
    return record


def load_examples(files: list[ContentFile]) -> tuple[tuple[str, ...], dict[str, PartialRecord], dict[str, str]]:
    """Read records files: the records' texts, the examples by name (listed by what they show, in
    file order within that), and the file each example came from."""
    found: list[tuple[str, PartialRecord, str, str]] = []
    names: dict[str, str] = {}
    for file in files:
        for numbers, text in split_records(file):
            line = numbers[0]
            record = _read(file, numbers, text)
            name = example_id(record)
            if name in names:  # the same position stated by another text
                name = f"{name}-{record.rulesets[0]}"
            if name in names:
                raise ContentError(f"this example is already in {names[name]} (both are called {name})",
                                   file=file.name, entry=f"the record at line {line}")
            names[name] = file.name
            found.append((name, record, text, file.name))
    found.sort(key=lambda f: LISTED.index(main_part(f[1].under()).name))
    return tuple(t for _, _, t, _ in found), {n: r for n, r, _, _ in found}, {n: f for n, _, _, f in found}


EXAMPLE_FILES = shipped_files("examples", ".records")
# Reading the records checks them; a disagreement stops the import with the source's words.
WORKED_RECORDS, WORKED_EXAMPLES, _FILE_OF = load_examples(EXAMPLE_FILES)


def get_example(example_id: str) -> PartialRecord:
    """A worked example by its id; a RecordError names an unknown one."""
    if example_id not in WORKED_EXAMPLES:
        raise RecordError(f"'{example_id[:40]}' is not a worked example; see somerset.teaching.examples.WORKED_EXAMPLES")
    return WORKED_EXAMPLES[example_id]


def examples_for(ruleset_id: str) -> list[str]:
    """The ids of the examples stated by one ruleset, in the order they are listed."""
    return [i for i, r in WORKED_EXAMPLES.items() if ruleset_id in r.rulesets]


def check_all() -> list[str]:
    """Read every worked example again under every ruleset that states it; return the failures."""
    try:
        load_examples(EXAMPLE_FILES)
    except ContentError as e:
        return [str(e)]
    return []


def count() -> int:
    """How many checks ``check_all`` makes (one per example and ruleset stating it)."""
    return sum(len(r.rulesets) for r in WORKED_EXAMPLES.values())
