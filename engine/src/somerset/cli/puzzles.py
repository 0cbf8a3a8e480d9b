"""``somerset puzzles mine``: mine seeded deals for ending puzzles proven by the solver.

Writes each candidate as a ``[[puzzle]]`` table (to a file with ``--out``, or to stdout) with a
line on stderr for each deal that gave one; a person curates the kept ones into
``engine/src/somerset/content/puzzles/``. Bad input prints one line on stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from ..rulesets import get_ruleset
from .common import BadInput

__all__ = ["register", "cmd_puzzles", "parse_seeds"]


def parse_seeds(text: str) -> range:
    """``A..B`` (both included) or one seed."""
    try:
        if ".." in text:
            a, b = (int(x) for x in text.split("..", 1))
        else:
            a = b = int(text)
    except ValueError as e:
        raise BadInput(f"--seeds must be A..B (such as 1..200) or one whole number, not {text!r}") from e
    if a < 0 or b < a:
        raise BadInput(f"--seeds {text}: the seeds run from a whole number up to a larger one, such as 1..200")
    return range(a, b + 1)


def cmd_puzzles(args: argparse.Namespace) -> None:
    """Mine the seeds and write each candidate as it is found."""
    from ..ending_mine import candidate_toml, mine, theme_of

    try:
        r = get_ruleset(args.rules)
        fmt = r.format(args.format).id if args.format else None
    except ValueError as e:
        raise BadInput(str(e)) from e
    seeds = parse_seeds(args.seeds)
    if not 2 <= args.cards <= 10:
        raise BadInput("--cards must be from 2 to 10 (the solver proves endings of a few cards a hand)")
    found: list[dict[str, Any]] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # written as found: a long run may be stopped
    for p, proof in mine(r, fmt, seeds, max_cards=args.cards, gap=args.gap, steps=args.steps, trump=args.trump):
        theme = theme_of(p, proof)
        text = candidate_toml(p, proof, theme)
        if out:
            out.write(("\n" if found else "") + text)
            out.flush()
        elif not args.json:
            print(("\n" if found else "") + text, end="", flush=True)
        s = p.setup
        found.append({"seed": s.seed, "played": s.played, "goal": s.goal, "theme": theme, "steps": len(proof.steps),
                      "difficulty": proof.difficulty, "answer": list(p.answer)})
        print(f"seed {s.seed}: {s.goal}, {theme}, {len(proof.steps)} step(s), difficulty {proof.difficulty}",
              file=sys.stderr)
    if out:
        out.close()
    if args.json:
        print(json.dumps({"rules": r.id, "seeds": [seeds.start, seeds.stop - 1], "candidates": found}))


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    """Add the ``puzzles`` command."""
    p = add("puzzles", "mine seeded deals for ending puzzles proven by the solver",
            "Deal each seed as 'somerset play' does, let the bots play, and keep positions where exactly one card "
            "keeps the best result (the solver proves it). Example: somerset puzzles mine --rules parker-1947 "
            "--seeds 1..50 --out mined.toml")
    p.add_argument("action", choices=["mine"], help="what to do: mine")
    p.add_argument("--rules", required=True, help="ruleset id or alias")
    p.add_argument("--format", help="format id (default: the ruleset's main format)")
    p.add_argument("--seeds", required=True, help="the seeds to deal, A..B (both included)")
    p.add_argument("--cards", type=int, default=4, help="at most this many cards a hand (pile shares included)")
    p.add_argument("--gap", type=int, default=2, help="goal 'most': every wrong card gives up at least this many")
    p.add_argument("--steps", type=int, default=3, help="at most this many of the reader's turns")
    p.add_argument("--trump", help="the high bidder names this trump instead of the bot's choice (such as 0 or nt)")
    p.add_argument("--out", help="write the candidates to this file (TOML) instead of stdout")
    p.set_defaults(func=cmd_puzzles)
