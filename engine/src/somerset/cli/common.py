"""What every command of the command line shares: the parser, bad input, and printing.

Bad input prints one line on stderr and exits with status 2; ``--json`` prints exactly one JSON
document. Work stopped by Ctrl-C exits with status 130, printing what was done so far when there is
something to print.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Callable, NoReturn

from .. import api
from ..limits import one_line

__all__ = ["EXIT_BAD_INPUT", "EXIT_STOPPED", "Parser", "BadInput", "Stopped", "AddCommand", "call", "emit"]

#: The exit status for input the engine cannot accept.
EXIT_BAD_INPUT = 2
#: The exit status after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_STOPPED = 130

#: Adds one subcommand (name, one-line help, description) with its ``--json`` flag.
AddCommand = Callable[[str, str, str], argparse.ArgumentParser]


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors exit with status 2 and point to ``--help``."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")


class BadInput(Exception):
    """Input a command cannot use; the message is printed on one line."""


class Stopped(Exception):
    """A command stopped by Ctrl-C after printing what it had done; the exit status is 130."""


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Ask the JSON API; an error answer becomes :class:`BadInput`."""
    response = api.dispatch(request)
    if "error" in response:
        raise BadInput(response["error"]["message"])
    return response


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """Print ``data`` as JSON with ``--json``, else ``text``."""
    print(json.dumps(data, indent=2) if args.json else text.rstrip("\n"))
