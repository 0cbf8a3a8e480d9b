"""The auction: bids and passes under each ruleset's bidding rule.

Players are numbered in bidding order: 0 is the dealer's left, the dealer bids last.

>>> from somerset import get_ruleset
>>> a = Auction(get_ruleset("parker-1947").bidding.value, players=4, maximum=24)
>>> a.run(["8", "10", "pass", "12", "pass", "pass", "15", "pass", "pass", "pass"]).high
(2, 15)
>>> a.is_over, a.can(Call(16))
(True, 'the auction is over')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .errors import NotationError, RulesError
from .dimensions import AllPass, AuctionStyle, Bidding

__all__ = ["Call", "PASS", "CallNotationError", "parse_call", "Auction", "AuctionError"]


class CallNotationError(NotationError):
    """A bid that cannot be read."""


class AuctionError(RulesError):
    """A call the auction does not allow at this point."""


@dataclass(frozen=True, slots=True)
class Call:
    """A bid of some points, or a pass (``bid is None``)."""

    bid: int | None

    @property
    def is_pass(self) -> bool:
        """Whether this call is a pass."""
        return self.bid is None

    def __str__(self) -> str:
        return "pass" if self.bid is None else str(self.bid)


PASS = Call(None)


def parse_call(text: str) -> Call:
    """Read a call: a number of points such as ``15``, or ``pass`` (also ``p`` or ``-``)."""
    token = text.strip().lower() if isinstance(text, str) else ""
    if token in {"pass", "p", "-"}:
        return PASS
    if token.isascii() and token.isdigit() and len(token) <= 3:  # isdigit alone accepts "²", which int refuses
        return Call(int(token))
    shown = text if isinstance(text, str) and len(text) <= 24 else repr(text)[:24]
    raise CallNotationError(str(shown), f"'{shown}' is not a call: write a number of points such as 15, or pass")


@dataclass
class Auction:
    """One auction. ``can(call)`` says why a call is not allowed; ``do(call)`` makes it."""

    rule: Bidding
    players: int
    maximum: int
    calls: list[tuple[int, Call]] = field(default_factory=list)

    @property
    def to_act(self) -> int | None:
        """The player to call next (0 = the dealer's left), or None when the auction is over."""
        if self.is_over:
            return None
        return len(self.calls) % self.players

    @property
    def high(self) -> tuple[int, int] | None:
        """(player, bid) of the current high bid: the last bid made, as every bid must top the one before."""
        for player, call in reversed(self.calls):
            if call.bid is not None:
                return player, call.bid
        return None

    def _passes_since_bid(self) -> int:
        passes = 0
        for _, call in reversed(self.calls):
            if not call.is_pass:
                break
            passes += 1
        return passes

    def next_call(self, high_bid: int, made: int, passes: int) -> tuple[int, int, bool] | None:
        """The call after ``made`` calls with high bid ``high_bid`` (0: no bid yet) and ``passes``
        passes since the last bid: None when the auction is over, else the lowest and the highest
        bid allowed (the range is empty when low > high) and whether a pass is allowed.

        The auction's own questions (:attr:`is_over`, :meth:`bid_range`, :attr:`dealer_must_bid`,
        :meth:`legal_calls`, :meth:`can`) are answered from here, and a loop that keeps the high bid
        and counts the calls itself may ask it directly.
        """
        rule = self.rule
        n = self.players
        if made >= n if not high_bid or rule.style is AuctionStyle.ONE_ROUND else passes >= n - 1:
            return None  # one round done, everyone passed, or all the others passed the high bid
        forced = rule.all_pass is AllPass.DEALER_AT_MINIMUM
        if forced and made == n and not passes and high_bid == rule.minimum:
            # The last call, the dealer's first, was a bid at the minimum: nobody had bid before it, so
            # it is the bid forced on him. The others passed it, and he keeps it (an auction ends here).
            return None
        low = rule.minimum if high_bid < rule.minimum else high_bid + 1
        if high_bid or made != n - 1 or not forced:
            return low, self.maximum, True
        # everyone else passed and the dealer must take the bid, at the minimum
        return low, low, False

    def _next(self) -> tuple[int, int, bool] | None:
        high = self.high
        return self.next_call(high[1] if high else 0, len(self.calls), self._passes_since_bid())

    @property
    def is_over(self) -> bool:
        """Whether the auction has ended: all others passed the high bid, everyone passed, one round is
        done, or the dealer took the bid forced on him."""
        return self._next() is None

    @property
    def all_passed(self) -> bool:
        """Whether the auction ended with no bid at all."""
        return self.is_over and self.high is None

    @property
    def dealer_must_bid(self) -> bool:
        """Whether the dealer is to call after everyone else passed, where the ruleset forces him to bid."""
        options = self._next()
        return options is not None and not options[2]

    def bid_range(self) -> tuple[int, int]:
        """The lowest and the highest bid allowed now (the range is empty when low > high, or the auction over)."""
        options = self._next()
        return (options[0], options[1]) if options is not None else (1, 0)

    def legal_calls(self) -> list[Call]:
        """The calls the player to act may make, the pass first (unless the dealer must bid)."""
        options = self._next()
        if options is None:
            return []
        low, top, can_pass = options
        bids = [Call(b) for b in range(low, top + 1)]
        return [PASS, *bids] if can_pass else bids

    def can(self, call: Call) -> str | None:
        """None if the call is allowed, else the reason it is not."""
        options = self._next()
        if options is None:
            calls = self.calls
            if (self.rule.all_pass is AllPass.DEALER_AT_MINIMUM and len(calls) == self.players
                    and all(c.is_pass for _, c in calls[:-1])):
                return ("the auction is over: everyone else passed, so the bid was forced on the dealer, "
                        "and nobody may bid over it")
            return "the auction is over"
        low, top, can_pass = options
        minimum = self.rule.minimum
        if call.is_pass:
            if not can_pass:
                return f"everyone else has passed, so the dealer must take the bid (at {minimum})"
            return None
        assert call.bid is not None
        if call.bid < minimum:
            return f"the lowest bid allowed is {minimum}"
        if not can_pass and call.bid > top:
            return f"everyone else has passed, so the dealer takes the bid at {minimum}, and no more"
        if call.bid > self.maximum:
            return f"a bid cannot exceed the {self.maximum} points in the deal"
        if call.bid < low:
            return f"a bid must be higher than the current high bid of {low - 1}"
        return None

    def do(self, call: Call) -> None:
        """Make ``call``, or raise :class:`AuctionError` saying why it is not allowed."""
        why = self.can(call)
        if why is not None:
            raise AuctionError(f"{call} is not allowed: {why}")
        self.calls.append((len(self.calls) % self.players, call))

    def run(self, calls: Iterable[Call | str]) -> Auction:
        """Make each call in turn (calls or their text); returns the auction."""
        for call in calls:
            self.do(parse_call(call) if isinstance(call, str) else call)
        return self
