"""Step-by-step replays with commentary from the engine: worked examples and recorded deals.

A replay is a title and a list of steps, each a short label and a sentence with what the table
shows at that point; the browser's replayer walks them forward and back, the static pages list
them. :func:`replay` replays one of the sources' worked examples under one of the rulesets that
state it, :func:`replay_record` any record text (a whole deal or a partial one), :func:`replay_bots`
a deal the bots play from a seed and :func:`replay_code` the play a deal's code holds (see
:mod:`somerset.records.links`); a deal the bots play (or a code replays) comes with its code, ``play``.
"""

from __future__ import annotations

import re
from typing import Any

from ..players.roster import LINK_BOTS_VERSION, check_bots_version
from ..players.autoplay import play_until_bid
from ..rules.cards import Card
from ..rules.describe import signed
from ..game.deal import Deal, Phase
from ..rules.errors import RulesError
from ..teaching.examples import WORKED_EXAMPLES, examples_for, get_example
from ..rules.limits import MAX_RECORD_CHARS
from ..records.links import DealCode, DealCodeError, parse_deal_code
from ..game.rng import deal_seed
from ..rules.play import trick_verdict
from ..records.deal_record import DealRecord, parse_record, record_of
from ..records.partial_record import PartialRecord, is_partial, parse_partial
from ..records.common import RecordError
from ..records.record_parts import partial_steps
from ..rules.dimensions import Declaration, PileKind, Ruleset, UndealtKind
from ..rules.rulesets import load_ruleset
from ..solve.review import deal_plays
from .table import score_reason

__all__ = ["example_ids", "examples_for", "replay", "replay_record", "replay_bots", "replay_code", "MAX_RECORD_CHARS"]



def example_ids() -> list[str]:
    """The ids of every worked example."""
    return list(WORKED_EXAMPLES)


def _partial_replay(rec: PartialRecord, ruleset_id: str | None, example_id: str | None) -> dict[str, Any]:
    play = rec.under(ruleset_id)
    steps, title = partial_steps(play)
    if not steps:
        raise RecordError("this record has nothing to replay: give an Auction, a Trump and a Trick, or a Bid and Taken")
    out: dict[str, Any] = {"ruleset": play.ruleset.id, "ruleset_name": play.ruleset.short_name, "title": title,
                           "kind": "example", "steps": steps, "record": str(rec)}
    if example_id is not None:
        out["id"] = example_id
    return out


def replay(example_id: str, ruleset_id: str | None = None) -> dict[str, Any]:
    """The steps of one worked example under one of the rulesets that state it."""
    rec = get_example(example_id)
    if ruleset_id is not None and ruleset_id not in rec.rulesets:
        raise RulesError(f"the example {example_id} is not stated by {ruleset_id}; it is stated by "
                         f"{', '.join(rec.rulesets)}", field="rules")
    return _partial_replay(rec, ruleset_id, example_id)


# --- whole deals --------------------------------------------------------------------------------


def _hands(held: list[list[Card]]) -> list[dict[str, Any]]:
    return [{"seat": s, "cards": [str(c) for c in sorted(h, key=Card.sort_key)]}
            for s, h in enumerate(held)]


def _sides(deal: Deal) -> list[str]:
    names = []
    for team in deal.format.teams:
        names.append(("Seats " if len(team) > 1 else "Seat ") + " and ".join(str(s) for s in team))
    return names


def _snapshots(deal: Deal) -> dict[int, list[list[Card]]]:
    """The hands held when each trick starts (key: tricks done), by replaying the deal's actions."""
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    snaps: dict[int, list[list[Card]]] = {}
    for action in deal.history:
        d.apply(action)
        if d.phase in (Phase.PLAY, Phase.OVER) and not d.current_trick and len(d.tricks) not in snaps:
            snaps[len(d.tricks)] = [d.hand(seat) for seat in range(d.players)]
    return snaps


def _taken(deal: Deal) -> dict[int, list[int]]:
    """The points each side has taken when each trick starts (key: tricks done), discards and face-up cards included."""
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    out: dict[int, list[int]] = {}
    for action in deal.history:
        d.apply(action)
        if d.phase in (Phase.PLAY, Phase.OVER) and not d.current_trick:
            out[len(d.tricks)] = d.team_points()
    return out


def _deal_steps(deal: Deal) -> list[dict[str, Any]]:
    r, fmt, pack = deal.ruleset, deal.format, deal.pack
    players = fmt.players
    steps: list[dict[str, Any]] = []
    left = ""
    if deal.undealt:
        cards = " ".join(str(c) for c in deal.undealt)
        if fmt.pile is not PileKind.NONE:
            face = "face up" if fmt.pile is PileKind.FACE_UP else "face down"
            left = f" The other {len(deal.undealt)} cards are the drawing pile, {face}."
        elif deal.undealt_kind is UndealtKind.KITTY:
            left = f" {len(deal.undealt)} cards are left over, a kitty for the high bidder: {cards}."
        else:
            left = f" {len(deal.undealt)} cards are left over, face up; they go to whoever takes the first trick: {cards}."
    if deal.trump_card is not None:
        left += f" The card drawn for trump is {deal.trump_card}."
    steps.append({"label": "The deal", "hands": _hands([list(h) for h in deal.dealt]),
                  "text": f"Seat {deal.dealer} deals {fmt.hand_size} cards to each of {players} players "
                  f"({fmt.label}).{left}"})
    if deal.auction is not None and deal.auction.calls:
        calls: list[str] = []
        high: tuple[int, int] | None = None
        for p, call in deal.auction.calls:
            seat = (deal.dealer + 1 + p) % players
            calls.append(f"{seat}: {call}")
            if call.is_pass:
                words = f"Seat {seat} passes."
            elif high is None:
                words = f"Seat {seat} opens the bidding at {call}."
            else:
                words = f"Seat {seat} bids {call}, over {high[1]}."
            if call.bid is not None:
                high = (seat, call.bid)
            steps.append({"label": f"Call {len(calls)}", "calls": list(calls), "text": words})
    if deal.passed_out:
        steps.append({"label": "No bid", "text": "Everyone passed, so the deal is thrown in and the next player deals."})
        return steps
    snaps = _snapshots(deal)
    taken_at = _taken(deal)
    zero = [0] * len(fmt.teams)

    def contract(bid: int | None, trump: str | None, points: list[int]) -> dict[str, Any]:
        """Where the deal stands at a step: the bid to make and who holds it, trump, points taken by each side."""
        return {"declarer": deal.declarer, "bid": bid, "trump_label": trump, "taken": points}

    if deal.declarer is not None:
        steps.append({"label": "The bid", "text": f"Seat {deal.declarer} wins the bid at {deal.bid}.",
                      "contract": contract(deal.bid, None, zero)})
    if deal.discards:
        words = (f"Seat {deal.declarer} takes the {len(deal.undealt)} left-over cards and discards "
                 f"{' '.join(str(c) for c in deal.discards)}.")
        if deal.bid_to_make != deal.bid:
            words += f" Count cards among the discards raise the bid to {deal.bid_to_make}."
        steps.append({"label": "Discards", "text": words,
                      "hands": _hands(snaps.get(0) or [deal.hand(s) for s in range(players)]),
                      "contract": contract(deal.bid_to_make, None, taken_at.get(0, zero))})
    trump = deal.trump
    if trump is None:  # a deal stopped before trump is known (a link's code that no longer replays)
        return steps
    if deal.trump_by_lead:
        how = f"Seat {deal.declarer} declares trump with the first card led: {trump.label}."
    elif r.declaration.value is Declaration.DRAWN:
        how = f"No one bids: trump is the suit of the card drawn, {trump.label}, and the count cards do not score."
    elif deal.declarer is not None:
        how = f"Seat {deal.declarer} names trump: {trump.label}."
    else:
        how = f"Trump is {trump.label}."
    steps.append({"label": "Trump", "text": how, "contract": contract(deal.bid_to_make, trump.label, taken_at.get(0, zero))})
    plays: dict[int, list[dict[str, Any]]] = {}
    for x in deal_plays(deal) if deal.is_terminal() else ():
        plays.setdefault(x["trick"], []).append({"seat": x["seat"], "card": x["card"], "position": x["position"]})
    for k, t in enumerate(deal.tricks, 1):
        seats = [t.seat_of(i, players) for i in range(len(t.cards))]
        position = seats.index(t.winner)
        v = trick_verdict(r, trump, t.cards)
        points = sum(pack.count_value(c) for c in t.cards)
        words = f"Seat {t.leader} leads. Seat {t.winner} takes the trick with {t.cards[position]}"
        words += (f", and its {points} point{'s' if points != 1 else ''}. " if points else ". ") + v.reason
        if k == 1 and deal.undealt and deal.undealt_kind is UndealtKind.FACE_UP:
            extra = sum(pack.count_value(c) for c in deal.undealt)
            words += f" The face-up cards go with this trick to seat {t.winner}" + (
                f", with {extra} point{'s' if extra != 1 else ''} more." if extra else ".")
        if t.draws:
            words += " Then each player draws from the pile, the winner first: " + ", ".join(
                f"seat {s} draws {c}" for s, c in t.draws) + "."
        step: dict[str, Any] = {"label": f"Trick {k}", "cards": [str(c) for c in t.cards], "seats": seats,
                                "winner": position, "text": words, "hands": _hands(snaps.get(k, [])),
                                "contract": contract(deal.bid_to_make, trump.label, taken_at.get(k, zero))}
        if k in plays:
            step["plays"] = plays[k]
        steps.append(step)
    if not deal.is_terminal():
        return steps
    sides = _sides(deal)
    taken = deal.team_points()
    words = "Points taken: " + "; ".join(f"{name} {p}" for name, p in zip(sides, taken)) + "."
    if deal.declarer is None:
        words += " No one bid: each side scores what it took."
    else:
        bid_team = deal.team_of[deal.declarer]
        who = " their side" if fmt.partnership else ""
        words += (f" Seat {deal.declarer} bid {deal.bid_to_make} and{who} took {taken[bid_team]}: "
                  + ("made." if deal.made else "set."))
    changes = deal.score_changes()
    reason = score_reason(deal)
    steps.append({"label": "Score", "points": deal.points(), "reason": reason,
                  "contract": contract(deal.bid_to_make, trump.label, deal.team_points()),
                  "text": words + " Score: " + "; ".join(f"{name} {signed(c)}" for name, c in zip(sides, changes)) + ".",
                  "score": [{"side": name, "change": c} for name, c in zip(sides, changes)]})
    return steps


def _deal_replay(rec: DealRecord) -> dict[str, Any]:
    deal = rec.replay()
    if not deal.is_terminal():
        raise RecordError("the record stops before the deal is over; the replayer shows finished deals")
    title = deal.format.label + (f", seed {deal.seed}" if deal.seed is not None else "")
    fmt = deal.format
    return {"ruleset": deal.ruleset.id, "ruleset_name": deal.ruleset.short_name, "title": title, "kind": "deal",
            "steps": _deal_steps(deal), "record": str(rec), "dealer": deal.dealer,
            "teams": [list(t) for t in fmt.teams], "total": deal.total_points}


def replay_record(text: str) -> dict[str, Any]:
    """The steps of any record: a whole deal (with hands or a seed) or a worked example without hands."""
    if not isinstance(text, str) or not text.strip():
        raise RecordError("the record is empty: paste a record as 'somerset play' prints it")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is {len(text):,} characters; the longest accepted is {MAX_RECORD_CHARS:,}")
    lines = [ln.strip() for ln in text.splitlines()]
    deals = sum(1 for ln in lines if re.fullmatch(r"Deal \d+: dealer \d+, seed \d+", ln))
    if deals:
        raise RecordError(f"this is the record of a whole game ({deals} deal{'s' if deals != 1 else ''}); the "
                          "replayer shows one deal at a time: paste one deal, as 'somerset play' prints it")
    if is_partial(text):
        return _partial_replay(parse_partial(text), None, None)
    return _deal_replay(parse_record(text))


def replay_bots(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 1, dealer: int = 0,
                max_redeals: int = 50, bots_version: int | str = LINK_BOTS_VERSION) -> dict[str, Any]:
    """Deal from ``seed``, let the heuristic bots of ``bots_version`` play (redealing if all pass),
    and replay it, with the deal's code (``play``) for a link that lasts.

    The same seed gives the same deal as ``somerset play --seed``."""
    version = check_bots_version(bots_version)
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    if not 0 <= dealer < fmt.players:
        raise RulesError(f"the dealer must be a seat from 0 to {fmt.players - 1}", field="dealer")
    deal, redeals = play_until_bid(r, fmt.id, seed, dealer, "heuristic", max_redeals)
    out = _deal_replay(record_of(deal))
    out["title"] = f"{fmt.label}, seed {seed}, played by the bots"
    out["play"] = str(DealCode.of(deal, min(redeals, 63)))
    out["bots_version"] = version
    out["problem"] = None
    return out


def replay_code(ruleset: Ruleset | str, format_id: str | None, seed: int, code: str,
                dealer: int = 0) -> dict[str, Any]:
    """Deal from ``seed`` (dealt again as the code says, as :func:`replay_bots` deals) and replay the
    play of the deal's ``code`` (see :mod:`somerset.records.links`); no bot plays.

    A code that cannot be read, or that reaches a step the deal does not allow, still gives the
    deal up to there, with a last step (and ``problem``) naming the step and why."""
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    if not 0 <= dealer < fmt.players:
        raise RulesError(f"the dealer must be a seat from 0 to {fmt.players - 1}", field="dealer")
    problem: dict[str, Any] | None = None
    try:
        dc = parse_deal_code(code)
    except DealCodeError as e:
        dc = DealCode(e.steps, e.redeals)
        problem = {"step": len(e.steps) + 1, "at": e.position, "text": "", "message": str(e)}
    deal = Deal(r, fmt.id, dealer=(dealer + dc.redeals) % fmt.players, seed=deal_seed(seed, dc.redeals))
    problem = dc.play(deal) or problem
    while deal.is_chance():
        deal.apply(deal.chance_outcome())
    if problem is None and not deal.is_terminal():
        problem = {"step": len(dc.steps) + 1, "at": len(str(dc)) + 1, "text": "",
                   "message": f"the deal's code stops after step {len(dc.steps)}, before the deal is over"}
    rec = record_of(deal)
    out: dict[str, Any] = {"ruleset": r.id, "ruleset_name": r.short_name, "kind": "deal",
                           "title": f"{fmt.label}, seed {seed}", "steps": _deal_steps(deal), "record": str(rec),
                           "play": str(DealCode.of(deal, dc.redeals)), "bots_version": None, "problem": problem}
    if problem is not None:
        out["steps"].append({"label": "Stopped", "text": f"The link's deal stops here: {problem['message']}.",
                             "hands": _hands([deal.hand(s) for s in range(deal.players)])})
    return out
