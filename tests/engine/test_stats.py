"""somerset_tools.stats: figures from bot-played games, counted independently here, reproducible for a
seed, with a figure a ruleset cannot have left out and its reason given."""

from __future__ import annotations

import json
import math

import pytest

from somerset import get_ruleset, trick_verdict
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_game
from somerset.game.match import Game
from somerset.game.rng import deal_seed
from somerset_tools.stats import Settings, gather, gather_all, main, mean, quartiles, share


def test_the_same_seed_gives_the_same_figures_and_another_seed_others() -> None:
    a = gather("somersetgame-com", games=3, seed=11)
    assert gather("somersetgame-com", games=3, seed=11) == a
    assert gather("somersetgame-com", games=3, seed=12) != a
    both = gather_all(Settings(games=2, seed=5, rulesets=("parker-1950", "triple-2009")))
    again = gather_all(Settings(games=2, seed=5, rulesets=("parker-1950", "triple-2009")))
    assert both["rulesets"] == again["rulesets"] and both["settings"]["games"] == 2


@pytest.mark.parametrize("rid", ["parker-1947", "boardgamegeek", "hodges-1903"])
def test_the_counts_agree_with_an_independent_count(rid: str) -> None:
    """Replay the same games and count again: the Rover by the trick's verdict, the rest from the deals."""
    r = get_ruleset(rid)
    fmt = r.format()
    games, seed = 4, 9
    f = gather(r, games=games, seed=seed)
    rover = [0, 0]
    ss = [0, 0]
    made = [0, 0]
    bids: dict[str, int] = {}
    lengths = []
    deals = 0
    for g in range(games):
        s = deal_seed(seed, g)
        game = play_game(Game(r, fmt.id, seed=s, dealer=g % fmt.players, max_deals=100), make_bots("heuristic", fmt.players, s))
        lengths.append(len(game.deals))
        for d in game.deals:
            deals += 1
            assert d.trump is not None or d.passed_out
            for t in d.tricks:
                v = trick_verdict(r, d.trump, t.cards) if d.trump is not None else None
                for pos, c in enumerate(t.cards):
                    if c.is_rover:
                        rover[1] += 1
                        rover[0] += v is not None and v.winner == pos
                    if c.is_ss:
                        ss[1] += 1
                        ss[0] += d.team_of[(t.leader + pos) % fmt.players] != d.team_of[t.winner]
            if d.bid is not None and not d.passed_out:
                made[0 if d.made else 1] += 1
                bids[str(d.bid)] = bids.get(str(d.bid), 0) + 1
    assert f["deals"] == deals and f["games"] == games
    assert (f["rover"]["count"], f["rover"]["of"]) == tuple(rover)
    if r.deck.has_ss:
        assert (f["ss_captured"]["count"], f["ss_captured"]["of"]) == tuple(ss)
    else:
        assert f["ss_captured"] is None and ss == [0, 0]
    assert (f["made"]["count"], f["made"]["of"]) == (made[0], sum(made))
    assert f["winning_bids"] == dict(sorted(bids.items(), key=lambda kv: int(kv[0])))
    assert f["game_length"]["mean"] == round(sum(lengths) / games, 3)
    assert sum(f["game_lengths"].values()) + f["unfinished"] == games


def test_figures_a_ruleset_cannot_have_are_left_out_with_the_reason() -> None:
    single = gather("parker-1950", games=1, seed=1)
    assert single["ss_captured"] is None and "single pack, which has no S/S" in single["absent"]["ss_captured"]
    assert single["kitty"] is None and single["face_up"] is None
    kitty = gather("boardgamegeek", games=2, seed=1)
    assert kitty["kitty"] is not None and kitty["discards"] is not None and "kitty" not in kitty["absent"]
    assert kitty["face_up"] is None and "bidder's kitty" in kitty["absent"]["face_up"]
    face_up = gather("parker-1947", games=2, seed=1)
    assert face_up["face_up"] is not None and face_up["face_up_to_bidder"] is not None
    assert "face up" in face_up["absent"]["kitty"]


def test_intervals() -> None:
    s = share(0, 10)
    assert s is not None and s["share"] == 0 and s["low"] == 0 and 0.25 < s["high"] < 0.35  # Wilson: 0.2775
    assert share(3, 0) is None
    m = mean([5, 5, 5])
    assert m is not None and m["low"] == m["high"] == 5
    m = mean(list(range(100)))
    assert m is not None and math.isclose(m["high"] - m["mean"], 1.959964 * 29.011 / 10, rel_tol=1e-3)
    assert quartiles({}) is None
    assert quartiles({7: 4}) == {"min": 7, "q1": 7, "median": 7, "q3": 7, "max": 7}


def test_bad_settings_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="games must be"):
        Settings(games=0)
    with pytest.raises(ValueError, match="unknown bots"):
        Settings(bots="clever")
    with pytest.raises(ValueError, match="nosuch"):
        Settings(rulesets=("nosuch",))


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--rules", "parker", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [f["ruleset"] for f in data["rulesets"]] == ["parker-1947"]
    assert main(["--games", "0"]) == 2
    assert "games must be" in capsys.readouterr().err
