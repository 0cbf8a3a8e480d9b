"""A deal at the table: the reader plays one seat, the engine's bots play the others.

:func:`sit_down` is stateless: it deals from the seed, lets the bots act, and applies the reader's
moves (action texts such as ``pass``, ``bid 9``, ``trump 8``, ``discard 3/8 0/10``, ``play 4/8``)
each time the reader's seat is to act, until it needs the reader's next move or the deal ends.
The browser sends the whole list of moves each time, so a position is just (ruleset, format,
seed, moves) and fits in a link. The reader sees only what that seat may see; the hands are
shown when the deal is over, with its record and ``review``: each card the reader played in
the deal's ending with the position before it, for the ``solve`` request to value.

A move that is not allowed stops the replay there: the answer shows the position before it and
names the move and the reason, so nothing played before it is lost.
"""

from __future__ import annotations

from typing import Any

from .actions import ActionKind, parse_action
from .bots import make_bots
from .cards import Card
from .deal import Deal, Phase
from .errors import RulesError
from .limits import MAX_MOVES
from .record import record_of
from .rules import Ruleset
from .rulesets import load_ruleset
from .solve.review import deal_plays
from .views import deal_view

__all__ = ["sit_down", "table_deal", "MAX_MOVES", "READER", "TABLE_BOTS"]

#: The reader's seat: the dealer's left, so the reader bids first (in the four-handed partnership
#: game, with seat 2 against seats 1 and 3).
READER = 0

#: The bots at the table: the heuristic bot's bidding and early play, and in the ending the solver
#: on deals sampled from what each bot's seat has seen (see :class:`somerset.bots.SamplingBot`).
TABLE_BOTS = "sampling"


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
        # where the kitty's cards stay in the bidder's hand (somerset.kitty.kitty_ban), they are named
        kept = [str(c) for c in deal.undealt] if deal.ruleset.undealt.value.exchange.keeps_kitty else []
        text = f"You won the bid and took the {count} left-over cards: choose {count} to discard."
        if kept:
            text = (f"You won the bid and took the {count} left-over cards ({', '.join(kept)}), which stay in your "
                    f"hand: choose {count} of the cards you were dealt to discard.")
        return {"kind": "discard", "count": count, "kept": kept, "text": text}
    if p is Phase.PLAY:
        cards = sorted(deal.legal_cards(), key=Card.sort_key)
        extra = [str(a) for a in deal.legal_actions() if a.kind is ActionKind.TRUMP]
        return {"kind": "card", "cards": [str(c) for c in cards], "moves": [f"play {c}" for c in cards] + extra,
                "declares": deal.first_lead_pending and deal.trump is None}
    return {"kind": "none"}


def table_deal(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 1,
               moves: list[str] | None = None) -> tuple[Deal, int, dict[str, Any] | None]:
    """The deal from ``seed`` with the reader at seat 0 after ``moves``: the deal (stopped where it
    needs the reader's next move, or over), how many moves were used, and the problem with the
    first move that could not be made (None when there was none)."""
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    moves = list(moves or [])
    if len(moves) > MAX_MOVES:
        raise RulesError(f"{len(moves)} moves is more than any deal needs (at most {MAX_MOVES})", field="moves")
    n = fmt.players
    deal = Deal(r, fmt.id, dealer=n - 1, seed=seed)
    bots = make_bots(TABLE_BOTS, n, seed)
    used = 0
    problem: dict[str, Any] | None = None
    while not deal.is_terminal():
        if deal.is_chance():
            deal.apply(deal.chance_outcome())
        elif deal.current_player != READER:
            deal.apply(bots[deal.current_player].act(deal))
        elif used < len(moves):
            text = moves[used]
            try:
                action = parse_action(text, deal.pack)
                why = deal.can(action)
            except ValueError as e:
                why = str(e)
            if why is not None:
                problem = {"move": used + 1, "text": text[:60], "message": f"move {used + 1}, “{text[:60]}”, "
                           f"is not allowed: {why}"}
                break
            deal.apply(action)
            used += 1
        else:
            break
    if problem is None and used < len(moves):
        problem = {"move": used + 1, "text": moves[used][:60],
                   "message": f"move {used + 1}, “{moves[used][:60]}”, comes after the end of the deal"}
    return deal, used, problem


def sit_down(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 1,
             moves: list[str] | None = None) -> dict[str, Any]:
    """The deal from ``seed`` with the reader at seat 0 after ``moves``, and what the reader may do next."""
    moves = list(moves or [])
    deal, used, problem = table_deal(ruleset, format_id, seed, moves)
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
        "seed": seed,
        "players": n,
        "teams": [list(t) for t in fmt.teams],
        "seat": READER,
        "moves": moves[:used],
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
        out["review"] = deal_plays(deal, seats=(READER,))
    return out
