"""A deal at the table: the reader at seat 0 against the bots, every ruleset and format."""

from __future__ import annotations

import pytest

from somerset import api
from somerset.records.deal_record import parse_record
from somerset.rules.rulesets import RULESETS
from somerset.service.table import MAX_MOVES, READER, sit_down

CASES = [(rid, fmt.id) for rid, r in RULESETS.items() for fmt in r.formats.value]


def first_choice(data: dict) -> str:
    """A legal move from what the table offers: the first call, trump or card; the first cards to discard."""
    tp = data["to_play"]
    if tp["kind"] == "discard":
        return "discard " + " ".join([c for c in data["view"]["hand"] if c not in tp["kept"]][: tp["count"]])
    if tp["kind"] == "card":
        return f"play {tp['cards'][-1]}"
    return tp["moves"][-1] if tp["kind"] == "call" and len(tp["moves"]) > 3 else tp["moves"][0]


@pytest.mark.parametrize("rid,fmt", CASES)
def test_a_whole_deal_at_the_table(rid: str, fmt: str) -> None:
    for seed in (1, 2):
        moves: list[str] = []
        data = sit_down(rid, fmt, seed, moves)
        seen_kinds = set()
        while not data["over"]:
            assert data["problem"] is None and data["moves"] == moves
            view = data["view"]
            assert view["current_player"] == READER and data["to_play"]["kind"] != "none"
            # The reader sees only seat 0's cards until the end.
            assert "hands" not in data and "record" not in data
            assert len(view["hand"]) == view["hand_sizes"][READER]
            seen_kinds.add(data["to_play"]["kind"])
            moves.append(first_choice(data))
            data = sit_down(rid, fmt, seed, moves)
            assert len(moves) <= MAX_MOVES
        assert data["problem"] is None
        if data["passed_out"]:
            continue
        # The finished deal is a record that reads back, with the reader's moves in it.
        deal = parse_record(data["record"]).replay()
        assert deal.is_terminal() and deal.score_changes() == data["score"]
        assert sum(1 for t in deal.tricks for i, _ in enumerate(t.cards) if t.seat_of(i, deal.players) == READER) == \
            sum(1 for m in moves if m.startswith("play "))


def test_the_same_moves_give_the_same_table() -> None:
    a = sit_down("parker-1947", None, 7, ["bid 9"])
    b = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "moves": ["bid 9"]})
    assert a == b


def test_a_bad_move_keeps_the_position_before_it() -> None:
    good = sit_down("parker-1947", None, 7, ["pass"])
    assert good["problem"] is None
    bad = sit_down("parker-1947", None, 7, ["pass", "play 9/9", "pass"])
    assert bad["moves"] == ["pass"] and bad["view"] == good["view"]
    assert bad["problem"]["move"] == 2
    assert bad["problem"]["message"].startswith("move 2, “play 9/9”, is not allowed: 'play 9/9' is not an action: "
                                                "'9/9' is not a card of the double pack")
    illegal = sit_down("parker-1947", None, 7, ["bid 30"])
    assert illegal["problem"]["message"] == "move 1, “bid 30”, is not allowed: a bid cannot exceed the 24 points in the deal"
    moves: list[str] = []
    data = sit_down("parker-1947", None, 7, moves)
    while not data["over"]:
        moves.append(first_choice(data))
        data = sit_down("parker-1947", None, 7, moves)
    over = sit_down("parker-1947", None, 7, [*moves, "play 4/8"])
    assert over["over"] and over["moves"] == moves and over["problem"]["move"] == len(moves) + 1
    assert "comes after the end of the deal" in over["problem"]["message"]


def test_discards_and_trump_by_first_lead_are_asked_for() -> None:
    kinds = {}
    for rid in ("somersetgame-com", "boardgamegeek", "somersetcards-com"):
        for seed in range(1, 30):
            data = sit_down(rid, None, seed, [])
            moves: list[str] = []
            while not data["over"]:
                tp = data["to_play"]
                kinds.setdefault(rid, set()).add(tp["kind"] + ("-declares" if tp.get("declares") else ""))
                if tp["kind"] == "call" and not moves:
                    moves.append(tp["moves"][-1] if "bid 24" not in tp["moves"] else "bid 13")
                else:
                    moves.append(first_choice(data))
                data = sit_down(rid, None, seed, moves)
            if "discard" in kinds.get(rid, set()) or "card-declares" in kinds.get(rid, set()):
                break
    assert "discard" in kinds["somersetgame-com"]
    assert "card-declares" in kinds["somersetcards-com"] or "card-declares" in kinds["boardgamegeek"]


def test_api_refuses_bad_requests() -> None:
    assert api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": -1})["error"]["field"] == "seed"
    assert api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 1, "moves": "pass"})["error"]["field"] == "moves"
    assert api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 1, "moves": [1]})["error"]["field"] == "moves"
    too_many = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 1, "moves": ["pass"] * (MAX_MOVES + 1)})
    assert too_many["error"]["field"] == "moves"
    assert api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 1, "format": "nine"})["error"]["field"] == "format"
    assert api.dispatch({"cmd": "table", "rules": "nope", "seed": 1})["error"]["field"] == "rules"


@pytest.mark.parametrize("rid,kept", [("triple-2009", True), ("somersetgame-com", True), ("somersetcards-com", False)])
def test_the_table_names_the_kitty_cards_that_stay(rid: str, kept: bool) -> None:
    """Where the bidder keeps the kitty's cards, the table names them, and discarding one is refused."""
    for seed in range(1, 40):
        data = sit_down(rid, None, seed, [])
        moves: list[str] = []
        while data["to_play"]["kind"] == "call":  # the reader bids as high as the table lets him, then passes
            moves.append(data["to_play"]["moves"][-1] if not moves else "pass")
            data = sit_down(rid, None, seed, moves)
        if data["to_play"]["kind"] == "discard":
            break
    else:
        pytest.fail(f"no deal of {rid} gave the reader the kitty")
    tp = data["to_play"]
    hand = data["view"]["hand"]
    if not kept:
        assert tp["kept"] == [] and "stay in your hand" not in tp["text"]
        return
    assert len(tp["kept"]) == tp["count"] and set(tp["kept"]) <= set(hand)
    assert f"({', '.join(tp['kept'])}), which stay in your hand" in tp["text"]
    refused = sit_down(rid, None, seed, [*moves, "discard " + " ".join(tp["kept"])])
    assert "came from the kitty" in refused["problem"]["message"]
    own = [c for c in hand if c not in tp["kept"]][: tp["count"]]
    assert sit_down(rid, None, seed, [*moves, "discard " + " ".join(own)])["problem"] is None


# The reader's moves that reach somersetgame.com's kitty with S/S in hand (seed 1): bid each time.
KITTY_MOVES = ["bid 1", "bid 5", "bid 9", "bid 12", "bid 14"]


def test_a_count_card_discard_that_raises_the_bid_is_named_before_it_is_made() -> None:
    """Under somersetgame.com a discarded count card raises the bid: the table says which cards do,
    by how much, and the rule with its citation, before the discard; the discard then does as said."""
    data = sit_down("somersetgame-com", "four-partners", 1, KITTY_MOVES)
    tp = data["to_play"]
    assert tp["kind"] == "discard" and tp["kitty"] == tp["kept"]
    effects = tp["effects"]
    assert effects["rule"]["citation"]["label"] and "raises his bid" in effects["rule"]["text"]
    assert effects["cards"]["S/S"] == "Discarding S/S raises your bid by 3, from 14 to 17; its 3 points still count for your side."
    assert all(c in data["view"]["hand"] and c not in tp["kitty"] for c in effects["cards"])
    plain = [c for c in data["view"]["hand"] if c not in tp["kitty"] and c not in effects["cards"]][:1]
    after = sit_down("somersetgame-com", "four-partners", 1, [*KITTY_MOVES, f"discard S/S {plain[0]}"])
    assert after["problem"] is None and after["view"]["bid_to_make"] == 17


@pytest.mark.parametrize("rid", ["boardgamegeek", "somersetcards-com"])
def test_a_discard_names_only_what_it_changes(rid: str) -> None:
    """Where red cards may not be discarded (boardgamegeek) no card is named; where any card may go
    (somersetcards.com) each count card is named for the points it banks, the bid staying as it is."""
    for seed in range(1, 40):
        data = sit_down(rid, None, seed, [])
        moves: list[str] = []
        while data["to_play"]["kind"] == "call":
            moves.append(data["to_play"]["moves"][-1] if not moves else "pass")
            data = sit_down(rid, None, seed, moves)
        if data["to_play"]["kind"] == "discard":
            break
    else:
        pytest.fail("no deal gave the reader the kitty")
    named = data["to_play"]["effects"]["cards"]
    if rid == "boardgamegeek":
        assert named == {}
        return
    assert named and all("for your side now; the bid stays" in text for text in named.values())


@pytest.mark.parametrize("rid", ["parker-1947", "somersetgame-com", "hodges-1903"])
def test_the_end_of_a_deal_says_why_it_scores_so(rid: str) -> None:
    """The table's finished deal carries the score calculator's sentence and citation (rules.scoring)."""
    moves: list[str] = []
    data = sit_down(rid, None, 2, moves)
    while not data["over"]:
        moves.append(first_choice(data))
        data = sit_down(rid, None, 2, moves)
    if data["passed_out"]:
        assert data["score_reason"] is None
        return
    reason = data["score_reason"]
    bid = data["view"]["bid_to_make"]
    team = next(i for i, t in enumerate(data["teams"]) if data["view"]["declarer"] in t)
    made = data["team_points"][team]
    calculator = api.dispatch({"cmd": "score", "rules": rid, "bid": bid, "made": made})
    assert reason["citation"] == calculator["citation"]
    # the same words for the bidder's side as the calculator's sentence
    words = calculator["reason"].split("The bidder's side ", 1)[1].split(";")[0]
    assert words in reason["text"]
    assert data["total"] == sum(data["team_points"])


def test_the_reader_chooses_the_bots_level_and_a_link_naming_none_plays_as_before() -> None:
    moves = ["pass"]
    default = sit_down("parker-1947", None, 7, moves)
    assert default["level"] == "club" and default["levels"] == ["beginner", "club", "strong"]
    club = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "moves": moves, "level": "club"})
    assert club == default
    # each level plays its own bots: a whole deal played by the reader's first choices differs somewhere
    plays = {}
    for level in ("beginner", "club", "strong"):
        data = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "moves": [], "level": level})
        while not data["over"]:
            data = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "play": data["play"],
                                 "moves": [first_choice(data)], "level": level})
        assert data["level"] == level
        plays[level] = data["play"]
    assert len(set(plays.values())) > 1
    # a deal's code replays the same whatever the level asked (the code needs no bot)
    again = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "play": plays["strong"], "moves": [],
                          "level": "beginner"})
    assert again["play"] == plays["strong"] and again["over"]
    bad = api.dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "level": "expert"})["error"]
    assert bad["field"] == "level" and "beginner, club, strong" in bad["message"]
