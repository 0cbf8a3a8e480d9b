"""The guided deals of the Learn section: a whole deal played with a coach, written as a content file.

A guided deal (:class:`FirstDeal`) is one TOML file in ``somerset/content/first-deals/``: a
``[deal]`` table (:data:`DEAL_FIELDS`, its ``guide`` one of :data:`GUIDES`) and one ``[[step]]``
per decision of the reader's seat (:class:`CoachStep`, :data:`STEP_FIELDS`, :data:`SOLVER_CLAIMS`).
:func:`load_first_deals` reads the files' own fields (:data:`FIRST_DEALS`: the shipped deals);
:func:`first_deal_problems` plays the deal at Play a deal's table and names every way the file and
the engine disagree, and :func:`decision_values` gives the solver's figures at a decision
(:class:`Refuted`). :mod:`somerset.service.first_deal` builds the record the page plays from.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

from .contentfile import ContentError, ContentFile, Entry, plural, shipped_files
from ..game.actions import ActionKind, ActionNotationError, parse_action
from ..rules.cards import Card
from ..game.deal import Deal
from ..players.table import READER, table_deal
from ..records.links import DealCode, DealCodeError, parse_deal_code
from ..rules.rulesets import get_ruleset
from ..solve import PositionError, position_of_deal, solve
from ..solve.request import read_position as position_of_deal_json
from ..solve.review import deal_plays
from ..solve.why import check_why, why

__all__ = ["FirstDeal", "CoachStep", "GUIDES", "Refuted", "decision_values", "FIRST_DEALS", "load_first_deals",
           "first_deal_problems", "played", "DEAL_FIELDS", "STEP_FIELDS", "SOLVER_CLAIMS", "SOLVER_NODES", "canonical",
           "best_play_word_problems"]

#: The fields of ``[deal]``, with what each holds.
DEAL_FIELDS: dict[str, str] = {
    "ruleset": "the ruleset the deal is played under (its id); the file is named <ruleset>.toml",
    "seed": "the seed the deal is dealt from, a whole number",
    "title": "the deal's title",
    "intro": "what the coach says before the first call",
    "code": "the deal's code as the coach plays it (every seat's calls and cards), checked by the engine",
    "ending": "what the coach says with the score",
    "guide": "optional: the guided deal this file is, first-deal (left out) or second-deal",
}
#: The guided deals of the Learn section, by the id their "done" is kept under: the first deal
#: (mechanics: every move suggested) and the second (one decision the reader must find).
GUIDES: tuple[str, ...] = ("first-deal", "second-deal")
#: The fields of each ``[[step]]``.
STEP_FIELDS: dict[str, str] = {
    "move": "the move the coach suggests: pass, bid N, trump T, discard CARDS or play CARD",
    "coach": "why, in a sentence or two",
    "instead": "optional table: for another legal move (in quotes), why it is weaker",
    "solver": "optional, for a card to play: what the coach's sentence claims of it, checked by the solver "
              "with every card in view: best, only-best or all-equal",
    "ask": "optional, for a card to play: the coach's question; the page then suggests no move, and says 'coach' "
           "once the reader finds it",
    "refute": "with 'ask': a table, for each card (in quotes) that loses the bid if played now, what goes wrong; "
              "checked by the solver",
}
#: What a step's ``solver`` field may claim of the suggested card, with what the solver must find.
SOLVER_CLAIMS: dict[str, str] = {
    "best": "no other card takes more points for your side",
    "only-best": "every other card takes fewer points for your side",
    "all-equal": "every card takes the same points for your side",
}
#: The solver's budget for one step's claim (positions late in a deal need far fewer).
SOLVER_NODES = 2_000_000


@dataclass(frozen=True)
class CoachStep:
    """One of the reader's decisions: the suggested move, why, and why some others are weaker."""

    move: str
    coach: str
    instead: tuple[tuple[str, str], ...] = ()
    solver: str = ""
    ask: str = ""
    refute: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class FirstDeal:
    """A guided deal as its file gives it."""

    ruleset: str
    seed: int
    title: str
    intro: str
    code: str
    ending: str
    steps: tuple[CoachStep, ...]
    file: str = field(default="", compare=False)
    guide: str = "first-deal"


@dataclass(frozen=True)
class Refuted:
    """What the solver finds at a decision, for one card: the reader's side's points after it
    with best play by every seat (``points``, the deal's whole total for the side), and the bid."""

    card: str
    points: int
    bid: int

    @property
    def makes(self) -> bool:
        """Whether the side makes its bid after this card."""
        return self.points >= self.bid


def canonical(text: str) -> str:
    """A move as the record writes it: a discard's cards in the hand's order (``discard 0/2 5/10``),
    so the cards may be listed in any order."""
    action = parse_action(text)
    if action.kind is ActionKind.DISCARD:
        return "discard " + " ".join(str(c) for c in sorted(action.cards, key=Card.sort_key))
    return str(action)


def _move(entry: Entry, name: str, text: str) -> str:
    try:
        return canonical(text)
    except (ActionNotationError, ValueError) as e:
        raise entry.error(f"“{text[:40]}” is not a move: {e}", name) from e


def _read_step(entry: Entry) -> CoachStep:
    move = _move(entry, "move", entry.text("move"))
    coach = entry.text("coach")
    instead: list[tuple[str, str]] = []
    table = entry.table("instead", required=False) or {}
    for other, why in table.items():
        if not isinstance(why, str) or not why.strip():
            raise entry.error(f"“{other[:40]}”: write why that move is weaker, as text in quotes", "instead")
        other_move = _move(entry, "instead", other)
        if other_move == move:
            raise entry.error(f"“{other[:40]}” is the move the coach suggests; list only other moves", "instead")
        instead.append((other_move, why.strip()))
    solver = entry.text("solver", required=False, choices=SOLVER_CLAIMS)
    if solver and not move.startswith("play "):
        raise entry.error(f"the solver judges cards to play; “{move}” is not one (leave 'solver' out here)", "solver")
    ask = entry.text("ask", required=False)
    refute: list[tuple[str, str]] = []
    for other, why in (entry.table("refute", required=False) or {}).items():
        if not isinstance(why, str) or not why.strip():
            raise entry.error(f"“{other[:40]}”: write what goes wrong with that card, as text in quotes", "refute")
        other_move = _move(entry, "refute", other)
        if not other_move.startswith("play "):
            raise entry.error(f"“{other[:40]}” is not a card to play; a decision refutes cards (play CARD)", "refute")
        if other_move == move:
            raise entry.error(f"“{other[:40]}” is the move the coach suggests; refute only other cards", "refute")
        if other_move in dict(instead):
            raise entry.error(f"“{other[:40]}” is listed in 'instead' too; give each card one answer", "refute")
        refute.append((other_move, why.strip()))
    if ask and not move.startswith("play "):
        raise entry.error(f"a decision asks for a card to play; “{move}” is not one (leave 'ask' out here)", "ask")
    if ask and not refute:
        raise entry.error("a decision ('ask') needs a [step.refute] table: for each card that loses the bid, "
                          "what goes wrong", "refute")
    if refute and not ask:
        raise entry.error("'refute' answers the wrong cards of a decision: write the coach's question in 'ask' too",
                          "ask")
    entry.done(STEP_FIELDS)
    return CoachStep(move, coach, tuple(instead), solver, ask, tuple(refute))


def _read_file(file: ContentFile) -> FirstDeal:
    try:
        data = tomllib.loads(file.text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"this is not valid TOML: {e}", file=file.name) from e
    for key in data:
        if key not in ("deal", "step"):
            raise ContentError(f"'{key}' is not accepted at the top of the file; write one [deal] table and "
                               "[[step]] tables", file=file.name)
    head = data.get("deal")
    if not isinstance(head, dict):
        raise ContentError("a guided deal's file starts with one [deal] table (" + ", ".join(DEAL_FIELDS) + ")",
                           file=file.name)
    entry = Entry(head, file.name, "[deal]")
    rid = entry.text("ruleset")
    try:
        ruleset = get_ruleset(rid).id
    except ValueError as e:
        raise entry.error(str(e), "ruleset") from e
    stem = file.name.rsplit("/", 1)[-1].removesuffix(".toml")
    guide = entry.text("guide", required=False, default=GUIDES[0], choices=GUIDES)
    wanted = ruleset if guide == GUIDES[0] else f"{ruleset}-{guide}"
    if file.name.endswith(".toml") and stem != wanted:
        raise entry.error(f"the file of a guided deal under {ruleset} is named {wanted}.toml", "ruleset")
    seed = entry.integer("seed", low=0, high=2**63 - 1)
    title = entry.text("title")
    intro = entry.text("intro")
    code = entry.text("code")
    try:
        parse_deal_code(code)
    except DealCodeError as e:
        raise entry.error(str(e), "code") from e
    ending = entry.text("ending")
    entry.done(DEAL_FIELDS)
    items = data.get("step", [])
    if not isinstance(items, list) or not items or not all(isinstance(x, dict) for x in items):
        raise ContentError("write each of the reader's decisions as a [[step]] table (move, coach)", file=file.name)
    steps = tuple(_read_step(Entry(item, file.name, f"step {n}")) for n, item in enumerate(items, 1))
    return FirstDeal(ruleset, seed, title, intro, code, ending, steps, file.name, guide)


def load_first_deals(files: list[ContentFile]) -> tuple[FirstDeal, ...]:
    r"""Read guided deals; a ContentError names the file, the entry and the field of the first mistake.
    (Whether the steps hold at the table is checked by :mod:`somerset.service.first_deal`.)

    >>> [(d.guide, d.ruleset) for d in FIRST_DEALS][-2:]
    [('first-deal', 'triple-2009'), ('second-deal', 'parker-1947')]
    >>> load_first_deals([ContentFile("mine.toml", '[deal]\nruleset = "parker-1974"\n')])
    Traceback (most recent call last):
      ...
    somerset.teaching.contentfile.ContentError: mine.toml: [deal]: field 'ruleset': 'parker-1974' is not a known ruleset; the rulesets are: hodges-1903, hodges-1913, parker-1934, parker-1947, minden-hardware, somersetcards-com, boardgamegeek, minden-senior-center, somersetgame-com, parker-1947-house, parker-1950, triple-2009
    """
    deals = [_read_file(f) for f in files]
    seen: dict[tuple[str, str], str] = {}
    for d in deals:
        if (d.guide, d.ruleset) in seen:
            name = d.ruleset if d.guide == GUIDES[0] else f"{d.ruleset}-{d.guide}"
            which = "" if d.guide == GUIDES[0] else f" for {d.guide}"
            raise ContentError(f"{seen[d.guide, d.ruleset]} is already the guided deal under {d.ruleset}{which}; there is "
                               f"one per ruleset (to check a new version of it, name your file first-deals/{name}.toml)",
                               file=d.file)
        seen[d.guide, d.ruleset] = d.file
    return tuple(deals)


def played(fd: FirstDeal) -> Deal:
    """The deal as played at the table with the coach's moves (to its end, or to the first move refused)."""
    deal, _, _ = table_deal(fd.ruleset, None, fd.seed, [s.move for s in fd.steps])
    return deal


def first_deal_problems(fd: FirstDeal) -> list[str]:
    """Every way the file and the engine disagree, each naming the file, the step and the field."""
    def where(n: int, name: str) -> str:
        return f"{fd.file + ': ' if fd.file else ''}step {n}: field '{name}'"

    deal, used, problem = table_deal(fd.ruleset, None, fd.seed, [s.move for s in fd.steps])
    out: list[str] = []
    if problem is not None:
        return [f"{where(int(problem.get('move') or used + 1), 'move')}: {problem['message']}"]
    head = f"{fd.file}: [deal]" if fd.file else "[deal]"
    if not deal.is_terminal():
        asked = ", ".join(str(a) for a in deal.legal_actions()[:8])
        return [f"{head}: the deal is not over after the last step: the reader's seat is asked next for one of "
                f"{asked}; add a [[step]] for every decision of the reader's seat"]
    code = str(DealCode.of(deal))
    if code != fd.code:
        out.append(f"{head}: field 'code': the bots no longer play this deal as the file says: its code is now "
                   f"{code}; read the steps again against the deal it gives, and write the new code")
    d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    n = 0
    for a in deal.history:
        if not a.is_chance and d.current_player == READER:
            offered = {canonical(str(x)) for x in d.legal_actions()}
            for other, _ in fd.steps[n].instead:
                if other not in offered:
                    out.append(f"{where(n + 1, 'instead')}: “{other}” is not a move the reader may make here; "
                               f"the moves are: {', '.join(sorted(offered))}")
            if fd.steps[n].solver:
                disagreement = _solver_problem(d, fd.steps[n])
                if disagreement:
                    out.append(f"{where(n + 1, 'solver')}: {disagreement}")
            if fd.steps[n].ask:
                out += [f"{where(n + 1, name)}: {p}" for name, p in _decision_problems(d, fd.steps[n], offered)]
            n += 1
        d.apply(a)
    out += [f"{head}: the words of best play: {x}" for x in best_play_word_problems(deal)]
    return out


def best_play_word_problems(deal: Deal) -> list[str]:
    """Where the words of best play (:mod:`somerset.solve.why`) for the reader's cards of the deal's
    last tricks (the cards Play a deal reviews when the deal is over) disagree with the solver."""
    out: list[str] = []
    for e in deal_plays(deal, seats=(READER,)):
        pos = position_of_deal_json(e["position"])
        sol = solve(pos, nodes=SOLVER_NODES, lines=True)
        if not sol.exact:
            continue
        best = next(v for v in sol.cards if v.best)
        for v in sol.cards:
            if v.best:
                continue
            problems = check_why(why(pos, best.line, v.line, READER), best.points, v.points)
            out += [f"trick {e['trick']}, the {v.card} against the {best.card}: {x}" for x in problems]
    return out


def decision_values(deal: Deal, step: CoachStep) -> dict[str, Refuted]:
    """At a decision (the reader to play ``deal``), what the solver finds for the suggested card and
    each refuted one: the side's points in all with best play after it, and the bid to make.
    Raises ValueError when the reader's side is not the bidder's, or the solver cannot settle it."""
    if deal.declarer is None or deal.team_of[deal.declarer] != deal.team_of[READER]:
        raise ValueError("a decision is judged by the bid your side must make, and your side is not the bidder's here")
    try:
        sol = solve(position_of_deal(deal), nodes=SOLVER_NODES)
    except PositionError as e:
        raise ValueError(f"the solver cannot judge this position: {e}") from e
    if not sol.exact:
        raise ValueError(f"the solver could not settle this position within {SOLVER_NODES:,} positions; put the "
                         "decision later in the deal")
    have = deal.team_points()[deal.team_of[READER]]
    bid = deal.bid_to_make or deal.bid or 0
    values = {str(v.card): v.low for v in sol.cards}
    cards = [step.move] + [m for m, _ in step.refute]
    return {m: Refuted(m.removeprefix("play "), have + values[m.removeprefix("play ")], bid)
            for m in cards if m.removeprefix("play ") in values}


def _decision_problems(deal: Deal, step: CoachStep, offered: set[str]) -> list[tuple[str, str]]:
    """Why a decision's step does not hold at ``deal``: (field, problem) for each."""
    out: list[tuple[str, str]] = []
    answered = {step.move, *dict(step.refute), *dict(step.instead)}
    missing = sorted(m for m in offered if m not in answered)
    if missing:
        out.append(("refute", "every card you may play here needs an answer, in 'refute' (it loses the bid) or "
                    f"'instead'; not answered: {', '.join(missing)}"))
    for m, _ in step.refute:
        if m not in offered:
            out.append(("refute", f"“{m}” is not a move the reader may make here; the moves are: "
                        f"{', '.join(sorted(offered))}"))
    try:
        values = decision_values(deal, step)
    except ValueError as e:
        return out + [("ask", str(e))]
    right = values.get(step.move)
    if right is not None and not right.makes:
        out.append(("move", f"with every card in view, after {right.card} your side takes at most "
                    f"{plural(right.points, 'point')} with best play, short of its bid of {right.bid}: the suggested "
                    "card must make the bid"))
    for m, _ in step.refute:
        v = values.get(m)
        if v is not None and v.makes:
            out.append(("refute", f"“{m}” does not lose the bid: with every card in view and best play after it, "
                        f"your side still takes {v.points} of the {v.bid} it bid; refute only cards that lose it, "
                        "and answer the others in 'instead'"))
    return out


def _solver_problem(deal: Deal, step: CoachStep) -> str:
    """Why the solver does not confirm ``step``'s claim at ``deal`` (the reader to play), or ""."""
    try:
        sol = solve(position_of_deal(deal), nodes=SOLVER_NODES)
    except PositionError as e:
        return f"the solver cannot judge this position: {e}"
    if not sol.exact:
        return (f"the solver could not settle this position within {SOLVER_NODES:,} positions; "
                "claim it on a later step, or leave 'solver' out")
    values = {str(v.card): v.low for v in sol.cards}
    mine = values[step.move.removeprefix("play ")]
    others = [v for c, v in values.items() if c != step.move.removeprefix("play ")]
    holds = {"best": all(v <= mine for v in others), "only-best": all(v < mine for v in others),
             "all-equal": all(v == mine for v in others)}[step.solver]
    if holds:
        return ""
    found = ", ".join(f"{c} {plural(v, 'point')}" for c, v in sorted(values.items(), key=lambda x: (-x[1], x[0])))
    return (f"the coach claims “{step.solver}” ({SOLVER_CLAIMS[step.solver]}), but with every card in view "
            f"the solver finds, for your side's points still to come: {found}; write the sentence and the claim "
            "to say what the solver finds")


#: The guided deals shipped with the engine: the first deals, then the other guides' (in :data:`GUIDES` order).
FIRST_DEALS: tuple[FirstDeal, ...] = tuple(sorted(load_first_deals(shipped_files("first-deals", ".toml")),
                                                  key=lambda d: GUIDES.index(d.guide)))
