"""The guided first deal at the table, written out for the page.

:func:`first_deal_record` is what the page plays the guided deal from without starting the engine:
each of the reader's decisions with the table's answer, the bots' moves in words and the coach's
move, then the end of the deal with its score. :func:`first_deals_data` is the document the site's
build writes; :func:`check_first_deal` raises on every disagreement between a file and the engine
(the checks are :func:`somerset.teaching.first_deals.first_deal_problems`).
"""

from __future__ import annotations

from typing import Any

from .responses import legal_json, score_json
from .table import READER, sit_down
from ..game.actions import ActionKind
from ..game.deal import Deal, Phase
from ..game.narrate import narrate
from ..records.links import DealCode
from ..rules.cards import Card
from ..rules.play import legal_plays
from ..rules.rulesets import get_ruleset
from ..rules.scoring import score_deal
from ..teaching.contentfile import ContentError
from ..teaching.first_deals import FIRST_DEALS, GUIDES, FirstDeal, decision_values, first_deal_problems, played

__all__ = ["check_first_deal", "first_deal_record", "first_deals_data", "VERSION"]

#: The version of the document's shape; the page refuses a document of another version.
VERSION = 1

JSON = dict[str, Any]


def check_first_deal(fd: FirstDeal) -> None:
    """Raise a ContentError naming every disagreement between the file and the engine."""
    problems = first_deal_problems(fd)
    if problems:
        raise ContentError("; ".join(problems))


def _decisions(deal: Deal) -> list[tuple[int, str]]:
    """Where the reader decides: (index in the deal's history, code of the deal before it)."""
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    out = []
    for k, a in enumerate(deal.history):
        if not a.is_chance and d.current_player == READER:
            out.append((k, str(DealCode.of(d))))
        d.apply(a)
    return out


def _illegal(d: Deal) -> dict[str, JSON]:
    """For a card to play: each card of the reader's hand that may not be played, why and the rule."""
    if d.phase is not Phase.PLAY or d.trump is None:
        return {}
    hand = sorted(d.hand(READER), key=Card.sort_key)
    answer = legal_json(d.ruleset, d.trump, hand, d.current_trick,
                        legal_plays(d.ruleset, d.trump, hand, d.current_trick, first_trick=d.first_lead_pending))
    return {i["card"]: {"reason": i["reason"], "citation": i["citation"]} for i in answer["illegal"]}


def _after(d: Deal, seat: int, move: str, said: list[str]) -> JSON:
    """One move in the record: who made it, what, in words, and the table just after it: the trick
    on the table (a finished trick stays, with its winner, until the next lead), each side's points,
    how many cards each seat holds, and the bid to make (which a discarded count card may raise)."""
    if d.current_trick or not d.trick_log:
        trick: JSON = {"leader": d.leader, "cards": [str(c) for c in d.current_trick], "winner": None}
    else:
        t = d.tricks[-1]
        trick = {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
    if d.phase is not Phase.PLAY and not d.trick_log:
        trick = {"leader": None, "cards": [], "winner": None}
    return {"seat": seat, "move": move, "said": said, "trick": trick, "points": d.team_points(),
            "hand_sizes": [len(d.hand(s)) for s in range(d.players)], "bid": d.bid_to_make}


def _decision(d: Deal, step: Any) -> JSON:
    """A decision's part of its step: the coach's question, and for the suggested card and each refuted
    one, the side's points in all with best play after it (checked by first_deal_problems)."""
    values = decision_values(d, step)
    right = values[step.move]
    return {"ask": step.ask, "bid": right.bid, "points": right.points,
            "refute": {m: {"why": why, "points": values[m].points} for m, why in step.refute}}


def first_deal_record(fd: FirstDeal) -> JSON:
    """The record the page plays the guided deal from.

    For each of the reader's decisions (``steps``): the table's answer at that moment (the same
    answer Play a deal gets), what the bots did since the last decision in words
    (:func:`somerset.game.narrate.narrate`), the coach's move and why, why some other moves are
    weaker, and for a card, every card that may not be played with the rule that bars it; then
    (``end``) the table's answer at the end with the score and its reason. A decision's step (the
    coach asks, ``decision``) holds the question and, for the suggested card and each refuted one,
    the points the reader's side ends with after it with best play, with every card in view. The
    deal is played in its ruleset's main format (the first it lists); the record names it
    (``format``, ``format_label``, ``players``) with its partnerships (``teams``) and points
    (``total``).

    >>> rec = first_deal_record(FIRST_DEALS[0])
    >>> rec["steps"][0]["move"], rec["steps"][0]["after"]["said"]
    ('bid 12', ['You bid 12.'])
    >>> rec["end"]["score"]["reason"][:40]
    "The bidder's side bid 12 and took 22: th"
    """
    check_first_deal(fd)
    deal = played(fd)
    r = get_ruleset(fd.ruleset)
    decisions = _decisions(deal)
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    told: list[JSON] = []
    steps: list[JSON] = []
    at = {k: (n, code) for n, (k, code) in enumerate(decisions)}
    for k, a in enumerate(deal.history):
        if k in at:
            n, code = at[k]
            step = fd.steps[n]
            table = sit_down(fd.ruleset, None, fd.seed, [], play=code)
            illegal = _illegal(d)
            decision = _decision(d, step) if step.ask else None
            said = narrate(d, a, you=READER)
            d.apply(a)
            steps.append({"table": table, "before": told, "move": step.move, "coach": step.coach,
                          "instead": dict(step.instead), "illegal": illegal,
                          "after": _after(d, READER, str(a), said), **({"decision": decision} if decision else {})})
            told = []
            continue
        if not a.is_chance:
            seat = d.current_player
            said = narrate(d, a, you=READER)
            d.apply(a)
            told.append(_after(d, seat, str(a) if a.kind is not ActionKind.DISCARD else "discard", said))
            continue
        d.apply(a)
    end = sit_down(fd.ruleset, None, fd.seed, [], play=fd.code)
    bidder_team = deal.team_of[deal.declarer] if deal.declarer is not None else None
    score = None
    if bidder_team is not None and deal.bid is not None:
        points = deal.team_points()
        made = points[bidder_team]
        score = score_json(r, score_deal(r, deal.bid_to_make or deal.bid, made, sum(points) - made, deal.format.id))
    return {"guide": fd.guide, "ruleset": r.id, "ruleset_name": r.short_name, "seed": str(fd.seed), "title": fd.title,
            "intro": fd.intro, "ending": fd.ending, "play": fd.code, "seat": READER, "pack": r.deck.cards_json(),
            "format": deal.format.id, "format_label": deal.format.label, "players": deal.players,
            "teams": [list(t) for t in deal.format.teams], "total": deal.total_points, "dealer": deal.dealer,
            "steps": steps,
            "end": {"table": end, "before": told, "score": score}}


def first_deals_data() -> JSON:
    """The document the site's build writes (``assets/data/first-deals.json``): every guided deal's
    record, by ruleset: the first deals in ``deals``, the other guides' in ``guides`` by guide (the
    second deal, with a decision, in ``guides["second-deal"]``); a ContentError while the engine and a
    file disagree."""
    records = [(fd.guide, first_deal_record(fd)) for fd in FIRST_DEALS]
    return {"version": VERSION, "deals": {rec["ruleset"]: rec for g, rec in records if g == GUIDES[0]},
            "guides": {guide: {rec["ruleset"]: rec for g, rec in records if g == guide} for guide in GUIDES[1:]}}
