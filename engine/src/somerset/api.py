"""The narrow JSON interface the browser (and the command line) use.

``handle(text)`` takes one JSON request and returns one JSON response; it never raises. Bad
input comes back as ``{"error": {"message": ..., "field": ...}}`` naming what was wrong, what is
accepted, and the request field it belongs to. ``dispatch(dict)`` does the same without the JSON
text. Each value is read where its field is known, and the engine's own errors name the argument
they belong to (see :class:`~somerset.rules.errors.SomersetError`), so no field is guessed from a
message. The answers' shapes are in :mod:`somerset.service.responses`; "all rulesets" answers come from
:mod:`somerset.service.compare`.

Every request is bounded before a command reads it (the limits live in :mod:`somerset.rules.limits`;
the ``info`` request reports them): its text's length and nesting, every whole number in it (a
``seed`` from 0 to 2**64 - 1, any other number at most ``MAX_NUMBER`` in size), and its fields
(each command's fields in :data:`COMMANDS`; another field is refused, naming them). An error message is one
printable line that quotes at most a short excerpt of the input. Every seed in an answer is text,
since JavaScript numbers do not hold seeds from 2**53 on exactly; a request may give a seed as a
number or as text.

>>> dispatch({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "8/8 6/8 4/10 0/2"})["card"]
'0/2'
>>> dispatch({"cmd": "trick", "rules": "boardgamegeek", "trump": "nt", "cards": "8/8"})["error"]["field"]
'trump'
>>> dispatch({"cmd": "info"})["limits"]["moves"]
200
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any, Callable

from .service import responses
from .rules.cards import PACKS, Card, Trump, parse_cards, parse_trump
from .service.compare import compare_score, compare_trick
from .rules.errors import SomersetError, in_field
from .rules.limits import (MAX_MESSAGE_CHARS, MAX_MOVES, MAX_NUMBER, MAX_RECORD_CHARS, MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH,
                     MAX_SEED, excerpt, message_text, number_problem, request_problem)
from .rules.play import legal_plays, trick_verdict
from .game.rng import check_seed
from .rules.dimensions import Ruleset
from .rules.rulesets import RULESETS, load_ruleset
from .rules.scoring import score_deal, scored_format

__all__ = ["handle", "dispatch", "ApiError", "ruleset_summary", "trick_json", "legal_json", "score_json", "COMMANDS",
           "Command", "Request", "LIMITS"]

JSON = responses.JSON
ruleset_summary = responses.ruleset_summary

#: The limits a page checks before asking (sent by the ``info`` request; they live in
#: :mod:`somerset.rules.limits`). The seed's bound is text, since JavaScript numbers do not hold
#: 2**64 - 1 exactly.
LIMITS: JSON = {"record_chars": MAX_RECORD_CHARS, "moves": MAX_MOVES, "seed_max": str(MAX_SEED), "number_max": MAX_NUMBER,
                "request_chars": MAX_REQUEST_CHARS, "request_depth": MAX_REQUEST_DEPTH, "message_chars": MAX_MESSAGE_CHARS}


class ApiError(SomersetError):
    """A request the API cannot answer; ``field`` names the request field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message, field=field)


# --- reading a request ----------------------------------------------------------------------


def _field(req: JSON, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if name not in req:
        if default is ...:
            raise ApiError(f"the request needs '{name}'", name)
        return default
    value = req[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kinds):  # True is an int to Python
        raise ApiError(f"'{name}' has the wrong type", name)
    return value


def _ruleset(req: JSON) -> Ruleset:
    """The ruleset of ``rules``, with the ``option`` applied if one is given."""
    name = _field(req, "rules", str)
    option = _field(req, "option", str, None)
    return in_field("rules", load_ruleset, name, [option] if option is not None else [])


def _cards(req: JSON, name: str, ruleset: Ruleset, default: Any = ...) -> tuple[Card, ...]:
    raw = _field(req, name, (str, list), default)
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError(f"'{name}' must be a list of card names", name)
    cards: tuple[Card, ...] = in_field(name, parse_cards, raw, ruleset.deck, what=name)
    return cards


def _trump(req: JSON, ruleset: Ruleset) -> Trump:
    trump: Trump = in_field("trump", parse_trump, _field(req, "trump", str), ruleset.deck)
    return trump


def _seed(req: JSON) -> int:
    """The ``seed``: a whole number, or its digits as text (for seeds JavaScript numbers cannot hold)."""
    raw = _field(req, "seed", (int, str))
    if isinstance(raw, str):
        digits = raw.strip()
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):  # isdigit alone accepts "²"
            raise ApiError(f"'seed' must be a whole number from 0 to {MAX_SEED}, not {excerpt(raw, 30)!r}", "seed")
        raw = int(digits)
    return check_seed(raw)


def _format(req: JSON, ruleset: Ruleset) -> str | None:
    fmt: str | None = _field(req, "format", str, None)
    if fmt is not None:
        ruleset.format(fmt)  # names the formats there are, as the 'format' field's error
    return fmt


# --- the commands ---------------------------------------------------------------------------


def trick_json(req: JSON) -> JSON:
    """Who wins a trick (``rules`` may be ``all``): ``trump``, ``cards`` in play order."""
    if _field(req, "rules", str).strip().lower() == "all":
        return compare_trick(_field(req, "cards", (str, list)), _field(req, "trump", str))
    r = _ruleset(req)
    trump = _trump(req, r)
    cards = _cards(req, "cards", r)
    return responses.verdict_json(r, trump, cards, trick_verdict(r, trump, cards))


def legal_json(req: JSON) -> JSON:
    """Which cards of ``hand`` may be played to ``trick`` (optional), with ``trump`` and ``first_trick``."""
    r = _ruleset(req)
    trump = _trump(req, r)
    hand = _cards(req, "hand", r)
    trick = _cards(req, "trick", r, [])
    first = _field(req, "first_trick", bool, False)
    return responses.legal_json(r, trump, hand, trick, legal_plays(r, trump, hand, trick, first_trick=first))


def score_json(req: JSON) -> JSON:
    """A deal's score (``rules`` may be ``all``): ``bid``, ``made``, and ``against`` (default: the rest of the deal)."""
    rules = _field(req, "rules", str)
    bid = _field(req, "bid", int)
    made = _field(req, "made", int)
    against = _field(req, "against", int, None)
    if rules.strip().lower() == "all":
        return compare_score(bid, made, against, _field(req, "format", str, None))
    r = _ruleset(req)
    fmt = _format(req, r)
    if against is None:
        against = scored_format(r, fmt).points_per_deal - made
    return responses.score_json(r, score_deal(r, bid, made, against, fmt))


def pack_json(req: JSON) -> JSON:
    """The cards of a ruleset's pack (``rules``) or of a pack by name (``deck``)."""
    if "rules" in req:
        return responses.pack_json(_ruleset(req).deck)
    name = _field(req, "deck", str)
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

    return in_field("id", get_puzzle, _field(req, "id", str))


def puzzle_json(req: JSON) -> JSON:
    """One puzzle by ``id`` (without its answer)."""
    from .teaching.puzzles import public

    return public(_puzzle(req))


def judge_json(req: JSON) -> JSON:
    """Whether ``answer`` (card names or values) solves the puzzle ``id``, and why."""
    from .teaching.puzzles import judge

    p = _puzzle(req)
    answer = _field(req, "answer", list)
    if not all(isinstance(x, str) for x in answer):
        raise ApiError("'answer' must be a list of card names or values", "answer")
    return {"id": p.id, **in_field("answer", judge, p, answer)}


def _bots_version(req: JSON) -> int:
    """The ``bots_version`` of a link played by the bots (1, the links' default, when not given)."""
    from .players.roster import LINK_BOTS_VERSION, check_bots_version

    version: int = in_field("bots_version", check_bots_version, _field(req, "bots_version", (int, str),
                                                                        LINK_BOTS_VERSION))
    return version


def _play_code(req: JSON) -> str | None:
    """The ``play`` field: a deal's code (see :mod:`somerset.records.links`), read where it is replayed."""
    from .records.links import MAX_CODE_CHARS

    code: str | None = _field(req, "play", str, None)
    if code is not None and len(code) > MAX_CODE_CHARS:
        raise ApiError(f"'play' is {len(code):,} characters; a deal's code is at most {MAX_CODE_CHARS:,}", "play")
    return code


def replay_json(req: JSON) -> JSON:
    """A replay of a worked example (``example``, optional ``rules``), of a record (``record``: its
    text), or of a deal dealt from a seed (``rules``, ``seed``, optional ``format`` and ``dealer``):
    played as its code ``play`` has it, or else by the bots of ``bots_version`` (see :mod:`somerset.records.links`)."""
    from .service.replay import replay, replay_bots, replay_code, replay_record

    if "example" in req:
        return in_field("example", replay, _field(req, "example", str), _field(req, "rules", str, None))
    if "record" in req:
        text = _field(req, "record", str)
        try:
            return replay_record(text)
        except SomersetError as e:
            raise ApiError(f"the record cannot be replayed: {e}", "record") from e
    if "seed" in req:
        r = _ruleset(req)
        seed = _seed(req)
        fmt = _format(req, r)
        code = _play_code(req)
        if code is not None:
            return replay_code(r, fmt, seed, code, _field(req, "dealer", int, 0))
        return replay_bots(r, fmt, seed, _field(req, "dealer", int, 0), bots_version=_bots_version(req))
    raise ApiError("a replay needs 'example', 'record', or 'rules' with 'seed'", "example")


def table_json(req: JSON) -> JSON:
    """A deal at the table: ``rules``, ``seed``, optional ``format``, ``play`` (the deal's code so far,
    see :mod:`somerset.records.links`), ``moves`` (the reader's action texts after it) and ``bots_version``."""
    from .service.table import sit_down

    r = _ruleset(req)
    seed = _seed(req)
    fmt = _format(req, r)
    moves = _field(req, "moves", list, [])
    if not all(isinstance(m, str) for m in moves):
        raise ApiError("'moves' must be a list of moves such as \"bid 9\" or \"play 4/8\"", "moves")
    if len(moves) > MAX_MOVES:
        raise ApiError(f"'moves' has {len(moves)} moves; a deal needs at most {MAX_MOVES}", "moves")
    return sit_down(r, fmt, seed, moves, play=_play_code(req), bots_version=_bots_version(req))


def rulesets_json(req: JSON) -> JSON:
    """Every ruleset, as the widgets list them."""
    return {"rulesets": [responses.ruleset_summary(r) for r in RULESETS.values()]}


def info_json(req: JSON) -> JSON:
    """The engine's version, its commands, and the limits a page checks before asking."""
    from . import __version__

    return responses.info_json(__version__, list(COMMANDS), LIMITS)


def pad_json(req: JSON) -> JSON:
    """A running score pad: ``rules`` (and ``option``), optional ``format`` and ``names`` (one per
    side), and ``deals``, each ``{"bidder": side, "bid": n, "points": [per side]}``, ``{"points": [...]}``
    where nobody bids, or ``{"passed": true}``. The answer scores every deal and says who won."""
    from .service.pad import PadError, deal_from_json, score_pad

    r = _ruleset(req)
    fmt = _field(req, "format", str, None)
    names = _field(req, "names", list, None)
    if names is not None and not all(isinstance(n, str) for n in names):
        raise ApiError("'names' must be a list of the sides' names", "names")
    deals = _field(req, "deals", list, [])
    try:
        return score_pad(r, fmt, [deal_from_json(d, i) for i, d in enumerate(deals, 1)], names).to_json()
    except PadError as e:
        raise ApiError(str(e), e.field) from e


def samedeal_json(req: JSON) -> JSON:
    """One deal under several rulesets (``rules``: a list of ids, or one text with commas), where they
    part ways and how it ends under each: from ``seed`` (the bots play it under the first ruleset, in
    ``format``), from ``seed`` with ``play`` (a deal's code, see :mod:`somerset.records.links`) or ``moves``
    (the deal the reader played at the table), or from ``record`` (its text; its own ruleset is
    compared too). Optional ``dealer`` (a seed the bots play: the dealer's seat, 0 by default), ``bots``:
    who plays on; ``bots_version``: the version of their play."""
    from .service.samedeal import PLAYERS, choose_rulesets, record_source, same_deal, seed_source, table_source

    raw = _field(req, "rules", (str, list))
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError("'rules' must be a list of ruleset ids such as \"parker-1947\"", "rules")
    names = [n for n in (raw.replace(",", " ").split() if isinstance(raw, str) else raw) if n.strip()]
    kind = _field(req, "bots", str, "heuristic")
    if kind not in PLAYERS:
        raise ApiError(f"'bots' must be one of: {', '.join(PLAYERS)}; not {excerpt(kind, 30)!r}", "bots")
    players, words = PLAYERS[kind]
    version = _bots_version(req)
    if "record" in req:
        source = record_source(_field(req, "record", str))
    elif "seed" in req:
        if not names:
            raise ApiError("'rules' must name the rulesets to compare, the deal's own first", "rules")
        first = choose_rulesets(names)[0]
        seed = _seed(req)
        fmt = _format(req, first)
        code = _play_code(req)
        if "moves" in req or code is not None:
            if "dealer" in req:
                raise ApiError("'dealer' is for a deal the bots play from a seed; a deal played at the table "
                               "is dealt by its last seat", "dealer")
            moves = _field(req, "moves", list, [])
            if not all(isinstance(m, str) for m in moves):
                raise ApiError("'moves' must be a list of moves such as \"bid 9\" or \"play 4/8\"", "moves")
            source = table_source(first, fmt, seed, moves, play=code)
        else:
            source = seed_source(first, fmt, seed, players, _field(req, "dealer", int, 0))
    else:
        raise ApiError("the same deal needs 'seed' (with 'rules', the deal's own ruleset first) or 'record'", "seed")
    out = same_deal(source, names, players, words)
    out["bots_version"] = version
    return out


def solve_json(req: JSON) -> JSON:
    """Best play in a position (see :mod:`somerset.solve.request`), within a node or time budget."""
    from .solve.request import SolveRequestError, solve_request

    try:
        return solve_request(req)
    except SolveRequestError as e:
        raise ApiError(str(e), e.field) from e


def advise_json(req: JSON) -> JSON:
    """What a hand is worth (see :mod:`somerset.players.advisor`): ``hand`` (text or a list of cards),
    ``rules`` (and ``option``), optional ``format``, ``seat`` (0 to players - 1; default 0), ``dealer``
    (default: the seat's right), ``auction`` (the calls so far, from the dealer's left: text or a
    list such as ["10", "pass"]), ``face_up`` (face-up cards the seat sees), ``seed`` (default 0) and
    the budget: ``samples`` (at most :data:`~somerset.players.advisor.MAX_SAMPLES`), or else slices
    until every trump's mean is known within ``precision`` points (default 1) or ``max_samples``
    (default 2,000) are played. The same request again with more samples carries on from the last."""
    from .players.advisor import MAX_SAMPLES, AdviceError, advisor_for

    r = _ruleset(req)
    fmt = _format(req, r)
    hand = _cards(req, "hand", r)
    face_up = _cards(req, "face_up", r, ())
    raw = _field(req, "auction", (str, list), [])
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError("'auction' must be a list of calls such as \"10\" or \"pass\"", "auction")
    calls = raw.replace(",", " ").split() if isinstance(raw, str) else raw
    if len(calls) > MAX_MOVES:
        raise ApiError(f"'auction' has {len(calls)} calls; an auction has at most {MAX_MOVES}", "auction")
    seat = _field(req, "seat", int, 0)
    dealer = _field(req, "dealer", int, None)
    seed = _seed(req) if "seed" in req else 0
    samples = _field(req, "samples", int, None)
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise ApiError(f"'samples' must be from 1 to {MAX_SAMPLES:,}, not {samples}", "samples")
    precision = _field(req, "precision", (int, float), 1.0)
    if not 0.05 <= precision <= 100:
        raise ApiError(f"'precision' must be a number of points from 0.05 to 100, not {precision}", "precision")
    most = _field(req, "max_samples", int, 2000)
    if not 1 <= most <= MAX_SAMPLES:
        raise ApiError(f"'max_samples' must be from 1 to {MAX_SAMPLES:,}, not {most}", "max_samples")
    try:
        advisor = advisor_for(r, hand, fmt, seat=seat, dealer=dealer, auction=calls, face_up=face_up, seed=seed,
                              samples=samples if samples is not None else 0)
        if samples is not None:
            advisor.run(samples - advisor.done)
        else:
            slice_ = 40
            while advisor.done < most and not advisor.precise(precision):
                advisor.run(min(slice_, most - advisor.done))
        out: JSON = advisor.advice().to_json()
    except AdviceError as e:
        raise ApiError(str(e), e.field) from e
    out["seed"] = str(seed)
    return out


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
    "pack": Command(pack_json, (*_RULES, "deck")),
    "trick": Command(trick_json, (*_RULES, "trump", "cards")),
    "legal": Command(legal_json, (*_RULES, "trump", "hand", "trick", "first_trick")),
    "score": Command(score_json, (*_RULES, "format", "bid", "made", "against")),
    "puzzles": Command(puzzles_json, ()),
    "puzzle": Command(puzzle_json, ("id",)),
    "judge": Command(judge_json, ("id", "answer")),
    "replay": Command(replay_json, ("example", "record", *_RULES, "format", "seed", "dealer", "play", "bots_version")),
    "table": Command(table_json, (*_RULES, "format", "seed", "moves", "play", "bots_version")),
    "pad": Command(pad_json, (*_RULES, "format", "names", "deals")),
    "solve": Command(solve_json, ("record", *_POSITION, "nodes", "seconds", "cards", "line", "lines")),
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
    :data:`~somerset.rules.limits.MAX_MESSAGE_CHARS` characters (see :func:`~somerset.rules.limits.message_text`)."""
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

