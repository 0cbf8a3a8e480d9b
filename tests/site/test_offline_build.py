"""The offline and installable parts of the build: sw.js (hooks/offline.py from widgets/engine/service-worker.js), the web
app manifest and the icons (hooks/app.py). The browser tests check that they work; these check what
the build writes."""

from __future__ import annotations

import json
import re
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from hook_loader import hook
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]


def build_of(site: Path) -> dict[str, Any]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    m = re.search(r"^const BUILD = (\{.*\});$", text, re.M)
    assert m, "sw.js holds no BUILD"
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def test_the_precache_holds_every_page_and_what_pages_need(built_site: Path) -> None:
    build = build_of(built_site)
    paths = {p for p, _ in build["precache"]}
    pages = {hook("offline").page_url(p.relative_to(built_site).as_posix()) for p in built_site.rglob("*.html")}
    assert pages <= paths
    assert "./" in paths and "tools/trick/" in paths and "404.html" in paths
    needed = ["search/search_index.json", "sitemap.xml", "manifest.webmanifest", "assets/images/icon-192.png",
              "assets/widgets/main.js", "assets/widgets/engine/offline.js", "assets/widgets/engine/worker.js",
              "assets/widgets/store/storage.js"]
    needed += [p.relative_to(built_site).as_posix() for p in (built_site / "assets" / "stylesheets").glob("*.css")]
    needed += [p.relative_to(built_site).as_posix() for p in (built_site / "assets" / "javascripts").rglob("*.min.js")
               if "/lunr/" not in p.as_posix()]
    assert [n for n in needed if n not in paths] == []
    # Never the engine (cached on first use instead), source maps or the other languages' search.
    assert [p for p in paths if p.startswith(("assets/pyodide/", "assets/engine/")) or p.endswith(".map")
            or "/lunr/" in p or p == "sw.js"] == []
    assert build["runtime"] == ["assets/pyodide/", "assets/engine/"]
    # Every precached address is a file of the build.
    for p, rev in build["precache"]:
        f = built_site / (p + "index.html" if p.endswith("/") else p)
        if p == "./":
            f = built_site / "index.html"
        assert f.is_file(), p
        assert re.fullmatch(r"[0-9a-f]{12}", rev)


def test_the_precache_stays_within_its_budget(built_site: Path) -> None:
    offline = hook("offline")
    total = 0
    for p, _ in build_of(built_site)["precache"]:
        f = built_site / ("index.html" if p == "./" else p + "index.html" if p.endswith("/") else p)
        total += offline._wire_bytes(f.read_bytes())
    assert total <= offline.PRECACHE_BUDGET
    # and the engine's files are the bulk of the site, left out of it
    engine = sum(f.stat().st_size for f in (built_site / "assets" / "pyodide").rglob("*") if f.is_file())
    assert engine > total


def test_versions_follow_the_files(built_site: Path, tmp_path: Path) -> None:
    offline = hook("offline")
    template = offline.TEMPLATE.read_text(encoding="utf-8")
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    first, _, _ = offline.build_facts(site, template)
    assert first == offline.build_facts(site, template)[0]  # the same files, the same service worker
    assert first["version"] == build_of(built_site)["version"]
    # A page changes: a new version, the engine's cache kept.
    (site / "glossary" / "index.html").write_text("changed", encoding="utf-8")
    second, _, _ = offline.build_facts(site, template)
    assert second["version"] != first["version"] and second["engine"] == first["engine"]
    # A new file in the engine's folders (whatever another hook puts there): both change.
    (site / "assets" / "pyodide" / "snapshot.bin").write_bytes(b"\0" * 10)
    third, _, _ = offline.build_facts(site, template)
    assert third["engine"] != second["engine"] and third["version"] != second["version"]
    assert "assets/pyodide/snapshot.bin" not in {p for p, _ in third["precache"]}
    # The service worker's own code changing is a new version too.
    assert offline.build_facts(site, template + "\n// changed")[0]["version"] != third["version"]
    # Another rule for keeping the engine's files: every engine cache a reader has is dropped.
    offline.ENGINE_CACHE_FORMAT += "-again"
    fourth, _, _ = offline.build_facts(site, template)
    assert fourth["engine"] != third["engine"] and fourth["version"] != third["version"]


def test_a_precache_over_budget_or_a_broken_template_fails_the_build(built_site: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    offline = hook("offline")
    offline._serving = False
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    monkeypatch.setattr(offline, "PRECACHE_BUDGET", 1000)
    with pytest.raises(PluginError, match=r"over its budget of .* \(the largest: search/search_index.json"):
        offline.on_post_build({"site_dir": str(site)})
    monkeypatch.setattr(offline, "PRECACHE_BUDGET", 10**9)
    broken = tmp_path / "sw.js"
    broken.write_text("// no placeholder", encoding="utf-8")
    monkeypatch.setattr(offline, "TEMPLATE", broken)
    with pytest.raises(PluginError, match="__BUILD__ exactly once"):
        offline.on_post_build({"site_dir": str(site)})


def test_mkdocs_serve_gets_a_service_worker_that_removes_itself(tmp_path: Path) -> None:
    offline = hook("offline")
    offline.on_startup(command="serve")
    offline.on_post_build({"site_dir": str(tmp_path)})
    text = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert "unregister()" in text and "addEventListener(\"fetch\"" not in text
    offline.on_startup(command="build")
    assert offline._serving is False


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the RGBA bytes of a PNG as hooks/app.py writes it (8-bit RGBA, filter 0)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (depth, colour) == (8, 6)
    pos, idat = 8, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]
        if kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + 4 * width
    assert len(raw) == stride * height and all(raw[i * stride] == 0 for i in range(height))
    return width, height, b"".join(raw[i * stride + 1:(i + 1) * stride] for i in range(height))


def test_manifest_and_icons(built_site: Path) -> None:
    app = hook("app")
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    red = app.theme_colour(ROOT)
    assert manifest["theme_color"] == red == "#c62828"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "./"  # any sub-path
    assert manifest["display"] == "standalone" and manifest["short_name"] == "Some'r'Set"
    for icon in manifest["icons"]:
        data = (built_site / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h, pixels = png_pixels(data)
            assert icon["sizes"] == f"{w}x{h}"
            alphas = pixels[3::4]
            if icon["purpose"] == "maskable":
                assert min(alphas) == 255  # full bleed: the launcher's mask decides the shape
            else:
                assert alphas[0] == 0 and alphas[len(alphas) // 2] == 255  # rounded corners, solid middle
            # The theme's red is the background colour of the icon.
            r, g, b = (int(red[i:i + 2], 16) for i in (1, 3, 5))
            assert pixels[4 * (w * (h // 16) + w // 16):][:3] == bytes((r, g, b))
        else:
            assert data.startswith(b"<svg") and red.encode() in data
    apple = png_pixels((built_site / "assets" / "images" / "apple-touch-icon.png").read_bytes())
    assert apple[:2] == (180, 180) and min(apple[2][3::4]) == 255


def test_every_page_links_the_manifest_and_icons(built_site: Path) -> None:
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        depth = len(page.relative_to(built_site).parts) - 1
        up = "../" * depth
        if page.name == "404.html":
            continue  # a theme template, not a page: it is served at any depth
        assert f'<link rel="manifest" href="{up}manifest.webmanifest">' in html, page
        assert f'<link rel="apple-touch-icon" href="{up}assets/images/apple-touch-icon.png">' in html, page
        assert f'rel="icon" href="{up}assets/images/icon.svg"' in html, page


def test_the_runtime_script_is_served_plain_and_with_its_compile_hint(built_site: Path) -> None:
    # The plain copy for a start the service worker does not serve, the eager one (the hint as its
    # first line, then the very same script) for one it serves: hooks/assets.py, widgets/engine/worker.js.
    # Both with the function wrappers compiled once per signature (hooks/assets.py, WRAPPER_KEPT).
    assets = hook("assets")
    runtime = ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs"
    original = assets.runtime_script(runtime)
    assert original == runtime.read_bytes().replace(assets.WRAPPER_COMPILED, assets.WRAPPER_KEPT) != runtime.read_bytes()
    pyodide = built_site / "assets" / "pyodide"
    assert (pyodide / "pyodide.asm.mjs").read_bytes() == original
    assert (pyodide / "eager" / "pyodide.asm.mjs").read_bytes() == assets.COMPILE_HINT + original
    assert assets.COMPILE_HINT == b"//# allFunctionsCalledOnLoad\n"  # V8's explicit compile hint, a comment elsewhere
    manifest = json.loads((built_site / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"]["eager/pyodide.asm.mjs"] == len(original) + len(assets.COMPILE_HINT)


def test_another_pyodide_fails_the_build_naming_the_change(tmp_path: Path) -> None:
    assets = hook("assets")
    runtime = tmp_path / "pyodide.asm.mjs"
    runtime.write_bytes(b"var convertJsFunctionToWasm=(func,sig)=>{return func};")
    with pytest.raises(PluginError, match="convertJsFunctionToWasm"):
        assets.runtime_script(runtime)
    runtime.write_bytes(assets.WRAPPER_COMPILED * 2)
    with pytest.raises(PluginError, match="exactly once"):
        assets.runtime_script(runtime)
