// Tables wider than the screen scroll sideways inside Material's wrapper (.md-typeset__scrollwrap).
// A region that scrolls must be reachable by keyboard (WCAG 2.1.1): while a wrapper overflows it
// becomes a named tab stop, so arrow keys scroll it; when it fits again it leaves the tab order.
// Runs after each of Material's instant page loads (document$), like main.js.

function label(wrap) {
  const caption = wrap.querySelector("caption");
  const head = wrap.querySelector("th");
  const name = (caption && caption.textContent.trim()) || (head && `Table: ${head.textContent.trim()}, ...`) || "Table";
  return `${name} (scrolls sideways)`;
}

function update(wrap) {
  const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
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

const observer = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => entries.forEach((e) => update(e.target))) : null;

function watch() {
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
    update(wrap);
    if (observer) observer.observe(wrap);
  }
}

const KEY = Symbol.for("somerset.scroll-regions");
if (!window[KEY]) {
  window[KEY] = true;
  // Material wraps tables as it mounts a page; look once it has (the next frame).
  const later = () => requestAnimationFrame(() => watch());
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(later);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later, { once: true });
  else later();
}
