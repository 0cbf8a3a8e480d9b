"""A game of several deals to the target: the deal passes left, and the game rule decides."""

from __future__ import annotations

import json

import pytest

from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal, play_game
from somerset.game.match import Game
from somerset.rules.rulesets import RULESETS
from somerset.game.views import game_from_json, game_to_json

from cases import CASES, _ids


def test_all_pass_moves_the_deal_left() -> None:
    g = Game("parker-1947", seed=1, dealer=3)
    for _ in range(4):
        g.apply("pass")
    assert len(g.deals) == 2 and g.deal.dealer == 0 and g.scores == [0, 0]


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_whole_games_end(case: tuple[str, str, str | None]) -> None:
    rid, fmt_id, opt = case
    players = RULESETS[rid].format(fmt_id).players
    # Random bidders are set so often that a game may drift below zero for ever: the safety cap ends it.
    capped = play_game(Game(rid, fmt_id, seed=5, options=[opt] if opt else [], max_deals=30), make_bots("random", players, 5))
    assert capped.is_terminal() and (capped.winner is not None) != capped.unfinished
    assert len(capped.deals) <= 30
    for seed in (11, 12):
        g = play_game(Game(rid, fmt_id, seed=seed, options=[opt] if opt else []), make_bots("heuristic", players, seed))
        assert g.is_terminal() and not g.unfinished and g.winner is not None
        target = g.ruleset.game.value.target
        assert g.scores[g.winner] >= target and g.scores[g.winner] == max(g.scores)
        assert g.scores == [sum(d.score_changes()[t] for d in g.deals) for t in range(len(g.format.teams))]
        dealers = [d.dealer for d in g.deals]
        assert dealers == [(dealers[0] + k) % players for k in range(len(dealers))]
        back = game_from_json(json.loads(json.dumps(game_to_json(g))))
        assert back.signature() == g.signature()


def test_boardgamegeek_cannot_win_by_setting() -> None:
    g = Game("boardgamegeek", seed=0)
    g.scores = [70, 0]
    d = g.deal
    d.apply("bid 24")  # seat 1 bids everything: almost surely set
    for _ in range(3):
        d.apply("pass")
    play_deal(d, make_bots("random", 4, 1))
    g.end_deal()
    if not d.made:
        assert g.winner is None  # team 0 is past 66 only by setting
