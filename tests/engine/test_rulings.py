"""At-the-table rulings: every ruling answers every ruleset, and the answers the engine decides
match what the sources say (expectations written from the source texts, not from the engine)."""

from __future__ import annotations

import pytest

from somerset import RULESETS
from somerset.teaching.rulings import RULINGS, answer_all

ALL = set(RULESETS)
FREE_ROVER = {"somersetgame-com", "parker-1947-house", "triple-2009"}  # 0/0 at any time; break suit for a double
SINGLE = {"hodges-1903", "parker-1950"}
NO_NT = {"hodges-1903", "hodges-1913", "boardgamegeek"}
KEEPS_POWER_NT = {"somersetgame-com", "triple-2009"}

# ruling id -> {short answer prefix: rulesets}
EXPECTED: dict[str, dict[str, set[str]]] = {
    "rover-holding-suit": {"Yes": FREE_ROVER, "No": ALL - FREE_ROVER},
    "rover-on-trump-lead": {"No": ALL},
    "rover-saves-ss": {"Yes": FREE_ROVER, "No": ALL - FREE_ROVER - SINGLE, "Does not arise": SINGLE},
    "break-for-double": {"Yes": FREE_ROVER, "No": ALL - FREE_ROVER},
    "doubles-with-rover": {"2/2 wins": ALL},
    "rover-alone": {"0/0 wins": ALL},
    "double-before-rover": {"2/2 wins": {"boardgamegeek"}, "4/4 wins": ALL - {"boardgamegeek"}},
    "trump-beats-rover": {"0/8 wins": ALL - SINGLE, "0/5 wins": SINGLE},
    "ss-forced": {"Yes": ALL - SINGLE, "Does not arise": SINGLE},
    "ss-only-trump": {"S/S wins": ALL - SINGLE, "Does not arise": SINGLE},
    "trump-while-holding-suit": {"No": ALL},
    "zero-trump-order": {"0/0 wins": ALL - {"somersetcards-com", "boardgamegeek"},
                         "Does not arise": {"somersetcards-com", "boardgamegeek"}},
    "first-lead": {"No": {"somersetgame-com", "triple-2009"}, "Yes": ALL - {"somersetgame-com", "triple-2009"}},
    "ss-discard-no-trump": {"Yes": ALL - SINGLE - NO_NT, "Does not arise": SINGLE | NO_NT},
    "ss-led-no-trump": {"8/8 wins": ALL - SINGLE - NO_NT, "Does not arise": SINGLE | NO_NT},
    "rover-led-no-trump": {"0/0 wins": ALL - NO_NT - KEEPS_POWER_NT, "8/8 wins": KEEPS_POWER_NT, "Does not arise": NO_NT},
    "set-score": {
        "bidder −6, opponents +24": {"hodges-1913", "parker-1934", "parker-1947", "minden-hardware", "boardgamegeek",
                                     "minden-senior-center", "somersetgame-com", "parker-1947-house"},
        "bidder −15, opponents +12": {"somersetcards-com"},
        "bidder −9, opponents +7": {"hodges-1903"},
        "bidder −4, opponents +14": {"parker-1950"},
        "bidder −8, opponents +36": {"triple-2009"},
    },
    "made-score": {
        "bidder +16, opponents +8": {"hodges-1913", "somersetcards-com", "minden-senior-center"},
        "bidder +10, opponents +4": {"hodges-1903"},
    },
}


def test_at_least_25_rulings_each_answering_every_ruleset():
    assert len(RULINGS) >= 25
    assert len({r.id for r in RULINGS}) == len(RULINGS)
    for ruling in RULINGS:
        answers = answer_all(ruling)
        assert {r.id for r, _ in answers} == ALL
        for _, a in answers:
            assert a.short and a.detail and a.citation


@pytest.mark.parametrize("ruling_id", sorted(EXPECTED))
def test_engine_decided_rulings_match_the_sources(ruling_id):
    ruling = next(r for r in RULINGS if r.id == ruling_id)
    got = {r.id: a for r, a in answer_all(ruling)}
    for prefix, rulesets in EXPECTED[ruling_id].items():
        for rid in rulesets:
            assert got[rid].short.startswith(prefix), (ruling_id, rid, got[rid].short)
            if not prefix.startswith("Does not arise"):
                assert got[rid].checked


def test_most_rulings_are_decided_by_the_engine():
    checked = [r for r in RULINGS if any(a.checked for _, a in answer_all(r))]
    assert len(checked) >= 18
