"""A deal at the table: the reader plays one seat, the engine's bots play the others.

:func:`sit_down` is stateless: it deals from the seed, makes the deal so far (its code, ``play``,
see :mod:`somerset.records.links`) and the reader's next moves, lets the bots act, and answers with
what the reader's seat may see and may do next, until it needs the reader's next move or the deal
ends. A position is (ruleset, format, seed, the deal so far) and fits in a link. A move (or a step
of the code) that is not allowed stops the replay there: the answer shows the position before it
and names the move and the reason. :func:`score_reason` says why a finished deal scores as it does.
"""

from __future__ import annotations

from typing import Any

from ..game.actions import ActionKind
from ..players.roster import DEFAULT_LEVEL, LEVELS, LINK_BOTS_VERSION, check_bots_version, check_level
from ..players.table import READER, TABLE_BOTS, table_deal
from ..rules.cards import Card
from ..game.deal import Deal, Phase
from ..rules.limits import MAX_MOVES
from ..records.links import DealCode
from ..records.deal_record import record_of
from ..rules.dimensions import Ruleset
from ..rules.kitty import bid_after_discards, discard_ban, kitty_ban
from ..rules.scoring import score_sides
from ..solve.review import deal_plays
from ..game.views import deal_view

__all__ = ["sit_down", "table_deal", "score_reason", "MAX_MOVES", "READER", "TABLE_BOTS"]


def _to_play(deal: Deal) -> dict[str, Any]:
    """What the reader is asked for now, in a form a page can show without working anything out."""
    p = deal.phase
    if p is Phase.AUCTION:
        return {"kind": "call", "moves": [str(a) for a in deal.legal_actions()]}
    if p is Phase.TRUMP:
        assert deal.declarer is not None
        return {"kind": "trump", "moves": [str(a) for a in deal.legal_actions()],
                "labels": [a.trump.label if a.trump is not None else str(a) for a in deal.legal_actions()]}
    if p is Phase.KITTY:
        count = len(deal.undealt)
        # where the kitty's cards stay in the bidder's hand (somerset.rules.kitty.kitty_ban), they are named
        kept = [str(c) for c in deal.undealt] if deal.ruleset.undealt.value.exchange.keeps_kitty else []
        text = f"You won the bid and took the {count} left-over cards: choose {count} to discard."
        if kept:
            text = (f"You won the bid and took the {count} left-over cards ({', '.join(kept)}), which stay in your "
                    f"hand: choose {count} of the cards you were dealt to discard.")
        return {"kind": "discard", "count": count, "kept": kept, "kitty": [str(c) for c in deal.undealt], "text": text,
                "effects": _discard_effects(deal)}
    if p is Phase.PLAY:
        cards = sorted(deal.legal_cards(), key=Card.sort_key)
        extra = [str(a) for a in deal.legal_actions() if a.kind is ActionKind.TRUMP]
        return {"kind": "card", "cards": [str(c) for c in cards], "moves": [f"play {c}" for c in cards] + extra,
                "declares": deal.first_lead_pending and deal.trump is None}
    return {"kind": "none"}


def _discard_effects(deal: Deal) -> dict[str, Any]:
    """What discarding each card of the bidder's hand does to the bid or the points, before it is
    done: ``cards`` maps a card to a sentence (only cards whose discard changes something), and
    ``rule`` is the ruleset's rule for the left-over cards, with its citation."""
    r = deal.ruleset
    assert deal.declarer is not None and deal.bid is not None
    bid = deal.bid
    cards: dict[str, str] = {}
    for c in sorted(deal.hand(deal.declarer), key=Card.sort_key):
        value = deal.pack.count_value(c) if deal.count_cards else 0
        if discard_ban(r, c) is not None or kitty_ban(r, c, deal.undealt) is not None:
            continue
        raised = bid_after_discards(r, bid, [c])
        if raised != bid:
            cards[str(c)] = (f"Discarding {c} raises your bid by {raised - bid}, from {bid} to {raised}"
                             + (f"; its {value} point{' still counts' if value == 1 else 's still count'} for your side." if value else "."))
        elif value:
            cards[str(c)] = f"Discarding {c} counts its {value} point{'s' if value != 1 else ''} for your side now; the bid stays {bid}."
    rule = r.undealt
    return {"cards": cards, "rule": {"text": rule.summary, "citation": rule.citation.to_json(),
                                     "interpretation": rule.interpretation}}


def score_reason(deal: Deal) -> dict[str, Any] | None:
    """Why a finished deal scores as it does: the sentence, citation and interpretation of
    :func:`somerset.rules.scoring.score_sides` (the score calculator's), seats as the engine counts them."""
    if not deal.is_terminal() or deal.passed_out:
        return None
    sides = [("seats " if len(t) > 1 else "seat ") + " and ".join(str(s) for s in t) for t in deal.format.teams]
    bid_team = deal.team_of[deal.declarer] if deal.declarer is not None else None
    sc = score_sides(deal.ruleset, deal.format, bid_team, deal.bid_to_make, deal.team_points(), sides)
    return {"text": sc.reason, "citation": sc.citation.to_json(), "interpretation": sc.interpretation}


def _undo(deal: Deal) -> str | None:
    """The code of ``deal`` before the reader's last action (None when the reader has not acted)."""
    last = None
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    for k, a in enumerate(deal.history):
        if not a.is_chance and d.current_player == READER:
            last = k
        d.apply(a)
    if last is None:
        return None
    before = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    for a in deal.history[:last]:
        before.apply(a)
    return str(DealCode.of(before))


def _reader_moves(deal: Deal) -> list[str]:
    """The reader's actions in ``deal``, as texts."""
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    out = []
    for a in deal.history:
        if not a.is_chance and d.current_player == READER:
            out.append(str(a))
        d.apply(a)
    return out


def sit_down(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 1,
             moves: list[str] | None = None, play: str | None = None,
             bots_version: int | str = LINK_BOTS_VERSION, level: str = DEFAULT_LEVEL) -> dict[str, Any]:
    """The deal from ``seed`` with the reader at seat 0 after the code ``play`` and ``moves``, the bots
    at ``level``, and what the reader may do next.

    ``moves`` are action texts such as ``pass``, ``bid 9``, ``trump 8``, ``discard 3/8 0/10``,
    ``play 4/8``, each made when the reader's seat is to act. The answer gives the code of the deal
    so far (``play``: every call, discard, trump and card, the bots' as well as the reader's) and the
    code before the reader's last move (``undo``); a page sends the code it was last given and the
    reader's next move. Moves without a code are replayed with the bots of ``bots_version`` playing
    the other seats. ``level`` is one of :data:`somerset.players.roster.LEVELS`
    (:data:`~somerset.players.roster.DEFAULT_LEVEL` by default). The reader sees only what that seat
    may see; the hands are shown when the deal is over, with its record and ``review``: each card the
    reader played in the deal's ending with the position before it, for the ``solve`` request to
    value, and the deal's code before it (``play``), for a link to that position.
    """
    moves = list(moves or [])
    level = check_level(level)
    deal, used, problem = table_deal(ruleset, format_id, seed, moves, play, bots_version, level)
    r, fmt, n = deal.ruleset, deal.format, deal.players
    view = deal_view(deal, READER)
    view.pop("legal", None)
    view.pop("history", None)
    view["hand"] = [str(c) for c in sorted(deal.hand(READER), key=Card.sort_key)]
    out: dict[str, Any] = {
        "ruleset": r.id,
        "ruleset_name": r.short_name,
        "format": fmt.id,
        "format_label": fmt.label,
        "seed": str(seed),  # text: JavaScript numbers do not hold every seed exactly
        "players": n,
        "total": deal.total_points,
        "teams": [list(t) for t in fmt.teams],
        "seat": READER,
        "moves": _reader_moves(deal) if play is not None else moves[:used],
        "play": str(DealCode.of(deal)),
        "undo": _undo(deal),
        "bots_version": check_bots_version(bots_version),
        "level": level,
        "levels": list(LEVELS),
        "view": view,
        "to_play": _to_play(deal) if deal.current_player == READER and not deal.is_terminal() else {"kind": "none"},
        "over": deal.is_terminal(),
        "problem": problem,
    }
    if deal.is_terminal():
        out["record"] = str(record_of(deal))
        out["hands"] = [[str(c) for c in sorted(h, key=Card.sort_key)] for h in deal.dealt]
        out["passed_out"] = deal.passed_out
        out["made"] = deal.made
        out["team_points"] = deal.team_points()
        out["score"] = deal.score_changes()
        out["score_reason"] = score_reason(deal)
        out["review"] = _with_codes(deal, deal_plays(deal, seats=(READER,)))
    return out


def _with_codes(deal: Deal, review: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each card of ``review`` with the deal's code just before it (``play``), for a link to that position."""
    at = {(e["trick"], e["index"]): e for e in review}
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    for a in deal.history:
        e = at.get((len(d.trick_log) + 1, len(d.trick))) if a.kind is ActionKind.PLAY else None
        if e is not None and d.current_player == e["seat"]:
            e["play"] = str(DealCode.of(d))
        d.apply(a)
    return review
