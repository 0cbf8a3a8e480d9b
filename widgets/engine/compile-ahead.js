// A short-lived module worker, started by widgets/engine/offline.js (compileAhead) once the service
// worker has kept the Python runtime's scripts: it imports them, through the service worker, so
// that the browser compiles them now and keeps the compiled code beside the kept files. The next
// start of the engine then reads that code instead of compiling the runtime's scripts again (a
// browser keeps a script's compiled code once it has run it from the service worker's cache; the
// first start of a first visit fetched them before the service worker controlled the page).
// Importing them runs only their top level: no runtime starts here.
//
// Message in: {scripts: [address, ...]} (this site's .mjs and .js files; anything else is refused).
// Message out: {done: n} once the n scripts are imported, or {error} saying which one failed.

function ownScript(address) {
  try {
    const url = new URL(address, self.location.href);
    return url.origin === self.location.origin && /\.m?js$/.test(url.pathname) ? url.href : null;
  } catch {
    return null;
  }
}

self.addEventListener("message", async (event) => {
  const scripts = event.data && Array.isArray(event.data.scripts) ? event.data.scripts : [];
  const own = scripts.map(ownScript);
  const refused = scripts.find((_, i) => own[i] === null);
  if (refused !== undefined) {
    self.postMessage({ error: `not a script of this site: ${String(refused).slice(0, 200)}` });
    return;
  }
  for (const href of own) {
    try {
      await import(href);
    } catch (e) {
      self.postMessage({ error: `${href} could not be imported (${(e && e.message) || e})` });
      return;
    }
  }
  self.postMessage({ done: own.length });
});
