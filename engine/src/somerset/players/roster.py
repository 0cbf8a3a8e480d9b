"""The bots by name, and the version of their play: :data:`BOTS` (the bots links and seeded deals
may name), :data:`BOT_KINDS` (those, ``search``, and the ones that bid with the advisor),
:func:`make_bots` (one bot per seat), :func:`bot_version` (a kind's version, for figures),
:func:`check_bots_version`, and the levels a reader chooses for the bots at the table
(:data:`LEVELS`, :func:`check_level`). ``search`` and the ``+advisor`` kinds are not in
:data:`BOTS` and leave its version alone (``search`` has its own,
:data:`~somerset.players.search.SEARCH_VERSION`). Why: develop/architecture.md, "Bots".
"""

from __future__ import annotations

from ..game.rng import SplitMix64
from ..rules.errors import RulesError
from .advisor_bidding import AdvisorBidder
from .bots import Bot, HeuristicBot, RandomBot, SamplingBot
from .search import SEARCH_VERSION, SearchBot

__all__ = ["BOTS_VERSION", "LINK_BOTS_VERSION", "REPLAYABLE_BOTS_VERSIONS", "check_bots_version", "BOTS", "BOT_KINDS",
           "ADVISOR_BIDDING", "CARD_PLAY", "make_bots", "bot_version", "LEVELS", "DEFAULT_LEVEL", "check_level"]

#: The version of the bots' play: how every bot here bids, discards, names trump and plays, given
#: its seed. A change to any bot's choices (its heuristics, its draws, the sampling bot's ending)
#: is a new version: links that are played by the bots name the version that played them (see
#: :mod:`somerset.records.links`), and a release keeps replaying every version in
#: :data:`REPLAYABLE_BOTS_VERSIONS` (the golden links of tests/engine/test_golden_links.py check it).
BOTS_VERSION = 1
#: The versions of the bots this release can replay (a link naming another is refused).
REPLAYABLE_BOTS_VERSIONS: tuple[int, ...] = (1,)
#: The version that played a link naming none: the links made before versions were written in them.
#: This stays 1 whatever :data:`BOTS_VERSION` becomes.
LINK_BOTS_VERSION = 1


def check_bots_version(version: object, field: str = "bots_version") -> int:
    """``version`` if this release can replay the bots of that version, else a
    :class:`~somerset.rules.errors.RulesError` naming the versions it can.

    >>> check_bots_version(1), check_bots_version("1")
    (1, 1)
    >>> check_bots_version(7)
    Traceback (most recent call last):
    ...
    somerset.rules.errors.RulesError: the bots of version 7 are not in this release: it replays the bots of version 1
    """
    if isinstance(version, str) and version.strip().isascii() and version.strip().isdigit() and len(version.strip()) <= 6:
        version = int(version.strip())
    if isinstance(version, bool) or not isinstance(version, int):
        shown = repr(version)[:30]
        raise RulesError(f"the bots' version must be a whole number such as {BOTS_VERSION}, not {shown}", field=field)
    if version not in REPLAYABLE_BOTS_VERSIONS:
        known = ", ".join(str(v) for v in REPLAYABLE_BOTS_VERSIONS)
        shown = str(version) if abs(version) < 10**6 else "of that number"
        raise RulesError(f"the bots of version {shown} are not in this release: it replays the bots of version "
                         f"{known}", field=field)
    return version


BOTS: dict[str, type[RandomBot] | type[HeuristicBot] | type[SamplingBot]] = {
    "random": RandomBot, "heuristic": HeuristicBot, "sampling": SamplingBot}
#: The bots by the name of their card play: :data:`BOTS` and the searching bot.
CARD_PLAY: dict[str, type[RandomBot] | type[HeuristicBot] | type[SamplingBot] | type[SearchBot]] = {
    **BOTS, "search": SearchBot}


#: A bot's name with this ending (``heuristic+advisor``, ``sampling+advisor``) is that bot bidding
#: with the advisor (:class:`somerset.players.advisor_bidding.AdvisorBidder`).
ADVISOR_BIDDING = "+advisor"
#: Every name :func:`make_bots` knows: :data:`BOTS` and those that bid with the advisor.
BOT_KINDS: tuple[str, ...] = (*CARD_PLAY, "heuristic" + ADVISOR_BIDDING, "sampling" + ADVISOR_BIDDING,
                              "search" + ADVISOR_BIDDING)
#: The version of each bot's play, where it is not :data:`BOTS_VERSION`.
_OWN_VERSIONS = {"search": SEARCH_VERSION}


def bot_version(kind: str) -> str:
    """The version of ``kind``'s play, as figures name it: the card play's version, with ``+advisor``
    and the advisor bidding's for a kind that bids with the advisor.

    >>> bot_version("sampling"), bot_version("search+advisor")
    ('sampling 1', 'search 1+advisor')
    """
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(BOT_KINDS)}")
    base = kind.removesuffix(ADVISOR_BIDDING)
    return f"{base} {_OWN_VERSIONS.get(base, BOTS_VERSION)}" + kind[len(base):]


def make_bots(kind: str, players: int, seed: int) -> list[Bot]:
    """One bot per seat, each seeded from ``seed`` and its seat.

    ``kind`` is one of :data:`BOT_KINDS`: ``random``, ``heuristic``, ``sampling`` or ``search`` (bidding
    by the heuristic bot's estimate of the hand), or one of those but ``random`` with ``+advisor`` (the
    same bot, with the same seed, making its calls and naming its trump from the bid advisor).

    >>> [b.name for b in make_bots("sampling+advisor", 4, 1)][:2]
    ['sampling+advisor', 'sampling+advisor']
    >>> make_bots("clever", 4, 1)
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'clever'; the bots are: random, heuristic, sampling, search, heuristic+advisor, sampling+advisor, search+advisor

    >>> [b.name for b in make_bots("random", 4, 1)]
    ['random', 'random', 'random', 'random']
    """
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(BOT_KINDS)}")
    seeds = [SplitMix64(seed * 1_000_003 + seat).next() for seat in range(players)]
    if kind.endswith(ADVISOR_BIDDING):
        base = CARD_PLAY[kind[: -len(ADVISOR_BIDDING)]]
        return [AdvisorBidder(base(s), s) for s in seeds]
    cls = CARD_PLAY[kind]
    return [cls(s) for s in seeds]


#: The levels a reader may choose for the bots at the table (Play a deal), each the bot that plays
#: at it: ``beginner``, plain rules of thumb from the first card to the last; ``club``, those rules
#: until the ending, then the solver on imagined deals (the table's bots before there were levels);
#: ``strong``, every card by play-outs of imagined deals and the ending by the solver. All three bid
#: by the heuristic bot's estimate, so a level changes how the bots play their cards, not their calls.
LEVELS: dict[str, str] = {"beginner": "heuristic", "club": "sampling", "strong": "search"}
#: The level of a table whose link names none: every link made before there were levels.
DEFAULT_LEVEL = "club"


def check_level(level: object, field: str = "level") -> str:
    """``level`` if it names one of :data:`LEVELS`, else a :class:`~somerset.rules.errors.RulesError`
    naming them.

    >>> check_level("strong"), check_level(" Club ")
    ('strong', 'club')
    >>> check_level("expert")
    Traceback (most recent call last):
    ...
    somerset.rules.errors.RulesError: the bots' level must be one of beginner, club, strong, not 'expert'
    """
    name = level.strip().lower() if isinstance(level, str) else level
    if not isinstance(name, str) or name not in LEVELS:
        shown = repr(level)[:30]
        raise RulesError(f"the bots' level must be one of {', '.join(LEVELS)}, not {shown}", field=field)
    return name
