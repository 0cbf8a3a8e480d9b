"""Advisor bidding against today's bidding in duplicate, and the advisor's calibration.

Each seeded deal is played at two tables, side 0 bidding with the advisor (``PLAY+advisor`` bots,
:mod:`somerset.players.advisor_bidding`) at one and side 1 at the other, today's ``PLAY`` bots in
the other seats, and once more by ``PLAY`` bots alone for the calibration of today's bids. It
prints the advisor's margin a deal (points and score) with its 95% interval, auctions won,
contracts made, and predicted against actual chances of making. ``python -m
somerset_tools.bench_bid --deals 200`` prints them for Parker 1947, somersetgame.com and Hodges
1913 (``make bench-bid``; ``--rules`` picks others). Method and figures: develop/benchmarks.md,
"Advisor bidding".
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
from somerset.players.advisor import AdviceError, wilson_interval
from somerset.players.advisor_bidding import BID_SAMPLES, AdvisorBidder
from somerset.players.bots import Bot
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.rules.rulesets import load_ruleset

__all__ = ["run", "main", "describe", "tables", "calibration", "BUCKETS", "DEFAULT_RULES"]

#: The rulesets ``make bench-bid`` measures: an auction, an auction with a kitty, one round of bids.
DEFAULT_RULES = ("parker-1947", "somersetgame-com", "hodges-1913")
#: The calibration's buckets of predicted chance (the last includes 1).
BUCKETS = tuple(i / 10 for i in range(11))
_Z = 1.96


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, _Z * math.sqrt(var / n)


class _Timed:
    """An advisor bot whose calls are timed."""

    def __init__(self, bot: AdvisorBidder, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def act(self, deal: Deal) -> Any:
        if deal.phase is not Phase.AUCTION:
            return self.bot.act(deal)
        start = time.process_time()
        action = self.bot.act(deal)
        self.times.append(time.process_time() - start)
        return action


def tables(ruleset: str, format_id: str | None, seed: int, dealer: int, play: str = "heuristic",
           samples: int = BID_SAMPLES, times: list[float] | None = None
           ) -> tuple[tuple[Deal, Deal], list[list[AdvisorBidder | None]]]:
    """The deal of ``seed`` played at two tables: advisor bidding for side 0 at the first, for side 1
    at the second (``PLAY`` bots elsewhere); also each table's advisor bots."""
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    n = fmt.players
    played: list[Deal] = []
    advisors: list[list[AdvisorBidder | None]] = []
    for side in (0, 1):
        plain = make_bots(play, n, seed)
        mine = [b for b in make_bots(play + "+advisor", n, seed) if isinstance(b, AdvisorBidder)]
        for b in mine:
            b.samples = samples
        seats: list[Bot] = []
        for x in range(n):
            if fmt.team_of(x) == side:
                seats.append(_Timed(mine[x], times) if times is not None else mine[x])
            else:
                seats.append(plain[x])
        played.append(play_deal(new_deal(r, fmt.id, seed, dealer), seats))
        advisors.append([mine[x] if fmt.team_of(x) == side else None for x in range(n)])
    return (played[0], played[1]), advisors


def _forecast(deal: Deal, bots: Sequence[AdvisorBidder | None]) -> float | None:
    """The advisor's chance of making the contract, when an advisor bot declared with its last bid."""
    if deal.declarer is None or deal.made is None:
        return None
    bot = bots[deal.declarer]
    if bot is None or not bot.forecasts or bot.forecasts[-1].bid != deal.bid:
        return None
    return bot.forecasts[-1].p_make


def _asked(deal: Deal, seed: int, samples: int) -> float | None:
    """The advisor's chance of making ``deal``'s contract with its trump, asked at the declarer's last call."""
    if deal.declarer is None or deal.made is None or deal.trump is None:
        return None
    last = max((k for k, a in enumerate(deal.history) if a.kind.value == "bid"), default=None)
    if last is None:
        return None
    replay = new_deal(deal.ruleset, deal.format.id, seed, deal.dealer)
    for action in deal.history[len(replay.history):last]:
        replay.apply(action)
    asker = AdvisorBidder(make_bots("heuristic", deal.players, seed)[deal.declarer], seed, samples)
    try:
        advice = asker.advice(replay)
    except AdviceError:
        return None
    for t in advice.trumps:
        if t.trump == deal.trump and t.samples and deal.bid in t.bids:
            return t.p_make[t.bids.index(deal.bid)]
    return None


def calibration(pairs: Sequence[tuple[float, bool]]) -> list[dict[str, Any]]:
    """The predictions ``(p, made)`` by bucket: count, mean prediction, observed rate and its interval."""
    out = []
    for i, (lo, hi) in enumerate(zip(BUCKETS, BUCKETS[1:])):
        last = i == len(BUCKETS) - 2
        got = [(p, m) for p, m in pairs if lo <= p < hi or (last and p == hi)]
        k = sum(m for _, m in got)
        w = wilson_interval(k, len(got))
        out.append({"bucket": f"{lo:.0%}-{hi:.0%}", "count": len(got),
                    "predicted": round(sum(p for p, _ in got) / len(got), 3) if got else None,
                    "observed": round(k / len(got), 3) if got else None,
                    "observed_ci95": [round(w[0], 3), round(w[1], 3)]})
    return out


def run(ruleset: str = "parker-1947", format_id: str | None = None, deals: int = 200, seed: int = 1,
        play: str = "heuristic", samples: int = BID_SAMPLES, progress: bool = False) -> dict[str, Any]:
    """Play ``deals`` counted deals at two tables and return the figures (the method: develop/benchmarks.md, "Advisor bidding")."""
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    if len(fmt.teams) != 2:
        raise ValueError(f"the duplicate needs two sides; the {fmt.id} format of {r.name} has {len(fmt.teams)}")
    points: list[float] = []
    scores: list[float] = []
    adv_points: list[float] = []
    adv_scores: list[float] = []
    old_points: list[float] = []
    old_scores: list[float] = []
    won = {"advisor": 0, "today": 0}
    made = {"advisor": 0, "today": 0}
    contract = {"advisor": 0, "today": 0}
    pairs: list[tuple[float, bool]] = []
    asked: list[tuple[float, bool]] = []
    times: list[float] = []
    passed = 0
    differ = 0
    i = 0
    start = time.process_time()
    while len(points) < deals:
        s = deal_seed(seed, i)
        dealer = i % fmt.players
        i += 1
        (a, b), bots = tables(r.id, fmt.id, s, dealer, play, samples, times)
        if a.passed_out or b.passed_out or a.declarer is None or b.declarer is None:
            passed += 1
            continue
        ta, tb = a.team_points(), b.team_points()
        sa, sb = a.score_changes(), b.score_changes()
        adv_points.append((ta[0] + tb[1]) / 2)
        old_points.append((ta[1] + tb[0]) / 2)
        adv_scores.append((sa[0] + sb[1]) / 2)
        old_scores.append((sa[1] + sb[0]) / 2)
        points.append(adv_points[-1] - old_points[-1])
        scores.append(adv_scores[-1] - old_scores[-1])
        differ += [str(x) for x in a.history] != [str(x) for x in b.history]
        for deal, side, table_bots in ((a, 0, bots[0]), (b, 1, bots[1])):
            assert deal.declarer is not None
            who = "advisor" if deal.team_of[deal.declarer] == side else "today"
            won[who] += 1
            made[who] += bool(deal.made)
            contract[who] += deal.bid or 0
            p = _forecast(deal, table_bots)
            if p is not None:
                pairs.append((p, bool(deal.made)))
        third = play_deal(new_deal(r, fmt.id, s, dealer), make_bots(play, fmt.players, s))
        q = _asked(third, s, samples)
        if q is not None:
            asked.append((q, bool(third.made)))
        if progress and len(points) % 25 == 0:
            print(f"... {r.id}: {len(points)} deals", file=sys.stderr, flush=True)
    cpu = time.process_time() - start
    margin, margin_ci = _mean_ci(points)
    score, score_ci = _mean_ci(scores)
    tables_played = 2 * len(points)
    ordered = sorted(times)
    sides: dict[str, Any] = {}
    for who, pts, sc in (("advisor", adv_points, adv_scores), ("today", old_points, old_scores)):
        m = _mean_ci(pts)
        s2 = _mean_ci(sc)
        w = wilson_interval(won[who], tables_played)
        mk = wilson_interval(made[who], won[who])
        sides[who] = {"points": round(m[0], 3), "points_ci95": round(m[1], 3), "score": round(s2[0], 3),
                      "score_ci95": round(s2[1], 3), "auctions_won": won[who],
                      "auctions_won_share": round(won[who] / tables_played, 3),
                      "auctions_won_ci95": [round(w[0], 3), round(w[1], 3)],
                      "made": made[who], "made_share": round(made[who] / won[who], 3) if won[who] else None,
                      "made_ci95": [round(mk[0], 3), round(mk[1], 3)],
                      "mean_contract": round(contract[who] / won[who], 2) if won[who] else None}
    return {
        "ruleset": r.id, "name": r.name, "format": fmt.id, "deals": len(points), "seed": seed, "play": play,
        "samples_a_call": samples, "passed_out": passed, "deals_bid_differently": differ,
        "points_per_deal": new_deal(r, fmt.id, 0).total_points,
        "margin_points": round(margin, 3), "margin_points_ci95": round(margin_ci, 3),
        "margin_score": round(score, 3), "margin_score_ci95": round(score_ci, 3),
        "sides": sides, "calibration": calibration(pairs), "forecasts": len(pairs),
        "calibration_today": calibration(asked), "forecasts_today": len(asked),
        "advisor_calls": len(times),
        "call_ms_median": round(1000 * ordered[len(ordered) // 2], 1) if ordered else None,
        "call_ms_p95": round(1000 * ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 1) if ordered else None,
        "call_ms_max": round(1000 * ordered[-1], 1) if ordered else None,
        "cpu_seconds": round(cpu, 1),
        "python": sys.version.split()[0], "implementation": platform.python_implementation(),
    }


def describe(f: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    a, t = f["sides"]["advisor"], f["sides"]["today"]
    lines = [
        f"{f['name']} ({f['ruleset']}) {f['format']}: {f['deals']} deals at two tables from seed {f['seed']} "
        f"({f['passed_out']} passed out at a table, left out; {f['deals_bid_differently']} bid differently); "
        f"cards by {f['play']} bots; advisor: {f['samples_a_call']} samples a call; {f['implementation']} {f['python']}",
        f"  advisor bidding less today's: {f['margin_points']:+.3f} ± {f['margin_points_ci95']:.3f} points a deal "
        f"(of {f['points_per_deal']}), score {f['margin_score']:+.3f} ± {f['margin_score_ci95']:.3f} a deal",
    ]
    for label, s in (("advisor bidding", a), ("today's bidding", t)):
        made = "-" if s["made_share"] is None else f"{s['made_share']:.0%} [{s['made_ci95'][0]:.0%}, {s['made_ci95'][1]:.0%}]"
        contract = "-" if s["mean_contract"] is None else f"{s['mean_contract']:.1f}"
        lines.append(f"  {label}: {s['points']:.2f} points, score {s['score']:+.2f} a deal; won {s['auctions_won']} "
                     f"auctions ({s['auctions_won_share']:.0%} [{s['auctions_won_ci95'][0]:.0%}, "
                     f"{s['auctions_won_ci95'][1]:.0%}] of tables), mean contract {contract}, made {made}")
    for key, count, whose in (("calibration", "forecasts", "won by advisor bidding"),
                              ("calibration_today", "forecasts_today", "of a third table bid today's way, advisor asked afterwards")):
        lines.append(f"  calibration, {f[count]} contracts {whose}: predicted P(make) against made")
        for b in f[key]:
            if b["count"]:
                lines.append(f"    {b['bucket']:>9}: {b['count']:4d} contracts, predicted {b['predicted']:.0%}, made "
                             f"{b['observed']:.0%} [{b['observed_ci95'][0]:.0%}, {b['observed_ci95'][1]:.0%}]")
    lines.append(f"  an advisor call: median {f['call_ms_median']} ms, 95th percentile {f['call_ms_p95']} ms, "
                 f"max {f['call_ms_max']} ms of CPU time ({f['advisor_calls']} calls); {f['cpu_seconds']} s CPU in all")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m somerset_tools.bench_bid``: print the figures (``--json`` for one JSON object a line)."""
    p = argparse.ArgumentParser(prog="python -m somerset_tools.bench_bid",
                                description="Advisor bidding against today's bidding in duplicate (seats swapped), "
                                            "and the advisor's calibration.")
    p.add_argument("--rules", default=",".join(DEFAULT_RULES),
                   help="rulesets, separated by commas (default %(default)s)")
    p.add_argument("--format", default=None, help="the format (default: each ruleset's first)")
    p.add_argument("--deals", type=int, default=200, help="deals counted a ruleset, each at two tables")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--play", choices=("heuristic", "sampling"), default="heuristic",
                   help="the bots that play the cards at both tables (default heuristic)")
    p.add_argument("--samples", type=int, default=BID_SAMPLES, help="the advisor's samples a call")
    p.add_argument("--progress", action="store_true", help="print a line every 25 deals on stderr")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if not 1 <= a.deals <= 100_000:
        p.error("--deals must be from 1 to 100,000")
    if not 1 <= a.samples <= 2000:
        p.error("--samples must be from 1 to 2,000")
    chosen = [x.strip() for x in a.rules.split(",") if x.strip()]
    for rules in chosen:
        try:
            f = load_ruleset(rules).format(a.format)
        except (ValueError, KeyError) as e:
            p.error(f"--rules {rules}: {e}")
        if len(f.teams) != 2:
            p.error(f"--rules {rules}: the duplicate needs two sides; the {f.id} format has {len(f.teams)}")
    for rules in chosen:
        figures = run(rules, a.format, a.deals, a.seed, a.play, a.samples, a.progress)
        print(json.dumps(figures) if a.json else describe(figures), flush=True)


if __name__ == "__main__":
    main()
