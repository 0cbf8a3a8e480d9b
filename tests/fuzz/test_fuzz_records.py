"""Mutated records: the reader either refuses them with a RecordError naming the problem, or every
line it accepted is a line the engine writes for that record (never "ok" with a false line)."""

from __future__ import annotations

import pytest
from hypothesis import given

from fuzzing import all_records, budget, false_lines, mutated, read
from somerset.records.common import RecordError


@pytest.mark.parametrize("text", all_records())
def test_the_corpus_reads_back_exactly(text: str) -> None:
    rec = read(text)
    assert str(rec) == text and false_lines(text, rec) == []


def _check(pair: tuple[str, str]) -> None:
    _, text = pair
    try:
        rec = read(text)
    except RecordError as e:
        message = str(e)
        assert "invalid literal" not in message and "Traceback" not in message, message
        assert len(message) < 600, f"the message quotes too much of the record: {len(message)} characters"
        return
    assert false_lines(text, rec) == [], "accepted a record with a false line"


@budget(ci=1000, long=20_000)
@given(mutated("deal"))
def test_mutated_deal_records(pair: tuple[str, str]) -> None:
    _check(pair)


@budget(ci=300, long=7_500)
@given(mutated("game"))
def test_mutated_game_records(pair: tuple[str, str]) -> None:
    _check(pair)


@budget(ci=600, long=15_000)
@given(mutated("partial"))
def test_mutated_partial_records(pair: tuple[str, str]) -> None:
    _check(pair)
