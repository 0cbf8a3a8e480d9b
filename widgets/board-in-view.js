// Keeping a board and what goes with it on the reader's screen: after a tap that redraws a board
// (a puzzle's next step, a line of play stepped on a table), the page scrolls the least it can so
// that the span from one element's top to another's bottom lies in the part of the window the
// reader sees, below the site's sticky header. A span taller than that part keeps its top in view.
// Material shows its "Back to top" pill over the top of the page while the page moves up; after
// moving up, the page moves one pixel down two frames later, which puts the pill away again.
// Used by the puzzle trainer (trainer.js) and the deal replayer (replay.js).
//
//   bringIntoView(first, last = first) -> the distance scrolled (0 when the span was in view)

const GAP = 8; // px left between the span and the header or the window's edge

// The bottom of the sticky header (Material's header, and its tabs when they stick).
function headerBottom() {
  let top = 0;
  for (const el of document.querySelectorAll(".md-header, .md-tabs")) {
    const s = getComputedStyle(el);
    if ((s.position === "sticky" || s.position === "fixed") && s.display !== "none" && s.visibility !== "hidden") {
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.top <= 0.5) top = Math.max(top, r.bottom);
    }
  }
  return top;
}

export function bringIntoView(first, last = first) {
  const shown = [first, last].filter((el) => el && el.isConnected && el.getClientRects().length);
  if (!shown.length) return 0;
  const top = Math.min(...shown.map((el) => el.getBoundingClientRect().top));
  const bottom = Math.max(...shown.map((el) => el.getBoundingClientRect().bottom));
  const above = headerBottom() + GAP;
  const below = window.innerHeight - GAP;
  let by = 0;
  if (bottom - top > below - above || top < above) by = top - above;
  else if (bottom > below) by = bottom - below;
  if (Math.abs(by) < 1) return 0;
  if (by > 0) {
    window.scrollBy({ top: by, left: 0, behavior: "instant" });
    return by;
  }
  window.scrollBy({ top: by - 1, left: 0, behavior: "instant" });
  requestAnimationFrame(() => requestAnimationFrame(() => window.scrollBy({ top: 1, left: 0, behavior: "instant" })));
  return by;
}
