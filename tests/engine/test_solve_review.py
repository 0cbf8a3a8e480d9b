"""A line after every card (the refutation of a costly card) and the positions of a played deal's ending."""

from __future__ import annotations

import copy
import json
import random

import pytest

from somerset import api
from somerset.players.autoplay import play_until_bid
from somerset.game.deal import Deal
from somerset.rules.rulesets import get_ruleset, load_ruleset
from somerset.solve import position, position_of_deal, solve
from somerset.solve.request import read_position
from somerset.solve.review import SOLVE_TRICKS, deal_plays, tricks_left
from somerset.service.table import sit_down

from test_solve import VARIANTS, _deal_in_play


def _play_out(deal: Deal, line: list[tuple[int, str]]) -> Deal:
    d = copy.deepcopy(deal)
    for seat, card in line:
        assert d.current_player == seat
        d.apply(f"play {card}")
    assert d.is_terminal()
    return d


@pytest.mark.parametrize("r", VARIANTS[::3], ids=[r.id + "".join("+" + o for o in r.option_applied) for r in VARIANTS[::3]])
def test_every_cards_line_starts_with_it_and_takes_what_its_value_says(r: object) -> None:
    rng = random.Random(f"lines {r}")
    for fmt in r.formats.value:  # type: ignore[attr-defined]
        found = 0
        for seed in range(30):
            deal = _deal_in_play(r, fmt.id, seed, rng, 3 if fmt.players <= 4 else 2)  # type: ignore[arg-type]
            if deal is None:
                continue
            pos = position_of_deal(deal)
            sol = solve(pos, lines=True)
            assert sol.exact
            for v in sol.cards:
                assert v.line and v.line[0].card == v.card and v.line[0].seat == pos.to_move
                end = _play_out(deal, [(x.seat, str(x.card)) for x in v.line])  # type: ignore[arg-type]
                got = sum(end.points()[s] for s in pos.side) - sum(pos.taken[s] for s in pos.side)
                assert got == v.points, (str(v.card), got, v.points)
            found += 1
            if found == 2:
                break


def test_equivalent_cards_get_the_same_line_with_the_two_swapped() -> None:
    p = position(get_ruleset("parker-1947"), "8", ["9/12 7/12", "0/0 1/4", "6/8 1/2", "4/8 0/6"], leader=0)
    sol = solve(p, lines=True)
    by = {str(v.card): v for v in sol.cards}
    assert "7/12" in [str(c) for c in by["9/12"].equivalent]
    for name in ("9/12", "7/12"):
        cards = [str(x.card) for x in by[name].line if x.seat == 0]
        assert cards[0] == name and sorted(cards) == ["7/12", "9/12"]


def test_deal_plays_cover_every_card_of_the_last_tricks_and_solve() -> None:
    for rules, fmt in (("parker-1947", "four-partners"), ("parker-1947", "two"), ("hodges-1903", "four-partners")):
        deal, _ = play_until_bid(load_ruleset(rules), fmt, 3)
        plays = deal_plays(deal)
        n = deal.players
        assert len(plays) == SOLVE_TRICKS * n
        assert all(1 <= x["tricks_left"] <= SOLVE_TRICKS for x in plays)
        # each position, played on with the card shown, gives the next one
        for a, b in zip(plays, plays[1:]):
            pa = read_position(a["position"])
            assert pa.to_move == a["seat"] and a["card"] in [str(c) for c in pa.hands[a["seat"]]]
        last = read_position(plays[-1]["position"])
        sol = solve(last)
        assert sol.exact and [str(v.card) for v in sol.cards] == [plays[-1]["card"]]


def test_the_table_reviews_only_the_readers_cards_once_over() -> None:
    moves: list[str] = []
    data = sit_down("parker-1947", "four-partners", 5, moves)
    while not data["over"]:
        tp = data["to_play"]
        moves.append(tp["moves"][0])
        data = sit_down("parker-1947", "four-partners", 5, moves)
    if data["passed_out"]:
        assert data["review"] == []
        return
    review = data["review"]
    assert len(review) == SOLVE_TRICKS and all(x["seat"] == 0 for x in review)
    played = [m.split()[1] for m in moves if m.startswith("play ")]
    assert [x["card"] for x in review] == played[-SOLVE_TRICKS:]
    answer = json.loads(api.handle(json.dumps({"cmd": "solve", **review[0]["position"], "lines": True})))
    assert answer["exact"] and all(c["line"] and c["line"][0]["card"] == c["card"] for c in answer["cards"])


def test_replay_steps_carry_the_positions_of_the_ending() -> None:
    data = json.loads(api.handle(json.dumps({"cmd": "replay", "rules": "parker-1947", "seed": 7})))
    tricks = [s for s in data["steps"] if s["label"].startswith("Trick ")]
    with_plays = [s for s in tricks if "plays" in s]
    assert len(with_plays) == SOLVE_TRICKS and with_plays == tricks[-SOLVE_TRICKS:]
    for s in with_plays:
        assert [p["card"] for p in s["plays"]] == s["cards"]
        assert [p["seat"] for p in s["plays"]] == s["seats"]


def test_tricks_left_counts_the_pile() -> None:
    deal, _ = play_until_bid(load_ruleset("parker-1947"), "two", 1)
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    for action in deal.history:
        d.apply(action)
        if d.phase.value == "play" and d.pile:
            assert tricks_left(d) > len(d.hand(d.current_player))
            return
    raise AssertionError("no position with a pile")


def test_options_as_a_list_are_read() -> None:
    r = load_ruleset("hodges-1903", ["without-bidding"])
    deal, _ = play_until_bid(r, "four-partners", 2)
    plays = deal_plays(deal)
    assert plays and plays[0]["position"]["options"] == ["without-bidding"]
    assert read_position(plays[0]["position"]).ruleset.option_applied == ("without-bidding",)
    bad = json.loads(api.handle(json.dumps({"cmd": "solve", **plays[0]["position"], "options": ["nope"]})))
    assert bad["error"]["field"] == "options"
