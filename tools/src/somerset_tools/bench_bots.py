"""One kind of bot against another in duplicate: points and score a deal, with their uncertainty, and the cost.

Each seeded deal is played at one table per side, from the same cards, with the bots of kind
``--bots`` in that side's seats and those of ``--against`` in the others; a deal's gain is the
paired difference, with its 95% interval, in points and in score. Also the contracts each kind
made and the CPU time of its card choices and of a deal. ``python -m somerset_tools.bench_bots
--bots sampling --against heuristic --deals 2000`` prints the figures (``--json``: one JSON
document; ``make bench-bots``); under Pyodide (``scripts/pyodide-python.mjs``) it gives the time a
bot's move takes there. Method and figures: develop/benchmarks.md, "Bots".
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from typing import Any, Sequence

from somerset.players.advisor_bidding import AdvisorBidder
from somerset.players.autoplay import play_deal
from somerset.players.bots import CHOICES, ENDING_CARDS, SAMPLES, SOLVE_NODES, Bot, SamplingBot
from somerset.players.roster import BOT_KINDS, bot_version, make_bots
from somerset.players.search import ROLLOUTS, SearchBot
from somerset.game.deal import Deal, Phase, new_deal
from somerset.game.rng import deal_seed
from somerset.rules.rulesets import load_ruleset

__all__ = ["run", "main", "describe"]


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
    """A bot whose card choices with more than one legal card are timed."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def act(self, deal: Deal) -> Any:
        if deal.phase is not Phase.PLAY or len(deal.legal_actions()) == 1:
            return self.bot.act(deal)
        start = time.process_time()
        action = self.bot.act(deal)
        self.times.append(time.process_time() - start)
        return action


def _settle(bots: list[Bot], samples: int, ending: int, nodes: int, rollouts: int) -> list[Bot]:
    """The sampling and searching bots among ``bots`` given the bench's settings."""
    for b in bots:
        inner = b.base if isinstance(b, AdvisorBidder) else b
        if isinstance(inner, SamplingBot):
            inner.samples, inner.ending, inner.nodes = samples, ending, nodes
        if isinstance(inner, SearchBot):
            inner.rollouts = rollouts
    return bots


def _interval(mean: float, half: float) -> list[float]:
    return [round(mean - half, 3), round(mean + half, 3)]


def run(bots: str = "sampling", against: str = "heuristic", ruleset: str = "parker-1947",
        format_id: str = "four-partners", deals: int = 2000, seed: int = 1, samples: int = SAMPLES,
        ending: int = ENDING_CARDS, nodes: int = SOLVE_NODES, rollouts: int = ROLLOUTS,
        progress: bool = False, minutes: float | None = None) -> dict[str, Any]:
    """Play ``deals`` counted deals in duplicate (fewer when ``minutes`` of wall-clock time run out
    first) and return the figures (the method: develop/benchmarks.md, "Bots")."""
    for kind in (bots, against):
        if kind not in BOT_KINDS:
            raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(BOT_KINDS)}")
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    n = fmt.players
    sides = len(fmt.teams)
    gains: list[float] = []
    score_gains: list[float] = []
    times: dict[str, list[float]] = {"bots": [], "against": []}
    contracts = {"bots": [0, 0], "against": [0, 0]}  # won, made
    redeals = differ = 0
    seconds = 0.0
    i = 0
    stop = None if minutes is None else time.monotonic() + 60 * minutes
    while len(gains) < deals and (stop is None or time.monotonic() < stop or not gains):
        s = deal_seed(seed, i)
        dealer = i % n
        i += 1
        tables: list[Deal] = []
        start = time.process_time()
        for t in range(sides):
            CHOICES.clear()  # every table's choices are made afresh (and timed), none remembered from another
            a = _settle(make_bots(bots, n, s), samples, ending, nodes, rollouts)
            b = _settle(make_bots(against, n, s), samples, ending, nodes, rollouts)
            seats: list[Bot] = [_Timed(a[x], times["bots"]) if fmt.team_of(x) == t else _Timed(b[x], times["against"])
                                for x in range(n)]
            tables.append(play_deal(new_deal(r, fmt.id, s, dealer), seats))
        seconds += time.process_time() - start
        if all(d.passed_out for d in tables):
            redeals += 1
            continue
        points = [d.team_points() for d in tables]
        scores = [d.score_changes() for d in tables]
        gain = score_gain = 0.0
        for t in range(sides):
            others = [u for u in range(sides) if u != t]
            gain += points[t][t] - sum(points[u][t] for u in others) / len(others)
            score_gain += scores[t][t] - sum(scores[u][t] for u in others) / len(others)
        gains.append(gain / sides)
        score_gains.append(score_gain / sides)
        differ += len({tuple(str(a) for a in d.history) for d in tables}) > 1
        for t, d in enumerate(tables):
            if d.declarer is not None and not d.passed_out:
                who = "bots" if fmt.team_of(d.declarer) == t else "against"
                contracts[who][0] += 1
                contracts[who][1] += bool(d.made)
        if progress and len(gains) % 25 == 0:
            m, h = _mean_ci(gains)
            print(f"... {len(gains)} deals: {m:+.3f} ± {h:.3f} points a deal", file=sys.stderr, flush=True)
    gain_mean, gain_half = _mean_ci(gains)
    score_mean, score_half = _mean_ci(score_gains)
    played = len(gains)

    def moves(ts: list[float]) -> dict[str, Any]:
        return {"moves": len(ts), "ms_median": round(1000 * _percentile(ts, 0.5), 1),
                "ms_p95": round(1000 * _percentile(ts, 0.95), 1), "ms_max": round(1000 * max(ts, default=0.0), 1)}

    return {
        "bots": bots, "against": against, "bots_version": bot_version(bots), "against_version": bot_version(against),
        "rules": r.id, "format": fmt.id, "deals": played, "seed": seed, "redeals": redeals,
        "stopped_by_time": played < deals,
        "samples": samples, "ending_cards": ending, "solve_nodes": nodes, "rollouts": rollouts,
        "python": sys.version.split()[0], "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "points_per_deal": new_deal(r, fmt.id, 0).total_points,
        "points_gain": round(gain_mean, 3), "points_gain_ci": _interval(gain_mean, gain_half),
        "score_gain": round(score_mean, 3), "score_gain_ci": _interval(score_mean, score_half),
        "deals_played_differently": differ,
        "contracts": {who: {"won": c[0], "made": c[1]} for who, c in contracts.items()},
        "cpu_ms_per_deal": round(1000 * seconds / (played + redeals), 1),
        "move_time": {"bots": moves(times["bots"]), "against": moves(times["against"])},
    }


def describe(f: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    lo, hi = f["points_gain_ci"]
    slo, shi = f["score_gain_ci"]
    c, m = f["contracts"], f["move_time"]

    def rate(who: str) -> str:
        won = c[who]["won"]
        return f"{c[who]['made']}/{won} made" if won else "none won"

    return "\n".join([
        f"{f['bots_version']} against {f['against_version']}, {f['rules']} {f['format']}: {f['deals']} deals "
        f"in duplicate from seed {f['seed']}{' (stopped by --minutes)' if f['stopped_by_time'] else ''} "
        f"({f['redeals']} passed out everywhere, dealt again); "
        f"{f['implementation']} {f['python']}",
        f"  gain of {f['bots']} over {f['against']} in the same seats: {f['points_gain']:+.3f} points a deal "
        f"(95% {lo:+.3f} to {hi:+.3f}, of {f['points_per_deal']}); score {f['score_gain']:+.3f} "
        f"(95% {slo:+.3f} to {shi:+.3f}); {f['deals_played_differently']} deals played differently",
        f"  contracts won: {f['bots']} {c['bots']['won']} ({rate('bots')}), {f['against']} "
        f"{c['against']['won']} ({rate('against')})",
        f"  CPU time: {f['cpu_ms_per_deal']:.1f} ms a deal (every table); a card choice: {f['bots']} median "
        f"{m['bots']['ms_median']} ms, 95th percentile {m['bots']['ms_p95']} ms, max {m['bots']['ms_max']} ms "
        f"({m['bots']['moves']} moves); {f['against']} median {m['against']['ms_median']} ms, 95th percentile "
        f"{m['against']['ms_p95']} ms ({m['against']['moves']} moves)",
    ])


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m somerset_tools.bench_bots``: print the figures (``--json`` for one JSON object)."""
    p = argparse.ArgumentParser(prog="python -m somerset_tools.bench_bots",
                                description="One kind of bot against another in duplicate over seeded deals.")
    p.add_argument("--bots", default="sampling", choices=BOT_KINDS, help="the kind measured (default %(default)s)")
    p.add_argument("--against", default="heuristic", choices=BOT_KINDS,
                   help="the kind it is measured against (default %(default)s)")
    p.add_argument("--rules", default="parker-1947")
    p.add_argument("--format", default="four-partners")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=SAMPLES, help="sampled deals a move in the ending")
    p.add_argument("--ending", type=int, default=ENDING_CARDS)
    p.add_argument("--nodes", type=int, default=SOLVE_NODES)
    p.add_argument("--rollouts", type=int, default=ROLLOUTS, help="the searching bot's play-outs a move")
    p.add_argument("--minutes", type=float, default=None,
                   help="stop after the deal under way when this many minutes (wall clock) have passed")
    p.add_argument("--progress", action="store_true", help="print a line every 25 deals on stderr")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.deals < 1:
        p.error("--deals must be at least 1")
    if min(a.samples, a.ending, a.nodes, a.rollouts) < 1:
        p.error("--samples, --ending, --nodes and --rollouts must be at least 1")
    try:
        figures = run(a.bots, a.against, a.rules, a.format, a.deals, a.seed, a.samples, a.ending, a.nodes,
                      a.rollouts, a.progress, a.minutes)
    except ValueError as e:  # an unknown ruleset or format
        p.error(str(e))
    print(json.dumps(figures) if a.json else describe(figures))


if __name__ == "__main__":
    main()
