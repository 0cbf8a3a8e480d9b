"""Deals and games as JSON: what one seat may see, a summary of the whole deal, and the replayable form.

:func:`deal_view` is what one seat may see (its own hand, the public cards and the play; the other
hands and a face-down pile hidden); :func:`deal_summary` the whole deal in one object (``somerset
play --json``); :func:`deal_to_json` the replayable form (ruleset, options, format, dealer, seed,
actions), read back by :func:`deal_from_json` into the identical state; likewise for games. The
text form of a deal, the record, is :mod:`somerset.records.deal_record`.
"""

from __future__ import annotations

from typing import Any

from .actions import ActionKind, parse_action
from ..rules.cards import parse_card
from .deal import Deal, Phase
from ..rules.errors import RulesError
from .match import MAX_DEALS, Game
from ..rules.dimensions import PileKind

__all__ = [
    "deal_view", "deal_summary", "deal_to_json", "deal_from_json",
    "game_view", "game_summary", "game_to_json", "game_from_json",
]

JSON = dict[str, Any]


def _calls(deal: Deal) -> list[JSON]:
    if deal.auction is None:
        return []
    return [{"seat": deal.seat_of_bidder(p), "call": str(c)} for p, c in deal.auction.calls]


def deal_view(deal: Deal, seat: int) -> JSON:
    """What ``seat`` may see: its own hand, public cards and play; other hands and the face-down pile hidden.

    >>> from somerset.game.deal import new_deal
    >>> d = new_deal("parker-1947", "two", 5)
    >>> v = deal_view(d, 0)
    >>> v["hand_sizes"], v["pile"]["size"], v["pile"]["top"], v["history"]
    ([8, 8], 34, None, ['deal'])
    >>> deal_from_json(deal_to_json(d)).signature() == d.signature()
    True
    """
    if not 0 <= seat < deal.players:
        raise RulesError(f"seat must be from 0 to {deal.players - 1}", field="seat")
    cards = deal.index.cards
    face_up_pile = deal.format.pile is PileKind.FACE_UP
    history = []
    for a in deal.history:
        if a.kind in (ActionKind.SHUFFLE, ActionKind.DEAL):
            history.append("deal")
        elif a.kind is ActionKind.DISCARD and seat != deal.declarer:
            history.append(f"discard {len(a.cards)}")
        else:
            history.append(str(a))
    tricks = []
    for t in deal.tricks:
        d = t.to_json()
        d["draws"] = [{"seat": s, "card": str(c) if (face_up_pile or s == seat) else None} for s, c in t.draws]
        tricks.append(d)
    first_taken = bool(deal.trick_log)
    return {
        "seat": seat,
        "ruleset": deal.ruleset.id,
        "format": deal.format.id,
        "phase": deal.phase.value,
        "dealer": deal.dealer,
        "current_player": deal.current_player,
        "hand": [str(c) for c in deal.hand(seat)],
        "hand_sizes": [m.bit_count() for m in deal.hands],
        "face_up": [] if first_taken else [str(cards[i]) for i in deal.face_up],
        "pile": {
            "size": len(deal.pile),
            "face_up": face_up_pile,
            "top": str(cards[deal.pile[0]]) if face_up_pile and deal.pile else None,
        },
        "kitty_size": len(deal.kitty) if deal.phase in (Phase.DEAL, Phase.AUCTION) else 0,
        "discards": [str(c) for c in deal.discards] if seat == deal.declarer else [],
        "trump_card": str(deal.trump_card) if deal.trump_card else None,
        "auction": _calls(deal),
        "declarer": deal.declarer,
        "bid": deal.bid,
        "bid_to_make": deal.bid_to_make,
        "trump": None if deal.trump is None else str(deal.trump),
        "trump_label": None if deal.trump is None else deal.trump.label,
        "trick": {"leader": deal.leader, "cards": [str(c) for c in deal.current_trick]},
        "tricks": tricks,
        "points": deal.points(),
        "score": deal.score_changes() if deal.is_terminal() else None,
        "legal": [str(a) for a in deal.legal_actions()] if deal.current_player == seat else [],
        "history": history,
    }


def deal_summary(deal: Deal) -> JSON:
    """The whole deal as one JSON-ready object (the ``somerset play --json`` shape)."""
    return {
        "ruleset": deal.ruleset.id,
        "options": list(deal.ruleset.option_applied),
        "format": deal.format.id,
        "seed": deal.seed,
        "dealer": deal.dealer,
        "teams": [list(t) for t in deal.format.teams],
        "hands": [[str(c) for c in h] for h in deal.dealt],
        "undealt": [str(c) for c in deal.undealt],
        "trump_card": str(deal.trump_card) if deal.trump_card else None,
        "bids": _calls(deal),
        "passed_out": deal.passed_out,
        "declarer": deal.declarer,
        "bid": deal.bid,
        "discards": [str(c) for c in deal.discards],
        "bid_to_make": deal.bid_to_make,
        "trump": None if deal.trump is None else str(deal.trump),
        "trump_by_lead": deal.trump_by_lead,
        "tricks": [t.to_json() for t in deal.tricks],
        "points": deal.points(),
        "team_points": deal.team_points(),
        "made": deal.made,
        "score": deal.score_changes(),
        "over": deal.is_terminal(),
    }


def deal_to_json(deal: Deal) -> JSON:
    """The record (ruleset, options, format, dealer, seed, actions) with a summary of the state."""
    return {
        "ruleset": deal.ruleset.id,
        "options": list(deal.ruleset.option_applied),
        "format": deal.format.id,
        "dealer": deal.dealer,
        "seed": deal.seed,
        "actions": [str(a) for a in deal.history],
        "state": deal_summary(deal),
    }


def deal_from_json(data: JSON) -> Deal:
    """Rebuild a deal by replaying the actions of :func:`deal_to_json`."""
    deal = Deal(data["ruleset"], data.get("format"), dealer=int(data.get("dealer", 0)), seed=data.get("seed"),
                options=data.get("options", ()))
    for text in data.get("actions", []):
        deal.apply(parse_action(text, deal.pack))
    return deal


def game_view(game: Game, seat: int) -> JSON:
    """What ``seat`` may see of the current deal, with the game's scores."""
    v = deal_view(game.deal, seat)
    v["game"] = {"scores": list(game.scores), "deal_number": len(game.deals), "winner": game.winner,
                 "target": game.ruleset.game.value.target}
    return v


def game_summary(game: Game) -> JSON:
    """The whole game as one JSON-ready object (the ``somerset game --json`` shape)."""
    return {
        "ruleset": game.ruleset.id,
        "options": list(game.ruleset.option_applied),
        "format": game.format.id,
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "target": game.ruleset.game.value.target,
        "teams": [list(t) for t in game.format.teams],
        "deals": [deal_summary(d) for d in game.deals],
        "scores": list(game.scores),
        "winner": game.winner,
        "unfinished": game.unfinished,
        "result": game.end_reason,
    }


def game_to_json(game: Game) -> JSON:
    """The game's replayable form: its setup and each deal's actions, with the scores."""
    return {
        "ruleset": game.ruleset.id,
        "options": list(game.ruleset.option_applied),
        "format": game.format.id,
        "seed": game.seed,
        "dealer": game.first_dealer,
        "max_deals": game.max_deals,
        "deals": [[str(a) for a in d.history] for d in game.deals],
        "state": {"scores": list(game.scores), "winner": game.winner, "unfinished": game.unfinished},
        **({"revokes": {str(k): v for k, v in game.revokes.items()}} if game.revokes else {}),
        **({"misdeals": {str(k): str(c) for k, c in game.misdeals.items()}} if game.misdeals else {}),
    }


def game_from_json(data: JSON) -> Game:
    """Rebuild a game by replaying the actions of :func:`game_to_json`."""
    g = Game(data["ruleset"], data.get("format"), seed=int(data.get("seed", 0)), dealer=int(data.get("dealer", 0)),
             options=data.get("options", ()), auto_chance=False, max_deals=int(data.get("max_deals", MAX_DEALS)))
    revokes, misdeals = data.get("revokes", {}), data.get("misdeals", {})
    for k, actions in enumerate(data.get("deals", [])):
        if str(k) in misdeals:
            g.misdeal(parse_card(misdeals[str(k)], g.ruleset.deck))
            continue
        for seat in revokes.get(str(k), ()):
            g.charge_revoke(int(seat))
        for text in actions:
            g.apply(parse_action(text, g.ruleset.deck))
    g.auto_chance = True
    if not g.is_terminal():
        while g.deal.is_chance() and g.deal.seed is not None:
            g.apply(g.chance_outcome())
    return g
