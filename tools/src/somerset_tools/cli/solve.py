"""``somerset solve``: best play in a position, from a deal record or from the hands.

It asks the JSON API's ``solve`` request, so the command line and the browser give the same
answers. Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Callable

from somerset import api
from somerset.rules.limits import excerpt
from somerset.solve.request import describe
from .common import BadInput, read_text, whole

__all__ = ["register", "cmd_solve"]


def _bad(message: str) -> Exception:
    return BadInput(message)


def _request(args: argparse.Namespace) -> dict[str, Any]:
    req: dict[str, Any] = {"cmd": "solve", "cards": True, "line": args.line}
    if args.record is not None:
        if args.hands is not None or args.rules is not None:
            raise _bad("give the position either as a record (--record) or as hands (--rules, --trump, --hands, "
                       "--leader), not both")
        req["record"] = read_text(args.record)
    else:
        missing = [name for name, value in (("--rules", args.rules), ("--trump", args.trump), ("--hands", args.hands),
                                            ("--leader", args.leader)) if value is None]
        if missing:
            raise _bad(f"missing {', '.join(missing)}: give the position as hands (--rules, --trump, --hands and "
                       "--leader) or as a record (--record FILE)")
        req.update({"rules": args.rules, "trump": args.trump, "leader": args.leader,
                    "hands": [h.strip() for h in args.hands.split("|")], "trick": args.trick or "",
                    "pile": args.pile or "", "face_up": args.face_up or "", "first_trick": args.first_trick})
        if args.option:
            req["option"] = args.option
        if args.format:
            req["format"] = args.format
    if args.side:
        try:
            req["side"] = [int(s) for s in args.side.replace(",", " ").split()]
        except ValueError as e:
            raise _bad(f"--side must be seat numbers such as 0,2, not '{excerpt(args.side, 40)}'") from e
    if args.nodes is not None:
        req["nodes"] = args.nodes
    if args.seconds is not None:
        req["seconds"] = args.seconds
    elif args.nodes is None:
        req["nodes"] = 50_000_000  # the most one request may ask for: effectively no limit
    return req


def cmd_solve(args: argparse.Namespace) -> None:
    """Print best play in the position the arguments give (by way of the API's ``solve`` request)."""
    data = api.dispatch(_request(args))
    if "error" in data:
        raise _bad(data["error"]["message"])
    print(json.dumps(data, indent=2) if args.json else describe(data))


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    """Add ``solve`` to the command line."""
    p = add("solve", "best play in a position with every card known",
            "Work out best play for both sides from a position whose remaining hands (and drawing pile) are "
            "known: the points each side still takes, and what every legal card of the player to move costs. "
            "Give a deal record (it is solved where it stops) or the hands, trump, leader and the trick so far. "
            "Example: somerset solve --rules parker-1947 --trump 8 --leader 0 "
            "--hands '8/8 2/2 | 0/0 3/4 | 6/8 1/2 | 4/8 0/6'")
    p.add_argument("--record", metavar="FILE", help="a deal record (as 'somerset play' prints it), or - for stdin")
    p.add_argument("--rules", help="ruleset id or alias")
    p.add_argument("--option", help="one of the ruleset's options")
    p.add_argument("--format", help="format id (default: the ruleset's first format with as many seats)")
    p.add_argument("--trump", help="a suit number, 0 for the 0/0 named trump, or nt")
    p.add_argument("--hands", help="every seat's hand from seat 0, separated by |")
    p.add_argument("--leader", type=whole, help="the seat that leads (or led) the trick")
    p.add_argument("--trick", help="the cards already played to the trick, in play order")
    p.add_argument("--pile", help="the drawing pile from the top (two- and three-handed formats)")
    p.add_argument("--face-up", help="face-up cards that go with the first trick")
    p.add_argument("--first-trick", action="store_true", help="no trick has been taken yet (face-up cards, the "
                   "bidder's opening lead)")
    p.add_argument("--side", help="the seats whose points are counted, such as 0,2 (default: the team to move)")
    p.add_argument("--line", action="store_true", help="also print one best line to the end")
    p.add_argument("--nodes", type=whole, help="stop after this many nodes and give the bounds proven so far")
    p.add_argument("--seconds", type=float, help="stop after this many seconds and give the bounds proven so far")
    p.set_defaults(func=cmd_solve)
