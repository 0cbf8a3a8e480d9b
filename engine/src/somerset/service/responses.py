"""The shapes of the JSON API's answers, in one place: each engine value as the browser receives it.

:mod:`somerset.api` reads a request, asks the engine, and answers with these shapes; the command
line prints the same objects with ``--json``. An error is always ``{"error": {"message", "field"}}``
where ``field`` names the request field the message belongs to (or is null).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..rules.cards import Card, Pack, Trump
from ..rules.play import Condition, LegalPlays, Verdict
from ..rules.dimensions import Ruleset
from ..rules.house import SETTINGS, token_of
from ..rules.scoring import ScoreChange

__all__ = ["JSON", "error", "ruleset_summary", "trumps_json", "pack_json", "verdict_json", "legal_json", "score_json",
           "info_json"]

JSON = dict[str, Any]


def error(message: str, field: str | None = None, *, internal: bool = False) -> JSON:
    """An error answer: the message, and the request field it belongs to (None when it belongs to none).

    >>> error("'seed' has the wrong type", "seed")
    {'error': {'message': "'seed' has the wrong type", 'field': 'seed'}}
    """
    body: JSON = {"message": message, "field": field}
    if internal:
        body["internal"] = True
    return {"error": body}


def trumps_json(trumps: Sequence[Trump]) -> list[JSON]:
    """Trumps as ``{"value", "label"}`` pairs, in the order :meth:`Ruleset.trumps` gives them."""
    return [{"value": str(t), "label": t.label} for t in trumps]


def ruleset_summary(r: Ruleset) -> JSON:
    """A ruleset as the widgets list it: names, pack, formats (each with its trumps), trumps, options,
    and the value of every rule a table may change (``settings``, as a ruleset code writes it).

    >>> from somerset import get_ruleset
    >>> summary = ruleset_summary(get_ruleset("hodges-1903"))
    >>> [t["value"] for t in summary["trumps"]], [f["trumps"][-1] for f in summary["formats"]][-2:]
    (['1', '2', '3', '4', '5', '6', '0'], ['0', '6'])
    """
    return {
        "id": r.id,
        "name": r.name,
        "short_name": r.short_name,
        "family": r.family,
        "year": r.year,
        "deck": r.deck.name,
        "sources": list(r.sources),
        "aliases": list(r.aliases),
        "formats": [
            {
                "id": f.id,
                "label": f.label,
                "players": f.players,
                "teams": [list(t) for t in f.teams],
                "hand_size": f.hand_size,
                "undealt": f.undealt,
                "tricks": f.tricks(r.deck),
                "points_per_deal": f.points_per_deal,
                "trumps": [str(t) for t in r.trumps(f.id)],
            }
            for f in r.formats.value
        ],
        "trumps": trumps_json(r.trumps()),
        "options": [{"id": o.id, "name": o.name, "formats": list(o.formats)} for o in r.options.value],
        "max_players": r.max_players,
        "settings": {s.key: token_of(s.value_in(r)) for s in SETTINGS},
    }


def pack_json(deck: Pack) -> JSON:
    """A pack's cards with their suit, rank, count value, whether a double, and a spoken label."""
    return {"deck": deck.name, "cards": deck.cards_json()}


#: The ruling on the rulings page that answers each kind of condition (rules/play.py, Condition):
#: the page address of the rule that let the card be played, and of what follows a revoke.
CONDITION_RULINGS = {"rover": "rover-holding-suit", "double": "break-for-double", "trump": "trump-while-holding-suit",
                     "discard": "revoke", "free": "", "follows": ""}
REVOKE_RULING = "revoke"


def condition_json(c: Condition) -> JSON:
    """A condition of a trick, with the addresses of the rulings that answer it (relative to the site)."""
    out = c.to_json()
    ruling = CONDITION_RULINGS.get(c.kind, "")
    out["ruling"] = f"rulings/#{ruling}" if ruling else None
    out["revoke_ruling"] = f"rulings/#{REVOKE_RULING}" if c.kind not in ("free", "follows") else None
    return out


def verdict_json(r: Ruleset, trump: Trump, cards: Sequence[Card], v: Verdict,
                 conditions: Sequence[Condition] = ()) -> JSON:
    """Who won a trick under one ruleset, the rule that decided, and why; with the cards that were legal
    only if their players held no card of the suit led (``conditions``), and any play found illegal."""
    return {
        "ruleset": r.id,
        "ruleset_name": r.short_name,
        "trump": str(trump),
        "trump_label": trump.label,
        "cards": [str(c) for c in cards],
        "winner": v.winner,
        "card": str(v.card),
        "rule": v.rule,
        "reason": v.reason,
        "citation": v.citation.to_json(),
        "interpretation": v.interpretation,
        "conditions": [condition_json(c) for c in conditions],
        "revoke": any(c.revoke for c in conditions),
    }


def legal_json(r: Ruleset, trump: Trump, hand: Sequence[Card], trick: Sequence[Card], result: LegalPlays) -> JSON:
    """The legal cards of a hand, and each other card with why it may not be played."""
    out = result.to_json()
    out.update({"ruleset": r.id, "trump": str(trump), "hand": [str(c) for c in hand], "trick": [str(c) for c in trick]})
    return out


def score_json(r: Ruleset, sc: ScoreChange) -> JSON:
    """A deal's score under one ruleset."""
    return {"ruleset": r.id, "ruleset_name": r.short_name, **sc.to_json()}


def info_json(version: str, commands: Sequence[str], limits: JSON) -> JSON:
    """What the engine is and the limits a page needs to check input before asking."""
    return {"engine": "somerset", "version": version, "commands": list(commands), "limits": limits}
