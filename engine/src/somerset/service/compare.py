"""The same question under every ruleset: a trick's winner, or a deal's score, side by side.

:func:`across_rulesets` asks one question of each ruleset, lists the answers, lists the rulesets
the question does not fit (with the reason), and marks each answer that differs from the most
common one. :func:`compare_trick` and :func:`compare_score` are the two questions the site asks
("all rulesets" in the trick resolver and the score calculator).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, TypeVar

from ..rules.cards import Card, Trump, parse_cards, parse_trump
from ..rules.errors import SomersetError, in_field
from ..rules.play import trick_conditions, trick_verdict
from .responses import JSON, score_json, verdict_json
from ..rules.dimensions import Ruleset
from ..rules.rulesets import RULESETS
from ..rules.scoring import score_deal, scored_format

__all__ = ["across_rulesets", "compare_trick", "compare_score"]

T = TypeVar("T")


def across_rulesets(ask: Callable[[Ruleset], JSON], outcome: Callable[[JSON], Hashable],
                    rulesets: list[Ruleset] | None = None) -> JSON:
    """Ask ``ask`` of each ruleset; ``outcome`` says which part of an answer is compared.

    The answer: ``results`` (each with ``dissent``, true where its outcome differs from the most
    common one), ``skipped`` (rulesets the question does not fit, with the reason), ``agree``
    (one outcome only) and ``ways`` (how many different outcomes). Raises the last error when no
    ruleset can answer.
    """
    results: list[JSON] = []
    skipped: list[JSON] = []
    last: SomersetError | None = None
    for r in rulesets if rulesets is not None else list(RULESETS.values()):
        try:
            results.append(ask(r))
        except SomersetError as e:
            skipped.append({"ruleset": r.id, "ruleset_name": r.short_name, "reason": str(e)})
            last = e
    if not results:
        assert last is not None
        raise last
    counts: dict[Hashable, int] = {}
    for x in results:
        counts[outcome(x)] = counts.get(outcome(x), 0) + 1
    majority = max(counts, key=lambda k: counts[k])  # the first met wins a tie
    for x in results:
        x["dissent"] = outcome(x) != majority
    return {"results": results, "skipped": skipped, "agree": len(counts) == 1, "ways": len(counts)}


def compare_trick(cards: str | list[str], trump: str, held: tuple[int, ...] = ()) -> JSON:
    """Who wins the trick ``cards`` (in play order) with ``trump``, under every ruleset whose pack holds them;
    ``held``: the places of cards whose players still held a card of the suit led (see ``trick_conditions``).

    >>> t = compare_trick("8/8 0/0 4/4 9/12", "6")
    >>> t["agree"], [r["ruleset"] for r in t["results"] if r["dissent"]]
    (False, ['boardgamegeek'])
    """

    # The cards and the trump are read once per pack (three packs), not once per ruleset: the cost
    # of a request stays that of reading its text.
    read: dict[str, tuple[tuple[Card, ...], Trump] | SomersetError] = {}

    def ask(r: Ruleset) -> JSON:
        if r.deck.name not in read:
            try:
                read[r.deck.name] = (in_field("cards", parse_cards, cards, r.deck),
                                     in_field("trump", parse_trump, trump, r.deck))
            except SomersetError as e:
                read[r.deck.name] = e
        got = read[r.deck.name]
        if isinstance(got, SomersetError):
            raise SomersetError(str(got), field=got.field)
        played, t = got
        return verdict_json(r, t, played, trick_verdict(r, t, played), trick_conditions(r, t, played, held))

    try:
        return across_rulesets(ask, lambda x: x["winner"])
    except SomersetError as e:
        raise SomersetError(f"no ruleset can resolve this trick: {e}", field=e.field or "cards") from e


def compare_score(bid: int, made: int, against: int | None = None, format_id: str | None = None) -> JSON:
    """The score of a deal under every ruleset: ``against`` defaults to the rest of each ruleset's deal.

    With ``format_id``, rulesets that have that format score it; the others, their partnership game.

    >>> s = compare_score(15, 12)
    >>> s["agree"], s["ways"], sorted({(r["bidder_side"], r["opponents"]) for r in s["results"]})[:2]
    (False, 3, [(-15, 12), (-6, 24)])
    """

    def ask(r: Ruleset) -> JSON:
        fmt = format_id if format_id in {f.id for f in r.formats.value} else None
        other = against if against is not None else scored_format(r, fmt).points_per_deal - made
        return score_json(r, score_deal(r, bid, made, other, fmt))

    try:
        return across_rulesets(ask, lambda x: (x["bidder_side"], x["opponents"]))
    except SomersetError as e:
        raise SomersetError(f"no ruleset can score this deal: {e}", field=e.field or "made") from e
