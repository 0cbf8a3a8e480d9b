// The Zstandard decoder of the engine's compressed downloads (the snapshot and Pyodide's module):
// zstd's own streaming decoder compiled to WebAssembly (from the npm package zstddec, served as
// assets/vendor/zstddec/zstd-decoder.wasm by hooks/assets.py).
//   const { Decompress } = await zstdDecoder(source)   // a Response (or a promise of one), or the bytes
//   const d = new Decompress((piece) => ...);          // each decompressed piece, in order
//   d.push(bytes); ...; d.push(lastBytes, true);       // throws on data that does not decode
// One frame or several, one after the other; the last push must end a frame. Why this decoder:
// develop/runtime.md, "How it starts quickly"; its speed: develop/benchmarks.md, "Compression: Zstandard for the snapshot".

const OUT_PIECE = 1 << 17; // the size of each decompressed piece handed over (at most)

async function instantiate(source, imports) {
  source = await source;
  if (source instanceof Response) {
    return typeof WebAssembly.instantiateStreaming === "function"
      ? WebAssembly.instantiateStreaming(source, imports)
      : source.arrayBuffer().then((bytes) => WebAssembly.instantiate(bytes, imports));
  }
  return WebAssembly.instantiate(source, imports);
}

export async function zstdDecoder(source) {
  let heap = null;
  // Views of the memory are made again whenever it has grown (its buffer is then another).
  const imports = { env: { emscripten_notify_memory_growth: () => {} } };
  const { instance } = await instantiate(source, imports);
  const z = instance.exports;
  for (const name of ["memory", "malloc", "free", "ZSTD_createDCtx", "ZSTD_freeDCtx", "ZSTD_decompressStream"]) {
    if (!(name in z)) throw new Error(`the Zstandard decoder has no ${name}`);
  }
  const bytes = () => (heap && heap.buffer === z.memory.buffer ? heap : (heap = new Uint8Array(z.memory.buffer)));
  const view = () => new DataView(z.memory.buffer);

  class Decompress {
    constructor(ondata) {
      this.ondata = ondata;
      this.ctx = z.ZSTD_createDCtx();
      this.out = z.malloc(OUT_PIECE);
      this.buffers = z.malloc(24); // ZSTD_inBuffer {src, size, pos}, ZSTD_outBuffer {dst, size, pos}
      this.pending = 0; // what the last call said: 0 when a frame has just ended
      this.held = false; // whether the last call filled its output (the decoder may hold more)
      this.done = false;
      if (!this.ctx || !this.out || !this.buffers) throw new Error("the Zstandard decoder has no memory left");
    }

    push(chunk, final = false) {
      if (this.done) throw new Error("the Zstandard data goes on after its end");
      const size = chunk ? chunk.byteLength : 0;
      const src = size ? z.malloc(size) : 0;
      if (size && !src) throw new Error("the Zstandard decoder has no memory left");
      try {
        if (size) bytes().set(chunk, src);
        const input = this.buffers;
        const output = this.buffers + 12;
        let v = view();
        v.setUint32(input, src, true);
        v.setUint32(input + 4, size, true);
        v.setUint32(input + 8, 0, true);
        // Nothing new and nothing held: asking again would only say what the next frame needs.
        while (size || this.held) {
          v = view();
          v.setUint32(output, this.out, true);
          v.setUint32(output + 4, OUT_PIECE, true);
          v.setUint32(output + 8, 0, true);
          const said = z.ZSTD_decompressStream(this.ctx, output, input);
          // A size_t error code is a value just below 2^32: negative as a 32-bit result.
          if (said < 0) throw new Error(`not Zstandard data, or damaged (zstd error ${-said})`);
          this.pending = said;
          v = view();
          const made = v.getUint32(output + 8, true);
          if (made) this.ondata(bytes().slice(this.out, this.out + made), false);
          const used = v.getUint32(input + 8, true);
          this.held = made === OUT_PIECE;
          // Done with this chunk when all of it is read and nothing is held.
          if (used >= size && !this.held) break;
        }
      } finally {
        if (src) z.free(src);
      }
      if (final) {
        this.done = true;
        const ended = this.pending === 0;
        z.ZSTD_freeDCtx(this.ctx);
        z.free(this.out);
        z.free(this.buffers);
        if (!ended) throw new Error("the Zstandard data ends before its frame does");
        this.ondata(new Uint8Array(0), true);
      }
    }
  }
  return { Decompress };
}
