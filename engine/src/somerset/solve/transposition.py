"""The transposition table: what the search has proven at each trick start.

An entry is kept at the start of every trick the search reaches, keyed on the position
(:func:`position_key`): without a drawing pile every card stays with its owner, so the cards
left (one mask) and the leader say everything; with one, the hands, the leader and how far the
pile has gone. An entry is a list ``[low, high, best lead, groups]``: proven lower and upper
bounds on the side's points still to come (first the quick bounds of :mod:`somerset.solve.bounds`),
the lead that last cut the search off there (-1 for none; tried first next time), and the
groups of equivalent cards of that position (None until needed). After a fail-soft search in the
window (alpha, beta), a value at or below alpha lowers the upper bound, one at or above beta raises
the lower bound, and one between them is exact. Every bound stays true however the search that
proved it ended, so one table serves every question about related positions. The search writes
the key and that update out in place (:meth:`somerset.solve.search.Search._build`): they run at
every trick start.
"""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["LOW", "HIGH", "BEST_LEAD", "GROUPS", "position_key", "new_entry"]

#: The places in an entry.
LOW, HIGH, BEST_LEAD, GROUPS = 0, 1, 2, 3


def position_key(fixed: bool, hands: Sequence[int], leader: int, pile_pos: int) -> Any:
    """The key of a trick start; ``fixed``: there is no drawing pile (the hands never share a card)."""
    if fixed:
        return sum(hands) << 4 | leader
    return (leader, pile_pos, *hands)


def new_entry(low: int, high: int) -> list[Any]:
    """An entry with the bounds ``low`` and ``high``, no best lead yet and its groups to be found."""
    return [low, high, -1, None]
