"""Legal plays and trick verdicts: the sources' worked examples, rulings where rulesets part ways,
and properties over random tricks and hands under every ruleset."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from somerset import RULESETS, RulesError, get_ruleset, legal_plays, parse_cards, parse_trump, trick_verdict
from somerset.rules.cards import Card, Trump
from somerset.teaching.examples import WORKED_EXAMPLES, check_all, count
from somerset.rules.play import led_suit
from somerset.rules.dimensions import AfterRover, RoverPlay, SSNoTrump


def verdict(rid: str, trump: str, cards: str):
    r = get_ruleset(rid)
    return trick_verdict(r, parse_trump(trump, r.deck), parse_cards(cards, r.deck))


def legal(rid: str, trump: str, hand: str, trick: str = "", first: bool = False) -> list[str]:
    r = get_ruleset(rid)
    res = legal_plays(r, parse_trump(trump, r.deck), parse_cards(hand, r.deck), parse_cards(trick, r.deck), first_trick=first)
    assert {str(c) for c in res.legal} | {str(i.card) for i in res.illegal} == {str(c) for c in parse_cards(hand, r.deck)}
    return sorted(str(c) for c in res.legal)


_TRICK_LINE = re.compile(r"Trick 1: \[0\] (.+) -> (\d+)")


@pytest.mark.parametrize(
    "rid,example_id",
    [(rid, i) for i, rec in WORKED_EXAMPLES.items() if rec.tricks and rec.hand is None for rid in rec.rulesets],
)
def test_worked_tricks(rid, example_id):
    """The source's winner, read from the record's text, is the engine's (checked apart from the record reader)."""
    rec = WORKED_EXAMPLES[example_id]
    m = _TRICK_LINE.search(str(rec))
    assert m, str(rec)
    cards, seat = m.group(1), int(m.group(2))
    v = verdict(rid, rec.trump or "", cards.replace(" ", ", "))
    assert v.winner == seat
    assert v.reason and v.citation


@pytest.mark.parametrize(
    "rid,example_id",
    [(rid, i) for i, rec in WORKED_EXAMPLES.items() if rec.hand is not None for rid in rec.rulesets],
)
def test_worked_legal_plays(rid, example_id):
    """The source's answer to "what may be played", read from the record's text, is the engine's."""
    text = str(WORKED_EXAMPLES[example_id])
    trump = re.search(r"^Trump: (\S+)$", text, re.M).group(1)
    led = re.search(r"^Trick 1: \[0\] (.+)$", text, re.M).group(1)
    hand = re.search(r"^Hand 1: (.+)$", text, re.M).group(1)
    want = re.search(r"^Legal: (.+)$", text, re.M).group(1).split()
    assert legal(rid, trump, hand.replace(" ", ", "), led.replace(" ", ", ")) == sorted(want)


def test_all_worked_examples_pass():
    assert count() >= 40
    assert check_all() == []


def test_rules_named_in_verdicts():
    assert verdict("parker-1947", "2", "8/8, 6/8, 4/10, 0/2").rule == "highest-trump"
    assert verdict("parker-1947", "6", "9/12, 11/12, 0/0, 2/2").rule == "rover-doubles"
    assert verdict("parker-1947", "6", "9/12, 11/12, 0/0, 7/12").rule == "rover-alone"
    assert verdict("parker-1947", "6", "9/12, 11/12, 0/0, 7/12").winner == 2
    assert verdict("parker-1947", "nt", "0/0, 9/12, 11/12, 2/2").rule == "rover-led-no-trump"
    assert verdict("parker-1947", "6", "9/12, S/S, 0/0, 12/12").card == parse_cards("S/S")[0]


def test_trump_beats_any_double_and_ss_is_lowest_trump():
    assert str(verdict("parker-1947", "8", "12/12, 0/0, S/S, 10/10").card) == "S/S"
    assert str(verdict("parker-1947", "8", "12/12, 0/8, S/S, 0/0").card) == "0/8"


def test_zero_named_trump():
    v = verdict("parker-1947", "0", "12/12, S/S, 0/0, 10/10")
    assert str(v.card) == "0/0" and v.rule == "highest-trump"
    assert str(verdict("parker-1947", "0", "12/12, S/S, 2/12, 10/10").card) == "S/S"
    with pytest.raises(RulesError, match="0/0"):
        verdict("boardgamegeek", "0", "12/12, 2/12")


def test_no_trump_ss_led_next_card_sets_suit():
    v = verdict("parker-1947", "nt", "S/S, 4/8, 8/8, 12/12")
    assert str(v.card) == "8/8" and v.winner == 2
    # A discarded S/S never wins in No Trump.
    assert str(verdict("parker-1947", "nt", "4/8, S/S, 2/8, 12/12").card) == "4/8"


def test_rover_in_no_trump_differs():
    # Parker: no Rover power in No Trump; somersetgame.com (interpretation): the 0/0 keeps it.
    assert str(verdict("parker-1947", "nt", "4/8, 0/0, 2/2, 1/8").card) == "4/8"
    v = verdict("somersetgame-com", "nt", "4/8, 0/0, 2/2, 1/8")
    assert str(v.card) == "2/2" and v.interpretation


def test_boardgamegeek_doubles_before_the_rover():
    # A double before the 0/0 has no power over it ...
    v = verdict("boardgamegeek", "6", "4/8, 4/4, 0/0, 9/12")
    assert str(v.card) == "0/0" and v.interpretation
    # ... unless it is the double of the suit led, which is "in play".
    assert str(verdict("boardgamegeek", "6", "8/8, 0/0, 4/8, 9/12").card) == "8/8"
    # Doubles after the 0/0 take it; Parker lets every double compete.
    assert str(verdict("boardgamegeek", "6", "8/8, 0/0, 4/4, 9/12").card) == "4/4"
    assert str(verdict("parker-1947", "6", "8/8, 0/0, 4/4, 9/12").card) == "8/8"


def test_follow_suit_and_the_rover():
    hand = "0/0, 2/8, 4/10, 2/2"
    # Parker 1947: the 0/0 only when void.
    assert legal("parker-1947", "6", hand, "5/8") == ["2/8"]
    # somersetgame.com: the 0/0 at any time.
    assert legal("somersetgame-com", "6", hand, "5/8") == ["0/0", "2/8"]
    # After the 0/0: break suit for a double (somersetgame.com, house rules) or not (Minden Senior Center).
    assert legal("somersetgame-com", "6", "2/8, 4/10, 2/2", "5/8, 0/0") == ["2/2", "2/8"]
    assert legal("parker-1947-house", "6", "2/8, 4/10, 2/2", "5/8, 0/0") == ["2/2", "2/8"]
    assert legal("minden-senior-center", "6", "2/8, 4/10, 2/2", "5/8, 0/0") == ["2/8"]
    # ... but not when the 0/0 is trump or has no power (Parker house rules in No Trump).
    assert legal("parker-1947-house", "nt", "2/8, 4/10, 2/2", "5/8, 0/0") == ["2/8"]


def test_ss_forced_on_trump_lead_unless_the_rover_saves_it():
    assert legal("parker-1947", "8", "S/S, 0/0, 4/10", "2/8") == ["S/S"]
    assert legal("somersetgame-com", "8", "S/S, 0/0, 4/10", "2/8") == ["0/0", "S/S"]
    assert legal("triple-2009", "8", "S/S, 0/0, 4/10", "2/8") == ["0/0", "S/S"]


def test_ss_in_no_trump_may_be_discarded_any_time():
    assert legal("parker-1947", "nt", "S/S, 1/8, 4/10", "5/8") == ["1/8", "S/S"]
    # After an S/S lead in No Trump, the second player may play anything; the third follows the second.
    assert legal("parker-1947", "nt", "1/8, 4/10", "S/S") == ["1/8", "4/10"]
    assert legal("parker-1947", "nt", "1/8, 4/10", "S/S, 6/10") == ["4/10"]


def test_first_lead():
    hand = "4/8, 2/10, S/S, 0/0"
    assert legal("parker-1947", "8", hand, first=True) == ["4/8", "S/S"]
    assert legal("parker-1947", "8", hand, first=False) == sorted(["4/8", "2/10", "S/S", "0/0"])
    assert legal("somersetgame-com", "8", hand, first=True) == sorted(["4/8", "2/10", "S/S", "0/0"])
    # The first card declares trump: it must be of that suit, never the S/S.
    assert legal("boardgamegeek", "8", hand, first=True) == ["4/8"]
    # No trump held: any card (interpretation).
    r = get_ruleset("parker-1947")
    res = legal_plays(r, parse_trump("12"), parse_cards("4/8, 2/10"), (), first_trick=True)
    assert len(res.legal) == 2 and res.note


def test_illegal_cards_have_reasons_and_citations():
    r = get_ruleset("parker-1947")
    res = legal_plays(r, parse_trump("6"), parse_cards("0/0, 2/8, 4/10"), parse_cards("5/8"))
    reasons = {str(i.card): i for i in res.illegal}
    assert "cannot follow" in reasons["0/0"].reason and reasons["0/0"].citation.section == "Double Cards and the Rover"
    assert "2/8" in reasons["4/10"].reason


def test_bad_positions_are_rejected_with_reasons():
    r = get_ruleset("parker-1947")
    with pytest.raises(RulesError, match="both in the hand and in the trick"):
        legal_plays(r, parse_trump("6"), parse_cards("0/0, 2/8"), parse_cards("2/8"))
    with pytest.raises(RulesError, match="No Trump"):
        trick_verdict(get_ruleset("hodges-1903"), parse_trump("nt"), parse_cards("1/2"))
    with pytest.raises(RulesError, match="at most"):
        trick_verdict(get_ruleset("parker-1950"), parse_trump("2"), parse_cards("0/2 1/2 2/2 0/3 1/3"))


# --- properties over random positions ----------------------------------------------------------


def _trumps(r) -> list[Trump]:
    out = [Trump(s) for s in r.deck.suits if s != 0]
    if r.zero_trump.value:
        out.append(Trump(0))
    if r.no_trump.value:
        out.append(Trump(None))
    return out


@st.composite
def positions(draw):
    r = draw(st.sampled_from(list(RULESETS.values())))
    trump = draw(st.sampled_from(_trumps(r)))
    cards = draw(st.permutations(r.deck.cards))
    players = draw(st.integers(2, r.max_players))
    played = draw(st.integers(0, players - 1))
    hand_size = draw(st.integers(1, 12))
    trick = list(cards[:played])
    hand = list(cards[played:played + hand_size])
    return r, trump, hand, trick


@settings(max_examples=400, deadline=None)
@given(positions(), st.booleans())
def test_legal_set_never_empty_and_partitions_the_hand(pos, first):
    r, trump, hand, trick = pos
    res = legal_plays(r, trump, hand, trick, first_trick=first and not trick)
    assert res.legal
    assert set(res.legal) | {i.card for i in res.illegal} == set(hand)
    assert not set(res.legal) & {i.card for i in res.illegal}
    for i in res.illegal:
        assert i.reason and i.citation


@settings(max_examples=400, deadline=None)
@given(positions())
def test_following_exemptions_only_where_the_ruleset_allows(pos):
    r, trump, hand, trick = pos
    if not trick:
        return
    suit = led_suit(trick, trump)
    res = legal_plays(r, trump, hand, trick)
    if suit is None:
        return

    def follows(c: Card) -> bool:
        return (c.is_ss and trump.suit == suit) if c.is_ss else c.suit == suit

    if not any(follows(c) for c in hand):
        assert set(res.legal) == set(hand)
        return
    rover_played = any(c.is_rover for c in trick)
    for c in res.legal:
        if follows(c):
            continue
        allowed = (
            (c.is_ss and trump.is_no_trump and r.ss_no_trump.value is SSNoTrump.DISCARD_ANY_TIME)
            or (c.is_rover and not trump.is_zero and r.rover_play.value is RoverPlay.ANY_TIME)
            or (c.is_double and rover_played and r.after_rover.value is AfterRover.BREAK_FOR_DOUBLE)
        )
        assert allowed, (r.id, str(trump), [str(x) for x in hand], [str(x) for x in trick], str(c))


@st.composite
def legal_tricks(draw):
    """A whole trick built by playing a legal card from random hands at each turn."""
    r = draw(st.sampled_from(list(RULESETS.values())))
    trump = draw(st.sampled_from(_trumps(r)))
    fmt = draw(st.sampled_from(r.formats.value))
    cards = list(draw(st.permutations(r.deck.cards)))
    hands = [cards[i * fmt.hand_size:(i + 1) * fmt.hand_size] for i in range(fmt.players)]
    trick: list[Card] = []
    for hand in hands:
        res = legal_plays(r, trump, hand, trick)
        trick.append(draw(st.sampled_from(res.legal)))
    return r, trump, trick


@settings(max_examples=400, deadline=None)
@given(legal_tricks())
def test_exactly_one_winner_who_played_a_legal_card(t):
    r, trump, trick = t
    v = trick_verdict(r, trump, trick)
    assert 0 <= v.winner < len(trick) and trick[v.winner] == v.card
    assert v.reason and v.citation
    # The winner is a trump if any trump was played.
    if any(trump.is_trump(c) for c in trick):
        assert trump.is_trump(v.card)
    # Verdicts do not depend on anything but the cards: asking twice gives the same answer.
    assert trick_verdict(r, trump, trick) == v
