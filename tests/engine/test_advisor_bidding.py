"""Bots that bid with the advisor (heuristic+advisor, sampling+advisor) and the duplicate bench of their bidding."""

from __future__ import annotations

import pytest

from somerset.game.actions import Action, ActionKind
from somerset.game.deal import Deal, Phase, new_deal
from somerset.players.advisor_bidding import BID_SAMPLES, AdvisorBidder
from somerset.players.bots import HeuristicBot, SamplingBot
from somerset.players.roster import BOT_KINDS, BOTS, make_bots
from somerset.players.autoplay import play_deal, play_until_bid
from somerset.rules.rulesets import load_ruleset
from somerset.rules.cards import parse_cards
from somerset_tools import bench_bid

WEAK = "0/0 0/2 1/2 0/4 1/4 2/4 0/6 1/6 2/6 0/8 1/8 0/10"


def _calls(deal: Deal) -> list[str]:
    return [str(a) for a in deal.history if a.kind in (ActionKind.BID, ActionKind.PASS)]


def test_the_advisor_bots_are_made_by_name_and_kept_out_of_the_link_bots() -> None:
    assert set(BOTS) == {"random", "heuristic", "sampling"}
    assert set(BOT_KINDS) == set(BOTS) | {"search", "heuristic+advisor", "sampling+advisor", "search+advisor"}
    heuristic = make_bots("heuristic+advisor", 4, 9)
    sampling = make_bots("sampling+advisor", 4, 9)
    plain = make_bots("heuristic", 4, 9)
    assert [b.name for b in heuristic] == ["heuristic+advisor"] * 4
    assert all(isinstance(b, AdvisorBidder) and isinstance(b.base, HeuristicBot) for b in heuristic)
    assert all(isinstance(b, AdvisorBidder) and isinstance(b.base, SamplingBot) for b in sampling)
    # the same seeds as the plain bots: their cards are the plain bots' cards
    assert [b.seed for b in heuristic] == [b.rng.state for b in plain]  # type: ignore[attr-defined]
    assert all(b.samples == BID_SAMPLES for b in heuristic)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="the bots are: random, heuristic, sampling, search, heuristic"):
        make_bots("heuristic+oracle", 4, 1)


def test_the_default_bidding_is_unchanged() -> None:
    # pinned: these calls were made by the heuristic bots before the advisor bots existed
    pinned = {
        ("parker-1947", 11): ["bid 7", "bid 8", "bid 9", "pass", "bid 10", "bid 11", "bid 12", "pass", "pass", "bid 13",
                              "pass", "pass", "pass"],
        ("somersetgame-com", 12): ["bid 11", "bid 12", "bid 13", "pass", "bid 14", "pass", "pass", "pass"],
        ("hodges-1913", 13): ["bid 14", "pass", "pass", "pass"],
    }
    for (rules, seed), calls in pinned.items():
        assert _calls(play_deal(new_deal(rules, seed=seed), make_bots("heuristic", 4, seed))) == calls


class _Checked:
    """A bot whose every action is checked to be legal."""

    def __init__(self, bot: AdvisorBidder, calls: list[Action]) -> None:
        self.bot, self.name, self.calls = bot, bot.name, calls

    def act(self, deal: Deal) -> Action:
        action = self.bot.act(deal)
        assert action in deal.legal_actions(), f"{action} is not legal here"
        if deal.phase is Phase.AUCTION:
            self.calls.append(action)
        return action


@pytest.mark.parametrize("rules,seed", [("parker-1947", 21), ("somersetgame-com", 22), ("hodges-1913", 23)])
def test_the_advisor_bidder_is_deterministic_and_legal(rules: str, seed: int) -> None:
    calls: list[Action] = []
    once = play_deal(new_deal(rules, seed=seed), [_Checked(b, calls) for b in make_bots("heuristic+advisor", 4, seed)
                                                  if isinstance(b, AdvisorBidder)])
    again = play_deal(new_deal(rules, seed=seed), make_bots("heuristic+advisor", 4, seed))
    assert calls and once.is_terminal()
    assert [str(a) for a in once.history] == [str(a) for a in again.history]


def test_a_bot_declaring_names_the_advisors_trump() -> None:
    bots = make_bots("heuristic+advisor", 4, 21)
    deal = play_deal(new_deal("parker-1947", seed=21), bots)
    assert deal.declarer is not None
    declarer = bots[deal.declarer]
    assert isinstance(declarer, AdvisorBidder) and declarer.forecasts
    assert declarer.forecasts[-1].bid == deal.bid and declarer.trump == deal.trump
    assert 0 <= declarer.forecasts[-1].p_make <= 1


def test_a_hand_that_cannot_make_the_lowest_bid_passes() -> None:
    deal = Deal("parker-1947", "four-partners", dealer=3)
    weak = parse_cards(WEAK, deal.pack)
    rest = [c for c in deal.pack.cards if c not in weak]
    hands = [rest[0:12], list(weak), rest[12:24], rest[24:36]]
    deal.apply(Action.deal(hands, rest[36:]))
    deal.apply(Action.bid(20))  # seat 1 (the dealer's left) bids 20; seat 2 holds the weak hand
    assert deal.current_player == 1
    bot = make_bots("heuristic+advisor", 4, 5)[1]
    assert isinstance(bot, AdvisorBidder)
    advice = bot.advice(deal)
    assert advice.recommend()[1] is None and advice.best.p_make[0] < 0.5
    assert bot.act(deal).kind is ActionKind.PASS
    assert bot.forecasts == []


def test_a_bot_that_may_not_pass_makes_the_lowest_bid() -> None:
    # hodges-1913: one round of bids; when everyone else passes the dealer must bid
    deal = Deal("hodges-1913", "four-partners", dealer=1)
    weak = parse_cards(WEAK, deal.pack)
    rest = [c for c in deal.pack.cards if c not in weak]
    deal.apply(Action.deal([rest[0:12], list(weak), rest[12:24], rest[24:36]], rest[36:]))
    bot = make_bots("heuristic+advisor", 4, 5)[1]
    while deal.current_player != 1:
        legal = deal.legal_actions()
        deal.apply(next(a for a in legal if a.kind is ActionKind.PASS))
    legal = deal.legal_actions()
    action = bot.act(deal)
    assert action in legal
    if not any(a.kind is ActionKind.PASS for a in legal):
        assert action == min((a for a in legal if a.kind is ActionKind.BID), key=lambda a: a.number or 0)


def test_the_duplicate_plays_the_same_deal_with_the_sides_exchanged() -> None:
    (a, b), advisors = bench_bid.tables("parker-1947", None, 17, 2, samples=8)
    def held(deal: Deal) -> list[list[str]]:  # the cards each seat played: its hand (no kitty here)
        seats: list[list[str]] = [[] for _ in range(deal.players)]
        for leader, trick, _, _ in deal.trick_log:
            for k, c in enumerate(trick):
                seats[(leader + k) % deal.players].append(str(c))
        return [sorted(x) for x in seats]

    assert held(a) == held(b) and all(len(x) == 12 for x in held(a)) and a.dealer == b.dealer == 2
    team = a.team_of
    assert [x is not None for x in advisors[0]] == [team[s] == 0 for s in range(4)]
    assert [x is not None for x in advisors[1]] == [team[s] == 1 for s in range(4)]
    assert all(x is None or x.samples == 8 for x in advisors[0] + advisors[1])


def test_the_duplicate_figures_and_the_calibration() -> None:
    f = bench_bid.run("hodges-1913", None, deals=2, seed=3, samples=6)
    assert f["deals"] == 2
    sides = f["sides"]
    assert sides["advisor"]["auctions_won"] + sides["today"]["auctions_won"] == 4
    assert sum(b["count"] for b in f["calibration"]) == f["forecasts"] <= sides["advisor"]["auctions_won"]
    assert f["advisor_calls"] > 0 and "advisor bidding less today's" in bench_bid.describe(f)
    buckets = bench_bid.calibration([(0.05, False), (0.15, True), (0.95, True), (1.0, True), (0.7, False)])
    got = {b["bucket"]: (b["count"], b["observed"]) for b in buckets if b["count"]}
    assert got == {"0%-10%": (1, 0.0), "10%-20%": (1, 1.0), "70%-80%": (1, 0.0), "90%-100%": (2, 1.0)}


def test_the_play_command_takes_the_advisor_bots_by_name() -> None:
    import json
    import subprocess
    import sys

    cli = [sys.executable, "-m", "somerset_tools", "play", "--rules", "hodges-1913", "--seed", "4"]
    out = subprocess.run([*cli, "--bots", "heuristic+advisor", "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    deal, _ = play_until_bid(load_ruleset("hodges-1913"), None, 4, 0, "heuristic+advisor")
    assert data["bots"] == "heuristic+advisor" and data["bid"] == deal.bid and data["declarer"] == deal.declarer
    helped = subprocess.run([*cli, "--help"], capture_output=True, text=True, timeout=120)
    assert "heuristic+advisor" in helped.stdout and "bid advisor" in helped.stdout
