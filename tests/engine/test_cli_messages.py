"""Bad input on the command line prints exactly one short, printable line on stderr, whatever the
arguments hold (line breaks, terminal escapes, thousands of characters)."""

from __future__ import annotations

import pytest

from somerset.cli import main


@pytest.mark.parametrize("argv,shown", [
    (["trick", "--rules", "parker\n-1947", "--trump", "2", "8/8"], "'parker\\n-1947' is not a known ruleset"),
    (["rulesets", "a\nb"], "unrecognized arguments: a\\nb"),
    (["score", "--rules", "parker-1947", "--bid", "1\n5", "--made", "1", "--against", "2"], "invalid int value"),
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
