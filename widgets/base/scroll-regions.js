// What scrolls sideways must be reachable by keyboard (WCAG 2.1.1), so that arrow keys scroll it.
//
// Tables wider than the screen scroll inside Material's wrapper (.md-typeset__scrollwrap): while a
// wrapper overflows it becomes a named tab stop, and when it fits again it leaves the tab order.
//
// A code block wider than its column (a deal record, a content file) scrolls too. Material's
// bundle makes such a block a tab stop on a screen with hover, and takes it out again on a touch
// screen; a tool page runs the bundle only after the engine's answer (widgets/engine/early-start.js), so
// this does the same from the start and Material's bundle then keeps it as it is.
//
// Runs after each of Material's instant page loads (document$), like main.js: on a tool page that
// holds Material's bundle back, once the page has loaded, and from document$ on once the bundle
// has run (the page's head fires DOMContentLoaded again then).

const hover = typeof matchMedia === "function" && matchMedia("(hover)").matches;

function label(wrap) {
  const caption = wrap.querySelector("caption");
  const head = wrap.querySelector("th");
  const name = (caption && caption.textContent.trim()) || (head && `Table: ${head.textContent.trim()}, ...`) || "Table";
  return `${name} (scrolls sideways)`;
}

const overflows = (el) => el.scrollWidth > el.clientWidth + 1;

function updateTable(wrap) {
  const scrolls = overflows(wrap);
  if (scrolls && !wrap.hasAttribute("tabindex")) {
    wrap.setAttribute("tabindex", "0");
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", label(wrap));
  } else if (!scrolls && wrap.getAttribute("tabindex") === "0") {
    wrap.removeAttribute("tabindex");
    wrap.removeAttribute("role");
    wrap.removeAttribute("aria-label");
  }
}

function updateCode(code) {
  if (hover && overflows(code)) code.setAttribute("tabindex", "0");
  else if (code.getAttribute("tabindex") === "0") code.removeAttribute("tabindex");
}

const TABLES = ".md-typeset__scrollwrap";
const CODE = ".md-typeset pre > code";

function update(el) {
  if (el.matches(TABLES)) updateTable(el);
  else updateCode(el);
}

const observer = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => entries.forEach((e) => update(e.target))) : null;

// The page's regions, each looked at once now: a ResizeObserver reports an element's size as it
// starts to observe it, then at every change. The previous page's elements are let go.
function watch() {
  if (observer) observer.disconnect();
  for (const el of document.querySelectorAll(`${TABLES}, ${CODE}`)) {
    if (observer) observer.observe(el);
    else update(el);
  }
}

const KEY = Symbol.for("somerset.scroll-regions");
if (!window[KEY]) {
  window[KEY] = true;
  // Material wraps tables as it mounts a page; look once it has (the next frame).
  const later = () => requestAnimationFrame(() => watch());
  let following = false;
  let looked = false;
  const follow = () => {
    if (following) return;
    if (window.document$ && typeof window.document$.subscribe === "function") {
      following = true;
      window.document$.subscribe(later);
    } else if (document.readyState !== "loading" && !looked) {
      looked = true;
      later();
    }
  };
  follow();
  if (!following) document.addEventListener("DOMContentLoaded", follow);
}
