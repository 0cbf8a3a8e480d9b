// main.js finds a widget's module from its tag, as the widgets' manifest (widgets/manifest.js) lists it.
import { test } from "node:test";
import assert from "node:assert/strict";

// main.js mounts itself on import; give it a Material-like page that never emits.
globalThis.window = { document$: { subscribe() {} } };
const { moduleFor } = await import("../../widgets/main.js");

test("a widget's tag names its module", () => {
  assert.equal(moduleFor("somerset-trick"), "./trick/trick.js");
  assert.equal(moduleFor("somerset-puzzle-progress"), "./trainer/puzzle-progress.js");
  assert.equal(moduleFor("SOMERSET-SCORE"), "./score/score.js");
  assert.equal(moduleFor("somerset-lesson-map"), "./learn/lesson-map.js");
  assert.equal(moduleFor("somerset-samedeal"), "./same-deal/same-deal.js");
});

test("a name that is not a widget's has no module", () => {
  for (const tag of ["somerset-", "somerset-../trick", "somerset-a/b", "somerset-trick.js", "somerset-1x",
                     "somerset--x", "somerset-x-", "other-trick", "trick", "", "somerset-tr ick",
                     "somerset-own-puzzles", "somerset-constructor", "somerset-__proto__"]) {
    assert.equal(moduleFor(tag), null, tag);
  }
});
