"""The API boundary: each error names its field, 'all rulesets' comes from one module, limits come from info."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from somerset import api, get_ruleset, score_deal
from somerset.rules.limits import (MAX_MESSAGE_CHARS, MAX_MOVES, MAX_NUMBER, MAX_RECORD_CHARS, MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH,
                             MAX_SEED)
from somerset.game.precompute import deal_setup, trick_tables
from somerset.rules.dimensions import _trumps

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


def ask(**req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(json.dumps(req)))
    return answer


@pytest.mark.parametrize("req, field", [
    ({"cmd": "trick", "rules": "boardgamegeek", "trump": "nt", "cards": "8/8 4/8"}, "trump"),
    ({"cmd": "trick", "rules": "parker-1947", "trump": "14", "cards": "8/8 4/8"}, "trump"),
    ({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "8/8 8/8"}, "cards"),
    ({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "8/8 2/2 4/4 6/6 0/0 3/8 7/8"}, "cards"),
    ({"cmd": "trick", "rules": "chess", "trump": "2", "cards": "8/8"}, "rules"),
    ({"cmd": "trick", "rules": "parker-1947", "option": "nope", "trump": "2", "cards": "8/8"}, "option"),
    ({"cmd": "legal", "rules": "parker-1947", "trump": "2", "hand": "8/8", "trick": "8/8"}, "trick"),
    ({"cmd": "legal", "rules": "parker-1947", "trump": "2", "hand": ""}, "hand"),
    ({"cmd": "score", "rules": "parker-1947", "bid": 99, "made": 12, "against": 12}, "bid"),
    ({"cmd": "score", "rules": "parker-1947", "bid": 15, "made": 12, "against": 11}, "made"),
    ({"cmd": "score", "rules": "parker-1947", "bid": 15, "made": -1, "against": 12}, "made"),
    ({"cmd": "score", "rules": "parker-1947", "bid": 15, "made": 12, "format": "nine"}, "format"),
    ({"cmd": "replay", "rules": "parker-1947", "seed": -1}, "seed"),
    ({"cmd": "replay", "rules": "parker-1947", "seed": "lots"}, "seed"),
    ({"cmd": "replay", "rules": "parker-1947", "seed": 1, "format": "nine"}, "format"),
    ({"cmd": "replay", "rules": "parker-1947", "seed": 1, "dealer": 9}, "dealer"),
    ({"cmd": "replay", "example": "nope"}, "example"),
    ({"cmd": "table", "rules": "parker-1947", "seed": str(MAX_SEED + 1)}, "seed"),
    ({"cmd": "table", "rules": "parker-1947", "seed": 1, "moves": ["pass"] * (MAX_MOVES + 1)}, "moves"),
    ({"cmd": "judge", "id": "nope", "answer": []}, "id"),
])
def test_each_error_names_its_field(req: dict[str, Any], field: str) -> None:
    answer = ask(**req)
    assert "error" in answer and answer["error"]["field"] == field, answer
    assert not answer["error"].get("internal")


def test_a_seed_may_be_sent_as_text() -> None:
    big = str(MAX_SEED)
    # Every seed in an answer is text: JavaScript numbers do not hold seeds from 2**53 on exactly.
    assert ask(cmd="table", rules="parker-1947", seed=big)["seed"] == big
    assert ask(cmd="table", rules="parker-1947", seed=7)["seed"] == "7"
    assert ask(cmd="replay", rules="parker-1947", seed="7")["steps"] == ask(cmd="replay", rules="parker-1947", seed=7)["steps"]


def test_info_carries_the_limits_the_widgets_check() -> None:
    info = ask(cmd="info")
    assert info["limits"] == {"record_chars": MAX_RECORD_CHARS, "moves": MAX_MOVES, "seed_max": str(MAX_SEED),
                              "number_max": MAX_NUMBER, "request_chars": MAX_REQUEST_CHARS,
                              "request_depth": MAX_REQUEST_DEPTH, "message_chars": MAX_MESSAGE_CHARS}
    assert "info" in info["commands"] and "table" in info["commands"]
    # The widgets ask for the limits instead of carrying copies of them.
    for js in WIDGETS.rglob("*.js"):
        text = js.read_text(encoding="utf-8")
        for copy in (r"\b20_?000\b", r"18446744073709551615", r"2n \*\* 64n", r"MAX_MOVES = 200"):
            assert not re.search(copy, text), f"{js.name} carries its own copy of a limit: {copy}"


def test_scores_of_all_rulesets_come_from_the_engine() -> None:
    answer = ask(cmd="score", rules="all", bid=15, made=12)
    assert answer["results"] and answer["ways"] == len({(x["bidder_side"], x["opponents"]) for x in answer["results"]})
    for x in answer["results"]:
        r = get_ruleset(x["ruleset"])
        one = ask(cmd="score", rules=r.id, bid=15, made=12)  # 'against' defaults to the rest of the deal
        assert (one["bidder_side"], one["opponents"], one["against"]) == (x["bidder_side"], x["opponents"], x["against"])
        sc = score_deal(r, 15, 12, x["against"])
        assert (sc.bidder_side, sc.opponents) == (x["bidder_side"], x["opponents"])
    majority = max({(x["bidder_side"], x["opponents"]) for x in answer["results"]},
                   key=lambda k: sum((x["bidder_side"], x["opponents"]) == k for x in answer["results"]))
    assert all(x["dissent"] == ((x["bidder_side"], x["opponents"]) != majority) for x in answer["results"])
    assert answer["agree"] is (answer["ways"] == 1)
    assert all("ruleset_name" in s for s in answer["skipped"])


def test_scores_all_skip_a_ruleset_the_figures_do_not_fit() -> None:
    answer = ask(cmd="score", rules="all", bid=20, made=12)  # 20 is more than a 14-point single-pack deal
    assert "parker-1950" in {s["ruleset"] for s in answer["skipped"]}
    assert all(not x["ruleset"] == "parker-1950" for x in answer["results"])
    assert ask(cmd="score", rules="all", bid=200, made=1)["error"]["field"] == "bid"


def test_caches_stay_bounded_however_many_requests() -> None:
    """A ruleset built anew for each request (an option applied) finds the same cached setup."""
    caches = (deal_setup, trick_tables, _trumps)

    def play(seed: int) -> None:
        for option in ("start-at-15", "parker-scoring"):
            answer = ask(cmd="table", rules="somersetcards-com", option=option, seed=seed, moves=["pass"])
            assert "error" not in answer, answer

    for seed in range(3):  # every deal the loop asks for, once: each may name its own trump
        play(seed)
    sizes = [c.cache_info().currsize for c in caches]
    for seed in range(3, 50):
        play(seed % 3)
    assert [c.cache_info().currsize for c in caches] == sizes
    assert all(c.cache_info().currsize <= (c.cache_info().maxsize or 0) for c in caches)


def test_score_widget_computes_no_majority_itself() -> None:
    text = (WIDGETS / "score" / "score.js").read_text(encoding="utf-8")
    assert not re.search(r"counts\.set|const majority|Promise\.all", text)
