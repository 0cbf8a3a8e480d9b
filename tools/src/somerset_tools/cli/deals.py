"""Commands for whole deals and games: ``play``, ``game``, ``check`` and ``simulate``.

``play`` plays one deal by bots and prints its record (or, with ``--json``, one JSON object);
``game`` plays a whole game to the ruleset's target; ``simulate`` plays many deals and prints
summary figures. Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from typing import Any, TextIO

from somerset.players.roster import BOT_KINDS, make_bots
from somerset.players.autoplay import play_game, play_until_bid
from somerset.teaching.content_check import check_content, is_content_path
from somerset.game.match import Game
from somerset.records.common import RecordError
from somerset.records.check import check_record
from somerset.records.game_record import game_record_of
from somerset.records.deal_record import record_of
from somerset.rules.limits import MAX_SIMULATED_DEALS
from somerset.game.rng import MASK64
from somerset.rules.dimensions import Ruleset
from somerset.rules.rulesets import get_ruleset, load_ruleset
from somerset.players.simulate import simulate
from somerset.game.views import deal_summary, game_summary
from .common import AddCommand, BadInput, Stopped, emit, path_problem, read_text, shown_number, shown_path, whole

__all__ = ["register", "cmd_play", "cmd_game", "cmd_check", "cmd_simulate"]


def _setup(args: argparse.Namespace) -> tuple[Ruleset, str]:
    try:
        r = load_ruleset(args.rules, args.option or ())
        fmt = r.format(args.format)
    except ValueError as e:
        raise BadInput(str(e)) from e
    if not 1 <= args.dealer <= fmt.players:
        raise BadInput(f"--dealer must be a seat from 1 to {fmt.players} (seats count from 1, as at the table)")
    if not 0 <= args.seed <= MASK64:
        raise BadInput("--seed must be a whole number from 0 to 2**64 - 1")
    return r, fmt.id


def cmd_play(args: argparse.Namespace) -> None:
    """Deal from the seed, let bots play one deal (dealing again while all pass), print its record."""
    r, fmt_id = _setup(args)
    deal, redeals = play_until_bid(r, fmt_id, args.seed, args.dealer - 1, args.bots)
    tags = {"Redeals": str(redeals)} if redeals else {}
    rec = record_of(deal, tags)
    data = {**deal_summary(deal), "redeals": redeals, "bots": args.bots, "record": str(rec)}
    emit(args, data, str(rec))


def cmd_game(args: argparse.Namespace) -> None:
    """Let bots play a whole game to the ruleset's target; print its record."""
    r, fmt_id = _setup(args)
    players = r.format(fmt_id).players
    game = play_game(Game(r, fmt_id, seed=args.seed, dealer=args.dealer - 1), make_bots(args.bots, players, args.seed))
    rec = game_record_of(game)
    data = {**game_summary(game), "bots": args.bots, "record": str(rec)}
    emit(args, data, str(rec))


def _duration(seconds: float) -> str:
    """A rough duration in words: '40 s', '12 min', '3.5 h', '9 days'."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.0f} days"


class _Progress:
    """One line on a terminal, rewritten in place: deals done, the rate, and the time left."""

    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out, self.width = total, out, 0

    def __call__(self, done: int, seconds: float) -> None:
        rate = done / seconds if seconds > 0 else 0.0
        left = f", about {_duration((self.total - done) / rate)} left" if rate else ""
        line = f"{done:,} of {self.total:,} deals ({100 * done / self.total:.1f}%), {rate:,.0f} a second{left}"
        self.out.write("\r" + line.ljust(self.width))
        self.out.flush()
        self.width = len(line)

    def clear(self) -> None:
        if self.width:
            self.out.write("\r" + " " * self.width + "\r")
            self.out.flush()


def _figures(data: dict[str, Any]) -> list[str]:
    sides = ", ".join(f"side {t}: {p}" for t, p in enumerate(data["average_points_per_side"]))
    return [
        f"average winning bid: {data['average_winning_bid']}",
        f"share of bids made: {data['share_made']}",
        f"average points per side: {sides} (of {data['points_per_deal']})",
        f"deals per second: {data['deals_per_second']}",
    ]


def cmd_simulate(args: argparse.Namespace) -> None:
    """Let bots play many deals and print summary figures; on a terminal, show progress.

    Stopped by Ctrl-C, it prints the figures of the deals finished so far (on one line, or as JSON
    with ``"stopped": true``) and exits with status 130."""
    r, fmt_id = _setup(args)
    if args.deals < 1:
        raise BadInput(f"--deals must be a whole number from 1 to {MAX_SIMULATED_DEALS:,}, not {shown_number(args.deals)}")
    if args.deals > MAX_SIMULATED_DEALS:
        raise BadInput(f"--deals is at most {MAX_SIMULATED_DEALS:,}, not {shown_number(args.deals)}: for more, run several times "
                       "with other --seed values (a run shows the time it has left on a terminal)")
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(args.deals, sys.stderr) if show else None
    # Ctrl-C asks the run to stop after the deal in progress, so the figures are of whole deals.
    asked = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: asked.append(signum))
    start = time.perf_counter()
    try:
        data = simulate(r, fmt_id, args.deals, args.seed, args.bots, args.dealer - 1, progress, lambda: bool(asked))
    finally:
        signal.signal(signal.SIGINT, previous)
        if progress is not None:
            progress.clear()
    if data.get("stopped"):
        figures = "; ".join(_figures(data)) if data["played"] else "no deal finished"
        text = (f"stopped (Ctrl-C) after {data['deals']:,} of {args.deals:,} deals, "
                f"{_duration(time.perf_counter() - start)}: {figures}")
        emit(args, data, text)
        raise Stopped()
    lines = [
        f"{data['ruleset']} {data['format']}: {data['deals']} deals by {data['bots']} bots "
        f"({data['played']} played, {data['passed_out']} passed out)",
        *_figures(data),
    ]
    emit(args, data, "\n".join(lines))


def cmd_check(args: argparse.Namespace) -> None:
    """Check a record, line by line, against the engine; or content files (puzzles, rulings, examples)."""
    if args.file not in ("-", ""):  # "" would be the current folder
        try:
            content = is_content_path(args.file)
            report = check_content([args.file]) if content else None
        except (OSError, ValueError) as e:  # a name too long, a folder that cannot be listed
            raise BadInput(f"cannot read {shown_path(args.file)}: {path_problem(e, args.file)}") from e
        if report is not None:
            if not report.ok:
                raise BadInput("\n".join(report.problems))
            emit(args, report.to_json(), "\n".join(report.lines()))
            return
    text = read_text(args.file)
    try:
        data = check_record(text)
    except RecordError as e:
        raise BadInput(str(e)) from e
    what = {"game": "a whole game", "deal": "a deal", "example": "a part of a deal without hands"}[data["kind"]]
    same = "" if data["text"].strip() == text.strip() else " (the engine writes it slightly differently; --json shows how)"
    emit(args, {"ok": True, **data}, f"ok: {what} under {', '.join(get_ruleset(r).short_name for r in data['rulesets'])}; every line agrees with "
          f"the engine{same}")


def _common(p: argparse.ArgumentParser, seed_required: bool = False) -> None:
    p.add_argument("--rules", required=True, help="ruleset id or alias")
    p.add_argument("--format", help="format id (default: the ruleset's first format)")
    p.add_argument("--seed", type=whole, default=0, required=seed_required, help="seed of the shuffle (a whole number)")
    p.add_argument("--dealer", type=whole, default=1, help="the first dealer's seat, from 1 as at the table (default 1; "
                   "records number seats from 0, so seat 1 is written [Dealer \"0\"])")
    p.add_argument("--option", action="append", help="apply one of the ruleset's options (repeatable), "
                   "such as without-bidding or start-at-15")
    p.add_argument("--bots", choices=sorted(BOT_KINDS), default="heuristic",
                   help="which bots play (default heuristic); heuristic+advisor and sampling+advisor play their "
                        "cards as heuristic and sampling but make their calls and name trump from the bid advisor "
                        "(about a tenth of a second a call)")


def register(add: AddCommand) -> None:
    """Add the whole-deal commands to the command line."""
    p = add("play", "play one whole deal by bots",
            "Deal from the seed and let bots bid and play one whole deal; print its record (PGN-like) or, "
            "with --json, one object with the hands, bids, trump, tricks, points and score. If everyone "
            "passes, the deal passes left and is dealt again. Example: somerset play --rules parker-1947 --seed 7")
    _common(p, seed_required=True)
    p.set_defaults(func=cmd_play)

    p = add("game", "play a whole game by bots to the ruleset's target",
            "Play deals by bots, the deal passing left, until a side reaches the ruleset's target "
            "(66, 50 or 99). Example: somerset game --rules hodges-1903 --seed 3")
    _common(p, seed_required=True)
    p.set_defaults(func=cmd_game)

    p = add("check", "check a record, or content files (puzzles, rulings, worked examples), against the engine",
            "Read a record (a whole game, a deal as 'somerset play' prints it, or a worked example without "
            "hands) and check every line the engine can work out: trick winners, points, result, score. "
            "Prints ok, or the first line that disagrees. Example: somerset play --rules parker-1947 --seed 7 "
            "| somerset check -. Given a folder, a .toml file (puzzles or rulings) or a .records file (worked "
            "examples), check them as the engine reads its own content: every field, and every stated answer. "
            "Example: somerset check engine/src/somerset/content/")
    p.add_argument("file", help="the record's file, - to read it from standard input, or a content file or folder")
    p.set_defaults(func=cmd_check)

    p = add("simulate", "play many deals and print summary figures",
            "Play many deals by bots and print the average winning bid, the share of bids made, the average "
            "points per side and deals per second. Example: somerset simulate --rules parker-1947 --deals 500 --seed 1")
    _common(p)
    p.add_argument("--deals", type=whole, default=200, help=f"how many deals (default 200, at most {MAX_SIMULATED_DEALS:,})")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show deals done and the time left on stderr (default: when stderr is a terminal)")
    p.set_defaults(func=cmd_simulate)

