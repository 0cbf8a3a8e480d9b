"""``somerset solve`` and the JSON API's ``solve`` request: answers, budgets, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from somerset import api
from somerset.rulesets import load_ruleset
from somerset.solve import position, position_of_deal, solve
from somerset.solve.bench import ending
from somerset.record import record_of

CLI = [sys.executable, "-m", "somerset"]
HANDS = ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]
REQUEST = {"cmd": "solve", "rules": "parker-1947", "trump": "8", "leader": 0, "hands": HANDS}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, input=stdin)


def test_api_solve_from_hands() -> None:
    data = api.dispatch({**REQUEST, "line": True})
    assert data["exact"] and data["side"] == [0, 2] and data["others"] == [1, 3]
    assert (data["side_points"], data["others_points"], data["remaining"]) == (5, 0, 5)
    assert [(c["card"], c["loss"], c["best"]) for c in data["cards"]] == [("8/8", 0, True), ("2/2", 4, False)]
    assert [x["card"] for x in data["line"]][:4] == ["8/8", "0/0", "6/8", "4/8"]
    assert data["message"].startswith("With best play seats 0+2 take 5 of the 5 points")
    # the same through the JSON text, as the browser's worker sends it
    assert json.loads(api.handle(json.dumps(REQUEST)))["side_points"] == 5


def test_api_solve_from_a_record_stopped_in_the_play() -> None:
    deal = ending("parker-1947", 4, 4)
    assert deal is not None
    text = str(record_of(deal))
    data = api.dispatch({"cmd": "solve", "record": text})
    exact = solve(position_of_deal(deal))
    assert data["exact"] and data["side_points"] == exact.points
    assert data["side_total"] == sum(deal.points()[s] for s in exact.side) + exact.points


def test_api_budget_too_small_says_so_and_asking_again_carries_on() -> None:
    deal = ending("somersetgame-com", 2, 7)
    assert deal is not None
    text = str(record_of(deal))
    first = api.dispatch({"cmd": "solve", "record": text, "nodes": 200})
    assert first["exact"] is False and first["stopped"] == "node budget" and first["side_points"] is None
    assert first["message"].startswith("Not solved within the node budget")
    assert any(c["loss"] is None for c in first["cards"])
    full = solve(position_of_deal(deal))
    assert first["side_low"] <= full.points <= first["side_high"]  # type: ignore[operator]
    nodes = [first["stats"]["nodes"]]
    for _ in range(500):
        again = api.dispatch({"cmd": "solve", "record": text, "nodes": 20_000})
        nodes.append(again["stats"]["nodes"])
        if again["exact"]:
            break
    assert again["exact"] and again["side_points"] == full.points
    assert nodes == sorted(nodes) and len(nodes) > 2  # the same search went on
    assert {c["card"]: c["low"] for c in again["cards"]} == {str(c.card): c.low for c in full.cards}


def test_api_time_budget() -> None:
    deal = ending("parker-1947", 5, 10)
    assert deal is not None
    data = api.dispatch({"cmd": "solve", "record": str(record_of(deal)), "seconds": 0.05})
    assert data["exact"] is False and data["stopped"] == "time budget"
    assert data["stats"]["seconds"] < 2


@pytest.mark.parametrize("change, field, words", [
    ({"hands": None}, "hands", "needs 'hands'"),
    ({"hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/x"]}, "hands", "'0/x' is not a card"),
    ({"hands": "8/8"}, "hands", "wrong type"),
    ({"trump": "7"}, "trump", "not a suit that can be trump"),
    ({"leader": 9}, "leader", "seat from 0 to 3"),
    ({"nodes": 0}, "nodes", "from 1 to"),
    ({"seconds": -1}, "seconds", "more than 0"),
    ({"rules": "nope"}, "rules", "not a known ruleset"),
    ({"option": "nope"}, "option", "no option"),
    ({"side": [0, 1, 2, 3]}, "side", "cannot hold every seat"),
    ({"record": "[Ruleset \"parker-1947\"]\n\nHand 0: 4/8"}, "record", "the record cannot be read"),
])
def test_api_solve_bad_input_names_the_field(change: dict[str, object], field: str, words: str) -> None:
    req = {k: v for k, v in {**REQUEST, **change}.items() if v is not None}
    data = api.dispatch(req)
    assert "error" in data and not data["error"].get("internal"), data
    assert data["error"]["field"] == field and words in data["error"]["message"]


def test_cli_solve_text_and_json() -> None:
    args = ["solve", "--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", " | ".join(HANDS)]
    out = run(*args, "--line")
    assert out.returncode == 0, out.stderr
    assert "seats 0+2 take 5 of the 5 points" in out.stdout and "2/2    -4" in out.stdout
    assert "A best line: 0:8/8" in out.stdout
    data = json.loads(run(*args, "--json").stdout)
    assert data["side_points"] == 5 and data["cards"][0]["card"] == "8/8"


def test_cli_solve_record_from_stdin() -> None:
    deal = ending("boardgamegeek", 3, 3)
    assert deal is not None
    out = run("solve", "--record", "-", "--json", stdin=str(record_of(deal)))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["side_points"] == solve(position_of_deal(deal)).points


@pytest.mark.parametrize("args, words", [
    (["--rules", "parker-1947", "--trump", "8", "--hands", "8/8"], "missing --leader"),
    (["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", "8/8 | 0/0 | 6/8 | 4/9"], "'4/9'"),
    (["--record", "/no/such/file"], "cannot read /no/such/file"),
    (["--record", "-", "--rules", "parker-1947"], "not both"),
    (["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", " | ".join(HANDS), "--side", "x"],
     "--side must be seat numbers"),
    (["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", " | ".join(HANDS), "--nodes", "0"],
     "'nodes' must be from 1"),
])
def test_cli_solve_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    out = run("solve", *args, stdin="")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr and words in lines[0], out.stderr


def test_a_finished_deal_is_not_a_position() -> None:
    out = run("play", "--rules", "parker-1947", "--seed", "7")
    bad = run("solve", "--record", "-", stdin=out.stdout)
    assert bad.returncode == 2 and "the deal is over" in bad.stderr


def test_solution_matches_the_module() -> None:
    r = load_ruleset("parker-1947")
    assert solve(position(r, "8", HANDS, 0)).points == api.dispatch(REQUEST)["side_points"]
