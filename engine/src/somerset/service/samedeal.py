"""The same deal under several rulesets: where they first part ways, and why.

A deal comes from a :class:`DealSource`: a seed the bots play (:func:`seed_source`), a deal the
reader played at the table (:func:`table_source`) or a pasted record (:func:`record_source`).
:func:`same_deal` deals those very cards under each chosen ruleset (:func:`choose_rulesets`; a
ruleset that cannot, :func:`cannot_deal`, is listed with the reason), plays each deal out
(:func:`play_under`), and reports every point where the deals part, each ruleset's side with its
rule and citation, and how the deal ends under each. ``players`` makes the seats' players (by
default the heuristic bots); :data:`PLAYERS` lists those the API's ``bots`` field may name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable, Iterable, Sequence

from ..game.actions import Action, ActionKind
from ..players.bots import Bot
from ..players.roster import make_bots
from ..rules.cards import Card
from ..rules.describe import signed
from ..game.deal import Deal, Phase
from ..rules.errors import SomersetError
from ..rules.limits import MAX_RECORD_CHARS
from ..records.links import DealCode
from ..rules.play import legal_plays, trick_verdict
from ..records.partial_record import is_partial, parse_partial
from ..records.deal_record import parse_record, record_of
from ..rules.dimensions import DIMENSIONS, Format, Ruleset, RuleValue
from ..rules.rulesets import RULESETS, load_ruleset
from ..rules.scoring import score_sides
from ..rules.sources import Citation
from .table import table_deal

__all__ = ["DealSource", "choose_rulesets", "seed_source", "table_source", "record_source", "same_deal", "cannot_deal", "play_under",
           "Players", "PLAYERS", "SameDealError", "MAX_EVENTS"]

JSON = dict[str, Any]

#: Makes one player per seat for a deal: ``players(deal, seed)``.
Players = Callable[[Deal, int], Sequence[Bot]]


def _heuristic(deal: Deal, seed: int) -> Sequence[Bot]:
    return make_bots("heuristic", deal.players, seed)


#: The players the API may name (``bots``), each with the words that say who played.
PLAYERS: dict[str, tuple[Players, str]] = {
    "heuristic": (_heuristic, "the engine's heuristic bots (the same bots, with the same seeds, under every ruleset)"),
}

#: The most points of difference reported for one comparison (the first ones; ``more`` counts the rest).
MAX_EVENTS = 60
#: At most this many differences that changed nothing (a card allowed under one ruleset only, not
#: chosen) are reported per group of rulesets and phase.
_QUIET_PER_PHASE = 1

_HEADINGS = dict(DIMENSIONS)


class SameDealError(SomersetError):
    """A deal or a choice of rulesets the comparison cannot use; ``field`` names the input."""


@dataclass(frozen=True)
class DealSource:
    """Where the deal comes from: its ruleset and format, the dealer, the seed (None for given
    hands), the recorded actions to follow (chance steps first), and the seed of the bots."""

    kind: str  # "seed", "table" or "record"
    ruleset: Ruleset
    format: Format
    dealer: int
    seed: int | None
    script: tuple[Action, ...]
    bot_seed: int
    label: str

    def new_deal(self, ruleset: Ruleset) -> Deal:
        """A fresh deal under ``ruleset`` (which must have the source's format), before any action."""
        return Deal(ruleset, self.format.id, dealer=self.dealer, seed=self.seed)

    def deal(self) -> Deal:
        """The source's own deal, as far as its recorded actions go."""
        d = self.new_deal(self.ruleset)
        for a in self.script:
            d.apply(a)
        return d


def seed_source(ruleset: Ruleset | str, format_id: str | None, seed: int, players: Players | None = None,
                dealer: int = 0) -> DealSource:
    """The deal ``seed`` gives under ``ruleset`` with ``dealer`` dealing, played out by ``players`` (the
    heuristic bots by default), as ``somerset play --seed --dealer`` deals and plays it (without dealing
    again when all pass). The site's tools deal a new seed from the last seat, as at the table."""
    r = load_ruleset(ruleset)
    fmt = r.format(format_id)
    d = Deal(r, fmt.id, dealer=dealer, seed=seed)
    bots = (players or _heuristic)(d, seed)
    while not d.is_terminal():
        d.apply(d.chance_outcome() if d.is_chance() else bots[d.current_player].act(d))
    return DealSource("seed", r, fmt, dealer, seed, tuple(d.history), seed, f"{fmt.label}, seed {seed}")


def table_source(ruleset: Ruleset | str, format_id: str | None, seed: int, moves: list[str],
                 play: str | None = None) -> DealSource:
    """The deal the reader played at the table (see :mod:`somerset.service.table`): its code ``play`` (see
    :mod:`somerset.records.links`), or the reader's ``moves`` at seat 0 with the table's bots playing the rest."""
    deal, _, problem = table_deal(ruleset, format_id, seed, moves, play)
    if problem is not None:
        raise SameDealError(f"the deal played at the table cannot be rebuilt: {problem['message']}",
                            field="play" if problem.get("move") == 0 else "moves")
    fmt = deal.format
    return DealSource("table", deal.ruleset, fmt, deal.dealer, seed, tuple(deal.history), seed,
                      f"{fmt.label}, seed {seed}, as you played it")


def record_source(text: str) -> DealSource:
    """The deal of a pasted record (its hands, given or from its seed, and every recorded action)."""
    if not isinstance(text, str) or not text.strip():
        raise SameDealError("the record is empty: paste a deal's record as 'somerset play' prints it", field="record")
    if len(text) > MAX_RECORD_CHARS:
        raise SameDealError(f"the record is {len(text):,} characters; the longest accepted is {MAX_RECORD_CHARS:,}",
                            field="record")
    if re.search(r"^\s*Deal \d+: dealer \d+, seed \d+", text, re.MULTILINE):
        raise SameDealError("this is the record of a whole game; paste one deal, as 'somerset play' prints it",
                            field="record")
    if is_partial(text):
        try:
            parse_partial(text)
        except SomersetError as e:
            raise SameDealError(f"the record cannot be read: {e}", field="record") from e
        raise SameDealError("this record has no hands (a worked example or a single trick); the comparison needs "
                            "a whole deal's hands: a [Seed] tag or a Hand line for every seat", field="record")
    try:
        rec = parse_record(text)
        deal = rec.replay()
    except SomersetError as e:
        raise SameDealError(f"the record cannot be read: {e}", field="record") from e
    if deal.is_chance():
        raise SameDealError("the record stops before the cards are dealt: give a [Seed] tag or the hands",
                            field="record")
    fmt = deal.format
    title = rec.tags.get("Title")
    label = title or (f"{fmt.label}, seed {deal.seed}" if deal.seed is not None else f"{fmt.label}, hands as recorded")
    return DealSource("record", deal.ruleset, fmt, deal.dealer, deal.seed, tuple(deal.history),
                      deal.seed or 0, label)


# --- which rulesets can deal these cards --------------------------------------------------------


def _cards_word(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def cannot_deal(source: DealSource, ruleset: Ruleset) -> str | None:
    """Why ``ruleset`` cannot deal the source's cards (None when it can), naming the difference.

    A ruleset can deal them only when it plays the same pack and has the source's format (by id) with
    the same players, sides, hand size and undealt cards; only its data is read, never its id.
    """
    have, want = ruleset.deck, source.ruleset.deck
    name = ruleset.short_name
    if have.name != want.name:
        return (f"{name} plays with the {have.name} pack of {_cards_word(len(have))}; this deal is dealt from the "
                f"{want.name} pack of {_cards_word(len(want))}.")
    fmt = source.format
    other = next((f for f in ruleset.formats.value if f.id == fmt.id), None)
    if other is None:
        ways = "; ".join(f.label for f in ruleset.formats.value)
        return f"{name} has no game like this deal's ({fmt.label}); it plays: {ways}."
    diffs: list[str] = []
    if other.players != fmt.players:
        diffs.append(f"{other.players} players, not {fmt.players}")
    elif other.teams != fmt.teams:
        diffs.append(f"sides of {len(other.teams[0])}, not {len(fmt.teams[0])}")
    if other.hand_size != fmt.hand_size:
        diffs.append(f"hands of {_cards_word(other.hand_size)}, not {fmt.hand_size}")
    if other.undealt != fmt.undealt:
        diffs.append(f"{_cards_word(other.undealt)} left undealt, not {fmt.undealt}")
    if other.pile != fmt.pile:
        diffs.append(f"a drawing pile that is {other.pile.label}, not {fmt.pile.label}")
    if set(other.removed) != set(fmt.removed):
        diffs.append(f"without {', '.join(other.removed) or 'no card'} (this deal is without "
                     f"{', '.join(fmt.removed) or 'no card'})")
    if diffs:
        return f"{name} plays {other.label} with " + "; ".join(diffs) + "."
    return None


# --- playing the deal under one ruleset ----------------------------------------------------------


def _position(d: Deal) -> tuple[Any, ...]:
    """Everything that makes two deals the same deal at a point of play (the rulesets aside; the
    undealt cards are the same cards whether they lie face up or wait as a kitty)."""
    return (d.phase, d.current_player, tuple(d.hands), tuple(d.trick_log), tuple(d.trick), tuple(d.pile),
            d.declarer, d.bid, d.discards, d.trump)


@dataclass
class Played:
    """One ruleset's deal played out: the deal, and the step from which the bots played every seat
    (None when the recorded actions were followed to their end)."""

    deal: Deal
    bots_from: int | None


def play_under(source: DealSource, ruleset: Ruleset, players: Players = _heuristic) -> Played:
    """Deal the source's cards under ``ruleset`` and play the deal out.

    The deal follows the source's recorded actions for as long as it is still the recorded deal (the
    same phase, seat to act, hands, tricks and undealt cards, and the recorded action allowed); from
    the first point where it is not, ``players`` (seeded by the source's bot seed) play every seat.
    """
    d = source.new_deal(ruleset)
    src = source.new_deal(source.ruleset)
    bots = players(d, source.bot_seed)
    script = source.script
    k = 0
    following = True
    bots_from: int | None = None
    while not d.is_terminal():
        if following and k < len(script):
            a = script[k]
            if _position(d) == _position(src) and d.can(a) is None:
                d.apply(a)
                src.apply(a)
                k += 1
                continue
            following = False
            bots_from = k
        if d.is_chance():
            d.apply(d.chance_outcome())
        else:
            d.apply(bots[d.current_player].act(d))
    return Played(d, bots_from)


# --- words --------------------------------------------------------------------------------------


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _act_words(a: Action, seat: int) -> str:
    k = a.kind
    who = _seat(seat)
    if k is ActionKind.PASS:
        return f"{who} passes"
    if k is ActionKind.BID:
        return f"{who} bids {a.number}"
    if k is ActionKind.DISCARD:
        return f"{who} discards {' '.join(str(c) for c in a.cards)}"
    if k is ActionKind.TRUMP:
        assert a.trump is not None
        return f"{who} names trump: {a.trump.label}" if not a.trump.is_no_trump else f"{who} declares No Trump"
    if k is ActionKind.PLAY:
        return f"{who} plays {a.cards[0]}"
    return str(a)


def _act_noun(a: Action) -> str:
    """An action as the subject of a sentence: "a bid of 12", "passing", "playing 4/8"."""
    k = a.kind
    if k is ActionKind.PASS:
        return "passing"
    if k is ActionKind.BID:
        return f"a bid of {a.number}"
    if k is ActionKind.DISCARD:
        return f"discarding {' '.join(str(c) for c in a.cards)}"
    if k is ActionKind.TRUMP:
        assert a.trump is not None
        return "declaring No Trump" if a.trump.is_no_trump else f"naming trump ({a.trump.label})"
    if k is ActionKind.PLAY:
        return f"playing {a.cards[0]}"
    return str(a)


def _action_order(a: Action) -> tuple[int, int, str]:
    """The order choices are listed in: passing, the bids by their number, then the rest as written."""
    k = a.kind
    return (0 if k is ActionKind.PASS else 1 if k is ActionKind.BID else 2,
            a.number if k is ActionKind.BID and a.number is not None else 0, str(a))


def _bid_runs(numbers: Sequence[int]) -> str:
    """Bids' numbers in words, runs of three or more joined: "1 to 11", "9, 10 and 14"."""
    parts: list[str] = []
    nums = sorted(set(numbers))
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{nums[i]} to {nums[j]}")
        else:
            parts.extend(str(n) for n in nums[i:j + 1])
        i = j + 1
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _choices_noun(actions: Iterable[Action]) -> str:
    """Several choices as the subject of a sentence, in order, the bids' numbers joined into runs:
    "passing or a bid of 12", "bids of 1 to 11", "playing 4/8 or playing 0/0"."""
    acts = sorted(set(actions), key=_action_order)
    bids = [a.number for a in acts if a.kind is ActionKind.BID and a.number is not None]
    words: list[str] = []
    for a in acts:
        if a.kind is ActionKind.BID:
            if a.number == bids[0]:
                words.append(f"a bid of {bids[0]}" if len(bids) == 1 else f"bids of {_bid_runs(bids)}")
        else:
            words.append(_act_noun(a))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _reason(text: str, citation: Citation | None = None, rule: str | None = None,
            interpretation: str | None = None) -> JSON:
    return {"text": text, "rule": rule, "citation": citation.to_json() if citation else None,
            "interpretation": interpretation}


def _value_words(value: Any) -> str:
    """A rule's value in the tables' short words: a named choice's label, the labels of a record's choices."""
    if isinstance(value, RuleValue):
        return value.label
    if isinstance(value, bool):
        return "yes" if value else "no"
    if is_dataclass(value):
        # a part whose label is a bare "none" (no kitty exchange, ...) adds nothing to the words
        words = (_value_words(getattr(value, f.name)) for f in fields(value)
                 if isinstance(getattr(value, f.name), RuleValue))
        return "; ".join(w for w in words if w != "none")
    return ""


def _rule_reason(r: Ruleset, key: str) -> JSON:
    rule = r.rule(key)
    value = _value_words(rule.value)
    heading = f"{_HEADINGS[key]}: {value}" if value else _HEADINGS[key]
    return _reason(rule.summary, rule.citation, heading, rule.interpretation)


def _as_played(source: DealSource) -> str:
    """Where a step taken as recorded comes from, in words."""
    name = source.ruleset.short_name
    if source.kind == "table":
        return f"As the deal was played at the table (by you and the bots, under {name})."
    if source.kind == "record":
        return f"As the record has it (played under {name})."
    return f"As the bots played the deal under {name}."


def _differing(rs: Sequence[Ruleset], keys: Iterable[str]) -> list[str]:
    """The rule dimensions among ``keys`` whose values are not the same in every ruleset of ``rs``."""
    return [k for k in keys if any(r.rule(k).value != rs[0].rule(k).value for r in rs[1:])]


#: The rules a phase's choices depend on: the bots weigh them, and they bound what may be done.
_PHASE_KEYS: dict[Phase, tuple[str, ...]] = {
    Phase.AUCTION: ("bidding", "points", "undealt", "made", "set", "no_trump", "zero_trump"),
    Phase.KITTY: ("undealt", "points"),
    Phase.TRUMP: ("no_trump", "zero_trump", "declaration", "points"),
    Phase.PLAY: ("first_lead", "follow_suit", "rover_play", "after_rover", "rover_power", "no_trump",
                 "ss_no_trump", "rover_no_trump", "zero_trump", "points"),
}


def _where(d: Deal) -> tuple[str, int | None]:
    """Where a deal stands, in words, and the trick (from 1) being played, if any."""
    p = d.phase
    if p is Phase.AUCTION:
        assert d.auction is not None
        return f"The auction, call {len(d.auction.calls) + 1}", None
    if p is Phase.KITTY:
        return "The kitty", None
    if p is Phase.TRUMP:
        return "The naming of trump", None
    if p is Phase.PLAY:
        n = len(d.trick_log) + 1
        if not d.trick:
            return f"Trick {n}, the lead", n
        return f"Trick {n}, card {len(d.trick) + 1}", n
    if p is Phase.OVER:
        return "The end of the deal", None
    return "The deal", None


def _sides(d: Deal) -> list[str]:
    return [("seats " if len(t) > 1 else "seat ") + " and ".join(str(s) for s in t) for t in d.format.teams]


# --- walking the deals side by side ----------------------------------------------------------------


class _Walk:
    """The deals of several rulesets replayed step by step together; groups part where they differ."""

    def __init__(self, source: DealSource, played: dict[str, Played], rulesets: dict[str, Ruleset]) -> None:
        self.finals = {rid: p.deal for rid, p in played.items()}
        self.script_len = len(source.script)
        self.bots_from = {rid: p.bots_from for rid, p in played.items()}
        self.as_played = _as_played(source)
        self.rulesets = rulesets
        self.now = {rid: source.new_deal(rulesets[rid]) for rid in played}
        self.events: list[JSON] = []
        #: the steps where the choices allowed differ but the play stayed the same (not partings)
        self.unchanged: list[JSON] = []
        self.more = 0
        self.quiet: dict[tuple[tuple[str, ...], Phase], int] = {}

    def run(self) -> None:
        active: list[tuple[list[str], int]] = [(list(self.finals), 0)]
        while active:
            nxt: list[tuple[list[str], int]] = []
            for group, k in active:
                nxt.extend((g, step) for g, step in self.step(group, k) if len(g) > 1)
            active = nxt
        self.events.sort(key=lambda e: e["step"])
        self.unchanged.sort(key=lambda e: e["step"])

    def add(self, event: JSON) -> None:
        if not event["parted"]:
            self.unchanged.append(event)
        elif len(self.events) < MAX_EVENTS:
            self.events.append(event)
        else:
            self.more += 1

    def event(self, kind: str, k: int, group: list[str], parts: list[list[str]], where: str, trick: int | None,
              entries: dict[str, JSON]) -> None:
        self.add({
            "kind": kind,
            "parted": len(parts) > 1,
            "step": k,
            "where": where,
            "trick": trick,
            "rulesets": list(group),
            "groups": parts,
            "by_ruleset": [{"ruleset": rid, "ruleset_name": self.rulesets[rid].short_name, **entries[rid]}
                           for rid in group],
        })

    @staticmethod
    def split(group: list[str], key: Callable[[str], Any]) -> list[list[str]]:
        parts: dict[Any, list[str]] = {}
        for rid in group:
            parts.setdefault(key(rid), []).append(rid)
        return list(parts.values())

    def step(self, group: list[str], k: int) -> list[tuple[list[str], int]]:
        """Compare the group's deals at step ``k``; the groups that go on, each with its next step."""
        now = self.now
        first = now[group[0]]
        where, trick = _where(first)
        parts = self.split(group, lambda rid: (now[rid].phase, now[rid].current_player))
        if len(parts) > 1:
            last = first.history[-1].kind if first.history else None
            if last in (ActionKind.BID, ActionKind.PASS):
                where = "The end of the auction"
            elif last is ActionKind.DISCARD:
                where = "The end of the discards"
            self.event("phase", k, group, parts, where, trick, self.phase_entries(group))
            return [(p, k) for p in parts]
        if first.is_terminal():
            parts = self.split(group, lambda rid: tuple(now[rid].score_changes()))
            if len(parts) > 1:
                self.event("score", k, group, parts, "The score", None, self.score_entries(group))
            return []
        actions = {rid: self.finals[rid].history[k] for rid in group}
        if first.is_chance():
            for rid in group:
                now[rid].apply(actions[rid])
            return [(group, k + 1)]
        legal = {rid: {str(a): a for a in now[rid].legal_actions()} for rid in group}
        parts = self.split(group, lambda rid: actions[rid])
        if len(parts) > 1:
            self.event("action", k, group, parts, where, trick, self.action_entries(group, actions, k))
        elif len({frozenset(v) for v in legal.values()}) > 1 and self.following(group[0], k):
            key = (tuple(group), first.phase)
            if self.quiet.get(key, 0) < _QUIET_PER_PHASE:
                self.quiet[key] = self.quiet.get(key, 0) + 1
                self.event("allowed", k, group, [group], where, trick, self.allowed_entries(group, legal, actions))
        out: list[tuple[list[str], int]] = []
        for part in parts:
            before = {rid: (len(now[rid].trick_log), list(now[rid].taken)) for rid in part}
            for rid in part:
                now[rid].apply(actions[rid])
            out.extend(self.after(part, k, before))
        return out

    def after(self, group: list[str], k: int, before: dict[str, tuple[int, list[int]]]) -> list[tuple[list[str], int]]:
        """Compare what the step just made: a trick's winner, the points taken, the bid to make."""
        now = self.now
        first = now[group[0]]
        tricks_before = before[group[0]][0]
        if len(first.trick_log) > tricks_before:
            parts = self.split(group, lambda rid: now[rid].trick_log[-1][2])
            if len(parts) > 1:
                self.event("trick", k, group, parts, f"Trick {len(first.trick_log)}", len(first.trick_log),
                           self.trick_entries(group))
                return [(p, k + 1) for p in parts]
            parts = self.split(group, lambda rid: tuple(now[rid].taken))
            if len(parts) > 1:
                self.event("points", k, group, parts, f"Trick {len(first.trick_log)}", len(first.trick_log),
                           self.points_entries(group, before))
            return [(p, k + 1) for p in parts]
        if first.history[-1].kind is ActionKind.DISCARD:
            parts = self.split(group, lambda rid: (tuple(now[rid].taken), now[rid].bid_to_make))
            if len(parts) > 1:
                self.event("kitty", k, group, parts, "The discards", None, self.kitty_entries(group, before))
            return [(p, k + 1) for p in parts]
        return [(group, k + 1)]

    # --- what each ruleset did, and why ---------------------------------------------------------

    def phase_entries(self, group: list[str]) -> dict[str, JSON]:
        rs = [self.rulesets[rid] for rid in group]
        phases = {self.now[rid].phase for rid in group}
        if Phase.KITTY in phases:
            keys = ["undealt"]
        elif Phase.OVER in phases or Phase.AUCTION in phases:
            keys = ["bidding"]
        else:
            keys = ["declaration"]
        keys = _differing(rs, keys) or keys
        out: dict[str, JSON] = {}
        for rid in group:
            d, r = self.now[rid], self.rulesets[rid]
            seat = d.current_player
            if d.phase is Phase.KITTY:
                cards = " ".join(str(c) for c in d.undealt)
                what = f"{_seat(seat)} takes the {len(d.kitty)} undealt cards ({cards}) and discards"
            elif d.phase is Phase.TRUMP:
                what = f"{_seat(seat)} names trump"
            elif d.phase is Phase.PLAY and d.trump is None:
                what = f"{_seat(seat)} declares trump with the first card led"
            elif d.phase is Phase.PLAY:
                what = f"{_seat(seat)} leads"
            elif d.phase is Phase.OVER:
                what = "everyone passed: the deal is thrown in" if d.passed_out else "the deal is over"
            else:
                what = f"{_seat(seat)} to call"
            out[rid] = {"outcome": what, "reasons": [_rule_reason(r, key) for key in keys]}
        return out

    def why_not(self, d: Deal, a: Action) -> JSON | None:
        """Why ``a`` is not allowed in ``d`` now, with the rule's citation (None when it is allowed)."""
        return self.why_none(d, [a])

    def why_none(self, d: Deal, acts: Sequence[Action]) -> JSON | None:
        """Why none of ``acts`` is allowed in ``d`` now, when the engine refuses them all for the same
        reason (the first's reason, naming them all), with the rule's citation; None when the first is allowed."""
        a = acts[0]
        why = d.can(a)
        if why is None:
            return None
        r = d.ruleset
        many = len(acts) > 1
        words = f"{_choices_noun(acts)} {'are' if many else 'is'} not allowed here: {why}"
        if d.phase is Phase.PLAY and a.kind is ActionKind.PLAY and d.trump is not None and not many:
            lp = legal_plays(r, d.trump, d.hand(d.current_player), d.current_trick,
                             first_trick=d.first_lead_pending and not d.drawn)
            for ip in lp.illegal:
                if ip.card == a.cards[0]:
                    return _reason(f"{ip.card} may not be played here: {ip.reason}", ip.citation,
                                   _HEADINGS["follow_suit"], lp.note)
        key = {Phase.AUCTION: "bidding", Phase.KITTY: "undealt", Phase.TRUMP: "no_trump"
               if a.trump is not None and a.trump.is_no_trump else "declaration"}.get(d.phase, "first_lead")
        rule = r.rule(key)
        return _reason(words[0].upper() + words[1:] + ".", rule.citation, _HEADINGS[key], rule.interpretation)

    def why_not_all(self, d: Deal, acts: Sequence[Action], most: int = 3) -> list[JSON]:
        """Why each of ``acts`` is not allowed in ``d``: the actions the engine refuses for the same
        reason said together (bids in their order), at most ``most`` reasons and a count of the rest."""
        same: dict[str, list[Action]] = {}
        for a in sorted(acts, key=_action_order):
            why = d.can(a)
            if why is None:
                continue
            # cards refused by the rules of following suit have reasons of their own
            tag = str(a) if a.kind is ActionKind.PLAY else why
            same.setdefault(tag, []).append(a)
        out = [x for x in (self.why_none(d, group) for group in list(same.values())[:most]) if x is not None]
        rest = sum(len(g) for g in list(same.values())[most:])
        if rest:
            out.append(_reason(f"… and {rest} more choice{'s' if rest != 1 else ''} allowed under another of these "
                               "rulesets."))
        return out

    def following(self, rid: str, k: int) -> bool:
        """Whether ``rid``'s deal made step ``k`` as recorded (rather than by its bots)."""
        stop = self.bots_from[rid]
        return k < self.script_len and (stop is None or k < stop)

    def action_entries(self, group: list[str], actions: dict[str, Action], k: int) -> dict[str, JSON]:
        """Each ruleset's choice: as played, or, where that was not allowed, the reason and the bots'
        choice instead (and why the bots chose otherwise than under another ruleset where both were allowed)."""
        distinct = sorted(set(actions.values()), key=_action_order)
        out: dict[str, JSON] = {}
        for rid in group:
            d = self.now[rid]
            reasons: list[JSON] = []
            allowed: list[Action] = []
            for b in distinct:
                if b == actions[rid]:
                    continue
                why = self.why_not(d, b)
                if why is None:
                    allowed.append(b)
                else:
                    reasons.append(why)
            if self.following(rid, k):
                reasons.insert(0, _reason(self.as_played))
            elif allowed:
                reasons.extend(self.choice_reasons(group, rid, actions, allowed))
            out[rid] = {"outcome": _act_words(actions[rid], d.current_player), "reasons": reasons}
        return out

    def choice_reasons(self, group: list[str], rid: str, actions: dict[str, Action], allowed: list[Action]) -> list[JSON]:
        """Why the bots of ``rid`` chose otherwise than under the rulesets that chose ``allowed``
        (actions allowed under ``rid`` too)."""
        d, r = self.now[rid], self.rulesets[rid]
        others = [self.rulesets[o] for o in group if actions[o] in allowed]
        words = _choices_noun(allowed)
        if d.phase is Phase.PLAY and d.trick and d.trump is not None:
            mine = actions[rid].cards[0]
            cards = [mine] + [b.cards[0] for b in allowed if b.kind is ActionKind.PLAY]
            here = tuple(d.would_win(c) for c in cards)
            there = {o: tuple(self.now[o].would_win(c) for c in cards) for o in group if actions[o] in allowed}
            if any(v != here for v in there.values()):
                out = []
                for c in cards:
                    v = trick_verdict(r, d.trump, [*d.current_trick, c])
                    takes = "would take" if d.would_win(c) else "would not take"
                    out.append(_reason(f"Played to {' '.join(str(x) for x in d.current_trick)}, {c} {takes} the "
                                       f"trick so far: {v.reason}", v.citation, _HEADINGS["follow_suit"],
                                       v.interpretation))
                return out
        keys = _differing([r, *others], _PHASE_KEYS.get(d.phase, ())) or _differing(
            [r, *others], [k for k, _ in DIMENSIONS if k != "options"])
        lead = _reason(f"{words[0].upper()}{words[1:]} would be allowed here too; the bots weigh the hand by the "
                       "rules, and these differ:" if keys else
                       f"{words[0].upper()}{words[1:]} would be allowed here too; the bots chose differently.")
        return [lead] + [_rule_reason(r, key) for key in keys]

    def allowed_entries(self, group: list[str], legal: dict[str, dict[str, Action]],
                        actions: dict[str, Action]) -> dict[str, JSON]:
        """The same choice under each ruleset, where others were allowed under only some of them."""
        every: dict[str, Action] = {}
        for allowed in legal.values():
            every.update(allowed)
        common = set.intersection(*(set(v) for v in legal.values()))
        out: dict[str, JSON] = {}
        for rid in group:
            d = self.now[rid]
            missing = [every[t] for t in set(every) - set(legal[rid])]
            reasons = self.why_not_all(d, missing)
            only = sorted((legal[rid][t] for t in set(legal[rid]) - common), key=_action_order)
            words = _act_words(actions[rid], d.current_player)
            if only:
                words += f" (here it could also have chosen {_choices_noun(only[:12])}{'…' if len(only) > 12 else ''})"
            out[rid] = {"outcome": words, "reasons": reasons}
        return out

    def trick_entries(self, group: list[str]) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        for rid in group:
            d = self.now[rid]
            t = d.tricks[-1]
            assert d.trump is not None
            v = trick_verdict(d.ruleset, d.trump, t.cards)
            out[rid] = {"outcome": f"{_seat(t.winner)} takes the trick with {v.card}",
                        "reasons": [_reason(v.reason, v.citation, _HEADINGS["follow_suit"], v.interpretation)]}
        return out

    def points_entries(self, group: list[str], before: dict[str, tuple[int, list[int]]]) -> dict[str, JSON]:
        rs = [self.rulesets[rid] for rid in group]
        keys = _differing(rs, ["points", "undealt", "pack"]) or ["points"]
        out: dict[str, JSON] = {}
        for rid in group:
            d = self.now[rid]
            winner = d.tricks[-1].winner
            got = d.taken[winner] - before[rid][1][winner]
            out[rid] = {"outcome": f"{_seat(winner)} scores {got} point{'s' if got != 1 else ''} for the trick",
                        "reasons": [_rule_reason(d.ruleset, key) for key in keys]}
        return out

    def kitty_entries(self, group: list[str], before: dict[str, tuple[int, list[int]]]) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        for rid in group:
            d = self.now[rid]
            banked = sum(d.taken) - sum(before[rid][1])
            words = f"the discards bank {banked} point{'s' if banked != 1 else ''}"
            if d.bid_to_make != d.bid:
                words += f" and raise the bid to make from {d.bid} to {d.bid_to_make}"
            out[rid] = {"outcome": words, "reasons": [_rule_reason(d.ruleset, "undealt")]}
        return out

    def score_entries(self, group: list[str]) -> dict[str, JSON]:
        return {rid: _ending_score(self.now[rid]) for rid in group}


def _ending_score(d: Deal) -> JSON:
    """How a finished deal scores, in words, with the rule and its citation."""
    r = d.ruleset
    changes = d.score_changes()
    sides = _sides(d)
    outcome = "; ".join(f"{s} {signed(c)}" for s, c in zip(sides, changes))
    if d.passed_out:
        rule = r.bidding
        return {"outcome": "thrown in: no score", "reasons": [
            _reason("Everyone passed, so the deal is not played.", rule.citation, _HEADINGS["bidding"],
                    rule.interpretation)]}
    bid_team = d.team_of[d.declarer] if d.declarer is not None else None
    sc = score_sides(r, d.format, bid_team, d.bid_to_make, d.team_points(), sides)
    head = "made" if sc.set is False else "set" if sc.set else "scored"
    heading = _HEADINGS["made" if sc.set is False else "set" if sc.set else "points"]
    return {"outcome": f"{head}: {outcome}", "reasons": [_reason(sc.reason, sc.citation, heading, sc.interpretation)]}


def _ending(source: DealSource, p: Played) -> JSON:
    d = p.deal
    r = d.ruleset
    out: JSON = {
        "ruleset": r.id,
        "ruleset_name": r.short_name,
        "passed_out": d.passed_out,
        "declarer": d.declarer,
        "bid": d.bid,
        "bid_to_make": d.bid_to_make,
        "discards": [str(c) for c in d.discards],
        "trump": None if d.trump is None else str(d.trump),
        "trump_label": None if d.trump is None else d.trump.label,
        "trump_by_lead": d.trump_by_lead,
        "tricks": [t.to_json() for t in d.tricks],
        "sides": _sides(d),
        "team_points": d.team_points(),
        "score": d.score_changes(),
        "made": d.made,
        **_ending_score(d),
        "record": str(record_of(d)),
        "bots_from": None,
    }
    if p.bots_from is not None:
        probe = source.new_deal(r)
        for a in d.history[:p.bots_from]:
            probe.apply(a)
        out["bots_from"] = {"step": p.bots_from, "where": _where(probe)[0]}
    return out


# --- the comparison ---------------------------------------------------------------------------------


def choose_rulesets(names: Sequence[str] | str) -> list[Ruleset]:
    """The rulesets named (ids or aliases, a list or one text with commas; ``all`` for every one),
    each once, in the order given; an unknown name is an error of the ``rules`` field."""
    if isinstance(names, str):
        names = [n for n in re.split(r"[\s,]+", names) if n]
    if any(str(n).strip().lower() == "all" for n in names):
        return list(RULESETS.values())
    out: list[Ruleset] = []
    for name in names:
        try:
            r = load_ruleset(name)
        except SomersetError as e:
            e.field = "rules"
            raise
        if r not in out:
            out.append(r)
    return out


def same_deal(source: DealSource, rulesets: Sequence[str] | str, players: Players = _heuristic,
              players_label: str = PLAYERS["heuristic"][1]) -> JSON:
    """The source's deal under its own ruleset and each of ``rulesets`` (ids or aliases, a list or one
    text with commas, or ``all``): which rulesets cannot deal it and why, every point where the
    others part ways, and how the deal ends under each.

    A point where they part is a different phase (a kitty taken, trump named or declared by the first
    card), a call or card allowed under one ruleset and not another, the bots choosing differently,
    a trick taken by another seat, other points for the same trick, or a different score. Each names,
    for each ruleset, what happened and why, with the rule's citation, all asked of the engine
    (:func:`~somerset.rules.play.legal_plays`, :func:`~somerset.rules.play.trick_verdict`,
    :meth:`Deal.can <somerset.game.deal.Deal.can>`, :func:`~somerset.rules.scoring.score_sides` and
    each ruleset's rule data).

    >>> sd = same_deal(seed_source("parker-1947", None, 7), ["parker-1947", "somersetcards-com", "parker-1950"])
    >>> [c["ruleset"] for c in sd["cannot"]], sd["agree"]
    (['parker-1950'], False)
    >>> first = sd["events"][sd["first"]]  # the points where the rulesets part ways (``unchanged``: the others)
    >>> first["kind"], first["where"]
    ('phase', 'The end of the auction')
    >>> [e["outcome"] for e in first["by_ruleset"]]
    ['seat 2 names trump', 'seat 2 takes the 2 undealt cards (2/4 0/0) and discards']
    """
    # The deal's own ruleset (with any options its record names) comes first, and once.
    chosen = [source.ruleset] + [r for r in choose_rulesets(rulesets) if r.id != source.ruleset.id]
    if len(chosen) < 2:
        raise SameDealError("choose at least two different rulesets to compare", field="rules")
    cannot: list[JSON] = []
    able: dict[str, Ruleset] = {}
    for r in chosen:
        why = cannot_deal(source, r)
        if why is None:
            able[r.id] = r
        else:
            cannot.append({"ruleset": r.id, "ruleset_name": r.short_name, "reason": why})
    if not able:
        raise SameDealError("none of these rulesets can deal these cards: " + " ".join(c["reason"] for c in cannot),
                            field="rules")
    played = {rid: play_under(source, r, players) for rid, r in able.items()}
    walk = _Walk(source, played, able)
    if len(able) > 1:
        walk.run()
    first = next((i for i, e in enumerate(walk.events) if e["parted"]), None)
    src = source.deal()
    return {
        "source": {
            "kind": source.kind,
            "ruleset": source.ruleset.id,
            "ruleset_name": source.ruleset.short_name,
            "format": source.format.id,
            "format_label": source.format.label,
            "players": source.format.players,
            "teams": [list(t) for t in source.format.teams],
            "dealer": source.dealer,
            "seed": None if source.seed is None else str(source.seed),
            "label": source.label,
            "pack": source.ruleset.deck.name,
            "hands": [[str(c) for c in sorted(h, key=Card.sort_key)] for h in src.dealt],
            "undealt": [str(c) for c in src.undealt],
            "recorded_actions": sum(1 for a in source.script if not a.is_chance),
            # the code of a deal played at the table, for the comparison's link (see somerset.records.links)
            "play": str(DealCode.of(src)) if source.kind == "table" else None,
        },
        "players": players_label,
        "rulesets": [{"id": r.id, "name": r.short_name} for r in able.values()],
        "cannot": cannot,
        "events": _quote_once(walk.events),
        "unchanged": _quote_once(walk.unchanged, _quoted(walk.events)),
        "more_events": walk.more,
        "first": first,
        "agree": first is None if len(able) > 1 else None,
        "endings": _quote_once([_ending(source, played[rid]) for rid in able]),
    }


def _reasons(items: Sequence[JSON]) -> Iterable[JSON]:
    """Every reason of a list of points (their rulesets' entries) or of endings, in reading order."""
    for item in items:
        for entry in item.get("by_ruleset", [item]):
            yield from entry["reasons"]


def _quoted(items: Sequence[JSON]) -> set[str]:
    return {r["interpretation"] for r in _reasons(items) if r["interpretation"]}


def _quote_once(items: list[JSON], seen: set[str] | None = None) -> list[JSON]:
    """Quote each of the engine's readings (a reason's ``interpretation``) once, where it first comes
    in ``items`` (and not at all when it is in ``seen``, quoted before); a later reason with the same
    reading has ``interpretation`` None and ``reading_above`` True, to say the reading is given above."""
    seen = set(seen or ())
    for r in _reasons(items):
        text = r["interpretation"]
        r["reading_above"] = bool(text) and text in seen
        if r["reading_above"]:
            r["interpretation"] = None
        elif text:
            seen.add(text)
    return items
