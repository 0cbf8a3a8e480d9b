"""The JSON API's bounds: request size and nesting checked before the JSON is read, answers that
quote at most a short excerpt of the input, and "all rulesets" reading the cards once per pack."""

from __future__ import annotations

import json

import pytest

from somerset import api
from somerset.limits import MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH, request_problem


def _error(text: str) -> dict:
    data = json.loads(api.handle(text))
    assert "error" in data, data
    assert not data["error"].get("internal"), data
    return data["error"]


@pytest.mark.parametrize("text", ["[" * 1000, "[" * 60_000, '{"a":' * 2000, "[" * 9 + "]" * 9,
                                  '{"cmd": "rulesets", "x": ' + "[" * 20 + "]" * 20 + "}"])
def test_deep_nesting_is_refused_before_it_is_read(text: str) -> None:
    assert "nests arrays or objects more than 8 deep" in _error(text)["message"]


def test_brackets_inside_strings_do_not_count() -> None:
    record = '[Ruleset "parker-1947"]\n[Title "[[[[[[[[[[[[[[[[[[[[["]\n\nTrump: 6\nTrick 1: [0] 5/8 0/0 2/2 S/S -> 3\n'
    data = json.loads(api.handle(json.dumps({"cmd": "replay", "record": record})))
    assert "error" not in data, data
    assert request_problem('"\\"' + "[" * 50 + '"') is None
    assert request_problem('["' + "\\\\" * 10 + '", ' + "[" * 20) is not None
    assert request_problem("[" * MAX_REQUEST_DEPTH + "]" * MAX_REQUEST_DEPTH) is None


def test_an_oversized_request_is_refused_unread() -> None:
    text = json.dumps({"cmd": "pack", "deck": "x" * MAX_REQUEST_CHARS})
    message = _error(text)["message"]
    assert f"the longest accepted is {MAX_REQUEST_CHARS:,}" in message and len(message) < 120


@pytest.mark.parametrize("cmd", [[], {}, [1, 2], None, 3, "x" * 10_000])
def test_a_command_that_is_not_one_is_an_error_not_an_internal_error(cmd: object) -> None:
    error = _error(json.dumps({"cmd": cmd}))
    assert error["field"] == "cmd" and "the commands are: info, rulesets" in error["message"]
    assert len(error["message"]) < 200


@pytest.mark.parametrize("request_", [
    {"cmd": "pack", "deck": "x" * 20_000},
    {"cmd": "trick", "rules": "parker-1947", "option": "x" * 20_000, "trump": "2", "cards": "8/8 6/8"},
    {"cmd": "score", "rules": "parker-1947", "format": "x" * 20_000, "bid": 15, "made": 12, "against": 12},
    {"cmd": "replay", "rules": "parker-1947", "format": "x" * 20_000, "seed": 1},
    {"cmd": "table", "rules": "parker-1947", "format": "x" * 20_000, "seed": 1},
    {"cmd": "trick", "rules": "x" * 20_000, "trump": "2", "cards": "8/8 6/8"},
    {"cmd": "trick", "rules": "parker-1947", "trump": "x" * 20_000, "cards": "8/8 6/8"},
    {"cmd": "trick", "rules": "all", "trump": "2", "cards": "x" * 20_000},
    {"cmd": "puzzle", "id": "x" * 20_000},
    {"cmd": "replay", "example": "x" * 20_000},
    {"cmd": "replay", "record": '[Ruleset "' + "x" * 19_000 + '"]\n'},
    {"cmd": "table", "rules": "parker-1947", "seed": 1, "moves": ["x" * 20_000]},
])
def test_answers_quote_a_short_excerpt_of_the_input(request_: dict) -> None:
    answer = api.handle(json.dumps(request_))
    assert "x" * 100 not in answer, answer[:300]  # excerpts of 60 characters at most
    data = json.loads(answer)
    assert "error" in data or data["problem"]


def test_trick_under_every_ruleset_reads_the_cards_once_per_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = api.parse_cards

    def counting(text, pack=None, **kw):  # type: ignore[no-untyped-def]
        calls.append(pack.name if pack is not None else "")
        return real(text, pack, **kw)

    monkeypatch.setattr(api, "parse_cards", counting)
    data = api.dispatch({"cmd": "trick", "rules": "all", "trump": "6", "cards": "8/8 0/0 4/4 9/12"})
    assert len(data["results"]) > 3
    assert sorted(calls) == sorted(set(calls)) and len(calls) <= 3
    calls.clear()
    data = api.dispatch({"cmd": "trick", "rules": "all", "trump": "6", "cards": "8/8 " * 10_000})
    assert "error" in data and len(calls) <= 3


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "١٢", " 7 x"])
def test_a_seed_given_as_text_in_other_digits_is_refused_clearly(seed: str) -> None:
    for cmd in ("replay", "table"):
        error = _error(json.dumps({"cmd": cmd, "rules": "parker-1947", "seed": seed}))
        assert error["field"] == "seed" and "'seed' must be a whole number" in error["message"]
        assert len(error["message"]) < 200
