"""Which trumps may be named: one fact, from the cards a format actually deals, asked by everyone."""

from __future__ import annotations

import json

import pytest

from somerset import api
from somerset.game.actions import ActionKind, parse_action
from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal
from somerset.game.deal import Deal, Phase, new_deal
from somerset.rules.play import RulesError, check_trump
from somerset.rules.rulesets import RULESETS, get_ruleset

# (ruleset, format, the trumps its format takes away)
REMOVED = [
    ("hodges-1903", "three-without-00", {"0"}),
    ("triple-2009", "eight-2x4", {"1"}),
    ("triple-2009", "eight-4x2", {"1"}),
    ("triple-2009", "five-single", {"1", "2", "3"}),
]


def _to_trump_phase(rid: str, fmt: str, seed: int) -> Deal:
    """A deal at the moment its high bidder names trump."""
    d = new_deal(rid, fmt, seed)
    while d.phase is Phase.AUCTION:
        d.apply("bid 5" if d.auction is not None and d.auction.high is None else "pass")
    if d.phase is Phase.KITTY:
        d.apply(d.legal_actions()[0])
    assert d.phase is Phase.TRUMP
    return d


@pytest.mark.parametrize("rid, fmt, gone", REMOVED)
def test_a_suit_the_format_removes_cannot_be_named(rid: str, fmt: str, gone: set[str]) -> None:
    r = get_ruleset(rid)
    named = {str(t) for t in r.trumps(fmt)}
    assert not named & gone
    assert gone <= {str(t) for t in r.trumps()}  # other formats of the ruleset keep them
    d = _to_trump_phase(rid, fmt, 1)
    offered = {str(a.trump) for a in d.legal_actions()}
    assert offered == named
    for t in gone:
        why = d.can(parse_action(f"trump {t}"))
        assert why is not None and "cannot be trump" in why and r.short_name in why
        with pytest.raises(RulesError, match="cannot be trump"):
            check_trump(r, parse_action(f"trump {t}").trump, fmt)  # type: ignore[arg-type]


@pytest.mark.parametrize("rid, fmt, gone", REMOVED)
def test_bots_never_name_a_removed_suit(rid: str, fmt: str, gone: set[str]) -> None:
    players = RULESETS[rid].format(fmt).players
    for seed in range(12):
        for kind in ("random", "heuristic"):
            d = play_deal(new_deal(rid, fmt, seed), make_bots(kind, players, seed))
            assert d.passed_out or str(d.trump) not in gone
            assert not any(a.kind is ActionKind.TRUMP and str(a.trump) in gone for a in d.history)


def test_every_format_offers_exactly_its_suits_in_play() -> None:
    for r in RULESETS.values():
        for fmt in r.formats.value:
            removed = set(fmt.removed_cards(r.deck))
            suits = {c.suit for c in r.deck.cards if c not in removed and not c.is_ss}
            expected = {str(s) for s in suits if s != 0} | ({"0"} if r.zero_trump.value and 0 in suits else set())
            expected |= {"nt"} if r.no_trump.value else set()
            assert {str(t) for t in r.trumps(fmt.id)} == expected, (r.id, fmt.id)


def test_the_api_lists_the_same_trumps_per_format() -> None:
    data = json.loads(api.handle(json.dumps({"cmd": "rulesets"})))
    for entry in data["rulesets"]:
        r = get_ruleset(entry["id"])
        assert [t["value"] for t in entry["trumps"]] == [str(t) for t in r.trumps()]
        for f in entry["formats"]:
            assert f["trumps"] == [str(t) for t in r.trumps(f["id"])]
