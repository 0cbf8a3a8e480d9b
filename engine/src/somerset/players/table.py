"""A deal at the table: one reader's seat, and the engine's bots at the others.

:func:`table_deal` deals from a seed with the reader at seat 0 (the dealer's left), makes the
deal's code (every seat's actions, :mod:`somerset.records.links`) and then the reader's moves, and
lets the bots play every other seat, until the reader is to act or the deal is over. Play a deal
(:mod:`somerset.service.table`), Same deal and the guided first deal all sit at this table.
"""

from __future__ import annotations

from typing import Any

from .bots import Bot
from .roster import DEFAULT_LEVEL, LEVELS, LINK_BOTS_VERSION, check_bots_version, check_level, make_bots
from ..game.actions import parse_action
from ..game.deal import Deal, Phase
from ..records.links import DealCode, DealCodeError, parse_deal_code
from ..rules.dimensions import Ruleset
from ..rules.errors import RulesError
from ..rules.limits import MAX_MOVES, excerpt, one_line
from ..rules.rulesets import load_ruleset

__all__ = ["READER", "TABLE_BOTS", "table_deal"]

#: The reader's seat: the dealer's left, so the reader bids first (in the four-handed partnership
#: game, with seat 2 against seats 1 and 3).
READER = 0

#: The bots at the table when the reader names no level (:data:`somerset.players.roster.DEFAULT_LEVEL`):
#: the heuristic bot's bidding and early play, and in the ending the solver on deals sampled from
#: what each bot's seat has seen (see :class:`somerset.players.bots.SamplingBot`).
TABLE_BOTS = LEVELS[DEFAULT_LEVEL]


def _keep_in_step(deal: Deal, bots: list[Bot]) -> None:
    """Before a bot's call is made from a deal's code, let the bot choose its call (and drop it).

    The heuristic bot draws from its generator when it bids (and at no other time), so its later
    calls depend on how many it has made. Choosing each of its calls from the code again keeps its
    draws where they would be had it played the deal so far, and the bots play on from a code
    exactly as they play on from the reader's moves alone."""
    seat = deal.current_player
    if deal.phase is Phase.AUCTION and seat != READER and seat >= 0:
        bots[seat].act(deal)


def table_deal(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 1,
               moves: list[str] | None = None, play: str | None = None,
               bots_version: int | str = LINK_BOTS_VERSION,
               level: str = DEFAULT_LEVEL) -> tuple[Deal, int, dict[str, Any] | None]:
    """The deal from ``seed`` with the reader at seat 0 after the code ``play`` (every seat's
    actions) and then ``moves`` (the reader's), the bots of ``bots_version`` at ``level``
    (:data:`somerset.players.roster.LEVELS`) playing the other seats where neither says: the deal (stopped where it needs the reader's next move, or over), how many
    moves were used, and the problem with the first step or move that could not be made (None when
    there was none). Where a step of the code cannot be made, the deal is kept up to it, the bots
    play on to the reader's turn, and the moves are left unused."""
    check_bots_version(bots_version)
    kind = LEVELS[check_level(level)]
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    moves = list(moves or [])
    if len(moves) > MAX_MOVES:
        raise RulesError(f"{len(moves)} moves is more than any deal needs (at most {MAX_MOVES})", field="moves")
    n = fmt.players
    deal = Deal(r, fmt.id, dealer=n - 1, seed=seed)
    bots = make_bots(kind, n, seed)
    used = 0
    problem: dict[str, Any] | None = None
    if play is not None:
        try:
            code = parse_deal_code(play)
        except DealCodeError as e:
            code = DealCode(e.steps)
            problem = {"move": 0, "step": len(e.steps) + 1, "at": e.position, "text": "", "message": str(e)}
        if code.redeals:
            problem = {"move": 0, "step": 0, "at": 1, "text": "", "message": "the deal's code starts with deals again; "
                       "a deal at the table is played once, from its seed"}
            code = DealCode(())
        problem = code.play(deal, lambda d: _keep_in_step(d, bots)) or problem
        if problem is not None:  # the deal up to there, and the bots play on to the reader's turn
            problem.setdefault("move", 0)
            moves = []
    code_problem = problem
    problem = None
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
                problem = {"move": used + 1, "text": text[:60], "message": one_line(f"move {used + 1}, “{excerpt(text, 60)}”, "
                           f"is not allowed: {why}")}
                break
            deal.apply(action)
            used += 1
        else:
            break
    if problem is None and used < len(moves):
        problem = {"move": used + 1, "text": moves[used][:60],
                   "message": f"move {used + 1}, “{excerpt(moves[used], 60)}”, comes after the end of the deal"}
    return deal, used, code_problem or problem
