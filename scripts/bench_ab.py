"""Compare the engine's speed now with an earlier revision, side by side in one process.

    .venv/bin/python scripts/bench_ab.py [REV] [--deals N] [--rounds R] [--pyodide] [--solve N]

The engine at REV (default: main) is taken from git as the package ``somerset_old`` beside the
working tree's ``somerset``; both run the random-play benchmark's two loops (or, with ``--solve
N``, the solver on the endings of ``somerset_tools.bench_solve`` with N cards a hand, checked to
give the same answers in the same nodes) in alternating order, R rounds, and it prints the CPU
times and the median ratio new/old. ``--pyodide`` runs it in Pyodide under Node (``make wheel``
first). Why a paired ratio: develop/benchmarks.md, "Random play".
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROGRAM = '''
import statistics, sys, time
import somerset_old
from somerset.players.bots import RandomBot
from somerset.game.deal import Deal, new_deal
from somerset.game.rng import SplitMix64, deal_seed
from somerset.rules.rulesets import load_ruleset
from somerset.players.simulate import play_random

def old_engine():
    """The earlier revision's names, in any of its layouts (the oldest with one game.py, then
    deal.py, then the layered subpackages)."""
    try:
        from somerset_old.game.deal import Deal, new_deal
        from somerset_old.game.rng import SplitMix64, deal_seed
        from somerset_old.rules.rulesets import load_ruleset
        from somerset_old.players.simulate import play_random
        from somerset_old.players.bots import RandomBot
        return Deal, new_deal, SplitMix64, deal_seed, load_ruleset, play_random, RandomBot
    except ImportError:
        pass
    try:
        from somerset_old.deal import Deal, new_deal
        from somerset_old.rng import SplitMix64, deal_seed
        from somerset_old.rulesets import load_ruleset
        from somerset_old.simulate import play_random
    except ImportError:
        from somerset_old.game import Deal, SplitMix64, deal_seed, load_ruleset, new_deal
        def play_random(d, rng):
            d.play_random(rng)
    from somerset_old.bots import RandomBot
    return Deal, new_deal, SplitMix64, deal_seed, load_ruleset, play_random, RandomBot

def loops(Deal, new_deal, SplitMix64, deal_seed, load_ruleset, play_random, RandomBot):
    r = load_ruleset("parker-1947")
    def fast(n):
        rng = SplitMix64(1)
        t = time.process_time()
        for i in range(n):
            play_random(new_deal(r, "four-partners", deal_seed(1, i), i % 4), rng)
        return n / (time.process_time() - t)
    def api(n):
        bots = [RandomBot(1 + k) for k in range(4)]
        t = time.process_time()
        for i in range(n):
            d = Deal(r, "four-partners", dealer=i % 4, seed=deal_seed(1, i))
            while not d.is_terminal():
                d.apply(d.chance_outcome() if d.is_chance() else bots[d.current_player].act(d))
        return n / (time.process_time() - t)
    return fast, api

old = loops(*old_engine())
new = loops(Deal, new_deal, SplitMix64, deal_seed, load_ruleset, play_random, RandomBot)
deals, rounds, label = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
for f in (*old, *new):
    f(max(1, deals // 10))
for name, k in (("fast loop", 0), ("public API", 1)):
    pairs = []
    for i in range(rounds):
        n = deals if k == 0 else max(1, deals // 2)
        if i % 2:
            b = new[k](n); a = old[k](n)
        else:
            a = old[k](n); b = new[k](n)
        pairs.append((a, b))
    olds, news = [a for a, _ in pairs], [b for _, b in pairs]
    ratio = statistics.median(b / a for a, b in pairs)
    print(f"{'Pyodide' if sys.platform == 'emscripten' else 'CPython'} {sys.version.split()[0]}, {name}: old ({label}) "
          f"{statistics.median(olds):,.0f} deals/s, new {statistics.median(news):,.0f} deals/s (medians of {rounds}); new/old {ratio:.3f} "
          f"(each round's ratio: {min(b / a for a, b in pairs):.2f} to {max(b / a for a, b in pairs):.2f})")
'''


SOLVE_PROGRAM = '''
import importlib, statistics, sys, time
from somerset_tools.bench_solve import RULESETS, FORMAT

def engine(name):
    m = lambda p: importlib.import_module(f"{name}.{p}")
    return (m("game.deal").new_deal, m("game.rng").SplitMix64, m("rules.rulesets").load_ruleset,
            m("players.simulate").step_random, m("solve.position").position_of_deal, m("solve.solver").Solver)

def endings(new_deal, SplitMix64, load_ruleset, step_random, position_of_deal, n, per):
    out = []
    for rid in RULESETS:
        seed, got = 1, 0
        while got < per:
            deal = new_deal(load_ruleset(rid), FORMAT, seed)
            rng = SplitMix64(seed ^ 0x5EED)
            seed += 1
            while not deal.is_terminal():
                if (deal.phase.value == "play" and deal.trump is not None and not deal.trick
                        and all(len(deal.hand(s)) == n for s in range(deal.players))):
                    out.append(position_of_deal(deal))
                    got += 1
                    break
                step_random(deal, rng)
    return out

def run(Solver, positions):
    nodes, answers = 0, []
    t = time.process_time()
    for p in positions:
        sol = Solver(p).run(cards=True)
        nodes += sol.nodes
        answers.append((sol.points, [(str(c.card), c.low, c.high) for c in sol.cards]))
    return time.process_time() - t, nodes, answers

n, per, rounds, label = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sides = {}
for name in ("somerset_old", "somerset"):
    *make, Solver = engine(name)
    sides[name] = (Solver, endings(*make, n, per))
ratios = []
for i in range(rounds):
    order = ("somerset_old", "somerset") if i % 2 == 0 else ("somerset", "somerset_old")
    got = {name: run(*sides[name]) for name in order}
    (a, na, xa), (b, nb, xb) = got["somerset_old"], got["somerset"]
    if (na, xa) != (nb, xb):
        sys.exit(f"round {i + 1}: the two solvers disagree (nodes {na} and {nb})")
    ratios.append(b / a)
    print(f"round {i + 1}: old ({label}) {a:.2f} s, new {b:.2f} s CPU, the same {nb:,} nodes and answers; new/old {b / a:.3f}",
          flush=True)
print(f"{'Pyodide' if sys.platform == 'emscripten' else 'CPython'} {sys.version.split()[0]}, solver, n = {n}, "
      f"{len(sides['somerset'][1])} positions: new/old {statistics.median(ratios):.3f} (median of {rounds} rounds; "
      f"{min(ratios):.3f} to {max(ratios):.3f})")
'''


def old_package(rev: str, into: Path) -> Path:
    """The engine package at ``rev``, unpacked as ``into/somerset_old``."""
    data = subprocess.run(["git", "archive", "--format=tar", rev, "engine/src/somerset"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    target = into / "somerset_old"
    shutil.move(str(into / "engine" / "src" / "somerset"), target)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="main", help="the earlier revision (default main)")
    parser.add_argument("--deals", type=int, default=1000, help="deals per round of the fast loop (half for the API loop)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds, old and new alternating (default 10)")
    parser.add_argument("--pyodide", action="store_true", help="run in Pyodide under Node instead of CPython")
    parser.add_argument("--solve", type=int, metavar="N", help="compare the solvers on endings of N cards a hand (CPython)")
    parser.add_argument("--positions", type=int, default=10, help="with --solve: endings of each ruleset (default 10)")
    args = parser.parse_args()
    label = subprocess.run(["git", "rev-parse", "--short", args.rev], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        old = old_package(args.rev, Path(tmp))
        if args.solve:
            code = f"import sys; sys.path.insert(0, {tmp!r})\n" + SOLVE_PROGRAM
            return subprocess.run([sys.executable, "-c", code, str(args.solve), str(args.positions), str(args.rounds),
                                   label], cwd=tmp).returncode
        if not args.pyodide:
            code = f"import sys; sys.path.insert(0, {tmp!r})\n" + PROGRAM
            return subprocess.run([sys.executable, "-c", code, str(args.deals), str(args.rounds), label], cwd=tmp).returncode
        wheels = sorted((ROOT / "dist").glob("somerset-*.whl"))
        if not wheels:
            print("no wheel in dist/: run make wheel first", file=sys.stderr)
            return 2
        combined = Path(tmp) / wheels[-1].name
        shutil.copy(wheels[-1], combined)
        with zipfile.ZipFile(combined, "a") as z:
            for f in sorted(old.rglob("*.py")):
                z.write(f, "somerset_old/" + f.relative_to(old).as_posix())
        return subprocess.run(["node", "scripts/pyodide-python.mjs", str(combined), "-c", PROGRAM, str(args.deals),
                               str(args.rounds), label], cwd=ROOT).returncode


if __name__ == "__main__":
    raise SystemExit(main())
