"""A table's own rules: composed rulesets play every deal by their rules, their codes last.

Random compositions (every rule a table may change, every surveyed value of the pack, numbers
within bounds) play seeded deals with every kind of bot; each deal is checked step by step (every
action was legal when it was taken), by the record checker, and against invariants written here
from the composed rules' values (the points of a deal, what a made bid and a set score). The codes
round-trip, the golden codes (``golden_house_codes.json``) keep their meaning, and a composition
equal to a book's rules gives the book's answers.

To add golden codes (never to change stored ones): ``python tests/engine/test_house_rules.py --add``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from somerset import api
from somerset.game.deal import Deal, new_deal
from somerset.game.match import new_game
from somerset.players.autoplay import play_deal, play_game
from somerset.players.roster import BOT_KINDS, make_bots
from somerset.records.check import check_record
from somerset.records.deal_record import record_of
from somerset.records.game_record import game_record_of
from somerset.records.links import history_digest
from somerset.rules.cards import parse_trump
from somerset.rules.dimensions import DIMENSION_KEYS, Made, Ruleset, SetPenalty
from somerset.rules.house import (CODE_VERSION, SETTINGS, HouseCodeError, RulesetCode, choices, number_bounds,
                                  token_of)
from somerset.rules.play import legal_plays, trick_verdict
from somerset.rules.rulesets import RULESETS, compose_ruleset, get_ruleset, house_ruleset
from somerset.rules.scoring import score_deal

GOLDEN = Path(__file__).with_name("golden_house_codes.json")
CLI = [sys.executable, "-m", "somerset_tools"]

#: The codes kept (with a seeded deal each); add here and run ``--add``, never change a stored one.
CODES = [
    "parker-1947~v1",
    "parker-1947~v1~rover_play.any-time~target.50~name.T3VyIHRhYmxl",
    "boardgamegeek~v1~no_trump.yes~rover_no_trump.keeps-power~made.both-sides",
    "parker-1947~v1~undealt.kitty-count-raises-bid~bidding.one-round~minimum.10~all_pass.dealer-at-minimum~set.bid",
    "hodges-1903~v1~no_trump.yes~made.bidder-only~target.66~tie.first-to-target",
    "somersetgame-com~v1~declaration.first-lead~zero_trump.no~rover_power.later-doubles~after_rover.follow",
    "triple-2009~v1~minimum.8~target.120~name.VHJpcGxlIGF0IEpvJ3M",
    "minden-senior-center~v1~no_trump.no~first_lead.any~follow_suit.withdraw-or-agreed~tie.first-to-target",
]


# --- compositions ------------------------------------------------------------------------------


def _plays_nt(base: Ruleset, changes: dict[str, str]) -> bool:
    return changes["no_trump"] == "yes" if "no_trump" in changes else bool(base.no_trump.value)


@st.composite
def compositions(draw: st.DrawFn) -> tuple[Ruleset, dict[str, str]]:
    """A base and changes: each rule changed or not, to any surveyed value of the pack or a number
    within bounds; the S/S and 0/0 in No Trump only where No Trump is played (else refused, below)."""
    base = draw(st.sampled_from(list(RULESETS.values())))
    changes: dict[str, str] = {}
    for s in SETTINGS:
        if not draw(st.booleans()):
            continue
        if s.number:
            low, high = number_bounds(s, base)
            changes[s.key] = str(draw(st.integers(low, high)))
        else:
            tokens = [t for t, _, _ in choices(s, base, RULESETS)]
            if tokens:
                changes[s.key] = draw(st.sampled_from(tokens))
    if not _plays_nt(base, changes):
        changes.pop("ss_no_trump", None)
        changes.pop("rover_no_trump", None)
    return base, changes


def _expected_scores(deal: Deal) -> list[int]:
    """What the deal scores, worked out here from the composed rules' values."""
    r, fmt = deal.ruleset, deal.format
    taken = deal.team_points()
    bidder = fmt.team_of(deal.declarer) if deal.declarer is not None else None
    bid = deal.bid_to_make
    assert bidder is not None and bid is not None
    made = taken[bidder] >= bid
    out = []
    for team, points in enumerate(taken):
        if team == bidder:
            if made:
                out.append(points)
            elif r.set.value is SetPenalty.DOUBLE:
                out.append(-2 * (bid - points))
            else:
                out.append(-bid)
        elif not made:
            out.append(2 * points if r.set.value is SetPenalty.DOUBLE else points)
        else:
            out.append(points if r.made.value is Made.BOTH_SIDES else 0)
    return out


def _check_deal(deal: Deal, code: str) -> None:
    """Every action was legal when taken; the record checks; the points and the score are right."""
    again = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
    for action in deal.history:
        if not again.is_chance():
            assert action in again.legal_actions(), (code, str(action))
        again.apply(action)
    assert again.signature() == deal.signature()
    checked = check_record(str(record_of(deal)))
    assert checked["rulesets"] == [code] and checked["over"]
    assert checked["score"] == deal.score_changes()
    if deal.passed_out:
        assert deal.score_changes() == [0] * len(deal.format.teams)
        return
    assert sum(deal.team_points()) == deal.total_points == deal.format.points_per_deal
    assert deal.score_changes() == _expected_scores(deal), code


def _composed(base: Ruleset, changes: dict[str, str]) -> Ruleset:
    r = compose_ruleset(base.id, changes.items())
    for key, token in changes.items():  # every change is in the rules, as asked
        s = next(x for x in SETTINGS if x.key == key)
        assert token_of(s.value_in(r)) == token
    for s in SETTINGS:
        if s.key not in changes and s.key not in ("ss_no_trump", "rover_no_trump"):
            assert token_of(s.value_in(r)) == token_of(s.value_in(base))
    assert r.pack == base.pack and r.formats == base.formats and r.points == base.points
    assert get_ruleset(r.id) == r and hash(r) == hash(get_ruleset(r.id))
    return r


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(compositions(), st.integers(0, 2**32), st.sampled_from(["random", "heuristic"]), st.data())
def test_random_compositions_play_by_their_rules(comp: tuple[Ruleset, dict[str, str]], seed: int, kind: str,
                                                  data: st.DataObject) -> None:
    base, changes = comp
    r = _composed(base, changes)
    fmt = data.draw(st.sampled_from([f.id for f in r.formats.value]))
    players = r.format(fmt).players
    deal = play_deal(new_deal(r, fmt, seed, seed % players), make_bots(kind, players, seed))
    _check_deal(deal, r.id)


@pytest.mark.slow
@pytest.mark.parametrize("kind", BOT_KINDS)
def test_every_bot_kind_plays_composed_rules(kind: str) -> None:
    rng = random.Random(kind)
    for _ in range(2):
        base = rng.choice([r for r in RULESETS.values()])
        changes = {}
        for s in SETTINGS:
            if rng.random() < 0.5:
                continue
            if s.number:
                changes[s.key] = str(rng.randint(*number_bounds(s, base)))
            elif tokens := [t for t, _, _ in choices(s, base, RULESETS)]:
                changes[s.key] = rng.choice(tokens)
        if not _plays_nt(base, changes):
            changes.pop("ss_no_trump", None)
            changes.pop("rover_no_trump", None)
        r = _composed(base, changes)
        fmt = r.format()
        seed = rng.randrange(2**32)
        _check_deal(play_deal(new_deal(r, fmt.id, seed, 0), make_bots(kind, fmt.players, seed)), r.id)


def test_the_quick_bots_play_every_base_with_many_changes() -> None:
    """Each base with every rule changed to each of its values in turn, by the random and heuristic bots."""
    n = 0
    for base in RULESETS.values():
        for s in SETTINGS:
            values = ([str(v) for v in number_bounds(s, base)] if s.number
                      else [t for t, _, _ in choices(s, base, RULESETS)])
            for token in values:
                changes = {s.key: token}
                if s.key in ("ss_no_trump", "rover_no_trump") and not base.no_trump.value:
                    changes["no_trump"] = "yes"
                r = _composed(base, changes)
                n += 1
                kind = ("random", "heuristic")[n % 2]
                fmt = r.formats.value[n % len(r.formats.value)]
                _check_deal(play_deal(new_deal(r, fmt.id, n, 0), make_bots(kind, fmt.players, n)), r.id)


@pytest.mark.slow
@settings(max_examples=15)
@given(compositions(), st.integers(0, 2**20))
def test_a_game_under_composed_rules_ends_at_its_target(comp: tuple[Ruleset, dict[str, str]], seed: int) -> None:
    base, changes = comp
    r = _composed(base, changes)
    fmt = r.partnership_format()
    game = play_game(new_game(r, fmt.id, seed=seed), make_bots("random", fmt.players, seed))
    checked = check_record(str(game_record_of(game)))
    assert checked["rulesets"] == [r.id] and checked["scores"] == list(game.scores)
    if game.winner is not None:
        assert max(game.scores) >= r.game.value.target


def test_a_short_game_to_the_tables_target() -> None:
    r = compose_ruleset("parker-1947", [("target", "10"), ("made", "both-sides"), ("tie", "higher-wins-replay-tie")])
    game = play_game(new_game(r, "four-partners", seed=4), make_bots("heuristic", 4, 4))
    assert game.winner is not None and max(game.scores) >= 10 and len(game.deals) < 10
    checked = check_record(str(game_record_of(game)))
    assert checked["rulesets"] == [r.id] and checked["winner"] == game.winner


# --- refusals ----------------------------------------------------------------------------------


@settings(max_examples=60)
@given(st.sampled_from(list(RULESETS.values())), st.sampled_from(["ss_no_trump", "rover_no_trump"]), st.data())
def test_no_trump_rules_without_no_trump_are_refused_naming_both(base: Ruleset, key: str, data: st.DataObject) -> None:
    s = next(x for x in SETTINGS if x.key == key)
    tokens = [t for t, _, _ in choices(s, base, RULESETS) if t != token_of(s.value_in(base))]
    assume(tokens)
    token = data.draw(st.sampled_from(tokens))
    changes = {key: token}
    if base.no_trump.value:
        changes["no_trump"] = "no"
    with pytest.raises(HouseCodeError) as e:
        compose_ruleset(base.id, changes.items())
    message = str(e.value)
    assert f"{key}={token}" in message and "No Trump" in message
    assert ("no_trump=no" in message) if base.no_trump.value else ("add no_trump=yes" in message)


def test_no_trump_brings_the_rules_of_the_ruleset_it_comes_from() -> None:
    r = compose_ruleset("boardgamegeek", [("no_trump", "yes")])
    assert r.no_trump.value and r.rover_no_trump == get_ruleset("parker-1934").rover_no_trump
    assert parse_trump("nt") in r.trumps()
    off = compose_ruleset("parker-1947", [("no_trump", "no")])
    assert str(off.rover_no_trump.value) == "n/a" and parse_trump("nt") not in off.trumps()


@pytest.mark.parametrize("code, words", [
    ("parker-1947~v2~rover_play.any-time", ["version 2", "newer release", "up to version 1"]),
    ("parker-1947~v0", ["version 0"]),
    ("parker-1947~1~rover_play.any-time", ["'1' where its version goes", "parker-1947~v1"]),
    ("parker-1947~v1~rover.any-time", ["'rover' is not a rule", "rover_play", "target"]),
    ("parker-1947~v1~rover_play.sometimes", ["'sometimes'", "rover_play", "when-void, any-time"]),
    ("parker-1947~v1~rover_play", ["not a change", "setting.value"]),
    ("parker-1947~v1~target.7", ["'7'", "from 10 to 250"]),
    ("parker-1947~v1~minimum.21", ["'21'", "from 1 to 20"]),
    ("parker-1947~v1~target.50~target.60", ["target", "twice"]),
    ("atlantis~v1~target.50", ["'atlantis', which is not a known ruleset", "parker-1947"]),
    ("parker-1947~v1~name.%%%", ["base64url"]),
    ("hodges-1903~v1~undealt.kitty-any", ["'kitty-any'", "single pack", "none"]),
])
def test_a_bad_code_is_named_never_read_as_another_ruleset(code: str, words: list[str]) -> None:
    with pytest.raises(HouseCodeError) as e:
        get_ruleset(code)
    for w in words:
        assert w in str(e.value), (code, str(e.value))
    answer = api.dispatch({"cmd": "trick", "rules": code, "trump": "2", "cards": "8/8 6/8"})
    assert answer["error"]["field"] == "rules" and answer["error"]["message"] == str(e.value)


# --- codes -------------------------------------------------------------------------------------


names = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Co", "Cn")), max_size=40).map(str.strip)


@settings(max_examples=200)
@given(st.sampled_from(list(RULESETS)),
       st.dictionaries(st.sampled_from([s.key for s in SETTINGS]), st.from_regex(r"[a-z0-9][a-z0-9-]{0,12}", fullmatch=True)),
       names, st.permutations(range(len(SETTINGS))))
def test_codes_round_trip(base: str, changes: dict[str, str], name: str, order: list[int]) -> None:
    assume(all(ch.isprintable() for ch in name))
    code = RulesetCode(base, tuple(changes.items()), name)
    text = str(code)
    assert RulesetCode.parse(text) == code and str(RulesetCode.parse(text)) == text
    assert all(ch.isalnum() and ch.isascii() or ch in "-._~" for ch in text)  # nothing a URL encodes
    shuffled = sorted(changes.items(), key=lambda kv: order[[s.key for s in SETTINGS].index(kv[0])])
    assert RulesetCode(base, tuple(shuffled), name) == code  # the changes in any order are the same code


@settings(max_examples=80)
@given(compositions(), names)
def test_a_composed_ruleset_is_named_by_its_code(comp: tuple[Ruleset, dict[str, str]], name: str) -> None:
    base, changes = comp
    assume(all(ch.isprintable() for ch in name))
    r = compose_ruleset(base.id, changes.items(), name)
    assert house_ruleset(r.id) == r and get_ruleset(r.id) == r
    assert RulesetCode.parse(r.id).name == name and r.name == (name or f"{base.short_name}, house rules")
    answer = api.dispatch({"cmd": "compose", "rules": base.id, "set": changes, "name": name})
    assert answer["code"] == r.id and answer["name"] == r.name
    assert [c["setting"] for c in answer["changes"]] == [s.key for s in SETTINGS if s.key in changes
                                                         and token_of(s.value_in(base)) != changes[s.key]]
    for c in answer["changes"]:
        if c["from"] is not None:  # each change cites the surveyed ruleset whose value it takes
            source = RULESETS[c["from"]]
            s = next(x for x in SETTINGS if x.key == c["setting"])
            assert token_of(s.value_in(source)) == c["value"] and source.pack.value == base.pack.value
            assert c["sentence"].endswith(f"as in {source.short_name}")


def _golden_entry(code: str) -> dict[str, Any]:
    r = get_ruleset(code)
    a = api.dispatch({"cmd": "replay", "rules": code, "seed": 5})
    deal = a["record"]
    from somerset.records.deal_record import parse_record

    replayed = parse_record(deal).replay()
    return {"code": code, "id": r.id, "name": r.name, "settings": {s.key: token_of(s.value_in(r)) for s in SETTINGS},
            "digest": history_digest(replayed), "score": replayed.score_changes()}


def _stored() -> list[dict[str, Any]]:
    return list(json.loads(GOLDEN.read_text())["codes"])


@pytest.mark.parametrize("entry", _stored(), ids=lambda e: e["code"][:60])
def test_golden_codes_keep_their_meaning(entry: dict[str, Any]) -> None:
    assert _golden_entry(entry["code"]) == entry


def test_every_code_kept_is_stored() -> None:
    assert [e["code"] for e in _stored()] == CODES
    assert CODE_VERSION == 1  # a new version reads every version-1 code as stored here


# --- a composition equal to a book -------------------------------------------------------------


def _shape(r: Ruleset) -> tuple[Any, ...]:
    return tuple((f.id, f.players, f.teams, f.hand_size, f.undealt, f.points_per_deal, f.pile, f.face_up_from_pile,
                  f.undealt_kind, f.removed) for f in r.formats.value)


PAIRS = [(a, b) for a in RULESETS.values() for b in RULESETS.values()
         if a.id != b.id and a.pack.value == b.pack.value and _shape(a) == _shape(b)]


def test_books_with_the_same_formats_are_paired() -> None:
    assert ("parker-1947", "minden-hardware") in [(a.id, b.id) for a, b in PAIRS]
    assert ("hodges-1913", "boardgamegeek") in [(a.id, b.id) for a, b in PAIRS]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0].id}-as-{p[1].id}")
def test_a_composition_equal_to_a_book_gives_the_books_answers(pair: tuple[Ruleset, Ruleset]) -> None:
    base, book = pair
    r = compose_ruleset(base.id, [(s.key, token_of(s.value_in(book))) for s in SETTINGS
                                  if token_of(s.value_in(book)) != "n/a"])
    for key in DIMENSION_KEYS:
        if key not in ("formats", "options"):
            assert r.rule(key).value == book.rule(key).value, key
    rng = random.Random(f"{base.id}{book.id}")

    def same(reason: str) -> str:  # the answers name the ruleset they are given
        return reason.replace(r.short_name, book.short_name)

    pack = book.deck.cards
    for trump in book.trumps():
        for _ in range(20):
            cards = rng.sample(pack, 4)
            hand = rng.sample([c for c in pack if c not in cards], 6)
            mine, theirs = trick_verdict(r, trump, cards), trick_verdict(book, trump, cards)
            assert (mine.winner, mine.card, mine.rule, same(mine.reason)) == (theirs.winner, theirs.card, theirs.rule,
                                                                               theirs.reason)
            for first in (False, True):
                lp = legal_plays(r, trump, hand, cards[:2], first_trick=first)
                lb = legal_plays(book, trump, hand, cards[:2], first_trick=first)
                assert lp.legal == lb.legal
                assert [(i.card, same(i.reason)) for i in lp.illegal] == [(i.card, i.reason) for i in lb.illegal]
    for bid in range(book.bidding.value.minimum, 25, 3):
        for made in range(0, 25, 4):
            a, b = score_deal(r, bid, made, 24 - made), score_deal(book, bid, made, 24 - made)
            assert (a.set, a.bidder_side, a.opponents, same(a.reason)) == (b.set, b.bidder_side, b.opponents, b.reason)
    for seed in range(6):
        for fmt in book.formats.value:
            kind = ("random", "heuristic")[seed % 2]
            d1 = play_deal(new_deal(r, fmt.id, seed, seed % fmt.players), make_bots(kind, fmt.players, seed))
            d2 = play_deal(new_deal(book, fmt.id, seed, seed % fmt.players), make_bots(kind, fmt.players, seed))
            assert [str(x) for x in d1.history] == [str(x) for x in d2.history]
            assert d1.score_changes() == d2.score_changes()


def test_a_base_without_changes_plays_as_the_base() -> None:
    for base in RULESETS.values():
        r = house_ruleset(f"{base.id}~v1")
        fmt = base.format()
        d1 = play_deal(new_deal(r, fmt.id, 3, 0), make_bots("heuristic", fmt.players, 3))
        d2 = play_deal(new_deal(base, fmt.id, 3, 0), make_bots("heuristic", fmt.players, 3))
        assert [str(x) for x in d1.history] == [str(x) for x in d2.history] and d1.score_changes() == d2.score_changes()


# --- the command line and the API --------------------------------------------------------------


def test_the_command_line_composes_and_names_bad_changes() -> None:
    out = subprocess.run([*CLI, "rulesets", "--compose", "parker-1947", "--set", "rover_play=any-time", "--set",
                          "target=50", "--name", "Our table", "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["code"] == "parker-1947~v1~rover_play.any-time~target.50~name.T3VyIHRhYmxl"
    assert data["name"] == "Our table" and [c["setting"] for c in data["changes"]] == ["rover_play", "target"]
    assert data["changes"][0]["from"] == "somersetgame-com"
    for bad, words in ((["--set", "rover=any-time"], ["'rover' is not a rule", "rover_play"]),
                       (["--set", "rover_play=never"], ["'never'", "when-void, any-time"]),
                       (["--set", "rover_play"], ["RULE=VALUE"])):
        out = subprocess.run([*CLI, "rulesets", "--compose", "parker-1947", *bad, "--json"], capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 2 and out.stdout == ""
        assert all(w in out.stderr for w in words), out.stderr
    out = subprocess.run([*CLI, "trick", "--rules", data["code"], "--trump", "2", "8/8", "6/8", "4/10", "0/2", "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["ruleset"] == data["code"]


def test_the_rulesets_answer_lists_every_rules_values_from_the_engine() -> None:
    a = api.dispatch({"cmd": "rulesets"})
    assert [s["key"] for s in a["settings"]] == [s.key for s in SETTINGS]
    for entry in a["rulesets"]:
        r = RULESETS[entry["id"]]
        assert entry["settings"] == {s.key: token_of(s.value_in(r)) for s in SETTINGS}
    for s in a["settings"]:
        listed = {r for v in s["values"] for r in v["rulesets"]}
        assert listed == set(RULESETS)
    rover = next(s for s in a["settings"] if s["key"] == "rover_play")
    assert {v["value"]: v["rulesets"] for v in rover["values"]}["any-time"] == [
        "somersetgame-com", "parker-1947-house", "triple-2009"]


def test_compose_request_fields() -> None:
    a = api.dispatch({"cmd": "compose", "rules": "parker-1947~v1~rover_play.any-time~name.T3VyIHRhYmxl",
                      "set": {"target": 50}})
    assert a["code"] == "parker-1947~v1~rover_play.any-time~target.50~name.T3VyIHRhYmxl"  # a code changed further
    assert api.dispatch({"cmd": "compose", "rules": "parker-1947", "set": {"x": "y"}})["error"]["field"] == "set"
    assert api.dispatch({"cmd": "compose", "rules": "nowhere"})["error"]["field"] == "rules"
    assert api.dispatch({"cmd": "compose", "rules": "parker-1947", "name": "x" * 41})["error"]["field"] == "name"
    assert api.dispatch({"cmd": "compose", "rules": "parker-1947", "set": {"target": True}})["error"]["field"] == "set"


def _add() -> None:
    stored = _stored() if GOLDEN.exists() else []
    have = {e["code"] for e in stored}
    for code in CODES:
        if code not in have:
            stored.append(_golden_entry(code))
            print(code)
    GOLDEN.write_text(json.dumps({"codes": stored}, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__" and "--add" in sys.argv:
    _add()


def test_the_rulings_request_answers_every_ruling_under_a_book_or_a_tables_code() -> None:
    from somerset.teaching.rulings import RULINGS, answer_all

    book = api.dispatch({"cmd": "rulings", "rules": "parker-1947"})
    expected = {ruling.id: dict(answer_all(ruling)) for ruling in RULINGS}
    parker = get_ruleset("parker-1947")
    assert [a["id"] for a in book["rulings"]] == [r.id for r in RULINGS]
    assert all(a["short"] == expected[a["id"]][parker].short for a in book["rulings"])
    # A changed rule answers as the ruleset it comes from, citing that ruleset's text.
    table = api.dispatch({"cmd": "rulings", "rules": "parker-1947~v1~rover_play.any-time"})
    ours = {a["id"]: a for a in table["rulings"]}["rover-holding-suit"]
    theirs = expected["rover-holding-suit"][get_ruleset("somersetgame-com")]
    assert ours["short"] == theirs.short and ours["citation"] == theirs.citation.to_json()
    assert ours["short"] != expected["rover-holding-suit"][parker].short
    assert api.dispatch({"cmd": "rulings", "rules": "parker-1947~v9~x.y"})["error"]["field"] == "rules"


def test_house_figures_play_the_same_deals_under_the_tables_rules_and_their_base() -> None:
    # The target changes the game, not a deal: every deal alike, the figures the same.
    same = api.dispatch({"cmd": "house_figures", "rules": "parker-1947~v1~target.50", "deals": 12})
    ours, base = same["sides"]
    assert same["parted"] == 0 and same["deals"] == 12 and base["ruleset"] == "parker-1947"
    assert {k: v for k, v in ours.items() if k not in ("ruleset", "ruleset_name")} == \
        {k: v for k, v in base.items() if k not in ("ruleset", "ruleset_name")}
    assert base["bids"] + base["passed_out"] == 12 and base["made"] + base["set"] == base["bids"]
    # The 0/0 at any time parts from Parker 1947 in some deal of these (the same deals Same deal plays).
    rover = api.dispatch({"cmd": "house_figures", "rules": "parker-1947~v1~rover_play.any-time", "deals": 12})
    parted = sum(any(e["parted"] for e in api.dispatch({"cmd": "samedeal", "seed": s, "rules": [
        "parker-1947~v1~rover_play.any-time", "parker-1947"]})["events"]) for s in range(1, 13))
    assert rover["parted"] == parted > 0
    for request, field in [({"rules": "parker-1947"}, "rules"), ({"rules": "parker-1947~v1~target.50", "deals": 0}, "deals"),
                           ({"rules": "parker-1947~v1~target.50", "deals": 201}, "deals"),
                           ({"rules": "parker-1947~v1~target.50", "seed": -1}, "seed"),
                           ({"rules": "parker-1947~v9~x.y"}, "rules")]:
        assert api.dispatch({"cmd": "house_figures", **request})["error"]["field"] == field, request
