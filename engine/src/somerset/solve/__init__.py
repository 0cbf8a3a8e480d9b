"""Best play: an exact solver for Somerset positions with every remaining card known.

>>> from somerset import get_ruleset
>>> from somerset.solve import position, solve
>>> r = get_ruleset("parker-1947")
>>> p = position(r, "8", ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"], leader=0)
>>> sol = solve(p)
>>> sol.points, sol.remaining
(5, 5)
>>> [(str(v.card), v.loss) for v in sol.cards]
[('8/8', 0), ('2/2', 4)]

``position`` checks the cards, trump, seats and hand sizes; ``position_of_deal`` reads a deal
(for example a record's ``replay()``) in its play phase. ``solve`` gives a :class:`Solution`:
the points the side of the player to move (or any ``side`` given) takes with best play, and
the value of each legal card; :class:`Solver` does the same within a budget and can carry on.
"""

from .position import Position, PositionError, position, position_of_deal
from .search import OutOfBudget
from .solver import CardValue, Play, Solution, Solver, solve

__all__ = ["Position", "PositionError", "position", "position_of_deal", "OutOfBudget", "CardValue", "Play",
           "Solution", "Solver", "solve"]
