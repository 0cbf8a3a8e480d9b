// Everything the site keeps in the reader's browser (localStorage) goes through here: reading a
// stored kind (validated), writing it (a failure said, what was there kept) and following the
// changes other tabs make. A kind (what a key holds, its version and shape) is an object passed in:
// PROGRESS, OWN, LESSONS and RULESET are defined here, the score pad's PADS beside the pad
// (pad/stored-games.js); keys and limits are store/keys.js's, re-exported here. Not a widget.
//
// Every value is checked when read: an earlier shape migrated, an unreadable one set aside under
// "<key>.set-aside" with a sentence for the reader (noteFor, noteShown), a newer one left alone;
// a write re-reads first (update) and refuses what it would not read back (readsBack). Why and how:
// develop/runtime.md, "What the browser keeps".

import { ID, KEYS, LIMITS, RULESET_ID, isRulesetName } from "./keys.js";

export { KEYS, LIMITS };

export const STORED = "somerset-stored"; // a same-page event after every write: detail {name}

export const FULL = "this browser's storage for the site is full";
const OFF = "this browser keeps nothing for the site (private browsing, or storage turned off)";
const UNREADABLE = "this version of the site could not read it back, so it is not kept (what was kept before is unchanged)";
const NEWER = "a newer version of this site saved it in another tab: reload this page to use it";

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);
const whole = (x, most = Number.MAX_SAFE_INTEGER) => Number.isInteger(x) && x >= 0 && x <= most;
const text = (x) => typeof x === "string";

// --- the browser's storage -------------------------------------------------------------------------

function backend() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // a browser that refuses even to show it
  }
}

// Why a write failed, in words for the reader.
export function failure(error) {
  const name = error && error.name;
  const code = error && error.code;
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014) return FULL;
  return OFF;
}

function rawGet(key) {
  const s = backend();
  if (!s) return { raw: null, problem: OFF };
  try {
    return { raw: s.getItem(key) };
  } catch (e) {
    return { raw: null, problem: failure(e) };
  }
}

function rawSet(key, text) {
  const s = backend();
  if (!s) return { ok: false, problem: OFF };
  try {
    s.setItem(key, text);
    return { ok: true };
  } catch (e) {
    return { ok: false, problem: failure(e) };
  }
}

function rawRemove(key) {
  const s = backend();
  try {
    if (s) s.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

// A copy of an unreadable value under a key of its own, never read again by the site.
function setAside(key, raw) {
  for (let n = 1; n < 1000; n += 1) {
    const aside = n === 1 ? `${key}.set-aside` : `${key}.set-aside.${n}`;
    const there = rawGet(aside);
    if (there.problem) return { ok: false, problem: there.problem };
    if (there.raw === raw) return { ok: true, key: aside };
    if (there.raw !== null) continue;
    const put = rawSet(aside, raw);
    return put.ok ? { ok: true, key: aside } : put;
  }
  return { ok: false, problem: FULL };
}

function tell(name) {
  try {
    globalThis.dispatchEvent(new CustomEvent(STORED, { detail: { name } }));
  } catch {
    // no window (the unit tests under Node)
  }
}

// --- the values ------------------------------------------------------------------------------------

export function emptyProgress() {
  return { version: 1, puzzles: {}, streak: 0, best: 0 };
}

// A progress object cleaned of what it should not hold: {value, dropped} or null.
export function cleanProgress(data) {
  if (!isObject(data) || data.version !== 1) return null;
  const value = emptyProgress();
  let dropped = 0;
  const puzzles = isObject(data.puzzles) ? data.puzzles : {};
  let kept = 0;
  for (const [id, entry] of Object.entries(puzzles)) {
    if (!ID.test(id) || !isObject(entry) || !["solved", "failed"].includes(entry.result) || kept >= LIMITS.progressPuzzles) {
      dropped += 1;
      continue;
    }
    kept += 1;
    const last = text(entry.last) && /^\d{4}-\d{2}-\d{2}$/.test(entry.last) ? entry.last : "";
    value.puzzles[id] = { result: entry.result, tries: Math.max(1, whole(entry.tries) ? entry.tries : 0), last };
  }
  value.streak = whole(data.streak) ? data.streak : 0;
  value.best = Math.max(whole(data.best) ? data.best : 0, value.streak);
  return { value, dropped };
}

// One of the reader's own puzzles, checked for what the trainer reads; null when it cannot be used.
export function validOwnRecord(rec) {
  if (!isObject(rec) || !text(rec.id) || !ID.test(rec.id)) return false;
  if (!Array.isArray(rec.steps) || !rec.steps.length) return false;
  for (const step of rec.steps) {
    if (!isObject(step) || !Array.isArray(step.choices) || !step.choices.length) return false;
    const values = step.choices.map((c) => (isObject(c) && text(c.value) ? c.value : null));
    if (values.includes(null)) return false;
    if (!Array.isArray(step.answer) || !step.answer.length || !step.answer.every((a) => values.includes(a))) return false;
  }
  return true;
}

function cleanOwn(list) {
  const puzzles = list.filter(validOwnRecord).slice(-LIMITS.ownPuzzles);
  return { value: puzzles, dropped: list.filter((r) => !validOwnRecord(r)).length };
}

// The Learn section's progress: the best stars (1 to 3) earned on each exercise, and the ruleset
// it was done under. {value, dropped} or null.
export function cleanLessonProgress(data) {
  if (!isObject(data.exercises)) return null;
  const exercises = {};
  let dropped = 0;
  for (const [id, v] of Object.entries(data.exercises)) {
    if (ID.test(id) && isObject(v) && Number.isInteger(v.stars) && v.stars >= 1 && v.stars <= 3 && Object.keys(exercises).length < LIMITS.lessonExercises) {
      exercises[id] = { stars: v.stars, ruleset: text(v.ruleset) && RULESET_ID.test(v.ruleset) ? v.ruleset : "" };
    } else {
      dropped += 1;
    }
  }
  return { value: { exercises }, dropped };
}

// A stored kind: {name, key, version, what (in the reader's words), many, empty(), clean(data)
// ({value, dropped} or null), migrate(data, raw) (an earlier shape: the same), encode(value) (the
// object written; null removes the key), and optionally earlier: {key, what, absorb(result, data,
// now)}, an earlier shape kept under a key of its own, read into the value (true: merged, and the
// earlier key goes once the value is written; false: nothing to do; null: unreadable, set aside)}.
export const PROGRESS = Object.freeze({
  name: "progress",
  key: KEYS.progress,
  version: 1,
  what: "your puzzle progress",
  empty: () => emptyProgress(),
  clean: (data) => cleanProgress(data),
  migrate: () => null,
  encode: (v) => ({ ...v, version: 1 }),
  earlier: {
    key: KEYS.oldSolved,
    what: "the puzzle list's earlier record",
    // The ids solved there count as solved here, on a fresh progress; the earlier key is kept.
    absorb(result, old) {
      if (result.fresh && Array.isArray(old)) for (const id of old) if (text(id) && ID.test(id)) result.value.puzzles[id] = { result: "solved", tries: 1, last: "" };
      return false;
    },
  },
});

export const OWN = Object.freeze({
  name: "own",
  key: KEYS.own,
  version: 1,
  what: "your saved puzzles",
  many: true,
  empty: () => [],
  clean: (data) => (Array.isArray(data.puzzles) ? cleanOwn(data.puzzles) : null),
  migrate: (data) => (Array.isArray(data) ? cleanOwn(data) : null), // the earlier bare list
  encode: (v) => ({ version: 1, puzzles: v }),
});

export const LESSONS = Object.freeze({
  name: "lessons",
  key: KEYS.lessons,
  version: 1,
  what: "your progress in the Learn section",
  empty: () => ({ exercises: {} }),
  clean: (data) => cleanLessonProgress(data),
  migrate: () => null,
  encode: (v) => ({ version: 1, exercises: v.exercises }),
});

export const RULESET = Object.freeze({
  name: "ruleset",
  key: KEYS.ruleset,
  version: 1,
  what: "the ruleset your table plays",
  empty: () => null,
  clean: (data) => (isRulesetName(data.ruleset) ? { value: data.ruleset, dropped: 0 } : null),
  // the earlier bare id, as stored without JSON
  migrate: (data, raw) => (RULESET_ID.test(raw) ? { value: raw, dropped: 0 } : null),
  encode: (v) => (v ? { version: 1, ruleset: v } : null),
});

const NAME = /^[a-z][a-z-]{0,30}$/;


// What a stored text holds for a kind: {value, dropped}, {newer: true}, or null (unreadable).
export function decode(kind, raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    data = undefined;
  }
  if (isObject(data) && Number.isInteger(data.version) && data.version > kind.version) return { newer: true };
  if (isObject(data) && data.version === kind.version) return kind.clean(data);
  return kind.migrate(data, raw);
}

const notes = new Map();

// The sentences not yet shown on any page, as stored: {name: sentence}. Anything else reads as none.
function unshown() {
  const got = rawGet(KEYS.unshown);
  let data = null;
  try {
    data = got.raw === null ? null : JSON.parse(got.raw);
  } catch {
    data = null;
  }
  if (!isObject(data) || data.version !== 1 || !isObject(data.notes)) return {};
  return Object.fromEntries(Object.entries(data.notes).filter(([name, note]) => NAME.test(name) && text(note) && note.length <= 1000));
}

function keepUnshown(name, note) {
  const all = unshown();
  if (note === null) {
    if (!(name in all)) return;
    delete all[name];
  } else {
    if (all[name] === note) return;
    all[name] = note;
  }
  if (Object.keys(all).length) rawSet(KEYS.unshown, JSON.stringify({ version: 1, notes: all }));
  else rawRemove(KEYS.unshown);
}

// A value was set aside: the sentence is this page's, and the device's until a page shows it.
function setNote(name, note) {
  notes.set(name, note);
  keepUnshown(name, note);
}

// The sentence about a value of a kind that could not be read (set aside, or newer): read in this
// page, or on an earlier page that did not show it.
export function noteFor(kind) {
  return notes.get(kind.name) || unshown()[kind.name] || null;
}

// A page has shown the sentence about a kind: later pages do not show it again (this one still can).
export function noteShown(kind) {
  const note = noteFor(kind);
  if (note) notes.set(kind.name, note);
  keepUnshown(kind.name, null);
}

function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// The earlier shape kept under a key of its own (kind.earlier), read into the value it became:
// true when it was merged (the value is to be written and the earlier key removed).
function absorb(kind, result, now) {
  const earlier = kind.earlier;
  if (!earlier) return false;
  const got = rawGet(earlier.key);
  if (got.problem || got.raw === null) return false;
  let data;
  try {
    data = JSON.parse(got.raw);
  } catch {
    data = undefined;
  }
  const merged = earlier.absorb(result, data, now);
  if (merged === null) {
    const aside = setAside(earlier.key, got.raw);
    if (aside.ok) {
      rawRemove(earlier.key);
      setNote(kind.name, `${capital(earlier.what)} kept on this device could not be read: it is kept aside, under “${aside.key}”.`);
    }
    return false;
  }
  return merged;
}

// Read a value: {value, note, newer, problem}. value is always usable (empty when nothing is).
export function read(kind, now = new Date().toISOString()) {
  const name = kind.name;
  const got = rawGet(kind.key);
  if (got.problem) return { value: kind.empty(), problem: got.problem };
  let result;
  let rewrite = false;
  if (got.raw === null) {
    result = { value: kind.empty(), fresh: true };
  } else {
    const r = decode(kind, got.raw);
    if (r && r.newer) {
      const note = `${capital(kind.what)} kept on this device ${kind.many ? "were" : "was"} saved by a newer version of this site in another tab: reload this page to use ${kind.many ? "them" : "it"}. Nothing changed here is kept until then.`;
      notes.set(name, note);
      return { value: kind.empty(), newer: true, note };
    }
    if (r && !r.dropped) {
      result = { value: r.value };
    } else {
      // Unreadable, or partly: the stored text is copied aside before anything is written over it.
      const aside = setAside(kind.key, got.raw);
      if (!aside.ok) {
        const note = `${capital(kind.what)} kept on this device could not be read, and ${aside.problem} to keep a copy aside: it is left as it is, and nothing changed here is kept.`;
        setNote(name, note);
        return { value: r ? r.value : kind.empty(), blocked: true, note, problem: aside.problem };
      }
      const note = r
        ? `${r.dropped} of ${kind.what} could not be read: a copy of what was stored is kept aside on this device, under “${aside.key}”.`
        : `${capital(kind.what)} kept on this device could not be read (saved by another version of this site, or changed by hand): ${kind.many ? "they are" : "it is"} kept aside, under “${aside.key}”, and not used.`;
      setNote(name, note);
      if (r) {
        result = { value: r.value };
        rewrite = true;
      } else {
        rawRemove(kind.key);
        result = { value: kind.empty(), fresh: true };
      }
    }
  }
  if (absorb(kind, result, now)) {
    const put = rawSet(kind.key, JSON.stringify(kind.encode(result.value)));
    if (put.ok) rawRemove(kind.earlier.key);
    rewrite = false;
  }
  if (rewrite) rawSet(kind.key, JSON.stringify(kind.encode(result.value)));
  return { value: result.value, note: noteFor(kind) };
}

// Whether a text about to be written reads back whole: the value it holds, nothing dropped.
export function readsBack(kind, raw) {
  const r = decode(kind, raw);
  return Boolean(r) && !r.newer && !r.dropped;
}

// Change a value: read it as stored now (another tab's changes included), change(value) returns
// the value to store (or undefined: no change), write it. {ok, value, problem}: on failure value
// is what is still stored (read again), and the stored text is as it was.
export function update(kind, change, now = new Date().toISOString()) {
  const got = read(kind, now);
  if (got.newer) return { ok: false, value: got.value, problem: NEWER };
  if (got.blocked || (got.problem && !got.note)) return { ok: false, value: got.value, problem: got.problem };
  const next = change(got.value);
  if (next === undefined) return { ok: true, value: got.value, unchanged: true };
  const encoded = kind.encode(next);
  // Nothing is written that this code would set aside when it reads it again.
  if (encoded !== null && !readsBack(kind, JSON.stringify(encoded))) return { ok: false, value: got.value, problem: UNREADABLE };
  const put = encoded === null ? (rawRemove(kind.key), { ok: true }) : rawSet(kind.key, JSON.stringify(encoded));
  if (!put.ok) return { ok: false, value: got.value, problem: put.problem };
  tell(kind.name);
  return { ok: true, value: next };
}

export function write(kind, value) {
  return update(kind, () => value);
}

// Forget a value (and the earlier shape it was read from).
export function forget(kind) {
  rawRemove(kind.key);
  if (kind.earlier) rawRemove(kind.earlier.key);
  tell(kind.name);
}

// Call back(kind) when a value of one of the kinds changes: in another tab (the storage event), or
// in this page. Returns the function that stops it.
export function onChange(kinds, back) {
  const keys = new Map();
  for (const kind of kinds) {
    keys.set(kind.key, kind);
    if (kind.earlier) keys.set(kind.earlier.key, kind);
  }
  const fromTab = (e) => {
    if (e.key === null) for (const kind of kinds) back(kind); // the whole storage cleared
    else if (keys.has(e.key)) back(keys.get(e.key));
  };
  const fromPage = (e) => {
    const kind = e.detail && kinds.find((k) => k.name === e.detail.name);
    if (kind) back(kind);
  };
  globalThis.addEventListener("storage", fromTab);
  globalThis.addEventListener(STORED, fromPage);
  return () => {
    globalThis.removeEventListener("storage", fromTab);
    globalThis.removeEventListener(STORED, fromPage);
  };
}

// The reader has acted on what a note said (chose anew): the note is not shown again.
export function clearNote(kind) {
  notes.delete(kind.name);
  keepUnshown(kind.name, null);
}
