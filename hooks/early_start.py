"""MkDocs hook: a tool page opened from a link with a position starts the engine from its head.

A tool with ``permalink`` (``<somerset-trick permalink ...>``) opened from an address that names
any of its fields (``?rules=...&cards=...``) starts the rules engine by itself: the reader came for
that answer. The widget's module runs only after the page and Material's bundle are parsed and
loaded (about 0.2 s on a second visit, 0.5 s on a first, on this project's test machine), so such
a page gets a small inline script in its ``<head>`` (widgets/engine/early-start.js) that starts the
engine's Web Worker at once when the address names one of the tool's fields. The worker's own
start (Pyodide, the snapshot) then overlaps the page's. ``widgets/engine/engine.js`` takes that worker
over, with the messages it has sent so far, when the widget asks for the engine (see
``takeEarlyWorker``); when the script fails, the widget starts the engine itself as before. The
same script holds Material's search index back until the engine is ready or the reader turns to
the search box: building the index competes with the engine's start for the machine. On a visit
the service worker does not serve, it also asks for Pyodide's WebAssembly module, the engine's
largest download, at once and hands the download to the worker (see widgets/engine/early-start.js). It
holds Material's bundle back as well, until the tool has answered, and a link followed meanwhile
until the bundle has run (see widgets/engine/early-start.js and develop/runtime.md): the build fills in the
bundle's address, and fails when such a page runs no bundle of Material's.

The fields, and whether a widget starts from the head at all, come from the widgets' manifest
(``widgets/manifest.js``: ``fields`` and ``headStart``), which ``widgets/main.js`` reads too, so
that they have one home. A widget with ``headStart: false`` gets no script (the score pad, which
needs no engine to show the device's own pad; the trainer, which judges without the engine). The
build fails when the manifest cannot be read or a permalink widget is not in it.

Material's instant navigation does not run a new page's head scripts: a tool page reached that way
starts the engine from its widget as before (in the same visit the engine is usually running). The
script does nothing when an engine is already running or waiting in this page. The
Content-Security-Policy (hooks/csp.py) allows the script by its hash, like any inline script.

The same hook starts the widgets themselves sooner, on every page with a widget:

* the page's head lists its widgets' whole module graph as ``<link rel="modulepreload">``
  (``widgets/main.js``, the manifest, each widget's module and everything it imports, read from
  the modules' static relative imports, ``import ... from "./x.js"`` or ``"../base/ui.js"``): the
  browser fetches them all at once while it reads the page, instead of one round trip per level of
  imports after the page has run its scripts. They stand right after the head's last stylesheet,
  before Material's first inline script: that script waits for the stylesheets, and links after it
  are asked for only once the stylesheets have arrived, and on a tool page opened from a link that
  is after the engine's worker has asked for its first megabytes, which on a phone's slow link
  hold the browser's few connections to the site. The build's fixed answers are not preloaded: a
  tool page carries them (hooks/inputs.py), and elsewhere the widgets that read them (the ruleset
  pages' replays) ask for them as they are drawn, while the page is still being read, which
  Chromium does not match to a preload: it would fetch the file twice and warn of an unused
  preload at every visit;
* on a page whose widgets are all empty elements (the tools and the replays; not the Learn pages,
  whose widgets hold the text shown without JavaScript, which a widget defined before the parser
  has read it would miss), ``widgets/main.js`` moves from the end of the body into the head, and
  the page's widget modules join it there, all as ``async`` modules: each widget is defined, and
  drawn, as soon as its module has arrived, instead of after Material's bundle (a parser-blocking
  script that takes 0.4 s of a phone's CPU) and a dynamic import by main.js; main.js follows
  Material's ``document$`` from DOMContentLoaded on. Material's bundle there gets ``defer``: it
  already stands at the end of the body, so it still runs on the whole page before
  DOMContentLoaded, but it no longer holds the parser while it runs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

WORKER = "assets/widgets/engine/worker.js"
MODULE = "assets/pyodide/pyodide.asm.wasm.zst"  # hooks/assets.py (PACKED_WASM), widgets/engine/worker.js (PACKED_WASM_URL)
SEARCH_INDEX = "search/search_index.json"  # Material's

_PERMALINK_TOOL = re.compile(r"<somerset-([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b[^>]*\spermalink\b", re.I)
_CHARSET = re.compile(r"<meta\s+charset=[\"']?utf-8[\"']?\s*/?>", re.I)
_MANIFEST_START = "export const WIDGETS ="
_FIELD = re.compile(r"[a-z][a-z0-9_-]*")


def read_manifest(path: Path) -> dict[str, dict[str, Any]]:
    """The widgets' manifest (widgets/manifest.js): tag -> {module, fields, headStart, stylesheet}.
    Raises PluginError, saying what is wrong, when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PluginError(f"hooks/early_start.py: cannot read the widgets' manifest {path} ({e.strerror})") from e
    found = re.search(rf"^{re.escape(_MANIFEST_START)}", text, re.M)
    if not found:
        raise PluginError(f"hooks/early_start.py: {path.name} has no `{_MANIFEST_START} {{...}};`")
    body = text[found.end():].strip()
    if body.endswith(";"):
        body = body[:-1]
    try:
        manifest = json.loads(body)
    except ValueError as e:
        raise PluginError(f"hooks/early_start.py: the widgets' manifest {path.name} is not strict JSON after `{_MANIFEST_START}` ({e})") from e
    if not isinstance(manifest, dict):
        raise PluginError(f"hooks/early_start.py: the widgets' manifest {path.name} is not an object of tags")
    for tag, entry in manifest.items():
        fields = entry.get("fields") if isinstance(entry, dict) else None
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("module"), str)
            and isinstance(entry.get("headStart"), bool)
            and isinstance(fields, list)
            and all(isinstance(f, str) and _FIELD.fullmatch(f) for f in fields)
        ):
            raise PluginError(
                f"hooks/early_start.py: {path.name}: {tag} needs a module, headStart (true or false) and "
                f"fields (lower-case names): {entry}"
            )
        if entry["headStart"] and not fields:
            raise PluginError(f"hooks/early_start.py: {path.name}: {tag} starts from the head but names no fields")
    return manifest


def widget_fields(manifest: dict[str, dict[str, Any]], tag: str) -> list[str] | None:
    """The address fields that start `tag`'s engine from the page's head, or None when it does not
    start from the head. Raises PluginError for a tag the manifest does not list."""
    entry = manifest.get(tag)
    if entry is None:
        raise PluginError(f"hooks/early_start.py: <{tag}> is on a page but not in widgets/manifest.js")
    return list(entry["fields"]) if entry["headStart"] else None


TEMPLATE = Path(__file__).resolve().parent.parent / "widgets" / "engine" / "early-start.js"
_PLACEHOLDER = re.compile(r"\b(FIELDS|WORKER|MODULE|SEARCH_INDEX|THEME)\b")


def early_script(fields: list[str], worker_url: str, module_url: str, search_index_url: str, theme_url: str) -> str:
    """The inline script (widgets/engine/early-start.js with its placeholders filled in, without comments or
    indentation)."""
    lines = []
    for line in TEMPLATE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("//"):
            lines.append(line)
    values = {"FIELDS": fields, "WORKER": worker_url, "MODULE": module_url, "SEARCH_INDEX": search_index_url, "THEME": theme_url}
    script = _PLACEHOLDER.sub(lambda m: json.dumps(values[m.group(1)]), "\n".join(lines))
    if "</" in script:
        raise PluginError("hooks/early_start.py: the early start would close its own <script> element")
    return script


_WIDGET = re.compile(r"<(somerset-[a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b[^>]*>(.*?)</\1\s*>", re.I | re.S)
_STATIC_IMPORT = re.compile(r"""\b(?:import|export)\s+(?:[^;"'`]*?\bfrom\s*)?["'](\.\.?/[^"']+\.js)["']""")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_LINE_COMMENT = re.compile(r"^\s*//.*$", re.M)
ENTRY = "main.js"  # widgets/main.js, the widgets' entry point (mkdocs.yml: extra_javascript)
WIDGETS_URL = "assets/widgets/"
_STYLESHEET = re.compile(r'<link\b[^>]*\brel="stylesheet"[^>]*>')
_THEME_BUNDLE = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"(?: defer)?>')


def static_imports(path: Path, widgets: Path | None = None) -> list[str]:
    """The modules `path` imports statically by a relative address (``import ... from "./x.js"``,
    ``from "../base/ui.js"``, ``export ... from``, ``import "./x.js"``), in order, comments left
    out, each as its path relative to `widgets` (the folder `path` is in when None); dynamic
    ``import()`` is not followed. Raises PluginError for an import that leaves `widgets`."""
    root = (widgets or path.parent).resolve()
    text = _LINE_COMMENT.sub("", _BLOCK_COMMENT.sub("", path.read_text(encoding="utf-8")))
    found: list[str] = []
    for m in _STATIC_IMPORT.finditer(text):
        target = (path.resolve().parent / m.group(1)).resolve()
        if not target.is_relative_to(root):
            raise PluginError(f"hooks/early_start.py: {path.name} imports {m.group(1)}, outside {root}")
        rel = target.relative_to(root).as_posix()
        if rel not in found:
            found.append(rel)
    return found


def module_graph(widgets: Path, modules: list[str]) -> list[str]:
    """`modules` and every module they import, directly or not, each once, in the order met.
    Raises PluginError for an import of a file that is not there."""
    order: list[str] = []
    todo = list(modules)
    while todo:
        name = todo.pop(0)
        if name in order:
            continue
        path = widgets / name
        if not path.is_file():
            raise PluginError(f"hooks/early_start.py: the widgets' module graph names {name}, which is not in {widgets}")
        order.append(name)
        todo += [m for m in static_imports(path, widgets) if m not in order]
    return order


def widget_links(output: str, here: str, widgets: Path, manifest: dict[str, dict[str, Any]]) -> str:
    """The page with its widgets' modules preloaded from the head, and widgets/main.js run from the
    head when every widget on it is an empty element (see the docstring); unchanged without widgets."""
    found = [(m.group(1).lower(), m.group(2)) for m in _WIDGET.finditer(output)]
    if not found:
        return output
    modules = [ENTRY, "manifest.js"]
    for tag, _ in found:
        entry = manifest.get(tag)
        if entry is None:
            raise PluginError(f"hooks/early_start.py: <{tag}> is on a page but not in widgets/manifest.js")
        if entry["module"] not in modules:
            modules.append(entry["module"])
    base = get_relative_url(WIDGETS_URL, here).rstrip("/") + "/"
    links = [f'<link rel="modulepreload" href="{base}{name}">' for name in module_graph(widgets, modules)]
    entry_tag = f'<script src="{base}{ENTRY}" type="module"></script>'
    if all(not content.strip() for _, content in found) and entry_tag in output:
        output = output.replace(entry_tag, "", 1)
        links += [f'<script src="{base}{name}" type="module" async></script>' for name in modules if name != "manifest.js"]
        bundle = _THEME_BUNDLE.search(output)
        if not bundle:
            raise PluginError("hooks/early_start.py: no <script src=\".../assets/javascripts/bundle.*.min.js\"> (Material's) to defer")
        if not bundle.group(0).endswith(" defer>"):
            output = output[: bundle.end() - 1] + " defer" + output[bundle.end() - 1:]
    head_end = output.index("</head>")
    sheets = [m for m in _STYLESHEET.finditer(output) if m.end() <= head_end]
    at = sheets[-1].end() if sheets else head_end
    return output[:at] + "".join(links) + output[at:]


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    widgets = Path(config["config_file_path"]).resolve().parent / "widgets"
    if "<somerset-" not in output:
        return output
    manifest = read_manifest(widgets / "manifest.js")
    output = widget_links(output, page.url or "", widgets, manifest)
    tags = sorted({m.group(1).lower() for m in _PERMALINK_TOOL.finditer(output)})
    if not tags:
        return output
    fields: list[str] = []
    for tag in tags:
        found = widget_fields(manifest, f"somerset-{tag}")
        if found:
            fields += [f for f in found if f not in fields]
    if not fields:
        return output
    charset = _CHARSET.search(output)
    if not charset:
        raise PluginError(f"hooks/early_start.py: {page.file.src_uri} has no <meta charset> to put the engine's early start after")
    here = page.url or ""
    theme = _THEME_BUNDLE.search(output)
    if not theme:
        raise PluginError(f"hooks/early_start.py: {page.file.src_uri} has no <script src=\".../assets/javascripts/bundle.*.min.js\"> (Material's) for the early start to hold")
    script = early_script(
        fields, get_relative_url(WORKER, here), get_relative_url(MODULE, here), get_relative_url(SEARCH_INDEX, here), theme.group(1)
    )
    script = f"<script>{script}</script>"
    return output[: charset.end()] + script + output[charset.end():]
