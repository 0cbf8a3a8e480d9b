"""One display name per ruleset: the engine's ``Ruleset.short_name`` is what the navigation, the
ruleset's page title, its quick reference card, the comparison's pickers and the tools' lists (the
engine's ruleset list and the static data the Learn pages and the trainer read) all show."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from somerset import RULESETS
from somerset.service.responses import ruleset_summary

from hook_loader import hook

NAV_LINK = re.compile(r'<a href="([^"]*)" class="md-nav__link"[^>]*>\s*<span class="md-ellipsis">\s*(.*?)\s*</span>', re.S)


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def _nav_names(page: Path, folder: str) -> dict[str, list[str]]:
    """Each ruleset's entries in a page's navigation under one folder (variants or reference)."""
    out: dict[str, list[str]] = {}
    for href, label in NAV_LINK.findall(page.read_text(encoding="utf-8")):
        m = re.search(rf"(?:^|/){folder}/([a-z0-9-]+)/$", href)
        if m and m.group(1) in RULESETS:
            out.setdefault(m.group(1), []).append(_text(label))
    return out


def test_each_ruleset_has_one_display_name_across_the_site(built_site: Path):
    engine_list = {s["id"]: s["short_name"] for s in (ruleset_summary(r) for r in RULESETS.values())}
    lessons = json.loads((built_site / "assets/data/lessons.json").read_text(encoding="utf-8"))
    lesson_list = {r["id"]: r["short_name"] for r in lessons["rulesets"]}
    puzzles = json.loads((built_site / "assets/data/puzzles.json").read_text(encoding="utf-8"))
    records = puzzles["puzzles"] if isinstance(puzzles, dict) else puzzles
    compare = (built_site / "compare/index.html").read_text(encoding="utf-8")
    home = built_site / "index.html"
    nav_rulesets, nav_cards = _nav_names(home, "variants"), _nav_names(home, "reference")
    for rid, r in RULESETS.items():
        name = r.short_name
        assert engine_list[rid] == name and lesson_list[rid] == name, rid
        assert nav_rulesets.get(rid) == [name], (rid, nav_rulesets.get(rid))
        assert nav_cards.get(rid) == [name], (rid, nav_cards.get(rid))
        page = (built_site / "variants" / rid / "index.html").read_text(encoding="utf-8")
        assert _text(re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1)).rstrip("¶") == name, rid
        assert _text(re.search(r"<title>(.*?)</title>", page, re.S).group(1)).startswith(f"{name} - "), rid
        card = (built_site / "reference" / rid / "index.html").read_text(encoding="utf-8")
        assert _text(re.search(r"<h1[^>]*>(.*?)</h1>", card, re.S).group(1)).rstrip("¶") == f"{name}: quick reference", rid
        assert _text(re.search(r"<title>(.*?)</title>", card, re.S).group(1)).startswith(f"{name} - "), rid
        picker = re.search(rf'id="sr-show-{rid}" value="{rid}" data-name="([^"]*)"', compare)
        assert picker and html.unescape(picker.group(1)) == name, rid
        for p in records:
            if p.get("ruleset") == rid and "ruleset_name" in p:
                assert p["ruleset_name"] == name, (rid, p.get("id"))
    # No other name for a ruleset is left in the navigation or titles: every variant page found above.
    assert set(nav_rulesets) == set(RULESETS) == set(nav_cards)


def test_the_build_fails_on_a_ruleset_title_that_is_not_its_display_name():
    generate = hook("generate")
    with pytest.raises(PluginError, match="must be 'Parker 1947'"):
        generate.check_title("# Parker Brothers 1947\n\ntext", "variants/parker-1947.md")
    with pytest.raises(PluginError, match="must be 'Triple 2009: quick reference'"):
        generate.check_title("# Triple 2009\n", "reference/triple-2009.md")
    generate.check_title("# Parker 1947\n", "variants/parker-1947.md")
    generate.check_title("# Anything\n", "learn/pack.md")


def test_the_build_fails_on_a_ruleset_nav_entry_that_is_not_its_display_name():
    from types import SimpleNamespace as NS

    generate = hook("generate")
    good = NS(title="Parker 1947", file=NS(src_uri="variants/parker-1947.md"), children=None)
    bad = NS(title="1947 + house rules", file=NS(src_uri="reference/parker-1947-house.md"), children=None)
    section = NS(title="Rulesets", file=None, children=[good, bad])
    with pytest.raises(PluginError, match="'1947 \\+ house rules'.*'Parker 1947 with house rules'"):
        generate.on_nav(NS(items=[section]), None, None)
    assert generate.on_nav(NS(items=[NS(title="Rulesets", file=None, children=[good])]), None, None) is not None
