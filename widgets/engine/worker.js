// The one Web Worker of a visit: boots Pyodide from the site's own assets, installs the engine
// wheel (no micropip, no network beyond this site) and answers JSON requests with
// somerset.api.handle; pages send JSON requests only, never Python source.
// In:  {id, request} | {type: "module-ahead", body | failed} (the page's download of Pyodide's
//      module; see compilePacked)
// Out: {type: "progress", stage, fraction} | {type: "ready", start, source, note, timings, files}
//      | {type: "failed", message} | {type: "restart", message} | {id, response}; `start` is the
//      path taken ("snapshot", "fallback" or "plain"), `timings` each boot step's time (epoch ms).
// Why and how it starts: develop/runtime.md, "How it starts quickly" and "Across releases: one
// release's engine, whole".

// Its parts, as the engine manifest (hooks/assets.py) describes the start: the standard library
// (stdlib.zip, or the empty stdlib-resumed.zip beside a snapshot); the memory snapshot, used only
// when its key names the very files fetched here, Pyodide accepts its build id and the resumed
// engine gives the answer recorded at build time (else the ordinary start, the console says why);
// the wheel, unpacked only with the manifest's hash (else "restart", and the page starts a worker
// named "fresh-release" that asks the server again, "no-cache").

// Imported as the worker starts rather than before it: the downloads below are asked for while
// this module arrives.
const startupCode = import("./snapshot.js").catch((e) => {
  throw new Error(`the engine's worker could not load its start-up code (${e.message || e})`);
});
startupCode.catch(() => {});

const ASSETS = new URL("../../", import.meta.url); // <site>/assets/
const PYODIDE_DIR = new URL("pyodide/", ASSETS);
const ENGINE_DIR = new URL("engine/", ASSETS);
// The browser's own fetch, before the boot wraps it to count bytes (countingFetch): the WebAssembly
// downloads use it: the progress does not count them (the module compiles as it arrives), and
// countingFetch answers the module's own address with the stand-in once it is compiling.
const PLAIN_FETCH = self.fetch.bind(self);
// The Zstandard decoder's WebAssembly module (widgets/engine/zstd.js; put in the site by hooks/assets.py).
const ZSTD_DECODER = new URL("vendor/zstddec/zstd-decoder.wasm", ASSETS).href;
// Pyodide's runtime script. When the service worker serves the page, and so this
// worker's downloads, the page says so in this worker's name ("somerset-engine served-by-sw"; not
// in its address, which the service worker answers from its cache without the query). The start
// then imports the copy with V8's compile hint (eager/, hooks/assets.py), the one the service
// worker keeps, beside which the browser keeps the code it compiled (widgets/engine/offline.js,
// compileAhead), so the start compiles none of it. Otherwise (a first visit) the plain script,
// compiled lazily, which is quickest once. Pyodide's loader is handed the module
// (`createPyodideModule`) rather than importing the plain one itself.
const SERVED_BY_SW = String(self.name).split(" ").includes("served-by-sw");
// A worker started again whole because the release changed under the one before (see above).
const FRESH_RELEASE = String(self.name).split(" ").includes("fresh-release");
const REVALIDATE = FRESH_RELEASE ? { cache: "no-cache" } : undefined;
const RUNTIME_SCRIPT = new URL(SERVED_BY_SW ? "eager/pyodide.asm.mjs" : "pyodide.asm.mjs", PYODIDE_DIR).href;

const timings = {};
function reached(step) {
  timings[step] = performance.timeOrigin + performance.now();
}
reached("worker");

// Progress goes to the page only when the stage or the whole percentage changes: every message
// is work on the page's main thread, for every widget on the page.
let lastFraction = 0;
let lastSent = "";
function progress(stage, fraction) {
  fraction = Math.max(lastFraction, Math.min(1, fraction));
  lastFraction = fraction;
  const sent = `${stage} ${Math.floor(fraction * 100)}`;
  if (sent === lastSent) return;
  lastSent = sent;
  self.postMessage({ type: "progress", stage, fraction });
}

// Pyodide compiles its WebAssembly module only once it has the snapshot in hand. This worker
// compiles it from the start instead, while everything else downloads, and hands the module to
// Pyodide through WebAssembly.instantiateStreaming (which in this worker only Pyodide calls); the
// fetch Pyodide makes for the module gets an empty stand-in, so the file is fetched once.
// The module is downloaded Zstandard-compressed (pyodide.asm.wasm.zst, smaller than the host's
// gzip of pyodide.asm.wasm: develop/benchmarks.md) and decompressed as it arrives; the decompressed module is then
// kept in Cache Storage beside the snapshot's copy (once the manifest's hash of the module says it
// is the right one), and a later visit compiles from that copy without downloading or decoding
// anything. (The browser keeps no compiled code beside such a copy: it compiles the module lazily
// again at every start; develop/benchmarks.md, "The WebAssembly module's compiled code".) A copy
// of another module (the site's Pyodide changed) is dropped once the manifest says so, and the
// module is downloaded again.
const WASM_URL = new URL("pyodide.asm.wasm", PYODIDE_DIR).href;
const PACKED_WASM_URL = new URL("pyodide.asm.wasm.zst", PYODIDE_DIR).href;
const WASM_COPY_URL = new URL("pyodide-unpacked.wasm", ENGINE_DIR).href;
const STAND_IN = Symbol("compiled already");
let wasmModule = null; // the module, as instantiateStreaming below awaits it
let wasmCompiling = null; // the compile as precompile started it (errors not yet worded)
// Where the module came from: `copy`, the hash the kept copy says it has (null: downloaded);
// `pieces`, the decompressed download, kept until the copy is written.
const wasmSource = { copy: null, pieces: null };
// The runtime's memory, holding its own static data until Python runs (see fromSnapshot).
let runtimeMemory = null;

// The memory a snapshot resumes into. Pyodide copies its snapshot over the runtime's memory as it
// is when instantiated (its initial size: develop/runtime.md), and that copy throws when the
// snapshot's memory is larger (pyodide/pyodide#6254: Pyodide asks for a larger initial memory, but
// the runtime declares its own). So while a snapshot is being resumed, the runtime's memory is
// grown to the snapshot's (`heap_bytes` in the manifest; snapshot.js's growMemory) right after
// instantiation, before Pyodide makes its views of it; fromSnapshot checks the result before
// anything is copied. When the memory cannot grow, the snapshot's download stops there (`stop`,
// the snapshot's AbortController): the ordinary start then has the connection to itself.
const heap = { wanted: 0, problem: null, stop: null };
const MiB = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
async function fitHeap(memory) {
  if (heap.wanted) heap.problem = (await startupCode).growMemory(memory, heap.wanted);
  if (heap.problem && heap.stop) heap.stop.abort(new Error(heap.problem));
}

// The Zstandard decoder (zstd's own, compiled to WebAssembly), loaded once.
let zstdLoading = null;
function zstd() {
  if (!zstdLoading) {
    const module = quiet(PLAIN_FETCH(ZSTD_DECODER).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r;
    }));
    zstdLoading = quiet(
      import("./zstd.js")
        .then(({ zstdDecoder }) => zstdDecoder(module))
        .catch((e) => {
          throw new Error(`the decoder of the compressed downloads could not be loaded (${e.message || e})`);
        }),
    );
  }
  return zstdLoading;
}

// The compressed module as the page asked for it: on a first visit the page's head asks for it
// before this worker exists, and says so in the worker's name ("module-ahead"; widgets/engine/early-start.js).
// The response's body then comes in a message, {type: "module-ahead", body} (a transferred
// stream), or {type: "module-ahead", failed} when the page's request failed; it is taken once
// (a second download, after a kept copy of another module, asks for its own).
let moduleAhead = String(self.name).split(" ").includes("module-ahead")
  ? new Promise((resolve) => {
      const take = (event) => {
        const data = event.data;
        if (!data || data.type !== "module-ahead") return;
        self.removeEventListener("message", take);
        resolve(data.body instanceof ReadableStream ? new Response(data.body) : null);
      };
      self.addEventListener("message", take);
    })
  : null;
function takeModuleAhead() {
  const ahead = moduleAhead || Promise.resolve(null);
  moduleAhead = null;
  return ahead;
}
// A download nobody reads is stopped.
function cancelBody(response) {
  if (response && response.body && !response.body.locked) response.body.cancel().catch(() => {});
}

// The compressed module from the network (or the page's download of it), decompressed as it
// arrives and compiled as it goes.
async function compilePacked() {
  const download = takeModuleAhead().then((ahead) => ahead || PLAIN_FETCH(PACKED_WASM_URL));
  let parts;
  try {
    parts = await Promise.all([startupCode, zstd(), download]);
  } catch (e) {
    download.then(cancelBody, () => {});
    throw e;
  }
  const [{ unpackedModule }, { Decompress }, response] = parts;
  if (!response.ok) throw new Error(`the WebAssembly module could not be fetched (HTTP ${response.status})`);
  wasmSource.copy = null;
  wasmSource.pieces = [];
  const { response: module, problem } = unpackedModule(response.body, { Zstd: Decompress, keep: wasmSource.pieces });
  try {
    return await WebAssembly.compileStreaming(module);
  } catch (e) {
    throw problem() || e;
  }
}

async function compileWasm(unpacked) {
  const cache = await unpacked;
  let copy = null;
  if (cache) {
    try {
      copy = await cache.match(WASM_COPY_URL);
    } catch {
      copy = null; // Cache Storage refused: the download
    }
  }
  if (copy) {
    try {
      wasmSource.copy = copy.headers.get("x-sha256") || "";
      return await WebAssembly.compileStreaming(copy);
    } catch (e) {
      if (blockedWasm(e)) throw e;
      console.warn(`Some'r'Set engine: the kept copy of the WebAssembly module was unreadable (${(e && e.message) || e})`);
      cache.delete(WASM_COPY_URL).catch(() => {});
    }
  }
  return compilePacked();
}

// Once the manifest is in: a kept copy of another module than the one it names is dropped, and
// the module downloaded (or taken from the page, which may have asked for it already); the page's
// download is stopped when the copy is the one named.
async function checkedWasm(compiling, wanted, unpacked) {
  const module = await compiling;
  if (wasmSource.copy === null) return module;
  if (wasmSource.copy === wanted) {
    takeModuleAhead().then(cancelBody, () => {}); // the page's download of it is not needed
    return module;
  }
  (await unpacked).delete(WASM_COPY_URL).catch(() => {});
  return compilePacked();
}

// After the answer: the decompressed module kept for later visits, when it is the one the
// manifest names.
async function keepWasm(unpacked, wanted) {
  const pieces = wasmSource.pieces;
  wasmSource.pieces = null;
  const cache = await unpacked;
  if (!cache || !pieces || !wanted) return;
  const module = new Blob(pieces);
  const { sha256Hex } = await startupCode;
  if ((await sha256Hex(await module.arrayBuffer())) !== wanted) {
    throw new Error("the WebAssembly module downloaded is not the one the manifest names: not kept");
  }
  await cache.put(WASM_COPY_URL, new Response(module, { headers: { "content-type": "application/wasm", "x-sha256": wanted } }));
}

function settleWasm(compiling) {
  wasmModule = compiling.then(
    (module) => {
      reached(wasmSource.copy === null ? "wasm compiled" : "wasm compiled (cache)");
      return module;
    },
    (e) => {
      if (blockedWasm(e)) throw cspError(WASM_BLOCKED);
      throw new Error(`the Python runtime could not be loaded (${e.message || e})`);
    },
  );
  // Nothing starts without it: the whole boot fails, whichever attempt is running.
  wasmModule.catch((e) => {
    if (!handle) bootFailed(e);
  });
}

function precompile(unpacked) {
  if (typeof WebAssembly.compileStreaming !== "function") return;
  wasmCompiling = compileWasm(unpacked);
  settleWasm(wasmCompiling);
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!response || !response[STAND_IN]) return instantiateStreaming(response, imports);
    const module = await wasmModule;
    reached("instantiate");
    const instance = await WebAssembly.instantiate(module, imports);
    reached("instantiated");
    if (instance.exports.memory instanceof WebAssembly.Memory) {
      runtimeMemory = instance.exports.memory;
      await fitHeap(runtimeMemory);
    }
    return { module, instance };
  };
}

// Count the bytes of the runtime's big downloads as they arrive, so the page can show real
// progress. Only responses from this site are wrapped; anything else is refused outright.
// A download that receives nothing for STALL_MS while this worker is free to receive it has
// stalled (a connection that hangs rather than fails): the start fails at once, naming the file,
// so the page offers Retry within seconds instead of waiting on "Loading..." (engine.js keeps a
// long limit of its own for the rest of the start). Time this worker spends busy (compiling,
// starting Python) is not counted against the network.
const STALL_MS = 8_000;
const downloads = new Set();
let lastBytes = 0; // when any download last received something
let watchdog = null;
function watchDownload(what, signal) {
  const d = { what };
  downloads.add(d);
  lastBytes = performance.now();
  if (signal) signal.addEventListener("abort", () => downloads.delete(d), { once: true });
  if (!watchdog) {
    let tick = performance.now();
    watchdog = setInterval(() => {
      const now = performance.now();
      if (now - tick > 2_000) lastBytes = now; // this worker was busy: the network is not to blame
      tick = now;
      if (downloads.size && now - lastBytes > STALL_MS) {
        const names = [...downloads].map((x) => x.what).join(", ");
        stopWatching();
        // Told to the page at once (which ends this worker and offers Retry), whatever the start
        // is waiting on.
        failure = `the download of ${names} stalled: nothing arrived for ${STALL_MS / 1000} seconds`;
        self.postMessage({ type: "failed", message: failure });
      }
    }, 1_000);
  }
  return d;
}
function stopWatching() {
  clearInterval(watchdog);
  watchdog = null;
  downloads.clear();
}

function countingFetch(originalFetch, onBytes) {
  return async function (input, init) {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href);
    if (url.origin !== self.location.origin) {
      throw new Error(`refusing to load ${url.href}: the rules engine only loads files from this site`);
    }
    if (wasmModule && url.href === WASM_URL) {
      const standIn = new Response(null, { status: 200, headers: { "Content-Type": "application/wasm" } });
      standIn[STAND_IN] = true;
      return standIn;
    }
    const watched = watchDownload(url.pathname.slice(url.pathname.lastIndexOf("/") + 1) || url.pathname, init && init.signal);
    let response;
    try {
      response = await originalFetch(input, init);
    } catch (e) {
      downloads.delete(watched);
      throw e;
    }
    lastBytes = performance.now();
    if (!response.ok || !response.body || typeof TransformStream === "undefined") {
      downloads.delete(watched);
      return response;
    }
    const counter = new TransformStream({
      transform(chunk, controller) {
        lastBytes = performance.now();
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
      flush() {
        downloads.delete(watched);
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

async function fetchOk(url, what, init = undefined) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    throw new Error(`${what} could not be fetched (${e.message || e})`);
  }
  if (!response.ok) throw new Error(`${what} could not be fetched (HTTP ${response.status})`);
  return response;
}

async function fetchBytes(url, what, init = undefined) {
  return new Uint8Array(await (await fetchOk(url, what, init)).arrayBuffer());
}

// The site was deployed again while this engine started: a file it needs is another release's.
class ReleaseChanged extends Error {}

// The wheel the manifest names, checked against its hash before anything is unpacked from it.
async function fetchWheel(manifest) {
  const bytes = await fetchBytes(engineFile(manifest.wheel, manifest.sha256), "the engine", REVALIDATE);
  const { sha256Hex } = await startupCode;
  if ((await sha256Hex(bytes)) !== manifest.sha256) {
    throw new ReleaseChanged("the site was updated while the engine started: the engine's wheel is another release's");
  }
  return bytes;
}

// Stops this worker for good once its release is known to be gone: the page starts a new one.
let restarting = null;
function restartWhole(reason) {
  if (restarting) return;
  restarting = String((reason && reason.message) || reason);
  stopWatching();
  self.postMessage({ type: "restart", message: restarting });
}

// A file of the engine folder, with the first characters of its hash in the query so that a new
// build is never answered from an old cached copy.
function engineFile(name, sha256) {
  const url = new URL(name, ENGINE_DIR);
  if (sha256) url.search = `v=${String(sha256).slice(0, 16)}`;
  return url;
}

// Pyodide can lose a failed download inside a promise nobody awaits (for example when the
// WebAssembly module cannot be fetched), leaving loadPyodide pending for ever. Until the engine is
// ready, any unhandled rejection or error in this worker fails the running attempt to start it
// (the snapshot's, which then falls back to the ordinary start) or else the whole boot, so the
// page can say so and offer a retry.
let failAttempt = null;
let bootFailed = null;
const bootFailure = new Promise((_, reject) => {
  bootFailed = reject;
});
bootFailure.catch(() => {});
function stray(reason) {
  if (handle) return false;
  const error = reason instanceof Error ? reason : new Error(String(reason));
  if (failAttempt) failAttempt(error);
  else if (bootFailed) bootFailed(error);
  else return false;
  return true;
}
self.addEventListener("unhandledrejection", (event) => {
  if (stray(event.reason)) event.preventDefault();
});
self.addEventListener("error", (event) => {
  if (stray(event.error || event.message)) event.preventDefault();
});
// A Content-Security-Policy that forbids what the runtime needs (compiling WebAssembly needs
// 'wasm-unsafe-eval') makes Pyodide give up without a word, or with the browser's long message;
// say what was blocked instead.
function failBoot(error) {
  stray(error);
}
function cspError(what) {
  return new Error(`this site's Content-Security-Policy blocks the rules engine: it does not allow ${what}`);
}
const WASM_BLOCKED = "compiling WebAssembly ('wasm-unsafe-eval')";
self.addEventListener("securitypolicyviolation", (event) => {
  const what = event.violatedDirective === "script-src" && /eval/.test(event.blockedURI || "eval")
    ? WASM_BLOCKED : `${event.blockedURI || "a resource"} (${event.violatedDirective})`;
  failBoot(cspError(what));
});
// The browser's own words when a policy stops WebAssembly from compiling.
function blockedWasm(e) {
  const text = String((e && e.message) || e);
  return /WebAssembly/i.test(text) && /Content Security Policy/i.test(text);
}

// Runs one attempt to start Pyodide; a stray failure while it runs fails this attempt only.
async function attempt(run) {
  const failed = new Promise((_, reject) => {
    failAttempt = reject;
  });
  failed.catch(() => {});
  try {
    return await Promise.race([run(), failed, bootFailure]);
  } finally {
    failAttempt = null;
  }
}

// Unpack the wheel into site-packages, as installing it would (it has no data or scripts).
async function installWheel(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const { FS } = pyodide;
  const { unzip } = await startupCode;
  await unzip(wheel, (name, bytes) => {
    const path = `${sitePackages}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

// A decompressed copy of the snapshot is kept in the browser's Cache Storage after a start from
// it, so that later visits read it instead of decompressing it again (the slowest step of a
// second visit). One copy, of the snapshot this site lists now; an unreadable copy is dropped.
const UNPACKED = "somerset-engine-snapshot";

function unpackedURL(entry) {
  return new URL(`snapshot-unpacked?v=${entry.sha256.slice(0, 16)}`, ENGINE_DIR).href;
}

// Opening Cache Storage takes a while on a second visit (the browser reads its index): it is
// opened as the worker starts, while the manifest and the runtime's scripts arrive.
async function openUnpacked() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(UNPACKED);
  } catch {
    return null; // no Cache Storage here (an insecure context, a private window)
  }
}

// The snapshot's bytes into `memory`: from the decompressed copy when there is one, else from
// the network (Zstandard-decompressed as it downloads). Returns {key, runtime, source, keep}: `keep` stores a
// decompressed copy for next time.
async function readSnapshotInto(entry, memory, unpacked, signal) {
  const { unpackSnapshot } = await startupCode;
  const exact = (length) => {
    if (length !== memory.byteLength) throw new Error(`the snapshot holds ${length} bytes, the manifest says ${memory.byteLength}`);
    return memory;
  };
  const cache = await unpacked;
  const url = unpackedURL(entry);
  if (cache) {
    try {
      const copy = await cache.match(url);
      if (copy) return { ...(await unpackSnapshot(copy.body, exact, { signal })), source: "cache", keep: null };
    } catch (e) {
      if (signal.aborted) throw e;
      console.warn(`Some'r'Set engine: the kept copy of the snapshot was unreadable (${(e && e.message) || e})`);
      memory.fill(0);
      cache.delete(url).catch(() => {});
    }
  }
  const decoder = zstd();
  const response = await fetchOk(engineFile(entry.file, entry.sha256), "the snapshot", { signal });
  const { Decompress } = await decoder;
  const pieces = cache ? [] : null;
  const { key, runtime } = await unpackSnapshot(response.body, exact, { Zstd: Decompress, keep: pieces, signal });
  const keep = cache
    ? async () => {
        await cache.put(url, new Response(new Blob(pieces)));
        pieces.length = 0;
        // Copies of earlier snapshots go (the module's copy, kept beside it, stays).
        for (const old of await cache.keys()) if (old.url !== url && old.url.split("?")[0] === url.split("?")[0]) await cache.delete(old);
      }
    : null;
  return { key, runtime, source: "network", keep };
}

// The snapshot, read straight into `memory` and checked against everything known before Python
// runs: the loader's version, the lock file and the wheel the manifest names (by its hash: the
// wheel itself is not needed to resume, see fromSnapshot; the standard library is checked once
// Pyodide has written it to its file system). Rejects, saying why, when it does not belong here
// (or when anything it waits for fails, or `stop` is aborted: the heap check refused it); then
// reading stops at once and `memory` is left without its header, which Pyodide refuses.
async function fillSnapshot(entry, memory, unpacked, loader, lock, wheelSha256, stop) {
  try {
    const [found, { version }, lockBytes] = await Promise.all([
      readSnapshotInto(entry, memory, unpacked, stop.signal),
      loader,
      lock,
    ]);
    reached(`snapshot read (${found.source})`);
    const { mismatches, sha256Hex } = await startupCode;
    const facts = { pyodide: version, lock: await sha256Hex(lockBytes), wheel: wheelSha256 };
    const problems = mismatches(found.key, facts);
    if (problems.length) throw new Error(problems.join("; "));
    return found;
  } catch (e) {
    stop.abort();
    memory.fill(0, 0, 64);
    throw e;
  }
}

// Resume from the snapshot; throws (saying why) when it does not belong here or does not work.
// Pyodide sizes its memory from the snapshot's length (known from the manifest) as soon as it is
// called, but reads the bytes only after its file system is set up: `fsInit` holds it there until
// the snapshot is in, so that loading the runtime, compiling and instantiating it overlap the
// snapshot's download.
// The pages of the snapshot that hold the runtime's own static data are not in the file: they are
// copied from the runtime's memory when Pyodide sets up its file system, after the WebAssembly
// module is instantiated and before anything runs in it, and checked against their hash in the key.
async function fromSnapshot(loadPyodide, options, memory, heapBytes, snapshot, wheel, stop) {
  let restored = null;
  // A runtime whose memory could not grow refuses the snapshot at once, without waiting for the
  // rest of its download (which fitHeap has stopped).
  const refusedEarly = () => {
    if (!heap.problem) return snapshot;
    memory.fill(0, 0, 64);
    return Promise.reject(new Error(heap.problem));
  };
  const restore = () =>
    (restored ||= refusedEarly().then(async (found) => {
      if (!runtimeMemory) throw new Error("the runtime's memory was not seen as it started");
      const { fillFromRuntime, memoryBase, mismatches, sha256Hex } = await startupCode;
      // The heap check: Pyodide's snapshot is its header, then the runtime's whole memory, which
      // must fit the memory the runtime has now.
      const needed = memory.byteLength - memoryBase(memory);
      const have = runtimeMemory.buffer.byteLength;
      const tooBig = heap.problem
        || (needed !== heap.wanted && `it holds ${needed} bytes of memory, the manifest says ${heap.wanted}`)
        || (needed > have && `it needs ${MiB(needed)} of memory, the Python runtime has ${MiB(have)}`);
      if (tooBig) {
        memory.fill(0, 0, 64);
        throw new Error(tooBig);
      }
      const bytes = fillFromRuntime(memory, found.runtime, new Uint8Array(runtimeMemory.buffer));
      const problems = mismatches(found.key, { runtime: await sha256Hex(bytes) });
      if (problems.length) {
        memory.fill(0, 0, 64);
        throw new Error(problems.join("; "));
      }
      return found;
    }));
  let pyodide;
  heap.wanted = heapBytes;
  heap.problem = null;
  heap.stop = stop;
  try {
    pyodide = await attempt(() =>
      loadPyodide({
        ...options,
        _loadSnapshot: memory,
        // Never fails: a snapshot that cannot be used has lost its header by now, so Pyodide
        // refuses it and loadPyodide fails cleanly, leaving nothing running behind.
        fsInit: () => {
          reached("fs init");
          return restore().then(() => {}, () => {});
        },
      }),
    );
  } catch (e) {
    // The snapshot's own reason first, when it has one (the heap check's when it stopped the
    // download: then the download's own error only says it was stopped).
    if (heap.problem && restored) await restored;
    await snapshot;
    if (restored) await restored;
    throw new Error(`Pyodide could not resume from it (${(e && e.message) || e})`);
  } finally {
    heap.wanted = 0;
    heap.stop = null;
  }
  reached("Pyodide resumed");
  progress("engine", 0.9);
  const { key, source, keep } = await restore();
  // The resumed interpreter reads its standard library at the offsets it knew when the snapshot
  // was taken: the zip it was given must be that very file.
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  const { mismatches, sha256Hex } = await startupCode;
  const stdlib = await sha256Hex(pyodide.FS.readFile(`/lib/python${major}${minor}.zip`));
  const problems = mismatches(key, { stdlib });
  if (problems.length) throw new Error(problems.join("; "));
  reached("stdlib checked");
  // Everyone resuming the snapshot would otherwise share its random generator's state.
  pyodide.runPython("import random; random.seed()");
  const handle = pyodide.pyimport("somerset.api").handle;
  if (handle(JSON.stringify(key.check.request)) !== key.check.response) {
    throw new Error("the resumed engine does not give the answer recorded when the snapshot was built");
  }
  reached("engine checked");
  // The engine's modules are in memory already, so the wheel is not downloaded before the answer
  // (it would share the connection with the runtime and the snapshot): its files (for anything
  // imported later, and for tracebacks) are fetched and written once the worker has a quiet
  // moment, as is the snapshot's copy.
  later(async () => {
    let bytes;
    try {
      bytes = await wheel();
    } catch (e) {
      // The modules running are the snapshot's; another release's wheel is not unpacked under
      // them: the engine starts again whole.
      if (e instanceof ReleaseChanged) restartWhole(e);
      throw e;
    }
    await installWheel(pyodide, bytes);
  });
  if (keep) later(keep);
  return { handle, source };
}

// Work left for a quiet moment after the engine is ready (functions returning promises, run one
// after the other): it starts once no request has come for LATE_MS, or at once when a request
// fails inside the engine (then that request is asked again once it is done). The pause is long
// enough for a reader going on to another tool page in the same visit (bench-web measures that)
// to have that page's answers first.
const LATE_MS = 1500;
const lateWork = [];
let lateTimer = null;
let lateRun = null; // while it runs
function later(job) {
  lateWork.push(job);
}
function runLate() {
  clearTimeout(lateTimer);
  if (!lateRun && lateWork.length) {
    const jobs = lateWork.splice(0);
    lateRun = (async () => {
      for (const job of jobs) {
        try {
          await job();
        } catch (e) {
          console.warn(`Some'r'Set engine: ${(e && e.message) || e}`);
        }
      }
      reached("late work done");
    })().finally(() => {
      lateRun = null;
    });
  }
  return lateRun;
}
function scheduleLate() {
  clearTimeout(lateTimer);
  if (lateWork.length) lateTimer = setTimeout(runLate, LATE_MS);
}

async function fresh(loadPyodide, options, wheel) {
  let pyodide;
  try {
    pyodide = await attempt(() => loadPyodide(options));
  } catch (e) {
    if (blockedWasm(e)) throw cspError(WASM_BLOCKED);
    // A failure already worded (the runtime's module could not be loaded) is not wrapped again.
    if (e && /^the Python runtime could not/.test(e.message)) throw e;
    throw new Error(`the Python runtime could not start (${e.message || e})`);
  }
  reached("Pyodide started");
  progress("engine", 0.9);
  await installWheel(pyodide, await wheel());
  reached("wheel installed");
  const handle = pyodide.pyimport("somerset.api").handle;
  // A first request compiles the engine's modules, so the first real answer is quick.
  JSON.parse(handle(JSON.stringify({ cmd: "rulesets" })));
  return handle;
}

function entry(value, ...sizes) {
  const ok =
    value &&
    typeof value.file === "string" &&
    /^[\w.-]+$/.test(value.file) &&
    typeof value.sha256 === "string" &&
    sizes.every((size) => Number.isSafeInteger(value[size]) && value[size] > 0 && value[size] < 2 ** 31);
  return ok ? value : null;
}

// Settles like `promise`, but a rejection nobody awaits is not reported as unhandled.
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

async function boot() {
  const originalFetch = PLAIN_FETCH;
  const unpacked = openUnpacked();
  precompile(unpacked);
  // The loader and the runtime's JavaScript (RUNTIME_SCRIPT) are fetched and parsed while the
  // manifest arrives.
  const runtimeFailed = (e) => {
    throw new Error(`the Python runtime could not be loaded (${e.message || e})`);
  };
  const loader = quiet(import(new URL("pyodide.mjs", PYODIDE_DIR).href).catch(runtimeFailed));
  const runtime = quiet(import(RUNTIME_SCRIPT).then((module) => {
    reached("runtime script");
    return module.default;
  }, runtimeFailed));
  progress("manifest", 0.01);
  const manifest = await (await fetchOk(new URL("manifest.json", ENGINE_DIR), "the engine manifest", REVALIDATE)).json();
  reached("manifest");
  if (!manifest || typeof manifest.wheel !== "string" || !/^somerset-[\w.+-]+\.whl$/.test(manifest.wheel)) {
    throw new Error("the engine manifest does not name a wheel");
  }
  const startup = manifest.startup || {};
  const wasmWanted = startup.wasm && typeof startup.wasm.raw_sha256 === "string" ? startup.wasm.raw_sha256 : null;
  if (wasmCompiling) settleWasm(checkedWasm(wasmCompiling, wasmWanted, unpacked));
  const stdlibEntry = entry(startup.stdlib);
  const resumedStdlib = startup.snapshot && entry(startup.snapshot.stdlib);
  const snapshotEntry = stdlibEntry && resumedStdlib && entry(startup.snapshot, "memory_bytes");
  // The memory the snapshot resumes into (the runtime's, grown when it is smaller): any size is
  // read, so that a manifest asking for more than a runtime can have is refused by the heap check.
  const heapBytes = snapshotEntry && Number.isSafeInteger(startup.snapshot.heap_bytes) && startup.snapshot.heap_bytes > 0
    ? startup.snapshot.heap_bytes : null;
  const sizes = manifest.pyodide || {};
  // Bytes counted while booting: the standard library, the snapshot, ... (and the WebAssembly
  // module when this browser cannot compile it while it downloads).
  const total =
    (typeof WebAssembly.compileStreaming === "function" ? 0 : sizes["pyodide.asm.wasm"] || 9e6) +
    (snapshotEntry ? resumedStdlib.bytes || 0 : stdlibEntry ? stdlibEntry.bytes || 1.5e6 : sizes["python_stdlib.zip"] || 2.5e6) +
    (snapshotEntry ? snapshotEntry.bytes || 6e6 : 0) +
    (sizes["pyodide-lock.json"] || 1e5) +
    (snapshotEntry && heapBytes ? 0 : manifest.bytes || 1e5);
  let loaded = 0;
  self.fetch = countingFetch(originalFetch, (n) => {
    loaded += n;
    progress("runtime", 0.03 + 0.8 * Math.min(1, loaded / total));
  });
  progress("runtime", 0.03);

  // Everything is asked for at once; Pyodide fetches its WebAssembly module and the standard
  // library itself as soon as loadPyodide is called.
  const lock = quiet(fetchBytes(new URL("pyodide-lock.json", PYODIDE_DIR), "the Python runtime's lock file"));
  // A snapshot that cannot be fetched, decompressed or matched only means the ordinary start.
  const memory = snapshotEntry && heapBytes ? new Uint8Array(snapshotEntry.memory_bytes) : null;
  // The wheel: asked for at once by the ordinary start, only after the answer by a start from the
  // snapshot (or at once when the snapshot is not used after all).
  let wheelBytes = null;
  const wheel = () => (wheelBytes ||= quiet(fetchWheel(manifest)));
  if (!memory) wheel();
  const snapshotStop = new AbortController();
  const snapshot = memory ? quiet(fillSnapshot(snapshotEntry, memory, unpacked, loader, lock, manifest.sha256, snapshotStop)) : null;
  const { loadPyodide } = await Promise.race([loader, bootFailure]);
  reached("loader");
  const createPyodideModule = await Promise.race([runtime, bootFailure]);
  const options = {
    createPyodideModule,
    indexURL: PYODIDE_DIR.href,
    packageBaseUrl: PYODIDE_DIR.href,
    lockFileContents: lock.then((bytes) => new TextDecoder().decode(bytes)),
    stdout: () => {},
    stderr: (line) => console.warn(line),
  };
  if (stdlibEntry) options.stdLibURL = engineFile(stdlibEntry.file, stdlibEntry.sha256).href;

  let answer = null;
  let start = snapshotEntry ? "fallback" : "plain";
  let source = null;
  let note = snapshotEntry ? (heapBytes ? null : "the snapshot was not used: the manifest does not say how much memory it needs") : "this site has no snapshot";
  if (snapshot) {
    try {
      // Resumed with the empty standard library: every module is in the snapshot.
      const resumed = { ...options, stdLibURL: engineFile(resumedStdlib.file, resumedStdlib.sha256).href };
      ({ handle: answer, source } = await fromSnapshot(loadPyodide, resumed, memory, heapBytes, snapshot, wheel, snapshotStop));
      start = "snapshot";
    } catch (e) {
      wheel();
      note = `the snapshot was not used: ${(e && e.message) || e}`;
      console.warn(`Some'r'Set engine: ${note}; starting Python the ordinary way.`);
      answer = null;
    }
  }
  if (!answer) answer = await fresh(loadPyodide, options, wheel);
  if (wasmSource.pieces) later(() => keepWasm(unpacked, wasmWanted));
  stopWatching();
  self.fetch = originalFetch;
  progress("ready", 1);
  reached("ready");
  return { handle: answer, start, source, note };
}

let handle = null;
let failure = null;
const ready = boot().then(
  (booted) => {
    handle = booted.handle;
    // `files`: what was fetched to start, which the service worker keeps for offline use (widgets/engine/service-worker.js).
    const files = performance.getEntriesByType("resource").map((entry) => entry.name);
    self.postMessage({ type: "ready", start: booted.start, source: booted.source, note: booted.note, timings, files });
    scheduleLate();
  },
  (e) => {
    stopWatching();
    failure = String((e && e.message) || e);
    if (e instanceof ReleaseChanged) restartWhole(e);
    else self.postMessage({ type: "failed", message: failure });
  },
);

// A request comes as {id, text}: its JSON text (widgets/engine/engine.js writes it; an object nested
// thousands deep would not arrive). {id, request} with the object is read too.
self.addEventListener("message", async (event) => {
  const data = event.data;
  if (!data || typeof data !== "object" || !("id" in data)) return;
  const { id } = data;
  await ready;
  if (restarting) return; // the page asks the new worker
  if (!handle) {
    self.postMessage({ id, error: failure || "the rules engine is not loaded" });
    return;
  }
  const answer = () => {
    try {
      const text = typeof data.text === "string" ? data.text : JSON.stringify(data.request ?? null);
      return JSON.parse(handle(text));
    } catch (e) {
      return { error: { message: `the rules engine failed: ${(e && e.message) || e}`, field: null, internal: true } };
    }
  };
  let response = answer();
  if (response && response.error && response.error.internal && (lateWork.length || lateRun)) {
    await runLate();
    if (restarting) return;
    response = answer();
  }
  self.postMessage({ id, response });
  scheduleLate();
});
// A message that cannot be read names no request to answer: say so where a developer looks.
self.addEventListener("messageerror", () => console.error("the engine's worker received a message it could not read"));
