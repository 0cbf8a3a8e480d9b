"""The narrow JSON interface the browser (and the command line) use.

``handle(text)`` takes one JSON request and returns one JSON response; it never raises. Bad
input comes back as ``{"error": {"message": ..., "field": ...}}`` naming what was wrong and what
is accepted. ``dispatch(dict)`` does the same without the JSON text.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .bidding import AuctionError
from .cards import PACKS, Card, NotationError, Trump, parse_cards, parse_trump
from .limits import excerpt, request_problem
from .play import RulesError, Verdict, legal_plays, trick_verdict
from .rules import Ruleset
from .rulesets import RULESETS, UnknownRulesetError, get_ruleset
from .scoring import score_deal

__all__ = ["handle", "dispatch", "ApiError", "ruleset_summary", "trick_json", "legal_json", "score_json"]

JSON = dict[str, Any]


class ApiError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _field(req: JSON, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if name not in req:
        if default is ...:
            raise ApiError(f"the request needs '{name}'", name)
        return default
    value = req[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ApiError(f"'{name}' has the wrong type", name)
    return value


def ruleset_summary(r: Ruleset) -> JSON:
    trumps = [{"value": str(s), "label": f"/{s} suit"} for s in r.deck.suits if s != 0]
    if r.zero_trump.value:
        trumps.append({"value": "0", "label": "0/0 named trump"})
    if r.no_trump.value:
        trumps.append({"value": "nt", "label": "No Trump"})
    return {
        "id": r.id,
        "name": r.name,
        "short_name": r.short_name,
        "family": r.family,
        "year": r.year,
        "deck": r.deck.name,
        "sources": list(r.sources),
        "aliases": list(r.aliases),
        "formats": [
            {
                "id": f.id,
                "label": f.label,
                "players": f.players,
                "teams": [list(t) for t in f.teams],
                "hand_size": f.hand_size,
                "undealt": f.undealt,
                "tricks": f.tricks(r.deck),
                "points_per_deal": f.points_per_deal,
            }
            for f in r.formats.value
        ],
        "trumps": trumps,
        "options": [{"id": o.id, "name": o.name, "formats": list(o.formats)} for o in r.options.value],
        "max_players": r.max_players,
    }


def _ruleset(req: JSON) -> Ruleset:
    name = _field(req, "rules", str)
    try:
        ruleset = get_ruleset(name)
    except UnknownRulesetError as e:
        raise ApiError(str(e), "rules") from e
    option = req.get("option")
    if option is not None:
        if not isinstance(option, str):
            raise ApiError("'option' has the wrong type", "option")
        try:
            ruleset = ruleset.with_option(option)
        except ValueError as e:
            raise ApiError(str(e), "option") from e
    return ruleset


def _cards(req: JSON, name: str, ruleset: Ruleset, default: Any = ...) -> Any:
    raw = _field(req, name, (str, list), default)
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError(f"'{name}' must be a list of card names", name)
    try:
        return parse_cards(raw, ruleset.deck, what=name)
    except NotationError as e:
        raise ApiError(str(e), name) from e


def _trump(req: JSON, ruleset: Ruleset) -> Trump:
    try:
        return parse_trump(_field(req, "trump", str), ruleset.deck)
    except NotationError as e:
        raise ApiError(str(e), "trump") from e


def _verdict_json(r: Ruleset, trump: Trump, cards: tuple[Any, ...], v: Verdict) -> JSON:
    return {
        "ruleset": r.id,
        "ruleset_name": r.short_name,
        "trump": str(trump),
        "trump_label": trump.label,
        "cards": [str(c) for c in cards],
        "winner": v.winner,
        "card": str(v.card),
        "rule": v.rule,
        "reason": v.reason,
        "citation": v.citation.to_json(),
        "interpretation": v.interpretation,
    }


def trick_json(req: JSON) -> JSON:
    rules = _field(req, "rules", str)
    if rules.strip().lower() == "all":
        return _trick_all(req)
    r = _ruleset(req)
    trump = _trump(req, r)
    cards = _cards(req, "cards", r)
    try:
        v = trick_verdict(r, trump, cards)
    except RulesError as e:
        raise ApiError(str(e), "cards" if "card" in str(e) or "trick" in str(e) else "trump") from e
    return _verdict_json(r, trump, cards, v)


class _Skip(Exception):
    """A ruleset that cannot read this trick (its pack lacks a card): the reason, said once per pack."""


def _trick_all(req: JSON) -> JSON:
    raw_cards = _field(req, "cards", (str, list))
    raw_trump = _field(req, "trump", str)
    if isinstance(raw_cards, list) and not all(isinstance(x, str) for x in raw_cards):
        raise ApiError("'cards' must be a list of card names", "cards")
    results: list[JSON] = []
    skipped: list[JSON] = []
    last_error = "no ruleset holds these cards"
    # The cards and trump are read once per pack (three packs), not once per ruleset.
    read: dict[str, tuple[tuple[Card, ...], Trump] | str] = {}
    for r in RULESETS.values():
        if r.deck.name not in read:
            try:
                read[r.deck.name] = (parse_cards(raw_cards, r.deck), parse_trump(raw_trump, r.deck))
            except NotationError as e:
                read[r.deck.name] = str(e)
        got = read[r.deck.name]
        try:
            if isinstance(got, str):
                raise _Skip(got)
            cards, trump = got
            v = trick_verdict(r, trump, cards)
        except (_Skip, RulesError) as e:
            skipped.append({"ruleset": r.id, "reason": str(e)})
            last_error = str(e)
            continue
        results.append(_verdict_json(r, trump, cards, v))
    if not results:
        raise ApiError(f"no ruleset can resolve this trick: {last_error}", "cards")
    winners = {(x["winner"], x["card"]) for x in results}
    counts: dict[int, int] = {}
    for x in results:
        counts[x["winner"]] = counts.get(x["winner"], 0) + 1
    majority = max(counts, key=lambda k: counts[k])
    for x in results:
        x["dissent"] = x["winner"] != majority
    return {"results": results, "skipped": skipped, "agree": len(winners) == 1}


def legal_json(req: JSON) -> JSON:
    r = _ruleset(req)
    trump = _trump(req, r)
    hand = _cards(req, "hand", r)
    trick = _cards(req, "trick", r, [])
    first = _field(req, "first_trick", bool, False)
    try:
        result = legal_plays(r, trump, hand, trick, first_trick=first)
    except RulesError as e:
        raise ApiError(str(e), "hand") from e
    out = result.to_json()
    out.update({"ruleset": r.id, "trump": str(trump), "hand": [str(c) for c in hand], "trick": [str(c) for c in trick]})
    return out


def score_json(req: JSON) -> JSON:
    rules = _field(req, "rules", str)
    bid = _field(req, "bid", int)
    made = _field(req, "made", int)
    against = _field(req, "against", int)
    fmt = _field(req, "format", str, None)
    if rules.strip().lower() == "all":
        results: list[JSON] = []
        skipped: list[JSON] = []
        for r in RULESETS.values():
            try:
                sc = score_deal(r, bid, made, against, fmt if fmt in {f.id for f in r.formats.value} else None)
            except (RulesError, ValueError) as e:
                skipped.append({"ruleset": r.id, "reason": str(e)})
                continue
            results.append({"ruleset": r.id, "ruleset_name": r.short_name, **sc.to_json()})
        if not results:
            raise ApiError(f"no ruleset can score this deal: {skipped[0]['reason']}", "made")
        return {"results": results, "skipped": skipped}
    r = _ruleset(req)
    try:
        sc = score_deal(r, bid, made, against, fmt)
    except (RulesError, ValueError) as e:
        raise ApiError(str(e), "bid" if "bid" in str(e) else "made") from e
    return {"ruleset": r.id, "ruleset_name": r.short_name, **sc.to_json()}


def pack_json(req: JSON) -> JSON:
    if "rules" in req:
        deck = _ruleset(req).deck
    else:
        name = _field(req, "deck", str)
        if name not in PACKS:
            raise ApiError(f"'{excerpt(name)}' is not a pack; the packs are: {', '.join(PACKS)}", "deck")
        deck = PACKS[name]
    return {
        "deck": deck.name,
        "cards": [
            {
                "card": str(c),
                "suit": None if c.is_ss else c.suit,
                "rank": None if c.is_ss else c.rank,
                "count": deck.count_value(c),
                "double": c.is_double,
                "label": c.label,
            }
            for c in deck.cards
        ],
    }


def puzzles_json(req: JSON) -> JSON:
    from .puzzles import PUZZLES, THEMES, public

    return {"puzzles": [public(p) for p in PUZZLES], "themes": [{"id": t, "name": n} for t, n in THEMES]}


def _puzzle(req: JSON) -> Any:
    from .puzzles import get_puzzle

    try:
        return get_puzzle(_field(req, "id", str))
    except ValueError as e:
        raise ApiError(str(e), "id") from e


def puzzle_json(req: JSON) -> JSON:
    from .puzzles import public

    return public(_puzzle(req))


def judge_json(req: JSON) -> JSON:
    from .puzzles import judge

    p = _puzzle(req)
    answer = _field(req, "answer", list)
    if not all(isinstance(x, str) for x in answer):
        raise ApiError("'answer' must be a list of card names or values", "answer")
    try:
        return {"id": p.id, **judge(p, answer)}
    except NotationError as e:
        raise ApiError(str(e), "answer") from e


def replay_json(req: JSON) -> JSON:
    """A replay of a worked example (``example``, optional ``rules``), of a record (``record``: its
    text), or of a deal the bots play (``rules``, ``seed``, optional ``format`` and ``dealer``)."""
    from .record import RecordError
    from .replay import replay, replay_bots, replay_record

    if "example" in req:
        example = _field(req, "example", str)
        rules = _field(req, "rules", str, None)
        try:
            return replay(example, rules)
        except ValueError as e:
            raise ApiError(str(e), "example") from e
    if "record" in req:
        try:
            return replay_record(_field(req, "record", str))
        except RecordError as e:
            raise ApiError(f"the record cannot be replayed: {e}", "record") from e
    if "seed" in req:
        r = _ruleset(req)
        seed = _field(req, "seed", int)
        if not 0 <= seed < 1 << 64:
            raise ApiError("'seed' must be a whole number from 0 to 2**64 - 1", "seed")
        fmt = _field(req, "format", str, None)
        dealer = _field(req, "dealer", int, 0)
        try:
            return replay_bots(r, fmt, seed, dealer)
        except ValueError as e:
            raise ApiError(str(e), "format" if fmt and "format" in str(e) else "dealer") from e
    raise ApiError("a replay needs 'example', 'record', or 'rules' with 'seed'", "example")


def table_json(req: JSON) -> JSON:
    """A deal at the table: ``rules``, ``seed``, optional ``format`` and ``moves`` (the reader's action texts)."""
    from .table import MAX_MOVES, sit_down

    r = _ruleset(req)
    seed = _field(req, "seed", int)
    if not 0 <= seed < 1 << 64:
        raise ApiError("'seed' must be a whole number from 0 to 2**64 - 1", "seed")
    fmt = _field(req, "format", str, None)
    moves = _field(req, "moves", list, [])
    if not all(isinstance(m, str) for m in moves):
        raise ApiError("'moves' must be a list of moves such as \"bid 9\" or \"play 4/8\"", "moves")
    if len(moves) > MAX_MOVES:
        raise ApiError(f"'moves' has {len(moves)} moves; a deal needs at most {MAX_MOVES}", "moves")
    try:
        r.format(fmt)
    except ValueError as e:
        raise ApiError(str(e), "format") from e
    return sit_down(r, fmt, seed, moves)


def _rulesets(req: JSON) -> JSON:
    return {"rulesets": [ruleset_summary(r) for r in RULESETS.values()]}


COMMANDS: dict[str, Callable[[JSON], JSON]] = {
    "rulesets": _rulesets,
    "pack": pack_json,
    "trick": trick_json,
    "legal": legal_json,
    "score": score_json,
    "puzzles": puzzles_json,
    "puzzle": puzzle_json,
    "judge": judge_json,
    "replay": replay_json,
    "table": table_json,
}


def dispatch(req: Any) -> JSON:
    """Answer one request (a dict). Never raises."""
    try:
        if not isinstance(req, dict):
            raise ApiError("a request must be a JSON object with a 'cmd'", "cmd")
        cmd = req.get("cmd")
        if not isinstance(cmd, str) or cmd not in COMMANDS:
            raise ApiError(f"unknown command {excerpt(repr(cmd))}; the commands are: {', '.join(COMMANDS)}", "cmd")
        return COMMANDS[cmd](req)
    except ApiError as e:
        return {"error": {"message": str(e), "field": e.field}}
    except (NotationError, RulesError, AuctionError) as e:
        return {"error": {"message": str(e), "field": None}}
    except Exception as e:  # a bug: report it as a message rather than breaking the page
        return {"error": {"message": f"internal error: {type(e).__name__}: {e}", "field": None, "internal": True}}


def handle(text: str) -> str:
    """Answer one JSON request with one JSON response. Never raises.

    The request's size and nesting are checked before its JSON is read (see :mod:`somerset.limits`)."""
    try:
        problem = request_problem(text)
        req = json.loads(text) if problem is None else None
    except (TypeError, ValueError) as e:
        problem = f"the request is not valid JSON: {excerpt(str(e), 120)}"
    if problem is not None:
        return json.dumps({"error": {"message": problem, "field": None}})
    return json.dumps(dispatch(req))
