"""What the fuzz tests share: their budget, a corpus of records, record mutations, and the oracle.

The tests run a bounded, derandomized number of examples in ``make test`` (the same examples on
every run); ``make fuzz`` sets ``SOMERSET_FUZZ=long`` for a run 20 to 50 times longer from a random
seed (pytest prints it; ``make fuzz FUZZ_SEED=n`` repeats one).
"""

from __future__ import annotations

import os
from functools import lru_cache

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from somerset.players.roster import make_bots
from somerset.players.autoplay import play_deal, play_game
from somerset.rules.cards import Pack, parse_card, parse_trump
from somerset.teaching.examples import WORKED_RECORDS
from somerset.game.actions import Action
from somerset.game.deal import Deal, new_deal
from somerset.game.match import Game
from somerset.game.rng import shuffled
from somerset.records.deal_record import DealRecord, parse_record, record_of
from somerset.records.game_record import GameRecord, game_record_of, parse_game_record
from somerset.records.partial_record import PartialRecord, is_partial, parse_partial
from somerset.rules.rulesets import RULESETS

LONG = os.environ.get("SOMERSET_FUZZ") == "long"


def budget(ci: int, long: int | None = None) -> settings:
    """Hypothesis settings: ``ci`` derandomized examples in the normal test run, ``long`` (default
    50 times as many) random ones under ``make fuzz``."""
    return settings(
        max_examples=(long or ci * 50) if LONG else ci,
        derandomize=not LONG,
        database=None,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


# --- a corpus of records: every kind the engine writes ------------------------------------------


@lru_cache(maxsize=None)
def deal_records() -> tuple[str, ...]:
    """Deals by bots under every ruleset (and every format of two of them), positions that stop
    part-way, a deal with a drawn trump, and deals given by hand without a seed."""
    texts: list[str] = []
    for rid, r in RULESETS.items():
        formats = [f.id for f in r.formats.value] if rid in ("parker-1947", "triple-2009") else [r.formats.value[0].id]
        for fmt in formats:
            seed = 7 + len(texts)
            d = play_deal(new_deal(r, fmt, seed), make_bots("heuristic", r.format(fmt).players, seed))
            texts.append(str(record_of(d)))
    d = play_deal(new_deal("hodges-1903", None, 2, options=["without-bidding"]), make_bots("random", 4, 2))
    texts.append(str(record_of(d)))
    full = record_of(play_deal(new_deal("parker-1947", "two", 4), make_bots("heuristic", 2, 4)))
    for stop in (0, 1, 5, 17, 30):
        texts.append(str(DealRecord(dict(full.tags), full.actions[:stop])))
    for rid in ("hodges-1903", "parker-1947"):
        given = Deal(rid, None, dealer=1)
        order = shuffled(given.in_play, 11)
        cards = given.pack.cards
        size = given.format.hand_size
        hands = [[cards[i] for i in order[k * size:(k + 1) * size]] for k in range(given.players)]
        given.apply(Action.deal(hands, [cards[i] for i in order[given.players * size:]]))
        play_deal(given, make_bots("heuristic", given.players, 1))
        texts.append(str(record_of(given)))
    return tuple(texts)


@lru_cache(maxsize=None)
def game_records() -> tuple[str, ...]:
    texts = []
    for rid, seed in (("parker-1947", 3), ("hodges-1903", 3), ("parker-1950", 4), ("triple-2009", 1)):
        g = Game(rid, seed=seed)
        texts.append(str(game_record_of(play_game(g, make_bots("heuristic", g.format.players, seed)))))
    return tuple(texts)


def all_records() -> tuple[str, ...]:
    return deal_records() + game_records() + WORKED_RECORDS


CORPUS = {"deal": deal_records, "game": game_records, "partial": lambda: WORKED_RECORDS}


# --- reading any record, as `somerset check` does ---------------------------------------------


Record = DealRecord | GameRecord | PartialRecord


def read(text: str) -> Record:
    """The record ``text`` holds, read by the reader for its kind (raises RecordError)."""
    if any(line.strip().startswith("Deal 1:") for line in text.splitlines()):
        return parse_game_record(text)
    if not is_partial(text):
        return parse_record(text)
    return parse_partial(text)


# --- mutations ------------------------------------------------------------------------------------

#: Tokens that have broken readers: Unicode digits, a byte-order mark, huge and negative numbers,
#: cards outside the packs, quotes, brackets and empty text.
HOSTILE_TOKENS = ("²", "¹", "١", "٣", "\ufeff", "9" * 30, "9" * 5000, "-1", "13/13", "9/9", "S/S", "0/0", "4/8",
                  "x", "", '"', "[", "]", "->", ":", "draws", "pass", "nt", "0", "1", "2", "3", "4", "99", "\x00",
                  "\u2028", "é", "\U0001F0A1")
HOSTILE_LINES = ("Hand 4: 4/8", "Hand 0: 0/0", "Hand ²: 4/8", "Drawn: 9/9", "Drawn: 4/8", "Undealt: 4/8",
                 "Pile: 4/8", "Total: 0 0", "Winner: team 0 (1 2)", "Unfinished: 0 0", "Points: 0 0 0 0",
                 "Result: all passed, no play", "Score: +0 +0", "Taken: ² 8", "Bid: 15 by 9", "Trump: 2",
                 "Trick 1: [0] 4/8", '[Seed "x"]', '[Ruleset ""]', '[Format "nope"]', '[Dealer "9"]',
                 '[Options "without-bidding competitive-bidding"]', '[Target "99"]', "Deal 1: dealer 0, seed 3",
                 "Auction: ² pass", "Legal: 4/8", "Discard: 4/8")


def _tokens(text: str) -> list[str]:
    return [t for t in text.replace("[", " ").replace("]", " ").split() if t] or ["x"]


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> tuple[str, str]:
    """A record of the corpus ``kind`` (deal, game, partial) and the same record after one to three
    random edits. (The strategy takes the kind's name, not the texts, so a failure report stays short.)"""
    original = draw(st.sampled_from(CORPUS[kind]()))
    lines = original.splitlines()
    pool = _tokens(original)
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            lines = [""]
        k = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(("delete", "duplicate", "swap", "copy", "token", "number", "char", "insert", "bom")))
        if op == "delete":
            del lines[k]
        elif op == "duplicate":
            lines.insert(k, lines[k])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[k], lines[j] = lines[j], lines[k]
        elif op == "copy":
            lines[k] = draw(st.sampled_from(lines))
        elif op == "insert":
            lines.insert(k, draw(st.sampled_from(HOSTILE_LINES)))
        elif op == "bom":
            lines[0] = "\ufeff" + lines[0]
        else:
            words = lines[k].split(" ")
            i = draw(st.integers(0, len(words) - 1))
            if op == "token":
                words[i] = draw(st.sampled_from(pool) | st.sampled_from(HOSTILE_TOKENS))
            elif op == "number":
                digits = "".join(ch for ch in words[i] if "0" <= ch <= "9")[:6] or "0"
                words[i] = words[i].replace(digits, str(int(digits) + draw(st.sampled_from((-1, 1, 2, 10)))), 1)
            else:
                pos = draw(st.integers(0, len(words[i])))
                words[i] = words[i][:pos] + draw(st.sampled_from("0123456789/ -:[]\"²")) + words[i][pos + 1:]
            lines[k] = " ".join(words)
    return original, "\n".join(lines) + "\n"


# --- the oracle: every line of an accepted record is a line the engine writes --------------------


def _norm_deal_line(line: str, pack: Pack) -> str:
    """A deal or game line in a form where lines with the same meaning are equal: cards in their
    canonical notation (the reader accepts 2-2 for 2/2), and a hand as a set."""
    key, _, rest = line.partition(":")

    def card(token: str) -> str:
        try:
            return str(parse_card(token, pack))
        except ValueError:
            return token

    if key.startswith("Hand ") and rest.strip():
        return f"{key}: " + " ".join(sorted(card(t) for t in rest.split()))
    if key in ("Undealt", "Pile", "Discard", "Drawn"):
        return f"{key}: " + " ".join(card(t) for t in rest.split())
    if key.startswith("Trick ") and "]" in rest:
        head, _, tail = rest.partition("]")
        played, arrow, after = tail.partition(" -> ")
        words = after.split()
        draws = [w.split(":")[0] + ":" + card(w.split(":", 1)[1]) if ":" in w else w for w in words]
        return f"{key}:{head}] " + " ".join(card(t) for t in played.split()) + arrow + " ".join(draws)
    return line


def _sections(lines: list[str]) -> dict[str, list[str]]:
    """Body lines grouped by the deal they belong to (the Deal line), tail lines under ''."""
    out: dict[str, list[str]] = {"": []}
    current = ""
    for ln in lines:
        if ln.startswith("Deal "):
            current = ln
            out.setdefault(current, [])
        elif ln.startswith(("Winner:", "Unfinished:")):
            out[""].append(ln)
        elif ln:
            out.setdefault(current, []).append(ln)
    return out


def false_lines(text: str, rec: Record) -> list[str]:
    """The lines of ``text`` that the engine would not write for the record it was read as.

    ``rec`` is what the reader made of ``text``; an empty list means every line is true. The
    engine writes the record's body afresh from the replayed play, so a line the reader let through
    without checking shows up here."""
    if text.startswith("\ufeff"):
        text = text[1:]
    # Spacing is not meaning: lines are compared with their runs of spaces made single.
    body = [" ".join(ln.split()) for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("[")]
    if isinstance(rec, PartialRecord):
        bad: list[str] = []
        for rid in rec.rulesets:
            play = rec.under(rid)
            wanted = set(play.lines())
            for ln in body:
                key, _, rest = ln.partition(":")
                if key == "Trump":
                    ln = f"Trump: {parse_trump(rest, play.ruleset.deck)}"
                elif key == "Auction":
                    ln = "Auction: " + " ".join(rec.calls)
                if ln not in wanted:
                    bad.append(f"under {rid}: {ln}")
        return bad
    if isinstance(rec, GameRecord):
        game = rec.replay()
        pack = game.ruleset.deck
        target = str(game.ruleset.game.value.target)
        if rec.tags.get("Target", target) != target:
            return [f'[Target "{rec.tags["Target"]}"]']
    else:
        pack = rec.replay().pack
    written = str(rec).splitlines()
    wanted = _sections([ln for ln in written if not ln.startswith("[")])
    got = _sections(body)
    bad = []
    for section, lines in got.items():
        allowed = {_norm_deal_line(w, pack) for w in wanted.get(section, [])}
        bad.extend(f"{section}: {ln}" for ln in lines if _norm_deal_line(ln, pack) not in allowed)
    return bad
