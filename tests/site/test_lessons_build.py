"""The Learn section in the build: hooks/lessons.py writes assets/data/lessons.json equal to the engine's
document (and precached for offline reading), every stage page holds its exercises with a line for
readers without JavaScript and its closed "How the other rulesets differ" panel of generated
tables, the Learn index holds the map over a plain list of the stages, and the hook refuses a stage
without its page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hook_loader import hook
from mkdocs.exceptions import PluginError

from somerset.teaching.lessons import STAGES, lessons_data


def test_the_lesson_data_is_a_static_file_equal_to_the_engines(built_site: Path) -> None:
    path = built_site / "assets" / "data" / "lessons.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(lessons_data()))
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    build = json.loads(re.search(r"^const BUILD = (\{.*\});$", sw, re.M).group(1))
    assert "assets/data/lessons.json" in {p for p, _ in build["precache"]}


def test_the_guided_deals_are_a_static_file_equal_to_the_engines(built_site: Path) -> None:
    from somerset.service.first_deal import first_deals_data

    path = built_site / "assets" / "data" / "first-deals.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(first_deals_data()))
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    build = json.loads(re.search(r"^const BUILD = (\{.*\});$", sw, re.M).group(1))
    assert "assets/data/first-deals.json" in {p for p, _ in build["precache"]}


def test_every_stage_page_holds_its_exercises_and_a_closed_panel_of_the_other_rulesets(built_site: Path) -> None:
    for stage in STAGES:
        html = (built_site / "learn" / stage.id / "index.html").read_text(encoding="utf-8")
        assert f'<somerset-lesson stage="{stage.id}">' in html
        assert "The exercises need JavaScript" in html
        m = re.search(r"<details class=\"note\">\s*<summary>How the other rulesets differ</summary>(.*?)</details>", html, re.S)
        assert m, stage.id
        assert "<table" in m.group(1), f"{stage.id}: the panel holds no generated table"
        assert "Where the rulesets part ways" not in html


def test_the_learn_index_holds_the_map_over_a_plain_list_of_the_stages(built_site: Path) -> None:
    html = (built_site / "learn" / "index.html").read_text(encoding="utf-8")
    m = re.search(r"<somerset-lesson-map>(.*?)</somerset-lesson-map>", html, re.S)
    assert m
    for stage in STAGES:
        assert f'href="{stage.id}/"' in m.group(1), stage.id
    assert 'href="first-deal/"' in m.group(1)  # the guided first deal, on the map too
    assert 'href="second-deal/"' in m.group(1)  # and the deal with a decision


def test_the_hook_refuses_a_stage_without_its_page(tmp_path: Path) -> None:
    lessons = hook("lessons")
    docs = tmp_path / "docs"
    (docs / "learn").mkdir(parents=True)
    problems = lessons.page_problems(docs)
    assert f"{STAGES[0].file}: stage '{STAGES[0].id}' has no page learn/{STAGES[0].id}.md" in problems
    (docs / "learn" / f"{STAGES[0].id}.md").write_text("# A page without its exercises\n", encoding="utf-8")
    assert f"learn/{STAGES[0].id}.md does not hold <somerset-lesson stage=\"{STAGES[0].id}\"> for the stage of {STAGES[0].file}" in lessons.page_problems(docs)
    with pytest.raises(PluginError, match="has no page"):
        lessons.on_post_build({"docs_dir": str(docs), "site_dir": str(tmp_path / "site")})


def test_the_build_fails_on_a_stated_answer_the_engine_does_not_give(monkeypatch: pytest.MonkeyPatch) -> None:
    import somerset.teaching.lessons as lessons_module
    from somerset.teaching.contentfile import ContentFile

    text = (Path(lessons_module.__file__).parents[1] / "content" / "lessons" / "tricks.toml").read_text(encoding="utf-8")
    wrong = text.replace('trick = "5/8, 7/8, 12/12, 2/8"\nanswer = "7/8"', 'trick = "5/8, 7/8, 12/12, 2/8"\nanswer = "12/12"')
    assert wrong != text
    monkeypatch.setattr(lessons_module, "STAGES", lessons_module.load_lessons([ContentFile("lessons/tricks.toml", wrong)]))
    with pytest.raises(PluginError) as excinfo:
        hook("lessons").build_document()
    assert ("lessons/tricks.toml: exercise 'tricks-suit-led-wins' under parker-1947: stated answer 12/12; "
            "the engine says 7/8") in str(excinfo.value)
