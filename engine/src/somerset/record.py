"""A readable record of deals and games, in the spirit of PGN and PBN, with a JSON form.

A deal record is a block of header tags and then one line per part of the deal::

    [Ruleset "parker-1947"]
    [Format "four-partners"]
    [Dealer "0"]
    [Seed "7"]

    Hand 0: 0/2 1/4 ...
    Hand 1: ...
    Hand 2: ...
    Hand 3: ...
    Undealt: 4/8 2/2
    Auction: 8 10 pass 12 pass pass 15 pass pass pass
    Trump: 8
    Trick 1: [2] 4/8 5/8 6/8 0/12 -> 0
    ...
    Points: 10 0 6 8
    Result: 2 bid 15 and took 16: made
    Score: +16 +0

With a ``Seed`` tag the cards come from the seeded shuffle and the hand lines are checked
against it; without one, the hand and undealt lines are the deal (a worked example or a
puzzle starts this way). Lines the engine can work out (trick winners, cards drawn, points,
result, score) are checked when a record is read. A record may stop anywhere (a position to
solve). ``str(parse_record(text)) == text`` for every record this module writes.

Other tags (``Title``, ``Source``, ``Note`` ...) are kept in order. The seats are numbered
from 0 round the table to the left; teams are listed in the format's order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, parse_card
from .game import (
    Action,
    ActionKind,
    Deal,
    Game,
    IllegalActionError,
    Phase,
    parse_action,
)
from .rules import Declaration, PileKind

__all__ = ["RecordError", "DealRecord", "GameRecord", "parse_record", "parse_game_record", "record_of", "game_record_of"]

_SETUP_TAGS = ("Ruleset", "Options", "Format", "Dealer", "Seed")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\]')


class RecordError(ValueError):
    """A record that cannot be read, or whose lines disagree with the play; names the line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _sorted(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (99, 99) if c.is_ss else (c.suit, c.rank))


@dataclass
class DealRecord:
    """The tags of a deal and the actions taken in it (chance steps included)."""

    tags: dict[str, str]
    actions: list[str] = field(default_factory=list)

    # --- the deal ------------------------------------------------------------------------

    def new_deal(self) -> Deal:
        t = self.tags
        if "Ruleset" not in t:
            raise RecordError("a record needs a [Ruleset \"...\"] tag")
        options = [o for o in t.get("Options", "").split() if o]
        seed = int(t["Seed"]) if "Seed" in t else None
        return Deal(t["Ruleset"], t.get("Format"), dealer=int(t.get("Dealer", "0")), seed=seed, options=options)

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
        body = "\n".join(body_lines(deal))
        return head + "\n\n" + body + "\n" if body else head + "\n"

    def to_json(self) -> dict[str, Any]:
        deal = self.replay()
        return {"tags": dict(self.tags), "actions": list(self.actions), "deal": deal.summary(), "text": str(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealRecord:
        tags = data.get("tags")
        actions = data.get("actions", [])
        if not isinstance(tags, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
            raise RecordError("'tags' must be an object of text values")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("'actions' must be a list of action texts")
        rec = cls(dict(tags), list(actions))
        rec.replay()
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


def body_lines(deal: Deal) -> list[str]:
    """The lines of a deal after its tags."""
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
    if deal.is_terminal():
        lines.append("Points: " + " ".join(str(p) for p in deal.points()))
        if deal.declarer is None:
            lines.append("Result: no bidding, each side scores its tricks")
        else:
            took = deal.team_points()[deal.team_of[deal.declarer]]
            bid_text = f"{deal.bid}" if deal.bid == deal.bid_to_make else f"{deal.bid} (raised to {deal.bid_to_make})"
            lines.append(f"Result: {deal.declarer} bid {bid_text} and took {took}: {'made' if deal.made else 'set'}")
        lines.append("Score: " + " ".join(_signed(s) for s in deal.score_changes()))
    return lines


# --- reading -------------------------------------------------------------------------------


def _split_tags(lines: list[str], start: int) -> tuple[dict[str, str], int]:
    tags: dict[str, str] = {}
    i = start
    while i < len(lines) and lines[i].strip().startswith("["):
        m = _TAG.fullmatch(lines[i].strip())
        if not m:
            raise RecordError(f"'{lines[i].strip()[:40]}' is not a tag: write [Name \"value\"]", i + 1)
        if m.group(1) in tags:
            raise RecordError(f"the tag {m.group(1)} is given twice", i + 1)
        tags[m.group(1)] = _unquote(m.group(2))
        i += 1
    return tags, i


def _apply(deal: Deal, text: str, line: int) -> None:
    try:
        deal.apply(parse_action(text, deal.pack))
    except IllegalActionError as e:
        raise RecordError(str(e), line) from e
    except ValueError as e:
        raise RecordError(str(e), line) from e


def _cards(text: str, deal: Deal, line: int) -> list[Card]:
    try:
        return [parse_card(t, deal.pack) for t in text.split()]
    except ValueError as e:
        raise RecordError(str(e), line) from e


def _expect(ok: bool, message: str, line: int) -> None:
    if not ok:
        raise RecordError(message, line)


_TRICK = re.compile(r"Trick (\d+): \[(\d+)\]((?: \S+)*?)(?: -> (\d+)((?: draws(?: \d+:\S+)+))?)?")


def parse_body(deal: Deal, tags: dict[str, str], lines: list[tuple[int, str]]) -> list[str]:
    """Apply the body lines of a record to ``deal`` (fresh from its tags); return the actions."""
    start = len(deal.history)
    seeded = "Seed" in tags
    hands: list[list[Card]] = []
    undealt: list[Card] | None = None

    def ensure_dealt(line: int) -> None:
        if not deal.is_chance():
            return
        if seeded:
            _apply(deal, f"shuffle {tags['Seed']}", line)
            return
        complete = len(hands) == deal.players and (undealt is not None or deal.format.undealt == 0)
        _expect(complete, f"the deal needs {deal.players} hand lines" + (" and the undealt cards" if deal.format.undealt else ""), line)
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
            raise RecordError(f"'{text[:40]}' is not a record line (Hand, Undealt, Auction, Trump, Trick ...)", no)
        if key == "Drawn":
            if seeded and deal.phase is Phase.DRAW_TRUMP:
                _apply(deal, str(deal.chance_outcome()), no)
                _expect(str(deal.trump_card) == str(parse_card(rest, deal.pack)) if rest else False,
                        f"the seed draws {deal.trump_card}, not {rest}", no)
            else:
                _apply(deal, f"draw {rest}", no)
        elif key.startswith("Hand "):
            seat_text = key[5:]
            _expect(seat_text.isdigit() and int(seat_text) == len(hands), f"expected Hand {len(hands)}", no)
            hands.append(_cards(rest, deal, no))
            if seeded and len(hands) == deal.players:
                ensure_dealt(no)
                for seat, h in enumerate(hands):
                    _expect(set(h) == set(deal.dealt[seat]), f"hand {seat} is not the hand seed {tags['Seed']} deals", no)
        elif key in ("Undealt", "Pile"):
            undealt = _cards(rest, deal, no)
            if seeded:
                ensure_dealt(no)
                _expect(tuple(undealt) == deal.undealt, f"the undealt cards are not those seed {tags['Seed']} leaves", no)
            else:
                ensure_dealt(no)
        elif key == "Auction":
            ensure_dealt(no)
            for call in rest.split():
                _apply(deal, call if call == "pass" else f"bid {call}", no)
        elif key == "Discard":
            ensure_dealt(no)
            _apply(deal, f"discard {rest}", no)
        elif key == "Trump":
            ensure_dealt(no)
            token, _, how = rest.partition(" ")
            if how in ("(first lead)", "(drawn)"):
                continue  # worked out from the play; checked at the end
            _apply(deal, f"trump {token}", no)
        elif key.startswith("Trick "):
            ensure_dealt(no)
            m = _TRICK.fullmatch(text)
            if not m:
                raise RecordError(f"'{text[:40]}' is not a trick: write Trick 1: [leader] cards -> winner", no)
            _expect(int(m.group(1)) == len(deal.tricks) + 1, f"expected trick {len(deal.tricks) + 1}", no)
            _expect(int(m.group(2)) == deal.leader or deal.phase is not Phase.PLAY,
                    f"seat {deal.leader} leads this trick, not {m.group(2)}", no)
            for card in m.group(3).split():
                _apply(deal, f"play {card}", no)
            if m.group(4) is not None:
                _expect(len(deal.tricks) == int(m.group(1)), "the trick is not complete", no)
                got = deal.tricks[-1]
                _expect(got.winner == int(m.group(4)), f"seat {got.winner} takes this trick, not {m.group(4)}", no)
                draws = " ".join(f"{s}:{c}" for s, c in got.draws)
                written = (m.group(5) or "").replace(" draws ", "", 1).strip()
                _expect(written == draws, f"the cards drawn are {draws or 'none'}", no)
        elif key in ("Points", "Result", "Score"):
            ensure_dealt(no)
            _expect(deal.is_terminal(), f"the deal is not over, so there is no {key} yet", no)
        else:
            raise RecordError(f"unknown line '{key[:30]}'", no)
    if hands or undealt is not None:
        ensure_dealt(lines[-1][0] if lines else 0)
    return [str(a) for a in deal.history[start:]]


def parse_record(text: str) -> DealRecord:
    """Read a deal record; the derived lines must agree with the play."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    tags, i = _split_tags(lines, i)
    rec = DealRecord(tags, [])
    try:
        deal = rec.new_deal()
    except (KeyError, ValueError) as e:
        raise RecordError(f"bad tags: {e}") from e
    body = [(n + 1, lines[n]) for n in range(i, len(lines))]
    rec.actions = parse_body(deal, tags, body)
    _check_derived(rec, body)
    return rec


def _check_derived(rec: DealRecord, body: list[tuple[int, str]]) -> None:
    """Every derived line written must be the one the engine writes."""
    wanted = body_lines(rec.replay())
    for no, t in body:
        t = t.strip()
        if t.startswith(("Points:", "Result:", "Score:", "Trump:")) and t not in wanted:
            expected = next((w for w in wanted if w.split(":")[0] == t.split(":")[0]), "nothing")
            raise RecordError(f"'{t}' does not agree with the play, which gives '{expected}'", no)


# --- whole games ---------------------------------------------------------------------------


@dataclass
class GameRecord:
    """The tags of a game and the actions of each of its deals."""

    tags: dict[str, str]
    deals: list[list[str]] = field(default_factory=list)

    def replay(self) -> Game:
        t = self.tags
        options = [o for o in t.get("Options", "").split() if o]
        game = Game(t["Ruleset"], t.get("Format"), seed=int(t.get("Seed", "0")), dealer=int(t.get("Dealer", "0")),
                    options=options, auto_chance=False)
        for actions in self.deals:
            for text in actions:
                game.apply(parse_action(text, game.ruleset.deck))
        return game

    def __str__(self) -> str:
        game = self.replay()
        out = ["\n".join(f'[{k} "{_quote(v)}"]' for k, v in self.tags.items())]
        totals = [0] * len(game.format.teams)
        for n, deal in enumerate(game.deals, 1):
            if not deal.history:
                continue
            lines = [f"Deal {n}: dealer {deal.dealer}, seed {deal.seed}", *body_lines(deal)]
            if deal.is_terminal():
                totals = [a + b for a, b in zip(totals, deal.score_changes())]
                lines.append("Total: " + " ".join(str(s) for s in totals))
            out.append("\n".join(lines))
        if game.winner is not None:
            out.append(f"Winner: team {game.winner} ({' '.join(str(s) for s in game.scores)})")
        elif game.unfinished:
            out.append(f"Unfinished: {' '.join(str(s) for s in game.scores)}")
        return "\n\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {"tags": dict(self.tags), "deals": [list(d) for d in self.deals], "game": self.replay().summary()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        rec = cls(dict(data["tags"]), [list(d) for d in data.get("deals", [])])
        rec.replay()
        return rec


def game_record_of(game: Game) -> GameRecord:
    tags: dict[str, str] = {"Ruleset": game.ruleset.id}
    if game.ruleset.option_applied:
        tags["Options"] = " ".join(game.ruleset.option_applied)
    tags["Format"] = game.format.id
    tags["Dealer"] = str(game.first_dealer)
    tags["Seed"] = str(game.seed)
    tags["Target"] = str(game.ruleset.game.value.target)
    return GameRecord(tags, [[str(a) for a in d.history] for d in game.deals if d.history])


_DEAL_HEAD = re.compile(r"Deal (\d+): dealer (\d+), seed (\d+)")


def parse_game_record(text: str) -> GameRecord:
    """Read a game record written by :func:`game_record_of`; every deal is checked as it is replayed."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    tags, i = _split_tags(lines, i)
    if "Ruleset" not in tags:
        raise RecordError("a game record needs a [Ruleset \"...\"] tag")
    rec = GameRecord(tags, [])
    game = rec.replay()
    blocks: list[list[tuple[int, str]]] = []
    tail: list[tuple[int, str]] = []
    for n in range(i, len(lines)):
        t = lines[n].strip()
        if _DEAL_HEAD.fullmatch(t):
            blocks.append([(n + 1, t)])
        elif t.startswith(("Winner:", "Unfinished:")):
            tail.append((n + 1, t))
        elif t:
            if not blocks:
                raise RecordError(f"'{t[:40]}' comes before the first Deal line", n + 1)
            blocks[-1].append((n + 1, t))
    for k, block in enumerate(blocks):
        no, head = block[0]
        m = _DEAL_HEAD.fullmatch(head)
        assert m is not None
        _expect(int(m.group(1)) == k + 1, f"expected deal {k + 1}", no)
        _expect(not game.is_terminal(), "the game was already over", no)
        deal = game.deal
        _expect(int(m.group(2)) == deal.dealer and int(m.group(3)) == deal.seed,
                f"deal {k + 1} is dealt by seat {deal.dealer} with seed {deal.seed}", no)
        deal_tags = {"Seed": str(deal.seed)}
        body = [(n, t) for n, t in block[1:] if not t.startswith("Total:")]
        actions = parse_body(deal, deal_tags, body)
        if deal.is_terminal():
            game._end_deal(deal)
        rec.deals.append(actions)
        totals = [ln for ln in block[1:] if ln[1].startswith("Total:")]
        if totals:
            want = " ".join(str(s) for s in _totals(game, k))
            _expect(totals[0][1] == f"Total: {want}", f"the totals after this deal are {want}", totals[0][0])
    for no, t in tail:
        if t.startswith("Winner:"):
            _expect(game.winner is not None and t == f"Winner: team {game.winner} ({' '.join(str(s) for s in game.scores)})",
                    "the winner line does not agree with the play", no)
        else:
            _expect(game.unfinished, "the game is not unfinished", no)
    return rec


def _totals(game: Game, upto: int) -> list[int]:
    totals = [0] * len(game.format.teams)
    for d in game.deals[: upto + 1]:
        totals = [a + b for a, b in zip(totals, d.score_changes())]
    return totals

