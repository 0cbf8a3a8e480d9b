// Boot the npm package `pyodide` (the same files the site serves) under Node and install the
// engine wheel into it from bytes: no micropip, no network.
//
//   import { loadEngine } from "./load_engine.mjs";
//   const { pyodide } = await loadEngine("dist/somerset-0.1.0-py3-none-any.whl");
//   pyodide.runPython("import somerset");
//
// Options: `stdlib` (a standard-library zip to use instead of Pyodide's own, like the site's
// stdlib.zip) and `snapshot` (a snapshot.bin to resume from, as the browser's worker does: it must
// name this Pyodide, lock file, wheel and standard library, and reproduce its recorded answer).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { zstdWasm } from "../../scripts/zstd_wasm.mjs";
import { fillFromRuntime, mismatches, unpackSnapshot, unzip, watchRuntimeMemory } from "../../widgets/engine/snapshot.js";
import { zstdDecoder } from "../../widgets/engine/zstd.js";

const { Decompress } = await zstdDecoder(zstdWasm());

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYODIDE_DIR = join(ROOT, "node_modules", "pyodide");

// A Node Buffer is not a typed array Pyodide accepts: hand it a plain Uint8Array.
const bytesOf = (path) => {
  const buf = readFileSync(path);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
};
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

export async function loadEngine(
  wheelPath,
  { stdout = () => {}, stderr = (m) => process.stderr.write(m + "\n"), stdlib = null, snapshot = null } = {},
) {
  const loaderPath = join(PYODIDE_DIR, "pyodide.mjs");
  if (!existsSync(loaderPath)) {
    throw new Error(`${loaderPath} is missing: run \`npm ci\` (or \`make setup\`)`);
  }
  const { loadPyodide, version } = await import(pathToFileURL(loaderPath).href);
  const wheel = bytesOf(wheelPath);
  const options = { indexURL: PYODIDE_DIR + "/", stdout, stderr };
  if (stdlib) options.stdLibURL = resolve(stdlib);
  let key = null;
  if (snapshot) {
    // Read as the worker reads a download: streamed through the same Zstandard decoder.
    const found = await unpackSnapshot(new Blob([readFileSync(snapshot)]).stream(), (length) => new Uint8Array(length), { Zstd: Decompress });
    const facts = {
      pyodide: version,
      lock: sha256(readFileSync(join(PYODIDE_DIR, "pyodide-lock.json"))),
      wheel: sha256(wheel),
      stdlib: sha256(readFileSync(stdlib || join(PYODIDE_DIR, "python_stdlib.zip"))),
    };
    const problems = mismatches(found.key, facts);
    if (problems.length) throw new Error(`the snapshot does not belong here: ${problems.join("; ")}`);
    key = found.key;
    options._loadSnapshot = found.memory;
    // The pages holding the runtime's own data come from the runtime, as in the browser's worker.
    const watch = watchRuntimeMemory();
    let runtimeProblems = null;
    options.fsInit = () => {
      const memory = watch.memory();
      if (!memory) {
        runtimeProblems = ["the runtime's memory was not seen as it started"];
      } else {
        runtimeProblems = mismatches(key, { runtime: sha256(fillFromRuntime(found.memory, found.runtime, new Uint8Array(memory.buffer))) });
      }
      if (runtimeProblems.length) found.memory.fill(0, 0, 64);
    };
    try {
      const pyodide = await loadPyodide(options);
      return await finishLoad(pyodide, wheel, wheelPath, key);
    } catch (e) {
      if (runtimeProblems && runtimeProblems.length) throw new Error(`the snapshot does not belong here: ${runtimeProblems.join("; ")}`);
      throw e;
    } finally {
      watch.stop();
    }
  }
  return finishLoad(await loadPyodide(options), wheel, wheelPath, key);
}

// The wheel unpacked into site-packages, and the snapshot's recorded answer checked.
async function finishLoad(pyodide, wheel, wheelPath, key) {
  // Unpack straight into site-packages, as the browser's worker does.
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  await unzip(wheel, (name, bytes) => {
    const path = `${sitePackages}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, bytes);
  });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  if (key) {
    const answer = pyodide.pyimport("somerset.api").handle(JSON.stringify(key.check.request));
    if (answer !== key.check.response) throw new Error("the resumed engine does not reproduce the snapshot's recorded answer");
  }
  return { pyodide, wheel: basename(wheelPath), sitePackages, start: key ? "snapshot" : "plain" };
}
