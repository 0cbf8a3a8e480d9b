"""The command line under random arguments: exit status 0, or 2 with exactly one line on stderr;
never a traceback or an internal error, and --json prints one JSON document."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE_TOKENS, budget, mutated
from somerset_tools.cli import main

COMMANDS = ("rulesets", "trick", "legal", "score", "play", "game", "check", "simulate")
words = st.sampled_from(["parker-1947", "all", "hodges-1903", "triple", "bgg", "two", "four-partners", "eight-2x4",
                         "without-bidding", "competitive-bidding", "start-at-15", "parker-scoring", "heuristic", "random",
                         "2", "8", "nt", "0", "15", "12", "8/8", "0/0", "S/S", "4/10", "8/8,6/8", "-1", "99999999999999999999999",
                         "18446744073709551615", "a\nb", "x\r\ny", "\x1b[31mred", "é", "", " "]) | st.sampled_from(HOSTILE_TOKENS)
options = st.sampled_from(["--rules", "--trump", "--hand", "--trick", "--bid", "--made", "--against", "--format",
                           "--seed", "--dealer", "--option", "--bots", "--json", "--first-trick", "--help"])
deal_counts = st.sampled_from(["0", "1", "2", "-3", "x", "²"])


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], str]:
    command = draw(st.sampled_from(COMMANDS))
    argv = [command]
    for _ in range(draw(st.integers(0, 8))):
        argv.append(draw(options))
        if draw(st.booleans()):
            argv.append(draw(words))
    if command == "simulate":
        argv += ["--deals", draw(deal_counts)]
    stdin = ""
    if command == "check":
        argv.append("-")
        stdin = draw(mutated("deal") | mutated("game") | mutated("partial"))[1]
    elif draw(st.booleans()):
        argv += draw(st.lists(words, max_size=5))
    return argv, stdin


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse: --help, or a usage error
                code = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


@budget(ci=200, long=6_000)
@given(command_lines())
def test_random_command_lines(case: tuple[list[str], str]) -> None:
    argv, stdin = case
    code, out, err = run(argv, stdin)
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert err.endswith("\n") and err.count("\n") == 1, f"stderr is not one line: {err!r}"
        assert len(err) < 1500, f"a {len(err)}-character message"
    elif "--json" in argv and "--help" not in argv:
        json.loads(out)


# --- puzzles mine and solve: hostile paths, numbers, ranges, names ------------------------------------

# Numbers as a command line may hold them: huge, negative, Unicode digits, not numbers at all. The
# valid ones among them keep a run short (a seed or two, small hands).
hostile_numbers = st.sampled_from(["0", "-1", "11", "25", "x", "²", "١", "1e3", "", " ", "3\n", "9" * 30, "9" * 5000,
                                   "18446744073709551615", "18446744073709551616", "nan", "inf", "-0"])
seeds = st.sampled_from(["1", "7", "3..4", "0..1", "1..", "..", "4..3", "1...2", "1..2..3", "-1..2", "1..100000000",
                         "0..18446744073709551615", "18446744073709551616", "18446744073709551615", "9" * 5000,
                         "1 .. 2", "1\n..2", "\x1b[2J", "²..³", "1_0", ""]) | hostile_numbers


def paths(folder: str) -> st.SearchStrategy[str]:
    """Paths inside ``folder`` that a command cannot use (a folder, one that is missing, a file in the
    way, a name too long, control characters, a NUL), and two it can."""
    return st.sampled_from([f"{folder}/out.toml", f"{folder}/a\nb\x1b[31m.toml", folder, f"{folder}/missing/out.toml",
                            f"{folder}/blocker/out.toml", f"{folder}/{'a' * 300}", f"{folder}/{'a' * 300}.toml",
                            f"{folder}/a\x00b", "", "/dev/full", "/dev/zero"])


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("cli")
    (path / "blocker").write_text("a file, not a folder\n")
    return str(path)


def _sound(argv: list[str], stdin: str = "") -> None:
    code, out, err = run(argv, stdin)
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert err.endswith("\n") and err.count("\n") == 1, f"stderr is not one line: {err!r}"
        assert len(err) < 1500, f"a {len(err)}-character message"
    elif "--json" in argv and "--help" not in argv:
        json.loads(out)


def _mutated_options(draw: st.DrawFn, base: dict[str, str], hostile: dict[str, st.SearchStrategy[str]]) -> list[str]:
    """A valid set of options with one to three of them given a hostile value, or left out."""
    options = dict(base)
    for name in draw(st.lists(st.sampled_from(sorted(hostile)), min_size=1, max_size=3, unique=True)):
        if draw(st.integers(0, 5)) == 0:
            options.pop(name, None)
        else:
            options[name] = draw(hostile[name])
    return [x for name, value in options.items() for x in (name, value)]


@budget(ci=80, long=2_000)
@given(st.data())
def test_random_puzzles_mine_command_lines(folder: str, data: st.DataObject) -> None:
    draw = data.draw
    argv = ["puzzles", draw(st.sampled_from(["mine"] * 8 + ["find", ""]))]
    base = {"--rules": "parker-1947", "--seeds": "1", "--cards": "3", "--out": f"{folder}/out.toml"}
    hostile = {"--rules": st.sampled_from(["parker-1947", "hodges-1903", "bgg", "triple", "nope", "a\nb"]) | words,
               "--format": st.sampled_from(["two", "three", "four-partners", "nope", "\x1b[31m"]),
               "--seeds": seeds, "--cards": st.sampled_from(["2", "3"]) | hostile_numbers,
               "--gap": st.sampled_from(["1", "2"]) | hostile_numbers, "--steps": st.sampled_from(["1", "2"]) | hostile_numbers,
               "--trump": st.sampled_from(["0", "nt", "8", "3", "77", "/8", "0/0"]) | words, "--out": paths(folder)}
    argv += _mutated_options(draw, base, hostile)
    argv += draw(st.sampled_from([[], [], ["--json"], ["--help"]]))
    _sound(argv)


def _record_file(folder: str, text: str) -> str:
    path = f"{folder}/record.txt"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


@budget(ci=120, long=3_000)
@given(st.data())
def test_random_solve_command_lines(folder: str, data: st.DataObject) -> None:
    draw = data.draw
    cards = st.lists(st.sampled_from(["8/8", "6/8", "4/8", "2/2", "0/2", "0/0", "S/S", "3/4", "5/8", "1/2", "0/6",
                                      "4/10", "9/9", "x"]), max_size=3).map(" ".join)
    base = {"--rules": "parker-1947", "--trump": "8", "--leader": "0", "--hands": "8/8 2/2 | 0/0 3/4 | 6/8 1/2 | 4/8 0/6",
            "--nodes": "2000"}  # every run has a budget, so a position that reads correctly is answered at once
    hostile = {"--rules": st.sampled_from(["parker-1947", "hodges-1903", "bgg", "two", "nope"]) | words,
               "--trump": st.sampled_from(["2", "8", "nt", "0", "77"]) | words,
               "--hands": st.lists(cards, min_size=1, max_size=5).map(" | ".join) | words,
               "--leader": st.sampled_from(["1", "3"]) | hostile_numbers,
               "--trick": st.sampled_from(["2/2", "3/4", "4/8 0/2", "0/0"]) | cards | words, "--pile": cards,
               "--face-up": cards, "--side": st.sampled_from(["0,2", "1", "0 1 2 3", "9" * 5000, "²", "-1", ""]),
               "--format": st.sampled_from(["two", "four-partners", "nope"]), "--option": words,
               "--seconds": hostile_numbers | st.sampled_from(["0.05", "1e-9", "600", "600.1"]),
               "--nodes": st.sampled_from(["1", "500"]) | hostile_numbers}
    argv = ["solve", *_mutated_options(draw, base, hostile)]
    argv += draw(st.sampled_from([[], [], ["--first-trick"], ["--line"]]))
    stdin = ""
    if draw(st.integers(0, 3)) == 0:  # a record instead of the hands
        argv = ["solve", "--nodes", draw(st.sampled_from(["2000", "x"]))]
        record = draw(mutated("deal"))[1]
        where = draw(st.sampled_from(["-", "file"]) | paths(folder))
        if where == "-":
            stdin = record
        elif where == "file":
            where = _record_file(folder, record)
        argv += ["--record", where]
    argv += draw(st.sampled_from([[], ["--json"]]))
    _sound(argv, stdin)


@budget(ci=40, long=1_000)
@given(st.data())
def test_random_check_paths(folder: str, data: st.DataObject) -> None:
    _sound(["check", data.draw(paths(folder) | st.sampled_from([f"{folder}/{'b' * 300}.records", f"{folder}/x.toml"]))])
