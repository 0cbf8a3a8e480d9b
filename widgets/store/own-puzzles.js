// The reader's own puzzles: each card of theirs that cost points in Play a deal (play/table.js)
// becomes a puzzle kept on this device for the trainer's "From your deals" list. A trainer record
// (develop/architecture.md, "The trainer record"): kind "own", one step, the position before the
// card with every hand in view, the legal cards as choices, the best card(s) as the answer, and for
// every other card what it gives up and the line of best play after it, from the solver's answer.
//
//   ownPuzzle({answer, review, deal, link, made, n}) -> a trainer record
//   saveOwnPuzzles(records) -> {saved: records newly kept, total} (a deal saved twice is kept once)
//   readOwnPuzzles() -> the records kept (storage.js's OWN: key, shape and cap)

import { LIMITS, OWN, read, update } from "./storage.js";

const points = (n) => `${n} point${n === 1 ? "" : "s"}`;

// The engine's trump label ("/8 suit"), for a record made where the table did not give it.
function trumpLabel(t) {
  if (t === "nt") return "No Trump";
  if (t === "0") return "0/0 named trump";
  return `/${t} suit`;
}

// "Seat 2" as readers count; seat 0 is the reader at Play a deal's table.
function who(seat, you) {
  return seat === you ? "you" : `seat ${seat + 1}`;
}

function lineText(line, you) {
  return line
    .map((x) => {
      let t = `${who(x.seat, you)} ${x.seat === you ? "play" : "plays"} ${x.card}`;
      if (x.winner !== null && x.winner !== undefined) t += ` (${who(x.winner, you)} ${x.winner === you ? "take" : "takes"} the trick, ${points(x.points)})`;
      return t;
    })
    .join(", ");
}

// One trainer record from the solver's answer for the position before the reader's card.
//   answer: the exact solve answer (with `lines`); review: the table's review entry {trick, seat, card};
//   deal: {ruleset, ruleset_name, format, seed, teams, trump_label}; link: Play a deal's permalink to the position;
//   made: ISO date; n: the record's number that day (saveOwnPuzzles gives the first one free).
export function ownPuzzle({ answer, review, deal, link, made, n = 1 }) {
  const p = answer.position;
  const you = review.seat;
  const players = p.hands.length;
  const mine = answer.side.includes(you);
  const ownPoints = mine ? answer.side_points : answer.others_points;
  const takenOwn = mine ? answer.side_total - answer.side_points : answer.others_total - answer.others_points;
  const takenOther = mine ? answer.others_total - answer.others_points : answer.side_total - answer.side_points;
  const best = answer.cards.filter((c) => c.best);
  const played = answer.cards.find((c) => c.card === review.card);
  const refutations = {};
  for (const c of answer.cards) {
    if (c.best) continue;
    const after = c.line.slice(1);
    refutations[c.card] = {
      text:
        `${c.card} gives up ${points(c.loss)}: with best play from then on your side takes ${c.points === null ? "?" : mine ? c.points : answer.remaining - c.points} ` +
        `of the ${answer.remaining} points still to be won, not ${ownPoints}. ${after.length ? `The play goes on: ${lineText(after, you)}.` : ""}`.trim(),
      cost: c.loss,
      why: c.why ? c.why.text : "",
      // the card, then best play, each trick's winner and points on the card that ends it
      line: c.line.map((x) => ({ seat: x.seat, card: x.card, winner: x.winner ?? null, points: x.points || 0, draws: x.draws || [] })),
    };
  }
  const bestLine = best[0].line;
  return {
    id: `own-${made.slice(0, 10).replace(/-/g, "")}-${n}`,
    kind: "own",
    title: `Trick ${review.trick} of your deal (${deal.ruleset_name}, seed ${deal.seed})`,
    ruleset: deal.ruleset,
    ruleset_name: deal.ruleset_name,
    format: deal.format,
    themes: [],
    difficulty: 0,
    source: `Play a deal, seed ${deal.seed}: your card in trick ${review.trick}`,
    made,
    link,
    steps: [
      {
        question: `Every hand is shown. Which card keeps the most points for your side?`,
        table: {
          trump: p.trump,
          trump_label: deal.trump_label || trumpLabel(p.trump),
          players,
          you,
          hands: p.hands,
          trick: p.trick.map((card, i) => ({ seat: (p.leader + i) % players, card })),
          leader: p.leader,
          taken: Array.isArray(p.taken) && p.taken.length === players ? p.taken : undefined,
          teams: Array.isArray(deal.teams) ? deal.teams : undefined,
          facts: [
            ["Trump", deal.trump_label || trumpLabel(p.trump)],
            ["Points taken so far", `your side ${takenOwn}, the others ${takenOther}`],
            ["Points still to be won", String(answer.remaining)],
          ],
        },
        single: true,
        choices: answer.cards.map((c) => ({ value: c.card, label: c.card })),
        answer: best.map((c) => c.card),
        hint: `With best play by everyone, the right card keeps ${points(ownPoints)} of the ${answer.remaining} still to be won for your side.`,
        solution:
          `${best.map((c) => c.card).join(" or ")} keeps ${points(ownPoints)} for your side with best play by everyone` +
          (played && !played.best ? `; in the deal you played ${played.card}, which gave up ${points(played.loss)}` : "") +
          `. A best line: ${lineText(bestLine, you)}.`,
        citation: null,
        refutations,
      },
    ],
  };
}

export function readOwnPuzzles() {
  return read(OWN).value;
}

// Keep the records (the oldest dropped beyond LIMITS.ownPuzzles), read again just before, so the
// puzzles another tab kept meanwhile stay; a record whose link is already kept is not kept twice.
// Storage that is missing or full keeps nothing and says so (saved: [], problem), and what was
// kept before stays as it was.
export function saveOwnPuzzles(records) {
  let saved = [];
  const r = update(OWN, (list) => {
    const links = new Set(list.map((rec) => rec.link));
    const ids = new Set(list.map((rec) => rec.id));
    saved = [];
    for (const rec of records) {
      if (links.has(rec.link)) continue;
      // own-<date>-<n>: the first number not yet used that day
      const day = String(rec.made).slice(0, 10).replace(/-/g, "");
      let k = 1;
      while (ids.has(`own-${day}-${k}`)) k += 1;
      const kept = { ...rec, id: `own-${day}-${k}` };
      ids.add(kept.id);
      links.add(kept.link);
      saved.push(kept);
    }
    return saved.length ? [...list, ...saved].slice(-LIMITS.ownPuzzles) : undefined;
  });
  if (!r.ok) return { saved: [], total: r.value.length, problem: r.problem };
  return { saved, total: r.value.length };
}
