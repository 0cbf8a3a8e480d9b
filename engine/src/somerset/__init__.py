"""somerset: the rules engine for Some'r'Set, Double Somerset and Triple Somerset.

Cards, rulesets (frozen data with a citation on every rule), legal plays, trick verdicts, scores,
whole deals and games; public names in ``__all__``, layers in develop/architecture.md, "The
layers". The command line, benchmarks, miners and statistics are ``somerset_tools`` (``tools/``).

>>> v = trick_verdict(get_ruleset("parker-1947"), parse_trump("2"), parse_cards("8/8 6/8 4/10 0/2"))
>>> v.winner, str(v.card), v.rule
(3, '0/2', 'highest-trump')
"""

from .game.actions import PASS_ACTION, Action, ActionKind, ActionNotationError, IllegalActionError, parse_action
from .rules.bidding import PASS, Auction, AuctionError, Call, CallNotationError, parse_call
from .rules.cards import (
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
from .game.deal import CHANCE, TERMINAL, Deal, Phase, TrickRecord, new_deal, replay_deal
from .rules.errors import NotationError, RulesError, SomersetError
from .game.match import MAX_DEALS, Game, new_game
from .rules.play import IllegalPlay, LegalPlays, Verdict, check_trump, legal_plays, trick_verdict
from .game.precompute import DealSetup, deal_setup
from .game.table import Table
from .game.rng import DRAW_SALT, SplitMix64, deal_seed, shuffled
from .rules.dimensions import DIMENSIONS, Format, Rule, Ruleset
from .rules.rulesets import RULESETS, UnknownRulesetError, compose_ruleset, get_ruleset, house_ruleset, load_ruleset
from .rules.house import HouseCodeError, RulesetCode
from .rules.scoring import ScoreChange, score_deal
from .players.simulate import play_random, step_random
from .rules.sources import SOURCES, Citation, Source
from .game.views import (
    deal_from_json,
    deal_summary,
    deal_to_json,
    deal_view,
    game_from_json,
    game_summary,
    game_to_json,
    game_view,
)

__version__ = "0.1.0"

__all__ = [
    # errors
    "SomersetError", "NotationError", "RulesError",
    # cards and notation
    "Card", "CardNotationError", "NO_TRUMP", "PACKS", "Pack", "ROVER", "SS", "Trump", "TrumpNotationError",
    "parse_card", "parse_cards", "parse_trump",
    # rulesets
    "DIMENSIONS", "Format", "Rule", "Ruleset", "RULESETS", "UnknownRulesetError", "get_ruleset", "load_ruleset",
    "RulesetCode", "HouseCodeError", "house_ruleset", "compose_ruleset", "SOURCES", "Citation", "Source",
    # one trick, the auction, the score
    "IllegalPlay", "LegalPlays", "Verdict", "check_trump", "legal_plays", "trick_verdict",
    "Auction", "AuctionError", "Call", "CallNotationError", "PASS", "parse_call", "ScoreChange", "score_deal",
    # whole deals and games
    "Action", "ActionKind", "ActionNotationError", "IllegalActionError", "PASS_ACTION", "parse_action",
    "CHANCE", "TERMINAL", "Deal", "Phase", "TrickRecord", "new_deal", "replay_deal", "MAX_DEALS", "Game", "new_game",
    "Table", "DealSetup", "deal_setup", "DRAW_SALT", "SplitMix64", "deal_seed", "shuffled", "play_random", "step_random",
    "deal_view", "deal_summary", "deal_to_json", "deal_from_json", "game_view", "game_summary", "game_to_json",
    "game_from_json",
]
