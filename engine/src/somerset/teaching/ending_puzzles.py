"""Play puzzles proven by the solver: positions in the ending of a real deal, played out.

An ending (:class:`Ending`, its position an :class:`EndingSetup`) gives every remaining hand, the
trump, the lead, the trick so far, the points taken and a goal (:data:`GOALS`); the reader plays one
card at each of their turns while the other seats play their best. :func:`prove` proves a puzzle
with :mod:`somerset.solve`: a :class:`Proof` whose every :class:`Step` has exactly one card that
keeps the best result, and for every other card a :class:`Refutation` (best play after it, what it
gives up, and why in words). :func:`grade` rates the difficulty from the same search,
:func:`outcome` says the result of best play, and :func:`source_deal` deals a mined puzzle again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from ..game.deal import Deal, Phase, new_deal
from ..game.rng import deal_seed
from ..players.roster import make_bots
from ..players.autoplay import MAX_REDEALS
from ..rules.cards import Card, parse_cards, parse_trump
from .contentfile import Entry
from ..rules.play import legal_plays, trick_verdict
from .puzzle_base import Fact, Puzzle, PuzzleKind, PuzzleProofError
from ..rules.dimensions import Format, Ruleset
from ..solve import Play, Position, PositionError, position, solve
from ..solve.why import check_why, why

__all__ = ["Ending", "EndingSetup", "Step", "Refutation", "Proof", "PuzzleProofError", "prove", "grade",
           "advance", "line_text", "outcome", "GOALS", "NODE_BUDGET", "source_deal", "seat_name"]

#: What a goal asks of the reader's side (the file's ``goal`` field).
GOALS: dict[str, str] = {
    "most": "take the most points the position allows",
    "bid": "make the bid: the reader's side (the bidder's) ends the deal with at least the bid",
    "set": "set the bid: the bidder's side (the other side of a two-sided format) ends below the bid",
}

#: The most nodes one solve of a puzzle may use; a position too large for it is refused by name.
NODE_BUDGET = 3_000_000


@dataclass(frozen=True)
class EndingSetup:
    """The position of an ending puzzle as its file gives it (notation), and where it comes from."""

    hands: tuple[str, ...]
    leader: int
    pile: str
    taken: tuple[int, ...]
    goal: str
    bidder: int | None
    seed: int | None
    played: int | None
    names_trump: bool = False


@dataclass(frozen=True)
class Refutation:
    """A wrong card: the best play of both sides after it (it first), and what it gives up."""

    card: str
    points: int  # the reader's side's points still to come after it, with best play
    cost: int  # points given up against the answer
    line: tuple[Play, ...]  # the wrong card, then best play by every seat to the end of the deal
    depth: int  # the trick of the line (1 = the trick in progress) after which the loss can no longer be made up
    fails: bool  # for bid and set goals: this card loses the goal (always true for a wrong card)
    why: str = ""  # why the answer beats it, in words (somerset.solve.why), checked against the solver


@dataclass(frozen=True)
class Step:
    """One decision of the reader: the position, the legal cards, the one answer, the refutations."""

    position: Position
    legal: tuple[str, ...]
    answer: str
    points: int  # the reader's side's points still to come after the answer, with best play
    refutations: tuple[Refutation, ...]
    reply: tuple[Play, ...]  # the answer, then the other seats' best cards until the reader's next step
    nodes: int
    line: tuple[Play, ...] = ()  # the answer, then best play by every seat to the end of the deal


@dataclass(frozen=True)
class Proof:
    """A proven puzzle: its steps, the whole best line from the start, and the reader's seat."""

    steps: tuple[Step, ...]
    line: tuple[Play, ...]
    you: int
    side: tuple[int, ...]
    remaining: int
    difficulty: int
    nodes: int


def seat_name(p: Position, seat: int, you: int) -> str:
    """How a page names a seat: yours, your partner's, or an opponent's (seats counted from 1)."""
    if seat == you:
        return f"Seat {seat + 1} (you)"
    if seat in p.team_seats(you):
        return f"Seat {seat + 1} (partner)"
    return f"Seat {seat + 1}"


# --- the position --------------------------------------------------------------------------------


def puzzle_position(p: Puzzle) -> Position:
    """The puzzle's starting position, checked by the solver's own rules for positions."""
    s = _setup(p)
    return position(p.rules, p.trump, list(s.hands), s.leader, p.trick, format_id=p.format, pile=s.pile,
                    taken=s.taken)


def _setup(p: Puzzle) -> EndingSetup:
    assert isinstance(p.setup, EndingSetup), f"puzzle {p.id} is not an ending puzzle"
    return p.setup


def advance(pos: Position, card: Card) -> Position:
    """The position after ``card`` is played by the seat to move, by the engine's rules: the trick is
    judged by :func:`trick_verdict` when full, its points go to the winner, who leads next, and the
    drawing pile (if any) is drawn from, the winner first."""
    r = pos.ruleset
    seat = pos.to_move
    legal = legal_plays(r, pos.trump, pos.hands[seat], pos.trick, first_trick=pos.first_lead).legal
    if card not in legal:
        raise PositionError(f"{card} is not a legal play for seat {seat + 1} here")
    hands = [tuple(h) for h in pos.hands]
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    trick = (*pos.trick, card)
    if len(trick) < pos.players:
        return Position(r, pos.format, pos.trump, tuple(hands), pos.leader, trick, pos.pile, pos.face_up,
                        pos.first_trick, pos.taken, pos.side)
    verdict = trick_verdict(r, pos.trump, trick)
    winner = (pos.leader + verdict.winner) % pos.players
    points = r.points.value
    worth = points.per_trick + pos.bonus + (sum(r.deck.count_value(c) for c in trick) if points.count_cards else 0)
    taken = list(pos.taken)
    taken[winner] += worth
    pile = pos.pile
    if pile:
        for k in range(pos.players):
            s = (winner + k) % pos.players
            hands[s] = (*hands[s], pile[k])
        pile = pile[pos.players:]
    return Position(r, pos.format, pos.trump, tuple(hands), winner, (), pile, (), False, tuple(taken), pos.side)


# --- the proof ------------------------------------------------------------------------------------------


def _good(goal: str, points: int, best: int, pos: Position, side: tuple[int, ...], bid: int, remaining: int) -> bool:
    """Whether a card worth ``points`` (the side's points to come) reaches the goal."""
    side_taken = sum(pos.taken[s] for s in side)
    if goal == "bid":
        return side_taken + points >= bid
    if goal == "set":
        others_taken = sum(pos.taken) - side_taken
        return others_taken + remaining - points < bid
    return points == best


def _depth(line: tuple[Play, ...], side: tuple[int, ...], allowed: int) -> int:
    """The trick of ``line`` after which the other seats hold more than ``allowed`` points to come."""
    others = 0
    trick = 0
    for play in line:
        if play.winner is None:
            continue
        trick += 1
        if play.winner not in side:
            others += play.points
        if others > allowed:
            return trick
    return trick


def _solve(pos: Position, *, cards: bool, line: bool, where: str) -> Any:
    sol = solve(pos, nodes=NODE_BUDGET, cards=cards, line=line)
    if not sol.exact:
        raise PuzzleProofError(f"{where}: the position is too large to prove within {NODE_BUDGET:,} nodes; "
                               "start the puzzle later in the deal (fewer cards in each hand)")
    return sol


def _prove(p: Puzzle) -> Proof:
    s = _setup(p)
    try:
        pos = puzzle_position(p)
    except PositionError as e:
        raise PuzzleProofError(f"the position is not valid: {e}") from e
    you = pos.to_move
    side = pos.side
    remaining = _solve(pos, cards=False, line=False, where="the start").remaining
    steps: list[Step] = []
    total_nodes = 0
    count = len(p.answer)
    full_line: list[Play] = []
    for k in range(count):
        where = f"step {k + 1}" if count > 1 else "the puzzle"
        sol = _solve(pos, cards=True, line=False, where=where)
        total_nodes += sol.nodes
        to_come = sol.remaining
        values = {str(v.card): v.points for v in sol.cards}
        best = max(values.values())
        legal = tuple(str(v.card) for v in sorted(sol.cards, key=lambda v: v.card.sort_key()))
        if len(legal) < 2:
            raise PuzzleProofError(f"{where}: seat {you + 1} has only one legal card ({legal[0]}); a step needs a choice")
        good = [c for c in legal if _good(s.goal, values[c], best, pos, side, p.bid, to_come)]
        if not good:
            raise PuzzleProofError(f"{where}: no card reaches the goal ({GOALS[s.goal]}); with best play the side "
                                   f"takes {best} of the {to_come} points still to come")
        if len(good) > 1:
            raise PuzzleProofError(f"{where}: {len(good)} cards keep the best result ({', '.join(good)}); "
                                   "a puzzle needs exactly one")
        answer = good[0]
        after = advance(pos, parse_cards(answer, p.rules.deck)[0])
        rest = _solve(after, cards=False, line=True, where=f"{where}, after {answer}")
        total_nodes += rest.nodes
        first = Play(you, parse_cards(answer, p.rules.deck)[0], *_completes(pos, after))
        answer_line = (first, *rest.line)
        refutations = []
        for c in legal:
            if c == answer:
                continue
            after_c = advance(pos, parse_cards(c, p.rules.deck)[0])
            rest_c = _solve(after_c, cards=False, line=True, where=f"{where}, after {c}")
            total_nodes += rest_c.nodes
            line = (Play(you, parse_cards(c, p.rules.deck)[0], *_completes(pos, after_c)), *rest_c.line)
            cost = best - values[c]
            words = why(pos, answer_line, line, you)
            problems = check_why(words, best, values[c])
            if problems:
                raise PuzzleProofError(f"{where}: the words of best play for {c} disagree with the solver: "
                                       + "; ".join(problems))
            refutations.append(Refutation(c, values[c], cost, line, _depth(line, side, to_come - best), True,
                                          words.text))
        reply = [first]
        nxt = after
        for play in rest.line:
            if nxt.to_move == you and k + 1 < count:
                break
            reply.append(play)
            nxt = advance(nxt, play.card)
        if k + 1 < count and not (nxt.to_move == you and any(nxt.hands)):
            raise PuzzleProofError(f"{where}: the deal ends before step {k + 2}; the answer has {count} cards, "
                                   f"one for each of your turns")
        steps.append(Step(pos, legal, answer, best, tuple(refutations), tuple(reply), sol.nodes, answer_line))
        full_line += reply if k + 1 < count else [first, *rest.line]
        pos = nxt
    proof = Proof(tuple(steps), tuple(full_line), you, side, remaining, 1, total_nodes)
    return Proof(proof.steps, proof.line, you, side, remaining, grade(proof), total_nodes)


def _completes(before: Position, after: Position) -> tuple[int | None, int, tuple[tuple[int, Card], ...]]:
    """For a play from ``before`` to ``after``: the trick's winner and points if the play completed it."""
    if after.trick:
        return None, 0, ()
    winner = after.leader
    worth = after.taken[winner] - before.taken[winner]
    draws = tuple(((winner + k) % before.players, after.hands[(winner + k) % before.players][-1])
                  for k in range(before.players)) if before.pile else ()
    return winner, worth, draws


def outcome(proof: Proof) -> str:
    """The result of best play in the one count every verdict of an ending uses: the reader's side's
    points out of those still to be won when the puzzle opens (the same figures at every step)."""
    got = proof.steps[0].points
    every = "all" if got == proof.remaining else str(got)
    return (f"with best play by every seat, your side takes {every} of the {proof.remaining} points still to be "
            "won when the puzzle opens.")


def grade(proof: Proof) -> int:
    """Difficulty from 1 to 5, from the search: one point each for three or more wrong cards, for more
    than one step, for a refutation that shows itself only after the trick in progress, for one that
    shows only two tricks later, and for a wrong card that costs two points or fewer."""
    wrong = [r for s in proof.steps for r in s.refutations]
    score = 1
    score += len(wrong) >= 3
    score += len(proof.steps) > 1
    score += max((r.depth for r in wrong), default=1) >= 2
    score += max((r.depth for r in wrong), default=1) >= 3
    score += min((r.cost for r in wrong), default=99) <= 2
    return min(score, 5)


@lru_cache(maxsize=None)
def _cached(p: Puzzle) -> Proof:
    return _prove(p)


def prove(p: Puzzle) -> Proof:
    """The puzzle's proof (kept for the rest of the process); :class:`PuzzleProofError` says why not.

    >>> from somerset.teaching.puzzles import PUZZLES
    >>> p = next(p for p in PUZZLES if p.kind == "ending")
    >>> proof = prove(p)
    >>> proof.steps[0].answer in proof.steps[0].legal and len(proof.steps[0].refutations) >= 1
    True
    """
    return _cached(p)


# --- the source deal ----------------------------------------------------------------------------------


def source_deal(p: Puzzle) -> Deal:
    """The deal the puzzle was mined from, played by the engine's bots up to the puzzle's position.

    It is dealt from ``seed`` as ``somerset play`` deals (dealing again while everyone passes), and
    the heuristic bots play until ``played`` cards have been played; with ``names_trump`` the high
    bidder names the puzzle's trump rather than the bot's choice (how the rarer trumps are mined)."""
    s = _setup(p)
    if s.seed is None or s.played is None:
        raise ValueError(f"puzzle {p.id} names no source deal (seed and played)")
    r = p.rules
    fmt = r.format(p.format)
    for i in range(MAX_REDEALS + 1):
        seed = deal_seed(s.seed, i)
        deal = new_deal(r, fmt.id, seed, i % fmt.players)
        bots = make_bots("heuristic", fmt.players, seed)
        while not deal.is_terminal():
            if deal.phase is Phase.PLAY and len(deal.played_cards()) == s.played:
                return deal
            if s.names_trump and deal.phase is Phase.TRUMP:
                deal.apply(f"trump {p.trump}")
                continue
            deal.apply(deal.chance_outcome() if deal.is_chance() else bots[deal.current_player].act(deal))
        if not deal.passed_out:
            break
    raise ValueError(f"puzzle {p.id}: the deal from seed {s.seed} never reaches {s.played} cards played")


# --- the kind ------------------------------------------------------------------------------------------


def _card_list(cards: tuple[Card, ...] | list[Card]) -> str:
    return ", ".join(str(c) for c in cards) or "none"


def line_text(line: tuple[Play, ...], pos: Position, you: int) -> str:
    """A line of play as sentences: each trick's cards with seats, and who takes it for how many points."""
    out = []
    cards: list[str] = []
    for play in line:
        cards.append(f"{play.card} ({_short_seat(pos, play.seat, you)})")
        if play.winner is not None:
            who = _short_seat(pos, play.winner, you)
            out.append(f"{', '.join(cards)}: {who} {'take' if who == 'you' else 'takes'} {play.points} "
                       f"point{'' if play.points == 1 else 's'}")
            cards = []
    if cards:
        out.append(", ".join(cards))
    return "; ".join(out) + "."


def _short_seat(pos: Position, seat: int, you: int) -> str:
    if seat == you:
        return "you"
    if seat in pos.team_seats(you):
        return "partner"
    return f"seat {seat + 1}"


class Ending(PuzzleKind):
    """Play the ending: one card (or one line) that keeps the best result, proven by the solver."""

    name = "ending"
    task = "play the ending"
    question = "Which card keeps the best result, whatever the other seats play?"
    pick = "one card from your hand"
    plays_out = True
    single = True
    offer = "hand"
    offer_heading = "Your hand"
    fields = ("trump", "trick", "format", "bid", "discards")
    required = ("trump",)
    #: The fields only this kind reads, with what each holds (the contributors' page lists them).
    own_fields: ClassVar[dict[str, str]] = {
        "hands": 'every hand still held, seat 1 first, as a list of texts such as ["8/8 2/2", "0/0 3/4", ...]',
        "leader": "the seat that led the trick in progress (or leads next), counted from 1",
        "pile": "two-handed formats: the drawing pile from the top",
        "taken": "the points each seat has taken so far, a list of whole numbers, seat 1 first",
        "goal": "what the reader plays for: " + "; ".join(f"{g} ({w})" for g, w in GOALS.items()),
        "bidder": "bid and set goals: the seat that bid, counted from 1",
        "seed": "where the position comes from: the seed of the deal (somerset play --seed)",
        "played": "with seed: how many cards the bots had played when the position arose",
        "names_trump": "with seed: true when the high bidder named this puzzle's trump instead of the bot's choice",
    }
    own_required: ClassVar[tuple[str, ...]] = ("hands", "leader", "goal")
    about = ("Play the ending: every hand is shown; the reader plays one card (or one card at each of "
             "several turns) while every other seat plays its best, and must keep the best result for the goal. "
             "The engine proves with its solver that exactly one card does, at every step.")
    answer_form = 'the card to play, or one card for each step in order, such as "4/8" or "4/8, 2/2"'

    # --- reading ---------------------------------------------------------------------------------

    def read_answer(self, entry: Entry) -> tuple[str, ...]:
        value = entry.raw("answer")
        if not isinstance(value, str) or not value.strip():
            raise entry.error('write the card to play (one for each step, in order) as text, such as "4/8" or '
                              '"4/8, 2/2"', "answer")
        return tuple(t for t in value.replace(",", " ").split())

    def read_setup(self, entry: Entry, r: Ruleset, fmt: Format) -> EndingSetup:
        """The kind's own fields, checked; seats in the file count from 1."""
        n = fmt.players
        raw = entry.raw("hands")
        if raw is None:
            raise entry.error("this field is required: " + self.own_fields["hands"], "hands")
        if not isinstance(raw, list) or not all(isinstance(h, str) for h in raw) or len(raw) != n:
            raise entry.error(f"write {n} hands (the {fmt.label} format has {n} seats) as a list of texts, "
                              'such as ["8/8 2/2", "0/0 3/4", ...]', "hands")
        for s, h in enumerate(raw):
            try:
                parse_cards(h, r.deck)
            except ValueError as e:
                raise entry.error(f"seat {s + 1}: {e}", "hands") from e
        leader = entry.integer("leader", low=1, high=n) - 1
        pile = entry.text("pile", required=False)
        taken_raw = entry.raw("taken")
        if taken_raw is None:
            taken: tuple[int, ...] = (0,) * n
        elif (not isinstance(taken_raw, list) or len(taken_raw) != n
              or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in taken_raw)):
            raise entry.error(f"write the points taken so far as {n} whole numbers, seat 1 first, such as "
                              f"[{', '.join(['0'] * n)}]", "taken")
        else:
            taken = tuple(taken_raw)
        goal = entry.text("goal", choices=GOALS)
        bidder = None
        if goal in ("bid", "set"):
            bidder = entry.integer("bidder", low=1, high=n) - 1
            if not entry.has("bid"):
                raise entry.error(f"a {goal} goal needs the bid to make", "bid")
            if goal == "set" and len(fmt.teams) != 2:
                raise entry.error(f"the set goal needs two sides; the {fmt.label} format has {len(fmt.teams)}", "goal")
        elif entry.has("bidder") or entry.has("bid"):
            raise entry.error("bid and bidder go with the bid and set goals", "bid" if entry.has("bid") else "bidder")
        seed = entry.integer("seed", required=False, default=-1, low=0)
        played = entry.integer("played", required=False, default=-1, low=0)
        if (seed < 0) != (played < 0):
            raise entry.error("give seed and played together (where the position comes from), or neither",
                              "seed" if seed < 0 else "played")
        names_trump = entry.boolean("names_trump")
        if names_trump and seed < 0:
            raise entry.error("names_trump goes with seed and played (where the position comes from)", "names_trump")
        return EndingSetup(tuple(raw), leader, pile, taken, goal, bidder, seed if seed >= 0 else None,
                           played if played >= 0 else None, names_trump)

    def check_read(self, p: Puzzle, entry: Entry) -> None:
        """What reading checks at once (quickly): the position is valid, the goal fits it, the answer
        has cards of the reader's hand. The proof itself runs in :func:`check_all` and the build."""
        s = _setup(p)
        try:
            pos = puzzle_position(p)
        except PositionError as e:
            raise entry.error(str(e), "hands") from e
        you = pos.to_move
        if s.bidder is not None:
            bidder_side = set(pos.team_seats(s.bidder))
            if (s.goal == "bid") != (you in bidder_side):
                want = "on the bidder's side" if s.goal == "bid" else "against the bidder"
                raise entry.error(f"a {s.goal} goal is played {want}; seat {you + 1} is to play", "goal")
        if p.answer[0] not in [str(c) for c in pos.hands[you]]:
            raise entry.error(f"{p.answer[0]} is not in the hand of seat {you + 1}, who is to play", "answer")

    # --- the engine -----------------------------------------------------------------------------------

    def solve(self, p: Puzzle) -> tuple[str, ...]:
        return tuple(step.answer for step in prove(p).steps)

    def given(self, p: Puzzle, response: list[str]) -> tuple[str, ...]:
        return tuple(str(c) for c in parse_cards(list(response), p.rules.deck))  # in order: one card a step

    def detail(self, p: Puzzle, expected: tuple[str, ...]) -> str:
        proof = prove(p)
        first = proof.steps[0].position
        wrong = "; ".join(f"{r.card} gives up {r.cost}" for r in proof.steps[0].refutations)
        said = outcome(proof)
        return (f"{said[0].upper()}{said[1:]} Best line: {line_text(proof.line, first, proof.you)} "
                f"Every other card does worse: {wrong}.")

    def difficulty(self, p: Puzzle) -> int:
        """Graded from the search (1 to 5): see :func:`grade`."""
        return prove(p).difficulty

    def difficulty_reasons(self, p: Puzzle) -> list[str]:
        """Not the one-trick measures: an ending is graded from the solver's search (:func:`grade`)."""
        return []

    def trainer_answers(self, p: Puzzle) -> list[list[str]]:
        """One card a step, in order: the line the solver proves."""
        return [[card] for card in self.solve(p)]

    # --- showing ------------------------------------------------------------------------------------

    def goal_sentence(self, p: Puzzle, pos: Position) -> str:
        """The goal in words, with the figures of the position."""
        s = _setup(p)
        if s.goal == "bid":
            return f"Your side bid {p.bid}: make it"
        if s.goal == "set":
            return f"Seat {(s.bidder or 0) + 1} bid {p.bid}: set the bid"
        return "Take as many points as the position allows"

    def facts(self, p: Puzzle) -> list[Fact]:
        pos = puzzle_position(p)
        s = _setup(p)
        you = pos.to_move
        r = p.rules
        out: list[Fact] = [("Trump", parse_trump(p.trump, r.deck).label), ("Goal", self.goal_sentence(p, pos))]
        fmt = pos.format
        sides = [f"{'your side' if you in team else 'seats ' + ' and '.join(str(x + 1) for x in team)} "
                 f"{sum(pos.taken[x] for x in team)}" for team in fmt.teams]
        out.append(("Points so far", ", ".join(sides)))
        if p.discards:
            out.append(("Discarded from the kitty", _card_list(p.cards(p.discards))))
        for seat, hand in enumerate(pos.hands):
            out.append((seat_name(pos, seat, you), _card_list(hand)))
        played = [f"{c} ({_short_seat(pos, (pos.leader + k) % pos.players, you)})" for k, c in enumerate(pos.trick)]
        if played:
            out.append(("The trick so far", ", ".join(played)))
        else:
            out.append(("You lead", None))
        if pos.pile:
            out.append(("The drawing pile, from the top", _card_list(pos.pile)))
        if len(p.answer) > 1:
            out.append((f"Play {len(p.answer)} cards: one now, and one at each of your next turns", None))
        return out

    def lead_line(self, p: Puzzle) -> str:
        return "You lead." if not p.trick else ""

    # --- the trainer record ------------------------------------------------------------------------

    def trainer(self, p: Puzzle) -> dict[str, Any]:
        """The trainer record (develop/architecture.md): one step per decision, with every refutation's line."""
        proof = prove(p)
        r = p.rules
        s = _setup(p)
        total = sum(puzzle_position(p).taken) + proof.remaining  # the points of the deal: taken and to come
        steps = []
        for k, step in enumerate(proof.steps):
            pos = step.position
            table = {
                "trump": p.trump, "trump_label": parse_trump(p.trump, r.deck).label,
                "players": pos.players, "you": proof.you,
                "hands": [[str(c) for c in h] for h in pos.hands],
                "trick": [{"seat": (pos.leader + i) % pos.players, "card": str(c)} for i, c in enumerate(pos.trick)],
                "leader": pos.leader,
                "pile": [str(c) for c in pos.pile],
                "taken": list(pos.taken),
                "teams": [list(team) for team in pos.format.teams],
                "goal": self.goal_sentence(p, pos),
                "bid": p.bid if s.goal in ("bid", "set") else None,
                "bidder": s.bidder,
                "total": total,
                "barred": self._barred(p, pos, step.legal),
                "facts": [[label, value] for label, value in (self.facts(p) if k == 0 else self._step_facts(p, pos))
                          if value is not None],
            }
            steps.append({
                "question": p.question if k == 0 else "Your turn again. Which card now?",
                "pick": self.pick, "offer": self.offer, "offer_heading": self.offer_heading,
                "table": table, "single": True,
                "choices": [{"value": c, "label": c} for c in step.legal],
                "answer": [step.answer],
                "hint": p.hint,
                "solution": f"{p.explanation} The engine: {outcome(proof)}",
                "citation": None,
                "refutations": {
                    x.card: {"text": (f"{x.card} gives up {x.cost} point{'s' if x.cost != 1 else ''} against best "
                                      f"defence: {line_text(x.line, pos, proof.you)}"),
                             "why": x.why,
                             "cost": x.cost,
                             "line": [play.to_json() for play in x.line]}
                    for x in step.refutations},
                "reply": [{"seat": play.seat, "card": str(play.card)} for play in step.reply[1:]]
                if k + 1 < len(proof.steps) else [],
                # The play from the answer to the reader's next turn, each trick's taker and points.
                "played": [play.to_json() for play in step.reply] if k + 1 < len(proof.steps) else [],
            })
        return {
            "id": p.id, "kind": self.name, "title": p.title, "heading": p.heading, "ruleset": r.id,
            "ruleset_name": r.short_name,
            "format": puzzle_position(p).format.id, "themes": [p.theme],
            "theme_names": [p.theme_name or p.theme],
            "difficulty": proof.difficulty,
            "source": (f"seed {s.seed}, after {s.played} cards played by the heuristic bots"
                       + (f", trump named for the bidder: {parse_trump(p.trump, r.deck).label}" if s.names_trump else
                          f" (somerset play --rules {r.id} --seed {s.seed})") if s.seed is not None else ""),
            "steps": steps,
        }

    def _barred(self, p: Puzzle, pos: Position, legal: tuple[str, ...]) -> list[dict[str, object]]:
        """The reader's cards that may not be played now, each with why and the rule's citation (the
        rules' own answer, which must leave exactly the solver's legal cards)."""
        you = pos.to_move
        plays = legal_plays(p.rules, pos.trump, pos.hands[you], pos.trick, first_trick=pos.first_lead)
        if sorted(str(c) for c in plays.legal) != sorted(legal):
            raise PuzzleProofError(f"the rules allow {', '.join(str(c) for c in plays.legal)} but the solver played "
                                   f"{', '.join(legal)}")
        return [i.to_json() for i in plays.illegal]

    def _step_facts(self, p: Puzzle, pos: Position) -> list[Fact]:
        you = pos.to_move
        fmt = pos.format
        sides = [f"{'your side' if you in team else 'seats ' + ' and '.join(str(x + 1) for x in team)} "
                 f"{sum(pos.taken[x] for x in team)}" for team in fmt.teams]
        out: list[Fact] = [("Trump", parse_trump(p.trump, p.rules.deck).label), ("Goal", self.goal_sentence(p, pos)),
                           ("Points so far", ", ".join(sides))]
        out += [(seat_name(pos, seat, you), _card_list(hand)) for seat, hand in enumerate(pos.hands)]
        if pos.trick:
            out.append(("The trick so far", ", ".join(f"{c} ({_short_seat(pos, (pos.leader + k) % pos.players, you)})"
                                                      for k, c in enumerate(pos.trick))))
        if pos.pile:
            out.append(("The drawing pile, from the top", _card_list(pos.pile)))
        return out
