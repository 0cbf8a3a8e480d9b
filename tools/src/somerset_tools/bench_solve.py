"""Speed of the solver: full answers (the position's value and every legal card's) on random endings.

Each position comes from its own seeded deal of a four-handed format, played by uniformly random
legal actions (:func:`somerset.players.simulate.step_random`) up to the start of the trick at which every
hand holds ``n`` cards; the whole answer is then worked out from scratch, a fresh table each time.
``python -m somerset_tools.bench_solve`` prints the figures (the Pyodide benchmark runs the same module).
"""

from __future__ import annotations

import os
import platform
import sys
import time
from typing import Any

from somerset.game.deal import Deal, new_deal
from somerset.game.rng import SplitMix64
from somerset.rules.rulesets import load_ruleset
from somerset.players.simulate import step_random
from somerset.solve.position import position_of_deal
from somerset.solve.solver import Solver

__all__ = ["RULESETS", "ending", "run", "main"]

#: Four-handed partnership rulesets whose play rules differ most: Parker 1947 (the 0/0 only when
#: void, every double a trump with it), somersetgame.com (the 0/0 at any time, doubles may break
#: suit after it, the Rover keeps its power in No Trump) and boardgamegeek (only doubles played
#: after the 0/0 beat it; the first lead declares trump).
RULESETS = ("parker-1947", "somersetgame-com", "boardgamegeek")
FORMAT = "four-partners"


def ending(ruleset: str, seed: int, n: int) -> Deal | None:
    """A deal from ``seed`` played at random to the trick at which every hand holds ``n`` cards."""
    deal = new_deal(load_ruleset(ruleset), FORMAT, seed)
    rng = SplitMix64(seed ^ 0x5EED)
    while not deal.is_terminal():
        if (deal.phase.value == "play" and deal.trump is not None and not deal.trick
                and all(len(deal.hand(s)) == n for s in range(deal.players))):
            return deal
        step_random(deal, rng)
    return None  # passed out


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def run(n: int = 6, positions: int = 30, seed: int = 1, rulesets: tuple[str, ...] = RULESETS,
        cards: bool = True) -> dict[str, Any]:
    """Figures for ``positions`` endings of each ruleset with ``n`` cards a hand.

    ``cards``: the whole answer (every legal card valued); otherwise the position's value only.
    """
    out: dict[str, Any] = {"n": n, "cards": cards, "python": sys.version.split()[0],
                           "implementation": platform.python_implementation(), "platform": sys.platform,
                           "rulesets": {}}
    every: list[tuple[float, float, int, int, int]] = []
    for rid in rulesets:
        records: list[tuple[float, float, int, int, int]] = []  # wall, CPU, nodes, look-ups, hits
        s = seed
        while len(records) < positions:
            deal = ending(rid, s, n)
            s += 1
            if deal is None:
                continue
            pos = position_of_deal(deal)
            start, start_cpu = time.perf_counter(), time.process_time()
            sol = Solver(pos).run(cards=cards)
            records.append((time.perf_counter() - start, time.process_time() - start_cpu, sol.nodes, sol.lookups,
                            sol.hits))
            assert sol.exact
        out["rulesets"][rid] = _summary(records)
        every += records
    out["all"] = _summary(every)
    return out


def _summary(records: list[tuple[float, float, int, int, int]]) -> dict[str, Any]:
    wall = [r[0] for r in records]
    cpu = [r[1] for r in records]
    nodes = sum(r[2] for r in records)
    lookups = sum(r[3] for r in records)
    hits = sum(r[4] for r in records)
    return {
        "positions": len(records),
        "median_ms": round(1000 * _percentile(wall, 0.5), 2),
        "p95_ms": round(1000 * _percentile(wall, 0.95), 2),
        "max_ms": round(1000 * max(wall), 2),
        "cpu_median_ms": round(1000 * _percentile(cpu, 0.5), 2),
        "cpu_p95_ms": round(1000 * _percentile(cpu, 0.95), 2),
        "nodes_per_second": round(nodes / sum(wall)) if sum(wall) else 0,
        "mean_nodes": round(nodes / len(records)),
        "table_hit_rate": round(hits / lookups, 3) if lookups else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark from the command line; print the figures and return 0."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m somerset_tools.bench_solve",
                                     description="Time the solver on random endings (figures, not a test).")
    parser.add_argument("--cards", type=int, default=6, help="cards in each hand (default 6)")
    parser.add_argument("--positions", type=int, default=30, help="positions of each ruleset (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    n = args.cards
    if not 1 <= n <= 12:
        parser.error("--cards must be from 1 to 12 (a four-handed deal has 12 cards a hand)")
    load = ""
    if hasattr(os, "getloadavg") and sys.platform != "emscripten":
        try:
            load = ", load average %.2f %.2f %.2f" % os.getloadavg()
        except OSError:
            load = ""
    print(f"{platform.python_implementation()} {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores{load}")
    print(f"four hands of {n} cards, {args.positions} positions of each ruleset (seeds from {args.seed}), a fresh "
          "table each; times per position, wall-clock and CPU (on a busy machine CPU time is the steadier figure)")
    for cards in (False, True):
        figures = run(n, args.positions, args.seed, cards=cards)
        what = "every legal card valued" if cards else "the value of the position only"
        print(f"  {what}:")
        print(f"    {'ruleset':<18} {'median':>9} {'95th pct':>9} {'max':>9}   {'CPU median':>10} {'CPU 95th':>9}"
              f" {'nodes/s':>8} {'table hits':>10}")
        rows = list(figures["rulesets"].items()) + [("all", figures["all"])]
        for rid, f in rows:
            print(f"    {rid:<18} {f['median_ms']:>7.1f}ms {f['p95_ms']:>7.1f}ms {f['max_ms']:>7.1f}ms   "
                  f"{f['cpu_median_ms']:>8.1f}ms {f['cpu_p95_ms']:>7.1f}ms {f['nodes_per_second']:>8} "
                  f"{100 * f['table_hit_rate']:>9.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
