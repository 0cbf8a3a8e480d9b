"""Bots: deterministic for a seed, legal, and not foolish."""

from __future__ import annotations

from somerset.players.bots import HeuristicBot, RandomBot
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.game.actions import Action
from somerset.game.deal import Deal, Phase, new_deal


def test_bots_are_deterministic_for_a_seed() -> None:
    for kind in ("random", "heuristic"):
        a = play_deal(new_deal("parker-1947", None, 5), make_bots(kind, 4, 9))
        b = play_deal(new_deal("parker-1947", None, 5), make_bots(kind, 4, 9))
        assert [str(x) for x in a.history] == [str(x) for x in b.history]


def test_random_bot_covers_the_legal_actions() -> None:
    d = new_deal("parker-1947", None, 1)
    seen = {str(RandomBot(s).act(d)) for s in range(200)}
    assert seen == {str(a) for a in d.legal_actions()}


def test_heuristic_bot_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = Deal("parker-1947", "four-partners", dealer=3)
    from somerset.rules.cards import parse_cards

    hand = list(parse_cards("12/12 11/12 10/12 9/12 8/12 7/12 6/12 12/12".replace("12/12 ", "", 1) + " 10/10 8/8 0/0 S/S 5/12"))
    rest = [c for c in strong.pack.cards if c not in hand]
    strong.apply(Action.deal([hand + [], rest[:12], rest[12:24], rest[24:36]], rest[36:]))
    assert strong.hands[0].bit_count() == 12
    bid = HeuristicBot(1).act(strong)
    assert bid.kind.value == "bid" and bid.number is not None and bid.number >= 12
    weak = Deal("parker-1947", "four-partners", dealer=3)
    low = list(parse_cards("0/2 0/4 1/4 0/6 1/6 2/6 0/8 1/8 0/10 1/10 0/12 1/12"))
    rest = [c for c in weak.pack.cards if c not in low]
    weak.apply(Action.deal([low, rest[:12], rest[12:24], rest[24:36]], rest[36:]))
    assert str(HeuristicBot(1).act(weak)) == "pass"


def test_heuristic_bot_plays_sensibly_in_real_deals() -> None:
    """Over many deals: the last player wins a trick an opponent holds when it can, does not overtake a
    partner who is winning, and then gives that partner a count card when it has one to give."""
    checked = {"win": 0, "feed": 0, "no-overtake": 0}
    for seed in range(30):
        d = new_deal("parker-1947", "four-partners", seed)
        bots = make_bots("heuristic", 4, seed)
        while not d.is_terminal():
            if d.phase is Phase.PLAY and d.trump is not None and len(d.trick) == 3:
                seat = d.current_player
                action = bots[seat].act(d)
                legal = d.legal_cards()
                winner = d.current_winner()
                assert winner is not None
                partner_winning = d.team_of[winner] == d.team_of[seat]
                winning = [c for c in legal if d.would_win(c)]
                card = action.cards[0]
                if not partner_winning and winning:
                    assert d.would_win(card)
                    checked["win"] += 1
                if partner_winning and len(winning) < len(legal):
                    assert not d.would_win(card)
                    checked["no-overtake"] += 1
                    feeds = [c for c in legal if d.pack.count_value(c) and not d.would_win(c)]
                    if feeds:
                        assert d.pack.count_value(card) == max(d.pack.count_value(c) for c in feeds)
                        checked["feed"] += 1
                d.apply(action)
            else:
                d.apply(bots[d.current_player].act(d))
    assert all(v > 5 for v in checked.values()), checked


def test_ss_is_kept_until_it_is_safe() -> None:
    """The S/S is never thrown onto a trick an opponent will take, unless it is the only legal card."""
    for seed in range(30):
        d = new_deal("parker-1947", "four-partners", seed)
        bots = make_bots("heuristic", 4, seed)
        while not d.is_terminal():
            action = bots[d.current_player].act(d)
            if d.phase is Phase.PLAY and action.kind.value == "play" and action.cards[0].is_ss and len(d.legal_cards()) > 1:
                seat = d.current_player
                d.apply(action)
                if len(d.trick) == 0:  # the trick is complete
                    t = d.tricks[-1]
                    assert d.team_of[t.winner] == d.team_of[seat]
                continue
            d.apply(action)
