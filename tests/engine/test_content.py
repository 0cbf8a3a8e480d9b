"""Content files: the shipped puzzles, rulings and worked examples are read from files inside the
package, and a mistake in a file is reported with the file, the entry and the field."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from somerset.teaching.contentfile import ContentError, ContentFile, split_records
from somerset.teaching.examples import WORKED_EXAMPLES, load_examples
from somerset.teaching.puzzles import PUZZLES, THEMES, load_puzzles
from somerset.teaching.rulings import RULINGS, TOPICS, load_rulings

GOOD_PUZZLE = '''
[[puzzle]]
id = "my-puzzle"
title = "A test"
ruleset = "parker-1947"
theme = "trumps"
kind = "winner"
trump = "8"
trick = "12/12, 10/12, S/S, 11/12"
answer = "S/S"
hint = "Any trump."
explanation = "The S/S is a trump."
'''


def puzzles(text: str) -> tuple:
    return load_puzzles([ContentFile("my.toml", text)], THEMES)


def problem(excinfo: pytest.ExceptionInfo[ContentError]) -> str:
    return str(excinfo.value)


def test_shipped_content_is_read_from_the_package_files():
    root = resources.files("somerset") / "content"
    names = {f.name for f in (root / "puzzles").iterdir()}
    assert "themes.toml" in names and len(names) >= 5
    assert len([p for p in PUZZLES if p.kind not in ("ending", "call", "trump")]) == 47 and len(THEMES) == 12
    assert len([p for p in PUZZLES if p.kind in ("call", "trump")]) == 14
    assert len(RULINGS) == 37 and len(TOPICS) == 9
    assert len(WORKED_EXAMPLES) == 24
    assert {p.file for p in PUZZLES} == {f"puzzles/{n}" for n in names if n != "themes.toml"}


def test_a_good_puzzle_file_reads():
    _, found = puzzles(GOOD_PUZZLE)
    (p,) = found
    assert p.id == "my-puzzle" and p.question == "Which card takes the trick?" and p.answer == ("S/S",)
    assert p.file == "my.toml"


@pytest.mark.parametrize("change, where, words", [
    (("kind = \"winner\"", "kind = \"winer\""), "field 'kind'", "write one of: winner, legal, play, discard, bid, score, ending, call, trump"),
    (("kind = \"winner\"", "kind = \"winner\"\ndifficulty = 1"), "field 'difficulty'", "the engine grades"),
    (("trick = \"12/12, 10/12, S/S, 11/12\"", "trick = \"12/12, 10/13\""), "field 'trick'", "10/13"),
    (("trick = \"12/12, 10/12, S/S, 11/12\"", "trick = \"12/12, 12/12\""), "field 'trick'", "each card exists once"),
    (("theme = \"trumps\"", "theme = \"trump\""), "field 'theme'", "trumps, rover"),
    (("ruleset = \"parker-1947\"", "ruleset = \"parker-1948\""), "field 'ruleset'", "not a known ruleset"),
    (("hint = \"Any trump.\"", "hint = \"Any trump.\"\nhnit = \"x\""), "field 'hnit'", "unknown field"),
    (("hint = \"Any trump.\"", "hint = \"Any trump.\"\nhand = \"4/4\""), "field 'hand'", "does not use this field"),
    (("title = \"A test\"\n", ""), "field 'title'", "required"),
    (("trump = \"8\"", "trump = \"7\""), "field 'trump'", "not a suit"),
    (("answer = \"S/S\"", "answer = [\"S/S\"]"), "field 'answer'", "as text"),
    (("id = \"my-puzzle\"", "id = \"My Puzzle\""), "field 'id'", "lower-case"),
    (("id = \"my-puzzle\"", "id = \"low-trump\""), "", None),  # checked against the shipped ids elsewhere
])
def test_a_mistake_names_the_file_the_entry_and_the_field(change, where, words):
    text = GOOD_PUZZLE.replace(*change)
    if words is None:
        puzzles(text)
        return
    with pytest.raises(ContentError) as e:
        puzzles(text)
    assert problem(e).startswith("my.toml: ")
    assert where in problem(e) and words in problem(e)
    assert "puzzle 'my-puzzle'" in problem(e) or "[[puzzle]]" in problem(e) or "'My Puzzle'" in problem(e)


def test_duplicate_ids_invalid_toml_and_unknown_tables():
    with pytest.raises(ContentError, match="my.toml: puzzle 'my-puzzle': field 'id': the id 'my-puzzle' is already used in my.toml"):
        puzzles(GOOD_PUZZLE + GOOD_PUZZLE)
    with pytest.raises(ContentError, match="my.toml: this is not valid TOML"):
        puzzles(GOOD_PUZZLE.replace('title = "A test"', 'title = "A test'))
    with pytest.raises(ContentError, match=r"'puzzles' is not accepted.*\[\[theme\]\], \[\[puzzle\]\]"):
        puzzles(GOOD_PUZZLE.replace("[[puzzle]]", "[[puzzles]]"))


def test_a_position_the_engine_cannot_solve_is_refused():
    # Five players to the trick (four played, then you) in the four-handed game.
    text = GOOD_PUZZLE.replace('kind = "winner"', 'kind = "play"\nquestion = "Which card wins?"').replace(
        'trick = "12/12, 10/12, S/S, 11/12"', 'trick = "12/12, 10/12, 2/2, 11/12"\nhand = "S/S"')
    with pytest.raises(ContentError, match="my.toml: puzzle 'my-puzzle': the engine cannot solve this position"):
        puzzles(text)


def test_value_answers_are_checked_as_values():
    score = GOOD_PUZZLE.replace('kind = "winner"', 'kind = "score"\nquestion = "What does each side score?"').replace('trump = "8"\n', "").replace(
        'trick = "12/12, 10/12, S/S, 11/12"\n', "bid = 16\nmade = 13\nagainst = 11\n")
    (p,) = puzzles(score.replace('answer = "S/S"', 'answer = "-6 / +22"'))[1]
    assert p.answer == ("-6 / +22",)
    with pytest.raises(ContentError, match="field 'answer'.*such as \"-6 / \\+22\""):
        puzzles(score.replace('answer = "S/S"', 'answer = "-6, 22"'))


GOOD_RULING = '''
[[ruling]]
id = "my-ruling"
topic = "rover"
question = "May I play the 0/0 while I hold the suit led?"
kind = "legal"
rule = "rover_play"
yes = "any time"
no = "only when void"

[ruling.position]
trump = "6"
hand = "0/0, 0/2"
trick = "1/2"
card = "0/0"
'''


def rulings(text: str) -> tuple:
    return load_rulings([ContentFile("r.toml", text)], TOPICS)


def test_a_good_ruling_file_reads_and_answers_every_ruleset():
    (ruling,) = rulings(GOOD_RULING)[1]
    shipped = next(r for r in RULINGS if r.id == "rover-holding-suit")
    assert [ruling.answer(r).short for r in __import__("somerset").RULESETS.values()] == \
        [shipped.answer(r).short.replace("the 0/0 may be played at any time", "any time")
         .replace("only when you cannot follow suit", "only when void")
         for r in __import__("somerset").RULESETS.values()]


@pytest.mark.parametrize("change, words", [
    (('card = "0/0"', 'card = "4/4"'), "field 'position': card must be one card of the hand (in the single pack)"),
    (('trump = "6"', 'trump = "13"'), "field 'position.trump'"),
    (('card = "0/0"', 'card = "0/0"\ncolour = "red"'), "'colour' is not a field of a legal position"),
    (('rule = "rover_play"', 'rule = "rover"'), "field 'rule': 'rover' is not accepted; write one of: pack, formats"),
    (('no = "only when void"\n', ""), "field 'no': this field is required"),
    (('kind = "legal"', 'kind = "winner"'), "'hand' is not a field of a winner position"),
])
def test_a_ruling_mistake_is_named(change, words):
    with pytest.raises(ContentError) as e:
        rulings(GOOD_RULING.replace(*change))
    assert problem(e).startswith("r.toml: ruling 'my-ruling': ") and words in problem(e)


def test_a_ruling_keeps_its_keywords_in_order():
    text = GOOD_RULING.replace('kind = "legal"', 'keywords = ["play the rover", "  may I   play the 0/0 "]\nkind = "legal"')
    (ruling,) = rulings(text)[1]
    assert ruling.keywords == ("play the rover", "may I play the 0/0")
    assert rulings(GOOD_RULING)[1][0].keywords == ()


@pytest.mark.parametrize("keywords, words", [
    ('["rover", "Rover"]', "field 'keywords': 'Rover' is listed twice"),
    ('["rover", " "]', "field 'keywords': a keyword is empty"),
    ('["' + "rover " * 12 + '"]', "is longer than 60 characters"),
    ('["the <b>rover</b>"]', "write plain words"),
    ('[3]', "expected a list of texts"),
])
def test_a_keyword_mistake_is_named(keywords, words):
    with pytest.raises(ContentError) as e:
        rulings(GOOD_RULING.replace('kind = "legal"', f'keywords = {keywords}\nkind = "legal"'))
    assert problem(e).startswith("r.toml: ruling 'my-ruling': ") and words in problem(e)


def test_a_pack_table_changes_the_position_for_that_pack():
    text = GOOD_RULING.replace('card = "0/0"\n', 'card = "0/0"\n\n[ruling.position.single]\nhand = "0/0, 0/6"\n'
                               'trick = "1/6"\n')
    (ruling,) = rulings(text)[1]
    assert ruling.positions["single"]["hand"] == "0/0, 0/6" and ruling.positions["double"]["hand"] == "0/0, 0/2"
    assert ruling.shown["single"] != ruling.shown["double"]


RECORDS = '''# two examples
[Ruleset "parker-1947"]

Trump: 2
Trick 1: [0] 8/8 6/8 4/10 0/2 -> 3

# a comment between records
[Ruleset "parker-1947"]
[Note "a second one"]

Trump: 6
Trick 1: [0] 9/12 11/12 0/0 2/2 -> 3
'''


def test_records_files_hold_records_one_after_another():
    chunks = list(split_records(ContentFile("x.records", RECORDS)))
    assert [numbers[0] for numbers, _ in chunks] == [2, 8]
    texts, examples, files = load_examples([ContentFile("x.records", RECORDS)])
    assert len(texts) == 2 and set(files.values()) == {"x.records"}
    assert list(examples) == ["trick-2-8-8-6-8-4-10-0-2", "trick-6-9-12-11-12-0-0-2-2"]


def test_a_record_that_disagrees_names_the_file_and_its_line():
    with pytest.raises(ContentError) as e:
        load_examples([ContentFile("x.records", RECORDS.replace("2/2 -> 3", "2/2 -> 1"))])
    assert problem(e).startswith("x.records: the record at line 8: line 12: under Parker 1947, 'Trick 1:")
    with pytest.raises(ContentError, match="x.records: line 1: a record starts with its tags"):
        load_examples([ContentFile("x.records", "Trump: 2\n")])


# --- somerset check on content files --------------------------------------------------------------

def _cli(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "somerset_tools", *args], capture_output=True, text=True, timeout=120)


def test_check_reads_the_shipped_content_folder():
    from somerset.teaching.content_check import check_content

    root = str(resources.files("somerset") / "content")
    report = check_content([root])
    assert report.ok, report.problems
    kinds = {f["kind"] for f in report.files}
    assert kinds == {"puzzles", "rulings", "examples", "lessons", "first-deals"}
    assert sum(f["entries"] for f in report.files if f["kind"] == "puzzles") == len(PUZZLES)
    assert sum(f["entries"] for f in report.files if f["kind"] == "rulings") == len(RULINGS)
    assert sum(f["entries"] for f in report.files if f["kind"] == "examples") == len(WORKED_EXAMPLES)


def test_check_a_contributors_file(tmp_path):
    mine = tmp_path / "my-puzzles.toml"
    mine.write_text(GOOD_PUZZLE, encoding="utf-8")
    out = _cli("check", str(mine))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"ok: {mine}: 1 puzzle, every stated answer agrees with the engine"
    # A wrong stated answer, an id the shipped puzzles already use, a misspelt field: each named.
    mine.write_text(GOOD_PUZZLE.replace('answer = "S/S"', 'answer = "11/12"'), encoding="utf-8")
    out = _cli("check", str(mine))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == f"somerset check: {mine}: puzzle 'my-puzzle': stated answer 11/12; the engine says S/S"
    mine.write_text(GOOD_PUZZLE.replace('"my-puzzle"', '"low-trump"'), encoding="utf-8")
    out = _cli("check", str(mine))
    assert "field 'id': the id 'low-trump' is already used in puzzles/trumps.toml" in out.stderr
    rulings_file = tmp_path / "rulings" / "rover.toml"  # takes the place of the shipped file of that name
    rulings_file.parent.mkdir()
    rulings_file.write_text(GOOD_RULING.replace("trick = ", "trik = "), encoding="utf-8")
    out = _cli("check", str(tmp_path / "rulings"), "--json")
    assert out.returncode == 2 and "'trik' is not a field of a legal position" in out.stderr
    records = tmp_path / "mine.records"
    records.write_text(RECORDS, encoding="utf-8")
    data = json.loads(_cli("check", str(records), "--json").stdout)
    assert data["ok"] and data["files"] == [{"file": str(records), "kind": "examples", "entries": 2,
                                             "entry": "worked example"}]
    (tmp_path / "other.toml").write_text("[[pzzle]]\n", encoding="utf-8")
    out = _cli("check", str(tmp_path / "other.toml"))
    assert out.returncode == 2 and "holds [[puzzle]] and [[theme]] tables" in out.stderr


# --- the contributors' page -------------------------------------------------------------------------

DOCS = __import__("pathlib").Path(__file__).resolve().parents[2] / "docs"


def test_the_contributors_page_examples_pass_the_check():
    from somerset.teaching.content_check import check_content

    for name in ("example-puzzle.toml", "example-ruling.toml"):
        report = check_content([str(DOCS / "includes" / name)])
        assert report.ok and report.files[0]["entries"] == 1, report.problems
        assert f'--8<-- "includes/{name}"' in (DOCS / "contribute.md").read_text(encoding="utf-8")


def test_the_contributors_page_shows_the_message_the_check_gives(tmp_path, monkeypatch):
    page = (DOCS / "contribute.md").read_text(encoding="utf-8")
    shown = next(line.strip() for line in page.splitlines() if line.strip().startswith("somerset check: my-puzzles"))
    text = (DOCS / "includes" / "example-puzzle.toml").read_text(encoding="utf-8")
    (tmp_path / "my-puzzles.toml").write_text(text.replace("10/10", "10/13"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = _cli("check", "my-puzzles.toml")
    assert out.returncode == 2 and out.stderr.strip() == shown


def test_the_content_modules_doctests():
    import doctest

    import somerset.teaching.contentfile
    import somerset.teaching.puzzles
    import somerset.teaching.rulings

    for module in (somerset.teaching.contentfile, somerset.teaching.puzzles, somerset.teaching.rulings):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted >= 1 and result.failed == 0, module.__name__


# --- checking one file proves that file, not the shipped ones beside it ----------------------------

LESSON = '''
[stage]
id = "my-stage"
title = "My stage"
order = 50
theme = "follow"

[[exercise]]
id = "my-take"
kind = "take"
rulesets = ["parker-1947"]
task = "Trump is /2: tap the card that takes the trick."
trump = "2"
trick = "5/8, 7/8, 12/12, 2/8"
answer = "7/8"
'''


def test_checking_one_file_proves_only_its_entries(tmp_path, monkeypatch):
    """``somerset check FILE`` reads the shipped files of its kind beside it (for themes and ids) but
    hands the proofs only the entries of FILE, counted by file: the shipped ones are proven by the
    site's build."""
    from somerset.teaching import first_deals, lessons, puzzles
    from somerset.teaching.content_check import check_content

    proven: list[str] = []
    check_puzzles, check_lessons, deal_problems = puzzles.check_all, lessons.check_all, first_deals.first_deal_problems
    monkeypatch.setattr(puzzles, "check_all", lambda chosen=None: proven.extend(p.file for p in chosen or ()) or
                        check_puzzles(chosen))
    monkeypatch.setattr(lessons, "check_all", lambda chosen=None: proven.extend(s.file for s in chosen or ()) or
                        check_lessons(chosen))
    monkeypatch.setattr(first_deals, "first_deal_problems", lambda d: proven.append(d.file) or deal_problems(d))

    puzzle = tmp_path / "my-puzzles.toml"
    puzzle.write_text(GOOD_PUZZLE, encoding="utf-8")
    lesson = tmp_path / "my-lesson.toml"
    lesson.write_text(LESSON, encoding="utf-8")
    folder = tmp_path / "first-deals"
    folder.mkdir()
    deal = folder / "parker-1947.toml"
    deal.write_text((resources.files("somerset") / "content" / "first-deals" / "parker-1947.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    report = check_content([str(puzzle), str(lesson), str(deal)])
    assert report.ok, report.problems
    assert [f["entries"] for f in report.files] == [1, 1, 1]
    assert sorted(proven) == sorted([str(deal), str(lesson), str(puzzle)]), proven
