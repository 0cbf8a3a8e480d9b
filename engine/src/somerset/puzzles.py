"""Trick puzzles: positions with a question, a hint, an explanation and a stated answer.

The stated answer is data; ``solve()`` asks the engine, and ``check_all()`` (run by the tests and
by the site build) fails when they disagree. Readers' answers are judged by ``judge()``, which
also gives the engine's explanation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, parse_cards, parse_trump
from .kitty import bid_after_discards, check_discards
from .play import legal_plays, trick_verdict
from .rules import Ruleset
from .rulesets import RULESETS, get_ruleset
from .scoring import score_deal

__all__ = ["Puzzle", "PUZZLES", "THEMES", "solve", "judge", "check_all", "choices", "get_puzzle"]

THEMES: tuple[tuple[str, str], ...] = (
    ("trumps", "Trumps and the S/S"),
    ("rover", "The Rover and the doubles"),
    ("zero-trump", "The 0/0 named trump"),
    ("no-trump", "No Trump"),
    ("follow", "Following suit and the 0/0"),
    ("bgg-rover", "boardgamegeek's Rover"),
    ("first-lead", "The first lead"),
    ("kitty", "The kitty"),
    ("pile", "Two hands and the drawing pile"),
    ("scoring", "Made and set"),
)
_THEME_IDS = {t for t, _ in THEMES}
KINDS = ("winner", "legal", "play", "discard", "bid", "score")


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    ruleset: str
    theme: str
    difficulty: int  # 1 easy, 2 medium, 3 hard
    kind: str  # winner | legal | play | discard | bid | score
    question: str
    hint: str
    explanation: str
    answer: tuple[str, ...]
    trump: str = ""
    trick: str = ""  # cards already played (for "winner": the whole trick)
    hand: str = ""
    after: str = ""  # "play": the cards the players after you will play
    first_trick: bool = False
    format: str | None = None
    bid: int = 0
    made: int = 0
    against: int = 0
    discards: str = ""  # "bid": the cards discarded from the kitty
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"puzzle {self.id}: unknown kind {self.kind}")
        if self.theme not in _THEME_IDS:
            raise ValueError(f"puzzle {self.id}: unknown theme {self.theme}")
        if self.difficulty not in (1, 2, 3):
            raise ValueError(f"puzzle {self.id}: difficulty must be 1, 2 or 3")
        get_ruleset(self.ruleset)

    @property
    def rules(self) -> Ruleset:
        return get_ruleset(self.ruleset)

    def cards(self, text: str) -> tuple[Card, ...]:
        return parse_cards(text, self.rules.deck)

    @property
    def you(self) -> int:
        """Your position in the trick (0 = the lead)."""
        return len(self.cards(self.trick))

    def side(self) -> set[int]:
        """Trick positions on your side, the leader sitting in seat 0."""
        r = self.rules
        fmt = r.format(self.format) if self.format else r.partnership_format()
        return set(fmt.teams[fmt.team_of(self.you)])


def _score_text(bidder: int, opponents: int) -> str:
    return f"{bidder:+d} / {opponents:+d}"


def solve(p: Puzzle) -> tuple[str, ...]:
    """The engine's answer to a puzzle."""
    r = p.rules
    if p.kind in {"winner", "legal", "play", "discard"}:
        trump = parse_trump(p.trump, r.deck)
    if p.kind == "winner":
        return (str(trick_verdict(r, trump, p.cards(p.trick)).card),)
    if p.kind == "legal":
        res = legal_plays(r, trump, p.cards(p.hand), p.cards(p.trick), first_trick=p.first_trick)
        return tuple(sorted(str(c) for c in res.legal))
    if p.kind == "play":
        res = legal_plays(r, trump, p.cards(p.hand), p.cards(p.trick), first_trick=p.first_trick)
        good = []
        for card in res.legal:
            trick = (*p.cards(p.trick), card, *p.cards(p.after))
            if trick_verdict(r, trump, trick).winner in p.side():
                good.append(str(card))
        return tuple(sorted(good))
    if p.kind == "discard":
        return tuple(sorted(str(d.card) for d in check_discards(r, trump, p.cards(p.hand)) if d.allowed))
    if p.kind == "bid":
        return (str(bid_after_discards(r, p.bid, p.cards(p.discards))),)
    sc = score_deal(r, p.bid, p.made, p.against, p.format)
    return (_score_text(sc.bidder_side, sc.opponents),)


def choices(p: Puzzle) -> list[str]:
    """The options offered for puzzles answered by choosing a value (score, bid)."""
    if p.kind == "score":
        seen: list[str] = []
        for r in RULESETS.values():
            try:
                sc = score_deal(r, p.bid, p.made, p.against)
            except ValueError:
                continue
            text = _score_text(sc.bidder_side, sc.opponents)
            if text not in seen:
                seen.append(text)
        for text in (_score_text(p.made, 0), _score_text(-(p.bid - p.made), p.against)):
            if text not in seen:
                seen.append(text)
        return sorted(seen, key=lambda t: int(t.split("/")[0]))
    if p.kind == "bid":
        return [str(p.bid + k) for k in range(0, 5)]
    return []


def judge(p: Puzzle, response: list[str]) -> dict[str, Any]:
    """Judge a reader's answer: right or wrong, with the engine's explanation."""
    r = p.rules
    expected = solve(p)
    if p.kind in {"score", "bid"}:
        given = tuple(response)
    else:
        given = tuple(sorted(str(c) for c in parse_cards(list(response), r.deck)))
    correct = given == expected
    detail = ""
    if p.kind == "winner":
        detail = trick_verdict(r, parse_trump(p.trump, r.deck), p.cards(p.trick)).reason
    elif p.kind in {"legal", "play"}:
        res = legal_plays(r, parse_trump(p.trump, r.deck), p.cards(p.hand), p.cards(p.trick), first_trick=p.first_trick)
        detail = " ".join(f"{i.card}: {i.reason}" for i in res.illegal) or "Every card in the hand may be played."
        if p.kind == "play":
            outcomes = []
            for card in res.legal:
                v = trick_verdict(r, parse_trump(p.trump, r.deck), (*p.cards(p.trick), card, *p.cards(p.after)))
                side = "your side" if v.winner in p.side() else "the other side"
                outcomes.append(f"If you play {card}, {v.card} wins for {side}.")
            detail = " ".join(outcomes) + (" " + detail if res.illegal else "")
    elif p.kind == "discard":
        detail = " ".join(d.reason + "." for d in check_discards(r, parse_trump(p.trump, r.deck), p.cards(p.hand)))
    elif p.kind == "score":
        detail = score_deal(r, p.bid, p.made, p.against, p.format).reason
    elif p.kind == "bid":
        detail = f"Each discarded count card raises the bid by its value: the bid becomes {expected[0]}."
    return {"correct": correct, "answer": list(expected), "given": list(given), "detail": detail,
            "explanation": p.explanation}


def check_all() -> list[str]:
    failures = []
    ids = [p.id for p in PUZZLES]
    if len(set(ids)) != len(ids):
        failures.append("duplicate puzzle ids")
    for p in PUZZLES:
        try:
            got = solve(p)
        except ValueError as e:
            failures.append(f"{p.id}: the position is not valid: {e}")
            continue
        if tuple(sorted(p.answer)) != tuple(sorted(got)):
            failures.append(f"{p.id}: stated answer {', '.join(p.answer)}; the engine says {', '.join(got) or 'nothing'}")
        if p.kind in {"score", "bid"} and got[0] not in choices(p):
            failures.append(f"{p.id}: the right answer is not among the choices")
    return failures


def get_puzzle(puzzle_id: str) -> Puzzle:
    for p in PUZZLES:
        if p.id == puzzle_id:
            return p
    raise ValueError(f"'{puzzle_id[:40]}' is not a puzzle; the puzzles are listed on the Puzzles page")


P = Puzzle
WIN = "Which card takes the trick?"

PUZZLES: tuple[Puzzle, ...] = (
    # --- trumps and the S/S ------------------------------------------------------------------------
    P("low-trump", "The lowest trump", "parker-1947", "trumps", 1, "winner", WIN,
      "Look for any trump at all, however small.",
      "The S/S is the lowest trump, but a trump beats every card that is not one, so it takes three high twelves.",
      ("S/S",), trump="8", trick="12/12, 10/12, S/S, 11/12"),
    P("ss-forced", "Nowhere to hide", "parker-1947", "trumps", 1, "legal",
      "Eights are trump and an eight is led. Which cards may you play?",
      "What suit does the S/S belong to once trump is named?",
      "The S/S joins the trump suit, so it must follow a trump lead when it is your only trump. The 0/0 is no trump "
      "and no escape in the 1947 rules.",
      ("S/S",), trump="8", trick="6/8", hand="S/S, 0/0, 12/12, 3/10"),
    P("ss-beats-doubles", "Trump over Rover", "hodges-1913", "trumps", 2, "winner", WIN,
      "The 0/0 turns doubles into trumps only when no real trump is played.",
      "Hodges 1913: the S/S or any card of the trump suit beats the doubles, even with the 0/0 in the trick.",
      ("S/S",), trump="4", trick="6/6, 0/0, 12/12, S/S"),
    P("six-hand-trump", "Six at the table", "triple-2009", "trumps", 1, "winner", WIN,
      "Six cards, one trick: find the trumps first.",
      "Two nines were played on an elevens lead; the higher trump, 2/9, takes it.",
      ("2/9",), trump="9", trick="11/11, 3/11, 0/9, 10/11, 2/9, 9/11"),
    P("overtrump", "Overtrump or lose it", "parker-1934", "trumps", 2, "play",
      "Your partner led 7/12 and the next player trumped with 2/10. You have no twelves; the last player will play "
      "5/10. Which card wins the trick for your side?",
      "The last player is trumping too: you need a trump higher than both.",
      "Only 8/10 beats both 2/10 and the 5/10 still to come; 3/10 would lose to the 5/10.",
      ("8/10",), trump="10", trick="7/12, 2/10", hand="3/10, 8/10, 0/4", after="5/10"),
    # --- the Rover and the doubles --------------------------------------------------------------------
    P("rover-doubles", "The booklet's Rover", "parker-1947", "rover", 1, "winner", WIN,
      "No trump is in the trick, but the 0/0 is.",
      "With the 0/0 in the trick and no trump played, every double counts as a trump: 2/2 is the only other double.",
      ("2/2",), trump="6", trick="9/12, 11/12, 0/0, 2/2"),
    P("rover-highest", "Which double?", "parker-1947", "rover", 2, "winner", WIN,
      "Doubles rank by their number.",
      "The 0/0 makes both doubles trumps for the trick; 4/4 outranks 2/2.",
      ("4/4",), trump="6", trick="7/12, 0/0, 4/4, 2/2"),
    P("hodges-rover", "Hodges' own example", "hodges-1903", "rover", 1, "winner", WIN,
      "The 0/0 is in this trick.",
      "Hodges: with the 0/0 played, the highest double takes the trick: 4/4 beats 3/3.",
      ("4/4",), trump="6", trick="0/0, 3/3, 1/3, 4/4"),
    P("hodges-no-rover", "Without the Rover", "hodges-1903", "rover", 1, "winner", WIN,
      "Is the 0/0 in this trick?",
      "No 0/0, so doubles are ordinary cards: 3/3 is the highest threes card; 4/4 is off suit.",
      ("3/3",), trump="6", trick="0/3, 3/3, 1/3, 4/4"),
    P("rover-alone", "A lonely Rover", "parker-1947", "rover", 1, "winner", WIN,
      "Is there any double besides the 0/0?",
      "The 0/0 is itself a double; with no other double and no trump, it takes the trick.",
      ("0/0",), trump="2", trick="3/8, 7/8, 0/0, 5/8"),
    P("trump-over-rover", "Real trump wins", "parker-1947", "rover", 2, "winner", WIN,
      "A named trump beats the 0/0 and every double.",
      "0/2 is a trump, the lowest but real: the Rover's doubles cannot beat it.",
      ("0/2",), trump="2", trick="12/12, 0/0, 10/10, 0/2"),
    P("single-rover", "Rover in the single pack", "parker-1950", "rover", 1, "winner", WIN,
      "The 0/0 works the same way with 28 cards.",
      "The 0/0 makes 2/2 a trump for this trick, so it beats the sixes.",
      ("2/2",), trump="3", trick="4/6, 5/6, 0/0, 2/2"),
    P("capture-rover", "Capture your partner's Rover", "parker-1947", "rover", 2, "play",
      "An opponent led 9/12, your partner played the 0/0 and the next opponent 2/2. You hold no twelves and no fours "
      "(trump). Which cards win the trick for your side?",
      "The 0/0 has made every double a trump: out-double the 2/2.",
      "Either 6/6 or 8/8 beats the opponent's 2/2 and keeps the Rover trick for your side; 3/10 loses it.",
      ("6/6", "8/8"), trump="4", trick="9/12, 0/0, 2/2", hand="8/8, 6/6, 3/10"),
    P("minden-hardware-rover", "Minden's copy", "minden-hardware", "rover", 1, "winner", WIN,
      "Three doubles, counting the 0/0.",
      "The Minden text is the 1947 text: with the 0/0 played, 4/4 is the highest double.",
      ("4/4",), trump="6", trick="11/12, 0/0, 2/2, 4/4"),
    # --- the 0/0 named trump ------------------------------------------------------------------------------
    P("zero-trump", "The Rover as trump", "parker-1947", "zero-trump", 2, "winner", WIN,
      "When the 0/0 is named trump, it is the top card of the pack.",
      "Named trump, the 0/0 and the S/S form the trump suit, the 0/0 highest.",
      ("0/0",), trump="0", trick="12/12, S/S, 10/12, 0/0"),
    P("zero-trump-single", "A one-card trump suit", "parker-1950", "zero-trump", 2, "winner", WIN,
      "The single pack has no S/S: the trump suit is a single card.",
      "With the 0/0 named trump in the single pack, it is the only trump and takes the trick.",
      ("0/0",), trump="0", trick="6/6, 4/6, 0/0, 5/6"),
    P("zero-trump-ss", "The S/S beside the 0/0", "parker-1947", "zero-trump", 2, "winner", WIN,
      "Which cards are trumps when the 0/0 is named?",
      "The S/S is the other trump when the 0/0 is named, and the doubles have no power: it beats the twelves.",
      ("S/S",), trump="0", trick="12/12, S/S, 10/12, 11/12"),
    P("zero-trump-follow", "Following the S/S", "parker-1947", "zero-trump", 3, "legal",
      "The 0/0 is trump and the S/S is led. Which cards may you play?",
      "The S/S led is a trump lead.",
      "With the 0/0 named, the trump suit is the 0/0 and the S/S: an S/S lead must be followed by the 0/0.",
      ("0/0",), trump="0", trick="S/S", hand="0/0, 12/12, 4/4"),
    # --- No Trump ----------------------------------------------------------------------------------------
    P("nt-ss-led", "The S/S leads in No Trump", "parker-1947", "no-trump", 2, "winner", WIN,
      "In No Trump the S/S has no suit: who decides the suit?",
      "The card after the S/S sets the suit: tens. 9/10 is the highest ten; 12/12 is off suit.",
      ("9/10",), trump="nt", trick="S/S, 3/10, 9/10, 12/12"),
    P("nt-ss-discard", "Saving the S/S", "parker-1947", "no-trump", 2, "legal",
      "No Trump; an eight is led. Which cards may you play?",
      "In No Trump the S/S has one privilege.",
      "The S/S may be discarded on any trick in No Trump, even when you could follow; otherwise you follow with 2/8.",
      ("2/8", "S/S"), trump="nt", trick="4/8", hand="S/S, 2/8, 10/10"),
    P("nt-rover-led", "The 0/0 leads in No Trump", "parker-1934", "no-trump", 2, "winner", WIN,
      "In No Trump the 0/0 makes no double a trump.",
      "The 0/0 is the only card of its suit, so when it leads in No Trump nobody can follow and it wins.",
      ("0/0",), trump="nt", trick="0/0, 12/12, 10/10, 8/8"),
    P("nt-rover-played-parker", "A powerless Rover", "parker-1947", "no-trump", 2, "winner", WIN,
      "Parker: the 0/0 has no power over doubles in No Trump.",
      "In No Trump under Parker 1947 the 0/0 played on an eights lead is just a discard; 8/8 is the highest eight.",
      ("8/8",), trump="nt", trick="4/8, 0/0, 10/10, 8/8"),
    P("nt-rover-played-somersetgame", "A Rover with power", "somersetgame-com", "no-trump", 3, "winner", WIN,
      "somersetgame.com: 'the 0/0 card is played the same as normal' in No Trump.",
      "The project reads somersetgame.com's No Trump rule as keeping the Rover's power: 10/10 is the highest double. "
      "This is an interpretation; see the ruleset's page.",
      ("10/10",), trump="nt", trick="4/8, 0/0, 10/10, 8/8"),
    P("nt-partner-wins", "Where to drop the S/S", "somersetcards-com", "no-trump", 2, "legal",
      "No Trump. Your partner led 12/12, which will win. Which cards may you play?",
      "A winning partner is the best place for three points.",
      "You may follow with 5/12, or discard the S/S on your partner's winning card and keep its 3 points for your side "
      "(the project's reading of somersetcards.com, which follows Parker here).",
      ("5/12", "S/S"), trump="nt", trick="12/12, 3/12", hand="S/S, 5/12"),
    # --- following suit and the 0/0 ----------------------------------------------------------------------
    P("minden-void-only", "Only when void", "minden-senior-center", "follow", 1, "legal",
      "An eight is led. Which cards may you play?",
      "Minden Senior Center's second exception.",
      "The Minden Senior Center allows the 0/0 only when you have no card of the suit led: you must play 2/8.",
      ("2/8",), trump="6", trick="5/8", hand="0/0, 2/8, 4/10"),
    P("minden-no-break", "No breaking suit", "minden-senior-center", "follow", 2, "legal",
      "An eight is led and the 0/0 played. Which cards may you play?",
      "After the 0/0, a double is allowed only when void.",
      "At the Minden Senior Center you still follow suit after the 0/0; 10/10 may be played only when void in eights.",
      ("2/8",), trump="6", trick="5/8, 0/0", hand="2/8, 10/10"),
    P("break-for-double", "Break suit for a double", "somersetgame-com", "follow", 2, "legal",
      "An eight is led and the 0/0 played. Which cards may you play?",
      "somersetgame.com relaxes following suit after the 0/0.",
      "After the 0/0, a player holding the suit led may break suit to play a double: 10/10 or the eight.",
      ("10/10", "2/8"), trump="6", trick="5/8, 0/0", hand="2/8, 10/10, 3/12"),
    P("rover-saves-ss", "The Rover saves the S/S", "somersetgame-com", "follow", 2, "legal",
      "Eights are trump and an eight is led; your only trump is the S/S. Which cards may you play?",
      "somersetgame.com: the 0/0 may replace a card you would be forced to play.",
      "The S/S must follow a trump lead, but the 0/0 may be played instead, keeping the S/S for later.",
      ("0/0", "S/S"), trump="8", trick="2/8", hand="S/S, 0/0, 4/10"),
    P("house-rover", "A Rover for your partner", "parker-1947-house", "follow", 3, "play",
      "An opponent led 11/12. After you, the other opponent will play 5/12 and your partner 4/4. Which card wins the "
      "trick for your side?",
      "Under the house rule the 0/0 may be played at any time, and others may then break suit for a double.",
      "Play the 0/0 even though you hold a twelve: it makes the doubles trumps, and your partner's 4/4 takes the trick.",
      ("0/0",), trump="6", trick="11/12", hand="0/0, 3/12, 2/10", after="5/12, 4/4"),
    P("triple-break", "Six hands, one double", "triple-2009", "follow", 3, "play",
      "Six players in two teams of three (you are third to play; the first and fifth are your partners). 9/11 was led "
      "by your partner and the 0/0 played. After you come 6/6, 1/11 (a partner) and 3/3. Which card wins for your team?",
      "After the 0/0, you may break suit for a double.",
      "Breaking suit with 7/7 beats the 6/6 to come; 2/11 would leave the trick to the opponent's 6/6.",
      ("7/7",), trump="8", trick="9/11, 0/0", hand="2/11, 7/7, 5/9", after="6/6, 1/11, 3/3"),
    # --- boardgamegeek's Rover --------------------------------------------------------------------------
    P("bgg-after", "A double after the Rover", "boardgamegeek", "bgg-rover", 2, "winner", WIN,
      "boardgamegeek: a double played after the 0/0 takes the trick.",
      "4/4 was played after the 0/0, so it takes the trick, even though 8/8 is the higher double.",
      ("4/4",), trump="6", trick="8/8, 0/0, 4/4, 9/12"),
    P("bgg-before", "A double before the Rover", "boardgamegeek", "bgg-rover", 3, "winner", WIN,
      "Only doubles played after the 0/0 can take it.",
      "10/10 came before the 0/0 and is not the double of the suit led, so the 0/0 takes the trick. The text is silent "
      "on doubles before the 0/0: this is the project's reading.",
      ("0/0",), trump="6", trick="4/8, 10/10, 0/0, 9/12"),
    P("bgg-lead-double", "The double of the suit led", "boardgamegeek", "bgg-rover", 3, "winner", WIN,
      "The 0/0 wins only 'if the double of the lead suit is not in play'.",
      "8/8, the double of the suit led, is in play, so the 0/0 does not take the trick: 8/8 wins as the highest eight.",
      ("8/8",), trump="6", trick="8/8, 0/0, 4/8, 9/12"),
    # --- the first lead ------------------------------------------------------------------------------------
    P("bgg-first-lead", "Declaring by leading", "boardgamegeek", "first-lead", 2, "legal",
      "You won the bid and want tens as trump. Which cards may you lead?",
      "Your first card declares trump.",
      "The suit of your first card becomes trump, so only a ten declares tens; the S/S has no suit until trump is set.",
      ("10/10", "4/10"), trump="10", hand="4/10, 10/10, S/S, 0/0, 3/8", first_trick=True),
    P("somersetcards-first-lead", "Twelves, please", "somersetcards-com", "first-lead", 2, "legal",
      "You won the bid and want twelves as trump. Which cards may you lead?",
      "The first card led declares trump.",
      "Only a twelve declares twelves: neither the S/S, the 0/0 nor 4/4 can.",
      ("2/12", "5/12"), trump="12", hand="S/S, 0/0, 5/12, 2/12, 4/4", first_trick=True),
    P("parker-first-lead", "Lead a trump", "parker-1947", "first-lead", 1, "legal",
      "You named eights trump. Which cards may you lead to the first trick?",
      "The high bidder must lead a trump first.",
      "Any trump will do, including the S/S; the 0/0 is not a trump.",
      ("4/8", "S/S"), trump="8", hand="4/8, S/S, 0/0, 12/12", first_trick=True),
    P("somersetgame-first-lead", "Lead anything", "somersetgame-com", "first-lead", 1, "legal",
      "You named eights trump. Which cards may you lead to the first trick?",
      "somersetgame.com changed the first lead.",
      "At somersetgame.com the high bidder may lead any card to the first trick.",
      ("0/0", "4/8", "S/S"), trump="8", hand="4/8, S/S, 0/0", first_trick=True),
    # --- the kitty ------------------------------------------------------------------------------------------
    P("bgg-discard", "What may go back?", "boardgamegeek", "kitty", 2, "discard",
      "You took the blind and will name tens. Which cards may you discard?",
      "Neither red nor trump.",
      "The boardgamegeek discards may be neither red count cards (4/8, 1/2, 2/4, S/S) nor tens.",
      ("0/6", "3/12"), trump="10", hand="5/10, 7/10, 4/8, 1/2, 3/12, 0/6, S/S, 2/4"),
    P("somersetgame-raise", "A costly discard", "somersetgame-com", "kitty", 2, "bid",
      "You bid 14, took the kitty and discarded 5/10 and 3/12. What must you now make?",
      "Discarding a count card raises your bid by its value.",
      "5/10 is a count card worth 2, so the bid rises from 14 to 16; 3/12 is not red. The 5/10 still counts for you.",
      ("16",), bid=14, discards="5/10, 3/12"),
    # --- two hands and the drawing pile ---------------------------------------------------------------------
    P("hodges-two-reserve", "Win the reserve card", "hodges-1903", "pile", 2, "play",
      "Two players. The reserve's top card, face up, is the counter 3/5, and the trick's winner takes it. Your "
      "opponent led 4/6. Which card wins the trick (and the 3/5)?",
      "You hold sixes, so you must follow suit.",
      "You must follow with a six: only 6/6 beats 4/6; 2/5 would be a trump but is not allowed while you hold sixes.",
      ("6/6",), trump="5", trick="4/6", hand="6/6, 1/6, 2/5", format="two"),
    P("parker-two-pile", "Draw first", "parker-1947", "pile", 1, "play",
      "Two players; the trick's winner draws first from the pile. Your opponent led 9/12. Which cards win the trick?",
      "Any higher twelve wins.",
      "10/12 or 11/12 wins the trick and the first draw; 10/12 does it more cheaply.",
      ("10/12", "11/12"), trump="4", trick="9/12", hand="10/12, 11/12, 3/12", format="two"),
    # --- made and set ----------------------------------------------------------------------------------------
    P("parker-set", "Set by three", "parker-1947", "scoring", 1, "score",
      "The bid was 16; the bidder's side took 13 and the other side 11. What does each side score?",
      "Double the shortfall; double the opponents' points.",
      "Short by 3, the bidder loses twice that, 6; the opponents score twice their 11, 22.",
      ("-6 / +22",), bid=16, made=13, against=11),
    P("hodges-set", "Set the old way", "hodges-1903", "scoring", 2, "score",
      "Hodges 1903: the bid was 9; the bidder's side took 6 and the other side 8. What does each side score?",
      "Hodges subtracts the bid itself.",
      "Set, the bidder loses the 9 bid; the other side scores the 8 it took.",
      ("-9 / +8",), bid=9, made=6, against=8),
    P("somersetcards-set", "Losing the bid", "somersetcards-com", "scoring", 2, "score",
      "The bid was 15; the bidder's side took 11 and the other side 13. What does each side score?",
      "somersetcards.com's base rule: 'loses as that many points'.",
      "The project reads the base rule as losing the amount bid, 15, with the other side scoring its 13.",
      ("-15 / +13",), bid=15, made=11, against=13),
    P("minden-made", "Everyone scores", "minden-senior-center", "scoring", 1, "score",
      "The bid was 13; the bidder's side took 15 and the other side 9. What does each side score?",
      "The Minden Senior Center counts all points.",
      "The bid is made, and at the Minden Senior Center both sides score what they took.",
      ("+15 / +9",), bid=13, made=15, against=9),
    P("single-set", "A small set", "parker-1950", "scoring", 1, "score",
      "Single Somerset: the bid was 9; the bidder's side took 8 and the other side 6. What does each side score?",
      "Twice the shortfall, twice the opponents' points.",
      "Short by 1, the bidder loses 2; the opponents score twice their 6, 12.",
      ("-2 / +12",), bid=9, made=8, against=6),
    P("triple-set", "Six-handed set", "triple-2009", "scoring", 2, "score",
      "Triple, six players in two teams: the bid was 24; the bidder's team took 20 and the other team 16. "
      "What does each team score?",
      "The 1947 rule, with 36 points in the deal.",
      "Short by 4, the bidder's team loses 8; the other team scores twice its 16, 32.",
      ("-8 / +32",), bid=24, made=20, against=16),
)


def public(p: Puzzle) -> dict[str, Any]:
    """What the page may show before the reader answers (no solution)."""
    r = p.rules
    data: dict[str, Any] = {
        "id": p.id, "title": p.title, "ruleset": p.ruleset, "ruleset_name": r.short_name, "theme": p.theme,
        "theme_name": dict(THEMES)[p.theme], "difficulty": p.difficulty, "kind": p.kind, "question": p.question,
        "hint": p.hint, "trump": p.trump, "trump_label": parse_trump(p.trump, r.deck).label if p.trump else "",
        "trick": [str(c) for c in p.cards(p.trick)], "hand": [str(c) for c in p.cards(p.hand)],
        "after": [str(c) for c in p.cards(p.after)], "first_trick": p.first_trick, "choices": choices(p),
    }
    if p.kind == "winner":
        data["pick"] = "one card of the trick"
    elif p.kind == "legal":
        data["pick"] = "every card you may play"
    elif p.kind == "play":
        data["pick"] = "every card that wins the trick for your side"
    elif p.kind == "discard":
        data["pick"] = "every card you may discard"
    else:
        data["pick"] = "one value"
    return data
