"""Links that last, fuzzed: any text as a deal's code, and valid codes mutated, through the API."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE_TOKENS, budget
from somerset import api
from somerset.records.links import ALPHABET, DealCodeError, parse_deal_code

# Codes the tools wrote (the replayer's, Play a deal's), as tests/engine/golden_links.json keeps them.
CODES = {
    ("replay", "parker-1947", "four-partners", 7): "hHhIghJhKhLgggiEDBFBCADFHHIIBDAAFFGHABDDBDABDDBCBBCCBCBCABBAAAAA",
    ("replay", "hodges-1903", "two", 3): "ghKiEFCFCDBCADBBBBADFEECBBABCAAAA",
    ("table", "parker-1947", "four-partners", 3): "hBhChDhEhFhGhHhIhJhKhLghMgggiEAILCAKCGEEIHIIHIBGEDDDGFFEFADDACBDDABACCABAAAAAA",
}

codes = (st.text(alphabet=st.sampled_from(ALPHABET + "!~ é\n"), max_size=120) | st.text(max_size=60)
         | st.sampled_from(HOSTILE_TOKENS))


@st.composite
def mutated_codes(draw: st.DrawFn) -> tuple[str, str, str, int, str]:
    (cmd, rules, fmt, seed), code = draw(st.sampled_from(sorted(CODES.items())))
    chars = list(code)
    for _ in range(draw(st.integers(0, 4))):
        op = draw(st.sampled_from(["set", "drop", "add"]))
        at = draw(st.integers(0, len(chars)))
        ch = draw(st.sampled_from(ALPHABET))
        if op == "set" and at < len(chars):
            chars[at] = ch
        elif op == "drop" and at < len(chars):
            del chars[at]
        else:
            chars.insert(at, ch)
    return cmd, rules, fmt, seed, "".join(chars)


@budget(ci=300)
@given(codes)
def test_any_text_is_read_or_refused_by_character(text: str) -> None:
    try:
        code = parse_deal_code(text)
    except DealCodeError as e:
        assert 1 <= e.position <= max(len(text.strip()), 1001) and str(e).startswith("the deal's code")
        assert "\n" not in str(e)
    else:
        assert str(code) == text.strip()


@budget(ci=150)
@given(mutated_codes())
def test_a_changed_code_shows_the_deal_up_to_the_step_it_cannot_make(case: tuple[str, str, str, int, str]) -> None:
    cmd, rules, fmt, seed, code = case
    answer = json.loads(api.handle(json.dumps({"cmd": cmd, "rules": rules, "format": fmt, "seed": seed, "play": code})))
    assert "error" not in answer, answer["error"]
    problem = answer["problem"]
    if problem is not None:
        assert 1 <= problem["at"] <= len(code) + 1 and problem["message"]
    if cmd == "replay":
        assert answer["steps"] and (problem is None) == (answer["steps"][-1]["label"] == "Score")
    # the code the answer gives back is the deal shown: it replays to the same record
    again = json.loads(api.handle(json.dumps({"cmd": cmd, "rules": rules, "format": fmt, "seed": seed,
                                              "play": answer["play"]})))
    assert again["play"] == answer["play"]
