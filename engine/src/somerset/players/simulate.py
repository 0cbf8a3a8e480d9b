"""Many deals quickly: uniformly random play (the benchmark's loop) and series of deals played by bots.

:func:`step_random` takes one uniformly random legal action through the deal's public path.
:func:`play_random` plays a deal to its end making exactly the same draws and actions as calling
:func:`step_random` until the deal ends (a test checks this under every ruleset and format), but
runs the auction and the play in tight loops: every call and card it draws is legal by
construction, so none is checked again. :func:`simulate` plays a series of deals by bots and
returns summary figures (``somerset simulate``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..game.actions import PASS_ACTION, Action
from ..rules.bidding import PASS
from .roster import make_bots
from .autoplay import play_deal
from ..game.deal import AUCTION_PHASE, PLAY_PHASE, TRUMP_PHASE, Deal, Phase, new_deal
from ..game.precompute import TRUMP_KEY
from ..game.rng import FAST_BOUND, SplitMix64, advanced, deal_seed, top_bits
from ..rules.dimensions import Declaration, Ruleset

__all__ = ["step_random", "play_random", "simulate"]

# The phases as module names (reading a member off an Enum class is slow in CPython 3.11).
_AUCTION, _TRUMP, _PLAY, _OVER = Phase.AUCTION, Phase.TRUMP, Phase.PLAY, Phase.OVER


def step_random(deal: Deal, rng: SplitMix64) -> None:
    """One uniformly random legal action (chance steps from the seed).

    The play phase draws straight from the legal mask, so nothing is checked twice.
    """
    if deal.phase is _PLAY and deal.trick_tables is not None:
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
    if deal.phase is _AUCTION:
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
    ``rng``, the same history and result), with the auction, the naming of trump and the play
    run in tight loops.

    The numbers the loops draw are worked out in batches (:func:`~somerset.game.rng.top_bits`) that
    the auction, the naming of trump and the play share: ``words[p:]`` are the top bits of the
    generator's numbers from state ``advanced(base, p)`` on, and ``rng.state`` is brought up to
    date before any step of the public path and at the end.

    >>> from somerset.game.deal import new_deal
    >>> one, fast = new_deal("parker-1947", seed=3), new_deal("parker-1947", seed=3)
    >>> r1, r2 = SplitMix64(9), SplitMix64(9)
    >>> while not one.is_terminal():
    ...     step_random(one, r1)
    >>> play_random(fast, r2)
    >>> [str(a) for a in fast.history] == [str(a) for a in one.history], r1.state == r2.state
    (True, True)
    """
    base, words, p = rng.state, _NO_WORDS, 0
    while True:
        phase = deal.phase
        if phase is _PLAY and deal.trick_tables is not None:
            base, words, p = _random_play(deal, rng, base, words, p)
        elif phase is _AUCTION:
            base, words, p = _random_auction(deal, rng, base, words, p)
        elif phase is _TRUMP and not deal.discards:
            # step_random's draw from the trumps allowed (TrumpPhase.legal), the action made unchecked
            acts = deal.setup.trump_actions
            if p == len(words):
                base = advanced(base, p)
                words = top_bits(base, 1 + _cards_left(deal))
                p = 0
            k, base, words, p = _below(len(acts), rng, base, words, p)
            deal.history.append(acts[k])
            TRUMP_PHASE.apply(deal, acts[k])
        elif phase is _OVER:
            rng.state = advanced(base, p)
            return
        else:
            rng.state = advanced(base, p)
            step_random(deal, rng)
            base, words, p = rng.state, _NO_WORDS, 0


_NO_WORDS: list[int] = []  # no numbers worked out yet (never changed: a batch is a new list)


def _cards_left(deal: Deal) -> int:
    """The cards still to be played: at most one number is drawn for each."""
    return sum(map(int.bit_count, deal.hands)) + len(deal.pile)


def _below(c: int, rng: SplitMix64, base: int, words: list[int], p: int) -> tuple[int, int, list[int], int]:
    """``rng.below(c)`` read off ``words[p]`` (see :func:`~somerset.game.rng.top_bits`), and the batch after it.

    The tight loops inline this; where the top bits cannot decide, ``rng.below`` itself draws
    from that number's state, and a new batch of as many numbers starts after it.
    """
    r = words[p] * c
    if (r + 0x100) & 0xFFFFFF > 0x100 and c <= FAST_BOUND:  # 0 < r % 2**24 < 2**24 - 2**8
        return r >> 24, base, words, p + 1
    rng.state = advanced(base, p)
    k = rng.below(c)
    return k, rng.state, top_bits(rng.state, len(words)), 0


def _random_auction(deal: Deal, rng: SplitMix64, base: int, words: list[int], p: int) -> tuple[int, list[int], int]:
    """The auction of :func:`play_random`: calls drawn as :func:`step_random` draws them, made unchecked.

    The high bid, the number of calls and the passes since the last bid are kept in local
    variables; what may be called next, and whether the auction is over, is the auction's answer
    (:meth:`~somerset.rules.bidding.Auction.next_call`), kept by the deal's setup
    (:meth:`~somerset.game.precompute.DealSetup.auction_step`) so that each is worked out once.
    Takes and returns the batch of numbers (see :func:`play_random`).
    """
    auction = deal.auction
    assert auction is not None
    setup = deal.setup
    steps = setup.auction_steps
    bids = setup.bids
    calls = auction.calls
    history = deal.history
    high = auction.high
    high_bid = high[1] if high else 0
    passes = 0  # passes since the last bid
    for _, call in reversed(calls):
        if call.bid is not None:
            break
        passes += 1
    made = len(calls)
    n = auction.players
    # a batch holds enough numbers for most auctions (three calls a player), the naming of trump and the play
    size = 3 * n + 1 + _cards_left(deal)
    end = len(words)
    while True:
        step = steps.get((high_bid, made, passes))
        if step is None:
            step = setup.auction_step(auction, high_bid, made, passes)
        c, first, can_pass = step
        if c < 0:  # the auction is over
            break
        # k = rng.below(c), read off the next number's top bits (see _below)
        if p == end:
            base = advanced(base, p)
            words = top_bits(base, size)
            end = size
            p = 0
        r = words[p] * c
        p += 1
        if (r + 0x100) & 0xFFFFFF > 0x100 and c <= FAST_BOUND:  # 0 < r % 2**24 < 2**24 - 2**8
            k = r >> 24
        else:
            k, base, words, p = _below(c, rng, base, words, p - 1)
            end = len(words)
        player = made % n
        made += 1
        if can_pass and not k:
            history.append(PASS_ACTION)
            calls.append((player, PASS))
            passes += 1
        else:
            high_bid = first + k  # k counts the pass first, where it is allowed
            call, action = bids[high_bid]
            history.append(action)
            calls.append((player, call))
            passes = 0
    AUCTION_PHASE.close(deal)
    return base, words, p


def _orders(n: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats that follow to the trick, in order."""
    return tuple(tuple((leader + k) % n for k in range(1, n)) for leader in range(n))


_ORDERS = {n: _orders(n) for n in range(2, 9)}


def _random_play(deal: Deal, rng: SplitMix64, base: int, words: list[int], p: int) -> tuple[int, list[int], int]:
    """The play of :func:`play_random`, once trump is known: the play phase's ``put`` inlined.

    A trick is played from the tables of its lead (which cards follow, and each card's key: the
    first card of highest key takes the trick); the few tricks the lead alone does not settle
    (the S/S led in No Trump), and a trick already begun, are played through :func:`step_random`.
    The cards are kept as played (``played``) and their actions added to the history together,
    before any step of the public path and at the end. Takes and returns the batch of numbers
    (see :func:`play_random`).
    """
    if deal.trick:
        rng.state = advanced(base, p)
        while deal.trick and deal.phase is _PLAY:
            step_random(deal, rng)
        base, words, p = rng.state, _NO_WORDS, 0
        if deal.phase is not _PLAY:
            return base, words, p
    tab = deal.trick_tables
    assert tab is not None
    n = deal.players
    followers = _ORDERS.get(n) or _orders(n)
    hands, taken, tricks_won, tricks = deal.hands, deal.taken, deal.tricks_won, deal.trick_log
    history = deal.history
    action_of = deal.index.play_actions.__getitem__
    bit = deal.index.bit  # 1 << i for each card i
    played: list[int] = []  # the cards played here, in order, whose actions are not yet in the history
    lead_of = tab.lead
    break_double = tab.break_double
    rover = tab.rover_watch
    winner_of = tab.winner
    count = deal.setup.card_points
    per_trick = deal.per_trick
    pile = deal.pile
    face = sum(map(count.__getitem__, deal.face_up)) if not tricks else 0
    leader = deal.leader
    # At most one number is drawn for each card still to play: the batch must hold that many.
    size = _cards_left(deal)
    if size > FAST_BOUND:  # more cards to choose from than a draw may read off the top bits
        rng.state = advanced(base, p)
        while deal.phase is _PLAY:
            step_random(deal, rng)
        return rng.state, _NO_WORDS, 0
    if len(words) - p >= size:
        his = words
    else:
        base = advanced(base, p)
        his = top_bits(base, size)
        p = 0
    # the cards the leader may lead (m): the first lead of the deal may have to be a trump
    hand = hands[leader]
    m = (hand & tab.lead_first or hand) if not tricks and not deal.drawn else hand
    while True:
        # the lead
        c = m.bit_count()
        if c > 1:  # a choice of cards (a single card needs no draw)
            r = his[p] * c  # rng.below(c), read off the next number's top bits (see rng.top_bits)
            p += 1
            if (r + 0x100) & 0xFFFFFF > 0x100:  # 0 < r % 2**24 < 2**24 - 2**8
                k = r >> 24
            else:
                rng.state = advanced(base, p - 1)
                k = rng.below(c)
                base = rng.state
                his = top_bits(base, size)
                p = 0
            # the k-th card from the low end, or the (c - 1 - k)-th from the high end (masks reach past
            # 2**30, where Python's integer operations are slower: single bits come from the pack's
            # table, and the operations are few)
            if k + k < c:
                while k:
                    m &= m - 1
                    k -= 1
                i = (m ^ (m - 1)).bit_length() - 1  # the lowest card left
            else:
                k = c - 1 - k
                while k:
                    m ^= bit[m.bit_length() - 1]
                    k -= 1
                i = m.bit_length() - 1
            m = bit[i]
        else:
            i = m.bit_length() - 1
        # card i (its bit m) is played
        hands[leader] = hand ^ m
        played.append(i)
        known = lead_of[i]
        if known is None:  # the lead alone does not say how the trick goes: the public path plays it
            history += map(action_of, played)
            played.clear()
            rng.state = advanced(base, p)
            deal.trick = [i]
            deal.leader = leader
            deal._to_act = (leader + 1) % n
            while deal.trick and deal.phase is _PLAY:
                step_random(deal, rng)
            if deal.phase is not _PLAY:
                return rng.state, _NO_WORDS, 0
            base = rng.state
            his = top_bits(base, size)
            p = 0
            leader = deal.leader
            hand = m = hands[leader]
            face = 0
            continue
        # what follows the lead, each card's key, what else a hand holding a card that follows may
        # play, and whether the lead is the Rover with its power (see TrickTables.lead)
        follow, keys, more, roving = known
        best = keys[i]
        winner = leader
        points = per_trick + face + count[i]
        face = 0
        for seat in followers[leader]:
            hand = hands[seat]
            m = hand & follow
            if not m:
                m = hand
            elif more:
                m |= hand & more
            c = m.bit_count()
            if c > 1:  # as for the lead
                r = his[p] * c
                p += 1
                if (r + 0x100) & 0xFFFFFF > 0x100:
                    k = r >> 24
                else:
                    rng.state = advanced(base, p - 1)
                    k = rng.below(c)
                    base = rng.state
                    his = top_bits(base, size)
                    p = 0
                if k + k < c:  # as for the lead
                    while k:
                        m &= m - 1
                        k -= 1
                    i = (m ^ (m - 1)).bit_length() - 1
                else:
                    k = c - 1 - k
                    while k:
                        m ^= bit[m.bit_length() - 1]
                        k -= 1
                    i = m.bit_length() - 1
                m = bit[i]
            else:
                i = m.bit_length() - 1
            hands[seat] = hand ^ m
            played.append(i)
            if keys[i] > best:
                best = keys[i]
                winner = seat
            points += count[i]
            if i == rover:
                roving = True
                more |= break_double
        trick = tuple(played[-n:])
        if roving and best < TRUMP_KEY:  # an active Rover and no trump: the tables' full rule
            winner = (leader + winner_of(trick)) % n
        taken[winner] += points
        tricks_won[winner] += 1
        if pile:
            draws = []
            for seat in (winner, *followers[winner]):
                c = pile.pop(0)
                hands[seat] |= 1 << c
                draws.append((seat, c))
            tricks.append((leader, trick, winner, tuple(draws)))
        else:
            tricks.append((leader, trick, winner, ()))
        leader = winner
        hand = m = hands[winner]
        if not hand:
            break
    history += map(action_of, played)
    deal.trick = []
    deal.leader = leader
    PLAY_PHASE.finish(deal)
    return base, his, p


def simulate(ruleset: Ruleset, format_id: str, deals: int, seed: int, bots: str = "heuristic",
             dealer: int = 0, progress: Callable[[int, float], None] | None = None,
             stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Play ``deals`` deals by bots (the deal passing left) and return summary figures.

    ``progress(done, seconds)``, when given, is called about four times a second; ``stop()``, when
    given, is asked before each deal. Stopped that way (or by KeyboardInterrupt), it returns the
    figures of the deals finished so far, with ``"stopped": True`` and ``"deals"`` the number
    finished.

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
    next_report = start + 0.25
    done = 0
    stopped = False
    try:
        for i in range(deals):
            if stop is not None and stop():
                stopped = True
                break
            s = deal_seed(seed, i)
            d = play_deal(new_deal(ruleset, fmt.id, s, (dealer + i) % n), make_bots(bots, n, s))
            points = d.team_points()
            # A deal is counted whole or not at all (Ctrl-C can come at any point).
            if d.passed_out:
                passed += 1
            else:
                played += 1
                if d.declarer is not None:
                    bid_total += d.bid_to_make or 0
                    made += 1 if d.made else 0
                for t, p in enumerate(points):
                    side_points[t] += p
            done = i + 1
            if progress is not None and time.perf_counter() >= next_report:
                progress(done, time.perf_counter() - start)
                next_report = time.perf_counter() + 0.25
    except KeyboardInterrupt:
        stopped = True  # the deal in progress is dropped; the figures are those of the deals finished
    seconds = time.perf_counter() - start
    bid_deals = played if ruleset.declaration.value is not Declaration.DRAWN else 0
    return {
        "ruleset": ruleset.id,
        "options": list(ruleset.option_applied),
        "format": fmt.id,
        "bots": bots,
        "seed": seed,
        "deals": done,
        **({"stopped": True, "asked": deals} if stopped else {}),
        "played": played,
        "passed_out": passed,
        "average_winning_bid": round(bid_total / bid_deals, 3) if bid_deals else None,
        "share_made": round(made / bid_deals, 4) if bid_deals else None,
        "average_points_per_side": [round(p / played, 3) if played else 0.0 for p in side_points],
        "points_per_deal": Deal(ruleset, fmt.id).total_points,
        "seconds": round(seconds, 4),
        "deals_per_second": round(done / seconds, 1) if seconds > 0 else None,
    }
