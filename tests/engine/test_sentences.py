"""The grammar of the engine's generated sentences: every sentence the engine writes for readers
(replayed tricks and scores, the reasons a call or card is not allowed, the ending puzzles' lines
of best play, the same-deal comparison, the score calculator, the rulings' answers) is generated
across every ruleset and format, and none may match a known slip ("you takes", "part ways at
after", "...; none.", a doubled word, "0/0 named trump trump", a hyphen used as a minus sign)."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from somerset import RULESETS
from somerset.rules.scoring import score_deal
from somerset.service.replay import replay_bots
from somerset.service.samedeal import same_deal, seed_source
from somerset.service.table import sit_down
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
           "the the bid"]
    assert all(slips(iter([text])) for text in bad)
    good = ["0/0 (you), S/S (seat 4): seat 4 takes 4 points; 2/2 (seat 1): you take 1 point.",
            "They first part ways at the end of the auction.", "Score: seats 1 and 3 −2; seats 2 and 4 +22.",
            "cards 0-12 of each suit", "4/8 4/8"]
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


@pytest.mark.parametrize("seed", [1, 4, 11])
def test_same_deal_comparisons_read_without_slips(seed: int) -> None:
    found = []
    for rid in ("parker-1947", "somersetcards-com", "hodges-1903"):
        answer = same_deal(seed_source(rid, None, seed), "all")
        found += slips(sentences(answer))
        # widgets/samedeal.js says where they part as "They first part ways at <where>."
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
