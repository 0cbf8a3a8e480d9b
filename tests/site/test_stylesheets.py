"""The site's own stylesheets are served as one file (hooks/stylesheets.py): every page links that
file and no other of the site's own, it holds every source mkdocs.yml lists in that order, the
sources are not copied beside it, widgets/main.js names it, and the build refuses a list it cannot
join safely, saying which file and what to do."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hook_loader import hook
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r'<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"')


def listed() -> list[str]:
    """mkdocs.yml's extra_css, in order."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = config.split("\nextra_css:\n", 1)[1]
    return re.findall(r"^  - (\S+)$", block.split("\n\n", 1)[0], re.M)


def test_every_page_links_the_one_stylesheet(built_site: Path) -> None:
    bundle = hook("stylesheets").BUNDLE
    pages = list(built_site.rglob("*.html"))
    assert len(pages) > 40
    for page in pages:
        hrefs = [h.split("?")[0] for h in LINK.findall(page.read_text(encoding="utf-8"))]
        ours = [h for h in hrefs if "/stylesheets/" in h and not re.search(r"/(main|palette)\.[0-9a-f]+\.min\.css$", h)]
        assert [h.rsplit("/", 1)[1] for h in ours] == [bundle.rsplit("/", 1)[1]], page.relative_to(built_site)
        # 404.html links from the site's root (it is served at any address).
        base = built_site if ours[0].startswith("/") else page.parent
        assert (base / ours[0].lstrip("/")).resolve() == (built_site / bundle).resolve(), page.relative_to(built_site)


def test_the_stylesheet_holds_every_source_in_order(built_site: Path) -> None:
    sources = listed()
    assert len(sources) >= 5 and "assets/stylesheets/cards.css" in sources
    text = (built_site / hook("stylesheets").BUNDLE).read_text(encoding="utf-8")
    at = 0
    for name in sources:
        body = (ROOT / "docs" / name).read_text(encoding="utf-8").rstrip()
        found = text.find(body, at)
        assert found >= at, f"{name} is missing from the joined stylesheet, or out of order"
        at = found + len(body)
    # The sources themselves are not in the site: only Material's and the joined one.
    built = sorted(p.name for p in (built_site / "assets" / "stylesheets").glob("*.css"))
    assert [n for n in built if not re.fullmatch(r"(main|palette)\.[0-9a-f]+\.min\.css", n)] == ["site.css"]


def test_main_js_links_the_same_file() -> None:
    main = (ROOT / "widgets" / "main.js").read_text(encoding="utf-8")
    bundle = hook("stylesheets").BUNDLE
    assert f'new URL("../stylesheets/{bundle.rsplit("/", 1)[1]}", import.meta.url)' in main
    assert bundle.startswith("assets/stylesheets/")


def build_files(tmp_path: Path, css: dict[str, str], extra_css: list[str]) -> tuple[Any, Files, Any]:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in css.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    config = MkDocsConfig()
    config.load_dict({"site_name": "t", "docs_dir": str(docs), "site_dir": str(tmp_path / "site"), "extra_css": extra_css})
    errors, _ = config.validate()
    assert not errors
    config.plugins._current_plugin = None  # as while MkDocs runs its hooks (File.generated reads it)
    module = hook("stylesheets")
    module.on_config(config)
    files = Files([File(name, str(docs), str(tmp_path / "site"), False) for name in [*css, "index.md"]])
    return module, files, config


def test_the_hook_joins_in_order_and_drops_the_sources(tmp_path: Path) -> None:
    css = {"assets/stylesheets/b.css": ".b { color: red; }\n", "assets/stylesheets/a.css": "/* a */ .a { }"}
    module, files, config = build_files(tmp_path, css, ["assets/stylesheets/b.css", "assets/stylesheets/a.css"])
    assert config.extra_css == [module.BUNDLE]
    out = module.on_files(files, config)
    assert sorted(f.src_uri for f in out) == sorted([module.BUNDLE, "index.md"])
    text = out.get_file_from_path(module.BUNDLE).content_string
    assert text.index(".b { color: red; }") < text.index(".a { }")
    assert text.startswith("/* b.css */\n")


@pytest.mark.parametrize(("css", "extra_css", "words"), [
    ({}, ["assets/stylesheets/gone.css"], "lists assets/stylesheets/gone.css, which is not in docs/"),
    ({"extra.css": "p { }"}, ["extra.css"], "extra.css is not in assets/stylesheets/"),
    ({"assets/stylesheets/x/y.css": "p { }"}, ["assets/stylesheets/x/y.css"], "x/y.css is not in assets/stylesheets/"),
    ({"assets/stylesheets/i.css": '@import "other.css";\np { }'}, ["assets/stylesheets/i.css"], "i.css uses @import"),
    ({"assets/stylesheets/site.css": "p { }", "assets/stylesheets/a.css": "p { }"}, ["assets/stylesheets/a.css"],
     "docs/assets/stylesheets/site.css exists"),
])
def test_the_hook_refuses_what_it_cannot_join(tmp_path: Path, css: dict[str, str], extra_css: list[str], words: str) -> None:
    module, files, config = build_files(tmp_path, css, extra_css)
    with pytest.raises(PluginError, match=re.escape(words)):
        module.on_files(files, config)


def test_an_import_inside_a_comment_is_no_import(tmp_path: Path) -> None:
    css = {"assets/stylesheets/c.css": "/* no @import here */\np { }"}
    module, files, config = build_files(tmp_path, css, ["assets/stylesheets/c.css"])
    assert "no @import here" in module.on_files(files, config).get_file_from_path(module.BUNDLE).content_string
