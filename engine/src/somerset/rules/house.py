"""A table's own ruleset: a surveyed ruleset with the table's changes, and the code that names it.

A base (one of the surveyed rulesets) plus at most one change per setting (:data:`SETTINGS`), each
a value some surveyed ruleset of the same pack uses (with its summary and citations) or a number
within bounds; the result is a :class:`~somerset.rules.dimensions.Ruleset` whose ``id`` is its code.
:class:`RulesetCode` is that code (``parker-1947~v1~rover_play.any-time~target.50~name.<base64url>``),
:func:`compose` and :func:`choices` take the surveyed rulesets as ``survey``. The code's format and
its versions: develop/architecture.md, "A table's own rules".
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, replace
from typing import Any, Mapping

from .dimensions import (DIMENSIONS, AfterRover, AllPass, AuctionStyle, Bidding, Declaration, FirstLead, GameEnd, Made,
                         Misdeal, Revoke, RoverNoTrump, RoverPlay, RoverPower, Rule, RuleValue, Ruleset, SetPenalty,
                         SSNoTrump, Tie, Undealt, UndealtKind)
from .errors import RulesError
from .limits import excerpt

__all__ = ["CODE_VERSION", "CODE_MARK", "MAX_NAME_CHARS", "TARGET_BOUNDS", "Setting", "SETTINGS", "SETTING_KEYS",
           "RulesetCode", "HouseCodeError", "Change", "is_code", "token_of", "setting", "value_label", "number_bounds", "choices",
           "compose", "changes_of", "ruleset_tokens"]

#: The version of the code this release writes, and the newest it reads.
CODE_VERSION = 1
#: What separates the parts of a code; no ruleset id or alias holds it.
CODE_MARK = "~"
#: The longest name a table may give its rules.
MAX_NAME_CHARS = 40
#: The game's target a table may set. The surveyed games run to 50, 66 or 99; below 10 a game is
#: over in a deal or two, above 250 it outlasts an evening, so the engine asks for something between.
TARGET_BOUNDS = (10, 250)

_NAME = "name"
_WORD = re.compile(r"[a-z0-9][a-z0-9-]*\Z")


class HouseCodeError(RulesError):
    """A ruleset code that cannot be read, or changes that cannot be played together. The field
    is ``rules`` (the code is one value); ``part`` says which part of it was wrong: ``base``,
    ``change``, ``name`` or ``form`` (the code's shape and version)."""

    def __init__(self, message: str, part: str = "change") -> None:
        super().__init__(message, field="rules")
        self.part = part


@dataclass(frozen=True)
class Setting:
    """One thing a table may change: a whole rule dimension, or one part of one (``part``: the
    attribute of the dimension's value, such as the bidding's ``minimum``). ``number``: the value is
    a whole number the table sets within bounds; otherwise it is one of the surveyed values."""

    key: str
    dimension: str
    heading: str
    part: str | None = None
    number: bool = False

    def value_in(self, ruleset: Ruleset) -> Any:
        """This setting's value in ``ruleset``."""
        value = ruleset.rule(self.dimension).value
        return getattr(value, self.part) if self.part else value


#: What a table may change, in the order a code lists them. The pack, the formats and the points
#: a deal holds stay the base's (every surveyed ruleset of a pack counts the same points); options
#: belong to a book, and a table makes its choices here instead.
SETTINGS: tuple[Setting, ...] = (
    Setting("undealt", "undealt", "The undealt cards"),
    Setting("misdeal", "misdeal", "A card shown while dealing"),
    Setting("bidding", "bidding", "How the bidding goes round", part="style"),
    Setting("minimum", "bidding", "The lowest bid", part="minimum", number=True),
    Setting("all_pass", "bidding", "When every player passes", part="all_pass"),
    Setting("declaration", "declaration", "Declaring trump"),
    Setting("first_lead", "first_lead", "The first lead"),
    Setting("follow_suit", "follow_suit", "Following suit and a revoke"),
    Setting("rover_play", "rover_play", "When the 0/0 may be played"),
    Setting("after_rover", "after_rover", "After the 0/0 is played"),
    Setting("rover_power", "rover_power", "The Rover's power"),
    Setting("no_trump", "no_trump", "Whether No Trump may be named"),
    Setting("ss_no_trump", "ss_no_trump", "The S/S in No Trump"),
    Setting("rover_no_trump", "rover_no_trump", "The 0/0 in No Trump"),
    Setting("zero_trump", "zero_trump", "The 0/0 named as trump"),
    Setting("made", "made", "Scoring a made bid"),
    Setting("set", "set", "Scoring a set"),
    Setting("target", "game", "The game's target", part="target", number=True),
    Setting("tie", "game", "Several sides past the target", part="tie"),
    Setting("win_by_setting", "game", "Reaching the target by setting the bidder", part="win_by_setting"),
)
SETTING_KEYS = tuple(s.key for s in SETTINGS)
_BY_KEY = {s.key: s for s in SETTINGS}
#: The value a rule takes where it does not apply (the S/S and the 0/0 in No Trump without No Trump).
_NOT_APPLICABLE = "n/a"
#: The enumerations whose values a code may hold, so a token reads back as the same value.
_ENUMS: dict[str, type[RuleValue]] = {
    "misdeal": Misdeal, "bidding": AuctionStyle, "all_pass": AllPass, "declaration": Declaration,
    "first_lead": FirstLead, "follow_suit": Revoke, "rover_play": RoverPlay, "after_rover": AfterRover,
    "rover_power": RoverPower, "ss_no_trump": SSNoTrump, "rover_no_trump": RoverNoTrump, "made": Made,
    "set": SetPenalty, "tie": Tie}


def setting(key: str) -> Setting:
    """The setting ``key``; an unknown one is a :class:`HouseCodeError` naming the settings."""
    if key not in _BY_KEY:
        raise HouseCodeError(f"'{excerpt(key)}' is not a rule a table may change; the rules are: {', '.join(SETTING_KEYS)}")
    return _BY_KEY[key]


def token_of(value: Any) -> str:
    """A value as a code writes it: a named choice by its name, yes or no, a number in digits, the
    undealt cards as their kind (and for a kitty, what the bidder may discard, after a dash).

    What a bidder may discard belongs to the kitty alone: the undealt cards face up or all dealt
    are written without it. (Parker 1947 with house rules gives its face-up rule a free exchange,
    which serves only its three-handed game, whose format makes the undealt cards a kitty; over
    any other base that exchange would never be used, so it is not a choice of its own.)"""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Undealt):
        return f"{value.kind}-{value.exchange}" if value.kind is UndealtKind.KITTY else str(value.kind)
    if isinstance(value, RuleValue):
        return str(value)
    raise TypeError(f"no code for {value!r}")


def _lower(heading: str) -> str:
    """A heading inside a sentence: its first letter small."""
    return heading[:1].lower() + heading[1:]


def value_label(value: Any) -> str:
    """A value as a table cell shows it (the choice's label, yes or no, a number)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Undealt):
        return f"{value.kind.label}; {value.exchange.label}" if value.kind is UndealtKind.KITTY else value.kind.label
    if isinstance(value, RuleValue):
        return value.label
    return str(value)


# --- the code ------------------------------------------------------------------------------------


def is_code(text: str) -> bool:
    """Whether ``text`` is written as a ruleset code (rather than a ruleset's id or alias)."""
    return CODE_MARK in text


@dataclass(frozen=True)
class RulesetCode:
    """A table's ruleset as text: the base's id, the changes (setting, value token) in the order of
    :data:`SETTINGS`, the table's name and the code's version. Reading it checks its form (the
    version, the settings, the name); whether the values exist for the base's pack is for
    :func:`compose`. A code from a newer release (a higher version) is refused.

    >>> code = RulesetCode.parse("parker-1947~v1~rover_play.any-time")
    >>> code.base, code.changes
    ('parker-1947', (('rover_play', 'any-time'),))
    >>> str(code)
    'parker-1947~v1~rover_play.any-time'
    """

    base: str
    changes: tuple[tuple[str, str], ...] = ()
    name: str = ""
    version: int = CODE_VERSION

    def __post_init__(self) -> None:
        keys = [k for k, _ in self.changes]
        for k in keys:
            setting(k)
        if len(set(keys)) != len(keys):
            twice = next(k for k in keys if keys.count(k) > 1)
            raise HouseCodeError(f"the ruleset code changes '{twice}' twice; give each rule one value")
        order = sorted(self.changes, key=lambda c: SETTING_KEYS.index(c[0]))
        object.__setattr__(self, "changes", tuple(order))
        if len(self.name) > MAX_NAME_CHARS:
            raise HouseCodeError(f"the table's name is {len(self.name)} characters long; the longest accepted is "
                                 f"{MAX_NAME_CHARS}", part="name")
        if self.name != self.name.strip() or any(not ch.isprintable() for ch in self.name):
            raise HouseCodeError("the table's name must be printable text without spaces at either end", part="name")

    def __str__(self) -> str:
        parts = [self.base, f"v{self.version}", *(f"{k}.{v}" for k, v in self.changes)]
        if self.name:
            encoded = base64.urlsafe_b64encode(self.name.encode("utf-8")).decode("ascii").rstrip("=")
            parts.append(f"{_NAME}.{encoded}")
        return CODE_MARK.join(parts)

    @classmethod
    def parse(cls, text: str) -> RulesetCode:
        """Read a code; a malformed one is a :class:`HouseCodeError` saying what was wrong and what
        is accepted."""
        if not isinstance(text, str) or not is_code(text.strip()):
            raise HouseCodeError(f"'{excerpt(str(text))}' is not a ruleset code: a code is a ruleset's id, the "
                                 f"version and the changes, such as parker-1947~v{CODE_VERSION}~rover_play.any-time", part="form")
        parts = text.strip().split(CODE_MARK)
        base = parts[0].lower()
        if not _WORD.match(base):
            raise HouseCodeError(f"the ruleset code '{excerpt(text)}' does not start with a ruleset's id, such as "
                                 f"parker-1947~v{CODE_VERSION}", part="form")
        version_text = parts[1]
        if not re.fullmatch(r"v[0-9]{1,6}", version_text):
            raise HouseCodeError(f"the ruleset code '{excerpt(text)}' has '{excerpt(version_text)}' where its version "
                                 f"goes; it follows the ruleset's id, as in {base}~v{CODE_VERSION}", part="form")
        version = int(version_text[1:])
        if version > CODE_VERSION or version < 1:
            raise HouseCodeError(f"the ruleset code is version {version}, written by a newer release of the companion; "
                                 f"this release reads codes up to version {CODE_VERSION}: update it to play "
                                 "these rules", part="form")
        changes: list[tuple[str, str]] = []
        name = ""
        for part in parts[2:]:
            key, dot, value = part.partition(".")
            key = key.lower()
            if not dot or not key or not value:
                raise HouseCodeError(f"'{excerpt(part)}' in the ruleset code is not a change: each change is "
                                     "setting.value, such as rover_play.any-time", part="form")
            if key == _NAME:
                if name:
                    raise HouseCodeError("the ruleset code names the table twice", part="name")
                name = _read_name(value)
                continue
            value = value.lower()
            if not _WORD.match(value):
                raise HouseCodeError(f"'{excerpt(value)}' is not a value for {key}: values are words such as any-time, "
                                     "yes or 66")
            changes.append((setting(key).key, value))
        return cls(base, tuple(changes), name, version)


def _read_name(value: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != value:
            raise ValueError("not canonical")
        return raw.decode("utf-8")
    except (binascii.Error, ValueError):
        raise HouseCodeError(f"the table's name in the ruleset code ('{excerpt(value)}') is not base64url text; "
                             "the name is written as its UTF-8 bytes in base64url, without padding", part="name") from None


# --- what a table may choose --------------------------------------------------------------------


def _same_pack(base: Ruleset, survey: Mapping[str, Ruleset]) -> list[Ruleset]:
    """The surveyed rulesets of ``base``'s pack, the base first."""
    return [base] + [r for r in survey.values() if r.pack.value == base.pack.value and r.id != base.id]


def number_bounds(s: Setting, base: Ruleset) -> tuple[int, int]:
    """The numbers a table may set for ``s`` over ``base``: the lowest bid from 1 to the fewest
    points any of the base's formats holds (a higher one could never be made); the game's target
    within :data:`TARGET_BOUNDS`."""
    if s.key == "minimum":
        return 1, min(f.points_per_deal for f in base.formats.value)
    return TARGET_BOUNDS


def choices(s: Setting, base: Ruleset, survey: Mapping[str, Ruleset]) -> list[tuple[str, Any, Ruleset]]:
    """The values a table over ``base`` may choose for ``s``: (token, value, the first surveyed
    ruleset of the pack that uses it), the base's own first. Not for numbers; never "n/a", which
    follows from playing without No Trump."""
    out: dict[str, tuple[str, Any, Ruleset]] = {}
    for r in _same_pack(base, survey):
        value = s.value_in(r)
        token = token_of(value)
        if token != _NOT_APPLICABLE and token not in out:
            out[token] = (token, value, r)
    return list(out.values())


def ruleset_tokens(r: Ruleset) -> dict[str, str]:
    """Each setting's value in ``r`` as a code writes it."""
    return {s.key: token_of(s.value_in(r)) for s in SETTINGS}


# --- composing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One change a table made: the setting, its value, and the surveyed ruleset it is taken from
    (None for a number the table sets itself)."""

    setting: Setting
    token: str
    value: Any
    source: Ruleset | None

    def sentence(self) -> str:
        """The change in words, with where it comes from."""
        label = value_label(self.value)
        if self.source is None:
            return f"{_lower(self.setting.heading)}: {label}, set by the table"
        return f"{_lower(self.setting.heading)}: {label}, as in {self.source.short_name}"


def _resolve_base(base: str, survey: Mapping[str, Ruleset]) -> Ruleset:
    for r in survey.values():
        if base == r.id or base in r.aliases:
            return r
    raise HouseCodeError(f"the ruleset code is built on '{excerpt(base)}', which is not a known ruleset; "
                         f"the rulesets are: {', '.join(survey)}", part="base")


def _change(s: Setting, token: str, base: Ruleset, survey: Mapping[str, Ruleset]) -> Change:
    if s.number:
        low, high = number_bounds(s, base)
        if not token.isdigit() or not low <= int(token) <= high:
            raise HouseCodeError(f"'{excerpt(token)}' is not a value for {s.key} ({_lower(s.heading)}) over "
                                 f"{base.short_name}: it is a whole number from {low} to {high}")
        value = int(token)
        return Change(s, str(value), value, None)
    options = choices(s, base, survey)
    for t, value, source in options:
        if t == token:
            return Change(s, t, value, source)
    accepted = ", ".join(t for t, _, _ in options)
    raise HouseCodeError(f"'{excerpt(token)}' is not a value for {s.key} ({_lower(s.heading)}) in the "
                         f"{base.deck.name} pack; the surveyed rulesets use: {accepted}")


def changes_of(code: RulesetCode, survey: Mapping[str, Ruleset]) -> tuple[Ruleset, tuple[Change, ...]]:
    """The base and the changes a code makes, each checked against the base's pack; a change to
    the base's own value is no change and is left out."""
    base = _resolve_base(code.base, survey)
    out = []
    for key, token in code.changes:
        c = _change(setting(key), token, base, survey)
        if c.token != token_of(c.setting.value_in(base)):
            out.append(c)
    return base, tuple(out)


def _conflicts(base: Ruleset, changes: tuple[Change, ...]) -> None:
    """Refuse changes that cannot be played together, naming both and why."""
    by = {c.setting.key: c for c in changes}
    nt = by.get("no_trump")
    plays_nt = nt.value if nt is not None else base.no_trump.value
    for key in ("ss_no_trump", "rover_no_trump"):
        c = by.get(key)
        if c is None or plays_nt:
            continue
        what = _lower(c.setting.heading)
        if nt is not None:
            raise HouseCodeError(f"{key}={c.token} and no_trump={nt.token} cannot be played together: {what} is a rule "
                                 "of No Trump hands, and no_trump=no takes No Trump away")
        raise HouseCodeError(f"{key}={c.token} cannot be played over {base.short_name}, which has no No Trump: {what} "
                             "is a rule of No Trump hands; add no_trump=yes")


def _compound_rule(dimension: str, base: Ruleset, parts: list[Change], survey: Mapping[str, Ruleset]) -> Rule[Any]:
    """The rule of a dimension whose parts the table changed (the bidding, the game)."""
    rule = base.rule(dimension)
    value = replace(rule.value, **{c.setting.part: c.value for c in parts if c.setting.part})
    for r in _same_pack(base, survey):  # a surveyed ruleset plays exactly this: its rule, as it says it
        if r.rule(dimension).value == value:
            return r.rule(dimension)
    summary = _describe(value)
    citations = list(rule.citations)
    for c in parts:
        if c.source is not None:
            citations += [x for x in c.source.rule(dimension).citations if x not in citations]
    said = "; ".join(c.sentence() for c in parts)
    why = (f"The table's own {dict(DIMENSIONS)[dimension].lower()}: {base.short_name}'s rule with {said}. "
           "No surveyed text plays exactly this combination; each part plays as the text it is taken from says.")
    return Rule(value, summary, tuple(citations), why)


def _describe(value: Any) -> str:
    if isinstance(value, Bidding):
        return (f"Bidding: {value.style.label}; the lowest bid is {value.minimum}; {value.all_pass.label}.")
    assert isinstance(value, GameEnd)
    setting_text = "" if value.win_by_setting else " A side reaches the target only by making a bid."
    return f"The first side to {value.target} points wins the game; {value.tie.label}.{setting_text}"


def compose(code: RulesetCode, survey: Mapping[str, Ruleset]) -> Ruleset:
    """The ruleset a code names: the base with the changes, its ``id`` the code written out
    (the base by its id, the changes that change something). Changes that cannot be played
    together are a :class:`HouseCodeError` naming both."""
    base, changes = changes_of(code, survey)
    _conflicts(base, changes)
    new: dict[str, Rule[Any]] = {}
    compound: dict[str, list[Change]] = {}
    for c in changes:
        if c.setting.part is not None:
            compound.setdefault(c.setting.dimension, []).append(c)
            continue
        assert c.source is not None
        new[c.setting.dimension] = c.source.rule(c.setting.dimension)
        if c.setting.key == "no_trump":  # No Trump brings its own rules for the S/S and the 0/0, unless the table sets them
            for key in ("ss_no_trump", "rover_no_trump"):
                new.setdefault(key, c.source.rule(key))
    for c in changes:  # the table's own S/S and 0/0 rules over those No Trump brought
        if c.setting.key in ("ss_no_trump", "rover_no_trump"):
            assert c.source is not None
            new[c.setting.key] = c.source.rule(c.setting.key)
    for dimension, parts in compound.items():
        new[dimension] = _compound_rule(dimension, base, parts, survey)
    canonical = RulesetCode(base.id, tuple((c.setting.key, c.token) for c in changes), code.name)
    said = "; ".join(c.sentence() for c in changes) or "no changes"
    sources = list(base.sources)
    for c in changes:
        if c.source is not None:
            sources += [s for s in c.source.sources if s not in sources]
    name = code.name or f"{base.short_name}, house rules"
    new["options"] = Rule((), "No optional rules: a table's own rules make their choices in the code.",
                   base.options.citations,
                   "A book's options change its rules; a table's code makes every change itself, so it keeps none.")
    try:
        return replace(base, id=str(canonical), name=name, short_name=name, aliases=(), sources=tuple(sources),
                       summary=f"{base.short_name} as a table plays it: {said}.", option_applied=(),
                       **new)  # type: ignore[arg-type]  # every key is a rule dimension
    except ValueError as e:  # a combination the checks above missed is still refused, never played half-made
        raise HouseCodeError(f"these changes cannot be played together: {e}") from e

