"""Reading the content files: puzzles, rulings, worked examples, lessons and guided deals as plain text.

The files live in the package (``somerset/content/``): :class:`ContentFile` is one file's name and
text, :func:`shipped_files` lists a folder's, :func:`read_toml` splits a TOML file into
:class:`Entry` tables whose typed readers check each field, :func:`read_position` reads the
position fields of a puzzle or an exercise, and :func:`split_records` splits a records file. Every
entry is checked as it is read; a mistake raises :class:`ContentError`, whose message names the
file, the entry and the field, says what was wrong and what is accepted.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Collection, Iterable, Iterator, Sequence

from ..rules.errors import SomersetError

__all__ = ["ContentError", "Entry", "ContentFile", "shipped_files", "read_toml", "read_position", "split_records", "plural"]


class ContentError(SomersetError):
    r"""A content file that cannot be used, with where the mistake is: file, entry and field (or line).

    >>> from somerset.teaching.puzzles import load_puzzles
    >>> load_puzzles([ContentFile("mine.toml", '[[puzzle]]\nid = "my-first"\nruleset = "parker-1974"\n')])
    Traceback (most recent call last):
      ...
    somerset.teaching.contentfile.ContentError: mine.toml: puzzle 'my-first': field 'ruleset': 'parker-1974' is not a known ruleset; the rulesets are: hodges-1903, hodges-1913, parker-1934, parker-1947, minden-hardware, somersetcards-com, boardgamegeek, minden-senior-center, somersetgame-com, parker-1947-house, parker-1950, triple-2009
    """

    def __init__(self, message: str, *, file: str = "", entry: str = "", field: str = "", line: int | None = None) -> None:
        where = [w for w in (file, entry, f"field '{field}'" if field else "", f"line {line}" if line else "") if w]
        super().__init__(": ".join([*where, message]), field=field or None)
        self.file, self.entry, self.line, self.problem = file, entry, line, message


@dataclass(frozen=True)
class ContentFile:
    """A content file's name (as shown in messages) and its text."""

    name: str
    text: str


def _package_root() -> Traversable:
    return resources.files("somerset") / "content"


def shipped_files(folder: str, suffix: str) -> list[ContentFile]:
    """The files of one content folder shipped with the engine, sorted by name."""
    root = _package_root() / folder
    found = sorted((f for f in root.iterdir() if f.is_file() and f.name.endswith(suffix)), key=lambda f: f.name)
    return [ContentFile(f"{folder}/{f.name}", f.read_text(encoding="utf-8")) for f in found]


def plural(n: int, word: str) -> str:
    """``3 puzzles``, ``1 puzzle``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


class Entry:
    """One table of a content file (a puzzle, a ruling, a theme), read field by field.

    Every getter raises :class:`ContentError` naming the file, the entry and the field. ``done()``
    refuses fields that no getter asked for (a misspelt field name would otherwise be ignored).
    """

    def __init__(self, data: dict[str, Any], file: str, label: str) -> None:
        self.data = data
        self.file = file
        self.label = label
        self._used: set[str] = set()

    def error(self, message: str, field: str = "") -> ContentError:
        """A ContentError about this entry (and one of its fields)."""
        return ContentError(message, file=self.file, entry=self.label, field=field)

    def has(self, name: str) -> bool:
        """Whether the entry gives this field."""
        return name in self.data

    def _get(self, name: str, required: bool) -> Any:
        self._used.add(name)
        if name not in self.data:
            if required:
                raise self.error("this field is required", name)
            return None
        return self.data[name]

    def text(self, name: str, *, required: bool = True, default: str = "", choices: Iterable[str] = ()) -> str:
        """A text field, stripped; with ``choices``, one of them."""
        value = self._get(name, required)
        if value is None:
            return default
        if not isinstance(value, str):
            raise self.error(f"expected text in quotes, got {_type_name(value)}", name)
        value = value.strip()
        if required and not value:
            raise self.error("this field must not be empty", name)
        allowed = list(choices)
        if allowed and value not in allowed:
            raise self.error(f"'{value[:40]}' is not accepted; write one of: {', '.join(allowed)}", name)
        return value

    def integer(self, name: str, *, required: bool = True, default: int = 0, low: int | None = None,
                high: int | None = None) -> int:
        """A whole-number field, within ``low`` and ``high`` when given."""
        value = self._get(name, required)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected a whole number (without quotes), got {_type_name(value)}", name)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"from {low} to {high}" if low is not None and high is not None else \
                f"at least {low}" if low is not None else f"at most {high}"
            raise self.error(f"{value} is out of range: write a whole number {span}", name)
        return value

    def boolean(self, name: str, *, default: bool = False) -> bool:
        """A true-or-false field."""
        value = self._get(name, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(f"expected true or false (without quotes), got {_type_name(value)}", name)
        return value

    def text_list(self, name: str, *, required: bool = False, choices: Iterable[str] = ()) -> list[str]:
        """A list of texts (one text alone counts as a list of one)."""
        value = self._get(name, required)
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error('expected a list of texts, such as ["a", "b"]', name)
        allowed = list(choices)
        for v in value:
            if allowed and v not in allowed:
                raise self.error(f"'{v[:40]}' is not accepted; write any of: {', '.join(allowed)}", name)
        return [v.strip() for v in value]

    def table(self, name: str, *, required: bool = True) -> dict[str, Any] | None:
        """A field that is itself a table (``[entry.name]`` in the file)."""
        value = self._get(name, required)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.error(f"expected a table ([...{name}] on a line of its own), got {_type_name(value)}", name)
        return value

    def raw(self, name: str) -> Any:
        """A field's value as the file gives it (the caller checks it)."""
        return self._get(name, False)

    def done(self, accepted: Iterable[str]) -> None:
        """Refuse any field no getter asked for, listing the accepted ones."""
        unknown = [k for k in self.data if k not in self._used]
        if unknown:
            names = ", ".join(sorted(set(accepted) | self._used))
            raise self.error(f"unknown field; the fields accepted here are: {names}", unknown[0])


def read_toml(file: ContentFile, tables: dict[str, str]) -> dict[str, list[Entry]]:
    """Read a TOML content file; ``tables`` maps each accepted array of tables to the word for one entry.

    Returns the entries of each array, labelled for messages (``puzzle 'low-trump'`` or, before
    the id is known, ``the 3rd [[puzzle]]``)."""
    try:
        data = tomllib.loads(file.text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"this is not valid TOML: {e}", file=file.name) from e
    out: dict[str, list[Entry]] = {name: [] for name in tables}
    for key, value in data.items():
        if key not in tables:
            accepted = ", ".join(f"[[{t}]]" for t in tables)
            raise ContentError(f"'{key}' is not accepted at the top of the file; write {accepted} tables",
                               file=file.name)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise ContentError(f"write each {tables[key]} as a [[{key}]] table", file=file.name)
        for n, item in enumerate(value, 1):
            ident = item.get("id")
            label = f"{tables[key]} '{ident}'" if isinstance(ident, str) and ident.strip() else \
                f"the {_ordinal(n)} [[{key}]]"
            out[key].append(Entry(item, file.name, label))
    return out


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def read_position(entry: Entry, values: dict[str, Any], *, what: str, fields: Sequence[str], required: Collection[str],
                  position_fields: Iterable[str], check_format: Callable[[str], object] | None = None) -> None:
    """Read into ``values`` the position fields a kind of entry uses (``fields``, of all the
    ``position_fields`` an entry may hold): a field the kind does not use is refused, naming the ones
    it does (``what``: "a take exercise", "a trick puzzle"); ``first_trick`` is true or false, ``bid``,
    ``made`` and ``against`` whole numbers, ``format`` a format id (checked by ``check_format``, which
    raises ValueError) or None, and the rest text. Shared by puzzles and lessons."""
    for name in position_fields:
        if name not in fields:
            if entry.has(name):
                raise entry.error(f"{what} does not use this field; it uses: {', '.join(fields)}", name)
            continue
        needed = name in required
        if name == "first_trick":
            values[name] = entry.boolean(name)
        elif name in ("bid", "made", "against"):
            values[name] = entry.integer(name, required=needed, low=0 if name != "bid" else 1)
        elif name == "format":
            fmt = entry.text(name, required=False)
            if fmt and check_format is not None:
                try:
                    check_format(fmt)
                except ValueError as e:
                    raise entry.error(str(e), name) from e
            values[name] = fmt or None
        else:
            values[name] = entry.text(name, required=needed)


def check_id(entry: Entry, seen: dict[str, str]) -> str:
    """The entry's ``id``: lower-case letters, digits and hyphens, and not used twice."""
    ident = entry.text("id")
    if not (ident[0].isalnum() and all(c.islower() or c.isdigit() or c == "-" for c in ident) and len(ident) <= 80):
        raise entry.error(f"'{ident[:40]}' is not a good id: use lower-case letters, digits and hyphens "
                          "(such as low-trump), at most 80 characters", "id")
    if ident in seen:
        raise entry.error(f"the id '{ident}' is already used in {seen[ident]}", "id")
    seen[ident] = entry.file
    return ident


def split_records(file: ContentFile) -> Iterator[tuple[list[int], str]]:
    """The records of a records file: the file's line number of each line of a record, and its text.

    Records follow one another, each a block of ``[Tag "value"]`` lines, a blank line and its
    body lines; a record starts at a tag line that does not follow another tag line. Lines that
    start with ``#`` are comments and are left out."""
    numbers: list[int] = []
    block: list[str] = []
    previous_tag = False
    for n, line in enumerate(file.text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        is_tag = stripped.startswith("[")
        if is_tag and not previous_tag and any(block):
            yield _record(numbers, block)
            numbers, block = [], []
        if not stripped and not any(block):
            continue
        if not any(block) and not is_tag:
            raise ContentError(f"line {n}: a record starts with its tags, such as [Rulesets \"parker-1947\"]",
                               file=file.name)
        numbers.append(n)
        block.append(stripped)
        if stripped:
            previous_tag = is_tag
    if any(block):
        yield _record(numbers, block)


def _record(numbers: list[int], block: list[str]) -> tuple[list[int], str]:
    while block and not block[-1]:
        block.pop()
    return numbers[: len(block)], "\n".join(block) + "\n"
