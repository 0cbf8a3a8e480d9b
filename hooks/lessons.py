"""MkDocs hook: write the Learn section's exercises and guided deals into the built site.

After every build it writes ``<site>/assets/data/lessons.json``
(``somerset.teaching.lessons.lessons_data``: every stage with, for each exercise and each ruleset it
claims, the engine's answer and a refutation of every wrong choice) and
``<site>/assets/data/first-deals.json`` (``somerset.service.first_deal.first_deals_data``: each
guided deal as its page plays it). The build fails, naming the file and the entry, when a stated
answer is not the engine's, when a stage has no page ``learn/<id>.md`` holding its
``<somerset-lesson stage="<id>">``, or when a guided deal does not play as its file says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

#: Where the document goes, relative to the site; the lesson widgets fetch it from there.
DATA_PATH = "assets/data/lessons.json"
#: Where the guided deals go, relative to the site.
FIRST_DEALS_PATH = "assets/data/first-deals.json"


def build_document() -> str:
    """The document as written: compact JSON, keys in a fixed order, so that builds compare equal."""
    from somerset.teaching.lessons import LessonError, lessons_data

    try:
        data = lessons_data()
    except LessonError as e:
        raise PluginError(f"hooks/lessons.py: {e}") from e
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def first_deals_document() -> str:
    """The guided deals as written (compact JSON, keys in a fixed order)."""
    from somerset.rules.errors import SomersetError

    try:
        from somerset.service.first_deal import first_deals_data  # reading the files checks their fields

        data = first_deals_data()
    except SomersetError as e:
        raise PluginError(f"hooks/lessons.py: {e}") from e
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def page_problems(docs_dir: Path) -> list[str]:
    """Every stage without its page, or whose page does not hold its widget."""
    from somerset.teaching.lessons import STAGES

    out = []
    for s in STAGES:
        page = docs_dir / s.page
        tag = f'<somerset-lesson stage="{s.id}"'
        if not page.is_file():
            out.append(f"{s.file}: stage '{s.id}' has no page {s.page}")
        elif tag not in page.read_text(encoding="utf-8"):
            out.append(f"{s.page} does not hold {tag}> for the stage of {s.file}")
    return out


def on_post_build(config: Any, **kwargs: Any) -> None:
    problems = page_problems(Path(config["docs_dir"]))
    if problems:
        raise PluginError("hooks/lessons.py: " + "; ".join(problems))
    out = Path(config["site_dir"]) / DATA_PATH
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(build_document(), encoding="utf-8")
    (Path(config["site_dir"]) / FIRST_DEALS_PATH).write_text(first_deals_document(), encoding="utf-8")
