// What the start-up code's node tests share (not a test file itself): the Zstandard decoder the
// site serves, frames written by hand with raw and RLE blocks (which every decoder reads; the
// build compresses for real and reads its files back through the same code), and a download.

import { zstdWasm } from "../../scripts/zstd_wasm.mjs";
import { zstdDecoder } from "../../widgets/engine/zstd.js";

export const { Decompress } = await zstdDecoder(zstdWasm());

export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

// One frame, its size in the header, then `blocks` ([kind, bytes]: "raw" stores the bytes, "rle"
// repeats bytes[0] bytes.length times).
export function frame(blocks) {
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, blocks.reduce((n, [, b]) => n + b.byteLength, 0), true);
  const parts = [Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0xa0), size]; // magic; single segment, 4-byte size
  blocks.forEach(([kind, bytes], i) => {
    const header = (i === blocks.length - 1 ? 1 : 0) | ((kind === "rle" ? 1 : 0) << 1) | (bytes.byteLength << 3);
    parts.push(Uint8Array.of(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff));
    parts.push(kind === "rle" ? bytes.subarray(0, 1) : bytes);
  });
  return concat(parts);
}

// One frame holding `bytes` in raw blocks of at most `blockSize` (an empty frame: one empty block).
export function zstdRaw(bytes, blockSize = 128 * 1024) {
  const blocks = [];
  for (let at = 0; at < bytes.byteLength || at === 0; at += blockSize) {
    blocks.push(["raw", bytes.subarray(at, at + blockSize)]);
    if (!bytes.byteLength) break;
  }
  return frame(blocks);
}

// A stream handing over `bytes` in pieces of `piece` bytes, as a download does.
export function streamOf(bytes, piece = 1000) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
}
