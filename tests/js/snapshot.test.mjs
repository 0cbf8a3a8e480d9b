// Unit tests of widgets/startup.js's reading of snapshot.bin under Node (node --test tests/js): the
// Zstandard-compressed file as the worker reads it while it downloads (through zstd's own streaming
// decoder compiled to WebAssembly, widgets/zstd.js, the one the site serves), a copy kept
// decompressed, and what a truncated, damaged or unwanted download gives. The frames here are written with raw blocks
// (Zstandard's stored blocks), which every decoder reads; the build compresses for real and reads
// its snapshot back through the same function (scripts/build_startup.mjs).

import assert from "node:assert/strict";
import { test } from "node:test";

import { zstdWasm } from "../../scripts/zstd_wasm.mjs";
import { packSnapshot, unpackSnapshot } from "../../widgets/startup.js";
import { zstdDecoder } from "../../widgets/zstd.js";

const { Decompress } = await zstdDecoder(zstdWasm());

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

// One Zstandard frame holding `bytes` in raw blocks of at most 128 KiB, its size in the header.
function zstdRaw(bytes, blockSize = 128 * 1024) {
  const parts = [Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0xa0)]; // magic; single segment, 4-byte size
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, bytes.byteLength, true);
  parts.push(size);
  for (let at = 0; at < bytes.byteLength || at === 0; at += blockSize) {
    const block = bytes.subarray(at, at + blockSize);
    const last = at + blockSize >= bytes.byteLength ? 1 : 0;
    const header = last | (block.byteLength << 3); // block type 0: raw
    parts.push(Uint8Array.of(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff), block);
    if (!bytes.byteLength) break;
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

// A stream handing over `bytes` in pieces of `piece` bytes, as a download does.
function streamOf(bytes, piece = 1000) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
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
