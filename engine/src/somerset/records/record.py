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

With a ``Seed`` tag the cards come from the seeded shuffle and every hand line given (any of
them, in seat order) is checked against it; without one, the hand and undealt lines are the
deal (a worked example or a puzzle starts this way). Every other line is checked when a record
is read: the tags, each trick's number, leader, winner and cards drawn, and the lines the
engine works out (points, result, score; in a game, the totals, the winner and the target),
which must be exactly the lines the engine writes. A record that is read is therefore true
line by line; anything else raises :class:`RecordError` naming the line. A record may stop
anywhere (a position to solve). ``str(parse_record(text)) == text`` for every record this
module writes, and a byte-order mark before the first tag is ignored.

Other tags (``Title``, ``Source``, ``Note`` ...) are kept in order. The seats are numbered
from 0 round the table to the left; teams are listed in the format's order.

Two lines record mistakes at a real table, where the ruleset gives a penalty the engine can apply
(see :mod:`somerset.rules.penalties`): ``Revoke: 2`` (before ``Points``) says seat 2 revoked and it was
found after the trick was turned, and the ``Score`` line then includes the charge; in a game
record, a deal whose only line is ``Misdeal: 4/6`` was abandoned because that card was shown while
dealing, and the same dealer deals the next one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..rules.bidding import Auction, parse_call
from ..rules.cards import Card, Trump, parse_card, parse_trump
from ..game.actions import Action, ActionKind, IllegalActionError, parse_action
from ..game.deal import Deal, Phase
from ..rules.errors import RulesError, SomersetError
from ..game.match import Game
from ..rules.limits import MAX_SEED, excerpt
from ..rules.penalties import charge_revokes
from ..rules.play import LegalPlays, Verdict, check_trump, legal_plays, trick_verdict
from ..rules.dimensions import Declaration, Format, PileKind, Ruleset
from ..rules.rulesets import get_ruleset, load_ruleset
from ..rules.scoring import ScoreChange, score_deal, score_seats
from ..rules.sources import SOURCES, Citation
from ..game.views import deal_summary, game_summary

__all__ = ["RecordError", "DealRecord", "GameRecord", "PartialRecord", "PartialPlay", "PlayedTrick", "parse_record",
           "parse_game_record", "parse_partial", "is_partial", "record_of", "game_record_of", "check_record"]

_SETUP_TAGS = ("Ruleset", "Options", "Format", "Dealer", "Seed")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\]')


class RecordError(SomersetError):
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
    return sorted(cards, key=Card.sort_key)


def _number(text: str, digits: int = 9) -> int | None:
    """The whole number ``text`` writes in at most ``digits`` ASCII digits (no leading zero), else None.

    ``str.isdigit`` also accepts digits such as "²" that ``int`` refuses, and ``int`` refuses numbers of
    thousands of digits: both would escape as bare ValueErrors."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit() and (text == "0" or text[0] != "0"):
        return int(text)
    return None


def _tag_setup(tags: dict[str, str], at: dict[str, int] | None = None) -> tuple[Ruleset, str, int, int | None]:
    """The ruleset (its options applied), format id, dealer and seed the setup tags name.

    A tag that cannot be read raises :class:`RecordError` naming the tag (and its line, from ``at``)."""
    where = at or {}

    def bad(name: str, message: str) -> RecordError:
        return RecordError(f'[{name} "{excerpt(tags[name])}"]: {message}', where.get(name))

    if "Ruleset" not in tags:
        raise RecordError('a record needs a [Ruleset "..."] tag, such as [Ruleset "parker-1947"]')
    if not tags["Ruleset"].strip():
        raise bad("Ruleset", "the tag is empty; name a ruleset such as parker-1947")
    try:
        ruleset = get_ruleset(tags["Ruleset"])
    except ValueError as e:
        raise bad("Ruleset", str(e)) from e
    try:
        ruleset = load_ruleset(ruleset, tags.get("Options", "").split())
    except ValueError as e:
        raise bad("Options", str(e)) from e
    try:
        fmt = ruleset.format(tags.get("Format"))
    except ValueError as e:
        raise bad("Format", str(e)) from e
    dealer = 0
    if "Dealer" in tags:
        number = _number(tags["Dealer"].strip())
        if number is None or number >= fmt.players:
            raise bad("Dealer", f"the dealer is a seat from 0 to {fmt.players - 1} ({fmt.label})")
        dealer = number
    seed: int | None = None
    if "Seed" in tags:
        seed = _number(tags["Seed"].strip(), 20)
        if seed is None or seed > MAX_SEED:
            raise bad("Seed", "a seed is a whole number from 0 to 2**64 - 1")
    return ruleset, fmt.id, dealer, seed


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


# --- reading -------------------------------------------------------------------------------


def _split_tags(lines: list[str], start: int) -> tuple[dict[str, str], dict[str, int], int]:
    """The tags from line ``start`` on, the line number of each, and the index of the line after them."""
    tags: dict[str, str] = {}
    at: dict[str, int] = {}
    i = start
    while i < len(lines) and lines[i].strip().startswith("["):
        m = _TAG.fullmatch(lines[i].strip())
        if not m:
            raise RecordError(f"'{excerpt(lines[i].strip())}' is not a tag: write [Name \"value\"]", i + 1)
        if m.group(1) in tags:
            raise RecordError(f"the tag {m.group(1)} is given twice", i + 1)
        tags[m.group(1)] = _unquote(m.group(2))
        at[m.group(1)] = i + 1
        i += 1
    return tags, at, i


def _text_of(text: object) -> str:
    """A record's text, without the byte-order mark some editors put at the start of a UTF-8 file."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    return text[1:] if text.startswith("\ufeff") else text


def _read_head(text: object) -> tuple[list[str], dict[str, str], dict[str, int], int]:
    """The lines of a record, its tags, the line of each tag, and the index of the first line after them."""
    lines = _text_of(text).splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    tags, at, i = _split_tags(lines, i)
    return lines, tags, at, i


def _apply(deal: Deal, action: Action | str, line: int) -> None:
    try:
        deal.apply(parse_action(action, deal.pack) if isinstance(action, str) else action)
    except ValueError as e:  # a notation error or an IllegalActionError
        raise RecordError(str(e), line) from e


def _cards(text: str, deal: Deal, line: int) -> list[Card]:
    try:
        return [parse_card(t, deal.pack) for t in text.split()]
    except ValueError as e:
        raise RecordError(str(e), line) from e


def _expect(ok: bool, message: str, line: int) -> None:
    if not ok:
        raise RecordError(message, line)


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


# --- whole games ---------------------------------------------------------------------------


@dataclass
class GameRecord:
    """The tags of a game and the actions of each of its deals."""

    tags: dict[str, str]
    deals: list[list[str]] = field(default_factory=list)
    revokes: dict[int, list[int]] = field(default_factory=dict)  # deal index -> seats charged with a revoke
    misdeals: dict[int, str] = field(default_factory=dict)  # deal index -> the card shown while dealing

    def replay(self) -> Game:
        """The game this record describes, rebuilt by applying every action of every deal."""
        ruleset, format_id, dealer, seed = _tag_setup(self.tags)
        game = Game(ruleset, format_id, seed=seed or 0, dealer=dealer, auto_chance=False)
        for k, actions in enumerate(self.deals):
            if k in self.misdeals:
                game.misdeal(parse_card(self.misdeals[k], game.ruleset.deck))
                continue
            for seat in self.revokes.get(k, ()):
                game.charge_revoke(seat)
            for text in actions:
                game.apply(parse_action(text, game.ruleset.deck))
        return game

    def __str__(self) -> str:
        game = self.replay()
        out = ["\n".join(f'[{k} "{_quote(v)}"]' for k, v in self.tags.items())]
        totals = [0] * len(game.format.teams)
        for n, deal in enumerate(game.deals, 1):
            if n - 1 in game.misdeals:
                out.append(f"Deal {n}: dealer {deal.dealer}, seed {deal.seed}\nMisdeal: {game.misdeals[n - 1]}")
                continue
            if not deal.history:
                continue
            lines = [f"Deal {n}: dealer {deal.dealer}, seed {deal.seed}", *body_lines(deal, game.revokes.get(n - 1, ()))]
            if deal.is_terminal():
                totals = [a + b for a, b in zip(totals, game.deal_changes(n - 1))]
                lines.append("Total: " + " ".join(str(s) for s in totals))
            out.append("\n".join(lines))
        if game.winner is not None:
            out.append(f"Winner: team {game.winner} ({' '.join(str(s) for s in game.scores)})")
        elif game.unfinished:
            out.append(f"Unfinished: {' '.join(str(s) for s in game.scores)}")
        return "\n\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as JSON: its tags, each deal's actions (and penalties), and a summary of the game."""
        out: dict[str, Any] = {"tags": dict(self.tags), "deals": [list(d) for d in self.deals],
                               "game": game_summary(self.replay())}
        if self.revokes:
            out["revokes"] = {str(k): v for k, v in self.revokes.items()}
        if self.misdeals:
            out["misdeals"] = {str(k): v for k, v in self.misdeals.items()}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read the JSON of :meth:`to_json` back (checked by replaying it)."""
        tags = data.get("tags") if isinstance(data, dict) else None
        deals = data.get("deals", []) if isinstance(data, dict) else None
        if not isinstance(tags, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
            raise RecordError("'tags' must be an object of text values")
        if not isinstance(deals, list) or not all(isinstance(d, list) and all(isinstance(a, str) for a in d) for d in deals):
            raise RecordError("'deals' must be a list of lists of action texts")
        revokes = data.get("revokes", {})
        if not isinstance(revokes, dict) or not all(
            isinstance(k, str) and k.isascii() and k.isdigit() and isinstance(v, list)
            and all(isinstance(s, int) and not isinstance(s, bool) for s in v)
            for k, v in revokes.items()
        ):
            raise RecordError("'revokes' must be an object from deal numbers (0, 1, ...) to lists of seats")
        misdeals = data.get("misdeals", {})
        if not isinstance(misdeals, dict) or not all(
            isinstance(k, str) and k.isascii() and k.isdigit() and isinstance(v, str) for k, v in misdeals.items()
        ):
            raise RecordError("'misdeals' must be an object from deal numbers (0, 1, ...) to the card shown")
        rec = cls(dict(tags), [list(d) for d in deals], {int(k): list(v) for k, v in revokes.items()},
                  {int(k): v for k, v in misdeals.items()})
        try:
            rec.replay()
        except RecordError:
            raise
        except ValueError as e:  # an action that cannot be read or is not allowed
            raise RecordError(str(e)) from e
        return rec


def game_record_of(game: Game) -> GameRecord:
    """The record of a game: its setup tags and each deal's actions."""
    tags: dict[str, str] = {"Ruleset": game.ruleset.id}
    if game.ruleset.option_applied:
        tags["Options"] = " ".join(game.ruleset.option_applied)
    tags["Format"] = game.format.id
    tags["Dealer"] = str(game.first_dealer)
    tags["Seed"] = str(game.seed)
    tags["Target"] = str(game.ruleset.game.value.target)
    deals = [[str(a) for a in d.history] if k not in game.misdeals else [] for k, d in enumerate(game.deals)
             if d.history or k in game.misdeals]
    return GameRecord(tags, deals, {k: list(v) for k, v in game.revokes.items()},
                      {k: str(c) for k, c in game.misdeals.items()})


_DEAL_HEAD = re.compile(r"Deal (\d{1,4}): dealer (\d{1,2}), seed (\d{1,20})", re.ASCII)


def parse_game_record(text: str) -> GameRecord:
    """Read a game record written by :func:`game_record_of`; every line is checked as it is replayed.

    Each deal is read as a deal record is (hands, tricks, points, result, score), and the totals
    after each deal, the winner (or that the game is unfinished) and the Target tag are checked."""
    lines, tags, at, i = _read_head(text)
    ruleset = _tag_setup(tags, at)[0]
    if "Target" in tags:
        target = ruleset.game.value.target
        _expect(tags["Target"] == str(target), f'[Target "{excerpt(tags["Target"])}"]: {ruleset.short_name} plays to {target}',
                at["Target"])
    rec = GameRecord(tags, [])
    game = rec.replay()
    blocks: list[list[tuple[int, str]]] = []
    tail: list[tuple[int, str]] = []
    for n in range(i, len(lines)):
        t = lines[n].strip()
        if _DEAL_HEAD.fullmatch(t):
            _expect(not tail, "a deal cannot come after the Winner or Unfinished line", n + 1)
            blocks.append([(n + 1, t)])
        elif t.startswith(("Winner:", "Unfinished:")):
            tail.append((n + 1, t))
        elif t:
            if not blocks or tail:
                where = "before the first Deal line" if not blocks else "after the Winner or Unfinished line"
                raise RecordError(f"'{excerpt(t)}' comes {where}", n + 1)
            blocks[-1].append((n + 1, t))
    for k, block in enumerate(blocks):
        no, head = block[0]
        m = _DEAL_HEAD.fullmatch(head)
        assert m is not None
        _expect(m.group(1) == str(k + 1), f"expected deal {k + 1}", no)
        _expect(not game.is_terminal(), "the game was already over", no)
        _expect(len(game.deals) == k + 1, f"deal {k} is not over, so no deal can follow it", no)
        deal = game.deal
        _expect(m.group(2) == str(deal.dealer) and m.group(3) == str(deal.seed),
                f"deal {k + 1} is dealt by seat {deal.dealer} with seed {deal.seed}", no)
        body = [(n, t) for n, t in block[1:] if not t.startswith("Total:")]
        if any(t.startswith("Misdeal:") for _, t in body):
            line, text = body[0]
            _expect(len(body) == 1, "a misdealt deal has only its Misdeal line: the same dealer deals the next one", line)
            try:
                shown = parse_card(text.partition(":")[2].strip(), game.ruleset.deck)
                game.misdeal(shown)
            except ValueError as e:
                raise RecordError(str(e), line) from e
            rec.misdeals[k] = str(shown)
            rec.deals.append([])
            continue
        seats: list[int] = []
        actions = parse_body(deal, {"Seed": str(deal.seed)}, body, seats)
        for seat in seats:
            game.charge_revoke(seat)
        if seats:
            rec.revokes[k] = seats
        if deal.is_terminal():
            game.end_deal()
        rec.deals.append(actions)
        for n, t in block[1:]:
            if t.startswith("Total:"):
                _expect(deal.is_terminal(), "the deal is not over, so there is no Total yet", n)
                want = "Total: " + " ".join(str(s) for s in _totals(game, k))
                _expect(t == want, f"'{excerpt(t)}' does not agree with the play, which gives '{want}'", n)
    for no, t in tail:
        scores = " ".join(str(s) for s in game.scores)
        if t.startswith("Winner:"):
            _expect(game.winner is not None, "no side has won the game yet", no)
            _expect(t == f"Winner: team {game.winner} ({scores})",
                    f"'{excerpt(t)}' does not agree with the play, which gives 'Winner: team {game.winner} ({scores})'", no)
        else:
            _expect(game.unfinished, "the game is not unfinished", no)
            _expect(t == f"Unfinished: {scores}",
                    f"'{excerpt(t)}' does not agree with the play, which gives 'Unfinished: {scores}'", no)
    return rec


def _totals(game: Game, upto: int) -> list[int]:
    totals = [0] * len(game.format.teams)
    for k in range(upto + 1):
        totals = [a + b for a, b in zip(totals, game.deal_changes(k))]
    return totals



# --- part of a deal: the sources' worked examples -------------------------------------------


@dataclass(frozen=True)
class PlayedTrick:
    """One trick of a partial record: who led it and the cards in play order."""

    leader: int
    cards: tuple[Card, ...]


@dataclass
class PartialRecord:
    """A record of part of a deal, without the hands: an auction, a trick, a score.

    The sources print their worked examples this way: they give the calls of an auction, the
    cards of a trick or the points of a deal, never the hands they came from. A partial record
    uses the same tags and lines as a deal record, so the lines the engine works out (who wins
    the auction, who takes each trick, made or set, the score) are checked when it is read.
    What cannot be checked without hands (that a player followed suit) is not::

        [Rulesets "parker-1947 minden-hardware"]
        [Source "parker-1947-booklet"]
        [Section "Naming the Trump"]

        Trump: 2
        Trick 1: [0] 8/8 6/8 4/10 0/2 -> 3

    ``Rulesets`` lists every ruleset whose text states the example (the first is the one it is
    read under); a record of one ruleset may say ``Ruleset`` instead. Seats are numbered from
    0 in bidding order: seat 0 sits at the dealer's left, so the dealer is the last seat. The
    lines, in their order: ``Auction`` (calls from seat 0), ``Bid: 15 by 2`` (worked out from
    the auction when there is one), ``Trump``, ``Trick N: [leader] cards -> winner`` (the last
    trick may stop before its winner: a trick in progress), ``Hand S: cards`` (the hand of the
    seat to play next to that trick, or to lead) with ``Legal: cards`` (what that hand may play),
    ``Taken`` (points per side, in the format's order of sides), ``Result`` and ``Score``.
    """

    tags: dict[str, str]
    calls: tuple[str, ...] = ()
    bid: tuple[int, int] | None = None  # (seat, bid) when stated without an auction
    trump: str | None = None
    tricks: tuple[PlayedTrick, ...] = ()
    hand: tuple[int, tuple[Card, ...]] | None = None  # (seat, cards) of the player to play next
    taken: tuple[int, ...] | None = None

    # --- what the tags say ------------------------------------------------------------

    @property
    def rulesets(self) -> list[str]:
        """The ids of the rulesets that state this record (the ``Rulesets`` or ``Ruleset`` tag)."""
        if "Rulesets" in self.tags:
            return self.tags["Rulesets"].split()
        return [self.tags["Ruleset"]] if "Ruleset" in self.tags else []

    @property
    def citation(self) -> Citation | None:
        """Where the source states this example (the ``Source`` and ``Section`` tags), if it does."""
        if "Source" not in self.tags:
            return None
        return Citation(self.tags["Source"], self.tags.get("Section", "") or "the whole text")

    def under(self, ruleset_id: str | None = None) -> PartialPlay:
        """The record worked out under one of its rulesets (the first when none is named)."""
        names = self.rulesets
        if not names:
            raise RecordError('a record needs a [Ruleset "..."] or [Rulesets "..."] tag')
        rid = ruleset_id or names[0]
        if rid not in names:
            raise RecordError(f"this record is stated by {', '.join(names)}, not by {rid}")
        return PartialPlay(self, get_ruleset(rid))

    # --- writing ----------------------------------------------------------------------

    def __str__(self) -> str:
        head = "\n".join(f'[{k} "{_quote(v)}"]' for k, v in self.tags.items())
        body = "\n".join(self.under().lines())
        return head + "\n\n" + body + "\n" if body else head + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as JSON: its tags, its rulesets and its text."""
        return {"tags": dict(self.tags), "rulesets": self.rulesets, "text": str(self)}


def _default_format(ruleset: Ruleset, record: PartialRecord) -> Format:
    """Without a Format tag: for a trick, the format with that many players; else the partnership game."""
    if not record.tricks or record.hand is not None:
        return ruleset.partnership_format()
    n = len(record.tricks[0].cards)
    fits = [f for f in ruleset.formats.value if f.players == n]
    if not fits:  # a source may list only some of a trick's cards (Triple prints a four-card trick)
        return ruleset.partnership_format()
    return next((f for f in fits if len(f.teams) == 2), fits[0])


class PartialPlay:
    """A partial record worked out under one ruleset: the auction, trick verdicts and score."""

    def __init__(self, record: PartialRecord, ruleset: Ruleset) -> None:
        self.record = record
        self.ruleset = ruleset
        tags = record.tags
        try:
            self.format = ruleset.format(tags["Format"]) if "Format" in tags else _default_format(ruleset, record)
        except ValueError as e:
            raise RecordError(str(e)) from e
        players = self.format.players
        self.auction: Auction | None = None
        if record.calls:
            self.auction = Auction(ruleset.bidding.value, players, self.format.points_per_deal)
            for call in record.calls:
                try:
                    self.auction.do(parse_call(call))
                except ValueError as e:
                    raise RecordError(f"under {ruleset.short_name}: {e}") from e
        high = self.auction.high if self.auction is not None else None
        self.bid: tuple[int, int] | None = high if high is not None else record.bid
        if self.bid is not None and not 0 <= self.bid[0] < players:
            raise RecordError(f"the bidder's seat must be from 0 to {players - 1} ({self.format.label})")
        self.trump: Trump | None = None
        if record.trump is not None:
            try:
                self.trump = parse_trump(record.trump, ruleset.deck)
                check_trump(ruleset, self.trump)
            except ValueError as e:
                raise RecordError(f"under {ruleset.short_name}: {e}") from e
        self.verdicts: list[Verdict] = []
        self.legal: LegalPlays | None = None
        seen: set[Card] = set()
        for k, trick in enumerate(record.tricks, 1):
            if self.trump is None:
                raise RecordError(f"trick {k} needs a Trump line before it")
            least = 1 if self.in_progress and k == len(record.tricks) else 2
            if not least <= len(trick.cards) <= players:
                raise RecordError(f"trick {k} has {len(trick.cards)} cards; {self.format.label} has {players} players, "
                                  f"and a trick here needs {least} card{'s' if least > 1 else ''} or more, one from each player at most")
            if not 0 <= trick.leader < players:
                raise RecordError(f"trick {k}: the leader must be a seat from 0 to {players - 1}")
            if k > 1 and trick.leader != self.trick_winner(k - 2):
                raise RecordError(f"trick {k}: seat {self.trick_winner(k - 2)} took trick {k - 1}, so it leads, "
                                  f"not seat {trick.leader}")
            for card in trick.cards:
                if card in seen:  # the pack holds one of each card
                    raise RecordError(f"{card} is played twice")
                seen.add(card)
            if self.in_progress and k == len(record.tricks):
                continue  # a trick still being played has no winner yet
            try:
                self.verdicts.append(trick_verdict(ruleset, self.trump, trick.cards))
            except ValueError as e:
                raise RecordError(f"trick {k} under {ruleset.short_name}: {e}") from e
        if record.hand is not None:
            seat, hand = record.hand
            if self.trump is None:
                raise RecordError("a Hand line needs a Trump line before it")
            if self.to_play is not None and seat != self.to_play:
                raise RecordError(f"seat {self.to_play} plays next, so the Hand line must be 'Hand {self.to_play}', "
                                  f"not 'Hand {seat}'")
            if not 0 <= seat < players:
                raise RecordError(f"the hand's seat must be from 0 to {players - 1}")
            for card in hand:
                if card in seen:
                    raise RecordError(f"{card} is in the hand and already played")
            trick_so_far = record.tricks[-1].cards if self.in_progress else ()
            try:
                self.legal = legal_plays(ruleset, self.trump, hand, trick_so_far)
            except ValueError as e:
                raise RecordError(f"under {ruleset.short_name}: {e}") from e
        self.score: list[int] | None = None
        self.change: ScoreChange | None = None
        if record.taken is not None:
            if self.bid is None:
                raise RecordError("a Taken line needs the bid: an Auction or a 'Bid: N by S' line")
            if len(record.taken) != len(self.format.teams):
                raise RecordError(f"Taken needs {len(self.format.teams)} figures, one per side of {self.format.label}")
            seat, bid = self.bid
            team = self.format.team_of(seat)
            try:
                if len(self.format.teams) == 2:
                    self.change = score_deal(ruleset, bid, record.taken[team], record.taken[1 - team], self.format.id)
                    self.score = [self.change.bidder_side if t == team else self.change.opponents for t in range(2)]
                else:
                    self.score = score_seats(ruleset, self.format, seat, bid, record.taken)
            except ValueError as e:
                raise RecordError(f"under {ruleset.short_name}: {e}") from e

    @property
    def in_progress(self) -> bool:
        """Whether the last trick stops before its end (a hand to play to it follows)."""
        return self.record.hand is not None and bool(self.record.tricks) and \
            len(self.record.tricks[-1].cards) < self.format.players

    @property
    def to_play(self) -> int | None:
        """The seat to play next to the trick in progress (None when a hand leads)."""
        if not self.in_progress:
            return None
        last = self.record.tricks[-1]
        return (last.leader + len(last.cards)) % self.format.players

    def trick_winner(self, k: int) -> int:
        """The seat that takes trick ``k`` (from 0)."""
        trick = self.record.tricks[k]
        return (trick.leader + self.verdicts[k].winner) % self.format.players

    @property
    def made(self) -> bool | None:
        """Whether the bidder's side made its bid (None without a bid and the points taken)."""
        if self.record.taken is None or self.bid is None:
            return None
        return self.record.taken[self.format.team_of(self.bid[0])] >= self.bid[1]

    def lines(self) -> list[str]:
        """The record's lines as the engine works them out under this ruleset."""
        rec = self.record
        out: list[str] = []
        if rec.calls:
            out.append("Auction: " + " ".join(rec.calls))
        if self.bid is not None:
            out.append(f"Bid: {self.bid[1]} by {self.bid[0]}")
        elif self.auction is not None and self.auction.all_passed:
            out.append("Result: all passed, no play")
        if self.trump is not None:
            out.append(f"Trump: {self.trump}")
        for k, trick in enumerate(rec.tricks):
            line = f"Trick {k + 1}: [{trick.leader}] " + " ".join(str(c) for c in trick.cards)
            out.append(line if k >= len(self.verdicts) else f"{line} -> {self.trick_winner(k)}")
        if rec.hand is not None and self.legal is not None:
            out.append(f"Hand {rec.hand[0]}: " + " ".join(str(c) for c in rec.hand[1]))
            out.append("Legal: " + " ".join(str(c) for c in self.legal.legal))
        if rec.taken is not None and self.bid is not None and self.score is not None:
            seat, bid = self.bid
            took = rec.taken[self.format.team_of(seat)]
            out.append("Taken: " + " ".join(str(t) for t in rec.taken))
            out.append(f"Result: {seat} bid {bid} and took {took}: {'made' if self.made else 'set'}")
            out.append("Score: " + " ".join(_signed(s) for s in self.score))
        return out


_PARTIAL_TRICK = re.compile(r"Trick (\d{1,3}): \[(\d{1,2})\]((?: \S+)+?)(?: -> (\d{1,2}))?", re.ASCII)
_BID_LINE = re.compile(r"(\d{1,3}) by (\d{1,2})", re.ASCII)
_HAND_LINE = re.compile(r"Hand [0-9]+:")


def is_partial(text: str) -> bool:
    """Whether a record's text is a part of a deal (no seed and fewer than two hands), not a whole deal."""
    lines = [ln.strip() for ln in _text_of(text).splitlines()]
    if any(ln.startswith("[Seed ") for ln in lines):
        return False
    return sum(1 for ln in lines if _HAND_LINE.match(ln)) < 2


def parse_partial(text: str) -> PartialRecord:
    """Read a partial record (no hands); every line the engine works out must agree with it.

    The record is checked under each ruleset its ``Rulesets`` tag names.
    """
    lines, tags, at, i = _read_head(text)
    if "Ruleset" not in tags and "Rulesets" not in tags:
        raise RecordError('a record needs a [Ruleset "..."] or [Rulesets "..."] tag')
    if "Source" in tags and tags["Source"] not in SOURCES:
        raise RecordError(f"unknown source '{excerpt(tags['Source'])}'; the sources are: {', '.join(SOURCES)}",
                          at["Source"])
    if "Options" in tags:
        raise RecordError("a record without hands is read under its rulesets as they stand: it takes no Options tag",
                          at["Options"])
    name = "Rulesets" if "Rulesets" in tags else "Ruleset"
    names = tags[name].split()
    if not names:
        raise RecordError(f'[{name} ""]: the tag is empty; name a ruleset such as parker-1947', at[name])
    for rid in names:
        try:
            get_ruleset(rid)
        except ValueError as e:
            raise RecordError(str(e), at[name]) from e
    first = get_ruleset(names[0])
    deck = first.deck
    calls: list[str] = []
    bid: tuple[int, int] | None = None
    trump: str | None = None
    tricks: list[PlayedTrick] = []
    taken: tuple[int, ...] | None = None
    derived: list[tuple[int, str]] = []
    winners: list[bool] = []
    hand: tuple[int, tuple[Card, ...]] | None = None
    order = ["Auction", "Bid", "Trump", "Trick", "Hand", "Legal", "Taken", "Result", "Score"]
    last = -1
    for n in range(i, len(lines)):
        no, t = n + 1, lines[n].strip()
        if not t:
            continue
        key, sep, rest = t.partition(":")
        rest = rest.strip()
        kind = key.split()[0] if key.strip() else ""
        if not sep or kind not in order or (key != kind and kind not in ("Trick", "Hand")):
            raise RecordError(f"'{excerpt(t)}' is not a line of a partial record (Auction, Bid, Trump, Trick, Hand, "
                              "Legal, Taken, Result, Score)", no)
        if order.index(kind) < last or (order.index(kind) == last and kind != "Trick"):
            raise RecordError(f"a {kind} line cannot come here: the lines go in the order {', '.join(order)}", no)
        last = order.index(kind)
        if kind == "Auction":
            try:
                calls = [str(parse_call(c)) for c in rest.split()]
            except ValueError as e:
                raise RecordError(str(e), no) from e
        elif kind == "Bid":
            m = _BID_LINE.fullmatch(rest)
            points, seat = (_number(m.group(1)), _number(m.group(2))) if m else (None, None)
            _expect(points is not None and seat is not None, "write the bid as 'Bid: 15 by 2' (the bid, then the seat)", no)
            assert points is not None and seat is not None
            if calls:
                derived.append((no, t))
            else:
                bid = (seat, points)
        elif kind == "Trump":
            try:
                trump = str(parse_trump(rest, deck))
            except ValueError as e:
                raise RecordError(str(e), no) from e
        elif kind == "Trick":
            m = _PARTIAL_TRICK.fullmatch(t)
            _expect(m is not None, f"'{excerpt(t)}' is not a trick: write Trick 1: [leader] cards -> winner", no)
            assert m is not None
            _expect(m.group(1) == str(len(tricks) + 1), f"expected trick {len(tricks) + 1}", no)
            try:
                cards = tuple(parse_card(c, deck) for c in m.group(3).split())
            except ValueError as e:
                raise RecordError(str(e), no) from e
            _expect(not tricks or bool(winners[-1]), f"trick {len(tricks)} has no winner, so no trick can follow it", no)
            tricks.append(PlayedTrick(int(m.group(2)), cards))
            winners.append(m.group(4) is not None)
            derived.append((no, t))
        elif kind == "Hand":
            seat = _number(key[5:], 2) if key.startswith("Hand ") else None
            _expect(seat is not None, "write the hand as 'Hand 1: cards'", no)
            assert seat is not None
            try:
                hand = (seat, tuple(parse_card(c, deck) for c in rest.split()))
            except ValueError as e:
                raise RecordError(str(e), no) from e
        elif kind == "Legal":
            _expect(hand is not None, "a Legal line follows the Hand line it answers", no)
            derived.append((no, t))
        elif kind == "Taken":
            figures = [_number(p, 3) for p in rest.split()]
            _expect(bool(figures) and None not in figures, "write the points each side took: 'Taken: 16 8'", no)
            taken = tuple(p for p in figures if p is not None)
        else:
            derived.append((no, t))
    if winners and not winners[-1] and hand is None:
        raise RecordError(f"trick {len(tricks)} has no winner: end it with '-> seat', or give the Hand to play to it")
    rec = PartialRecord(tags, tuple(calls), bid, trump, tuple(tricks), hand, taken)
    for rid in rec.rulesets:
        wanted = rec.under(rid).lines()
        for no, t in derived:
            if t not in wanted:
                key = t.split(":")[0].split()[0]
                same = [w for w in wanted if w.split(":")[0] == t.split(":")[0]] or \
                       [w for w in wanted if w.split()[0] == key]
                raise RecordError(f"under {get_ruleset(rid).short_name}, '{excerpt(t, 60)}' does not agree with the engine, "
                                  "which gives "
                                  f"'{same[0] if same else 'nothing'}'", no)
    return rec


def check_record(text: str) -> dict[str, Any]:
    """Read a record of any kind (a game, a deal, or a worked example without hands) and check it.

    Returns what it is and its text as the engine writes it; raises :class:`RecordError` naming the
    first line that does not agree with the engine (``somerset check``)."""
    if any(line.strip().startswith("Deal 1:") for line in text.splitlines()):
        game = parse_game_record(text)
        played = game.replay()
        return {"kind": "game", "rulesets": [played.ruleset.id], "deals": len(game.deals),
                "winner": played.winner, "scores": list(played.scores), "text": str(game)}
    if not is_partial(text):
        rec = parse_record(text)
        deal = rec.replay()
        return {"kind": "deal", "rulesets": [deal.ruleset.id], "over": deal.is_terminal(),
                "score": rec.score(), "text": str(rec)}
    partial = parse_partial(text)
    return {"kind": "example", "rulesets": partial.rulesets, "text": str(partial)}
