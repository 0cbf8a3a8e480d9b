// A line of play as frames on a table (widgets/views/line-frames.js): the cards leave the hands one by
// one, a trick ends on the card that carries its winner, the winner leads the next, cards drawn
// after a trick join the hands, and a line without winners (an older stored record) still ends a
// trick after one card from each seat.

import assert from "node:assert/strict";
import { test } from "node:test";

const { firstTrickEnd, lineFrames } = await import("../../widgets/views/line-frames.js");

const name = (seat) => (seat === 0 ? "you" : `seat ${seat + 1}`);

test("a trick in progress is finished, taken, and the winner leads the next", () => {
  const start = { players: 3, hands: [["1/1", "2/2"], ["3/3", "4/4"], ["5/5"]], leader: 2, trick: ["6/6"] };
  const line = [
    { seat: 0, card: "1/1" },
    { seat: 1, card: "4/4", winner: 1, points: 3 },
    { seat: 1, card: "3/3" },
    { seat: 2, card: "5/5" },
    { seat: 0, card: "2/2", winner: 0, points: 1 },
  ];
  const f = lineFrames(start, line, name);
  assert.equal(f.length, 6);
  assert.deepEqual(f[0].cards, ["6/6"]);
  assert.equal(f[0].text, "Before the card");
  assert.deepEqual(f[1].hands, [["2/2"], ["3/3", "4/4"], ["5/5"]]);
  assert.equal(f[1].text, "You play 1/1.");
  assert.equal(f[2].ends, true);
  assert.equal(f[2].taker, 1);
  assert.equal(f[2].winner, 2, "the winning card's place in the trick led by seat 3");
  assert.equal(f[2].text, "Seat 2 plays 4/4. Seat 2 takes the trick, 3 points.");
  assert.equal(f[3].leader, 1);
  assert.deepEqual(f[3].cards, ["3/3"]);
  assert.equal(f[5].text, "You play 2/2. You take the trick, 1 point.");
  assert.deepEqual(f[5].hands, [[], [], []]);
  assert.equal(firstTrickEnd(f), 2);
  assert.deepEqual(start.hands[0], ["1/1", "2/2"], "the start is not changed");
});

test("cards drawn after a trick join the hands, winner first", () => {
  const start = { players: 2, hands: [["1/1"], ["2/2"]], leader: 0, trick: [] };
  const line = [
    { seat: 0, card: "1/1" },
    { seat: 1, card: "2/2", winner: 1, points: 0, draws: [{ seat: 1, card: "3/3" }, { seat: 0, card: "4/4" }] },
  ];
  const f = lineFrames(start, line, name);
  assert.deepEqual(f[2].hands, [["4/4"], ["3/3"]]);
  assert.equal(f[2].drawn, 2);
  assert.equal(f[1].drawn, 0);
  assert.equal(f[2].text, "Seat 2 plays 2/2. Seat 2 takes the trick, 0 points. Then seat 2 draws 3/3, you draw 4/4.");
});

test("a line without winners ends a trick after one card from each seat", () => {
  const start = { players: 2, hands: [["1/1", "5/5"], ["2/2", "6/6"]], leader: 0, trick: [] };
  const f = lineFrames(start, [{ seat: 0, card: "1/1" }, { seat: 1, card: "2/2" }, { seat: 0, card: "5/5" }], name);
  assert.equal(f[2].ends, true);
  assert.equal(f[2].taker, null);
  assert.equal(f[2].winner, null);
  assert.deepEqual(f[3].cards, ["5/5"]);
  assert.equal(f[3].leader, 0, "the leader stays where no winner is known");
  assert.equal(firstTrickEnd(f), 2);
  assert.equal(firstTrickEnd(lineFrames(start, [{ seat: 0, card: "1/1" }], name)), 1, "no trick ends: the last frame");
});
