// Unit tests of widgets/engine/snapshot.js's unpackedModule under Node (node --test tests/js): Pyodide's
// WebAssembly module downloaded Zstandard-compressed, decompressed as it arrives into a Response
// the browser compiles as it goes, the decompressed pieces kept for later visits, and a download
// that does not decompress named as such (the browser's compile error does not say why).

import assert from "node:assert/strict";
import { test } from "node:test";

import { unpackedModule } from "../../widgets/engine/snapshot.js";
import { Decompress, streamOf, zstdRaw } from "./zstd-frames.mjs";

// The smallest valid module: its magic and version, then a custom section of `size` bytes, so
// that the module spans several raw blocks.
function wasmModule(size) {
  const name = [4, ...new TextEncoder().encode("pad!")];
  const body = new Uint8Array(name.length + size).fill(7);
  body.set(name);
  const leb = [];
  for (let n = body.length; ; ) {
    const byte = n & 0x7f;
    n >>>= 7;
    if (n) leb.push(byte | 0x80);
    else {
      leb.push(byte);
      break;
    }
  }
  return Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0, ...leb, ...body]);
}

test("the module decompresses as it arrives, compiles, and its pieces are kept", async () => {
  const module = wasmModule(200_000);
  const keep = [];
  const { response, problem } = unpackedModule(streamOf(zstdRaw(module, 64 * 1024), 7_000), { Zstd: Decompress, keep });
  assert.equal(response.headers.get("content-type"), "application/wasm");
  // (Node's compileStreaming does not read a constructed stream; the browser's does: the
  // browser tests start the engine this way.)
  const compiled = await WebAssembly.compile(await response.arrayBuffer());
  assert.deepEqual(WebAssembly.Module.customSections(compiled, "pad!")[0].byteLength, 200_000);
  assert.deepEqual(Buffer.concat(keep), Buffer.from(module));
  assert.equal(problem(), null);
});

test("a download that is not Zstandard fails, and problem() says it does not decompress", async () => {
  const packed = zstdRaw(wasmModule(1000));
  packed.fill(0, 0, 4);
  const { response, problem } = unpackedModule(streamOf(packed), { Zstd: Decompress });
  await assert.rejects(response.arrayBuffer());
  assert.match(problem().message, /^the WebAssembly module is damaged: it does not decompress/);
});

test("a download cut short fails rather than compiling part of a module", async () => {
  const packed = zstdRaw(wasmModule(200_000));
  const { response, problem } = unpackedModule(streamOf(packed.subarray(0, 100_000)), { Zstd: Decompress });
  await assert.rejects(response.arrayBuffer());
  assert.match(String(problem() && problem().message), /does not decompress/);
});
