"""Mining hands for bidding puzzles: ``python -m somerset_tools.call_mine RULESET [--hands N] [--seed S]``.

Deals ``--hands`` random hands for the dealer's seat (seeded) and asks the bidding kinds of
:mod:`somerset.teaching.call_puzzles` about each: a ``call`` puzzle (pass or the lowest bid, after
every other player passed) and a ``trump`` puzzle (every trump, at the lowest bid). A hand is
printed when the kind proves an answer: the answer and the engine's figures, for a person to
choose from and write up (title, hint and explanation are theirs).
"""

from __future__ import annotations

import argparse
import random
from typing import Iterator

from somerset.game.deal import Deal
from somerset.rules.dimensions import UndealtKind
from somerset.rules.rulesets import get_ruleset
from somerset.teaching.call_puzzles import PASS, CallSetup, trumps_of
from somerset.teaching.puzzle_kinds import PUZZLE_KINDS, PuzzleProofError
from somerset.teaching.puzzle_base import Puzzle

__all__ = ["candidates", "main"]


def _puzzle(ruleset: str, kind: str, hand: str, setup: CallSetup) -> Puzzle:
    return Puzzle(id=f"mined-{kind}", title="mined", ruleset=ruleset, theme="bidding", kind=kind,
                  kind_of=PUZZLE_KINDS[kind], question="?", hint="-", explanation="-", answer=(), hand=hand, setup=setup)


def candidates(ruleset: str, hands: int, seed: int = 1) -> Iterator[tuple[str, str, str, str]]:
    """(kind, hand, answer, the engine's figures) for every mined hand with a proven answer."""
    r = get_ruleset(ruleset)
    fmt = r.partnership_format()
    d = Deal(r, fmt.id, dealer=0)
    pack = [d.setup.index.cards[i] for i in d.setup.in_play]
    rng = random.Random(seed)
    low = r.bidding.value.minimum
    passes = tuple("pass" for _ in range(fmt.players - 1))
    trumps = tuple(t.label for t in trumps_of(r, fmt))
    shown = fmt.undealt if d.setup.undealt_kind is UndealtKind.FACE_UP else 0
    for _ in range(hands):
        cards = rng.sample(pack, fmt.hand_size + shown)
        hand = " ".join(str(c) for c in sorted(cards[:fmt.hand_size], key=lambda c: c.sort_key()))
        face_up = " ".join(str(c) for c in sorted(cards[fmt.hand_size:], key=lambda c: c.sort_key()))
        for kind, setup in (("call", CallSetup(passes, (PASS, f"Bid {low}"), 0, face_up, 1)),
                            ("trump", CallSetup(passes, trumps, low, face_up, 1))):
            p = _puzzle(r.id, kind, hand, setup)
            k = PUZZLE_KINDS[kind]
            try:
                answer = k.solve(p)[0]
            except PuzzleProofError:
                continue
            yield kind, f"{hand} | face up: {face_up}" if face_up else hand, answer, k.detail(p, (answer,))


def main(argv: list[str] | None = None) -> None:
    """Print the mined hands of a ruleset with their proven answers and figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("ruleset")
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    for kind, hand, answer, figures in candidates(a.ruleset, a.hands, a.seed):
        print(f"{kind}\t{hand}\t{answer}\n    {figures}")


if __name__ == "__main__":
    main()
