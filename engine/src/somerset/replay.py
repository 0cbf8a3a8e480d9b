"""Step-by-step replays of the sources' worked examples, with commentary from the engine.

Each step has a short label, the state shown at that point, and a sentence. The browser's
replayer walks the steps forward and back; the static page lists them.
"""

from __future__ import annotations

import re
from typing import Any

from .bidding import Auction, parse_call
from .cards import Card, parse_cards, parse_trump
from .examples import WORKED_AUCTIONS, WORKED_SCORES, WORKED_TRICKS, WorkedAuction, WorkedScore, WorkedTrick
from .play import led_suit, rover_active, trick_verdict
from .rules import Ruleset
from .rulesets import get_ruleset
from .scoring import score_deal

__all__ = ["example_ids", "replay", "examples_for"]

_SEATS = ("the first player", "the second player", "the third player", "the fourth player",
          "the fifth player", "the sixth player", "the seventh player", "the eighth player")
_BIDDERS = ("the dealer's left", "the second player", "the third player", "the dealer")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _id(example: WorkedTrick | WorkedScore | WorkedAuction) -> str:
    if isinstance(example, WorkedTrick):
        return f"trick-{example.trump}-{_slug(example.cards)}"
    if isinstance(example, WorkedScore):
        return f"score-{example.bid}-{example.made}-{example.against}"
    return f"auction-{_slug('-'.join(example.calls))}"


_Example = WorkedTrick | WorkedScore | WorkedAuction
_EXAMPLES: list[_Example] = [*WORKED_TRICKS, *WORKED_SCORES, *WORKED_AUCTIONS]
_ALL: dict[str, _Example] = {_id(x): x for x in _EXAMPLES}


def example_ids() -> list[str]:
    return list(_ALL)


def examples_for(ruleset_id: str) -> list[str]:
    return [i for i, x in _ALL.items() if ruleset_id in x.rulesets]


def _card_note(r: Ruleset, trump: Any, played: tuple[Card, ...], card: Card) -> str:
    if not played:
        what = "a trump" if trump.is_trump(card) else ("the Rover" if card.is_rover else f"the /{card.suit} suit")
        return f"{card} is led: {what}."
    suit = led_suit((*played, card), trump)
    rover_in = any(c.is_rover for c in played) and rover_active(r, trump)
    if card.is_rover and not trump.is_zero:
        return f"{card}, the Rover: with no trump in the trick, it makes every double a trump for this trick."
    if suit is not None and (card.suit == suit or (card.is_ss and trump.suit == suit)):
        return f"{card} follows suit."
    if trump.is_trump(card):
        return f"{card} is a trump, played by a player with none of the suit led."
    if card.is_double and rover_in:
        return f"{card} is a double played after the 0/0: for this trick it counts as a trump."
    return f"{card} is a discard from a player with none of the suit led" + (
        "; it is a double, which matters if the 0/0 is played." if card.is_double else "."
    )


def replay(example_id: str, ruleset_id: str | None = None) -> dict[str, Any]:
    """The steps of one worked example under one of the rulesets that state it."""
    if example_id not in _ALL:
        raise ValueError(f"'{example_id[:40]}' is not a worked example")
    example = _ALL[example_id]
    rid = ruleset_id or example.rulesets[0]
    if rid not in example.rulesets:
        raise ValueError(f"the example {example_id} is not stated by {rid}; it is stated by {', '.join(example.rulesets)}")
    r = get_ruleset(rid)
    steps: list[dict[str, Any]] = []
    if isinstance(example, WorkedTrick):
        trump = parse_trump(example.trump, r.deck)
        cards = parse_cards(example.cards, r.deck)
        steps.append({"label": "Trump", "cards": [], "text": f"Trump is {trump.label}."
                      + (f" {example.note}" if example.note else "")})
        for i, card in enumerate(cards):
            steps.append({"label": f"{_SEATS[i].capitalize()} plays", "cards": [str(c) for c in cards[: i + 1]],
                          "text": _card_note(r, trump, cards[:i], card)})
        v = trick_verdict(r, trump, cards)
        steps.append({"label": "The trick", "cards": [str(c) for c in cards], "winner": v.winner,
                      "text": f"{v.card} takes the trick, as the source says. {v.reason}",
                      "citation": example.citation.to_json()})
        title = f"Trump {trump.label}: {', '.join(str(c) for c in cards)}"
    elif isinstance(example, WorkedAuction):
        fmt = r.partnership_format()
        auction = Auction(r.bidding.value, fmt.players, fmt.points_per_deal)
        calls: list[str] = []
        for text in example.calls:
            call = parse_call(text)
            who = _BIDDERS[auction.to_act or 0]
            high = auction.high
            auction.do(call)
            calls.append(str(call))
            if call.is_pass:
                note = f"{who.capitalize()} passes" + (" (and may still bid later)." if not auction.is_over else ".")
            elif high is None:
                note = f"{who.capitalize()} opens the bidding at {call}."
            else:
                note = f"{who.capitalize()} bids {call}, over {high[1]}."
            steps.append({"label": f"Call {len(calls)}", "calls": list(calls), "text": note})
        assert auction.high is not None
        steps.append({"label": "Result", "calls": list(calls),
                      "text": f"Everyone else has passed the high bid: {_BIDDERS[auction.high[0]]} wins the bid at "
                      f"{auction.high[1]} and names trump.", "citation": example.citation.to_json()})
        title = "Auction: " + ", ".join(example.calls)
    else:
        sc = score_deal(r, example.bid, example.made, example.against, example.format)
        steps.append({"label": "The deal", "text": f"The bid was {example.bid}. The bidder's side took {example.made} "
                      f"points and the other side {example.against}."})
        steps.append({"label": "Made or set", "text": ("Set: " if sc.set else "Made: ") + sc.reason})
        steps.append({"label": "Score", "bidder_side": sc.bidder_side, "opponents": sc.opponents,
                      "text": f"The bidder's side scores {sc.bidder_side:+d}, the other side {sc.opponents:+d}, as the "
                      "source says.", "citation": example.citation.to_json()})
        title = f"Bid {example.bid}, {example.made} to {example.against}"
    return {"id": example_id, "ruleset": r.id, "ruleset_name": r.short_name, "title": title, "steps": steps}
