"""`check` vouches only for true records: every line of every kind of record is checked or refused,
and the reader answers any text with a RecordError naming the line, never another exception."""

from __future__ import annotations

import re

import pytest

from somerset.rules.bidding import CallNotationError, parse_call
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal, play_game
from somerset.game.deal import new_deal
from somerset.game.match import Game
from somerset.records.check import check_record
from somerset.records.common import RecordError
from somerset.records.game_record import game_record_of, parse_game_record
from somerset.records.partial_record import parse_partial
from somerset.records.deal_record import parse_record, record_of


def _deal_text(rid: str = "parker-1947", seed: int = 7, fmt: str | None = None) -> str:
    d = new_deal(rid, fmt, seed)
    return str(record_of(play_deal(d, make_bots("heuristic", d.players, seed))))


def _game_text(rid: str = "parker-1947", seed: int = 3) -> str:
    g = Game(rid, seed=seed)
    return str(game_record_of(play_game(g, make_bots("heuristic", g.format.players, seed))))


def _refused(text: str, message: str, reader=check_record) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        reader(text)


# --- whole games: each deal's derived lines, the totals, the winner, the target -------------------


def test_a_false_score_in_a_game_record_is_refused() -> None:
    text = _game_text()
    bad = re.sub(r"^Score: .*$", "Score: +999 -999", text, count=1, flags=re.M)
    _refused(bad, "'Score: +999 -999' does not agree with the play")


@pytest.mark.parametrize("key", ["Points", "Result", "Score", "Total"])
def test_every_derived_line_of_every_deal_of_a_game_is_checked(key: str) -> None:
    text = _game_text()
    lines = text.splitlines()
    hits = [i for i, ln in enumerate(lines) if ln.startswith(f"{key}:")]
    assert len(hits) > 2
    for i in hits:  # the line of each deal, the last one too
        bad = lines[:i] + [lines[i] + " 1"] + lines[i + 1:]
        _refused("\n".join(bad), f"line {i + 1}: ")


def test_game_record_trump_winner_target_and_unfinished_lines_are_checked() -> None:
    text = _game_text()
    _refused(text.replace("Trump: 12", "Trump: 12 (drawn)", 1), "the high bidder must name trump first")
    _refused(text.replace("Trump: 12", "Trump: 12 hearts", 1), "write the trump alone")
    _refused(re.sub(r"^Winner: team (\d)", lambda m: f"Winner: team {1 - int(m.group(1))}", text, flags=re.M),
             "does not agree with the play")
    _refused(text.replace('[Target "66"]', '[Target "99"]'), 'line 5: [Target "99"]: Parker 1947 plays to 66')
    _refused(re.sub(r"^Winner: .*$", "Unfinished: 0 0", text, flags=re.M), "the game is not unfinished")
    _refused(text + "\nDeal 99: dealer 0, seed 1\n", "a deal cannot come after the Winner")


def test_a_game_record_with_a_bad_tag_names_the_tag() -> None:
    text = _game_text()
    _refused(text.replace('[Seed "3"]', '[Seed "x"]'), 'line 4: [Seed "x"]: a seed is a whole number')
    _refused(text.replace('[Ruleset "parker-1947"]', '[Ruleset ""]'), '[Ruleset ""]: the tag is empty')
    _refused(text.replace('[Ruleset "parker-1947"]', '[Ruleset "nope"]'), "'nope' is not a known ruleset")
    _refused(text.replace('[Format "four-partners"]', '[Format "nope"]'), "[Format \"nope\"]: Parker 1947 has no format 'nope'")
    _refused(text.replace('[Dealer "0"]', '[Dealer "q"]'), '[Dealer "q"]: the dealer is a seat from 0 to 3')
    _refused(text.replace('[Dealer "0"]', '[Dealer "²"]'), '[Dealer "²"]: the dealer is a seat from 0 to 3')


# --- deals: hands whenever any hand line is present ------------------------------------------------


def test_one_false_hand_line_is_refused_even_alone() -> None:
    lines = _deal_text().splitlines()
    kept = [ln for ln in lines if not ln.startswith(("Hand 1", "Hand 2", "Hand 3"))]
    k = next(i for i, ln in enumerate(kept) if ln.startswith("Hand 0"))
    kept[k] = "Hand 0: 0/0"
    _refused("\n".join(kept), f"line {k + 1}: hand 0 is not the hand seed 7 deals")
    # one true hand line alone is fine: the seed gives the others
    alone = [ln for ln in lines if not ln.startswith(("Hand 0", "Hand 2", "Hand 3"))]
    assert check_record("\n".join(alone))["kind"] == "deal"


def test_a_hand_for_a_seat_that_is_not_at_the_table_is_refused() -> None:
    text = _deal_text()
    _refused(text.replace("Undealt:", "Hand 4: 4/8\nUndealt:"), "'Hand 4' is not a seat: the seats are Hand 0 to Hand 3")
    _refused(text.replace("Hand 1:", "Hand ¹:"), "'Hand ¹' is not a seat")
    _refused(text.replace("Hand 2:", "Hand 0:"), "the hand lines go in seat order")


def test_a_hand_with_a_card_twice_is_refused() -> None:
    lines = _deal_text().splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("Hand 0"))
    lines[k] += " " + lines[k].split()[2]
    _refused("\n".join(lines), "hand 0 is not the hand seed 7 deals")


def test_drawn_card_outside_the_pack_and_the_drawn_line_are_checked() -> None:
    d = play_deal(new_deal("hodges-1903", None, 2, options=["without-bidding"]), make_bots("random", 4, 2))
    text = str(record_of(d))
    drawn = re.search(r"^Drawn: (\S+)$", text, flags=re.M)
    assert drawn is not None
    _refused(text.replace(drawn.group(0), "Drawn: 12/12"), "'12/12' is not a card of the single pack")
    _refused(text.replace(drawn.group(0), "Drawn: 0/0" if drawn.group(1) != "0/0" else "Drawn: 1/1"),
             f"the seed draws {drawn.group(1)}")
    # without the Drawn line, the seed still draws the card
    assert check_record(text.replace(drawn.group(0) + "\n", ""))["kind"] == "deal"


def test_trick_numbers_leaders_and_winners_are_read_exactly() -> None:
    text = _deal_text()
    m = re.search(r"^Trick 2: \[(\d)\] (.*) -> (\d)$", text, flags=re.M)
    assert m is not None
    line = m.group(0)
    _refused(text.replace(line, line.replace(" -> " + m.group(3), " -> 0" + m.group(3))), "takes this trick")
    _refused(text.replace(line, line.replace(f"[{m.group(1)}]", f"[{(int(m.group(1)) + 1) % 4}]")), "leads this trick")
    _refused(text.replace(line, line.rsplit(" -> ", 1)[0]), "trick 2 is complete: end it with")
    _refused(text.replace("Trick 2:", "Trick ٢:"), "is not a trick")


def test_the_undealt_line_is_named_for_the_format() -> None:
    text = _deal_text()
    _refused(text.replace("Undealt:", "Pile:"), "are written 'Undealt: ...'")
    two = _deal_text(fmt="two", seed=4)
    _refused(two.replace("Pile:", "Undealt:"), "are written 'Pile: ...'")


def test_a_byte_order_mark_is_read() -> None:
    text = _deal_text()
    assert str(parse_record("\ufeff" + text)) == text
    assert check_record("\ufeff" + _game_text())["kind"] == "game"
    partial = '[Ruleset "parker-1947"]\n\nTrump: 2\nTrick 1: [0] 8/8 6/8 4/10 0/2 -> 3\n'
    assert check_record("\ufeff" + partial)["kind"] == "example"


@pytest.mark.parametrize("tag,message", [
    ('[Seed "x"]', '[Seed "x"]: a seed is a whole number from 0 to 2**64 - 1'),
    ('[Seed "18446744073709551616"]', "a seed is a whole number from 0 to 2**64 - 1"),
    ('[Seed "' + "9" * 5000 + '"]', "a seed is a whole number"),
    ('[Seed "²"]', "a seed is a whole number"),
    ('[Dealer "4"]', "the dealer is a seat from 0 to 3"),
    ('[Ruleset ""]', '[Ruleset ""]: the tag is empty'),
    ('[Options "nope"]', "Parker 1947 has no option 'nope'"),
])
def test_deal_record_tags_are_checked_and_named(tag: str, message: str) -> None:
    name = tag[1:].split()[0]
    text = _deal_text()
    if f"[{name} " in text:
        text = re.sub(rf'^\[{name} ".*"\]$', lambda _: tag, text, flags=re.M)
    else:
        text = text.replace("[Format", tag + "\n[Format", 1)
    with pytest.raises(RecordError, match=re.escape(message)) as info:
        parse_record(text)
    assert len(str(info.value)) < 300


def test_messages_quote_a_short_excerpt_of_the_input() -> None:
    long = "x" * 100_000
    for text in (f'[Ruleset "{long}"]\n', f'[Ruleset "parker-1947"]\n[Seed "1"]\n\n{long}: 1\n',
                 f'[Ruleset "parker-1947"]\n\nTrump: 2\nTrick 1: [0] {long} -> 0\n', f"[{long}\n"):
        with pytest.raises(RecordError) as info:
            check_record(text)
        assert len(str(info.value)) < 400


# --- partial records ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text,message", [
    ('[Ruleset "parker-1947"]\n\nBid: 15 by 0\nTaken: ² 8\n', "write the points each side took"),
    ('[Ruleset "parker-1947"]\n\nTrump: 2\nHand ¹: 4/8\n', "write the hand as 'Hand 1: cards'"),
    ('[Ruleset "parker-1947"]\n\nAuction: ² pass\n', "'²' is not a call"),
    ('[Rulesets ""]\n\nTrump: 2\n', '[Rulesets ""]: the tag is empty'),
    ('[Ruleset "parker-1947"]\n[Options "parker-scoring"]\n\nTrump: 2\n', "it takes no Options tag"),
    ('[Ruleset "parker-1947"]\n\nBid: 15 by 9\nTaken: 16 8\n', "the bidder's seat must be from 0 to 3"),
    ('[Ruleset "parker-1947"]\n\nBid foo: 15 by 0\n', "is not a line of a partial record"),
    ('[Ruleset "parker-1947"]\n\nTrump: 2\nTrick 1: [0] 8/8 6/8 4/10 0/2 -> 3\nTrick 2: [0] 1/2 2/2 3/4 4/4 -> 3\n',
     "seat 3 took trick 1, so it leads, not seat 0"),
])
def test_partial_records_refuse_what_they_cannot_vouch_for(text: str, message: str) -> None:
    _refused(text, message, parse_partial)


def test_a_call_in_unicode_digits_is_a_notation_error() -> None:
    with pytest.raises(CallNotationError, match="'²' is not a call"):
        parse_call("²")


@pytest.mark.parametrize("data", [{}, [], {"tags": {"Ruleset": "x"}}, {"tags": {"Ruleset": 3}},
                                  {"tags": {"Ruleset": "parker-1947", "Seed": "1"}, "actions": ["shuffle 1", "play 4/8"]},
                                  {"tags": {"Ruleset": "parker-1947", "Seed": "1"}, "deals": [["shuffle 1", "play 4/8"]]},
                                  {"tags": {"Ruleset": "parker-1947"}, "deals": "x"}])
def test_the_json_forms_refuse_bad_data_with_a_record_error(data: object) -> None:
    from somerset.records.deal_record import DealRecord
    from somerset.records.game_record import GameRecord

    for cls in (DealRecord, GameRecord):
        if cls is DealRecord and "deals" in data or cls is GameRecord and "actions" in data:
            continue
        with pytest.raises(RecordError):
            cls.from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["bid ²", "²", "shuffle ²", "shuffle " + "9" * 5000])
def test_an_action_in_unicode_or_huge_digits_is_a_notation_error_that_says_what_is_accepted(text: str) -> None:
    from somerset.rules.cards import NotationError
    from somerset.game.actions import parse_action

    with pytest.raises(NotationError, match="write bid") as info:
        parse_action(text)
    assert "invalid literal" not in str(info.value) and len(str(info.value)) < 300
