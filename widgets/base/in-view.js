// What the reader sees of the page, for the tools that keep their board on one screen: the band of
// the window below the site's sticky header, the least scroll that brings a span into it (a span
// taller than the band keeps its top in view), and Material's Back to top pill kept off the boards
// (<html> marked sr-board-under-top while the pill would lie over one; a stylesheet hides it).
//
//   visibleBand() -> {top, bottom}: the header's bottom and the window's bottom, in window pixels
//   fitsBand(first, last = first, gap) -> whether first's top to last's bottom fits the band
//   bringIntoView(first, last = first, gap) -> the distance scrolled (0 when the span was in view)
//   scrollPage(dy) -> dy scrolled at once (0 under a pixel), the pill then put off the boards
//   keepPillOff(board) -> board, marked data-sr-board: the pill is not drawn while it lies over it

export const GAP = 8; // px left between a span and the header or the window's edge

// The bottom of the sticky header (Material's header, and its tabs when they stick).
export function visibleBand() {
  let top = 0;
  for (const el of document.querySelectorAll(".md-header, .md-tabs")) {
    const s = getComputedStyle(el);
    if ((s.position === "sticky" || s.position === "fixed") && s.display !== "none" && s.visibility !== "hidden") {
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.top <= 0.5) top = Math.max(top, r.bottom);
    }
  }
  return { top, bottom: window.innerHeight };
}

// From the top of the higher element to the bottom of the lower one, of those drawn; null if none is.
function span(first, last) {
  const shown = [first, last].filter((el) => el && el.isConnected && el.getClientRects().length);
  if (!shown.length) return null;
  const rects = shown.map((el) => el.getBoundingClientRect());
  return { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
}

export function fitsBand(first, last = first, gap = GAP) {
  const s = span(first, last);
  const band = visibleBand();
  return !!s && s.bottom - s.top <= band.bottom - band.top - 2 * gap;
}

export function bringIntoView(first, last = first, gap = GAP) {
  const s = span(first, last);
  if (!s) return 0;
  const band = visibleBand();
  const above = band.top + gap;
  const below = band.bottom - gap;
  let by = 0;
  if (s.bottom - s.top > below - above || s.top < above) by = s.top - above;
  else if (s.bottom > below) by = s.bottom - below;
  return scrollPage(by);
}

export function scrollPage(dy) {
  if (Math.abs(dy) < 1) return 0;
  window.scrollBy({ top: dy, left: 0, behavior: "instant" });
  pillOverBoard();
  return dy;
}

// Material shows its Back to top pill under the header after the page moves up.
function pillOverBoard() {
  const pill = document.querySelector(".md-top");
  let over = false;
  if (pill) {
    const p = pill.getBoundingClientRect();
    for (const board of document.querySelectorAll("[data-sr-board]")) {
      const b = board.getBoundingClientRect();
      if (b.width && p.left < b.right && b.left < p.right && p.top < b.bottom && b.top < p.bottom) over = true;
    }
  }
  document.documentElement.classList.toggle("sr-board-under-top", over);
}

let watching = false;
export function keepPillOff(board) {
  board.setAttribute("data-sr-board", "");
  if (!watching) {
    watching = true;
    addEventListener("scroll", pillOverBoard, { passive: true });
    addEventListener("resize", pillOverBoard, { passive: true });
  }
  requestAnimationFrame(pillOverBoard);
  return board;
}
