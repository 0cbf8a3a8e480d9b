"""Many deals quickly: uniformly random play (the benchmark's loop) and series of deals played by bots.

:func:`step_random` takes one uniformly random legal action through the deal's public path.
:func:`play_random` plays a deal to its end making exactly the same draws and actions as calling
:func:`step_random` until the deal ends (a test checks this under every ruleset and format), but
runs the auction and the play in tight loops: every call and card it draws is legal by
construction, so none is checked again. :func:`simulate` plays a series of deals by bots and
returns summary figures (``somerset simulate``).

>>> from somerset.deal import new_deal
>>> from somerset.rng import SplitMix64
>>> one, fast = new_deal("parker-1947", seed=3), new_deal("parker-1947", seed=3)
>>> r1, r2 = SplitMix64(9), SplitMix64(9)
>>> while not one.is_terminal():
...     step_random(one, r1)
>>> play_random(fast, r2)
>>> [str(a) for a in fast.history] == [str(a) for a in one.history], r1.state == r2.state
(True, True)
"""

from __future__ import annotations

import time
from typing import Any

from .actions import PASS_ACTION, Action
from .bidding import PASS, Call
from .bots import make_bots, play_deal
from .deal import AUCTION_PHASE, PLAY_PHASE, Deal, Phase, new_deal
from .rng import MASK64, SplitMix64, deal_seed
from .rules import Declaration, Ruleset

__all__ = ["step_random", "play_random", "simulate"]


def step_random(deal: Deal, rng: SplitMix64) -> None:
    """One uniformly random legal action (chance steps from the seed).

    The play phase draws straight from the legal mask, so nothing is checked twice.
    """
    if deal.phase is Phase.PLAY and deal.tables is not None:
        m = PLAY_PHASE.legal_mask(deal)
        count = m.bit_count()
        if count > 1:
            for _ in range(rng.below(count)):
                m &= m - 1
        i = (m & -m).bit_length() - 1
        deal.history.append(deal.index.play_actions[i])
        PLAY_PHASE.put(deal, i)
        return
    if deal.is_chance():
        deal.apply(deal.chance_outcome())
        return
    if deal.phase is Phase.AUCTION:
        auction = deal.auction
        assert auction is not None
        low, top = auction.bid_range()
        can_pass = not auction.dealer_must_bid
        count = max(0, top - low + 1) + can_pass
        k = rng.below(count)
        deal.apply(PASS_ACTION if can_pass and k == 0 else Action.bid(low + k - can_pass))
        return
    acts = deal.legal_actions()
    deal.apply(acts[rng.below(len(acts))])


def play_random(deal: Deal, rng: SplitMix64) -> None:
    """Play ``deal`` to its end by uniformly random legal actions: the benchmark's loop.

    Exactly what calling :func:`step_random` until the deal ends does (the same draws from
    ``rng``, the same history and result), with the auction and the play run in tight loops.
    """
    while deal.phase is not Phase.OVER:
        if deal.phase is Phase.AUCTION:
            _random_auction(deal, rng)
        elif deal.phase is Phase.PLAY and deal.tables is not None and not deal.pile:
            _random_play(deal, rng)
        else:
            step_random(deal, rng)


def _random_auction(deal: Deal, rng: SplitMix64) -> None:
    """The auction of :func:`play_random`: calls drawn as :func:`step_random` draws them, made unchecked."""
    auction = deal.auction
    assert auction is not None
    calls = auction.calls
    history = deal.history
    below = rng.below
    while True:
        low, top = auction.bid_range()
        can_pass = not auction.dealer_must_bid
        k = below(max(0, top - low + 1) + can_pass)
        player = len(calls) % auction.players
        if can_pass and k == 0:
            history.append(PASS_ACTION)
            calls.append((player, PASS))
        else:
            bid = low + k - can_pass
            history.append(Action.bid(bid))
            calls.append((player, Call(bid)))
        if auction.is_over:
            AUCTION_PHASE.close(deal)
            return


def _random_play(deal: Deal, rng: SplitMix64) -> None:
    """The play of :func:`play_random` for a deal without a pile: the play phase's ``put`` inlined."""
    tab = deal.tables
    assert tab is not None
    legal_mask, winner_of = tab.legal_mask, tab.winner
    hands, taken, tricks_won, tricks = deal.hands, deal.taken, deal.tricks_won, deal.trick_log
    history = deal.history
    actions = deal.index.play_actions
    state = rng.state
    n = deal.players
    count = deal.index.count
    count_cards = deal.count_cards
    per_trick = deal.per_trick
    drawn = deal.drawn
    face_up = deal.face_up
    leader = deal.leader
    trick = deal.trick
    while True:
        for pos in range(len(trick), n):
            seat = (leader + pos) % n
            m = legal_mask(hands[seat], trick, not tricks and not trick and not drawn)
            c = m.bit_count()
            if c > 1:
                # rng.below(c), with SplitMix64.next inlined (the same numbers, in order)
                while True:
                    state = z = (state + 0x9E3779B97F4A7C15) & MASK64
                    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                    z = (z ^ (z >> 31)) * c
                    if (z & MASK64) >= c or (z & MASK64) >= ((1 << 64) - c) % c:
                        break
                for _ in range(z >> 64):
                    m &= m - 1
            i = (m & -m).bit_length() - 1
            history.append(actions[i])
            hands[seat] &= ~(1 << i)
            trick.append(i)
        winner = (leader + winner_of(trick)) % n
        points = per_trick
        if count_cards:
            for c in trick:
                points += count[c]
            if not tricks:
                for c in face_up:
                    points += count[c]
        taken[winner] += points
        tricks_won[winner] += 1
        tricks.append((leader, tuple(trick), winner, ()))
        trick = []
        leader = winner
        if not hands[winner]:
            break
    rng.state = state
    deal.trick = trick
    deal.leader = leader
    PLAY_PHASE.finish(deal)


def simulate(ruleset: Ruleset, format_id: str, deals: int, seed: int, bots: str = "heuristic",
             dealer: int = 0) -> dict[str, Any]:
    """Play ``deals`` deals by bots (the deal passing left) and return summary figures.

    >>> from somerset import get_ruleset
    >>> figures = simulate(get_ruleset("parker-1947"), "four-partners", 20, 1)
    >>> figures["deals"], figures["played"] + figures["passed_out"], figures["points_per_deal"]
    (20, 20, 24)
    """
    fmt = ruleset.format(format_id)
    n = fmt.players
    played = made = passed = 0
    bid_total = 0
    side_points = [0] * len(fmt.teams)
    start = time.perf_counter()
    for i in range(deals):
        s = deal_seed(seed, i)
        d = play_deal(new_deal(ruleset, fmt.id, s, (dealer + i) % n), make_bots(bots, n, s))
        if d.passed_out:
            passed += 1
            continue
        played += 1
        if d.declarer is not None:
            bid_total += d.bid_to_make or 0
            made += 1 if d.made else 0
        for t, p in enumerate(d.team_points()):
            side_points[t] += p
    seconds = time.perf_counter() - start
    bid_deals = played if ruleset.declaration.value is not Declaration.DRAWN else 0
    return {
        "ruleset": ruleset.id,
        "options": list(ruleset.option_applied),
        "format": fmt.id,
        "bots": bots,
        "seed": seed,
        "deals": deals,
        "played": played,
        "passed_out": passed,
        "average_winning_bid": round(bid_total / bid_deals, 3) if bid_deals else None,
        "share_made": round(made / bid_deals, 4) if bid_deals else None,
        "average_points_per_side": [round(p / played, 3) if played else 0.0 for p in side_points],
        "points_per_deal": Deal(ruleset, fmt.id).total_points,
        "seconds": round(seconds, 4),
        "deals_per_second": round(deals / seconds, 1) if seconds > 0 else None,
    }
