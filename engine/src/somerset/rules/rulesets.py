"""The twelve surveyed rulesets as data, and the registry that finds them.

Every value carries its citation. Where the sources are silent, ambiguous or contradict
each other, the value carries an ``interpretation``: what the engine decided and why.
The Parker 1947 text is the parent of most later rulesets, so its rules are built by small
functions that take the citation of each ruleset's own copy of the text.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from .dimensions import (
    DIMENSION_KEYS,
    AfterRover,
    AllPass,
    AuctionStyle,
    Bidding,
    Conduct,
    Declaration,
    ExposedCard,
    FirstBidder,
    FirstDealer,
    FirstLead,
    Format,
    GameEnd,
    KittyExchange,
    Made,
    Misdeal,
    Option,
    PileKind,
    Points,
    Revoke,
    RoverNoTrump,
    RoverPlay,
    RoverPower,
    Rule,
    Ruleset,
    SetPenalty,
    SSNoTrump,
    Tie,
    Undealt,
    UndealtKind,
    WrongCount,
)
from .errors import SomersetError
from .house import HouseCodeError, RulesetCode, compose, is_code
from .sources import Citation

C = Citation
P47 = "parker-1947-booklet"
SURVEY = "childs-survey"
HOUSE = "house-rules-page"
H03 = "hodges-1903-booklet"
T09 = "triple-2009-rules"

FOUR = ((0, 2), (1, 3))
SINGLES = {n: tuple((i,) for i in range(n)) for n in range(2, 9)}

# --- shared wording of shared rules -----------------------------------------------------------

NO_LEAD_TRUMP_HELD = (
    "No source says what happens when the bidder holds no trump for the first lead. The engine "
    "lets that bidder lead any card, since the rule cannot be obeyed."
)
FOLLOW_SUMMARY = (
    "Follow suit if you can; if you cannot, play a trump or any other card. The S/S counts as a "
    "trump, so a player whose only trump is the S/S must play it when a trump is led."
)
ROVER_WHEN_VOID = (
    "The 0/0 is the whole /0 suit and is not a trump. It may be led, or played when you cannot "
    "follow suit; it need not be played on a trump lead."
)
ROVER_WHEN_VOID_WHY = (
    "The text gives the 0/0 no exemption from following suit, so the engine lets it be played only "
    "by a player who leads it or cannot follow."
)
AFTER_ROVER_FOLLOW = "After the 0/0 is played, everyone still follows suit; a double counts only when played legally."
TRICK_SUMMARY = (
    "The highest trump played wins (the S/S is the lowest trump). With no trump played, the Rover "
    "rule applies if the 0/0 is in the trick; otherwise the highest card of the suit led wins."
)
FOLLOW_AND_TRICK = FOLLOW_SUMMARY + " " + TRICK_SUMMARY
ROVER_ALL = (
    "When no trump is played, the 0/0 makes every double in the trick a trump for that trick: the "
    "highest double wins, and the 0/0 itself wins if no other double is played. Any named trump, "
    "the S/S included, beats the 0/0 and every double."
)
NT_SS = (
    "The S/S has no capturing power and may be discarded on any trick, even by a player who could "
    "follow suit. If it is led, the next player's card sets the suit."
)
NT_ROVER_LED = (
    "The 0/0 has no power over doubles in No Trump, but as the only /0 card it wins any trick it leads."
)
ZERO_TRUMP = (
    "The high bidder may name the 0/0 as trump: the 0/0 and the S/S then form the trump suit, the "
    "0/0 the highest card in the pack and the S/S below it, and the 0/0 loses its Rover power."
)
POINTS = (
    "One point for each trick plus the value of each count (red) card taken; undealt cards taken "
    "with the first trick count for its winner."
)
NO_MISDEAL = "The text says nothing about a card turned face up by mistake while dealing."
REVOKE_UNSTATED = (
    "The text says a player must follow suit, but not what happens when one does not (a revoke). For a real "
    "table the project reads it as the texts that do speak of it say: a card that fails to follow is taken back "
    "and a legal card played if the mistake is found before its trick is turned; found later, the table charges "
    "the penalty it agreed before play, and the one penalty a Somerset text names, Hodges 1903's 2 points off the "
    "revoking side, is a fair one to agree. The engine itself never lets a card that does not follow be played."
)
DEALER_CUT = ("Any player may be the first dealer, chosen by cutting for high card or by agreement; after each deal "
              "the deal passes to the left.")
DEALER_UNSTATED = (
    "The text does not say how the first dealer is chosen, nor who deals next. Tables usually do what the Parker "
    "texts say: cut for high card (or agree) for the first deal, then pass the deal to the left; the engine's "
    "games pass it to the left."
)
BID_LEFT = "The player at the dealer's left bids first; the turn to bid passes to the left."
EXPOSED_UNSTATED = (
    "The text says nothing about a card dropped or shown by mistake during the bidding or the play. Tables usually "
    "do as in other trick-taking games: the card stays face up on the table and its holder plays it at the first "
    "turn he may legally do so; nobody loses points for it. Agree this, or your own rule, before play."
)
EXPOSED_SUMMARY = "Nothing is said of a card shown by mistake during the bidding or the play."
WRONG_COUNT_UNSTATED = (
    "The text does not say what happens when a hand is found to hold too many or too few cards. The project reads "
    "it as card tables commonly do, and as Hodges 1903 treats a card shown while dealing (the same dealer deals "
    "again): found before the first card is led, the cards are gathered and the same dealer deals again; found "
    "once play has begun, the deal is given up, neither side scores for it, and the same dealer deals again, since "
    "the hands were not the ones the rules deal. Agree this, or your own rule, before play."
)
WRONG_COUNT_SUMMARY = "Nothing is said of a hand dealt too many or too few cards."


def _conduct(dealer: Citation, bid: Citation, exposed: Citation, *, dealer_value: FirstDealer = FirstDealer.CUT_OR_AGREE,
             dealer_why: str | None = None, bid_stated: bool = True, bid_summary: str = BID_LEFT,
             bid_why: str | None = None) -> Conduct:
    """The conduct rules of one text: who deals first, who bids first, a card shown by mistake, and a hand
    dealt the wrong number of cards (cited where the text deals)."""
    if dealer_value is FirstDealer.UNSTATED:
        dealer_rule = _rule(dealer_value, "The text does not say how the first dealer is chosen.", dealer,
                            why=dealer_why or DEALER_UNSTATED)
    elif dealer_value is FirstDealer.CHOSEN:
        dealer_rule = _rule(dealer_value, "Any one of the players is first chosen as dealer.", dealer, why=dealer_why)
    else:
        dealer_rule = _rule(dealer_value, DEALER_CUT, dealer, why=dealer_why)
    bid_rule = _rule(FirstBidder.DEALERS_LEFT if bid_stated else FirstBidder.UNSTATED, bid_summary, bid, why=bid_why)
    return Conduct(dealer_rule, bid_rule, _rule(ExposedCard.UNSTATED, EXPOSED_SUMMARY, exposed, why=EXPOSED_UNSTATED),
                   _rule(WrongCount.UNSTATED, WRONG_COUNT_SUMMARY, dealer, why=WRONG_COUNT_UNSTATED))
MADE_BIDDER = "A made bid scores the bidder's side every point it took; the opponents score nothing."
SET_DOUBLE = (
    "A set bidder loses twice the shortfall (bid minus points made), even below zero, and the "
    "opponents score twice the points they took."
)
CUT_THROAT = (
    "Played single-handed, each player scores alone; if the bidder is set, every other player adds "
    "twice the points he took."
)
SIX_SEATING = (
    "The text does not say where partners sit; the engine seats partners so that they play in "
    "alternate turns (every third or every other seat), as partners do in the four-handed game."
)


def _rule(value: Any, summary: str, *cites: Citation, why: str | None = None) -> Rule[Any]:
    return Rule(value, summary, tuple(cites), why)


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _or(numbers: list[int]) -> str:
    words = [_NUMBERS[n] for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _together(target: int, formats: tuple[Format, ...]) -> str:
    """The interpretation for two sides passing the target in one deal, where only the bidder's side
    scores a made bid: that takes a set bidder and at least two opponents, which the formats say when."""
    many = [f for f in formats if len(f.teams) > 2]
    alone = sorted({f.players for f in many if not f.partnership})
    sides = sorted({len(f.teams) for f in many if f.partnership})
    kinds = []
    if alone:
        kinds.append(f"{_or(alone)} players each alone")
    if sides:
        kinds.append(f"{_or(sides)} partnerships")
    when = (f"only when a bidder is set in a game of more than two sides ({', or '.join(kinds)}), where "
            "every opponent scores at once" if kinds else "never in the games it offers")
    return (f"The text does not say what happens if two sides pass {target} in the same deal. Since only the "
            f"bidder's side scores a made bid, that can happen {when}; the engine lets the higher score win and "
            "plays another deal on a tie, as Hodges 1903 does.")


def _four(cite: Citation, *, why: str | None = None) -> Format:
    return Format("four-partners", "Four players, two partnerships", 4, FOUR, 12, 2, 24, cite, interpretation=why)


def _four_single(cite: Citation) -> Format:
    return Format("four-single", "Four players, single-handed", 4, SINGLES[4], 12, 2, 24, cite)


def _parker_formats(section: str, source: str, *, why_all: str | None = None) -> tuple[Format, ...]:
    """The 1947 booklet's formats: four (partners or single-handed), two, three and six."""
    return (
        _four(C(source, f"{section}The Four Handed Partnership Game")),
        _four_single(C(source, f"{section}The Winners of the Game")),
        Format(
            "two", "Two players, drawing pile", 2, SINGLES[2], 8, 34, 37, C(P47, "For Two Players"),
            pile=PileKind.FACE_DOWN,
            interpretation=(why_all + " " if why_all else "")
            + "After each trick the winner draws the top card and the other player the next, until the pile is gone.",
        ),
        Format(
            "three", "Three players, drawing pile", 3, SINGLES[3], 8, 26, 28, C(P47, "For Three Players"),
            pile=PileKind.FACE_DOWN, face_up_from_pile=2,
            interpretation="The two top cards of the pile are turned face up for the first trick's winner; "
            "after each trick the players draw one card each, the winner first and then in turn to the left.",
        ),
        Format(
            "six-single", "Six players, single-handed", 6, SINGLES[6], 8, 2, 20, C(P47, "For Six Players"),
            points_stated=False,
            interpretation="The booklet gives no total for six players; 8 tricks and 12 count points make 20.",
        ),
        Format(
            "six-3x2", "Six players, three partnerships of two", 6, ((0, 3), (1, 4), (2, 5)), 8, 2, 20,
            C(P47, "For Six Players"), points_stated=False, interpretation=SIX_SEATING,
        ),
        Format(
            "six-2x3", "Six players, two partnerships of three", 6, ((0, 2, 4), (1, 3, 5)), 8, 2, 20,
            C(P47, "Idea of the Game"), points_stated=False, interpretation=SIX_SEATING,
        ),
    )


def _parker_1947_rules(source: str, section: str = "") -> dict[str, Any]:
    """The rules of the 1947 text, cited to one copy of it (``section`` prefixes each section name)."""

    def cite(name: str) -> Citation:
        return C(source, f"{section}{name}")

    return {
        "pack": _rule("double", "The double pack: 50 cards in the suits /0 to /12 (even numbers) and the S/S.", cite("The Cards")),
        "undealt": _rule(
            Undealt(UndealtKind.FACE_UP),
            "The two undealt cards lie face up and go with the first trick to the player who wins it.",
            cite("The Four Handed Partnership Game"),
        ),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, cite("The Four Handed Partnership Game")),
        "bidding": _rule(
            Bidding(AuctionStyle.AUCTION),
            "An auction from the dealer's left: each bid must be higher, a pass does not stop a later bid, "
            "and the auction ends when all the others have passed the high bid. If everyone passes the "
            "first time round, the hand is not played and the deal passes to the left.",
            cite("Bidding"),
            why="No minimum bid is stated; the engine accepts any bid from 1 to the points in the deal.",
        ),
        "declaration": _rule(
            Declaration.NAMED, "The high bidder names trump after the auction, not while bidding.", cite("Naming the Trump")
        ),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads, and must lead a trump to the first trick.", cite("The Play"), why=NO_LEAD_TRUMP_HELD),
        "follow_suit": _rule(Revoke.UNSTATED, FOLLOW_AND_TRICK, cite("Naming the Trump"), cite("The Play"), why=REVOKE_UNSTATED),
        "rover_play": _rule(RoverPlay.WHEN_VOID, ROVER_WHEN_VOID, cite("Double Cards and the Rover"), why=ROVER_WHEN_VOID_WHY),
        "after_rover": _rule(AfterRover.FOLLOW, AFTER_ROVER_FOLLOW, cite("Naming the Trump")),
        "rover_power": _rule(RoverPower.ALL_DOUBLES, ROVER_ALL, cite("Double Cards and the Rover")),
        "no_trump": _rule(True, "The high bidder may declare No Trump.", cite("No Trumps")),
        "ss_no_trump": _rule(SSNoTrump.DISCARD_ANY_TIME, NT_SS, cite("No Trumps")),
        "rover_no_trump": _rule(RoverNoTrump.WINS_WHEN_LED, NT_ROVER_LED, cite("No Trumps")),
        "zero_trump": _rule(True, ZERO_TRUMP, cite("Double Cards and the Rover")),
        "points": _rule(Points(), POINTS, cite("Object of the Game")),
        "made": _rule(Made.BIDDER_ONLY, MADE_BIDDER, cite("Scoring")),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE + " " + CUT_THROAT, cite("Scoring"), cite("The Winners of the Game")),
        "game": _rule(
            GameEnd(66),
            "The first side to reach 66 points wins the game.",
            cite("The Winners of the Game"),
            why=_together(66, _parker_formats(section, source)),
        ),
        "options": _rule((), "No optional rules.", cite("Idea of the Game")),
        "conduct": _conduct(cite("The Four Handed Partnership Game"), cite("Bidding"), cite("The Play")),
    }


def _ruleset(
    id: str,
    name: str,
    short_name: str,
    family: str,
    year: str,
    sources: tuple[str, ...],
    aliases: tuple[str, ...],
    summary: str,
    rules: dict[str, Any],
) -> Ruleset:
    """A ruleset from its rule dimensions and, under the key ``conduct``, its :class:`Conduct`."""
    missing = set(DIMENSION_KEYS) - set(rules)
    extra = set(rules) - set(DIMENSION_KEYS) - {"conduct"}
    if missing or extra or "conduct" not in rules:
        raise ValueError(f"{id}: rule dimensions missing {sorted(missing)}, unknown {sorted(extra)}"
                         + ("" if "conduct" in rules else "; no conduct"))
    kwargs: dict[str, Any] = dict(rules)
    return Ruleset(id=id, name=name, short_name=short_name, family=family, year=year, sources=sources,
                   aliases=aliases, summary=summary, **kwargs)


# --- Parker Brothers 1947 and the texts that copy it ------------------------------------------

_p47 = _parker_1947_rules(P47)
PARKER_1947 = _ruleset(
    "parker-1947", "Double Somerset, Parker Brothers 1947", "Parker 1947", "Double", "1947",
    (P47, SURVEY), ("parker", "1947", "double-somerset", "parker-brothers-1947"),
    "The Parker Brothers booklet of 1947: the standard Double Somerset that most later rules copy.",
    {**_p47, "formats": _rule(_parker_formats("", P47), "Two, three, four (partners or single-handed) or six players.",
                              C(P47, "Idea of the Game"))},
)

_mh = _parker_1947_rules(SURVEY, "Minden Hardware, ")
MINDEN_HARDWARE = _ruleset(
    "minden-hardware", "Double Some R Set, Minden Hardware (Minden, Nebraska)", "Minden Hardware", "Double", "1947 text",
    (SURVEY, P47), ("minden", "minden-nebraska"),
    "The rules sold with the game by Minden Hardware in Nebraska, which say they are the 1947 Parker text.",
    {**_mh, "formats": _rule(
        _parker_formats("Minden Hardware, ", SURVEY,
                        why_all="The survey's copy breaks off in the two-player section; the rest is taken from the "
                        "1947 booklet, which the Minden text says it reproduces."),
        "Two, three, four (partners or single-handed) or six players.", C(SURVEY, "Minden Hardware, Idea of the Game"),
        why="The Minden text names 2, 3, 4 and 6 players and breaks off in the two-player rules; the engine "
        "uses the 1947 booklet's procedures for all of them.")},
)

_house = _parker_1947_rules(HOUSE)
_HOUSE_FORMATS = (
    _four(C(HOUSE, "The Four Handed Partnership Game")),
    _four_single(C(HOUSE, "The Winners of the Game")),
    Format("three-kitty", "Three players, 16 cards each and a kitty", 3, SINGLES[3], 16, 2, 28,
           C(HOUSE, "3 Player Rules"), undealt_kind=UndealtKind.KITTY,
           interpretation="The page does not say who takes the two-card kitty. The engine gives it to "
           "the high bidder, who takes both cards and discards two, as every other source with a "
           "kitty does; discarded count cards score for the bidder."),
)
PARKER_1947_HOUSE = _ruleset(
    "parker-1947-house", "Double Somerset, Parker Brothers 1947 rules with two house rules", "Parker 1947 with house rules", "Double", "undated",
    (HOUSE,), ("house", "house-rules"),
    "A web page that reprints the 1947 text and adds two house rules: the 0/0 may be played at any time "
    "(after which others may break suit for a double), and a three-player game with a kitty.",
    {
        **_house,
        "formats": _rule(
            _HOUSE_FORMATS,
            "Four players (partners or single-handed), or three with 16 cards each and a two-card kitty.",
            C(HOUSE, "Idea of the Game"), C(HOUSE, "3 Player Rules"),
            why="The page reprints only the four-handed 1947 rules and adds its own three-player game, so the "
            "engine offers those formats and not the booklet's two-, three- and six-player procedures.",
        ),
        "undealt": _rule(
            Undealt(UndealtKind.FACE_UP, KittyExchange.ANY),
            "Four-handed: the two undealt cards lie face up and go with the first trick to its winner. "
            "Three-handed: they are a kitty for the high bidder.",
            C(HOUSE, "The Four Handed Partnership Game"), C(HOUSE, "3 Player Rules"),
        ),
        "rover_play": _rule(
            RoverPlay.ANY_TIME,
            "House rule: the 0/0 may be played at any time, even by a player who holds the suit led.",
            C(HOUSE, "Double Cards and the Rover (house rule)"),
            why="'At any time' is read to include a trump lead where the S/S would otherwise be forced.",
        ),
        "after_rover": _rule(
            AfterRover.BREAK_FOR_DOUBLE,
            "House rule: once the 0/0 is played, the players after it may break suit to play a double.",
            C(HOUSE, "Double Cards and the Rover (house rule)"), C(HOUSE, "No Trumps"),
            why="The page gives the break without an exception; the engine allows it only while the 0/0 has its "
            "Rover power, so not in No Trump and not when the 0/0 is named trump. In No Trump the page keeps the "
            "1947 paragraph: the 0/0 makes no double a trump, and the S/S discard is 'the only play in the game' "
            "that need not follow suit. A double played after a powerless 0/0 cannot take the trick, so the break, "
            "which is there to let a double capture the Rover, would only excuse a player from following suit, "
            "which that paragraph does not allow. Named trump, the 0/0 is a trump and not the Rover (somersetgame.com, "
            "which has the same rule, says so in as many words). Read literally, the house rule would let a player "
            "holding the suit led throw a double in these hands too.",
        ),
        "game": _rule(GameEnd(66), "The first side to reach 66 points wins the game.", C(HOUSE, "The Winners of the Game"),
                      why=_together(66, _HOUSE_FORMATS)),
    },
)

PARKER_1934 = _ruleset(
    "parker-1934", "Double Some R Set, Parker Brothers 1934", "Parker 1934", "Double", "1934",
    (SURVEY,), ("1934",),
    "The first Parker Brothers edition, after they bought the game from Hodges: the 1947 rules in "
    "older wording, for the four-handed partnership game.",
    {
        **_parker_1947_rules(SURVEY, "Parker 1934, "),
        "pack": _rule("double", "The double pack: 50 cards in the suits /0 to /12 (even numbers) and the S/S.",
                      C(SURVEY, "Parker 1934, The Cards")),
        "formats": _rule(
            (_four(C(SURVEY, "Parker 1934, The Deal")),),
            "Four players in two partnerships.",
            C(SURVEY, "Parker 1934, The Cards"),
            why="The 1934 text names two, three, four or six players but describes only the four-handed "
            "partnership game, so the engine offers only that.",
        ),
        "undealt": _rule(Undealt(UndealtKind.FACE_UP),
                         "The two undealt cards lie face up and are taken, as part of the first trick, by its winner.",
                         C(SURVEY, "Parker 1934, The Deal")),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, C(SURVEY, "Parker 1934, The Deal")),
        "bidding": _rule(Bidding(AuctionStyle.AUCTION),
                         "An auction from the dealer's left, going round as many times as needed until all others "
                         "pass the high bid; a pass does not stop a later bid. If all pass the first time round, "
                         "the hand is not played and the deal passes to the left.",
                         C(SURVEY, "Parker 1934, Bidding"),
                         why="No minimum bid is stated; the engine accepts any bid from 1 to the points in the deal."),
        "declaration": _rule(Declaration.NAMED, "The high bidder names trump after the auction.", C(SURVEY, "Parker 1934, Bidding")),
        "follow_suit": _rule(Revoke.UNSTATED, FOLLOW_AND_TRICK, C(SURVEY, "Parker 1934, A Trump Suit"),
                             C(SURVEY, "Parker 1934, The Play"), why=REVOKE_UNSTATED),
        "rover_power": _rule(RoverPower.ALL_DOUBLES, ROVER_ALL, C(SURVEY, "Parker 1934, 0/0 Card"), C(SURVEY, "Parker 1934, Doubles")),
        "rover_play": _rule(RoverPlay.WHEN_VOID, ROVER_WHEN_VOID, C(SURVEY, "Parker 1934, 0/0 Card"), why=ROVER_WHEN_VOID_WHY),
        "zero_trump": _rule(True, ZERO_TRUMP, C(SURVEY, "Parker 1934, 0/0 Card")),
        "points": _rule(Points(), POINTS, C(SURVEY, "Parker 1934, Points")),
        "made": _rule(Made.BIDDER_ONLY, MADE_BIDDER, C(SURVEY, "Parker 1934, The Score")),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE, C(SURVEY, "Parker 1934, To Be Set")),
        "game": _rule(GameEnd(66), "The first partnership to reach 66 points wins; a set side may go below zero "
                      "(from nothing, a set of 6 leaves it needing 72).", C(SURVEY, "Parker 1934, Points"),
                      C(SURVEY, "Parker 1934, To Be Set")),
        "options": _rule((), "No optional rules.", C(SURVEY, "Parker 1934, The Cards")),
        "conduct": _conduct(C(SURVEY, "Parker 1934, The Deal"), C(SURVEY, "Parker 1934, Bidding"),
                            C(SURVEY, "Parker 1934, The Play"), dealer_value=FirstDealer.CHOSEN,
                            dealer_why="The 1934 text says only that one player is first chosen as dealer, not how, and "
                            "passes the deal to the left only after a deal everyone passed. The project reads it as the "
                            "1947 text says outright: cut for high card or agree, and pass the deal to the left after "
                            "every deal.",
                            bid_summary="The bidding starts with the player at the dealer's left and passes to the left "
                            "as many times as needed."),
    },
)

MINDEN_SENIOR_CENTER = _ruleset(
    "minden-senior-center", "Some R Set, Minden Senior Center (Minden, Nebraska)", "Minden Senior Center", "Double",
    "undated", (SURVEY, P47), ("senior-center", "minden-sc"),
    "The 1947 Parker rules with four exceptions: one bid each from 12 up with the dealer forced, the 0/0 "
    "only when void, every point scored when a bid is made, and the face-up cards to the first trick.",
    {
        **_p47,
        "formats": _rule(
            (_four(C(SURVEY, "Minden Senior Center")),),
            "Four players in two partnerships.",
            C(SURVEY, "Minden Senior Center"),
            why="The exceptions speak only of the four-handed game (a minimum bid of 12 would not suit the "
            "smaller deals), so the engine offers only that format.",
        ),
        "undealt": _rule(Undealt(UndealtKind.FACE_UP),
                         "The two undealt cards lie face up and go to the winner of the first trick, count cards included.",
                         C(SURVEY, "Minden Senior Center, exception 4")),
        "bidding": _rule(
            Bidding(AuctionStyle.ONE_ROUND, 12, AllPass.DEALER_AT_MINIMUM),
            "No auction: each player bids once, in turn from the dealer's left, and a bid must be at least 12. "
            "If nobody bids, the dealer must take the bid at 12.",
            C(SURVEY, "Minden Senior Center, exception 1"),
            why="Each later bid must be higher than the one before it, as in any bidding; the text does not say so. "
            "'He must take the bid for 12 points' is read as it stands: a dealer forced to bid takes it at 12 and "
            "may not bid more, though a dealer who chooses to bid after someone else has may bid as high as he likes.",
        ),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads, and must lead a trump to the first trick.",
                            C(SURVEY, "Minden Senior Center, exception 4"), why=NO_LEAD_TRUMP_HELD),
        "rover_play": _rule(RoverPlay.WHEN_VOID, "The 0/0 may be played only when you have no card of the suit led.",
                            C(SURVEY, "Minden Senior Center, exception 2")),
        "after_rover": _rule(AfterRover.FOLLOW,
                             "After the 0/0 is played, a later player may play a double only if he has no card of the suit led.",
                             C(SURVEY, "Minden Senior Center, exception 2")),
        "made": _rule(Made.BOTH_SIDES, "When the bid is made, both sides score every point they took.",
                      C(SURVEY, "Minden Senior Center, exception 3"),
                      why="The exception reads 'all points are counted (not just the team who makes their bid)'. The "
                      "words in brackets speak of a made bid, after which the 1947 rules let only the bidder's side "
                      "score, so the engine has both sides score what they took then. A set is left to the 1947 rule "
                      "(the bidder loses twice the shortfall, the opponents score twice their points): that rule "
                      "already counts the opponents' points, and the exception names no other penalty. A wider "
                      "reading, in which a set side also keeps what it took or the doubling goes, is possible, but "
                      "nothing in the text says which."),
        "game": _rule(GameEnd(66, Tie.HIGHER_WINS_REPLAY_TIE),
                      "The first side to reach 66 points wins.",
                      C(SURVEY, "Minden Senior Center"), C(P47, "The Winners of the Game"),
                      why="Both sides score every made bid here, so both can pass 66 in the same deal, which the "
                      "1947 text never has to settle for two partnerships. The engine lets the higher score win and "
                      "plays another deal on a tie, as Hodges 1903 does."),
    },
)

# --- Hodges ------------------------------------------------------------------------------------

HODGES_1903 = _ruleset(
    "hodges-1903", "Some'r'Set, A. J. Hodges 1903 (revised 1905)", "Hodges 1903", "Single", "1903",
    (H03, SURVEY), ("hodges", "somerset-1903", "single-1903", "hodges-1905"),
    "The original game by Arthur J. Hodges of Carroll, Iowa: 28 cards without an S/S, partners scoring "
    "everything they take, and the bid itself lost when set.",
    {
        "pack": _rule("single", "The single pack: 28 cards in the suits /0 to /6, five of them red counters worth 7 in all.",
                      C(H03, "Suits"), C(H03, "Counter Cards")),
        "formats": _rule(
            (
                Format("four-partners", "Four players, two partnerships", 4, FOUR, 7, 0, 14, C(H03, "Bidding for Trump"),
                       interpretation="All 28 cards are dealt, seven each."),
                Format("two", "Two players, face-up reserve", 2, SINGLES[2], 8, 12, 21, C(H03, "For Two Players"),
                       pile=PileKind.FACE_UP,
                       interpretation="The reserve lies face up; after each trick its winner takes the top card and "
                       "the other player the next."),
                Format("three-without-01", "Three players, 0/1 removed", 3, SINGLES[3], 9, 0, 16, C(H03, "For Three Players"),
                       removed=("0/1",)),
                Format("three-without-00", "Three players, 0/0 removed", 3, SINGLES[3], 9, 0, 16, C(H03, "For Three Players"),
                       removed=("0/0",)),
            ),
            "Four players as partners; two players with a face-up reserve; three players, each alone, with the "
            "0/1 or the 0/0 removed.",
            C(H03, "Bidding for Trump"), C(H03, "For Two Players"), C(H03, "For Three Players"),
        ),
        "undealt": _rule(Undealt(UndealtKind.NONE), "Every card is dealt; nothing is left over in the four-handed game.",
                         C(H03, "Bidding for Trump")),
        "misdeal": _rule(
            Misdeal.REDEAL_COUNTER_OR_HIGHER,
            "If a card is turned face up while dealing and it is a counter or of higher value than a counter, "
            "the same dealer deals again.",
            C(H03, "Etiquette of the Game"),
            why="A card's value is its rank within its suit, so 'of higher value than a counter' is read suit by "
            "suit: a new deal is called for when the card shown is a counter or ranks above the counter of its "
            "own suit (4/6 does, 2/6 does not, 3/6 being the six suit's counter); the /0 and /1 suits have no "
            "counter, so the 0/0, 0/1 and 1/1 never do. Which cards are the counters is itself the project's "
            "assumption (see the pack). A record says a card was shown with a 'Misdeal' line; the same dealer "
            "then deals again, from the next deal's shuffle.",
        ),
        "bidding": _rule(
            Bidding(AuctionStyle.ONE_ROUND),
            "Each player bids in turn for the right to name trump, saying how many of the points he expects to make.",
            C(H03, "Bidding for Trump"),
            why="'Each player bids in turn' is read as one round, starting at the dealer's left, each bid higher "
            "than the last, because the booklet offers going round again as a separate option (competitive "
            "bidding). If nobody bids, the engine redeals with the deal passing left, as the later rules do.",
        ),
        "declaration": _rule(Declaration.NAMED, "The high bidder names the trump suit.", C(H03, "The Play")),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads a card of the suit he names trump.", C(H03, "The Play"),
                            why=NO_LEAD_TRUMP_HELD),
        "follow_suit": _rule(
            Revoke.WITHDRAW_OR_TWO,
            "Every player must follow suit if able, with no exception; otherwise any card. A revoke found in time is "
            "exchanged, or the side is charged 2 points. The highest trump wins the trick; with no trump, a trick "
            "holding the 0/0 goes to the highest double; otherwise the highest card of the suit led wins.",
            C(H03, "The Play"), C(H03, "Value of 0/0"), C(H03, "Bidding for Trump"),
            why="The engine refuses a card that does not follow, which is the exchange: the card goes back and a "
            "legal one is played. A revoke found only after its trick is turned is written in a record as a "
            "'Revoke' line naming the seat; the engine then takes 2 points off that player's side for the deal, "
            "below zero if need be, and leaves the other side's score as it is. The text's sentence breaks off at "
            "'charged against'; the survey's copy ends 'against the score', read as the revoking side's score.",
        ),
        "rover_play": _rule(RoverPlay.WHEN_VOID,
                            "The 0/0 is a one-card suit with no exemption: it may be led, or played when you cannot follow.",
                            C(H03, "The Play"), C(H03, "Value of 0/0")),
        "after_rover": _rule(AfterRover.FOLLOW, "After the 0/0 is played, everyone still follows suit.", C(H03, "The Play")),
        "rover_power": _rule(RoverPower.ALL_DOUBLES,
                             "If no trump is played, the 0/0 makes every double in the trick a trump for that trick: "
                             "the highest double wins, and the 0/0 wins if no other double is played.",
                             C(H03, "Value of 0/0")),
        "no_trump": _rule(False, "The booklet has no No Trump declaration.", C(H03, "Bidding for Trump"),
                          why="No Trump is never mentioned, so the engine does not offer it."),
        "ss_no_trump": _rule(SSNoTrump.NOT_APPLICABLE, "There is no S/S in the single pack.", C(H03, "Suits")),
        "rover_no_trump": _rule(RoverNoTrump.NOT_APPLICABLE, "This ruleset has no No Trump declaration.", C(H03, "Bidding for Trump")),
        "zero_trump": _rule(True, "The bidder may make the 0/0 trump: a one-card trump suit, and the doubles lose their power over it.",
                            C(H03, "Value of 0/0")),
        "points": _rule(Points(), "One point a trick and the value of each counter taken: 14 points in the four-handed deal.",
                        C(H03, "The Score")),
        "made": _rule(Made.BOTH_SIDES, "Unless set, each side is credited with all the points it took.", C(H03, "The Score")),
        "set": _rule(SetPenalty.BID,
                     "A set bidder has the amount bid subtracted from his score, even below zero; the opponents "
                     "score the points they took.",
                     C(H03, "The Play"), C(H03, "The Score")),
        "game": _rule(GameEnd(50, Tie.HIGHER_WINS_REPLAY_TIE),
                      "The first side to 50 wins; if both pass 50 in the same deal the higher score wins, and a tie "
                      "is settled by another deal.",
                      C(H03, "The Score")),
        "options": _rule(
            (
                Option(
                    "competitive-bidding", "Competitive bidding",
                    "With three or four players, the bidding goes round until no one will raise; the first to make "
                    "the highest bid names trump.",
                    C(H03, "Competitive Bidding"),
                    (("bidding", _rule(Bidding(AuctionStyle.AUCTION),
                                       "Competitive bidding: the bid passes round until no one will raise it.",
                                       C(H03, "Competitive Bidding"))),),
                    interpretation="The booklet offers it 'where three or four play', so with it the engine offers "
                    "the three- and four-player games only. Two players keep the regular bidding, which their "
                    "section leaves as it is ('proceed with the game as before'): one bid each, the dealer's "
                    "opponent first.",
                    formats=("four-partners", "three-without-01", "three-without-00"),
                ),
                Option(
                    "without-bidding", "Without bidding",
                    "Trump is drawn: the player left of the dealer draws a card and its suit is trump. He leads "
                    "any card, and only the tricks score, one point each.",
                    C(H03, "Without Bidding"),
                    (
                        ("declaration", _rule(Declaration.DRAWN, "Trump is the suit of a card drawn before the deal.",
                                              C(H03, "Without Bidding"))),
                        ("first_lead", _rule(FirstLead.ANY, "The player left of the dealer leads any card.",
                                             C(H03, "Without Bidding"))),
                        ("points", _rule(Points(1, False), "Only tricks count, one point each: counters score nothing.",
                                         C(H03, "Without Bidding"))),
                    ),
                    interpretation="The booklet does not say how a drawn 0/0 is treated; the engine makes the 0/0 "
                    "trump (a one-card trump suit), since its denomination is 0.",
                ),
            ),
            "Competitive bidding (an auction) and a game without bidding (trump drawn, tricks only).",
            C(H03, "Competitive Bidding"), C(H03, "Without Bidding"),
        ),
        "conduct": _conduct(C(H03, "Bidding for Trump"), C(H03, "Bidding for Trump"), C(H03, "Etiquette of the Game"),
                            dealer_value=FirstDealer.UNSTATED, bid_stated=False,
                            bid_summary="Each player bids in turn; the booklet does not say who bids first.",
                            bid_why="The project starts the bidding at the dealer's left, as the later rules all do and as "
                            "the booklet's own game without bidding has the player at the dealer's left draw for trump "
                            "and lead."),
    },
)

_h13 = C(SURVEY, "Hodges 1913")
HODGES_1913 = _ruleset(
    "hodges-1913", "Double Some'r'Set, A. J. Hodges 1913", "Hodges 1913", "Double", "1913",
    (SURVEY,), ("double-1913",),
    "Hodges' own Double Some'r'Set: the 50-card pack with the S/S as the low trump, 66 to win, and the "
    "doubled set penalty.",
    {
        "pack": _rule("double", "The double pack: 50 cards. The text speaks of 'six suits' and lists six, the /12 suit down "
                      "to the /2 suit, then 'the 0-0 and S-S cards'; the other sources count the lone 0/0 as a seventh "
                      "suit.", _h13),
        "formats": _rule(
            (_four(_h13),),
            "Four players in two partnerships (partners sit opposite).",
            _h13,
            why="The text says two to six can play but describes only the four-handed partnership game.",
        ),
        "undealt": _rule(Undealt(UndealtKind.FACE_UP),
                         "The two undealt cards lie face up; any score in them counts for the winner of the first trick.",
                         _h13, why="The engine gives the two cards to the first trick's winner, which scores them as the text says."),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, _h13),
        "bidding": _rule(Bidding(AuctionStyle.ONE_ROUND), "Each player bids for the right to name trump, 'the same as in Some'r'Set'.",
                         _h13, why="Read through Hodges 1903: one round of bids from the dealer's left, each higher than "
                         "the last; if all pass, the deal passes left."),
        "declaration": _rule(Declaration.NAMED, "The high bidder names trump and leads a card of it.", _h13),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads a card of the suit he names trump.", _h13, why=NO_LEAD_TRUMP_HELD),
        "follow_suit": _rule(Revoke.WITHDRAW_OR_AGREED,
                             FOLLOW_SUMMARY + " A card that fails to follow suit may be withdrawn if found in time, with a penalty the players "
                             "agree. " + TRICK_SUMMARY,
                             _h13,
                             why="The engine refuses a card that does not follow, which is the withdrawal. The penalty "
                             "is 'such penalty ... as the players may decide', so the engine has none to apply: a "
                             "record with a 'Revoke' line is refused under this ruleset, and a table that charges one "
                             "agrees it and adjusts the scores itself."),
        "rover_play": _rule(RoverPlay.WHEN_VOID, ROVER_WHEN_VOID, _h13, why=ROVER_WHEN_VOID_WHY),
        "after_rover": _rule(AfterRover.FOLLOW, AFTER_ROVER_FOLLOW, _h13),
        "rover_power": _rule(RoverPower.ALL_DOUBLES, ROVER_ALL, _h13),
        "no_trump": _rule(False, "The 1913 text has no No Trump declaration.", _h13,
                          why="No Trump is never mentioned, so the engine does not offer it."),
        "ss_no_trump": _rule(SSNoTrump.NOT_APPLICABLE, "This ruleset has no No Trump declaration.", _h13),
        "rover_no_trump": _rule(RoverNoTrump.NOT_APPLICABLE, "This ruleset has no No Trump declaration.", _h13),
        "zero_trump": _rule(True, ZERO_TRUMP, _h13),
        "points": _rule(Points(), "One point a trick and the count cards' values: 24 points a deal.", _h13),
        "made": _rule(Made.BOTH_SIDES, "Each side adds the points it took.", _h13,
                      why="The text says only that a side adds the red cards it takes to its score and gives no "
                      "rule for a made bid; the engine follows Hodges 1903, where each side scores what it took "
                      "unless set."),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE, _h13),
        "game": _rule(GameEnd(66, Tie.HIGHER_WINS_REPLAY_TIE), "66 points make a game.", _h13,
                      why="No tie rule is given; the engine applies Hodges 1903's: the higher score wins, a tie plays another deal."),
        "options": _rule((), "No optional rules.", _h13),
        "conduct": _conduct(_h13, _h13, _h13, dealer_value=FirstDealer.UNSTATED, bid_stated=False,
                            dealer_why="The text says only 'after the cards are shuffled, deal to the left', not who deals "
                            "first or next. " + DEALER_UNSTATED.split(". ", 1)[1],
                            bid_summary="Each player bids 'the same as in Some'r'Set'; neither text says who bids first.",
                            bid_why="The project starts the bidding at the dealer's left, as the later rules all do."),
    },
)

# --- Web and later sources ---------------------------------------------------------------------

def _sc(section: str) -> Citation:
    return C(SURVEY, f"somersetcards.com, {section}")


SOMERSETCARDS_COM = _ruleset(
    "somersetcards-com", "Some R Set, somersetcards.com (Kansas City)", "somersetcards.com", "Double", "c. 2009",
    (SURVEY,), ("somersetcards", "kansas-city"),
    "The rules of the Kansas City maker of the cards: a two-card kitty for the high bidder, trump declared "
    "by the bidder's first card, and a lighter set penalty, with two variations closer to Parker's.",
    {
        **_p47,
        "pack": _rule("double", "The double pack: 50 cards; one red count card in each suit worth 1, 2 or 3, "
                      "and the S/S, 12 count points in all.", _sc("The Cards"), _sc("Bidding")),
        "formats": _rule(
            (
                Format("four-partners", "Four players, two partnerships", 4, FOUR, 12, 2, 24, _sc("Play of the Game")),
                Format("two", "Two players, drawing pile", 2, SINGLES[2], 8, 34, 37, _sc("Somerset for 2, 3, or 6 Players"),
                       pile=PileKind.FACE_DOWN,
                       interpretation="Each player draws after every trick; the engine lets the trick's winner draw first, "
                       "as the Parker rules do."),
                Format("three", "Three players, drawing pile", 3, SINGLES[3], 8, 26, 28, _sc("Somerset for 2, 3, or 6 Players"),
                       pile=PileKind.FACE_DOWN, face_up_from_pile=2, undealt_kind=UndealtKind.FACE_UP,
                       interpretation="'The winner of the first trick gets 2 extra cards from the drawing pile' is read as "
                       "the Parker three-handed rule: two cards from the pile go with the first trick to its winner."),
                Format("six-single", "Six players, single-handed", 6, SINGLES[6], 8, 2, 20, _sc("Somerset for 2, 3, or 6 Players"),
                       points_stated=False, undealt_kind=UndealtKind.FACE_UP,
                       interpretation="'Use the 3 player procedure' is read as: the two cards left after dealing eight "
                       "each go to the winner of the first trick."),
                Format("six-3x2", "Six players, three partnerships of two", 6, ((0, 3), (1, 4), (2, 5)), 8, 2, 20,
                       _sc("Somerset for 2, 3, or 6 Players"), points_stated=False, undealt_kind=UndealtKind.FACE_UP,
                       interpretation=SIX_SEATING),
                Format("six-2x3", "Six players, two partnerships of three", 6, ((0, 2, 4), (1, 3, 5)), 8, 2, 20,
                       _sc("Somerset for 2, 3, or 6 Players"), points_stated=False, undealt_kind=UndealtKind.FACE_UP,
                       interpretation=SIX_SEATING),
            ),
            "Four players as partners; two or three with a drawing pile; six single-handed or in partnerships.",
            _sc("Play of the Game"), _sc("Somerset for 2, 3, or 6 Players"),
        ),
        "undealt": _rule(
            Undealt(UndealtKind.KITTY, KittyExchange.ANY),
            "Four-handed: the two undealt cards go to the high bidder, who may replace any cards of his hand with them.",
            _sc("Play of the Game"),
            why="The bidder keeps twelve cards, so he discards as many as he takes. He 'may replace any cards' of his "
            "hand with the two: he need not replace any, so a kitty card may go back in place of one of his own "
            "(Triple 2009 and somersetgame.com, which have him replace two of his own cards, do not allow that). "
            "The text does not say who scores a discarded count card; the engine counts it for the bidder's side, "
            "which keeps the deal at 24 points.",
        ),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, _sc("Play of the Game")),
        "bidding": _rule(
            Bidding(AuctionStyle.AUCTION),
            "Each player bids the points he (with his partner) expects to take.",
            _sc("Bidding"),
            why="The text does not describe the auction; the engine uses the Parker auction (going round until "
            "all others pass, a pass not stopping a later bid, all passing means a new deal).",
        ),
        "declaration": _rule(Declaration.FIRST_LEAD,
                             "The high bidder's first card declares trump: its suit is trump. He may instead declare No Trump.",
                             _sc("Play of the Game"), _sc("Special Cards: S/S and 0/0"),
                             why="The first card must be of a suit that can be trump, so the bidder may not open with the "
                             "S/S (it has no suit until trump is named) nor, since the 0/0 is never named trump here, with the 0/0."),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads first; his card is a trump by declaring it.",
                            _sc("Play of the Game")),
        "follow_suit": _rule(Revoke.UNSTATED, "Others must follow suit; if they cannot, they may play trump or any other card. "
                             "The highest trump wins the trick; otherwise the highest card of the suit led, unless the 0/0 "
                             "is played (see the Rover).", _sc("Play of the Game"), why=REVOKE_UNSTATED),
        "rover_play": _rule(RoverPlay.WHEN_VOID,
                            "The 0/0 is not a trump and is not played to follow a trump lead; like any card of another suit "
                            "it is played when you cannot follow.",
                            _sc("Special Cards: S/S and 0/0"), why=ROVER_WHEN_VOID_WHY),
        "after_rover": _rule(AfterRover.FOLLOW, AFTER_ROVER_FOLLOW, _sc("Play of the Game")),
        "rover_power": _rule(RoverPower.ALL_DOUBLES,
                             "The 0/0 is weaker than any trump or double but stronger than other cards: the highest "
                             "double played with the 0/0 takes the trick, and with no double and no trump the 0/0 does.",
                             _sc("Special Cards: S/S and 0/0")),
        "no_trump": _rule(True, "The bidder may declare No Trump.", _sc("Special Cards: S/S and 0/0")),
        "ss_no_trump": _rule(SSNoTrump.DISCARD_ANY_TIME, "In No Trump the S/S has no taking power.", _sc("Special Cards: S/S and 0/0"),
                             why="The text says only that the S/S cannot win; the engine takes the rest of the Parker rule: "
                             "it may be discarded at any time, and if led, the next card sets the suit."),
        "rover_no_trump": _rule(RoverNoTrump.WINS_WHEN_LED,
                                "In No Trump the 0/0 keeps taking power because it is the only card of its suit.",
                                _sc("Special Cards: S/S and 0/0"),
                                why="Read as in the Parker rules: the 0/0 wins a trick it leads but makes no double a trump."),
        "zero_trump": _rule(False, "The text never offers the 0/0 as trump.", _sc("Special Cards: S/S and 0/0"),
                            why="Not mentioned, so not offered; with trump declared by the first card led, leading the 0/0 "
                            "cannot declare trump."),
        "points": _rule(Points(), "One point a trick plus the count cards, 24 a deal with four players.", _sc("Bidding"), _sc("Scoring")),
        "made": _rule(Made.BOTH_SIDES, "Each set of partners counts and scores the points it took.", _sc("Scoring"),
                      why="The base rules have each side count its points and the variation adds that 'the opponents get "
                      "no points' when the bid is made, so in the base game both sides score."),
        "set": _rule(SetPenalty.BID, "A set bidder 'loses as that many points': the amount bid comes off his score.",
                     _sc("Scoring"),
                     why="Read as losing the amount bid, the opponents scoring what they took as in any deal."),
        "game": _rule(GameEnd(66, Tie.HIGHER_WINS_REPLAY_TIE), "The first partnership to 66 points wins.", _sc("Scoring"),
                      why="Both sides score in a deal, so both may pass 66 together; the engine lets the higher score "
                      "win and plays another deal on a tie, as Hodges 1903 does."),
        "options": _rule(
            (
                Option("start-at-15", "Bidding starts at 15",
                       "In the four-player game the bidding starts at 15, and the bid is forced on the dealer if the first "
                       "three players pass.", _sc("Variations"),
                       (("bidding", _rule(Bidding(AuctionStyle.AUCTION, 15, AllPass.DEALER_AT_MINIMUM),
                                          "Bids start at 15; if the first three pass, the bid of 15 is forced on the "
                                          "dealer, and nobody may bid over him.", _sc("Variations"))),),
                       interpretation="'The bid forced on the dealer if the first 3 players pass the bid' is read as "
                       "it stands: the others have passed the bid of 15, so it is his, at 15, and the auction ends "
                       "there. He does not bid more, and the players who passed may not come back in over him, as they "
                       "could over a bid he chose to make. The text gives the variation for the four-player game "
                       "only, so with it the engine offers only that game.",
                       formats=("four-partners",)),
                Option("parker-scoring", "Parker scoring",
                       "A made bid scores only for the bidder's side; a set bidder loses twice the shortfall and the "
                       "opponents score twice their points.", _sc("Variations"),
                       (("made", _rule(Made.BIDDER_ONLY, MADE_BIDDER, _sc("Variations"))),
                        ("set", _rule(SetPenalty.DOUBLE, SET_DOUBLE, _sc("Variations")))),
                       interpretation="The text lists the two scoring sentences as one variation; the engine applies them together."),
            ),
            "Two variations: bidding from 15 with the bid forced on the dealer, and Parker's made-and-set scoring.",
            _sc("Variations"),
        ),
        "conduct": _conduct(_sc("Play of the Game"), _sc("Bidding"), _sc("Play of the Game"),
                            dealer_value=FirstDealer.UNSTATED, bid_stated=False,
                            bid_summary="Each player bids his estimate; the text does not say who bids first.",
                            bid_why="The project starts the bidding at the dealer's left: the text's variation forces the bid "
                            "on the dealer when 'the first 3 players pass', so the dealer bids last."),
    },
)


def _bgg() -> Citation:
    return C(SURVEY, "boardgamegeek.com")


BOARDGAMEGEEK = _ruleset(
    "boardgamegeek", "Some\"R\"Set, boardgamegeek.com description", "boardgamegeek.com", "Double", "c. 2009",
    (SURVEY,), ("bgg", "boardgamegeek-com"),
    "A player's description on boardgamegeek.com: a blind for the high bidder with restricted discards, "
    "trump declared by the first card, a Rover beaten only by doubles played after it, and no winning by setting.",
    {
        **_p47,
        "pack": _rule("double", "The double pack: 50 cards; the 'half' cards 1/2, 2/4, 3/6, 4/8, 5/10, 6/12 and the S/S "
                      "are red, 12 points in all.", _bgg()),
        "formats": _rule((_four(_bgg()),), "Four players in two partnerships.", _bgg()),
        "undealt": _rule(
            Undealt(UndealtKind.KITTY, KittyExchange.NO_RED_NO_TRUMP),
            "The two undealt cards are a blind for the high bidder, who takes both and discards two: neither may be "
            "a red card, nor of the suit he means to name trump.",
            _bgg(),
        ),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, _bgg()),
        "bidding": _rule(Bidding(AuctionStyle.AUCTION),
                         "From the dealer's left each player bids higher or passes; passing does not end your bidding, "
                         "and the bidding ends when all but the high bidder have passed.", _bgg(),
                         why="The text does not say what happens if all pass; the engine redeals with the deal passing left."),
        "declaration": _rule(Declaration.FIRST_LEAD, "The suit of the high bidder's first card is trump.", _bgg(),
                             why="The first card must be of a suit, so the bidder may not open with the S/S, which has "
                             "no suit until trump is set, nor with the 0/0, which this text never makes trump."),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads; his first card is a trump by declaring it.", _bgg()),
        "follow_suit": _rule(Revoke.UNSTATED, "Follow suit if you can; only a player who cannot may play a trump or any other card. "
                             "The highest trump wins the trick; otherwise the highest card of the suit led, unless the 0/0 "
                             "is played (see the Rover).", _bgg(), why=REVOKE_UNSTATED),
        "rover_play": _rule(RoverPlay.WHEN_VOID, "A player unable to follow suit may play the 0/0.", _bgg()),
        "after_rover": _rule(AfterRover.FOLLOW, AFTER_ROVER_FOLLOW, _bgg()),
        "rover_power": _rule(
            RoverPower.LATER_DOUBLES,
            "With no trump played, the 0/0 takes the trick unless the double of the suit led is in play; any double "
            "played after the 0/0 takes it (the highest such double wins).",
            _bgg(),
            why="The text is silent on doubles played before the 0/0. The engine treats them as ordinary cards, "
            "except that the double of the suit led, being 'in play', wins as the highest card of that suit.",
        ),
        "no_trump": _rule(False, "The description has no No Trump.", _bgg(),
                          why="Trump is set by the first card, and No Trump is never mentioned, so it is not offered."),
        "ss_no_trump": _rule(SSNoTrump.NOT_APPLICABLE, "This ruleset has no No Trump declaration.", _bgg()),
        "rover_no_trump": _rule(RoverNoTrump.NOT_APPLICABLE, "This ruleset has no No Trump declaration.", _bgg()),
        "zero_trump": _rule(False, "The 0/0 cannot be trump.", _bgg(), why="Never mentioned, so not offered."),
        "points": _rule(Points(), "One point for each of the twelve tricks plus the red cards: 24 a deal.", _bgg()),
        "made": _rule(Made.BIDDER_ONLY, "Partners who make or beat their bid 'receive those points'; the opponents score nothing.",
                      _bgg(), why="'Those points' is read as the points the bidding side took, and the opponents, about whom "
                      "the text says nothing, are scored as in the Parker rules: nothing."),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE, _bgg()),
        "game": _rule(GameEnd(66, win_by_setting=False),
                      "A game is 66 points, but it cannot be won by setting the other side, only by making a bid.", _bgg(),
                      why="A side that passes 66 by setting keeps its points and wins when it next makes a bid."),
        "options": _rule((), "No optional rules.", _bgg()),
        "conduct": _conduct(_bgg(), _bgg(), _bgg(), dealer_value=FirstDealer.UNSTATED,
                            bid_summary="The player to the left of the dealer begins the bidding."),
    },
)


def _sg(section: str) -> Citation:
    return C(SURVEY, f"somersetgame.com, {section}")


_SG_FORMATS = (_four(_sg("Idea of the Game")), _four_single(_sg("The Winners of the Game")))
ROVER_ANY_TIME = (
    "The 0/0 may be played at any time, even by a player holding the suit led, and even instead of a card he "
    "would otherwise be forced to play (such as the S/S on a trump lead)."
)
BREAK_FOR_DOUBLE = (
    "Once the 0/0 is played, later players must still follow suit, except that a player holding the suit led "
    "may break suit to play a double. This does not apply when the 0/0 is trump."
)
BREAK_WHY = (
    "The break is allowed only while the 0/0 has its Rover power, since it exists so that a double can capture the 0/0."
)
NT_KEEPS = "In No Trump 'the 0/0 card is played the same as normal'."
NT_KEEPS_WHY = (
    "The sentence replaces the 1947 text's 'has no power to make doubles trumps', so the engine reads it as a "
    "deliberate change: the 0/0 keeps its Rover power and its freedom of play in No Trump."
)
SOMERSETGAME_COM = _ruleset(
    "somersetgame-com", "Somerset, somersetgame.com", "somersetgame.com", "Double", "c. 2009",
    (SURVEY,), ("somersetgame",),
    "The 1947 rules reworked: a kitty for the high bidder (a discarded count card raises the bid), any first "
    "lead, and a 0/0 that may be played at any time, letting others break suit for a double.",
    {
        **_p47,
        "pack": _rule("double", "The double pack: 50 cards; the counters are 1/2, 2/4, 3/6, 4/8, 5/10, 6/12 and the S/S, "
                      "12 points in all.", _sg("The Cards")),
        "formats": _rule(
            _SG_FORMATS,
            "Four players, as two partnerships or single-handed.", _sg("Idea of the Game"), _sg("The Winners of the Game"),
        ),
        "undealt": _rule(
            Undealt(UndealtKind.KITTY, KittyExchange.COUNT_RAISES_BID),
            "The two undealt cards are the kitty for the high bidder, who replaces any two cards of his hand with them. "
            "Each count card he discards raises his bid by its value, and still counts for him at the end.",
            _sg("The Cards"),
            why="'Replaces any two cards in his hand with the kitty cards' is read as it stands: both kitty cards go "
            "into his hand to stay, and the two he discards are cards he was dealt, any two he likes. A kitty card "
            "may not go back.",
        ),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, _sg("The Cards")),
        "bidding": _rule(Bidding(AuctionStyle.AUCTION),
                         "An auction from the dealer's left (the opening bid may be 1 or anything); a pass does not stop "
                         "a later bid; if all pass the first time round, the deal passes left.", _sg("Bidding")),
        "declaration": _rule(Declaration.NAMED, "The high bidder names trump after the auction.", _sg("Naming the Trump")),
        "first_lead": _rule(FirstLead.ANY, "The high bidder leads first and may lead any card.", _sg("The Play")),
        "follow_suit": _rule(Revoke.UNSTATED, FOLLOW_SUMMARY + " The highest card of the suit led wins the trick unless "
                             "trumps or the 0/0 are played; then the highest trump, or the Rover rule.",
                             _sg("Naming the Trump"), _sg("The Play"), why=REVOKE_UNSTATED),
        "rover_play": _rule(RoverPlay.ANY_TIME, ROVER_ANY_TIME, _sg("Double Cards and the Rover")),
        "after_rover": _rule(AfterRover.BREAK_FOR_DOUBLE, BREAK_FOR_DOUBLE, _sg("Double Cards and the Rover"), why=BREAK_WHY),
        "rover_power": _rule(RoverPower.ALL_DOUBLES, ROVER_ALL, _sg("Double Cards and the Rover")),
        "no_trump": _rule(True, "The high bidder may declare No Trump.", _sg("No Trumps")),
        "ss_no_trump": _rule(SSNoTrump.DISCARD_ANY_TIME, NT_SS, _sg("No Trumps")),
        "rover_no_trump": _rule(RoverNoTrump.KEEPS_POWER, NT_KEEPS, _sg("No Trumps"), why=NT_KEEPS_WHY),
        "zero_trump": _rule(True, ZERO_TRUMP, _sg("Double Cards and the Rover")),
        "points": _rule(Points(), POINTS.replace("undealt cards taken with the first trick count for its winner",
                                                 "count cards the bidder discarded count for him"), _sg("Object of the Game")),
        "made": _rule(Made.BIDDER_ONLY, MADE_BIDDER, _sg("Scoring")),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE + " A side with no points goes 'in the hole'. " + CUT_THROAT,
                     _sg("Scoring"), _sg("The Winners of the Game")),
        "game": _rule(GameEnd(66), "The first partnership to 66 wins.", _sg("The Winners of the Game"),
                      why=_together(66, _SG_FORMATS)),
        "options": _rule((), "No optional rules.", _sg("Idea of the Game")),
        "conduct": _conduct(_sg("Object of the Game"), _sg("Bidding"), _sg("The Play")),
    },
)


def _b(section: str) -> Citation:
    return C(SURVEY, f"Addendum B (Parker 1950), {section}")


_P50_FORMATS = (
    Format("four-partners", "Four players, two partnerships", 4, FOUR, 7, 0, 14, _b("The Four Handed Partnership Game")),
    Format("four-single", "Four players, single-handed", 4, SINGLES[4], 7, 0, 14, _b("Idea of the Game"),
           interpretation="The text gives no rules for playing alone. The engine deals seven cards each as in "
           "the partnership game and scores each player for himself as the 1947 booklet does: a made bid scores "
           "for the bidder alone, and when he is set every other player adds twice the points he took."),
)
PARKER_1950 = _ruleset(
    "parker-1950", "Single Somerset, Parker Brothers 1950", "Parker 1950", "Single", "1950",
    (SURVEY,), ("single", "single-somerset", "1950"),
    "Parker Brothers' edition of the single 28-card game: the 1947 Double rules scaled down, with 50 to win.",
    {
        **_parker_1947_rules(SURVEY, "Addendum B (Parker 1950), "),
        "pack": _rule("single", "The single pack: 28 cards in the suits /0 to /6, five red count cards worth 7.", _b("The Cards"),
                      _b("Object of the Game")),
        "formats": _rule(
            _P50_FORMATS,
            "Four players, in two partnerships or each playing alone, seven cards each.",
            _b("The Four Handed Partnership Game"), _b("Idea of the Game"),
            why="The text says the game is for 2, 3 or 4 players and that 'players may play alone in all these "
            "games', but it deals only the four-handed game. The engine offers that deal played by partners or "
            "single-handed, and no two- or three-player game, since the text gives no deal for them.",
        ),
        "undealt": _rule(Undealt(UndealtKind.NONE), "All 28 cards are dealt, seven to each player.", _b("The Four Handed Partnership Game")),
        "follow_suit": _rule(Revoke.UNSTATED, "Follow suit if you can; if you cannot, play a trump or any other card. The "
                             "highest trump wins the trick; with no trump, the Rover rule if the 0/0 is played; otherwise the "
                             "highest card of the suit led.", _b("Naming the Trump"), _b("The Play"),
                             why=REVOKE_UNSTATED),
        "ss_no_trump": _rule(SSNoTrump.NOT_APPLICABLE, "There is no S/S in the single pack.", _b("The Cards")),
        "zero_trump": _rule(True, "The 0/0 may be named trump; it loses its Rover power and becomes the highest card in the pack.",
                            _b("Double Cards and the Rover")),
        "points": _rule(Points(), "One point a trick plus the red count cards: 14 a deal.", _b("Object of the Game")),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE, _b("Scoring")),
        "game": _rule(GameEnd(50), "The first side (partnership, or player alone) to 50 wins.", _b("The Winners of the Game"),
                      why=_together(50, _P50_FORMATS)),
        "first_lead": _rule(FirstLead.TRUMP, "The high bidder leads, and must lead a trump to the first trick.", _b("The Play"),
                            why=NO_LEAD_TRUMP_HELD),
        "after_rover": _rule(AfterRover.FOLLOW, AFTER_ROVER_FOLLOW, _b("Naming the Trump")),
        "options": _rule((), "No optional rules.", _b("Idea of the Game")),
    },
)


def _t(section: str) -> Citation:
    return C(T09, section)


_TRIPLE_FORMATS = (
    Format("six-2x3", "Six players, two partnerships of three", 6, ((0, 2, 4), (1, 3, 5)), 15, 2, 36,
           _t("The Six Handed Partnership Game"), interpretation=SIX_SEATING),
    Format("six-3x2", "Six players, three partnerships of two", 6, ((0, 3), (1, 4), (2, 5)), 15, 2, 36,
           _t("Idea of the Game"), interpretation=SIX_SEATING),
    Format("six-single", "Six players, single-handed", 6, SINGLES[6], 15, 2, 36, _t("The Winners of the Game")),
    Format("eight-2x4", "Eight players, two partnerships of four", 8, ((0, 2, 4, 6), (1, 3, 5, 7)), 11, 2, 31,
           _t("five/six/eight player table"), removed=("0/1", "1/1"), interpretation=SIX_SEATING),
    Format("eight-4x2", "Eight players, four partnerships of two", 8, ((0, 4), (1, 5), (2, 6), (3, 7)), 11, 2, 31,
           _t("five/six/eight player table"), removed=("0/1", "1/1"), interpretation=SIX_SEATING),
    Format("five-single", "Five players, single-handed", 5, SINGLES[5], 16, 3, 34, _t("five/six/eight player table"),
           removed=("0/1", "1/1", "0/2", "1/2", "2/2", "0/3", "1/3", "2/3", "3/3"),
           interpretation="The table says 16 tricks, a one-card kitty and 34 points, but removing nine cards "
           "leaves 83, and 83 - 5 x 16 = 3. The engine keeps the 16 tricks and 34 points, which agree with each "
           "other, and makes the kitty three cards; five players are taken to play single-handed, since five "
           "cannot form equal partnerships."),
)
TRIPLE_2009 = _ruleset(
    "triple-2009", "Triple Some R Set, 2009", "Triple 2009", "Triple", "2009",
    (T09, SURVEY), ("triple", "triple-somerset"),
    "A 92-card pack with all thirteen suits for six or eight players (and a five-player table), built on the "
    "somersetgame.com rules: a kitty, any first lead, a free 0/0, and 99 to win.",
    {
        "pack": _rule("triple", "The triple pack: 92 cards in the suits /0 to /12 and the S/S; thirteen red counters worth 21.",
                      _t("The Cards"), _t("Object of the Game")),
        "formats": _rule(
            _TRIPLE_FORMATS,
            "Six players (single-handed, three pairs or two threes), eight (four pairs or two fours, without 0/1 and "
            "1/1) or five (single-handed, without the /1, /2 and /3 suits).",
            _t("Idea of the Game"), _t("five/six/eight player table"),
        ),
        "undealt": _rule(
            Undealt(UndealtKind.KITTY, KittyExchange.OWN_CARDS),
            "The undealt cards are the kitty for the high bidder, who replaces any two cards of his hand with them.",
            _t("The Six Handed Partnership Game"),
            why="'Replaces any two cards in his hand with the kitty cards' is read as it stands: the kitty cards go "
            "into his hand to stay, and the cards he discards are cards he was dealt, any he likes; a kitty card "
            "may not go back. Where the kitty holds three cards (five players), he replaces three. The text does "
            "not say who scores a discarded count card; the engine counts it for the bidder's side, as "
            "somersetgame.com does, which keeps the stated totals.",
        ),
        "misdeal": _rule(Misdeal.UNSTATED, NO_MISDEAL, _t("The Six Handed Partnership Game")),
        "bidding": _rule(Bidding(AuctionStyle.AUCTION),
                         "An auction from the dealer's left until all others pass the high bid; a pass does not stop a "
                         "later bid; if all pass the first time round, the deal passes left.", _t("Bidding"),
                         why="No minimum bid is stated; the engine accepts any bid from 1 to the points in the deal."),
        "declaration": _rule(Declaration.NAMED, "The high bidder names trump after the auction.", _t("Naming the Trump")),
        "first_lead": _rule(FirstLead.ANY, "The high bidder leads first and may lead any card.", _t("The Play")),
        "follow_suit": _rule(Revoke.UNSTATED, FOLLOW_SUMMARY + " The highest card of the suit led wins the trick unless "
                             "trumps or the 0/0 are played; then the highest trump, or the Rover rule.",
                             _t("Naming the Trump"), _t("The Play"), why=REVOKE_UNSTATED),
        "rover_play": _rule(RoverPlay.ANY_TIME, ROVER_ANY_TIME, _t("Double Cards and the Rover")),
        "after_rover": _rule(AfterRover.BREAK_FOR_DOUBLE, BREAK_FOR_DOUBLE, _t("Double Cards and the Rover"), why=BREAK_WHY),
        "rover_power": _rule(RoverPower.ALL_DOUBLES, ROVER_ALL, _t("Double Cards and the Rover")),
        "no_trump": _rule(True, "The high bidder may declare No Trump.", _t("No Trumps")),
        "ss_no_trump": _rule(SSNoTrump.DISCARD_ANY_TIME, NT_SS, _t("No Trumps")),
        "rover_no_trump": _rule(RoverNoTrump.KEEPS_POWER, NT_KEEPS, _t("No Trumps"), why=NT_KEEPS_WHY),
        "zero_trump": _rule(True, ZERO_TRUMP, _t("Double Cards and the Rover")),
        "points": _rule(Points(), "One point a trick plus the count cards: 36 a deal with six players.", _t("Object of the Game")),
        "made": _rule(Made.BIDDER_ONLY, MADE_BIDDER, _t("Scoring")),
        "set": _rule(SetPenalty.DOUBLE, SET_DOUBLE + " Played single-handed, every other player adds twice his points.",
                     _t("Scoring"), _t("The Winners of the Game")),
        "game": _rule(GameEnd(99), "The first side to 99 points wins.", _t("The Winners of the Game"),
                      why=_together(99, _TRIPLE_FORMATS)),
        "options": _rule((), "No optional rules.", _t("Idea of the Game")),
        "conduct": _conduct(_t("The Six Handed Partnership Game"), _t("Bidding"), _t("The Play")),
    },
)

# --- the registry ------------------------------------------------------------------------------

RULESETS: dict[str, Ruleset] = {
    r.id: r
    for r in (
        HODGES_1903,
        HODGES_1913,
        PARKER_1934,
        PARKER_1947,
        MINDEN_HARDWARE,
        SOMERSETCARDS_COM,
        BOARDGAMEGEEK,
        MINDEN_SENIOR_CENTER,
        SOMERSETGAME_COM,
        PARKER_1947_HOUSE,
        PARKER_1950,
        TRIPLE_2009,
    )
}

_ALIASES: dict[str, str] = {}
for _r in RULESETS.values():
    for _name in (_r.id, *_r.aliases):
        if _name in _ALIASES:
            raise ValueError(f"alias {_name!r} is used twice")
        _ALIASES[_name] = _r.id


class UnknownRulesetError(SomersetError):
    """A ruleset id or alias that the registry does not know."""


def get_ruleset(name: str) -> Ruleset:
    """Find a ruleset by id or alias (case-insensitive).

    >>> get_ruleset("BGG").short_name
    'boardgamegeek.com'
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if isinstance(name, str) and is_code(name):
        return house_ruleset(name.strip())
    if key in _ALIASES:
        return RULESETS[_ALIASES[key]]
    shown = name if isinstance(name, str) and len(name) <= 30 else repr(name)[:30]
    raise UnknownRulesetError(f"'{shown}' is not a known ruleset; the rulesets are: {', '.join(RULESETS)}", field="rules")


@lru_cache(maxsize=64)
def house_ruleset(code: str | RulesetCode) -> Ruleset:
    """A table's own ruleset from its code (see :mod:`somerset.rules.house`): a surveyed ruleset
    with the table's changes, its ``id`` the code written out.

    >>> r = house_ruleset("parker-1947~v1~rover_play.any-time")
    >>> r.rover_play.value, str(r.rover_play.citation), r.id
    (<RoverPlay.ANY_TIME: 'any-time'>, 'Childs survey, somersetgame.com, Double Cards and the Rover', 'parker-1947~v1~rover_play.any-time')
    """
    return _composed(code if isinstance(code, RulesetCode) else RulesetCode.parse(code))


@lru_cache(maxsize=64)
def _composed(code: RulesetCode) -> Ruleset:
    return compose(code, RULESETS)


def compose_ruleset(base: str, changes: Iterable[tuple[str, str]] = (), name: str = "") -> Ruleset:
    """A table's own ruleset from its base (an id or alias), the changes (setting, value) and its name."""
    if is_code(base):
        raise HouseCodeError(f"a table's rules are built on one of the surveyed rulesets: {', '.join(RULESETS)}")
    pairs = [(k.strip().lower(), v.strip().lower()) for k, v in changes]
    return house_ruleset(RulesetCode(get_ruleset(base).id, tuple(pairs), name.strip()))


def load_ruleset(ruleset: Ruleset | str, options: Iterable[str] = ()) -> Ruleset:
    """A ruleset by id or alias (or as given), with the named options applied in order.

    >>> load_ruleset("hodges-1903", ["without-bidding"]).option_applied
    ('without-bidding',)
    """
    r = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    for option in options:
        if option not in r.option_applied:
            r = r.with_option(option)
    return r


__all__ = ["RULESETS", "get_ruleset", "load_ruleset", "house_ruleset", "compose_ruleset", "UnknownRulesetError"]
