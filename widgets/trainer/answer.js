// The reader's answer in the puzzle trainer (trainer.js): choosing (one choice judged at once, or
// several then Check), Try again after a wrong answer, a Hint, and Show the solution (which fails
// the puzzle, and in a puzzle of several steps marks the answer to choose to go on). The verdict on
// an answer is verdict.js. Functions of the <somerset-trainer> element (`trainer`).

import { citationLink, h, replace } from "../base/ui.js";
import { bringIntoView } from "../base/in-view.js";
import { answerWords } from "./judge.js";
import { judge, markAnswer, revealTitle } from "./verdict.js";
import { record } from "./progress.js";

// A choice pressed: with one to choose, judged at once; else chosen or unchosen.
export function toggle(trainer, value) {
  if (trainer._locked) return;
  const step = trainer.step();
  if (step.single) {
    trainer._selected = [value];
    pressButtons(trainer);
    judge(trainer);
    return;
  }
  trainer._selected = trainer._selected.includes(value) ? trainer._selected.filter((v) => v !== value) : [...trainer._selected, value];
  pressButtons(trainer);
  if (trainer._feedback.dataset.kind === "empty") replace(trainer._feedback);
}

function pressButtons(trainer) {
  for (const b of trainer._buttons) b.setAttribute("aria-pressed", trainer._selected.includes(b.dataset.value) ? "true" : "false");
}

export function check(trainer) {
  if (trainer._locked) return;
  if (!trainer._selected.length) {
    trainer._feedback.dataset.kind = "empty";
    const msg = "Choose at least one first.";
    replace(trainer._feedback, h("p", { class: "sr-empty" }, msg));
    trainer.announce(msg);
    return;
  }
  judge(trainer);
}

export function tryAgain(trainer) {
  trainer._locked = false;
  trainer._selected = [];
  if (trainer._atTable && trainer._board.onLine) trainer.drawPosition();
  for (const b of trainer._buttons) b.removeAttribute("aria-disabled");
  pressButtons(trainer);
  trainer._again.hidden = true;
  trainer._check.hidden = Boolean(trainer.step().single);
  trainer._feedback.dataset.kind = "";
  replace(trainer._feedback);
  trainer.announce("Choose again.");
  if (trainer._buttons.length) trainer._buttons[0].focus({ preventScroll: true });
  trainer.bringTaskIntoView();
}

export function showHint(trainer) {
  const step = trainer.step();
  if (!step.hint) return;
  trainer._hint.hidden = false;
  trainer._hintButton.setAttribute("aria-expanded", "true");
  replace(trainer._hint, h("p", {}, h("strong", {}, "Hint: "), String(step.hint)));
  trainer.announce(`Hint: ${String(step.hint)}`);
  bringIntoView(trainer._hint);
}

export function showSolution(trainer) {
  const step = trainer.step();
  if (!trainer._ended) {
    trainer._wrongOnce = true;
    record(trainer, "failed", false);
  }
  trainer._locked = true;
  for (const b of trainer._buttons) b.setAttribute("aria-disabled", "true");
  markAnswer(trainer, step.answer);
  trainer._again.hidden = true;
  trainer._check.hidden = true;
  trainer._solution.hidden = false;
  trainer._solutionButton.disabled = true;
  revealTitle(trainer);
  const words = answerWords(step);
  replace(
    trainer._solution,
    h("p", { class: "sr-trainer__answerline" }, h("strong", {}, words)),
    h("p", { class: "sr-trainer__explanation" }, String(step.solution)),
    step.citation ? h("p", { class: "sr-trainer__cite" }, "Source: ", citationLink(step.citation)) : null,
  );
  const more = trainer._step < trainer._current.steps.length - 1 ? " Choose it to go on." : "";
  if (more) {
    // A multi-step puzzle goes on: the answer is marked, and choosing it moves to the next step.
    trainer._locked = false;
    for (const b of trainer._buttons) b.removeAttribute("aria-disabled");
  }
  trainer.announce(`${words} ${String(step.solution)}${more}`);
  bringIntoView(trainer._solution);
}
