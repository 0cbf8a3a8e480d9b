"""``somerset advise``: the advisor on the command line (by way of the API's advise request)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from somerset.players.advisor import advise
from somerset_tools.cli import main

HAND = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10"


def test_advise_prints_the_recommendation_and_a_line_per_trump(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--rules", "parker-1947", "--hand", HAND, "--samples", "30", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    expected = advise("parker-1947", HAND, samples=30, seed=4)
    trump, bid, why = expected.recommend()
    assert out.startswith("30 deals played out for each trump (seed 4).")
    assert f"Recommended: bid {bid}, Trump: /6 suit. {why}" in out
    assert why.startswith("With the /6 suit as trump, the side takes ")
    for label in ("/2 suit", "0/0 named trump", "No Trump"):
        assert f"\n{label} " in out


def test_advise_json_is_the_api_answer_with_the_readers_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--rules", "parker-1947", "--hand", HAND, "--samples", "12", "--seat", "3", "--dealer", "1",
                 "--auction", "pass", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = advise("parker-1947", HAND, samples=12, seat=2, dealer=0, auction=["pass"]).to_json()
    assert data["seat"] == 3
    assert data["trumps"] == expected["trumps"] and data["recommendation"] == expected["recommendation"]
    assert data["trumps"][0]["bids"][0]["bid"] == 1


@pytest.mark.parametrize("args,message", [
    (["--hand", "6/6 5/6"], "the hand has 2 cards; a hand in the four-partners format"),
    (["--hand", HAND, "--seat", "5"], "--seat must be a whole number from 1 to 4"),
    (["--hand", HAND, "--samples", "0"], "--samples must be a whole number from 1 to 20,000"),
    (["--hand", HAND, "--auction", "pass"], "it is seat 2 to call, not seat 1"),
    (["--hand", HAND.replace("7/10", "7/11")], "no /11 suit"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--rules", "parker-1947", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("somerset advise: ") and message in err and err.count("\n") == 1


def test_advise_help_and_a_missing_hand() -> None:
    cli = [sys.executable, "-m", "somerset_tools", "advise"]
    shown = subprocess.run([*cli, "--help"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and "--hand" in shown.stdout and "recommended call" in shown.stdout
    missing = subprocess.run([*cli, "--rules", "parker-1947"], capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "--hand" in missing.stderr and missing.stderr.count("\n") == 1
