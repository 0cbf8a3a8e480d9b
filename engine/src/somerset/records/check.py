"""Any record checked: a game, a deal or a worked example, told apart by its lines (``somerset check``)."""

from __future__ import annotations

from typing import Any

from .deal_record import parse_record
from .game_record import parse_game_record
from .partial_record import is_partial, parse_partial

__all__ = ["check_record"]


def check_record(text: str) -> dict[str, Any]:
    """Read a record of any kind (a game, a deal, or a worked example without hands) and check it.

    Returns what it is and its text as the engine writes it; raises :class:`RecordError` naming the
    first line that does not agree with the engine (``somerset check``)."""
    if any(line.strip().startswith("Deal 1:") for line in text.splitlines()):
        game = parse_game_record(text)
        played = game.replay()
        return {"kind": "game", "rulesets": [played.ruleset.id], "deals": len(game.deals),
                "winner": played.winner, "scores": list(played.scores), "text": str(game)}
    if not is_partial(text):
        rec = parse_record(text)
        deal = rec.replay()
        return {"kind": "deal", "rulesets": [deal.ruleset.id], "over": deal.is_terminal(),
                "score": rec.score(), "text": str(rec)}
    partial = parse_partial(text)
    return {"kind": "example", "rulesets": partial.rulesets, "text": str(partial)}
