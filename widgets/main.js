// Entry point (mkdocs.yml: extra_javascript, type module). Finds the widgets on a page and imports
// each one's module, named after its tag: <somerset-trick> is ./trick.js, <somerset-puzzle-progress>
// is ./puzzle-progress.js (see ui.js: a widget is one file). It runs again after each of Material's
// instant page loads (document$), or once on DOMContentLoaded when Material's observable is absent.
// Nothing is fetched and the engine does not start until the reader uses a widget (or opens a tool
// from a link that carries a position).

const PREFIX = "somerset-";
const TAG = /^somerset-[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

// The module of a widget's tag, relative to this file; null for a name that is not a widget's.
export function moduleFor(tag) {
  const name = String(tag).toLowerCase();
  if (!TAG.test(name)) return null;
  return `./${name.slice(PREFIX.length)}.js`;
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
  for (const tag of widgetTags(root)) {
    if (customElements.get(tag) || loading.has(tag)) continue;
    const module = moduleFor(tag);
    if (!module) continue;
    // Import a widget's module only when a page has that widget; defining the element upgrades
    // every instance already in the document.
    const p = import(new URL(module, import.meta.url).href)
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
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => mount());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => mount(), { once: true });
  } else {
    mount();
  }
}
