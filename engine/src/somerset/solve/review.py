"""The positions of a played deal that a page can have solved: one before every card of the ending.

:func:`deal_plays` works out, from a deal's history, the position just before each card played
once the deal is within :data:`SOLVE_TRICKS` tricks of its end (:func:`tricks_left`; a drawing
pile's cards count), in the form the ``solve`` request reads: the deal replayer values every card
there, and Play a deal shows which of the reader's cards cost points. A page never rebuilds a
position itself. Why that many tricks: develop/benchmarks.md, "Best play".
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..game.actions import ActionKind
from ..game.deal import Deal, Phase
from .position import position_of_deal

__all__ = ["SOLVE_TRICKS", "deal_plays", "tricks_left"]

#: Cards are reviewed from the trick at which each seat has at most this many cards still to play.
SOLVE_TRICKS = 6


def tricks_left(deal: Deal) -> int:
    """The tricks still to be played, the one in progress included (a drawing pile's cards count)."""
    cards = sum(len(deal.hand(s)) for s in range(deal.players)) + len(deal.current_trick) + len(deal.pile)
    return cards // deal.players


def deal_plays(deal: Deal, seats: Collection[int] | None = None, most: int = SOLVE_TRICKS) -> list[dict[str, Any]]:
    """Every card played in ``deal`` (by ``seats``, default all) once at most ``most`` tricks are left.

    Each is ``{"trick": number from 1, "index": its place in the trick from 0, "seat", "card",
    "tricks_left", "position"}``, ``position`` being the position before the card in the form
    :func:`somerset.solve.request.read_position` reads (the counted side is the player's own).

    >>> from somerset import get_ruleset
    >>> from somerset.players.autoplay import play_until_bid
    >>> deal, _ = play_until_bid(get_ruleset("parker-1947"), "four-partners", 7)
    >>> plays = deal_plays(deal)
    >>> len(plays), plays[0]["trick"], plays[0]["tricks_left"], plays[-1]["tricks_left"]
    (24, 7, 6, 1)
    >>> sorted(plays[0]["position"])[:4]
    ['face_up', 'first_trick', 'format', 'hands']
    """
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    out: list[dict[str, Any]] = []
    for action in deal.history:
        if (action.kind is ActionKind.PLAY and d.phase is Phase.PLAY and d.trump is not None
                and (seats is None or d.current_player in seats)):
            left = tricks_left(d)
            if left <= most:
                pos = position_of_deal(d)
                request = pos.to_json()
                del request["to_move"]
                out.append({"trick": len(d.tricks) + 1, "index": len(d.current_trick), "seat": d.current_player,
                            "card": str(action.cards[0]), "tricks_left": left, "position": request})
        d.apply(action)
    return out
