// Run Python inside Pyodide under Node with the engine wheel installed (no micropip, no network):
// the interpreter and files the site ships, for trying things and for benchmarks. The tools
// (tools/src/somerset_tools: the command line, the benchmarks), which the wheel does not carry,
// are copied in beside it from the working tree.
//
//   node scripts/pyodide-python.mjs dist/somerset-*.whl -m somerset_tools [ARGS...]   # like python -m
//   node scripts/pyodide-python.mjs dist/somerset-*.whl -m somerset_tools.bench 500
//   node scripts/pyodide-python.mjs dist/somerset-*.whl -c "import somerset; print(somerset.__file__)"
//
// Exits with the Python program's exit status (SystemExit), 1 on an uncaught exception.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadEngine, ROOT } from "../tests/pyodide/load_engine.mjs";

const [wheel, mode, target, ...rest] = process.argv.slice(2);
if (!wheel || !wheel.endsWith(".whl") || !["-m", "-c"].includes(mode) || !target) {
  process.stderr.write("usage: node scripts/pyodide-python.mjs WHEEL (-m MODULE | -c CODE) [ARGS...]\n");
  process.exit(2);
}

const { pyodide } = await loadEngine(wheel, {
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
// The tools' sources, under /tools in Pyodide's file system, first on sys.path.
const TOOLS = join(ROOT, "tools", "src");
function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(join(from, entry.name), `${to}/${entry.name}`);
    else if (entry.isFile() && entry.name.endsWith(".py")) pyodide.FS.writeFile(`${to}/${entry.name}`, readFileSync(join(from, entry.name)));
  }
}
copyTree(join(TOOLS, "somerset_tools"), "/tools/somerset_tools");
pyodide.runPython("import sys; sys.path.insert(0, '/tools')");
pyodide.globals.set("_argv", pyodide.toPy([mode === "-m" ? target : "-c", ...rest]));
pyodide.globals.set("_mode", mode);
pyodide.globals.set("_target", target);
const status = pyodide.runPython(`
import runpy, sys, traceback
def _main():
    sys.argv = list(_argv)
    try:
        if _mode == "-m":
            runpy.run_module(_target, run_name="__main__", alter_sys=True)
        else:
            exec(compile(_target, "<string>", "exec"), {"__name__": "__main__"})
    except SystemExit as e:
        code = e.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0
_main()
`);
process.exitCode = status;
