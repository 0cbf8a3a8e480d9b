"""Best play: an exact solver for Somerset positions with every remaining card known.

:func:`position` checks the cards, trump, seats and hand sizes and makes a :class:`Position`;
:func:`position_of_deal` reads one off a deal in its play phase (for example a record's
``replay()``). :func:`solve` gives a :class:`Solution`: the points the side of the player to move
(or any ``side`` given) takes with best play, and the value of each legal card; :class:`Solver`
does the same within a budget and can carry on. How it searches: develop/architecture.md, "Best
play".
"""

from .position import Position, PositionError, position, position_of_deal
from .search import OutOfBudget
from .solver import CardValue, Play, Solution, Solver, solve

__all__ = ["Position", "PositionError", "position", "position_of_deal", "OutOfBudget", "CardValue", "Play",
           "Solution", "Solver", "solve"]
