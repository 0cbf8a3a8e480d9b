"""The narrow JSON interface the browser (and the command line) use.

``handle(text)`` takes one JSON request and returns one JSON response; it never raises. Bad input
comes back as ``{"error": {"message": ..., "field": ...}}`` naming what was wrong, what is accepted,
and the request field it belongs to. ``dispatch(dict)`` does the same without the JSON text.
:data:`COMMANDS` lists every command with the function that answers it and the fields it may read.
The answers' shapes are in :mod:`somerset.service.responses`; "all rulesets" answers come from
:mod:`somerset.service.compare`; the limits every request is held to, from :mod:`somerset.rules.limits`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any, Callable

from .rules.cards import PACKS
from .rules.errors import SomersetError, in_field
from .rules.limits import (MAX_MESSAGE_CHARS, MAX_MOVES, MAX_NUMBER, MAX_RECORD_CHARS, MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH,
                           MAX_SEED, excerpt, message_text, number_problem, request_problem)
from .rules.play import legal_plays, trick_conditions, trick_verdict
from .rules.rulesets import RULESETS
from .rules.scoring import score_deal, scored_format
from .service import fields as read
from .service import responses
from .service.compare import compare_score, compare_trick
from .service.fields import ApiError

__all__ = ["handle", "dispatch", "ApiError", "ruleset_summary", "trick_json", "legal_json", "score_json", "COMMANDS",
           "Command", "Request", "LIMITS"]

JSON = responses.JSON
ruleset_summary = responses.ruleset_summary

#: The limits a page checks before asking (sent by the ``info`` request; they live in
#: :mod:`somerset.rules.limits`). The seed's bound is text, since JavaScript numbers do not hold
#: 2**64 - 1 exactly.
LIMITS: JSON = {"record_chars": MAX_RECORD_CHARS, "moves": MAX_MOVES, "seed_max": str(MAX_SEED), "number_max": MAX_NUMBER,
                "request_chars": MAX_REQUEST_CHARS, "request_depth": MAX_REQUEST_DEPTH, "message_chars": MAX_MESSAGE_CHARS}


# --- the commands ---------------------------------------------------------------------------


def trick_json(req: JSON) -> JSON:
    """Who wins a trick (``rules`` may be ``all``): ``trump``, ``cards`` in play order, and optionally
    ``held``: the places (0 = the lead) of cards whose players still held a card of the suit led."""
    held = _held(req)
    if read.field(req, "rules", str).strip().lower() == "all":
        return compare_trick(read.field(req, "cards", (str, list)), read.field(req, "trump", str), held)
    r = read.ruleset(req)
    trump = read.trump(req, r)
    cards = read.cards(req, "cards", r)
    return responses.verdict_json(r, trump, cards, trick_verdict(r, trump, cards), trick_conditions(r, trump, cards, held))


def _held(req: JSON) -> tuple[int, ...]:
    raw = read.field(req, "held", list, [])
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in raw):
        raise ApiError("'held' must be a list of places in the trick (0 for the lead, 1 for the next card, ...)", "held")
    return tuple(raw)


def legal_json(req: JSON) -> JSON:
    """Which cards of ``hand`` may be played to ``trick`` (optional), with ``trump`` and ``first_trick``."""
    r = read.ruleset(req)
    trump = read.trump(req, r)
    hand = read.cards(req, "hand", r)
    trick = read.cards(req, "trick", r, [])
    first = read.field(req, "first_trick", bool, False)
    return responses.legal_json(r, trump, hand, trick, legal_plays(r, trump, hand, trick, first_trick=first))


def score_json(req: JSON) -> JSON:
    """A deal's score (``rules`` may be ``all``): ``bid``, ``made``, and ``against`` (default: the rest of the deal)."""
    rules = read.field(req, "rules", str)
    bid = read.field(req, "bid", int)
    made = read.field(req, "made", int)
    against = read.field(req, "against", int, None)
    if rules.strip().lower() == "all":
        return compare_score(bid, made, against, read.field(req, "format", str, None))
    r = read.ruleset(req)
    fmt = read.format_id(req, r)
    if against is None:
        against = scored_format(r, fmt).points_per_deal - made
    return responses.score_json(r, score_deal(r, bid, made, against, fmt))


def pack_json(req: JSON) -> JSON:
    """The cards of a ruleset's pack (``rules``) or of a pack by name (``deck``)."""
    if "rules" in req:
        return responses.pack_json(read.ruleset(req).deck)
    name = read.field(req, "deck", str)
    if name not in PACKS:
        raise ApiError(f"'{excerpt(name)}' is not a pack; the packs are: {', '.join(PACKS)}", "deck")
    return responses.pack_json(PACKS[name])


# The puzzles, the replays and the table are imported when first asked for: the trick resolver,
# the first widget most readers open, starts without reading them.


def puzzles_json(req: JSON) -> JSON:
    """Every puzzle (without its answer) and the themes."""
    from .teaching.puzzles import PUZZLES, THEMES, public

    # ending puzzles are judged from the trainer records the site build writes (their proofs are searches)
    return {"puzzles": [public(p) for p in PUZZLES if not p.kind_of.plays_out], "themes": [{"id": t, "name": n} for t, n in THEMES]}


def _puzzle(req: JSON) -> Any:
    from .teaching.puzzles import get_puzzle

    return in_field("id", get_puzzle, read.field(req, "id", str))


def puzzle_json(req: JSON) -> JSON:
    """One puzzle by ``id`` (without its answer)."""
    from .teaching.puzzles import public

    return public(_puzzle(req))


def judge_json(req: JSON) -> JSON:
    """Whether ``answer`` (card names or values) solves the puzzle ``id``, and why."""
    from .teaching.puzzles import judge

    p = _puzzle(req)
    answer = read.field(req, "answer", list)
    if not all(isinstance(x, str) for x in answer):
        raise ApiError("'answer' must be a list of card names or values", "answer")
    return {"id": p.id, **in_field("answer", judge, p, answer)}


def replay_json(req: JSON) -> JSON:
    """A replay of a worked example (``example``, optional ``rules``), of a record (``record``: its
    text), or of a deal dealt from a seed (``rules``, ``seed``, optional ``format`` and ``dealer``):
    played as its code ``play`` has it, or else by the bots of ``bots_version`` (see :mod:`somerset.records.links`)."""
    from .service.replay import replay, replay_bots, replay_code, replay_record

    if "example" in req:
        return in_field("example", replay, read.field(req, "example", str), read.field(req, "rules", str, None))
    if "record" in req:
        text = read.field(req, "record", str)
        try:
            return replay_record(text)
        except SomersetError as e:
            raise ApiError(f"the record cannot be replayed: {e}", "record") from e
    if "seed" in req:
        r = read.ruleset(req)
        seed = read.seed(req)
        fmt = read.format_id(req, r)
        code = read.play_code(req)
        if code is not None:
            return replay_code(r, fmt, seed, code, read.field(req, "dealer", int, 0))
        return replay_bots(r, fmt, seed, read.field(req, "dealer", int, 0), bots_version=read.bots_version(req))
    raise ApiError("a replay needs 'example', 'record', or 'rules' with 'seed'", "example")


def table_json(req: JSON) -> JSON:
    """A deal at the table: ``rules``, ``seed``, optional ``format``, ``play`` (the deal's code so far,
    see :mod:`somerset.records.links`), ``moves`` (the reader's action texts after it), ``bots_version``
    and ``level`` (the bots' level, see :data:`somerset.players.roster.LEVELS`)."""
    from .service.table import sit_down

    r = read.ruleset(req)
    seed = read.seed(req)
    fmt = read.format_id(req, r)
    moves = read.field(req, "moves", list, [])
    if not all(isinstance(m, str) for m in moves):
        raise ApiError("'moves' must be a list of moves such as \"bid 9\" or \"play 4/8\"", "moves")
    if len(moves) > MAX_MOVES:
        raise ApiError(f"'moves' has {len(moves)} moves; a deal needs at most {MAX_MOVES}", "moves")
    return sit_down(r, fmt, seed, moves, play=read.play_code(req), bots_version=read.bots_version(req),
                    level=read.level(req))


def rulesets_json(req: JSON) -> JSON:
    """Every ruleset, as the widgets list them, and what a table may change (``settings``: each
    rule with the values the rulesets use, see :func:`somerset.service.house.settings_json`)."""
    from .service.house import settings_json

    return {"rulesets": [responses.ruleset_summary(r) for r in RULESETS.values()], **settings_json()}


def compose_json(req: JSON) -> JSON:
    """A table's own rules: ``rules`` (a surveyed ruleset, or a ruleset code to change further),
    ``set`` (an object of rule to value, such as ``{"rover_play": "any-time", "target": 50}``) and
    an optional ``name``. The answer holds the ``code`` every ``rules`` field accepts, the ``name``,
    each change with the ruleset it comes from, the choices over the base, and the ruleset."""
    from .service.house import HouseRequestError, compose_request

    rules = read.field(req, "rules", str)
    changes = read.field(req, "set", dict, {})
    name = read.field(req, "name", str, None)
    try:
        return compose_request(rules, changes, name)
    except HouseRequestError as e:
        raise ApiError(str(e), e.field) from e


def house_figures_json(req: JSON) -> JSON:
    """What a table's own rules (``rules``, a code) do, in numbers: ``deals`` seeded deals (from
    ``seed``) played by the bots under them and under their base, as Same deal plays one."""
    from .service.house import HouseRequestError
    from .service.house_figures import house_figures

    rules = read.field(req, "rules", str)
    deals = read.field(req, "deals", int, 100)
    seed = read.seed(req) if "seed" in req else 1
    try:
        return house_figures(rules, deals, seed)
    except HouseRequestError as e:
        raise ApiError(str(e), e.field) from e


def rulings_json(req: JSON) -> JSON:
    """Every ruling's answer under ``rules``, a surveyed ruleset or a table's own (its code): the
    short answer, the reason with its citation (for a changed rule, the text the change comes from),
    any interpretation, and whether the question arises at all.

    >>> a = dispatch({"cmd": "rulings", "rules": "parker-1947~v1~rover_play.any-time"})
    >>> next(x for x in a["rulings"] if x["id"] == "rover-holding-suit")["short"]
    'Yes: the 0/0 may be played at any time'
    """
    from .teaching.rulings import RULINGS

    r = read.ruleset(req)
    out = []
    for ruling in RULINGS:
        a = ruling.answer(r)
        out.append({"id": ruling.id, "short": a.short, "detail": a.detail, "citation": a.citation.to_json(),
                    "interpretation": a.interpretation, "applies": a.applies})
    return {"ruleset": r.id, "ruleset_name": r.name, "rulings": out}


def info_json(req: JSON) -> JSON:
    """The engine's version, its commands, and the limits a page checks before asking."""
    from . import __version__

    return responses.info_json(__version__, list(COMMANDS), LIMITS)


def pad_json(req: JSON) -> JSON:
    """A running score pad: ``rules`` (and ``option``), optional ``format`` and ``names`` (one per
    side), and ``deals``, each ``{"bidder": side, "bid": n, "points": [per side]}``, ``{"points": [...]}``
    where nobody bids, or ``{"passed": true}``. The answer scores every deal and says who won."""
    from .service.pad import PadError, deal_from_json, score_pad

    r = read.ruleset(req)
    fmt = read.field(req, "format", str, None)
    names = read.field(req, "names", list, None)
    if names is not None and not all(isinstance(n, str) for n in names):
        raise ApiError("'names' must be a list of the sides' names", "names")
    deals = read.field(req, "deals", list, [])
    try:
        return score_pad(r, fmt, [deal_from_json(d, i) for i, d in enumerate(deals, 1)], names).to_json()
    except PadError as e:
        raise ApiError(str(e), e.field) from e


def samedeal_json(req: JSON) -> JSON:
    """One deal under several rulesets (see :mod:`somerset.service.samedeal_request`)."""
    from .service.samedeal_request import samedeal_json as answer

    return answer(req)


def solve_json(req: JSON) -> JSON:
    """Best play in a position (see :mod:`somerset.solve.request`), within a node or time budget."""
    from .solve.request import SolveRequestError, solve_request

    try:
        return solve_request(req)
    except SolveRequestError as e:
        raise ApiError(str(e), e.field) from e


def advise_json(req: JSON) -> JSON:
    """What a hand is worth with each trump, and what to bid (see :mod:`somerset.service.advise`)."""
    from .service.advise import advise_json as answer

    return answer(req)


_RULES = ("rules", "option")
_POSITION = ("rules", "option", "options", "format", "trump", "hands", "leader", "trick", "pile", "face_up", "first_trick",
             "taken", "side", "to_move")  # a solve answer's position (to_json) is accepted as it stands


@dataclass(frozen=True)
class Command:
    """One request the API answers: the function that answers it, and the fields it may read
    (besides ``cmd``); another field is refused, naming these, and a command that reads a field not
    listed here is stopped (see :class:`Request`)."""

    answer: Callable[[JSON], JSON]
    fields: tuple[str, ...]


#: Every command, with its fields, in the order the ``info`` request and the errors list them.
COMMANDS: dict[str, Command] = {
    "info": Command(info_json, ()),
    "rulesets": Command(rulesets_json, ()),
    "compose": Command(compose_json, ("rules", "set", "name")),
    "rulings": Command(rulings_json, _RULES),
    "house_figures": Command(house_figures_json, ("rules", "deals", "seed")),
    "pack": Command(pack_json, (*_RULES, "deck")),
    "trick": Command(trick_json, (*_RULES, "trump", "cards", "held")),
    "legal": Command(legal_json, (*_RULES, "trump", "hand", "trick", "first_trick")),
    "score": Command(score_json, (*_RULES, "format", "bid", "made", "against")),
    "puzzles": Command(puzzles_json, ()),
    "puzzle": Command(puzzle_json, ("id",)),
    "judge": Command(judge_json, ("id", "answer")),
    "replay": Command(replay_json, ("example", "record", *_RULES, "format", "seed", "dealer", "play", "bots_version")),
    "table": Command(table_json, (*_RULES, "format", "seed", "moves", "play", "bots_version", "level")),
    "pad": Command(pad_json, (*_RULES, "format", "names", "deals")),
    "solve": Command(solve_json, ("record", *_POSITION, "nodes", "seconds", "cards", "line", "lines", "you")),
    "samedeal": Command(samedeal_json, ("rules", "format", "seed", "dealer", "moves", "record", "bots", "play",
                                        "bots_version")),
    "advise": Command(advise_json, (*_RULES, "format", "hand", "seat", "dealer", "auction", "face_up", "seed", "samples",
                                    "precision", "max_samples")),
}


class Request(dict[str, Any]):
    """A request as its command reads it: looking at a field that the command's entry in
    :data:`COMMANDS` does not list raises (an internal error answer), so a command can never read a
    field that a page would have been refused for sending."""

    def __init__(self, req: JSON, cmd: str) -> None:
        super().__init__(req)
        self.cmd = cmd
        self.fields = frozenset((*COMMANDS[cmd].fields, "cmd"))

    def _listed(self, name: object) -> None:
        if name not in self.fields:
            raise AssertionError(f"the '{self.cmd}' command reads '{name}', which its entry in COMMANDS does not list")

    def __getitem__(self, name: str) -> Any:
        self._listed(name)
        return super().__getitem__(name)

    def __contains__(self, name: object) -> bool:
        self._listed(name)
        return super().__contains__(name)

    def get(self, name: str, default: Any = None) -> Any:
        self._listed(name)
        return super().get(name, default)


def _unknown_field(cmd: str, req: JSON) -> None:
    accepted = COMMANDS[cmd].fields
    for name in req:
        if name != "cmd" and name not in accepted:
            shown = excerpt(str(name))
            fields = ", ".join(accepted) if accepted else "none besides 'cmd'"
            raise ApiError(f"unknown field '{shown}' in a '{cmd}' request; its fields are: {fields}", shown)


def _internal(e: Exception) -> JSON:
    try:
        text = excerpt(f"{type(e).__name__}: {e}", 200)
    except Exception:  # an exception whose text cannot be made (a number too long to print)
        text = type(e).__name__
    return responses.error(f"internal error: {text}", internal=True)


def dispatch(req: Any) -> JSON:
    """Answer one request (a dict). Never raises.

    Before a command reads its request, the request is checked whole: only the command's
    fields (:data:`COMMANDS`), and no number larger than :data:`~somerset.rules.limits.MAX_NUMBER` in size (a
    ``seed`` from 0 to 2**64 - 1), however nested. An error's message is one line of at most
    :data:`~somerset.rules.limits.MAX_MESSAGE_CHARS` characters (see :func:`~somerset.rules.limits.message_text`).

    >>> dispatch({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "8/8 6/8 4/10 0/2"})["card"]
    '0/2'
    >>> dispatch({"cmd": "trick", "rules": "boardgamegeek", "trump": "nt", "cards": "8/8"})["error"]["field"]
    'trump'
    >>> dispatch({"cmd": "info"})["limits"]["moves"]
    200
    """
    try:
        answer = _answer(req)
        error = answer.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            error["message"] = message_text(error["message"])
            if isinstance(error.get("field"), str):
                error["field"] = excerpt(error["field"])
        return answer
    except Exception as e:  # the guard's own failure (cannot happen): still an answer
        return responses.error(f"internal error: {type(e).__name__}", internal=True)


def _answer(req: Any) -> JSON:
    try:
        if not isinstance(req, dict):
            raise ApiError("a request must be a JSON object with a 'cmd'", "cmd")
        numbers = number_problem(req)
        if numbers is not None:
            raise ApiError(*numbers)
        cmd = req.get("cmd")
        if not isinstance(cmd, str) or cmd not in COMMANDS:
            raise ApiError(f"unknown command {excerpt(repr(cmd))}; the commands are: {', '.join(COMMANDS)}", "cmd")
        _unknown_field(cmd, req)
        return COMMANDS[cmd].answer(Request(req, cmd))
    except SomersetError as e:
        return responses.error(str(e), e.field)
    except Exception as e:  # a bug: report it as a message rather than breaking the page
        return _internal(e)


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_IN_BROWSER = sys.platform == "emscripten"
_LAST_RESORT = json.dumps(responses.error("internal error: the engine could not answer", internal=True))


def handle(text: str) -> str:
    """Answer one JSON request with one JSON response. Never raises.

    The request's size and nesting are checked before its JSON is read (see :mod:`somerset.rules.limits`);
    ``NaN`` and ``Infinity``, which are not JSON, are refused. The answer is encoded inside the
    guard: an answer that cannot be written as JSON (a number too long to print, a float that is
    not a number) becomes an internal error answer."""
    try:
        try:
            problem = request_problem(text)
            req = json.loads(text, parse_constant=_not_json) if problem is None else None
        except (TypeError, ValueError, RecursionError) as e:
            problem = f"the request is not valid JSON: {excerpt(str(e), 120)}"
        answer = dispatch(req) if problem is None else responses.error(message_text(problem))
        try:
            return json.dumps(answer, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as e:
            return json.dumps(_internal(e))
    except BaseException as e:  # MemoryError, or an interrupt in the browser: still one answer
        if isinstance(e, (KeyboardInterrupt, SystemExit)) and not _IN_BROWSER:
            raise
        return _LAST_RESORT

