// A link to a place on the same page (a question in the rulings index, a heading's link, a table
// of contents entry in the text) takes the reader there as the browser does, every time: Material's
// instant navigation, which would otherwise handle the click, at times puts back the scroll position
// it had saved instead, and the page stays where it was. Material's own in-page links (content tabs,
// code line numbers: "#__...") keep their handling. Until the reader moves the page (or 3 s pass) the
// place is kept at the top, and <html> carries sr-landed: the Back to top pill is not drawn over it.
// Why: develop/runtime.md, "In-page links".

import { GAP, scrollPage, visibleBand } from "./in-view.js";

const KEY = Symbol.for("somerset.in-page-links");
const LANDED = "sr-landed";
const READER = ["wheel", "touchstart", "pointerdown", "keydown"];

const HOLD_MS = 3000;

// How far the target is from its place at the top: 0 there, or when the page can scroll no further.
function offBy(target) {
  // Its scroll margin (Material's, once it is the :target), and never under the sticky header.
  const margin = Math.max(parseFloat(getComputedStyle(target).scrollMarginTop) || 0, visibleBand().top + GAP);
  const off = target.getBoundingClientRect().top - margin;
  const end = document.scrollingElement.scrollHeight - innerHeight;
  return Math.abs(off) <= 1 || (off > 0 && scrollY >= end - 1) ? 0 : off;
}

// The browser has scrolled to the place; the page above it may still move (or Material put back
// an old offset): the place is kept at the top until the reader moves the page.
function landed(id) {
  const root = document.documentElement;
  root.classList.add(LANDED);
  const started = performance.now();
  let moved = false;
  const stop = () => {
    moved = true;
    root.classList.remove(LANDED);
    for (const type of READER) removeEventListener(type, stop, true);
  };
  for (const type of READER) addEventListener(type, stop, { capture: true, passive: true });
  const hold = () => {
    if (moved || performance.now() - started > HOLD_MS || decodeURIComponent(location.hash.slice(1)) !== id) return;
    const target = document.getElementById(id);
    if (target) scrollPage(offBy(target));
    requestAnimationFrame(hold);
  };
  requestAnimationFrame(hold);
}

// The same page's address with a place on it: the link the browser should follow itself.
export function isInPageLink(a, here = location) {
  if (!a || a.target || a.hasAttribute("download")) return false;
  const href = a.getAttribute("href") || "";
  if (href.startsWith("#__")) return false;
  let url;
  try {
    url = new URL(a.href, here.href);
  } catch {
    return false;
  }
  return url.hash.length > 1 && url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
}

if (!window[KEY]) {
  window[KEY] = true;
  // Before Material's listener on <body> sees the click: the browser's default (scroll to the
  // place, a new history entry, hashchange) is left to run.
  document.addEventListener(
    "click",
    (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (a && a.closest(".md-content") && isInPageLink(a)) {
        e.stopPropagation();
        landed(decodeURIComponent(new URL(a.href).hash.slice(1)));
      }
    },
    true,
  );
}
