"""hooks/assets.py refuses a wheel that no longer matches the engine's source or content files, and a
widgets folder that breaks its layout (folders by kind and feature, modules only)."""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]


def _assets():
    spec = importlib.util.spec_from_file_location("assets_hook", ROOT / "hooks" / "assets.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _tree(root: Path) -> Path:
    src = root / "engine" / "src" / "somerset"
    (src / "content" / "puzzles").mkdir(parents=True)
    (src / "content" / "examples").mkdir(parents=True)
    (src / "__init__.py").write_text("")
    (src / "content" / "puzzles" / "trumps.toml").write_text("[[puzzle]]\n")
    (src / "content" / "examples" / "tricks.records").write_text('[Ruleset "parker-1947"]\n')
    (root / "dist").mkdir()
    with zipfile.ZipFile(root / "dist" / "somerset-0.1.0-py3-none-any.whl", "w") as zf:
        for path in src.rglob("*"):
            if path.is_file():
                zf.writestr(f"somerset/{path.relative_to(src).as_posix()}", path.read_bytes())
    return src


def test_a_changed_added_or_removed_content_file_makes_the_wheel_stale(tmp_path: Path) -> None:
    assets = _assets()
    src = _tree(tmp_path)
    assert assets._wheel(tmp_path).name == "somerset-0.1.0-py3-none-any.whl"
    (src / "content" / "puzzles" / "trumps.toml").write_text("[[puzzle]]\nid = 'x'\n")
    with pytest.raises(PluginError, match=r"content/puzzles/trumps\.toml"):
        assets._wheel(tmp_path)
    (src / "content" / "puzzles" / "trumps.toml").write_text("[[puzzle]]\n")
    (src / "content" / "puzzles" / "new.toml").write_text("")
    with pytest.raises(PluginError, match=r"content/puzzles/new\.toml"):
        assets._wheel(tmp_path)
    (src / "content" / "puzzles" / "new.toml").unlink()
    (src / "content" / "examples" / "tricks.records").unlink()
    with pytest.raises(PluginError, match=r"content/examples/tricks\.records \(removed\)"):
        assets._wheel(tmp_path)


def test_the_widgets_are_copied_with_their_folders_and_the_layout_is_kept(tmp_path: Path) -> None:
    assets = _assets()
    # The project's own folder passes, keeps its folders, and leaves the hooks' templates out.
    found = assets.widget_files(ROOT / "widgets")
    assert {"main.js", "manifest.js", "base/ui.js", "engine/worker.js", "trick/trick.js"} <= set(found)
    assert not set(found) & set(assets.TEMPLATES)
    widgets = tmp_path / "widgets"
    (widgets / "base").mkdir(parents=True)
    (widgets / "main.js").write_text("")
    (widgets / "base" / "ui.js").write_text("")
    assert assets.widget_files(widgets) == ["base/ui.js", "main.js"]
    (widgets / "pad").mkdir()
    with pytest.raises(PluginError, match=r"widgets/pad/ holds no module"):
        assets.widget_files(widgets)
    (widgets / "pad" / "notes.txt").write_text("")
    with pytest.raises(PluginError, match=r"widgets/pad/notes.txt is not a module"):
        assets.widget_files(widgets)
    (widgets / "pad" / "notes.txt").rename(widgets / "pad" / "pad.js")
    (widgets / "stray.js").write_text("")
    with pytest.raises(PluginError, match=r"widgets/stray.js is at the root"):
        assets.widget_files(widgets)
