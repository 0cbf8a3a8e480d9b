// The puzzle trainer's storage on this device, shared by trainer.js and puzzle-progress.js (a
// module, not a widget: small, so that the lists of puzzles can count progress without loading
// the trainer). Storage that is missing, full or holding something else counts as empty.
//   somerset.puzzle-progress  {version: 1, puzzles: {id: {result: "solved"|"failed", tries, last}},
//                              streak, best}
//   somerset.puzzles.solved   the older list of solved ids, read once into the above
//   somerset.own-puzzles      the reader's own puzzles (trainer records made by Play a deal)

export const PROGRESS = "somerset.puzzle-progress";
export const OLD_SOLVED = "somerset.puzzles.solved";
export const OWN = "somerset.own-puzzles";
const ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

export function readJson(key) {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function writeJson(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // private browsing or storage full: kept for this visit only
  }
}

export function emptyProgress() {
  return { version: 1, puzzles: {}, streak: 0, best: 0 };
}

function wholeNumber(x) {
  return Number.isInteger(x) && x >= 0 ? x : 0;
}

// A progress object cleaned of anything it should not hold; null when it is not one at all.
export function cleanProgress(data) {
  if (!data || typeof data !== "object" || Array.isArray(data) || data.version !== 1) return null;
  const out = emptyProgress();
  const puzzles = data.puzzles && typeof data.puzzles === "object" && !Array.isArray(data.puzzles) ? data.puzzles : {};
  for (const [id, entry] of Object.entries(puzzles)) {
    if (!ID.test(id) || !entry || !["solved", "failed"].includes(entry.result)) continue;
    const last = typeof entry.last === "string" && /^\d{4}-\d{2}-\d{2}$/.test(entry.last) ? entry.last : "";
    out.puzzles[id] = { result: entry.result, tries: Math.max(1, wholeNumber(entry.tries)), last };
  }
  out.streak = wholeNumber(data.streak);
  out.best = Math.max(wholeNumber(data.best), out.streak);
  return out;
}

export function loadProgress() {
  const stored = cleanProgress(readJson(PROGRESS));
  if (stored) return stored;
  // The puzzle list's older record: the ids solved there count as solved here.
  const progress = emptyProgress();
  const old = readJson(OLD_SOLVED);
  if (Array.isArray(old)) {
    for (const id of old) if (typeof id === "string" && ID.test(id)) progress.puzzles[id] = { result: "solved", tries: 1, last: "" };
  }
  return progress;
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

