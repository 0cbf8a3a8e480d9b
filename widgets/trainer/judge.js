// Judging an answer in the puzzle trainer (trainer.js): pure functions of a step of a trainer
// record (assets/data/puzzles.json, written by the build from somerset's trainer records) and the
// values the reader chose. No DOM: the widget shows what these return.

import { listWords, seatName } from "../base/words.js";

// The words of a choice as the reader saw it (its label, else its value).
export function choiceLabel(step, value) {
  const c = step.choices.find((x) => x.value === value);
  return c ? c.label || c.value : value;
}

// "You chose 4/8 and 6/8."
export function choseWords(step, chosen) {
  return `You chose ${listWords(chosen.map((v) => choiceLabel(step, v)))}.`;
}

// The verdict on `chosen` (the values pressed, in the order pressed): right when they are exactly
// the answer. A wrong verdict carries, for each wrong value, the record's refutation (its words
// as they are, naming seats as readers count them, and the line of play that refutes it, if any),
// and the sentence saying how many answers were left out (none for a single choice).
export function judgeAnswer(step, chosen) {
  const answer = step.answer;
  const right = chosen.length === answer.length && chosen.every((v) => answer.includes(v));
  const chose = choseWords(step, chosen);
  if (right) return { right, chose, wrong: [], more: "" };
  const wrong = chosen
    .filter((v) => !answer.includes(v))
    .map((value) => {
      const r = (step.refutations || {})[value];
      const text = r && r.text ? String(r.text) : `${choiceLabel(step, value)} is not the answer.`;
      const line = r && Array.isArray(r.line) && r.line.length ? r.line : null;
      // why the answer beats it, in the engine's words (endings and cards of your deals)
      const why = r && typeof r.why === "string" ? r.why : "";
      return { value, text, line, why };
    });
  const missing = answer.filter((v) => !chosen.includes(v)).length;
  const more = missing && !step.single ? `You left out ${missing} that answer${missing === 1 ? "s" : ""}.` : "";
  return { right, chose, wrong, more };
}

// After a right answer to a step that is not the last: the other side's cards in reply.
export function replyWords(step) {
  const reply = Array.isArray(step.reply) ? step.reply : [];
  return reply.length ? ` The other side answers: ${reply.map((x) => `${seatName(x.seat)} plays ${x.card}`).join(", ")}.` : "";
}

// What the trainer shows of a puzzle before its verdict: the theme and the task (the record's
// heading), never the title, which names the puzzle's idea and often a card of its answer.
export function headingBefore(p) {
  return typeof p.heading === "string" && p.heading ? p.heading : p.title;
}

// The answer as the solution states it: "The answer: 4/8."
export function answerWords(step) {
  return `The answer: ${listWords(step.answer.map((v) => choiceLabel(step, v)))}.`;
}
