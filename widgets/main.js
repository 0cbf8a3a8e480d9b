// Entry point (mkdocs.yml: extra_javascript, type module). Defines the widgets' custom elements
// and re-mounts them after each of Material's instant page loads (document$), or once on
// DOMContentLoaded when Material's observable is absent. Nothing is fetched and the engine does
// not start until the reader uses a widget (or opens a tool from a link that carries a position).

const WIDGETS = {
  "somerset-trick": "./trick.js",
  "somerset-score": "./score.js",
  "somerset-puzzle": "./puzzle.js",
  "somerset-replay": "./replay.js",
  "somerset-deal": "./deal.js",
  "somerset-table": "./table.js",
  "somerset-compare": "./compare.js",
};

const loading = new Map();

function mount(root = document) {
  for (const [tag, module] of Object.entries(WIDGETS)) {
    if (customElements.get(tag) || loading.has(tag)) continue;
    if (!root.querySelector(tag)) continue;
    // Import a widget's module only when a page has that widget; defining the element upgrades
    // every instance already in the document.
    const p = import(new URL(module, import.meta.url).href).catch((e) => {
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
