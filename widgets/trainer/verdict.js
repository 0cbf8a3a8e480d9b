// The puzzle trainer's verdict on an answer (trainer.js), judged from the step's record
// (judge.js): a wrong answer with its refutation (at the table, its line played out on the board;
// else the line card by card), a right one with the defence's reply or the next step, and the last
// step right, solved or not; then the answer marked and the puzzle's title shown.
// Functions of the <somerset-trainer> element (`trainer`), which keeps the puzzle and the step shown.
//   judge(trainer); markAnswer(trainer, answer); revealTitle(trainer); goOn(trainer): "Your turn"

import { cardFace, citationLink, h, replace } from "../base/ui.js";
import { bringIntoView } from "../base/in-view.js";
import { listWords } from "../base/words.js";
import { firstTrickEnd, lineFrames } from "../views/line-frames.js";
import { choiceLabel, headingBefore, judgeAnswer, replyWords } from "./judge.js";
import { lineWords, seatWho } from "./words.js";
import { record } from "./progress.js";

// The verdict on the answer chosen (the element's _selected), shown and said.
export function judge(trainer) {
  const step = trainer.step();
  const answer = step.answer;
  const chosen = trainer._selected;
  const { right, chose, wrong, more } = judgeAnswer(step, chosen);
  trainer._locked = true;
  for (const b of trainer._buttons) b.setAttribute("aria-disabled", "true");
  if (!right) {
    trainer._wrongOnce = true;
    record(trainer, "failed", false);
    // The record's words as they are (they name seats as readers count them), and where the
    // refutation is a line of play, that line card by card.
    // At the table a refutation's line is played on the board: its sentence says what the card
    // gives up, and the line's notation is folded away as text.
    const split = (w) => {
      const at = trainer._atTable && Array.isArray(w.line) && w.line.length ? w.text.indexOf(": ") : -1;
      return at > 0 ? { head: `${w.text.slice(0, at)}.`, rest: w.text.slice(at + 2) } : { head: w.text, rest: "" };
    };
    const texts = wrong.map((w) => `${split(w).head}${w.why ? ` ${w.why}` : ""}`);
    const lines = wrong.map((w) => {
      const { head, rest } = split(w);
      const out = [h("p", { class: "sr-trainer__refutation", "data-value": w.value }, head)];
      if (w.why) out.push(h("p", { class: "sr-trainer__why", "data-value": w.value }, w.why));
      if (rest) out.push(h("details", { class: "sr-trainer__linetext" }, h("summary", {}, "The whole line as text"), h("p", {}, rest)));
      if (w.line && !trainer._atTable) out.push(lineView(trainer, w.line, step.table || {}));
      return out;
    });
    // At the table the refutation is played out on the board, from the end of the trick.
    const shown = wrong.find((w) => Array.isArray(w.line) && w.line.length);
    let lineSaid = "";
    if (trainer._atTable && shown) {
      const t = step.table;
      const line = shown.line[0] && shown.line[0].card === shown.value ? shown.line : [{ seat: t.you, card: shown.value }, ...shown.line];
      const frames = framesFrom(t, line);
      const at = firstTrickEnd(frames);
      trainer._board.line(frames, { title: `After ${shown.value}, best play by every seat (step through it):`, at, announce: false });
      lineSaid = ` ${frames[at].text}`;
    }
    trainer._feedback.dataset.kind = "wrong";
    replace(
      trainer._feedback,
      h(
        "div",
        { class: "sr-trainer__verdict sr-trainer__verdict--wrong" },
        h("p", { class: "sr-trainer__verdictline" }, h("strong", {}, "Wrong."), ` ${chose}`, more ? ` ${more}` : ""),
        lines,
      ),
    );
    trainer._again.hidden = false;
    trainer._check.hidden = true;
    trainer.announce(`Wrong. ${chose} ${texts.join(" ")} ${more}${lineSaid} Try again, ask for a hint, or show the solution.`);
    trainer._again.focus({ preventScroll: true });
    // The board with its step control and the verdict under it; off the table, the verdict.
    const verdict = trainer._feedback.querySelector(".sr-trainer__verdictline");
    if (trainer._atTable && trainer._board.onLine) bringIntoView(trainer._board.table, verdict);
    else bringIntoView(trainer._feedback);
    return;
  }
  const last = trainer._step === trainer._current.steps.length - 1;
  markAnswer(trainer, answer);
  if (!last && trainer._atTable && Array.isArray(step.played) && step.played.length) {
    // The answer and the defence's reply played out on the board; the reader goes on from there.
    const frames = framesFrom(step.table, step.played);
    const at = firstTrickEnd(frames);
    const ended = [...frames].reverse().find((f) => f.ends) || null;
    trainer._lastTrick = ended
      ? {
          leader: ended.leader,
          cards: ended.cards,
          winner: ended.winner,
          label: ended.taker !== null ? `The last trick: ${seatWho(ended.taker, step.table.you)} took it` : "The last trick",
        }
      : null;
    trainer._board.line(frames, { title: `Your ${chosen[0]}, and the play until your next turn (step through it):`, at, announce: false });
    trainer._reply.hidden = false;
    // The defence's cards are said card by card by the step control, on the table above.
    trainer._reply.textContent = `Right: ${listWords(chosen.map((v) => label(trainer, v)))}.`;
    trainer._check.hidden = true;
    trainer._hintButton.disabled = true;
    trainer._solutionButton.disabled = true;
    trainer._continue.hidden = false;
    trainer.announce(`Right. ${chose} ${frames[at].text} Press “Your turn” to go on.`);
    trainer._continue.focus({ preventScroll: true });
    bringIntoView(trainer._board.table, trainer._continue);
    return;
  }
  if (!last) {
    const words = replyWords(step);
    trainer._step += 1;
    trainer.renderStep();
    trainer._reply.hidden = false;
    trainer._reply.textContent = `Right: ${listWords(chosen.map((v) => label(trainer, v)))}.${words}`;
    trainer.announce(`Right. ${chose}${words} Step ${trainer._step + 1}: ${trainer.step().question}`);
    if (trainer._buttons.length) trainer._buttons[0].focus({ preventScroll: true });
    trainer.bringTaskIntoView(trainer._atTable ? null : trainer._reply);
    return;
  }
  trainer._reply.hidden = true;
  revealTitle(trainer);
  const solved = !trainer._wrongOnce && !trainer._ended;
  if (!trainer._ended) record(trainer, solved ? "solved" : "failed", true);
  trainer._ended = true;
  trainer._feedback.dataset.kind = "right";
  replace(
    trainer._feedback,
    h(
      "div",
      { class: "sr-trainer__verdict sr-trainer__verdict--right" },
      h("p", { class: "sr-trainer__verdictline" }, h("strong", {}, "Right."), ` ${chose}`, solved ? " Solved." : ""),
      h("p", { class: "sr-trainer__explanation" }, String(step.solution)),
      step.citation ? h("p", { class: "sr-trainer__cite" }, "Source: ", citationLink(step.citation)) : null,
    ),
  );
  trainer._check.hidden = true;
  trainer._solutionButton.disabled = true;
  trainer.announce(`Right. ${chose} ${String(step.solution)} Streak: ${trainer._progress.streak}.`);
  trainer._next.focus({ preventScroll: true });
  bringIntoView(trainer._feedback, trainer._next);
}

function label(trainer, value) {
  return choiceLabel(trainer.step(), value);
}

// A line of play from the step's position (a refutation, or the answer and the defence's reply).
function framesFrom(table, line) {
  const start = {
    players: table.players || table.hands.length,
    hands: table.hands,
    leader: Number.isInteger(table.leader) ? table.leader : table.you,
    trick: (Array.isArray(table.trick) ? table.trick : []).map((x) => x.card),
  };
  return lineFrames(start, line, (seat) => seatWho(seat, table.you));
}

// A line of play (a refutation's best defence): each card with who plays it, in order.
function lineView(trainer, line, table) {
  return h(
    "details",
    { class: "sr-trainer__line" },
    h("summary", {}, "The play that follows, card by card"),
    h(
      "ol",
      { class: "sr-faces" },
      lineWords(line, table, (card) => trainer.info(card)).map((x) =>
        h("li", { "aria-label": x.words }, h("span", { class: "sr-trainer__who", "aria-hidden": "true" }, x.who), cardFace(x.card, trainer.info(x.card), { size: "small" })),
      ),
    ),
  );
}

export function markAnswer(trainer, answer) {
  for (const b of trainer._buttons) {
    const yes = answer.includes(b.dataset.value);
    b.classList.toggle("sr-trainer__choice--answer", yes);
    const base = (b.getAttribute("aria-label") || "").replace(/, the answer$/, "");
    if (b.hasAttribute("aria-label")) b.setAttribute("aria-label", yes ? `${base}, the answer` : base);
  }
}

// With the verdict, the puzzle's title (its idea, which may name the answer) takes the heading's place.
export function revealTitle(trainer) {
  const p = trainer._current;
  if (trainer._titleShown || !p || headingBefore(p) === p.title) return;
  trainer._titleShown = true;
  replace(trainer._title, p.title);
  trainer._title.dataset.shows = "title";
}

// On to the next step of a puzzle played at the table, once the reader has seen the trick end.
export function goOn(trainer) {
  trainer._continue.hidden = true;
  trainer._step += 1;
  trainer.renderStep();
  trainer.announce(`Step ${trainer._step + 1}: ${trainer.step().question}`);
  if (trainer._buttons.length) trainer._buttons[0].focus({ preventScroll: true });
  trainer.bringTaskIntoView();
}
