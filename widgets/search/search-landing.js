// A search result followed on a phone lands on its heading, as loading its address does. Below
// Material's tablet width the search is full screen and Material locks the page's scrolling while
// it is open (the body fixed, data-md-scrolllock); a result's click closes the search and the lock
// comes off a moment later, while instant navigation may already have put the new page in and
// scrolled to the heading: a scroll the fixed body did not take. And a scroll made just as the
// lock comes off may be cut short at the height the page had a moment before. So from the moment
// the lock comes off, with the address still the result's, this module takes the reader to the
// heading (#id) as the browser does for an address, and checks at each frame until it has stayed
// there, with the page's height unchanged, for STEADY_MS (widgets above it may still be growing),
// or the reader touches the page, or 10 s pass; see develop/runtime.md.

const LOCK = "data-md-scrolllock";
const KEY = Symbol.for("somerset.search-landing");
const GIVE_UP_MS = 10_000;
const STEADY_MS = 500;
const READER = ["wheel", "touchstart", "pointerdown", "keydown"];

let followed = null; // the address of the search result last clicked

function headingOf(url) {
  try {
    const hash = new URL(url).hash;
    return hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
  } catch {
    return null;
  }
}

// Where the heading is against where it should be: 0 when it is at the top (below its scroll margin,
// the header's height) or the page can scroll no further.
function offBy(target) {
  const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  const off = target.getBoundingClientRect().top - margin;
  const end = document.scrollingElement.scrollHeight - innerHeight;
  return Math.abs(off) <= 1 || (off > 0 && scrollY >= end - 1) ? 0 : off;
}

function land() {
  const url = followed;
  followed = null;
  const id = url && headingOf(url);
  if (!id) return;
  const started = performance.now();
  let stopped = false;
  let navigated = false;
  let steadySince = null;
  let height = -1;
  const stop = () => {
    stopped = true;
  };
  for (const type of READER) addEventListener(type, stop, { capture: true, passive: true, once: true });
  const step = () => {
    if (stopped || location.href !== url || performance.now() - started > GIVE_UP_MS) {
      for (const type of READER) removeEventListener(type, stop, { capture: true });
      return;
    }
    const target = document.getElementById(id);
    const now = performance.now();
    const grown = document.scrollingElement.scrollHeight !== height;
    height = document.scrollingElement.scrollHeight;
    if (target && offBy(target) === 0 && !grown) steadySince ??= now;
    else steadySince = null;
    if (target && offBy(target) !== 0) {
      if (!navigated) {
        // A fragment navigation to the address the page already has: the browser scrolls to the
        // heading (it becomes :target, with its scroll margin) and replaces the history entry. The
        // link is outside the page, so no handler sees the click.
        navigated = true;
        const link = document.createElement("a");
        link.href = location.href;
        link.click();
      } else target.scrollIntoView({ block: "start" });
    }
    if (steadySince !== null && now - steadySince >= STEADY_MS) stopped = true;
    requestAnimationFrame(step);
  };
  step();
}

if (!window[KEY]) {
  window[KEY] = true;
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest(".md-search-result a[href]") : null;
      if (link) followed = link.href;
    },
    { capture: true },
  );
  const watch = () => {
    let locked = document.body.hasAttribute(LOCK);
    new MutationObserver(() => {
      const now = document.body.hasAttribute(LOCK);
      if (locked && !now) land();
      locked = now;
    }).observe(document.body, { attributes: true, attributeFilter: [LOCK] });
  };
  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch, { once: true });
}
