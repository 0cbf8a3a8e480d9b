"""Random play: the seeded generator and shuffle, and the fast loop that must equal the public step path."""

from __future__ import annotations

from collections import Counter

import pytest

from somerset.deal import new_deal
from somerset.record import record_of
from somerset.rng import SplitMix64, deal_seed, shuffled
from somerset.rulesets import RULESETS
from somerset.simulate import play_random, step_random
from somerset.views import deal_summary

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
