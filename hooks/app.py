"""MkDocs hook: make the site an installable web app.

After every build it writes, from this file and the palette of ``docs/assets/stylesheets/theme.css``
(``theme_colour``): ``assets/images/icon.svg`` and its PNG renderings (``PNG_ICONS``: a Somerset
card showing the 0/0, the Rover, on the theme's red), and ``manifest.webmanifest`` at the site root;
each page's ``<head>`` links the manifest and the Apple touch icon. The PNGs are drawn by the small
rasteriser below (``render``, ``png``: no image library) and cached by drawing. What it writes, and
why: develop/architecture.md, "The web app's manifest and icons".
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import posixpath
import re
import struct
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.hooks.app")

THEME_CSS = Path("docs/assets/stylesheets/theme.css")
IMAGES = "assets/images"
MANIFEST = "manifest.webmanifest"
BACKGROUND = "#ffffff"

Colour = tuple[float, float, float, float]  # red, green, blue, alpha in 0..1


def _colour(hex_colour: str, alpha: float = 1.0) -> Colour:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha)


def theme_colour(root: Path) -> str:
    """The light scheme's primary colour, the one home of the site's red (theme.css)."""
    path = root / THEME_CSS
    try:
        css = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PluginError(f"hooks/app.py: cannot read {path}: {e}") from e
    m = re.search(r"--md-primary-fg-color:\s*(#[0-9a-fA-F]{6})\s*;", css)
    if not m:
        raise PluginError(f"hooks/app.py: {path} sets no --md-primary-fg-color as #rrggbb")
    return m.group(1).lower()


# --- the drawing ------------------------------------------------------------------------------
# In a 512 x 512 box: the background, a pale card behind, and a white card in front showing 0 over
# 0 (two rings with the bar between, as the numbers sit on a Somerset card).


@dataclass(frozen=True)
class Box:
    cx: float
    cy: float
    w: float
    h: float
    r: float  # corner radius
    angle: float = 0.0  # degrees, clockwise as in SVG

    def sdf(self, x: float, y: float) -> float:
        if self.angle:
            a = math.radians(-self.angle)
            dx, dy = x - self.cx, y - self.cy
            x, y = self.cx + dx * math.cos(a) - dy * math.sin(a), self.cy + dx * math.sin(a) + dy * math.cos(a)
        qx = abs(x - self.cx) - self.w / 2 + self.r
        qy = abs(y - self.cy) - self.h / 2 + self.r
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - self.r

    def extent(self) -> float:
        return math.hypot(self.w, self.h) / 2

    def svg(self, fill: str) -> str:
        rot = f' transform="rotate({self.angle:g} {self.cx:g} {self.cy:g})"' if self.angle else ""
        return (f'<rect x="{self.cx - self.w / 2:g}" y="{self.cy - self.h / 2:g}" width="{self.w:g}" '
                f'height="{self.h:g}" rx="{self.r:g}" fill="{fill}"{rot}/>')


@dataclass(frozen=True)
class Ring:
    """An ellipse drawn as a stroke (the numeral 0)."""

    cx: float
    cy: float
    rx: float
    ry: float
    stroke: float
    angle: float = 0.0
    about: tuple[float, float] = (256.0, 256.0)  # the point the angle turns around

    def sdf(self, x: float, y: float) -> float:
        if self.angle:
            a = math.radians(-self.angle)
            ox, oy = self.about
            dx, dy = x - ox, y - oy
            x, y = ox + dx * math.cos(a) - dy * math.sin(a), oy + dx * math.sin(a) + dy * math.cos(a)
        # The distance to the ellipse to first order: its implicit function over its gradient.
        ux, uy = (x - self.cx) / self.rx, (y - self.cy) / self.ry
        k = math.hypot(ux, uy)
        grad = math.hypot(ux / self.rx, uy / self.ry) / k if k > 1e-9 else 1.0 / min(self.rx, self.ry)
        return abs((k - 1.0) / grad) - self.stroke / 2

    def extent(self) -> float:
        return max(self.rx, self.ry) + self.stroke

    def svg(self, fill: str) -> str:
        rot = f' transform="rotate({self.angle:g} {self.about[0]:g} {self.about[1]:g})"' if self.angle else ""
        return (f'<ellipse cx="{self.cx:g}" cy="{self.cy:g}" rx="{self.rx:g}" ry="{self.ry:g}" fill="none" '
                f'stroke="{fill}" stroke-width="{self.stroke:g}"{rot}/>')


Shape = Box | Ring


def drawing(red: str, maskable: bool) -> list[tuple[Shape, str]]:
    """The shapes, back to front, each with its colour. A maskable icon fills the whole square and
    keeps the cards inside the central circle that every launcher's mask leaves visible."""
    s = 0.82 if maskable else 1.0

    def at(x: float, y: float) -> tuple[float, float]:
        return 256 + (x - 256) * s, 256 + (y - 256) * s

    back_c = at(300, 238)
    front_c = at(230, 268)
    tilt = -9.0
    shapes: list[tuple[Shape, str]] = [
        (Box(256, 256, 512, 512, 0 if maskable else 108), red),
        (Box(*back_c, 196 * s, 292 * s, 26 * s, 13.0), "#ffd9d4"),
        (Box(*front_c, 204 * s, 304 * s, 28 * s, tilt), "#ffffff"),
    ]
    fx, fy = front_c
    for dy in (-76, 76):
        shapes.append((Ring(fx, fy + dy * s, 46 * s, 56 * s, 20 * s, tilt, front_c), red))
    shapes.append((Box(fx, fy, 132 * s, 12 * s, 6 * s, tilt), "#3a3a3a"))
    return shapes


def svg_icon(red: str) -> str:
    body = "".join(shape.svg(fill) for shape, fill in drawing(red, maskable=False))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{body}</svg>\n'


def _rotated_extent(shape: Shape) -> tuple[float, float, float]:
    if isinstance(shape, Ring) and shape.angle:
        # where the ring's centre lands once turned about its point
        a = math.radians(shape.angle)
        ox, oy = shape.about
        dx, dy = shape.cx - ox, shape.cy - oy
        return ox + dx * math.cos(a) - dy * math.sin(a), oy + dx * math.sin(a) + dy * math.cos(a), shape.extent()
    return shape.cx, shape.cy, shape.extent()


def render(size: int, shapes: list[tuple[Shape, str]], opaque: bool) -> bytes:
    """Rasterise the shapes to straight RGBA rows at size x size, antialiased by distance."""
    unit = 512 / size  # drawing units per pixel
    buf = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]  # premultiplied
    if opaque:
        bg = _colour(BACKGROUND)
        for px in buf:
            px[:] = [bg[0], bg[1], bg[2], 1.0]
    for shape, fill in shapes:
        r, g, b, a = _colour(fill)
        cx, cy, ext = _rotated_extent(shape)
        x0, x1 = max(0, int((cx - ext) / unit) - 1), min(size, int((cx + ext) / unit) + 2)
        y0, y1 = max(0, int((cy - ext) / unit) - 1), min(size, int((cy + ext) / unit) + 2)
        sdf: Callable[[float, float], float] = shape.sdf
        for j in range(y0, y1):
            y = (j + 0.5) * unit
            row = j * size
            for i in range(x0, x1):
                cov = 0.5 - sdf((i + 0.5) * unit, y) / unit
                if cov <= 0.0:
                    continue
                k = a * (1.0 if cov >= 1.0 else cov)
                px = buf[row + i]
                keep = 1.0 - k
                px[0] = r * k + px[0] * keep
                px[1] = g * k + px[1] * keep
                px[2] = b * k + px[2] * keep
                px[3] = k + px[3] * keep
    out = bytearray()
    for j in range(size):
        out.append(0)  # PNG filter: none
        for px in buf[j * size:(j + 1) * size]:
            alpha = px[3]
            if alpha <= 0.0:
                out += b"\0\0\0\0"
                continue
            out += bytes(min(255, round(c / alpha * 255)) for c in px[:3]) + bytes((min(255, round(alpha * 255)),))
    return png(size, bytes(out))


def png(size: int, rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


#: name -> (size, maskable, opaque)
PNG_ICONS = {
    "icon-192.png": (192, False, False),
    "icon-512.png": (512, False, False),
    "icon-maskable-512.png": (512, True, True),
    "apple-touch-icon.png": (180, True, True),  # iOS rounds the corners itself and wants no transparency
}


def icon_files(red: str) -> dict[str, bytes]:
    """Every icon file by name; PNGs come from a cache folder when this drawing was drawn before."""
    files = {"icon.svg": svg_icon(red).encode("utf-8")}
    code = Path(__file__).read_bytes()
    cache = Path(tempfile.gettempdir()) / "somerset-icons"
    for name, (size, maskable, opaque) in PNG_ICONS.items():
        key = hashlib.sha256(code + f"{red}|{name}|{size}|{maskable}|{opaque}".encode()).hexdigest()[:20]
        cached = cache / f"{key}.png"
        try:
            files[name] = cached.read_bytes()
            continue
        except OSError:
            pass
        data = render(size, drawing(red, maskable), opaque)
        files[name] = data
        try:
            cache.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".tmp")
            tmp.write_bytes(data)
            tmp.replace(cached)
        except OSError:
            pass  # no cache: drawn again next time
    return files


# --- the manifest ------------------------------------------------------------------------------


def web_manifest(config: Any, red: str) -> dict[str, Any]:
    name = str(config["site_name"])
    short = name.removeprefix("The ").removesuffix(" Companion") or name
    return {
        "id": "./",
        "name": name,
        "short_name": short,
        "description": str(config.get("site_description") or name),
        "lang": str(config["theme"].get("language") or "en"),
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": red,
        "icons": [
            {"src": f"{IMAGES}/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": f"{IMAGES}/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": f"{IMAGES}/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": f"{IMAGES}/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }


# --- MkDocs events -----------------------------------------------------------------------------


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


def on_config(config: Any, **kwargs: Any) -> Any:
    theme_colour(_root(config))  # fail early when the palette cannot be read
    return config


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    """Link the manifest and the Apple touch icon from every page's head (Material itself keeps a
    theme-color meta tag in step with the header)."""
    url = page.url or ""
    here = url if url.endswith("/") or url == "" else posixpath.dirname(url) + "/"
    up = posixpath.relpath(".", here) if here else "."
    base = "" if up == "." else up + "/"
    tags = (
        f'<link rel="manifest" href="{base}{MANIFEST}">'
        f'<link rel="apple-touch-icon" href="{base}{IMAGES}/apple-touch-icon.png">'
    )
    if "</head>" not in output:
        return output
    return output.replace("</head>", tags + "</head>", 1)


def on_post_build(config: Any, **kwargs: Any) -> None:
    root = _root(config)
    site = Path(config["site_dir"])
    red = theme_colour(root)
    images = site / IMAGES
    images.mkdir(parents=True, exist_ok=True)
    for name, data in icon_files(red).items():
        (images / name).write_bytes(data)
    manifest = web_manifest(config, red)
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    log.info("app: %s and %d icons written", MANIFEST, len(PNG_ICONS) + 1)
