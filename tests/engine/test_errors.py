"""Every error the engine raises for bad input sits under one base class, SomersetError (a ValueError)."""

from __future__ import annotations

import pytest

import somerset
from somerset import (
    AuctionError,
    CallNotationError,
    CardNotationError,
    NotationError,
    RulesError,
    SomersetError,
    TrumpNotationError,
    UnknownRulesetError,
    get_ruleset,
    parse_call,
    parse_card,
    parse_trump,
    trick_verdict,
)
from somerset.records.common import RecordError
from somerset.records.deal_record import parse_record


def test_every_error_class_is_a_somerset_error() -> None:
    for cls in (NotationError, CardNotationError, TrumpNotationError, CallNotationError, RulesError, AuctionError,
                UnknownRulesetError, RecordError):
        assert issubclass(cls, SomersetError) and issubclass(cls, ValueError)
    assert issubclass(somerset.ActionNotationError, NotationError)
    assert issubclass(somerset.IllegalActionError, RulesError)


@pytest.mark.parametrize("bad", [
    lambda: parse_card("9/8"),
    lambda: parse_trump("purple"),
    lambda: parse_call("lots"),
    lambda: get_ruleset("chess"),
    lambda: trick_verdict(get_ruleset("boardgamegeek"), parse_trump("nt"), ()),
    lambda: parse_record("[Ruleset \"parker-1947\"]\n\nnonsense line"),
])
def test_bad_input_is_caught_by_the_base_class(bad: object) -> None:
    with pytest.raises(SomersetError) as caught:
        bad()  # type: ignore[operator]
    assert str(caught.value)


def test_errors_name_the_argument_at_fault() -> None:
    r = get_ruleset("boardgamegeek")
    with pytest.raises(RulesError) as caught:
        trick_verdict(r, parse_trump("nt"), (parse_card("2/2"),))
    assert caught.value.field == "trump"
    with pytest.raises(RulesError) as caught:
        trick_verdict(r, parse_trump("2"), (parse_card("2/2"), parse_card("2/2")))
    assert caught.value.field == "cards"
