"""The command line and the JSON interface: shapes, bad input, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from somerset import api
from somerset_tools.cli import main

CLI = [sys.executable, "-m", "somerset_tools"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=60)


def test_rulesets_json():
    out = run("rulesets", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert len(data) == 12
    for r in data:
        assert {"id", "name", "deck", "sources", "formats"} <= set(r)
        for f in r["formats"]:
            assert {"id", "players", "teams", "hand_size", "points_per_deal"} <= set(f)
            assert sorted(s for t in f["teams"] for s in t) == list(range(f["players"]))


def test_trick_json():
    out = run("trick", "--rules", "parker-1947", "--trump", "2", "8/8", "6/8", "4/10", "0/2", "--json")
    data = json.loads(out.stdout)
    assert data["winner"] == 3 and data["card"] == "0/2" and data["ruleset"] == "parker-1947"
    assert {"trump", "cards", "reason", "citation"} <= set(data)


def test_trick_all_json_marks_disagreement():
    out = run("trick", "--rules", "all", "--trump", "6", "8/8", "0/0", "4/4", "9/12", "--json")
    data = json.loads(out.stdout)
    by_id = {x["ruleset"]: x for x in data["results"]}
    assert by_id["boardgamegeek"]["card"] == "4/4" and by_id["boardgamegeek"]["dissent"]
    assert by_id["parker-1947"]["card"] == "8/8" and not data["agree"]
    assert {s["ruleset"] for s in data["skipped"]} == {"hodges-1903", "parker-1950"}


def test_legal_json():
    out = run("legal", "--rules", "parker-1947", "--trump", "8", "--hand", "S/S,0/0,4/10", "--trick", "2/8", "--json")
    data = json.loads(out.stdout)
    assert data["legal"] == ["S/S"] and {i["card"] for i in data["illegal"]} == {"0/0", "4/10"}
    lead = json.loads(run("legal", "--rules", "parker-1947", "--trump", "8", "--hand", "S/S 4/10", "--first-trick", "--json").stdout)
    assert lead["legal"] == ["S/S"]


def test_score_json():
    data = json.loads(run("score", "--rules", "parker-1947", "--bid", "15", "--made", "12", "--against", "12", "--json").stdout)
    assert data["set"] is True and data["bidder_side"] == -6 and data["opponents"] == 24 and data["reason"]


@pytest.mark.parametrize(
    "args,words",
    [
        (["trick", "--rules", "parker-1947", "--trump", "2", "4/9"], ["'4/9'"]),
        (["trick", "--rules", "nope", "--trump", "2", "4/8"], ["'nope'", "parker-1947"]),
        (["trick", "--rules", "parker-1947", "--trump", "x", "4/8"], ["'x'", "nt"]),
        (["legal", "--rules", "parker-1947", "--trump", "2", "--hand", "4/8 4/8"], ["twice"]),
        (["score", "--rules", "parker-1947", "--bid", "15", "--made", "12", "--against", "3"], ["24 points"]),
        (["score", "--rules", "parker-1947", "--bid", "x", "--made", "12", "--against", "3"], ["'x' is not a whole number"]),
        (["trick"], ["required"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words):
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr
    for w in words:
        assert w in lines[0]


def test_help_on_every_command():
    for cmd in ("rulesets", "trick", "legal", "score"):
        out = run(cmd, "--help")
        assert out.returncode == 0 and "--json" in out.stdout


def test_main_in_process(capsys):
    assert main(["trick", "--rules", "parker-1934", "--trump", "6", "0/0", "2/2", "11/12", "9/10"]) == 0
    assert "2/2" in capsys.readouterr().out


@pytest.mark.parametrize(
    "request_text",
    ["", "[]", "{}", '{"cmd": "nope"}', '{"cmd": "trick"}', '{"cmd":"trick","rules":5,"trump":"2","cards":[]}',
     '{"cmd":"trick","rules":"parker-1947","trump":"2","cards":["<img src=x>"]}',
     '{"cmd":"legal","rules":"parker-1947","trump":"2","hand":[1,2]}',
     '{"cmd":"score","rules":"parker-1947","bid":true,"made":1,"against":2}'],
)
def test_api_never_raises_and_names_the_problem(request_text):
    data = json.loads(api.handle(request_text))
    assert "error" in data and data["error"]["message"]
    assert not data["error"].get("internal")


def test_api_shapes():
    rs = api.dispatch({"cmd": "rulesets"})["rulesets"]
    assert rs[0]["trumps"] and rs[0]["formats"]
    pack = api.dispatch({"cmd": "pack", "deck": "double"})
    assert len(pack["cards"]) == 50 and pack["cards"][0]["label"]
    four8 = next(c for c in pack["cards"] if c["card"] == "4/8")
    assert four8["count"] == 2 and four8["label"] == "four of the eights suit"
    res = api.dispatch({"cmd": "trick", "rules": "all", "trump": "2", "cards": "8/8,6/8,4/10,0/2"})
    assert res["agree"] and all(x["card"] == "0/2" for x in res["results"])
