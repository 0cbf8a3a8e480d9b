"""The audit's corrections to the rules data, each written from the source texts (not from the engine)."""

from __future__ import annotations

from somerset import RULESETS, get_ruleset
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal, play_game
from somerset.game.deal import new_deal
from somerset.game.match import Game
from somerset.rules.dimensions import Tie
from somerset.records.deal_record import DealRecord, parse_record
from somerset.records.game_record import GameRecord, game_record_of
from somerset.teaching.rulings import RULINGS, answer_all


def test_parker_1950_may_be_played_alone_by_four():
    # Addendum B: "The game may be played by 2, 3, or 4 players. Players may play alone in all these
    # games" -- but only the four-handed deal is described.
    r = get_ruleset("parker-1950")
    assert {f.id for f in r.formats.value} == {"four-partners", "four-single"}
    alone = r.format("four-single")
    assert alone.players == 4 and not alone.partnership and alone.hand_size == 7 and alone.points_per_deal == 14
    assert "play alone in all these games" in r.formats.interpretation
    for seed in range(20):
        deal = play_deal(new_deal(r, "four-single", seed), make_bots("heuristic", 4, seed))
        assert deal.is_terminal() and sum(deal.points()) == 14
        if deal.declarer is not None and not deal.made:  # a set bidder: every other player adds twice his points
            changes = deal.score_changes()
            for seat, change in enumerate(changes):
                if seat != deal.declarer:
                    assert change == 2 * deal.team_points()[seat]
    game = Game(r, "four-single", seed=5)
    assert len(game.scores) == 4


def test_two_sides_passing_the_target_together_is_explained_for_the_games_each_ruleset_has():
    words = {rid: RULESETS[rid].game.interpretation or "" for rid in RULESETS}
    assert "three partnerships" in words["parker-1947"] and "six players each alone" in words["parker-1947"]
    assert "three or four partnerships" in words["triple-2009"]
    assert "four players each alone" in words["parker-1950"] and "partnerships" not in words["parker-1950"]
    assert "partnerships" not in words["parker-1947-house"] and "three or four players" in words["parker-1947-house"]
    # Minden Senior Center: both sides score a made bid, so passing 66 together needs no set at all.
    msc = RULESETS["minden-senior-center"].game
    assert msc.value.tie is Tie.HIGHER_WINS_REPLAY_TIE and "Both sides score every made bid" in msc.interpretation
    assert all("single-handed bidder" not in w for w in words.values())


def test_the_game_target_ruling_groups_minden_senior_center_with_the_other_both_sides_scoring_ruleset():
    ruling = next(r for r in RULINGS if r.id == "game-target")
    short = {r.id: a.short for r, a in answer_all(ruling)}
    assert short["minden-senior-center"] == short["somersetcards-com"] != short["parker-1947"]


def test_the_readings_revisited_say_what_the_alternative_would_be():
    msc = RULESETS["minden-senior-center"]
    assert "not just the team who makes their bid" in msc.made.interpretation
    house = RULESETS["parker-1947-house"].after_rover
    assert "No Trump" in house.interpretation and "Read literally" in house.interpretation
    assert "lists six" in RULESETS["hodges-1913"].pack.summary and "seven" in RULESETS["hodges-1913"].pack.summary


# --- penalties: Hodges 1903's revoke and misdeal ------------------------------------------------------

import pytest  # noqa: E402

from somerset.players.autoplay import play_game  # noqa: E402
from somerset.rules.cards import parse_card  # noqa: E402
from somerset.rules.penalties import charge_revokes, misdeal_reason, revoke_charge  # noqa: E402
from somerset.rules.errors import RulesError  # noqa: E402
from somerset.records.common import RecordError  # noqa: E402
from somerset.records.game_record import game_record_of, parse_game_record  # noqa: E402
from somerset.records.deal_record import parse_record, record_of  # noqa: E402


def _hodges_deal_record() -> str:
    r = get_ruleset("hodges-1903")
    return str(record_of(play_deal(new_deal(r, None, 3), make_bots("heuristic", 4, 3))))


def test_a_revoke_found_too_late_costs_the_revoking_side_two_points_under_hodges_1903():
    # "If discovered in time it should be exchanged, or a penalty of two points charged against the score."
    text = _hodges_deal_record()
    score_line = next(line for line in text.splitlines() if line.startswith("Score:"))
    plain = [int(x) for x in score_line.split()[1:]]
    points_line = next(line for line in text.splitlines() if line.startswith("Points:"))
    charged = text.replace(points_line, "Revoke: 1\n" + points_line).replace(
        score_line, "Score: " + " ".join(f"{v:+d}" for v in (plain[0], plain[1] - 2)))
    rec = parse_record(charged)
    assert rec.revokes == [1] and rec.score() == [plain[0], plain[1] - 2] and str(rec) == charged
    with pytest.raises(RecordError, match="does not agree with the play"):
        parse_record(text.replace(points_line, "Revoke: 1\n" + points_line))  # the score left uncharged
    assert revoke_charge(get_ruleset("hodges-1903")) == 2


def test_rulesets_without_an_applicable_revoke_penalty_say_why():
    with pytest.raises(RulesError, match="as the players may decide"):
        revoke_charge(get_ruleset("hodges-1913"))
    with pytest.raises(RulesError, match="gives no penalty for a revoke"):
        revoke_charge(get_ruleset("parker-1947"))
    r = get_ruleset("parker-1947")
    text = str(record_of(play_deal(new_deal(r, None, 7), make_bots("heuristic", 4, 7))))
    points_line = next(line for line in text.splitlines() if line.startswith("Points:"))
    with pytest.raises(RecordError, match="gives no penalty for a revoke"):
        parse_record(text.replace(points_line, "Revoke: 2\n" + points_line))
    with pytest.raises(RulesError, match="seat from 0 to 3"):
        charge_revokes(get_ruleset("hodges-1903"), get_ruleset("hodges-1903").format(), [0, 0], [4])


@pytest.mark.parametrize("card, redeal", [("4/6", True), ("3/6", True), ("2/6", False), ("6/6", True), ("1/2", True),
                                          ("0/2", False), ("0/0", False), ("1/1", False), ("4/5", True)])
def test_a_card_shown_while_dealing_calls_for_a_new_deal_if_a_counter_or_higher(card, redeal):
    # "a new deal by the same dealer if the card is a counter or of higher value than a counter"
    r = get_ruleset("hodges-1903")
    c = parse_card(card, r.deck)
    if redeal:
        assert "the same dealer deals again" in misdeal_reason(r, c)
    else:
        with pytest.raises(RulesError, match="the deal stands"):
            misdeal_reason(r, c)


def test_a_misdeal_keeps_the_dealer_and_the_game_record_says_so():
    r = get_ruleset("hodges-1903")
    game = Game(r, seed=3)
    bots = make_bots("heuristic", 4, 3)
    game.apply(bots[game.current_player].act(game.deal)) if not game.is_chance() else None
    while len(game.deals) == 1:
        game.apply(bots[game.current_player].act(game.deal))
    dealer = game.deal.dealer
    with pytest.raises(RulesError, match="the deal stands"):
        game.misdeal(parse_card("2/6", r.deck))
    game.misdeal(parse_card("4/6", r.deck))
    assert len(game.deals) == 3 and game.deal.dealer == dealer and game.misdeals == {1: parse_card("4/6", r.deck)}
    game.apply(bots[game.current_player].act(game.deal))
    with pytest.raises(RulesError, match="before the bidding"):
        game.misdeal(parse_card("4/6", r.deck))
    play_game(game, bots)
    text = str(game_record_of(game))
    assert "Deal 2: dealer 1" in text and "Misdeal: 4/6\n\nDeal 3: dealer 1," in text
    assert str(parse_game_record(text)) == text and parse_game_record(text).replay().scores == game.scores
    from somerset.game.views import game_from_json, game_to_json

    assert game_from_json(game_to_json(game)).scores == game.scores
    short = '[Ruleset "{}"]\n[Seed "3"]\n\nDeal 1: dealer 0, seed 3\nMisdeal: 4/6\n'
    assert parse_game_record(short.format("hodges-1903")).misdeals == {0: "4/6"}
    with pytest.raises(RecordError, match="line 5: Parker 1950 says nothing about a card shown while dealing"):
        parse_game_record(short.format("parker-1950"))


def test_the_penalties_doctests():
    import doctest

    import somerset.rules.penalties

    result = doctest.testmod(somerset.rules.penalties, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


def test_the_minden_senior_center_dealer_forced_to_bid_takes_it_at_12():
    # Exception 1: "if no one bids and it gets back to the dealer he must take the bid for 12 points".
    from somerset.rules.bidding import Auction, Call

    msc = get_ruleset("minden-senior-center")
    auction = Auction(msc.bidding.value, 4, 24)
    auction.run(["pass", "pass", "pass"])
    assert [str(c) for c in auction.legal_calls()] == ["12"]
    assert "takes the bid at 12, and no more" in auction.can(Call(13))
    assert "must take the bid (at 12)" in auction.can(Call(None))
    # A dealer bidding over someone else may go higher.
    auction = Auction(msc.bidding.value, 4, 24).run(["pass", "13", "pass"])
    assert [str(c) for c in auction.legal_calls()][:3] == ["pass", "14", "15"]
    # somersetcards.com's variation forces the bid of 15 on the dealer: 15 and no more.
    sc = get_ruleset("somersetcards-com").with_option("start-at-15")
    auction = Auction(sc.bidding.value, 4, 24).run(["pass", "pass", "pass"])
    assert [str(c) for c in auction.legal_calls()] == ["15"]
    deal = play_deal(new_deal(msc, None, 11), make_bots("random", 4, 11))
    assert deal.is_terminal()


def test_the_quick_reference_line_on_who_wins_a_trick_says_when_the_0_0_wins_by_itself():
    import doctest

    import somerset.rules.describe
    from somerset.rules.describe import trick_order

    assert doctest.testmod(somerset.rules.describe).failed == 0
    bgg = trick_order(get_ruleset("boardgamegeek"))
    assert "the 0/0 itself, unless the double of the suit led is in the trick" in bgg
    for r in RULESETS.values():
        assert "the 0/0 itself" in trick_order(r)


def test_a_revoke_line_or_json_penalty_that_cannot_be_read_is_refused_with_what_is_accepted():
    text = _hodges_deal_record()
    points_line = next(line for line in text.splitlines() if line.startswith("Points:"))
    for bad in ("²", "1 2", "-1", "x"):
        with pytest.raises(RecordError, match="write the seat that revoked"):
            parse_record(text.replace(points_line, f"Revoke: {bad}\n" + points_line))
    data = parse_record(text).to_json()
    for revokes in ("1", [True], ["1"]):
        with pytest.raises(RecordError, match="'revokes' must be a list of seats"):
            DealRecord.from_json({**data, "revokes": revokes})
    game = game_record_of(play_game(Game("hodges-1903", None, seed=3, max_deals=2), make_bots("heuristic", 4, 3))).to_json()
    for revokes in ([1], {"x": [1]}, {"0": "1"}):
        with pytest.raises(RecordError, match="'revokes' must be an object"):
            GameRecord.from_json({**game, "revokes": revokes})
    with pytest.raises(RecordError, match="'misdeals' must be an object"):
        GameRecord.from_json({**game, "misdeals": {"0": 5}})
