"""Card and trump notation: round trips, accepted spellings, and clear rejections."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from somerset import PACKS, SS, Card, CardNotationError, NotationError, Trump, TrumpNotationError, parse_card, parse_cards, parse_trump


@pytest.mark.parametrize("pack", PACKS.values(), ids=lambda p: p.name)
def test_every_card_round_trips(pack):
    for card in pack.cards:
        assert parse_card(str(card), pack) == card
        assert str(parse_card(str(card), pack)) == str(card)


def test_pack_sizes_and_count_totals():
    assert [len(p) for p in PACKS.values()] == [28, 50, 92]
    assert [p.count_total for p in PACKS.values()] == [7, 12, 21]
    assert [len(p.counts) for p in PACKS.values()] == [5, 7, 13]
    single = PACKS["single"]
    assert single.count_assumed and "assume" in single.count_note
    assert sorted(c.value for c in single.counts) == [1, 1, 1, 2, 2]
    assert not single.has_ss and SS not in single


@pytest.mark.parametrize(
    "text,pack,expected",
    [
        ("4/8", "double", "4/8"),
        ("4-8", "double", "4/8"),
        (" 4 / 8 ", "double", "4/8"),
        ("48", "double", "4/8"),
        ("s/s", "double", "S/S"),
        ("ss", "double", "S/S"),
        ("S-S", "double", "S/S"),
        ("44", "double", "4/4"),
        ("1212", "double", "12/12"),
        ("012", "double", "0/12"),
        ("410", "double", "4/10"),
        ("1112", "double", "11/12"),
        ("00", "double", "0/0"),
        ("0/0", "single", "0/0"),
        ("111", "triple", "1/11"),
        ("1011", "triple", "10/11"),
        ("011", "triple", "0/11"),
        ("35", "single", "3/5"),
    ],
)
def test_accepted_spellings(text, pack, expected):
    assert str(parse_card(text, PACKS[pack])) == expected


@pytest.mark.parametrize(
    "text,pack,words",
    [
        ("4/9", "double", ["'4/9'", "no /9 suit", "/12"]),
        ("9/8", "double", ["'9/8'", "cannot exceed", "0/8 to 8/8"]),
        ("xx", "double", ["'xx'", "rank/suit", "4/8"]),
        ("", "double", ["empty", "4/8"]),
        ("S/S", "single", ["'S/S'", "no S/S"]),
        ("99", "double", ["'99'", "rank/suit"]),
        ("13/13", None, ["no /13 suit"]),
        ("8/8<script>", "double", ["'8/8<script>'", "rank/suit"]),
    ],
)
def test_rejections_name_the_token_and_what_is_accepted(text, pack, words):
    with pytest.raises(CardNotationError) as err:
        parse_card(text, PACKS[pack] if pack else None)
    assert isinstance(err.value, ValueError) and isinstance(err.value, NotationError)
    for word in words:
        assert word in str(err.value)


def test_repeated_card_is_rejected():
    with pytest.raises(CardNotationError, match="twice"):
        parse_cards("4/8, 48", PACKS["double"])


def test_parse_cards_separators():
    assert [str(c) for c in parse_cards("8/8,6/8  4/10;0/2", PACKS["double"])] == ["8/8", "6/8", "4/10", "0/2"]
    assert [str(c) for c in parse_cards(["ss", "1212"], PACKS["double"])] == ["S/S", "12/12"]


@given(st.sampled_from(PACKS["triple"].cards))
def test_labels_are_spoken_names(card: Card):
    label = card.label
    assert label and "/" not in label.replace("S/S", "")


def test_label_example():
    assert parse_card("4/8").label == "four of the eights suit"


@pytest.mark.parametrize("text,expected", [("2", "2"), ("/12", "12"), ("nt", "nt"), ("No Trump", "nt"), ("0", "0"), ("0/0", "0")])
def test_trump_parse_round_trip(text, expected):
    trump = parse_trump(text, PACKS["double"])
    assert str(trump) == expected
    assert parse_trump(str(trump), PACKS["double"]) == trump


@pytest.mark.parametrize("text,words", [("3", ["'3'", "/12"]), ("hearts", ["'hearts'", "nt"]), ("", ["nt"])])
def test_trump_rejections(text, words):
    with pytest.raises(TrumpNotationError) as err:
        parse_trump(text, PACKS["double"])
    for word in words:
        assert word in str(err.value)


def test_trump_membership():
    eights = Trump(8)
    assert eights.is_trump(parse_card("4/8")) and eights.is_trump(SS)
    assert not eights.is_trump(parse_card("0/0"))
    zero = Trump(0)
    assert zero.is_trump(parse_card("0/0")) and zero.is_trump(SS) and not zero.is_trump(parse_card("8/8"))
