"""MkDocs hook: the engine's fixed answers, written into the built site for the tools' inputs.

After every build it writes ``<site>/assets/data/inputs.json`` (``build_document``: ``{"answers":
[[request, answer], ...]}``), ``somerset.api.handle``'s answers to the ``requests()`` whose answers
change only with the engine (``rulesets``, every ``pack``, ``info``), each request in the JSON text
``askOnce`` (widgets/base/build-data.js) writes; the build fails when the engine refuses one. A
tool page carries the same document in its head (``BLOCK_ID``, a JSON data block), and the score
pad's page also the answers for an empty game (``pad_requests``, in the key order of
``padRequest`` in widgets/pad/game.js). Why: develop/runtime.md, "Before the engine: the inputs".
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
