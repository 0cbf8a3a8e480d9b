"""The ``somerset`` command line: rulesets, trick verdicts, legal plays and scores, whole deals and games.

Every command has ``--help`` and takes ``--json`` to print exactly one JSON document. Bad input
prints one line on stderr and exits with status 2. The commands live in three modules, none of
which imports another: :mod:`.lookup` (``rulesets``, ``trick``, ``legal``, ``score``) and
:mod:`.deals` (``play``, ``game``, ``check``, ``simulate``) and :mod:`.solve` (``solve``) and :mod:`.advise` (``advise``) and :mod:`.puzzles` (``puzzles mine``) and :mod:`.lessons` (``lessons``); this module puts them together.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from somerset.rules.limits import one_line
from somerset.rules.rulesets import RULESETS
from . import advise, deals, lessons, lookup, puzzles, solve
from .common import EXIT_BAD_INPUT, EXIT_STOPPED, BadInput, Parser, Stopped

__all__ = ["main", "build_parser", "BadInput", "EXIT_BAD_INPUT"]


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command."""
    parser = Parser(
        prog="somerset",
        description="Rules engine for Some'r'Set, Double Somerset and Triple Somerset. "
        f"Rulesets: {', '.join(RULESETS)} (or 'all' where noted).",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def add(name: str, help: str, description: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=description)
        p.add_argument("--json", action="store_true", help="print exactly one JSON document")
        return p

    lookup.register(add)
    deals.register(add)
    solve.register(add)
    advise.register(add)
    puzzles.register(add)
    lessons.register(add)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status is 0, 2 for bad input, or 130 when stopped by Ctrl-C."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except BadInput as e:
        print(f"somerset {args.command}: {one_line(str(e))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Stopped:
        return EXIT_STOPPED  # the command has printed what it did
    except KeyboardInterrupt:
        print(f"somerset {args.command}: stopped (Ctrl-C)", file=sys.stderr)
        return EXIT_STOPPED
    except BrokenPipeError:
        return 0
    return 0
