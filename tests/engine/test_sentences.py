"""The grammar of the engine's generated sentences: every sentence the engine writes for readers
(replayed tricks and scores, the reasons a call or card is not allowed, the ending puzzles' lines
of best play, the same-deal comparison, the score calculator, the rulings' answers) is generated
across every ruleset and format, and none may match a known slip ("you takes", "part ways at
after", "...; none.", a doubled word, "0/0 named trump trump", a hyphen used as a minus sign, "its 1 point
still count")."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from somerset import RULESETS
from somerset.rules.scoring import score_deal
from somerset.service.replay import replay_bots
from somerset.service.samedeal import same_deal, seed_source
from somerset.game.deal import Phase, new_deal
from somerset.rules.dimensions import UndealtKind
from somerset.players.roster import make_bots
from somerset.service.first_deal import first_deals_data
from somerset.service.table import _discard_effects, sit_down
from somerset.service.trainer import trainer_data
from somerset.teaching.rulings import RULINGS, answer_all

#: Known slips: each a pattern no generated sentence may match, with what it catches.
SLIPS: dict[str, str] = {
    r"\byou (?:takes|wins|leads|plays|has|is|was|bids|passes|names|follows)\b": "'you' with a verb for he/she",
    r"\bat (?:after|before|naming)\b": "a preposition before another ('part ways at after the auction')",
    r";\s*none\.": "a bare 'none' after a semicolon",
    r"\b([A-Za-z]{2,})\s+\1\b": "a doubled word",
    r"\bnamed trump trump\b|\btrump trump\b": "'trump' twice",
    r"(?:^|[\s(])-\d": "a hyphen-minus as a score's sign (readers see the minus sign −)",
    r"\s[,.;:](?!\d)": "a space before punctuation",
    r"\.\.(?!\.)": "two full stops",
    r"\b(?:its|their|the|that|this) 1 (?:point|card|trick|count card) (?:still )?(?:count|score|go|stay|take|win|raise)\b":
        "one thing with a plural verb ('its 1 point still count')",
    r"\b(?:its|their|the|those|these) (?:[02-9]|\d{2,}) (?:points|cards|tricks) (?:still )?(?:counts|scores|goes|stays|takes|wins|raises)\b":
        "several things with a singular verb ('its 2 points still counts')",
}

#: Keys whose strings are notation (records, codes, typed moves), not sentences.
NOTATION = {"record", "play", "code", "moves", "id", "ruleset", "format", "value", "answer", "href", "source_id",
            "legal", "seed", "call", "card", "cards", "trump", "hand", "hands", "trick", "pile", "discards"}


def sentences(data: Any, key: str = "") -> Iterator[str]:
    """Every text in a JSON answer, leaving out notation."""
    if isinstance(data, str):
        if key not in NOTATION:
            yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from sentences(v, str(k))
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from sentences(v, key)


def slips(texts: Iterator[str]) -> list[str]:
    found = []
    for text in texts:
        for pattern, what in SLIPS.items():
            m = re.search(pattern, text)
            if m:
                found.append(f"{what}: ...{text[max(0, m.start() - 40): m.end() + 40]}...")
    return found


def test_the_slip_list_catches_the_slips_it_names() -> None:
    bad = ["0/0 (you), S/S (seat 4): seat 4 takes 4; 2/2 (seat 1): you takes 1.",
           "They first part ways at after the auction.", "face up, to the first trick's winner; none.",
           "Seat 2 names 0/0 named trump trump.", "Score: seats 1 and 3 -2; seats 2 and 4 +22.",
           "the the bid", "Discarding 1/1 raises your bid by 1, from 12 to 13; its 1 point still count for your side.",
           "its 2 points still counts for your side."]
    assert all(slips(iter([text])) for text in bad)
    good = ["0/0 (you), S/S (seat 4): seat 4 takes 4 points; 2/2 (seat 1): you take 1 point.",
            "They first part ways at the end of the auction.", "Score: seats 1 and 3 −2; seats 2 and 4 +22.",
            "cards 0-12 of each suit", "4/8 4/8", "its 1 point still counts for your side.",
            "its 2 points still count for your side.", "Seat 2 takes 1 trick with 1 point.",
            "The first side to 99 points wins the game."]
    assert slips(iter(good)) == []


@pytest.mark.parametrize("rid", list(RULESETS))
def test_replayed_deals_read_without_slips(rid: str) -> None:
    r = RULESETS[rid]
    found = []
    for fmt in r.formats.value:
        for seed in (1, 2):
            found += slips(sentences(replay_bots(r, fmt.id, seed=seed)))
    assert found == []


@pytest.mark.parametrize("rid", list(RULESETS))
def test_the_tables_reasons_read_without_slips(rid: str) -> None:
    """Play a deal's view at the reader's first turn: the calls and cards allowed and why others are not."""
    r = RULESETS[rid]
    found = []
    for fmt in r.formats.value:
        found += slips(sentences(sit_down(r, fmt.id, seed=3)))
    assert found == []


def discard_effects(rid: str, fmt: str, seeds: range) -> Iterator[dict[str, Any]]:
    """The warnings Play a deal shows at the kitty's discard (what each discard does to the bid or
    the points), for every deal of ``seeds`` whose auction is won, played by the bots up to the discard."""
    for seed in seeds:
        deal = new_deal(rid, fmt, seed, seed % 2)
        bots = make_bots("heuristic", deal.players, seed)
        while deal.phase not in (Phase.KITTY, Phase.OVER) and not deal.is_terminal():
            deal.apply(deal.chance_outcome() if deal.is_chance() else bots[deal.current_player].act(deal))
        if deal.phase is Phase.KITTY:
            yield _discard_effects(deal)


#: The rulesets with a kitty in some format (the high bidder takes the undealt cards and discards).
KITTY_RULESETS = [rid for rid, r in RULESETS.items()
                  if UndealtKind.KITTY in (r.undealt.value.kind, *(f.undealt_kind for f in r.formats.value))]


@pytest.mark.parametrize("rid", KITTY_RULESETS)
def test_the_kitty_warnings_read_without_slips(rid: str) -> None:
    """Each card's warning at the discard, over enough deals that 1-point and 2-point count cards both come."""
    r = RULESETS[rid]
    found: list[str] = []
    seen: list[str] = []
    for fmt in r.formats.value:
        for effects in discard_effects(rid, fmt.id, range(1, 25)):
            texts = list(sentences(effects))
            seen += texts
            found += slips(iter(texts))
    assert seen and found == []


def test_the_guided_deals_read_without_slips() -> None:
    """The guided deals' records: the coach's files and every table answer and narration in them."""
    assert slips(sentences(first_deals_data())) == []


@pytest.mark.parametrize("seed", [1, 4, 11])
def test_same_deal_comparisons_read_without_slips(seed: int) -> None:
    found = []
    for rid in ("parker-1947", "somersetcards-com", "hodges-1903"):
        answer = same_deal(seed_source(rid, None, seed), "all")
        found += slips(sentences(answer))
        # widgets/same-deal/same-deal.js says where they part as "They first part ways at <where>."
        found += slips(iter(f"They first part ways at {e['where'][0].lower()}{e['where'][1:]}." for e in answer["events"]))
    assert found == []


def test_scores_read_without_slips() -> None:
    found = []
    for r in RULESETS.values():
        for fmt in r.formats.value:
            total = fmt.points_per_deal
            for bid in (total // 2, total - 2):
                for made in (0, bid - 1, bid, total):
                    try:
                        sc = score_deal(r, bid, made, total - made, fmt.id)
                    except ValueError:
                        continue
                    found += slips(iter([sc.reason]))
    assert found == []


def test_rulings_answers_read_without_slips() -> None:
    found = []
    for ruling in RULINGS:
        for _r, answer in answer_all(ruling):
            found += slips(iter([answer.short, answer.detail]))
    assert found == []


def test_puzzle_records_read_without_slips() -> None:
    """The trainer's records: questions, solutions, every wrong card's refutation and line of play."""
    assert slips(sentences(trainer_data())) == []
