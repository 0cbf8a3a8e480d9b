"""Seeded chance: the generator, the shuffle and the seeds of a game's deals.

Every chance step of the engine (the shuffle, Hodges' drawing of trump, the bots' choices) draws
from :class:`SplitMix64`, plain integer arithmetic masked to 64 bits, never from :mod:`random`,
so a seed gives the same cards in CPython and in Pyodide. :func:`shuffled` is the shuffle,
:func:`deal_seed` the seed of a game's deal, :func:`check_seed` reads a seed a user gave.
"""

from __future__ import annotations

import struct
import sys
from typing import Sequence

from ..rules.errors import RulesError
from ..rules.limits import MAX_SEED

__all__ = ["SplitMix64", "shuffled", "deal_seed", "check_seed", "MASK64", "DRAW_SALT", "GAMMA", "top_bits",
           "advanced", "FAST_BOUND"]

#: The largest seed, and the mask that keeps the generator's arithmetic to 64 bits.
MASK64 = (1 << 64) - 1

#: What each step of :class:`SplitMix64` adds to its state (modulo 2**64).
GAMMA = 0x9E3779B97F4A7C15

#: Hodges' game without bidding draws the trump card before the shuffle; the draw uses its own
#: stream of the seed (the seed mixed with this constant), so ``shuffle N`` deals the same cards
#: whether or not trump is drawn.
DRAW_SALT = 0x5EED_D2A7_7C0F_FEE1


class SplitMix64:
    """SplitMix64 on Python integers masked to 64 bits: the same numbers in CPython and Pyodide.

    ``state`` is public so that a tight loop may inline :meth:`next` and hand the state back.

    >>> rng = SplitMix64(42)
    >>> [rng.below(6) for _ in range(5)]
    [4, 0, 1, 2, 0]

    >>> rng = SplitMix64(0)
    >>> hex(rng.next())
    '0xe220a8397b1dcdaf'
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = z = (self.state + GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's method with rejection: no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        m = self.next() * n
        low = m & MASK64
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & MASK64
        return m >> 64


#: ``below(n)`` for ``n`` up to this bound may be read off the top 24 bits of the number drawn,
#: as :func:`top_bits` explains.
FAST_BOUND = 1 << 8

_WORDS_LITTLE = sys.byteorder == "little" and struct.calcsize("I") == 4
_LANES: dict[int, tuple[int, int, int]] = {}  # per count: one entry per count asked for (small)


def advanced(state: int, steps: int) -> int:
    """The state of a :class:`SplitMix64` at ``state`` after ``steps`` numbers.

    >>> rng = SplitMix64(5)
    >>> _ = [rng.next() for _ in range(3)]
    >>> rng.state == advanced(5, 3)
    True
    """
    return (state + steps * GAMMA) & MASK64


def top_bits(state: int, count: int) -> list[int]:
    """The top 24 bits of each of the next ``count`` numbers of a :class:`SplitMix64` at ``state``.

    The generator's states are ``state + k * GAMMA``, so all ``count`` of them are laid side by
    side in one integer, 128 bits apart, and each step of the mixing (shift, exclusive or,
    multiply by a 64-bit constant, mask) is made once for all of them: a product of two 64-bit
    numbers fits its 128 bits, and the mask clears what a shift carried in from the neighbours.

    A loop that draws ``below(n)`` for ``n <= FAST_BOUND`` may read it off the top bits ``h``:
    with ``r = h * n``, when ``0 < r % 2**24 < 2**24 - FAST_BOUND`` the other 40 bits of the
    number cannot change ``r >> 24``, which is then exactly ``below(n)`` (no rejection either);
    otherwise (about once in 32,000 draws) it calls :meth:`SplitMix64.below` from that draw's
    state. Numbers of 24 bits keep ``r`` below 2**30, where Python's arithmetic is quickest.

    >>> rng = SplitMix64(9)
    >>> top_bits(9, 4) == [rng.next() >> 40 for _ in range(4)]
    True
    """
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum((k + 1) << (128 * k) for k in range(count))
        lanes = _LANES[count] = (ones, steps * GAMMA, ones * MASK64)
    ones, steps, mask = lanes
    x = (state * ones + steps) & mask
    x = ((x ^ (x >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    x = ((x ^ (x >> 27)) & mask) * 0x94D049BB133111EB & mask
    # The last step, z ^ (z >> 31), leaves the top 33 bits of z as they are: the top 24 bits of
    # each lane are brought to the bottom of its 128 (bits 64 to 71 of a lane are clear).
    x >>= 40
    if _WORDS_LITTLE:  # the words of the bytes in memory, read natively: lane k begins at word 4k
        return memoryview(x.to_bytes(16 * count, "little")).cast("I")[::4].tolist()
    return [(x >> (128 * k)) & 0xFFFFFF for k in range(count)]


def shuffled(items: Sequence[int], seed: int) -> list[int]:
    """Fisher-Yates shuffle of ``items`` driven by :class:`SplitMix64` from ``seed``.

    Several swap positions are taken from one draw: the bounds i+1 of consecutive steps are
    multiplied while the product stays below 2**64, one uniform number below the product is
    drawn (without bias) and read digit by digit in that mixed radix.

    >>> sorted(shuffled(range(50), 3)) == list(range(50))
    True

    >>> shuffled(range(6), 7) == shuffled(range(6), 7)
    True
    """
    out = list(items)
    state = seed & MASK64
    for product, bounds in _shuffle_plan(len(out)):
        # r = rng.below(product) for a SplitMix64 at ``state``: its next() inlined, and below()
        # itself asked only where it might reject the number (its low 64 bits below the bound)
        state = (state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        r = (z ^ (z >> 31)) * product
        if r & MASK64 < product:
            rng = SplitMix64(state - GAMMA)
            r = rng.below(product)
            state = rng.state
        else:
            r >>= 64
        for b in bounds:
            j = r % b
            r //= b
            b -= 1
            out[b], out[j] = out[j], out[b]
    return out


_PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}  # one entry per pack size: bounded


def _shuffle_plan(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The groups of swap bounds :func:`shuffled` draws together for ``n`` items (worked out once)."""
    plan = _PLANS.get(n)
    if plan is None:
        groups: list[tuple[int, tuple[int, ...]]] = []
        i = n - 1
        while i > 0:
            product = 1
            bounds: list[int] = []
            while i - len(bounds) > 0 and product * (i - len(bounds) + 1) <= MASK64:
                product *= i - len(bounds) + 1
                bounds.append(i - len(bounds) + 1)
            groups.append((product, tuple(bounds)))
            i -= len(bounds)
        plan = _PLANS[n] = tuple(groups)
    return plan


def deal_seed(game_seed: int, index: int) -> int:
    """The seed of deal ``index`` of a game: the game's seed itself for the first deal.

    >>> deal_seed(7, 0), deal_seed(7, 1) != deal_seed(7, 2)
    (7, True)
    """
    if index == 0:
        return game_seed
    # SplitMix64(game_seed + index * 0xD1B54A32D192ED03).next(), inlined
    z = (game_seed + index * 0xD1B54A32D192ED03 + GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def check_seed(seed: object, field: str = "seed") -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1, else a :class:`~somerset.rules.errors.RulesError`.

    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    somerset.rules.errors.RulesError: a seed must be a whole number from 0 to 18446744073709551615, not 18446744073709551616
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RulesError(f"a seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}", field=field)
    return seed

