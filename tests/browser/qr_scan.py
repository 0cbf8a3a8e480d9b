"""A QR code the page drew, read back as a camera would: the squares of its SVG path painted onto a
canvas in the SVG's own colours and decoded by jsQR (a test dependency, injected into the page, so
the page must be opened with ``bypass_csp=True``). ``scan_qr(page, selector) -> the text or None``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

JSQR = Path(__file__).resolve().parents[2] / "node_modules" / "jsqr" / "dist" / "jsQR.js"

_DECODE = """(selector) => {
  const svg = document.querySelector(selector);
  const n = Number(svg.getAttribute('viewBox').split(' ')[2]);
  const scale = 6;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = n * scale;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = svg.querySelector('rect').getAttribute('fill');
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = svg.querySelector('path').getAttribute('fill');
  for (const m of svg.querySelector('path').getAttribute('d').matchAll(/M(\\d+) (\\d+)h1v1h-1z/g)) {
    ctx.fillRect(Number(m[1]) * scale, Number(m[2]) * scale, scale, scale);
  }
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const code = jsQR(image.data, image.width, image.height);
  return code ? code.data : null;
}"""


def scan_qr(page: Any, selector: str) -> str | None:
    if not page.evaluate("() => typeof jsQR === 'function'"):
        page.add_script_tag(path=str(JSQR))
    result: str | None = page.evaluate(_DECODE, selector)
    return result
