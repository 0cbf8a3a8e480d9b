// A search result followed on a phone lands on its heading, as loading its address does. Below
// Material's tablet width the search is full screen and locks the page's scrolling (the body fixed,
// data-md-scrolllock); a result's click closes it and the lock comes off a moment later, before or
// after instant navigation puts the result's page in and scrolls to the heading, a scroll the fixed
// body may not take. So from the click on, this module waits for the lock to be off and the address
// to be the result's, then takes the reader to the heading (#id) as the browser does for an address,
// and keeps it there at each frame (widgets above it may still be growing) until the reader touches
// the page or 10 s pass. Why: develop/runtime.md, "Accessibility and search".

const LOCK = "data-md-scrolllock";
const KEY = Symbol.for("somerset.search-landing");
const GIVE_UP_MS = 10_000;
const READER = ["wheel", "touchstart", "pointerdown", "keydown"];

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

// Takes the reader to the heading of `url`, the search result followed.
function land(url) {
  const id = headingOf(url);
  if (!id) return;
  const started = performance.now();
  let stopped = false;
  let navigated = false;
  let arrived = false; // the result's page is in (it may come after the search lets go)
  const where = (u) => {
    const x = new URL(u, location.href);
    return x.pathname + x.hash; // Material may drop the result's ?h= highlight from the address
  };
  const stop = () => {
    stopped = true;
  };
  for (const type of READER) addEventListener(type, stop, { capture: true, passive: true, once: true });
  const step = () => {
    const here = where(location.href) === where(url);
    arrived ||= here;
    if (stopped || (arrived && !here) || performance.now() - started > GIVE_UP_MS) {
      for (const type of READER) removeEventListener(type, stop, { capture: true });
      return;
    }
    if (document.body.hasAttribute(LOCK)) {
      // The search still holds the page: nothing can be scrolled yet.
      requestAnimationFrame(step);
      return;
    }
    const target = here ? document.getElementById(id) : null;
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
      if (link) requestAnimationFrame(() => land(link.href));
    },
    { capture: true },
  );
}
