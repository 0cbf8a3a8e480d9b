"""Bad input on the command line prints exactly one short, printable line on stderr, whatever the
arguments hold (line breaks, terminal escapes, thousands of characters), and exits with status 2:
every path (missing, a folder, a name too long, not UTF-8, too large), number and range of every
command, each message naming what was wrong and what is accepted."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from somerset_tools.cli import common, main


@pytest.mark.parametrize("argv,shown", [
    (["trick", "--rules", "parker\n-1947", "--trump", "2", "8/8"], "'parker\\n-1947' is not a known ruleset"),
    (["rulesets", "a\nb"], "unrecognized arguments: a\\nb"),
    (["score", "--rules", "parker-1947", "--bid", "1\n5", "--made", "1", "--against", "2"], "'1\\n5' is not a whole number"),
    (["legal", "--rules", "parker-1947", "--trump", "8", "--hand", "4/8\r\n\x1b[2J0/0"], "\\x1b[2J"),
    (["check", "no\nsuch\nfile"], "cannot read no\\nsuch\\nfile"),
    (["rulesets", "9" * 5000], "unrecognized arguments: 999"),
])
def test_bad_input_is_one_printable_line(argv: list[str], shown: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage errors
        code = e.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "\x1b" not in err and "\r" not in err
    assert shown in err and len(err) < 600


# --- every bad path, number and range: one line naming it and what is accepted, exit 2 ---------------

LONG = "a" * 300
MINE = ["puzzles", "mine", "--rules", "parker-1947"]
HANDS = ["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", "8/8 2/2 | 0/0 3/4 | 6/8 1/2 | 4/8 0/6"]


def one_line_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    captured = capsys.readouterr()
    err = captured.err
    assert code == 2, (code, err)
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 600, err
    return err


@pytest.mark.parametrize("argv,shown", [
    # the audit's findings
    ([*MINE, "--seeds", "1..2", "--out", "/no/such/folder/mined.toml"],
     "--out /no/such/folder/mined.toml: cannot write it: there is no folder /no/such/folder"),
    ([*MINE, "--seeds", "18446744073709551616"], "18446744073709551616 is larger than the largest seed, "
     "18,446,744,073,709,551,615"),
    ([*MINE, "--seeds", "1..100000000"], "--seeds 1..100000000 is 100,000,000 seeds; a run mines at most 1,000"),
    (["check", LONG], "the name is too long for the file system (300 characters)"),
    (["check", LONG + ".toml"], "the name is too long for the file system (305 characters)"),
    # the seeds: forms, bounds, hostile text
    ([*MINE, "--seeds", "9" * 5000], "--seeds must be A..B (such as 1..200, both included) or one seed"),
    ([*MINE, "--seeds", "1..²"], "not '1..²'"),
    ([*MINE, "--seeds", "-5"], "whole numbers from 0 to 18,446,744,073,709,551,615"),
    ([*MINE, "--seeds", "5..1"], "--seeds 5..1: the range runs from a seed up to a larger one"),
    ([*MINE, "--seeds", "1..2..3"], "not '1..2..3'"),
    ([*MINE, "--seeds", "1\n..\x1b[2J3"], "not '1\\n..\\x1b[2J3'"),
    ([*MINE, "--seeds", "0..18446744073709551615"], "run again for the next ones, such as 0..999 then 1000.."),
    # the other numbers of puzzles mine
    ([*MINE, "--seeds", "1", "--cards", "11"], "--cards must be a whole number from 2 to 10"),
    ([*MINE, "--seeds", "1", "--cards", "9" * 5000], "--cards must be a whole number from 2 to 10"),
    ([*MINE, "--seeds", "1", "--gap", "0"], "--gap must be a whole number from 1 to 24 (points, at most the 24 of a deal)"),
    ([*MINE, "--seeds", "1", "--gap", "9" * 400], "--gap must be a whole number from 1 to 24"),
    ([*MINE, "--seeds", "1", "--steps", "-1"], "--steps must be a whole number from 1 to 10"),
    ([*MINE, "--seeds", "1", "--trump", "77"], "--trump: '77' is not a suit that can be trump"),
    ([*MINE, "--seeds", "1", "--format", "two", "--trump", "3"], "--trump: '3' is not a suit that can be trump"),
    (["puzzles", "mine", "--rules", "bgg", "--seeds", "1", "--trump", "8"],
     "--trump: under boardgamegeek.com the high bidder does not name trump after the auction"),
    # paths to read
    (["check", "a\x00b"], "cannot read a\\x00b: a file name cannot hold a NUL character"),
    (["check", "/no/such/file.records"], "/no/such/file.records: no such file or folder"),
    (["solve", "--record", LONG], "the name is too long for the file system"),
    (["solve", "--record", "/"], "cannot read /: it is a folder; give a file"),
    # an empty name is not the current folder
    (["check", ""], "cannot read '': give a file name, or - for standard input"),
    (["solve", "--record", ""], "cannot read '': give a file name, or - for standard input"),
    ([*MINE, "--seeds", "1", "--out", ""], "--out '': give a file name, such as mined.toml"),
    # solve's numbers
    (["solve", *HANDS, "--seconds", "0"], "'seconds' must be more than 0"),
    (["solve", *HANDS, "--seconds", "nan"], "'seconds' must be more than 0"),
    (["solve", *HANDS, "--seconds", "1e999"], "'seconds' must be more than 0 and at most 600"),
    (["solve", *HANDS, "--nodes", "9" * 4000], "'nodes' holds a number larger than 1,000,000,000"),
    (["solve", *HANDS, "--side", "9" * 5000], "--side must be seat numbers such as 0,2"),
    (["solve", *HANDS[:5], "9" * 4000, *HANDS[6:]], "'leader' holds a number larger than 1,000,000,000"),
    # the other commands' numbers
    (["simulate", "--rules", "parker-1947", "--deals", str(10**9)], "--deals is at most 10,000,000"),
    (["simulate", "--rules", "parker-1947", "--deals", "0"], "--deals must be a whole number from 1 to 10,000,000, not 0"),
    (["play", "--rules", "parker-1947", "--seed", str(2**64)], "--seed must be a whole number from 0 to 2**64 - 1"),
    # a number of any length gets the sentence its bounds give (Python's int stops at 4,300 digits)
    (["play", "--rules", "parker-1947", "--seed", "1" * 4000], "--seed must be a whole number from 0 to 2**64 - 1"),
    (["play", "--rules", "parker-1947", "--seed", "1" * 5000], "--seed must be a whole number from 0 to 2**64 - 1"),
    (["play", "--rules", "parker-1947", "--seed", "-" + "1" * 50_000], "--seed must be a whole number from 0 to 2**64 - 1"),
    (["play", "--rules", "parker-1947", "--seed", "1" * 4000 + "x"], "argument --seed: '111111111111111111111111111...' is not a whole number"),
    (["advise", "--rules", "parker-1947", "--hand", "8/8", "--seed", "1" * 5000],
     "a seed must be a whole number from 0 to 18446744073709551615, not a number more than 30 digits long"),
    (["simulate", "--rules", "parker-1947", "--deals", "9" * 5000],
     "--deals is at most 10,000,000, not a number more than 30 digits long"),
    (["score", "--rules", "parker-1947", "--bid", "9" * 5000, "--made", "1", "--against", "2"],
     "'bid' holds a number larger than 1,000,000,000"),
    (["game", "--rules", "parker-1947", "--seed", "1", "--dealer", "9" * 4000], "--dealer must be a seat from 1 to 4"),
    (["score", "--rules", "parker-1947", "--bid", "9" * 4000, "--made", "1", "--against", "2"], "'bid' holds a number larger than 1,000,000,000"),
])
def test_every_bad_value_is_one_line_and_exit_2(argv: list[str], shown: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_exit_2(argv, capsys)
    assert shown in err, err


def test_paths_that_are_folders_or_files_in_the_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_exit_2([*MINE, "--seeds", "1", "--out", str(tmp_path)], capsys)
    assert f"--out {tmp_path}: cannot write it: it is a folder; give a file name inside it, such as mined.toml" in err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    err = one_line_exit_2([*MINE, "--seeds", "1", "--out", str(blocker / "mined.toml")], capsys)
    assert "a part of the path before the last / is a file, not a folder" in err
    err = one_line_exit_2(["check", str(blocker / "deal.txt")], capsys)
    assert "a part of the path before the last / is a file, not a folder" in err


def test_a_file_that_is_not_utf8_or_too_large(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    latin = tmp_path / "deal.txt"
    latin.write_bytes('[Ruleset "parker-1947"]\n\xe9'.encode("latin-1"))
    assert "cannot read " + str(latin) + ": it is not UTF-8 text" in one_line_exit_2(["check", str(latin)], capsys)
    assert "it is not UTF-8 text" in one_line_exit_2(["solve", "--record", str(latin)], capsys)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\xfa"), encoding="utf-8"))
    assert "cannot read standard input: it is not UTF-8 text" in one_line_exit_2(["check", "-"], capsys)
    monkeypatch.setattr(common, "MAX_INPUT_CHARS", 50)
    big = tmp_path / "big.txt"
    big.write_text("x" * 51)
    err = one_line_exit_2(["check", str(big)], capsys)
    assert "it holds more than 50 characters, the most a command reads" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("y" * 51))
    assert "cannot read standard input: it holds more than 50" in one_line_exit_2(["solve", "--record", "-"], capsys)


def test_a_bad_value_leaves_the_out_file_as_it_was(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "mined.toml"
    kept.write_text("# earlier candidates\n")
    for bad in (["--seeds", "1..100000"], ["--seeds", "1", "--gap", "0"], ["--seeds", "1", "--trump", "77"]):
        one_line_exit_2([*MINE, *bad, "--out", str(kept)], capsys)
        assert kept.read_text() == "# earlier candidates\n"


def test_a_write_that_fails_part_way_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # /dev/full opens, then refuses every write (no space left): seed 1 gives a candidate to write.
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    err = one_line_exit_2([*MINE, "--seeds", "1", "--out", "/dev/full"], capsys)
    assert "--out /dev/full: cannot write it: No space left on device" in err
