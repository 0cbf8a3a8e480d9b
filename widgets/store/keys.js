// The keys under which the site keeps the reader's values in the browser's storage (KEYS, each
// value's shape described above it), the limits of what it keeps (LIMITS), and the patterns of
// the ids the kept values name (ID, RULESET_ID, RULESET_CODE). Read by store/storage.js, which keeps the values,
// and by the modules that check a kept value's shape (pad/game.js). Not a widget.
// Why and how values are kept: develop/runtime.md, "What the browser keeps".

// What each key holds:
//   somerset.pads             the score pad's games   {version: 1, current, games: [game]}
//       game: {id, made, changed, rev, rules (an id or a code), option, format, names, deals, answer, requestKey}
//       (answer is the engine's last answer for requestKey, a cache: used only when it has the
//       pad answer's shape and its request has the game's ruleset, option and format, and then
//       for the deals it shares with the game from the first on (answerCovers), its words only
//       under the same names; so a reload shows the pad at once, and a deal taken back or
//       changed, or a side renamed, before the engine runs leaves the rest of the pad scored)
//   somerset.pad              the pad's earlier single game {v: 1, rules, deals, ...}: read once
//                             into somerset.pads as one game (two when it held an undone game)
//   somerset.puzzle-progress  {version: 1, puzzles: {id: {result, tries, last}}, streak, best}
//   somerset.puzzles.solved   the puzzle list's earlier list of solved ids: counts as solved
//   somerset.own-puzzles      {version: 1, puzzles: [trainer record]} (earlier: the bare list)
//   somerset.ruleset          {version: 1, ruleset: id or code} (earlier: the bare id)
//   somerset.lesson-progress  {version: 1, exercises: {id: {stars, ruleset}}}
//   somerset.unshown-notes    {version: 1, notes: {name: sentence}}: what was set aside and not yet
//                             said on a page (noteFor, noteShown)
export const KEYS = Object.freeze({
  pads: "somerset.pads",
  oldPad: "somerset.pad",
  progress: "somerset.puzzle-progress",
  oldSolved: "somerset.puzzles.solved",
  own: "somerset.own-puzzles",
  ruleset: "somerset.ruleset",
  lessons: "somerset.lesson-progress",
  unshown: "somerset.unshown-notes",
});

export const LIMITS = Object.freeze({
  padGames: 40, // games kept on the device
  padDeals: 400, // deals in one game (and in a link)
  padNames: 24, // characters in a side's name
  ownPuzzles: 200, // the reader's own puzzles (the oldest are dropped beyond it)
  progressPuzzles: 5000, // puzzles with a result in the progress
  importBytes: 1_000_000, // a progress file to import (an export of 5,000 puzzles is about 0.4 MB)
  lessonExercises: 2000, // exercises with stars in the Learn section's progress
});

export const ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
export const RULESET_ID = /^[a-z0-9][a-z0-9-]{0,59}$/;
// A table's own rules as the engine writes their code: a ruleset's id, then "~"-joined parts
// (the version, each change as rule.value, the name in base64url); read by the engine.
export const RULESET_CODE = /^[a-z0-9][a-z0-9-]{0,59}(~[A-Za-z0-9._-]{1,200}){1,40}$/;
export const isRulesetName = (x) => typeof x === "string" && (RULESET_ID.test(x) || RULESET_CODE.test(x));
