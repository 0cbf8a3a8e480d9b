"""What a rule does, in numbers: figures from many games played by bots under each ruleset.

:func:`gather` plays seeded games (a :class:`~somerset.game.match.Game` moved by bots from
:func:`~somerset.players.roster.make_bots` through its public ``apply``) and reads each finished deal
from its public state. It returns a dict of figures, each with a 95% interval: the Rover's
tricks, the S/S captured, the points in the kitty and the face-up cards, the bidder's side's
points, each bid level made, the winning bids, and the deals a game takes. A figure a ruleset
cannot have is ``None``, with the reason in ``absent``. The same settings give the same figures,
in CPython and Pyodide. More: develop/architecture.md, "What a rule does".
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from somerset.players.roster import BOTS, make_bots
from somerset.players.autoplay import play_game
from somerset.game.deal import Deal
from somerset.game.match import Game
from somerset.game.rng import MASK64, deal_seed
from somerset.rules.dimensions import Declaration, Ruleset, UndealtKind
from somerset.rules.rulesets import RULESETS, load_ruleset

__all__ = ["Settings", "gather", "gather_all", "share", "mean", "quartiles", "STATS_VERSION", "main"]

#: Bumped when the shape or meaning of the figures changes (so cached figures are not reused).
STATS_VERSION = 1

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

JSON = dict[str, Any]


@dataclass(frozen=True)
class Settings:
    """What a run of :func:`gather_all` plays: games per ruleset, the seed, the bots, the rulesets.

    ``max_deals`` stops a game that has not ended after that many deals (counted as unfinished).
    """

    games: int = 200
    seed: int = 1
    bots: str = "heuristic"
    rulesets: tuple[str, ...] = tuple(RULESETS)
    max_deals: int = 100

    def __post_init__(self) -> None:
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ValueError(f"games must be a whole number of at least 1, not {self.games!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed <= MASK64:
            raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {self.seed!r}")
        if self.bots not in BOTS:
            raise ValueError(f"unknown bots {self.bots!r}; the bots are: {', '.join(BOTS)}")
        if isinstance(self.max_deals, bool) or not isinstance(self.max_deals, int) or self.max_deals < 1:
            raise ValueError(f"max_deals must be a whole number of at least 1, not {self.max_deals!r}")
        for r in self.rulesets:
            load_ruleset(r)  # raises a clear error for an unknown id

    def to_json(self) -> JSON:
        """The settings as a JSON-ready object (the cache's key is made from it)."""
        return {"games": self.games, "seed": self.seed, "bots": self.bots, "rulesets": list(self.rulesets),
                "max_deals": self.max_deals, "version": STATS_VERSION}


# --- estimates with their 95% intervals -----------------------------------------------------------


def share(k: int, n: int) -> JSON | None:
    """``k`` of ``n`` as a share with Wilson's 95% interval (None when ``n`` is 0).

    >>> share(40, 100)
    {'count': 40, 'of': 100, 'share': 0.4, 'low': 0.3094, 'high': 0.498}
    """
    if n <= 0:
        return None
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"count": k, "of": n, "share": round(p, 4), "low": round(max(0.0, centre - half), 4),
            "high": round(min(1.0, centre + half), 4)}


def mean(values: Sequence[float]) -> JSON | None:
    """The mean of ``values`` with a 95% interval from the normal approximation (None when empty).

    With a single value the interval is that value (there is no spread to measure).

    >>> mean([1, 2, 3, 4])
    {'of': 4, 'mean': 2.5, 'low': 1.235, 'high': 3.765, 'sd': 1.291}
    """
    n = len(values)
    if n == 0:
        return None
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"of": n, "mean": round(m, 3), "low": round(m - half, 3), "high": round(m + half, 3), "sd": round(sd, 3)}


def quartiles(counts: dict[int, int]) -> JSON | None:
    """The least, quartiles and greatest of a distribution given as value -> count (None when empty).

    A quartile is the lower middle value where it falls between two.

    >>> quartiles({10: 1, 12: 2, 15: 1})
    {'min': 10, 'q1': 10, 'median': 12, 'q3': 12, 'max': 15}
    """
    n = sum(counts.values())
    if n == 0:
        return None
    ordered = sorted(counts)

    def at(fraction: float) -> int:
        rank = max(0, math.ceil(fraction * n) - 1)
        seen = 0
        for v in ordered:
            seen += counts[v]
            if seen > rank:
                return v
        return ordered[-1]

    return {"min": ordered[0], "q1": at(0.25), "median": at(0.5), "q3": at(0.75), "max": ordered[-1]}


# --- one ruleset ----------------------------------------------------------------------------------


class _Tally:
    """What the deals of one ruleset add up to, deal by deal."""

    def __init__(self) -> None:
        self.deals = self.passed_out = 0
        self.rover_played = self.rover_took = 0
        self.ss_played = self.ss_captured = 0
        self.kitty_points: list[int] = []
        self.discard_points: list[int] = []
        self.face_up_points: list[int] = []
        self.face_up_to_bidder = 0
        self.bidder_points: list[int] = []
        self.bidder_share: list[float] = []
        self.bidder_change: list[int] = []
        self.levels: dict[int, list[int]] = {}  # bid -> [made, set]
        self.bids: Counter[int] = Counter()

    def add(self, deal: Deal) -> None:
        self.deals += 1
        if deal.passed_out:
            self.passed_out += 1
            return
        pack = deal.pack
        n = deal.players
        team_of = deal.team_of

        def counted(cards: Sequence[Any]) -> int:
            return sum(pack.count_value(c) for c in cards) if deal.count_cards else 0

        tricks = deal.tricks
        for t in tricks:
            for pos, card in enumerate(t.cards):
                if card.is_rover:
                    self.rover_played += 1
                    self.rover_took += t.seat_of(pos, n) == t.winner
                elif card.is_ss:
                    self.ss_played += 1
                    self.ss_captured += team_of[t.seat_of(pos, n)] != team_of[t.winner]
        bidder_team = None if deal.declarer is None else team_of[deal.declarer]
        if deal.undealt_kind is UndealtKind.KITTY and deal.kitty:
            self.kitty_points.append(counted(deal.undealt))
            self.discard_points.append(counted(deal.discards))
        if deal.face_up:
            cards = deal.index.cards
            self.face_up_points.append(counted([cards[i] for i in deal.face_up]))
            if bidder_team is not None and tricks:
                self.face_up_to_bidder += team_of[tricks[0].winner] == bidder_team
        if bidder_team is None or deal.bid is None:
            return
        points = deal.team_points()[bidder_team]
        self.bidder_points.append(points)
        self.bidder_share.append(points / deal.total_points)
        self.bidder_change.append(deal.score_changes()[bidder_team])
        self.levels.setdefault(deal.bid, [0, 0])[0 if deal.made else 1] += 1
        self.bids[deal.bid] += 1


def _absent(r: Ruleset, fmt_id: str, tally: _Tally) -> dict[str, str]:
    """Why a figure is missing for ``r``, worded from its data (only for figures that are missing)."""
    out: dict[str, str] = {}
    pack = r.deck
    fmt = r.format(fmt_id)
    undealt = r.undealt.value.kind
    if not any(c.is_rover for c in pack.cards) or not any(c.is_rover for c in pack.cards
                                                            if c not in fmt.removed_cards(pack)):
        out["rover"] = f"{r.short_name} plays without the 0/0"
    elif not tally.rover_played:
        out["rover"] = "the 0/0 was never played in these deals"
    if not pack.has_ss:
        out["ss_captured"] = f"{r.short_name} is played with the {pack.name} pack, which has no S/S"
    elif not tally.ss_played:
        out["ss_captured"] = "the S/S was never played in these deals"
    if undealt is not UndealtKind.KITTY:
        what = {UndealtKind.FACE_UP: "its undealt cards lie face up",
                UndealtKind.NONE: "every card is dealt"}.get(undealt, f"its undealt cards are a {undealt.value}")
        out["kitty"] = f"{r.short_name} has no kitty: {what}"
    elif not tally.kitty_points:
        out["kitty"] = "no deal in these games had a kitty"
    if not tally.face_up_points:
        what = {UndealtKind.KITTY: "its undealt cards are the bidder's kitty",
                UndealtKind.NONE: "every card is dealt"}.get(undealt, "")
        out["face_up"] = (f"{r.short_name} has no face-up cards: {what}" if what
                          else "no deal in these games had face-up cards")
    if r.declaration.value is Declaration.DRAWN:
        out["bids"] = f"{r.short_name} is played without bidding: trump is drawn"
    elif not tally.bidder_points:
        out["bids"] = "every deal in these games was thrown in"
    return out


def gather(ruleset: Ruleset | str, games: int, seed: int, bots: str = "heuristic", *, max_deals: int = 100,
           options: Sequence[str] = ()) -> JSON:
    """Play ``games`` games of ``ruleset`` (its main format) by ``bots`` and return the figures.

    Game ``g`` is dealt from ``deal_seed(seed, g)`` with seat ``g mod players`` dealing first, so
    every ruleset sees the same seeds. The figures are JSON-ready (each described in develop/architecture.md, "What a rule does").

    >>> f = gather("parker-1947", games=3, seed=1)
    >>> f["games"], f["deals"] == f["played"] + f["passed_out"], f["ss_captured"]["of"] > 0
    (3, True, True)
    >>> f["kitty"], f["absent"]["kitty"]
    (None, 'Parker 1947 has no kitty: its undealt cards lie face up')
    >>> gather("parker-1947", games=3, seed=1) == f
    True
    """
    r = load_ruleset(ruleset, options)
    fmt = r.format()
    tally = _Tally()
    lengths: Counter[int] = Counter()
    unfinished = 0
    for g in range(games):
        s = deal_seed(seed, g)
        game = Game(r, fmt.id, seed=s, dealer=g % fmt.players, max_deals=max_deals)
        play_game(game, make_bots(bots, fmt.players, s))
        for d in game.deals:
            tally.add(d)
        if game.unfinished:
            unfinished += 1
        else:
            lengths[len(game.deals)] += 1
    absent = _absent(r, fmt.id, tally)
    levels = {str(b): share(m, m + s) for b, (m, s) in sorted(tally.levels.items())}
    made = sum(m for m, _ in tally.levels.values())
    bid_deals = sum(m + s for m, s in tally.levels.values())
    game_lengths = [k for k, c in sorted(lengths.items()) for _ in range(c)]

    def unless(key: str, value: JSON | None) -> JSON | None:
        return None if key in absent else value

    return {
        "ruleset": r.id,
        "name": r.short_name,
        "options": list(r.option_applied),
        "format": fmt.id,
        "players": fmt.players,
        "points_per_deal": Deal(r, fmt.id).total_points,
        "target": r.game.value.target,
        "bots": bots,
        "seed": seed,
        "games": games,
        "deals": tally.deals,
        "played": tally.deals - tally.passed_out,
        "passed_out": tally.passed_out,
        "rover": unless("rover", share(tally.rover_took, tally.rover_played)),
        "ss_captured": unless("ss_captured", share(tally.ss_captured, tally.ss_played)),
        "kitty": unless("kitty", mean(tally.kitty_points)),
        "discards": unless("kitty", mean(tally.discard_points)),
        "face_up": unless("face_up", mean(tally.face_up_points)),
        "face_up_to_bidder": unless("face_up", share(tally.face_up_to_bidder, len(tally.face_up_points))),
        "bidder_points": unless("bids", mean(tally.bidder_points)),
        "bidder_share": unless("bids", mean(tally.bidder_share)),
        "bidder_change": unless("bids", mean(tally.bidder_change)),
        "made": unless("bids", share(made, bid_deals)),
        "levels": levels,
        "winning_bids": {str(b): c for b, c in sorted(tally.bids.items())},
        "winning_bid": unless("bids", mean([b for b, c in sorted(tally.bids.items()) for _ in range(c)])),
        "winning_bid_quartiles": quartiles(dict(tally.bids)),
        "game_length": mean(game_lengths),
        "game_length_quartiles": quartiles(dict(lengths)),
        "game_lengths": {str(k): c for k, c in sorted(lengths.items())},
        "unfinished": unfinished,
        "absent": absent,
    }


def gather_all(settings: Settings) -> JSON:
    """The figures of every ruleset in ``settings``, with the settings and the seconds each took.

    The figures depend only on the settings (and the engine); ``seconds`` is the time they took.
    """
    out: list[JSON] = []
    seconds: dict[str, float] = {}
    start = time.perf_counter()
    for rid in settings.rulesets:
        t = time.perf_counter()
        out.append(gather(rid, settings.games, settings.seed, settings.bots, max_deals=settings.max_deals))
        seconds[rid] = round(time.perf_counter() - t, 3)
    return {"settings": settings.to_json(), "rulesets": out,
            "seconds": round(time.perf_counter() - start, 3), "seconds_by_ruleset": seconds}


# --- the command ----------------------------------------------------------------------------------


def _pct(s: JSON | None) -> str:
    return "—" if s is None else f"{100 * s['share']:.1f}% ({100 * s['low']:.1f}–{100 * s['high']:.1f})"


def _avg(m: JSON | None) -> str:
    return "—" if m is None else f"{m['mean']:.2f} ({m['low']:.2f}–{m['high']:.2f})"


def main(argv: list[str] | None = None) -> int:
    """``python -m somerset_tools.stats``: print the figures of every ruleset (or those named)."""
    p = argparse.ArgumentParser(prog="python -m somerset_tools.stats", description=(
        "Play seeded games by bots under each ruleset and print what its rules do: how often the Rover "
        "takes its trick, the S/S is captured and a bid is made, and how many deals a game takes."))
    p.add_argument("--games", type=int, default=Settings.games, help="games per ruleset (default %(default)s)")
    p.add_argument("--seed", type=int, default=Settings.seed, help="seed of the first game (default %(default)s)")
    p.add_argument("--bots", default=Settings.bots, choices=sorted(BOTS), help="who plays (default %(default)s)")
    p.add_argument("--max-deals", type=int, default=Settings.max_deals,
                   help="a game not over after this many deals counts as unfinished (default %(default)s)")
    p.add_argument("--rules", nargs="*", default=list(RULESETS), help="ruleset ids or aliases (default: all)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    args = p.parse_args(argv)
    try:
        settings = Settings(args.games, args.seed, args.bots, tuple(load_ruleset(x).id for x in args.rules),
                            args.max_deals)
    except ValueError as e:
        print(f"python -m somerset_tools.stats: {e}", file=sys.stderr)
        return 2
    data = gather_all(settings)
    if args.json:
        print(json.dumps(data, indent=1))
        return 0
    print(f"{settings.games} games per ruleset, seed {settings.seed}, {settings.bots} bots; 95% intervals in brackets")
    for f in data["rulesets"]:
        print(f"\n{f['name']} ({f['format']}): {f['deals']} deals, {f['passed_out']} thrown in")
        print(f"  Rover takes its trick   {_pct(f['rover'])}")
        print(f"  S/S captured            {_pct(f['ss_captured'])}")
        print(f"  count in the kitty      {_avg(f['kitty'])}")
        print(f"  count face up           {_avg(f['face_up'])}")
        print(f"  bidder's side points    {_avg(f['bidder_points'])} of {f['points_per_deal']}")
        print(f"  bids made               {_pct(f['made'])}")
        print(f"  winning bid             {_avg(f['winning_bid'])}")
        print(f"  deals to {f['target']:<3}           {_avg(f['game_length'])}")
    print(f"\n{data['seconds']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
