"""The limits of what the engine accepts from a page or a user, in one place (the API's ``info``
request tells the page's), and how much of a user's text a message quotes back.

The ``MAX_`` constants are the limits. :func:`request_problem` checks a request's text before its
JSON is read and :func:`number_problem` its numbers; :func:`excerpt`, :func:`one_line` and
:func:`message_text` cut a user's text or a message to one short printable line.

>>> MAX_RECORD_CHARS, MAX_MOVES, MAX_SEED == 2**64 - 1
(20000, 200, True)
"""

from __future__ import annotations

import re

__all__ = ["MAX_RECORD_CHARS", "MAX_MOVES", "MAX_SEED", "MAX_SIMULATED_DEALS", "MAX_REQUEST_CHARS", "MAX_REQUEST_DEPTH",
           "MAX_NUMBER", "MAX_MESSAGE_CHARS", "excerpt", "one_line", "request_problem", "number_problem", "message_text"]

#: The longest record text a replay accepts (a whole Triple deal is about 3,000 characters).
MAX_RECORD_CHARS = 20_000
#: More moves than one seat makes in any deal: a longer list of the reader's moves is refused.
MAX_MOVES = 200
#: The largest seed: seeds are whole numbers from 0 to 2**64 - 1, the 64-bit words the shuffle of
#: :mod:`somerset.game.rng` is seeded with (its ``check_seed`` refuses any other).
MAX_SEED = (1 << 64) - 1
#: The most deals one ``simulate`` plays: at the heuristic bots' 200 or so deals a second here,
#: already more than half a day. More is refused; a run that is too long can be stopped with Ctrl-C.
MAX_SIMULATED_DEALS = 10_000_000
#: The longest request text accepted. A replayed record is at most 20,000 characters; a deal at
#: the table sends at most a few hundred short moves.
MAX_REQUEST_CHARS = 65_536
#: The deepest nesting of arrays and objects accepted; requests use two levels.
MAX_REQUEST_DEPTH = 8
#: The largest size of a whole number in a request other than its ``seed`` (bids, points, seats,
#: a solver's node budget): any number from -MAX_NUMBER to MAX_NUMBER is read, a larger one is
#: refused before the request is. Every count the engine takes is far below it (the most nodes
#: one ``solve`` request may ask for is 50,000,000), and a message can quote such a number whole.
MAX_NUMBER = 1_000_000_000
#: The longest message an error answer gives (a message quotes at most a short excerpt of the
#: input; a list of the values accepted makes it longer).
MAX_MESSAGE_CHARS = 600

# A JSON string (to its closing quote, or to the end of an unterminated one) or one bracket. The
# possessive repeat never backtracks, so a scan of the whole text is linear.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"?|[\[\]{}]', re.S)


def excerpt(text: str, limit: int = 40) -> str:
    """At most ``limit`` characters of ``text``, ending in "..." when cut, on one line: control
    characters (line breaks, tabs, escapes) are shown escaped, as ``\\n``.

    >>> excerpt("a\\nb")
    'a\\\\nb'
    >>> excerpt("x" * 100)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
    """
    if text.isprintable():
        return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."
    return one_line(text, limit)


def one_line(text: str, limit: int = 300) -> str:
    """``text`` as one printable line of at most ``limit`` characters, for a terminal: line breaks,
    tabs and other control characters (a user's argument may hold any) are shown escaped (``\\n``),
    so a message stays one line and cannot move the cursor or change colours."""
    shown = "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text[: limit * 2])
    return shown if len(shown) <= limit else shown[: max(0, limit - 3)] + "..."


def message_text(message: str) -> str:
    """An error message as an answer gives it: one line (control characters shown escaped) of at
    most :data:`MAX_MESSAGE_CHARS` characters. Every message the API answers passes through here,
    whatever part of the engine wrote it."""
    return one_line(message, MAX_MESSAGE_CHARS)


def number_problem(req: dict[str, object]) -> tuple[str, str] | None:
    """Why a request's numbers are refused, and the field at fault, or None: a whole number larger
    than :data:`MAX_NUMBER` in size anywhere in the request (however nested), or a top-level
    ``seed`` outside 0 to :data:`MAX_SEED`. The field is the name of the value holding the number
    (``bid`` for a pad deal's bid), so a page can point at it.

    >>> number_problem({"cmd": "score", "bid": 10**400})
    ("'bid' holds a number larger than 1,000,000,000 in size; a request's numbers are at most that", 'bid')
    >>> number_problem({"cmd": "table", "seed": 2**64 - 1, "deals": [{"bid": -7}]}) is None
    True
    """
    stack: list[tuple[object, str, bool]] = [(value, str(key), key == "seed") for key, value in req.items()]
    while stack:
        value, field, is_seed = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool):
            if is_seed and not 0 <= value <= MAX_SEED:  # worded as rng.check_seed words it
                shown = str(value) if abs(value) < 10**30 else "a number more than 30 digits long"
                return f"a seed must be a whole number from 0 to {MAX_SEED}, not {shown}", "seed"
            if not is_seed and not -MAX_NUMBER <= value <= MAX_NUMBER:
                name = excerpt(field)
                return (f"'{name}' holds a number larger than {MAX_NUMBER:,} in size; a request's numbers are at most that",
                        name)
        elif isinstance(value, list):
            stack.extend((item, field, False) for item in value)
        elif isinstance(value, dict):
            stack.extend((item, str(key), False) for key, item in value.items())
    return None


def request_problem(text: str | bytes | bytearray) -> str | None:
    """Why a request's text is refused before it is read as JSON (too long, nested too deep), or None.

    Brackets inside JSON strings are not counted. Text that is not valid JSON is left for the JSON
    reader to refuse.

    >>> request_problem("[" * 1000)
    'the request nests arrays or objects more than 8 deep'
    """
    if len(text) > MAX_REQUEST_CHARS:
        return f"the request is {len(text):,} characters long; the longest accepted is {MAX_REQUEST_CHARS:,}"
    s = text if isinstance(text, str) else bytes(text).decode("utf-8", "replace")
    if s.count("[") + s.count("{") <= MAX_REQUEST_DEPTH:
        return None
    depth = 0
    for m in _TOKEN.finditer(s):
        token = m.group()
        if token == "[" or token == "{":
            depth += 1
            if depth > MAX_REQUEST_DEPTH:
                return f"the request nests arrays or objects more than {MAX_REQUEST_DEPTH} deep"
        elif token == "]" or token == "}":
            depth -= 1
    return None
