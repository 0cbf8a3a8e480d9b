"""Command-line commands for whole deals and games: ``play``, ``game`` and ``simulate``.

``play`` plays one deal by bots and prints its record (or, with ``--json``, one JSON object);
``game`` plays a whole game to the ruleset's target; ``simulate`` plays many deals and prints
summary figures. Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

from .bots import BOTS, make_bots, play_deal, play_game
from .game import Deal, Game, deal_seed, load_ruleset, new_deal
from .record import (RecordError, game_record_of, is_partial, parse_game_record, parse_partial, parse_record,
                     record_of)
from .rules import Declaration, Ruleset

#: ``play`` redeals (the deal passing left) when everyone passes; it gives up after this many.
MAX_REDEALS = 50


def _bad(message: str) -> Exception:
    from .cli import BadInput

    return BadInput(message)


def _setup(args: argparse.Namespace) -> tuple[Ruleset, str]:
    try:
        r = load_ruleset(args.rules, args.option or ())
        fmt = r.format(args.format)
    except ValueError as e:
        raise _bad(str(e)) from e
    if not 0 <= args.dealer < fmt.players:
        raise _bad(f"--dealer must be a seat from 0 to {fmt.players - 1}")
    if not 0 <= args.seed < 1 << 64:
        raise _bad("--seed must be a whole number from 0 to 2**64 - 1")
    return r, fmt.id


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2) if args.json else text.rstrip("\n"))


def cmd_play(args: argparse.Namespace) -> None:
    r, fmt_id = _setup(args)
    players = r.format(fmt_id).players
    redeals = 0
    deal: Deal | None = None
    for i in range(MAX_REDEALS + 1):
        seed = deal_seed(args.seed, i)
        deal = play_deal(new_deal(r, fmt_id, seed, (args.dealer + i) % players), make_bots(args.bots, players, seed))
        if not deal.passed_out:
            break
        redeals += 1
    assert deal is not None
    tags = {"Redeals": str(redeals)} if redeals else {}
    rec = record_of(deal, tags)
    data = {**deal.summary(), "redeals": redeals, "bots": args.bots, "record": str(rec)}
    _emit(args, data, str(rec))


def cmd_game(args: argparse.Namespace) -> None:
    r, fmt_id = _setup(args)
    players = r.format(fmt_id).players
    game = play_game(Game(r, fmt_id, seed=args.seed, dealer=args.dealer), make_bots(args.bots, players, args.seed))
    rec = game_record_of(game)
    data = {**game.summary(), "bots": args.bots, "record": str(rec)}
    _emit(args, data, str(rec))


def simulate(ruleset: Ruleset, format_id: str, deals: int, seed: int, bots: str = "heuristic",
             dealer: int = 0) -> dict[str, Any]:
    """Play ``deals`` deals by bots (the deal passing left) and return summary figures."""
    fmt = ruleset.format(format_id)
    n = fmt.players
    played = made = passed = 0
    bid_total = 0
    side_points = [0] * len(fmt.teams)
    start = time.perf_counter()
    for i in range(deals):
        s = deal_seed(seed, i)
        d = play_deal(new_deal(ruleset, fmt.id, s, (dealer + i) % n), make_bots(bots, n, s))
        if d.passed_out:
            passed += 1
            continue
        played += 1
        if d.declarer is not None:
            bid_total += d.bid_to_make or 0
            made += 1 if d.made else 0
        for t, p in enumerate(d.team_points()):
            side_points[t] += p
    seconds = time.perf_counter() - start
    bid_deals = played if ruleset.declaration.value is not Declaration.DRAWN else 0
    return {
        "ruleset": ruleset.id,
        "options": list(ruleset.option_applied),
        "format": fmt.id,
        "bots": bots,
        "seed": seed,
        "deals": deals,
        "played": played,
        "passed_out": passed,
        "average_winning_bid": round(bid_total / bid_deals, 3) if bid_deals else None,
        "share_made": round(made / bid_deals, 4) if bid_deals else None,
        "average_points_per_side": [round(p / played, 3) if played else 0.0 for p in side_points],
        "points_per_deal": Deal(ruleset, fmt.id).total_points,
        "seconds": round(seconds, 4),
        "deals_per_second": round(deals / seconds, 1) if seconds > 0 else None,
    }


def cmd_simulate(args: argparse.Namespace) -> None:
    r, fmt_id = _setup(args)
    if args.deals < 1:
        raise _bad("--deals must be at least 1")
    data = simulate(r, fmt_id, args.deals, args.seed, args.bots, args.dealer)
    sides = ", ".join(f"side {t}: {p}" for t, p in enumerate(data["average_points_per_side"]))
    lines = [
        f"{data['ruleset']} {data['format']}: {data['deals']} deals by {data['bots']} bots "
        f"({data['played']} played, {data['passed_out']} passed out)",
        f"average winning bid: {data['average_winning_bid']}",
        f"share of bids made: {data['share_made']}",
        f"average points per side: {sides} (of {data['points_per_deal']})",
        f"deals per second: {data['deals_per_second']}",
    ]
    _emit(args, data, "\n".join(lines))


def check_record(text: str) -> dict[str, Any]:
    """Read a record of any kind (a game, a deal, or a worked example without hands) and check it.

    Returns what it is and its text as the engine writes it; raises :class:`RecordError` naming the
    first line that does not agree with the engine."""
    if any(line.strip().startswith("Deal 1:") for line in text.splitlines()):
        game = parse_game_record(text)
        played = game.replay()
        return {"kind": "game", "rulesets": [played.ruleset.id], "deals": len(game.deals),
                "winner": played.winner, "scores": list(played.scores), "text": str(game)}
    if not is_partial(text):
        rec = parse_record(text)
        deal = rec.replay()
        return {"kind": "deal", "rulesets": [deal.ruleset.id], "over": deal.is_terminal(),
                "score": rec.score(), "text": str(rec)}
    partial = parse_partial(text)
    return {"kind": "example", "rulesets": partial.rulesets, "text": str(partial)}


def cmd_check(args: argparse.Namespace) -> None:
    import sys

    from .content_check import check_content, is_content_path

    if args.file != "-" and is_content_path(args.file):
        report = check_content([args.file])
        if not report.ok:
            raise _bad("\n".join(report.problems))
        _emit(args, report.to_json(), "\n".join(report.lines()))
        return
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as e:
        raise _bad(f"cannot read {args.file}: {e}") from e
    try:
        data = check_record(text)
    except RecordError as e:
        raise _bad(str(e)) from e
    what = {"game": "a whole game", "deal": "a deal", "example": "a part of a deal without hands"}[data["kind"]]
    same = "" if data["text"].strip() == text.strip() else " (the engine writes it slightly differently; --json shows how)"
    _emit(args, {"ok": True, **data}, f"ok: {what} under {', '.join(data['rulesets'])}; every line agrees with "
          f"the engine{same}")


def _common(p: argparse.ArgumentParser, seed_required: bool = False) -> None:
    p.add_argument("--rules", required=True, help="ruleset id or alias")
    p.add_argument("--format", help="format id (default: the ruleset's first format)")
    p.add_argument("--seed", type=int, default=0, required=seed_required, help="seed of the shuffle (a whole number)")
    p.add_argument("--dealer", type=int, default=0, help="the first dealer's seat (default 0)")
    p.add_argument("--option", action="append", help="apply one of the ruleset's options (repeatable), "
                   "such as without-bidding or start-at-15")
    p.add_argument("--bots", choices=sorted(BOTS), default="heuristic", help="which bots play (default heuristic)")


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
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
    p.add_argument("--deals", type=int, default=200, help="how many deals (default 200)")
    p.set_defaults(func=cmd_simulate)


__all__ = ["register", "simulate", "check_record", "cmd_play", "cmd_game", "cmd_check", "cmd_simulate", "MAX_REDEALS"]
