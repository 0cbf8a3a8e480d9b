"""Long work on the command line: progress on a terminal, a bound on absurd requests, and Ctrl-C
printing the figures so far on one line with exit status 130."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

from somerset_tools.cli import main
from somerset.rules.limits import MAX_SIMULATED_DEALS


def _sigint_as_at_a_terminal() -> None:
    """In the child before it starts: Ctrl-C's signal handled by default. A test run started in the
    background by a shell without job control inherits SIGINT ignored, and Python then never turns
    it into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _run_then_interrupt(*extra: str) -> tuple[int, str, str]:
    cmd = [sys.executable, "-m", "somerset_tools", "simulate", "--rules", "parker-1947", "--deals", "5000000", "--seed", "3",
           "--progress", *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
                            preexec_fn=_sigint_as_at_a_terminal)
    assert proc.stderr is not None
    # Wait for the first progress report (bytes, unbuffered: "\r" stays as written).
    seen = b""
    deadline = time.monotonic() + 60
    while b" left" not in seen and time.monotonic() < deadline:
        seen += proc.stderr.read(1)
    assert b" left" in seen, seen
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out.decode(), (seen + err).decode()


def test_ctrl_c_prints_the_figures_so_far_on_one_line_and_exits_130() -> None:
    code, out, err = _run_then_interrupt()
    assert code == 130, (code, out, err)
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stopped (Ctrl-C) after "), out
    assert "of 5,000,000 deals" in lines[0] and "average winning bid" in lines[0] and "share of bids made" in lines[0]
    assert "Traceback" not in err
    # The progress line showed the rate and the time left, and was cleared.
    assert " a second, about " in err and "left" in err and err.rstrip(" ").endswith("\r")


def test_ctrl_c_with_json_gives_the_figures_as_json() -> None:
    code, out, err = _run_then_interrupt("--json")
    assert code == 130 and "Traceback" not in err
    data = json.loads(out)
    assert data["stopped"] is True and data["asked"] == 5_000_000 and 0 < data["deals"] < 5_000_000
    assert data["played"] + data["passed_out"] == data["deals"]


def test_a_run_the_same_as_an_uninterrupted_one_up_to_where_it_stopped(capsys) -> None:  # type: ignore[no-untyped-def]
    # Figures are of the deals finished: the first n deals of a longer run are the run of n deals.
    assert main(["simulate", "--rules", "parker-1947", "--deals", "40", "--seed", "3", "--json", "--no-progress"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert whole["deals"] == 40 and "stopped" not in whole


def test_absurd_requests_are_refused_with_the_bound(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--rules", "parker-1947", "--deals", str(10**9)]) == 2
    err = capsys.readouterr().err
    assert f"--deals is at most {MAX_SIMULATED_DEALS:,}" in err and len(err.splitlines()) == 1


def test_no_progress_when_not_a_terminal(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "--rules", "parker-1947", "--deals", "30", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""


def test_the_caps_are_stated_in_help(capsys) -> None:  # type: ignore[no-untyped-def]
    from somerset_tools.cli.puzzles import MAX_MINED_SEEDS

    for command, words in ((["simulate"], f"at most {MAX_SIMULATED_DEALS:,}"),
                           (["puzzles"], f"at most {MAX_MINED_SEEDS:,} seeds a run")):
        try:
            main([*command, "--help"])
        except SystemExit as e:
            assert e.code == 0
        assert words in " ".join(capsys.readouterr().out.split()), command


def test_mining_stopped_by_ctrl_c_keeps_what_it_wrote_and_exits_130(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "mined.toml"
    proc = subprocess.Popen([sys.executable, "-m", "somerset_tools", "puzzles", "mine", "--rules", "parker-1947", "--seeds",
                             "1..1000", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
                            preexec_fn=_sigint_as_at_a_terminal)
    assert proc.stderr is not None
    seen = b""
    deadline = time.monotonic() + 120
    while b"\n" not in seen and time.monotonic() < deadline:  # the first candidate's line
        seen += proc.stderr.read(1)
    assert seen.startswith(b"seed "), seen
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert (seen + err).decode().splitlines()[-1] == "somerset puzzles: stopped (Ctrl-C)"
    assert "Traceback" not in err.decode()
    assert out.read_text().count("[[puzzle]]") >= 1
