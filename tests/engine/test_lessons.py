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
from somerset.teaching.lessons import STAGES, LessonError, check_all, exercise_record, lessons_data, load_lessons
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


def test_every_stage_teaches_every_ruleset_something_or_the_page_says_under_which() -> None:
    # Each ruleset has exercises in most stages; a stage without any for it is shown under another.
    for r in RULESETS:
        covered = [s.id for s in STAGES if any(r in e.rulesets for e in s.exercises)]
        assert len(covered) >= 4, (r, covered)


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
         "exercise 'my-take': field 'kind': 'guess' is not accepted; write one of: take, legal, play, discard, score, bid, trump"),
        (STAGE + TAKE.format(answer="7/8").replace('rulesets = ["parker-1947", "parker-1934"]', 'rulesets = ["parker-1974"]'),
         "exercise 'my-take': field 'rulesets': 'parker-1974' is not a known ruleset"),
        (STAGE + TAKE.format(answer="7/8") + 'hand = "2/8"\n',
         "exercise 'my-take': field 'hand': a take exercise does not use this field; it uses: trump, trick, format"),
        (STAGE + TAKE.format(answer="7/8") + 'colour = "red"\n', "exercise 'my-take': field 'colour': unknown field"),
        (STAGE + TAKE.format(answer="7/8").replace('task = "Trump is /2: tap the card that takes the trick."\n', ""),
         "exercise 'my-take': field 'task': this field is required"),
        ("[stage\n", "lessons/my.toml: this is not valid TOML"),
        (STAGE + "[[puzzle]]\nid = 'p'\n", "'puzzle' is not accepted at the top of the file"),
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
