"""What each step of a deal does, in a sentence a newcomer can follow.

:func:`narrate` takes a deal just before an action and the action, and says what the action does
and what follows from it: a call and, when it ends the auction, who won the bid; a trump named; a
card led, followed, trumped or thrown off, and when it ends a trick, who takes it, why (the
engine's verdict) and how many points. The deal itself is not changed. Seats are counted from 1 as
readers count them (:func:`seat_words`), and one seat may be called "you".
"""

from __future__ import annotations

from .actions import Action, ActionKind
from .deal import Deal
from ..rules.cards import Card
from ..rules.play import led_suit, trick_verdict

__all__ = ["narrate", "seat_words"]


def seat_words(seat: int, you: int | None = None) -> str:
    """'You' for the reader's seat, else 'Seat N' counted from 1."""
    return "You" if seat == you else f"Seat {seat + 1}"


def _verb(seat: int, you: int | None, plain: str, third: str) -> str:
    return plain if seat == you else third


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _card_play(deal: Deal, seat: int, card: Card, you: int | None) -> str:
    who = seat_words(seat, you)
    trick = deal.current_trick
    if not trick:
        return f"{who} {_verb(seat, you, 'lead', 'leads')} {card}."
    trump = deal.trump
    suit = led_suit([*trick, card], trump) if trump is not None else None
    if trump is None or suit is None:
        return f"{who} {_verb(seat, you, 'play', 'plays')} {card}."
    follows = card.suit == suit if not card.is_ss else trump.suit == suit
    if follows:
        return f"{who} {_verb(seat, you, 'follow', 'follows')} suit with {card}."
    if trump.is_trump(card):
        return f"{who} {_verb(seat, you, 'have', 'has')} no /{suit} and {_verb(seat, you, 'trump', 'trumps')} with {card}."
    return f"{who} {_verb(seat, you, 'have', 'has')} no /{suit} and {_verb(seat, you, 'throw', 'throws')} off {card}."


def narrate(deal: Deal, action: Action, you: int | None = None) -> list[str]:
    """Sentences saying what ``action`` does when applied to ``deal`` (which is left as it is).

    >>> from somerset.game.deal import Deal
    >>> from somerset.game.actions import parse_action
    >>> d = Deal("parker-1947", dealer=3, seed=13)
    >>> for a in ["shuffle 13", "bid 12", "pass", "pass"]:
    ...     _ = d.apply(a)
    >>> narrate(d, parse_action("pass"), you=0)
    ['Seat 4 passes.', 'You win the bid at 12.']
    """
    if action.is_chance:
        return []
    seat = deal.current_player
    who = seat_words(seat, you)
    after = deal.clone()
    after.apply(action)
    k = action.kind
    out: list[str] = []
    if k is ActionKind.PASS:
        out.append(f"{who} {_verb(seat, you, 'pass', 'passes')}.")
    elif k is ActionKind.BID:
        out.append(f"{who} {_verb(seat, you, 'bid', 'bids')} {action.number}.")
    elif k is ActionKind.DISCARD:
        n = len(action.cards)
        cards = f": {', '.join(str(c) for c in action.cards)}" if seat == you else ""
        out.append(f"{who} {_verb(seat, you, 'discard', 'discards')} {n} card{'' if n == 1 else 's'}{cards}.")
    elif k is ActionKind.TRUMP:
        assert action.trump is not None
        out.append(f"{who} {_verb(seat, you, 'name', 'names')} the trump: {action.trump.label}.")
    elif k is ActionKind.PLAY:
        out.append(_card_play(deal, seat, action.cards[0], you))
    if k in (ActionKind.PASS, ActionKind.BID) and deal.declarer is None and after.declarer is not None:
        d = after.declarer
        out.append(f"{seat_words(d, you)} {_verb(d, you, 'win', 'wins')} the bid at {after.bid}.")
    elif k in (ActionKind.PASS, ActionKind.BID) and after.passed_out:
        out.append("Everyone passed: the deal is thrown in.")
    if k is ActionKind.PLAY and len(after.trick_log) > len(deal.trick_log):
        t = after.tricks[-1]
        assert after.trump is not None
        verdict = trick_verdict(after.ruleset, after.trump, t.cards)
        gained = after.taken[t.winner] - deal.taken[t.winner]
        w = seat_words(t.winner, you)
        out.append(f"{w} {_verb(t.winner, you, 'take', 'takes')} the trick ({_points(gained)}): {verdict.reason}")
    return out
