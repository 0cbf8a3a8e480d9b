"""Impossible solver positions under random play: a trick so far holding an illegal play (a card
that does not follow while the seat held the suit led, a first lead the bidder's opening-lead rule
forbids) is refused through the API and the command line, naming the seat, the card and the rule
the engine gives for it (``legal_plays``); the same positions played legally are solved exactly,
and small ones agree with the plain minimax of tests/engine/solve_brute.py."""

from __future__ import annotations

import contextlib
import io
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from hypothesis import assume, given
from hypothesis import strategies as st

from fuzzing import budget
from somerset import api
from somerset.rules.cards import Card, Trump
from somerset_tools.cli import main
from somerset.rules.play import legal_plays
from somerset.rules.dimensions import PileKind, Ruleset
from somerset.rules.rulesets import RULESETS, load_ruleset
from somerset.solve import position
from somerset.solve.position import opening_rule_applies

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from solve_brute import brute_values  # noqa: E402

VARIANTS = [load_ruleset(rid, [opt] if opt else []) for rid, r in RULESETS.items()
            for opt in (None, *(o.id for o in r.options.value))]


@dataclass
class Setup:
    """A position as a solve request gives it: hands now, the trick so far from ``leader``."""

    ruleset: Ruleset
    format: str
    trump: Trump
    hands: list[list[Card]]
    leader: int
    trick: list[Card]
    pile: list[Card]
    first_trick: bool

    def request(self) -> dict[str, object]:
        return {"cmd": "solve", "rules": self.ruleset.id, "options": list(self.ruleset.option_applied),
                "format": self.format, "trump": str(self.trump), "leader": self.leader,
                "hands": [" ".join(map(str, h)) for h in self.hands], "trick": " ".join(map(str, self.trick)),
                "pile": " ".join(map(str, self.pile)), "first_trick": self.first_trick, "nodes": 200_000}

    def held(self, k: int) -> list[Card]:
        """What the seat of the trick's ``k``-th card held when it played it."""
        return [*self.hands[(self.leader + k) % len(self.hands)], self.trick[k]]

    def legal(self, k: int) -> tuple[list[Card], list[Card]]:
        """The legal and the illegal cards of that seat then, by the engine's rules."""
        plays = legal_plays(self.ruleset, self.trump, self.held(k), self.trick[:k],
                            first_trick=k == 0 and opening_rule_applies(self.ruleset, self.first_trick))
        return list(plays.legal), [p.card for p in plays.illegal]



@st.composite
def legal_setups(draw: st.DrawFn, first: bool | None = None) -> Setup:
    """A small position whose trick so far is played by legal cards: crowded suits (the doubles, the
    0/0 and the S/S with three suits) half the time, so that following and breaking suit come up."""
    r = draw(st.sampled_from(VARIANTS))
    fmt = draw(st.sampled_from(r.formats.value))
    rng: random.Random = draw(st.randoms(use_true_random=False))
    n = fmt.players
    removed = set(fmt.removed_cards(r.deck))
    cards = [c for c in r.deck.cards if c not in removed]
    if draw(st.booleans()):
        suits = rng.sample([s for s in r.deck.suits if s > 0], 3)
        cards = [c for c in cards if c.is_double or c.is_ss or c.suit in suits]
    rng.shuffle(cards)
    per = draw(st.integers(1, 3 if n <= 4 else 2))
    pile: list[Card] = []
    if fmt.pile is not PileKind.NONE and draw(st.booleans()):
        per = min(per, 2)
        pile = cards[n * per: n * per + n]
    hands = [cards[s * per:(s + 1) * per] for s in range(n)]
    trump = draw(st.sampled_from(r.trumps(fmt.id)))
    leader = draw(st.integers(0, n - 1))
    first_trick = draw(st.booleans()) if first is None else first
    played = draw(st.integers(1, n - 1))
    trick: list[Card] = []
    for k in range(played):
        seat = (leader + k) % n
        legal = legal_plays(r, trump, hands[seat], trick, first_trick=k == 0 and opening_rule_applies(r, first_trick)).legal
        trick.append(rng.choice(legal))
        hands[seat].remove(trick[-1])
    return Setup(r, fmt.id, trump, hands, leader, trick, pile, first_trick)


def _refusal(setup: Setup, k: int, card: Card) -> None:
    """The trick's ``k``-th card replaced by ``card`` (an illegal play from the same hand) is refused,
    naming the seat, the card and the engine's reason for it, through the API and the command line."""
    seat = (setup.leader + k) % len(setup.hands)
    hands = [list(h) for h in setup.hands]
    hands[seat] = [c for c in setup.held(k) if c != card]
    bad = Setup(setup.ruleset, setup.format, setup.trump, hands, setup.leader,
                [*setup.trick[:k], card, *setup.trick[k + 1:]], setup.pile, setup.first_trick)
    plays = legal_plays(bad.ruleset, bad.trump, bad.held(k), bad.trick[:k],
                        first_trick=k == 0 and opening_rule_applies(bad.ruleset, bad.first_trick))
    why = next(p for p in plays.illegal if p.card == card)
    error = api.dispatch(bad.request()).get("error")
    assert error is not None and error["field"] == "trick", error
    verb = "led" if k == 0 else "played"
    assert f"seat {seat} {verb} {card}" in error["message"], error
    assert why.reason in error["message"] and f"[{why.citation.label}]" in error["message"], error
    # the command line says the same on one line, exit 2
    argv = ["solve", "--rules", bad.ruleset.id, "--format", bad.format, "--trump", str(bad.trump), "--leader", str(bad.leader),
            "--hands", " | ".join(" ".join(map(str, h)) for h in bad.hands), "--trick", " ".join(map(str, bad.trick)),
            "--nodes", "1000"]
    if bad.ruleset.option_applied:
        argv += ["--option", bad.ruleset.option_applied[0]]
    if bad.pile:
        argv += ["--pile", " ".join(map(str, bad.pile))]
    if bad.first_trick:
        argv.append("--first-trick")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code == 2 and out.getvalue() == "" and err.getvalue().count("\n") == 1, err.getvalue()
    assert f"seat {seat} {verb} {card}" in err.getvalue()


@budget(ci=150, long=5_000)
@given(legal_setups(), st.data())
def test_a_trick_holding_a_revoke_is_refused(setup: Setup, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, len(setup.trick) - 1))
    _, illegal = setup.legal(k)
    assume(illegal)
    _refusal(setup, k, data.draw(st.sampled_from(illegal)))


@budget(ci=100, long=3_000)
@given(legal_setups(first=True), st.data())
def test_an_illegal_first_lead_is_refused(setup: Setup, data: st.DataObject) -> None:
    _, illegal = setup.legal(0)
    assume(illegal)  # rulesets and trumps where the opening-lead rule binds, with a card it forbids
    _refusal(setup, 0, data.draw(st.sampled_from(illegal)))


@budget(ci=150, long=5_000)
@given(legal_setups())
def test_legal_tricks_are_solved_exactly(setup: Setup) -> None:
    data = api.dispatch(setup.request())
    assert "error" not in data, data
    assert data["exact"] and data["position"]["trick"] == [str(c) for c in setup.trick]
    pos = position(setup.ruleset, setup.trump, setup.hands, setup.leader, setup.trick, format_id=setup.format,
                   pile=setup.pile, first_trick=setup.first_trick)
    if pos.cards_left <= 10:  # cheap enough for the plain minimax
        value, values = brute_values(pos)
        assert data["side_points"] == value
        assert {c["card"]: c["low"] for c in data["cards"]} == {str(c): v for c, v in values.items()}
