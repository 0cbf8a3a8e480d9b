// Offline use (mkdocs.yml: extra_javascript, on every page): registers the site's service worker
// (sw.js, hooks/offline.py) once the page is loaded and idle and the engine is not loading, and
// asks it to keep the engine's files ("keep-engine", why "used", "background" or "asked";
// keepForTable() for "Ready for the table"); then runs the kept runtime scripts once through it
// (compileAhead). It tells the engine's state whether the browser is offline and the engine saved,
// and keeps `offlineState` ({saved, progress: {done, total} | null, background, compiledAhead});
// subscribeOffline(fn) calls fn(state) now and on every change. When each "why" applies, and why
// the registration waits: develop/runtime.md, "Offline and installable".

import { engine, siteUrl, whenPageIdle } from "./engine.js";

const KEY = Symbol.for("somerset.offline");
// Written by the service worker once every file the engine needs is in its cache (widgets/engine/service-worker.js).
const OFFLINE_READY = siteUrl("assets/engine/offline-ready").href;
// Connections the background fetch leaves alone (Network Information API's `type` and `effectiveType`).
const METERED_TYPES = ["cellular"];
const SLOW_TYPES = ["slow-2g", "2g", "3g"];

const shared = window[KEY] && typeof window[KEY] === "object" ? window[KEY] : null;
const state = shared ? shared.state : { saved: null, progress: null, background: null, compiledAhead: null };
const listeners = shared ? shared.listeners : new Set();

function changed(patch) {
  Object.assign(state, patch);
  for (const fn of [...listeners]) {
    try {
      fn(state);
    } catch (e) {
      console.error(e);
    }
  }
}

export const offlineState = state;

export function subscribeOffline(fn) {
  listeners.add(fn);
  fn(state);
  return () => listeners.delete(fn);
}

async function engineSaved() {
  if (typeof caches === "undefined") return false;
  try {
    return Boolean(await caches.match(OFFLINE_READY));
  } catch {
    return false; // storage refused (private browsing, blocked cookies)
  }
}

async function noteNetwork() {
  const saved = await engineSaved();
  engine.setNetwork({ offline: navigator.onLine === false, saved });
  if (saved !== state.saved) changed({ saved });
  return saved;
}

export function serviceWorkerUsable() {
  return "serviceWorker" in navigator && window.isSecureContext;
}

let registering = null;
function register() {
  if (!registering) {
    registering = navigator.serviceWorker
      .register(siteUrl("sw.js"), { scope: siteUrl("./").href, updateViaCache: "none" })
      .catch((e) => {
        console.warn(`Offline reading is unavailable: the service worker could not be registered (${e.message || e})`);
        registering = null;
        throw e;
      });
  }
  return registering;
}

function registerWhenQuiet() {
  let done = false;
  let unsubscribe = null;
  unsubscribe = engine.subscribe((s) => {
    if (done || s.status === "loading") return;
    done = true;
    register().catch(() => {});
    if (unsubscribe) unsubscribe();
  });
  if (done) unsubscribe();
}

// Ask the service worker to keep the engine (once it is active); resolves when it has been asked.
async function askToKeep(why) {
  const registration = await navigator.serviceWorker.ready;
  if (!registration.active) throw new Error("the service worker is not active");
  registration.active.postMessage({ type: "keep-engine", why });
}

// "Ready for the table": keep every file of the engine now, whatever the connection. Resolves with
// true once they are kept, false when they could not all be (the state says how far it got).
export async function keepForTable() {
  if (!serviceWorkerUsable()) throw new Error("this browser cannot keep the site for offline use here");
  if (await noteNetwork()) return true;
  const finished = new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.data && event.data.type === "engine-saved") {
        navigator.serviceWorker.removeEventListener("message", onMessage);
        resolve(Boolean(event.data.complete));
      }
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
  });
  await register();
  await askToKeep("asked");
  return finished;
}

// Why the background fetch may not run now (null when it may).
export function backgroundRefusal(connection = navigator.connection) {
  if (!connection) return null;
  if (connection.saveData) return "Save-Data";
  if (METERED_TYPES.includes(connection.type)) return "a metered connection";
  if (SLOW_TYPES.includes(connection.effectiveType)) return "a slow connection";
  return null;
}

// After a first visit (the service worker controls this page), when the page is idle and the
// engine is not kept yet: fetch it in the background, unless the connection says not to.
async function backgroundKeep() {
  if (!navigator.serviceWorker.controller) {
    changed({ background: "not on a first visit" });
    return;
  }
  if (await noteNetwork()) {
    changed({ background: "kept already" });
    return;
  }
  const refusal = backgroundRefusal();
  if (refusal) {
    changed({ background: `not with ${refusal}` });
    return;
  }
  if (engine.state.status === "loading" || engine.state.status === "ready") {
    changed({ background: "the engine is running" }); // kept once it is up ("used")
    return;
  }
  changed({ background: "fetching" });
  try {
    await askToKeep("background");
  } catch {
    changed({ background: "the service worker is not active" });
  }
}

// Once the service worker has kept the runtime's scripts (`scripts`, their addresses): they are
// run once through it, in a short-lived worker (widgets/engine/compile-ahead.js), while the page is idle,
// so that the browser keeps their compiled code for the next start of the engine. Only from a
// page the service worker controls (otherwise the scripts would not come from its cache), and
// once per page. Resolves with what the worker said ({done} or {error}), or null when not run.
const COMPILE_AHEAD_MS = 30_000;
let compiledAhead = null;
export function compileAhead(scripts) {
  if (compiledAhead || !Array.isArray(scripts) || !scripts.length) return compiledAhead || Promise.resolve(null);
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return Promise.resolve(null);
  compiledAhead = new Promise((resolve) => {
    whenPageIdle(() => {
      let worker;
      try {
        worker = new Worker(siteUrl("assets/widgets/engine/compile-ahead.js"), { type: "module", name: "somerset-compile-ahead" });
      } catch (e) {
        resolve({ error: String((e && e.message) || e) });
        return;
      }
      const finish = (said) => {
        clearTimeout(timer);
        worker.terminate();
        if (said && said.error) console.warn(`Some'r'Set engine: the runtime's scripts were not compiled ahead (${said.error})`);
        changed({ compiledAhead: said });
        resolve(said);
      };
      const timer = setTimeout(() => finish({ error: "no answer in time" }), COMPILE_AHEAD_MS);
      worker.addEventListener("message", (event) => finish(event.data));
      worker.addEventListener("error", () => finish({ error: "the worker could not start" }));
      worker.postMessage({ scripts });
    });
  });
  return compiledAhead;
}

// Once per running engine: the service worker keeps what it needs.
function reportEngine() {
  let reported = null;
  engine.subscribe((s) => {
    if (s.status !== "ready" || !Array.isArray(s.files) || reported === s.files) return;
    reported = s.files;
    askToKeep("used").catch(() => {});
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "engine-progress") changed({ progress: { done: data.done, total: data.total } });
    else if (data.type === "engine-saved") {
      changed({ progress: null });
      if (Array.isArray(data.scripts) && data.scripts.length) compileAhead(data.scripts);
      if (state.background === "fetching") changed({ background: data.complete ? "done" : "incomplete" });
      noteNetwork();
    }
  });
}

if (!shared) {
  window[KEY] = { state, listeners };
  window.addEventListener("online", noteNetwork);
  window.addEventListener("offline", noteNetwork);
  noteNetwork();
  if (serviceWorkerUsable()) {
    reportEngine();
    whenPageIdle(registerWhenQuiet);
    whenPageIdle(() => {
      backgroundKeep();
    });
  }
}
