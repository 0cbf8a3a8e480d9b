// The Zstandard decoder's WebAssembly module, as the npm package zstddec ships it: embedded in
// base64 in its streaming build (dist/zstddec-stream.mjs, zstd 1.5.7's own decoder). The site
// serves the module itself (widgets/engine/zstd.js instantiates it), so it is taken out here, checked to
// be a WebAssembly module with the streaming decoder's functions, for the build
// (scripts/build_startup.mjs) and the JavaScript tests.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const ZSTDDEC = join(ROOT, "node_modules", "zstddec", "dist", "zstddec-stream.mjs");
const NEEDED = ["memory", "malloc", "free", "ZSTD_createDCtx", "ZSTD_freeDCtx", "ZSTD_decompressStream"];

export function zstdWasm() {
  let source;
  try {
    source = readFileSync(ZSTDDEC, "utf-8");
  } catch (e) {
    throw new Error(`cannot read ${ZSTDDEC} (${e.code || e.message}); run \`make setup\``);
  }
  const found = source.match(/\bconst wasm = "([A-Za-z0-9+/=]+)"/);
  if (!found) throw new Error(`${ZSTDDEC} no longer embeds its WebAssembly module as \`const wasm = "..."\``);
  const bytes = new Uint8Array(Buffer.from(found[1], "base64"));
  let exports;
  try {
    exports = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
  } catch (e) {
    throw new Error(`the module embedded in ${ZSTDDEC} is not WebAssembly (${e.message})`);
  }
  const missing = NEEDED.filter((name) => !exports.includes(name));
  if (missing.length) throw new Error(`the module embedded in ${ZSTDDEC} lacks ${missing.join(", ")}`);
  return bytes;
}
