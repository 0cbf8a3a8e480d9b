// Unit tests of widgets/zstd.js under Node (node --test tests/js): zstd's own streaming decoder,
// compiled to WebAssembly (the module scripts/zstd_wasm.mjs takes out of the npm package zstddec),
// fed piece by piece as a download brings the bytes. The frames here are written by hand with raw
// and RLE blocks; the build decodes real level-19 frames through the same class (the snapshot and
// Pyodide's module, scripts/build_startup.mjs).

import assert from "node:assert/strict";
import { test } from "node:test";

import { zstdWasm } from "../../scripts/zstd_wasm.mjs";
import { zstdDecoder } from "../../widgets/zstd.js";

const { Decompress } = await zstdDecoder(zstdWasm());

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

// One frame: its size in the header, then `blocks` ([kind, bytes]: "raw" stores the bytes, "rle"
// repeats bytes[0] bytes.length times).
function frame(blocks) {
  const size = blocks.reduce((n, [, b]) => n + b.byteLength, 0);
  const parts = [Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0xa0), new Uint8Array(new Uint32Array([size]).buffer)];
  blocks.forEach(([kind, bytes], i) => {
    const header = (i === blocks.length - 1 ? 1 : 0) | ((kind === "rle" ? 1 : 0) << 1) | (bytes.byteLength << 3);
    parts.push(Uint8Array.of(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff));
    parts.push(kind === "rle" ? bytes.subarray(0, 1) : bytes);
  });
  return concat(parts);
}

function decode(data, piece) {
  const out = [];
  const ends = [];
  const d = new Decompress((bytes, final) => {
    out.push(bytes);
    if (final) ends.push(out.length);
  });
  for (let at = 0; at < data.byteLength; at += piece) d.push(data.subarray(at, at + piece), at + piece >= data.byteLength);
  return { bytes: concat(out), ends };
}

const text = new TextEncoder().encode("the 0/0 may be played at any time, ".repeat(500));
const zeros = new Uint8Array(100_000).fill(9);
const whole = concat([text, zeros, text]);
const data = frame([["raw", text], ["rle", zeros], ["raw", text]]);

test("a frame fed piece by piece gives back its bytes, whatever the size of the pieces", () => {
  for (const piece of [1, 7, 1000, 65_536, data.byteLength]) {
    const { bytes, ends } = decode(data, piece);
    assert.deepEqual(bytes, whole, `pieces of ${piece}`);
    assert.deepEqual(ends.length, 1);
  }
});

test("output larger than one piece of the decoder's is handed over whole (nothing held back)", () => {
  const big = new Uint8Array(1_000_000).fill(3);
  const { bytes } = decode(frame([["rle", big.subarray(0, 120_000)], ["rle", big.subarray(0, 120_000)], ["raw", big.subarray(0, 100_000)]]), 4096);
  assert.equal(bytes.byteLength, 340_000);
  assert.ok(bytes.every((b) => b === 3));
});

test("two frames one after the other decode as one stream", () => {
  const { bytes } = decode(concat([frame([["raw", text]]), frame([["rle", zeros]])]), 999);
  assert.deepEqual(bytes, concat([text, zeros]));
});

test("data that is not Zstandard is refused", () => {
  const d = new Decompress(() => {});
  assert.throws(() => d.push(new TextEncoder().encode("not zstd at all"), true), /not Zstandard data, or damaged/);
});

test("a frame cut short is refused at the last push", () => {
  const d = new Decompress(() => {});
  d.push(data.subarray(0, 500));
  assert.throws(() => d.push(data.subarray(500, 600), true), /ends before its frame does/);
});

test("nothing may follow the last push", () => {
  const d = new Decompress(() => {});
  d.push(data, true);
  assert.throws(() => d.push(data), /goes on after its end/);
});
