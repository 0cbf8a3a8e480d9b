"""The early start of the engine from a tool page's head (hooks/early_start.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from hook_loader import hook
from mkdocs.exceptions import PluginError

SCRIPT = re.compile(r"<script>(\(function \(\) \{\s*try \{\s*var query = new URLSearchParams.*?)</script>", re.S)
CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def fields_in(html: str) -> list[str] | None:
    found = SCRIPT.search(html)
    if not found:
        return None
    listed = re.search(r"if \(!(\[[^\]]*\])\.some", found.group(1))
    assert listed, "the early start names no fields"
    names: list[str] = json.loads(listed.group(1))
    return names


# What each tool's address carries (its widget's `static fields`); the pad and the trainer start
# no engine from the head.
EXPECTED = {
    "tools/trick/index.html": ["rules", "trump", "cards"],
    "tools/score/index.html": ["rules", "format", "bid", "made", "against"],
    "tools/replay/index.html": ["rules", "format", "seed", "dealer", "play", "bots"],
    "tools/play/index.html": ["rules", "format", "seed", "moves", "play", "bots"],
    "tools/samedeal/index.html": ["rules", "format", "seed", "dealer", "moves", "play", "bots"],
    "tools/worth/index.html": ["rules", "format", "hand", "auction"],
    "tools/pad/index.html": None,
    "puzzles/trainer/index.html": None,
    "index.html": None,
    "variants/parker-1947/index.html": None,
}


@pytest.mark.parametrize("path", sorted(EXPECTED))
def test_tool_pages_start_the_engine_from_their_head(built_site: Path, path: str) -> None:
    html = (built_site / path).read_text(encoding="utf-8")
    assert fields_in(html) == EXPECTED[path]
    if EXPECTED[path] is None:
        return
    head = html[: html.index("</head>")]
    script = SCRIPT.search(html)
    assert script and script.start() < len(head), "the early start is not in the head"
    csp = CSP.search(head)
    assert csp and csp.start() < script.start(), "the early start comes before the Content-Security-Policy"
    # Allowed by the policy, by its hash.
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert f"'sha256-{digest}'" in csp.group(1)
    # The worker it starts is the one widgets/engine.js would start.
    assert '"../../assets/widgets/worker.js"' in script.group(1)
    assert '"../../search/search_index.json"' in script.group(1)
    assert (built_site / "search" / "search_index.json").is_file()
    assert (built_site / "assets" / "widgets" / "worker.js").is_file()


def test_only_widget_pages_carry_it(built_site: Path) -> None:
    carrying = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html") if SCRIPT.search(p.read_text(encoding="utf-8")))
    assert carrying == sorted(p for p, f in EXPECTED.items() if f)


def test_fields_are_read_from_the_widgets_manifest(tmp_path: Path) -> None:
    early_start = hook("early_start")
    path = tmp_path / "manifest.js"
    path.write_text(
        "// comment\nexport const WIDGETS = {\n"
        ' "somerset-one": {"module": "one.js", "fields": ["rules", "seed"], "headStart": true},\n'
        ' "somerset-two": {"module": "two.js", "fields": ["rules"], "headStart": false}\n};\n'
    )
    manifest = early_start.read_manifest(path)
    assert early_start.widget_fields(manifest, "somerset-one") == ["rules", "seed"]
    assert early_start.widget_fields(manifest, "somerset-two") is None
    with pytest.raises(PluginError, match="not in widgets/manifest.js"):
        early_start.widget_fields(manifest, "somerset-three")


@pytest.mark.parametrize("text,message", [
    ("const X = {};\n", "has no `export const WIDGETS ="),
    ("export const WIDGETS = {'a': 1};\n", "is not strict JSON"),
    ('export const WIDGETS = {"somerset-a": {"module": "a.js", "fields": ["Rules!"], "headStart": true}};\n', "fields (lower-case names)"),
    ('export const WIDGETS = {"somerset-a": {"module": "a.js", "fields": [], "headStart": true}};\n', "names no fields"),
])
def test_an_unreadable_manifest_fails_the_build(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "manifest.js"
    path.write_text(text)
    with pytest.raises(PluginError, match=re.escape(message)):
        hook("early_start").read_manifest(path)
    with pytest.raises(PluginError, match="cannot read"):
        hook("early_start").read_manifest(tmp_path / "missing.js")
