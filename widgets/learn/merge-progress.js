// Learn progress read from a file (an export of another device's) merged into this device's:
// for an exercise in both, the more stars win. Used by the Learn map's import (lesson-map.js);
// unit-tested under Node (tests/js/storage.test.mjs).

import { LIMITS } from "../store/keys.js";

// This device's wins a tie. {value, taken, lower, full}: how many exercises came from the
// import, how many were left because this device has as many stars or more, and how many did not
// fit.
export function mergeLessonProgress(mine, theirs) {
  const exercises = { ...mine.exercises };
  let taken = 0;
  let lower = 0;
  let full = 0;
  for (const [id, entry] of Object.entries(theirs.exercises)) {
    const have = exercises[id];
    if (have && have.stars >= entry.stars) lower += 1;
    else if (!have && Object.keys(exercises).length >= LIMITS.lessonExercises) full += 1;
    else {
      exercises[id] = entry;
      taken += 1;
    }
  }
  return { value: { exercises }, taken, lower, full };
}
