"""MkDocs hook: the engine's fixed answers, written into the built site for the tools' inputs.

After every build this writes ``<site>/assets/data/inputs.json``: ``{"answers": [[request, answer],
...]}``, the engine's answers (``somerset.api.handle``) to the requests whose answers change only
with the engine itself: the rulesets with their trumps, formats, options and seats
(``{"cmd":"rulesets"}``), every pack (``{"cmd":"pack","deck":...}``: the card pad's cards) and the
limits (``{"cmd":"info"}``). Each request is the JSON text ``widgets/base/ui.js`` (``askOnce``) writes
for it, so the tools fill their inputs from this file while the engine is still downloading, and
the answer comes the moment it is ready. The answers are the engine's own, so nothing is copied by
hand; the build fails when the engine refuses one of them.

A tool page (a widget with ``permalink``) carries the same document in its head, as a JSON data
block (``<script type="application/json" id="somerset-fixed-answers">``, not run, so outside the
Content-Security-Policy's script hashes): its inputs are drawn in the same task that defines the
widget, without waiting for a request that shares a slow link with the engine's download, or for
Material's bundle to free the main thread. About 3 kB compressed per tool page; every other page
fetches the file once, when a widget asks.

A page with the score pad (``<somerset-pad``) carries more in its block: the engine's answer for an
empty game under every ruleset, optional rule and format (``{"cmd":"pad","rules":...,"deals":[],
"option":...,"format":...}``, the key order of ``padRequest`` in widgets/pad/game.js, names left to the
engine). The pad draws its sides, its bid and points fields and Everyone passed from them, so a deal
can be written down while the engine downloads (about 3 kB more, compressed, on that page only).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

#: Where the document goes, relative to the site; widgets/base/ui.js fetches it from there.
DATA_PATH = "assets/data/inputs.json"


def requests() -> list[dict[str, str]]:
    """The requests answered, in the key order widgets/base/ui.js writes them."""
    from somerset.api import handle

    rulesets = json.loads(handle(json.dumps({"cmd": "rulesets"})))
    decks = sorted({r["deck"] for r in rulesets.get("rulesets", [])})
    return [{"cmd": "info"}, {"cmd": "rulesets"}] + [{"cmd": "pack", "deck": d} for d in decks]


def pad_requests() -> list[dict[str, Any]]:
    """An empty score pad under every ruleset, optional rule (none first) and the formats it allows,
    in the key order widgets/pad/game.js (padRequest) writes."""
    from somerset.api import handle

    out: list[dict[str, Any]] = []
    for r in json.loads(handle(json.dumps({"cmd": "rulesets"}))).get("rulesets", []):
        for option in [None, *r["options"]]:
            allowed = option["formats"] if option and option["formats"] else [f["id"] for f in r["formats"]]
            for f in r["formats"]:
                if f["id"] not in allowed:
                    continue
                request: dict[str, Any] = {"cmd": "pad", "rules": r["id"], "deals": []}
                if option:
                    request["option"] = option["id"]
                request["format"] = f["id"]
                out.append(request)
    return out


def _answers(requests_: list[dict[str, Any]]) -> list[list[Any]]:
    from somerset.api import handle

    answers: list[list[Any]] = []
    for request in requests_:
        key = json.dumps(request, separators=(",", ":"))
        answer = json.loads(handle(key))
        if not isinstance(answer, dict) or "error" in answer:
            raise PluginError(f"hooks/inputs.py: the engine refused {key}: {answer}")
        answers.append([key, answer])
    return answers


def _write(answers: list[list[Any]]) -> str:
    return json.dumps({"answers": answers}, ensure_ascii=False, separators=(",", ":")) + "\n"


def build_document() -> str:
    """The document as written: compact JSON, in a fixed order, so that builds compare equal."""
    return _write(_answers(requests()))


def pad_document(document: str) -> str:
    """The document of a page with the score pad: `document`'s answers, then every empty pad's."""
    return _write(json.loads(document)["answers"] + _answers(pad_requests()))


_TOOL = re.compile(r"<somerset-[a-z][a-z0-9-]*\b[^>]*\spermalink\b", re.I)
#: The id of the data block in a tool page's head; widgets/base/ui.js (fixedAnswers) reads it.
BLOCK_ID = "somerset-fixed-answers"
_document: str | None = None
_pad_document: str | None = None
_PAD = re.compile(r"<somerset-pad\b", re.I)


def data_block(document: str) -> str:
    """The document as a JSON data block; `<` escaped so that nothing in it can close the element."""
    text = document.strip().replace("<", "\\u003c")
    return f'<script type="application/json" id="{BLOCK_ID}">{text}</script>'


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    global _document, _pad_document
    if not _TOOL.search(output):
        return output
    if _document is None:
        _document = build_document()
    document = _document
    if _PAD.search(output):
        if _pad_document is None:
            _pad_document = pad_document(_document)
        document = _pad_document
    head_end = output.index("</head>")
    return output[:head_end] + data_block(document) + output[head_end:]


def on_post_build(config: Any, **kwargs: Any) -> None:
    global _document, _pad_document
    out = Path(config["site_dir"]) / DATA_PATH
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(_document or build_document(), encoding="utf-8")
    _document = None
    _pad_document = None
