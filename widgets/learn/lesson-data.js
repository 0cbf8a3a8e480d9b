// The Learn section's data and progress, shared by <somerset-lesson> and <somerset-lesson-map>.
// Not a widget (there is no <somerset-lesson-data>): a module both import.
//
// The exercises come from assets/data/lessons.json, written by hooks/lessons.py from the engine's
// lesson files (somerset.teaching.lessons), each with its answer and a refutation of every wrong choice
// under every ruleset it claims, so nothing here starts the engine.
//
// Progress is kept on this device by storage.js (LESSONS):
//   {version: 1, exercises: {<exercise id>: {stars: 1..3, ruleset: <id>}}}
// (the best stars earned). A value of another shape is set aside with a note, never trusted.

import { LESSONS, RULESET, noteFor, noteShown, read, update } from "../store/storage.js";
import { fetchBuildData, rememberedRuleset } from "../base/ui.js";

export const DATA_URL = new URL("../../data/lessons.json", import.meta.url).href;
export const SITE_ROOT = new URL("../../../", import.meta.url).href;
const VERSION = 1;

let loading = null;

// The document, fetched once per page.
export function loadLessons() {
  if (!loading) {
    loading = (async () => {
      return fetchBuildData(DATA_URL, VERSION, (d) => Array.isArray(d.stages), "the lesson file");
    })();
    loading.catch(() => {
      loading = null; // a later call tries again
    });
  }
  return loading;
}

// The progress kept on this device (storage.js, LESSONS): {version, exercises, note}; a stored
// value of another shape is set aside by storage.js with a note, never trusted.
export function readProgress() {
  const got = read(LESSONS);
  return { version: VERSION, exercises: got.value.exercises, note: got.note || null };
}

// What the device kept for the Learn section and could not read (the progress, the ruleset: set
// aside by storage.js), in sentences for the page to show; once shown here, later pages do not.
export function setAsideNotes() {
  const notes = [LESSONS, RULESET].map(noteFor).filter(Boolean);
  for (const kind of [LESSONS, RULESET]) noteShown(kind);
  return notes;
}

// Keep the better of the stars earned now and before; a failed write says why (or null).
export function recordStars(id, stars, ruleset) {
  const put = update(LESSONS, (v) => {
    const before = v.exercises[id];
    if (before && before.stars >= stars) return undefined;
    return { exercises: { ...v.exercises, [id]: { stars, ruleset } } };
  });
  return put.ok ? null : `Your stars last for this page only: ${put.problem}.`;
}

export function forgetStage(stage) {
  const ids = new Set(stage.exercises.map((ex) => ex.id));
  update(LESSONS, (v) => ({ exercises: Object.fromEntries(Object.entries(v.exercises).filter(([id]) => !ids.has(id))) }));
}

// The ruleset the lessons teach: the reader's own when the site knows it, else the default.
export function lessonRuleset(data) {
  const mine = rememberedRuleset();
  return data.rulesets.some((r) => r.id === mine) ? mine : data.default_ruleset;
}

// The exercises of a stage under a ruleset, and the ruleset they are shown under: the reader's
// own, or (when the stage has none for it) the ruleset most of the stage's exercises claim.
export function stageExercises(stage, ruleset, data) {
  const mine = stage.exercises.filter((e) => e.rulesets.includes(ruleset));
  if (mine.length) return { ruleset, exercises: mine, fallback: false };
  const counts = new Map();
  for (const e of stage.exercises) for (const r of e.rulesets) counts.set(r, (counts.get(r) || 0) + 1);
  let best = data.default_ruleset;
  let most = counts.get(best) || 0;
  for (const r of data.rulesets) {
    if ((counts.get(r.id) || 0) > most) {
      best = r.id;
      most = counts.get(r.id);
    }
  }
  return { ruleset: best, exercises: stage.exercises.filter((e) => e.rulesets.includes(best)), fallback: true };
}

export function starText(stars, most = 3) {
  return "★".repeat(stars) + "☆".repeat(Math.max(0, most - stars));
}
