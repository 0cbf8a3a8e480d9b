// The site's service worker: pages readable offline after the first visit, tools usable offline
// once the rules engine is kept. hooks/offline.py writes it to <site>/sw.js at every build with
// BUILD filled in: version and engine (hashes), precache ([path, revision]), runtime (the engine's
// folders), engineFiles ([address, sha256, bytes on the wire]) and engineBytes (their sum).
// Caches: somerset-pages-<version> and somerset-engine-<engine>; paths are relative to this file.
// In: {type: "keep-engine", why: "used" | "background" | "asked"}: every engineFiles file is kept,
// checked against its hash, then OFFLINE_READY is written. Out, to every page of the site:
// {type: "engine-progress", done, total} and {type: "engine-saved", complete, why, scripts}.
// Why and how: develop/runtime.md, "Offline and installable" and "Across releases: one
// release's engine, whole".

const BUILD = __BUILD__;

const ROOT = new URL("./", self.location.href);
const PAGES = `somerset-pages-${BUILD.version}`;
const ENGINE = `somerset-engine-${BUILD.engine}`;
const OWN_CACHE = /^somerset-(pages|engine)-[0-9a-f]{16}$/;
const OFFLINE_READY = new URL("assets/engine/offline-ready", ROOT).href;
const NOT_FOUND = new URL("404.html", ROOT).href;
const MANIFEST = new URL("assets/engine/manifest.json", ROOT).href;
// address -> sha256 of this build's engine files
const ENGINE_FILES = new Map(BUILD.engineFiles.map(([path, sha256]) => [new URL(path, ROOT).href, sha256]));

function inRuntime(url) {
  return BUILD.runtime.some((folder) => url.href.startsWith(new URL(folder, ROOT).href));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES);
      // "no-cache": revalidate with the server, so nothing stale from the HTTP cache of an older
      // deploy slips into this version's precache.
      await cache.addAll(BUILD.precache.map(([path]) => new Request(new URL(path, ROOT), { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Only this service worker's own caches, and the engine's decompressed snapshot
      // (somerset-engine-snapshot, written by the engine's worker) when the engine itself changed:
      // that copy belongs to the old engine, and the new one writes its own at its first start.
      let engineChanged = false;
      for (const name of await caches.keys()) {
        if (OWN_CACHE.test(name) && name !== PAGES && name !== ENGINE) {
          if (name.startsWith("somerset-engine-")) engineChanged = true;
          await caches.delete(name);
        }
      }
      if (engineChanged) await caches.delete("somerset-engine-snapshot");
      await self.clients.claim();
    })(),
  );
});

// Cache-first for the precache (its version is the build's), cache-then-network for the engine's
// folders (filled on first use), network for anything else.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== ROOT.origin || !url.href.startsWith(ROOT.href)) return;
  if (inRuntime(url)) {
    event.respondWith(engineFile(event, request));
    return;
  }
  if (request.headers.has("range")) return;
  event.respondWith(sitePage(request, url));
});

const pendingPuts = new Set();

async function engineFile(event, request) {
  const cache = await caches.open(ENGINE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const sha256 = ENGINE_FILES.get(request.url);
  if (sha256 === undefined || request.headers.has("range")) return fetch(request);
  if (request.url === MANIFEST) {
    const checked = await fetchEngineFile(request.url, sha256);
    if (!checked) return fetch(request, { cache: "no-cache" }); // the host holds another build now: not kept
    remember(event, cache.put(request, checked.clone()));
    return checked;
  }
  // Answered as it arrives (the engine decompresses and compiles its downloads as they come);
  // kept once the whole file has shown its hash.
  const response = await fetch(request);
  if (response.ok && response.status === 200 && response.type === "basic") {
    const read = response.clone();
    const kept = response.clone();
    remember(event, (async () => {
      if ((await sha256Hex(await read.arrayBuffer())) === sha256) await cache.put(request, kept);
      else await kept.body.cancel();
    })());
  }
  return response;
}

function remember(event, put) {
  put = put.catch(() => {});
  pendingPuts.add(put);
  put.finally(() => pendingPuts.delete(put));
  event.waitUntil(put);
}

// Whether a response holds the bytes of the given hash.
async function holds(response, sha256) {
  try {
    return (await sha256Hex(await response.arrayBuffer())) === sha256;
  } catch {
    return false;
  }
}

async function sitePage(request, url) {
  const cache = await caches.open(PAGES);
  // A page's address may carry a tool's state (?rules=...): the page is the same.
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode !== "navigate") throw error;
    // Offline: a folder's address without its final slash, else the site's own "not found" page.
    if (!url.pathname.endsWith("/")) {
      const folder = await cache.match(new URL(`${url.pathname}/`, url), { ignoreSearch: true });
      if (folder) return folder;
    }
    const missing = await cache.match(NOT_FOUND);
    if (missing) return new Response(missing.body, { status: 404, statusText: "Not Found", headers: missing.headers });
    throw error;
  }
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-engine") event.waitUntil(keepEngine(String(data.why || "used")));
});

async function tellPages(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "window" })) client.postMessage(message);
}

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// One file of the engine, checked against its hash: from the browser's HTTP cache when it holds
// the right bytes, else from the network. The response itself is what is kept, not a copy made
// from its bytes: the browser keeps the compiled code of a script only with a response it fetched
// (so the runtime's scripts, kept this way, are compiled once rather than at every start).
async function fetchEngineFile(href, sha256) {
  for (const mode of ["force-cache", "no-cache"]) {
    let response;
    try {
      response = await fetch(href, { cache: mode, mode: "same-origin", credentials: "same-origin" });
    } catch {
      continue;
    }
    if (!response.ok || response.status !== 200) continue;
    let body;
    try {
      body = await response.clone().arrayBuffer();
    } catch {
      continue; // the connection dropped while it arrived
    }
    if ((await sha256Hex(body)) !== sha256) continue; // an older deploy's copy, or a damaged one
    return response;
  }
  return null;
}

let keeping = null;
function keepEngine(why) {
  if (!keeping) {
    keeping = keepAll(why).finally(() => {
      keeping = null;
    });
  }
  return keeping;
}

async function keepAll(why) {
  await Promise.all([...pendingPuts]);
  const cache = await caches.open(ENGINE);
  const total = BUILD.engineBytes;
  let done = 0;
  let complete = BUILD.engineFiles.length > 0;
  const missing = [];
  // A file already kept counts once its bytes show their hash; the marker says they all did when
  // it was written (and nothing unchecked enters this cache since).
  let checked = false;
  try {
    const note = await cache.match(OFFLINE_READY);
    checked = Boolean(note && (await note.json()).checked === true);
  } catch {
    checked = false;
  }
  for (const [path, sha256, bytes] of BUILD.engineFiles) {
    const href = new URL(path, ROOT).href;
    const hit = await cache.match(href);
    if (hit && (checked || (await holds(hit, sha256)))) {
      done += bytes;
    } else {
      if (hit) await cache.delete(href);
      missing.push([href, sha256, bytes]);
    }
  }
  await tellPages({ type: "engine-progress", done, total, why });
  // The runtime's scripts kept now: a page then runs them once through this service worker, so
  // that the browser compiles them and keeps the code (widgets/engine/offline.js, compileAhead).
  const scripts = [];
  for (const [href, sha256, bytes] of missing) {
    const response = await fetchEngineFile(href, sha256);
    if (response) {
      try {
        await cache.put(href, response);
        if (/\.m?js$/.test(new URL(href).pathname)) scripts.push(href);
      } catch {
        complete = false; // storage full or refused
      }
    } else {
      complete = false;
    }
    done += bytes;
    await tellPages({ type: "engine-progress", done, total, why });
  }
  if (complete) {
    const note = JSON.stringify({ version: BUILD.version, engine: BUILD.engine, checked: true, saved: new Date().toISOString() });
    await cache.put(OFFLINE_READY, new Response(note, { headers: { "Content-Type": "application/json" } }));
  }
  await tellPages({ type: "engine-saved", complete, why, scripts });
}
