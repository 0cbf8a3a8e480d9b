"""Mining seeded deals for ending puzzles: ``somerset puzzles mine --rules R --seeds A..B``.

Each seed is dealt as ``somerset play`` deals it, and the heuristic bots play it. At every turn
where the hands hold few enough cards for the solver (``--cards``), the position is valued card
by card. A position is kept when exactly one legal card reaches the goal and every other card
gives up at least ``--gap`` points (goal ``most``), or when exactly one card makes (or sets) the
bid. It is then extended, one of the reader's turns at a time, for as long as each turn still has
exactly one best card (up to ``--steps``). Each kept position is written as a ``[[puzzle]]`` table
with its source (seed and cards played), a theme chosen from what the position holds, and a
hint and explanation worked out from the proof; a person curates them into the content files.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from somerset.rules.cards import parse_trump
from somerset.teaching.ending_puzzles import EndingSetup, Proof, PuzzleProofError, prove
from somerset.game.precompute import trick_tables
from somerset.teaching.puzzle_base import Puzzle
from somerset.teaching.puzzle_kinds import PUZZLE_KINDS
from somerset.rules.dimensions import Ruleset

__all__ = ["mine", "candidate_toml", "theme_of"]


def _positions(r: Ruleset, fmt_id: str, seed: int, max_cards: int, trump: str | None
               ) -> Iterator[tuple[int, object]]:
    """(cards played, deal) at every turn of the play where the hands hold at most ``max_cards``."""
    from somerset.players.roster import make_bots
    from somerset.players.autoplay import MAX_REDEALS
    from somerset.game.deal import Phase, new_deal
    from somerset.game.rng import deal_seed

    fmt = r.format(fmt_id)
    for i in range(MAX_REDEALS + 1):
        s = deal_seed(seed, i)
        deal = new_deal(r, fmt.id, s, i % fmt.players)
        bots = make_bots("heuristic", fmt.players, s)
        while not deal.is_terminal():
            if trump is not None and deal.phase is Phase.TRUMP:
                if f"trump {trump}" not in [str(a) for a in deal.legal_actions()]:
                    break  # this ruleset or format does not let the bidder name it
                deal.apply(f"trump {trump}")
                continue
            if (deal.phase is Phase.PLAY and deal.trump is not None and deal.tricks
                    and len(deal.hand(deal.current_player)) + len(deal.pile) // fmt.players <= max_cards):
                yield len(deal.played_cards()), deal
            deal.apply(deal.chance_outcome() if deal.is_chance() else bots[deal.current_player].act(deal))
        if not deal.passed_out:
            return


def theme_of(p: Puzzle, proof: Proof) -> str:
    """The theme a mined position shows best: the rule of its ruleset that the position turns on."""
    r = p.rules
    pos = proof.steps[0].position
    cards = [c for h in pos.hands for c in h] + list(pos.trick)
    if pos.pile:
        return "pile"
    if p.trump == "0":
        return "zero-trump"
    if p.trump == "nt":
        return "no-trump"
    if p.discards:
        return "kitty"
    if any(c.is_rover for c in cards) and trick_tables(r, pos.trump).rover_on:
        return "bgg-rover" if r.id == "boardgamegeek" else "rover"
    if any(c.is_ss for c in cards):
        return "trumps"
    return "endings"


def mine(r: Ruleset, fmt_id: str | None, seeds: range, *, max_cards: int = 5, min_cards: int = 3, gap: int = 2,
         steps: int = 3, trump: str | None = None) -> Iterator[tuple[Puzzle, Proof]]:
    """Candidate puzzles from the deals of ``seeds``: at most one per deal (the earliest found). With
    ``trump``, the high bidder names it instead of the bot's choice (deals where it cannot are skipped)."""
    fmt = r.format(fmt_id)
    for seed in seeds:
        for played, deal in _positions(r, fmt.id, seed, max_cards, trump):
            d = deal  # a Deal
            if len(d.hand(d.current_player)) < min_cards:  # type: ignore[attr-defined]
                continue
            found = _try(r, fmt.id, seed, played, d, gap, steps, trump is not None)
            if found is not None:
                yield found
                break


def _try(r: Ruleset, fmt_id: str, seed: int, played: int, d: object, gap: int, steps: int, named: bool
         ) -> tuple[Puzzle, Proof] | None:
    from somerset.game.deal import Deal

    assert isinstance(d, Deal)
    n = d.players
    bidder = d.declarer
    bid = d.bid_to_make
    mover = d.current_player
    goals = ["most"]
    if bidder is not None and bid:
        same = d.team_of[bidder] == d.team_of[mover]
        goals = ["bid" if same else "set", "most"] if same or len(d.format.teams) == 2 else ["most"]
    base = Puzzle(
        id=f"mined-{r.id}-{seed}", title="", ruleset=r.id, theme="endings", kind="ending", kind_of=PUZZLE_KINDS["ending"],
        question="", hint="", explanation="", answer=("?",), trump=str(d.trump),
        trick=" ".join(str(c) for c in d.current_trick), format=fmt_id,
        bid=bid or 0, discards=" ".join(str(c) for c in d.discards))
    for goal in goals:
        pile = " ".join(str(d.pack.cards[i]) for i in d.pile)
        setup = EndingSetup(tuple(" ".join(str(c) for c in d.hand(s)) for s in range(n)), d.leader, pile,
                            tuple(d.points()), goal, bidder if goal != "most" else None, seed, played, named)
        p = replace(base, setup=setup, bid=base.bid if goal != "most" else 0)
        try:
            proof = prove(p)
        except PuzzleProofError:
            continue
        if goal == "most" and min(x.cost for x in proof.steps[0].refutations) < gap:
            continue
        for k in range(2, steps + 1):
            try:
                longer = prove(replace(p, answer=("?",) * k))
            except PuzzleProofError:
                break
            p, proof = replace(p, answer=("?",) * k), longer
        return replace(p, answer=tuple(s.answer for s in proof.steps)), proof
    return None


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def describe_goal(goal: str, bid: int) -> str:
    return {"most": "Take all you can", "bid": f"Make {bid}", "set": f"Set the {bid} bid"}[goal]


def hint_of(p: Puzzle, proof: Proof) -> str:
    """A hint from the proof: where the cheapest wrong card goes wrong, without naming the answer."""
    first = proof.steps[0]
    near = min(first.refutations, key=lambda x: (x.cost, x.card))
    if near.depth <= 1:
        return "Look at who takes the trick in progress, and what falls to it."
    return f"The play that looks natural goes wrong only {near.depth - 1} trick{'s' if near.depth > 2 else ''} later."


def explanation_of(p: Puzzle, proof: Proof) -> str:
    """Why the answer is right, from the proof's figures."""
    first = proof.steps[0]
    pos = first.position
    side_taken = sum(pos.taken[s] for s in proof.side)
    costs = ", ".join(f"{x.card} {x.cost}" for x in first.refutations)
    line = " then ".join(s.answer for s in proof.steps)
    return (f"Playing {line} keeps {first.points} of the {proof.remaining} points still to come for your side "
            f"({side_taken + first.points} in the deal) against any defence. What each other card gives up: {costs}.")


def candidate_toml(p: Puzzle, proof: Proof, theme: str) -> str:
    """A mined puzzle as a ``[[puzzle]]`` table, ready to curate into a content file."""
    s = p.setup
    assert isinstance(s, EndingSetup)
    r = p.rules
    trump = parse_trump(p.trump, r.deck)
    title = f"{describe_goal(s.goal, p.bid)}: {trump.label}, {len(proof.steps[0].position.hands[proof.you])} cards"
    lines = ["[[puzzle]]", f'id = "{r.id}{"-" + p.format if p.format and p.format != r.format().id else ""}-{s.seed}"', f"title = {_quote(title)}", f'ruleset = "{r.id}"']
    if p.format:
        lines.append(f'format = "{p.format}"')
    lines += [f'theme = "{theme}"', 'kind = "ending"', f'goal = "{s.goal}"']
    if s.goal != "most":
        lines += [f"bid = {p.bid}", f"bidder = {(s.bidder or 0) + 1}"]
    if p.discards:
        lines.append(f'discards = "{p.discards}"')
    lines += [f'trump = "{p.trump}"', "hands = [" + ", ".join(_quote(h) for h in s.hands) + "]",
              f"leader = {s.leader + 1}"]
    if p.trick:
        lines.append(f'trick = "{p.trick}"')
    if s.pile:
        lines.append(f'pile = "{s.pile}"')
    lines += ["taken = [" + ", ".join(str(t) for t in s.taken) + "]",
              f'answer = "{", ".join(p.answer)}"',
              f"hint = {_quote(hint_of(p, proof))}", f"explanation = {_quote(explanation_of(p, proof))}",
              f"seed = {s.seed}", f"played = {s.played}"]
    if s.names_trump:
        lines.append("names_trump = true")
    return "\n".join(lines) + "\n"
