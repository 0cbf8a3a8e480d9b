// Entry point (mkdocs.yml: extra_javascript, type module): finds the widgets on a page and imports
// each one's module as the widgets' manifest (./manifest.js) names it for the tag. It runs again
// after each of Material's instant page loads (document$), or once on DOMContentLoaded without
// Material. Nothing is fetched and the engine does not start until the reader uses a widget (or
// opens a tool from a link that carries a position). On a page of empty widget elements the build
// runs it from the head, `async` (hooks/early_start.py); it then mounts the widgets once the page
// has loaded and follows document$ once Material's bundle has run. Why: develop/runtime.md,
// "Before the engine: the inputs" and "When the engine starts".

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
