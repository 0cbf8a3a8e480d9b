"""The limits of what the engine accepts from a page, in one place (the API's ``info`` request tells them).

>>> MAX_RECORD_CHARS, MAX_MOVES, MAX_SEED == 2**64 - 1
(20000, 200, True)
"""

from __future__ import annotations

from .rng import MASK64

__all__ = ["MAX_RECORD_CHARS", "MAX_MOVES", "MAX_SEED"]

#: The longest record text a replay accepts (a whole Triple deal is about 3,000 characters).
MAX_RECORD_CHARS = 20_000
#: More moves than one seat makes in any deal: a longer list of the reader's moves is refused.
MAX_MOVES = 200
#: The largest seed: seeds are whole numbers from 0 to 2**64 - 1.
MAX_SEED = MASK64