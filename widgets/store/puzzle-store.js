// The puzzle trainer's progress on this device, shared by trainer.js and puzzle-progress.js (a
// module, not a widget: small, so that the lists of puzzles can count progress without loading
// the trainer), and the choice of the next puzzle by it. No DOM: unit-tested under Node
// (tests/js/puzzle-store.test.mjs). The keys, the shape, the limits and the reading and writing are storage.js's:
//   somerset.puzzle-progress  {version: 1, puzzles: {id: {result: "solved"|"failed", tries, last}},
//                              streak, best}
//   somerset.puzzles.solved   the older list of solved ids, read into the above
//   somerset.own-puzzles      the reader's own puzzles (trainer records made by Play a deal)

import { LIMITS, PROGRESS, emptyProgress, read, update } from "./storage.js";

export { emptyProgress };

// The progress as stored (cleaned; empty when there is none, or it could not be read).
export function loadProgress() {
  return read(PROGRESS).value;
}

export function today(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The day's puzzle: FNV-1a (32 bits) of the date "YYYY-MM-DD", modulo the number of the site's
// puzzles sorted by id. The same on every device for the same date.
export function dailyIndex(dateText, count) {
  let hash = 0x811c9dc5;
  for (const ch of dateText) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return count ? hash % count : 0;
}

// The day's puzzle is chosen from those a first-time visitor can take on: graded at most DAILY_MOST
// of 5 by the engine. The trainer and the home page's Today's puzzle both ask dailyPick.
export const DAILY_MOST = 2;

// The day's puzzle among `puzzles` ([{id, difficulty}]): dailyIndex of the date in the easy ones,
// sorted by id; null when there are none.
export function dailyPick(puzzles, dateText) {
  const pool = (Array.isArray(puzzles) ? puzzles : [])
    .filter((p) => p && typeof p.id === "string" && Number.isInteger(p.difficulty) && p.difficulty >= 1 && p.difficulty <= DAILY_MOST)
    .map((p) => p.id)
    .sort();
  return pool.length ? pool[dailyIndex(dateText, pool.length)] : null;
}

// --- results -----------------------------------------------------------------------------------------

// "solved", "failed" or "unseen": a puzzle's result in `progress`.
export function statusOf(progress, id) {
  const entry = progress.puzzles[id];
  return entry ? entry.result : "unseen";
}

// How many of `puzzles` are solved, failed and not tried yet.
export function tally(puzzles, progress) {
  const out = { solved: 0, failed: 0, unseen: 0 };
  for (const p of puzzles) out[statusOf(progress, p.id)] += 1;
  return out;
}

// Add a result ("solved" or "failed") for puzzle `id` on `day` to `progress` (changed in place):
// a failure ends the streak, a success adds to it and to the best. False, and nothing changed,
// when the progress already holds LIMITS.progressPuzzles other puzzles.
export function addResult(progress, id, result, day) {
  const entry = progress.puzzles[id];
  if (!entry && Object.keys(progress.puzzles).length >= LIMITS.progressPuzzles) return false;
  if (result === "failed") {
    progress.streak = 0;
  } else {
    progress.streak += 1;
    progress.best = Math.max(progress.best, progress.streak);
  }
  progress.puzzles[id] = { result, tries: (entry ? entry.tries : 0) + 1, last: day };
  return true;
}

// Change the progress as stored now with apply(progress) -> false when it cannot take the change,
// so a result another tab kept meanwhile stays. Returns {ok, value} or {ok: false, problem}.
export function changeProgress(apply) {
  let fits = true;
  const r = update(PROGRESS, (fresh) => {
    fits = apply(fresh);
    return fits ? fresh : undefined;
  });
  if (!fits) return { ok: false, problem: `the trainer keeps the progress of at most ${LIMITS.progressPuzzles.toLocaleString("en")} puzzles` };
  if (!r.ok) return { ok: false, problem: r.problem };
  return { ok: true, value: r.value };
}

// --- import --------------------------------------------------------------------------------------------

// Merge the puzzles of an imported progress (`got`, as storage.js's cleanProgress gives it) into
// `mine` (changed in place): for a puzzle in both, the more recent result wins (the imported one
// on a tie); past LIMITS.progressPuzzles, new puzzles are left out. Returns what was taken, what
// was older than this device's, and what was left out.
export function mergeProgress(mine, got) {
  let taken = 0;
  let older = 0;
  let full = 0;
  for (const [id, entry] of Object.entries(got.value.puzzles)) {
    const have = mine.puzzles[id];
    if (!have && Object.keys(mine.puzzles).length >= LIMITS.progressPuzzles) full += 1;
    else if (have && entry.last < have.last) older += 1;
    else {
      mine.puzzles[id] = entry;
      taken += 1;
    }
  }
  mine.best = Math.max(mine.best, got.value.best);
  return { taken, older, left: got.dropped + full };
}

// The sentence that says what an import kept.
export function importWords({ taken, older, left }) {
  let msg = `Imported the progress of ${taken} puzzle${taken === 1 ? "" : "s"}`;
  if (older) msg += `; ${older} older than this device's ${older === 1 ? "was" : "were"} left as ${older === 1 ? "it was" : "they were"}`;
  if (left) msg += `; ${left} ${left === 1 ? "entry was" : "entries were"} left out (not a puzzle result this trainer reads, or past the ${LIMITS.progressPuzzles.toLocaleString("en")} puzzles it keeps)`;
  return `${msg}.`;
}

// --- choosing puzzles ------------------------------------------------------------------------------------

// Whether puzzle `p` fits the filters {theme, rules, level} ("" for any; rules "all" for every
// ruleset). The reader's own puzzles are their own theme.
export function puzzleFits(p, { theme, rules, level }) {
  if (theme && !(p.themes || []).includes(theme)) return false;
  if (!theme && p.own) return false;
  if (rules && rules !== "all" && p.ruleset !== rules) return false;
  if (level && String(p.difficulty) !== level) return false;
  return true;
}

// The next puzzle after `current` in `list`: the first not tried yet, else the first failed, else
// simply the next one (undefined for an empty list).
export function nextPuzzle(list, current, progress) {
  if (!list.length) return undefined;
  const start = current ? list.indexOf(current) : -1;
  const order = list.map((_, k) => list[(start + 1 + k) % list.length]).filter((p) => p !== current || list.length === 1);
  return order.find((p) => statusOf(progress, p.id) === "unseen") || order.find((p) => statusOf(progress, p.id) === "failed") || order[0];
}
