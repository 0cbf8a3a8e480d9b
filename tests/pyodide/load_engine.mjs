// Boot the npm package `pyodide` (the same files the site serves) under Node and install the
// engine wheel into it from bytes: no micropip, no network.
//
//   import { loadEngine } from "./load_engine.mjs";
//   const pyodide = await loadEngine("dist/somerset-0.1.0-py3-none-any.whl");
//   pyodide.runPython("import somerset");
import { readFileSync, existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYODIDE_DIR = join(ROOT, "node_modules", "pyodide");

export async function loadEngine(wheelPath, { stdout = () => {}, stderr = (m) => process.stderr.write(m + "\n") } = {}) {
  const loaderPath = join(PYODIDE_DIR, "pyodide.mjs");
  if (!existsSync(loaderPath)) {
    throw new Error(`${loaderPath} is missing: run \`npm ci\` (or \`make setup\`)`);
  }
  const { loadPyodide } = await import(pathToFileURL(loaderPath).href);
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR + "/", stdout, stderr });

  // A Node Buffer is not a typed array Pyodide accepts: hand it a plain Uint8Array.
  const buf = readFileSync(wheelPath);
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  // Unpack straight into site-packages, as micropip would, but from local bytes.
  const sitePackages = pyodide.runPython("import sysconfig; '/' + sysconfig.get_paths()['purelib'].lstrip('/')");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  return { pyodide, wheel: basename(wheelPath), sitePackages };
}
