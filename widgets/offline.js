// Offline use (mkdocs.yml: extra_javascript, on every page). Registers the site's service worker
// (sw.js at the site root, written by hooks/offline.py), tells it when the rules engine has
// started so that it keeps the engine's files, and keeps the engine's state told whether the
// browser is offline and whether the engine is saved on this device (widgets/ui.js shows it).
//
// The registration waits until the page has loaded, the main thread is idle and the engine is not
// loading: precaching the site on a first visit must never slow the reader's first answer.

import { engine, siteUrl, whenPageIdle } from "./engine.js";

const KEY = Symbol.for("somerset.offline");
// Written by the service worker once every file the engine needs is in its cache (hooks/sw.js).
const OFFLINE_READY = siteUrl("assets/engine/offline-ready").href;

async function engineSaved() {
  if (typeof caches === "undefined") return false;
  try {
    return Boolean(await caches.match(OFFLINE_READY));
  } catch {
    return false; // storage refused (private browsing, blocked cookies)
  }
}

async function noteNetwork() {
  engine.setNetwork({ offline: navigator.onLine === false, saved: await engineSaved() });
}

function register() {
  const sw = navigator.serviceWorker;
  sw.register(siteUrl("sw.js"), { scope: siteUrl("./").href, updateViaCache: "none" }).catch((e) => {
    console.warn(`Offline reading is unavailable: the service worker could not be registered (${e.message || e})`);
  });
}

function registerWhenQuiet() {
  let done = false;
  let unsubscribe = null;
  unsubscribe = engine.subscribe((state) => {
    if (done || state.status === "loading") return;
    done = true;
    register();
    if (unsubscribe) unsubscribe();
  });
  if (done) unsubscribe();
}

// Once per running engine: hand the service worker the list of files the engine's worker fetched.
function reportEngine() {
  let reported = null;
  engine.subscribe((state) => {
    if (state.status !== "ready" || !Array.isArray(state.files) || reported === state.files) return;
    reported = state.files;
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage({ type: "engine-ready", files: state.files });
    });
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "engine-saved") noteNetwork();
  });
}

if (!window[KEY]) {
  window[KEY] = true;
  window.addEventListener("online", noteNetwork);
  window.addEventListener("offline", noteNetwork);
  noteNetwork();
  if ("serviceWorker" in navigator && window.isSecureContext) {
    reportEngine();
    whenPageIdle(registerWhenQuiet);
  }
}
