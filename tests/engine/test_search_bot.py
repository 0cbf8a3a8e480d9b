"""The searching bot: legal, seeded cards under every ruleset and format, and the duplicate bench that measures it."""

from __future__ import annotations

import json

import pytest

from somerset.game.deal import Deal, Phase, new_deal
from somerset.game.rng import SplitMix64, deal_seed
from somerset.players.bots import CHOICES, HeuristicBot, SamplingBot
from somerset.players.roster import BOT_KINDS, BOTS, bot_version, make_bots
from somerset.players.search import SearchBot, card_values
from somerset.rules.rulesets import RULESETS
from somerset_tools import bench_bots

from cases import CASES, _ids


def _play(rid: str, fmt_id: str, opt: str | None, seed: int, rollouts: int) -> Deal:
    """A deal played by searching bots (small budget), each action checked legal before it is made."""
    options = [opt] if opt else []
    players = RULESETS[rid].format(fmt_id).players
    deal = new_deal(rid, fmt_id, deal_seed(seed, 5), seed % players, options)
    bots = [SearchBot(SplitMix64(seed * 31 + s).next(), rollouts=rollouts) for s in range(players)]
    while not deal.is_terminal():
        if deal.is_chance():
            deal.apply(deal.chance_outcome())
            continue
        action = bots[deal.current_player].act(deal)
        assert action in deal.legal_actions(), (rid, fmt_id, opt, seed, str(action))
        deal.apply(action)
    return deal


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_searching_bot_plays_legal_cards_under_every_ruleset_and_format(case: tuple[str, str, str | None]) -> None:
    deal = _play(*case, seed=1, rollouts=6)
    assert deal.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_searching_bot_plays_legal_cards_over_more_deals(case: tuple[str, str, str | None]) -> None:
    for seed in range(2, 6):
        assert _play(*case, seed=seed, rollouts=24).is_terminal()


def test_the_searching_bot_is_seeded_and_replays_from_its_moves() -> None:
    CHOICES.clear()
    one = _play("parker-1947", "four-partners", None, 3, 16)
    CHOICES.clear()
    two = _play("parker-1947", "four-partners", None, 3, 16)
    assert [str(a) for a in one.history] == [str(a) for a in two.history]
    # a choice remembered for a replay is the choice made afresh
    again = _play("parker-1947", "four-partners", None, 3, 16)
    assert [str(a) for a in again.history] == [str(a) for a in one.history]


def test_the_searching_bot_searches_before_the_ending_and_differs_from_the_sampling_bot() -> None:
    """From the first trick its cards are its own: over a few deals some differ from the sampling bot's."""
    differ = searched = 0
    for seed in range(4):
        deal = new_deal("parker-1947", "four-partners", deal_seed(seed, 9))
        search = make_bots("search", 4, seed)
        sampling = make_bots("sampling", 4, seed)
        while not deal.is_terminal():
            bot = search[deal.current_player]
            assert isinstance(bot, SearchBot)
            if bot.searches(deal) and len(deal.legal_actions()) > 1:
                searched += 1
                differ += bot.act(deal) != sampling[deal.current_player].act(deal)
            deal.apply(bot.act(deal))
    assert searched > 20 and differ > 0


def test_card_values_count_every_legal_card_in_the_same_number_of_deals() -> None:
    deal = new_deal("parker-1947", "four-partners", deal_seed(2, 9))
    bots = make_bots("heuristic", 4, 2)
    while not (deal.phase is Phase.PLAY and deal.trick_tables is not None and len(deal.legal_cards()) > 2):
        deal.apply(bots[deal.current_player].act(deal))
    legal = deal.legal_cards()
    values = card_values(deal, 10 * len(legal), SplitMix64(4))
    assert {deal.index.cards[c] for c in values} == set(legal)
    for met, points in values.values():
        assert 0 <= met <= 10 and 0 <= points <= 10 * deal.total_points
    # a budget smaller than the legal cards still gives an answer: one deal each
    assert len(card_values(deal, 1, SplitMix64(4))) == len(legal)
    with pytest.raises(ValueError, match="at least one play-out"):
        SearchBot(1, rollouts=0)


def test_the_existing_bots_are_untouched_by_the_new_kind() -> None:
    assert set(BOTS) == {"random", "heuristic", "sampling"}
    assert {"search", "search+advisor"} <= set(BOT_KINDS)
    assert bot_version("search") == "search 1" and bot_version("sampling+advisor") == "sampling 1+advisor"
    bots = make_bots("search", 4, 9)
    plain = make_bots("sampling", 4, 9)
    assert [b.seed for b in bots] == [b.seed for b in plain]  # type: ignore[attr-defined]
    assert all(isinstance(b, SamplingBot) and isinstance(b.heuristic, HeuristicBot) for b in bots)


def test_the_bench_prints_one_json_document_with_gains_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    bench_bots.main(["--bots", "heuristic", "--against", "random", "--deals", "4", "--seed", "3", "--json"])
    f = json.loads(capsys.readouterr().out)
    for key in ("points_gain", "score_gain", "deals", "rules", "bots", "against", "bots_version", "against_version"):
        assert key in f
    assert f["deals"] == 4 and f["rules"] == "parker-1947"
    assert (f["bots"], f["against"]) == ("heuristic", "random")
    assert f["bots_version"] == "heuristic 1" and f["against_version"] == "random 1"
    for key in ("points_gain_ci", "score_gain_ci"):
        low, high = f[key]
        assert low <= f[key.removesuffix("_ci")] <= high
    assert f["points_gain"] > 0  # heuristic bots take more than random ones


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_a_bot_against_itself_gains_nothing(kind: str) -> None:
    f = bench_bots.run(kind, kind, deals=3, seed=5, rollouts=8)
    low, high = f["points_gain_ci"]
    assert low <= 0 <= high
    low, high = f["score_gain_ci"]
    assert low <= 0 <= high


def test_the_bench_plays_duplicate_with_the_seats_swapped() -> None:
    """Two kinds that differ: the gain is what one side took with A less what it took with B, both ways."""
    f = bench_bots.run("heuristic", "random", deals=3, seed=5)
    r = bench_bots.run("random", "heuristic", deals=3, seed=5)
    assert f["points_gain"] == -r["points_gain"] and f["score_gain"] == -r["score_gain"]


def test_the_bench_refuses_an_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_bots.main(["--bots", "clever", "--deals", "1"])
    assert "clever" in capsys.readouterr().err
