// Entry point (mkdocs.yml: extra_javascript, type module). Finds the widgets on a page and imports
// each one's module, as the widgets' manifest (./manifest.js) names it for the tag: <somerset-trick>
// is ./trick.js. It runs again after each of Material's instant page loads (document$), or once on
// DOMContentLoaded when Material's observable is absent. Nothing is fetched and the engine does not
// start until the reader uses a widget (or opens a tool from a link that carries a position).
//
// On a page whose widgets are all empty elements (the tools, the replays), the build runs this
// module and the page's widget modules from the head, `async` (hooks/early_start.py): the widgets
// are defined, and drawn, as soon as their modules have arrived, while the page is still being read
// and before Material's bundle; this module then waits for Material's document$ (there by
// DOMContentLoaded) and follows it from there, as on any other page. A tool page opened from a
// link on a later visit may run Material's bundle only after the tool has answered (the page's
// head holds it back, widgets/engine/early-start.js): the widgets are mounted once the page has loaded, and
// document$ followed when the page fires DOMContentLoaded again after the bundle has run.

import { WIDGETS } from "./manifest.js";

const PREFIX = "somerset-";

// The module of a widget's tag, relative to this file; null for a tag the manifest does not list.
export function moduleFor(tag) {
  const entry = Object.hasOwn(WIDGETS, String(tag).toLowerCase()) ? WIDGETS[String(tag).toLowerCase()] : null;
  return entry ? `./${entry.module}` : null;
}

// The site's stylesheet (every widget's looks: the build joins the sources that mkdocs.yml's
// extra_css lists into this one file, hooks/stylesheets.py), linked when the page lacks it (every
// page of the site links it; a page built otherwise still gets the looks).
const SITE_STYLESHEET = new URL("../stylesheets/site.css", import.meta.url).href;
function ensureStylesheet() {
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href.split("?")[0] === SITE_STYLESHEET)) return;
  document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", href: SITE_STYLESHEET }));
}

const loading = new Map();

function widgetTags(root) {
  // Custom elements not defined yet: every element with a hyphen in its name that no module has
  // claimed (the page's ordinary elements always count as defined).
  const tags = new Set();
  for (const el of root.querySelectorAll(":not(:defined)")) {
    if (el.localName.startsWith(PREFIX)) tags.add(el.localName);
  }
  return tags;
}

function mount(root = document) {
  const tags = [...widgetTags(root)].filter((tag) => !customElements.get(tag) && !loading.has(tag));
  if (tags.length) ensureStylesheet();
  for (const tag of tags) {
    const module = moduleFor(tag);
    // Import a widget's module only when a page has that widget; defining the element upgrades
    // every instance already in the document. A tag the manifest does not list says so in place.
    const p = (module ? import(new URL(module, import.meta.url).href) : Promise.reject(new Error(`<${tag}> is not one of this site's widgets`)))
      .then(() => {
        if (!customElements.get(tag)) throw new Error(`${module} does not define <${tag}>`);
      })
      .catch((e) => {
        loading.delete(tag);
        for (const el of document.querySelectorAll(tag)) {
          el.textContent = `This tool could not start: ${e.message || e}. Reload the page to try again.`;
          el.classList.add("sr-widget", "sr-widget--broken");
        }
      });
    loading.set(tag, p);
  }
}

const KEY = Symbol.for("somerset.widgets.mounted");
if (!window[KEY]) {
  window[KEY] = true;
  // Material's document$ exists once its bundle has run: before DOMContentLoaded, but possibly
  // after this module (run early from the head, it may come while the bundle waits its turn), or
  // after the page has loaded (held back until a tool's answer). Until then, the page gets one
  // mount() once it has loaded; mount() again when document$ comes finds nothing new to load.
  let following = false;
  let mounted = false;
  const follow = () => {
    if (following) return;
    if (window.document$ && typeof window.document$.subscribe === "function") {
      following = true;
      window.document$.subscribe(() => mount());
    } else if (document.readyState === "complete" && !mounted) {
      mounted = true;
      mount();
    }
  };
  follow();
  if (!following) {
    document.addEventListener("DOMContentLoaded", follow);
    window.addEventListener("load", follow, { once: true });
  }
}
