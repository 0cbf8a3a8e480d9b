"""What the three record formats share: the error that names a line, the header tags and the
setup they name, and reading cards and actions line by line.

The formats: a deal (:mod:`.deal_record`), a game of several deals (:mod:`.game_record`) and
part of a deal without its hands, as the sources print worked examples (:mod:`.partial_record`).
"""

from __future__ import annotations

import re

from ..rules.cards import Card, parse_card
from ..game.actions import Action, parse_action
from ..game.deal import Deal
from ..rules.errors import SomersetError
from ..rules.limits import MAX_SEED, excerpt
from ..rules.dimensions import Ruleset
from ..rules.rulesets import get_ruleset, load_ruleset

__all__ = ["RecordError"]


_SETUP_TAGS = ("Ruleset", "Options", "Format", "Dealer", "Seed")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\]')


class RecordError(SomersetError):
    """A record that cannot be read, or whose lines disagree with the play; names the line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _sorted(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)


def _number(text: str, digits: int = 9) -> int | None:
    """The whole number ``text`` writes in at most ``digits`` ASCII digits (no leading zero), else None.

    ``str.isdigit`` also accepts digits such as "²" that ``int`` refuses, and ``int`` refuses numbers of
    thousands of digits: both would escape as bare ValueErrors."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit() and (text == "0" or text[0] != "0"):
        return int(text)
    return None


def _tag_setup(tags: dict[str, str], at: dict[str, int] | None = None) -> tuple[Ruleset, str, int, int | None]:
    """The ruleset (its options applied), format id, dealer and seed the setup tags name.

    A tag that cannot be read raises :class:`RecordError` naming the tag (and its line, from ``at``)."""
    where = at or {}

    def bad(name: str, message: str) -> RecordError:
        return RecordError(f'[{name} "{excerpt(tags[name])}"]: {message}', where.get(name))

    if "Ruleset" not in tags:
        raise RecordError('a record needs a [Ruleset "..."] tag, such as [Ruleset "parker-1947"]')
    if not tags["Ruleset"].strip():
        raise bad("Ruleset", "the tag is empty; name a ruleset such as parker-1947")
    try:
        ruleset = get_ruleset(tags["Ruleset"])
    except ValueError as e:
        raise bad("Ruleset", str(e)) from e
    try:
        ruleset = load_ruleset(ruleset, tags.get("Options", "").split())
    except ValueError as e:
        raise bad("Options", str(e)) from e
    try:
        fmt = ruleset.format(tags.get("Format"))
    except ValueError as e:
        raise bad("Format", str(e)) from e
    dealer = 0
    if "Dealer" in tags:
        number = _number(tags["Dealer"].strip())
        if number is None or number >= fmt.players:
            raise bad("Dealer", f"the dealer is a seat from 0 to {fmt.players - 1} ({fmt.label})")
        dealer = number
    seed: int | None = None
    if "Seed" in tags:
        seed = _number(tags["Seed"].strip(), 20)
        if seed is None or seed > MAX_SEED:
            raise bad("Seed", "a seed is a whole number from 0 to 2**64 - 1")
    return ruleset, fmt.id, dealer, seed


def _split_tags(lines: list[str], start: int) -> tuple[dict[str, str], dict[str, int], int]:
    """The tags from line ``start`` on, the line number of each, and the index of the line after them."""
    tags: dict[str, str] = {}
    at: dict[str, int] = {}
    i = start
    while i < len(lines) and lines[i].strip().startswith("["):
        m = _TAG.fullmatch(lines[i].strip())
        if not m:
            raise RecordError(f"'{excerpt(lines[i].strip())}' is not a tag: write [Name \"value\"]", i + 1)
        if m.group(1) in tags:
            raise RecordError(f"the tag {m.group(1)} is given twice", i + 1)
        tags[m.group(1)] = _unquote(m.group(2))
        at[m.group(1)] = i + 1
        i += 1
    return tags, at, i


def _text_of(text: object) -> str:
    """A record's text, without the byte-order mark some editors put at the start of a UTF-8 file."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    return text[1:] if text.startswith("\ufeff") else text


def _read_head(text: object) -> tuple[list[str], dict[str, str], dict[str, int], int]:
    """The lines of a record, its tags, the line of each tag, and the index of the first line after them."""
    lines = _text_of(text).splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    tags, at, i = _split_tags(lines, i)
    return lines, tags, at, i


def _apply(deal: Deal, action: Action | str, line: int) -> None:
    try:
        deal.apply(parse_action(action, deal.pack) if isinstance(action, str) else action)
    except ValueError as e:  # a notation error or an IllegalActionError
        raise RecordError(str(e), line) from e


def _cards(text: str, deal: Deal, line: int) -> list[Card]:
    try:
        return [parse_card(t, deal.pack) for t in text.split()]
    except ValueError as e:
        raise RecordError(str(e), line) from e


def _expect(ok: bool, message: str, line: int) -> None:
    if not ok:
        raise RecordError(message, line)
