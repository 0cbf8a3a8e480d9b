"""A deal's code (somerset.records.links), the bots' version, and the tools' requests that carry them."""

from __future__ import annotations

import pytest

from somerset.api import dispatch
from somerset.players.roster import BOTS_VERSION, LINK_BOTS_VERSION, REPLAYABLE_BOTS_VERSIONS, make_bots
from somerset.players.autoplay import play_deal
from somerset.game.deal import new_deal
from somerset.records.links import ALPHABET, DealCode, DealCodeError, parse_deal_code
from somerset.rules.rulesets import RULESETS
from somerset.service.table import sit_down

CASES = [(rid, f.id) for rid, r in RULESETS.items() for f in r.formats.value]


@pytest.mark.parametrize(("rules", "fmt"), CASES)
def test_a_code_replays_the_very_deal(rules: str, fmt: str) -> None:
    """Every ruleset and way of playing, random play (discards, declarations, No Trump in words) and the bots'."""
    for kind, seed in (("random", 5), ("heuristic", 6)):
        played = new_deal(rules, fmt, seed=seed)
        play_deal(played, make_bots(kind, played.players, seed))
        code = DealCode.of(played)
        text = str(code)
        assert set(text) <= set(ALPHABET)
        assert str(parse_deal_code(text)) == text
        again = new_deal(rules, fmt, seed=seed)
        assert parse_deal_code(text).play(again) is None
        assert again.history == played.history and again.score_changes() == played.score_changes()


@pytest.mark.parametrize(("code", "at", "words"), [
    ("gg!", 3, "a step starts with A to f (a card), g (pass)"),
    ("ggh", 4, "the points bid should follow"),
    ("giZ", 3, "the trump (A to M a suit, N No Trump) is one of ABCDEFGHIJKLMN"),
    ("jCBA", 1, "not in increasing order"),
    ("ggkB", 3, "k (dealt again, first only)"),
    ("gg é", 3, "character 3"),
])
def test_a_code_that_cannot_be_read_names_the_character(code: str, at: int, words: str) -> None:
    with pytest.raises(DealCodeError) as e:
        parse_deal_code(code)
    assert e.value.position == at and words in str(e.value), str(e.value)
    assert e.value.field == "play"


def test_a_long_code_is_refused_before_it_is_read() -> None:
    with pytest.raises(DealCodeError, match="longest accepted is 1,000"):
        parse_deal_code("g" * 5000)


def test_an_illegal_step_stops_the_replay_and_is_named() -> None:
    deal = new_deal("parker-1947", seed=7)
    problem = parse_deal_code("ggghBA").play(deal)  # a bid of 1 after three passes, then a card in the auction
    assert problem is not None and problem["step"] == 5 and problem["at"] == 6
    assert "“A”" in problem["message"] and "the auction is on" in problem["message"]
    assert len(deal.history) == 5  # the shuffle and the four calls made


def test_the_bots_version_is_checked_and_named() -> None:
    assert BOTS_VERSION in REPLAYABLE_BOTS_VERSIONS and LINK_BOTS_VERSION == 1
    for cmd in ("replay", "table", "samedeal"):
        req = {"cmd": cmd, "rules": "parker-1947" if cmd != "samedeal" else ["parker-1947", "parker-1950"],
               "seed": 1, "bots_version": 99}
        a = dispatch(req)
        assert a["error"]["field"] == "bots_version"
        assert "replays the bots of version 1" in a["error"]["message"]
        assert dispatch({**req, "bots_version": "x"})["error"]["field"] == "bots_version"
        assert "error" not in dispatch({**req, "bots_version": "1"})


def test_the_replayer_gives_the_code_and_replays_it_without_bots() -> None:
    bots = dispatch({"cmd": "replay", "rules": "hodges-1903", "format": "two", "seed": 3})
    code = bots["play"]
    again = dispatch({"cmd": "replay", "rules": "hodges-1903", "format": "two", "seed": 3, "play": code})
    assert again["record"] == bots["record"] and again["problem"] is None and again["play"] == code
    stopped = dispatch({"cmd": "replay", "rules": "hodges-1903", "format": "two", "seed": 3, "play": code[:5] + "~"})
    assert stopped["problem"]["at"] == 6 and stopped["steps"][-1]["label"] == "Stopped"
    assert dispatch({"cmd": "replay", "rules": "hodges-1903", "seed": 3, "play": "g" * 2000})["error"]["field"] == "play"


def test_the_table_keeps_the_whole_deal_in_its_code() -> None:
    first = sit_down("parker-1947", None, 7, ["pass"])
    assert first["moves"] == ["pass"] and first["undo"] == ""
    # the code and the next move give the same position as all the moves
    nxt = first["to_play"]["moves"][0]
    by_code = sit_down("parker-1947", None, 7, [nxt], play=first["play"])
    by_moves = sit_down("parker-1947", None, 7, ["pass", nxt])
    assert by_code["play"] == by_moves["play"] and by_code["view"] == by_moves["view"]
    assert by_code["moves"] == ["pass", nxt]
    assert sit_down("parker-1947", None, 7, [], play=by_code["undo"])["play"] == first["play"]
    # a code the deal does not allow: the deal up to there, the bots on to the reader's turn, the step named
    broken = sit_down("parker-1947", None, 7, ["bid 30"], play="gZ")
    assert broken["problem"]["step"] == 2 and broken["problem"]["move"] == 0
    assert broken["moves"] == ["pass"]
    assert sit_down("parker-1947", None, 7, [], play="kBg")["problem"]["message"].startswith("the deal's code starts")


def test_a_finished_table_deal_gives_each_reviewed_card_its_code() -> None:
    moves: list[str] = []
    while True:
        d = sit_down("hodges-1903", "two", 2, moves)
        if d["over"]:
            break
        tp = d["to_play"]
        moves.append(tp["moves"][-1] if tp["kind"] == "card" else tp["moves"][min(1, len(tp["moves"]) - 1)])
    assert d["review"]
    for e in d["review"]:
        at = sit_down("hodges-1903", "two", 2, [], play=e["play"])
        assert at["to_play"]["kind"] == "card" and e["card"] in at["to_play"]["cards"]
        assert len(at["view"]["tricks"]) + 1 == e["trick"]


def test_same_deal_from_the_table_by_its_code() -> None:
    d = sit_down("parker-1947", None, 3, ["pass", "pass"])
    by_moves = dispatch({"cmd": "samedeal", "rules": ["parker-1947", "parker-1934"], "seed": 3, "moves": ["pass", "pass"]})
    code = by_moves["source"]["play"]
    by_code = dispatch({"cmd": "samedeal", "rules": ["parker-1947", "parker-1934"], "seed": 3, "play": code})
    assert by_code["endings"] == by_moves["endings"] and by_code["bots_version"] == 1
    assert code.startswith(d["play"][:2])
    bad = dispatch({"cmd": "samedeal", "rules": ["parker-1947", "parker-1934"], "seed": 3, "play": "g~"})
    assert bad["error"]["field"] == "play" and "character 2" in bad["error"]["message"]


@pytest.mark.parametrize(("rules", "fmt", "seed"), [("parker-1947", "four-partners", 3), ("somersetcards-com", None, 5)])
def test_playing_by_code_and_moves_gives_the_deal_the_moves_alone_give(rules: str, fmt: str | None, seed: int) -> None:
    """The page sends the code it was given and the next move; the bots must play on as from the moves alone."""
    play, moves = None, []
    while True:
        d = sit_down(rules, fmt, seed, moves[-1:] if play is not None else [], play=play)
        assert d["problem"] is None
        play = d["play"]
        if d["over"]:
            break
        tp = d["to_play"]
        if tp["kind"] == "discard":
            move = "discard " + " ".join(d["view"]["hand"][-tp["count"]:])
        else:
            move = tp["moves"][-1] if tp["kind"] == "card" else tp["moves"][min(1, len(tp["moves"]) - 1)]
        moves.append(move)
    assert sit_down(rules, fmt, seed, moves)["play"] == play
