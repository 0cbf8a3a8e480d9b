"""The sampling bot against today's heuristic bot: points per deal, with their uncertainty, and the cost.

Each seeded deal (the dealer passing left) is played twice from the same seed:

* by four heuristic bots (today's bots), and
* with the sampling bot (:class:`somerset.players.bots.SamplingBot`) in the seats of one side (side 0 on
  even deals, side 1 on odd ones) and heuristic bots in the others.

The sampling bot bids and plays as the heuristic bot until the ending, so the two plays differ
only from there: the gain is the sampling side's points in the second play less the same seats'
points in the first, a paired difference whose mean and 95% confidence interval (1.96 standard
errors) are printed; also each side's points per deal in the mixed plays, the score change the
gain makes, and the time and the solves a deal costs. Deals everyone passes are dealt again
(the next seed) and not counted.

``python -m somerset_tools.bench_bots --deals 2000`` prints the figures (``make bench-bots``); the same
module under Pyodide (``scripts/pyodide-python.mjs``) gives the time a bot's move takes there.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from typing import Any, Sequence

from somerset.players.bots import ENDING_CARDS, SAMPLES, SOLVE_NODES, Bot, SamplingBot
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.game.deal import new_deal
from somerset.game.rng import deal_seed
from somerset.rules.rulesets import load_ruleset

__all__ = ["run", "main"]


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] if ordered else 0.0


class _Timed:
    """A bot whose ending moves are timed (the sampling bot's cost per move)."""

    def __init__(self, bot: SamplingBot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def act(self, deal: Any) -> Any:
        if not self.bot.in_ending(deal) or len(deal.legal_actions()) == 1:
            return self.bot.act(deal)
        start = time.perf_counter()
        action = self.bot.act(deal)
        self.times.append(time.perf_counter() - start)
        return action


def run(ruleset: str = "parker-1947", format_id: str = "four-partners", deals: int = 2000, seed: int = 1,
        samples: int = SAMPLES, ending: int = ENDING_CARDS, nodes: int = SOLVE_NODES,
        progress: bool = False) -> dict[str, Any]:
    """Play ``deals`` counted deals both ways and return the figures (see the module's text)."""
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    n = fmt.players
    gains: list[float] = []
    score_gains: list[float] = []
    mixed_sampling: list[float] = []
    mixed_heuristic: list[float] = []
    differ = 0
    redeals = 0
    solved = 0
    move_times: list[float] = []
    base_seconds = mixed_seconds = 0.0
    i = 0
    while len(gains) < deals:
        s = deal_seed(seed, i)
        dealer = i % n
        i += 1
        start = time.perf_counter()
        base = play_deal(new_deal(r, fmt.id, s, dealer), make_bots("heuristic", n, s))
        base_seconds += time.perf_counter() - start
        if base.passed_out:
            redeals += 1
            continue
        side = len(gains) % len(fmt.teams)
        samplers = [SamplingBot(b.seed, samples, ending, nodes) for b in make_bots("sampling", n, s)
                    if isinstance(b, SamplingBot)]
        heuristics = make_bots("heuristic", n, s)
        seats: list[Bot] = [_Timed(samplers[x], move_times) if fmt.team_of(x) == side else heuristics[x]
                            for x in range(n)]
        start = time.perf_counter()
        mixed = play_deal(new_deal(r, fmt.id, s, dealer), seats)
        mixed_seconds += time.perf_counter() - start
        solved += sum(b.solved for b in samplers)
        mine = mixed.team_points()[side]
        diff = mine - base.team_points()[side]
        gains.append(diff)
        score_gains.append(mixed.score_changes()[side] - base.score_changes()[side])
        others = sum(p for t, p in enumerate(mixed.team_points()) if t != side) / (len(fmt.teams) - 1)
        mixed_sampling.append(mine)
        mixed_heuristic.append(others)
        differ += diff != 0 or [str(a) for a in mixed.history] != [str(a) for a in base.history]
        if progress and len(gains) % 100 == 0:
            print(f"... {len(gains)} deals", file=sys.stderr, flush=True)
    gain, gain_ci = _mean_ci(gains)
    score_gain, score_ci = _mean_ci(score_gains)
    sides, sides_ci = _mean_ci([a - b for a, b in zip(mixed_sampling, mixed_heuristic)])
    played = len(gains)
    return {
        "ruleset": r.id, "format": fmt.id, "deals": played, "seed": seed, "redeals": redeals,
        "samples": samples, "ending_cards": ending, "solve_nodes": nodes,
        "python": sys.version.split()[0], "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "points_per_deal": new_deal(r, fmt.id, 0).total_points,
        "gain_points": round(gain, 3), "gain_points_ci95": round(gain_ci, 3),
        "gain_score": round(score_gain, 3), "gain_score_ci95": round(score_ci, 3),
        "sampling_side_points": round(sum(mixed_sampling) / played, 3),
        "heuristic_side_points": round(sum(mixed_heuristic) / played, 3),
        "side_difference": round(sides, 3), "side_difference_ci95": round(sides_ci, 3),
        "deals_played_differently": differ,
        "solves_per_deal": round(solved / played, 1),
        "heuristic_ms_per_deal": round(1000 * base_seconds / (played + redeals), 2),
        "sampling_ms_per_deal": round(1000 * mixed_seconds / played, 1),
        "ending_moves": len(move_times),
        "move_ms_median": round(1000 * _percentile(move_times, 0.5), 1),
        "move_ms_p95": round(1000 * _percentile(move_times, 0.95), 1),
        "move_ms_max": round(1000 * max(move_times, default=0.0), 1),
    }


def describe(f: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    return "\n".join([
        f"{f['ruleset']} {f['format']}: {f['deals']} deals from seed {f['seed']} ({f['redeals']} passed out, dealt "
        f"again); sampling bot: {f['samples']} samples, endings of {f['ending_cards']} cards a hand, "
        f"at most {f['solve_nodes']} nodes a solve; {f['implementation']} {f['python']}",
        f"  gain of the sampling side over heuristic bots in the same seats: {f['gain_points']:+.3f} "
        f"± {f['gain_points_ci95']:.3f} points a deal (of {f['points_per_deal']}); score {f['gain_score']:+.3f} "
        f"± {f['gain_score_ci95']:.3f}",
        f"  mixed deals: sampling side {f['sampling_side_points']:.3f}, heuristic side "
        f"{f['heuristic_side_points']:.3f} points a deal (difference {f['side_difference']:+.3f} "
        f"± {f['side_difference_ci95']:.3f}); {f['deals_played_differently']} deals played differently",
        f"  cost: {f['sampling_ms_per_deal']:.1f} ms a deal with the sampling side "
        f"({f['heuristic_ms_per_deal']:.2f} ms with heuristic bots only), {f['solves_per_deal']} solves a deal; "
        f"a sampling move: median {f['move_ms_median']} ms, 95th percentile {f['move_ms_p95']} ms, "
        f"max {f['move_ms_max']} ms ({f['ending_moves']} moves)",
    ])


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m somerset_tools.bench_bots``: print the figures (``--json`` for one JSON object)."""
    p = argparse.ArgumentParser(prog="python -m somerset_tools.bench_bots",
                                description="The sampling bot's side against heuristic bots over seeded deals.")
    p.add_argument("--rules", default="parker-1947")
    p.add_argument("--format", default="four-partners")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=SAMPLES)
    p.add_argument("--ending", type=int, default=ENDING_CARDS)
    p.add_argument("--nodes", type=int, default=SOLVE_NODES)
    p.add_argument("--progress", action="store_true", help="print a line every 100 deals on stderr")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.deals < 1:
        p.error("--deals must be at least 1")
    figures = run(a.rules, a.format, a.deals, a.seed, a.samples, a.ending, a.nodes, a.progress)
    print(json.dumps(figures) if a.json else describe(figures))


if __name__ == "__main__":
    main()
