"""The command line under random arguments: exit status 0, or 2 with exactly one line on stderr;
never a traceback or an internal error, and --json prints one JSON document."""

from __future__ import annotations

import contextlib
import io
import json
import sys

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import HOSTILE_TOKENS, budget, mutated
from somerset.cli import main

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
