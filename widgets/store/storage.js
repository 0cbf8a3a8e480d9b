// Everything the site keeps in the reader's browser (localStorage), in one place: the keys, the
// version and shape of what each holds, the limits, reading (validated), writing (a failure said,
// what was there kept) and following the changes other tabs make. Not a widget: main.js loads a
// module only for a <somerset-NAME> tag, and there is no <somerset-storage>.
//
//   somerset.pads             the score pad's games   {version: 1, current, games: [game]}
//       game: {id, made, changed, rev, rules, option, format, names, deals, answer, requestKey}
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
//   somerset.ruleset          {version: 1, ruleset: id} (earlier: the bare id)
//   somerset.lesson-progress  {version: 1, exercises: {id: {stars, ruleset}}}
//   somerset.unshown-notes    {version: 1, notes: {name: sentence}}: what was set aside and not yet
//                             said on a page (noteFor, noteShown)
//
// A value is checked whenever it is read. One of an earlier shape is migrated. One that cannot be
// read (another shape, a damaged file, an edit by hand) is never trusted: it is copied aside under
// "<key>.set-aside" (".set-aside.2" and on when that is taken) and the value starts afresh, with a
// sentence for the reader (noteFor), kept in storage until a page has shown it (noteShown), so a
// page that reads a value without a word of it (the ruleset on the first deal's walk-through)
// leaves the sentence to the next page that has one. A value whose version is newer than this
// code's (a newer release open in another tab) is left untouched and nothing is written over it.
// A write re-reads
// the value first (update), so a change another tab made meanwhile is kept; a write that fails
// (storage full, or turned off) returns the reason and leaves the stored value as it was, and so
// does one of a value this code would not read back (readsBack).

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

export const STORED = "somerset-stored"; // a same-page event after every write: detail {name}

export const FULL = "this browser's storage for the site is full";
const OFF = "this browser keeps nothing for the site (private browsing, or storage turned off)";
const UNREADABLE = "this version of the site could not read it back, so it is not kept (what was kept before is unchanged)";
const NEWER = "a newer version of this site saved it in another tab: reload this page to use it";

export const ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
export const RULESET_ID = /^[a-z0-9][a-z0-9-]{0,59}$/;
const GAME_ID = /^g[a-z0-9]{4,30}$/;
const STAMP = /^[a-z0-9]{1,16}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z)?$/;

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);
const whole = (x, most = Number.MAX_SAFE_INTEGER) => Number.isInteger(x) && x >= 0 && x <= most;

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

// --- the pad's deals as text (its address): s1b15p16.8 (side 1 bid 15; points 16 and 8), p7.5 (no
// bid), x (passed); the same deal shape as the stored games'

export function dealsToText(deals) {
  return deals
    .map((d) => (d.passed ? "x" : `${d.bidder === undefined || d.bidder === null ? "" : `s${d.bidder + 1}b${d.bid}`}p${d.points.join(".")}`))
    .join(",");
}

// What a link's deals field holds: {deals} when every deal is read, else {deals, error} with the
// deals before the first one the pad refuses (a token that is not a deal, a side it cannot have)
// and a sentence saying which one and that the rest were not read. Every deal it returns is one
// the stored-game reader takes (cleanDeal), so "Keep this pad" keeps what a reload can read.
export function dealsFromText(text) {
  const deals = [];
  const tokens = String(text).split(",").map((raw) => raw.trim().toLowerCase()).filter(Boolean);
  const rest = (n) => (tokens.length > n ? ` The pad shows the ${n === 1 ? "deal" : `${n} deals`} before it; the link's ${tokens.length - n === 1 ? "last deal is" : `${tokens.length - n} deals from it on are`} not read.` : "");
  for (const [i, token] of tokens.entries()) {
    if (i >= LIMITS.padDeals) {
      return { deals, error: `The link holds ${tokens.length} deals, and a game holds at most ${LIMITS.padDeals}: the pad shows its first ${LIMITS.padDeals}; the other ${tokens.length - LIMITS.padDeals} are not read.` };
    }
    if (token === "x") {
      deals.push({ passed: true });
      continue;
    }
    const m = DEAL.exec(token);
    const side = m && m[1] !== undefined ? Number(m[1]) : null;
    if (!m || (side !== null && (side < 1 || side > 8))) {
      const why = m
        ? "is not a deal of a game (deal N of the link): it names side S, and a game has sides 1 to 8"
        : "is not a deal (deal N of the link): a link writes a deal as s1b15p16.8 (side 1 bid 15; the sides took 16 and 8), p7.5 where nobody bids, or x for a deal everyone passed";
      const where = i ? rest(i) : tokens.length > 1 ? " No deal of the link is read." : "";
      return { deals, error: `“${token.slice(0, 24)}” ${why.replace("N", String(i + 1)).replace("S", String(side))}.${where}` };
    }
    const deal = { points: m[3].split(".").map(Number) };
    if (side !== null) Object.assign(deal, { bidder: side - 1, bid: Number(m[2]) });
    deals.push(deal);
  }
  return { deals };
}

const DEAL = /^(?:s(\d{1,2})b(\d{1,3}))?p(\d{1,3}(?:\.\d{1,3}){0,7})$/;

// --- the values ------------------------------------------------------------------------------------

function cleanDeal(d) {
  if (!isObject(d)) return null;
  if (d.passed === true) return { passed: true };
  if (!Array.isArray(d.points) || d.points.length < 1 || d.points.length > 8 || !d.points.every((p) => whole(p, 999))) return null;
  const deal = { points: [...d.points] };
  if (d.bidder !== undefined && d.bidder !== null) {
    if (!whole(d.bidder, 7) || !whole(d.bid, 999)) return null;
    Object.assign(deal, { bidder: d.bidder, bid: d.bid });
  }
  return deal;
}

export function cleanDeals(list) {
  if (!Array.isArray(list) || list.length > LIMITS.padDeals) return null;
  const deals = list.map(cleanDeal);
  return deals.includes(null) ? null : deals;
}

function cleanNames(names) {
  if (names === null || names === undefined || (Array.isArray(names) && names.length === 0)) return null;
  if (!Array.isArray(names) || names.length > 8 || !names.every((n) => typeof n === "string" && n.length <= LIMITS.padNames)) return undefined;
  return [...names];
}

const ints = (xs, n) => Array.isArray(xs) && xs.length === n && xs.every(Number.isInteger);
const text = (x) => typeof x === "string";
const citation = (c) => c === null || c === undefined || isObject(c);

// The engine's pad answer as the pad draws it: anything else (an answer of another shape, another
// release's) is not used, and the pad is scored again when the engine starts.
export function validPadAnswer(a, deals) {
  if (!isObject(a) || !Array.isArray(a.sides) || a.sides.length < 2 || a.sides.length > 8) return false;
  const n = a.sides.length;
  if (!a.sides.every((s) => isObject(s) && text(s.name) && Array.isArray(s.seats) && s.seats.every(Number.isInteger))) return false;
  if (!ints(a.totals, n) || !(a.winner === null || whole(a.winner, n - 1))) return false;
  if (!text(a.result) || !text(a.text) || !text(a.ruleset_name) || !text(a.format_label)) return false;
  if (!Number.isInteger(a.target) || !Number.isInteger(a.points_per_deal) || typeof a.bidding !== "boolean" || typeof a.can_pass !== "boolean") return false;
  if (!isObject(a.game_rule) || !text(a.game_rule.summary) || !citation(a.game_rule.citation)) return false;
  if (!Array.isArray(a.lines) || (deals && a.lines.length !== deals.length)) return false;
  return a.lines.every(
    (l) =>
      isObject(l) &&
      Number.isInteger(l.number) &&
      ints(l.changes, n) &&
      ints(l.totals, n) &&
      (l.winner === null || l.winner === undefined || whole(l.winner, n - 1)) &&
      (l.bidder === null || l.bidder === undefined || whole(l.bidder, n - 1)) &&
      text(l.reason) &&
      citation(l.citation),
  );
}

// The request the pad sends the engine for a game (its settings and deals).
export function padRequest(g) {
  // The deals in one order of their fields, so that the same game always makes the same key.
  const request = { cmd: "pad", rules: g.rules, deals: g.deals.map((d) => cleanDeal(d) || d) };
  if (g.option) request.option = g.option;
  if (g.format) request.format = g.format;
  if (g.names && g.names.length) request.names = g.names;
  return request;
}

export function requestKey(g) {
  return JSON.stringify(padRequest(g));
}

// The game a request key asks about ({rules, option, format, names, deals}), or null.
export function keyGame(key) {
  let r;
  try {
    r = JSON.parse(key);
  } catch {
    return null;
  }
  if (!isObject(r) || r.cmd !== "pad" || !text(r.rules) || !Array.isArray(r.deals)) return null;
  return { rules: r.rules, option: text(r.option) ? r.option : "", format: text(r.format) ? r.format : "", names: Array.isArray(r.names) && r.names.length ? r.names : null, deals: r.deals };
}

const sameSettings = (a, b) => a.rules === b.rules && (a.option || "") === (b.option || "") && (a.format || "") === (b.format || "");
const sameNames = (a, b) => JSON.stringify(a.names && a.names.length ? a.names : null) === JSON.stringify(b.names && b.names.length ? b.names : null);

// How many of game `g`'s first deals `answer`, the engine's answer to the request `key`, scores:
// the deals the request shares with the game from the first on, when its ruleset, optional rule and
// format are the game's; null when it tells nothing of the game (other settings, or not a pad
// answer for its request). The engine scores deal by deal: an answer's line k and the totals,
// verdict and words on it are its answer for the first k deals alone, whatever the deals after
// them (tests/engine/test_score_pad.py holds it to that), so a game whose last deal was taken back,
// or whose deal k was changed, keeps the answer for the deals before. The names of the sides do
// not enter a score: an answer under other names scores the same deals, only its words
// (answerWords) are not the game's.
export function answerCovers(g, answer, key) {
  if (!isObject(answer) || !Array.isArray(answer.lines) || !isObject(g) || !Array.isArray(g.deals) || !text(key)) return null;
  const asked = keyGame(key);
  if (!asked || !sameSettings(asked, g) || !validPadAnswer(answer, asked.deals)) return null;
  const mine = padRequest(g).deals;
  let n = 0;
  while (n < mine.length && n < asked.deals.length && JSON.stringify(mine[n]) === JSON.stringify(asked.deals[n])) n += 1;
  return n;
}

// Whether the words of the answer to `key` (the reasons, the verdict, the text: they name the
// sides) are game `g`'s own: the same names asked for.
export function answerWords(g, key) {
  const asked = keyGame(key);
  return Boolean(asked) && sameNames(asked, g);
}

// The engine's answer cut to its first `n` deals: its first n lines, and the totals, the winner and
// the verdict it gave on line n, which are its answer for those deals alone (see answerCovers);
// the text keeps its heading and those deals' lines. All of it is the engine's; null for n = 0
// (the build's answer for an empty game is that one) or when the answer has not these lines.
export function answerPrefix(answer, n) {
  if (!isObject(answer) || !Array.isArray(answer.lines) || !whole(n) || n > answer.lines.length) return null;
  if (n === answer.lines.length) return answer;
  if (n === 0) return null;
  const lines = answer.lines.slice(0, n);
  const last = lines[n - 1];
  if (!text(last.result) || !ints(last.totals, answer.sides.length)) return null;
  const starts = lines.map((l) => `Deal ${l.number}: `);
  const rows = String(answer.text).split("\n");
  const kept = rows.filter((row) => starts.some((start) => row.startsWith(start)));
  return {
    ...answer,
    lines,
    totals: [...last.totals],
    winner: last.winner === undefined ? null : last.winner,
    result: last.result,
    text: `${[rows[0], "", ...kept].join("\n")}\n`,
  };
}

// A mark for one write of a game (its "stamp"): a tab knows its own revision from another tab's
// write of the same revision number (two tabs that wrote at the same moment).
export function newStamp(random = Math.random) {
  return Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, "0");
}

export function newGameId(now = Date.now(), random = Math.random) {
  return `g${now.toString(36)}${Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0")}`;
}

// One game from storage, or null when it cannot be one.
export function cleanGame(g) {
  if (!isObject(g) || !text(g.id) || !GAME_ID.test(g.id) || !text(g.rules) || !RULESET_ID.test(g.rules)) return null;
  const deals = cleanDeals(g.deals);
  const names = cleanNames(g.names);
  if (!deals || names === undefined) return null;
  const option = text(g.option) && g.option.length <= 60 ? g.option : "";
  const format = text(g.format) && g.format.length <= 60 ? g.format : "";
  const made = text(g.made) && DATE.test(g.made) ? g.made : "";
  const game = { id: g.id, made, changed: text(g.changed) && DATE.test(g.changed) ? g.changed : made, rev: whole(g.rev) ? g.rev : 0, rules: g.rules, option, format, names, deals, answer: null, requestKey: null };
  if (g.from === KEYS.oldPad) game.from = KEYS.oldPad; // read from the earlier single pad
  if (text(g.stamp) && STAMP.test(g.stamp)) game.stamp = g.stamp; // which write made this revision
  if (answerCovers(game, g.answer, g.requestKey) !== null) Object.assign(game, { answer: g.answer, requestKey: g.requestKey });
  return game;
}

// The earlier single pad as games of the list: its deals, and the game "New game" had emptied.
export function gamesFromOldPad(data, now) {
  if (!isObject(data) || data.v !== 1 || !text(data.rules)) return null;
  const base = { rules: data.rules, option: data.option, format: data.format, names: data.names, made: now, changed: now };
  const games = [];
  for (const [deals, answer] of [
    [data.cleared, null],
    [data.deals, data.answer],
  ]) {
    if (!Array.isArray(deals) || (!deals.length && games.length)) continue;
    const g = cleanGame({ ...base, id: newGameId(Date.parse(now) || 0), deals, answer, requestKey: data.requestKey });
    if (!g) return null;
    games.push(g);
  }
  return games.length ? games : null;
}

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

// Imported Learn progress merged into this device's: for an exercise in both, the more stars win
// (this device's on a tie). {value, taken, lower, full}: how many exercises came from the import,
// how many were left because this device has as many stars or more, and how many did not fit.
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

// Each value: its key, version, what it is in the reader's words, the empty value, how a stored
// object of this version is cleaned ({value, dropped} or null), how an earlier shape is migrated
// (same), and the object written for a value (null: the key is removed).
const KINDS = {
  pads: {
    key: KEYS.pads,
    version: 1,
    what: "the score pad's games",
    many: true,
    empty: () => ({ current: null, games: [] }),
    clean(data) {
      if (!Array.isArray(data.games)) return null;
      const games = data.games.map(cleanGame);
      const kept = games.filter(Boolean).slice(-LIMITS.padGames);
      const current = kept.some((g) => g.id === data.current) ? data.current : kept.length ? kept[kept.length - 1].id : null;
      return { value: { current, games: kept }, dropped: data.games.length - kept.length };
    },
    migrate: () => null,
    encode: (v) => ({ version: 1, current: v.current, games: v.games }),
  },
  progress: {
    key: KEYS.progress,
    version: 1,
    what: "your puzzle progress",
    empty: () => emptyProgress(),
    clean: (data) => cleanProgress(data),
    migrate: () => null,
    encode: (v) => ({ ...v, version: 1 }),
  },
  own: {
    key: KEYS.own,
    version: 1,
    what: "your saved puzzles",
    many: true,
    empty: () => [],
    clean: (data) => (Array.isArray(data.puzzles) ? cleanOwn(data.puzzles) : null),
    migrate: (data) => (Array.isArray(data) ? cleanOwn(data) : null), // the earlier bare list
    encode: (v) => ({ version: 1, puzzles: v }),
  },
  lessons: {
    key: KEYS.lessons,
    version: 1,
    what: "your progress in the Learn section",
    empty: () => ({ exercises: {} }),
    clean: (data) => cleanLessonProgress(data),
    migrate: () => null,
    encode: (v) => ({ version: 1, exercises: v.exercises }),
  },
  ruleset: {
    key: KEYS.ruleset,
    version: 1,
    what: "the ruleset your table plays",
    empty: () => null,
    clean: (data) => (text(data.ruleset) && RULESET_ID.test(data.ruleset) ? { value: data.ruleset, dropped: 0 } : null),
    // the earlier bare id, as stored without JSON
    migrate: (data, raw) => (RULESET_ID.test(raw) ? { value: raw, dropped: 0 } : null),
    encode: (v) => (v ? { version: 1, ruleset: v } : null),
  },
};

export const NAMES = Object.freeze(Object.keys(KINDS));

// What a stored text holds for a kind: {value, dropped}, {newer: true}, or null (unreadable).
export function decode(name, raw) {
  const kind = KINDS[name];
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
  return Object.fromEntries(Object.entries(data.notes).filter(([name, note]) => name in KINDS && text(note) && note.length <= 1000));
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

// The sentence about a value that could not be read (set aside, or newer): read in this page, or
// on an earlier page that did not show it.
export function noteFor(name) {
  return notes.get(name) || unshown()[name] || null;
}

// A page has shown the sentence about `name`: later pages do not show it again (this one still can).
export function noteShown(name) {
  const note = noteFor(name);
  if (note) notes.set(name, note);
  keepUnshown(name, null);
}

function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// The earlier shapes kept under keys of their own, read into the value they became.
function absorb(name, value, now) {
  if (name === "progress" && value.fresh) {
    // The puzzle list's earlier record: the ids solved there count as solved here.
    let old = null;
    try {
      old = JSON.parse(rawGet(KEYS.oldSolved).raw || "null");
    } catch {
      old = null;
    }
    if (Array.isArray(old)) for (const id of old) if (text(id) && ID.test(id)) value.value.puzzles[id] = { result: "solved", tries: 1, last: "" };
    return false;
  }
  if (name !== "pads") return false;
  const got = rawGet(KEYS.oldPad);
  if (got.problem || got.raw === null) return false;
  let data;
  try {
    data = JSON.parse(got.raw);
  } catch {
    data = undefined;
  }
  const games = gamesFromOldPad(data, now);
  if (!games) {
    const aside = setAside(KEYS.oldPad, got.raw);
    if (aside.ok) {
      rawRemove(KEYS.oldPad);
      setNote(name, `The score pad kept on this device could not be read: it is kept aside, under “${aside.key}”.`);
    }
    return false;
  }
  // A game already in the list with the same settings, whose deals begin this one's, is this one
  // (an older release's tab kept writing it): it takes the longer list of deals.
  const pads = value.value;
  for (const g of games) {
    const same = pads.games.find(
      (x) => x.rules === g.rules && x.option === g.option && x.format === g.format && JSON.stringify(g.deals.slice(0, x.deals.length)) === JSON.stringify(x.deals) && x.from === KEYS.oldPad,
    );
    if (same) Object.assign(same, { deals: g.deals, names: g.names, answer: g.answer, requestKey: g.requestKey, changed: now, rev: same.rev + 1 });
    else pads.games.push({ ...g, from: KEYS.oldPad });
  }
  pads.games = pads.games.slice(-LIMITS.padGames);
  if (!pads.current || !pads.games.some((g) => g.id === pads.current)) pads.current = pads.games[pads.games.length - 1].id;
  return true; // written into the list; the earlier key is removed once that succeeds
}

// Read a value: {value, note, newer, problem}. value is always usable (empty when nothing is).
export function read(name, now = new Date().toISOString()) {
  const kind = KINDS[name];
  const got = rawGet(kind.key);
  if (got.problem) return { value: kind.empty(), problem: got.problem };
  let result;
  let rewrite = false;
  if (got.raw === null) {
    result = { value: kind.empty(), fresh: true };
  } else {
    const r = decode(name, got.raw);
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
  if (absorb(name, result, now)) {
    const put = rawSet(kind.key, JSON.stringify(kind.encode(result.value)));
    if (put.ok) rawRemove(KEYS.oldPad);
    rewrite = false;
  }
  if (rewrite) rawSet(kind.key, JSON.stringify(kind.encode(result.value)));
  return { value: result.value, note: noteFor(name) };
}

// Whether a text about to be written reads back whole: the value it holds, nothing dropped.
export function readsBack(name, raw) {
  const r = decode(name, raw);
  return Boolean(r) && !r.newer && !r.dropped;
}

// Change a value: read it as stored now (another tab's changes included), change(value) returns
// the value to store (or undefined: no change), write it. {ok, value, problem}: on failure value
// is what is still stored (read again), and the stored text is as it was.
export function update(name, change, now = new Date().toISOString()) {
  const kind = KINDS[name];
  const got = read(name, now);
  if (got.newer) return { ok: false, value: got.value, problem: NEWER };
  if (got.blocked || (got.problem && !got.note)) return { ok: false, value: got.value, problem: got.problem };
  const next = change(got.value);
  if (next === undefined) return { ok: true, value: got.value, unchanged: true };
  const encoded = kind.encode(next);
  // Nothing is written that this code would set aside when it reads it again.
  if (encoded !== null && !readsBack(name, JSON.stringify(encoded))) return { ok: false, value: got.value, problem: UNREADABLE };
  const put = encoded === null ? (rawRemove(kind.key), { ok: true }) : rawSet(kind.key, JSON.stringify(encoded));
  if (!put.ok) return { ok: false, value: got.value, problem: put.problem };
  tell(name);
  return { ok: true, value: next };
}

export function write(name, value) {
  return update(name, () => value);
}

// Forget a value (and the earlier shapes it was read from).
export function forget(name) {
  rawRemove(KINDS[name].key);
  if (name === "progress") rawRemove(KEYS.oldSolved);
  if (name === "pads") rawRemove(KEYS.oldPad);
  tell(name);
}

// Call back(name) when a value changes: in another tab (the storage event), or in this page.
// Returns the function that stops it.
export function onChange(names, back) {
  const keys = new Map();
  for (const name of names) {
    keys.set(KINDS[name].key, name);
    if (name === "pads") keys.set(KEYS.oldPad, name);
    if (name === "progress") keys.set(KEYS.oldSolved, name);
  }
  const fromTab = (e) => {
    if (e.key === null) for (const name of names) back(name); // the whole storage cleared
    else if (keys.has(e.key)) back(keys.get(e.key));
  };
  const fromPage = (e) => {
    if (e.detail && names.includes(e.detail.name)) back(e.detail.name);
  };
  globalThis.addEventListener("storage", fromTab);
  globalThis.addEventListener(STORED, fromPage);
  return () => {
    globalThis.removeEventListener("storage", fromTab);
    globalThis.removeEventListener(STORED, fromPage);
  };
}

// The reader has acted on what a note said (chose anew): the note is not shown again.
export function clearNote(name) {
  notes.delete(name);
  keepUnshown(name, null);
}
