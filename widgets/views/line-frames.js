// A line of play (the solver's best line, a refutation, the defence's answer) as frames to draw on
// a table one card at a time: pure functions, no DOM, so the deal replayer's best play
// (best-play.js), the puzzle trainer (trainer.js) and the unit tests under Node share them.
// lineFrames(start, line, name) -> frames; firstTrickEnd(frames) -> the first frame that ends a
// trick (else the last). The shapes are described above lineFrames.

import { capitalize } from "../base/words.js";

const points = (n) => `${n} point${n === 1 ? "" : "s"}`;

// "you play" but "seat 2 plays".
const verb = (who, word) => (who === "you" ? word : `${word}s`);

// lineFrames(start, line, name) -> frames
//   start: {players, hands (the cards of each seat), leader, trick (the cards already played to
//     the trick in progress, in order)};
//   line: [{seat, card, winner?, points?, draws?}] in play order, the card that ends a trick
//     carrying the trick's winner (a seat), its points and the cards then drawn ({seat, card});
//   name(seat) -> "you", "seat 2", "partner" ...
// frames[0] is the start; frames[k] the table after k cards of the line:
//   {leader, cards, winner (the winning card's place in the trick, or null), taker (a seat or
//    null), points, drawn (how many cards were drawn from the pile after it), hands, ends (it
//    ends a trick), text (what the k-th card did, in words)}.
// A line without winners (an older record) still ends a trick after one card from each seat.
export function lineFrames(start, line, name) {
  const n = start.players;
  let hands = start.hands.map((cs) => [...cs]);
  let leader = start.leader;
  let cards = [...start.trick];
  const frames = [{ leader, cards, winner: null, taker: null, points: 0, drawn: 0, hands, text: "Before the card" }];
  for (const x of line) {
    cards = [...cards, x.card];
    hands = hands.map((cs, s) => (s === x.seat ? cs.filter((y) => y !== x.card) : cs));
    const who = name(x.seat);
    let text = `${capitalize(who)} ${verb(who, "play")} ${x.card}.`;
    const known = x.winner !== null && x.winner !== undefined;
    const ends = known || cards.length >= n;
    let winner = null;
    let taker = null;
    let pts = 0;
    let drawn = 0;
    if (known) {
      taker = x.winner;
      pts = Number(x.points) || 0;
      winner = (x.winner - leader + n) % n;
      const by = name(x.winner);
      text += ` ${capitalize(by)} ${verb(by, "take")} the trick, ${points(pts)}.`;
      const draws = Array.isArray(x.draws) ? x.draws.filter((d) => d && d.card) : [];
      drawn = draws.length;
      if (draws.length) {
        text += ` Then ${draws.map((d) => `${name(d.seat)} ${verb(name(d.seat), "draw")} ${d.card}`).join(", ")}.`;
        for (const d of draws) hands = hands.map((cs, s) => (s === d.seat ? [...cs, d.card] : cs));
      }
    }
    frames.push({ leader, cards, winner, taker, points: pts, drawn, hands, text, ends });
    if (ends) {
      leader = known ? x.winner : leader;
      cards = [];
    }
  }
  return frames;
}

export function firstTrickEnd(frames) {
  const k = frames.findIndex((f, i) => i > 0 && f.ends);
  return k > 0 ? k : frames.length - 1;
}
