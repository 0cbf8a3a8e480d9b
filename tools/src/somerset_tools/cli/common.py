"""What every command of the command line shares: the parser, bad input, and printing.

Bad input prints one line on stderr and exits with status 2; ``--json`` prints exactly one JSON
document. Work stopped by Ctrl-C exits with status 130, printing what was done so far when there is
something to print. Files are read and written through :func:`read_text` and :func:`open_out`, so a
path that cannot be used (missing, a folder, a name too long, not UTF-8, too large) gets one line
naming it and why, never a traceback; :func:`whole` reads a whole number of any length and
:func:`in_range` checks it against its bounds.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from typing import Any, Callable, NoReturn, TextIO

from somerset import api
from somerset.rules.limits import excerpt, one_line

__all__ = ["EXIT_BAD_INPUT", "EXIT_STOPPED", "MAX_INPUT_CHARS", "Parser", "BadInput", "Stopped", "AddCommand", "call",
           "emit", "read_text", "open_out", "path_problem", "shown_path", "in_range", "whole", "shown_number"]

#: The exit status for input the engine cannot accept.
EXIT_BAD_INPUT = 2
#: The exit status after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_STOPPED = 130

#: The most text a command reads from one file or from standard input: far more than any record or
#: content file (a whole game's record is a few tens of thousands of characters), and a bound on
#: what a path such as /dev/zero would make it read.
MAX_INPUT_CHARS = 10_000_000

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


def shown_path(path: str) -> str:
    """A path as a message names it: ``standard input`` for ``-``, else at most 80 characters of it."""
    return "standard input" if path == "-" else excerpt(path, 80)


def path_problem(e: BaseException, path: str, writing: bool = False) -> str:
    """Why ``path`` could not be read (or written), in words, from the error that said so."""
    if isinstance(e, UnicodeError):
        return "it is not UTF-8 text"
    if isinstance(e, ValueError):  # open() refuses a name holding a NUL character
        return "a file name cannot hold a NUL character"
    if isinstance(e, IsADirectoryError):
        return "it is a folder; give a file" + (" name inside it, such as mined.toml" if writing else "")
    if isinstance(e, FileNotFoundError):
        if writing:
            folder = os.path.dirname(path) or "."
            return f"there is no folder {excerpt(folder, 80)}; give a file in a folder that exists"
        return "no such file"
    if isinstance(e, NotADirectoryError):
        return "a part of the path before the last / is a file, not a folder"
    if isinstance(e, PermissionError):
        return "permission denied"
    if isinstance(e, OSError) and e.errno == errno.ENAMETOOLONG:
        return f"the name is too long for the file system ({len(path):,} characters)"
    if isinstance(e, OSError) and e.strerror:
        return excerpt(e.strerror, 80)
    return excerpt(str(e), 80)


def read_text(path: str) -> str:
    """The UTF-8 text of the file ``path`` (``-``: standard input), at most :data:`MAX_INPUT_CHARS`
    characters; a file that cannot be read is :class:`BadInput` naming it and why."""
    if not path:
        raise BadInput("cannot read '': give a file name, or - for standard input")
    try:
        if path == "-":
            text = sys.stdin.read(MAX_INPUT_CHARS + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_INPUT_CHARS + 1)
    except (OSError, ValueError) as e:  # a UnicodeDecodeError is a ValueError
        raise BadInput(f"cannot read {shown_path(path)}: {path_problem(e, path)}") from e
    if len(text) > MAX_INPUT_CHARS:
        raise BadInput(f"cannot read {shown_path(path)}: it holds more than {MAX_INPUT_CHARS:,} characters, the most "
                       "a command reads (a record or a content file is far shorter)")
    return text


def open_out(path: str, option: str) -> TextIO:
    """The file ``path`` opened for writing UTF-8 text (made empty); a path that cannot be written is
    :class:`BadInput` naming the option, the path and why."""
    if not path:
        raise BadInput(f"{option} '': give a file name, such as mined.toml")
    try:
        return open(path, "w", encoding="utf-8")
    except (OSError, ValueError) as e:
        raise BadInput(f"{option} {shown_path(path)}: cannot write it: {path_problem(e, path, writing=True)}") from e


def whole(text: str) -> int:
    """An option's whole number, as ``int`` reads it, of any length: ``int`` refuses more than 4,300
    digits, and a number's bounds are checked (and worded) by the command, however long it is."""
    try:
        return int(text)
    except ValueError:
        body = text.strip()
        sign, digits = (-1, body[1:]) if body.startswith("-") else (1, body.removeprefix("+"))
        if not (digits.isascii() and digits.isdigit()):  # isdigit alone accepts "²"
            raise argparse.ArgumentTypeError(f"'{excerpt(text, 30)}' is not a whole number") from None
        value = 0
        for start in range(0, len(digits), 4000):
            chunk = digits[start:start + 4000]
            value = value * 10 ** len(chunk) + int(chunk)
        return sign * value


def in_range(value: int, option: str, low: int, high: int, what: str = "") -> int:
    """``value`` if it is from ``low`` to ``high``, else :class:`BadInput` naming ``option``, the
    bounds and ``what`` they mean."""
    if not low <= value <= high:
        meaning = f" ({what})" if what else ""
        raise BadInput(f"{option} must be a whole number from {low:,} to {high:,}{meaning}, not {shown_number(value)}")
    return value


def shown_number(value: int) -> str:
    """A number as a message quotes it: its digits with thousands separated, or, from 31 digits on
    (which Python may refuse to write), words saying how long it is, as the API words a seed."""
    return f"{value:,}" if abs(value) < 10**30 else "a number more than 30 digits long"

