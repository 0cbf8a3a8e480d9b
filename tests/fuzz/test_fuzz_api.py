"""The JSON API under random requests: it never raises, never answers "internal error", and an error
quotes at most a short excerpt of what was sent."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE_TOKENS, budget, mutated
from somerset import api
from somerset.examples import WORKED_EXAMPLES
from somerset.puzzles import PUZZLES
from somerset.rulesets import RULESETS

FIELDS = ("rules", "trump", "cards", "hand", "trick", "first_trick", "bid", "made", "against", "format", "option",
          "deck", "id", "answer", "example", "record", "seed", "dealer", "moves", "names", "deals")

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
          | st.integers(0, 2**64 + 5) | mutated("partial").map(lambda p: p[1]) | mutated("deal").map(lambda p: p[1]))


@st.composite
def requests(draw: st.DrawFn) -> dict:
    req = draw(st.dictionaries(st.sampled_from(FIELDS), values, max_size=6))
    req["cmd"] = draw(st.sampled_from(list(api.COMMANDS)) | json_values)
    return req


def _answer_is_sound(text: str) -> None:
    answer = api.handle(text)  # must not raise
    data = json.loads(answer)
    assert isinstance(data, dict)
    error = data.get("error")
    if error is not None:
        assert not error.get("internal"), error
        assert isinstance(error["message"], str) and error["message"]
        assert len(error["message"]) <= 600, f"a {len(error['message'])}-character message"


@budget(ci=600)
@given(requests())
def test_random_requests_are_answered(req: dict) -> None:
    _answer_is_sound(json.dumps(req))


@budget(ci=200)
@given(st.text(alphabet=st.sampled_from('[]{}",:0123456789 \\truefalsn"cmd'), max_size=400) | st.text(max_size=200))
def test_random_text_is_answered(text: str) -> None:
    _answer_is_sound(text)


@budget(ci=100)
@given(st.integers(1, 30_000), st.sampled_from(["[", "{\"a\":", "[{\"b\":"]), st.sampled_from(["", "]", "1"]))
def test_nesting_of_any_depth_is_answered(depth: int, opener: str, tail: str) -> None:
    _answer_is_sound(opener * depth + tail)
