"""MkDocs hook: write the puzzle trainer's data into the built site.

After every build this writes ``<site>/assets/data/puzzles.json``: every puzzle's trainer record
(the answer, the hint, the solution and a refutation of every wrong choice, worked out by the
engine now, so that the trainer page judges answers without starting the engine), with the themes,
the rulesets and their packs (``somerset.service.trainer.trainer_data``). It is a plain static file, fetched
by ``widgets/trainer/trainer.js`` and cacheable like any other asset. The build fails, naming the puzzle and
the step, when a record does not hold or does not give the engine's answer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

#: Where the document goes, relative to the site; widgets/trainer/trainer.js fetches it from there.
DATA_PATH = "assets/data/puzzles.json"


def build_document() -> str:
    """The document as written: compact JSON, keys in a fixed order, so that builds compare equal."""
    from somerset.service.trainer import TrainerError, trainer_data

    try:
        data = trainer_data()
    except TrainerError as e:
        raise PluginError(f"hooks/trainer.py: {e}") from e
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def on_post_build(config: Any, **kwargs: Any) -> None:
    out = Path(config["site_dir"]) / DATA_PATH
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(build_document(), encoding="utf-8")
