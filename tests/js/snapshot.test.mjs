// Unit tests of widgets/engine/snapshot.js's reading of snapshot.bin under Node (node --test tests/js): the
// Zstandard-compressed file as the worker reads it while it downloads (through zstd's own streaming
// decoder compiled to WebAssembly, widgets/engine/zstd.js, the one the site serves), a copy kept
// decompressed, and what a truncated, damaged or unwanted download gives. The frames here are written with raw blocks
// (Zstandard's stored blocks), which every decoder reads; the build compresses for real and reads
// its snapshot back through the same function (scripts/build_startup.mjs).

import assert from "node:assert/strict";
import { test } from "node:test";

import { packSnapshot, unpackSnapshot } from "../../widgets/engine/snapshot.js";
import { Decompress, streamOf, zstdRaw } from "./zstd-frames.mjs";

const PAGE = 4096;

// A small Pyodide-like snapshot: a header of 48 bytes (its length at byte 4), then memory with a
// few pages written and the rest zeros.
function pyodideSnapshot() {
  const memory = new Uint8Array(48 + 16 * PAGE);
  new DataView(memory.buffer).setUint32(4, 48, true);
  for (let i = 0; i < 3 * PAGE; i++) memory[48 + PAGE + i] = (i * 7 + 3) & 0xff;
  memory.fill(9, 48 + 10 * PAGE, 48 + 11 * PAGE);
  return memory;
}

const anyLength = (length) => new Uint8Array(length);
const KEY = { format: 3, pyodide: "test" };

test("a compressed snapshot read while it downloads gives back the memory, and its pieces to keep", async () => {
  const memory = pyodideSnapshot();
  const raw = packSnapshot(KEY, memory);
  const keep = [];
  const found = await unpackSnapshot(streamOf(zstdRaw(raw, 5000), 777), anyLength, { Zstd: Decompress, keep });
  assert.deepEqual(found.key, KEY);
  assert.deepEqual(found.memory, memory);
  // The pieces kept are the decompressed file: read again without the decoder, the same memory.
  const copy = new Uint8Array(keep.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of keep) {
    copy.set(p, at);
    at += p.byteLength;
  }
  assert.deepEqual(copy, raw);
  const again = await unpackSnapshot(streamOf(copy, 4096), anyLength);
  assert.deepEqual(again.memory, memory);
});

test("a download cut short is named as a snapshot that does not decompress", async () => {
  const packed = zstdRaw(packSnapshot(KEY, pyodideSnapshot()), 5000);
  await assert.rejects(
    unpackSnapshot(streamOf(packed.subarray(0, packed.byteLength - 100)), anyLength, { Zstd: Decompress }),
    /^Error: the snapshot is damaged: it does not decompress/,
  );
});

test("a file that is not Zstandard is named as a snapshot that does not decompress", async () => {
  const raw = packSnapshot(KEY, pyodideSnapshot());
  await assert.rejects(unpackSnapshot(streamOf(raw), anyLength, { Zstd: Decompress }), /it does not decompress/);
});

test("what the decompressed bytes hold is refused with its own reason, not as compression", async () => {
  const raw = packSnapshot(KEY, pyodideSnapshot());
  raw[0] ^= 0xff; // another header
  await assert.rejects(unpackSnapshot(streamOf(zstdRaw(raw)), anyLength, { Zstd: Decompress }), /the snapshot is damaged: it has another header/);
  const sized = () => {
    throw new Error("the snapshot holds 1 bytes, the manifest says 2");
  };
  await assert.rejects(
    unpackSnapshot(streamOf(zstdRaw(packSnapshot(KEY, pyodideSnapshot()))), sized, { Zstd: Decompress }),
    /the snapshot holds 1 bytes, the manifest says 2/,
  );
});

test("once the snapshot is no longer wanted nothing more is written", async () => {
  const stop = new AbortController();
  stop.abort();
  const memory = new Uint8Array(48 + 16 * PAGE);
  await assert.rejects(
    unpackSnapshot(streamOf(zstdRaw(packSnapshot(KEY, pyodideSnapshot()))), () => memory, { Zstd: Decompress, signal: stop.signal }),
    /no longer wanted/,
  );
  assert.ok(memory.every((b) => b === 0));
});
