"""MkDocs hook: two accessibility fixes to the theme's own markup, on every page.

* Material's search box is a ``role="dialog"`` without a name: it gets one (``aria-label``).
* Material's instant-navigation progress bar is a ``role="progressbar"`` without a name, outside
  every landmark, that only shows visually that a page is being fetched (screen readers announce
  the page that arrives): it is hidden from assistive technology.

Each replacement must match exactly once per page, so a new Material release that changes this
markup fails the build here instead of silently dropping the fix.
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError

FIXES = (
    ('<div class="md-search" data-md-component="search" role="dialog">',
     '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search this site">'),
    ('<div class="md-progress" data-md-component="progress" role="progressbar">',
     '<div class="md-progress" data-md-component="progress" role="progressbar" aria-hidden="true">'),
)


def fix(html: str, where: str) -> str:
    for old, new in FIXES:
        if html.count(old) != 1:
            raise PluginError(f"hooks/a11y.py: {where} has {html.count(old)} copies of {old!r} (expected 1): "
                              "has the theme's markup changed?")
        html = html.replace(old, new)
    return html


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    return fix(output, page.file.src_uri)


def on_post_template(output_content: str, template_name: str, config: Any, **kwargs: Any) -> str:
    return fix(output_content, template_name) if template_name == "404.html" else output_content
