"""MkDocs hook: the site's own stylesheets served as one file.

The sources stay one file per idea in ``docs/assets/stylesheets/``, listed in order in mkdocs.yml's
``extra_css``; the built site joins their text in that order (``joined``) into ``BUNDLE``,
``assets/stylesheets/site.css``, which every page links instead, and leaves the sources out. The
build fails when a listed stylesheet is missing, lies outside ``assets/stylesheets/`` (its
``url(...)``s would point elsewhere from the joined file) or holds an ``@import`` (valid only at
the top of a stylesheet). Why one file: develop/benchmarks.md, "One stylesheet".
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

FOLDER = "assets/stylesheets/"
BUNDLE = FOLDER + "site.css"
# extra_css as mkdocs.yml lists it, kept from on_config for on_files (a rebuild under `mkdocs serve`
# reads mkdocs.yml again, and this hook then sees the list once more).
_sources: list[str] = []


def on_config(config: Any, **kwargs: Any) -> Any:
    listed = [str(path) for path in config.extra_css]
    if listed != [BUNDLE]:
        _sources[:] = listed
    config.extra_css = [BUNDLE] if _sources else []
    return config


def joined(sources: list[tuple[str, str]]) -> str:
    """The bundle's text: each source's (name, text) in order, each headed by its name."""
    parts = []
    for name, text in sources:
        if not name.startswith(FOLDER) or "/" in name[len(FOLDER):]:
            raise PluginError(f"stylesheets: {name} is not in {FOLDER} (its url(...)s would break in {BUNDLE}); "
                              f"move it there or list it elsewhere")
        if re.search(r"@import\b", re.sub(r"/\*.*?\*/", "", text, flags=re.S)):
            raise PluginError(f"stylesheets: {name} uses @import, which only works at the top of a stylesheet; "
                              f"list the imported file in mkdocs.yml's extra_css instead")
        parts.append(f"/* {name[len(FOLDER):]} */\n{text.rstrip()}\n")
    return "\n".join(parts)


def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    if not _sources:
        return files
    if files.get_file_from_path(BUNDLE) is not None:
        raise PluginError(f"stylesheets: docs/{BUNDLE} exists, but the build writes that file from extra_css")
    sources = []
    for name in _sources:
        found = files.get_file_from_path(name)
        if found is None:
            raise PluginError(f"stylesheets: mkdocs.yml's extra_css lists {name}, which is not in docs/")
        sources.append((name, found.content_string))
        files.remove(found)
    files.append(File.generated(config, BUNDLE, content=joined(sources)))
    return files
