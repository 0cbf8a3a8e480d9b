"""What a rule does (docs/figures.md, hooks/stats.py): the page builds from the cached figures, its
tables say what the cache holds, every chart has a text alternative and a table, and the cache is
reused only while the settings and the engine are unchanged."""

from __future__ import annotations

import importlib.util
import json
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from somerset_tools.stats import Settings

ROOT = Path(__file__).resolve().parents[2]


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stats_hook", ROOT / "hooks" / "stats.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Tables(HTMLParser):
    """Each table[data-stats]: its caption, column heads and rows of cell texts (the row header
    first); and the attributes of every chart (svg[role=img])."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, dict[str, Any]] = {}
        self.figures: list[dict[str, str | None]] = []
        self._table: dict[str, Any] | None = None
        self._where = ""  # caption, thead or tbody
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "svg" and a.get("role") == "img":
            self.figures.append(a)
        elif tag == "table" and a.get("data-stats"):
            self._table = self.tables[str(a["data-stats"])] = {"caption": "", "head": [], "rows": []}
        elif self._table is not None:
            if tag in ("caption", "thead", "tbody"):
                self._where = tag
            elif tag == "tr" and self._where == "tbody":
                self._table["rows"].append([])
            elif tag in ("td", "th"):
                self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        elif tag in ("td", "th") and self._table is not None and self._cell is not None:
            text = "".join(self._cell)
            (self._table["head"] if self._where == "thead" else self._table["rows"][-1]).append(text)
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._table is not None and self._where == "caption":
            self._table["caption"] += data
        elif self._cell is not None:
            self._cell.append(data)


@pytest.fixture(scope="module")
def page(built_site: Path) -> Tables:
    p = Tables()
    p.feed((built_site / "figures" / "index.html").read_text(encoding="utf-8"))
    return p


@pytest.fixture(scope="module")
def cached() -> dict[str, Any]:
    return dict(json.loads((ROOT / "hooks" / "stats-figures.json").read_text(encoding="utf-8")))


def test_the_cache_is_current_for_this_engine(cached: dict[str, Any]) -> None:
    """The build left figures whose key matches the engine and settings it was built from."""
    hook = _hook()
    assert cached["key"] == hook.cache_key(hook.SETTINGS, hook.engine_digest())
    assert cached["settings"] == hook.SETTINGS.to_json()
    assert [f["ruleset"] for f in cached["rulesets"]] == list(hook.SETTINGS.rulesets)


def test_every_chart_has_a_text_alternative_and_a_table(page: Tables, cached: dict[str, Any]) -> None:
    levels = [f for f in cached["rulesets"] if f["levels"]]
    assert len(page.figures) == 8 + len(levels)
    for svg in page.figures:
        label = svg.get("aria-label") or ""
        assert label.startswith(("Bar chart", "Box chart", "Stacked bar chart")) and "table that follows" in label
        assert "width" not in svg and "viewbox" in svg  # scales to the column (the parser lower-cases names)
    for name in ("about", "rover", "ss", "kitty", "face-up", "bidder", "made", "bids", "game-length"):
        t = page.tables[name]
        assert t["caption"].strip(), name
        assert t["rows"] and all(len(r) == len(t["head"]) for r in t["rows"]), name


def test_the_tables_say_what_the_cache_holds(page: Tables, cached: dict[str, Any]) -> None:
    by_name = {f["name"]: f for f in cached["rulesets"]}
    rover = page.tables["rover"]["rows"]
    assert [r[0] for r in rover] == [f["name"] for f in cached["rulesets"] if f["rover"]]
    for name, share, interval, took, played in rover:
        s = by_name[name]["rover"]
        assert share == f"{100 * s['share']:.1f}%" and interval == f"{100 * s['low']:.1f}–{100 * s['high']:.1f}%"
        assert (int(took), int(played)) == (s["count"], s["of"])
    for row in page.tables["game-length"]["rows"]:
        f = by_name[row[0]]
        assert row[1:4] == [str(f["target"]), f"{f['game_length']['mean']:.2f}",
                            f"{f['game_length']['low']:.2f}–{f['game_length']['high']:.2f}"]
        assert int(row[6]) + int(row[7]) == f["games"]
    for row in page.tables["about"]["rows"]:
        f = by_name[row[0]]
        assert [int(x) for x in row[4:]] == [f["games"], f["deals"], f["passed_out"], f["unfinished"]]
    # Each ruleset's bid levels: made + set at each level add up to its deals with a bid.
    for f in cached["rulesets"]:
        if f["made"] is None:
            continue
        rows = page.tables[f"levels-{f['ruleset']}"]["rows"]
        assert sum(int(r[1]) + int(r[2]) for r in rows) == f["made"]["of"]
        assert [r[0] for r in rows] == list(f["levels"])


def test_rulesets_without_a_figure_say_why(built_site: Path, cached: dict[str, Any]) -> None:
    html = (built_site / "figures" / "index.html").read_text(encoding="utf-8")
    single = [f for f in cached["rulesets"] if "ss_captured" in f["absent"]]
    assert single, "the single-pack rulesets have no S/S"
    for f in single:
        assert f["ss_captured"] is None and "has no S/S" in f["absent"]["ss_captured"]
        assert f["absent"]["ss_captured"] in html
    assert any("kitty" in f["absent"] for f in cached["rulesets"])
    assert "How the figures were made" in html and "make stats" in html


def test_the_cache_is_reused_and_invalidated(tmp_path: Path) -> None:
    hook = _hook()
    path = tmp_path / "figures.json"
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "rules.py").write_text("A = 1\n")
    small = Settings(games=2, seed=3, rulesets=("parker-1947", "parker-1950"))
    first, computed = hook.load_or_compute(small, path, engine)
    assert computed and json.loads(path.read_text())["key"] == first["key"]
    again, computed = hook.load_or_compute(small, path, engine)
    assert not computed and again == first
    # Another setting: computed again, and the same seed gives the same figures.
    other, computed = hook.load_or_compute(Settings(games=2, seed=4, rulesets=small.rulesets), path, engine)
    assert computed and other["key"] != first["key"] and other["rulesets"] != first["rulesets"]
    back, computed = hook.load_or_compute(small, path, engine)
    assert computed and back["rulesets"] == first["rulesets"]
    # A change to the engine's source: computed again.
    (engine / "rules.py").write_text("A = 2\n")
    _, computed = hook.load_or_compute(small, path, engine)
    assert computed
    # A damaged cache file is computed again, not trusted.
    path.write_text("{not json")
    _, computed = hook.load_or_compute(small, path, engine)
    assert computed


def test_an_unknown_marker_fails_the_build() -> None:
    hook = _hook()
    page = SimpleNamespace(file=SimpleNamespace(src_uri="figures.md"))
    with pytest.raises(PluginError, match="unknown marker stats:rovers"):
        hook.on_page_markdown("<!-- stats:rovers -->\n", page, None, None)
    with pytest.raises(PluginError, match="stand alone on its line"):
        hook.on_page_markdown("see <!-- stats:rover --> here\n", page, None, None)
