"""The searching bot (``search``): every card it plays chosen by play-outs of deals its seat imagines.

:class:`SearchBot` values each legal card with :func:`card_values` (:data:`ROLLOUTS` play-outs a
move, by :func:`somerset.players.playout.play_out`, in deals drawn by
:func:`somerset.players.determinize.sample`), solves the ending as the sampling bot does, and bids,
discards and names trump as the heuristic bot; its play has its own :data:`SEARCH_VERSION`. How a
card's play-outs are weighed: develop/architecture.md, "Bots".
"""

from __future__ import annotations

import copy

from ..game.actions import Action, ActionKind
from ..game.deal import PLAY_PHASE, Deal, Phase
from ..game.precompute import bits
from ..game.rng import SplitMix64
from ..rules.cards import Card
from .bots import CHOICES, ENDING_CARDS, MAX_CHOICES, SAMPLES, SOLVE_NODES, SamplingBot
from .determinize import SamplingError, knowledge, sample
from .playout import play_out

__all__ = ["SearchBot", "ROLLOUTS", "SEARCH_VERSION", "card_values"]

#: Play-outs the searching bot plays for one card choice before the ending (its budget a move):
#: the legal cards share them, each played out in the same imagined deals.
ROLLOUTS = 96
#: The version of the searching bot's play (a change to its choices is a new version).
SEARCH_VERSION = 1

_MASK = (1 << 64) - 1


def _world(deal: Deal, hands: tuple[int, ...], pile: tuple[int, ...]) -> Deal:
    """A throw-away copy of ``deal`` in play with the hands and pile of an imagined deal (no history)."""
    d = copy.copy(deal)
    d.hands = list(hands)
    d.pile = list(pile)
    d.history = []
    d.trick = list(deal.trick)
    d.trick_log = list(deal.trick_log)
    d.taken = list(deal.taken)
    d.tricks_won = list(deal.tricks_won)
    return d


def card_values(deal: Deal, rollouts: int, rng: SplitMix64) -> dict[int, tuple[int, int]]:
    """For each legal card (pack integer) of the seat to play: (play-outs that met the side's goal,
    points its side took summed over them), from ``max(1, rollouts // cards)`` imagined deals.

    The goal: the declarer's side makes its bid, any other side sets it; without a bid there is no
    goal (every count is 0). Raises :class:`~somerset.players.determinize.SamplingError` when no deal
    agrees with what the seat has seen."""
    assert deal.phase is Phase.PLAY and deal.trick_tables is not None
    seat = deal.current_player
    legal = list(bits(PLAY_PHASE.legal_mask(deal)))
    worlds = max(1, rollouts // len(legal))
    k = knowledge(deal, seat)
    team = deal.team_of[seat]
    declarer = deal.declarer
    attack = declarer is not None and deal.team_of[declarer] == team
    actions = deal.index.play_actions
    put = PLAY_PHASE.put
    totals = {c: (0, 0) for c in legal}
    for _ in range(worlds):
        s = sample(k, rng)
        for c in legal:
            d = _world(deal, s.hands, s.pile)
            d.history.append(actions[c])
            put(d, c)
            if d.phase is Phase.PLAY:
                play_out(d)
            made = d.made
            goal = 0 if made is None else int(made == attack)
            met, points = totals[c]
            totals[c] = (met + goal, points + d.team_points()[team])
    return totals


class SearchBot(SamplingBot):
    """The heuristic bot's calls; cards chosen by play-outs from the first trick, by solves in the ending.

    Each card it plays before the ending (:meth:`SamplingBot.in_ending`) is chosen by
    :func:`card_values` with ``rollouts`` play-outs (at least one imagined deal whatever the budget,
    more deals the more play-outs it may play): the card with the highest sum of
    ``met * (points of a deal + 1) + points``; a tie goes to the heuristic bot's card when it is among
    the best, else to the first in the pack's order. Its draws come from a generator seeded by the
    bot's seed and the number of actions so far, so a choice depends only on the seed and the deal
    (the same in CPython and Pyodide, and when a deal is replayed from its moves; choices are
    remembered for such replays in :data:`somerset.players.bots.CHOICES`).

    >>> from somerset.game.deal import new_deal
    >>> from somerset.players.autoplay import play_deal
    >>> play_deal(new_deal("parker-1947", seed=3), [SearchBot(s, rollouts=8) for s in range(4)]).is_terminal()
    True
    """

    name = "search"
    version = SEARCH_VERSION

    def __init__(self, seed: int = 0, rollouts: int = ROLLOUTS, samples: int = SAMPLES, ending: int = ENDING_CARDS,
                 nodes: int = SOLVE_NODES) -> None:
        if rollouts < 1:
            raise ValueError("the searching bot needs at least one play-out a move")
        super().__init__(seed, samples, ending, nodes)
        self.rollouts = rollouts

    def searches(self, deal: Deal) -> bool:
        """Whether the bot chooses ``deal``'s next action by play-outs (a card before the ending, trump known)."""
        return deal.phase is Phase.PLAY and deal.trick_tables is not None and not self.in_ending(deal)

    def act(self, deal: Deal) -> Action:
        """A card chosen by play-outs before the ending; otherwise the sampling bot's action."""
        if not self.searches(deal):
            return super().act(deal)
        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        key = (self.name, self.version, self.seed, self.rollouts, deal.ruleset.id, deal.ruleset.option_applied,
               deal.format.id, deal.dealer, tuple(deal.history))
        choice = CHOICES.get(key)
        if choice is None:
            choice = self._search_card(deal)
            if choice is None:
                return self.heuristic.act(deal)
            CHOICES[key] = choice
            while len(CHOICES) > MAX_CHOICES:
                CHOICES.popitem(last=False)
        return Action.play(choice)

    def _search_card(self, deal: Deal) -> Card | None:
        rng = SplitMix64(SplitMix64((self.seed ^ len(deal.history) * 0x9E3779B97F4A7C15) & _MASK).next() ^ 0x5EA4C4)
        try:
            totals = card_values(deal, self.rollouts, rng)
        except SamplingError:
            return None
        weight = deal.total_points + 1
        value = {c: met * weight + points for c, (met, points) in totals.items()}
        best = max(value.values())
        cards = deal.index.cards
        tied = [cards[c] for c, v in value.items() if v == best]
        if len(tied) > 1:
            mine = self.heuristic.act(deal)
            if mine.kind is ActionKind.PLAY and mine.cards[0] in tied:
                return mine.cards[0]
        return min(tied, key=Card.sort_key)
