"""``somerset puzzles mine``: mine seeded deals for ending puzzles proven by the solver.

Writes each candidate as a ``[[puzzle]]`` table (to a file with ``--out``, or to stdout) with a
line on stderr for each deal that gave one; a person curates the kept ones into
``engine/src/somerset/content/puzzles/``. Bad input prints one line on stderr and exits with 2:
every number and the seeds' range are checked, and ``--out`` is opened, before the first deal.
A run mines at most :data:`MAX_MINED_SEEDS` seeds; Ctrl-C stops it (exit 130) with the candidates
found so far already written.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, TextIO

from somerset.rules.cards import parse_trump
from somerset.rules.errors import SomersetError
from somerset.rules.limits import MAX_SEED, excerpt
from somerset.rules.dimensions import Declaration, Ruleset
from somerset.rules.rulesets import get_ruleset
from .common import BadInput, in_range, open_out, path_problem, shown_path, whole

__all__ = ["register", "cmd_puzzles", "parse_seeds", "MAX_MINED_SEEDS", "MAX_CARDS", "MAX_STEPS"]

#: The most seeds one run mines. A seed takes a fraction of a second at the default --cards 4 but
#: minutes with larger hands (develop/benchmarks.md, "Ending puzzles"), so a mistyped range
#: (1..100000000) would run for days or years. For more seeds, run again with the next range.
MAX_MINED_SEEDS = 1_000
#: The most cards a hand for the solver to prove (the drawing pile's share included).
MAX_CARDS = 10
#: The most turns of the reader one puzzle asks for: one card each, so no more than a hand holds.
MAX_STEPS = MAX_CARDS

_SEEDS_FORM = f"A..B (such as 1..200, both included) or one seed, whole numbers from 0 to {MAX_SEED:,} (2**64 - 1)"


def parse_seeds(text: str) -> range:
    """``A..B`` (both included) or one seed: seeds from 0 to 2**64 - 1, at most :data:`MAX_MINED_SEEDS` of them."""

    def seed(part: str) -> int:
        digits = part.strip()
        if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_SEED)) + 1:  # "²" is a digit
            raise BadInput(f"--seeds must be {_SEEDS_FORM}, not '{excerpt(text, 40)}'")
        if int(digits) > MAX_SEED:
            raise BadInput(f"--seeds: {digits} is larger than the largest seed, {MAX_SEED:,} (2**64 - 1)")
        return int(digits)

    first, dots, last = text.partition("..")
    a = seed(first)
    b = seed(last) if dots else a
    if b < a:
        raise BadInput(f"--seeds {a}..{b}: the range runs from a seed up to a larger one, such as 1..200")
    if b - a + 1 > MAX_MINED_SEEDS:
        raise BadInput(f"--seeds {a}..{b} is {b - a + 1:,} seeds; a run mines at most {MAX_MINED_SEEDS:,} (a seed can "
                       f"take minutes): run again for the next ones, such as {a}..{a + MAX_MINED_SEEDS - 1} then "
                       f"{a + MAX_MINED_SEEDS}..")
    return range(a, b + 1)


def _trump(r: Ruleset, fmt_id: str, text: str) -> str:
    """The trump the high bidder is made to name, as the deal's action writes it."""
    if r.declaration.value is not Declaration.NAMED:
        raise BadInput(f"--trump: under {r.short_name} the high bidder does not name trump after the auction "
                       f"(trump is decided {r.declaration.value.label}); leave --trump out")
    try:
        trump = parse_trump(text, r.deck)
    except SomersetError as e:
        raise BadInput(f"--trump: {e}") from e
    problem = r.trump_problem(trump, fmt_id)
    if problem is not None:
        raise BadInput(f"--trump: {problem}")
    return str(trump)


def cmd_puzzles(args: argparse.Namespace) -> None:
    """Mine the seeds and write each candidate as it is found."""
    from ..ending_mine import candidate_toml, mine, theme_of

    try:
        r = get_ruleset(args.rules)
        fmt = r.format(args.format)
    except ValueError as e:
        raise BadInput(str(e)) from e
    seeds = parse_seeds(args.seeds)
    in_range(args.cards, "--cards", 2, MAX_CARDS, "cards a hand: the solver proves endings of a few cards")
    in_range(args.gap, "--gap", 1, fmt.points_per_deal, f"points, at most the {fmt.points_per_deal} of a deal")
    in_range(args.steps, "--steps", 1, MAX_STEPS, "the reader's turns, one card each")
    trump = _trump(r, fmt.id, args.trump) if args.trump is not None else None
    found: list[dict[str, Any]] = []
    out = open_out(args.out, "--out") if args.out is not None else None  # written as found: a long run may be stopped
    try:
        for p, proof in mine(r, fmt.id, seeds, max_cards=args.cards, gap=args.gap,
                             steps=args.steps, trump=trump):
            theme = theme_of(p, proof)
            text = candidate_toml(p, proof, theme)
            if out:
                _write(out, args.out, ("\n" if found else "") + text)
            elif not args.json:
                print(("\n" if found else "") + text, end="", flush=True)
            s = p.setup
            found.append({"seed": s.seed, "played": s.played, "goal": s.goal, "theme": theme,
                          "steps": len(proof.steps), "difficulty": proof.difficulty, "answer": list(p.answer)})
            print(f"seed {s.seed}: {s.goal}, {theme}, {len(proof.steps)} step(s), difficulty {proof.difficulty}",
                  file=sys.stderr)
    except BaseException:  # bad output, Ctrl-C: what was written so far stays
        if out:
            try:
                out.close()
            except OSError:
                pass  # the write that failed has been reported
        raise
    if out:
        try:
            out.close()
        except OSError as e:
            raise BadInput(f"--out {shown_path(args.out)}: cannot write it: {path_problem(e, args.out, True)}") from e
    if args.json:
        print(json.dumps({"rules": r.id, "seeds": [seeds.start, seeds.stop - 1], "candidates": found}))


def _write(out: TextIO, path: str, text: str) -> None:
    try:
        out.write(text)
        out.flush()
    except OSError as e:  # a full disk, say: what was written before stays
        raise BadInput(f"--out {shown_path(path)}: cannot write it: {path_problem(e, path, writing=True)}") from e


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    """Add the ``puzzles`` command."""
    p = add("puzzles", "mine seeded deals for ending puzzles proven by the solver",
            "Deal each seed as 'somerset play' does, let the bots play, and keep positions where exactly one card "
            "keeps the best result (the solver proves it). Example: somerset puzzles mine --rules parker-1947 "
            "--seeds 1..50 --out mined.toml")
    p.add_argument("action", choices=["mine"], help="what to do: mine")
    p.add_argument("--rules", required=True, help="ruleset id or alias")
    p.add_argument("--format", help="format id (default: the ruleset's main format)")
    p.add_argument("--seeds", required=True, help=f"the seeds to deal, A..B (both included) or one seed; at most "
                   f"{MAX_MINED_SEEDS:,} seeds a run (a seed can take minutes), each from 0 to 2**64 - 1")
    p.add_argument("--cards", type=whole, default=4, help=f"at most this many cards a hand (pile shares included), "
                   f"from 2 to {MAX_CARDS} (default 4)")
    p.add_argument("--gap", type=whole, default=2, help="goal 'most': every wrong card gives up at least this many "
                   "points, from 1 to the points of a deal (default 2)")
    p.add_argument("--steps", type=whole, default=3, help=f"at most this many of the reader's turns, from 1 to "
                   f"{MAX_STEPS} (default 3)")
    p.add_argument("--trump", help="the high bidder names this trump instead of the bot's choice (such as 0 or nt; "
                   "rulesets whose trump is named after the auction)")
    p.add_argument("--out", help="write the candidates to this file (TOML) instead of stdout; its folder must exist")
    p.set_defaults(func=cmd_puzzles)
