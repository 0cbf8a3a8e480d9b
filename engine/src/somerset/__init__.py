"""somerset: the rules engine for Some'r'Set, Double Somerset and Triple Somerset.

Cards and trumps are small values with a parse/str round trip; rulesets are frozen, validated
data with a citation on every rule; one engine gives legal plays, trick verdicts and scores
under each of them, and plays whole deals and games.

>>> from somerset import get_ruleset, parse_cards, parse_trump, trick_verdict
>>> v = trick_verdict(get_ruleset("parker-1947"), parse_trump("2"), parse_cards("8/8 6/8 4/10 0/2"))
>>> v.winner, str(v.card), v.rule
(3, '0/2', 'highest-trump')

Where things are, in layers, each importing only from the layers before it:

- :mod:`.rules`: cards and packs, the rule dimensions and the twelve rulesets as cited data, one
  trick's legal plays and verdict, the auction, the kitty, scoring, penalties, the errors and limits;
- :mod:`.game`: a deal as a state machine moved by actions, dealt from a seeded shuffle, a game of
  deals, and their JSON views;
- :mod:`.records`: deals and games written as text, and a deal's play as a short code for links that last;
- :mod:`.solve`: the double-dummy solver of endings;
- :mod:`.players`: the bots and random play;
- :mod:`.teaching`: the puzzles, rulings and worked examples read from the content files (``content/``);
- :mod:`.service`: what the browser's requests get, through :mod:`.api` (JSON in, JSON out).

The command line, the benchmarks, the puzzle miner and the statistics are a separate package,
``somerset_tools`` (``tools/``), outside the wheel the browser loads.
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
