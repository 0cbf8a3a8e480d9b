"""Bots playing whole deals and games: :func:`play_deal` and :func:`play_game` take the chance
steps from the seed and every other action from the seat's bot; :func:`play_until_bid` deals
again, the deal passing left, while everyone passes.

>>> from somerset import get_ruleset
>>> deal, redeals = play_until_bid(get_ruleset("parker-1947"), None, 7)
>>> deal.is_terminal(), redeals, deal.declarer is not None
(True, 0, True)
"""

from __future__ import annotations

from typing import Sequence

from ..game.deal import Deal, new_deal
from ..game.match import Game
from ..game.rng import deal_seed
from ..rules.dimensions import Ruleset
from .bots import Bot
from .roster import make_bots

__all__ = ["MAX_REDEALS", "play_deal", "play_game", "play_until_bid"]

#: :func:`play_until_bid` deals again (the deal passing left) while everyone passes; it gives up after this many.
MAX_REDEALS = 50


def play_deal(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Play ``deal`` to its end: chance steps from its seed, every other action by the seat's bot."""
    while not deal.is_terminal():
        if deal.is_chance():
            deal.apply(deal.chance_outcome())
        else:
            deal.apply(bots[deal.current_player].act(deal))
    return deal


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end (or to its safety cap on the number of deals)."""
    while not game.is_terminal():
        if game.is_chance():
            game.apply(game.chance_outcome())
        else:
            game.apply(bots[game.current_player].act(game.deal))
    return game


def play_until_bid(ruleset: Ruleset, format_id: str | None = None, seed: int = 0, dealer: int = 0,
                   kind: str = "heuristic", max_redeals: int = MAX_REDEALS) -> tuple[Deal, int]:
    """Deal from ``seed`` and let bots of ``kind`` play it; while everyone passes, deal again.

    Each new deal is dealt by the next seat to the left from the next seed of a game with this
    seed (:func:`~somerset.game.rng.deal_seed`), as in a :class:`~somerset.game.match.Game`. Returns the
    deal and how many times it was dealt again.
    """
    fmt = ruleset.format(format_id)
    deal: Deal | None = None
    for i in range(max_redeals + 1):
        s = deal_seed(seed, i)
        deal = play_deal(new_deal(ruleset, fmt.id, s, (dealer + i) % fmt.players), make_bots(kind, fmt.players, s))
        if not deal.passed_out:
            return deal, i
    assert deal is not None
    return deal, max_redeals + 1
