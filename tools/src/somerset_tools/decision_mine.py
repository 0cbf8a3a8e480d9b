"""Find seeds for a guided deal with a decision: a card that loses the contract if played now.

For each seed, the deal is played at Play a deal's table (:func:`somerset.players.table.table_deal`),
the reader's seat played by the heuristic bot (the natural move). The reader's side must win the
bid. At each of the reader's cards with at most ``--cards`` left in hand, the solver (every card in
view) values every legal card; a decision is reported where some card makes the bid and the card
the heuristic bot would play sets it, with the reader's moves up to it and each card's points.

    python -m somerset_tools.decision_mine --ruleset parker-1947 --seeds 1-1500
"""

from __future__ import annotations

import argparse

from somerset.game.deal import Phase
from somerset.players.roster import make_bots
from somerset.players.table import READER, table_deal
from somerset.solve import position_of_deal, solve


def mine(ruleset: str, seed: int, cards: int, nodes: int) -> str | None:
    """The seed's first decision (see the module's notes) as a line, when the deal then makes its bid;
    else None. At the decision the reader plays the first card that makes the bid, and the count of
    other natural cards the solver finds weaker comes with the line."""
    moves: list[str] = []
    natural = make_bots("heuristic", 4, seed)[READER]
    found = ""
    weaker = 0  # the reader's natural cards, other than the decision, that the solver finds weaker
    while True:
        deal, _, problem = table_deal(ruleset, None, seed, moves)
        if problem is not None:
            return None
        if deal.is_terminal():
            made = deal.team_points()[deal.team_of[READER]] >= (deal.bid_to_make or deal.bid or 0)
            return f"{found}; weaker elsewhere: {weaker}" if found and made else None
        if deal.phase is Phase.PLAY and deal.declarer is not None:
            if deal.declarer != READER or deal.auction is None or any(s == 2 and not c.is_pass for s, c in deal.auction.calls):
                return None  # the reader is the bidder, and the partner did not bid against him
            hand = deal.hand(READER)
            if len(hand) <= cards:
                sol = solve(position_of_deal(deal), nodes=nodes)
                have = deal.team_points()[deal.team_of[READER]]
                need = deal.bid_to_make or deal.bid or 0
                if sol.exact:
                    values = {str(v.card): v.low for v in sol.cards}
                    pick = str(natural.act(deal)).removeprefix("play ")
                    makes = [c for c, v in values.items() if have + v >= need]
                    if makes and pick in values and have + values[pick] < need and not found:
                        found = (f"seed {seed}: bid {need}, have {have}, {len(hand)} cards; moves {moves}; natural {pick} "
                                 f"sets; makes {makes}; values {values}")
                        moves.append(f"play {makes[0]}")
                        continue
                    if pick in values and values[pick] < max(values.values()):
                        weaker += 1
        moves.append(str(natural.act(deal)))


def main() -> None:
    """The command line: print each seed of the range with a decision."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="parker-1947")
    ap.add_argument("--seeds", default="1-100", help="a range, first-last")
    ap.add_argument("--cards", type=int, default=6, help="judge the reader's cards from this many in hand")
    ap.add_argument("--nodes", type=int, default=2_000_000)
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split("-"))
    for seed in range(lo, hi + 1):
        found = mine(a.ruleset, seed, a.cards, a.nodes)
        if found:
            print(found, flush=True)


if __name__ == "__main__":
    main()
