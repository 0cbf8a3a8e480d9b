// Unit tests of widgets/store/storage.js under Node (node --test tests/js): the values' checks and
// migrations, setting aside what cannot be read, a full storage; with the pad's game as kept and
// scored and its deals as text (widgets/pad/game.js), and Learn progress merged (widgets/learn/merge-progress.js).
// A small in-memory Storage stands in for the browser's localStorage.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { MemoryStorage } from "./memory-storage.mjs";

const S = await import("../../widgets/store/storage.js");
const G = await import("../../widgets/pad/game.js");
const L = await import("../../widgets/learn/merge-progress.js");
const { PADS } = await import("../../widgets/pad/stored-games.js");
let store;
beforeEach(() => {
  store = new MemoryStorage();
  globalThis.localStorage = store;
});

const answer = (deals) => ({
  ruleset_name: "Parker 1947",
  format_label: "Four players, two partnerships",
  sides: [
    { name: "Seats 1+3", seats: [1, 3] },
    { name: "Seats 2+4", seats: [2, 4] },
  ],
  target: 66,
  points_per_deal: 24,
  bidding: true,
  can_pass: true,
  totals: [16, 8],
  winner: null,
  result: "no side has reached 66 yet",
  game_rule: { summary: "The first side to reach 66 wins.", citation: null, interpretation: null },
  text: "Somerset score pad",
  lines: deals.map((_, i) => ({ number: i + 1, changes: [16, 8], totals: [16, 8], bidder: 0, reason: "made", citation: null, winner: null })),
});

const game = (over = {}) => {
  const g = { id: "gabcd1234", made: "2026-11-26T10:00:00.000Z", changed: "2026-11-26T10:00:00.000Z", rev: 0, rules: "parker-1947", option: "", format: "", names: null, deals: [{ bidder: 0, bid: 15, points: [16, 8] }], ...over };
  return { ...g, answer: answer(g.deals), requestKey: G.requestKey(g), ...over };
};

test("one module names every key", () => {
  assert.deepEqual(Object.values(S.KEYS).sort(), ["somerset.lesson-progress", "somerset.own-puzzles", "somerset.pad", "somerset.pads", "somerset.puzzle-progress", "somerset.puzzles.solved", "somerset.ruleset", "somerset.unshown-notes"]);
  const kinds = [S.PROGRESS, S.OWN, S.LESSONS, S.RULESET, PADS];
  assert.deepEqual(kinds.map((k) => k.name).sort(), ["lessons", "own", "pads", "progress", "ruleset"]);
  // each kind its own key, every kind's key (and earlier key) one of the module's
  assert.equal(new Set(kinds.map((k) => k.key)).size, kinds.length);
  for (const k of kinds) for (const key of [k.key, k.earlier && k.earlier.key].filter(Boolean)) assert.ok(Object.values(S.KEYS).includes(key), key);
});

test("nothing stored reads as the empty value", () => {
  assert.deepEqual(S.read(PADS).value, { current: null, games: [] });
  assert.deepEqual(S.read(S.PROGRESS).value, S.emptyProgress());
  assert.deepEqual(S.read(S.OWN).value, []);
  assert.equal(S.read(S.RULESET).value, null);
});

test("every value is written with its version and read back", () => {
  assert.ok(S.write(S.RULESET, "hodges-1913").ok);
  assert.deepEqual(JSON.parse(store.getItem("somerset.ruleset")), { version: 1, ruleset: "hodges-1913" });
  assert.equal(S.read(S.RULESET).value, "hodges-1913");
  assert.ok(S.write(S.RULESET, null).ok);
  assert.equal(store.getItem("somerset.ruleset"), null);
  assert.ok(S.write(S.OWN, [{ id: "own-20261126-1", steps: [{ choices: [{ value: "8/8" }], answer: ["8/8"] }] }]).ok);
  assert.equal(JSON.parse(store.getItem("somerset.own-puzzles")).version, 1);
  const pads = { current: "gabcd1234", games: [game()] };
  assert.ok(S.write(PADS, pads).ok);
  const back = S.read(PADS).value;
  assert.equal(back.current, "gabcd1234");
  assert.deepEqual(back.games[0].deals, pads.games[0].deals);
  assert.ok(back.games[0].answer, "a saved answer of the pad's shape, for the game's own request, is kept");
});

test("a table's own rules (a ruleset code) are kept as the ruleset and as a game's rules; a damaged one is set aside", () => {
  const code = "parker-1947~v1~rover_play.any-time~target.50~name.T3VyIHRhYmxl";
  assert.ok(S.write(S.RULESET, code).ok);
  assert.deepEqual(JSON.parse(store.getItem("somerset.ruleset")), { version: 1, ruleset: code });
  assert.equal(S.read(S.RULESET).value, code);
  assert.ok(S.write(PADS, { current: "gabcd1234", games: [{ ...game(), rules: code }] }).ok);
  assert.equal(S.read(PADS).value.games[0].rules, code);
  for (const bad of ["parker-1947~", "parker-1947~v1~a b", "~v1~target.50", "parker-1947~v1~<b>"]) {
    store.setItem("somerset.ruleset", JSON.stringify({ version: 1, ruleset: bad }));
    assert.equal(S.read(S.RULESET).value, null, bad);
    assert.equal(G.cleanGame({ ...game(), rules: bad }), null, bad);
  }
  S.clearNote(S.RULESET); // the sentences about what was set aside are this test's own
});

test("earlier shapes are migrated: the bare ruleset id, the bare list of own puzzles", () => {
  store.setItem("somerset.ruleset", "hodges-1913");
  assert.deepEqual(S.read(S.RULESET), { value: "hodges-1913", note: null });
  const rec = { id: "own-20260314-1", steps: [{ choices: [{ value: "4/4" }], answer: ["4/4"] }] };
  store.setItem("somerset.own-puzzles", JSON.stringify([rec]));
  assert.deepEqual(S.read(S.OWN).value, [rec]);
});

test("the puzzle list's older solved ids count as solved", () => {
  store.setItem("somerset.puzzles.solved", JSON.stringify(["low-trump", "Bad Id", 7]));
  assert.deepEqual(Object.keys(S.read(S.PROGRESS).value.puzzles), ["low-trump"]);
});

test("the earlier single pad becomes a game (and the game New game had emptied, another)", () => {
  const old = { v: 1, rules: "parker-1947", option: "", format: "four-partners", names: ["Us", "Them"], deals: [{ bidder: 0, bid: 15, points: [16, 8] }], cleared: [{ passed: true }] };
  store.setItem("somerset.pad", JSON.stringify(old));
  const got = S.read(PADS, "2026-11-26T11:00:00.000Z");
  assert.equal(got.value.games.length, 2);
  assert.deepEqual(got.value.games.map((g) => g.deals), [old.cleared, old.deals]);
  assert.equal(got.value.current, got.value.games[1].id);
  assert.deepEqual(got.value.games[1].names, ["Us", "Them"]);
  assert.equal(store.getItem("somerset.pad"), null, "read into the list, the earlier key goes");
  assert.equal(JSON.parse(store.getItem("somerset.pads")).games.length, 2);
  // An older release's tab writes its pad again, with one deal more: the same game grows.
  store.setItem("somerset.pad", JSON.stringify({ ...old, cleared: null, deals: [...old.deals, { passed: true }] }));
  const again = S.read(PADS, "2026-11-26T11:05:00.000Z").value;
  assert.equal(again.games.length, 2);
  assert.equal(again.games[1].deals.length, 2);
});

test("a value that cannot be read is set aside, with a sentence, and never trusted", () => {
  store.setItem("somerset.ruleset", "<b>x</b>");
  const got = S.read(S.RULESET);
  assert.equal(got.value, null);
  assert.match(got.note, /could not be read.*somerset\.ruleset\.set-aside/);
  assert.equal(store.getItem("somerset.ruleset.set-aside"), "<b>x</b>");
  assert.equal(store.getItem("somerset.ruleset"), null);
  assert.equal(S.noteFor(S.RULESET), got.note);
  // A second one goes beside the first, not over it.
  store.setItem("somerset.ruleset", '{"version": 1, "ruleset": 5}');
  S.read(S.RULESET);
  assert.equal(store.getItem("somerset.ruleset.set-aside.2"), '{"version": 1, "ruleset": 5}');
  assert.equal(store.getItem("somerset.ruleset.set-aside"), "<b>x</b>");
});

test("a pad of another shape is set aside; one bad game of several is, the others kept", () => {
  store.setItem("somerset.pads", JSON.stringify({ version: 1, games: "none" }));
  assert.deepEqual(S.read(PADS).value.games, []);
  assert.ok(store.getItem("somerset.pads.set-aside"));
  const raw = JSON.stringify({ version: 1, current: "gabcd1234", games: [game(), { id: "gbad", deals: [{ points: "x" }] }] });
  store.setItem("somerset.pads", raw);
  const got = S.read(PADS);
  assert.deepEqual(got.value.games.map((g) => g.id), ["gabcd1234"]);
  assert.match(got.note, /^1 of the score pad's games could not be read: a copy of what was stored is kept aside/);
  assert.equal(store.getItem("somerset.pads.set-aside.2"), raw);
  assert.equal(JSON.parse(store.getItem("somerset.pads")).games.length, 1, "the cleaned value is written back");
});

test("a saved answer of another shape is dropped, never trusted; the game is kept", () => {
  const bad = { ...game(), answer: { sides: "x", totals: [1, 2] } };
  store.setItem("somerset.pads", JSON.stringify({ version: 1, current: bad.id, games: [bad] }));
  const g = S.read(PADS).value.games[0];
  assert.equal(g.answer, null);
  assert.deepEqual(g.deals, bad.deals);
  // A well-shaped answer for another request is not this game's.
  const other = { ...game(), requestKey: G.requestKey({ rules: "parker-1947", deals: [] }) };
  store.setItem("somerset.pads", JSON.stringify({ version: 1, current: other.id, games: [other] }));
  assert.equal(S.read(PADS).value.games[0].answer, null);
  assert.equal(G.validPadAnswer(answer([1]), [1]), true);
  assert.equal(G.validPadAnswer(answer([1]), [1, 2]), false, "one line for each deal");
  assert.equal(G.validPadAnswer({ ...answer([1]), lines: [{ number: 1 }] }, [1]), false);
});

test("a saved answer for the game's first deals is kept while the deals after them wait", () => {
  const deals = [{ bidder: 0, bid: 15, points: [16, 8] }, { bidder: 1, bid: 12, points: [10, 14] }, { passed: true }];
  const g = { ...game({ deals }), answer: answer(deals.slice(0, 2)), requestKey: G.requestKey({ rules: "parker-1947", deals: deals.slice(0, 2) }) };
  store.setItem("somerset.pads", JSON.stringify({ version: 1, current: g.id, games: [g] }));
  const got = S.read(PADS).value.games[0];
  assert.equal(got.answer.lines.length, 2);
  assert.equal(G.answerCovers(got, got.answer, got.requestKey), 2);
  // Under another ruleset, optional rule or format it scores nothing of the game; with its first
  // deal changed, none of the game's deals.
  assert.equal(G.answerCovers({ ...got, rules: "parker-1950" }, got.answer, got.requestKey), null);
  assert.equal(G.answerCovers({ ...got, option: "start-at-15" }, got.answer, got.requestKey), null);
  assert.equal(G.answerCovers({ ...got, format: "six-3x2" }, got.answer, got.requestKey), null);
  assert.equal(G.answerCovers({ ...got, deals: [{ passed: true }, ...deals.slice(1)] }, got.answer, got.requestKey), 0);
  assert.equal(G.answerCovers(got, { ...got.answer, lines: "x" }, got.requestKey), null);
  assert.equal(G.answerCovers(got, got.answer, "not a key"), null);
  // An answer whose lines are not one for each deal its request asked about is not trusted.
  assert.equal(G.answerCovers(got, answer(deals), got.requestKey), null);
});

// An answer as the engine writes one: each line's totals, verdict and text, the top's for the last line.
const scoredAnswer = (deals, names = ["We", "They"]) => {
  const lines = deals.map((d, i) => ({ number: i + 1, ...d, changes: [i + 1, 0], totals: [((i + 1) * (i + 2)) / 2, 0], set: false, reason: `${names[0]} made ${i + 1}`, citation: null, interpretation: null, winner: i === 3 ? 0 : null, result: i === 3 ? `${names[0]} reached 10 with 10` : `no side has reached 10 yet (${i + 1})` }));
  const last = lines[lines.length - 1];
  return {
    ...answer([]),
    sides: [
      { name: names[0], seats: [1, 3] },
      { name: names[1], seats: [2, 4] },
    ],
    lines,
    totals: last ? last.totals : [0, 0],
    winner: last ? last.winner : null,
    result: last ? last.result : "no deal yet; the first side to 10 wins",
    text: `Somerset score pad: Parker 1947. Sides: ${names.join("; ")}.\n\n${lines.map((l) => `Deal ${l.number}: ${names[0]} scores +${l.number}. Totals: ${l.totals[0]}.`).join("\n")}\n\nPlay on: ${last ? last.result : ""}.\n`,
  };
};

test("a deal taken back or changed: the answer still scores the deals before it", () => {
  const deals = [1, 2, 3, 4].map((n) => ({ bidder: 0, bid: 10 + n, points: [16, 8] }));
  const g = { rules: "parker-1947", option: "", format: "", names: null, deals };
  const key = G.requestKey(g);
  const a = scoredAnswer(deals);
  assert.equal(G.answerCovers(g, a, key), 4);
  // The last deal taken back: the first three.
  const undone = { ...g, deals: deals.slice(0, 3) };
  assert.equal(G.answerCovers(undone, a, key), 3);
  // Deal 3 changed: the first two; the deals after it too, though the same, wait (their totals change).
  const changed = { ...g, deals: deals.map((d, i) => (i === 2 ? { ...d, bid: 20 } : d)) };
  assert.equal(G.answerCovers(changed, a, key), 2);
  // The same deal written down again after it was taken back: scored again, by the same answer.
  assert.equal(G.answerCovers({ ...g, deals: [...deals.slice(0, 3), { points: [16, 8], bid: 14, bidder: 0 }] }, a, key), 4);
  // A deal added after a deal taken back: the deals before it.
  assert.equal(G.answerCovers({ ...g, deals: [...deals.slice(0, 3), { passed: true }] }, a, key), 3);
  // Kept with the game and read back, it still scores them.
  const stored = { ...game({ deals: undone.deals }), answer: a, requestKey: key };
  store.setItem("somerset.pads", JSON.stringify({ version: 1, current: stored.id, games: [stored] }));
  const got = S.read(PADS).value.games[0];
  assert.deepEqual(got.answer, a);
  assert.equal(G.answerCovers(got, got.answer, got.requestKey), 3);
});

test("the answer cut to its first deals is the engine's answer for them: lines, totals, verdict, text", () => {
  const deals = [1, 2, 3, 4].map((n) => ({ bidder: 0, bid: 10 + n, points: [16, 8] }));
  const a = scoredAnswer(deals);
  assert.equal(G.answerPrefix(a, 4), a);
  const three = G.answerPrefix(a, 3);
  assert.deepEqual(three.lines, a.lines.slice(0, 3));
  assert.deepEqual([three.totals, three.winner, three.result], [a.lines[2].totals, null, a.lines[2].result]);
  assert.equal(three.text, "Somerset score pad: Parker 1947. Sides: We; They.\n\nDeal 1: We scores +1. Totals: 1.\nDeal 2: We scores +2. Totals: 3.\nDeal 3: We scores +3. Totals: 6.\n");
  assert.equal(G.validPadAnswer(three, deals.slice(0, 3)), true);
  assert.deepEqual(a.lines.length, 4, "the answer itself is left as it was");
  assert.equal(G.answerPrefix(a, 4).winner, 0, "cut after the deal that won the game: its winner");
  assert.equal(G.answerPrefix(a, 0), null, "none: the build's answer for an empty game is that one");
  assert.equal(G.answerPrefix(a, 5), null);
  // A line without its verdict (an answer of an older shape) cannot be cut: nothing is made up.
  const old = { ...a, lines: a.lines.map(({ result, ...line }) => line) };
  assert.equal(G.answerPrefix(old, 2), null);
});

test("a side renamed: the answer scores every deal, its words are for the old names", () => {
  const deals = [1, 2].map((n) => ({ bidder: 0, bid: 10 + n, points: [16, 8] }));
  const g = { rules: "parker-1947", option: "", format: "", names: null, deals };
  const key = G.requestKey(g);
  const a = scoredAnswer(deals);
  const renamed = { ...g, names: ["Anna", "Bob"] };
  assert.equal(G.answerCovers(renamed, a, key), 2);
  assert.equal(G.answerWords(renamed, key), false);
  assert.equal(G.answerWords(g, key), true);
  assert.equal(G.answerWords({ ...g, names: [] }, key), true, "no names is no names");
  assert.equal(G.answerWords(renamed, G.requestKey(renamed)), true);
  assert.deepEqual(G.keyGame(G.requestKey(renamed)), { rules: "parker-1947", option: "", format: "", names: ["Anna", "Bob"], deals });
  assert.equal(G.keyGame("[1]"), null);
});

test("a value of a newer version is left untouched, and nothing is written over it", () => {
  const newer = JSON.stringify({ version: 2, games: [] });
  store.setItem("somerset.pads", newer);
  const got = S.read(PADS);
  assert.ok(got.newer);
  assert.match(got.note, /newer version of this site/);
  const put = S.write(PADS, { current: null, games: [game()] });
  assert.equal(put.ok, false);
  assert.match(put.problem, /newer version/);
  assert.equal(store.getItem("somerset.pads"), newer);
  assert.equal(store.getItem("somerset.pads.set-aside"), null);
});

test("a full storage: the write fails with the reason, and what was there stays", () => {
  S.write(S.RULESET, "hodges-1913");
  store.full = true;
  const put = S.write(S.RULESET, "parker-1934");
  assert.deepEqual(put, { ok: false, value: "hodges-1913", problem: "this browser's storage for the site is full" });
  assert.equal(S.read(S.RULESET).value, "hodges-1913");
  // An unreadable value cannot be set aside when full: it stays, and no write goes over it.
  store.items.set("somerset.own-puzzles", "not json");
  const got = S.read(S.OWN);
  assert.ok(got.blocked);
  assert.match(got.note, /storage for the site is full/);
  store.full = false;
  assert.equal(store.getItem("somerset.own-puzzles"), "not json");
});

test("storage turned off reads as empty and says so on writing", () => {
  globalThis.localStorage = undefined;
  assert.equal(S.read(S.RULESET).value, null);
  const put = S.write(S.RULESET, "hodges-1913");
  assert.equal(put.ok, false);
  assert.match(put.problem, /keeps nothing/);
});

test("update re-reads first: another tab's change made in between is kept", () => {
  S.write(S.OWN, [{ id: "own-20261126-1", link: "a", steps: [{ choices: [{ value: "1" }], answer: ["1"] }] }]);
  // another tab adds one
  const stored = JSON.parse(store.getItem("somerset.own-puzzles"));
  stored.puzzles.push({ id: "own-20261126-2", link: "b", steps: [{ choices: [{ value: "1" }], answer: ["1"] }] });
  store.setItem("somerset.own-puzzles", JSON.stringify(stored));
  const r = S.update(S.OWN, (list) => [...list, { id: "own-20261126-3", link: "c", steps: [{ choices: [{ value: "1" }], answer: ["1"] }] }]);
  assert.ok(r.ok);
  assert.deepEqual(S.read(S.OWN).value.map((x) => x.link), ["a", "b", "c"]);
});

test("progress: entries that are not results are counted as dropped; the cap holds", () => {
  const data = { version: 1, puzzles: { "low-trump": { result: "solved", tries: 2, last: "2026-11-26" }, "Bad Id": { result: "solved" }, x: { result: "maybe" } }, streak: 3, best: 1 };
  const got = S.cleanProgress(data);
  assert.equal(got.dropped, 2);
  assert.deepEqual(got.value, { version: 1, puzzles: { "low-trump": { result: "solved", tries: 2, last: "2026-11-26" } }, streak: 3, best: 3 });
  const many = { version: 1, puzzles: {} };
  for (let i = 0; i < S.LIMITS.progressPuzzles + 5; i += 1) many.puzzles[`p${i}`] = { result: "failed", tries: 1, last: "" };
  const capped = S.cleanProgress(many);
  assert.equal(Object.keys(capped.value.puzzles).length, S.LIMITS.progressPuzzles);
  assert.equal(capped.dropped, 5);
  assert.equal(S.cleanProgress({ version: 2, puzzles: {} }), null);
});

test("the pad's deals as text, both ways", () => {
  const deals = [{ bidder: 0, bid: 15, points: [16, 8] }, { points: [7, 5] }, { passed: true }];
  const text = G.dealsToText(deals);
  assert.equal(text, "s1b15p16.8,p7.5,x");
  assert.deepEqual(G.dealsFromText(text), { deals });
  assert.deepEqual(G.dealsFromText(" S1B15P16.8 , ,x").deals, [deals[0], deals[2]]);
  const bad = G.dealsFromText("s1b15p16.8,q7,x");
  assert.deepEqual(bad.deals, [deals[0]]);
  assert.match(bad.error, /“q7” is not a deal/);
  assert.equal(G.dealsFromText(Array(S.LIMITS.padDeals + 10).fill("x").join(",")).deals.length, S.LIMITS.padDeals);
  const past = G.dealsFromText("s1b9p12.12,s9b9p12.12");
  assert.deepEqual(past.deals, [{ bidder: 0, bid: 9, points: [12, 12] }], "a side past the eighth is refused where the link is read");
  assert.match(past.error, /“s9b9p12\.12” is not a deal of a game \(deal 2 of the link\): it names side 9, and a game has sides 1 to 8/);
  assert.match(G.dealsFromText("s0b1p1.1").error, /names side 0/);
});

test("every deal a link gives is one a kept game reads back", () => {
  for (let side = 0; side <= 99; side += 1) {
    for (const token of [`s${side}b15p16.8`, `s${side}b999p999.999.999.999.999.999.999.999`, `s${side}b0p0`]) {
      const got = G.dealsFromText(token);
      assert.ok(G.cleanDeals(got.deals), token);
      assert.equal(Boolean(got.error), side < 1 || side > 8, token);
    }
  }
});

test("a link of 400 deals is read whole; one of more says what it leaves out", () => {
  const deals = Array.from({ length: S.LIMITS.padDeals }, (_, i) => ({ bidder: i % 8, bid: 100 + (i % 900), points: [999, 998, 997, 996, 995, 994, 993, i % 1000] }));
  const text = G.dealsToText(deals);
  assert.ok(text.length > 15_000, "the longest field the site writes");
  assert.deepEqual(G.dealsFromText(text), { deals });
  const more = G.dealsFromText(`${text},x,x`);
  assert.equal(more.deals.length, S.LIMITS.padDeals);
  assert.match(more.error, /holds 402 deals, and a game holds at most 400: the pad shows its first 400; the other 2 are not read/);
});

test("nothing is written that would not read back, and what was kept stays", () => {
  assert.ok(S.write(PADS, { current: "gabcd1234", games: [game()] }).ok);
  const before = store.getItem("somerset.pads");
  const bad = S.update(PADS, (v) => ({ ...v, games: [{ ...v.games[0], deals: [{ bidder: 8, bid: 9, points: [12, 12] }] }] }));
  assert.equal(bad.ok, false);
  assert.match(bad.problem, /could not read it back/);
  assert.equal(store.getItem("somerset.pads"), before);
  assert.equal(S.readsBack(PADS, before), true);
});

test("a game keeps the stamp of the write that made it", () => {
  const stamp = G.newStamp();
  assert.match(stamp, /^[a-z0-9]{8}$/);
  assert.equal(G.cleanGame({ ...game(), stamp }).stamp, stamp);
  assert.equal(G.cleanGame({ ...game(), stamp: "NOT A STAMP" }).stamp, undefined);
});

test("a sentence about a value set aside is kept on the device until a page shows it", async () => {
  store.setItem("somerset.ruleset", "garbage{");
  store.setItem("somerset.lesson-progress", '{"version":1,"exercises":[]}');
  assert.equal(S.read(S.RULESET).value, null);
  assert.equal(S.read(S.LESSONS).value.exercises.constructor, Object);
  // The next page: the module afresh, the same storage.
  const next = await import("../../widgets/store/storage.js?next-page");
  assert.match(next.noteFor(next.RULESET), /the ruleset your table plays kept on this device could not be read/i);
  assert.match(next.read(next.LESSONS).note, /progress in the Learn section kept on this device could not be read/);
  next.noteShown(next.RULESET);
  assert.ok(next.noteFor(next.RULESET), "the page that showed it can show it again");
  const third = await import("../../widgets/store/storage.js?third-page");
  assert.equal(third.noteFor(third.RULESET), null, "shown once: not again on later pages");
  assert.ok(third.noteFor(third.LESSONS));
  third.clearNote(third.LESSONS);
  assert.equal(store.getItem("somerset.unshown-notes"), null);
  store.setItem("somerset.unshown-notes", "garbage{");
  assert.equal(third.noteFor(PADS), null, "a damaged list of sentences reads as none");
});

test("a game's id is new each time and of the stored form", () => {
  const a = G.newGameId(1_800_000_000_000, () => 0.5);
  assert.match(a, /^g[a-z0-9]{4,30}$/);
  assert.notEqual(G.newGameId(), G.newGameId());
  assert.equal(G.cleanGame({ ...game(), id: "not an id" }), null);
});

test("the Learn section's progress keeps the best stars and sets aside what it cannot read", () => {
  assert.deepEqual(S.read(S.LESSONS).value, { exercises: {} });
  assert.ok(S.update(S.LESSONS, () => ({ exercises: { "tricks-1": { stars: 2, ruleset: "parker-1947" } } })).ok);
  assert.deepEqual(S.read(S.LESSONS).value.exercises, { "tricks-1": { stars: 2, ruleset: "parker-1947" } });
  const cleaned = S.cleanLessonProgress({ version: 1, exercises: { "a-1": { stars: 4 }, "b-2": { stars: 3, ruleset: "x y" }, "../c": { stars: 1 } } });
  assert.deepEqual(cleaned, { value: { exercises: { "b-2": { stars: 3, ruleset: "" } } }, dropped: 2 });
  localStorage.setItem("somerset.lesson-progress", '{"version": 1, "exercises": 7}');
  const got = S.read(S.LESSONS);
  assert.deepEqual(got.value, { exercises: {} });
  assert.match(got.note, /could not be read/);
  assert.equal(localStorage.getItem("somerset.lesson-progress.set-aside"), '{"version": 1, "exercises": 7}');
});

test("an imported Learn progress keeps, for each exercise, the more stars, and says what it left", () => {
  const mine = { exercises: { a: { stars: 3, ruleset: "parker-1947" }, b: { stars: 1, ruleset: "parker-1947" } } };
  const theirs = { exercises: { a: { stars: 2, ruleset: "bgg" }, b: { stars: 2, ruleset: "bgg" }, c: { stars: 1, ruleset: "bgg" } } };
  const got = L.mergeLessonProgress(mine, theirs);
  assert.deepEqual(got.value.exercises, { a: { stars: 3, ruleset: "parker-1947" }, b: { stars: 2, ruleset: "bgg" }, c: { stars: 1, ruleset: "bgg" } });
  assert.deepEqual([got.taken, got.lower, got.full], [2, 1, 0]);
  assert.deepEqual(mine.exercises.b, { stars: 1, ruleset: "parker-1947" }, "the stored value is not changed in place");
  const tie = L.mergeLessonProgress(mine, { exercises: { a: { stars: 3, ruleset: "bgg" } } });
  assert.equal(tie.value.exercises.a.ruleset, "parker-1947", "a tie keeps this device's");
});

test("an imported Learn progress stops at the exercises the device keeps", () => {
  const many = {};
  for (let i = 0; i < S.LIMITS.lessonExercises; i += 1) many[`e-${i}`] = { stars: 1, ruleset: "" };
  const got = L.mergeLessonProgress({ exercises: many }, { exercises: { new: { stars: 3, ruleset: "" }, "e-1": { stars: 2, ruleset: "" } } });
  assert.deepEqual([got.taken, got.lower, got.full], [1, 0, 1]);
  assert.equal(Object.keys(got.value.exercises).length, S.LIMITS.lessonExercises);
});
