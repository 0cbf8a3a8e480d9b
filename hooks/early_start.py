"""MkDocs hook: a tool page opened from a link with a position starts the engine from its head.

A tool with ``permalink`` (``<somerset-trick permalink ...>``) opened from an address that names
any of its fields (``?rules=...&cards=...``) starts the rules engine by itself: the reader came for
that answer. The widget's module runs only after the page and Material's bundle are parsed and
loaded (about 0.2 s on a second visit, 0.5 s on a first, on this project's test machine), so such
a page gets a small inline script in its ``<head>`` (hooks/early_start.js) that starts the
engine's Web Worker at once when the address names one of the tool's fields. The worker's own
start (Pyodide, the snapshot) then overlaps the page's. ``widgets/engine.js`` takes that worker
over, with the messages it has sent so far, when the widget asks for the engine (see
``takeEarlyWorker``); when the script fails, the widget starts the engine itself as before. The
same script holds Material's search index back until the engine is ready or the reader turns to
the search box: building the index competes with the engine's start for the machine.

The fields are the widget's own (``static fields`` in ``widgets/<name>.js``, or the constant it
names), read from the module here so that they have one home. Only widgets built on ui.js's
``Widget`` start from their address (the trainer, for one, judges without the engine); one that
starts from its address only in some cases says ``static startsFromHead = false`` and gets no
script (the score pad, which needs no engine to show the device's own pad). The build fails when
a permalink widget's fields cannot be read.

Material's instant navigation does not run a new page's head scripts: a tool page reached that way
starts the engine from its widget as before (in the same visit the engine is usually running). The
script does nothing when an engine is already running or waiting in this page. The
Content-Security-Policy (hooks/csp.py) allows the script by its hash, like any inline script.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

WORKER = "assets/widgets/worker.js"
SEARCH_INDEX = "search/search_index.json"  # Material's

_PERMALINK_TOOL = re.compile(r"<somerset-([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b[^>]*\spermalink\b", re.I)
_FIELDS = re.compile(r"^\s*static\s+fields\s*=\s*(\[[^\]]*\]|[A-Za-z_$][\w$]*)\s*;", re.M)
_NO_EARLY = re.compile(r"^\s*static\s+startsFromHead\s*=\s*false\s*;", re.M)
_WIDGET = re.compile(r"\bclass\s+\w+\s+extends\s+Widget\b")
_CHARSET = re.compile(r"<meta\s+charset=[\"']?utf-8[\"']?\s*/?>", re.I)


def widget_fields(module: Path) -> list[str] | None:
    """The address fields of the widget in `module`, or None when its engine is not started from
    the page's head (not built on ui.js's Widget, whose start from the address this mirrors, or
    ``static startsFromHead = false``). Raises PluginError when they cannot be read."""
    try:
        text = module.read_text(encoding="utf-8")
    except OSError as e:
        raise PluginError(f"hooks/early_start.py: cannot read {module} ({e.strerror})") from e
    if not _WIDGET.search(text) or _NO_EARLY.search(text):
        return None
    found = _FIELDS.search(text)
    if not found:
        raise PluginError(f"hooks/early_start.py: {module.name} has no `static fields = [...]` to read the address fields from")
    value = found.group(1)
    if not value.startswith("["):
        const = re.search(rf"^const\s+{re.escape(value)}\s*=\s*(\[[^\]]*\])\s*;", text, re.M)
        if not const:
            raise PluginError(f"hooks/early_start.py: {module.name} names `{value}` as its fields, but no `const {value} = [...]` was found")
        value = const.group(1)
    try:
        fields = json.loads(value)
    except ValueError as e:
        raise PluginError(f"hooks/early_start.py: the fields of {module.name} are not a list of quoted names: {value}") from e
    if not (isinstance(fields, list) and fields and all(isinstance(f, str) and re.fullmatch(r"[a-z][a-z0-9_-]*", f) for f in fields)):
        raise PluginError(f"hooks/early_start.py: the fields of {module.name} are not a list of lower-case names: {value}")
    return fields


TEMPLATE = Path(__file__).with_name("early_start.js")
_PLACEHOLDER = re.compile(r"\b(FIELDS|WORKER|SEARCH_INDEX)\b")


def early_script(fields: list[str], worker_url: str, search_index_url: str) -> str:
    """The inline script (hooks/early_start.js with its placeholders filled in, without comments or
    indentation)."""
    lines = []
    for line in TEMPLATE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("//"):
            lines.append(line)
    values = {"FIELDS": fields, "WORKER": worker_url, "SEARCH_INDEX": search_index_url}
    script = _PLACEHOLDER.sub(lambda m: json.dumps(values[m.group(1)]), "\n".join(lines))
    if "</" in script:
        raise PluginError("hooks/early_start.py: the early start would close its own <script> element")
    return script


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    tags = sorted({m.group(1).lower() for m in _PERMALINK_TOOL.finditer(output)})
    if not tags:
        return output
    widgets = Path(config["config_file_path"]).resolve().parent / "widgets"
    fields: list[str] = []
    for tag in tags:
        found = widget_fields(widgets / f"{tag}.js")
        if found:
            fields += [f for f in found if f not in fields]
    if not fields:
        return output
    charset = _CHARSET.search(output)
    if not charset:
        raise PluginError(f"hooks/early_start.py: {page.file.src_uri} has no <meta charset> to put the engine's early start after")
    here = page.url or ""
    script = f"<script>{early_script(fields, get_relative_url(WORKER, here), get_relative_url(SEARCH_INDEX, here))}</script>"
    return output[: charset.end()] + script + output[charset.end():]
