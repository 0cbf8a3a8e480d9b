"""One deal as a state machine: from the shuffle to the score.

A :class:`Deal` (made by :func:`new_deal`) moves by :class:`~somerset.game.actions.Action` values,
chance steps included, so its history replays to the identical state: ``legal_actions()``,
``can(action)`` (why not), ``apply(action)`` (or :class:`~somerset.game.actions.IllegalActionError`
with the reason). Its :class:`Phase` runs deal, trump drawn, auction, kitty, trump named, play,
end; each phase is one handler below (``to_act``, ``legal``, ``can``, ``apply``), over the tables of
:mod:`somerset.game.precompute`. Design (after OpenSpiel and PokerKit): develop/architecture.md,
"Deals, games, records and links".
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterable

from .actions import PASS_ACTION, Action, ActionKind, IllegalActionError, parse_action
from ..rules.bidding import Auction, Call
from ..rules.cards import NO_TRUMP, Card, Trump
from ..rules.errors import RulesError
from ..rules.kitty import banned_trump_suits, bid_after_discards, discards_problem
from ..rules.play import legal_plays
from .rng import DRAW_SALT, SplitMix64, check_seed, shuffled
from ..rules.dimensions import Declaration, PileKind, Ruleset, UndealtKind
from ..rules.rulesets import load_ruleset
from .precompute import DealSetup, TrickTables, bits, deal_setup

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Phase",
    "TrickRecord",
    "Deal",
    "PhaseRules",
    "AuctionPhase",
    "PlayPhase",
    "SHUFFLE_PHASE",
    "AUCTION_PHASE",
    "TRUMP_PHASE",
    "PLAY_PHASE",
    "new_deal",
    "replay_deal",
]

CHANCE = -1  #: ``current_player`` at a chance step (the shuffle, the drawing of trump)
TERMINAL = -4  #: ``current_player`` once the deal or game is over


class Phase(StrEnum):
    """Where a deal stands."""

    DEAL = "deal"  # waiting for the shuffle (a chance step)
    DRAW_TRUMP = "draw-trump"  # Hodges without bidding: waiting for the card drawn for trump
    AUCTION = "auction"
    KITTY = "kitty"  # the high bidder takes the kitty and discards
    TRUMP = "trump"  # the high bidder names trump
    PLAY = "play"
    OVER = "over"


# The phases, the shuffle and the kinds of undealt cards as module names, for the steps every
# deal takes: in CPython 3.11 reading a member off an Enum class goes through
# EnumType.__getattr__ and costs about as much as a function call.
_DEAL, _DRAW_TRUMP, _AUCTION, _KITTY, _TRUMP, _PLAY, _OVER = (
    Phase.DEAL, Phase.DRAW_TRUMP, Phase.AUCTION, Phase.KITTY, Phase.TRUMP, Phase.PLAY, Phase.OVER)
_SHUFFLE = ActionKind.SHUFFLE
_NO_PILE, _FACE_UP, _KITTY_CARDS = PileKind.NONE, UndealtKind.FACE_UP, UndealtKind.KITTY
_FIRST_LEAD = Declaration.FIRST_LEAD


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in play order, who took it, and the cards then drawn."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    draws: tuple[tuple[int, Card], ...] = ()

    def seat_of(self, position: int, players: int) -> int:
        """The seat that played the card at ``position`` (0 = the lead)."""
        return (self.leader + position) % players

    def to_json(self) -> dict[str, Any]:
        """The trick as a JSON-ready object."""
        return {
            "leader": self.leader,
            "cards": [str(c) for c in self.cards],
            "winner": self.winner,
            "draws": [{"seat": s, "card": str(c)} for s, c in self.draws],
        }


#: A finished trick as the deal keeps it: leader, the cards as pack integers, winner, and the
#: (seat, card) pairs drawn afterwards.
RawTrick = tuple[int, tuple[int, ...], int, tuple[tuple[int, int], ...]]


class Deal:
    """One deal as a state machine: deal, (trump drawn), auction, (kitty), trump, play, score.

    Seats are numbered 0 to players - 1 round the table to the left; the dealer's left bids and
    (without bidding) leads first. Build one with :func:`new_deal` (seeded) or
    ``Deal(...)`` and a ``deal`` action (given hands).

    The state is public to read: ``hands`` (bit masks of pack integers, see ``index``), ``trick``
    (the trick in progress), ``trick_log`` (the finished tricks), ``taken`` (points per seat) and
    so on. Change it only through :meth:`apply`.

    >>> d = new_deal("parker-1947", seed=7)
    >>> d.phase.value, d.current_player, [str(a) for a in d.legal_actions()][:3]
    ('auction', 1, ['pass', 'bid 1', 'bid 2'])
    >>> for call in ("bid 12", "pass", "pass", "pass"):
    ...     _ = d.apply(call)
    >>> d.phase.value, d.declarer, [str(a) for a in d.legal_actions()]
    ('trump', 1, ['trump 2', 'trump 4', 'trump 6', 'trump 8', 'trump 10', 'trump 12', 'trump 0', 'trump nt'])
    >>> d.can(parse_action("play 4/8"))
    'the high bidder must name trump first'
    """

    def __init__(self, ruleset: Ruleset | str, format_id: str | None = None, *, dealer: int = 0,
                 seed: int | None = None, options: Iterable[str] = ()) -> None:
        r = load_ruleset(ruleset, options)
        st = deal_setup(r, format_id)
        self.ruleset = r
        self.setup: DealSetup = st
        self.format = fmt = st.format
        self.players = n = fmt.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}", field="dealer")
        self.dealer = dealer
        self.seed = None if seed is None else check_seed(seed)
        self.pack = r.deck
        self.index = st.index
        self.in_play = st.in_play
        self.team_of = st.team_of
        self.undealt_kind = st.undealt_kind
        self.drawn = st.drawn
        self.count_cards = st.count_cards
        self.per_trick = st.per_trick
        self.phase = _DRAW_TRUMP if self.drawn else _DEAL
        self._rules: PhaseRules = PHASE_RULES[self.phase]
        self.history: list[Action] = []
        self.hands: list[int] = [0] * n
        self._dealt: list[list[int]] = [[] for _ in range(n)]
        self._undealt: list[int] = []
        self.pile: list[int] = []
        self.face_up: list[int] = []  # cards that go with the first trick to its winner
        self.kitty: list[int] = []
        self.trump_card: Card | None = None
        self.auction: Auction | None = None
        self.declarer: int | None = None
        self.bid: int | None = None
        self.discards: tuple[Card, ...] = ()
        self.trump: Trump | None = None
        self.trump_by_lead = False
        self.leader = -1
        self.trick: list[int] = []
        self.trick_log: list[RawTrick] = []
        self.taken: list[int] = [0] * n
        self.tricks_won: list[int] = [0] * n
        self.passed_out = False
        self.trick_tables: TrickTables | None = None  # the play tables once trump is known
        self._to_act = CHANCE
        self._score: list[int] | None = None

    # --- basic facts ---------------------------------------------------------------------

    @property
    def dealt(self) -> list[tuple[Card, ...]]:
        """The hands as dealt (before any kitty exchange or drawing)."""
        cards = self.index.cards
        return [tuple(cards[i] for i in h) for h in self._dealt]

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards left after dealing: face-up cards, kitty, or the drawing pile from the top."""
        cards = self.index.cards
        return tuple(cards[i] for i in self._undealt)

    @property
    def tricks(self) -> list[TrickRecord]:
        """The finished tricks, in order."""
        cards = self.index.cards
        return [TrickRecord(leader, tuple(cards[c] for c in t), winner, tuple((s, cards[c]) for s, c in draws))
                for leader, t, winner, draws in self.trick_log]

    @property
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance step, :data:`TERMINAL` when over."""
        return self._to_act

    def is_terminal(self) -> bool:
        """Whether the deal is over (played out and scored, or passed out)."""
        return self.phase is _OVER

    def is_chance(self) -> bool:
        """Whether the next step is a chance step (the shuffle or the drawing of trump)."""
        return self.phase is _DEAL or self.phase is _DRAW_TRUMP

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, in pack order."""
        cards = self.index.cards
        return [cards[i] for i in bits(self.hands[seat])]

    @property
    def current_trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order."""
        cards = self.index.cards
        return [cards[i] for i in self.trick]

    @property
    def bidding_order(self) -> list[int]:
        """The seats in the order they bid: the dealer's left first, the dealer last."""
        return [(self.dealer + 1 + k) % self.players for k in range(self.players)]

    def seat_of_bidder(self, bidder: int) -> int:
        """The seat of the auction's player ``bidder`` (0 = the dealer's left)."""
        return (self.dealer + 1 + bidder) % self.players

    @property
    def bid_to_make(self) -> int | None:
        """The bid the declarer must make (raised by discarded count cards where the ruleset says so)."""
        if self.bid is None or not self.discards:
            return self.bid
        return bid_after_discards(self.ruleset, self.bid, self.discards)

    @property
    def first_lead_pending(self) -> bool:
        """Whether the play is waiting for the first card of the deal."""
        return self.phase is _PLAY and not self.trick_log and not self.trick

    def allowed_trumps(self) -> list[Trump]:
        """The trumps the high bidder may name now: the format's, less any suit his discards rule out."""
        banned = banned_trump_suits(self.ruleset, self.discards)
        return [t for t in self.setup.trumps if t.suit not in banned]

    # --- chance --------------------------------------------------------------------------

    def chance_outcome(self) -> Action:
        """The chance step this deal's seed gives (the shuffle, or the card drawn for trump)."""
        if not self.is_chance():
            raise RulesError("this is not a chance step")
        if self.seed is None:
            raise RulesError("this deal has no seed: give the deal (or the card drawn) as an action")
        if self.phase is _DRAW_TRUMP:
            rng = SplitMix64(self.seed ^ DRAW_SALT)
            return Action.draw(self.index.cards[self.in_play[rng.below(len(self.in_play))]])
        return Action.shuffle(self.seed)

    # --- what may be done ----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take (at a chance step: the seeded outcome, if any)."""
        return self._rules.legal(self)

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play (empty outside the play phase)."""
        if self.phase is not _PLAY:
            return []
        cards = self.index.cards
        return [cards[i] for i in bits(PLAY_PHASE.legal_mask(self))]

    def can(self, action: Action) -> str | None:
        """None if ``action`` is allowed now, else the reason it is not."""
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        if self.phase is _OVER:
            return "the deal is over"
        if action.is_chance != self.is_chance():
            return ("it is a chance step (the shuffle or the drawing of trump)" if self.is_chance()
                    else "chance steps come only at the start of the deal")
        return self._rules.can(self, action)

    def apply(self, action: Action | str) -> Deal:
        """Make ``action`` (an :class:`Action` or its text); raise :class:`IllegalActionError` if not allowed."""
        if isinstance(action, str):
            action = parse_action(action, self.pack)
        if self.phase is _PLAY and action.kind is ActionKind.PLAY and self.trick_tables is not None:
            i = self.index.of.get(action.cards[0], -1)
            if i >= 0 and PLAY_PHASE.legal_mask(self) >> i & 1:
                self.history.append(action)
                PLAY_PHASE.put(self, i)
                return self
        why = self.can(action)
        if why is not None:
            raise IllegalActionError(action, why)
        self.history.append(action)
        self._rules.apply(self, action)
        return self

    def _enter(self, phase: Phase) -> None:
        """Move to ``phase``: its handler takes over and says who acts."""
        self.phase = phase
        self._rules = PHASE_RULES[phase]
        self._to_act = self._rules.to_act(self)

    # --- helpers for players (public information only) ----------------------------------

    def current_winner(self) -> int | None:
        """The seat whose card is taking the trick in progress (None with no card played or no trump yet)."""
        if not self.trick or self.trick_tables is None:
            return None
        return (self.leader + self.trick_tables.winner(self.trick)) % self.players

    def would_win(self, card: Card) -> bool:
        """Whether ``card``, played now by the player to act, would be taking the trick so far."""
        if self.trick_tables is None:
            return not self.trick
        trick = [*self.trick, self.index.of[card]]
        return self.trick_tables.winner(trick) == len(trick) - 1

    def played_cards(self) -> list[Card]:
        """Every card played so far in this deal (finished tricks and the trick in progress)."""
        cards = self.index.cards
        return [cards[c] for _, t, _, _ in self.trick_log for c in t] + self.current_trick

    # --- results -------------------------------------------------------------------------

    def points(self) -> list[int]:
        """Points each seat has taken so far (tricks, count cards, face-up and discarded cards)."""
        return list(self.taken)

    def team_points(self) -> list[int]:
        """Points each team has taken so far, in ``format.teams`` order."""
        out = [0] * len(self.format.teams)
        for seat, p in enumerate(self.taken):
            out[self.team_of[seat]] += p
        return out

    def score_changes(self) -> list[int]:
        """The score change of each team (in ``format.teams`` order); zeros until the deal is scored."""
        return list(self._score) if self._score is not None else [0] * len(self.format.teams)

    def returns(self) -> list[int]:
        """Each seat's score change: its team's (OpenSpiel's returns)."""
        changes = self.score_changes()
        return [changes[t] for t in self.team_of]

    @property
    def made(self) -> bool | None:
        """Whether the declarer's side made its bid (None before the end, when passed out or without bidding)."""
        if self._score is None or self.declarer is None:
            return None
        bid = self.bid_to_make
        assert bid is not None
        return self.team_points()[self.team_of[self.declarer]] >= bid

    @property
    def total_points(self) -> int:
        """The points a played deal holds: the format's figure, or the tricks alone when counters do not score."""
        if self.count_cards:
            return self.format.points_per_deal
        return self.format.tricks(self.pack) * self.per_trick

    # --- copies and comparison -----------------------------------------------------------

    def clone(self) -> Deal:
        """An independent copy (by replay)."""
        return replay_deal(self.ruleset, self.format.id, self.dealer, self.history, seed=self.seed)

    def signature(self) -> tuple[Any, ...]:
        """Everything that makes up the state, for comparing two deals."""
        return (
            self.ruleset.id, self.ruleset.option_applied, self.format.id, self.dealer, self.phase,
            tuple(self.hands), tuple(self.pile), tuple(self.face_up), tuple(self.kitty), self.declarer, self.bid,
            self.discards, self.trump, self.leader, tuple(self.trick), tuple(self.trick_log), tuple(self.taken),
            self._score, self.passed_out, tuple(str(a) for a in self.history),
        )

    def __repr__(self) -> str:
        return (f"Deal({self.ruleset.id!r}, {self.format.id!r}, dealer={self.dealer}, phase={self.phase.value}, "
                f"actions={len(self.history)})")


# --- the phases ------------------------------------------------------------------------------


class PhaseRules(ABC):
    """One phase of a deal: who acts, what they may do, why not, and what doing it changes.

    ``can`` is asked only after the checks every phase shares (an action at all, the deal not
    over, a chance step at a chance step); ``apply`` only with an action ``can`` allows, and it
    leaves the deal saying who acts next (by entering the next phase, or within its own).
    """

    phase: Phase

    @abstractmethod
    def to_act(self, deal: Deal) -> int:
        """The seat to act (or :data:`CHANCE`, :data:`TERMINAL`)."""

    @abstractmethod
    def legal(self, deal: Deal) -> list[Action]:
        """The actions the player to act may take."""

    @abstractmethod
    def can(self, deal: Deal, action: Action) -> str | None:
        """None if ``action`` is allowed now, else why not."""

    @abstractmethod
    def apply(self, deal: Deal, action: Action) -> None:
        """Make an allowed action."""


class ShufflePhase(PhaseRules):
    """The deal: a chance step, the seeded shuffle or a deal of given hands."""

    phase = Phase.DEAL

    def to_act(self, deal: Deal) -> int:
        return CHANCE

    def legal(self, deal: Deal) -> list[Action]:
        return [deal.chance_outcome()] if deal.seed is not None else []

    def can(self, deal: Deal, action: Action) -> str | None:
        if action.kind is _SHUFFLE:
            return None
        if action.kind is ActionKind.DEAL:
            return self._deal_problem(deal, action)
        return "the cards must be dealt first (shuffle or deal)"

    def apply(self, deal: Deal, action: Action) -> None:
        if action.kind is _SHUFFLE:
            assert action.number is not None
            deal.seed = action.number
            order = shuffled(deal.in_play, action.number)
            n = deal.players
            size = deal.format.hand_size
            first = deal.dealer + 1
            self._deal(deal, [order[(k - first) % n: n * size: n] for k in range(n)], order[n * size:])
        else:
            of = deal.index.of
            self._deal(deal, [[of[c] for c in h] for h in action.hands[:-1]], [of[c] for c in action.hands[-1]])

    @staticmethod
    def _deal_problem(deal: Deal, action: Action) -> str | None:
        fmt = deal.format
        if len(action.hands) != deal.players + 1:
            return f"a deal gives {deal.players} hands and then the undealt cards"
        seen: set[Card] = set()
        for seat, h in enumerate(action.hands[:-1]):
            if len(h) != fmt.hand_size:
                return f"hand {seat} has {len(h)} cards; each hand has {fmt.hand_size}"
            seen.update(h)
        if len(action.hands[-1]) != fmt.undealt:
            return f"{len(action.hands[-1])} undealt cards given; this format leaves {fmt.undealt}"
        seen.update(action.hands[-1])
        expected = {deal.index.cards[i] for i in deal.in_play}
        total = sum(len(h) for h in action.hands)
        if len(seen) != total:
            return "a card is given twice"
        if seen != expected:
            missing = sorted(expected - seen, key=Card.sort_key)
            extra = sorted(seen - expected, key=Card.sort_key)
            parts = []
            if extra:
                parts.append("not in play: " + " ".join(map(str, extra)))
            if missing:
                parts.append("missing: " + " ".join(map(str, missing)))
            return "the deal must hold every card in play once (" + "; ".join(parts) + ")"
        return None

    @staticmethod
    def _deal(deal: Deal, hands: list[list[int]], rest: list[int]) -> None:
        deal._dealt = hands
        deal._undealt = rest
        bit = deal.index.bit
        masks = deal.hands
        for seat, h in enumerate(hands):
            mask = 0
            for c in h:  # a plain loop: quicker here than sum(map(...))
                mask += bit[c]
            masks[seat] = mask
        fmt = deal.format
        if fmt.pile is not _NO_PILE:
            deal.face_up = rest[: fmt.face_up_from_pile]
            deal.pile = rest[fmt.face_up_from_pile:]
        elif deal.undealt_kind is _FACE_UP:
            deal.face_up = list(rest)
        elif deal.undealt_kind is _KITTY_CARDS:
            deal.kitty = list(rest)
        if deal.drawn:
            assert deal.trump_card is not None
            _set_trump(deal, Trump(deal.trump_card.suit), by_lead=False)
            deal.leader = (deal.dealer + 1) % deal.players
            deal._enter(_PLAY)
        else:
            deal.auction = Auction(deal.ruleset.bidding.value, deal.players, fmt.points_per_deal)
            deal._enter(_AUCTION)


class DrawPhase(PhaseRules):
    """Hodges' game without bidding: a card is drawn, and its suit is trump (a chance step)."""

    phase = Phase.DRAW_TRUMP

    def to_act(self, deal: Deal) -> int:
        return CHANCE

    def legal(self, deal: Deal) -> list[Action]:
        return [deal.chance_outcome()] if deal.seed is not None else []

    def can(self, deal: Deal, action: Action) -> str | None:
        if action.kind is not ActionKind.DRAW:
            return "trump is drawn before the deal (draw a card)"
        c = action.cards[0]
        if c not in deal.index.of or deal.index.of[c] not in deal.in_play:
            return f"{c} is not among the cards in play"
        return None

    def apply(self, deal: Deal, action: Action) -> None:
        deal.trump_card = action.cards[0]
        deal._enter(_DEAL)


class AuctionPhase(PhaseRules):
    """The auction: bids and passes, as :class:`~somerset.rules.bidding.Auction` allows."""

    phase = Phase.AUCTION

    def to_act(self, deal: Deal) -> int:
        assert deal.auction is not None
        who = deal.auction.to_act
        assert who is not None
        return deal.seat_of_bidder(who)

    def legal(self, deal: Deal) -> list[Action]:
        assert deal.auction is not None
        return [PASS_ACTION if c.bid is None else Action.bid(c.bid) for c in deal.auction.legal_calls()]

    def can(self, deal: Deal, action: Action) -> str | None:
        assert deal.auction is not None
        if action.kind is ActionKind.PASS:
            return deal.auction.can(Call(None))
        if action.kind is ActionKind.BID:
            return deal.auction.can(Call(action.number))
        return "the auction is on: bid or pass"

    def apply(self, deal: Deal, action: Action) -> None:
        assert deal.auction is not None
        deal.auction.do(Call(action.number if action.kind is ActionKind.BID else None))
        if deal.auction.is_over:
            self.close(deal)
        else:
            deal._to_act = self.to_act(deal)

    def close(self, deal: Deal) -> None:
        """End the auction (its calls are all made): pass the deal out, or give the high bidder the kitty or trump."""
        assert deal.auction is not None
        high = deal.auction.high
        if high is None:
            deal.passed_out = True
            deal._enter(_OVER)
            return
        deal.declarer = deal.seat_of_bidder(high[0])
        deal.bid = high[1]
        if deal.kitty:
            deal.hands[deal.declarer] |= sum(1 << i for i in deal.kitty)
            deal._enter(_KITTY)
        else:
            _after_kitty(deal)


class KittyPhase(PhaseRules):
    """The high bidder takes the kitty and discards as many cards (see :mod:`somerset.rules.kitty`)."""

    phase = Phase.KITTY

    def to_act(self, deal: Deal) -> int:
        assert deal.declarer is not None
        return deal.declarer

    def legal(self, deal: Deal) -> list[Action]:
        assert deal.declarer is not None
        hand = deal.hand(deal.declarer)
        return [Action(ActionKind.DISCARD, cards=combo) for combo in itertools.combinations(hand, len(deal.kitty))
                if self._problem(deal, combo) is None]

    def can(self, deal: Deal, action: Action) -> str | None:
        if action.kind is not ActionKind.DISCARD:
            return f"the high bidder takes the kitty and must discard {len(deal.kitty)} cards first"
        return self._problem(deal, action.cards)

    @staticmethod
    def _problem(deal: Deal, cards: tuple[Card, ...]) -> str | None:
        assert deal.declarer is not None
        kitty = {deal.index.cards[i] for i in deal.kitty}
        return discards_problem(deal.ruleset, set(deal.hand(deal.declarer)), cards, len(deal.kitty), deal.setup.trumps,
                                kitty)

    def apply(self, deal: Deal, action: Action) -> None:
        assert deal.declarer is not None
        of = deal.index.of
        for c in action.cards:
            deal.hands[deal.declarer] &= ~(1 << of[c])
        deal.discards = action.cards
        if deal.count_cards:
            deal.taken[deal.declarer] += sum(deal.pack.count_value(c) for c in action.cards)
        _after_kitty(deal)


class TrumpPhase(PhaseRules):
    """The high bidder names trump (where trump is named rather than led)."""

    phase = Phase.TRUMP

    def to_act(self, deal: Deal) -> int:
        assert deal.declarer is not None
        return deal.declarer

    def legal(self, deal: Deal) -> list[Action]:
        return [Action.name_trump(t) for t in deal.allowed_trumps()]

    def can(self, deal: Deal, action: Action) -> str | None:
        if action.kind is not ActionKind.TRUMP:
            return "the high bidder must name trump first"
        assert action.trump is not None
        if action.trump in deal.allowed_trumps():
            return None
        if action.trump.suit in banned_trump_suits(deal.ruleset, deal.discards):
            return f"he discarded a card of the /{action.trump.suit} suit, so it cannot be trump"
        return deal.ruleset.trump_problem(action.trump, deal.format.id) or "that trump is not allowed"

    def apply(self, deal: Deal, action: Action) -> None:
        assert action.trump is not None and deal.declarer is not None
        _set_trump(deal, action.trump, by_lead=False)
        deal.leader = deal.declarer
        deal._enter(_PLAY)


class PlayPhase(PhaseRules):
    """The play: cards to tricks, drawing from the pile, and the score at the end.

    Where trump is declared by the bidder's first card, the first lead declares it (and the bidder
    may instead declare No Trump in words, where the ruleset has it).
    """

    phase = Phase.PLAY

    def to_act(self, deal: Deal) -> int:
        return (deal.leader + len(deal.trick)) % deal.players

    def legal_mask(self, deal: Deal) -> int:
        """The cards the player to act may play, as a mask of pack integers."""
        hand = deal.hands[deal._to_act]
        if deal.trick_tables is None:  # the declarer's first lead declares trump
            return self._declaring_leads(deal, hand)
        return deal.trick_tables.legal_mask(hand, deal.trick, not deal.trick_log and not deal.trick and not deal.drawn)

    @staticmethod
    def _declaring_leads(deal: Deal, hand: int) -> int:
        """Cards whose lead may declare trump: legal under the trump they declare."""
        mask = 0
        allowed = {t.suit for t in deal.allowed_trumps() if t.suit is not None}
        cards = deal.index.cards
        hand_cards = [cards[i] for i in bits(hand)]
        for i in bits(hand):
            c = cards[i]
            if c.is_ss or c.suit not in allowed:
                continue
            if c in legal_plays(deal.ruleset, Trump(c.suit), hand_cards, (), first_trick=True).legal:
                mask |= 1 << i
        return mask

    def legal(self, deal: Deal) -> list[Action]:
        acts = deal.index.play_actions
        out = [acts[i] for i in bits(self.legal_mask(deal))]
        if deal.trick_tables is None and NO_TRUMP in deal.allowed_trumps():
            out.append(Action.name_trump(NO_TRUMP))
        return out

    def can(self, deal: Deal, action: Action) -> str | None:
        if action.kind is ActionKind.TRUMP:
            if deal.trick_tables is None and deal.first_lead_pending:
                if action.trump == NO_TRUMP and NO_TRUMP in deal.allowed_trumps():
                    return None
                return "the first card led declares the trump suit; only No Trump may be declared in words"
            return "trump has already been decided"
        if action.kind is not ActionKind.PLAY:
            return "it is time to play a card"
        c = action.cards[0]
        i = deal.index.of.get(c)
        seat = deal._to_act
        if i is None or not deal.hands[seat] >> i & 1:
            return f"{c} is not in the hand of the player to play (seat {seat})"
        if self.legal_mask(deal) >> i & 1:
            return None
        return self._why_not(deal, c)

    @staticmethod
    def _why_not(deal: Deal, card: Card) -> str:
        hand = deal.hand(deal._to_act)
        if deal.trick_tables is None:
            if card.suit in banned_trump_suits(deal.ruleset, deal.discards):
                return f"he discarded a card of the /{card.suit} suit, which therefore cannot be trump"
            if card.is_ss:
                return "the bidder's first card declares trump, and the S/S has no suit until trump is set"
            problem = deal.ruleset.trump_problem(Trump(card.suit), deal.format.id)
            if problem is not None:
                return f"leading {card} would declare /{card.suit} trump: {problem}"
            lp = legal_plays(deal.ruleset, Trump(card.suit), hand, (), first_trick=True)
            for ip in lp.illegal:
                if ip.card == card:
                    return ip.reason
            return f"{card} cannot declare trump here"
        assert deal.trump is not None
        lp = legal_plays(deal.ruleset, deal.trump, hand, deal.current_trick,
                         first_trick=deal.first_lead_pending and not deal.drawn)
        for ip in lp.illegal:
            if ip.card == card:
                return ip.reason
        return f"{card} may not be played now"

    def apply(self, deal: Deal, action: Action) -> None:
        if action.kind is ActionKind.TRUMP:  # No Trump declared in words instead of by the first lead
            assert action.trump is not None
            _set_trump(deal, action.trump, by_lead=False)
            return
        self.put(deal, deal.index.of[action.cards[0]])

    def put(self, deal: Deal, i: int) -> None:
        """Play pack card ``i`` for the player to act (already known to be legal and recorded in the history)."""
        if deal.trick_tables is None:  # the first card led declares trump
            _set_trump(deal, Trump(deal.index.cards[i].suit), by_lead=True)
        n = deal.players
        seat = (deal.leader + len(deal.trick)) % n
        deal.hands[seat] &= ~(1 << i)
        trick = deal.trick
        trick.append(i)
        if len(trick) < n:
            deal._to_act = (seat + 1) % n
            return
        tab = deal.trick_tables
        assert tab is not None
        winner = (deal.leader + tab.winner(trick)) % n
        count = deal.index.count
        points = deal.per_trick
        if deal.count_cards:
            for c in trick:
                points += count[c]
            if not deal.trick_log:
                for c in deal.face_up:
                    points += count[c]
        deal.taken[winner] += points
        deal.tricks_won[winner] += 1
        draws: tuple[tuple[int, int], ...] = ()
        if deal.pile:
            got = []
            for k in range(n):
                s = (winner + k) % n
                c = deal.pile.pop(0)
                deal.hands[s] |= 1 << c
                got.append((s, c))
            draws = tuple(got)
        deal.trick_log.append((deal.leader, tuple(trick), winner, draws))
        deal.trick = []
        deal.leader = winner
        if deal.hands[winner]:
            deal._to_act = winner
        else:
            self.finish(deal)

    def finish(self, deal: Deal) -> None:
        """Score the deal (its last trick taken) and end it."""
        deal._enter(_OVER)
        taken = deal.team_points()
        if deal.drawn or deal.declarer is None:
            deal._score = list(taken)
        else:
            bid = deal.bid_to_make
            assert bid is not None
            deal._score = deal.setup.score(deal.declarer, bid, taken)


class OverPhase(PhaseRules):
    """The deal is over: nothing more may be done."""

    phase = Phase.OVER

    def to_act(self, deal: Deal) -> int:
        return TERMINAL

    def legal(self, deal: Deal) -> list[Action]:
        return []

    def can(self, deal: Deal, action: Action) -> str | None:
        return "the deal is over"

    def apply(self, deal: Deal, action: Action) -> None:
        raise IllegalActionError(action, "the deal is over")


def _set_trump(deal: Deal, trump: Trump, by_lead: bool) -> None:
    deal.trump = trump
    deal.trump_by_lead = by_lead
    deal.trick_tables = deal.setup.trick_tables(trump)


def _after_kitty(deal: Deal) -> None:
    assert deal.declarer is not None
    if deal.ruleset.declaration.value is _FIRST_LEAD:
        deal.leader = deal.declarer
        deal._enter(_PLAY)
    else:
        deal._enter(_TRUMP)


#: The shuffle's handler (:func:`new_deal` deals through it).
SHUFFLE_PHASE = ShufflePhase()
#: The auction's handler (the fast random-play loops close the auction through it).
AUCTION_PHASE = AuctionPhase()
#: The naming of trump's handler (the fast random-play loop names trump through it).
TRUMP_PHASE = TrumpPhase()
#: The play's handler (the fast random-play loops play cards and finish the deal through it).
PLAY_PHASE = PlayPhase()
#: Each phase's handler.
PHASE_RULES: dict[Phase, PhaseRules] = {
    p.phase: p for p in (SHUFFLE_PHASE, DrawPhase(), AUCTION_PHASE, KittyPhase(), TRUMP_PHASE, PLAY_PHASE, OverPhase())
}


def new_deal(ruleset: Ruleset | str, format_id: str | None = None, seed: int = 0, dealer: int = 0,
             options: Iterable[str] = ()) -> Deal:
    """A deal dealt from ``seed`` (its chance steps applied), waiting for the first call."""
    deal = Deal(ruleset, format_id, dealer=dealer, seed=seed, options=options)
    if deal.phase is _DEAL:  # the shuffle of the deal's own seed: allowed, so made unchecked
        action = Action(_SHUFFLE, number=deal.seed)  # the seed checked by Deal
        deal.history.append(action)
        SHUFFLE_PHASE.apply(deal, action)
    while deal.is_chance():
        deal.apply(deal.chance_outcome())
    return deal


def replay_deal(ruleset: Ruleset | str, format_id: str | None, dealer: int, actions: Iterable[Action | str],
                seed: int | None = None, options: Iterable[str] = ()) -> Deal:
    """The deal that ``actions`` (chance steps included) make from the start."""
    deal = Deal(ruleset, format_id, dealer=dealer, seed=seed, options=options)
    for a in actions:
        deal.apply(a)
    return deal
