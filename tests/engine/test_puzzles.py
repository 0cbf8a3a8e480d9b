"""Trick puzzles: every stated answer agrees with the engine; judging; coverage of rulesets and themes."""

from __future__ import annotations

import dataclasses
import json

import pytest

from somerset import RULESETS, api
from somerset.teaching.puzzles import PUZZLES, THEMES, check_all, judge, solve


def test_at_least_forty_puzzles_over_every_ruleset_and_theme():
    assert len(PUZZLES) >= 40
    assert {p.ruleset for p in PUZZLES} == set(RULESETS)
    assert {p.theme for p in PUZZLES} == {t for t, _ in THEMES}
    for p in PUZZLES:
        assert p.hint and p.explanation and p.question and p.title


def test_every_stated_answer_agrees_with_the_engine():
    assert check_all() == []


def test_a_wrong_stated_answer_is_caught():
    import somerset.teaching.puzzles as puzzles

    bad = dataclasses.replace(PUZZLES[0], answer=("12/12",))
    original = puzzles.PUZZLES
    try:
        puzzles.PUZZLES = (bad,)
        failures = puzzles.check_all()
    finally:
        puzzles.PUZZLES = original
    assert failures and "12/12" in failures[0]


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_judging(p):
    right = judge(p, list(solve(p)))
    assert right["correct"] and right["detail"]
    wrong = judge(p, ["-99 / +0"] if p.kind in {"score", "bid"} else [])
    assert not wrong["correct"] and wrong["answer"] == list(solve(p))
    if p.kind == "legal" and len(solve(p)) > 1:
        assert not judge(p, list(solve(p))[:1])["correct"]  # all legal cards are needed, not one


def test_puzzle_api():
    data = json.loads(api.handle(json.dumps({"cmd": "puzzles"})))
    assert len(data["puzzles"]) == len([p for p in PUZZLES if not p.kind_of.plays_out])  # endings: trainer records
    assert all("answer" not in p for p in data["puzzles"])
    res = json.loads(api.handle(json.dumps({"cmd": "judge", "id": "overtrump", "answer": ["8/10"]})))
    assert res["correct"] is True
    res = json.loads(api.handle(json.dumps({"cmd": "judge", "id": "overtrump", "answer": ["4/9"]})))
    assert "error" in res and "'4/9'" in res["error"]["message"]
    res = json.loads(api.handle(json.dumps({"cmd": "judge", "id": "<b>x</b>", "answer": []})))
    assert "error" in res
