"""The bid advisor's figures: the play-out policy's speed and quality, and the time to a first answer.

From seeded deals: play-outs a second by the policy (:func:`somerset.players.playout.play_out`)
and by heuristic bots from the same positions; the play-out bot against heuristic bots in
duplicate, with the margin's 95% interval; and the advisor's time to a first answer (every trump's
mean points known within one point). ``python -m somerset_tools.bench_advise`` prints them
(``make bench-advise``); under Pyodide (``scripts/pyodide-python.mjs``) ``--hands N --deals 0``
gives the time to a first answer there. Method and figures: develop/benchmarks.md, "The advisor".
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from typing import Any, Sequence

from somerset.game.deal import Deal, Phase, new_deal
from somerset.game.rng import deal_seed
from somerset.players.advisor import advise
from somerset.players.bots import Bot, HeuristicBot
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.players.playout import PlayoutBot, play_out
from somerset.rules.rulesets import load_ruleset

__all__ = ["run", "main", "describe"]


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _to_play(rules: str, fmt: str, seed: int) -> Deal | None:
    deal = new_deal(rules, fmt, seed)
    bots = make_bots("heuristic", deal.players, seed)
    while not deal.is_terminal() and not (deal.phase is Phase.PLAY and deal.trick_tables is not None):
        deal.apply(bots[deal.current_player].act(deal))
    return None if deal.is_terminal() else deal


def speed(rules: str, fmt: str, positions: int, seed: int) -> dict[str, Any]:
    """Play-outs a second of the policy and of heuristic bots from the same positions."""
    starts = [d for d in (_to_play(rules, fmt, deal_seed(seed, i)) for i in range(positions)) if d is not None]
    copies = [d.clone() for d in starts]
    start, cpu = time.perf_counter(), time.process_time()
    for d in copies:
        play_out(d)
    policy, policy_cpu = time.perf_counter() - start, time.process_time() - cpu
    copies = [d.clone() for d in starts]
    start, cpu = time.perf_counter(), time.process_time()
    for d in copies:
        bots = [HeuristicBot(s) for s in range(d.players)]
        while not d.is_terminal():
            d.apply(bots[d.current_player].act(d))
    heuristic, heuristic_cpu = time.perf_counter() - start, time.process_time() - cpu
    n = len(starts)
    return {"positions": n, "playouts_per_second": round(n / policy), "heuristic_per_second": round(n / heuristic),
            "playouts_per_cpu_second": round(n / max(policy_cpu, 1e-9)),
            "heuristic_per_cpu_second": round(n / max(heuristic_cpu, 1e-9))}


def duplicate(rules: str, fmt: str, deals: int, seed: int) -> dict[str, Any]:
    """The play-out bot against heuristic bots, the same deals at two tables with the seats swapped."""
    r = load_ruleset(rules)
    f = r.format(fmt)
    margins: list[float] = []
    scores: list[float] = []
    differ = 0
    i = 0
    while len(margins) < deals:
        s = deal_seed(seed, i)
        dealer = i % f.players
        i += 1
        tables: list[Deal] = []
        for playout_side in (0, 1):
            seats: list[Bot] = [PlayoutBot(b.rng.state) if f.team_of(x) == playout_side else b
                                for x, b in enumerate(make_bots("heuristic", f.players, s))
                                if isinstance(b, HeuristicBot)]
            tables.append(play_deal(new_deal(r, f.id, s, dealer), seats))
        if tables[0].passed_out:
            continue
        margins.append(tables[0].team_points()[0] - tables[1].team_points()[0])
        scores.append(tables[0].score_changes()[0] - tables[1].score_changes()[0])
        differ += [str(a) for a in tables[0].history] != [str(a) for a in tables[1].history]
    margin, ci = _mean_ci(margins)
    score, score_ci = _mean_ci(scores)
    return {"deals": len(margins), "margin_points": round(margin, 3), "margin_points_ci95": round(ci, 3),
            "margin_score": round(score, 3), "margin_score_ci95": round(score_ci, 3), "deals_played_differently": differ}


def first_answer(rules: str, fmt: str, hands: int, seed: int, precision: float = 1.0) -> dict[str, Any]:
    """Seconds and samples until every trump's mean points is known within ``precision``, over seeded hands."""
    times: list[float] = []
    cpu_times: list[float] = []
    samples: list[int] = []
    played = 0
    for i in range(hands):
        deal = new_deal(rules, fmt, deal_seed(seed, 1000 + i))
        seat = (deal.dealer + 1) % deal.players
        start, cpu = time.perf_counter(), time.process_time()
        adv = advise(rules, deal.hand(seat), fmt, seat=seat, dealer=deal.dealer, seed=i, precision=precision)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        samples.append(adv.samples)
        played += adv.samples * len(adv.trumps)
    ordered = sorted(times)
    return {"hands": hands, "precision": precision,
            "seconds_median": round(ordered[len(ordered) // 2], 3) if ordered else None,
            "seconds_max": round(ordered[-1], 3) if ordered else None,
            "cpu_seconds_median": round(sorted(cpu_times)[len(cpu_times) // 2], 3) if cpu_times else None,
            "cpu_seconds_max": round(max(cpu_times), 3) if cpu_times else None,
            "samples_median": sorted(samples)[len(samples) // 2] if samples else None,
            "advisor_playouts_per_second": round(played / sum(times)) if times else None}


def run(rules: str = "parker-1947", fmt: str = "four-partners", positions: int = 300, deals: int = 500,
        hands: int = 10, seed: int = 1) -> dict[str, Any]:
    """Every figure (a count of 0 leaves its measurement out)."""
    out: dict[str, Any] = {"ruleset": rules, "format": fmt, "seed": seed, "python": sys.version.split()[0],
                           "implementation": platform.python_implementation(), "platform": sys.platform}
    if positions:
        out["speed"] = speed(rules, fmt, positions, seed)
    if deals:
        out["duplicate"] = duplicate(rules, fmt, deals, seed)
    if hands:
        out["first_answer"] = first_answer(rules, fmt, hands, seed)
    return out


def describe(f: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    lines = [f"{f['ruleset']} {f['format']}, seed {f['seed']}; {f['implementation']} {f['python']} ({f['platform']})"]
    if "speed" in f:
        s = f["speed"]
        lines.append(f"  play-outs a second: {s['playouts_per_second']:,} by the policy, {s['heuristic_per_second']:,} "
                     f"by heuristic bots ({s['positions']} positions); a second of the process's CPU time: "
                     f"{s['playouts_per_cpu_second']:,} and {s['heuristic_per_cpu_second']:,}")
    if "duplicate" in f:
        d = f["duplicate"]
        lines.append(f"  duplicate, play-out bot against heuristic bots: {d['margin_points']:+.3f} ± "
                     f"{d['margin_points_ci95']:.3f} points a deal, score {d['margin_score']:+.3f} ± "
                     f"{d['margin_score_ci95']:.3f} ({d['deals']} deals, {d['deals_played_differently']} played differently)")
    if "first_answer" in f:
        a = f["first_answer"]
        lines.append(f"  first answer (every trump within {a['precision']} point, 95%): median {a['seconds_median']} s, "
                     f"slowest {a['seconds_max']} s (CPU time {a['cpu_seconds_median']} s, {a['cpu_seconds_max']} s), median {a['samples_median']} samples a trump; the advisor plays "
                     f"{a['advisor_playouts_per_second']:,} deals a second ({a['hands']} hands)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m somerset_tools.bench_advise``: print the figures (``--json`` for one JSON object)."""
    p = argparse.ArgumentParser(prog="python -m somerset_tools.bench_advise",
                                description="The advisor's play-out policy (speed, duplicate) and time to a first answer.")
    p.add_argument("--rules", default="parker-1947")
    p.add_argument("--format", default="four-partners")
    p.add_argument("--positions", type=int, default=300, help="positions timed for play-outs a second (0: none)")
    p.add_argument("--deals", type=int, default=500, help="deals played in duplicate (0: none)")
    p.add_argument("--hands", type=int, default=10, help="hands timed to a first answer (0: none)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    for name in ("positions", "deals", "hands"):
        if not 0 <= getattr(a, name) <= 100_000:
            p.error(f"--{name} must be from 0 to 100,000")
    figures = run(a.rules, a.format, a.positions, a.deals, a.hands, a.seed)
    print(json.dumps(figures) if a.json else describe(figures))


if __name__ == "__main__":
    main()
