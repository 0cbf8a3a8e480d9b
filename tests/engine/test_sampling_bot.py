"""The sampling bot: what a seat knows, deals drawn to agree with it, and the solver's card in the ending."""

from __future__ import annotations

from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from somerset.players import bots as bots_module
from somerset.players.bots import CHOICES, SamplingBot
from somerset.players.roster import BOTS, make_bots
from somerset.players.autoplay import play_deal
from somerset.game.deal import Deal, new_deal
from somerset.players.determinize import Knowledge, Sample, SamplingError, consistent, knowledge, sample
from somerset.game.rng import SplitMix64
from somerset.players.simulate import simulate
from somerset.rules.rulesets import load_ruleset
from somerset.solve import position_of_deal, solve

# Formats that differ in what a seat can see: partnerships, a kitty, a face-up and a face-down
# drawing pile, three, five and six players, the first lead that declares trump.
FORMATS = [("parker-1947", "four-partners"), ("somersetgame-com", "four-partners"), ("boardgamegeek", "four-partners"),
           ("hodges-1903", "two"), ("parker-1947", "two"), ("somersetcards-com", "two"), ("parker-1947", "three"),
           ("triple-2009", "five-single"), ("parker-1947", "six-3x2"), ("parker-1950", "four-single")]


def _positions(ruleset: str, fmt: str, seed: int, kind: str) -> Iterator[Deal]:
    """Every position of the play of a deal by ``kind`` bots, trump known (the same deal object, moved on)."""
    deal = new_deal(ruleset, fmt, seed)
    players = make_bots(kind, deal.players, seed)
    while not deal.is_terminal():
        if deal.phase.value == "play" and deal.trick_tables is not None:
            yield deal
        deal.apply(players[deal.current_player].act(deal))


def _truth(k: Knowledge, deal: Deal) -> Sample:
    held = 0
    for h in deal.hands:
        held |= h
    for c in deal.pile:
        held |= 1 << c
    return Sample(tuple(deal.hands), tuple(deal.pile), k.unseen & ~held)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FORMATS), st.integers(0, 2**32), st.sampled_from(["random", "heuristic"]),
       st.integers(0, 2**32))
def test_samples_agree_with_what_the_seat_has_seen(case: tuple[str, str], seed: int, kind: str, draw: int) -> None:
    rng = SplitMix64(draw)
    for deal in _positions(*case, seed, kind):
        seat = deal.current_player
        k = knowledge(deal, seat)
        # the real deal agrees with the seat's view, and nothing it rules out is really there
        assert consistent(k, _truth(k, deal))
        assert all(not k.forbidden[s] & deal.hands[s] for s in range(deal.players))
        s = sample(k, rng)
        assert consistent(k, s)
        # spelled out: the seat's own hand, every hand's size, the pile's size and known top card
        assert s.hands[seat] == deal.hands[seat]
        assert [h.bit_count() for h in s.hands] == [h.bit_count() for h in deal.hands]
        assert len(s.pile) == len(deal.pile) and tuple(s.pile[:len(k.pile_top)]) == k.pile_top
        played = 0
        for _, cards, _, _ in deal.trick_log:
            for c in cards:
                played |= 1 << c
        for c in deal.trick:
            played |= 1 << c
        assert not any(h & played for h in s.hands)
        # every card another seat played was legal with the hand the sample gives it then
        # (in the four-handed game there is no pile, so the hand then is the hand now and the later plays)
        if deal.format.players == 4 and not deal.pile:
            tab = deal.trick_tables
            assert tab is not None
            n = deal.players
            later = [0] * n
            trick_list = [(leader, cards) for leader, cards, _, _ in deal.trick_log] + [(deal.leader, tuple(deal.trick))]
            flat = [((leader + i) % n, c, cards[:i], t == 0 and i == 0)
                    for t, (leader, cards) in enumerate(trick_list) for i, c in enumerate(cards)]
            for who, c, before, first in reversed(flat):
                later[who] |= 1 << c
                if who != seat and not (first and deal.trump_by_lead):
                    assert tab.legal_mask(s.hands[who] | later[who], before, first) >> c & 1


def test_a_void_shown_is_respected() -> None:
    """A card a seat's play ruled out is never dealt to it, and a deal that gives it one is refused."""
    swapped = 0
    for seed in range(4):
        for deal in _positions("parker-1947", "four-partners", seed, "random"):
            k = knowledge(deal, deal.current_player)
            good = sample(k, SplitMix64(seed))
            for s in range(deal.players):
                mine = good.hands[s] & ~k.known[s]
                for h in range(deal.players):
                    ruled_out = k.forbidden[s] & good.hands[h]
                    if h in (s, k.seat) or not ruled_out or not mine:
                        continue
                    x, y = ruled_out & -ruled_out, mine & -mine  # give s a card it cannot hold, h one of s's
                    hands = list(good.hands)
                    hands[s] = hands[s] & ~y | x
                    hands[h] = hands[h] & ~x | y
                    assert not consistent(k, Sample(tuple(hands), good.pile, good.out))
                    swapped += 1
    assert swapped > 20


def test_knowledge_only_in_the_play() -> None:
    deal = new_deal("parker-1947", None, 3)
    with pytest.raises(SamplingError, match="in the play"):
        knowledge(deal, 0)


@pytest.mark.parametrize("case", FORMATS, ids=[f"{r}:{f}" for r, f in FORMATS])
def test_sampling_bots_play_only_legal_cards(case: tuple[str, str]) -> None:
    for seed in (1, 2):
        deal = new_deal(*case, seed)
        players = make_bots("sampling", deal.players, seed)
        while not deal.is_terminal():
            action = players[deal.current_player].act(deal)
            assert deal.can(action) is None
            deal.apply(action)
        assert sum(b.solved for b in players if isinstance(b, SamplingBot)) > 0


def test_the_same_seed_gives_the_same_play() -> None:
    CHOICES.clear()
    a = play_deal(new_deal("somersetgame-com", None, 21), make_bots("sampling", 4, 4))
    CHOICES.clear()  # worked out again, not remembered
    b = play_deal(new_deal("somersetgame-com", None, 21), make_bots("sampling", 4, 4))
    c = play_deal(new_deal("somersetgame-com", None, 21), make_bots("sampling", 4, 4))  # remembered
    assert [str(x) for x in a.history] == [str(x) for x in b.history] == [str(x) for x in c.history]
    other = play_deal(new_deal("somersetgame-com", None, 21), make_bots("sampling", 4, 5))
    assert [str(x) for x in other.history] != [str(x) for x in a.history]


def test_sampling_bot_bids_and_plays_as_the_heuristic_bot_before_the_ending() -> None:
    for seed in range(6):
        h = play_deal(new_deal("parker-1947", None, seed), make_bots("heuristic", 4, seed))
        s = play_deal(new_deal("parker-1947", None, seed), make_bots("sampling", 4, seed))
        bot = SamplingBot()
        start = next(i for i in range(len(s.history)) if bot.in_ending(
            _replayed(s, i)))
        assert [str(x) for x in h.history[:start]] == [str(x) for x in s.history[:start]]


def _replayed(deal: Deal, actions: int) -> Deal:
    from somerset.game.deal import replay_deal

    return replay_deal(deal.ruleset, deal.format.id, deal.dealer, deal.history[:actions], seed=deal.seed)


def test_the_ending_plays_the_solvers_best_card_when_the_sample_is_the_true_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def true_deal(k: Knowledge, rng: SplitMix64) -> Sample:
        return _truth(k, k.deal)

    monkeypatch.setattr(bots_module, "sample", true_deal)
    CHOICES.clear()
    checked = 0
    for case in FORMATS[:4]:
        for seed in range(3):
            deal = new_deal(*case, seed)
            players = [SamplingBot(SplitMix64(seed * 7 + x).next(), samples=1) for x in range(deal.players)]
            while not deal.is_terminal():
                bot = players[deal.current_player]
                if bot.in_ending(deal) and len(deal.legal_cards()) > 1:
                    sol = solve(position_of_deal(deal))
                    best = {v.card for v in sol.cards if v.best}
                    action = bot.act(deal)
                    assert action.cards[0] in best, (case, seed, str(action), sorted(map(str, best)))
                    checked += 1
                    deal.apply(action)
                else:
                    deal.apply(bot.act(deal))
    CHOICES.clear()
    assert checked > 50


def test_the_simulator_offers_the_sampling_bot_and_keeps_its_default() -> None:
    assert {"random", "heuristic", "sampling"} <= set(BOTS)
    r = load_ruleset("parker-1947")
    default = simulate(r, "four-partners", 6, 3)
    heuristic = simulate(r, "four-partners", 6, 3, "heuristic")
    sampling = simulate(r, "four-partners", 6, 3, "sampling")
    drop = ("seconds", "deals_per_second", "bots")
    assert {k: v for k, v in default.items() if k not in drop} == {k: v for k, v in heuristic.items() if k not in drop}
    assert sampling["bots"] == "sampling" and sampling["played"] == heuristic["played"]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one sample"):
        SamplingBot(1, samples=0)
