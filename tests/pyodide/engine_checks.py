"""Checks run against the engine both in CPython (by pytest) and in Pyodide (by run_checks.mjs).

``run()`` returns a JSON-able summary: the Python version, where ``somerset`` was imported from,
how many checks ran, the failures (empty when all pass), and the JSON API's answers to a fixed set
of requests, which the pytest test compares between the two interpreters. Standard library only.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

# Requests to the browser interface, each with whether it must succeed ("ok") or be refused with
# an error object ("error"); the answers must be identical in CPython and in Pyodide.
API_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("ok", {"cmd": "rulesets"}),
    ("ok", {"cmd": "compose", "rules": "parker-1947", "set": {"rover_play": "any-time", "target": 50}, "name": "Table à Jo"}),
    ("ok", {"cmd": "trick", "rules": "parker-1947~v1~rover_play.any-time~name.VGFibGUgw6AgSm8", "trump": "8",
            "cards": ["2/8", "0/0", "4/8"]}),
    ("error", {"cmd": "trick", "rules": "parker-1947~v2~rover_play.any-time", "trump": "8", "cards": ["2/8"]}),
    ("ok", {"cmd": "rulings", "rules": "parker-1947~v1~rover_play.any-time~set.bid"}),
    ("ok", {"cmd": "house_figures", "rules": "parker-1947~v1~rover_play.any-time", "deals": 3}),
    ("error", {"cmd": "house_figures", "rules": "parker-1947", "deals": 3}),
    ("ok", {"cmd": "pack", "deck": "single"}),
    ("ok", {"cmd": "pack", "deck": "double"}),
    ("ok", {"cmd": "pack", "deck": "triple"}),
    ("ok", {"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": ["8/8", "6/8", "4/10", "0/2"]}),
    ("ok", {"cmd": "trick", "rules": "all", "trump": "6", "cards": ["8/8", "0/0", "4/4", "9/12"]}),
    ("ok", {"cmd": "trick", "rules": "all", "trump": "nt", "cards": ["S/S", "4/8", "0/0", "2/2"]}),
    ("ok", {"cmd": "legal", "rules": "parker-1947", "trump": "8", "hand": ["4/8", "S/S", "0/0"], "trick": [], "first_trick": True}),
    ("ok", {"cmd": "legal", "rules": "somersetgame-com", "trump": "8", "hand": ["S/S", "0/0", "4/10"], "trick": ["2/8"]}),
    ("ok", {"cmd": "score", "rules": "all", "bid": 15, "made": 12, "against": 12}),
    ("ok", {"cmd": "score", "rules": "parker-1947", "bid": 20, "made": 22, "against": 2}),
    ("ok", {"cmd": "puzzles"}),
    ("ok", {"cmd": "puzzle", "id": "parker-set"}),
    ("ok", {"cmd": "judge", "id": "capture-rover", "answer": ["6/6", "8/8"]}),
    # Whole deals from seeds (the shuffle, the bots, the scoring): the same seed must give the same
    # deal, play and score in both interpreters.
    ("ok", {"cmd": "replay", "rules": "parker-1947", "seed": 7}),
    ("ok", {"cmd": "replay", "rules": "hodges-1903", "format": "two", "seed": 3}),
    ("ok", {"cmd": "replay", "rules": "triple-2009", "format": "eight-2x4", "seed": 18446744073709551615}),
    ("ok", {"cmd": "replay", "rules": "somersetgame-com", "seed": 12345}),
    ("ok", {"cmd": "replay", "rules": "boardgamegeek", "seed": 99}),
    ("ok", {"cmd": "replay", "example": "legal-8-5-8-hand-0-0-4-10-s-s", "rules": "triple-2009"}),
    ("ok", {"cmd": "replay", "record": '[Ruleset "parker-1947"]\n\nTrump: 6\nTrick 1: [0] 5/8 0/0 2/2 S/S -> 3\n'}),
    ("error", {"cmd": "replay", "record": '[Ruleset "parker-1947"]\n\nTrump: 2\nTrick 1: [0] 8/8 6/8 4/10 0/2 -> 1\n'}),
    # The score pad: a game written down deal by deal, to boardgamegeek's win by a made bid.
    ("ok", {"cmd": "pad", "rules": "boardgamegeek", "names": ["Us", "Them"],
            "deals": [{"bidder": 0, "bid": 20, "points": [24, 0]}, {"passed": True}, {"bidder": 0, "bid": 20, "points": [24, 0]},
                      {"bidder": 1, "bid": 24, "points": [10, 14]}, {"bidder": 0, "bid": 12, "points": [12, 12]}]}),
    ("error", {"cmd": "pad", "rules": "parker-1947", "deals": [{"bidder": 0, "bid": 15, "points": [16, 7]}]}),
    ("ok", {"cmd": "table", "rules": "somersetgame-com", "seed": 3, "moves": ["bid 24", "discard 1/4 0/6", "trump 12"]}),
    ("ok", {"cmd": "table", "rules": "triple-2009", "format": "five-single", "seed": 11, "moves": ["pass"]}),
    # The same deal under several rulesets: the bots' play, the partings and their reasons.
    ("ok", {"cmd": "samedeal", "rules": ["boardgamegeek", "somersetcards-com", "parker-1950"], "seed": 67}),
    ("ok", {"cmd": "samedeal", "rules": "parker-1947-house,parker-1947,hodges-1913", "seed": 2, "moves": ["bid 12"]}),
    # Links that last (somerset.records.links): deals replayed from their codes, as tests/engine/golden_links.json
    # stores them, and the bots' version named; the same deal in both interpreters.
    ("ok", {"cmd": "replay", "rules": "triple-2009", "format": "five-single", "seed": 2,
            "play": "hEhFhGhHhIghJhKggggjDABFiKEEHDHHJBFIDCABDCEECCGGFHKFGBACEJCAABBBCBFFHGHCEFEBDBCCECBCBCABBCDBCBCAAAAABAAAAA"}),
    ("ok", {"cmd": "replay", "rules": "parker-1947", "format": "three", "seed": 0, "play": "kBhFhGghHhIggiKGHACCAADBAABGFFAAAABDAABHGFABCDCBDCDDCBAABAABAAA"}),
    ("ok", {"cmd": "replay", "rules": "parker-1947", "seed": 7, "play": "hHhIghJhKhLgggiEDBFBZ"}),
    ("ok", {"cmd": "table", "rules": "somersetcards-com", "format": "four-partners", "seed": 5,
            "play": "hBhChDhEhFhGhHhIhJhKghLhMgggjCABKJILDBCCJJJJIEIIHBHBDFFDBFCAECBCDAACBCCBBAABAAAA"}),
    ("ok", {"cmd": "samedeal", "rules": ["parker-1947", "minden-hardware", "parker-1934"], "format": "four-partners",
            "seed": 3, "bots_version": 1,
            "play": "hBhChDhEhFhGhHhIhJhKhLghMgggiEAILCAKCGEEIHIIHIBGEDDDGFFEFADDACBDDABACCABAAAAAA"}),
    ("error", {"cmd": "replay", "rules": "parker-1947", "seed": 7, "bots_version": 2}),
    ("error", {"cmd": "samedeal", "rules": ["parker-1947"], "seed": 1}),
    ("error", {"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": ["8/8", "zz"]}),
    ("error", {"cmd": "score", "rules": "no-such-ruleset", "bid": 15, "made": 12, "against": 12}),
    ("error", {"cmd": "no-such-command"}),
]

# Request texts that once broke the interface: deep nesting (ten thousand levels killed Pyodide's
# interpreter; a thousand raise RecursionError in CPython), an oversized request, a command that is
# not text. Each must come back as an error object, the same in both interpreters.
API_TEXTS: list[str] = ["[" * 10_000, '{"a":' * 5_000, "[" * 100_000, '{"cmd": []}', '{"cmd": {"x": 1}}',
                        json.dumps({"cmd": "pack", "deck": "x" * 50_000}),
                        # a page's request nested 3,000 and 3,500 deep (as the worker receives its text)
                        '{"cmd": "rulesets", "x": ' + "[" * 3_000 + "]" * 3_000 + "}",
                        '{"cmd": "rulesets", "x": ' + '{"a": ' * 3_500 + "1" + "}" * 3_500 + "}",
                        # numbers CPython cannot write once added, NaN, an unknown field, a control character
                        '{"cmd": "solve", "rules": "parker-1947", "trump": "2", "leader": 0, "hands": ["8/8", "6/8", '
                        '"4/10", "0/2"], "taken": [' + "9" * 4_300 + ", " + "9" * 4_300 + ", 0, 0]}",
                        '{"cmd": "pad", "rules": "parker-1947", "deals": [{"bidder": 0, "bid": ' + "9" * 4_300
                        + ', "points": [16, 8]}]}',
                        '{"cmd": "score", "rules": "parker-1947", "bid": NaN, "made": 12}',
                        '{"cmd": "pad", "rules": "parker-1947", "options": ["parker-scoring"]}',
                        '{"cmd": "trick", "rules": "a\\nb", "trump": "2", "cards": "8/8"}']


#: Bid advisor requests (asked for 6 samples, then carried on to 12): a plain deal, a kitty with
#: trump declared by the first lead, a drawing pile, and the triple pack.
ADVISE_REQUESTS: list[dict[str, Any]] = [
    {"cmd": "advise", "rules": "parker-1947", "hand": "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10", "seed": 7},
    {"cmd": "advise", "rules": "somersetcards-com", "hand": "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10",
     "seat": 2, "dealer": 0, "auction": ["10"], "seed": "18446744073709551615"},
    {"cmd": "advise", "rules": "parker-1947", "format": "two", "hand": "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S"},
    {"cmd": "advise", "rules": "triple-2009", "format": "six-2x3",
     "hand": "12/12 11/12 10/12 9/12 8/12 7/12 6/12 5/12 4/12 3/12 2/12 1/12 0/12 S/S 0/0"},
]

SOLVE_REQUESTS: list[dict[str, Any]] = [
    {"cmd": "solve", "rules": "parker-1947", "trump": "8", "leader": 0, "line": True,
     "hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]},
    {"cmd": "solve", "rules": "somersetgame-com", "trump": "12", "leader": 0, "trick": "5/8 0/0",
     "hands": ["1/4", "2/4", "3/8 6/6", "2/8 0/4"]},
    {"cmd": "solve", "rules": "parker-1947", "trump": "4", "leader": 1, "nodes": 300,
     "hands": ["5/6 6/6 7/8 1/10 2/10 5/10 6/10", "1/2 0/6 1/6 1/8 6/8 8/8 0/10",
               "2/2 1/4 3/4 3/6 4/6 2/8 5/8", "0/2 0/4 2/6 0/8 3/8 4/8 3/10"]},
    {"cmd": "solve", "rules": "hodges-1903", "format": "two", "trump": "3", "leader": 1,
     "hands": ["0/1 1/3 2/4", "3/3 0/4 2/6"], "pile": "1/1 1/2 0/5 4/5"},
    # a line after every card, as Play a deal asks for its check of the reader's cards
    {"cmd": "solve", "rules": "parker-1947", "trump": "8", "leader": 0, "lines": True,
     "hands": ["8/8 2/2", "0/0 3/4", "6/8 1/2", "4/8 0/6"]},
]

# The position before the first card of a bot-played deal's last six tricks, asked in slices of
# 2,000 nodes as the site asks (each slice carries on): the same answers slice by slice.
SLICED = {"rules": "parker-1947", "seed": 3, "nodes": 2_000, "slices": 60}


# Deals played by the sampling bots (ruleset, format, seed).
BOT_DEALS: list[tuple[str, str | None, int]] = [("parker-1947", None, 3), ("somersetgame-com", None, 8),
                                                 ("boardgamegeek", None, 5), ("hodges-1903", "two", 2)]

# Deals played by heuristic bots that bid with the advisor (ruleset, seed): the same calls in both.
ADVISOR_BOT_DEALS: list[tuple[str, int]] = [("parker-1947", 3), ("somersetgame-com", 8), ("hodges-1913", 2)]

# Deals played by the searching bots, with a small budget of play-outs (ruleset, format, seed).
SEARCH_BOT_DEALS: list[tuple[str, str | None, int]] = [("parker-1947", None, 4), ("hodges-1903", "two", 6)]

# Deals the heuristic bots play whose codes must replay them (ruleset, format, seed).
LINK_DEALS: list[tuple[str, str | None, int]] = [("parker-1947", None, 7), ("triple-2009", "five-single", 2),
                                                  ("somersetcards-com", "two", 4), ("hodges-1903", "two", 3)]

#: Deals of random play per case in :func:`random_play_digests`.
RANDOM_DEALS = 12


def _module(package: str, name: str, flat: str) -> Any:
    """``package``'s module ``name`` (layered, as now), or ``flat`` in a revision before the engine's
    modules were put in layers."""
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError:
        return importlib.import_module(f"{package}.{flat}")


def random_play_digests(package: str = "somerset", deals: int = RANDOM_DEALS) -> dict[str, str]:
    """Seeded random play under every ruleset, format and option, one digest per case.

    Each case plays ``deals`` deals with the fast random-play loop (``simulate.play_random``), deal
    ``i`` dealt from ``deal_seed(7, i)`` by seat ``i % players`` and one generator running on through
    them all; the digest (a fingerprint of the text) covers each deal's actions, its score changes,
    and the generator's state after it. ``package`` names the engine to ask: ``somerset``, or an earlier revision unpacked
    under another name (``scripts/record_random_play.py`` records them that way). These must be the
    same in CPython and Pyodide, and the same as recorded from the revision before random play was
    made faster (tests/engine/random_play_recorded.json).
    """
    deal_module = _module(package, "game.deal", "deal")
    rng_module = _module(package, "game.rng", "rng")
    play_random = _module(package, "players.simulate", "simulate").play_random
    rulesets = _module(package, "rules.rulesets", "rulesets").RULESETS
    out: dict[str, str] = {}
    for rid, ruleset in rulesets.items():
        for fmt in ruleset.formats.value:
            for opt in (None, *(o.id for o in ruleset.options.value if not o.formats or fmt.id in o.formats)):
                rng = rng_module.SplitMix64(11)
                lines: list[str] = []
                for i in range(deals):
                    deal = deal_module.new_deal(rid, fmt.id, rng_module.deal_seed(7, i), i % fmt.players,
                                                [opt] if opt else [])
                    play_random(deal, rng)
                    line = " ".join(map(str, deal.history)) + f" = {deal.score_changes()} {rng.state}\n"
                    lines.append(line)
                # a 127-bit fingerprint of the text (hashlib is not in the site's trimmed standard library)
                fingerprint = int.from_bytes("".join(lines).encode(), "big") % ((1 << 127) - 1)
                out["-".join(x for x in (rid, fmt.id, opt) if x)] = f"{fingerprint:032x}"
    return out


def run() -> dict[str, Any]:
    import somerset
    from somerset import api
    from somerset.teaching import examples

    failures: list[str] = []
    checks = 0

    # The sources' worked examples (tricks, scores, auctions), each under every ruleset stating it.
    ex_failures = examples.check_all()
    failures += [f"example: {f}" for f in ex_failures]
    checks += examples.count()

    # Puzzles whose stated answers the engine must reproduce (when the engine has them).
    try:
        from somerset.teaching import puzzles
    except ImportError:
        puzzles = None  # type: ignore[assignment]
    if puzzles is not None and hasattr(puzzles, "check_all"):
        failures += [f"puzzle: {f}" for f in puzzles.check_all()]
        checks += len(getattr(puzzles, "PUZZLES", ()))

    # The content files (TOML read with tomllib, records) load from the installed package, and
    # every ruling answers every ruleset.
    try:
        from somerset.teaching import rulings
    except ImportError:
        rulings = None  # type: ignore[assignment]
    for ruling in getattr(rulings, "RULINGS", ()):
        checks += 1
        try:
            rulings.answer_all(ruling)
        except ValueError as e:
            failures.append(f"ruling {ruling.id}: {e}")

    # A deal's code (links that last) replays the very deal the bots played, and writes back the same text.
    try:
        from somerset.records import links
    except ImportError:  # a stand-in engine in the runner's own tests
        links = None  # type: ignore[assignment]
    if links is not None:
        from somerset.players.roster import make_bots
        from somerset.players.autoplay import play_deal
        from somerset.game.deal import new_deal

        for rid, fmt, seed in LINK_DEALS:
            checks += 1
            played = new_deal(rid, fmt, seed=seed)
            play_deal(played, make_bots("heuristic", played.players, seed))
            text = str(links.DealCode.of(played))
            again = new_deal(rid, fmt, seed=seed)
            problem = links.parse_deal_code(text).play(again)
            if problem is not None or links.history_digest(again) != links.history_digest(played):
                failures.append(f"links {rid} {fmt} {seed}: the code {text[:30]}... does not replay the deal ({problem})")

    # The JSON interface never raises and always answers one JSON object.
    answers: list[Any] = []
    for expect, req in API_REQUESTS:
        checks += 1
        try:
            text = api.handle(json.dumps(req))
            answer = json.loads(text)
        except Exception as exc:  # noqa: BLE001 - the point is to catch anything
            failures.append(f"api {req['cmd']}: raised {type(exc).__name__}: {exc}")
            answers.append(None)
            continue
        answers.append(answer)
        if not isinstance(answer, dict):
            failures.append(f"api {req['cmd']}: answered {type(answer).__name__}, not an object")
        elif expect == "ok" and "error" in answer:
            failures.append(f"api {json.dumps(req)}: unexpected error {answer['error']}")
        elif expect == "error" and not isinstance(answer.get("error"), dict):
            failures.append(f"api {json.dumps(req)}: should have been refused with an error object")

    for text in API_TEXTS:
        checks += 1
        try:
            answer = json.loads(api.handle(text))
        except Exception as exc:  # noqa: BLE001 - the point is to catch anything
            failures.append(f"api {text[:20]!r}...: raised {type(exc).__name__}: {exc}")
            answers.append(None)
            continue
        answers.append(answer)
        error = answer.get("error") if isinstance(answer, dict) else None
        if (not isinstance(error, dict) or error.get("internal") or len(error.get("message", "")) > 300
                or not error.get("message", "").isprintable()):
            failures.append(f"api {text[:20]!r}...: should have been refused with a short error, not {str(answer)[:200]}")

    # Best play (the solver): exact answers, and a budget that runs out after the same number of
    # nodes in both interpreters. The timings are left out: they are the one thing that differs.
    try:
        from somerset.solve.request import forget
    except ImportError:  # a stand-in engine in the runner's own tests
        forget = None  # type: ignore[assignment]
    solved: list[Any] = []
    if forget is not None:
        forget()
    for req in SOLVE_REQUESTS if forget is not None else []:
        checks += 1
        answer = json.loads(api.handle(json.dumps(req)))
        if "error" in answer:
            failures.append(f"api {json.dumps(req)}: unexpected error {answer['error']}")
        answer.pop("stats", None)
        solved.append(answer)
    if forget is not None:
        replay = json.loads(api.handle(json.dumps({"cmd": "replay", "rules": SLICED["rules"], "seed": SLICED["seed"]})))
        plays = [p for step in replay["steps"] for p in step.get("plays", [])]
        if len(plays) != 24:
            failures.append(f"replay: {len(plays)} positions to solve in the last six tricks, not 24")
        for _ in range(SLICED["slices"] if plays else 0):
            checks += 1
            answer = json.loads(api.handle(json.dumps({"cmd": "solve", **plays[0]["position"], "lines": True,
                                                       "nodes": SLICED["nodes"]})))
            answer.pop("stats", None)
            solved.append(answer)
            if answer.get("exact"):
                break
        else:
            failures.append("solve: the sliced position was not solved")
    if solved and solved[0].get("side_points") != 5:
        failures.append(f"solve: the worked example gives {solved[0].get('side_points')} points, not 5")
    if len(solved) > 2 and solved[2].get("exact") is not False:
        failures.append("solve: a budget of 300 nodes should not have been enough")

    # The sampling bot (the solver on sampled deals in the ending): the same seed must give the
    # same cards in both interpreters, deal by deal.
    bot_plays: list[Any] = []
    try:
        from somerset.players.roster import BOTS, make_bots
        from somerset.players.autoplay import play_deal
        from somerset.game.deal import new_deal
    except ImportError:  # a stand-in engine in the runner's own tests
        BOTS = {}  # type: ignore[assignment]
    if "sampling" in BOTS:
        for rules, fmt, seed in BOT_DEALS:
            checks += 1
            deal = play_deal(new_deal(rules, fmt, seed), make_bots("sampling", 4 if fmt is None else 2, seed))
            bot_plays.append([str(a) for a in deal.history])
    # Bots that bid with the advisor: the same seed, the same calls and cards.
    advisor_plays: list[Any] = []
    if "heuristic+advisor" in getattr(sys.modules.get("somerset.players.roster"), "BOT_KINDS", ()):
        for rules, seed in ADVISOR_BOT_DEALS:
            checks += 1
            deal = play_deal(new_deal(rules, None, seed), make_bots("heuristic+advisor", 4, seed))
            advisor_plays.append([str(a) for a in deal.history])
    # The searching bots (play-outs from the first trick): the same seed, the same cards.
    search_plays: list[Any] = []
    if "search" in getattr(sys.modules.get("somerset.players.roster"), "BOT_KINDS", ()):
        from somerset.players.search import SearchBot
        for rules, fmt, seed in SEARCH_BOT_DEALS:
            checks += 1
            players = 4 if fmt is None else 2
            deal = play_deal(new_deal(rules, fmt, seed), [SearchBot(seed * 7 + s, rollouts=24) for s in range(players)])
            search_plays.append([str(a) for a in deal.history])
    # The bid advisor: the same request gives the same answer, asked at once or in slices.
    advice: list[Any] = []
    if "advise" in getattr(api, "COMMANDS", {}):  # not in a stand-in engine of the runner's own tests
        for req in ADVISE_REQUESTS:
            checks += 1
            sliced = json.loads(api.handle(json.dumps({**req, "samples": 6})))
            whole = json.loads(api.handle(json.dumps({**req, "samples": 12})))
            if "error" in sliced or "error" in whole:
                failures.append(f"advise: {sliced.get('error') or whole.get('error')}")
            advice.append([sliced, whole])
    # Seeded random play (the shuffle, the auction, the play and the score): the same deals in
    # both interpreters.
    try:
        digests = random_play_digests()
    except ImportError:  # a stand-in engine in the runner's own tests
        digests = {}
    checks += len(digests)

    return {
        "python": ".".join(map(str, sys.version_info[:3])),
        "platform": sys.platform,
        "somerset_file": somerset.__file__,
        "checks": checks,
        "failures": failures,
        "api": answers,
        "solve": solved,
        "bots": bot_plays,
        "advice": advice,
        "advisor_bots": advisor_plays,
        "search_bots": search_plays,
        "random_play": digests,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
