"""The audit's corrections to the rules data, each written from the source texts (not from the engine)."""

from __future__ import annotations

from somerset import RULESETS, get_ruleset
from somerset.bots import make_bots, play_deal
from somerset.game import Game, new_deal
from somerset.rules import Tie
from somerset.rulings import RULINGS, answer_all


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
