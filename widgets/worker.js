// The one Web Worker of a visit: boots Pyodide from the site's own assets, installs the engine
// wheel (no micropip, no network beyond this site) and answers JSON requests with
// somerset.api.handle. Pages only ever send JSON requests, never Python source.
//
// Messages in:  {id, request}
// Messages out: {type: "progress", stage, fraction} | {type: "ready"} | {type: "failed", message}
//               | {id, response}

const ASSETS = new URL("../", import.meta.url); // <site>/assets/
const PYODIDE_DIR = new URL("pyodide/", ASSETS);
const ENGINE_DIR = new URL("engine/", ASSETS);

let lastFraction = 0;
function progress(stage, fraction) {
  fraction = Math.max(lastFraction, Math.min(1, fraction));
  lastFraction = fraction;
  self.postMessage({ type: "progress", stage, fraction });
}

// Count the bytes of the runtime's big downloads as they arrive, so the page can show real
// progress. Only responses from this site are wrapped; anything else is refused outright.
function countingFetch(originalFetch, onBytes) {
  return async function (input, init) {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href);
    if (url.origin !== self.location.origin) {
      throw new Error(`refusing to load ${url.href}: the rules engine only loads files from this site`);
    }
    const response = await originalFetch(input, init);
    if (!response.ok || !response.body || typeof TransformStream === "undefined") return response;
    const counter = new TransformStream({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    try {
      return new Response(response.body.pipeThrough(counter), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch {
      return response;
    }
  };
}

async function fetchOk(url, what) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`${what} could not be fetched (${e.message || e})`);
  }
  if (!response.ok) throw new Error(`${what} could not be fetched (HTTP ${response.status})`);
  return response;
}

// Pyodide can lose a failed download inside a promise nobody awaits (for example when the
// WebAssembly module cannot be fetched), leaving loadPyodide pending for ever. Until the engine is
// ready, any unhandled rejection or error in this worker fails the boot instead, so the page can
// say so and offer a retry.
let bootFailed = null;
const bootFailure = new Promise((_, reject) => {
  bootFailed = reject;
});
bootFailure.catch(() => {});
function failBoot(reason) {
  if (handle || !bootFailed) return false;
  bootFailed(reason instanceof Error ? reason : new Error(String(reason)));
  return true;
}
self.addEventListener("unhandledrejection", (event) => {
  if (failBoot(event.reason)) event.preventDefault();
});
self.addEventListener("error", (event) => {
  if (failBoot(event.error || event.message)) event.preventDefault();
});
// A Content-Security-Policy that forbids what the runtime needs (compiling WebAssembly needs
// 'wasm-unsafe-eval') makes Pyodide give up without a word; say what was blocked instead.
self.addEventListener("securitypolicyviolation", (event) => {
  const what = event.violatedDirective === "script-src" && /eval/.test(event.blockedURI || "eval")
    ? "compiling WebAssembly ('wasm-unsafe-eval')" : `${event.blockedURI || "a resource"} (${event.violatedDirective})`;
  failBoot(new Error(`this site's Content-Security-Policy blocks the rules engine: it does not allow ${what}`));
});

async function boot() {
  progress("manifest", 0.01);
  const manifest = await (await fetchOk(new URL("manifest.json", ENGINE_DIR), "the engine manifest")).json();
  if (!manifest || typeof manifest.wheel !== "string" || !/^somerset-[\w.+-]+\.whl$/.test(manifest.wheel)) {
    throw new Error("the engine manifest does not name a wheel");
  }
  const sizes = manifest.pyodide || {};
  // Bytes fetched while booting: the WebAssembly module, the standard library, the lock file.
  const total =
    (sizes["pyodide.asm.wasm"] || 9e6) + (sizes["python_stdlib.zip"] || 2.5e6) + (sizes["pyodide-lock.json"] || 1e5);
  let loaded = 0;
  const originalFetch = self.fetch.bind(self);
  self.fetch = countingFetch(originalFetch, (n) => {
    loaded += n;
    progress("runtime", 0.03 + 0.8 * Math.min(1, loaded / total));
  });

  progress("runtime", 0.03);
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_DIR).href));
  } catch (e) {
    throw new Error(`the Python runtime could not be loaded (${e.message || e})`);
  }
  let pyodide;
  try {
    pyodide = await Promise.race([
      loadPyodide({
        indexURL: PYODIDE_DIR.href,
        stdout: () => {},
        stderr: (line) => console.warn(line),
      }),
      bootFailure,
    ]);
  } catch (e) {
    throw new Error(`the Python runtime could not start (${e.message || e})`);
  }
  self.fetch = originalFetch;

  progress("engine", 0.85);
  const wheelUrl = new URL(manifest.wheel, ENGINE_DIR);
  if (manifest.sha256) wheelUrl.search = `v=${String(manifest.sha256).slice(0, 16)}`;
  const buffer = await (await fetchOk(wheelUrl, "the engine")).arrayBuffer();
  progress("engine", 0.92);
  const sysconfig = pyodide.pyimport("sysconfig");
  const paths = sysconfig.get_paths();
  const purelib = paths.get("purelib");
  paths.destroy();
  sysconfig.destroy();
  pyodide.unpackArchive(buffer, "wheel", { extractDir: purelib });
  pyodide.pyimport("importlib").invalidate_caches();
  progress("engine", 0.96);
  const api = pyodide.pyimport("somerset.api");
  const handle = api.handle;
  // A first request compiles the engine's modules, so the first real answer is quick.
  JSON.parse(handle(JSON.stringify({ cmd: "rulesets" })));
  progress("ready", 1);
  return handle;
}

let handle = null;
let failure = null;
const ready = boot().then(
  (h) => {
    handle = h;
    self.postMessage({ type: "ready" });
  },
  (e) => {
    failure = String((e && e.message) || e);
    self.postMessage({ type: "failed", message: failure });
  },
);

self.addEventListener("message", async (event) => {
  const data = event.data;
  if (!data || typeof data !== "object" || !("id" in data)) return;
  const { id, request } = data;
  await ready;
  if (!handle) {
    self.postMessage({ id, error: failure || "the rules engine is not loaded" });
    return;
  }
  let response;
  try {
    response = JSON.parse(handle(JSON.stringify(request)));
  } catch (e) {
    response = { error: { message: `the rules engine failed: ${(e && e.message) || e}`, field: null, internal: true } };
  }
  self.postMessage({ id, response });
});
