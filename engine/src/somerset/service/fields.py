"""Reading a request's fields, as every command of :mod:`somerset.api` does: each value is read
where its field is known, and a wrong one is an :class:`ApiError` naming the field, what was wrong
and what is accepted. ``true`` and ``false`` are never numbers, and a seed may be a number or its
digits as text (JavaScript numbers do not hold every seed).
"""

from __future__ import annotations

from typing import Any

from ..game.rng import check_seed
from ..rules.cards import Card, Trump, parse_cards, parse_trump
from ..rules.dimensions import Ruleset
from ..rules.errors import SomersetError, in_field
from ..rules.limits import MAX_SEED, excerpt
from ..rules.rulesets import load_ruleset
from .responses import JSON

__all__ = ["ApiError", "field", "ruleset", "cards", "trump", "seed", "format_id", "bots_version", "level", "play_code"]


class ApiError(SomersetError):
    """A request the API cannot answer; ``field`` names the request field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message, field=field)


def field(req: JSON, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """The field ``name`` if it is of ``kind`` (``true`` and ``false`` only where ``bool`` is), else
    ``default``; without a default, the request needs it."""
    if name not in req:
        if default is ...:
            raise ApiError(f"the request needs '{name}'", name)
        return default
    value = req[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kinds):  # True is an int to Python
        raise ApiError(f"'{name}' has the wrong type", name)
    return value


def ruleset(req: JSON) -> Ruleset:
    """The ruleset of ``rules``, with the ``option`` applied if one is given."""
    name = field(req, "rules", str)
    option = field(req, "option", str, None)
    return in_field("rules", load_ruleset, name, [option] if option is not None else [])


def cards(req: JSON, name: str, ruleset: Ruleset, default: Any = ...) -> tuple[Card, ...]:
    """The cards of ``name`` (text, or a list of card names) in the ruleset's pack."""
    raw = field(req, name, (str, list), default)
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError(f"'{name}' must be a list of card names", name)
    cards: tuple[Card, ...] = in_field(name, parse_cards, raw, ruleset.deck, what=name)
    return cards


def trump(req: JSON, ruleset: Ruleset) -> Trump:
    """The ``trump`` in the ruleset's pack."""
    trump: Trump = in_field("trump", parse_trump, field(req, "trump", str), ruleset.deck)
    return trump


def seed(req: JSON) -> int:
    """The ``seed``: a whole number, or its digits as text (for seeds JavaScript numbers cannot hold)."""
    raw = field(req, "seed", (int, str))
    if isinstance(raw, str):
        digits = raw.strip()
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):  # isdigit alone accepts "²"
            raise ApiError(f"'seed' must be a whole number from 0 to {MAX_SEED}, not {excerpt(raw, 30)!r}", "seed")
        raw = int(digits)
    return check_seed(raw)


def format_id(req: JSON, ruleset: Ruleset) -> str | None:
    """The ``format``, if given: one of the ruleset's formats."""
    fmt: str | None = field(req, "format", str, None)
    if fmt is not None:
        ruleset.format(fmt)  # names the formats there are, as the 'format' field's error
    return fmt


def bots_version(req: JSON) -> int:
    """The ``bots_version`` of a link played by the bots (1, the links' default, when not given)."""
    from ..players.roster import LINK_BOTS_VERSION, check_bots_version

    version: int = in_field("bots_version", check_bots_version, field(req, "bots_version", (int, str),
                                                                        LINK_BOTS_VERSION))
    return version


def level(req: JSON) -> str:
    """The bots' ``level`` at the table (the default level, today's bots, when not given)."""
    from ..players.roster import DEFAULT_LEVEL, check_level

    name: str = in_field("level", check_level, field(req, "level", str, DEFAULT_LEVEL))
    return name


def play_code(req: JSON) -> str | None:
    """The ``play`` field: a deal's code (see :mod:`somerset.records.links`), read where it is replayed."""
    from ..records.links import MAX_CODE_CHARS

    code: str | None = field(req, "play", str, None)
    if code is not None and len(code) > MAX_CODE_CHARS:
        raise ApiError(f"'play' is {len(code):,} characters; a deal's code is at most {MAX_CODE_CHARS:,}", "play")
    return code
