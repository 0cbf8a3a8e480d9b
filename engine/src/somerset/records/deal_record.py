"""The record of a deal: readable text in the spirit of PGN and PBN (header tags, then one line per
part of the deal: hands, auction, trump, tricks, points, result, score), with a JSON form.

:func:`parse_record` reads a record and checks it line by line (a wrong line raises
:class:`RecordError` naming it); :func:`record_of` writes the record of a :class:`Deal`, and
``str(parse_record(text)) == text`` for every record written here. :func:`body_lines` and
:func:`parse_body` write and read one deal's lines, for a game's record (:mod:`.game_record`).
The format, what is checked, and the lines for a revoke or a misdeal: develop/architecture.md,
"The deal record".
"""


from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import Card
from ..game.actions import Action, ActionKind, parse_action
from ..game.deal import Deal, Phase
from ..rules.errors import RulesError
from ..rules.limits import excerpt
from ..rules.penalties import charge_revokes
from ..rules.dimensions import Declaration, PileKind
from ..game.views import deal_summary
from .common import RecordError, _apply, _cards, _expect, _number, _quote, _read_head, _signed, _sorted, _tag_setup

__all__ = ["DealRecord", "record_of", "body_lines", "parse_body", "parse_record"]


@dataclass
class DealRecord:
    """The tags of a deal and the actions taken in it (chance steps included)."""

    tags: dict[str, str]
    actions: list[str] = field(default_factory=list)
    revokes: list[int] = field(default_factory=list)  # seats charged with a revoke found too late

    # --- the deal ------------------------------------------------------------------------

    def new_deal(self) -> Deal:
        """A fresh deal from the record's tags (ruleset, options, format, dealer, seed), before any action."""
        ruleset, format_id, dealer, seed = _tag_setup(self.tags)
        return Deal(ruleset, format_id, dealer=dealer, seed=seed)

    def replay(self) -> Deal:
        """The deal this record describes, rebuilt by applying every action."""
        deal = self.new_deal()
        for text in self.actions:
            deal.apply(parse_action(text, deal.pack))
        return deal

    # --- writing -------------------------------------------------------------------------

    def __str__(self) -> str:
        deal = self.replay()
        head = "\n".join(f'[{k} "{_quote(v)}"]' for k, v in self.tags.items())
        body = "\n".join(body_lines(deal, self.revokes))
        return head + "\n\n" + body + "\n" if body else head + "\n"

    def score(self) -> list[int]:
        """The deal's score changes, with any revoke charged."""
        deal = self.replay()
        return charge_revokes(deal.ruleset, deal.format, deal.score_changes(), self.revokes)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON: its tags, its actions, a summary of the deal and its text."""
        deal = self.replay()
        out: dict[str, Any] = {"tags": dict(self.tags), "actions": list(self.actions), "deal": deal_summary(deal),
                               "text": str(self)}
        if self.revokes:
            out["revokes"] = list(self.revokes)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealRecord:
        """Read the JSON of :meth:`to_json` back (checked by replaying it)."""
        tags = data.get("tags") if isinstance(data, dict) else None
        actions = data.get("actions", []) if isinstance(data, dict) else None
        if not isinstance(tags, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
            raise RecordError("'tags' must be an object of text values")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("'actions' must be a list of action texts")
        revokes = data.get("revokes", [])
        if not isinstance(revokes, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in revokes):
            raise RecordError("'revokes' must be a list of seats")
        rec = cls(dict(tags), list(actions), list(revokes))
        try:
            rec.score()
        except RecordError:
            raise
        except ValueError as e:  # an action that cannot be read or is not allowed, a revoke not charged
            raise RecordError(str(e)) from e
        return rec


def record_of(deal: Deal, extra_tags: dict[str, str] | None = None) -> DealRecord:
    """The record of a deal. Seeded deals keep their seed; dealt-by-hand deals keep the deal action."""
    tags: dict[str, str] = {"Ruleset": deal.ruleset.id}
    if deal.ruleset.option_applied:
        tags["Options"] = " ".join(deal.ruleset.option_applied)
    tags["Format"] = deal.format.id
    tags["Dealer"] = str(deal.dealer)
    seeded = any(a.kind is ActionKind.SHUFFLE for a in deal.history)
    if seeded and deal.seed is not None:
        tags["Seed"] = str(deal.seed)
    tags.update(extra_tags or {})
    return DealRecord(tags, [str(a) for a in deal.history])


def body_lines(deal: Deal, revokes: list[int] | tuple[int, ...] = ()) -> list[str]:
    """The lines of a deal after its tags (``revokes``: seats charged with a revoke found too late)."""
    lines: list[str] = []
    if deal.trump_card is not None:
        lines.append(f"Drawn: {deal.trump_card}")
    if deal.phase in (Phase.DEAL, Phase.DRAW_TRUMP):
        return lines
    for seat, hand in enumerate(deal.dealt):
        lines.append(f"Hand {seat}: " + " ".join(str(c) for c in _sorted(hand)))
    if deal.undealt:
        name = "Pile" if deal.format.pile is not PileKind.NONE else "Undealt"
        lines.append(f"{name}: " + " ".join(str(c) for c in deal.undealt))
    if deal.auction is not None and deal.auction.calls:
        lines.append("Auction: " + " ".join(str(c) for _, c in deal.auction.calls))
    if deal.passed_out:
        lines.append("Result: all passed, no play")
        return lines
    if deal.discards:
        lines.append("Discard: " + " ".join(str(c) for c in deal.discards))
    if deal.trump is not None:
        how = ""
        if deal.trump_by_lead:
            how = " (first lead)"
        elif deal.ruleset.declaration.value is Declaration.DRAWN:
            how = " (drawn)"
        lines.append(f"Trump: {deal.trump}{how}")
    for k, t in enumerate(deal.tricks, 1):
        line = f"Trick {k}: [{t.leader}] " + " ".join(str(c) for c in t.cards) + f" -> {t.winner}"
        if t.draws:
            line += " draws " + " ".join(f"{s}:{c}" for s, c in t.draws)
        lines.append(line)
    if deal.trick:
        lines.append(f"Trick {len(deal.tricks) + 1}: [{deal.leader}] " + " ".join(str(c) for c in deal.current_trick))
    lines += [f"Revoke: {seat}" for seat in revokes]
    if deal.is_terminal():
        lines.append("Points: " + " ".join(str(p) for p in deal.points()))
        if deal.declarer is None:
            lines.append("Result: no bidding, each side scores its tricks")
        else:
            took = deal.team_points()[deal.team_of[deal.declarer]]
            bid_text = f"{deal.bid}" if deal.bid == deal.bid_to_make else f"{deal.bid} (raised to {deal.bid_to_make})"
            lines.append(f"Result: {deal.declarer} bid {bid_text} and took {took}: {'made' if deal.made else 'set'}")
        score = charge_revokes(deal.ruleset, deal.format, deal.score_changes(), revokes)
        lines.append("Score: " + " ".join(_signed(s) for s in score))
    return lines


_TRICK = re.compile(r"Trick (\d{1,3}): \[(\d{1,2})\]((?: \S+)+?)(?: -> (\d{1,2})((?: draws(?: \d{1,2}:\S+)+))?)?", re.ASCII)
#: The lines the engine works out from the play: each must be exactly the line the engine writes.
_DERIVED = ("Points", "Result", "Score", "Trump")


def parse_body(deal: Deal, tags: dict[str, str], lines: list[tuple[int, str]],
               revokes: list[int] | None = None) -> list[str]:
    """Apply the body lines of a record to ``deal`` (fresh from its tags); return the actions.

    Every line is checked as it is read: a hand against the seed (each hand line present, whichever
    they are), the undealt cards, each trick's leader, winner and cards drawn, and at the end the
    derived lines (points, result, score, a trump worked out from the play). With a seed
    (``deal.seed``), the chance steps come from it; without one, the hand lines make the deal.
    ``tags`` are the record's (or, in a game record, the deal's); the body is read from the deal
    they made. The seats of ``Revoke`` lines are added to ``revokes`` (and charged in the score)."""
    start = len(deal.history)
    seeded = deal.seed is not None
    players = deal.players
    hands: list[list[Card]] = []  # the hands given, without a seed
    undealt: list[Card] | None = None
    last_hand = -1

    def ensure_dealt(line: int) -> None:
        if not deal.is_chance():
            return
        if seeded:
            while deal.is_chance():
                deal.apply(deal.chance_outcome())
            return
        _expect(deal.phase is not Phase.DRAW_TRUMP, "the card drawn for trump comes first: write 'Drawn: card'", line)
        complete = len(hands) == players and (undealt is not None or deal.format.undealt == 0)
        _expect(complete, f"the deal needs {players} hand lines" + (" and the undealt cards" if deal.format.undealt else ""), line)
        action = Action.deal(hands, undealt or [])
        why = deal.can(action)
        if why is not None:
            raise RecordError(f"the deal is not possible: {why}", line)
        deal.apply(action)

    for no, raw in lines:
        text = raw.strip()
        if not text:
            continue
        key, sep, rest = text.partition(":")
        rest = rest.strip()
        if not sep:
            raise RecordError(f"'{excerpt(text)}' is not a record line (Hand, Undealt, Auction, Trump, Trick ...)", no)
        if key == "Drawn":
            drawn = _cards(rest, deal, no)
            _expect(len(drawn) == 1, "write the one card drawn for trump, such as 'Drawn: 3/5'", no)
            if seeded and deal.phase is Phase.DRAW_TRUMP:
                deal.apply(deal.chance_outcome())
                _expect(deal.trump_card == drawn[0], f"the seed draws {deal.trump_card}, not {drawn[0]}", no)
            else:
                _apply(deal, Action.draw(drawn[0]), no)
        elif key.startswith("Hand "):
            seat = _number(key[5:], 2)
            _expect(seat is not None and seat < players,
                    f"'{excerpt(key)}' is not a seat: the seats are Hand 0 to Hand {players - 1}", no)
            assert seat is not None
            _expect(seat > last_hand, f"the hand lines go in seat order, each once: Hand {seat} comes too late", no)
            last_hand = seat
            cards = _cards(rest, deal, no)
            if seeded:
                ensure_dealt(no)
                _expect(_sorted(cards) == _sorted(deal.dealt[seat]), f"hand {seat} is not the hand seed {deal.seed} deals", no)
            else:
                _expect(deal.is_chance() and seat == len(hands), f"expected Hand {len(hands)}", no)
                hands.append(cards)
        elif key in ("Undealt", "Pile"):
            name = "Pile" if deal.format.pile is not PileKind.NONE else "Undealt"
            _expect(key == name, f"the cards left after the deal are written '{name}: ...' in {deal.format.label}", no)
            cards = _cards(rest, deal, no)
            if seeded:
                ensure_dealt(no)
                _expect(tuple(cards) == deal.undealt, f"the {name.lower()} cards are not those seed {deal.seed} leaves", no)
            else:
                _expect(undealt is None and deal.is_chance(), f"the {name.lower()} cards are given once, after the hands", no)
                undealt = cards
                ensure_dealt(no)
        elif key == "Auction":
            ensure_dealt(no)
            for call in rest.split():
                points = _number(call, 3)
                _expect(call == "pass" or points is not None,
                        f"'{excerpt(call)}' is not a call: write a number of points such as 15, or pass", no)
                _apply(deal, Action.bid(points) if points is not None else "pass", no)
        elif key == "Discard":
            ensure_dealt(no)
            _apply(deal, f"discard {rest}", no)
        elif key == "Trump":
            ensure_dealt(no)
            token, _, how = rest.partition(" ")
            if how in ("(first lead)", "(drawn)"):
                continue  # worked out from the play; checked at the end
            _expect(not how, f"write the trump alone, such as 'Trump: 8', not '{excerpt(rest)}'", no)
            _apply(deal, f"trump {token}", no)
        elif key.startswith("Trick "):
            ensure_dealt(no)
            m = _TRICK.fullmatch(text)
            if not m:
                raise RecordError(f"'{excerpt(text)}' is not a trick: write Trick 1: [leader] cards -> winner", no)
            number = len(deal.tricks) + 1
            _expect(m.group(1) == str(number), f"expected trick {number}", no)
            _expect(not deal.current_trick, f"trick {number} was not finished on its own line", no)
            for token in m.group(3).split():
                _apply(deal, f"play {token}", no)
            done = len(deal.tricks) == number
            leader = deal.tricks[-1].leader if done else deal.leader
            _expect(m.group(2) == str(leader), f"seat {leader} leads this trick, not {m.group(2)}", no)
            if m.group(4) is None:
                _expect(not done, f"trick {number} is complete: end it with '-> {deal.tricks[-1].winner if done else 0}'", no)
            else:
                _expect(done, "the trick is not complete, so it has no winner yet", no)
                got = deal.tricks[-1]
                _expect(m.group(4) == str(got.winner), f"seat {got.winner} takes this trick, not {m.group(4)}", no)
                draws = " ".join(f"{s}:{c}" for s, c in got.draws)
                written = (m.group(5) or "").replace(" draws ", "", 1).strip()
                _expect(written == draws, f"the cards drawn are {draws or 'none'}", no)
        elif key == "Revoke":
            ensure_dealt(no)
            revoker = _number(rest, 2)
            _expect(revoker is not None, "write the seat that revoked: 'Revoke: 2'", no)
            assert revoker is not None
            try:
                charge_revokes(deal.ruleset, deal.format, [0] * len(deal.format.teams), [revoker])
            except RulesError as e:
                raise RecordError(str(e), no) from e
            if revokes is None:
                raise RecordError("a Revoke line cannot stand here", no)
            revokes.append(revoker)
        elif key in ("Points", "Result", "Score"):
            ensure_dealt(no)
            _expect(deal.is_terminal(), f"the deal is not over, so there is no {key} yet", no)
        else:
            raise RecordError(f"unknown line '{excerpt(key, 30)}'", no)
    if hands or undealt is not None:
        ensure_dealt(lines[-1][0] if lines else 0)
    _check_derived(deal, lines, revokes)
    return [str(a) for a in deal.history[start:]]


def _check_derived(deal: Deal, body: list[tuple[int, str]], revokes: list[int] | None = None) -> None:
    """Every derived line written must be the one the engine writes (with the revokes charged)."""
    wanted = body_lines(deal, revokes or ())
    for no, t in body:
        t = t.strip()
        key = t.partition(":")[0]
        if key in _DERIVED and t not in wanted:
            expected = next((w for w in wanted if w.partition(":")[0] == key), "nothing")
            raise RecordError(f"'{excerpt(t, 60)}' does not agree with the play, which gives '{expected}'", no)


def parse_record(text: str) -> DealRecord:
    """Read a deal record; every line must agree with the play (see :func:`parse_body`)."""
    lines, tags, at, i = _read_head(text)
    ruleset, format_id, dealer, seed = _tag_setup(tags, at)
    rec = DealRecord(tags, [])
    deal = Deal(ruleset, format_id, dealer=dealer, seed=seed)
    body = [(n + 1, lines[n]) for n in range(i, len(lines))]
    rec.actions = parse_body(deal, tags, body, rec.revokes)
    return rec
