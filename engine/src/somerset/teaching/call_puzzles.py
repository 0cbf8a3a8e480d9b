"""Bidding puzzles answered by the bid advisor: whether to bid at all, and which trump to name.

Two kinds read a hand and a position in the auction: :class:`Call` ("Bid or pass?", calling last
after every other player passed, under a ruleset that deals again when all pass) and
:class:`TrumpChoice` ("Which trump do you name?", having won the bid). The bid advisor
(:mod:`somerset.players.advisor`) deals the unseen cards :data:`SAMPLES` times from the puzzle's
seed and plays each deal out for every trump. A choice is worth the expected change of the score
difference between the two sides (:func:`call_values`, :func:`trump_values`, :func:`score_difference`);
the stated answer must beat every other by :data:`MARGIN` points a deal, its 95% interval clear of 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Sequence

from ..players.advisor import Advice, AdviceError, Advisor, TrumpAdvice, mean_half
from ..rules.cards import Trump, parse_cards
from ..rules.describe import MINUS, percent, trump_phrase
from ..rules.dimensions import AllPass, Format, Ruleset
from .contentfile import Entry
from .position_puzzles import ValueKind
from .puzzle_base import Fact, Puzzle, PuzzleProofError

__all__ = ["Call", "TrumpChoice", "CallSetup", "Value", "call_values", "trump_values", "advice_of", "SAMPLES",
           "MARGIN", "PASS", "score_difference", "trumps_of"]

#: Deals of the unseen cards the advisor plays out for each trump.
SAMPLES = 400
#: Points a deal of expected score difference by which the answer must beat every other choice.
MARGIN = 1.5
#: The value of a pass among the offered calls.
PASS = "Pass"


@dataclass(frozen=True)
class CallSetup:
    """The calls before the reader's, the offered choices (values as shown), the bid won (``trump``
    kind), the face-up cards the reader sees, and the advisor's seed."""

    auction: tuple[str, ...]
    offered: tuple[str, ...]
    bid: int
    face_up: str
    seed: int


@dataclass(frozen=True)
class Value:
    """What one choice is worth: the expected change of the score difference a deal and the half-width
    of its 95% interval; for a bid, the trump that makes it worth the most and how often it is made."""

    choice: str
    mean: float
    half: float
    trump: str | None = None  # the trump's label ("/6 suit")
    p_make: float | None = None


# --- the figures ---------------------------------------------------------------------------------


def _setup(p: Puzzle) -> CallSetup:
    assert isinstance(p.setup, CallSetup), f"puzzle {p.id} is not a bidding puzzle"
    return p.setup


def _format(p: Puzzle) -> Format:
    r = p.rules
    return r.format(p.format) if p.format else r.partnership_format()


def _seat(p: Puzzle) -> int:
    """The reader's seat (0-based): the dealer, who calls last."""
    return _format(p).players - 1


def _advisor(p: Puzzle) -> Advisor:
    s = _setup(p)
    return Advisor(p.rules, p.hand, _format(p).id, seat=_seat(p), dealer=_seat(p), auction=s.auction,
                   face_up=s.face_up, seed=s.seed)


@lru_cache(maxsize=64)
def _advice(ruleset: str, format_id: str, hand: str, seat: int, auction: tuple[str, ...], face_up: str,
            seed: int) -> Advice:
    a = Advisor(ruleset, hand, format_id, seat=seat, dealer=seat, auction=auction, face_up=face_up, seed=seed)
    a.run(SAMPLES)
    return a.advice()


def advice_of(p: Puzzle) -> Advice:
    """The advisor's figures for the puzzle's position after :data:`SAMPLES` samples (kept per process)."""
    s = _setup(p)
    hand = " ".join(sorted(str(c) for c in p.cards(p.hand)))
    face_up = " ".join(sorted(s.face_up.split()))
    return _advice(p.ruleset, _format(p).id, hand, _seat(p), s.auction, face_up, s.seed)


def score_difference(p: Puzzle, bid: int, taken: Sequence[int], rise: int) -> int:
    """The reader's side's score change minus the other side's when the reader bid ``bid`` and the
    sides took ``taken`` (the kitty's discards raising the bid by ``rise``), by the ruleset's scoring."""
    a = _advisor_setup(p)
    seat = _seat(p)
    changes = a.setup.score(seat, bid + rise, taken)
    team = a.setup.team_of[seat]
    return changes[team] - changes[1 - team]


@lru_cache(maxsize=64)
def _advisor_setup_of(ruleset: str, format_id: str, hand: str) -> Advisor:
    return Advisor(ruleset, hand, format_id, seat=0)


def _advisor_setup(p: Puzzle) -> Advisor:
    return _advisor_setup_of(p.ruleset, _format(p).id, " ".join(sorted(str(c) for c in p.cards(p.hand))))


def _mean_half(pairs: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """The mean of values given with their counts and the half-width of its 95% interval (the
    advisor's :func:`~somerset.players.advisor.mean_half`)."""
    return mean_half(sum(v * k for v, k in pairs), sum(v * v * k for v, k in pairs), sum(k for _, k in pairs))


def _trump_value(p: Puzzle, t: TrumpAdvice, bid: int, choice: str) -> Value:
    pairs = [(float(score_difference(p, bid, taken, rise)), k) for taken, rise, k in t.outcomes]
    mean, half = _mean_half(pairs)
    made = sum(k for taken, rise, k in t.outcomes if taken[_advisor_setup(p).setup.team_of[_seat(p)]] >= bid + rise)
    return Value(choice, mean, half, t.trump.label, made / t.samples if t.samples else 0.0)


def _usable(p: Puzzle) -> list[TrumpAdvice]:
    """The trumps the reader can name in every sample (a kitty's discards may forbid one in some)."""
    adv = advice_of(p)
    return [t for t in adv.trumps if t.samples == adv.samples and t.outcomes]


def _bid_of(choice: str) -> int:
    return int(choice.split()[-1])


@lru_cache(maxsize=64)
def call_values(p: Puzzle) -> dict[str, Value]:
    """Each offered call's value (``call`` kind): a pass is exactly 0 (the deal is thrown in); a bid is
    worth what its best trump gives. Kept per process (the answer, the refutations and the grade
    all ask); do not change the returned dictionary."""
    out: dict[str, Value] = {}
    for choice in _setup(p).offered:
        if choice == PASS:
            out[choice] = Value(choice, 0.0, 0.0)
            continue
        bid = _bid_of(choice)
        values = [_trump_value(p, t, bid, choice) for t in _usable(p)]
        if not values:
            raise PuzzleProofError(f"no trump can be named in every sample after a bid of {bid}")
        out[choice] = max(values, key=lambda v: v.mean)
    return out


@lru_cache(maxsize=64)
def trump_values(p: Puzzle) -> dict[str, Value]:
    """Each offered trump's value at the bid won (``trump`` kind), keyed by its label."""
    adv = advice_of(p)
    by_label = {t.trump.label: t for t in adv.trumps}
    out = {}
    for label in _setup(p).offered:
        t = by_label[label]
        if t.samples < adv.samples:
            raise PuzzleProofError(f"the {label} cannot be named in {adv.samples - t.samples} of {adv.samples} samples "
                                   "(the kitty's discards or the rule for naming it forbid it): offer only trumps the "
                                   "reader can always name")
        out[label] = _trump_value(p, t, _setup(p).bid, label)
    return out


def _paired(p: Puzzle, best: Value, other: Value) -> tuple[float, float]:
    """The difference of two bids, sample by sample under the other bid's best trump (a lower bound of
    the difference of their values, with its 95% interval)."""
    t = next(t for t in advice_of(p).trumps if t.trump.label == other.trump)
    b, o = _bid_of(best.choice), _bid_of(other.choice)
    return _mean_half([(float(score_difference(p, b, taken, rise) - score_difference(p, o, taken, rise)), k)
                       for taken, rise, k in t.outcomes])


# --- words ---------------------------------------------------------------------------------------


def _num(x: float) -> str:
    """A figure to one decimal with its sign and the real minus sign: '+3.2', '−3.2', '0'."""
    r = round(x, 1)
    if r == 0:
        return "0"
    return f"+{r:.1f}" if r > 0 else f"{MINUS}{-r:.1f}"


def _abs(x: float) -> str:
    """A gap between two figures, to one decimal, without a sign."""
    return f"{abs(x):.1f}"


def _interval(v: Value) -> str:
    return f"95% interval {_num(v.mean - v.half)} to {_num(v.mean + v.half)}"


def _bid_words(v: Value) -> str:
    assert v.trump is not None and v.p_make is not None
    return (f"{v.choice} {trump_phrase(v.trump)}: made in {percent(v.p_make)} of deals, the score difference "
            f"{_num(v.mean)} a deal on average ({_interval(v)})")


_PASS_WORDS = "Passing throws the deal in (every call was a pass): both sides score 0"


def _value_words(v: Value) -> str:
    return _PASS_WORDS if v.choice == PASS else _bid_words(v)


def _read_call(entry: Entry, value: object, field: str) -> str:
    """A call as the page shows it: "Pass" or "Bid 14" (the file may write pass, 14 or "bid 14")."""
    text = str(value).strip().lower() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    if text.startswith("bid "):
        text = text[4:].strip()
    if text == "pass":
        return PASS
    if text.isdigit() and int(text) > 0:
        return f"Bid {int(text)}"
    raise entry.error(f"{str(value)[:20]!r} is not a call: write pass or a bid such as 14", field)


def _two_sides(entry: Entry, r: Ruleset, fmt: Format) -> None:
    if len(fmt.teams) != 2:
        raise entry.error(f"the {fmt.id} format of {r.short_name} has {len(fmt.teams)} sides; a bidding puzzle is judged "
                          "by the score difference between two sides, so choose a format with two (such as "
                          f"{r.partnership_format().id})", "format")


class _Bidding(ValueKind):
    """What the two bidding kinds share: the hand, the position and the advisor's figures."""

    fields: ClassVar[tuple[str, ...]] = ("hand", "format")
    required: ClassVar[tuple[str, ...]] = ("hand",)

    def check_read(self, p: Puzzle, entry: Entry) -> None:
        """The hand and the calls before the reader's are a position the advisor starts from (the figures
        themselves are worked out when the puzzle is solved: by the build and the tests)."""
        try:
            _advisor(p)
        except AdviceError as e:
            raise entry.error(str(e), "auction" if e.field == "auction" else "face_up" if e.field == "face_up"
                              else "hand") from e

    def _face_up(self, entry: Entry, r: Ruleset) -> str:
        text = entry.text("face_up", required=False, default="")
        try:
            return " ".join(str(c) for c in parse_cards(text, r.deck))
        except ValueError as e:
            raise entry.error(str(e), "face_up") from e

    def facts(self, p: Puzzle) -> list[Fact]:
        s = _setup(p)
        n = _format(p).players
        seat = _seat(p) + 1
        out: list[Fact] = [("Ruleset", p.rules.short_name), ("You are", f"seat {seat}, the dealer: you call last")]
        if s.auction:
            out.append(("The calls before yours", ", ".join(f"seat {k + 1} {'passed' if c == 'pass' else 'bid ' + c}"
                                                            for k, c in enumerate(s.auction))))
        if s.face_up:
            out.append(("Face up", ", ".join(s.face_up.split())))
        if n != 4:
            out.append(("Players", str(n)))
        return out

    def table(self, p: Puzzle) -> dict[str, Any]:
        out = super().table(p)
        n = _format(p).players
        seat = _seat(p)
        hands: list[list[str] | None] = [None] * n
        hands[seat] = [str(c) for c in p.cards(p.hand)]
        out.update(players=n, hands=hands, you=None, hand_titles={str(seat): f"Your hand (seat {seat + 1})"},
                   facts_open=True)
        return out

    def difficulty_reasons(self, p: Puzzle) -> list[str]:
        """The number of choices to weigh, and a special trump in the answer (other rulesets' figures are
        not worked out: each would need its own play-out)."""
        out = ["cards"] if len(self.offered(p)) >= 5 else []
        if any(self._special(p, a) for a in self.solve(p)):
            out.append("special")
        return out

    def _special(self, p: Puzzle, answer: str) -> bool:
        return False

    def choices(self, p: Puzzle) -> list[str]:
        return list(_setup(p).offered)

    def _clear(self, p: Puzzle, values: dict[str, Value], what: str) -> str:
        """The offered choice worth the most, when clear of every other (else a PuzzleProofError with
        the figures)."""
        ranked = sorted(values.values(), key=lambda v: -v.mean)
        best = ranked[0]
        for other in ranked[1:]:
            gap = best.mean - other.mean
            low = self._low(p, best, other)
            if gap < MARGIN or low <= 0:
                raise PuzzleProofError(
                    f"the advisor does not set {best.choice} clearly above {other.choice} as the {what}: "
                    f"{self._words(best)}; {self._words(other)}; over {SAMPLES} deals for each trump the answer must "
                    f"be worth at least {MARGIN} points a deal more than every other choice, with the 95% interval of "
                    f"the difference above 0 (its low end here: {_num(low)})")
        return best.choice

    def _low(self, p: Puzzle, best: Value, other: Value) -> float:
        raise NotImplementedError

    def _words(self, v: Value) -> str:
        return _value_words(v)


class Call(_Bidding):
    """Bid or pass, as the last to call after every other player passed."""

    name = "call"
    task = "bid or pass"
    question = "Bid or pass?"
    offer_heading = "Your call"
    pick = "one call"
    about = ("Bid or pass, calling last after every other player passed? A pass throws the deal in (0 to both "
             "sides); the bid advisor plays the bids out. Only rulesets whose auction, all passing, is a redeal.")
    answer_form = 'the call: "pass" or a bid such as 14'
    own_fields: ClassVar[dict[str, str]] = {
        "auction": 'the calls before yours, from the dealer\'s left: every player but you, each "pass" (you are the '
                   'dealer and call last)',
        "calls": 'the calls offered: "pass", the lowest bid and any higher bids, such as ["pass", 1, 14]',
        "face_up": "cards lying face up that you can see (in rulesets that turn the undealt cards face up)",
        "seed": "the advisor's seed (default 1): the same seed, the same figures",
    }
    own_required: ClassVar[tuple[str, ...]] = ("auction", "calls")

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        return (_read_call(entry, entry.raw("answer"), "answer"),)

    def read_setup(self, entry: Entry, r: Ruleset, fmt: Format) -> CallSetup:
        accepted = ("a call puzzle is asked where a pass has an exact value: you call last in the round (you are "
                    "the dealer) and every call before yours was a pass, under a ruleset whose auction, all "
                    "passing, is thrown in and dealt again")
        _two_sides(entry, r, fmt)
        b = r.bidding.value
        if b.all_pass is not AllPass.REDEAL:
            raise entry.error(f"under {r.short_name} the dealer is stuck at the minimum ({b.minimum}) when every other "
                              f"player passes ({b.all_pass.label}), so the last call has no decision to make; "
                              f"{accepted}", "ruleset")
        auction = tuple(_read_call(entry, c, "auction") for c in _raw_list(entry, "auction"))
        if any(c != PASS for c in auction):
            raise entry.error(f"a bid was made before yours ({', '.join(auction)}); {accepted}", "auction")
        if len(auction) != fmt.players - 1:
            raise entry.error(f"{len(auction)} calls before yours: in the {fmt.id} format you call last after "
                              f"{fmt.players - 1}; {accepted}", "auction")
        offered = tuple(_read_call(entry, c, "calls") for c in _raw_list(entry, "calls"))
        if PASS not in offered or len(set(offered)) != len(offered) or len(offered) < 2:
            raise entry.error('offer "pass" and at least one bid, each once, such as ["pass", 1, 14]', "calls")
        low = b.minimum
        bids = sorted(_bid_of(c) for c in offered if c != PASS)
        if bids[0] < low:
            raise entry.error(f"bid {bids[0]} is below the lowest bid of {r.short_name} ({low})", "calls")
        if bids[0] != low:
            raise entry.error(f"offer the lowest bid ({low}): it is the bid that weighs against a pass", "calls")
        top = fmt.points_per_deal
        if bids[-1] > top:
            raise entry.error(f"bid {bids[-1]} is above the points of a deal in this format ({top})", "calls")
        answer = _read_call(entry, entry.raw("answer"), "answer")
        if answer not in offered:
            raise entry.error(f"the answer ({answer}) must be one of the calls offered ({', '.join(offered)})", "answer")
        seed = entry.integer("seed", required=False, default=1, low=0)
        return CallSetup(tuple("pass" for _ in auction), offered, 0, self._face_up(entry, r), seed)

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        """The call clearly worth the most (else a :class:`PuzzleProofError` with the figures).

        >>> from somerset.teaching.puzzles import PUZZLES
        >>> p = next(p for p in PUZZLES if p.kind == "call")
        >>> p.kind_of.solve(p) == p.answer
        True
        """
        return (self._clear(p, call_values(p), "call"),)

    def _low(self, p: Puzzle, best: Value, other: Value) -> float:
        if other.choice == PASS:
            return best.mean - best.half
        if best.choice == PASS:
            return -(other.mean + other.half)
        mean, half = _paired(p, best, other)
        return mean - half

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        values = call_values(p)
        return (f"Over {SAMPLES} deals of the cards you cannot see, each played out for every trump, with the score "
                "difference (your side's score minus the other side's) as the measure: "
                + "; ".join(_value_words(v) for v in values.values()) + ".")

    def choice_labels(self, p: Puzzle) -> list[str]:
        return [c.lower() for c in _setup(p).offered]

    def refutation(self, p: Puzzle, value: str) -> str:
        values = call_values(p)
        mine, best = values[value], values[self.solve(p)[0]]
        if value == PASS:
            return (f"{_PASS_WORDS}, but {_bid_words(best)}: the bid gains "
                    f"{_num(best.mean)} a deal on average.")
        if best.choice == PASS:
            return f"{_bid_words(mine)}. {_PASS_WORDS}: passing is worth {_abs(mine.mean)} more a deal."
        return (f"{_bid_words(mine)}. {_bid_words(best)}: a made bid scores the points taken whatever the bid, so "
                f"the higher bid only adds sets.")


class TrumpChoice(_Bidding):
    """Which trump to name, having won the bid."""

    name = "trump"
    task = "which trump to name"
    question = "You won the bid at {bid}. Which trump do you name?"
    offer_heading = "The trump you name"
    pick = "one trump"
    about = ("You won the bid: which trump do you name? The bid advisor plays the hand out under each trump "
             "offered, and the answer is the one clearly worth the most.")
    answer_form = 'the trump: a suit such as "/6" (or "/6 suit"), "0" for the 0/0 named trump, "nt" for No Trump'
    own_fields: ClassVar[dict[str, str]] = {
        "trumps": "the trumps offered (default: every trump the format allows), as the answer is written",
        "face_up": Call.own_fields["face_up"],
        "seed": Call.own_fields["seed"],
    }
    fields = ("hand", "bid", "format")
    required = ("hand", "bid")

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        from ..rules.rulesets import get_ruleset

        r = get_ruleset(entry.text("ruleset"))
        fmt = r.format(entry.raw("format") or None)
        return (_read_trump(entry, entry.raw("answer"), trumps_of(r, fmt), "answer").label,)

    def read_setup(self, entry: Entry, r: Ruleset, fmt: Format) -> CallSetup:
        _two_sides(entry, r, fmt)
        allowed = trumps_of(r, fmt)
        low = r.bidding.value.minimum
        bid = entry.integer("bid", low=1)
        if bid < low:
            raise entry.error(f"bid {bid} is below the lowest bid of {r.short_name} ({low})", "bid")
        if bid > fmt.points_per_deal:
            raise entry.error(f"bid {bid} is above the points of a deal in this format ({fmt.points_per_deal})", "bid")
        raw = _raw_list(entry, "trumps") if entry.has("trumps") else [str(t) for t in allowed]
        offered = tuple(_read_trump(entry, x, allowed, "trumps").label for x in raw)
        if len(offered) < 2 or len(set(offered)) != len(offered):
            raise entry.error("offer at least two different trumps", "trumps")
        answer = _read_trump(entry, entry.raw("answer"), allowed, "answer").label
        if answer not in offered:
            raise entry.error(f"the answer ({answer}) must be one of the trumps offered ({', '.join(offered)})", "answer")
        seed = entry.integer("seed", required=False, default=1, low=0)
        passes = tuple("pass" for _ in range(fmt.players - 1))
        return CallSetup(passes, offered, bid, self._face_up(entry, r), seed)

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return (self._clear(p, trump_values(p), "trump"),)

    def _low(self, p: Puzzle, best: Value, other: Value) -> float:
        return (best.mean - best.half) - (other.mean + other.half)

    def _special(self, p: Puzzle, answer: str) -> bool:
        return answer in ("No Trump", "0/0 named trump")

    def _words(self, v: Value) -> str:
        return _trump_words(v)

    def facts(self, p: Puzzle) -> list[Fact]:
        s = _setup(p)
        out: list[Fact] = [("Ruleset", p.rules.short_name), ("You won the bid at", str(s.bid)),
                           ("You are", f"seat {_seat(p) + 1}, the dealer; seats 1 to {_seat(p)} passed")]
        if s.face_up:
            out.append(("Face up", ", ".join(s.face_up.split())))
        return out

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        values = sorted(trump_values(p).values(), key=lambda v: -v.mean)
        return (f"Over {SAMPLES} deals of the cards you cannot see, played out for each trump, with the score "
                f"difference (your side's score minus the other side's) as the measure, a bid of {_setup(p).bid}: "
                + "; ".join(_trump_words(v) for v in values) + ".")

    def refutation(self, p: Puzzle, value: str) -> str:
        values = trump_values(p)
        mine, best = values[value], values[self.solve(p)[0]]
        return f"{_trump_words(mine)}. {_trump_words(best)}: {_abs(best.mean - mine.mean)} a deal more."

    def choice_labels(self, p: Puzzle) -> list[str]:
        return list(_setup(p).offered)


def _trump_words(v: Value) -> str:
    assert v.trump is not None and v.p_make is not None
    name = "No Trump" if v.trump == "No Trump" else f"The {v.trump}" if "trump" in v.trump else f"The {v.trump} as trump"
    return (f"{name}: made in {percent(v.p_make)} of deals, the score difference "
            f"{_num(v.mean)} a deal on average ({_interval(v)})")


def _raw_list(entry: Entry, name: str) -> list[object]:
    """A list field of texts or whole numbers (one alone counts as a list of one)."""
    value = entry.raw(name)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def trumps_of(r: Ruleset, fmt: Format) -> tuple[Trump, ...]:
    """The trumps a bidder may name in this format of the ruleset, in the format's order."""
    from ..game.deal import Deal

    return tuple(Deal(r, fmt.id, dealer=0).setup.trumps)


def _read_trump(entry: Entry, value: object, allowed: Sequence[Trump], field: str) -> Trump:
    """A trump as the file writes it: its label ("/6 suit", "No Trump"), "/6", "6", "0" or "nt"."""
    text = str(value).strip().lower() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    for t in allowed:
        if text in (t.label.lower(), str(t).lower(), "/" + str(t).lower()):
            return t
    names = ", ".join(t.label for t in allowed)
    raise entry.error(f"{str(value)[:20]!r} is not a trump this format allows; the trumps: {names}", field)
