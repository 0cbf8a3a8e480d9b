"""A game: deals one after another, the deal passing left, until a side reaches the ruleset's target.

A :class:`Game` (or :func:`new_game`) is played at one :class:`~somerset.game.table.Table` and moves
by the same actions as its current :class:`~somerset.game.deal.Deal`; when a deal ends it is
scored, the ruleset's game rule decides whether a side has won, and the next deal begins at a
chance step, dealt from the game's seed and the deal's number (:func:`~somerset.game.rng.deal_seed`).
"""

from __future__ import annotations

from typing import Iterable

from .actions import Action, IllegalActionError, parse_action
from ..rules.cards import Card
from .deal import TERMINAL, Deal
from ..rules.errors import RulesError
from ..rules.penalties import charge_revokes, misdeal_reason
from .rng import check_seed, deal_seed
from ..rules.dimensions import Ruleset
from ..rules.scoring import decide_game
from .table import Table

__all__ = ["Game", "new_game", "MAX_DEALS"]

#: Safety net only: a game still undecided after this many deals ends as "unfinished".
MAX_DEALS = 400


class Game:
    """A game of many deals to the ruleset's target, the deal passing left after every deal.

    ``auto_chance`` applies seeded chance steps at once (they are still recorded). ``winner`` is
    the winning team's index once decided; ``unfinished`` is set when the safety cap on the number
    of deals is reached first.

    >>> g = Game("parker-1947", seed=1, dealer=3)
    >>> for _ in range(4):
    ...     _ = g.apply("pass")
    >>> len(g.deals), g.deal.dealer, g.scores
    (2, 0, [0, 0])
    >>> g.ruleset.game.value.target, g.is_terminal()
    (66, False)
    """

    def __init__(self, ruleset: Ruleset | str, format_id: str | None = None, *, seed: int = 0, dealer: int = 0,
                 options: Iterable[str] = (), auto_chance: bool = True, max_deals: int = MAX_DEALS) -> None:
        self.table = Table(ruleset, format_id, options=options)
        self.ruleset = self.table.ruleset
        self.format = self.table.format
        self.seed = check_seed(seed)
        self.first_dealer = dealer
        self.auto_chance = auto_chance
        self.max_deals = max_deals
        self.scores = [0] * len(self.format.teams)
        self.deals: list[Deal] = []
        self.winner: int | None = None  # a team index
        self.unfinished = False
        self.end_reason = ""
        self.revokes: dict[int, list[int]] = {}  # deal index -> seats charged with a revoke found too late
        self.misdeals: dict[int, Card] = {}  # deal index -> the card shown while dealing it
        self._new_deal(dealer)

    @property
    def deal(self) -> Deal:
        """The deal being played (the last one once the game is over)."""
        return self.deals[-1]

    def charge_revoke(self, seat: int) -> None:
        """Charge a revoke found after its trick was turned to ``seat``'s side in the current deal; the
        charge counts when the deal is scored. Raises RulesError when the ruleset gives no penalty."""
        if self.is_terminal():
            raise RulesError("the game is over")
        charge_revokes(self.ruleset, self.format, [0] * len(self.format.teams), [seat])
        self.revokes.setdefault(len(self.deals) - 1, []).append(seat)

    def misdeal(self, card: Card) -> str:
        """A card shown while dealing the current deal: if the ruleset says so, the same dealer deals
        again (the next deal's shuffle); returns why. Raises RulesError when the deal stands."""
        d = self.deal
        if self.is_terminal() or any(not a.is_chance for a in d.history):
            raise RulesError("a card shown while dealing is dealt with before the bidding begins")
        reason = misdeal_reason(self.ruleset, card)
        self.misdeals[len(self.deals) - 1] = card
        self._new_deal(d.dealer)
        return reason

    def deal_changes(self, index: int) -> list[int]:
        """The score changes of deal ``index`` (zero until it ends), with any revoke charged."""
        d = self.deals[index]
        if not d.is_terminal():
            return [0] * len(self.format.teams)
        return charge_revokes(self.ruleset, self.format, d.score_changes(), self.revokes.get(index, ()))

    def _new_deal(self, dealer: int) -> None:
        d = self.table.start(dealer=dealer, seed=deal_seed(self.seed, len(self.deals)))
        self.deals.append(d)
        if self.auto_chance:
            while d.is_chance():
                d.apply(d.chance_outcome())

    @property
    def current_player(self) -> int:
        """The seat to act in the current deal (``TERMINAL`` once the game is over)."""
        return TERMINAL if self.is_terminal() else self.deal.current_player

    def is_terminal(self) -> bool:
        """Whether the game is over: won, or stopped at the safety cap."""
        return self.winner is not None or self.unfinished

    def is_chance(self) -> bool:
        """Whether the current deal waits for a chance step."""
        return not self.is_terminal() and self.deal.is_chance()

    def chance_outcome(self) -> Action:
        """The chance step the current deal's seed gives."""
        return self.deal.chance_outcome()

    def legal_actions(self) -> list[Action]:
        """The actions the player to act may take in the current deal."""
        return [] if self.is_terminal() else self.deal.legal_actions()

    def can(self, action: Action) -> str | None:
        """None if ``action`` is allowed now, else the reason it is not."""
        if self.is_terminal():
            return "the game is over"
        return self.deal.can(action)

    def apply(self, action: Action | str) -> Game:
        """Make ``action`` in the current deal; a deal that ends is scored and the next one begins."""
        if self.is_terminal():
            a = action if isinstance(action, Action) else parse_action(action)
            raise IllegalActionError(a, "the game is over")
        d = self.deal
        d.apply(action)
        if d.is_terminal():
            self.end_deal()
        return self

    def end_deal(self) -> None:
        """Score the current deal, which has just ended, decide the game, and begin the next deal.

        :meth:`apply` does this itself; call it after playing the current deal by its own
        ``apply`` (as a record's reader does, line by line).
        """
        d = self.deal
        if self.is_terminal() or not d.is_terminal():
            raise RulesError("the current deal is not over, or the game already is")
        for t, c in enumerate(self.deal_changes(len(self.deals) - 1)):
            self.scores[t] += c
        winner = self._decide(d)
        if winner is not None:
            self.winner = winner
            return
        if len(self.deals) >= self.max_deals:
            self.unfinished = True
            self.end_reason = f"unfinished: no side won within {self.max_deals} deals"
            return
        self._new_deal((d.dealer + 1) % self.format.players)

    def _decide(self, d: Deal) -> int | None:
        bid_team = None if d.declarer is None else d.team_of[d.declarer]
        decision = decide_game(self.ruleset, self.scores, passed_out=d.passed_out, bid_team=bid_team, made=d.made)
        if decision.winner is not None:
            self.end_reason = decision.reason
        return decision.winner

    @property
    def history(self) -> list[Action]:
        """Every action of every deal, in order."""
        return [a for d in self.deals for a in d.history]

    def returns(self) -> list[int]:
        """Each seat's team score."""
        return [self.scores[t] for t in self.deal.team_of]

    def signature(self) -> tuple[object, ...]:
        """Everything that makes up the game, for comparing two games."""
        return (tuple(d.signature() for d in self.deals), tuple(self.scores), self.winner, self.unfinished)


def new_game(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 0, dealer: int = 0,
             options: Iterable[str] = ()) -> Game:
    """A game from ``seed``, its first deal dealt and waiting for the first call."""
    return Game(ruleset, format_id, seed=seed, dealer=dealer, options=options)
