"""MkDocs hook: a Content-Security-Policy in every page, made from the pages' own inline scripts.

After the build, every HTML file gets the same ``<meta http-equiv="Content-Security-Policy">``
(``meta_tag``, ``policy``) right after its ``<meta charset>``: ``BASE_POLICY`` (this site only,
``'wasm-unsafe-eval'`` for Pyodide) and the SHA-256 hash (``source_hash``) of every inline script
and style any page holds (``inline_code``). The build fails on inline code the policy would block
or a page without ``<meta charset>``; ``mkdocs serve`` gets no policy. Why the union of every
page's hashes, and why serve is left out: develop/runtime.md, "Content-Security-Policy".
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.csp")

# Script types a browser runs; any other type (application/json, ...) is a data block, which a
# policy does not govern.
SCRIPT_TYPES = {"", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"}

# Every source is the site itself ('self'). Directives a <meta> policy ignores (frame-ancestors,
# report-uri, sandbox) are left out: Chromium warns about them in the console.
BASE_POLICY = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("style-src", "'self'"),
    ("img-src", "'self' data:"),  # the theme's icons are data: SVGs in its stylesheet
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)

_CHARSET = re.compile(r"<meta\s+charset=[\"']?utf-8[\"']?\s*/?>", re.I)


class _Inline(HTMLParser):
    """Collects a page's inline scripts and style elements, and any inline code a hash-based policy
    would block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.blocked: list[str] = []
        self._text: list[str] | None = None  # the text of the script or style element being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {k.lower(): v or "" for k, v in attrs}
        for k, v in names.items():
            if k.startswith("on"):
                self.blocked.append(f'<{tag} {k}="...">')
            elif k in ("href", "src", "action", "formaction") and v.strip().lower().startswith("javascript:"):
                self.blocked.append(f"<{tag} {k}=\"javascript:...\">")
            elif k == "style":
                self.blocked.append(f'<{tag} style="...">')
        if tag == "style" or (tag == "script" and "src" not in names
                              and names.get("type", "").strip().lower() in SCRIPT_TYPES):
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._text is not None:
            (self.scripts if tag == "script" else self.styles).append("".join(self._text))
            self._text = None


def source_hash(source: str) -> str:
    """The CSP source expression allowing one inline script or style: 'sha256-<base64 of its UTF-8 digest>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_code(html: str) -> tuple[list[str], list[str], list[str]]:
    """The inline scripts and style elements of a page, and the inline code in it that a hash-based
    policy blocks."""
    parser = _Inline()
    parser.feed(html)
    parser.close()
    return parser.scripts, parser.styles, parser.blocked


def policy(script_hashes: list[str], style_hashes: list[str]) -> str:
    """The policy text, with the inline scripts' and styles' hashes added to script-src and style-src."""
    extra = {"script-src": script_hashes, "style-src": style_hashes}
    return "; ".join(" ".join([name, value, *extra.get(name, [])]) for name, value in BASE_POLICY)


def meta_tag(text: str) -> str:
    return f'<meta http-equiv="Content-Security-Policy" content="{text}">'


_serving = False


def on_startup(command: str, **kwargs: Any) -> None:
    global _serving
    _serving = command == "serve"


def on_post_build(config: Any, **kwargs: Any) -> None:
    if _serving:
        log.info("csp: no Content-Security-Policy under mkdocs serve (its live-reload script is inline); "
                 "mkdocs build adds it")
        return
    site = Path(config["site_dir"])
    pages = {path: path.read_text(encoding="utf-8") for path in sorted(site.rglob("*.html"))}
    scripts: set[str] = set()
    styles: set[str] = set()
    problems: list[str] = []
    for path, html in pages.items():
        page_scripts, page_styles, blocked = inline_code(html)
        scripts.update(source_hash(s) for s in page_scripts)
        styles.update(source_hash(s) for s in page_styles)
        problems += [f"{path.relative_to(site)}: {b}" for b in blocked]
        if not _CHARSET.search(html):
            problems.append(f"{path.relative_to(site)}: no <meta charset> to put the policy after")
    if problems:
        raise PluginError("hooks/csp.py: the Content-Security-Policy would block inline code (allow it only "
                          "through a file of its own): " + "; ".join(problems[:10]))
    tag = meta_tag(policy(sorted(scripts), sorted(styles)))
    for path, html in pages.items():
        path.write_text(_CHARSET.sub(lambda m: m.group(0) + "\n      " + tag, html, count=1), encoding="utf-8")
    log.info("csp: a Content-Security-Policy in %d pages, with the hashes of %d inline scripts and %d styles",
             len(pages), len(scripts), len(styles))
