"""Whole deals under every ruleset and format: invariants with random and bot play, and each phase's rules."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from somerset.game.actions import Action, IllegalActionError, parse_action
from somerset.players.bots import HeuristicBot, RandomBot
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.game.deal import CHANCE, TERMINAL, Deal, Phase, new_deal, replay_deal
from somerset.records.deal_record import parse_record, record_of
from somerset.rules.rulesets import RULESETS
from somerset.game.views import deal_from_json, deal_to_json, deal_view

from cases import CASES, _ids


def _cards_everywhere(d: Deal) -> Counter[str]:
    """Every card of the deal wherever it is now: hands, pile, face-up, kitty, discards, played."""
    cards = d.pack.cards
    where: Counter[str] = Counter()
    for seat in range(d.players):
        where.update(str(c) for c in d.hand(seat))
    where.update(str(cards[i]) for i in d.pile)
    where.update(str(cards[i]) for i in d.face_up)
    if d.declarer is None:  # an untaken kitty (during the auction, or all passed)
        where.update(str(cards[i]) for i in d.kitty)
    where.update(str(c) for c in d.discards)
    where.update(str(c) for c in d.played_cards())
    return where


def _play_checked(d: Deal, bots: list[RandomBot] | list[HeuristicBot]) -> Deal:
    in_play = Counter(str(d.pack.cards[i]) for i in d.in_play)
    while not d.is_terminal():
        if d.is_chance():
            assert d.current_player == CHANCE
            action = d.chance_outcome()
        else:
            action = bots[d.current_player].act(d)
            legal = d.legal_actions()
            assert action in legal
        assert d.can(action) is None
        d.apply(action)
        if not d.is_chance():
            assert _cards_everywhere(d) == in_play, "a card was lost or duplicated"
    assert d.current_player == TERMINAL and d.legal_actions() == []
    return d


def _check_result(d: Deal) -> None:
    if d.passed_out:
        assert d.score_changes() == [0] * len(d.format.teams) and not d.tricks
        return
    assert sum(d.points()) == d.total_points
    if d.ruleset.points.value.count_cards:
        assert d.total_points == d.format.points_per_deal
    else:
        assert d.total_points == d.format.tricks(d.pack)
    assert len(d.tricks) == d.format.tricks(d.pack)
    assert all(len(t.cards) == d.players for t in d.tricks)
    # replay and JSON round trips rebuild the identical state
    again = replay_deal(d.ruleset, d.format.id, d.dealer, [str(a) for a in d.history])
    assert again.signature() == d.signature()
    back = deal_from_json(json.loads(json.dumps(deal_to_json(d))))
    assert back.signature() == d.signature()
    text = str(record_of(d))
    assert str(parse_record(text)) == text
    assert parse_record(text).replay().signature() == d.signature()


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_and_bot_deals_keep_the_invariants(case: tuple[str, str, str | None]) -> None:
    rid, fmt_id, opt = case
    options = [opt] if opt else []
    players = RULESETS[rid].format(fmt_id).players
    for seed in range(3):
        d = _play_checked(new_deal(rid, fmt_id, seed, seed % players, options), [RandomBot(seed * 10 + k) for k in range(players)])
        _check_result(d)
        d = _play_checked(new_deal(rid, fmt_id, seed + 100, 0, options), [HeuristicBot(seed + k) for k in range(players)])
        _check_result(d)


def test_deal_goes_round_from_the_dealers_left() -> None:
    d = new_deal("parker-1947", "four-partners", 5, dealer=2)
    assert d.current_player == 3  # the dealer's left bids first
    assert d.bidding_order == [3, 0, 1, 2]
    assert sum(len(h) for h in d.dealt) == 48 and len(d.undealt) == 2


def test_illegal_actions_are_refused_with_the_reason() -> None:
    d = new_deal("parker-1947", "four-partners", 1)
    with pytest.raises(IllegalActionError, match="auction"):
        d.apply("play 0/2")
    d.apply("bid 10")
    with pytest.raises(IllegalActionError, match="higher than the current high bid of 10"):
        d.apply("bid 9")
    for _ in range(3):
        d.apply("pass")
    assert d.phase is Phase.TRUMP and d.declarer == 1 and d.bid == 10
    assert d.can(parse_action("trump 3")) is not None
    d.apply("trump 8")
    hand = d.hand(1)
    trumps = [c for c in hand if c.suit == 8 or c.is_ss]
    others = [c for c in hand if c not in trumps]
    if trumps and others:
        why = d.can(Action.play(others[0]))
        assert why is not None and "must lead a trump" in why
    if trumps:
        d.apply(Action.play(trumps[0]))
    assert isinstance(IllegalActionError(Action.bid(1), "x"), ValueError)


def test_all_pass_ends_the_deal_unscored() -> None:
    d = new_deal("parker-1947", "four-partners", 1)
    for _ in range(4):
        d.apply("pass")
    assert d.is_terminal() and d.passed_out and d.score_changes() == [0, 0]


def test_minden_senior_center_forces_the_dealer_at_12() -> None:
    d = new_deal("minden-senior-center", None, 2, dealer=3)
    for _ in range(3):
        d.apply("pass")
    assert [str(a) for a in d.legal_actions()][0] == "bid 12"
    assert "dealer must" in (d.can(parse_action("pass")) or "")
    d.apply("bid 12")
    assert d.declarer == 3 and d.bid == 12


def test_start_at_15_option() -> None:
    d = new_deal("somersetcards-com", None, 2, options=["start-at-15"])
    assert min(a.number for a in d.legal_actions() if a.number is not None) == 15
    for _ in range(3):
        d.apply("pass")
    assert "pass" not in [str(a) for a in d.legal_actions()]


def test_face_up_cards_go_to_the_first_tricks_winner() -> None:
    d = play_deal(new_deal("parker-1947", "four-partners", 4), make_bots("heuristic", 4, 4))
    first = d.tricks[0]
    extra = sum(d.pack.count_value(c) for c in d.undealt)
    in_trick = sum(d.pack.count_value(c) for c in first.cards)
    per_seat = [0] * 4
    for k, t in enumerate(d.tricks):
        per_seat[t.winner] += 1 + sum(d.pack.count_value(c) for c in t.cards) + (extra if k == 0 else 0)
    assert per_seat == d.points() and in_trick >= 0


def test_kitty_discards_count_for_the_bidder_and_somersetgame_raises_the_bid() -> None:
    for seed in range(40):
        d = new_deal("somersetgame-com", None, seed)
        while d.phase is Phase.AUCTION:
            d.apply("bid 10" if not d.auction or not d.auction.high else "pass")
        assert d.phase is Phase.KITTY and d.declarer is not None
        counts = [a for a in d.legal_actions() if any(d.pack.count_value(c) for c in a.cards)]
        if not counts:
            continue
        a = counts[0]
        value = sum(d.pack.count_value(c) for c in a.cards)
        d.apply(a)
        assert d.bid_to_make == 10 + value
        assert d.points()[d.declarer] == value
        return
    pytest.fail("no deal with a count card to discard")


def test_boardgamegeek_discards_neither_red_nor_the_trump_to_be_led() -> None:
    d = new_deal("boardgamegeek", None, 3)
    d.apply("bid 8")
    for _ in range(3):
        d.apply("pass")
    assert d.phase is Phase.KITTY
    for a in d.legal_actions():
        assert not any(d.pack.count_value(c) for c in a.cards)
    red = next(c for c in d.hand(d.declarer) if d.pack.count_value(c))
    other = next(c for c in d.hand(d.declarer) if c != red)
    assert "red" in (d.can(Action.discard([red, other])) or "")
    action = d.legal_actions()[0]
    d.apply(action)
    banned = {c.suit for c in action.cards}
    assert d.phase is Phase.PLAY and d.trump is None
    for a in d.legal_actions():
        if a.kind.value == "play":
            assert a.cards[0].suit not in banned
    lead = next(a for a in d.legal_actions() if a.kind.value == "play")
    d.apply(lead)
    assert d.trump is not None and d.trump.suit == lead.cards[0].suit and d.trump_by_lead


def test_first_lead_declares_trump_or_no_trump_in_words() -> None:
    d = new_deal("somersetcards-com", None, 6)
    d.apply("bid 9")
    for _ in range(3):
        d.apply("pass")
    d.apply(d.legal_actions()[0])  # the kitty
    assert "trump nt" in [str(a) for a in d.legal_actions()]
    assert all(not a.cards or not a.cards[0].is_ss for a in d.legal_actions())
    d.apply("trump nt")
    assert d.trump is not None and d.trump.is_no_trump and not d.trump_by_lead


def test_hodges_without_bidding_draws_trump_and_scores_tricks_only() -> None:
    d = new_deal("hodges-1903", None, 9, dealer=1, options=["without-bidding"])
    assert str(d.history[0]).startswith("draw ") and str(d.history[1]) == "shuffle 9"
    assert d.phase is Phase.PLAY and d.trump is not None and d.current_player == 2
    assert d.trump.suit == (d.trump_card.suit if d.trump_card else None)
    play_deal(d, make_bots("random", 4, 9))
    assert sum(d.points()) == 7 and d.score_changes() == d.team_points()


def test_pile_formats_draw_winner_first() -> None:
    for rid, fmt in (("parker-1947", "two"), ("parker-1947", "three"), ("hodges-1903", "two")):
        d = play_deal(new_deal(rid, fmt, 3), make_bots("heuristic", RULESETS[rid].format(fmt).players, 3))
        if d.passed_out:
            continue
        drawn = [c for t in d.tricks for _, c in t.draws]
        assert drawn == list(d.undealt[RULESETS[rid].format(fmt).face_up_from_pile:])
        for t in d.tricks:
            if t.draws:
                assert t.draws[0][0] == t.winner


def test_view_hides_other_hands_and_the_face_down_pile() -> None:
    d = new_deal("parker-1947", "two", 5)
    v = deal_view(d, 0)
    assert v["hand"] == [str(c) for c in d.hand(0)] and v["hand_sizes"] == [8, 8]
    text = json.dumps(v)
    for c in d.hand(1):
        assert f'"{c}"' not in text or c in d.hand(0)
    assert v["pile"]["top"] is None and v["history"] == ["deal"]
    h = deal_view(new_deal("hodges-1903", "two", 5), 1)
    assert h["pile"]["face_up"] and h["pile"]["top"] is not None


def test_cut_throat_set_pays_each_other_player_double() -> None:
    for seed in range(60):
        d = play_deal(new_deal("parker-1947", "four-single", seed), make_bots("random", 4, seed))
        if d.passed_out or d.made or d.declarer is None:
            continue
        for seat in range(4):
            if seat != d.declarer:
                assert d.score_changes()[seat] == 2 * d.points()[seat]
        return
    pytest.fail("no set deal found")
