"""The JSON API's bounds: request size and nesting checked before the JSON is read, answers that
quote at most a short excerpt of the input, and "all rulesets" reading the cards once per pack."""

from __future__ import annotations

import json

import pytest

from somerset import api
from somerset.rules.limits import MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH, request_problem


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
    assert len(error["message"]) < 100 + len(", ".join(api.COMMANDS))  # the command itself cut short


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
    from somerset.service import compare

    calls: list[str] = []
    real = compare.parse_cards

    def counting(text, pack=None, **kw):  # type: ignore[no-untyped-def]
        calls.append(pack.name if pack is not None else "")
        return real(text, pack, **kw)

    monkeypatch.setattr(compare, "parse_cards", counting)
    data = api.dispatch({"cmd": "trick", "rules": "all", "trump": "6", "cards": "8/8 0/0 4/4 9/12"})
    assert len(data["results"]) > 3
    assert sorted(calls) == sorted(set(calls)) and 1 <= len(calls) <= 3
    calls.clear()
    data = api.dispatch({"cmd": "trick", "rules": "all", "trump": "6", "cards": "8/8 " * 10_000})
    assert "error" in data and len(calls) <= 3


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "١٢", " 7 x"])
def test_a_seed_given_as_text_in_other_digits_is_refused_clearly(seed: str) -> None:
    for cmd in ("replay", "table"):
        error = _error(json.dumps({"cmd": cmd, "rules": "parker-1947", "seed": seed}))
        assert error["field"] == "seed" and "'seed' must be a whole number" in error["message"]
        assert len(error["message"]) < 200


# --- numbers, messages, seeds and fields (the API never raises and never echoes) -----------------

from somerset.rules.limits import MAX_MESSAGE_CHARS, MAX_NUMBER, MAX_SEED  # noqa: E402

BIG = int("9" * 4300)  # the longest number CPython writes as text; two of them add up to one it cannot
SOLVE = {"cmd": "solve", "rules": "parker-1947", "trump": "2", "hands": ["8/8", "6/8", "4/10", "0/2"], "leader": 0}


def _sound(answer: str) -> dict:
    """The answer is strict JSON (no NaN), and an error is one short printable line, not internal."""
    data = json.loads(answer, parse_constant=lambda name: pytest.fail(f"the answer holds {name}"))
    error = data.get("error")
    if error is not None:
        message = error["message"]
        assert message.isprintable() and len(message) <= MAX_MESSAGE_CHARS, message
        assert not error.get("internal"), error
        assert error["field"] is None or (error["field"].isprintable() and len(error["field"]) <= 40), error
    return data


@pytest.mark.parametrize("request_, field", [
    ({**SOLVE, "taken": [BIG, BIG, 0, 0]}, "taken"),
    ({**SOLVE, "leader": BIG}, "leader"),
    ({**SOLVE, "side": [BIG]}, "side"),
    ({**SOLVE, "nodes": -BIG}, "nodes"),
    ({"cmd": "score", "rules": "parker-1947", "bid": BIG, "made": 12}, "bid"),
    ({"cmd": "score", "rules": "parker-1947", "bid": 15, "made": -BIG}, "made"),
    ({"cmd": "score", "rules": "all", "bid": 15, "made": 12, "against": BIG}, "against"),
    ({"cmd": "pad", "rules": "parker-1947", "deals": [{"bidder": 0, "bid": BIG, "points": [16, 8]}]}, "bid"),
    ({"cmd": "pad", "rules": "parker-1947", "deals": [{"bidder": BIG, "bid": 15, "points": [16, 8]}]}, "bidder"),
    ({"cmd": "pad", "rules": "parker-1947", "deals": [{"bidder": 0, "bid": 15, "points": [BIG, -BIG]}]}, "points"),
    ({"cmd": "replay", "rules": "parker-1947", "seed": 1, "dealer": BIG}, "dealer"),
    ({"cmd": "table", "rules": "parker-1947", "seed": BIG}, "seed"),
    ({"cmd": BIG}, "cmd"),
])
def test_huge_numbers_are_refused_by_name_never_raised(request_: dict, field: str) -> None:
    answer = api.handle(json.dumps(request_))  # json.dumps writes 4,300 digits; the sum of two would not print
    error = _sound(answer)["error"]
    assert error["field"] == field, error
    assert "9" * 40 not in error["message"], error
    assert f"{MAX_NUMBER:,}" in error["message"] or f"0 to {MAX_SEED}" in error["message"]
    assert api.dispatch(request_) == json.loads(answer)  # the same answer without the JSON text


def test_numbers_up_to_the_bound_are_read_as_before() -> None:
    # At the bound the command reads the number and answers as it always did.
    at = _sound(api.handle(json.dumps({"cmd": "score", "rules": "parker-1947", "bid": MAX_NUMBER, "made": 12})))
    assert at["error"]["field"] == "bid" and "a bid" in at["error"]["message"]
    over = _sound(api.handle(json.dumps({"cmd": "score", "rules": "parker-1947", "bid": -MAX_NUMBER - 1, "made": 12})))
    assert over["error"]["message"].startswith("'bid' holds a number larger than")
    # A seed reaches 2**64 - 1, and is refused beyond in check_seed's words.
    assert "error" not in api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": MAX_SEED})
    assert api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": MAX_SEED + 1})["error"]["message"] == (
        f"a seed must be a whole number from 0 to {MAX_SEED}, not {MAX_SEED + 1}")
    assert api.dispatch({"cmd": "info"})["limits"]["number_max"] == MAX_NUMBER


def test_the_final_encoding_is_inside_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    for bad in ({"total": BIG + BIG}, {"ratio": float("nan")}, {"x": {1, 2}}):
        monkeypatch.setitem(api.COMMANDS, "info", api.Command(lambda req, bad=bad: bad, ()))
        data = json.loads(api.handle('{"cmd": "info"}'))  # does not raise
        assert data["error"]["internal"] is True and len(data["error"]["message"]) < 300, data


@pytest.mark.parametrize("text", ['{"cmd": "score", "rules": "parker-1947", "bid": NaN, "made": 12}',
                                  '{"cmd": "solve", "seconds": Infinity}', '[-Infinity]'])
def test_nan_and_infinity_are_not_json(text: str) -> None:
    assert "is not a JSON number" in _error(text)["message"]


def test_a_pad_deals_field_name_is_quoted_short() -> None:
    request_ = {"cmd": "pad", "rules": "parker-1947", "deals": [{"x" * 60_000: 1}]}
    answer = api.handle(json.dumps(request_))
    assert len(answer) < 300 and "x" * 41 not in answer
    assert "a deal has bidder, bid, points or passed" in _sound(answer)["error"]["message"]


@pytest.mark.parametrize("request_", [
    {"cmd": "trick", "rules": "a\nb", "trump": "2", "cards": "8/8"},
    {"cmd": "trick", "rules": "parker-1947", "option": "a\r\nb\x1b[31m", "trump": "2", "cards": "8/8"},
    {"cmd": "trick", "rules": "parker-1947", "trump": "2\x07", "cards": "8/8"},
    {"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "8/8 x\x1by"},
    {"cmd": "pack", "deck": "a\u2028b\tc"},
    {"cmd": "score", "rules": "parker-1947", "format": "a\nb", "bid": 15, "made": 12},
    {"cmd": "puzzle", "id": "a\nb"},
    {"cmd": "replay", "example": "a\nb"},
    {"cmd": "replay", "rules": "parker-1947", "seed": "1\n2"},
    {"cmd": "samedeal", "rules": ["parker-1947", "a\nb"], "seed": 1},
    {"cmd": "samedeal", "rules": ["parker-1947", "parker-1950"], "seed": 1, "bots": "a\nb"},
    {"cmd": "pad", "rules": "parker-1947", "deals": [{"a\nb": 1}]},
    {"cmd": "rulesets", "a\nb": 1},
    {"cmd": "a\nb"},
    {**SOLVE, "trump": "a\nb"},
])
def test_control_characters_are_shown_escaped_on_one_line(request_: dict) -> None:
    error = _sound(api.handle(json.dumps(request_)))["error"]
    assert any(shown in error["message"] for shown in ("\\n", "\\t", "\\r", "\\u2028", "\\x1b", "\\x07")), error


def test_a_table_problem_quotes_the_move_on_one_line() -> None:
    data = _sound(api.handle(json.dumps({"cmd": "table", "rules": "parker-1947", "seed": 1, "moves": ["bid\n99" + "x" * 500]})))
    assert data["problem"]["message"].isprintable() and len(data["problem"]["message"]) < 300


def _seeds(value: object, path: str = "") -> list[tuple[str, object]]:
    if isinstance(value, dict):
        return [found for k, v in value.items() for found in
                ([(path + "." + k, v)] if "seed" in k.lower() else []) + _seeds(v, path + "." + k)]
    if isinstance(value, list):
        return [found for i, v in enumerate(value) for found in _seeds(v, f"{path}[{i}]")]
    return []


@pytest.mark.parametrize("seed", [7, "7", 2**53 + 1, str(MAX_SEED)])
def test_every_seed_in_every_answer_is_text(seed: int | str) -> None:
    record = api.dispatch({"cmd": "replay", "rules": "parker-1947", "seed": 3})["record"]
    requests_ = [
        {"cmd": "table", "rules": "parker-1947", "seed": seed},
        {"cmd": "table", "rules": "parker-1947", "seed": seed, "moves": ["pass"]},
        {"cmd": "replay", "rules": "parker-1947", "seed": seed},
        {"cmd": "samedeal", "rules": ["parker-1947", "parker-1950"], "seed": seed},
        {"cmd": "samedeal", "rules": ["parker-1947", "parker-1950"], "seed": seed, "moves": []},
        {"cmd": "samedeal", "rules": ["parker-1950"], "record": record},
        {"cmd": "info"},
    ]
    found = 0
    for request_ in requests_:
        data = api.dispatch(request_)
        assert "error" not in data, (request_, data)
        for path, value in _seeds(data):
            found += 1
            assert value is None or isinstance(value, str), (request_["cmd"], path, value)
            if path == ".seed":
                assert value == str(seed)
    assert found >= 5


@pytest.mark.parametrize("cmd", list(api.COMMANDS))
def test_an_unknown_field_is_refused_naming_the_accepted_ones(cmd: str) -> None:
    error = _error(json.dumps({"cmd": cmd, "zzz" * 20_000: 1}))
    assert error["message"].startswith(f"unknown field 'zzzzzzzzz") and f"in a '{cmd}' request" in error["message"]
    assert error["field"].startswith("zzz") and len(error["field"]) <= 40
    for name in api.COMMANDS[cmd].fields:
        assert name in error["message"]


def test_the_pad_refuses_options_for_option() -> None:
    error = _error(json.dumps({"cmd": "pad", "rules": "parker-1947", "options": ["parker-scoring"], "deals": []}))
    assert error == {"message": "unknown field 'options' in a 'pad' request; its fields are: rules, option, format, names, deals",
                     "field": "options"}


def test_a_command_reads_only_the_fields_it_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command's fields are listed beside it in COMMANDS; the request it is handed refuses to show
    it any other field, so reading one is an internal error (which every test of that command would
    see), never a field a page is refused for sending yet the engine reads."""
    looks = {"item": lambda req: {"seed": req["seed"]}, "get": lambda req: {"seed": req.get("seed")},
             "in": lambda req: {"seed": "seed" in req}}
    for way, answer in looks.items():
        monkeypatch.setitem(api.COMMANDS, "info", api.Command(answer, ()))
        error = api.dispatch({"cmd": "info"})["error"]
        assert error["internal"] and "the 'info' command reads 'seed', which its entry in COMMANDS" in error["message"], way
    monkeypatch.setitem(api.COMMANDS, "info", api.Command(lambda req: {"seed": req.get("seed", 7)}, ("seed",)))
    assert api.dispatch({"cmd": "info"}) == {"seed": 7}
    assert api.dispatch({"cmd": "info", "seed": 3}) == {"seed": 3}


HAND = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10"  # twelve cards of Parker 1947's pack
NUMBER_FIELDS = [
    ({"cmd": "advise", "rules": "parker-1947", "hand": HAND, "samples": 1}, ("seat", "dealer", "seed", "samples")),
    ({"cmd": "advise", "rules": "parker-1947", "hand": HAND, "max_samples": 1}, ("precision", "max_samples")),
    ({"cmd": "score", "rules": "parker-1947", "bid": 15, "made": 12}, ("bid", "made", "against")),
    ({"cmd": "replay", "rules": "parker-1947", "seed": 1}, ("seed", "dealer", "bots_version")),
    ({"cmd": "table", "rules": "parker-1947", "seed": 1}, ("seed", "bots_version")),
    ({"cmd": "samedeal", "rules": ["parker-1947", "hodges-1913"], "seed": 1}, ("seed", "dealer", "bots_version")),
    (SOLVE, ("leader", "nodes", "seconds")),
]


@pytest.mark.parametrize("request_, field", [(r, f) for r, fields in NUMBER_FIELDS for f in fields])
@pytest.mark.parametrize("flag", [True, False])
def test_true_or_false_is_not_a_number(request_: dict, field: str, flag: bool) -> None:
    """JSON's true is an int to Python: every number field refuses it as it refuses text."""
    error = _error(json.dumps({**request_, field: flag}))
    assert error["field"] == field and f"'{field}' has the wrong type" in error["message"], error
