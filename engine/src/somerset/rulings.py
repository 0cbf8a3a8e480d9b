"""At-the-table rulings: common questions answered for every ruleset.

Where the engine can decide a question, the answer is computed by asking it about a concrete
position (which cards are legal, who wins the trick, what the score is), so the ruling cannot
drift from the rules. Other questions are answered from the ruleset's data. Each answer carries
its citation and, where the engine had to decide, the interpretation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .cards import parse_cards, parse_trump
from .describe import value_label
from .play import RulesError, legal_plays, trick_verdict
from .rules import DIMENSIONS, Ruleset
from .rulesets import RULESETS
from .scoring import score_deal
from .sources import Citation

__all__ = ["Answer", "Ruling", "RULINGS", "answer_all"]

_HEADINGS = dict(DIMENSIONS)


@dataclass(frozen=True)
class Answer:
    short: str  # groups rulesets that answer alike
    detail: str
    citation: Citation
    interpretation: str | None = None
    checked: bool = False  # decided by asking the engine about a position
    applies: bool = True


@dataclass(frozen=True)
class Ruling:
    id: str
    topic: str
    question: str
    answer: Callable[[Ruleset], Answer]
    position: dict[str, str] | None = None  # the position shown with the question, per pack


def _not_applicable(ruleset: Ruleset, why: str, key: str) -> Answer:
    rule = ruleset.rule(key)
    return Answer(f"Does not arise: {why}", rule.summary, rule.citation, applies=False)


def _pack_check(ruleset: Ruleset, needs_ss: bool, needs_nt: bool, needs_zero: bool) -> str | None:
    if needs_ss and not ruleset.deck.has_ss:
        return "the single pack has no S/S"
    if needs_nt and not ruleset.no_trump.value:
        return "this ruleset has no No Trump"
    if needs_zero and not ruleset.zero_trump.value:
        return "this ruleset never makes the 0/0 trump"
    return None


Position = tuple[str, str, str, bool, str]  # trump, hand, trick, first trick, the card asked about


def _legal_ruling(
    id: str, topic: str, question: str, positions: dict[str, Position], key: str, *,
    yes: str, no: str, yes_if_legal: bool = True, needs_ss: bool = False, needs_nt: bool = False,
) -> Ruling:
    """A yes/no question decided by whether one card is legal in a position."""

    def answer(r: Ruleset) -> Answer:
        why = _pack_check(r, needs_ss, needs_nt, False)
        if why:
            return _not_applicable(r, why, key)
        trump, hand, trick, first, card = positions[r.deck.name]
        res = legal_plays(r, parse_trump(trump, r.deck), parse_cards(hand, r.deck), parse_cards(trick, r.deck), first_trick=first)
        target = parse_cards(card, r.deck)[0]
        rule = r.rule(key)
        is_legal = target in res.legal
        short = f"Yes: {yes}" if is_legal == yes_if_legal else f"No: {no}"
        if is_legal:
            return Answer(short, rule.summary, rule.citation, rule.interpretation or res.note, checked=True)
        illegal = next(i for i in res.illegal if i.card == target)
        return Answer(short, f"{rule.summary} Here: {illegal.reason}", illegal.citation, rule.interpretation, checked=True)

    shown = {
        p: f"Trump: {parse_trump(t).label}. {'You lead to the first trick' if first else ('Played so far: ' + tr) if tr else 'You lead'}; "
        f"your hand: {h}."
        for p, (t, h, tr, first, _) in positions.items()
    }
    return Ruling(id, topic, question, answer, shown)


def _verdict_ruling(
    id: str, topic: str, question: str, positions: dict[str, tuple[str, str]],
    *, needs_ss: bool = False, needs_nt: bool = False, needs_zero: bool = False, key: str = "rover_power",
) -> Ruling:
    def answer(r: Ruleset) -> Answer:
        why = _pack_check(r, needs_ss, needs_nt, needs_zero)
        if why:
            return _not_applicable(r, why, key)
        trump, cards = positions[r.deck.name]
        v = trick_verdict(r, parse_trump(trump, r.deck), parse_cards(cards, r.deck))
        return Answer(f"{v.card} wins", v.reason, v.citation, v.interpretation, checked=True)

    shown = {p: f"Trump: {parse_trump(t).label}. Played in order: {c}." for p, (t, c) in positions.items()}
    return Ruling(id, topic, question, answer, shown)


def _score_ruling(id: str, topic: str, question: str, positions: dict[str, tuple[int, int, int]]) -> Ruling:
    def answer(r: Ruleset) -> Answer:
        bid, made, against = positions[r.deck.name]
        sc = score_deal(r, bid, made, against)
        rule = r.set if sc.set else r.made
        return Answer(
            f"bidder {sc.bidder_side:+d}, opponents {sc.opponents:+d}",
            f"Bid {bid}, {made} to {against}: {sc.reason}", sc.citation, rule.interpretation, checked=True,
        )

    shown = {p: f"Bid {b}; the bidder's side takes {m}, the other side {a}." for p, (b, m, a) in positions.items()}
    return Ruling(id, topic, question, answer, shown)


def _data_ruling(id: str, topic: str, question: str, key: str, *, needs: Callable[[Ruleset], str | None] | None = None) -> Ruling:
    def answer(r: Ruleset) -> Answer:
        why = needs(r) if needs else None
        if why:
            return _not_applicable(r, why, key)
        rule = r.rule(key)
        return Answer(value_label(r, key), rule.summary, rule.citation, rule.interpretation)

    return Ruling(id, topic, question, answer)


def _no_kitty(r: Ruleset) -> str | None:
    kinds = {r.undealt.value.kind.value} | {f.undealt_kind.value for f in r.formats.value if f.undealt_kind}
    return None if "kitty" in kinds else "this ruleset has no kitty"


_ALL3 = ("single", "double", "triple")


def _same(pos: Position) -> dict[str, Position]:
    return {p: pos for p in _ALL3}


_SS_V = {p: ("8", "12/12, 0/0, S/S, 10/10") for p in _ALL3}
_SS_LED = {p: ("nt", "S/S, 4/8, 8/8, 1/10") for p in _ALL3}

RULINGS: tuple[Ruling, ...] = (
    # --- the 0/0 ---------------------------------------------------------------------------
    _legal_ruling("rover-holding-suit", "The 0/0 (Rover)", "May I play the 0/0 while I hold a card of the suit led?",
                  _same(("6", "0/0, 0/2", "1/2", False, "0/0")), "rover_play",
                  yes="the 0/0 may be played at any time", no="only when you cannot follow suit"),
    _legal_ruling("rover-on-trump-lead", "The 0/0 (Rover)",
                  "A trump is led and I hold no trump, only the 0/0 and other cards. Must I play the 0/0?",
                  {"single": ("5", "0/0, 1/4", "2/5", False, "1/4"), "double": ("8", "0/0, 4/10", "2/8", False, "4/10"),
                   "triple": ("8", "0/0, 4/10", "2/8", False, "4/10")}, "rover_play", yes_if_legal=False,
                  yes="the 0/0 counts as a trump", no="the 0/0 is not a trump; play any card"),
    _legal_ruling("rover-saves-ss", "The 0/0 (Rover)",
                  "A trump is led and my only trump is the S/S. May I play the 0/0 instead to save it?",
                  _same(("8", "S/S, 0/0, 4/10", "2/8", False, "0/0")), "rover_play", needs_ss=True,
                  yes="the 0/0 may replace a forced card", no="the S/S must be played"),
    _legal_ruling("break-for-double", "The 0/0 (Rover)",
                  "Someone has played the 0/0. May I play a double instead of following suit?",
                  _same(("6", "0/4, 2/2", "1/4, 0/0", False, "2/2")), "after_rover",
                  yes="you may break suit for a double", no="you must still follow suit"),
    _verdict_ruling("doubles-with-rover", "The 0/0 (Rover)", "No trump is played, but the 0/0 and a double are. Who wins?",
                    {"single": ("3", "4/6, 5/6, 0/0, 2/2"), "double": ("6", "9/12, 11/12, 0/0, 2/2"),
                     "triple": ("6", "9/12, 11/12, 0/0, 2/2")}),
    _verdict_ruling("rover-alone", "The 0/0 (Rover)", "The 0/0 is played and no double or trump. Who wins?",
                    {"single": ("3", "4/6, 5/6, 0/0, 1/6"), "double": ("6", "9/12, 11/12, 0/0, 7/12"),
                     "triple": ("6", "9/12, 11/12, 0/0, 7/12")}),
    _verdict_ruling("double-before-rover", "The 0/0 (Rover)",
                    "A double is played before the 0/0 and a lower double after it. Who wins?",
                    {"single": ("3", "1/5, 4/4, 0/0, 2/2"), "double": ("6", "4/8, 4/4, 0/0, 2/2"),
                     "triple": ("6", "4/8, 4/4, 0/0, 2/2")}),
    _verdict_ruling("lead-double-then-rover", "The 0/0 (Rover)",
                    "The double of the suit led is played, then the 0/0, and no other double. Who wins?",
                    {"single": ("3", "6/6, 0/0, 2/6, 1/5"), "double": ("6", "8/8, 0/0, 4/8, 9/12"),
                     "triple": ("6", "8/8, 0/0, 4/8, 9/12")}),
    # --- trumps and the S/S ----------------------------------------------------------------
    _verdict_ruling("trump-beats-rover", "Trumps", "A trump, the 0/0 and doubles are all played. Who wins?",
                    {"single": ("5", "6/6, 0/0, 0/5, 4/4"), "double": ("8", "12/12, 0/0, 0/8, 10/10"),
                     "triple": ("8", "12/12, 0/0, 0/8, 10/10")}, key="follow_suit"),
    _legal_ruling("ss-forced", "Trumps", "A trump is led and the S/S is my only trump. Must I play it?",
                  _same(("8", "S/S, 4/10", "2/8", False, "4/10")), "follow_suit", needs_ss=True, yes_if_legal=False,
                  yes="the S/S is a trump and must follow a trump lead", no="you may keep it"),
    _verdict_ruling("ss-only-trump", "Trumps", "The S/S is the only trump played, with doubles and the 0/0. Who wins?",
                    _SS_V, needs_ss=True, key="follow_suit"),
    _legal_ruling("trump-while-holding-suit", "Trumps", "May I play a trump while I still hold the suit led?",
                  {"single": ("5", "1/5, 2/6", "4/6", False, "1/5"), "double": ("8", "1/8, 2/10", "4/10", False, "1/8"),
                   "triple": ("8", "1/8, 2/10", "4/10", False, "1/8")}, "follow_suit",
                  yes="trumping is free", no="only when you cannot follow suit"),
    # --- declaring trump -------------------------------------------------------------------
    _data_ruling("zero-trump-allowed", "Declaring trump", "May the bidder name the 0/0 as trump?", "zero_trump"),
    _verdict_ruling("zero-trump-order", "Declaring trump", "The 0/0 is named trump. Who wins 12/12, S/S, 0/0?",
                    {"single": ("0", "6/6, 0/0, 4/4"), "double": ("0", "12/12, S/S, 0/0"), "triple": ("0", "12/12, S/S, 0/0")},
                    needs_zero=True, key="zero_trump"),
    _data_ruling("how-trump-declared", "Declaring trump", "When and how is trump declared?", "declaration"),
    _legal_ruling("first-lead", "Declaring trump", "Must the bidder lead a trump to the first trick?",
                  {"single": ("6", "4/6, 2/5", "", True, "2/5"), "double": ("8", "4/8, 2/10", "", True, "2/10"),
                   "triple": ("8", "4/8, 2/10", "", True, "2/10")}, "first_lead", yes_if_legal=False,
                  yes="the first lead must be a trump", no="any card may be led"),
    # --- No Trump --------------------------------------------------------------------------
    _data_ruling("no-trump-allowed", "No Trump", "May the bidder declare No Trump?", "no_trump"),
    _legal_ruling("ss-discard-no-trump", "No Trump", "In No Trump, may I discard the S/S while I hold the suit led?",
                  _same(("nt", "S/S, 1/8", "5/8", False, "S/S")), "ss_no_trump", needs_ss=True, needs_nt=True,
                  yes="the S/S may be discarded at any time", no="you must follow suit"),
    _verdict_ruling("ss-led-no-trump", "No Trump", "In No Trump the S/S is led. Who wins?", _SS_LED,
                    needs_ss=True, needs_nt=True, key="ss_no_trump"),
    _verdict_ruling("rover-led-no-trump", "No Trump", "In No Trump the 0/0 is led and doubles follow. Who wins?",
                    {"single": ("nt", "0/0, 2/2, 6/6, 1/6"), "double": ("nt", "0/0, 2/2, 8/8, 1/8"),
                     "triple": ("nt", "0/0, 2/2, 8/8, 1/8")}, needs_nt=True, key="rover_no_trump"),
    _verdict_ruling("rover-played-no-trump", "No Trump",
                    "In No Trump the 0/0 is played on a lead, and a double after it. Who wins?",
                    {"single": ("nt", "4/6, 0/0, 2/2, 1/6"), "double": ("nt", "4/8, 0/0, 2/2, 1/8"),
                     "triple": ("nt", "4/8, 0/0, 2/2, 1/8")}, needs_nt=True, key="rover_no_trump"),
    # --- the deal and the auction ----------------------------------------------------------
    _data_ruling("undealt-cards", "The deal", "Who takes the cards left over after the deal?", "undealt"),
    _data_ruling("kitty-discards", "The deal", "What may the high bidder discard after taking the kitty?", "undealt",
                 needs=_no_kitty),
    _data_ruling("players", "The deal", "How many can play?", "formats"),
    _data_ruling("bidding", "Bidding", "How does the bidding go, and what if everyone passes?", "bidding"),
    # --- scoring ---------------------------------------------------------------------------
    _score_ruling("set-score", "Scoring", "The bidder is set: what does each side score?",
                  {"single": (9, 7, 7), "double": (15, 12, 12), "triple": (22, 18, 18)}),
    _score_ruling("made-score", "Scoring", "The bid is made: do the opponents score too?",
                  {"single": (8, 10, 4), "double": (14, 16, 8), "triple": (21, 24, 12)}),
    _data_ruling("game-target", "Scoring", "How many points win, and what if both sides pass the target together?", "game"),
    _data_ruling("revoke", "Scoring", "What happens if someone fails to follow suit when able?", "follow_suit"),
    _data_ruling("what-scores", "Scoring", "What counts for points in a deal?", "points"),
)


def answer_all(ruling: Ruling) -> list[tuple[Ruleset, Answer]]:
    out = []
    for r in RULESETS.values():
        try:
            out.append((r, ruling.answer(r)))
        except RulesError as e:  # a position the ruleset cannot hold: a bug in the ruling data
            raise ValueError(f"ruling {ruling.id} cannot be asked of {r.id}: {e}") from e
    return out
