"""The record of a game: its tags, then each deal's lines under a ``Deal N: dealer D, seed S`` head.

Each deal is written and checked as in a deal record (:mod:`.deal_record`); a finished deal is
followed by the teams' running ``Total``, and the game by its ``Winner`` (or ``Unfinished``), all
checked against the engine's own figures when the record is read. A deal abandoned because a card
was shown while dealing is the single line ``Misdeal: CARD``, and the same dealer deals again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import parse_card
from ..game.actions import parse_action
from ..game.match import Game
from ..rules.limits import excerpt
from ..game.views import game_summary
from .common import RecordError, _expect, _quote, _read_head, _tag_setup
from .deal_record import body_lines, parse_body

__all__ = ["GameRecord", "game_record_of", "parse_game_record"]


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
