// pyodide/pyodide#6254 under Node, in the Pyodide the site serves: a memory snapshot larger than
// the runtime's initial memory. Prints one JSON line:
//   {initial, heap, plain: how resuming it without growing the memory ended,
//    grown: how it ended with the memory grown as the worker grows it
//      (widgets/engine/snapshot.js's growMemory),
//    refused: what growMemory says when the memory cannot reach the size asked for}
//
//   node tests/pyodide/snapshot_heap.mjs
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { growMemory, memoryBase, watchRuntimeMemory } from "../../widgets/engine/snapshot.js";
import { PYODIDE_DIR } from "./load_engine.mjs";

const { loadPyodide } = await import(pathToFileURL(join(PYODIDE_DIR, "pyodide.mjs")).href);
const quiet = { indexURL: PYODIDE_DIR + "/", stdout: () => {}, stderr: () => {} };

// A snapshot of a Python holding 40 MiB more than the runtime starts with.
const watch = watchRuntimeMemory();
const made = await loadPyodide({ ...quiet, _makeSnapshot: true });
watch.stop();
const initial = watch.memory().buffer.byteLength;
made.runPython("big = bytearray(b'x') * (40 * 2**20)");
const snapshot = made.makeMemorySnapshot();
const heap = snapshot.length - memoryBase(snapshot);

async function resume(grow) {
  const seen = watchRuntimeMemory({ grow });
  try {
    const pyodide = await loadPyodide({ ...quiet, _loadSnapshot: snapshot.slice() });
    return { ok: pyodide.runPython("len(big) == 40 * 2**20 and big[-1:] == b'x'"), problem: seen.problem() };
  } catch (e) {
    return { ok: false, error: String((e && e.message) || e), problem: seen.problem() };
  } finally {
    seen.stop();
  }
}

const plain = await resume(0);
const grown = await resume(heap);
const memory = new WebAssembly.Memory({ initial: 1, maximum: 2 });
const refused = growMemory(memory, 4 * 65536);
process.stdout.write(JSON.stringify({ initial, heap, plain, grown, refused, fits: growMemory(memory, 65536) }) + "\n");
