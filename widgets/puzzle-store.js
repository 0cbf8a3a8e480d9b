// The puzzle trainer's progress on this device, shared by trainer.js and puzzle-progress.js (a
// module, not a widget: small, so that the lists of puzzles can count progress without loading
// the trainer). The keys, the shape, the limits and the reading and writing are storage.js's:
//   somerset.puzzle-progress  {version: 1, puzzles: {id: {result: "solved"|"failed", tries, last}},
//                              streak, best}
//   somerset.puzzles.solved   the older list of solved ids, read into the above
//   somerset.own-puzzles      the reader's own puzzles (trainer records made by Play a deal)

import { emptyProgress, read } from "./storage.js";

export { emptyProgress };

// The progress as stored (cleaned; empty when there is none, or it could not be read).
export function loadProgress() {
  return read("progress").value;
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
