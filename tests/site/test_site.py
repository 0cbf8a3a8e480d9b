"""The built site: strict build, generated tables that agree with the engine, every ruleset and
rule dimension present, links and anchors that resolve, nothing loaded from another host."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from somerset import DIMENSIONS, RULESETS
from somerset.rules.describe import value_label
from somerset.teaching.rulings import RULINGS

ROOT = Path(__file__).resolve().parents[2]


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (tag/attr, value)
        self.cells: list[dict[str, str]] = []
        self._cell: dict[str, str] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        for attr in ("href", "src"):
            if attr in a:
                kind = f"{tag}.{attr}"
                if tag == "link" and a.get("rel") in {"canonical", "prev", "next", "alternate"}:
                    kind = "nav.href"  # a reference to a page, not something the browser loads
                self.links.append((kind, a[attr]))
        if tag == "td" and "data-key" in a:
            self._cell = {"rs": a["data-rs"], "key": a["data-key"], "class": a.get("class", "")}
        if tag == "span" and self._cell is not None and a.get("class") == "sr-value":
            self._text = []
            self._cell["_in_value"] = "1"

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._cell is not None and self._cell.pop("_in_value", None):
            self._cell["value"] = "".join(self._text)
        if tag == "td" and self._cell is not None:
            self.cells.append(self._cell)
            self._cell = None

    def handle_data(self, data: str) -> None:
        self._text.append(data)


def parse(path: Path) -> _Collector:
    c = _Collector()
    c.feed(path.read_text(encoding="utf-8"))
    return c


def test_every_ruleset_has_a_variant_page_with_its_generated_rules(built_site: Path):
    for rid, r in RULESETS.items():
        page = built_site / "variants" / rid / "index.html"
        assert page.exists(), rid
        raw = page.read_text(encoding="utf-8")
        text = visible_text(raw)
        for _, heading in DIMENSIONS:
            assert heading in text, (rid, heading)
        for f in r.formats.value:
            assert f"<code>{f.id}</code>" in raw, (rid, f.id)
        assert 'id="interpretations"' in raw


def test_comparison_matrix_covers_every_ruleset_and_dimension_and_agrees_with_the_engine(built_site: Path):
    c = parse(built_site / "compare" / "index.html")
    cells = {(cell["rs"], cell["key"]): cell for cell in c.cells}
    for rid, r in RULESETS.items():
        for key, _ in DIMENSIONS:
            cell = cells.get((rid, key))
            assert cell is not None, f"compare matrix lacks {rid} / {key}"
            assert cell["value"] == value_label(r, key), (rid, key)
    assert len(cells) == len(RULESETS) * len(DIMENSIONS)
    # Differences are marked: each row's odd ones out carry sr-differs and a ◆.
    for key, _ in DIMENSIONS:
        labels = [value_label(r, key) for r in RULESETS.values()]
        majority = max(set(labels), key=labels.count)
        for rid, r in RULESETS.items():
            differs = "sr-differs" in cells[(rid, key)]["class"]
            assert differs == (value_label(r, key) != majority), (rid, key)
    # The picker works without JavaScript: one checkbox and one CSS rule per ruleset, and the
    # checkbox carries what the page's script needs to read a link (the id, name and aliases).
    html = (built_site / "compare" / "index.html").read_text(encoding="utf-8")
    for rid, r in RULESETS.items():
        assert f':not(:has(#sr-show-{rid}:checked)) [data-rs="{rid}"]{{display:none}}' in html
        box = re.search(rf'<input type="checkbox" class="sr-show sr-pick" id="sr-show-{rid}"[^>]*>', html)
        assert box, rid
        assert f'value="{rid}"' in box.group(0) and f'data-name="{r.short_name}"' in box.group(0)
        assert f'data-aliases="{" ".join(r.aliases)}"' in box.group(0)
        assert "checked" not in box.group(0).replace('type="checkbox"', "")  # none ticked: every column shows
    assert '<button type="reset" class="md-button sr-compare-all">Show all 12</button>' in html
    assert "<somerset-compare></somerset-compare>" in html


def test_compare_marks_against_the_rulesets_shown():
    differing = _hook().differing
    assert differing(["a", "a", "b"]) == [False, False, True]
    assert differing(["a", "b"]) == [True, True]  # two that disagree: both marked
    assert differing(["a", "a", "b", "b", "c"]) == [True] * 5  # no majority: the whole row
    assert differing(["a", "a"]) == [False, False]
    assert differing(["a"]) == [False]
    # The matrix's rows are marked by the same rule over all twelve rulesets.
    hook = _hook()
    html = hook.render_compare(_page("compare.md"), None)
    for key, _ in DIMENSIONS:
        row = re.search(rf'<tr class="(sr-row-[a-z]+)" data-key="{key}">', html)
        assert row, key
        marks = differing([value_label(r, key) for r in RULESETS.values()])
        assert row.group(1) == ("sr-row-differs" if any(marks) else "sr-row-same"), key


def test_rulings_page_has_every_ruling(built_site: Path):
    c = parse(built_site / "rulings" / "index.html")
    for ruling in RULINGS:
        assert ruling.id in c.ids, ruling.id


def _resolve(page: Path, site: Path, href: str) -> tuple[Path, str]:
    path, _, anchor = href.partition("#")
    path = path.split("?")[0]
    if path.startswith("/"):  # root-relative (the 404 page): the site is served from its root
        target = (site / path.lstrip("/")).resolve()
    else:
        target = (page.parent / path).resolve() if path else page
    if target.is_dir():
        target = target / "index.html"
    return target, anchor


def test_internal_links_and_anchors_resolve(built_site: Path):
    pages = list(built_site.rglob("*.html"))
    cache: dict[Path, _Collector] = {}
    broken = []
    for page in pages:
        c = cache.setdefault(page, parse(page))
        for kind, href in c.links:
            if kind != "a.href" or re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue
            target, anchor = _resolve(page, built_site, href)
            if not target.exists():
                broken.append(f"{page.relative_to(built_site)} -> {href}")
                continue
            if anchor and target.suffix == ".html":
                ids = cache.setdefault(target, parse(target)).ids
                if anchor not in ids:
                    broken.append(f"{page.relative_to(built_site)} -> {href} (no anchor)")
    assert not broken, "\n".join(broken[:20])


def test_nothing_is_loaded_from_another_host(built_site: Path):
    offenders = []
    for page in built_site.rglob("*.html"):
        for kind, value in parse(page).links:
            if kind in {"a.href", "nav.href"}:
                continue
            if re.match(r"^(https?:)?//", value):
                offenders.append(f"{page.relative_to(built_site)}: {kind}={value}")
    for css in built_site.rglob("*.css"):
        for url in re.findall(r"url\(([^)]+)\)", css.read_text(encoding="utf-8", errors="replace")):
            if re.match(r"^['\"]?(https?:)?//", url):
                offenders.append(f"{css.relative_to(built_site)}: {url}")
    assert not offenders, "\n".join(offenders[:20])


def test_sources_page_has_an_anchor_per_source(built_site: Path):
    from somerset.rules.sources import SOURCES

    ids = parse(built_site / "sources" / "index.html").ids
    for key in SOURCES:
        assert key in ids, key


# --- the hook itself fails loudly ------------------------------------------------------------------

def _hook():
    import importlib.util

    spec = importlib.util.spec_from_file_location("generate_hook", ROOT / "hooks" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page(src: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src), url=src.replace(".md", "/"))


def test_hook_fails_without_a_variant_page():
    hook = _hook()
    files = [SimpleNamespace(src_uri=f"variants/{rid}.md") for rid in RULESETS if rid != "boardgamegeek"]
    with pytest.raises(PluginError, match="boardgamegeek"):
        hook.on_files(files, None)


@pytest.mark.parametrize(
    "markdown,words",
    [
        ("<!-- somerset:nonsense -->", "unknown marker"),
        ("<!-- somerset:ruleset parker-1948 -->", "parker-1948"),
        ("<!-- somerset:dimension colour -->", "unknown rule dimension"),
        ("text <!-- somerset:compare --> text", "alone on its line"),
    ],
)
def test_hook_rejects_bad_markers(markdown, words):
    with pytest.raises(PluginError, match=words):
        _hook().on_page_markdown(markdown, _page("variants/x.md"), None, None)


def test_dimension_tables_are_generated(built_site: Path):
    hook = _hook()
    for key, heading in DIMENSIONS:
        md = hook.render_dimension(_page("learn/x.md"), key)
        for r in RULESETS.values():
            assert value_label(r, key) in md and r.short_name in md


def test_every_ruleset_has_a_quick_reference_card(built_site: Path):
    for rid, r in RULESETS.items():
        page = built_site / "reference" / rid / "index.html"
        assert page.exists(), rid
        text = visible_text(page.read_text(encoding="utf-8"))
        for key, heading in DIMENSIONS:
            assert value_label(r, key) in text, (rid, key)


def visible_text(markup: str) -> str:
    """The page's text with tags removed (abbreviation tooltips wrap terms such as 0/0 in tags)."""
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_the_trainer_data_is_a_static_file_equal_to_the_engines(built_site: Path):
    """assets/data/puzzles.json: every record as somerset.service.trainer gives it, a plain file any cache can keep."""
    import json

    from somerset.service.trainer import trainer_data

    path = built_site / "assets" / "data" / "puzzles.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(trainer_data()))
    html = (built_site / "puzzles" / "trainer" / "index.html").read_text(encoding="utf-8")
    assert "<somerset-trainer permalink>" in html and "The trainer needs JavaScript" in html


def test_the_puzzle_list_stays_readable_without_javascript(built_site: Path):
    """Every puzzle on the list, its hint and solution folded in <details>, and a link into the trainer."""
    from somerset.teaching.puzzles import PUZZLES

    html = (built_site / "puzzles" / "index.html").read_text(encoding="utf-8")
    assert "<somerset-puzzle " not in html
    one_trick = [p for p in PUZZLES if not p.kind_of.plays_out]
    for p in one_trick:
        assert f'id="{p.id}"' in html
        assert f'data-puzzle="{p.id}"><a class="sr-try" href="trainer/?p={p.id}">' in html
    assert html.count('<details class="success">') == len(one_trick)
    assert html.count('<details class="tip">') == len(one_trick)
    assert "<details class=\"success\" open" not in html


def test_hook_fails_on_a_trainer_record_that_does_not_hold(monkeypatch: pytest.MonkeyPatch):
    import importlib.util

    import somerset.service.trainer as trainer
    from mkdocs.exceptions import PluginError

    spec = importlib.util.spec_from_file_location("trainer_hook", ROOT / "hooks" / "trainer.py")
    assert spec and spec.loader
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    real = trainer.record

    def wrong(p):  # type: ignore[no-untyped-def]
        rec = real(p)
        if p.id == "low-trump":
            rec["steps"][0]["refutations"].pop("12/12")
        return rec

    monkeypatch.setattr(trainer, "record", wrong)
    with pytest.raises(PluginError, match="puzzle 'low-trump', step 1: the wrong choice 12/12 has no refutation"):
        hook.build_document()


def test_the_build_fails_on_an_ending_puzzle_the_engine_does_not_prove(monkeypatch):
    import dataclasses

    import somerset.teaching.puzzles as puzzles

    from somerset.teaching.ending_puzzles import prove

    hook = _hook()
    good = next(p for p in puzzles.PUZZLES if p.kind == "ending")
    wrong = dataclasses.replace(good, answer=(prove(good).steps[0].refutations[0].card,))
    monkeypatch.setattr(puzzles, "PUZZLES", (wrong,))
    with pytest.raises(PluginError, match=f"puzzle '{good.id}': stated answer"):
        hook.render_puzzles(_page("puzzles/endings.md"), "ending")


def test_the_ending_page_shows_position_and_answer_without_javascript(built_site: Path):
    page = (built_site / "puzzles" / "endings" / "index.html").read_text(encoding="utf-8")
    assert "<details" in page and "gives up" in page and "Seat 1" in page and "somerset-puzzle " not in page
    # Each ending links to itself in the trainer, where it is played step by step.
    from somerset.teaching.puzzles import PUZZLES

    for p in PUZZLES:
        if p.kind == "ending":
            assert f'data-puzzle="{p.id}"><a class="sr-try" href="../trainer/?p={p.id}">' in page


def test_compare_lists_the_rules_of_play_before_those_around_the_play():
    from somerset.rules.dimensions import AROUND_PLAY

    html = _hook().render_compare(_page("compare.md"), None)
    keys = re.findall(r'<tr class="sr-row-[a-z]+" data-key="([a-z_]+)">', html)
    assert sorted(keys) == sorted(k for k, _ in DIMENSIONS)
    play = [k for k, _ in DIMENSIONS if k not in AROUND_PLAY]
    assert keys == play + [k for k, _ in DIMENSIONS if k in AROUND_PLAY]
    # the options and the tie rule sit in a group of their own, after the rules of play
    assert {"options", "game"} <= set(AROUND_PLAY) and "undealt" in play and "set" in play
    around = html[html.index('<tbody class="sr-matrix-around">'):]
    assert all(f'data-key="{k}"' in around for k in AROUND_PLAY)
    assert not any(f'data-key="{k}"' in around for k in play)


def test_the_home_page_says_the_tools_work_offline_and_the_tools_page_opens_with_ready_for_the_table(built_site: Path):
    home = (built_site / "index.html").read_text(encoding="utf-8")
    lead = re.search(r'<p class="sr-home__lead">(.*?)</p>', home, re.S)
    assert lead, "the home page's lead"
    assert "offline" in lead.group(1) and 'href="tools/#ready-for-the-table"' in lead.group(1)
    assert "rules engine in your browser" not in home
    tools = (built_site / "tools" / "index.html").read_text(encoding="utf-8")
    # Ready for the table comes before the list of tools, straight after the opening paragraph
    assert tools.index('id="ready-for-the-table"') < tools.index('class="sr-links"')
    assert re.search(r"<h2 [^>]*>", tools).group(0).startswith('<h2 id="ready-for-the-table"')
    assert tools.index("<somerset-ready") < tools.index('class="sr-links"')


@pytest.mark.parametrize("arg, src", [(None, "puzzles/index.md"), ("ending", "puzzles/endings.md")])
def test_the_puzzle_pages_keep_each_title_below_the_answers_fold(arg, src):
    """A puzzle's heading on its page is its number, theme and task; its title (its idea, which may name
    the answer) is inside the folded answer, so that the page gives nothing away without JavaScript."""
    import re

    from somerset.teaching.puzzles import PUZZLES

    card = re.compile(r"(?<![\w/])(S/S|\d{1,2}/\d{1,2})(?![\w/])")
    text = _hook().render_puzzles(_page(src), arg)
    blocks = re.split(r"^### ", text, flags=re.M)[1:]
    chosen = [p for p in PUZZLES if (p.kind == "ending") == (arg == "ending")]
    assert len(blocks) == len(chosen)
    by_id = {p.id: p for p in chosen}
    for block in blocks:
        head, _, body = block.partition("\n")
        head = __import__("html").unescape(head)
        p = by_id[re.search(r"\{#([a-z0-9-]+)\}", head).group(1)]
        assert p.heading in head and p.title not in head
        assert not set(card.findall(head)) - set(card.findall(p.theme_name)), head
        fold = body.index('??? success "')
        assert "The puzzle's title:" in body[fold:] and "The puzzle's title:" not in body[:fold]
