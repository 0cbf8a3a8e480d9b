"""The solver agrees with a plain minimax (tests/engine/solve_brute.py) and with the engine's deals."""

from __future__ import annotations

import random

import pytest

from somerset.rules.cards import Card, parse_cards, parse_trump
from somerset.game.deal import new_deal
from somerset.rules.play import legal_plays
from somerset.rules.rulesets import load_ruleset
from somerset.players.simulate import step_random
from somerset.rules.dimensions import PileKind, Ruleset, UndealtKind
from somerset.solve import Position, PositionError, position, position_of_deal, solve
from somerset.solve.position import opening_rule_applies
from somerset.solve.masks import rules_tables

from solve_brute import brute_values
from test_precompute import RULESET_VARIANTS

VARIANTS: list[Ruleset] = RULESET_VARIANTS  # every ruleset, alone and with each of its options


def random_position(rng: random.Random, r: Ruleset, *, max_cards: int = 3) -> Position:
    """A random small position of ruleset ``r``: any format, trump, leader, trick so far and side."""
    fmt = rng.choice(r.formats.value)
    n = fmt.players
    removed = set(fmt.removed_cards(r.deck))
    cards = [c for c in r.deck.cards if c not in removed]
    # crowded deals half the time: the 0/0, the doubles and the S/S (where the rulesets differ) with
    # two or three whole suits, so that following, breaking suit and the Rover's power all come up
    if rng.random() < 0.5:
        suits = rng.sample([s for s in r.deck.suits if s > 0], 3)
        cards = [c for c in cards if c.is_double or c.is_ss or c.suit in suits]
    rng.shuffle(cards)
    per = rng.randint(1, max_cards if n <= 4 else 2)
    rover = next((k for k, c in enumerate(cards) if c.is_rover), None)
    if rover is not None and rng.random() < 0.5:  # deal the 0/0 more often than chance would
        k = rng.randrange(n * per)
        cards[k], cards[rover] = cards[rover], cards[k]
    pile: list[Card] = []
    if fmt.pile is not PileKind.NONE and rng.random() < 0.6:
        pile_rounds = rng.randint(1, 2 if n == 2 else 1)
        per = min(per, 2)
        pile = cards[n * per: n * per + n * pile_rounds]
    hands = [cards[s * per:(s + 1) * per] for s in range(n)]
    trump = rng.choice(r.trumps(fmt.id))
    leader = rng.randrange(n)
    played = rng.randrange(n) if rng.random() < 0.5 else 0
    first = rng.random() < 0.35
    trick: list[Card] = []
    for k in range(played):  # a trick so far of legal plays (the position refuses any other)
        seat = (leader + k) % n
        legal = legal_plays(r, trump, hands[seat], trick, first_trick=k == 0 and opening_rule_applies(r, first)).legal
        trick.append(rng.choice(legal))
        hands[seat].remove(trick[-1])
    used = n * per + len(pile)
    face_up: list[Card] = []
    if first and (fmt.face_up_from_pile or (fmt.pile is PileKind.NONE and fmt.undealt and (
            fmt.undealt_kind or r.undealt.value.kind) is UndealtKind.FACE_UP)):
        face_up = cards[used:used + max(fmt.undealt if fmt.pile is PileKind.NONE else fmt.face_up_from_pile, 1)]
    side = None
    if rng.random() < 0.3:
        side = rng.sample(range(n), rng.randint(1, n - 1))
    return position(r, trump, hands, leader, trick, format_id=fmt.id, pile=pile,
                    face_up=face_up, first_trick=first, side=side)


def check_against_brute(pos: Position) -> None:
    value, values = brute_values(pos)
    sol = solve(pos)
    assert sol.exact, pos
    assert sol.points == value, pos
    got = {v.card: v.low for v in sol.cards}
    assert got == values, pos
    best = max(values.values()) if pos.to_move in pos.side else min(values.values())
    for v in sol.cards:
        assert v.loss == abs(best - values[v.card])
        assert v.best == (values[v.card] == best)


@pytest.mark.parametrize("r", VARIANTS, ids=[r.id + "".join("+" + o for o in r.option_applied) for r in VARIANTS])
def test_solver_agrees_with_brute_force(r: Ruleset) -> None:
    rng = random.Random(f"solve {r.id} {r.option_applied}")
    for _ in range(150):
        check_against_brute(random_position(rng, r))


def test_equivalent_cards_found_by_masks_match_the_plain_scan() -> None:
    """The carries in RulesTables.reps pick exactly the lowest card of each group that groups() lists."""
    rng = random.Random(3)
    for r in VARIANTS:
        for trump in r.trumps():
            t = rules_tables(r, trump)
            n = len(t.cards)
            for _ in range(40):
                order = list(range(n))
                rng.shuffle(order)
                k = rng.randint(1, 15)
                hand = sum(1 << i for i in order[:k])
                others = sum(1 << i for i in order[k:k + rng.randint(0, 30)])
                groups = t.groups(hand, others)
                assert sorted(c for g in groups for c in g) == sorted(i for i in range(n) if hand >> i & 1)
                assert t.reps(hand, others) == sum(1 << g[0] for g in groups)


def _deal_in_play(r: Ruleset, fmt: str, seed: int, rng: random.Random, left: int) -> object:
    """A seeded deal played by random legal moves until each hand holds ``left`` cards (and no pile)."""
    from somerset.game.rng import SplitMix64

    deal = new_deal(r, fmt, seed)
    moves = SplitMix64(seed)
    while not deal.is_terminal():
        if deal.phase.value == "play" and deal.trump is not None and not deal.pile:
            if len(deal.hand(deal.current_player)) <= left and rng.random() < 0.5:
                return deal
        step_random(deal, moves)
    return None


@pytest.mark.parametrize("r", VARIANTS, ids=[r.id + "".join("+" + o for o in r.option_applied) for r in VARIANTS])
def test_best_line_played_through_the_engine_takes_what_the_solver_says(r: Ruleset) -> None:
    """Positions from real deals of every format: the best line, played by Deal.apply, adds up."""
    rng = random.Random(f"line {r.id} {r.option_applied}")
    for fmt in r.formats.value:
        found = 0
        for seed in range(40):
            deal = _deal_in_play(r, fmt.id, seed, rng, 3 if fmt.players <= 4 else 2)
            if deal is None:
                continue
            pos = position_of_deal(deal)
            sol = solve(pos, line=True)
            assert sol.exact and sol.points is not None
            before = deal.team_points()
            side_team = fmt.team_of(pos.to_move)
            for play in sol.line:
                assert deal.current_player == play.seat
                deal.apply(f"play {play.card}")
            assert deal.is_terminal()
            got = sum(deal.points()[s] for s in pos.side) - sum(pos.taken[s] for s in pos.side)
            assert got == sol.points
            assert deal.team_points()[side_team] - before[side_team] >= (sol.points if len(fmt.teams[side_team]) ==
                                                                        len(pos.side) else 0)
            found += 1
            if found == 2:
                break
        assert found, f"no deal of {r.id} {fmt.id} reached the end of its play"


def test_two_handed_deal_with_the_pile_left_to_draw() -> None:
    """Two-handed Parker 1947 deals solved with two rounds still in the drawing pile, checked by the engine."""
    from somerset.game.rng import SplitMix64

    r = load_ruleset("parker-1947")
    for seed in range(3):
        deal = new_deal(r, "two", seed)
        moves = SplitMix64(seed)
        while not (deal.phase.value == "play" and deal.trump is not None and len(deal.pile) == 4):
            step_random(deal, moves)
        pos = position_of_deal(deal)
        assert len(pos.pile) == 4 and len(pos.hands[0]) == 8
        sol = solve(pos, line=True)
        assert sol.exact and sol.points is not None
        assert any(play.draws for play in sol.line)
        for play in sol.line:
            deal.apply(f"play {play.card}")
            if play.winner is not None:
                assert deal.tricks[-1].winner == play.winner and deal.tricks[-1].draws == play.draws
        assert deal.is_terminal()
        assert sum(deal.points()[s] for s in pos.side) - sum(pos.taken[s] for s in pos.side) == sol.points


# --- worked by hand -------------------------------------------------------------------------


def _values(sol: object) -> dict[str, int]:
    return {str(v.card): v.low for v in sol.cards}  # type: ignore[attr-defined]


def test_worked_top_trump_first() -> None:
    """Parker 1947, /8 trump, seat 0 to lead 8/8 or 2/2 with two cards left in each hand.

    8/8 first draws every trump: 6/8 and 4/8 (worth 2) fall under it, and 2/2 then takes the last
    trick: seats 0 and 2 take all 5 points (two tricks, 4/8 and 1/2). 2/2 first lets seat 3, void
    in the /2 suit, trump with 4/8: 1 + 1 (1/2) + 2 (4/8) = 4 points to seats 1 and 3, and 8/8 takes
    only the last trick, 1 point.
    """
    r = load_ruleset("parker-1947")
    p = position(r, "8", ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"], leader=0)
    sol = solve(p, line=True)
    assert (sol.points, sol.remaining, sol.side) == (5, 5, (0, 2))
    assert _values(sol) == {"8/8": 5, "2/2": 1}
    assert [(str(v.card), v.loss, v.best) for v in sol.cards] == [("8/8", 0, True), ("2/2", 4, False)]
    assert str(sol.line[0].card) == "8/8" and sol.line[3].winner == 0 and sol.line[3].points == 3
    # from the other side's seat: the same deal, seats 1 and 3 counted
    p1 = position(r, "8", ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"], leader=0, side=[1, 3])
    assert solve(p1).points == 0


def test_worked_double_breaks_suit_after_the_rover() -> None:
    """somersetgame.com lets a double break suit once the 0/0 is in the trick; Parker 1947 does not.

    5/8 led, 0/0 played; seat 2 holds 3/8 and 6/6. With 6/6 every double is a trump in this trick
    and 6/6 is the highest: seat 2 takes it (1 point), leads 3/8 (the only /8 card left) and takes
    the last trick with 2/4 in it (2 points): 3 of 3. With 3/8 the 0/0 takes the trick and seat 1
    leads 2/4, the highest /4 card left: seats 0 and 2 take nothing.
    """
    hands = ["1/4", "2/4", "3/8 6/6", "2/8 0/4"]
    house = position(load_ruleset("somersetgame-com"), "12", hands, leader=0, trick="5/8 0/0")
    sol = solve(house)
    assert _values(sol) == {"6/6": 3, "3/8": 0} and sol.points == 3
    parker = position(load_ruleset("parker-1947"), "12", hands, leader=0, trick="5/8 0/0")
    assert _values(solve(parker)) == {"3/8": 0}


def test_worked_the_winner_draws_first() -> None:
    """Two-handed Parker 1947: 5/8 takes 3/8, so seat 1 draws 8/8 (the top of the pile) and seat 0 the 0/2."""
    r = load_ruleset("parker-1947")
    p = position(r, "8", ["3/8", "5/8"], leader=0, format_id="two", pile="8/8 0/2")
    sol = solve(p, line=True)
    assert (sol.points, sol.remaining) == (0, 2)
    assert sol.line[1].draws == ((1, Card(8, 8)), (0, Card(0, 2)))


def test_worked_face_up_cards_go_with_the_first_trick() -> None:
    """Parker 1947: the two face-up cards (4/8 worth 2) go to whoever takes the first trick."""
    r = load_ruleset("parker-1947")
    hands = ["8/8", "1/8", "0/2", "3/8"]
    first = solve(position(r, "8", hands, leader=0, face_up="4/8 2/2", first_trick=True))
    assert (first.points, first.remaining) == (3, 3)
    later = solve(position(r, "8", hands, leader=0))
    assert (later.points, later.remaining) == (1, 1)


def test_worked_the_bidder_leads_a_trump_to_the_first_trick() -> None:
    """Parker 1947: the bidder's opening lead must be a trump, so 12/12 is not offered."""
    r = load_ruleset("parker-1947")
    hands = ["3/8 12/12", "1/8 0/2", "0/4 2/8", "4/8 0/12"]
    opening = solve(position(r, "8", hands, leader=0, first_trick=True))
    assert [str(v.card) for v in opening.cards] == ["3/8"]
    later = solve(position(r, "8", hands, leader=0))
    assert sorted(str(v.card) for v in later.cards) == ["12/12", "3/8"]


# --- budgets and bad input ------------------------------------------------------------------


def test_a_budget_too_small_gives_true_bounds_and_says_so() -> None:
    from somerset.solve import Solver
    from somerset_tools.bench_solve import ending

    deal = ending("parker-1947", 3, 6)
    assert deal is not None
    pos = position_of_deal(deal)
    exact = solve(pos)
    solver = Solver(pos)
    part = solver.run(nodes=50)
    assert not part.exact and part.stopped == "node budget" and part.points is None or part.cards[-1].loss is None
    assert part.low <= exact.points <= part.high  # type: ignore[operator]
    for v in part.cards:
        assert v.low <= {w.card: w.low for w in exact.cards}[v.card] <= v.high
    # asked again, the same solver carries on to the exact answer
    for _ in range(200):
        part = solver.run(nodes=2000)
        if part.exact:
            break
    assert part.exact and part.points == exact.points
    assert _values(part) == _values(exact)


@pytest.mark.parametrize("kwargs, message", [
    ({"hands": ["8/8 2/2", "0/0", "6/8 1/2", "4/8 0/6"]}, "same number of cards"),
    ({"hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 8/8"]}, "each card exists once"),
    ({"hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/7"]}, "no /7 suit"),
    ({"trump": "7"}, "trump"),
    ({"leader": 4}, "seat from 0 to 3"),
    ({"hands": ["8/8", "0/0", "6/8", "2/2", "3/4"]}, "not 5"),
    ({"pile": "12/12"}, "no drawing pile"),
    ({"face_up": "12/12"}, "first trick"),
])
def test_bad_positions_say_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"trump": "8", "hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"], "leader": 0}
    args.update(kwargs)
    with pytest.raises(PositionError, match=message):
        position(load_ruleset("parker-1947"), args.pop("trump"), args.pop("hands"), args.pop("leader"),  # type: ignore[arg-type]
                 **args)  # type: ignore[arg-type]


def test_the_package_example_runs() -> None:
    import doctest

    import somerset.solve

    assert doctest.testmod(somerset.solve).failed == 0


def test_a_lead_cashed_before_the_draw_counts_only_its_own_trick() -> None:
    """With a drawing pile, a top card led is sure of its own trick only: the draws after it can
    bring a trump (here the 4/4) to a player who is void, so the next top card is not a sure winner."""
    r = load_ruleset("minden-hardware")
    pos = position(r, parse_trump("4"), [parse_cards("2/12 4/10"), parse_cards("3/12 2/10"), parse_cards("5/10 6/10")],
                   2, [], format_id="three", pile=parse_cards("4/12 11/12 4/4"), side=[2])
    check_against_brute(pos)
    assert solve(pos).points == 3


# --- the search's shortcuts -----------------------------------------------------------------


def test_equivalent_cards_of_every_hand_at_once_match_each_hand_alone() -> None:
    """The search finds the groups of every hand in one go at a trick start; each hand's result
    is what RulesTables.reps says for that hand against every other card still to be played."""
    from somerset.solve.search import Search

    rng = random.Random(5)
    for r in VARIANTS:
        for trump in r.trumps()[:3]:
            t = rules_tables(r, trump)
            n = len(t.cards)
            search = Search(t, 4, (0, 2))
            for _ in range(30):
                order = list(range(n))
                rng.shuffle(order)
                per = rng.randint(1, 8)
                hands = [sum(1 << i for i in order[s * per:(s + 1) * per]) for s in range(4)]
                pile = sum(1 << i for i in order[4 * per:4 * per + rng.randint(0, 8)])
                live = pile | sum(hands)
                search._hands[:] = hands
                assert search._reps_all(live) == tuple(t.reps(h, live & ~h) for h in hands)


def test_a_value_walked_from_any_guess_is_the_value_found_by_halving() -> None:
    """Search.value with a guess and ``walk`` (how every card after the first is valued) proves
    the same figure as halving the window, wherever the guess lies."""
    from somerset.solve import Solver

    rng = random.Random(11)
    for r in VARIANTS[::3]:
        for _ in range(20):
            pos = random_position(rng, r)
            solver = Solver(pos)
            hands, leader, trick, pile_pos, bonus, first = solver._state()
            for g in solver.groups:
                only = 1 << g[0]
                lo, hi = solver.search.value(hands, leader, trick, pile_pos, bonus, first, only=only)
                assert lo == hi
                for guess in (0, lo - 1, lo, lo + 1, solver.remaining):
                    got = solver.search.value(hands, leader, trick, pile_pos, bonus, first, guesses=[guess],
                                              only=only, walk=True)
                    assert got == (lo, hi), (pos, guess)


@pytest.mark.parametrize("rid", ["parker-1947", "somersetgame-com", "boardgamegeek"])
def test_endings_of_random_deals_agree_with_brute_force_and_repeat_node_for_node(rid: str) -> None:
    """Four cards a hand from real deals, where the move orders kept between nodes (a card that
    cut the search off is tried first next time) are reordered many times: the answers stay
    exact, and solving the same position again takes exactly the same nodes (the site's
    figures rely on it)."""
    from somerset_tools.bench_solve import ending

    checked = 0
    for seed in range(1, 12):
        deal = ending(rid, seed, 4)
        if deal is None:
            continue
        pos = position_of_deal(deal)
        check_against_brute(pos)
        assert solve(pos).nodes == solve(pos).nodes
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_a_solved_position_frees_its_table_at_once() -> None:
    """The search is freed as soon as its solver is dropped, and its table and caches (large at
    eight cards a hand) with it, without waiting for the cyclic garbage collector, which the
    search keeps resting while it runs."""
    import gc
    import weakref

    from somerset.solve import Solver
    from somerset_tools.bench_solve import ending

    deal = ending("parker-1947", 2, 4)
    assert deal is not None
    solver = Solver(position_of_deal(deal))
    solver.run()
    assert gc.isenabled()
    gone = weakref.ref(solver.search)
    table = solver.search.table
    orders = solver.search._orders
    assert table and all(orders)
    del solver
    assert gone() is None
    assert not table and not any(orders)


def test_the_search_keys_its_table_as_position_key_does() -> None:
    """The search writes the table's key out in place at every trick start; it is the key of
    :func:`somerset.solve.transposition.position_key`, with a drawing pile and without."""
    from somerset.solve import Solver
    from somerset_tools.bench_solve import ending

    checked = 0
    cases = [position_of_deal(d) for d in (ending("parker-1947", s, 4) for s in range(1, 6)) if d is not None]
    cases.append(position(load_ruleset("minden-hardware"), parse_trump("4"),
                          [parse_cards("2/12 4/10"), parse_cards("3/12 2/10"), parse_cards("5/10 6/10")], 2, [],
                          format_id="three", pile=parse_cards("4/12 11/12 4/4"), side=[2]))
    for pos in cases:
        solver = Solver(pos)
        hands, leader, trick, pile_pos, bonus, first = solver._state()
        assert not trick
        search = solver.search
        search.bound(hands, leader, trick, pile_pos, bonus, first, -1, solver.remaining + 1)
        assert search.key(hands, leader, pile_pos) in search.table
        checked += 1
    assert checked >= 3 and any(Solver(p).search.pile for p in cases)
