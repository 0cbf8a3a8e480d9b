"""``somerset advise``: what a hand is worth, with each trump, and what to bid.

It asks the JSON API's ``advise`` request (see :mod:`somerset.players.advisor`), so the command line
and the browser give the same answers. Seats are numbered from 1 here, as at the table. Bad input
prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Callable

from somerset import api
from somerset.players.advisor import MAX_SAMPLES
from somerset.rules.errors import SomersetError
from somerset.rules.rulesets import load_ruleset
from .common import BadInput, in_range, whole

__all__ = ["register", "cmd_advise", "describe"]


def _players(args: argparse.Namespace) -> int | None:
    """The format's number of seats, or None when the ruleset or format is bad (the API then says why)."""
    try:
        return load_ruleset(args.rules, [args.option] if args.option else []).format(args.format).players
    except (SomersetError, ValueError, KeyError):
        return None


def _request(args: argparse.Namespace) -> dict[str, Any]:
    req: dict[str, Any] = {"cmd": "advise", "rules": args.rules, "hand": args.hand, "seed": args.seed}
    n = _players(args)
    if n is not None:
        req["seat"] = in_range(args.seat, "--seat", 1, n, "the seat whose hand it is, as at the table") - 1
        if args.dealer is not None:
            req["dealer"] = in_range(args.dealer, "--dealer", 1, n, "the dealer's seat") - 1
    if args.option:
        req["option"] = args.option
    if args.format:
        req["format"] = args.format
    if args.auction:
        req["auction"] = args.auction.replace(",", " ").split()
    if args.face_up:
        req["face_up"] = args.face_up
    if args.samples is not None:
        req["samples"] = in_range(args.samples, "--samples", 1, MAX_SAMPLES, "deals played out for each trump")
    else:
        req["precision"] = args.precision
    return req


def describe(data: dict[str, Any]) -> str:
    """The advice as text: the recommendation, then one line per trump."""
    rec = data["recommendation"]
    call = "pass" if rec["bid"] is None else f"bid {rec['bid']}, Trump: {rec['label']}"
    lines = [f"{data['samples']} deals played out for each trump (seed {data['seed']}).",
             f"Recommended: {call}. {rec['reason']}", "",
             f"{'trump':<23} {'points (95%)':>16}  {'made 2 in 3':>11}  {'its score':>9}  {'made 1 in 2':>11}"]
    for t in data["trumps"]:
        if not t["samples"]:
            lines.append(f"{t['label']:<23} cannot be named from this hand")
            continue
        lo, hi = t["interval"] or (float("nan"), float("nan"))
        sure = [b for b in t["bids"] if b["p_make"] >= 2 / 3]
        even = [b["bid"] for b in t["bids"] if b["p_make"] >= 0.5]
        points = f"{t['mean']:.1f} ({lo:.1f} to {hi:.1f})"
        score = f"{sure[-1]['score']:+.1f}" if sure else "-"
        lines.append(f"{t['label']:<23} {points:>16}  {(sure[-1]['bid'] if sure else '-'):>11}  {score:>9}  "
                     f"{(max(even) if even else '-'):>11}")
    return "\n".join(lines)


def cmd_advise(args: argparse.Namespace) -> None:
    """Print the advice for the hand the arguments give (by way of the API's ``advise`` request)."""
    data = api.dispatch(_request(args))
    if "error" in data:
        raise BadInput(data["error"]["message"])
    if args.seat is not None:
        data["seat"] = args.seat  # as the reader numbered it
    print(json.dumps(data, indent=2) if args.json else describe(data))


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    """Add ``advise`` to the command line."""
    p = add("advise", "what a hand is worth with each trump, and what to bid",
            "Deal the cards the seat cannot see at random many times, play each deal out for every trump "
            "the bidder may name, and print the points the side takes, the chance of making each bid, "
            "the expected score of each bid under the ruleset's scoring and a recommended call. "
            "Example: somerset advise --rules parker-1947 --hand '6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10'")
    p.add_argument("--rules", required=True, help="ruleset id or alias")
    p.add_argument("--option", help="one of the ruleset's options")
    p.add_argument("--format", help="format id (default: the ruleset's first format)")
    p.add_argument("--hand", required=True, help="the seat's cards, such as '6/6 5/6 S/S ...'")
    p.add_argument("--seat", type=whole, default=1, help="the seat whose hand it is, from 1 (default 1)")
    p.add_argument("--dealer", type=whole, help="the dealer's seat, from 1 (default: the seat on the hand's right, "
                   "so the hand calls first)")
    p.add_argument("--auction", help="the calls made so far from the dealer's left, such as 'pass 10'")
    p.add_argument("--face-up", help="face-up cards the seat can see")
    p.add_argument("--seed", type=whole, default=0, help="the seed of the sampled deals (default 0)")
    p.add_argument("--samples", type=whole, help="play exactly this many deals for each trump")
    p.add_argument("--precision", type=float, default=1.0,
                   help="else play deals until every trump's mean points is known within this many (95%%; default 1)")
    p.set_defaults(func=cmd_advise)
