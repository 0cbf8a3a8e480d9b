// The engine's fast start, shared by the worker (worker.js), the build (scripts/build_startup.mjs)
// and the Node tests (tests/pyodide/): the format of the memory snapshot (packSnapshot,
// unpackSnapshot, snapshotReader), whether a snapshot belongs to the files this page is about to
// run (mismatches), the runtime's own pages (runtimePages, fillFromRuntime), the WebAssembly module
// unpacked as it downloads (unpackedModule), sha256Hex and unzip. No DOM, no side effects on import.
// The file's layout: develop/runtime.md, "The snapshot's format".

export const MAGIC = "SOMERSET-SNAPSHOT-3\n";
export const FORMAT = 3;
const PAGE = 4096;

const pad16 = (n) => Math.ceil(n / 16) * 16;

function isZero(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  for (let i = words.length * 4; i < bytes.byteLength; i++) if (bytes[i] !== 0) return false;
  return true;
}

// Where the WebAssembly memory starts in Pyodide's snapshot (the length of Pyodide's own header).
export function memoryBase(memory) {
  return new DataView(memory.buffer, memory.byteOffset, memory.byteLength).getUint32(4, true);
}

// The pages of Pyodide's snapshot `memory` that hold exactly what `runtime` (the runtime's memory
// as it starts) holds at the same place, all zeros apart (used by the build).
export function runtimePages(memory, runtime) {
  const base = memoryBase(memory);
  const pages = [];
  for (let p = Math.ceil(base / PAGE); p * PAGE < memory.byteLength; p++) {
    const start = p * PAGE;
    const size = Math.min(PAGE, memory.byteLength - start);
    if (start - base + size > runtime.byteLength) break;
    const page = memory.subarray(start, start + size);
    if (isZero(page.slice())) continue;
    const there = runtime.subarray(start - base, start - base + size);
    let same = true;
    for (let i = 0; i < size; i++) {
      if (page[i] !== there[i]) {
        same = false;
        break;
      }
    }
    if (same) pages.push(p);
  }
  return { base, pages };
}

// The runtime pages' bytes, one after another (what runtime_sha256 is the hash of).
export function runtimeBytes(memory, { pages, page = PAGE }) {
  const out = new Uint8Array(pages.length * page);
  let at = 0;
  for (const p of pages) {
    const bytes = memory.subarray(p * page, Math.min((p + 1) * page, memory.byteLength));
    out.set(bytes, at);
    at += bytes.byteLength;
  }
  return out.subarray(0, at);
}

// The decompressed snapshot.bin for a key, Pyodide's snapshot and its runtime pages ({base,
// pages} from runtimePages; none by default) (used by the build).
export function packSnapshot(key, memory, runtime = null) {
  if (memory.byteOffset % 4 !== 0) memory = memory.slice();
  const keyBytes = new TextEncoder().encode(JSON.stringify(key));
  const fromRuntime = new Set(runtime ? runtime.pages : []);
  const base = runtime ? runtime.base : memoryBase(memory);
  const pages = [];
  for (let p = 0; p * PAGE < memory.byteLength; p++) {
    if (!fromRuntime.has(p) && !isZero(memory.subarray(p * PAGE, (p + 1) * PAGE))) pages.push(p);
  }
  const tableAt = pad16(MAGIC.length + 4 + keyBytes.length);
  const runtimeAt = tableAt + 12 + 4 * pages.length;
  const dataAt = pad16(runtimeAt + 8 + 4 * fromRuntime.size);
  const pageBytes = (p) => Math.min(PAGE, memory.byteLength - p * PAGE);
  const out = new Uint8Array(dataAt + pages.reduce((sum, p) => sum + pageBytes(p), 0));
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(MAGIC.length, keyBytes.length, true);
  out.set(keyBytes, MAGIC.length + 4);
  view.setUint32(tableAt, memory.byteLength, true);
  view.setUint32(tableAt + 4, PAGE, true);
  view.setUint32(tableAt + 8, pages.length, true);
  let at = dataAt;
  pages.forEach((p, i) => {
    view.setUint32(tableAt + 12 + 4 * i, p, true);
    out.set(memory.subarray(p * PAGE, p * PAGE + pageBytes(p)), at);
    at += pageBytes(p);
  });
  view.setUint32(runtimeAt, base, true);
  view.setUint32(runtimeAt + 4, fromRuntime.size, true);
  [...fromRuntime].sort((x, y) => x - y).forEach((p, i) => view.setUint32(runtimeAt + 8 + 4 * i, p, true));
  return out;
}

const MiB = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

// Grows the runtime's WebAssembly memory to at least `bytes`; returns null, or why it could not.
// Pyodide copies a snapshot over the runtime's memory as instantiated (whatever size it asks
// for: pyodide/pyodide#6254; develop/runtime.md), and that copy throws when the snapshot's
// memory is larger. Grown right after instantiation, before Pyodide makes its views of it, the
// memory holds a snapshot of any size the runtime can reach.
export function growMemory(memory, bytes) {
  const have = memory.buffer.byteLength;
  if (have >= bytes) return null;
  try {
    memory.grow(Math.ceil((bytes - have) / 65536));
    return null;
  } catch (e) {
    return `the Python runtime's memory (${MiB(have)}) could not grow to the ${MiB(bytes)} the snapshot needs (${(e && e.message) || e})`;
  }
}

// The WebAssembly memory of the runtime Pyodide instantiates next, for the build and the Node
// tests (the worker watches its own instantiation): patches WebAssembly.instantiate and
// instantiateStreaming until stop(); with `grow`, grows that memory to `grow` bytes as it is seen
// (growMemory). {memory(): the WebAssembly.Memory or null, problem(): why it could not grow or
// null, stop()}.
export function watchRuntimeMemory({ grow = 0 } = {}) {
  let memory = null;
  let problem = null;
  const original = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming };
  const seen = (result) => {
    const instance = result && (result.instance || result);
    if (instance && instance.exports && instance.exports.memory instanceof WebAssembly.Memory) {
      memory = instance.exports.memory;
      if (grow) problem = growMemory(memory, grow);
    }
    return result;
  };
  for (const name of Object.keys(original)) {
    if (typeof original[name] !== "function") continue;
    WebAssembly[name] = (...args) => original[name].apply(WebAssembly, args).then(seen);
  }
  return {
    memory: () => memory,
    problem: () => problem,
    stop() {
      Object.assign(WebAssembly, original);
    },
  };
}

// Fills the runtime pages of a snapshot read by snapshotReader into `memory`, from the runtime's
// memory as it starts (`source`, a Uint8Array over the WebAssembly memory before Python runs).
// Returns those pages' bytes (for runtime_sha256).
export function fillFromRuntime(memory, runtime, source) {
  const { base, page, pages } = runtime;
  for (const p of pages) {
    const start = p * page;
    const size = Math.min(page, memory.byteLength - start);
    if (start - base + size > source.byteLength) throw damaged("it needs more of the runtime's memory than there is");
    memory.set(source.subarray(start - base, start - base + size), start);
  }
  return runtimeBytes(memory, runtime);
}


export async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const damaged = (why) => new Error(`the snapshot is damaged: ${why}`);

// Reads a decompressed snapshot.bin handed over in pieces (as it downloads), writing Pyodide's
// snapshot, zero pages and all, into `memory(length)`: a function returning a zero-filled
// Uint8Array of that length. push(bytes) for each piece, then finish() -> {key, memory, runtime};
// the runtime pages are left for fillFromRuntime.
// Throws on anything malformed.
export function snapshotReader(memory) {
  const magic = new TextEncoder().encode(MAGIC);
  let head = new Uint8Array(0); // the bytes before the pages, gathered until complete
  let key = null;
  let out = null;
  let length = 0;
  let page = 0;
  let table = null; // page numbers
  let index = 0; // the page being filled
  let filled = 0; // bytes of it filled so far
  let runtime = null; // {base, page, pages}: the pages left for fillFromRuntime

  function parseHead() {
    if (head.byteLength < magic.length + 4) return false;
    if (magic.some((b, i) => head[i] !== b)) throw damaged("it has another header");
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const n = view.getUint32(magic.length, true);
    const tableAt = pad16(magic.length + 4 + n);
    if (n === 0 || n > 2 ** 20) throw damaged("its key has an impossible length");
    if (head.byteLength < tableAt + 12) return false;
    const count = view.getUint32(tableAt + 8, true);
    if (count > 2 ** 20) throw damaged("its page table has an impossible length");
    const runtimeAt = tableAt + 12 + 4 * count;
    if (head.byteLength < runtimeAt + 8) return false;
    const fromRuntime = view.getUint32(runtimeAt + 4, true);
    if (fromRuntime > 2 ** 20) throw damaged("its list of the runtime's pages has an impossible length");
    const dataAt = pad16(runtimeAt + 8 + 4 * fromRuntime);
    if (head.byteLength < dataAt) return false;
    try {
      key = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(magic.length + 4, magic.length + 4 + n)));
    } catch {
      throw damaged("its key is not JSON");
    }
    if (!key || typeof key !== "object" || key.format !== FORMAT) throw damaged("it has another format");
    length = view.getUint32(tableAt, true);
    page = view.getUint32(tableAt + 4, true);
    if (page === 0 || page % 16 !== 0 || length === 0 || length % 16 !== 0) throw damaged("its page table is wrong");
    table = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      table[i] = view.getUint32(tableAt + 12 + 4 * i, true);
      if ((i > 0 && table[i] <= table[i - 1]) || table[i] * page >= length) throw damaged("its page table is out of order");
    }
    const base = view.getUint32(runtimeAt, true);
    const listed = new Uint32Array(fromRuntime);
    for (let i = 0; i < fromRuntime; i++) {
      listed[i] = view.getUint32(runtimeAt + 8 + 4 * i, true);
      if ((i > 0 && listed[i] <= listed[i - 1]) || listed[i] * page >= length || listed[i] * page < base) {
        throw damaged("its list of the runtime's pages is out of order");
      }
    }
    runtime = { base, page, pages: listed };
    out = memory(length);
    if (!(out instanceof Uint8Array) || out.byteLength !== length) throw damaged(`it holds ${length} bytes of memory, not the expected size`);
    const rest = head.subarray(dataAt);
    head = null;
    pages(rest);
    return true;
  }

  function pages(bytes) {
    let at = 0;
    while (at < bytes.byteLength) {
      if (index >= table.length) throw damaged("it has bytes its page table does not account for");
      const start = table[index] * page;
      const size = Math.min(page, length - start);
      const take = Math.min(size - filled, bytes.byteLength - at);
      out.set(bytes.subarray(at, at + take), start + filled);
      at += take;
      filled += take;
      if (filled === size) {
        index += 1;
        filled = 0;
      }
    }
  }

  return {
    push(bytes) {
      if (head === null) return pages(bytes);
      const joined = new Uint8Array(head.byteLength + bytes.byteLength);
      joined.set(head, 0);
      joined.set(bytes, head.byteLength);
      head = joined;
      parseHead();
    },
    finish() {
      if (head !== null || index !== table.length) throw damaged("it is cut short");
      return { key, memory: out, runtime };
    },
  };
}

// Pyodide's WebAssembly module as a Response for WebAssembly.compileStreaming, decompressed as
// `stream` (pyodide.asm.wasm.zst as it downloads) arrives, so that the browser compiles the module
// while it downloads. `Zstd` is the streaming Zstandard decoder (zstd.js's `Decompress`); `keep`, an
// array, receives the decompressed pieces (the worker keeps them for later visits). A download that
// does not decompress fails the compile; the compile's error does not say why (the browser's
// "Failed to read from a ReadableStream"), `problem()` does. Returns {response, problem}.
export function unpackedModule(stream, { Zstd, keep = null }) {
  const chunks = stream.getReader();
  let out = null;
  let ended = false;
  let failure = null;
  let pieces = 0;
  const decoder = new Zstd((piece) => {
    if (!piece.byteLength) return;
    out.enqueue(piece);
    pieces += 1;
    if (keep) keep.push(piece);
  });
  const body = new ReadableStream({
    start(controller) {
      out = controller;
    },
    // Reads the download until a piece comes out (a stream is not pulled again after a pull that
    // gave nothing) or it ends.
    async pull(controller) {
      const before = pieces;
      while (!ended && pieces === before) {
        const { done, value } = await chunks.read();
        try {
          decoder.push(done ? new Uint8Array(0) : value, done);
        } catch (e) {
          chunks.cancel().catch(() => {});
          failure = new Error(`the WebAssembly module is damaged: it does not decompress (${(e && e.message) || e})`);
          throw failure;
        }
        if (done) {
          ended = true;
          controller.close();
        }
      }
    },
    cancel(reason) {
      return chunks.cancel(reason);
    },
  });
  return { response: new Response(body, { headers: { "content-type": "application/wasm" } }), problem: () => failure };
}

// Read a snapshot.bin stream as it arrives, into `memory(length)`. `Zstd` is the streaming
// Zstandard decoder (zstd.js's `Decompress`: the worker's over the decoder the site serves, the
// build's over the same module from node_modules) for the file as served; without it the stream is a copy kept
// decompressed. `keep`, an array, receives the decompressed pieces; once `signal` (an
// AbortSignal) is aborted nothing more is written. Returns {key, memory, runtime}.
export async function unpackSnapshot(stream, memory, { Zstd = null, keep = null, signal = null } = {}) {
  const reader = snapshotReader(memory);
  let refused = null; // what reading the decompressed bytes threw, as against the decoder
  const take = (piece) => {
    try {
      if (signal && signal.aborted) throw new Error("the snapshot is no longer wanted");
      if (!piece.byteLength) return;
      reader.push(piece);
      if (keep) keep.push(piece);
    } catch (e) {
      refused = e;
      throw e;
    }
  };
  const decoder = Zstd ? new Zstd((piece) => take(piece)) : null;
  const feed = (bytes, last) => {
    if (!decoder) return bytes && take(bytes);
    try {
      decoder.push(bytes || new Uint8Array(0), last);
    } catch (e) {
      throw refused || damaged(`it does not decompress (${(e && e.message) || e})`);
    }
  };
  const chunks = stream.getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    try {
      feed(done ? null : value, done);
    } catch (e) {
      chunks.cancel().catch(() => {});
      throw e;
    }
    if (done) break;
  }
  return reader.finish();
}

// Why the snapshot does not belong to these files (an empty list when it does). `facts` are what
// the worker is about to run: some of {pyodide (the loader's version), lock, wheel, stdlib, runtime
// (the sha256 of the files, and of the runtime pages as the runtime filled them)}; only the facts
// given are compared.
export function mismatches(key, facts) {
  const problems = [];
  const expect = [
    ["pyodide", "Pyodide version"],
    ["lock_sha256", "Pyodide lock file", "lock"],
    ["wheel_sha256", "engine wheel", "wheel"],
    ["stdlib_sha256", "standard library", "stdlib"],
    ["runtime_sha256", "Python runtime's memory", "runtime"],
  ];
  for (const [field, what, fact = field] of expect) {
    if (!(fact in facts)) continue;
    if (typeof key[field] !== "string" || key[field] !== facts[fact]) {
      problems.push(`it was built for another ${what} (${String(key[field]).slice(0, 12)}, this page has ${String(facts[fact]).slice(0, 12)})`);
    }
  }
  const check = key.check;
  if (!check || typeof check !== "object" || typeof check.response !== "string" || !check.request) {
    problems.push("it has no answer to check itself against");
  }
  return problems;
}

// The files of a zip archive (the engine wheel): calls write(name, bytes) for each file, in the
// archive's order. Stored and deflated entries only; names are checked to stay inside the folder
// they are written to. Throws on anything else.
export async function unzip(bytes, write) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (why) => new Error(`the archive is not a zip file this page can read: ${why}`);
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw bad("no end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const files = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50) throw bad("a broken central directory");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").some((part) => part === ".." || part === "")) throw bad(`the name ${name}`);
    if (packed === 0xffffffff || size === 0xffffffff) throw bad("a zip64 entry");
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== 0x04034b50) throw bad(`a broken entry ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + packed);
    if (data.byteLength !== packed) throw bad(`a cut entry ${name}`);
    if (method !== 0 && method !== 8) throw bad(`the compression of ${name}`);
    files.push({ name, size, data, method });
  }
  // Inflated side by side: each file is a stream of its own.
  const inflated = await Promise.all(
    files.map(({ data, method }) =>
      method === 0
        ? data.slice()
        : new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")))
            .arrayBuffer()
            .then((b) => new Uint8Array(b)),
    ),
  );
  files.forEach(({ name, size }, i) => {
    if (inflated[i].byteLength !== size) throw bad(`the size of ${name}`);
    write(name, inflated[i]);
  });
}
