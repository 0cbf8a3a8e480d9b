"""The JSON API under random requests: it never raises, never answers "internal error", every answer
is strict JSON, every seed in an answer is text, and an error is one printable line that quotes at
most a short excerpt of what was sent. The requests hold numbers of every size (up to the 4,300
digits CPython writes), seeds beyond 2**64, long names, control characters, unknown fields and pad
deals of any shape."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE_TOKENS, budget, mutated
from somerset import api
from somerset.rules.limits import MAX_MESSAGE_CHARS
from somerset.teaching.examples import WORKED_EXAMPLES
from somerset.teaching.puzzles import PUZZLES
from somerset.rules.rulesets import RULESETS

FIELDS = ("rules", "trump", "cards", "hand", "trick", "first_trick", "bid", "made", "against", "format", "option",
          "deck", "id", "answer", "example", "record", "seed", "dealer", "moves", "names", "deals",
          "hands", "leader", "taken", "side", "pile", "face_up", "nodes", "seconds", "lines", "bots",
          # fields no request has: refused, naming the accepted ones
          "options", "zzz", "Rules", "seed ", "x" * 5_000, "a\nb", "\x1b[31m")

# Whole numbers of every size: near the API's bound, past 2**53 and 2**64, and as long as CPython
# writes them (two such make a sum it cannot write).
huge_ints = (st.integers(-(10**4299), 10**4299) | st.sampled_from([10**9, 10**9 + 1, -(10**9) - 1, 2**53 + 1, 2**64 - 1,
                                                                    2**64, int("9" * 4300), -int("9" * 4300)]))
# Text with control characters, line breaks and long runs.
hostile_text = (st.text(alphabet=st.characters(max_codepoint=0x3000), max_size=40)
                | st.text(alphabet="ab\n\r\t\x00\x1b\x7f\u2028\u0085 ", max_size=20)
                | st.integers(100, 20_000).map(lambda n: "x" * n))
seeds = huge_ints | st.integers(0, 2**64 + 5) | st.integers(0, 2**70).map(str) | hostile_text
pad_deals = st.lists(st.dictionaries(st.sampled_from(["bidder", "bid", "points", "passed", "options", "x" * 3000, "a\nb"]),
                                     st.none() | st.booleans() | huge_ints | st.lists(huge_ints, max_size=3),
                                     max_size=4), max_size=3)

# Values a request field may hold: JSON of every type, hostile text, and the names the engine knows.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
known = st.sampled_from(
    [*RULESETS, "all", "parker", "bgg", "triple", *(f.id for r in RULESETS.values() for f in r.formats.value),
     "without-bidding", "competitive-bidding", "start-at-15", "parker-scoring", "single", "double", "triple",
     "2", "8", "12", "0", "nt", "8/8 6/8 4/10 0/2", "S/S 0/0 4/10", "4/8", "bid 15", "pass", "play 4/8", "trump 8",
     *list(WORKED_EXAMPLES)[:5], *(p.id for p in PUZZLES[:5])]
)
cards_text = st.lists(st.sampled_from(["8/8", "6/8", "4/10", "0/2", "0/0", "S/S", "2/2", "9/12", "1/1", "48", "ss", "x"]),
                      max_size=9).map(" ".join)
values = (json_values | known | st.sampled_from(HOSTILE_TOKENS) | cards_text
          | st.lists(st.sampled_from(["bid 15", "pass", "play 4/8", "trump 8", "discard 4/8 2/2", "bid ²", "x"]),
                     max_size=6)
          | st.integers(0, 2**64 + 5) | mutated("partial").map(lambda p: p[1]) | mutated("deal").map(lambda p: p[1])
          | huge_ints | hostile_text | st.lists(huge_ints, max_size=4) | pad_deals)


@st.composite
def requests(draw: st.DrawFn) -> dict:
    req = draw(st.dictionaries(st.sampled_from(FIELDS), values, max_size=6))
    if draw(st.booleans()):
        req["seed"] = draw(seeds)
    req["cmd"] = draw(st.sampled_from(list(api.COMMANDS)) | json_values)
    return req


def _not_json(name: str) -> None:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


def _seeds_are_text(value: object) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            assert "seed" not in key.lower() or item is None or isinstance(item, str), (key, item)
            _seeds_are_text(item)
    elif isinstance(value, list):
        for item in value:
            _seeds_are_text(item)


def _long_texts(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if len(value) > 60 else []
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in _long_texts(k) + _long_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _long_texts(v)]
    return []


def _answer_is_sound(text: str, sent: object = None) -> None:
    answer = api.handle(text)  # must not raise
    data = json.loads(answer, parse_constant=_not_json)
    assert isinstance(data, dict)
    _seeds_are_text(data)
    error = data.get("error")
    if error is not None:
        assert not error.get("internal"), error
        message = error["message"]
        assert isinstance(message, str) and message
        assert len(message) <= MAX_MESSAGE_CHARS, f"a {len(message)}-character message"
        assert message.isprintable(), f"a message with control characters: {message[:200]!r}"
        for long_text in _long_texts(sent):  # a long input is quoted as a short excerpt at most
            assert long_text[:61] not in message, message[:200]
        field = error["field"]
        assert field is None or (isinstance(field, str) and field.isprintable() and len(field) <= 40), field


@budget(ci=600)
@given(requests())
def test_random_requests_are_answered(req: dict) -> None:
    _answer_is_sound(json.dumps(req), req)


@budget(ci=200)
@given(st.text(alphabet=st.sampled_from('[]{}",:0123456789 \\truefalsn"cmd'), max_size=400) | st.text(max_size=200))
def test_random_text_is_answered(text: str) -> None:
    _answer_is_sound(text)


@budget(ci=100)
@given(st.integers(1, 30_000), st.sampled_from(["[", "{\"a\":", "[{\"b\":"]), st.sampled_from(["", "]", "1"]))
def test_nesting_of_any_depth_is_answered(depth: int, opener: str, tail: str) -> None:
    _answer_is_sound(opener * depth + tail)
