"""Short words for rule values: the cells of the comparison matrix and the rulings' answers.

The long form of each rule is its ``summary``; these labels are the compact form that fits a
table cell on a phone. Every label is derived from the data, never typed per ruleset.
"""

from __future__ import annotations

import math
from typing import Any

from .dimensions import (
    Bidding,
    Format,
    GameEnd,
    Option,
    Points,
    Ruleset,
    RuleValue,
    Tie,
    Undealt,
    UndealtKind,
)

__all__ = ["value_label", "format_label", "teams_label", "trick_order", "signed", "percent", "MINUS"]

#: The minus sign of every score shown to readers (U+2212, as widgets/base/ui.js ``signed`` prints it). Typed
#: notations (record files, answers a reader types) keep the hyphen-minus, which every keyboard has.
MINUS = "\u2212"


def signed(n: int) -> str:
    """A score change as readers see it: '+6', '−6' (the real minus sign), '0'.

    >>> [signed(6), signed(-6), signed(0)]
    ['+6', '−6', '0']
    """
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def trump_phrase(label: str) -> str:
    """A trump, by its label (``Trump.label``), in a sentence.

    >>> [trump_phrase("No Trump"), trump_phrase("0/0 named trump"), trump_phrase("/6 suit")]
    ['in No Trump', 'with the 0/0 named trump', 'with the /6 suit as trump']
    """
    if label == "No Trump":
        return f"in {label}"
    return f"with the {label}" if "trump" in label else f"with the {label} as trump"


def percent(share: float) -> str:
    """A share as a whole percentage, rounded as the site's pages round it: the share to four
    places (as answers carry it), then halves up, so that a sentence and a table agree.

    >>> [percent(0.745), percent(298 / 400), percent(0.0049), percent(1.0)]
    ['75%', '75%', '0%', '100%']
    """
    return f"{math.floor(round(share, 4) * 100 + 0.5)}%"


def _enum(value: Any) -> str:
    return value.label if isinstance(value, RuleValue) else str(value)


def teams_label(fmt: Format) -> str:
    """The sides of a format in short: '1+3 v 2+4', or 'each alone'."""
    if not fmt.partnership:
        return "each alone"
    return " v ".join("+".join(str(s + 1) for s in team) for team in fmt.teams)


def format_label(fmt: Format) -> str:
    """A format in short: '4 players (1+3 v 2+4)'."""
    return f"{fmt.players} players ({teams_label(fmt)})"


def _bidding(b: Bidding) -> str:
    parts = [b.style.label]
    if b.minimum > 1:
        parts.append(f"minimum {b.minimum}")
    parts.append(b.all_pass.label)
    return ", ".join(parts)


def _game(g: GameEnd) -> str:
    parts = [f"{g.target} to win"]
    if g.tie is not Tie.FIRST_TO_TARGET:
        parts.append(g.tie.label)
    if not g.win_by_setting:
        parts.append("cannot win by setting")
    return ", ".join(parts)


def trick_order(ruleset: Ruleset) -> str:
    """Who wins a trick under ``ruleset``, in one sentence: trumps, then the Rover, then the suit led.

    >>> from somerset import get_ruleset
    >>> trick_order(get_ruleset("boardgamegeek"))  # doctest: +NORMALIZE_WHITESPACE
    'Highest trump (the S/S lowest); else, if the 0/0 is in the trick, the highest double played after it, or with
    none the 0/0 itself, unless the double of the suit led is in the trick; else the highest card of the suit led.'
    """
    if ruleset.rover_power.value.only_later_doubles:
        rover = ("the highest double played after it, or with none the 0/0 itself, unless the double of the suit "
                 "led is in the trick")
    else:
        rover = "the highest double in it, or the 0/0 itself when no other double is played"
    trumps = "Highest trump (the S/S lowest)" if ruleset.deck.has_ss else "Highest trump"
    return f"{trumps}; else, if the 0/0 is in the trick, {rover}; else the highest card of the suit led."


def value_label(ruleset: Ruleset, key: str) -> str:
    """A compact phrase for one rule value of a ruleset."""
    value = ruleset.rule(key).value
    if key == "pack":
        deck = ruleset.deck
        return f"{deck.name}, {len(deck)} cards, {deck.count_total} count points"
    if key == "formats":
        players = sorted({f.players for f in value})
        return "players: " + ", ".join(str(p) for p in players)
    if isinstance(value, Undealt):
        text = _enum(value.kind)
        if value.kind is UndealtKind.KITTY:
            text += f"; {_enum(value.exchange)}"
        for kind in (UndealtKind.KITTY, UndealtKind.FACE_UP):
            players = sorted({f.players for f in ruleset.formats.value if f.undealt_kind is kind})
            if players and value.kind is not kind:
                text += f"; {_enum(kind).split(',')[0]} with {' or '.join(str(p) for p in players)} players"
        return text
    if isinstance(value, Bidding):
        return _bidding(value)
    if isinstance(value, GameEnd):
        return _game(value)
    if isinstance(value, Points):
        return "1 a trick + count cards" if value.count_cards else "1 a trick only"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if not value:
            return "none"
        return "; ".join(o.name for o in value if isinstance(o, Option))
    return _enum(value)
