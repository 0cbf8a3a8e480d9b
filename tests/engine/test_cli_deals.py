"""The play, game and simulate commands."""

from __future__ import annotations

import json
import subprocess
import sys

from somerset_tools.bench import run
from somerset.records.game_record import parse_game_record
from somerset.records.deal_record import parse_record
from somerset.game.views import deal_summary

CLI = [sys.executable, "-m", "somerset_tools"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120)


def test_play_json_has_the_promised_fields() -> None:
    out = run_cli("play", "--rules", "parker-1947", "--seed", "7", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in ("ruleset", "format", "seed", "dealer", "hands", "undealt", "bids", "declarer", "bid", "trump", "tricks",
                "points", "score"):
        assert key in data
    assert len(data["hands"]) == 4 and len(data["tricks"]) == 12 and sum(data["points"]) == 24
    assert all({"leader", "cards", "winner"} <= set(t) for t in data["tricks"])
    assert isinstance(data["tricks"][0]["winner"], int)
    assert deal_summary(parse_record(data["record"]).replay())["tricks"] == data["tricks"]


def test_play_prints_a_record_that_reads_back() -> None:
    out = run_cli("play", "--rules", "triple", "--format", "eight-4x2", "--seed", "3")
    assert out.returncode == 0
    assert str(parse_record(out.stdout)) == out.stdout


def test_game_plays_to_the_target() -> None:
    out = run_cli("game", "--rules", "hodges-1903", "--seed", "3", "--json")
    data = json.loads(out.stdout)
    assert data["winner"] is not None and max(data["scores"]) >= 50
    text = run_cli("game", "--rules", "hodges-1903", "--seed", "3").stdout
    assert str(parse_game_record(text)) == text


def test_simulate_prints_summary_figures() -> None:
    out = run_cli("simulate", "--rules", "parker-1947", "--deals", "40", "--seed", "1")
    assert out.returncode == 0
    for words in ("average winning bid", "share of bids made", "average points per side", "deals per second"):
        assert words in out.stdout
    data = json.loads(run_cli("simulate", "--rules", "parker-1947", "--deals", "40", "--seed", "1", "--json").stdout)
    assert data["played"] + data["passed_out"] == 40
    assert abs(sum(data["average_points_per_side"]) - 24) < 1e-6


def test_bad_input_is_one_line_and_status_2() -> None:
    for args in (("play", "--rules", "nope", "--seed", "1"), ("play", "--rules", "parker-1947", "--format", "x", "--seed", "1"),
                 ("game", "--rules", "parker-1947", "--seed", "-1"), ("simulate", "--rules", "parker-1947", "--deals", "0"),
                 ("play", "--rules", "parker-1947", "--seed", "1", "--option", "start-at-15")):
        out = run_cli(*args)
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, args
    assert run_cli("play", "--help").returncode == 0


def test_bench_run_returns_figures() -> None:
    figures = run(20, 1)
    assert figures["fast"]["deals"] == 20 and figures["fast"]["deals_per_second"] > 0
    assert figures["api"]["deals_per_second"] > 0


def run_with_input(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], input=text, capture_output=True, text=True, timeout=120)


def test_check_reads_deals_games_and_worked_examples() -> None:
    from somerset.teaching.examples import WORKED_RECORDS

    deal = run_cli("play", "--rules", "parker-1947", "--seed", "7").stdout
    out = run_with_input(deal, "check", "-")
    assert out.returncode == 0 and out.stdout.strip() == "ok: a deal under Parker 1947; every line agrees with the engine"
    game = run_cli("game", "--rules", "hodges-1903", "--seed", "3").stdout
    data = json.loads(run_with_input(game, "check", "-", "--json").stdout)
    assert data["ok"] and data["kind"] == "game" and data["text"] == game
    for text in WORKED_RECORDS[:3] + WORKED_RECORDS[-6:]:
        data = json.loads(run_with_input(text, "check", "-", "--json").stdout)
        assert data["kind"] == "example" and data["text"] == text


def test_check_names_the_line_that_disagrees() -> None:
    deal = run_cli("play", "--rules", "parker-1947", "--seed", "7").stdout
    wrong = deal.replace("Trick 3: [2] 0/12 5/12 7/12 9/12 -> 1", "Trick 3: [2] 0/12 5/12 7/12 9/12 -> 2")
    assert wrong != deal
    out = run_with_input(wrong, "check", "-")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "somerset check: line 15: seat 1 takes this trick, not 2"
    out = run_cli("check", "/no/such/file")
    assert out.returncode == 2 and "cannot read /no/such/file" in out.stderr
    out = run_with_input("hello\n", "check", "-")
    assert out.returncode == 2 and 'needs a [Ruleset "..."]' in out.stderr
