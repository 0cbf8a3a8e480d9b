"""Random play: the seeded generator and shuffle, and the fast loop that must equal the public step path."""

from __future__ import annotations

from collections import Counter

import pytest

from somerset.game.deal import new_deal
from somerset.records.deal_record import record_of
from somerset.game.rng import FAST_BOUND, SplitMix64, deal_seed, shuffled, top_bits
from somerset.rules.rulesets import RULESETS
from somerset.players.simulate import play_random, step_random
from somerset.game.views import deal_summary

from cases import CASES, _ids


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_play_random_is_step_random_to_the_end(case: tuple[str, str, str | None]) -> None:
    """The benchmark's fast loop makes exactly the draws and actions of step_random, one at a time."""
    rid, fmt_id, opt = case
    options = [opt] if opt else []
    players = RULESETS[rid].format(fmt_id).players
    for seed in range(6):
        one = new_deal(rid, fmt_id, deal_seed(seed, 3), seed % players, options)
        fast = new_deal(rid, fmt_id, deal_seed(seed, 3), seed % players, options)
        r1, r2 = SplitMix64(seed), SplitMix64(seed)
        while not one.is_terminal():
            step_random(one, r1)
        play_random(fast, r2)
        assert [str(a) for a in fast.history] == [str(a) for a in one.history]
        assert deal_summary(fast) == deal_summary(one) and r1.state == r2.state
        assert str(record_of(fast)) == str(record_of(one))
        assert fast.signature() == one.signature() and fast.trick_log == one.trick_log


def test_a_draw_read_off_the_top_bits_is_below() -> None:
    """The tight loops read rng.below(n) off a number's top 24 bits when those decide it."""
    rng = SplitMix64(2026)
    decided = 0
    for _ in range(4000):
        state = rng.next()
        words = top_bits(state, 8)
        for k, h in enumerate(words):
            n = 2 + (h + k) % (FAST_BOUND - 1)
            r = h * n
            if (r + 0x100) & 0xFFFFFF > 0x100:
                decided += 1
                one = SplitMix64((state + k * 0x9E3779B97F4A7C15) & ((1 << 64) - 1))
                assert r >> 24 == one.below(n)
    assert decided > 31000


class _CountingRng(SplitMix64):
    """A generator that counts the calls of below(), which the tight loops make only where the top bits cannot decide."""

    __slots__ = ("asked",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.asked = 0

    def below(self, n: int) -> int:
        self.asked += 1
        return super().below(n)


# Deals (seed, as in the test above) where a draw's top bits cannot decide it: in the play (154,
# 197) and in the auction or the naming of trump (3499, 21695), found by search.
RARE_DRAWS = (154, 197, 3499, 21695)


@pytest.mark.parametrize("seed", RARE_DRAWS)
def test_play_random_draws_as_below_where_the_top_bits_cannot_decide(seed: int) -> None:
    one = new_deal("parker-1947", "four-partners", deal_seed(seed, 3), seed % 4)
    fast = new_deal("parker-1947", "four-partners", deal_seed(seed, 3), seed % 4)
    r1, r2 = SplitMix64(seed), _CountingRng(seed)
    while not one.is_terminal():
        step_random(one, r1)
    play_random(fast, r2)
    assert r2.asked, f"seed {seed} no longer needs below() (search for new seeds if the draws changed)"
    assert fast.signature() == one.signature() and r1.state == r2.state


def test_shuffle_is_fixed_arithmetic() -> None:
    # The first outputs of SplitMix64 from seed 0 (published test vector).
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert shuffled(range(10), 7) == shuffled(range(10), 7)
    assert sorted(shuffled(range(50), 3)) == list(range(50))
    d = new_deal("parker-1947", "four-partners", 7)
    assert [str(c) for c in d.dealt[1]][:3] == [str(c) for c in new_deal("parker-1947", None, 7).dealt[1]][:3]
    assert deal_seed(7, 0) == 7 and deal_seed(7, 1) != deal_seed(7, 2)


def test_shuffle_is_uniform_enough() -> None:
    counts = Counter(tuple(shuffled(range(4), s)) for s in range(12000))
    assert len(counts) == 24
    assert min(counts.values()) > 400 and max(counts.values()) < 600
