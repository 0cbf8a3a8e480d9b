"""The ``solve`` request of the JSON API (and of ``somerset solve``): a position in, best play out.

:func:`solve_request` answers one (a dict): the position as a record (``record``) or as hands
(``rules``, ``trump``, ``hands``, ``leader`` ...; :func:`read_position`), ``side``, and what to give
(``cards``, ``line``, ``lines``), within a budget (``nodes``, ``seconds``; :data:`DEFAULT_NODES`).
Bad input raises :class:`SolveRequestError`. The last few positions keep their search, so asking
again carries on where the last answer stopped (:func:`forget` drops them). Every field, the
refusals and the budget: develop/architecture.md, "The solve request".
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..rules.cards import NotationError
from ..records.common import RecordError
from ..records.deal_record import parse_record
from ..rules.dimensions import Ruleset
from ..rules.rulesets import load_ruleset
from .position import Position, PositionError, position, position_of_deal
from .solver import Solution, Solver, describe
from .why import check_why, why

__all__ = ["DEFAULT_NODES", "MAX_NODES", "MAX_SECONDS", "SolveRequestError", "solve_request", "read_position",
           "describe", "forget"]

#: The budget of a request that names none: about a second in CPython on this project's machine.
DEFAULT_NODES = 250_000
#: The most one request may ask for (ask again to carry on).
MAX_NODES = 50_000_000
MAX_SECONDS = 600.0
#: Searches kept for asking again (the most recent positions).
KEPT = 4

JSON = dict[str, Any]

_KEPT: OrderedDict[str, Solver] = OrderedDict()


class SolveRequestError(ValueError):
    """A solve request that cannot be answered as given; ``field`` names the part that is wrong."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _get(req: JSON, name: str, kind: type | tuple[type, ...], default: Any = ..., what: str = "") -> Any:
    if name not in req:
        if default is ...:
            raise SolveRequestError(f"the request needs '{name}'{': ' + what if what else ''}", name)
        return default
    value = req[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, float, (int, float))):
        raise SolveRequestError(f"'{name}' has the wrong type: {what or 'see the API notes'}", name)
    return value


def _cards(value: Any, name: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return ", ".join(value)
    raise SolveRequestError(f"'{name}' must be cards as text (\"4/8 0/0\") or a list of card names", name)


def read_position(req: JSON) -> Position:
    """The position a request describes (a record, or hands and trump)."""
    side = _get(req, "side", list, None, "a list of seats")
    if side is not None and not all(isinstance(s, int) and not isinstance(s, bool) for s in side):
        raise SolveRequestError("'side' must be a list of seat numbers", "side")
    if "record" in req:
        text = _get(req, "record", str, what="a deal record's text")
        try:
            deal = parse_record(text).replay()
        except (RecordError, ValueError) as e:
            raise SolveRequestError(f"the record cannot be read: {e}", "record") from e
        try:
            return position_of_deal(deal, side)
        except PositionError as e:
            raise SolveRequestError(str(e), "record") from e
    ruleset = _ruleset(req)
    hands = _get(req, "hands", list, what="one hand for each seat, each as text or a list of cards")
    hand_values = [_cards(h, "hands") for h in hands]
    leader = _get(req, "leader", int, what="the seat that led (or leads) the trick")
    trump = _get(req, "trump", str, what="a suit number, 0 for the 0/0 named trump, or nt")
    taken = _get(req, "taken", list, [], "points taken so far, one number for each seat")
    try:
        return position(
            ruleset, trump, hand_values, leader, _cards(req.get("trick", []), "trick"),
            format_id=_get(req, "format", str, None, "a format id"),
            pile=_cards(req.get("pile", []), "pile"), face_up=_cards(req.get("face_up", []), "face_up"),
            first_trick=_get(req, "first_trick", bool, False, "true or false"), taken=taken, side=side)
    except PositionError as e:
        raise SolveRequestError(str(e), e.field or _field_of(str(e))) from e


def _field_of(message: str) -> str:
    for name in ("trump", "trick", "pile", "face-up", "leader", "side", "format", "taken"):
        if message.startswith(name) or f"the {name}" in message:
            return name.replace("-", "_")
    return "hands"


def _ruleset(req: JSON) -> Ruleset:
    name = _get(req, "rules", str, what="a ruleset id or alias, or a 'record'")
    option = _get(req, "option", str, None, "an option id of the ruleset")
    options = _get(req, "options", list, [], "a list of option ids of the ruleset")
    if not all(isinstance(o, str) for o in options):
        raise SolveRequestError("'options' must be a list of option ids", "options")
    try:
        return load_ruleset(name, [option, *options] if option else options)
    except ValueError as e:
        field = ("option" if option else "options") if (option or options) and "option" in str(e) else "rules"
        raise SolveRequestError(str(e), field) from e


def _budget(req: JSON) -> tuple[int | None, float | None]:
    nodes = _get(req, "nodes", int, None, "a whole number of nodes")
    seconds = _get(req, "seconds", (int, float), None, "a number of seconds")
    if nodes is not None and not 1 <= nodes <= MAX_NODES:
        raise SolveRequestError(f"'nodes' must be from 1 to {MAX_NODES:,} (ask again to carry on)", "nodes")
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise SolveRequestError(f"'seconds' must be more than 0 and at most {MAX_SECONDS:g} (ask again to carry on)",
                                "seconds")
    if nodes is None and seconds is None:
        nodes = DEFAULT_NODES
    return nodes, float(seconds) if seconds is not None else None


def forget() -> None:
    """Drop the searches kept for asking again (the next request about any position starts afresh)."""
    _KEPT.clear()


def _solver(pos: Position) -> Solver:
    key = json.dumps(pos.to_json(), sort_keys=True)
    solver = _KEPT.get(key)
    if solver is None:
        solver = _KEPT[key] = Solver(pos)
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    else:
        _KEPT.move_to_end(key)
    return solver


def solve_request(req: JSON) -> JSON:
    """Answer a ``solve`` request (a dict); raises :class:`SolveRequestError` on bad input."""
    try:
        pos = read_position(req)
    except NotationError as e:
        raise SolveRequestError(str(e)) from e
    nodes, seconds = _budget(req)
    cards = _get(req, "cards", bool, True, "true or false: value every legal card")
    line = _get(req, "line", bool, False, "true or false: give one best line to the end")
    lines = _get(req, "lines", bool, False, "true or false: give each legal card a best line that starts with it")
    you = _get(req, "you", int, None, "the reader's seat, a seat number")
    if you is not None and not 0 <= you < pos.players:
        raise SolveRequestError(f"'you' must be a seat from 0 to {pos.players - 1}", "you")
    sol = _solver(pos).run(nodes=nodes, seconds=seconds, cards=cards, line=line, lines=lines)
    out = sol.to_json()
    if lines and sol.exact:
        _add_whys(sol, out["cards"], you)
    out["message"] = describe(out).splitlines()[0]
    return out



def _add_whys(sol: Solution, cards: list[JSON], you: int | None) -> None:
    """Give each card that gives up points its ``why`` against the first best card, when the words
    agree with the solver's figures (a card whose words do not is left without one rather than shown
    a sentence that contradicts the figures)."""
    best = next((v for v in sol.cards if v.best and v.line), None)
    if best is None or best.points is None:
        return

    def own(points: int) -> int:  # the mover's side's points, whichever side the solver counts
        return points if sol.mover_on_side else sol.remaining - points

    for v, c in zip(sol.cards, cards):
        if v.best or not v.line or v.points is None:
            continue
        try:
            w = why(sol.position, best.line, v.line, you)
        except ValueError:
            continue
        if not check_why(w, own(best.points), own(v.points)):
            c["why"] = w.to_json()
