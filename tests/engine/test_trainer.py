"""The puzzle trainer's records: each answers as the engine does, each wrong choice is refuted, the
difficulty is counted from the position, and a record that does not hold is named."""

from __future__ import annotations

import copy
import json

import pytest

from somerset import parse_cards, parse_trump
from somerset.rules.errors import RulesError
from somerset.rules.play import trick_verdict, why_not_winner
from somerset.teaching.puzzle_kinds import DIFFICULTY_MEASURES
from somerset.teaching.puzzles import PUZZLES, get_puzzle, judge, solve
from somerset.service.trainer import TrainerError, check_record, record, trainer_data


ONE_TRICK = tuple(p for p in PUZZLES if not p.kind_of.plays_out)


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_every_record_holds_and_answers_as_the_engine_at_every_step(p):
    """Every puzzle, the solver's endings included: each step's answer is the engine's, each wrong
    choice of each step has a refutation that names it."""
    rec = record(p)
    answers = p.kind_of.trainer_answers(p)
    assert check_record(rec, answers) == []
    assert len(rec["steps"]) == len(answers)
    for step, answer in zip(rec["steps"], answers):
        assert sorted(step["answer"]) == sorted(answer)
        for c in step["choices"]:
            if c["value"] not in step["answer"]:
                # the refutation names the choice as the reader sees it (its label: a score with its minus sign −)
                assert c["label"] in step["refutations"][c["value"]]["text"]
    json.dumps(rec)  # plain JSON values only


@pytest.mark.parametrize("p", ONE_TRICK, ids=lambda p: p.id)
def test_every_one_trick_record_agrees_with_the_engines_judge_choice_by_choice(p):
    rec = record(p)
    (step,) = rec["steps"]
    assert sorted(step["answer"]) == sorted(solve(p)) == sorted(p.answer)
    values = [c["value"] for c in step["choices"]]
    labels = {c["value"]: c["label"] for c in step["choices"]}
    for v in values:
        # The engine's judge agrees with the record on every single choice.
        assert judge(p, [v])["correct"] == (step["answer"] == [v])
        if v not in step["answer"]:
            text = step["refutations"][v]["text"]
            assert labels[v] in text, f"{p.id}: the refutation of {v} does not name it: {text}"
    assert set(step["refutations"]) == set(values) - set(step["answer"])
    assert 1 <= rec["difficulty"] <= 5
    json.dumps(rec)  # plain JSON values only


def test_the_refutation_of_a_wrong_card_is_the_engines_reason_it_does_not_take_the_trick():
    p = get_puzzle("low-trump")
    step = record(p)["steps"][0]
    assert step["refutations"]["12/12"]["text"].startswith("12/12 is not a trump (trump: /8 suit), and S/S is")
    rover = record(get_puzzle("rover-highest"))["steps"][0]["refutations"]
    assert rover["2/2"]["text"].startswith("2/2 counts as a trump in this trick, but 4/4 is a higher double.")
    bgg = record(get_puzzle("bgg-after"))["steps"][0]["refutations"]
    assert bgg["8/8"]["text"].startswith("8/8 was played before the 0/0")
    legal = record(get_puzzle("ss-forced"))["steps"][0]["refutations"]
    assert all(r["text"].endswith(".") and " may not be played: " in r["text"] for r in legal.values())


def test_why_not_winner_names_the_card_and_the_winner_and_refuses_the_winner():
    for p in PUZZLES:
        if p.kind != "winner":
            continue
        r, cards = p.rules, p.cards(p.trick)
        trump = parse_trump(p.trump, r.deck)
        v = trick_verdict(r, trump, cards)
        for i, c in enumerate(cards):
            if i == v.winner:
                with pytest.raises(RulesError, match="takes this trick"):
                    why_not_winner(r, trump, cards, i)
            else:
                text = why_not_winner(r, trump, cards, i)
                assert text.startswith(str(c)) and str(v.card) in text and text.endswith(v.reason)
    with pytest.raises(RulesError, match="position 9"):
        why_not_winner(PUZZLES[0].rules, parse_trump("8"), parse_cards("4/8 2/8"), 9)


def test_difficulty_is_counted_from_the_position():
    ids = {m for m, _ in DIFFICULTY_MEASURES}
    for p in ONE_TRICK:
        reasons = p.kind_of.difficulty_reasons(p)
        assert set(reasons) <= ids and p.difficulty == 1 + len(reasons) == record(p)["difficulty"]
    # A plain trick (no trump, no special card, every ruleset agrees) is the easiest...
    assert get_puzzle("hodges-no-rover").difficulty == 1
    # ...and a kitty of eight cards, some to keep and some not, that the rulesets judge differently, the hardest.
    assert get_puzzle("bgg-discard").kind_of.difficulty_reasons(get_puzzle("bgg-discard")) == ["cards", "rulesets", "special", "mixed"]
    # The grades spread over the scale rather than sitting on one value.
    assert len({p.difficulty for p in ONE_TRICK}) >= 4


def test_trainer_data_holds_every_puzzle_theme_ruleset_and_pack():
    data = trainer_data()
    assert [r["id"] for r in data["puzzles"]] == [p.id for p in PUZZLES]
    assert {t["id"] for t in data["themes"]} >= {t for r in data["puzzles"] for t in r["themes"]}
    packs = {r["id"]: r["pack"] for r in data["rulesets"]}
    for rec in data["puzzles"]:
        cards = {c["card"] for c in data["packs"][packs[rec["ruleset"]]]}
        step = rec["steps"][0]
        if step["offer"] != "choices":
            assert {c["value"] for c in step["choices"]} <= cards


def _bad(change):
    rec = copy.deepcopy(record(get_puzzle("low-trump")))
    change(rec)
    return check_record(rec, [["S/S"]])


@pytest.mark.parametrize("change, words", [
    (lambda r: r["steps"][0].update(answer=["12/12"]), "is not the engine's (S/S)"),
    (lambda r: r["steps"][0]["refutations"].pop("12/12"), "the wrong choice 12/12 has no refutation"),
    (lambda r: r["steps"][0]["refutations"].update({"S/S": {"text": "no"}}), "S/S is in the answer but has a refutation"),
    (lambda r: r["steps"][0].update(answer=["4/4"]), "'answer' must be one or more of the choices' values"),
    (lambda r: r.update(difficulty=7), "'difficulty' must be a whole number from 1 to 5"),
    (lambda r: r.update(themes=["nope"]), "'themes' must name one or more of the themes"),
    (lambda r: r.update(steps=[]), "'steps' must hold at least one step"),
    (lambda r: r["steps"][0].update(hint=""), "'hint' must be a sentence"),
    (lambda r: r["steps"].append(copy.deepcopy(r["steps"][0])), "the record has 2 steps; the engine answers 1"),
])
def test_a_record_that_does_not_hold_is_named(change, words):
    problems = _bad(change)
    assert any(words in p for p in problems), problems
    assert all(p.startswith("puzzle 'low-trump'") for p in problems)


def test_trainer_data_fails_on_a_record_the_engine_does_not_prove(monkeypatch):
    import somerset.service.trainer as trainer

    real = trainer.record

    def lying(p):
        rec = real(p)
        if p.id == "rover-doubles":
            rec["steps"][0]["answer"] = ["0/0"]
            rec["steps"][0]["refutations"].pop("0/0")
            rec["steps"][0]["refutations"]["2/2"] = {"text": "2/2 is not it."}
        return rec

    monkeypatch.setattr(trainer, "record", lying)
    with pytest.raises(TrainerError, match=r"puzzle 'rover-doubles', step 1: the record's answer 0/0 is not the engine's \(2/2\)"):
        trainer_data()
