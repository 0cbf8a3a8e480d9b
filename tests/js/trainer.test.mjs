// The puzzle trainer's pure parts under Node: judging an answer (widgets/trainer/judge.js), the
// progress and the choice of the next puzzle (widgets/store/puzzle-store.js), a position in words
// (widgets/trainer/words.js) and the shared words (widgets/base/words.js). A small in-memory Storage
// stands in for the browser's localStorage.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { MemoryStorage } from "./memory-storage.mjs";

beforeEach(() => {
  globalThis.localStorage = new MemoryStorage();
});

const W = await import("../../widgets/base/words.js");
const J = await import("../../widgets/trainer/judge.js");
const P = await import("../../widgets/store/puzzle-store.js");
const T = await import("../../widgets/trainer/words.js");
const { LIMITS, emptyProgress } = await import("../../widgets/store/storage.js");

// --- words ---------------------------------------------------------------------------------------

test("lists, places and seats read as readers count them", () => {
  assert.equal(W.listWords([]), "");
  assert.equal(W.listWords(["4/8"]), "4/8");
  assert.equal(W.listWords(["4/8", "6/8"]), "4/8 and 6/8");
  assert.equal(W.listWords(new Set(["a", "b", "c"])), "a, b and c");
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(W.ordinal),
    ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]);
  assert.equal(W.seatName(0), "seat 1");
  assert.equal(W.seatText("Seat 0 leads; seats 1, 2 and 3 follow"), "Seat 1 leads; seats 2, 3 and 4 follow");
  assert.equal(W.cardWords("4/8", { label: "four of the eights suit", count: 2 }), "4/8, four of the eights suit, a count card worth 2");
  assert.equal(W.cardWords("6/8", undefined), "6/8");
});

// --- judging -------------------------------------------------------------------------------------

const single = {
  question: "Which card takes the trick?",
  single: true,
  choices: [{ value: "4/8" }, { value: "6/8" }, { value: "0/0", label: "the 0/0" }],
  answer: ["6/8"],
  refutations: { "4/8": { text: "Seat 2's 5/8 beats it.", line: [{ seat: 1, card: "5/8" }] } },
  reply: [{ seat: 1, card: "5/8" }, { seat: 2, card: "1/8" }],
  solution: "The 6/8 is the highest eight.",
};
const many = {
  question: "Which cards may you play?",
  single: false,
  choices: [{ value: "a", label: "A" }, { value: "b", label: "B" }, { value: "c", label: "C" }],
  answer: ["a", "b"],
  refutations: {},
  solution: "Both follow suit.",
};

test("the answer exactly is right, in any order", () => {
  assert.deepEqual(J.judgeAnswer(single, ["6/8"]), { right: true, chose: "You chose 6/8.", wrong: [], more: "" });
  const v = J.judgeAnswer(many, ["b", "a"]);
  assert.equal(v.right, true);
  assert.equal(v.chose, "You chose B and A.");
});

test("a wrong card carries its refutation and the line that shows it", () => {
  const v = J.judgeAnswer(single, ["4/8"]);
  assert.equal(v.right, false);
  assert.deepEqual(v.wrong, [{ value: "4/8", text: "Seat 2's 5/8 beats it.", line: [{ seat: 1, card: "5/8" }], why: "" }]);
  assert.equal(v.more, "", "a single choice says nothing of answers left out");
  const w = J.judgeAnswer(single, ["0/0"]);
  assert.deepEqual(w.wrong, [{ value: "0/0", text: "the 0/0 is not the answer.", line: null, why: "" }]);
});

test("a wrong card carries the engine's words for why the answer beats it", () => {
  const step = { ...single, refutations: { "4/8": { text: "4/8 gives up 2 points.", why: "After the 6/8, you take this trick." } } };
  assert.equal(J.judgeAnswer(step, ["4/8"]).wrong[0].why, "After the 6/8, you take this trick.");
});

test("before its verdict a puzzle shows its heading, never its title", () => {
  assert.equal(J.headingBefore({ title: "Head the 6/8 with the 7/8", heading: "Trumps: play the ending" }), "Trumps: play the ending");
  assert.equal(J.headingBefore({ title: "Trick 8 of your deal" }), "Trick 8 of your deal", "a record without a heading keeps its title");
});

test("the day's puzzle is an easy one, the same for the same date", () => {
  const puzzles = [
    { id: "b", difficulty: 1 },
    { id: "a", difficulty: 2 },
    { id: "hard", difficulty: 5 },
    { id: "c", difficulty: 3 },
  ];
  const days = new Set();
  for (let d = 1; d <= 28; d++) {
    const date = `2026-02-${String(d).padStart(2, "0")}`;
    const id = P.dailyPick(puzzles, date);
    assert.ok(["a", "b"].includes(id), id);
    assert.equal(P.dailyPick([...puzzles].reverse(), date), id, "the order of the list does not matter");
    days.add(id);
  }
  assert.equal(days.size, 2, "every easy puzzle comes up");
  assert.equal(P.dailyPick([{ id: "hard", difficulty: 5 }], "2026-02-01"), null);
});

test("too few or too many choices are wrong, saying what was left out", () => {
  const few = J.judgeAnswer(many, ["a"]);
  assert.equal(few.right, false);
  assert.deepEqual(few.wrong, []);
  assert.equal(few.more, "You left out 1 that answers.");
  const extra = J.judgeAnswer(many, ["c"]);
  assert.equal(extra.more, "You left out 2 that answer.");
  assert.deepEqual(extra.wrong.map((x) => x.text), ["C is not the answer."]);
  assert.equal(J.judgeAnswer(many, ["a", "b", "c"]).right, false);
});

test("labels, the reply and the answer read as the reader saw them", () => {
  assert.equal(J.choiceLabel(single, "0/0"), "the 0/0");
  assert.equal(J.choiceLabel(single, "4/8"), "4/8");
  assert.equal(J.choiceLabel(single, "9/9"), "9/9");
  assert.equal(J.replyWords(single), " The other side answers: seat 2 plays 5/8, seat 3 plays 1/8.");
  assert.equal(J.replyWords(many), "");
  assert.equal(J.answerWords(many), "The answer: A and B.");
});

// --- progress ------------------------------------------------------------------------------------

test("a result adds to the streak or ends it, and counts the tries", () => {
  const prog = emptyProgress();
  assert.equal(P.statusOf(prog, "p1"), "unseen");
  assert.ok(P.addResult(prog, "p1", "solved", "2026-11-20"));
  assert.ok(P.addResult(prog, "p2", "solved", "2026-11-20"));
  assert.deepEqual([prog.streak, prog.best], [2, 2]);
  assert.ok(P.addResult(prog, "p1", "failed", "2026-11-21"));
  assert.deepEqual(prog.puzzles.p1, { result: "failed", tries: 2, last: "2026-11-21" });
  assert.deepEqual([prog.streak, prog.best], [0, 2]);
  assert.deepEqual(P.tally([{ id: "p1" }, { id: "p2" }, { id: "p3" }], prog), { solved: 1, failed: 1, unseen: 1 });
});

test("a full progress takes no new puzzle but still a known one", () => {
  const prog = emptyProgress();
  for (let i = 0; i < LIMITS.progressPuzzles; i += 1) prog.puzzles[`p${i}`] = { result: "solved", tries: 1, last: "2026-11-20" };
  assert.equal(P.addResult(prog, "new-one", "solved", "2026-11-21"), false);
  assert.equal(prog.puzzles["new-one"], undefined);
  assert.equal(prog.streak, 0);
  assert.ok(P.addResult(prog, "p0", "failed", "2026-11-21"));
});

test("a result is kept as stored now, and a full storage is said", () => {
  const r = P.changeProgress((prog) => P.addResult(prog, "p1", "solved", "2026-11-20"));
  assert.equal(r.ok, true);
  assert.equal(P.loadProgress().puzzles.p1.result, "solved");
  // Another tab's result stays: the change applies to what is stored at that moment.
  const other = P.loadProgress();
  P.addResult(other, "p2", "failed", "2026-11-20");
  localStorage.setItem("somerset.puzzle-progress", JSON.stringify({ version: 1, ...other }));
  assert.equal(P.changeProgress((prog) => P.addResult(prog, "p3", "solved", "2026-11-21")).ok, true);
  assert.deepEqual(Object.keys(P.loadProgress().puzzles).sort(), ["p1", "p2", "p3"]);
  localStorage.full = true;
  const full = P.changeProgress((prog) => P.addResult(prog, "p4", "solved", "2026-11-21"));
  assert.equal(full.ok, false);
  assert.match(full.problem, /full/);
  const refused = P.changeProgress(() => false);
  assert.deepEqual(refused, { ok: false, problem: `the trainer keeps the progress of at most ${LIMITS.progressPuzzles.toLocaleString("en")} puzzles` });
});

test("an import keeps the more recent result of each puzzle and says what it kept", () => {
  const mine = emptyProgress();
  mine.puzzles = { a: { result: "solved", tries: 1, last: "2026-11-20" }, b: { result: "failed", tries: 1, last: "2026-11-22" } };
  mine.best = 3;
  const got = { dropped: 2, value: { puzzles: { a: { result: "failed", tries: 2, last: "2026-11-20" }, b: { result: "solved", tries: 1, last: "2026-11-21" }, c: { result: "solved", tries: 1, last: "2026-11-01" } }, best: 5, streak: 0 } };
  const counts = P.mergeProgress(mine, got);
  assert.deepEqual(counts, { taken: 2, older: 1, left: 2 });
  assert.equal(mine.puzzles.a.result, "failed", "a tie goes to the imported result");
  assert.equal(mine.puzzles.b.result, "failed", "an older imported result is left out");
  assert.equal(mine.best, 5);
  assert.equal(P.importWords(counts),
    "Imported the progress of 2 puzzles; 1 older than this device's was left as it was; 2 entries were left out " +
    `(not a puzzle result this trainer reads, or past the ${LIMITS.progressPuzzles.toLocaleString("en")} puzzles it keeps).`);
  assert.equal(P.importWords({ taken: 1, older: 0, left: 0 }), "Imported the progress of 1 puzzle.");
});

// --- choosing puzzles ------------------------------------------------------------------------------

const puzzles = [
  { id: "a", themes: ["follow"], ruleset: "parker-1947", difficulty: 1 },
  { id: "b", themes: ["trumps"], ruleset: "parker-1947", difficulty: 2 },
  { id: "c", themes: ["follow"], ruleset: "boardgamegeek", difficulty: 2 },
  { id: "mine", themes: ["own"], ruleset: "parker-1947", difficulty: 0, own: true },
];

test("filters choose by theme, ruleset and difficulty; own puzzles only under their theme", () => {
  const ids = (f) => puzzles.filter((p) => P.puzzleFits(p, f)).map((p) => p.id);
  assert.deepEqual(ids({ theme: "", rules: "all", level: "" }), ["a", "b", "c"]);
  assert.deepEqual(ids({ theme: "follow", rules: "", level: "" }), ["a", "c"]);
  assert.deepEqual(ids({ theme: "", rules: "parker-1947", level: "2" }), ["b"]);
  assert.deepEqual(ids({ theme: "own", rules: "all", level: "" }), ["mine"]);
});

test("the next puzzle is the next not tried, else the next failed, else the next", () => {
  const list = puzzles.slice(0, 3);
  const prog = emptyProgress();
  assert.equal(P.nextPuzzle([], null, prog), undefined);
  assert.equal(P.nextPuzzle(list, null, prog).id, "a");
  assert.equal(P.nextPuzzle(list, list[0], prog).id, "b");
  P.addResult(prog, "b", "solved", "2026-11-20");
  P.addResult(prog, "c", "failed", "2026-11-20");
  assert.equal(P.nextPuzzle(list, list[0], prog).id, "c", "b is solved, c failed: c comes first");
  P.addResult(prog, "a", "solved", "2026-11-20");
  P.addResult(prog, "c", "solved", "2026-11-20");
  assert.equal(P.nextPuzzle(list, list[2], prog).id, "a", "all solved: simply the next, round the list");
  assert.equal(P.nextPuzzle([list[1]], list[1], prog).id, "b", "a list of one gives that one again");
});

// --- a position in words -------------------------------------------------------------------------

const pack = new Map([["4/8", { label: "four of the eights suit", count: 2 }], ["6/8", { label: "six of the eights suit" }]]);
const info = (card) => pack.get(card);

test("the trick on the table, the cards after the reader's and the trump", () => {
  const table = { trump_label: "/8 suit", trick: [{ seat: 2, card: "4/8" }], you: 3, players: 4, after: [{ seat: 0, card: "6/8" }] };
  const w = T.positionWords(table, info);
  assert.equal(w.trump, "/8 suit");
  assert.deepEqual(w.trick, { players: 4, leader: 2, cards: ["4/8"], you: 3, caption: "The trick so far", centre: "" });
  assert.deepEqual(w.after, [{ card: "6/8", seat: 0, words: "6/8, six of the eights suit, by seat 1" }]);
  assert.deepEqual([w.hands, w.facts, w.factsFolded, w.leadLine], [[], [], false, ""]);
  assert.equal(T.positionWords(table, info, { offerTrick: true }).trick, null, "the trick is the choices then");
});

test("a lead: the reader's seat leads, with the line about the lead", () => {
  const w = T.positionWords({ trump: "8", you: 1, lead_line: "You lead to the first trick." }, info);
  assert.deepEqual(w.trick, { players: 4, leader: 0, cards: [], you: 1, caption: "The trick: you lead", centre: "you lead" });
  assert.equal(w.trump, "8");
  assert.equal(w.leadLine, "You lead to the first trick.");
  assert.equal(T.positionWords({}, info).trick, null, "no trick and no seat: nothing drawn");
});

test("other hands are drawn with their words, and the facts fold beside them", () => {
  const table = { you: 0, hands: [["4/8"], ["6/8", "4/8"], [], ["9/9"]], facts: [["Points to take", 12], ["Your side leads", null]] };
  const w = T.positionWords(table, info);
  assert.deepEqual(w.hands, [
    { seat: 1, title: "Seat 2", cards: [{ card: "6/8", words: "6/8, six of the eights suit" }, { card: "4/8", words: "4/8, four of the eights suit, a count card worth 2" }] },
    { seat: 3, title: "Seat 4", cards: [{ card: "9/9", words: "9/9" }] },
  ]);
  assert.deepEqual(w.facts, [{ label: "Points to take", value: "12" }, { label: "Your side leads", value: null }]);
  assert.equal(w.factsFolded, true);
  assert.equal(T.positionWords({ facts: [["Trump", "8"]] }, info).factsFolded, false);
});

test("a bidding puzzle: the reader's hand titled by the record, the facts shown open beside it", () => {
  const table = { you: null, hands: [null, null, null, ["4/8"]], hand_titles: { 3: "Your hand (seat 4)" }, facts: [["Ruleset", "Hodges 1913"]], facts_open: true };
  const w = T.positionWords(table, info);
  assert.deepEqual(w.hands.map((x) => [x.seat, x.title]), [[3, "Your hand (seat 4)"]]);
  assert.equal(w.factsFolded, false);
  assert.equal(T.positionWords({ ...table, facts_open: false }, info).factsFolded, true);
  assert.equal(T.positionWords({ ...table, hand_titles: undefined }, info).hands[0].title, "Seat 4");
});

test("a line of play names who plays each card", () => {
  assert.equal(T.seatWho(2, 2), "you");
  assert.equal(T.seatWho(1, 2), "seat 2");
  assert.deepEqual(T.lineWords([{ seat: 2, card: "4/8" }, { seat: 3, card: "6/8" }], { you: 2 }, info), [
    { who: "You", card: "4/8", words: "You: 4/8, four of the eights suit, a count card worth 2" },
    { who: "Seat 4", card: "6/8", words: "Seat 4: 6/8, six of the eights suit" },
  ]);
});
