"""The running score pad: a game written down deal by deal, scored like a played game."""

from __future__ import annotations

import json

import pytest

from somerset import RULESETS, get_ruleset, score_deal
from somerset.api import dispatch, handle
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_game
from somerset.game.match import Game
from somerset.service.pad import PadDeal, PadError, score_pad, side_names


def deals(*rows: tuple[int, int, int, int]) -> list[PadDeal]:
    return [PadDeal(bidder=b, bid=bid, points=(p0, p1)) for b, bid, p0, p1 in rows]


@pytest.mark.parametrize("rid", list(RULESETS))
def test_each_line_scores_as_the_score_calculator_does(rid: str) -> None:
    r = get_ruleset(rid)
    fmt = r.partnership_format()
    if len(fmt.teams) != 2:
        pytest.skip(f"{rid} has no two-sided format")
    total = fmt.points_per_deal
    for bid in sorted({r.bidding.value.minimum, (r.bidding.value.minimum + total) // 2, total}):
        for made in (0, bid - 1, bid, total):
            if not 0 <= made <= total:
                continue
            pad = score_pad(r, fmt.id, [PadDeal(bidder=1, bid=bid, points=(total - made, made))])
            sc = score_deal(r, bid, made, total - made, fmt.id)
            assert pad.lines[0].changes == (sc.opponents, sc.bidder_side)
            assert pad.lines[0].set == sc.set
            assert pad.lines[0].citation == sc.citation


@pytest.mark.parametrize("rid", ["parker-1947", "hodges-1903", "boardgamegeek", "minden-senior-center", "triple-2009",
                                 "somersetgame-com", "somersetcards-com"])
def test_a_pad_of_a_played_game_agrees_with_the_game(rid: str) -> None:
    """Bots play whole games; the pad, given only each deal's bidder, bid and points, reaches the same
    totals after every deal and the same winner at the same deal."""
    r = get_ruleset(rid)
    checked = 0
    for seed in range(1, 9):
        game = play_game(Game(r, None, seed=seed), make_bots("heuristic", r.format().players, seed))
        if game.unfinished:
            continue
        written = []
        for d in game.deals:
            if d.passed_out:
                written.append(PadDeal(passed=True))
            else:
                assert d.declarer is not None
                written.append(PadDeal(bidder=d.team_of[d.declarer], bid=d.bid_to_make, points=tuple(d.team_points())))
        pad = score_pad(r, None, written, [f"team {t}" for t in range(len(game.scores))])
        running = [0] * len(game.scores)
        for line, d in zip(pad.lines, game.deals):
            running = [a + b for a, b in zip(running, d.score_changes())]
            assert list(line.totals) == running
        assert pad.winner == game.winner and pad.lines[-1].decision.reason == game.end_reason
        assert all(line.decision.winner is None for line in pad.lines[:-1])
        checked += 1
    assert checked >= 4


def test_hodges_takes_the_bid_off_a_set_side() -> None:
    pad = score_pad(get_ruleset("hodges-1903"), None, deals((0, 10, 6, 8)))
    assert pad.lines[0].changes == (-10, 8) and pad.lines[0].set is True
    assert "the 10 bid comes off the score" in pad.lines[0].reason


def test_boardgamegeek_is_not_won_by_setting() -> None:
    rows = [(0, 20, 24, 0), (0, 20, 24, 0), (1, 24, 10, 14)]  # Seats 1+3 reach 68 by setting the other side
    bgg = score_pad(get_ruleset("boardgamegeek"), None, deals(*rows))
    assert bgg.totals == (68, -20) and bgg.winner is None
    assert "a game is won only by the side that makes its bid" in bgg.result
    parker = score_pad(get_ruleset("parker-1947"), None, deals(*rows))
    assert parker.winner == 0 and parker.result == "Seats 1+3 reached 66 with 68"
    # The other side makes a bid: still no winner; then the side past 66 makes one and wins.
    more = deals(*rows, (1, 12, 12, 12), (0, 1, 12, 12))
    bgg = score_pad(get_ruleset("boardgamegeek"), None, more)
    assert [line.decision.winner for line in bgg.lines] == [None, None, None, None, 0]
    assert bgg.totals == (80, -8)


def test_a_tie_at_the_top_needs_another_deal_and_several_past_the_target_the_higher_wins() -> None:
    r = get_ruleset("hodges-1913")  # both sides score what they took; past 66 together: higher wins
    level = score_pad(r, None, deals((0, 12, 12, 12), (0, 12, 12, 12), (0, 12, 12, 12), (0, 12, 12, 12),
                                     (0, 12, 12, 12), (0, 12, 12, 12)))
    assert level.totals == (72, 72) and level.winner is None
    assert level.result == "Seats 1+3 and Seats 2+4 are level on 72, past 66: another deal settles it"
    after = score_pad(r, None, [line.deal for line in level.lines] + deals((1, 12, 11, 13)))
    assert after.winner == 1 and after.totals == (83, 85)


def test_cut_throat_scores_every_opponent() -> None:
    r = get_ruleset("parker-1947")
    pad = score_pad(r, "four-single", [PadDeal(bidder=2, bid=10, points=(5, 6, 8, 5))], ["Ann", "Bob", "Cy", "Di"])
    assert pad.lines[0].changes == (10, 12, -4, 10)
    assert pad.lines[0].reason == ("Cy bid 10 but took only 8: set by 2, and twice that, 4, comes off the score; "
                                   "Ann scores twice their 5, 10; Bob scores twice their 6, 12; Di scores twice their 5, 10.")


def test_a_game_without_bidding_scores_the_points_taken() -> None:
    r = get_ruleset("hodges-1903").with_option("without-bidding")
    pad = score_pad(r, None, [PadDeal(points=(4, 3))])
    assert pad.lines[0].changes == (4, 3) and pad.lines[0].set is None
    assert pad.points_per_deal == 7 and not pad.bidding and not pad.can_pass


def test_passed_deals_and_the_text_export() -> None:
    r = get_ruleset("parker-1947")
    pad = score_pad(r, None, [PadDeal(passed=True), *deals((0, 15, 16, 8))], ["Us", "Them"])
    assert pad.lines[0].changes == (0, 0) and pad.lines[0].citation == r.bidding.citation
    text = pad.text()
    assert text.splitlines()[0] == ("Somerset score pad: Parker 1947, Four players, two partnerships. 66 to win. "
                                    "Sides: Us (seats 1+3); Them (seats 2+4).")
    assert "Deal 1: everyone passed; thrown in. Totals: Us 0, Them 0." in text
    assert "Deal 2: Us bid 15, points taken: Us 16, Them 8 (made). Scores Us +16, Them 0. Totals: Us 16, Them 0." in text
    assert text.rstrip().endswith("Play on: no side has reached 66 yet.")
    assert side_names(r.format("six-3x2")) == ("Seats 1+4", "Seats 2+5", "Seats 3+6")


@pytest.mark.parametrize(
    "rules,kwargs,field,words",
    [
        ("parker-1947", {"deals": deals((0, 30, 24, 0))}, "bid", "deal 1: a bid must be from 1 to 24 under Parker 1947"),
        ("parker-1947", {"deals": deals((2, 10, 12, 12))}, "bidder", "'bidder' must be a side from 0 to 1, not 2"),
        ("parker-1947", {"deals": deals((0, 10, 12, 11))}, "points", "add up to 23, but a deal of Parker 1947"),
        ("parker-1947", {"deals": [PadDeal(bidder=0, bid=10, points=(24,))]}, "points", "'points' has 1 figures"),
        ("parker-1947", {"deals": [PadDeal(bidder=0, points=(12, 12))]}, "bid", "needs the side that won the bid"),
        ("minden-senior-center", {"deals": [PadDeal(passed=True)]}, "passed", "the dealer must bid"),
        ("parker-1947", {"deals": [PadDeal(points=(12, 12))]}, "bidder", "deal 1: a deal needs the side"),
        ("parker-1947", {"deals": deals((0, 12, 12, 12)), "names": ["Us"]}, "names", "'names' has 1 names"),
        ("parker-1947", {"deals": [], "names": ["Us", "us"]}, "names", "the same name"),
        ("parker-1947", {"deals": [], "names": ["Us", " "]}, "names", "side 2's name must be 1 to 24 characters"),
        ("parker-1947", {"deals": [], "format_id": "seven"}, "format", "no format 'seven'"),
        ("parker-1947", {"deals": deals((0, 24, 24, 0), (0, 24, 24, 0), (0, 24, 24, 0), (0, 12, 12, 12))}, "deals",
         "deal 4: the game was over after deal 3 (Seats 1+3 reached 66 with 72)"),
    ],
)
def test_bad_pads_name_the_field_and_what_is_accepted(rules: str, kwargs: dict, field: str, words: str) -> None:
    kwargs = {"format_id": None, **kwargs}
    with pytest.raises(PadError) as e:
        score_pad(get_ruleset(rules), kwargs["format_id"], kwargs["deals"], kwargs.get("names"))
    assert e.value.field == field and words in str(e.value)


def test_the_api_request() -> None:
    answer = dispatch({"cmd": "pad", "rules": "bgg", "names": ["Us", "Them"],
                       "deals": [{"bidder": 0, "bid": 15, "points": [16, 8]}, {"passed": True}]})
    assert answer["ruleset"] == "boardgamegeek" and answer["target"] == 66 and answer["totals"] == [16, 0]
    assert answer["sides"] == [{"name": "Us", "seats": [1, 3]}, {"name": "Them", "seats": [2, 4]}]
    assert answer["lines"][1]["passed"] is True and answer["winner"] is None and "Deal 2:" in answer["text"]
    assert answer["game_rule"]["interpretation"]  # boardgamegeek's game rule is read by the engine
    empty = dispatch({"cmd": "pad", "rules": "triple-2009", "format": "eight-4x2"})
    assert empty["lines"] == [] and len(empty["sides"]) == 4 and empty["points_per_deal"] == 31 and empty["min_bid"] == 1
    with_option = dispatch({"cmd": "pad", "rules": "hodges-1903", "option": "without-bidding", "deals": [{"points": [4, 3]}]})
    assert with_option["bidding"] is False and with_option["options"] == ["without-bidding"]


@pytest.mark.parametrize(
    "request_,field,words",
    [
        ({"deals": "15"}, "deals", "'deals' has the wrong type"),
        ({"deals": [5]}, "deals", "deal 1: a deal must be an object"),
        ({"deals": [{"bidder": 0, "bid": "15", "points": [16, 8]}]}, "bid", "'bid' must be a whole number, not '15'"),
        ({"deals": [{"bidder": 0, "bid": 15, "points": "16 8"}]}, "points", "'points' must be a list"),
        ({"deals": [{"bidder": 0, "bid": 15, "points": [16, 8], "made": 16}]}, "deals", "unknown field 'made'"),
        ({"deals": [{"passed": "yes"}]}, "passed", "'passed' must be true or false"),
        ({"names": [1, 2]}, "names", "'names' must be a list of the sides' names"),
        ({"rules": "parker-1948"}, "rules", "parker-1948"),
        ({"option": "start-at-15"}, "option", "no option 'start-at-15'"),
    ],
)
def test_the_api_names_the_field_at_fault(request_: dict, field: str, words: str) -> None:
    answer = json.loads(handle(json.dumps({"cmd": "pad", "rules": "parker-1947", **request_})))
    assert answer["error"]["field"] == field and words in answer["error"]["message"], answer


def _a_game(rid: str, fmt: str | None, seed: int) -> list[dict]:
    """Deals a table could write down under ``rid``: random bids and points, until a side wins (or 40)."""
    import random

    rng = random.Random(seed)
    empty = dispatch({"cmd": "pad", "rules": rid, **({"format": fmt} if fmt else {})})
    sides, total = len(empty["sides"]), empty["points_per_deal"]
    out: list[dict] = []
    while len(out) < 40:
        if empty["can_pass"] and rng.random() < 0.1:
            deal: dict = {"passed": True}
        else:
            cuts = sorted(rng.randint(0, total) for _ in range(sides - 1))
            points = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
            deal = {"points": points}
            if empty["bidding"]:
                deal.update(bidder=rng.randrange(sides), bid=rng.randint(empty["min_bid"], total))
        out.append(deal)
        answer = dispatch({"cmd": "pad", "rules": rid, **({"format": fmt} if fmt else {}), "deals": out})
        if answer["winner"] is not None:
            break
    return out


@pytest.mark.parametrize("rid,fmt", [("parker-1947", None), ("hodges-1903", None), ("boardgamegeek", None),
                                     ("triple-2009", "eight-4x2"), ("somersetcards-com", None)])
def test_a_pads_answer_for_its_first_deals_is_the_start_of_its_answer_and_names_change_no_figure(rid: str, fmt: str | None) -> None:
    # The score pad (widgets/pad/pad.js, pad/game.js answerCovers and answerPrefix) shows, before the
    # engine runs, a game's first k deals from the answer kept for a game that begins with the same
    # k deals (a deal taken back or changed after them), and every figure after a side renamed: it
    # holds only because the answer for the first k deals alone is the first k lines of the longer
    # one, with the totals, winner and verdict of line k and its text's lines, and because the
    # names change words, never figures.
    base = {"cmd": "pad", "rules": rid, **({"format": fmt} if fmt else {})}
    for seed in range(3):
        game = _a_game(rid, fmt, seed)
        whole = dispatch({**base, "deals": game})
        rows = whole["text"].splitlines()
        for k in range(1, len(game) + 1):
            part = dispatch({**base, "deals": game[:k]})
            assert part["lines"] == whole["lines"][:k]
            last = whole["lines"][k - 1]
            assert (part["totals"], part["winner"], part["result"]) == (last["totals"], last["winner"], last["result"])
            assert {key: v for key, v in part.items() if key not in ("lines", "totals", "winner", "result", "text")} == \
                {key: v for key, v in whole.items() if key not in ("lines", "totals", "winner", "result", "text")}
            deal_rows = [row for row in rows if any(row.startswith(f"Deal {n}: ") for n in range(1, k + 1))]
            assert part["text"].splitlines()[: 2 + k] == [rows[0], "", *deal_rows]
        names = [f"Side {chr(65 + i)}" for i in range(len(whole["sides"]))]
        renamed = dispatch({**base, "deals": game, "names": names})
        figures = lambda a: [(line["changes"], line["totals"], line["winner"], line["set"]) for line in a["lines"]]  # noqa: E731
        assert figures(renamed) == figures(whole) and renamed["totals"] == whole["totals"]
