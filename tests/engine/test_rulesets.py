"""The ruleset records: complete, cited, validated, frozen, and found by id or alias."""

from __future__ import annotations

import dataclasses

import pytest

from somerset import DIMENSIONS, RULESETS, Rule, UnknownRulesetError, get_ruleset
from somerset.rules.dimensions import Format, RoverPower
from somerset.rules.sources import SOURCES, Citation

RULES_MAP_IDS = [
    "hodges-1903", "hodges-1913", "parker-1934", "parker-1947", "minden-hardware", "somersetcards-com",
    "boardgamegeek", "minden-senior-center", "somersetgame-com", "parker-1947-house", "parker-1950", "triple-2009",
]


def test_the_twelve_rulesets_of_the_rules_map():
    assert list(RULESETS) == RULES_MAP_IDS


@pytest.mark.parametrize("rid", RULES_MAP_IDS)
def test_every_dimension_is_a_cited_rule(rid):
    r = get_ruleset(rid)
    for key, heading in DIMENSIONS:
        rule = r.rule(key)
        assert isinstance(rule, Rule), key
        assert rule.summary.strip(), key
        assert rule.citations and all(isinstance(c, Citation) and c.source in SOURCES for c in rule.citations)
    for fmt in r.formats.value:
        assert isinstance(fmt, Format) and fmt.citation.source in SOURCES
        fmt.check(r.deck)


@pytest.mark.parametrize("rid", RULES_MAP_IDS)
def test_rulesets_are_frozen(rid):
    r = get_ruleset(rid)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.id = "x"  # type: ignore[misc]


def test_registry_finds_by_alias_and_rejects_unknown():
    assert get_ruleset("Parker").id == "parker-1947"
    assert get_ruleset("bgg").id == "boardgamegeek"
    assert get_ruleset("TRIPLE").id == "triple-2009"
    with pytest.raises(UnknownRulesetError, match="parker-1947"):
        get_ruleset("parker-1948")


def test_points_per_deal_from_the_sources():
    expect = {
        ("parker-1947", "four-partners"): 24, ("parker-1947", "two"): 37, ("parker-1947", "three"): 28,
        ("hodges-1903", "four-partners"): 14, ("hodges-1903", "two"): 21, ("hodges-1903", "three-without-01"): 16,
        ("somersetcards-com", "two"): 37, ("somersetcards-com", "three"): 28, ("parker-1947-house", "three-kitty"): 28,
        ("parker-1950", "four-partners"): 14, ("triple-2009", "six-2x3"): 36, ("triple-2009", "eight-2x4"): 31,
        ("triple-2009", "five-single"): 34,
    }
    for (rid, fid), points in expect.items():
        assert get_ruleset(rid).format(fid).points_per_deal == points


def test_contradictions_and_silences_are_flagged():
    five = get_ruleset("triple-2009").format("five-single")
    assert five.undealt == 3 and five.interpretation and "83" in five.interpretation
    assert get_ruleset("boardgamegeek").rover_power.value is RoverPower.LATER_DOUBLES
    assert get_ruleset("boardgamegeek").rover_power.interpretation
    assert get_ruleset("somersetgame-com").rover_no_trump.interpretation
    assert any("single pack" in note or "five red" in note for _, note in get_ruleset("hodges-1903").interpretations())
    for rid in RULES_MAP_IDS:
        assert get_ruleset(rid).interpretations(), rid


def test_validation_rejects_inconsistent_data():
    r = get_ruleset("parker-1947")
    bad = dataclasses.replace(r.formats.value[0], hand_size=11)
    with pytest.raises(ValueError, match="four-partners"):
        bad.check(r.deck)
    with pytest.raises(ValueError, match="citation"):
        Rule(1, "a rule", ())
    with pytest.raises(ValueError):
        Citation("nowhere", "x")
    with pytest.raises(ValueError, match="ss_no_trump"):
        dataclasses.replace(get_ruleset("hodges-1903"), ss_no_trump=r.ss_no_trump)


def test_options_apply_as_data():
    h = get_ruleset("hodges-1903")
    assert h.with_option("competitive-bidding").bidding.value.style.value == "auction"
    w = h.with_option("without-bidding")
    assert not w.points.value.count_cards and w.option_applied == ("without-bidding",)
    sc = get_ruleset("somersetcards-com").with_option("start-at-15")
    assert sc.bidding.value.minimum == 15
    # The variation is written for the four-player game: with it, that is the only format.
    assert [f.id for f in sc.formats.value] == ["four-partners"]
    with pytest.raises(ValueError, match="no format 'six-single' here: the option start-at-15 is written for four-partners only"):
        sc.format("six-single")
    assert len(get_ruleset("somersetcards-com").formats.value) == 6
    with pytest.raises(ValueError, match="start-at-15"):
        get_ruleset("somersetcards-com").with_option("nope")


def test_shared_rules_share_one_engine():
    # Rulesets differ by data: the play module has no ruleset ids in it.
    import inspect

    import somerset.rules.play as play
    import somerset.rules.scoring as scoring

    for module in (play, scoring):
        source = inspect.getsource(module)
        for rid in RULES_MAP_IDS:
            assert rid not in source
