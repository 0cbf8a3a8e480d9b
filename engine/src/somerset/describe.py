"""Short words for rule values: the cells of the comparison matrix and the rulings' answers.

The long form of each rule is its ``summary``; these labels are the compact form that fits a
table cell on a phone. Every label is derived from the data, never typed per ruleset.
"""

from __future__ import annotations

from typing import Any

from .rules import (
    AfterRover,
    AllPass,
    AuctionStyle,
    Bidding,
    Declaration,
    FirstLead,
    Format,
    GameEnd,
    KittyExchange,
    Made,
    Misdeal,
    Option,
    Points,
    Revoke,
    RoverNoTrump,
    RoverPlay,
    RoverPower,
    Ruleset,
    SetPenalty,
    SSNoTrump,
    Tie,
    Undealt,
    UndealtKind,
)

__all__ = ["value_label", "format_label", "teams_label", "trick_order"]

_LABELS: tuple[tuple[Any, str], ...] = (
    (UndealtKind.NONE, "none: all dealt"),
    (UndealtKind.FACE_UP, "face up, to the first trick's winner"),
    (UndealtKind.KITTY, "kitty to the high bidder"),
    (KittyExchange.ANY, "exchanges freely"),
    (KittyExchange.NO_RED_NO_TRUMP, "discards neither red nor trump"),
    (KittyExchange.COUNT_RAISES_BID, "a discarded count card raises the bid"),
    (Declaration.NAMED, "named after the auction"),
    (Declaration.FIRST_LEAD, "by the bidder's first card"),
    (Declaration.DRAWN, "drawn from the pack"),
    (FirstLead.TRUMP, "bidder must lead trump"),
    (FirstLead.ANY, "bidder leads any card"),
    (Revoke.UNSTATED, "follow if able"),
    (Revoke.WITHDRAW_OR_TWO, "follow if able, no exception; revoke costs 2"),
    (Revoke.WITHDRAW_OR_AGREED, "follow if able; revoke penalty agreed"),
    (Misdeal.UNSTATED, "not stated"),
    (Misdeal.REDEAL_COUNTER_OR_HIGHER, "a counter or higher shown: same dealer deals again"),
    (RoverPlay.WHEN_VOID, "only when you cannot follow"),
    (RoverPlay.ANY_TIME, "at any time"),
    (AfterRover.FOLLOW, "others still follow suit"),
    (AfterRover.BREAK_FOR_DOUBLE, "others may break suit for a double"),
    (RoverPower.ALL_DOUBLES, "highest double in the trick wins"),
    (RoverPower.LATER_DOUBLES, "only doubles played after it win"),
    (SSNoTrump.NOT_APPLICABLE, "—"),
    (SSNoTrump.DISCARD_ANY_TIME, "discard at any time; led, next card sets suit"),
    (RoverNoTrump.NOT_APPLICABLE, "—"),
    (RoverNoTrump.WINS_WHEN_LED, "no power; wins when led"),
    (RoverNoTrump.KEEPS_POWER, "keeps its Rover power"),
    (Made.BIDDER_ONLY, "bidder's side scores what it took; opponents nothing"),
    (Made.BOTH_SIDES, "both sides score what they took"),
    (SetPenalty.DOUBLE, "bidder −2 × shortfall; opponents score double"),
    (SetPenalty.BID, "bidder loses the bid; opponents score theirs"),
)


_ENUM_LABELS: dict[tuple[type, str], str] = {(type(k), str(k)): v for k, v in _LABELS}


def _enum(value: Any) -> str:
    return _ENUM_LABELS.get((type(value), str(value)), str(value))


def teams_label(fmt: Format) -> str:
    if not fmt.partnership:
        return "each alone"
    return " v ".join("+".join(str(s + 1) for s in team) for team in fmt.teams)


def format_label(fmt: Format) -> str:
    return f"{fmt.players} players ({teams_label(fmt)})"


def _bidding(b: Bidding) -> str:
    style = "auction" if b.style is AuctionStyle.AUCTION else "one round of bids"
    parts = [style]
    if b.minimum > 1:
        parts.append(f"minimum {b.minimum}")
    parts.append({AllPass.DEALER_FORCED: "all pass: dealer forced", AllPass.DEALER_AT_MINIMUM: "all pass: dealer takes "
                  f"it at {b.minimum}"}.get(b.all_pass, "all pass: redeal"))
    return ", ".join(parts)


def _game(g: GameEnd) -> str:
    parts = [f"{g.target} to win"]
    if g.tie is Tie.HIGHER_WINS_REPLAY_TIE:
        parts.append("both past it: higher wins")
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
    if ruleset.rover_power.value is RoverPower.LATER_DOUBLES:
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
    if key == "trick":
        return "highest trump, else Rover rule, else highest of suit led"
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
