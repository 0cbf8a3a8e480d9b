"""``somerset solve`` and the JSON API's ``solve`` request: answers, budgets, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from somerset import api
from somerset.rules.rulesets import load_ruleset
from somerset.solve import position, position_of_deal, solve
from somerset_tools.bench_solve import ending
from somerset.records.deal_record import record_of

CLI = [sys.executable, "-m", "somerset_tools"]
HANDS = ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]
REQUEST = {"cmd": "solve", "rules": "parker-1947", "trump": "8", "leader": 0, "hands": HANDS}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, input=stdin)


def test_api_solve_from_hands() -> None:
    data = api.dispatch({**REQUEST, "line": True})
    assert data["exact"] and data["side"] == [0, 2] and data["others"] == [1, 3]
    assert (data["side_points"], data["others_points"], data["remaining"]) == (5, 0, 5)
    assert [(c["card"], c["loss"], c["best"]) for c in data["cards"]] == [("8/8", 0, True), ("2/2", 4, False)]
    assert [x["card"] for x in data["line"]][:4] == ["8/8", "0/0", "6/8", "4/8"]
    assert data["message"].startswith("With best play seats 0+2 take 5 of the 5 points")
    # the same through the JSON text, as the browser's worker sends it
    assert json.loads(api.handle(json.dumps(REQUEST)))["side_points"] == 5


def test_api_solve_from_a_record_stopped_in_the_play() -> None:
    deal = ending("parker-1947", 4, 4)
    assert deal is not None
    text = str(record_of(deal))
    data = api.dispatch({"cmd": "solve", "record": text})
    exact = solve(position_of_deal(deal))
    assert data["exact"] and data["side_points"] == exact.points
    assert data["side_total"] == sum(deal.points()[s] for s in exact.side) + exact.points


def test_api_budget_too_small_says_so_and_asking_again_carries_on() -> None:
    deal = ending("somersetgame-com", 2, 7)
    assert deal is not None
    text = str(record_of(deal))
    first = api.dispatch({"cmd": "solve", "record": text, "nodes": 200})
    assert first["exact"] is False and first["stopped"] == "node budget" and first["side_points"] is None
    assert first["message"].startswith("Not solved within the node budget")
    assert any(c["loss"] is None for c in first["cards"])
    full = solve(position_of_deal(deal))
    assert first["side_low"] <= full.points <= first["side_high"]  # type: ignore[operator]
    nodes = [first["stats"]["nodes"]]
    for _ in range(500):
        again = api.dispatch({"cmd": "solve", "record": text, "nodes": 20_000})
        nodes.append(again["stats"]["nodes"])
        if again["exact"]:
            break
    assert again["exact"] and again["side_points"] == full.points
    assert nodes == sorted(nodes) and len(nodes) > 2  # the same search went on
    assert {c["card"]: c["low"] for c in again["cards"]} == {str(c.card): c.low for c in full.cards}


def test_api_time_budget() -> None:
    deal = ending("parker-1947", 5, 10)
    assert deal is not None
    data = api.dispatch({"cmd": "solve", "record": str(record_of(deal)), "seconds": 0.05})
    assert data["exact"] is False and data["stopped"] == "time budget"
    assert data["stats"]["seconds"] < 2


@pytest.mark.parametrize("change, field, words", [
    ({"hands": None}, "hands", "needs 'hands'"),
    ({"hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/x"]}, "hands", "'0/x' is not a card"),
    ({"hands": "8/8"}, "hands", "wrong type"),
    ({"trump": "7"}, "trump", "not a suit that can be trump"),
    ({"leader": 9}, "leader", "seat from 0 to 3"),
    ({"nodes": 0}, "nodes", "from 1 to"),
    ({"seconds": -1}, "seconds", "more than 0"),
    ({"rules": "nope"}, "rules", "not a known ruleset"),
    ({"option": "nope"}, "option", "no option"),
    ({"side": [0, 1, 2, 3]}, "side", "cannot hold every seat"),
    ({"record": "[Ruleset \"parker-1947\"]\n\nHand 0: 4/8"}, "record", "the record cannot be read"),
])
def test_api_solve_bad_input_names_the_field(change: dict[str, object], field: str, words: str) -> None:
    req = {k: v for k, v in {**REQUEST, **change}.items() if v is not None}
    data = api.dispatch(req)
    assert "error" in data and not data["error"].get("internal"), data
    assert data["error"]["field"] == field and words in data["error"]["message"]


def test_cli_solve_text_and_json() -> None:
    args = ["solve", "--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", " | ".join(HANDS)]
    out = run(*args, "--line")
    assert out.returncode == 0, out.stderr
    assert "seats 0+2 take 5 of the 5 points" in out.stdout and "2/2    \u22124" in out.stdout
    assert "A best line: 0:8/8" in out.stdout
    data = json.loads(run(*args, "--json").stdout)
    assert data["side_points"] == 5 and data["cards"][0]["card"] == "8/8"


def test_cli_solve_record_from_stdin() -> None:
    deal = ending("boardgamegeek", 3, 3)
    assert deal is not None
    out = run("solve", "--record", "-", "--json", stdin=str(record_of(deal)))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["side_points"] == solve(position_of_deal(deal)).points


@pytest.mark.parametrize("args, words", [
    (["--rules", "parker-1947", "--trump", "8", "--hands", "8/8"], "missing --leader"),
    (["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", "8/8 | 0/0 | 6/8 | 4/9"], "'4/9'"),
    (["--record", "/no/such/file"], "cannot read /no/such/file"),
    (["--record", "-", "--rules", "parker-1947"], "not both"),
    (["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", " | ".join(HANDS), "--side", "x"],
     "--side must be seat numbers"),
    (["--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands", " | ".join(HANDS), "--nodes", "0"],
     "'nodes' must be from 1"),
])
def test_cli_solve_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    out = run("solve", *args, stdin="")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr and words in lines[0], out.stderr


def test_a_finished_deal_is_not_a_position() -> None:
    out = run("play", "--rules", "parker-1947", "--seed", "7")
    bad = run("solve", "--record", "-", stdin=out.stdout)
    assert bad.returncode == 2 and "the deal is over" in bad.stderr


def test_solution_matches_the_module() -> None:
    r = load_ruleset("parker-1947")
    assert solve(position(r, "8", HANDS, 0)).points == api.dispatch(REQUEST)["side_points"]


# --- impossible positions are refused, naming the seat, the card and the rule ---------------------

REVOKE = {"cmd": "solve", "rules": "parker-1947", "trump": "2", "leader": 0,
          "hands": ["2/2", "5/8", "6/8 1/2", "4/8 0/6"], "trick": "8/8 0/2"}
BAD_LEAD = {"cmd": "solve", "rules": "parker-1947", "trump": "8", "leader": 0,
            "hands": ["3/8", "1/8 0/2", "0/4 2/8", "4/8 0/12"], "trick": "12/12", "first_trick": True}


def test_api_refuses_a_trick_holding_a_revoke() -> None:
    # Seat 1 trumped 8/8 with 0/2 while still holding 5/8: the engine's own follow-suit rule, reason and citation.
    data = api.dispatch(REVOKE)
    assert "error" in data and not data["error"].get("internal"), data
    message = data["error"]["message"]
    assert data["error"]["field"] == "trick"
    assert message.startswith("the trick so far breaks a rule: seat 1 played 0/2 after 8/8 with 5/8 still in hand.")
    r = load_ruleset("parker-1947")
    from somerset.rules.cards import parse_cards, parse_trump
    from somerset.rules.play import legal_plays

    why = next(i for i in legal_plays(r, parse_trump("2"), parse_cards("5/8 0/2"), parse_cards("8/8")).illegal)
    assert why.reason in message and f"[{why.citation.label}]" in message
    assert "you must follow suit" in message and why.citation.label == "Parker 1947 booklet, Naming the Trump"


def test_api_refuses_an_illegal_first_lead_and_accepts_it_later_in_the_deal() -> None:
    data = api.dispatch(BAD_LEAD)
    assert data["error"]["field"] == "trick"
    message = data["error"]["message"]
    assert "seat 0 led 12/12 to the first trick" in message
    assert "The bidder must lead a trump (/8 suit) to the first trick; 12/12 is not a trump." in message
    assert f"[{load_ruleset('parker-1947').first_lead.citation.label}]" in message
    # After the first trick any card may be led: the same cards are a position to solve.
    later = api.dispatch({**BAD_LEAD, "first_trick": False})
    assert later["exact"] and later["position"]["trick"] == ["12/12"]


def test_a_lead_that_declares_trump_must_be_of_the_suit_it_declares() -> None:
    # boardgamegeek.com: the bidder's first card declares trump, so a first trick led with 12/12 cannot have /8 trump.
    data = api.dispatch({**BAD_LEAD, "rules": "boardgamegeek"})
    message = data["error"]["message"]
    assert data["error"]["field"] == "trick" and "12/12 would declare /12 instead" in message
    assert f"[{load_ruleset('boardgamegeek').declaration.citation.label}]" in message
    assert api.dispatch({**BAD_LEAD, "rules": "boardgamegeek", "trick": "12/12", "trump": "12",
                         "hands": ["3/8", "1/8 0/2", "0/4 2/8", "4/8 0/8"]})["exact"]


def test_a_drawn_trump_leaves_the_first_lead_free() -> None:
    # Hodges 1903 without bidding: trump is drawn and nobody bid, so no opening-lead rule binds the first
    # lead; with bidding, the bidder holding a trump (0/6) must lead one.
    req = {"cmd": "solve", "rules": "hodges-1903", "option": "without-bidding", "trump": "6", "leader": 0,
           "hands": ["0/6", "1/4 0/2", "0/4 2/4", "4/4 3/4"], "trick": "2/2", "first_trick": True}
    assert api.dispatch(req)["exact"]
    bid = api.dispatch({k: v for k, v in req.items() if k != "option"})
    assert bid["error"]["field"] == "trick" and "seat 0 led 2/2 to the first trick" in bid["error"]["message"]


def test_every_seat_of_the_trick_is_checked_in_turn() -> None:
    # Seats 1 and 2 followed; seat 3 discarded 0/6 while holding 4/8.
    req = {"cmd": "solve", "rules": "parker-1947", "trump": "2", "leader": 0,
           "hands": ["2/2", "0/2", "1/2", "4/8 3/4"], "trick": "8/8 5/8 6/8"}
    assert api.dispatch(req)["exact"]
    bad = api.dispatch({**req, "leader": 1, "hands": ["2/2 3/4", "0/2", "1/2", "4/8"], "trick": "5/8 6/8 0/6"})
    assert "seat 3 played 0/6 after 5/8 6/8 with 4/8 still in hand" in bad["error"]["message"]


@pytest.mark.parametrize("change, field, words", [
    ({"hands": ["8/8 2/2", "8/8 3/4", "6/8 1/2", "4/8 0/6"]}, "hands", "8/8 is given in the hand 0 and in the hand 1"),
    ({"hands": ["2/2", "8/8 3/4", "6/8 1/2", "4/8 0/6"], "trick": "8/8"}, "trick", "in the hand 1 and in the trick"),
    ({"trick": "8/8 0/0 6/8 4/8", "hands": ["2/2", "3/4", "1/2", "0/6"]}, "trick", "a trick in progress has at most 3"),
    ({"hands": ["8/8 2/2 5/8", "0/0 3/4", "6/8 1/2", "4/8 0/6"]}, "trick", "the same number of cards"),
    ({"face_up": "1/10 2/10 3/10", "first_trick": True}, "face_up", "3 face-up cards given, but the Four players, two "
     "partnerships format of Parker 1947 sets 2 cards face up"),
    ({"face_up": "1/10"}, "face_up", "face-up cards go with the first trick"),
    ({"format": "two", "hands": ["8/8", "6/8"], "pile": "6/8 1/2"}, "pile", "6/8 is given in the hand 1 and in the pile"),
    ({"format": "two", "hands": ["8/8", "6/8"], "pile": "1/2 0/2", "face_up": "2/2", "first_trick": True}, "face_up",
     "sets no card face up"),
    ({"pile": "1/10 2/10 3/10 4/10"}, "hands", "has no drawing pile"),
])
def test_other_impossible_positions_are_refused(change: dict[str, object], field: str, words: str) -> None:
    data = api.dispatch({**REQUEST, **change})
    assert "error" in data and not data["error"].get("internal"), data
    assert data["error"]["field"] == field and words in data["error"]["message"], data


def test_more_cards_than_a_format_deals_cannot_be_given() -> None:
    # In every format, a hand of one card more than it deals would need more cards than the pack holds
    # (position()'s checks then refuse a card given twice or outside the pack, or hands of unequal size).
    from somerset.rules.rulesets import RULESETS

    for r in RULESETS.values():
        for fmt in r.formats.value:
            assert fmt.players * (fmt.tricks(r.deck) + 1) > len(r.deck) - len(fmt.removed), (r.id, fmt.id)
    thirteen = [" ".join(str(c) for c in load_ruleset("parker-1947").deck.cards[13 * s:13 * s + 13]) for s in range(4)]
    data = api.dispatch({**REQUEST, "hands": thirteen})
    assert "error" in data and "the same number of cards" in data["error"]["message"]


def test_a_record_stopped_mid_trick_is_still_solved() -> None:
    # Positions read off a deal hold only the engine's own legal plays: never refused.
    from somerset.players.roster import make_bots
    from somerset.game.deal import new_deal

    for seed in range(3):
        deal = new_deal("parker-1947", None, seed)
        bots = make_bots("heuristic", 4, seed)
        while not deal.is_terminal() and not (deal.phase.value == "play" and len(deal.hand(0)) <= 3 and deal.current_trick):
            deal.apply(deal.chance_outcome() if deal.is_chance() else bots[deal.current_player].act(deal))
        data = api.dispatch({"cmd": "solve", "record": str(record_of(deal))})
        assert data.get("exact"), data


def test_cli_solve_refuses_a_revoke_on_one_line() -> None:
    out = run("solve", "--rules", "parker-1947", "--trump", "2", "--leader", "0", "--hands", "2/2 | 5/8 | 6/8 1/2 | 4/8 0/6",
              "--trick", "8/8 0/2")
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("somerset solve: the trick so far breaks a rule: seat 1 played 0/2")
    assert "[Parker 1947 booklet, Naming the Trump]" in lines[0]
    lead = run("solve", "--rules", "parker-1947", "--trump", "8", "--leader", "0", "--hands",
               "3/8 | 1/8 0/2 | 0/4 2/8 | 4/8 0/12", "--trick", "12/12", "--first-trick")
    assert lead.returncode == 2 and "seat 0 led 12/12 to the first trick" in lead.stderr
    assert "[Parker 1947 booklet, The Play]" in lead.stderr and len(lead.stderr.splitlines()) == 1
