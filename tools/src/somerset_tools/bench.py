"""Speed of whole deals: random legal play of four-handed Double Somerset (Parker 1947, partners).

``run(deals, seed)`` returns the figures as a dict (the Pyodide benchmark calls it too);
``python -m somerset_tools.bench`` prints them. It times the fast loop
(:func:`somerset.players.simulate.play_random`), the public interface's loop (``legal_actions()``
and a checked ``apply()`` with a :class:`somerset.players.bots.RandomBot`) and, in CPython, the
fast loop in one process per core (:func:`run_parallel`). Every deal is dealt from its own seed
and played to its score, all-pass deals included. Figures: develop/benchmarks.md, "Random play".
"""

from __future__ import annotations

import os
import platform
import sys
import time
from typing import Any

from somerset.players.bots import RandomBot
from somerset.game.deal import Deal, new_deal
from somerset.game.rng import SplitMix64, deal_seed
from somerset.rules.rulesets import load_ruleset
from somerset.players.simulate import play_random

__all__ = ["run", "run_fast", "run_api", "run_parallel", "main"]

RULESET = "parker-1947"
FORMAT = "four-partners"


def run_fast(deals: int, seed: int = 1) -> dict[str, Any]:
    """Deals per second of :func:`~somerset.players.simulate.play_random`, every deal from its own seed."""
    r = load_ruleset(RULESET)
    rng = SplitMix64(seed)
    played = 0
    start = time.perf_counter()
    for i in range(deals):
        d = new_deal(r, FORMAT, deal_seed(seed, i), i % 4)
        play_random(d, rng)
        played += not d.passed_out
    seconds = time.perf_counter() - start
    return {"deals": deals, "played": played, "seconds": round(seconds, 4), "deals_per_second": round(deals / seconds, 1)}


def run_api(deals: int, seed: int = 1) -> dict[str, Any]:
    """Deals per second through the public interface: ``legal_actions()`` and a checked ``apply()``."""
    r = load_ruleset(RULESET)
    bots = [RandomBot(seed + k) for k in range(4)]
    played = 0
    start = time.perf_counter()
    for i in range(deals):
        d = Deal(r, FORMAT, dealer=i % 4, seed=deal_seed(seed, i))
        while not d.is_terminal():
            if d.is_chance():
                d.apply(d.chance_outcome())
            else:
                d.apply(bots[d.current_player].act(d))
        played += not d.passed_out
    seconds = time.perf_counter() - start
    return {"deals": deals, "played": played, "seconds": round(seconds, 4), "deals_per_second": round(deals / seconds, 1)}


def _worker(args: tuple[int, int]) -> dict[str, Any]:
    return run_fast(*args)


def run_parallel(deals: int, seed: int = 1, processes: int | None = None) -> dict[str, Any]:
    """The fast loop split over ``processes`` worker processes (default: one per core)."""
    import multiprocessing

    procs = processes or os.cpu_count() or 1
    per = max(1, deals // procs)
    start = time.perf_counter()
    with multiprocessing.Pool(procs) as pool:
        results = pool.map(_worker, [(per, seed + k * 7919) for k in range(procs)])
    seconds = time.perf_counter() - start
    total = per * procs
    return {"processes": procs, "deals": total, "played": sum(r["played"] for r in results),
            "seconds": round(seconds, 4), "deals_per_second": round(total / seconds, 1)}


def run(deals: int = 2000, seed: int = 1) -> dict[str, Any]:
    """Figures for ``deals`` random-legal deals each way (single process; safe in Pyodide)."""
    run_fast(max(1, deals // 20), seed)  # warm the tables
    return {
        "ruleset": RULESET,
        "format": FORMAT,
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "fast": run_fast(deals, seed),
        "api": run_api(deals, seed),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures (``python -m somerset_tools.bench [deals]``)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m somerset_tools.bench",
                                     description="Deals per second of random legal play (figures, not a test).")
    parser.add_argument("deals", nargs="?", type=int, default=5000, help="deals to play each way (default 5000)")
    deals = parser.parse_args(sys.argv[1:] if argv is None else argv).deals
    figures = run(deals)
    print(f"{figures['implementation']} {figures['python']} on {figures['platform']}, {os.cpu_count()} cores: "
          f"{RULESET} {FORMAT}, random legal play, {deals} deals each")
    print(f"  fast loop (play_random):               {figures['fast']['deals_per_second']:>9.1f} deals/s")
    print(f"  public API (legal_actions + apply):    {figures['api']['deals_per_second']:>9.1f} deals/s")
    if sys.platform != "emscripten":
        par = run_parallel(deals * 2, 1)
        print(f"  fast loop, {par['processes']} processes:               {par['deals_per_second']:>9.1f} deals/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
