// Unit tests of widgets/engine/zstd.js under Node (node --test tests/js): zstd's own streaming decoder,
// compiled to WebAssembly (the module scripts/zstd_wasm.mjs takes out of the npm package zstddec),
// fed piece by piece as a download brings the bytes. The frames here are written by hand with raw
// and RLE blocks; the build decodes real level-19 frames through the same class (the snapshot and
// Pyodide's module, scripts/build_startup.mjs).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Decompress, concat, frame } from "./zstd-frames.mjs";

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
