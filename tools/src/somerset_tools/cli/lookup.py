"""Commands that look a rule up: ``rulesets`` (and a table's own rules, ``rulesets --compose``),
``trick``, ``legal`` and ``score``.

Each asks the JSON API (:mod:`somerset.api`), so the command line and the browser give the
same answers.
"""

from __future__ import annotations

import argparse
from typing import Any, Sequence

from somerset.rules.house import MAX_NAME_CHARS
from somerset.rules.limits import excerpt

from .common import AddCommand, BadInput, call, emit, whole

__all__ = ["register", "cmd_rulesets", "cmd_compose", "cmd_trick", "cmd_legal", "cmd_score"]


def _cards_arg(values: Sequence[str]) -> str:
    return " ".join(values)


def _changes(sets: Sequence[str]) -> dict[str, str]:
    """The ``--set RULE=VALUE`` arguments as a request's ``set``."""
    out: dict[str, str] = {}
    for item in sets:
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise BadInput(f"--set '{excerpt(item)}' is not RULE=VALUE, such as --set rover_play=any-time "
                           "(somerset rulesets --json lists the rules and their values)")
        if key.strip() in out:
            raise BadInput(f"--set gives {excerpt(key.strip())} twice; give each rule one value")
        out[key.strip()] = value.strip()
    return out


def cmd_compose(args: argparse.Namespace) -> None:
    """A table's own rules: a ruleset (or a code) with changes; prints the code and each change."""
    req: dict[str, Any] = {"cmd": "compose", "rules": args.compose, "set": _changes(args.set or [])}
    if args.name is not None:
        req["name"] = args.name
    data = call(req)
    lines = [f"{data['name']}", f"code: {data['code']}", f"over {data['base_name']}:"]
    lines += [f"  {c['setting']}={c['value']}: {c['sentence']}" for c in data["changes"]] or ["  no changes"]
    emit(args, data, "\n".join(lines))


def cmd_rulesets(args: argparse.Namespace) -> None:
    """List the rulesets with their packs and formats, or compose a table's own (``--compose``)."""
    if args.compose is not None:
        cmd_compose(args)
        return
    if args.set or args.name is not None:
        raise BadInput("--set and --name go with --compose BASE, the ruleset the table's rules are built on")
    data = call({"cmd": "rulesets"})["rulesets"]
    lines = []
    for r in data:
        formats = ", ".join(f"{f['id']} ({f['points_per_deal']} pts)" for f in r["formats"])
        lines.append(f"{r['id']:<22} {r['deck']:<7} {r['name']}\n{'':<31}formats: {formats}")
    emit(args, data, "\n".join(lines))


def _citation(c: dict[str, str]) -> str:
    return c["label"]


def cmd_trick(args: argparse.Namespace) -> None:
    """Who wins a trick, and why (under one ruleset or all)."""
    data = call({"cmd": "trick", "rules": args.rules, "trump": args.trump, "cards": _cards_arg(args.cards)})
    results = data["results"] if "results" in data else [data]
    lines = []
    for v in results:
        mark = "  (differs from most rulesets)" if v.get("dissent") else ""
        lines.append(
            f"{v['ruleset']}: position {v['winner'] + 1}, {v['card']}, wins{mark}\n  {v['reason']}\n"
            f"  [{_citation(v['citation'])}]" + (f"\n  Interpretation: {v['interpretation']}" if v["interpretation"] else "")
        )
    for s in data.get("skipped", []):
        lines.append(f"{s['ruleset']}: not applicable: {s['reason']}")
    emit(args, data, "\n".join(lines))


def cmd_legal(args: argparse.Namespace) -> None:
    """Which cards of a hand may be played, and why not the others."""
    req: dict[str, Any] = {"cmd": "legal", "rules": args.rules, "trump": args.trump, "hand": args.hand,
                           "first_trick": args.first_trick}
    if args.trick:
        req["trick"] = args.trick
    data = call(req)
    out = {"legal": data["legal"], "illegal": data["illegal"]}
    lines = [f"legal: {', '.join(data['legal'])}"]
    for i in data["illegal"]:
        lines.append(f"not {i['card']}: {i['reason']} [{_citation(i['citation'])}]")
    if data.get("note"):
        lines.append(f"Interpretation: {data['note']}")
        out["note"] = data["note"]
    emit(args, out, "\n".join(lines))


def cmd_score(args: argparse.Namespace) -> None:
    """Score a deal of the partnership game (under one ruleset or all)."""
    req: dict[str, Any] = {"cmd": "score", "rules": args.rules, "bid": args.bid, "made": args.made, "against": args.against}
    if args.format:
        req["format"] = args.format
    data = call(req)
    results = data["results"] if "results" in data else [data]
    lines = [
        f"{s['ruleset']}: bidder's side {s['bidder_side']:+d}, opponents {s['opponents']:+d}"
        f"{' (set)' if s['set'] else ''}\n  {s['reason']} [{_citation(s['citation'])}]"
        for s in results
    ]
    for s in data.get("skipped", []):
        lines.append(f"{s['ruleset']}: not applicable: {s['reason']}")
    emit(args, data, "\n".join(lines))


def register(add: AddCommand) -> None:
    """Add the look-up commands to the command line."""
    p = add("rulesets", "list the rulesets and their formats, or compose a table's own",
            "List every ruleset with its pack and formats (with --json, also each ruleset's value of every rule a "
            "table may change). With --compose, build a table's own rules from a ruleset and changes, each a value "
            "some ruleset of the same pack uses, and print its code, which every --rules accepts. Example: "
            "somerset rulesets --compose parker-1947 --set rover_play=any-time --set target=50 --name 'Our table'")
    p.add_argument("--compose", metavar="BASE", help="the ruleset (id, alias or code) the table's rules are built on")
    p.add_argument("--set", action="append", metavar="RULE=VALUE",
                   help="one change, such as rover_play=any-time or target=50 (repeat for more)")
    p.add_argument("--name", help=f"the name the table gives its rules (at most {MAX_NAME_CHARS} characters)")
    p.set_defaults(func=cmd_rulesets)

    p = add("trick", "who wins a trick, and why",
            "Resolve a trick. Cards are in play order; the first card is the lead. "
            "Example: somerset trick --rules parker-1947 --trump 2 8/8 6/8 4/10 0/2")
    p.add_argument("--rules", required=True, help="ruleset id or alias, or 'all' to compare every ruleset")
    p.add_argument("--trump", required=True, help="a suit number (2, 12), 0 for the 0/0 named trump, or nt")
    p.add_argument("cards", nargs="+", help="the cards in play order, such as 8/8 6/8 4/10 0/2")
    p.set_defaults(func=cmd_trick)

    p = add("legal", "which cards may be played",
            "List the legal cards of a hand, and why each other card is not legal. Without --trick the player leads.")
    p.add_argument("--rules", required=True, help="ruleset id or alias")
    p.add_argument("--trump", required=True, help="a suit number, 0 for the 0/0 named trump, or nt")
    p.add_argument("--hand", required=True, help="the hand, cards separated by commas or spaces")
    p.add_argument("--trick", default="", help="the cards already in the trick, in play order")
    p.add_argument("--first-trick", action="store_true", help="this is the first trick (the bidder's opening lead)")
    p.set_defaults(func=cmd_legal)

    p = add("score", "score a deal of the partnership game",
            "Score a deal: the bid, the points the bidder's side made and the points the other side took.")
    p.add_argument("--rules", required=True, help="ruleset id or alias, or 'all'")
    p.add_argument("--bid", required=True, type=whole, help="the winning bid")
    p.add_argument("--made", required=True, type=whole, help="points taken by the bidder's side")
    p.add_argument("--against", required=True, type=whole, help="points taken by the other side")
    p.add_argument("--format", help="format id (default: the ruleset's partnership game)")
    p.set_defaults(func=cmd_score)
