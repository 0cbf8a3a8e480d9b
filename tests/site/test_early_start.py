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
    "tools/trick/index.html": ["rules", "trump", "cards", "held"],
    "tools/score/index.html": ["rules", "format", "bid", "made", "against"],
    "tools/replay/index.html": ["rules", "format", "seed", "dealer", "play", "bots"],
    "tools/play/index.html": ["rules", "format", "seed", "moves", "play", "bots", "level"],
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
    # The worker it starts is the one widgets/engine/engine.js would start.
    assert '"../../assets/widgets/engine/worker.js"' in script.group(1)
    assert '"../../search/search_index.json"' in script.group(1)
    # The module it asks for ahead of the worker is the one the worker compiles.
    assert '"../../assets/pyodide/pyodide.asm.wasm.zst"' in script.group(1)
    assert (built_site / "assets" / "pyodide" / "pyodide.asm.wasm.zst").is_file()
    worker = (built_site / "assets" / "widgets" / "engine" / "worker.js").read_text(encoding="utf-8")
    assert 'const PACKED_WASM_URL = new URL("pyodide.asm.wasm.zst", PYODIDE_DIR)' in worker
    assert 'const PYODIDE_DIR = new URL("pyodide/", ASSETS)' in worker
    assert (built_site / "search" / "search_index.json").is_file()
    # The theme's bundle it may hold back is the one the page runs.
    theme = re.search(r'<script src="(\.\./\.\./assets/javascripts/bundle\.[0-9a-f]+\.min\.js)" defer>', html)
    assert theme, "the page runs no deferred theme bundle"
    assert f'"{theme.group(1)}"' in script.group(1)
    assert (built_site / "assets" / "javascripts" / theme.group(1).rsplit("/", 1)[1]).is_file()
    assert (built_site / "assets" / "widgets" / "engine" / "worker.js").is_file()


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


# --- the widgets' own start: their modules preloaded and run from the head ----------------------

PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
ASYNC_MODULE = re.compile(r'<script src="([^"]+)" type="module" async></script>')
WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


def test_a_tool_page_preloads_its_widget_graph_and_runs_it_from_the_head(built_site: Path) -> None:
    early_start = hook("early_start")
    html = (built_site / "tools" / "trick" / "index.html").read_text(encoding="utf-8")
    head, body = html.split("</head>", 1)
    graph = early_start.module_graph(WIDGETS, ["main.js", "manifest.js", "trick/trick.js"])
    assert {"base/ui.js", "views/card-pad.js", "engine/engine.js", "store/storage.js", "base/words.js"} <= set(graph)
    assert PRELOAD.findall(head) == [f"../../assets/widgets/{m}" for m in graph]
    assert ASYNC_MODULE.findall(head) == ["../../assets/widgets/main.js", "../../assets/widgets/trick/trick.js"]
    assert "assets/widgets/main.js" not in body  # moved, not run twice
    assert re.search(r'<script src="../../assets/javascripts/bundle\.[0-9a-f]+\.min\.js" defer>', body)
    # The build's fixed answers are in the page, the same as the file, so nothing preloads the file.
    block = re.search(r'<script type="application/json" id="somerset-fixed-answers">(.*?)</script>', head, re.S)
    assert block and json.loads(block.group(1)) == json.loads((built_site / "assets" / "data" / "inputs.json").read_text(encoding="utf-8"))
    assert "inputs.json" not in head


@pytest.mark.parametrize("path", ["tools/trick/index.html", "learn/tricks/index.html"])
def test_the_widget_modules_are_asked_for_with_the_stylesheets(built_site: Path, path: str) -> None:
    # Right after the head's last stylesheet and before its next script (Material's, which waits
    # for the stylesheets): the parser asks for the modules with the stylesheets, before the
    # engine's worker asks for its megabytes, instead of once the stylesheets have arrived.
    head = (built_site / path).read_text(encoding="utf-8").split("</head>", 1)[0]
    sheets = [m.end() for m in re.finditer(r'<link\b[^>]*\brel="stylesheet"[^>]*>', head)]
    preloads = [m.start() for m in PRELOAD.finditer(head)]
    assert sheets and preloads
    assert head[sheets[-1]:].startswith('<link rel="modulepreload"')
    scripts_after = [m.start() for m in re.finditer(r"<script\b", head) if m.start() > sheets[-1]]
    own = [m.start() for m in ASYNC_MODULE.finditer(head)]
    first_other = min(set(scripts_after) - set(own))
    assert max(preloads + own) < first_other


def test_a_page_whose_widgets_hold_text_keeps_the_entry_in_the_body(built_site: Path) -> None:
    # The Learn widgets hold the words shown without JavaScript: defined before the parser has read
    # them, they would miss them, so only their modules are preloaded.
    html = (built_site / "learn" / "tricks" / "index.html").read_text(encoding="utf-8")
    head, body = html.split("</head>", 1)
    assert "../../assets/widgets/learn/lesson.js" in PRELOAD.findall(head)
    assert "inputs.json" not in head
    assert ASYNC_MODULE.findall(html) == []
    assert '<script src="../../assets/widgets/main.js" type="module"></script>' in body
    assert re.search(r'<script src="../../assets/javascripts/bundle\.[0-9a-f]+\.min\.js">', body)
    assert "somerset-fixed-answers" not in html


def test_no_page_preloads_the_fixed_answers(built_site: Path) -> None:
    # A tool page carries them; elsewhere the widgets that read them ask while the page is still
    # being read, which Chromium does not match to a preload (the file would come twice, with a
    # console warning at every visit).
    pages = list(built_site.rglob("*.html"))
    assert len(pages) > 50
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>", 1)[0]
        assert not re.search(r'<link rel="preload"[^>]*inputs\.json', head), page.relative_to(built_site)


def test_a_page_without_widgets_preloads_nothing(built_site: Path) -> None:
    html = (built_site / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "<somerset-" not in html
    assert not PRELOAD.findall(html) and not ASYNC_MODULE.findall(html)
    assert '<script src="../assets/widgets/main.js" type="module"></script>' in html  # for instant navigation


def test_the_module_graph_follows_static_imports_only(tmp_path: Path) -> None:
    early_start = hook("early_start")
    (tmp_path / "a.js").write_text(
        '// import { x } from "./commented.js";\n/* import "./also-commented.js"; */\n'
        'import {\n  one,\n  two,\n} from "./b.js";\nexport { three } from "./c.js";\nimport "./b.js";\n'
        'const later = () => import("./dynamic.js");\n'
    )
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\n')
    (tmp_path / "c.js").write_text("export const three = 3;\n")
    assert early_start.static_imports(tmp_path / "a.js") == ["b.js", "c.js"]
    assert early_start.module_graph(tmp_path, ["a.js"]) == ["a.js", "b.js", "c.js"]
    (tmp_path / "c.js").write_text('import "./gone.js";\n')
    with pytest.raises(PluginError, match="names gone.js, which is not in"):
        early_start.module_graph(tmp_path, ["a.js"])


def test_the_module_graph_follows_imports_across_folders(tmp_path: Path) -> None:
    early_start = hook("early_start")
    (tmp_path / "base").mkdir()
    (tmp_path / "trick").mkdir()
    (tmp_path / "main.js").write_text('import { WIDGETS } from "./manifest.js";\n')
    (tmp_path / "manifest.js").write_text("export const WIDGETS = {};\n")
    (tmp_path / "trick" / "trick.js").write_text('import { h } from "../base/ui.js";\nimport "./pad.js";\n')
    (tmp_path / "trick" / "pad.js").write_text('import { h } from "../base/ui.js";\n')
    (tmp_path / "base" / "ui.js").write_text('import { w } from "./words.js";\n')
    (tmp_path / "base" / "words.js").write_text("export const w = 1;\n")
    assert early_start.static_imports(tmp_path / "trick" / "trick.js", tmp_path) == ["base/ui.js", "trick/pad.js"]
    assert early_start.module_graph(tmp_path, ["main.js", "trick/trick.js"]) == [
        "main.js", "trick/trick.js", "manifest.js", "base/ui.js", "trick/pad.js", "base/words.js"]
    (tmp_path / "base" / "words.js").write_text('import "../../outside.js";\n')
    with pytest.raises(PluginError, match="outside"):
        early_start.module_graph(tmp_path, ["trick/trick.js"])


def test_the_fixed_answers_block_cannot_close_itself() -> None:
    block = hook("inputs").data_block('{"a": "</script><b>"}\n')
    assert block.count("</script>") == 1 and block.endswith("</script>")
    assert json.loads(block.split(">", 1)[1].rsplit("<", 1)[0]) == {"a": "</script><b>"}


def test_the_pad_page_carries_an_empty_game_for_every_ruleset_option_and_format(built_site: Path) -> None:
    # The score pad draws its form from these before the engine runs: every ruleset, its optional
    # rules (none first) and the formats each allows, keyed as widgets/pad/game.js padRequest writes.
    from somerset.api import handle

    inputs = hook("inputs")
    html = (built_site / "tools" / "pad" / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="somerset-fixed-answers">(.*?)</script>', html.split("</head>", 1)[0], re.S)
    assert block
    answers = dict((key, answer) for key, answer in json.loads(block.group(1))["answers"])
    common = json.loads((built_site / "assets" / "data" / "inputs.json").read_text(encoding="utf-8"))["answers"]
    assert all(answers[key] == answer for key, answer in common)  # what every tool page carries
    rulesets = json.loads(handle('{"cmd":"rulesets"}'))["rulesets"]
    wanted = 0
    for r in rulesets:
        for option in [None, *r["options"]]:
            for f in r["formats"]:
                if option and option["formats"] and f["id"] not in option["formats"]:
                    continue
                wanted += 1
                key = json.dumps({"cmd": "pad", "rules": r["id"], "deals": [], **({"option": option["id"]} if option else {}), "format": f["id"]}, separators=(",", ":"))
                assert answers[key] == json.loads(handle(key)), key
                assert answers[key]["lines"] == [] and len(answers[key]["sides"]) == len(f["teams"])
    assert len(answers) == len(common) + wanted
    # Only the pad's page: the other tool pages carry the common answers alone.
    trick = (built_site / "tools" / "trick" / "index.html").read_text(encoding="utf-8")
    carried = re.search(r'id="somerset-fixed-answers">(.*?)</script>', trick, re.S)
    assert carried and not any(key.startswith('{"cmd":"pad"') for key, _ in json.loads(carried.group(1))["answers"])
    assert inputs.pad_requests()[0] == {"cmd": "pad", "rules": rulesets[0]["id"], "deals": [], "format": rulesets[0]["formats"][0]["id"]}
