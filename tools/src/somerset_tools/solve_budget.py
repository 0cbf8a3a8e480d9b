"""How much search the site's reviews of a deal need: the figures behind the budget the pages use.

It plays seeded deals with the heuristic bots, solves from scratch every ending position the deal
replayer and Play a deal ask the solver about (:func:`somerset.solve.review.deal_plays`), and
prints the nodes the answers took, by tricks left and over all, and the share a node budget
answers in full. Nodes are the same in CPython and Pyodide, so the budget is fixed in nodes.
``python -m somerset_tools.solve_budget`` prints the figures (figures, not a test); they and the
method: develop/benchmarks.md, "Best play".
"""

from __future__ import annotations

import os
import platform
import sys
import time

from somerset.players.autoplay import play_until_bid
from somerset.rules.rulesets import load_ruleset
from somerset.solve.request import read_position
from somerset.solve.review import SOLVE_TRICKS, deal_plays
from somerset.solve.solver import Solver

__all__ = ["DEALS", "BUDGETS", "measure", "main"]

#: Ruleset and format pairs: four-handed partnerships with the most different play rules, a
#: game of four playing alone, a two-handed game with a drawing pile, and a six-handed Triple.
DEALS = ("parker-1947:four-partners", "somersetgame-com:four-partners", "boardgamegeek:four-partners",
         "parker-1947:four-single", "parker-1947:two", "triple-2009:six-2x3")
BUDGETS = (50_000, 100_000, 200_000, 400_000, 1_000_000)


def _percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def measure(spec: str, deals: int, seed: int, lines: bool, cap: int, slice_nodes: int = 0
            ) -> list[tuple[int, int, float, bool]]:
    """(tricks left, nodes, seconds, exact) for every reviewed card of ``deals`` bot-played deals.

    ``slice_nodes``: ask in slices of that many nodes, carrying on each time, as the pages do.
    """
    rules, _, fmt = spec.partition(":")
    r = load_ruleset(rules)
    out: list[tuple[int, int, float, bool]] = []
    for k in range(deals):
        deal, _ = play_until_bid(r, fmt or None, seed + k)
        for x in deal_plays(deal, most=SOLVE_TRICKS):
            pos = read_position(x["position"])
            start = time.perf_counter()
            solver = Solver(pos)
            while True:
                sol = solver.run(nodes=slice_nodes or cap, cards=True, line=not lines, lines=lines)
                if sol.exact or sol.nodes >= cap:
                    break
            out.append((x["tricks_left"], sol.nodes, time.perf_counter() - start, sol.exact))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark from the command line; print the figures and return 0."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m somerset_tools.solve_budget",
                                     description="Nodes the site's best-play answers need (figures, not a test).")
    parser.add_argument("--deals", type=int, default=10, help="bot-played deals of each ruleset (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    parser.add_argument("--rules", default=",".join(DEALS), help="ruleset:format pairs, separated by commas")
    parser.add_argument("--lines", action="store_true",
                        help="a line after every card (as Play a deal asks), not only the best line")
    parser.add_argument("--cap", type=int, default=2_000_000, help="give up on a position after this many nodes")
    parser.add_argument("--slice", type=int, default=0,
                        help="ask in slices of this many nodes, carrying on each time, as the pages do")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    load = ""
    if hasattr(os, "getloadavg") and sys.platform != "emscripten":
        load = ", load average %.2f %.2f %.2f" % os.getloadavg()
    print(f"{platform.python_implementation()} {sys.version.split()[0]} on {sys.platform}{load}")
    what = "every card valued and a line after each" if args.lines else "every card valued and one best line"
    how = f", in slices of {args.slice:,} nodes" if args.slice else ""
    print(f"{args.deals} bot-played deals of each (seeds from {args.seed}); every card of the last {SOLVE_TRICKS} "
          f"tricks, solved from scratch{how}: {what}")
    budgets = [b for b in BUDGETS if b <= args.cap]
    every: list[tuple[int, int, float, bool]] = []
    head = f"  {'deals':<32} {'cards':>6} {'median':>8} {'95th':>9} {'max':>10} {'nodes/s':>8}   " + " ".join(
        f"{'<=' + format(b, ','):>11}" for b in budgets)
    print(head)

    def row(name: str, recs: list[tuple[int, int, float, bool]]) -> None:
        nodes = [r[1] if r[3] else args.cap + 1 for r in recs]
        seconds = sum(r[2] for r in recs)
        shares = " ".join(f"{100 * sum(n <= b for n in nodes) / len(nodes):>10.1f}%" for b in budgets)
        top = max(nodes)
        print(f"  {name:<32} {len(recs):>6} {_percentile(nodes, 0.5):>8,} {_percentile(nodes, 0.95):>9,} "
              f"{(format(top, ',') if top <= args.cap else 'over cap'):>10} "
              f"{round(sum(r[1] for r in recs) / seconds) if seconds else 0:>8,}   {shares}")

    for spec in args.rules.split(","):
        recs = measure(spec, args.deals, args.seed, args.lines, args.cap, args.slice)
        row(spec, recs)
        every += recs
    for left in range(SOLVE_TRICKS, 0, -1):
        recs = [r for r in every if r[0] == left]
        if recs:
            row(f"all, {left} trick{'s' if left > 1 else ''} left", recs)
    row("all", every)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
