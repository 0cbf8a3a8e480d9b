"""At-the-table rulings: common questions answered for every ruleset.

The rulings are ``[[ruling]]`` tables in ``somerset/content/rulings/*.toml``, grouped under
``[[topic]]`` tables (:func:`load_rulings`, :data:`RULINGS`, :data:`TOPICS`). A kind of ruling is
one class in :data:`RULING_KINDS` (:class:`RulingKind`): it names the position's fields, says how
the position is shown, and answers the question for one ruleset with an :class:`Answer` that
carries its citation and any interpretation; :func:`answer_all` gives every ruleset's answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..rules.cards import PACKS, parse_cards, parse_trump
from .contentfile import ContentFile, Entry, check_id, read_toml, shipped_files
from ..rules.describe import signed, value_label
from ..rules.play import RulesError, check_trump, legal_plays, trick_verdict
from ..rules.dimensions import CONDUCT_KEYS, DIMENSION_KEYS, Ruleset, UndealtKind
from ..rules.penalties import revoke_outcome
from ..rules.rulesets import RULESETS
from ..rules.scoring import score_deal
from ..rules.sources import Citation

__all__ = ["Answer", "Ruling", "RulingKind", "RULINGS", "RULING_KINDS", "TOPICS", "NEEDS", "NEEDS_ABOUT", "FIELDS",
           "answer_all", "load_rulings", "topic_name"]


@dataclass(frozen=True)
class Answer:
    """One ruleset's answer to a ruling: a short form that groups rulesets alike, and the reason."""

    short: str  # groups rulesets that answer alike
    detail: str
    citation: Citation
    interpretation: str | None = None
    checked: bool = False  # decided by asking the engine about a position
    applies: bool = True


# --- what a question needs of a ruleset ------------------------------------------------------------


def _needs_ss(r: Ruleset) -> str | None:
    return None if r.deck.has_ss else "the single pack has no S/S"


def _needs_no_trump(r: Ruleset) -> str | None:
    return None if r.no_trump.value else "this ruleset has no No Trump"


def _needs_zero_trump(r: Ruleset) -> str | None:
    return None if r.zero_trump.value else "this ruleset never makes the 0/0 trump"


def _needs_kitty(r: Ruleset) -> str | None:
    kinds = {r.undealt.value.kind} | {f.undealt_kind for f in r.formats.value if f.undealt_kind}
    return None if UndealtKind.KITTY in kinds else "this ruleset has no kitty"


def _needs_face_up(r: Ruleset) -> str | None:
    kinds = {r.undealt.value.kind} | {f.undealt_kind for f in r.formats.value if f.undealt_kind}
    return None if UndealtKind.FACE_UP in kinds else "this ruleset leaves no cards face up"


#: What a ruling may need; a ruleset without it answers "Does not arise" and why.
NEEDS = {"ss": _needs_ss, "no-trump": _needs_no_trump, "zero-trump": _needs_zero_trump, "kitty": _needs_kitty,
         "face-up": _needs_face_up}
NEEDS_ABOUT = {"ss": "the S/S (not in the single pack)", "no-trump": "a No Trump declaration",
               "zero-trump": "the 0/0 named as trump", "kitty": "a kitty",
               "face-up": "undealt cards left face up"}

#: The longest keyword a ruling may list.
KEYWORD_LIMIT = 60

#: The fields every ruling has, with what each holds (the contributors' page lists them).
FIELDS: dict[str, str] = {
    "id": "a short name in lower case with hyphens, unique among the rulings (it is the ruling's address)",
    "topic": "the id of a [[topic]]",
    "question": "the question, as a player would ask it at the table",
    "kind": "how the engine answers it (see the kinds)",
    "rule": "the rule the answer quotes: one of the rule keys, such as rover_play, or a conduct key, such as dealer",
    "needs": 'what the question needs of a ruleset, such as ["ss"]; rulesets without it answer "Does not arise"',
    "keywords": 'the other words players use for the question, such as ["play the rover", "may I play the 0/0"]: '
                "the site shows them with the ruling and its search finds the ruling by them (each at most "
                f"{KEYWORD_LIMIT} characters, no two alike)",
    "position": "the position the engine is asked about (a table of the kind's fields); a [ruling.position.single] "
                "(or double, triple) table below it changes fields for that pack",
}


@dataclass(frozen=True)
class Ruling:
    """One question of the rulings page as its file gives it, answered for any ruleset by its kind."""

    id: str
    topic: str
    question: str
    kind: str  # a key of RULING_KINDS
    rule: str  # the rule key the answer quotes
    needs: tuple[str, ...] = ()
    positions: dict[str, dict[str, Any]] = field(default_factory=dict)  # per pack name
    words: dict[str, str] = field(default_factory=dict)  # the kind's own texts (yes, no, ...)
    keywords: tuple[str, ...] = ()  # other words players use for the question (what search finds)
    file: str = field(default="", compare=False)

    @property
    def kind_of(self) -> RulingKind:
        """What kind of ruling this is: the class that answers it and shows its position."""
        return RULING_KINDS[self.kind]

    def answer(self, r: Ruleset) -> Answer:
        """This ruleset's answer ("Does not arise" when it lacks what the question needs)."""
        for need in self.needs:
            why = NEEDS[need](r)
            if why:
                rule = r.rule(self.rule)
                return Answer(f"Does not arise: {why}", rule.summary, rule.citation, applies=False)
        return self.kind_of.answer(self, r, self.positions.get(r.deck.name, {}))

    @property
    def shown(self) -> dict[str, str] | None:
        """The position shown with the question, per pack (None for a question without one)."""
        if not self.kind_of.fields:
            return None
        return {pack: self.kind_of.shown(pos) for pack, pos in self.positions.items()}


class RulingKind:
    """How a kind of ruling is answered. Subclasses set the fields and the two methods."""

    name: ClassVar[str]
    about: ClassVar[str]
    #: The position's fields: name -> (what it holds, its type: "cards", "trump", "int", "bool").
    fields: ClassVar[dict[str, tuple[str, str]]] = {}
    required: ClassVar[tuple[str, ...]] = ()
    #: The kind's own texts: name -> (what it holds, whether required, default).
    words: ClassVar[dict[str, tuple[str, bool, str]]] = {}
    default_rule: ClassVar[str | None] = None

    def answer(self, ruling: Ruling, r: Ruleset, pos: dict[str, Any]) -> Answer:
        """The answer for one ruleset, given the position for its pack."""
        raise NotImplementedError

    def shown(self, pos: dict[str, Any]) -> str:
        """The position in words, shown with the question."""
        return ""

    def check(self, pos: dict[str, Any], pack: str, words: dict[str, str]) -> str | None:
        """A problem with a position that reading its fields cannot see (None when it is fine)."""
        return None


class LegalRuling(RulingKind):
    name = "legal"
    about = "May (or must) a player play one card here? The engine works out whether the card is legal."
    fields = {
        "trump": ("the trump: a suit number, 0 for the 0/0 named trump, or nt", "trump"),
        "hand": ("the player's hand", "cards"),
        "trick": ("the cards already played to the trick, in order (none: the player leads)", "cards"),
        "first_trick": ("true when the player leads to the first trick", "bool"),
        "card": ("the card the question is about; it must be in the hand", "cards"),
    }
    required = ("trump", "hand", "card")
    words = {
        "yes": ("the reason given with a Yes", True, ""),
        "no": ("the reason given with a No", True, ""),
        "yes_when": ('"legal" (the default) when the answer is Yes if the card may be played; "illegal" when Yes '
                     "means it may not (as in 'Must I play the S/S?', asked about another card)", False, "legal"),
    }

    def check(self, pos: dict[str, Any], pack: str, words: dict[str, str]) -> str | None:
        if words.get("yes_when", "legal") not in ("legal", "illegal"):
            return "yes_when must be \"legal\" or \"illegal\""
        card = parse_cards(pos["card"], PACKS[pack])
        if len(card) != 1 or card[0] not in parse_cards(pos["hand"], PACKS[pack]):
            return "card must be one card of the hand"
        return None

    def answer(self, ruling: Ruling, r: Ruleset, pos: dict[str, Any]) -> Answer:
        deck = r.deck
        res = legal_plays(r, parse_trump(pos["trump"], deck), parse_cards(pos["hand"], deck),
                          parse_cards(pos.get("trick", ""), deck), first_trick=pos.get("first_trick", False))
        target = parse_cards(pos["card"], deck)[0]
        rule = r.rule(ruling.rule)
        is_legal = target in res.legal
        yes_if_legal = ruling.words.get("yes_when", "legal") == "legal"
        short = f"Yes: {ruling.words['yes']}" if is_legal == yes_if_legal else f"No: {ruling.words['no']}"
        if is_legal:
            return Answer(short, rule.summary, rule.citation, rule.interpretation or res.note, checked=True)
        illegal = next(i for i in res.illegal if i.card == target)
        return Answer(short, f"{rule.summary} Here: {illegal.reason}", illegal.citation, rule.interpretation, checked=True)

    def shown(self, pos: dict[str, Any]) -> str:
        trick = pos.get("trick", "")
        where = "You lead to the first trick" if pos.get("first_trick") else \
            ("Played so far: " + trick) if trick else "You lead"
        return f"Trump: {parse_trump(pos['trump']).label}. {where}; your hand: {pos['hand']}."


class WinnerRuling(RulingKind):
    name = "winner"
    about = "Who wins this trick? The engine works out the winner and why."
    fields = {
        "trump": ("the trump: a suit number, 0 for the 0/0 named trump, or nt", "trump"),
        "trick": ("the whole trick, in the order played, the lead first", "cards"),
    }
    required = ("trump", "trick")
    default_rule = "rover_power"

    def answer(self, ruling: Ruling, r: Ruleset, pos: dict[str, Any]) -> Answer:
        v = trick_verdict(r, parse_trump(pos["trump"], r.deck), parse_cards(pos["trick"], r.deck))
        return Answer(f"{v.card} wins", v.reason, v.citation, v.interpretation, checked=True)

    def shown(self, pos: dict[str, Any]) -> str:
        return f"Trump: {parse_trump(pos['trump']).label}. Played in order: {pos['trick']}."


class ScoreRuling(RulingKind):
    name = "score"
    about = "What does each side score? The engine scores the deal under each ruleset's partnership game."
    fields = {
        "bid": ("the bid", "int"),
        "made": ("the points the bidder's side took", "int"),
        "against": ("the points the other side took", "int"),
    }
    required = ("bid", "made", "against")
    default_rule = "set"

    def answer(self, ruling: Ruling, r: Ruleset, pos: dict[str, Any]) -> Answer:
        bid, made, against = pos["bid"], pos["made"], pos["against"]
        sc = score_deal(r, bid, made, against)
        rule = r.set if sc.set else r.made
        return Answer(f"bidder {signed(sc.bidder_side)}, opponents {signed(sc.opponents)}",
                      f"Bid {bid}, {made} to {against}: {sc.reason}", sc.citation, rule.interpretation, checked=True)

    def shown(self, pos: dict[str, Any]) -> str:
        return f"Bid {pos['bid']}; the bidder's side takes {pos['made']}, the other side {pos['against']}."


class RuleRuling(RulingKind):
    name = "rule"
    about = "A question the rules answer in words: each ruleset's rule is quoted, with its citation."

    def answer(self, ruling: Ruling, r: Ruleset, pos: dict[str, Any]) -> Answer:
        rule = r.rule(ruling.rule)
        return Answer(value_label(r, ruling.rule), rule.summary, rule.citation, rule.interpretation)


class RevokeRuling(RulingKind):
    name = "revoke"
    about = ("What follows a revoke (a card that fails to follow suit when its player could): the ruleset's penalty, "
             "or that its text names none and what tables agree instead.")
    default_rule = "follow_suit"

    def answer(self, ruling: Ruling, r: Ruleset, pos: dict[str, Any]) -> Answer:
        o = revoke_outcome(r)
        return Answer(o.short, o.detail, o.citation, o.interpretation)


RULING_KINDS: dict[str, RulingKind] = {
    k.name: k for k in (LegalRuling(), WinnerRuling(), ScoreRuling(), RuleRuling(), RevokeRuling())}


# --- reading the files ----------------------------------------------------------------------------


def _read_position(entry: Entry, kind: RulingKind, packs: set[str]) -> dict[str, dict[str, Any]]:
    """The position for each pack a ruleset is asked it in: the [ruling.position] table with the pack's
    own table over it."""
    table = entry.table("position", required=bool(kind.required))
    if not kind.fields:
        return {}
    assert table is not None
    base = {k: v for k, v in table.items() if k not in PACKS}
    out: dict[str, dict[str, Any]] = {}
    for pack_name, pack in PACKS.items():
        over = table.get(pack_name, {})
        if not isinstance(over, dict):
            raise entry.error(f"write the {pack_name} pack's position as a [ruling.position.{pack_name}] table",
                              "position")
        if pack_name not in packs:
            continue  # no ruleset with this pack is asked (it lacks what the question needs)
        pos: dict[str, Any] = {**base, **over}
        where = "position" if pack_name not in table else f"position.{pack_name}"
        for name in pos:
            if name not in kind.fields:
                raise entry.error(f"'{name}' is not a field of a {kind.name} position; its fields are: "
                                  f"{', '.join(kind.fields)} (and single, double or triple for one pack)", where)
        for name in kind.required:
            if name not in pos:
                raise entry.error(f"the {pack_name} pack's position needs '{name}': {kind.fields[name][0]}", where)
        for name, (_, typ) in kind.fields.items():
            if name not in pos:
                continue
            value = pos[name]
            field_name = f"{where}.{name}"
            if typ == "int" and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise entry.error("expected a whole number (without quotes)", field_name)
            if typ == "bool" and not isinstance(value, bool):
                raise entry.error("expected true or false (without quotes)", field_name)
            if typ in ("cards", "trump") and not isinstance(value, str):
                raise entry.error("expected text in quotes", field_name)
            try:
                if typ == "cards":
                    parse_cards(value, pack)
                elif typ == "trump":
                    parse_trump(value, pack)
            except ValueError as e:
                hint = "" if name in over else (f"; to give the {pack_name} pack other cards, add a "
                                                f"[ruling.position.{pack_name}] table")
                raise entry.error(f"{e} (in the {pack_name} pack){hint}", field_name) from e
        out[pack_name] = pos
    return out


def _read_topic(entry: Entry, seen: dict[str, str]) -> tuple[str, str]:
    ident = check_id(entry, seen)
    name = entry.text("name")
    entry.done(("id", "name"))
    return ident, name


def _read_keywords(entry: Entry) -> tuple[str, ...]:
    """A ruling's keywords: each a short plain text, none empty, none listed twice (case aside)."""
    out: list[str] = []
    seen: set[str] = set()
    for word in entry.text_list("keywords"):
        word = " ".join(word.split())
        if not word:
            raise entry.error("a keyword is empty; write the words players use, such as \"play the rover\"", "keywords")
        if len(word) > KEYWORD_LIMIT:
            raise entry.error(f"'{word[:40]}...' is longer than {KEYWORD_LIMIT} characters; keep a keyword to a few words", "keywords")
        if any(c in word for c in '<>"{}'):
            raise entry.error(f"'{word[:40]}' holds one of < > \" {{ }}; write plain words", "keywords")
        if word.casefold() in seen:
            raise entry.error(f"'{word[:40]}' is listed twice", "keywords")
        seen.add(word.casefold())
        out.append(word)
    return tuple(out)


def _read_ruling(entry: Entry, topics: dict[str, str], seen: dict[str, str]) -> Ruling:
    ident = check_id(entry, seen)
    topic = entry.text("topic", choices=topics)
    question = entry.text("question")
    kind = RULING_KINDS[entry.text("kind", choices=RULING_KINDS)]
    rule = entry.text("rule", required=kind.default_rule is None, default=kind.default_rule or "",
                      choices=DIMENSION_KEYS + CONDUCT_KEYS)
    needs = tuple(entry.text_list("needs", choices=NEEDS))
    keywords = _read_keywords(entry)
    words = {}
    for name, (_, required, default) in kind.words.items():
        words[name] = entry.text(name, required=required, default=default)
    asked = {r.deck.name for r in RULESETS.values() if not any(NEEDS[n](r) for n in needs)}
    positions = _read_position(entry, kind, asked)
    entry.done((*FIELDS, *kind.words))
    for pack, pos in positions.items():
        try:
            problem = kind.check(pos, pack, words)
        except ValueError as e:
            problem = str(e)
        if problem:
            raise entry.error(f"{problem} (in the {pack} pack)", "position")
    ruling = Ruling(ident, topic, question, kind.name, rule, needs, positions, words, keywords, entry.file)
    for r in RULESETS.values():  # the engine must be able to answer for every ruleset
        try:
            if "trump" in kind.fields and not any(NEEDS[n](r) for n in needs):
                check_trump(r, parse_trump(positions[r.deck.name]["trump"], r.deck))
            ruling.answer(r)
        except (ValueError, StopIteration) as e:
            raise entry.error(f"the engine cannot answer it for {r.id}: {e or 'the card is not in the hand'}") from e
    return ruling


def load_rulings(files: list[ContentFile], extra_topics: tuple[tuple[str, str], ...] = ()
                 ) -> tuple[tuple[tuple[str, str], ...], tuple[Ruling, ...]]:
    """Read ruling files: the topics in file order, and the rulings grouped by topic."""
    read = [read_toml(f, {"topic": "topic", "ruling": "ruling"}) for f in files]
    topic_seen: dict[str, str] = {t: "the shipped topics" for t, _ in extra_topics}
    topics = list(extra_topics)
    for entries in read:
        topics += [_read_topic(e, topic_seen) for e in entries["topic"]]
    names = dict(topics)
    seen: dict[str, str] = {}
    found = [_read_ruling(e, names, seen) for entries in read for e in entries["ruling"]]
    order = {t: i for i, (t, _) in enumerate(topics)}
    return tuple(topics), tuple(sorted(found, key=lambda r: order[r.topic]))


TOPICS, RULINGS = load_rulings(shipped_files("rulings", ".toml"))


def topic_name(ruling: Ruling) -> str:
    """The name of a ruling's topic, as the page heads it."""
    return dict(TOPICS).get(ruling.topic, ruling.topic)


def answer_all(ruling: Ruling) -> list[tuple[Ruleset, Answer]]:
    """Every ruleset's answer, in the registry's order.

    >>> ruling = next(r for r in RULINGS if r.id == "rover-holding-suit")
    >>> ruling.kind, ruling.file
    ('legal', 'rulings/rover.toml')
    >>> answers = {r.id: a.short for r, a in answer_all(ruling)}
    >>> answers["somersetgame-com"], answers["parker-1947"]
    ('Yes: the 0/0 may be played at any time', 'No: only when you cannot follow suit')
    """
    out = []
    for r in RULESETS.values():
        try:
            out.append((r, ruling.answer(r)))
        except RulesError as e:  # a position the ruleset cannot hold: a bug in the ruling data
            raise ValueError(f"ruling {ruling.id} cannot be asked of {r.id}: {e}") from e
    return out

