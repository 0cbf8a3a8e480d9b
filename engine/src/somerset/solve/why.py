"""Best play in words: why the best card beats another, read from the two lines the solver gives.

:func:`why` names the first trick where the two lines part (who takes it in each, with which card,
and the other side's card that falls under it), the count cards that change hands and the points
given up; each trick is judged again by the rules. :func:`check_why` holds the words against the
solver's figures (the build runs it on every shipped puzzle and guided deal, the ``solve`` request
before it gives a ``why``). Why and how: develop/architecture.md, "The words of best play".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.cards import Card
from ..rules.play import led_suit, trick_verdict
from .position import Position
from .solver import Play

__all__ = ["Trick", "Why", "WhyError", "line_tricks", "why", "check_why", "seat_words"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth")


@dataclass(frozen=True)
class Trick:
    """One trick of a line, judged by the rules: its cards (seat, card) in order, who takes it, its points."""

    plays: tuple[tuple[int, Card], ...]
    winner: int
    card: Card  # the card that takes it
    points: int
    counters: tuple[Card, ...]  # the count cards in it


@dataclass(frozen=True)
class Why:
    """Why ``best`` beats ``card``: the trick where the lines part and what changes hands.

    ``trick``: that trick, counted from 0 (0 = the trick in progress); ``best_trick`` and
    ``card_trick``: how it goes in each line; ``under``: in each line, the card of the other side
    that falls under the taker's card (or None); ``lost`` and ``won``: the count cards the other
    side takes after ``card`` but not after ``best``, and the other way round; ``loss``: the points
    the mover's side gives up in all; ``text``: the sentences."""

    best: str
    card: str
    trick: int
    best_trick: Trick
    card_trick: Trick
    under: tuple[tuple[int, Card] | None, tuple[int, Card] | None]
    lost: tuple[Card, ...]
    won: tuple[Card, ...]
    loss: int
    side_best: int  # the mover's side's points still to come after ``best``, by the lines
    side_card: int  # ... and after ``card``
    text: str

    def to_json(self) -> dict[str, object]:
        """The sentence and what it rests on, for the API."""
        return {"text": self.text, "best": self.best, "card": self.card, "trick": self.trick,
                "lost": [str(c) for c in self.lost], "won": [str(c) for c in self.won], "loss": self.loss}


class WhyError(ValueError):
    """The two lines cannot be compared (not from the same position, or not legal tricks)."""


def seat_words(pos: Position, seat: int, you: int | None) -> str:
    """A seat as the sentences name it: "you", "partner" (or "seat 5 (partner)" in a side of three or
    more), or "seat 3"; with ``you`` None, every seat by its number."""
    if you is None:
        return f"seat {seat + 1}"
    if seat == you:
        return "you"
    team = pos.team_seats(you)
    if seat in team:
        return "partner" if len(team) == 2 else f"seat {seat + 1} (partner)"
    return f"seat {seat + 1}"


def line_tricks(pos: Position, line: Sequence[Play]) -> list[Trick]:
    """The tricks of ``line`` (plays from ``pos``), the trick in progress first, each judged by the rules."""
    r = pos.ruleset
    count = r.points.value.count_cards
    per_trick = r.points.value.per_trick
    out: list[Trick] = []
    plays: list[tuple[int, Card]] = [((pos.leader + k) % pos.players, c) for k, c in enumerate(pos.trick)]
    bonus = pos.bonus
    for play in line:
        seat = (plays[0][0] + len(plays)) % pos.players if plays else play.seat
        if play.seat != seat:
            raise WhyError(f"the line has seat {play.seat + 1} playing {play.card} where seat {seat + 1} is to play")
        plays.append((play.seat, play.card))
        if len(plays) < pos.players:
            continue
        cards = [c for _, c in plays]
        verdict = trick_verdict(r, pos.trump, cards)
        winner = plays[verdict.winner][0]
        counters = tuple(c for c in cards if count and r.deck.count_value(c))
        points = per_trick + bonus + sum(r.deck.count_value(c) for c in counters)
        bonus = 0
        out.append(Trick(tuple(plays), winner, verdict.card, points, counters))
        plays = []
    if plays:
        raise WhyError("the line stops in the middle of a trick; it must run to the end of the deal")
    return out


def _under(pos: Position, t: Trick) -> tuple[int, Card] | None:
    """The card of the other side that falls under the taker's: the highest that could have taken the
    trick (a trump, or a card of the suit led), or None when the other side only threw cards."""
    taker = set(pos.team_seats(t.winner))
    cards = [c for _, c in t.plays]
    suit = led_suit(cards, pos.trump)
    contenders = [(s, c) for s, c in t.plays
                  if s not in taker and (pos.trump.is_trump(c) or (suit is not None and not c.is_ss and c.suit == suit))]
    if not contenders:
        return None
    trumps = [x for x in contenders if pos.trump.is_trump(x[1])]
    return max(trumps or contenders, key=lambda x: x[1].rank)


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _list(cards: Sequence[Card]) -> str:
    names = [f"the {c}" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _when(k: int) -> str:
    if k == 0:
        return "this trick"
    if k == 1:
        return "the next trick"
    return f"the {_ORDINALS[k] if k < len(_ORDINALS) else str(k + 1) + 'th'} trick from here"


def _clause(pos: Position, card: Card, t: Trick, k: int, under: tuple[int, Card] | None, you: int | None) -> str:
    who = seat_words(pos, t.winner, you)
    verb = "take" if who == "you" else "takes"
    out = f"After the {card}, {who} {verb} {_when(k)} with the {t.card}"
    if under is not None:
        owner = seat_words(pos, under[0], you)
        out += f", and {'your' if owner == 'you' else owner + chr(39) + 's'} {under[1]} falls under it"
    if t.counters and pos.ruleset.points.value.count_cards:
        out += f" ({_points(t.points)}, with {_list(t.counters)})"
    return out + "."


def why(pos: Position, best_line: Sequence[Play], card_line: Sequence[Play], you: int | None = None) -> Why:
    """Why the first card of ``best_line`` beats the first card of ``card_line`` (both lines of best
    play from ``pos`` to the end of the deal, as the solver gives them), counted for the side of the
    seat to move. ``you``: the reader's seat, to say "you" and "partner" (None: every seat by number).

    >>> from somerset.rules.rulesets import get_ruleset
    >>> from somerset.solve import position, solve
    >>> pos = position(get_ruleset("parker-1947"), "2", ["7/8 5/8", "9/10 4/10", "2/12 1/12", "6/8 3/4"], 0)
    >>> sol = solve(pos, lines=True)
    >>> best = next(c for c in sol.cards if c.best)
    >>> worse = next(c for c in sol.cards if not c.best)
    >>> w = why(pos, best.line, worse.line, you=0)
    >>> w.best, w.card, w.loss == worse.loss
    ('7/8', '5/8', True)
    >>> check_why(w, best.points, worse.points) == []
    True
    >>> print(w.text)
    After the 7/8, you take this trick with the 7/8, and seat 4's 6/8 falls under it. After the 5/8, seat 4 takes this trick with the 6/8, and your 5/8 falls under it. In all, the 5/8 gives up 2 points.
    """
    if not best_line or not card_line:
        raise WhyError("both lines need at least their first card")
    mover = pos.to_move
    side = set(pos.team_seats(mover))
    tb = line_tricks(pos, best_line)
    tc = line_tricks(pos, card_line)
    if len(tb) != len(tc):
        raise WhyError("the two lines do not end together: both must run to the end of the deal")

    def ours(t: Trick) -> int:
        return t.points if t.winner in side else 0

    parts = [i for i, (a, b) in enumerate(zip(tb, tc)) if ours(a) != ours(b) or (a.winner in side) != (b.winner in side)]
    first = parts[0] if parts else 0
    # the trick the words turn on: the first where the best card does better for the mover's side
    k = next((i for i in parts if ours(tb[i]) > ours(tc[i])), first)
    side_best = sum(ours(t) for t in tb)
    side_card = sum(ours(t) for t in tc)
    loss = side_best - side_card
    kept_best = {c for t in tb if t.winner in side for c in t.counters}
    kept_card = {c for t in tc if t.winner in side for c in t.counters}
    lost = tuple(sorted(kept_best - kept_card, key=Card.sort_key))
    won = tuple(sorted(kept_card - kept_best, key=Card.sort_key))
    b, c = best_line[0].card, card_line[0].card
    ub, uc = _under(pos, tb[k]), _under(pos, tc[k])
    text = _clause(pos, b, tb[k], k, ub, you) + " " + _clause(pos, c, tc[k], k, uc, you)
    if first < k:
        more = ours(tc[first]) - ours(tb[first])
        text = (f"The {c} does better in {_when(first)} (your side takes {_points(more)} more there), but not "
                f"in the end. " + text)
    count = pos.ruleset.points.value.count_cards
    if lost and count:
        text += f" In all, the {c} lets the other side take {_list(lost)}"
        text += f" (and your side takes {_list(won)} instead)" if won else ""
        text += f": it gives up {_points(loss)}."
    else:
        text += f" In all, the {c} gives up {_points(loss)}."
    return Why(str(b), str(c), k, tb[k], tc[k], (ub, uc), lost, won, loss, side_best, side_card, text)


def check_why(w: Why, best_points: int | None, card_points: int | None) -> list[str]:
    """Where the words of ``w`` disagree with the solver's figures (the mover's side's points still to
    come after the best card and after the other card), one sentence each; empty when they agree."""
    out: list[str] = []
    if best_points is None or card_points is None:
        return [f"the solver has not valued the {w.best} and the {w.card} exactly, so there is nothing to explain"]
    if w.side_best != best_points:
        out.append(f"the line after the {w.best} gives your side {w.side_best} points, the solver {best_points}")
    if w.side_card != card_points:
        out.append(f"the line after the {w.card} gives your side {w.side_card} points, the solver {card_points}")
    if w.loss != best_points - card_points:
        out.append(f"the words say the {w.card} gives up {w.loss}, the solver {best_points - card_points}")
    if w.loss <= 0:
        out.append(f"the {w.card} gives up nothing against the {w.best}: there is no why to tell")
    if w.best_trick == w.card_trick and w.loss > 0:
        out.append("the trick the words name goes the same way in both lines")
    return out
