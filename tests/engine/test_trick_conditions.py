"""What a trick alone cannot show: a card legal only if its player held no card of the suit led is named,
with its rule; told that the player still held one, the engine judges the play (a revoke, and what the
ruleset says follows). Expectations written from the source texts."""

from __future__ import annotations

import pytest

from somerset import RULESETS, get_ruleset, parse_cards, parse_trump
from somerset.api import dispatch
from somerset.rules.play import trick_conditions
from somerset.service.responses import CONDITION_RULINGS, REVOKE_RULING
from somerset.teaching.rulings import RULINGS

P47 = get_ruleset("parker-1947")
FREE_ROVER = {"somersetgame-com", "parker-1947-house", "triple-2009"}  # the 0/0 at any time


def test_the_issue_trick_says_the_rover_needed_a_void_under_parker_1947():
    # 5/8 led, then the 0/0: legal under Parker 1947 only for a player with no /8.
    got = dispatch({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "5/8, 0/0"})
    assert got["card"] == "0/0"  # the trick as played
    (c,) = got["conditions"]
    assert c["position"] == 1 and c["kind"] == "rover" and not c["revoke"]
    assert c["text"] == ("Under Parker 1947 the 0/0 may be played here only by a player with no /8; if its player "
                         "held an /8, that was a revoke.")
    assert c["citation"]["source"] == "parker-1947-booklet"
    assert c["ruling"] == "rulings/#rover-holding-suit" and c["revoke_ruling"] == "rulings/#revoke"


def test_a_player_who_still_held_the_suit_led_revoked_and_the_verdict_says_what_follows():
    got = dispatch({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "5/8, 0/0", "held": [1]})
    (c,) = got["conditions"]
    assert got["revoke"] and c["revoke"] and c["held"]
    assert "a revoke" in c["text"] and "Parker 1947 does not say what follows" in c["text"]
    assert c["interpretation"]  # the project's reading of a silent text
    h03 = trick_conditions(get_ruleset("hodges-1903"), parse_trump("2"), parse_cards("5/6 0/0", get_ruleset("hodges-1903").deck), [1])
    assert h03[0].revoke and "2 points" in h03[0].text


def test_under_every_ruleset_the_rover_is_either_conditional_or_free():
    for r in RULESETS.values():
        if r.deck.name == "single":
            continue
        shown = trick_conditions(r, parse_trump("2"), parse_cards("5/8 0/0", r.deck))
        assert [c.kind for c in shown] == ([] if r.id in FREE_ROVER else ["rover"]), r.id
        held = trick_conditions(r, parse_trump("2"), parse_cards("5/8 0/0", r.deck), [1])
        assert held[0].revoke == (r.id not in FREE_ROVER), r.id
    # A rover any-time ruleset names no condition for the 0/0 at all, and a held one stands.
    assert not trick_conditions(get_ruleset("somersetgame-com"), parse_trump("2"), parse_cards("5/8 0/0"))
    (free,) = trick_conditions(get_ruleset("somersetgame-com"), parse_trump("2"), parse_cards("5/8 0/0"), [1])
    assert free.kind == "free" and not free.revoke


def test_a_trump_and_a_discard_each_needed_a_void_and_a_follower_needs_nothing():
    cs = trick_conditions(P47, parse_trump("2"), parse_cards("8/8 6/8 4/10 0/2"))
    assert [(c.position, c.kind) for c in cs] == [(2, "discard"), (3, "trump")]
    assert "with no /8" in cs[1].text
    # The S/S discarded in No Trump is free; a follower marked held changes nothing.
    nt = trick_conditions(P47, parse_trump("nt"), parse_cards("5/8 S/S 6/8"), [1, 2])
    assert [(c.position, c.kind, c.revoke) for c in nt] == [(1, "free", False), (2, "follows", False)]
    # On a trump lead, a card off the trump suit needed no trump in hand.
    (t,) = trick_conditions(P47, parse_trump("8"), parse_cards("5/8 4/10"))
    assert "with no trump" in t.text


@pytest.mark.parametrize("held", [[0], [4], ["1"], [True]])
def test_held_out_of_the_trick_is_refused_with_a_message(held):
    got = dispatch({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": "5/8, 0/0", "held": held})
    assert got["error"]["field"] == "held" and "held" in got["error"]["message"]


def test_every_ruling_a_condition_links_is_on_the_rulings_page():
    ids = {r.id for r in RULINGS}
    assert REVOKE_RULING in ids
    assert {v for v in CONDITION_RULINGS.values() if v} <= ids


def test_all_rulesets_carry_their_conditions():
    got = dispatch({"cmd": "trick", "rules": "all", "trump": "2", "cards": "5/8, 0/0", "held": [1]})
    revoked = {v["ruleset"] for v in got["results"] if v["revoke"]}
    assert revoked == {v["ruleset"] for v in got["results"]} - FREE_ROVER
