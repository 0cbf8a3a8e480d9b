"""MkDocs hook: a tool page opened from a link with a position starts the engine from its head.

``on_post_page`` inlines widgets/engine/early-start.js (``early_script``) in the head of a page with
a ``permalink`` tool whose manifest entry (widgets/manifest.js, ``fields`` and ``headStart``, read by
``read_manifest``) allows it; hooks/csp.py allows the script by its hash. On every page with a
widget it lists the widgets' module graph as ``<link rel="modulepreload">`` (``module_graph``), and
where every widget is an empty element it runs the widgets' modules from the head. The build fails
when the manifest cannot be read, a permalink widget is not in it, or a page that holds Material's
bundle back has none. Why and how: develop/runtime.md, "When the engine starts", "Before the
engine: the inputs" and "The head start script".
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
