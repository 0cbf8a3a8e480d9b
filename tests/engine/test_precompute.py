"""The play tables of the deal engine agree with legal_plays and trick_verdict on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from somerset.rules.cards import Trump
from somerset.rules.play import legal_plays, trick_verdict
from somerset.game.precompute import bits, trick_tables
from somerset.rules.dimensions import Ruleset
from somerset.rules.rulesets import RULESETS, load_ruleset

RULESET_VARIANTS: list[Ruleset] = [
    load_ruleset(rid, [opt] if opt else [])
    for rid, r in RULESETS.items()
    for opt in (None, *(o.id for o in r.options.value))
]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Ruleset, Trump, list[int], list[int], bool]:
    r = draw(st.sampled_from(RULESET_VARIANTS))
    trump = draw(st.sampled_from(r.trumps()))
    n = len(r.deck.cards)
    order = draw(st.permutations(range(n)))
    hand_size = draw(st.integers(1, 16))
    trick_size = draw(st.integers(0, r.max_players - 1))
    first = draw(st.booleans())
    return r, trump, list(order[:hand_size]), list(order[hand_size:hand_size + trick_size]), first


@settings(max_examples=1500, deadline=None)
@given(positions())
def test_legal_mask_agrees_with_legal_plays(pos: tuple[Ruleset, Trump, list[int], list[int], bool]) -> None:
    r, trump, hand, trick, first = pos
    tab = trick_tables(r, trump)
    cards = r.deck.cards
    mask = 0
    for i in hand:
        mask |= 1 << i
    fast = {cards[i] for i in bits(tab.legal_mask(mask, trick, first and not trick))}
    slow = set(legal_plays(r, trump, [cards[i] for i in hand], [cards[i] for i in trick],
                           first_trick=first and not trick).legal)
    assert fast == slow


@settings(max_examples=1500, deadline=None)
@given(positions())
def test_winner_agrees_with_trick_verdict(pos: tuple[Ruleset, Trump, list[int], list[int], bool]) -> None:
    r, trump, hand, trick, _ = pos
    full = trick + hand[:1]
    tab = trick_tables(r, trump)
    cards = r.deck.cards
    assert tab.winner(full) == trick_verdict(r, trump, [cards[i] for i in full]).winner
