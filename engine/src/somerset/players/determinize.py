"""What one seat knows of a deal in play, and whole deals drawn at random that agree with it.

A bot that cannot see the other hands draws deals that agree with what its seat has seen
(determinized sampling) and solves each (:class:`somerset.players.bots.SamplingBot`).
:func:`knowledge` is what a seat knows (its :class:`Knowledge`: the cards it has seen, the unseen
ones, and the cards the plays rule out for each other seat); :func:`sample` draws one whole deal
(a :class:`Sample`) that agrees with it, or raises :class:`SamplingError`; :func:`consistent`
checks a sample play by play. What counts as seen, and why: develop/architecture.md, "Drawing the
deals a seat could hold".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.deal import Deal, Phase
from ..game.precompute import TrickTables, bits
from ..game.rng import SplitMix64
from ..rules.dimensions import PileKind

__all__ = ["Knowledge", "Sample", "SamplingError", "knowledge", "sample", "consistent", "MAX_TRIES"]

#: How many times :func:`sample` draws again when a draw breaks a rule the forbidden cards do not cover.
MAX_TRIES = 40


class SamplingError(ValueError):
    """No deal agreeing with what the seat has seen was found (the message says why)."""


@dataclass(frozen=True)
class Check:
    """One card a seat played, and what its hand then held beyond what it holds now."""

    seat: int
    card: int  # pack integer
    trick: tuple[int, ...]  # the cards before it in the trick
    first_lead: bool
    later: int  # the seat's cards played from this play on (this card included), as a mask
    drawn_after: int  # the cards it drew after this play (known ones), as a mask


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows, as pack-integer masks.

    ``known[s]``: the cards known to be in seat ``s``'s hand now (all of it for ``seat``);
    ``hidden[s]``: how many more cards ``s`` holds; ``unseen``: the cards whose place ``seat``
    does not know; ``pile_top``: the known top of the pile (face-up pile), ``pile_hidden``: how many
    pile cards below it are unknown (the whole pile when it is face down); ``out``: how many unseen
    cards are out of play; ``forbidden[s]``: the unseen cards ``s`` cannot hold; ``checks``: the
    plays every sample must agree with.
    """

    deal: Deal
    seat: int
    known: tuple[int, ...]
    hidden: tuple[int, ...]
    unseen: int
    pile_top: tuple[int, ...]
    pile_hidden: int
    out: int
    forbidden: tuple[int, ...]
    checks: tuple[Check, ...]

    @property
    def trick_tables(self) -> TrickTables:
        """The play tables of the deal's ruleset and trump."""
        assert self.deal.trick_tables is not None
        return self.deal.trick_tables


@dataclass(frozen=True)
class Sample:
    """One deal that agrees with a seat's knowledge: every hand, the pile from the top, the cards out of play."""

    hands: tuple[int, ...]
    pile: tuple[int, ...]
    out: int


def knowledge(deal: Deal, seat: int) -> Knowledge:
    """What ``seat`` knows of ``deal`` (in its play phase, trump known), and what the plays rule out."""
    if deal.phase is not Phase.PLAY or deal.trick_tables is None:
        raise SamplingError("a seat's knowledge is read in the play, once trump is known")
    n = deal.players
    if not 0 <= seat < n:
        raise SamplingError(f"seat must be from 0 to {n - 1}, not {seat}")
    face_up_pile = deal.format.pile is PileKind.FACE_UP
    in_play = 0
    for c in deal.in_play:
        in_play |= 1 << c
    # every play in order, with the draws after each trick
    plays: list[tuple[int, int, tuple[int, ...], bool]] = []  # seat, card, trick before it, first lead
    draws_after: list[list[tuple[int, int]]] = []  # per play: the draws made after its trick
    hidden_draw_upto = [0] * n  # per seat: plays before this index come before its last hidden draw
    tricks = [(leader, cards, draws) for leader, cards, _, draws in deal.trick_log]
    tricks.append((deal.leader, tuple(deal.trick), ()))
    seen = deal.hands[seat]
    for t, (leader, cards, draws) in enumerate(tricks):
        for pos, c in enumerate(cards):
            plays.append(((leader + pos) % n, c, tuple(cards[:pos]), t == 0 and pos == 0 and not deal.drawn))
            seen |= 1 << c
        for s, c in draws:
            if face_up_pile or s == seat:
                seen |= 1 << c
            else:
                hidden_draw_upto[s] = len(plays)
        draws_after.append(list(draws))
    known = [0] * n
    known[seat] = deal.hands[seat]
    if face_up_pile:  # every draw was seen: what a seat drew and has not played is known to be in its hand
        for t, (_, _, draws) in enumerate(tricks):
            for s, c in draws:
                if deal.hands[s] >> c & 1:
                    known[s] |= 1 << c
    for c in deal.face_up:
        seen |= 1 << c
    pile_top: tuple[int, ...] = ()
    if face_up_pile and deal.pile:
        pile_top = (deal.pile[0],)
        seen |= 1 << deal.pile[0]
    if seat == deal.declarer:
        for card in deal.discards:
            seen |= 1 << deal.index.of[card]
    unseen = in_play & ~seen
    hidden = tuple(0 if s == seat else deal.hands[s].bit_count() - known[s].bit_count() for s in range(n))
    pile_hidden = len(deal.pile) - len(pile_top)
    out = unseen.bit_count() - sum(hidden) - pile_hidden
    assert out >= 0, "more hidden places than unseen cards"
    checks = _checks(deal, seat, plays, tricks, hidden_draw_upto)
    forbidden = _forbidden(deal.trick_tables, n, seat, checks, known, unseen)
    return Knowledge(deal, seat, tuple(known), hidden, unseen, pile_top, pile_hidden, out, forbidden, tuple(checks))


def _checks(deal: Deal, seat: int, plays: list[tuple[int, int, tuple[int, ...], bool]],
            tricks: list[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]],
            hidden_draw_upto: list[int]) -> list[Check]:
    """The other seats' plays a sample must agree with: those since each seat's last hidden draw."""
    n = deal.players
    # the draws known to come after each play (face-up pile, or none): per play index, per seat
    draw_at: list[tuple[int, int]] = []  # (play index after which it was drawn, card) per draw
    k = 0
    for leader, cards, draws in tricks:
        k += len(cards)
        for s, c in draws:
            draw_at.append((k, c | (s << 16)))
    out: list[Check] = []
    later = [0] * n
    for i in range(len(plays) - 1, -1, -1):
        s, c, trick, first = plays[i]
        later[s] |= 1 << c
        if s == seat or i < hidden_draw_upto[s]:
            continue
        if first and deal.trump_by_lead:  # the card that declared trump was legal under the trump it declared
            continue
        drawn = 0
        for at, packed in draw_at:
            if at > i and packed >> 16 == s:
                drawn |= 1 << (packed & 0xFFFF)
        out.append(Check(s, c, trick, first, later[s], drawn))
    return out


def _forbidden(tab: TrickTables, n: int, seat: int, checks: list[Check], known: list[int], unseen: int) -> tuple[int, ...]:
    """Per seat, the unseen cards that would have made one of its plays illegal.

    A card is tested alone with what the seat is known to have held then; a rule that adding
    cards to a hand never makes an illegal card legal (true of every ruleset's follow-suit rules)
    makes this safe, and :func:`consistent` checks every sample in full anyway.
    """
    forbidden = [0] * n
    for ch in checks:
        held = (known[ch.seat] | ch.later) & ~ch.drawn_after
        candidates = unseen & ~forbidden[ch.seat]
        if tab.legal_mask(held | candidates, ch.trick, ch.first_lead) >> ch.card & 1:
            continue  # legal whatever else it held: nothing to learn
        for x in bits(candidates):
            if not tab.legal_mask(held | 1 << x, ch.trick, ch.first_lead) >> ch.card & 1:
                forbidden[ch.seat] |= 1 << x
    forbidden[seat] = 0
    return tuple(forbidden)


def consistent(k: Knowledge, s: Sample) -> bool:
    """Whether sample ``s`` agrees with everything ``k``'s seat has seen: the cards, the counts, every play."""
    n = len(k.known)
    if s.hands[k.seat] != k.known[k.seat]:
        return False
    placed = s.out
    for seat in range(n):
        if seat == k.seat:
            continue
        extra = s.hands[seat] & ~k.known[seat]
        if s.hands[seat] & k.known[seat] != k.known[seat] or extra & ~k.unseen:
            return False
        if extra.bit_count() != k.hidden[seat] or placed & extra:
            return False
        placed |= extra
    pile = 0
    for c in s.pile[len(k.pile_top):]:
        pile |= 1 << c
    if tuple(s.pile[:len(k.pile_top)]) != k.pile_top or len(s.pile) - len(k.pile_top) != k.pile_hidden:
        return False
    if pile & placed or pile & ~k.unseen or pile.bit_count() != k.pile_hidden:
        return False
    if (placed | pile) != k.unseen or s.out & ~k.unseen or s.out.bit_count() != k.out:
        return False
    tab = k.trick_tables
    for ch in k.checks:
        hand = (s.hands[ch.seat] | ch.later) & ~ch.drawn_after
        if not tab.legal_mask(hand, ch.trick, ch.first_lead) >> ch.card & 1:
            return False
    return True


def sample(k: Knowledge, rng: SplitMix64) -> Sample:
    """One deal drawn at random that agrees with ``k`` (raises :class:`SamplingError` if none is found).

    The unseen cards are placed one at a time, the cards with the fewest possible places first,
    each in a place chosen in proportion to the room left there; when a card finds every place it
    may go full, a card already placed is moved along to make room (an augmenting path), so a
    placement is always found when one exists. The sample is then checked play by play.

    >>> from somerset.game.deal import new_deal
    >>> from somerset.players.roster import make_bots
    >>> deal = new_deal("parker-1947", seed=5)
    >>> bots = make_bots("heuristic", 4, 5)
    >>> while not (deal.phase.value == "play" and len(deal.trick_log) == 6):
    ...     _ = deal.apply(bots[deal.current_player].act(deal))
    >>> k = knowledge(deal, deal.current_player)
    >>> s = sample(k, SplitMix64(1))
    >>> s.hands[k.seat] == deal.hands[k.seat], consistent(k, s)
    (True, True)
    >>> sorted(m.bit_count() for m in s.hands) == sorted(m.bit_count() for m in deal.hands)
    True
    """
    for _ in range(MAX_TRIES):
        s = _draw(k, rng)
        if consistent(k, s):
            return s
    raise SamplingError(f"no deal agreeing with seat {k.seat}'s view was found in {MAX_TRIES} draws")


def _draw(k: Knowledge, rng: SplitMix64) -> Sample:
    n = len(k.known)
    pile_place, out_place = n, n + 1
    room = list(k.hidden) + [k.pile_hidden, k.out]
    places_of: dict[int, list[int]] = {}
    cards = bits(k.unseen)
    for c in cards:
        places_of[c] = [p for p in range(n) if p != k.seat and room[p] and not k.forbidden[p] >> c & 1]
        if k.pile_hidden:
            places_of[c].append(pile_place)
        if k.out:
            places_of[c].append(out_place)
        if not places_of[c]:
            raise SamplingError(f"seat {k.seat} sees no place for an unseen card")
    keyed = [(len(places_of[c]), rng.next(), c) for c in cards]
    keyed.sort()
    where: dict[int, int] = {}
    members: list[list[int]] = [[] for _ in range(n + 2)]
    left = list(room)
    for _, _, c in keyed:
        open_places = [p for p in places_of[c] if left[p]]
        if open_places:
            total = sum(left[p] for p in open_places)
            r = rng.below(total)
            for p in open_places:
                r -= left[p]
                if r < 0:
                    break
        else:
            p = _make_room(c, places_of, where, members, left)
        where[c] = p
        members[p].append(c)
        left[p] -= 1
    hands = list(k.known)
    out = 0
    pile_cards: list[int] = []
    for c, p in where.items():
        if p == pile_place:
            pile_cards.append(c)
        elif p == out_place:
            out |= 1 << c
        else:
            hands[p] |= 1 << c
    pile_cards.sort()
    for i in range(len(pile_cards) - 1, 0, -1):  # Fisher-Yates: the hidden pile in a random order
        j = rng.below(i + 1)
        pile_cards[i], pile_cards[j] = pile_cards[j], pile_cards[i]
    return Sample(tuple(hands), k.pile_top + tuple(pile_cards), out)


def _make_room(card: int, places_of: dict[int, list[int]], where: dict[int, int], members: list[list[int]],
               left: list[int]) -> int:
    """Free a place for ``card`` by moving placed cards along a chain of places; return the place freed.

    A breadth-first search from ``card``'s places: a full place is left by one of its cards for
    another of that card's places, until a place with room is reached.
    """
    parent: dict[int, tuple[int, int]] = {}  # place -> (the place before it, the card moved from it)
    queue = list(places_of[card])
    visited = set(queue)
    head = 0
    while head < len(queue):
        p = queue[head]
        head += 1
        for moved in members[p]:
            for q in places_of[moved]:
                if q in visited:
                    continue
                visited.add(q)
                parent[q] = (p, moved)
                if left[q]:  # move each card of the chain on one place, back to one of ``card``'s places
                    while q in parent:
                        prev, m = parent[q]
                        members[prev].remove(m)
                        members[q].append(m)
                        where[m] = q
                        left[q] -= 1
                        left[prev] += 1
                        q = prev
                    return q
                queue.append(q)
    raise SamplingError("the unseen cards cannot all be placed: what the plays rule out leaves no room")
