"""The ``advise`` request read and answered: what a hand is worth with each trump and what to bid
(see :mod:`somerset.players.advisor`), within a budget of samples or a precision.
"""

from __future__ import annotations

from ..players.advisor import MAX_SAMPLES, AdviceError, advisor_for
from ..rules.limits import MAX_MOVES
from ..rules.scoring import set_price
from . import fields as read
from .fields import ApiError
from .responses import JSON

__all__ = ["advise_json"]


def advise_json(req: JSON) -> JSON:
    """What a hand is worth (see :mod:`somerset.players.advisor`): ``hand`` (text or a list of cards),
    ``rules`` (and ``option``), optional ``format``, ``seat`` (0 to players - 1; default 0), ``dealer``
    (default: the seat's right), ``auction`` (the calls so far, from the dealer's left: text or a
    list such as ["10", "pass"]), ``face_up`` (face-up cards the seat sees), ``seed`` (default 0) and
    the budget: ``samples`` (at most :data:`~somerset.players.advisor.MAX_SAMPLES`), or else slices
    until every trump's mean is known within ``precision`` points (default 1) or ``max_samples``
    (default 2,000) are played. The same request again with more samples carries on from the last.
    The answer says what a set costs (``set_price``, see :func:`~somerset.rules.scoring.set_price`)."""
    r = read.ruleset(req)
    fmt = read.format_id(req, r)
    hand = read.cards(req, "hand", r)
    face_up = read.cards(req, "face_up", r, ())
    raw = read.field(req, "auction", (str, list), [])
    if isinstance(raw, list) and not all(isinstance(x, str) for x in raw):
        raise ApiError("'auction' must be a list of calls such as \"10\" or \"pass\"", "auction")
    calls = raw.replace(",", " ").split() if isinstance(raw, str) else raw
    if len(calls) > MAX_MOVES:
        raise ApiError(f"'auction' has {len(calls)} calls; an auction has at most {MAX_MOVES}", "auction")
    seat = read.field(req, "seat", int, 0)
    dealer = read.field(req, "dealer", int, None)
    seed = read.seed(req) if "seed" in req else 0
    samples = read.field(req, "samples", int, None)
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise ApiError(f"'samples' must be from 1 to {MAX_SAMPLES:,}, not {samples}", "samples")
    precision = read.field(req, "precision", (int, float), 1.0)
    if not 0.05 <= precision <= 100:
        raise ApiError(f"'precision' must be a number of points from 0.05 to 100, not {precision}", "precision")
    most = read.field(req, "max_samples", int, 2000)
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
    # what a set costs under the ruleset, in one sentence, with the recommended bid (else the lowest
    # bid offered) as its example
    rec = out["recommendation"]
    offered = [b["bid"] for t in out["trumps"] for b in t["bids"]]
    example = rec["bid"] if rec["bid"] is not None else min(offered, default=None)
    out["set_price"] = set_price(advisor.ruleset, advisor.format, example)
    return out
