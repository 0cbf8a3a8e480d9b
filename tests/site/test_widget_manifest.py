"""The widgets' manifest (widgets/manifest.js) matches the widgets: every element a module defines
is listed with that module, the address fields are the widget's own `static fields`, only widgets
built on ui.js's Widget start from the head, and each stylesheet is one the site links."""

from __future__ import annotations

import re
from pathlib import Path

from hook_loader import hook

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "widgets"
DEFINED = re.compile(r'^defineWidget\("(somerset-[a-z0-9-]+)",\s*(\w+)\)', re.M)


def manifest() -> dict[str, dict[str, object]]:
    return dict(hook("early_start").read_manifest(WIDGETS / "manifest.js"))


def static_fields(text: str, cls: str) -> list[str]:
    """The class's `static fields` as written (a list, or a constant naming one); [] when absent."""
    body = text.split(f"class {cls} ", 1)[1]
    found = re.search(r"^\s*static\s+fields\s*=\s*(\[[^\]]*\]|\w+)\s*;", body, re.M)
    if not found:
        return []
    value = found.group(1)
    if not value.startswith("["):
        value = re.search(rf"^const\s+{value}\s*=\s*(\[[^\]]*\])\s*;", text, re.M).group(1)  # type: ignore[union-attr]
    return re.findall(r'"([a-z][a-z0-9_-]*)"', value)


def test_every_defined_widget_is_listed_with_its_module_and_fields() -> None:
    listed = manifest()
    defined: dict[str, tuple[str, str, str]] = {}
    for path in sorted(WIDGETS.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for tag, cls in DEFINED.findall(text):
            defined[tag] = (path.relative_to(WIDGETS).as_posix(), cls, text)
    assert sorted(listed) == sorted(defined), "widgets/manifest.js lists other tags than the modules define"
    for tag, (module, cls, text) in defined.items():
        entry = listed[tag]
        assert entry["module"] == module, tag
        assert entry["fields"] == static_fields(text, cls), f"{tag}: the manifest's fields are not {cls}.fields"
        if entry["headStart"]:
            assert re.search(rf"class {cls} extends Widget\b", text), f"{tag} starts from the head but is not a ui.js Widget"


def test_every_stylesheet_is_one_the_site_links() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for tag, entry in manifest().items():
        sheet = f"assets/stylesheets/{entry['stylesheet']}"
        assert (ROOT / "docs" / sheet).is_file(), tag
        assert f"  - {sheet}\n" in config, f"{tag}: {sheet} is not in mkdocs.yml's extra_css"


def test_the_hook_reads_no_javascript_source_but_the_manifest() -> None:
    source = (ROOT / "hooks" / "early_start.py").read_text(encoding="utf-8")
    assert "static fields" not in source.split('"""', 2)[2]
