"""A table: one ruleset and one way to play it, and the deals played at it.

As OpenSpiel keeps a game apart from its states, a :class:`Table` holds what every deal at it
shares (the ruleset with any options applied, the format, its
:class:`~somerset.game.precompute.DealSetup` and each trump's trick tables) and makes the deals
(``new_deal``, ``replay``), each a :class:`~somerset.game.deal.Deal`. A
:class:`~somerset.game.match.Game` deals its deals at one table.
"""

from __future__ import annotations

from typing import Iterable

from .actions import Action
from .deal import Deal, new_deal, replay_deal
from .precompute import DealSetup, TrickTables, deal_setup
from ..rules.cards import Trump
from ..rules.dimensions import Format, Ruleset
from ..rules.rulesets import load_ruleset

__all__ = ["Table"]


class Table:
    """One ruleset (``options`` applied) and format (its first when None), and its deals.

    Tables of the same ruleset and format share one :class:`DealSetup` and the same trick tables
    (both are cached by value), so making one is cheap.

    >>> table = Table("parker-1947")
    >>> table
    Table('parker-1947', 'four-partners')
    >>> table.players, table.teams, [str(t) for t in table.trumps][:3]
    (4, ((0, 2), (1, 3)), ['2', '4', '6'])
    >>> deal = table.new_deal(seed=7, dealer=3)
    >>> deal.phase.value, len(deal.hand(0)), deal.dealer
    ('auction', 12, 3)
    >>> again = table.replay(deal.history, dealer=3)
    >>> again.hand(0) == deal.hand(0)
    True
    """

    def __init__(self, ruleset: Ruleset | str, format_id: str | None = None, *, options: Iterable[str] = ()) -> None:
        self.ruleset: Ruleset = load_ruleset(ruleset, options)
        self.setup: DealSetup = deal_setup(self.ruleset, format_id)
        self.format: Format = self.setup.format

    def __repr__(self) -> str:
        return f"Table({self.ruleset.id!r}, {self.format.id!r})"

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return self.format.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides, each a tuple of seats."""
        return tuple(tuple(t) for t in self.format.teams)

    @property
    def trumps(self) -> tuple[Trump, ...]:
        """What the high bidder may name at this table."""
        return self.setup.trumps

    def trick_tables(self, trump: Trump) -> TrickTables:
        """Which cards follow which suit and how a trick is won, under ``trump``."""
        return self.setup.trick_tables(trump)

    def new_deal(self, seed: int = 0, dealer: int = 0) -> Deal:
        """A deal dealt by ``dealer`` from ``seed``, waiting for its first call."""
        return new_deal(self.ruleset, self.format.id, seed, dealer)

    def start(self, *, dealer: int = 0, seed: int | None = None) -> Deal:
        """A deal before its cards are dealt: the next action shuffles (or deals given hands)."""
        return Deal(self.ruleset, self.format.id, dealer=dealer, seed=seed)

    def replay(self, actions: Iterable[Action | str], dealer: int = 0, seed: int | None = None) -> Deal:
        """The deal that ``actions`` (its chance steps included) make from the start."""
        return replay_deal(self.ruleset, self.format.id, dealer, actions, seed=seed)
