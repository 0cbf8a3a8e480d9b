"""The ``samedeal`` request read and answered: which rulesets, which deal (a seed the bots play, a
deal played at the table, or a record) and who plays on, handed to :mod:`somerset.service.samedeal`.
"""

from __future__ import annotations

from ..rules.limits import excerpt
from . import fields as read
from .fields import ApiError
from .responses import JSON
from .samedeal import PLAYERS, choose_rulesets, record_source, same_deal, seed_source, table_source

__all__ = ["samedeal_json"]


def samedeal_json(req: JSON) -> JSON:
    """One deal under several rulesets (``rules``: a list of ids, or one text with commas), where they
    part ways and how it ends under each: from ``seed`` (the bots play it under the first ruleset, in
    ``format``), from ``seed`` with ``play`` (a deal's code, see :mod:`somerset.records.links`) or ``moves``
    (the deal the reader played at the table), or from ``record`` (its text; its own ruleset is
    compared too). Optional ``dealer`` (a seed the bots play: the dealer's seat, 0 by default), ``bots``:
    who plays on; ``bots_version``: the version of their play."""
    raw = read.field(req, "rules", (str, list))
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError("'rules' must be a list of ruleset ids such as \"parker-1947\"", "rules")
    names = [n for n in (raw.replace(",", " ").split() if isinstance(raw, str) else raw) if n.strip()]
    kind = read.field(req, "bots", str, "heuristic")
    if kind not in PLAYERS:
        raise ApiError(f"'bots' must be one of: {', '.join(PLAYERS)}; not {excerpt(kind, 30)!r}", "bots")
    players, words = PLAYERS[kind]
    version = read.bots_version(req)
    if "record" in req:
        source = record_source(read.field(req, "record", str))
    elif "seed" in req:
        if not names:
            raise ApiError("'rules' must name the rulesets to compare, the deal's own first", "rules")
        first = choose_rulesets(names)[0]
        seed = read.seed(req)
        fmt = read.format_id(req, first)
        code = read.play_code(req)
        if "moves" in req or code is not None:
            if "dealer" in req:
                raise ApiError("'dealer' is for a deal the bots play from a seed; a deal played at the table "
                               "is dealt by its last seat", "dealer")
            moves = read.field(req, "moves", list, [])
            if not all(isinstance(m, str) for m in moves):
                raise ApiError("'moves' must be a list of moves such as \"bid 9\" or \"play 4/8\"", "moves")
            source = table_source(first, fmt, seed, moves, play=code)
        else:
            source = seed_source(first, fmt, seed, players, read.field(req, "dealer", int, 0))
    else:
        raise ApiError("the same deal needs 'seed' (with 'rules', the deal's own ruleset first) or 'record'", "seed")
    out = same_deal(source, names, players, words)
    out["bots_version"] = version
    return out
