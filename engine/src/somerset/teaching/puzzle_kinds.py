"""Every kind of puzzle, in the order the contributors' page and the puzzle files' messages list them.

:data:`PUZZLE_KINDS` is the one list: the kinds read from one position
(:mod:`somerset.teaching.position_puzzles`), the endings proven by the solver
(:mod:`somerset.teaching.ending_puzzles`) and the calls judged by the bid advisor
(:mod:`somerset.teaching.call_puzzles`). Adding a kind means writing its class and naming it here.

>>> list(PUZZLE_KINDS)
['winner', 'legal', 'play', 'discard', 'bid', 'score', 'ending', 'call', 'trump']
"""

from __future__ import annotations

from .call_puzzles import Call, TrumpChoice
from .ending_puzzles import Ending
from .position_puzzles import Bid, Discard, Legal, Play, Score, Winner
from .puzzle_base import DIFFICULTY_MEASURES, PuzzleKind, PuzzleProofError

__all__ = ["PUZZLE_KINDS", "DIFFICULTY_MEASURES", "PuzzleKind", "PuzzleProofError"]

PUZZLE_KINDS: dict[str, PuzzleKind] = {k.name: k for k in (
    Winner(), Legal(), Play(), Discard(), Bid(), Score(), Ending(), Call(), TrumpChoice())}
