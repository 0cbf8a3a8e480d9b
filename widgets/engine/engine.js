// Page-side client of the rules engine: `engine` (ask, start, retry, subscribe, setNetwork, state;
// described above createEngine), one Web Worker for the whole visit, kept on `window` under a
// symbol so that Material's instant navigation, which keeps this JavaScript context, reuses it.
// Also siteUrl(path), citationHref(href), whenPageIdle(fn), earlyWorkerWaiting() (the page's head
// started a worker that start() takes over), engineDownloadBytes() and megabytes(bytes).
// How the engine starts: develop/runtime.md, "When the engine starts".

const KEY = Symbol.for("somerset.engine");
const SITE_ROOT = new URL("../../../", import.meta.url);
const WORKER_URL = new URL("./worker.js", import.meta.url);
// The worker's name, saying ("served-by-sw") when the service worker serves this page, and so the
// worker's downloads: it then starts from the runtime files the service worker keeps (see
// widgets/engine/worker.js, RUNTIME_SCRIPT; widgets/engine/early-start.js names it the same way).
function workerName() {
  return navigator.serviceWorker && navigator.serviceWorker.controller ? "somerset-engine served-by-sw" : "somerset-engine";
}
const STALL_MS = 120_000;
// Said when the site changed under the engine's start twice in one page (see restart).
const RELEASE_MESSAGE = "this site was updated while the rules engine loaded. Reload the page to use the new version.";
const OFFLINE_MESSAGE =
  "you are offline, and this device has not saved the rules engine yet. Connect to the internet and use any tool once: after that every tool works offline too.";

// The worker started by the page's head (hooks/early_start.py), once: {worker, events} with the
// events it has sent so far (they are not sent again), or null.
const EARLY = Symbol.for("somerset.engine.early");
export function earlyWorkerWaiting() {
  return Boolean(window[EARLY]);
}
function takeEarlyWorker() {
  const early = window[EARLY];
  if (!early || typeof early.take !== "function") return null;
  delete window[EARLY];
  try {
    const taken = early.take();
    return taken && taken.worker instanceof Worker && Array.isArray(taken.events) ? taken : null;
  } catch {
    return null;
  }
}

// The engine, a singleton:
//   ask(request)      -> Promise of the engine's JSON response (starts the engine if needed); a
//                        request of any size or depth is answered (a refusal is an error answer)
//   start()           -> starts loading (idempotent)
//   retry()           -> after a failure, starts again with a fresh worker
//   subscribe(fn)     -> fn(state) now and on every change; returns an unsubscribe function
//   setNetwork(patch) -> widgets/engine/offline.js reports {offline, saved}: whether the browser is
//                        offline, and whether the engine's files are saved on this device
//   state: {status: "idle"|"loading"|"ready"|"failed", stage, fraction, message, start (the path the
//           start took: "snapshot", "fallback" when the site's snapshot was not used, "plain" when
//           the site lists none), source ("network" | "cache": where the snapshot came from), note
//           (why not from the snapshot), timings (when the worker reached each step of its start,
//           epoch ms), offline and saved (see setNetwork), files (once ready: what it fetched)}
// A worker that finds the site deployed again under its start says {type: "restart"}: it is
// replaced once by a new worker started whole from the new release, and the requests it left
// unanswered are asked again; a second time, the engine fails asking the reader to reload.
function createEngine() {
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, reject, text}
  let restarted = false;
  const listeners = new Set();
  let state = { status: "idle", stage: null, fraction: 0, message: null, offline: navigator.onLine === false, saved: null };

  function setState(patch) {
    state = { ...state, ...patch };
    for (const fn of [...listeners]) {
      try {
        fn(state);
      } catch (e) {
        console.error(e);
      }
    }
  }

  function fail(message) {
    if (navigator.onLine === false && !state.saved) message = OFFLINE_MESSAGE;
    if (worker) {
      worker.terminate();
      worker = null;
    }
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
    setState({ status: "failed", message });
  }

  function start(fresh = false) {
    if (worker || state.status === "ready") return;
    setState({ status: "loading", stage: "start", fraction: 0, message: null });
    // A tool page opened from a link with a position has had its worker started by the page's
    // head (hooks/early_start.py) before any module ran; it is taken over with the messages it
    // sent so far.
    const early = fresh ? null : takeEarlyWorker();
    try {
      if (early) {
        worker = early.worker;
      } else {
        performance.mark("somerset-engine-start"); // for scripts/bench_web.py
        worker = new Worker(WORKER_URL, { type: "module", name: workerName() + (fresh ? " fresh-release" : "") });
      }
    } catch (e) {
      fail(`this browser cannot run the engine in the background (${e.message || e})`);
      return;
    }
    // Give up when loading makes no progress for a long time (a stalled download).
    let stall = null;
    const me = worker;
    const watch = () => {
      clearTimeout(stall);
      if (state.status !== "loading") return;
      stall = setTimeout(() => {
        if (worker === me && state.status === "loading") fail("loading stopped making progress");
      }, STALL_MS);
    };
    watch();
    const onMessage = (event) => {
      const data = event.data || {};
      watch();
      if (data.type === "progress") {
        if (state.status === "loading") setState({ stage: data.stage, fraction: data.fraction });
      } else if (data.type === "ready") {
        // When the worker said so: an early worker's events are read only when the widget takes it
        // over, which on a slow page may be well after the engine was ready.
        const at = typeof event.timeStamp === "number" && event.timeStamp > 0 ? event.timeStamp : performance.now();
        performance.mark("somerset-engine-ready", { startTime: Math.min(at, performance.now()) });
        // The start path taken, for whoever debugs a slow or failed start on a reader's device.
        console.info(`Some'r'Set engine: start path ${data.start}${data.start === "snapshot" ? ` (read from the ${data.source || "network"})` : ""}${data.note ? `: ${data.note}` : ""}`);
        setState({
          status: "ready", stage: "ready", fraction: 1, start: data.start, source: data.source, note: data.note, timings: data.timings,
          files: Array.isArray(data.files) ? data.files : [],
        });
      } else if (data.type === "failed") {
        fail(data.message || "unknown error");
      } else if (data.type === "restart") {
        restart(data.message);
      } else if ("id" in data && pending.has(data.id)) {
        const { resolve, reject } = pending.get(data.id);
        pending.delete(data.id);
        if (data.error) reject(new Error(data.error));
        else resolve(data.response);
      }
    };
    const onError = (event) => {
      event.preventDefault();
      fail(event.message || "the engine's worker stopped with an error");
    };
    const onMessageError = () => fail("the engine sent a message that could not be read");
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.addEventListener("messageerror", onMessageError);
    if (early) {
      const handlers = { message: onMessage, error: onError, messageerror: onMessageError };
      for (const event of early.events) {
        if (worker !== me) break;
        handlers[event.type](event);
      }
    }
  }

  // The worker's release is gone from the site (widgets/engine/worker.js, restartWhole): a new worker,
  // started whole from the files the site serves now, answers what the old one left unanswered.
  function restart(why) {
    if (restarted) {
      fail(RELEASE_MESSAGE);
      return;
    }
    restarted = true;
    console.info(`Some'r'Set engine: starting again whole (${why})`);
    if (worker) worker.terminate();
    worker = null;
    setState({ status: "idle", stage: null, fraction: 0, message: null });
    start(true);
    if (!worker) return;
    for (const [id, { text }] of pending) worker.postMessage({ id, text });
  }

  function ask(request) {
    if (state.status === "failed") return Promise.reject(new Error(state.message));
    // The request travels as JSON text: in Chromium a structured clone of an object nested about
    // 3,000 deep never reaches the worker as a message (and the page hears of no error), so the
    // request could not be answered; text always arrives, and the engine measures its nesting
    // before reading it. A request that cannot be written as JSON is refused here, in the shape of
    // the engine's error answers.
    let text;
    try {
      text = JSON.stringify(request);
    } catch (e) {
      return Promise.resolve(notJson(e));
    }
    start();
    if (!worker) return Promise.reject(new Error(state.message || "the engine is not running"));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const sent = text === undefined ? "null" : text;
      pending.set(id, { resolve, reject, text: sent });
      worker.postMessage({ id, text: sent });
    });
  }

  function retry() {
    if (state.status !== "failed") return;
    worker = null;
    setState({ status: "idle", message: null, fraction: 0, stage: null });
    start();
  }

  function subscribe(fn) {
    listeners.add(fn);
    fn(state);
    return () => listeners.delete(fn);
  }

  function setNetwork({ offline, saved }) {
    if (offline !== state.offline || saved !== state.saved) setState({ offline, saved });
  }

  return {
    ask,
    start,
    retry,
    subscribe,
    setNetwork,
    get state() {
      return state;
    },
  };
}

export const engine = window[KEY] || (window[KEY] = createEngine());

// The engine's answer to a request that cannot be written as JSON (a cycle, a BigInt, nesting
// deeper than the browser's stack), in the shape of the API's error answers: one short line.
function notJson(e) {
  const why = e instanceof RangeError ? "it nests arrays or objects too deep" : String((e && e.message) || e);
  const line = why.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return { error: { message: `the request cannot be sent as JSON: ${line.length > 120 ? line.slice(0, 117) + "..." : line}`, field: null } };
}

export function siteUrl(path) {
  return new URL(path, SITE_ROOT);
}

// The bytes a reader downloads to keep the rules engine (every file either start path fetches, as
// served), from the build's assets/data/offline.json (hooks/offline.py); null when unknown. Fetched
// once per page. megabytes(bytes) writes it for readers ("7.8 MB").
let downloadBytes = null;
export function engineDownloadBytes() {
  downloadBytes ??= fetch(siteUrl("assets/data/offline.json").href)
    .then((r) => (r.ok ? r.json() : null))
    .then((data) => (data && Number.isSafeInteger(data.engine_bytes) && data.engine_bytes > 0 ? data.engine_bytes : null))
    .catch(() => null);
  return downloadBytes;
}

export function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`;
}

// A link target for a citation's site-relative href; null unless it stays on this site.
export function citationHref(href) {
  if (typeof href !== "string" || href === "") return null;
  try {
    const url = new URL(href, SITE_ROOT);
    if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
    return url.href;
  } catch {
    return null;
  }
}

// Runs fn once the page has loaded and the main thread is idle (so the theme's own start-up work
// is done first); returns a function that cancels it.
export function whenPageIdle(fn) {
  let cancelled = false;
  let cancel = () => {};
  const run = () => cancelled || fn();
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(run, { timeout: 1500 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 200);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", idle);
    cancel();
  };
}
