"""The Learn section's lesson files: every shipped stage checks against the engine; a stated answer
the engine does not give fails, naming the file, the exercise and the ruleset; a malformed file
gets a clear message; each record refutes every wrong choice with the engine's reason; and the
command line lists the stages (``somerset lessons``) and checks a lesson file (``somerset check``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from somerset.teaching.content_check import check_content
from somerset.teaching.contentfile import ContentError, ContentFile
from somerset.teaching.lessons import STAGES, LessonError, check_all, exercise_record, lessons_data, load_lessons, named_answers
from somerset.rules.play import legal_plays, trick_verdict
from somerset.rules.cards import parse_cards, parse_trump
from somerset.rules.rulesets import RULESETS, get_ruleset

CLI = [sys.executable, "-m", "somerset_tools"]

STAGE = '''
[stage]
id = "my-stage"
title = "My stage"
order = 50
theme = "follow"
teaches = ["follow"]
'''

TAKE = '''
[[exercise]]
id = "my-take"
kind = "take"
rulesets = ["parker-1947", "parker-1934"]
task = "Trump is /2: tap the card that takes the trick."
trump = "2"
trick = "5/8, 7/8, 12/12, 2/8"
answer = "{answer}"
'''


def stages(text: str) -> tuple:
    return load_lessons([ContentFile("lessons/my.toml", text)])


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)


def test_every_shipped_lesson_agrees_with_the_engine() -> None:
    assert check_all() == []
    exercises = [e for s in STAGES for e in s.exercises]
    assert len(STAGES) >= 8
    assert len(exercises) >= 60
    assert len({e.id for e in exercises}) == len(exercises)
    assert [s.order for s in STAGES] == sorted(s.order for s in STAGES)


def test_every_stage_has_exercises_for_every_ruleset() -> None:
    for s in STAGES:
        for r in RULESETS:
            assert any(r in e.rulesets for e in s.exercises), (s.id, r)


def test_the_undealt_stage_teaches_parker_1947_its_face_up_cards() -> None:
    """Stage 6 under Parker 1947: where the cards left over go (face up), and what the first trick
    brings with them, answered from the ruleset's undealt rule and cited to the booklet."""
    stage = next(s for s in lessons_data()["stages"] if s["id"] == "undealt")
    mine = [e for e in stage["exercises"] if "parker-1947" in e["rulesets"]]
    assert {e["kind"] for e in mine} >= {"undealt", "faceup"}
    for e in mine:
        rec = e["by_ruleset"]["parker-1947"]
        assert rec["citation"]["label"].startswith("Parker 1947 booklet"), e["id"]
    where = next(e for e in mine if e["kind"] == "undealt")["by_ruleset"]["parker-1947"]
    assert where["answer"] == ["face-up"]
    first = next(e for e in mine if e["id"] == "faceup-first-trick")["by_ruleset"]["parker-1947"]
    assert first["answer"] == ["5"] and "3" in first["refutations"] and "face up" in first["refutations"]["3"]["text"]


def test_no_hint_names_the_answer_and_no_tap_every_has_every_choice_right() -> None:
    for stage in lessons_data()["stages"]:
        for ex in stage["exercises"]:
            for rid, rec in ex["by_ruleset"].items():
                assert rec["hint"]["text"] and rec["hint"]["citation"], (ex["id"], rid)
                assert named_answers(rec["hint"]["text"], rec) == [], (ex["id"], rid)
                if not rec["single"]:
                    assert set(rec["answer"]) != {c["value"] for c in rec["choices"]}, (ex["id"], rid)


def test_a_hint_naming_the_answer_or_a_tap_every_all_right_is_refused() -> None:
    named = stages(STAGE + TAKE.format(answer="7/8") + 'hint = "The 7/8 is the highest eight."\n')
    with pytest.raises(LessonError, match=r"exercise 'my-take' under parker-1947: the hint names the answer \(7/8\)"):
        lessons_data(named)
    # Left out, the hint is the ruleset's summary of the rule tested, with its citation.
    plain = exercise_record(stages(STAGE + TAKE.format(answer="7/8"))[0].exercises[0])["by_ruleset"]["parker-1947"]
    assert plain["hint"]["text"] == get_ruleset("parker-1947").follow_suit.summary
    assert plain["hint"]["citation"]["href"]
    every = STAGE + '''
[[exercise]]
id = "my-legal"
kind = "legal"
rulesets = ["parker-1947"]
task = "Trump is /2 and 5/8 was led: tap every card you may play."
trump = "2"
trick = "5/8"
hand = "12/12, 3/10"
answer = "12/12, 3/10"
hint = "Look for the suit led in your hand."
'''
    with pytest.raises(LessonError, match="exercise 'my-legal' under parker-1947: every choice offered is right"):
        lessons_data(stages(every))


def test_a_verdict_that_sets_aside_an_earlier_stage_says_which() -> None:
    ex = next(e for s in lessons_data()["stages"] for e in s["exercises"] if e["id"] == "nt-rover")
    rec = ex["by_ruleset"]["parker-1947"]
    assert rec["overrides"]["stage"] == "rover"
    assert rec["rule"]["key"] == "rover_no_trump" and rec["rule"]["text"] == get_ruleset("parker-1947").rover_no_trump.summary


def test_a_stated_answer_the_engine_does_not_give_names_file_exercise_and_ruleset() -> None:
    good = stages(STAGE + TAKE.format(answer="7/8"))
    assert check_all(good) == []
    bad = stages(STAGE + TAKE.format(answer="12/12"))
    problems = check_all(bad)
    assert problems == [
        "lessons/my.toml: exercise 'my-take' under parker-1947: stated answer 12/12; the engine says 7/8",
        "lessons/my.toml: exercise 'my-take' under parker-1934: stated answer 12/12; the engine says 7/8",
    ]
    with pytest.raises(LessonError, match="exercise 'my-take' under parker-1947"):
        lessons_data(bad)


def test_a_position_a_claimed_ruleset_cannot_hold_is_named() -> None:
    text = STAGE + TAKE.format(answer="7/8").replace('["parker-1947", "parker-1934"]', '["parker-1950"]')
    (problem,) = check_all(stages(text))
    assert problem.startswith("lessons/my.toml: exercise 'my-take' under parker-1950: the position does not hold:")
    assert "single pack" in problem


@pytest.mark.parametrize(
    "text, message",
    [
        ("[stage]\nid = 'x'\n", "lessons/my.toml: stage 'x': field 'title': this field is required"),
        (STAGE.replace('theme = "follow"', 'theme = "nope"'), "field 'theme': 'nope' is not accepted; write one of:"),
        (STAGE, "a stage needs at least one [[exercise]]"),
        (TAKE.format(answer="7/8"), "a lesson file starts with one [stage] table"),
        (STAGE + TAKE.format(answer="7/8").replace('kind = "take"', 'kind = "guess"'),
         "exercise 'my-take': field 'kind': 'guess' is not accepted; write one of: take, legal, play, discard, score, bid, trump, undealt, faceup"),
        (STAGE + TAKE.format(answer="7/8").replace('rulesets = ["parker-1947", "parker-1934"]', 'rulesets = ["parker-1974"]'),
         "exercise 'my-take': field 'rulesets': 'parker-1974' is not a known ruleset"),
        (STAGE + TAKE.format(answer="7/8") + 'hand = "2/8"\n',
         "exercise 'my-take': field 'hand': a take exercise does not use this field; it uses: trump, trick, format"),
        (STAGE + TAKE.format(answer="7/8") + 'colour = "red"\n', "exercise 'my-take': field 'colour': unknown field"),
        (STAGE + TAKE.format(answer="7/8").replace('task = "Trump is /2: tap the card that takes the trick."\n', ""),
         "exercise 'my-take': field 'task': this field is required"),
        ("[stage\n", "lessons/my.toml: this is not valid TOML"),
        (STAGE + "[[puzzle]]\nid = 'p'\n", "'puzzle' is not accepted at the top of the file"),
        (STAGE.replace('teaches = ["follow"]\n', "") + TAKE.format(answer="7/8"),
         "field 'theme': the theme 'follow' is not taught by this stage or an earlier one"),
        (STAGE + TAKE.format(answer="7/8") + 'rule = "rovers"\n', "field 'rule': 'rovers' is not accepted; write one of: pack,"),
        (STAGE + TAKE.format(answer="7/8") + 'overrides = "pack"\n', "field 'overrides': 'pack' is not an earlier stage"),
    ],
)
def test_a_malformed_file_gets_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ContentError) as excinfo:
        stages(text)
    assert message in str(excinfo.value)


def test_two_stages_with_one_order_or_one_exercise_id_are_refused() -> None:
    one = ContentFile("lessons/a.toml", STAGE + TAKE.format(answer="7/8"))
    other = ContentFile("lessons/b.toml", STAGE.replace("my-stage", "other") + TAKE.format(answer="7/8").replace("my-take", "other-take"))
    with pytest.raises(ContentError, match="order 50 is also the order of stage 'my-stage'"):
        load_lessons([one, other])
    same_id = ContentFile("lessons/b.toml", STAGE.replace("my-stage", "other").replace("50", "51") + TAKE.format(answer="7/8"))
    with pytest.raises(ContentError, match="the id 'my-take' is already used in lessons/a.toml"):
        load_lessons([one, same_id])


def test_each_record_refutes_every_wrong_choice_with_the_engines_reason() -> None:
    data = lessons_data()
    for stage in data["stages"]:
        for ex in stage["exercises"]:
            assert set(ex["by_ruleset"]) == set(ex["rulesets"])
            for rid, rec in ex["by_ruleset"].items():
                values = [c["value"] for c in rec["choices"]]
                assert rec["answer"] and set(rec["answer"]) <= set(values), (ex["id"], rid)
                for v in values:
                    if v not in rec["answer"]:
                        assert rec["refutations"][v]["text"], (ex["id"], rid, v)
                        assert rec["refutations"][v]["citation"]["href"], (ex["id"], rid, v)


def test_an_illegal_card_is_explained_with_legal_plays_reason() -> None:
    (ex,) = [e for s in STAGES for e in s.exercises if e.id == "tricks-must-follow"]
    rec = exercise_record(ex)["by_ruleset"]["parker-1947"]
    r = get_ruleset("parker-1947")
    res = legal_plays(r, parse_trump("2", r.deck), parse_cards("2/8 12/12 3/10", r.deck), parse_cards("5/8", r.deck))
    reasons = {str(i.card): i.reason for i in res.illegal}
    assert rec["answer"] == ["2/8"]
    for card in ("12/12", "3/10"):
        assert rec["refutations"][card]["text"] == f"{card} may not be played: {reasons[card]}"


def test_a_losing_card_gets_the_other_seats_cards_played_out() -> None:
    (ex,) = [e for s in STAGES for e in s.exercises if e.id == "tricks-win-for-side"]
    rec = exercise_record(ex)["by_ruleset"]["parker-1947"]
    wrong = rec["refutations"]["1/8"]
    assert wrong["played"] == ["6/8", "1/8", "3/8", "5/8"]
    r = get_ruleset("parker-1947")
    v = trick_verdict(r, parse_trump("2", r.deck), parse_cards(" ".join(wrong["played"]), r.deck))
    assert wrong["winner"] == v.winner == 0
    assert "takes the trick for the other side" in wrong["text"]
    assert rec["outcomes"]["8/8"]["winner"] == 1


def test_a_record_says_which_rulesets_answer_otherwise() -> None:
    (ex,) = [e for s in STAGES for e in s.exercises if e.id == "score-made"]
    rec = exercise_record(ex)["by_ruleset"]["parker-1947"]
    assert "somersetcards.com" in rec["differs"] and "Parker 1934" not in rec["differs"]


def test_somerset_lessons_json_lists_every_stage_and_exercise() -> None:
    out = run_cli("lessons", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [s["id"] for s in data["stages"]] == [s.id for s in STAGES]
    first = data["stages"][0]["exercises"][0]
    assert set(first) >= {"id", "kind", "rulesets"}
    assert sum(len(s["exercises"]) for s in data["stages"]) == sum(len(s.exercises) for s in STAGES)
    text = run_cli("lessons")
    assert text.returncode == 0 and "1. The pack and its notation" in text.stdout


def test_somerset_check_reads_a_lesson_file(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(STAGE + TAKE.format(answer="7/8"), encoding="utf-8")
    out = run_cli("check", str(good))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"ok: {good}: 1 exercise, every stated answer agrees with the engine under every ruleset it claims"
    bad = tmp_path / "bad.toml"
    bad.write_text(STAGE + TAKE.format(answer="12/12"), encoding="utf-8")
    out = run_cli("check", str(bad))
    assert out.returncode == 2
    assert f"{bad}: exercise 'my-take' under parker-1947: stated answer 12/12; the engine says 7/8" in out.stderr
    report = check_content([str(bad)])
    assert not report.ok and len(report.problems) == 2


def test_somerset_check_reads_the_shipped_lessons_folder() -> None:
    folder = Path(__file__).parents[2] / "engine/src/somerset/content/lessons"
    report = check_content([str(folder)])
    assert report.ok, report.problems
    assert sum(f["entries"] for f in report.files) == sum(len(s.exercises) for s in STAGES)
