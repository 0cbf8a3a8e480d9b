"""Options that contradict each other are refused, wherever options are given: the command line,
a record's Options tag, the engine's own load_ruleset."""

from __future__ import annotations

from dataclasses import replace

import pytest

from somerset_tools.cli import main
from somerset.rules.rulesets import load_ruleset
from somerset.records.common import RecordError
from somerset.records.deal_record import parse_record
from somerset.rules.dimensions import Option
from somerset.rules.rulesets import get_ruleset


@pytest.mark.parametrize("order", [["without-bidding", "competitive-bidding"], ["competitive-bidding", "without-bidding"]])
def test_bidding_options_and_no_bidding_are_refused_together(order: list[str]) -> None:
    with pytest.raises(ValueError, match="competitive-bidding changes the bidding, but under without-bidding"):
        load_ruleset("hodges-1903", order)


def test_options_that_fit_together_still_apply() -> None:
    assert load_ruleset("somersetcards-com", ["start-at-15", "parker-scoring"]).option_applied == ("start-at-15",
                                                                                                 "parker-scoring")
    assert load_ruleset("hodges-1903", ["without-bidding", "without-bidding"]).option_applied == ("without-bidding",)


def test_two_options_that_change_the_same_rule_are_refused() -> None:
    r = get_ruleset("somersetcards-com")
    start = next(o for o in r.options.value if o.id == "start-at-15")
    twin = Option("start-at-20", "Bidding starts at 20", start.summary, start.citation, start.overrides)
    r = replace(r, options=replace(r.options, value=(*r.options.value, twin)))
    with pytest.raises(ValueError, match="the options start-at-15 and start-at-20 both change the rule on bidding"):
        r.with_option("start-at-15").with_option("start-at-20")


def test_the_command_line_refuses_contradictory_options(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "--rules", "hodges-1903", "--option", "without-bidding", "--option", "competitive-bidding",
                 "--seed", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "but under without-bidding trump is drawn and nobody bids" in err


def test_a_record_with_contradictory_options_is_refused() -> None:
    text = '[Ruleset "hodges-1903"]\n[Options "without-bidding competitive-bidding"]\n[Seed "1"]\n'
    with pytest.raises(RecordError, match=r'line 2: \[Options "without-bidding competitive-bidding"\]: the option'):
        parse_record(text)
