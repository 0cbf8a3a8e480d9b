// Unit tests of widgets/store/progress-file.js under Node: a chosen progress file is read when it is of
// the kind asked for, and refused with a sentence naming the file when it is too big, not JSON,
// or of another kind.

import assert from "node:assert/strict";
import { test } from "node:test";

const P = await import("../../widgets/store/progress-file.js");
const { LIMITS } = await import("../../widgets/store/storage.js");

const file = (text, name = "mine.json") => new File([text], name, { type: "application/json" });

test("a progress file of the kind asked for is read", async () => {
  const got = await P.readProgressFile(file(JSON.stringify({ kind: "somerset-lesson-progress", exercises: {} })), "somerset-lesson-progress", "Export progress");
  assert.deepEqual(got, { data: { kind: "somerset-lesson-progress", exercises: {} } });
});

test("a file of another kind, or not JSON, is refused by name", async () => {
  for (const text of ['{"kind": "somerset-puzzle-progress"}', "not json", "[1, 2]", "null"]) {
    const got = await P.readProgressFile(file(text, "notes.json"), "somerset-lesson-progress", "Export progress");
    assert.match(got.problem, /^“notes\.json” is not a progress file of this kind: export one with “Export progress”\. Nothing was imported\.$/);
  }
});

test("a file over the limit is refused before it is read", async () => {
  const big = new File([new Uint8Array(LIMITS.importBytes + 1)], "big.json");
  const got = await P.readProgressFile(big, "somerset-lesson-progress", "Export progress");
  assert.match(got.problem, /^“big\.json” is 1 MB: a progress file may be at most 1 MB/);
});

test("megabytes and the file's day are written for readers", () => {
  assert.equal(P.megabytes(1_250_000), "1.3 MB");
  assert.equal(P.fileDay(new Date("2026-11-26T23:59:00Z")), "2026-11-26");
});
