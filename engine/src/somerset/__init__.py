"""somerset: the rules engine for Some'r'Set, Double Somerset and Triple Somerset.

Cards and trumps are small values with a parse/str round trip; rulesets are frozen, validated
data with a citation on every rule; one engine gives legal plays, trick verdicts and scores
under each of them.
"""

from .bidding import PASS, Auction, AuctionError, Call, CallNotationError, parse_call
from .cards import (
    NO_TRUMP,
    PACKS,
    ROVER,
    SS,
    Card,
    CardNotationError,
    Pack,
    Trump,
    TrumpNotationError,
    parse_card,
    parse_cards,
    parse_trump,
)
from .errors import NotationError, RulesError, SomersetError
from .play import IllegalPlay, LegalPlays, Verdict, check_trump, legal_plays, trick_verdict
from .rules import DIMENSIONS, Format, Rule, Ruleset
from .rulesets import RULESETS, UnknownRulesetError, get_ruleset
from .scoring import ScoreChange, score_deal
from .sources import SOURCES, Citation, Source

__version__ = "0.1.0"

__all__ = [
    "Auction", "AuctionError", "Call", "CallNotationError", "PASS", "parse_call",
    "Card", "CardNotationError", "NotationError", "NO_TRUMP", "PACKS", "Pack", "ROVER", "SS", "Trump",
    "TrumpNotationError", "parse_card", "parse_cards", "parse_trump",
    "SomersetError", "IllegalPlay", "LegalPlays", "RulesError", "Verdict", "check_trump", "legal_plays",
    "trick_verdict", "DIMENSIONS", "Format", "Rule", "Ruleset", "RULESETS", "UnknownRulesetError", "get_ruleset",
    "ScoreChange", "score_deal", "SOURCES", "Citation", "Source",
]
