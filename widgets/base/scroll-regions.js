// What scrolls sideways must be reachable by keyboard (WCAG 2.1.1), so that arrow keys scroll it:
// a table wider than the screen (Material's .md-typeset__scrollwrap) is a named tab stop while it
// overflows, and a wide code block (a deal record, a content file) is a tab stop on a screen with
// hover, as Material's bundle makes it, from the start. Runs after each of Material's instant page
// loads (document$), like main.js; on a tool page that holds Material's bundle back, once the page
// has loaded. Why from the start: develop/runtime.md, "Accessibility and search".

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
