// Run the engine's checks inside Pyodide under Node.
//
//   node tests/pyodide/run_checks.mjs dist/somerset-<version>-py3-none-any.whl [--stdlib ZIP] [--snapshot BIN]
//
// (--stdlib: a standard library to use instead of Pyodide's own; --snapshot: resume from this
// memory snapshot, as the browser does; see load_engine.mjs.)
// Installs the wheel with pyodide.unpackArchive (no micropip, no network), then runs
// tests/pyodide/engine_checks.py (the same file the pytest test runs in CPython) and prints its
// JSON summary on stdout: Python version, number of checks, failures, and the API responses.
// Exits 1 when any check fails, 2 on a usage or loading error.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEngine } from "./load_engine.mjs";

const [wheel, ...rest] = process.argv.slice(2);
const options = {};
for (let i = 0; i < rest.length; i += 2) {
  const name = { "--stdlib": "stdlib", "--snapshot": "snapshot" }[rest[i]];
  if (!name || !rest[i + 1]) {
    options.bad = true;
    break;
  }
  options[name] = rest[i + 1];
}
if (!wheel || !wheel.endsWith(".whl") || options.bad) {
  process.stderr.write("usage: node tests/pyodide/run_checks.mjs path/to/somerset-*.whl [--stdlib ZIP] [--snapshot BIN]\n");
  process.exit(2);
}

let summary;
try {
  const started = performance.now();
  const { pyodide, sitePackages, start } = await loadEngine(wheel, options);
  const bootMs = performance.now() - started;
  const code = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "engine_checks.py"), "utf8");
  const ns = pyodide.globals.get("dict")();
  pyodide.runPython(code, { globals: ns, filename: "engine_checks.py" });
  const out = pyodide.runPython("import json; json.dumps(run())", { globals: ns });
  ns.destroy();
  summary = JSON.parse(out);
  summary.runtime = { pyodide: pyodide.version, node: process.version, boot_ms: Math.round(bootMs), site_packages: sitePackages, start };
} catch (err) {
  process.stderr.write(`run_checks.mjs: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
}

const ok = summary.checks > 0 && summary.failures.length === 0;
process.stderr.write(
  `pyodide ${summary.runtime.pyodide} (Python ${summary.python}) on Node ${process.version}: ` +
    `${summary.checks} checks, ${summary.failures.length} failures\n`,
);
for (const f of summary.failures) process.stderr.write(`  FAIL ${f}\n`);
// Exit only once stdout is flushed: a pipe is written asynchronously, and the summary is long.
process.stdout.write(JSON.stringify(summary) + "\n", () => process.exit(ok ? 0 : 1));
