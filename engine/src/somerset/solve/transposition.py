"""The transposition table: what the search has proven at each trick start.

:func:`position_key` is the key of a trick start, and :func:`new_entry` an entry ``[low, high,
best lead, groups]``: proven bounds on the side's points still to come, the lead that last cut the
search off there (-1 for none), and the groups of equivalent cards (None until needed). Every
bound stays true however its search ended, so one table serves every question about related
positions. The search writes the key and the update in place (:meth:`somerset.solve.search.Search._build`).
The key and the update rule: develop/architecture.md, "Inside the solver".
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
