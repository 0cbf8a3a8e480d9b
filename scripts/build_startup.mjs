// Build the engine's fast start-up files under Node, inside the Pyodide the site serves:
//
//   node scripts/build_startup.mjs WHEEL OUTDIR
//
// writes into OUTDIR
//
//   stdlib.zip    the part of Pyodide's standard library that Pyodide and the engine use, compiled
//                 to .pyc by Pyodide's own Python, so that no browser compiles a module from source
//                 (the ordinary start, when the snapshot cannot be used);
//   stdlib-resumed.zip  the standard library the snapshot resumes with: an empty zip, since every
//                 module of stdlib.zip is in the snapshot;
//   snapshot.bin  a memory snapshot of Pyodide taken once the engine is imported and has answered
//                 one request of each kind, with the key naming what it was built from, in the
//                 format widgets/engine/snapshot.js describes (Zstandard-compressed, by the zstd of the
//                 Pyodide that boots here; without its zero pages and the pages that still hold
//                 the runtime's own data as it starts; the allocator's free memory zeroed first);
//   pyodide.asm.wasm.zst  Pyodide's WebAssembly module, Zstandard-compressed the same way (smaller
//                 than the host's gzip: develop/benchmarks.md): the worker decompresses it as it
//                 downloads and compiles it as it goes, and keeps the decompressed module in the
//                 browser's Cache Storage for later visits. Packed again only when the module
//                 changes (pyodide.asm.wasm.zst.json says from which module it was packed);
//   zstd-decoder.wasm  the Zstandard decoder the worker decompresses both with (widgets/engine/zstd.js),
//                 taken out of the npm package zstddec (scripts/zstd_wasm.mjs); the build reads the
//                 snapshot and the module back through it;
//   startup.json  sizes, hashes and the key (hooks/assets.py puts them in the engine manifest),
//                 with the WebAssembly memory the snapshot resumes into (`heap_bytes`) and the
//                 memory the runtime starts with (`initial_heap_bytes`): the worker grows the
//                 runtime's memory to the first before resuming, as Pyodide does not
//                 (pyodide/pyodide#6254).
//
// The standard library is trimmed by tracing: a first Pyodide (the npm package's own files) boots,
// installs the wheel, imports every engine module and answers the warm-up requests for every
// ruleset; the modules it loaded, plus those an error report needs, are what stdlib.zip keeps. A
// second Pyodide boots from stdlib.zip alone, answers one request of each kind and is snapshotted;
// then it answers the whole warm-up, which must match the first run's answers byte for byte. Any
// difference, failure or engine error stops the build.
//
// The snapshot interface of Pyodide (`_makeSnapshot`, `makeMemorySnapshot`, `_loadSnapshot`) is
// private and tied to one Pyodide build: package.json pins the version, and the key records the
// version, the build id and the hashes of the lock file, the wheel and stdlib.zip, which the
// worker compares with what it runs before using the snapshot.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { zstdWasm } from "./zstd_wasm.mjs";
import { FORMAT, fillFromRuntime, memoryBase, packSnapshot, runtimeBytes, runtimePages, unpackSnapshot, unpackedModule, watchRuntimeMemory } from "../widgets/engine/snapshot.js";
import { zstdDecoder } from "../widgets/engine/zstd.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = join(ROOT, "node_modules", "pyodide") + "/";

// Standard-library modules kept although the trace may not load them: what printing a traceback
// or a warning needs (an engine bug must still come back as a message, not a second failure).
const ALWAYS = [
  "traceback", "linecache", "tokenize", "token", "textwrap", "warnings", "_colorize", "_py_warnings",
  "encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig", "encodings.aliases",
];

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
// Zstandard's level for the snapshot: 19, the highest of the ordinary levels (22, with its larger
// window, is no smaller here: develop/benchmarks.md, "Compression: Zstandard for the snapshot").
const ZSTD_LEVEL = 19;

function die(message) {
  process.stderr.write(`build_startup: ${message}\n`);
  process.exit(1);
}

// Requests that exercise every command of somerset.api (errors included), built from the
// engine's own answers (ruleset ids, puzzle ids) so that no id is written here. warm_up(True)
// asks them for every ruleset, warm_up(False) for one: enough to import what each command needs.
// The puzzle commands are asked by warm_up(True) only (the trace, so that stdlib.zip serves
// them): no page of the site asks the engine for a puzzle (the trainer's puzzles are built into
// its page), and the puzzles read into memory would make the snapshot larger (develop/runtime.md).
const WARM_UP = `
import json, somerset.api

def _ask(request):
    text = somerset.api.handle(json.dumps(request))
    answer = json.loads(text)
    error = answer.get("error") if isinstance(answer, dict) else None
    if error and error.get("internal"):
        raise RuntimeError(f"the engine failed on {request}: {error}")
    return request, text

def warm_up(every):
    out = [_ask({"cmd": "rulesets"})]
    rulesets = json.loads(out[0][1])["rulesets"]
    for deck in sorted({r["deck"] for r in rulesets}):
        out.append(_ask({"cmd": "pack", "deck": deck}))
    for r in rulesets if every else rulesets[:1]:
        trump = r["trumps"][0]["value"]
        out.append(_ask({"cmd": "score", "rules": r["id"], "bid": 15, "made": 12, "against": 12}))
        out.append(_ask({"cmd": "replay", "rules": r["id"], "seed": 7}))
        out.append(_ask({"cmd": "table", "rules": r["id"], "seed": 3, "moves": []}))
        out.append(_ask({"cmd": "legal", "rules": r["id"], "trump": trump, "hand": ["0/0"], "trick": []}))
    out.append(_ask({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": ["8/8", "6/8", "4/10", "0/2"]}))
    out.append(_ask({"cmd": "trick", "rules": "all", "trump": "nt", "cards": ["S/S", "4/8", "0/0", "2/2"]}))
    out.append(_ask({"cmd": "score", "rules": "all", "bid": 15, "made": 12, "against": 12}))
    if every:
        out.append(_ask({"cmd": "puzzles"}))
        for p in json.loads(out[-1][1])["puzzles"][:3]:
            out.append(_ask({"cmd": "puzzle", "id": p["id"]}))
            out.append(_ask({"cmd": "judge", "id": p["id"], "answer": []}))
    out.append(_ask({"cmd": "replay", "record": '[Ruleset "parker-1947"]\\n\\nTrump: 6\\nTrick 1: [0] 5/8 0/0 2/2 S/S -> 3\\n'}))
    for bad in ({"cmd": "trick", "rules": "parker-1947", "trump": "2", "cards": ["8/8", "zz"]},
                {"cmd": "score", "rules": "no-such-ruleset", "bid": 15, "made": 12, "against": 12},
                {"cmd": "no-such-command"}, "not an object"):
        out.append(_ask(bad))
    return json.dumps(out)
`;

// Every module of the engine, imported, so that the trace sees every standard-library module the
// engine's code imports. The wheel holds only what the browser runs (the command line, benchmarks,
// puzzle miner and statistics are the separate somerset_tools package).
const IMPORT_ALL = `
import importlib, pkgutil, somerset
for _m in pkgutil.walk_packages(somerset.__path__, "somerset."):
    importlib.import_module(_m.name)
del _m
`;

async function boot(options, wheelBytes) {
  const { loadPyodide } = await import(pathToFileURL(PYODIDE_DIR + "pyodide.mjs").href);
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR,
    stdout: () => {},
    stderr: (line) => process.stderr.write(line + "\n"),
    ...options,
  });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  return pyodide;
}

// Python run in the first (tracing) Pyodide: which files of its standard library the loaded
// modules came from, and a zip of just those, compiled. Modules frozen into the interpreter (os,
// codecs, importlib's bootstrap, ...) need no file. Docstrings and asserts are left out of the
// standard library's code (like python -OO), but not out of Pyodide's own packages, whose
// docstrings its JavaScript API shows.
const TRIM = `
import io, sys, zipfile, importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc

_STDLIB = "/lib/python314.zip"
_KEEP_DOCS = ("pyodide", "_pyodide")

def stdlib_files(always):
    names = set(zipfile.ZipFile(_STDLIB).namelist())
    wanted = [n for n, m in list(sys.modules.items())
              if getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"] + list(always)
    keep = set()
    for module in wanted:
        parts = module.split(".")
        for i in range(1, len(parts) + 1):  # a module needs every package above it
            package = "/".join(parts[:i])
            if package + "/__init__.py" in names:
                keep.update((package + "/", package + "/__init__.py"))
        if "/".join(parts) + ".py" in names:
            keep.add("/".join(parts) + ".py")
    return sorted(keep)

def compiled_zip(files):
    source = zipfile.ZipFile(_STDLIB)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in files:
            data = b"" if name.endswith("/") else source.read(name)
            if name.endswith(".py"):
                optimize = 0 if name.split("/")[0] in _KEEP_DOCS else 2
                code = compile(data, _STDLIB + "/" + name, "exec", dont_inherit=True, optimize=optimize)
                # Unchecked hash-based .pyc: never compared with a source (there is none).
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                name = name + "c"
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            z.writestr(info, data, compresslevel=9)
    return buf.getvalue()
`;

// Python run in the snapshot's Pyodide: import every module of the standard library it was given
// (what is not imported by now: argparse, datetime, tomllib, ...), then replace that library by an
// empty zip and let the import system see it. Returns the empty zip's bytes.
const RESUMED_STDLIB = `
import importlib, io, sys, zipfile

def resume_with_empty_stdlib():
    path = "/lib/python%d%d.zip" % sys.version_info[:2]
    names = zipfile.ZipFile(path).namelist()
    modules = sorted({n[:-4].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".pyc")})
    failed = []
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as e:
            failed.append(f"{name} ({type(e).__name__}: {e})")
    if failed:
        raise RuntimeError("these standard-library modules do not import: " + ", ".join(failed))
    buf = io.BytesIO()
    zipfile.ZipFile(buf, "w").close()
    with open(path, "wb") as f:
        f.write(buf.getvalue())
    importlib.invalidate_caches()
    return buf.getvalue()
`;

function warmUp(pyodide, every) {
  pyodide.runPython(WARM_UP);
  return pyodide.runPython(`warm_up(${every ? "True" : "False"})`);
}

// The allocator's free memory, zeroed: what Python freed while it started and imported (0.7 to 1.4
// MB after the warm-up) still holds the old bytes, which would go into the snapshot and its
// download. Every free block is taken with malloc, from the largest down, filled with zeros and
// given back, so that the snapshot holds zeros there (leaving out the pages that are all zeros,
// compressing the rest better). Only the allocator's public calls are used. Blocks of at most 64
// kB are asked for, so that when no free block of a size is left the allocator takes at most that
// much new memory (zeros) from the top; malloc_trim gives the top back. The runtime's memory must
// not grow (the snapshot's size is the runtime's). Returns the bytes zeroed.
function zeroFreeMemory(pyodide) {
  const M = pyodide._module;
  const size0 = M.HEAPU8.byteLength;
  const break0 = M._sbrk(0);
  const taken = [];
  let zeroed = 0;
  let brk = break0;
  for (let size = 1 << 16; size >= 16; size >>>= 1) {
    for (;;) {
      const at = M._malloc(size);
      if (!at) break;
      if (M._sbrk(0) !== brk) {
        // No free block this large is left: the allocator took new memory for it.
        M._free(at);
        brk = M._sbrk(0);
        break;
      }
      M.HEAPU8.fill(0, at, at + size);
      zeroed += size;
      taken.push(at);
    }
  }
  for (const at of taken) M._free(at);
  M._malloc_trim(0);
  if (M.HEAPU8.byteLength !== size0) die(`zeroing the free memory grew the runtime's memory from ${size0} to ${M.HEAPU8.byteLength} bytes`);
  return zeroed;
}

// `bytes` Zstandard-compressed by the Python standard library's compression.zstd (3.14) in a
// running Pyodide, with the size in the frame.
function zstdCompress(pyodide, bytes) {
  pyodide.globals.set("_raw", bytes);
  const packed = pyodide.runPython(`
from compression import zstd as _zstd
_packed = _zstd.compress(_raw.to_bytes(), level=${ZSTD_LEVEL})
del _raw
_packed`);
  const out = new Uint8Array(typeof packed.toJs === "function" ? packed.toJs() : packed);
  if (typeof packed.destroy === "function") packed.destroy();
  pyodide.runPython("del _packed");
  return out;
}

// The WebAssembly module Zstandard-compressed into `out` and read back through the decoder the
// site serves; an earlier packing of this very module is reused (packing takes several seconds),
// and read back all the same.
async function packWasm(pyodide, out, Decompress) {
  const module = readFileSync(PYODIDE_DIR + "pyodide.asm.wasm");
  const file = "pyodide.asm.wasm.zst";
  const metaPath = join(out, `${file}.json`);
  const described = (packed) => ({ file, bytes: packed.length, sha256: sha256(packed), raw_bytes: module.length, raw_sha256: sha256(module) });
  let packed = null;
  try {
    const meta = JSON.parse(readFileSync(metaPath, "utf-8"));
    const earlier = readFileSync(join(out, file));
    if (JSON.stringify(meta) === JSON.stringify(described(earlier))) packed = new Uint8Array(earlier);
  } catch {
    // not packed yet, or not from this module: packed below
  }
  if (!packed) {
    packed = zstdCompress(pyodide, new Uint8Array(module));
    writeFileSync(join(out, file), packed);
    writeFileSync(metaPath, JSON.stringify(described(packed)) + "\n");
  }
  // Read back as the worker reads it: streamed through unpackedModule.
  const back = new Uint8Array(await unpackedModule(new Blob([packed]).stream(), { Zstd: Decompress }).response.arrayBuffer());
  if (Buffer.compare(back, module) !== 0) die("the compressed WebAssembly module does not read back as the module");
  return described(packed);
}

async function main() {
  const [wheelPath, outArg] = process.argv.slice(2);
  if (!wheelPath || !wheelPath.endsWith(".whl") || !outArg) {
    process.stderr.write("usage: node scripts/build_startup.mjs WHEEL OUTDIR\n");
    process.exit(2);
  }
  const out = resolve(outArg);
  const read = (path) => {
    try {
      return readFileSync(path);
    } catch (e) {
      die(`cannot read ${path} (${e.code || e.message}); run \`make setup\``);
    }
  };
  const wheel = new Uint8Array(read(wheelPath));
  const lock = read(PYODIDE_DIR + "pyodide-lock.json");
  const version = JSON.parse(read(PYODIDE_DIR + "package.json")).version;
  const check = { cmd: "trick", rules: "parker-1947", trump: "2", cards: ["8/8", "6/8", "4/10", "0/2"] };

  // 1. Trace: the npm package's standard library, every engine module imported, every command
  //    answered. What was loaded is what the trimmed library keeps.
  const first = await boot({}, wheel);
  first.runPython(IMPORT_ALL);
  const expected = warmUp(first, true);
  first.globals.set("_check", JSON.stringify(check));
  const checkAnswer = first.runPython("somerset.api.handle(_check)");
  first.runPython(TRIM);
  const files = first.globals.get("stdlib_files")(first.toPy(ALWAYS)).toJs();
  const stdlib = first.globals.get("compiled_zip")(first.toPy(files)).toJs();

  // 2. Boot again from the trimmed, compiled library alone, ask one request of each command (so
  //    every module the browser's requests need is imported) and snapshot the memory. A longer
  //    warm-up would only add used memory to the download.
  mkdirSync(out, { recursive: true });
  const stdlibPath = join(out, "stdlib.zip");
  writeFileSync(stdlibPath + ".tmp", stdlib);
  // The runtime's memory as it starts (its data segments, before anything runs in it), taken
  // when Pyodide sets up its file system: the snapshot leaves out the pages that still hold
  // exactly that, and the worker copies them from its own runtime at the same moment.
  const watch = watchRuntimeMemory();
  let pristine = null;
  const second = await boot(
    {
      stdLibURL: stdlibPath + ".tmp",
      lockFileContents: lock.toString("utf-8"),
      _makeSnapshot: true,
      fsInit: () => {
        const memory = watch.memory();
        if (memory) pristine = new Uint8Array(memory.buffer).slice();
      },
    },
    wheel,
  );
  watch.stop();
  if (!pristine) die("the runtime's memory was not seen as Pyodide started");
  warmUp(second, false);
  // Every module of stdlib.zip imported now, so that the resumed engine never reads a standard
  // library again: it is given an empty one (stdlib-resumed.zip, a few bytes instead of 1.3 MB
  // to download), written here in place of stdlib.zip before the snapshot so that the snapshot's
  // import system already knows it is empty.
  second.runPython(RESUMED_STDLIB);
  const resumedStdlib = second.globals.get("resume_with_empty_stdlib")().toJs();
  second.runPython("import gc; gc.collect()");
  const sitePackages = second.runPython("import site; site.getsitepackages()[0]");
  const source = second.runPython("somerset.__file__");
  if (!source.startsWith(sitePackages + "/")) die(`somerset was imported from ${source}, not from the wheel`);
  const key = {
    format: FORMAT,
    pyodide: version,
    build_id: second._api.config.BUILD_ID,
    lock_sha256: sha256(lock),
    wheel_sha256: sha256(wheel),
    stdlib_sha256: sha256(resumedStdlib),
    check: { request: check, response: checkAnswer },
  };
  const zeroed = zeroFreeMemory(second);
  const memory = second.makeMemorySnapshot();
  // Pyodide's snapshot is its header, then the whole WebAssembly memory.
  const heap = memory.length - memoryBase(memory);
  const now = watch.memory().buffer.byteLength;
  if (heap !== now) die(`the snapshot holds ${heap} bytes of memory, the runtime has ${now}`);
  const runtime = runtimePages(memory, pristine);
  key.runtime_sha256 = sha256(runtimeBytes(memory, runtime));
  const raw = packSnapshot(key, memory, runtime);
  const packed = zstdCompress(first, raw);
  const decoderBytes = zstdWasm();
  const { Decompress } = await zstdDecoder(decoderBytes);
  // Read back as the browser reads it (streamed through the decoder the site serves, the runtime's
  // pages filled in), it must be the very memory taken: this checks the packing and the
  // compression at once.
  const served = await unpackSnapshot(new Blob([packed]).stream(), (length) => new Uint8Array(length), { Zstd: Decompress });
  fillFromRuntime(served.memory, served.runtime, pristine);
  if (served.memory.length !== memory.length || Buffer.compare(served.memory, memory) !== 0) die("the snapshot does not read back as written");

  // 3. The same interpreter, after its snapshot: every answer must match the first run's.
  second.runPython(IMPORT_ALL);
  if (warmUp(second, true) !== expected) die("the engine answered differently with the trimmed standard library");

  const wasm = await packWasm(first, out, Decompress);

  renameSync(stdlibPath + ".tmp", stdlibPath);
  writeFileSync(join(out, "stdlib-resumed.zip"), resumedStdlib);
  writeFileSync(join(out, "snapshot.bin"), packed);
  writeFileSync(join(out, "zstd-decoder.wasm"), decoderBytes);
  const { check: _, ...shownKey } = key;
  const summary = {
    key: shownKey,
    wasm,
    decoder: { file: "zstd-decoder.wasm", bytes: decoderBytes.length, sha256: sha256(decoderBytes) },
    stdlib: { file: "stdlib.zip", bytes: stdlib.length, sha256: sha256(stdlib), modules: files.filter((f) => f.endsWith(".py")).length },
    snapshot: {
      file: "snapshot.bin", bytes: packed.length, raw_bytes: raw.length, memory_bytes: memory.length,
      heap_bytes: heap, initial_heap_bytes: pristine.length,
      runtime_pages: runtime.pages.length, free_bytes_zeroed: zeroed, sha256: sha256(packed),
      stdlib: { file: "stdlib-resumed.zip", bytes: resumedStdlib.length, sha256: key.stdlib_sha256 },
    },
  };
  writeFileSync(join(out, "startup.json"), JSON.stringify(summary, null, 1) + "\n");
  process.stdout.write(JSON.stringify(summary) + "\n");
}

await main();
