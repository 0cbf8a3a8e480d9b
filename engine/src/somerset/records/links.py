"""Links that last: a deal's whole play as a short code, and the version of the bots.

A link to a played deal names the ruleset, the way of playing and the seed; what was played is
either its code (``play=``, a :class:`DealCode`: every call, discard, trump and card, replayed by the
rules alone) or the version of the bots that play it from the seed (``bots=``, see
:mod:`somerset.players.roster`). :func:`parse_deal_code` reads a code, ``str(code)`` writes it back,
:meth:`DealCode.of` writes a deal's code and :meth:`DealCode.play` replays one on a deal, stopping at
the first step the deal does not allow; :func:`history_digest` fingerprints a deal for the golden links.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..game.actions import PASS_ACTION, Action, ActionKind
from ..rules.cards import NO_TRUMP, Card, Trump
from ..game.deal import Deal
from ..rules.errors import NotationError

__all__ = ["ALPHABET", "MAX_CODE_CHARS", "CodeStep", "DealCode", "DealCodeError", "parse_deal_code", "history_digest"]

#: The code's characters, by value (base-64url).
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {ch: v for v, ch in enumerate(ALPHABET)}

#: The longest code read: a deal of the largest game is a few hundred characters.
MAX_CODE_CHARS = 1000

_CARDS = 32  # values below this are cards
_PASS, _BID, _TRUMP, _DISCARD, _REDEAL = 32, 33, 34, 35, 36
_NO_TRUMP_VALUE = 13
_STARTS = "A to f (a card), g (pass), h (a bid), i (trump), j (discards) or k (dealt again, first only)"


class DealCodeError(NotationError):
    """A deal's code that cannot be read: the message names the character and what is accepted there.

    ``position`` is the character (from 1) and ``steps`` the steps read before it, so the deal can be
    shown up to there."""

    def __init__(self, code: str, position: int, message: str, steps: tuple[CodeStep, ...] = (),
                 redeals: int = 0) -> None:
        super().__init__(code, message, field="play")
        self.position = position
        self.steps = steps
        self.redeals = redeals


@dataclass(frozen=True, slots=True)
class CodeStep:
    """One step of a code: its kind (``card``, ``pass``, ``bid``, ``trump`` or ``discard``), its
    numbers (a card's place, the points bid, the trump, the discards' places) and its characters
    (``start`` from 0, ``end`` excluded)."""

    kind: str
    values: tuple[int, ...]
    start: int
    end: int

    def __str__(self) -> str:
        head = {"bid": ALPHABET[_BID], "trump": ALPHABET[_TRUMP]}
        if self.kind == "card":
            return ALPHABET[self.values[0]]
        if self.kind == "pass":
            return ALPHABET[_PASS]
        if self.kind == "discard":
            return ALPHABET[_DISCARD] + ALPHABET[len(self.values)] + "".join(ALPHABET[v] for v in self.values)
        return head[self.kind] + ALPHABET[self.values[0]]


def _hand(deal: Deal, seat: int) -> list[Card]:
    return sorted(deal.hand(seat), key=Card.sort_key)


def _step_of(deal: Deal, action: Action) -> CodeStep:
    """The step that writes ``action``, made now in ``deal`` (positions are filled in later)."""
    k = action.kind
    if k is ActionKind.PASS:
        return CodeStep("pass", (), 0, 0)
    if k is ActionKind.BID:
        assert action.number is not None
        if not 0 <= action.number < 64:
            raise ValueError(f"a bid of {action.number} cannot be written in a deal's code (at most 63)")
        return CodeStep("bid", (action.number,), 0, 0)
    if k is ActionKind.TRUMP:
        assert action.trump is not None
        return CodeStep("trump", (_NO_TRUMP_VALUE if action.trump.suit is None else action.trump.suit,), 0, 0)
    hand = _hand(deal, deal.current_player)
    if k is ActionKind.PLAY:
        place = hand.index(action.cards[0])
        if place >= _CARDS:
            raise ValueError(f"a hand of {len(hand)} cards cannot be written in a deal's code (at most {_CARDS})")
        return CodeStep("card", (place,), 0, 0)
    if k is ActionKind.DISCARD:
        return CodeStep("discard", tuple(sorted(hand.index(c) for c in action.cards)), 0, 0)
    raise ValueError(f"{action} is a chance step: the seed gives it, and a deal's code does not write it")


@dataclass(frozen=True, slots=True)
class DealCode:
    """A deal's play as steps; ``str`` writes it, :func:`parse_deal_code` reads it.

    Each step is one to a few characters of :data:`ALPHABET` (base-64url, the values 0 to 63): a
    card by its place in the hand of the seat to play (``A``-``f``), a pass (``g``), a bid (``h``
    and the points), a trump (``i`` and the suit, 13 for No Trump), the discards (``j``, their
    number and their places in the high bidder's hand) and, first only, the deals dealt again after
    everyone passed (``k`` and their number, ``redeals``). Chance steps are not written: the seed
    gives them.

    >>> from somerset.game.deal import new_deal
    >>> from somerset.players.autoplay import play_deal
    >>> from somerset.players.roster import make_bots
    >>> deal = play_deal(new_deal("parker-1947", seed=7), make_bots("heuristic", 4, 7))
    >>> code = DealCode.of(deal)
    >>> str(code)
    'hHhIghJhKhLgggiEDBFBCADFHHIIBDAAFFGHABDDBDABDDBCBBCCBCBCABBAAAAA'
    >>> again = new_deal("parker-1947", seed=7)
    >>> parse_deal_code(str(code)).play(again) is None, again.history == deal.history
    (True, True)
    """

    steps: tuple[CodeStep, ...]
    redeals: int = 0

    def __str__(self) -> str:
        head = ALPHABET[_REDEAL] + ALPHABET[self.redeals] if self.redeals else ""
        return head + "".join(str(s) for s in self.steps)

    @classmethod
    def of(cls, deal: Deal, redeals: int = 0) -> DealCode:
        """The code of everything done in ``deal`` so far (a deal dealt from its seed)."""
        if not 0 <= redeals < 64:
            raise ValueError(f"{redeals} deals again cannot be written in a deal's code (at most 63)")
        fresh = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
        steps: list[CodeStep] = []
        for a in deal.history:
            if not a.is_chance:
                steps.append(_step_of(fresh, a))
            fresh.apply(a)
        return parse_deal_code(str(cls(tuple(steps), redeals)))

    def action(self, deal: Deal, step: CodeStep) -> Action | str:
        """The action ``step`` stands for in ``deal`` now, or why it stands for none."""
        v = step.values
        if step.kind == "pass":
            return PASS_ACTION
        if step.kind == "bid":
            return Action.bid(v[0])
        if step.kind == "trump":
            return Action.name_trump(NO_TRUMP if v[0] == _NO_TRUMP_VALUE else Trump(v[0]))
        seat = deal.current_player
        if seat < 0:
            return "the deal is over" if deal.is_terminal() else "the deal waits for a chance step"
        hand = _hand(deal, seat)
        if any(p >= len(hand) for p in v):
            return f"seat {seat} holds {len(hand)} card{'s' if len(hand) != 1 else ''}, so it has no card at place {max(v)}"
        if step.kind == "card":
            return Action.play(hand[v[0]])
        return Action.discard(hand[p] for p in v)

    def play(self, deal: Deal, before: Callable[[Deal], object] | None = None) -> dict[str, Any] | None:
        """Make the code's steps in ``deal`` (chance steps from its seed as they come), stopping at the
        first the deal does not allow: None when every step was made, else the problem, naming the
        step (``step``, from 1), its characters (``at``, from 1) and why. ``before(deal)``, when
        given, is called before each step is made (the table keeps its bots' draws in step)."""
        for n, step in enumerate(self.steps, 1):
            while deal.is_chance():
                deal.apply(deal.chance_outcome())
            if before is not None and not deal.is_terminal():
                before(deal)
            action = self.action(deal, step)
            why = action if isinstance(action, str) else deal.can(action)
            if why is not None:
                return step_problem(n, step, str(self), why, action if isinstance(action, Action) else None)
            assert isinstance(action, Action)
            deal.apply(action)
        return None


def step_problem(n: int, step: CodeStep, code: str, why: str, action: Action | None = None) -> dict[str, Any]:
    """The problem with step ``n`` of a code, for an answer: where it is and why it cannot be made."""
    chars = code[step.start:step.end]
    what = f" ({action})" if action is not None else ""
    return {"step": n, "at": step.start + 1, "text": chars,
            "message": f"step {n} of the deal's code (character {step.start + 1}, “{chars}”){what} cannot be made: {why}"}


def parse_deal_code(text: str) -> DealCode:
    """Read a deal's code (see :class:`DealCode`); a :class:`DealCodeError` names the character at fault.

    >>> parse_deal_code("gg!")
    Traceback (most recent call last):
    ...
    somerset.records.links.DealCodeError: the deal's code cannot be read at character 3, '!': a step starts with A to f (a card), g (pass), h (a bid), i (trump), j (discards) or k (dealt again, first only)
    """
    if not isinstance(text, str):
        raise DealCodeError(repr(text), 1, f"{text!r} is not a deal's code: a code is text such as gghKgg")
    code = text.strip()
    if len(code) > MAX_CODE_CHARS:
        raise DealCodeError(code[:40], MAX_CODE_CHARS + 1,
                            f"the deal's code is {len(code):,} characters; the longest accepted is {MAX_CODE_CHARS:,}")
    steps: list[CodeStep] = []
    redeals = 0
    i = 0

    def value(at: int, what: str, top: int = 63) -> int:
        if at >= len(code):
            raise DealCodeError(code, at + 1, f"the deal's code ends at character {at}, inside a step: {what} "
                                f"should follow", tuple(steps), redeals)
        ch = code[at]
        v = _VALUE.get(ch)
        if v is None or v > top:
            shown = ch if ch.isprintable() and not ch.isspace() else repr(ch)
            raise DealCodeError(code, at + 1, f"the deal's code cannot be read at character {at + 1}, '{shown}': "
                                f"{what} is one of {ALPHABET[:top + 1] if top < 63 else 'A-Z a-z 0-9 - _'}",
                                tuple(steps), redeals)
        return v

    while i < len(code):
        ch = code[i]
        v = _VALUE.get(ch)
        if v is None or v > _REDEAL or (v == _REDEAL and i > 0):
            shown = ch if ch.isprintable() and not ch.isspace() else repr(ch)
            raise DealCodeError(code, i + 1, f"the deal's code cannot be read at character {i + 1}, '{shown}': a step "
                                f"starts with {_STARTS}", tuple(steps), redeals)
        if v < _CARDS:
            steps.append(CodeStep("card", (v,), i, i + 1))
            i += 1
        elif v == _PASS:
            steps.append(CodeStep("pass", (), i, i + 1))
            i += 1
        elif v == _BID:
            steps.append(CodeStep("bid", (value(i + 1, "the points bid"),), i, i + 2))
            i += 2
        elif v == _TRUMP:
            steps.append(CodeStep("trump", (value(i + 1, "the trump (A to M a suit, N No Trump)", _NO_TRUMP_VALUE),),
                                  i, i + 2))
            i += 2
        elif v == _DISCARD:
            count = value(i + 1, "the number of cards discarded")
            places = tuple(value(i + 2 + k, f"the place in the hand of discard {k + 1} of {count}") for k in range(count))
            if any(b <= a for a, b in zip(places, places[1:])):
                raise DealCodeError(code, i + 1, f"the discards at character {i + 1} are not in increasing order "
                                    "of their places in the hand", tuple(steps), redeals)
            steps.append(CodeStep("discard", places, i, i + 2 + count))
            i += 2 + count
        else:
            redeals = value(1, "the number of deals again")
            i = 2
    return DealCode(tuple(steps), redeals)


def history_digest(deal: Deal) -> str:
    """A fingerprint of everything done in ``deal`` (chance steps included), for the golden links:
    the actions' texts, one a line, read as a number modulo the prime 2**127 - 1, in 32 hex digits
    (hashlib is not in the site's trimmed standard library, and the digest must be the same in the
    browser's engine).

    >>> from somerset.game.deal import new_deal
    >>> history_digest(new_deal("parker-1947", seed=7))
    '0000000000000073687566666c652037'
    """
    text = "\n".join(str(a) for a in deal.history)
    return f"{int.from_bytes(text.encode(), 'big') % ((1 << 127) - 1):032x}"
