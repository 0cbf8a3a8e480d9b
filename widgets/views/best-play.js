// Best play by the solver, for one position of a played deal: what each legal card is worth (the
// points it gives up against the best card, the best card marked), and a line of best play to
// step through. Not a widget: the deal replayer (replay.js) and Play a deal (table.js) show it
// beside the cards of a deal's ending (the engine's `solve.review` gives the positions).
//   solveInSlices(ask, position, opts) -> the engine's solve answer, or null when cancelled
//   new BestPlay({ask, announce, name, info}) -> .element; .show(position, {played, seat});
//                                                .showAnswer(answer, {played}); .cancel()
// The search runs in the engine's worker in slices of SLICE_NODES, up to BUDGET_NODES; why
// slices, and how a position no longer wanted stops: develop/runtime.md, "Best play in slices".

import { lineFrames } from "./line-frames.js";
import { capitalize, cardFace, cardWords, h, nextId, replace, seatName, trickSeats } from "../base/ui.js";

// Nodes per slice: few enough that a search no longer wanted holds the worker only briefly (how
// long a slice takes: develop/benchmarks.md, "Best play").
export const SLICE_NODES = 10_000;
// Nodes before a position is called too big (the share of reviewed positions that need fewer:
// develop/benchmarks.md, "Best play").
export const BUDGET_NODES = 400_000;

// Ask the engine's `solve` request in slices until the answer is complete, `budget` nodes are spent
// (the answer then carries `too_big: true`), or `current()` turns false (null: cancelled). `you`:
// the reader's seat, which the engine's words of best play (each costly card's `why`) call "you".
export async function solveInSlices(ask, position, { lines = true, you = null, slice = SLICE_NODES, budget = BUDGET_NODES, current = () => true, progress = () => {} } = {}) {
  const request = { ...position, cmd: "solve", cards: true, lines, nodes: slice };
  if (Number.isInteger(you)) request.you = you;
  for (let spent = slice; ; spent += slice) {
    if (!current()) return null;
    const answer = await ask(request);
    if (!current()) return null;
    if (answer.error || answer.exact) return answer;
    if (spent >= budget) return { ...answer, too_big: true, spent };
    progress(answer, spent);
  }
}

const points = (n) => `${n} point${n === 1 ? "" : "s"}`;

// The seats of a side as a reader counts them: "seats 1 and 3", "seat 2", or the page's own names.
function sideWords(seats, name) {
  const names = seats.map((s) => name(s));
  if (names.length === 1) return names[0];
  if (names.every((n) => /^seat \d+$/.test(n))) return `seats ${seats.map((s) => s + 1).join(" and ")}`;
  return names.join(" and ");
}

// What a card of the answer is worth, in words (its value as the page shows it).
export function valueWords(card) {
  if (card.loss === null || card.loss === undefined) return `not worked out yet (${card.low} to ${card.high})`;
  return card.best ? "best" : `gives up ${points(card.loss)}`;
}

export class BestPlay {
  // ask(request) -> promise of the engine's answer; announce(text) speaks in the page's live
  // region; name(seat) -> "you" | "seat 2" ...; info: the pack's cards (Map card -> info).
  // onLine({frames, card, title}): where given, the line is drawn by the owner on its own table
  // (the replayer's), each frame {leader, cards, winner, text, hands}; else on a small diagram here.
  constructor({ ask, announce = () => {}, name = seatName, info = new Map(), onLine = null }) {
    this._ask = ask;
    this._onLine = onLine;
    this._announce = announce;
    this._name = name;
    this.info = info;
    this._gen = 0;
    this._id = nextId("best");
    this._status = h("p", { class: "sr-best__status" });
    this._summary = h("p", { class: "sr-best__summary" });
    this._cards = h("div", { class: "sr-best__cards" });
    this._line = h("div", { class: "sr-best__line" });
    // Why the best card beats the card played (or the card whose line is shown): the engine's words.
    this._why = h("p", { class: "sr-best__why", hidden: true });
    this._more = h("div", { class: "sr-inline sr-actions", hidden: true });
    this.element = h(
      "section",
      { class: "sr-best", "aria-labelledby": `${this._id}-title` },
      h("p", { class: "sr-best__title", id: `${this._id}-title` }, "Best play, worked out by the solver with every hand in view"),
      this._status,
      this._summary,
      this._cards,
      this._why,
      this._more,
      this._line,
    );
  }

  // Stop any search of this view: its answer will not be shown.
  cancel() {
    this._gen += 1;
  }

  // Solve `position` (a solve request's position) and show it; `played`: the card played there.
  async show(position, { played = null } = {}) {
    const gen = ++this._gen;
    this._position = position;
    this._played = played;
    this.element.dataset.state = "searching";
    this.element.dataset.position = JSON.stringify(position);
    replace(this._summary);
    replace(this._cards);
    replace(this._line);
    this._why.hidden = true;
    this._more.hidden = true;
    this._status.textContent = "Working out best play…";
    const answer = await solveInSlices(this._ask, position, {
      you: this.youSeat(position.hands.length),
      current: () => gen === this._gen,
      progress: (a, spent) => {
        this._status.textContent = `Working out best play… ${spent.toLocaleString("en")} positions searched.`;
      },
    });
    if (answer === null) return;
    this.showAnswer(answer, { played, announce: true });
  }

  // Show an answer already worked out (as solveInSlices gives it).
  showAnswer(answer, { played = null, announce = false } = {}) {
    this._answer = answer;
    this._played = played;
    const name = this._name;
    if (answer.error) {
      this.element.dataset.state = "error";
      this._status.textContent = `Best play cannot be worked out here: ${answer.error.message}`;
      if (announce) this._announce(this._status.textContent);
      return;
    }
    const mover = answer.to_move;
    const own = answer.side.includes(mover) ? answer.side : answer.others;
    const ownLow = own === answer.side ? answer.side_low : answer.remaining - answer.side_high;
    const ownHigh = own === answer.side ? answer.side_high : answer.remaining - answer.side_low;
    const who = sideWords(own, name);
    this.element.dataset.toMove = String(mover);
    if (answer.too_big) {
      this.element.dataset.state = "too-big";
      this._status.textContent =
        `Too big to work out quickly here: after ${answer.spent.toLocaleString("en")} positions searched the solver has proven only that ${who} ` +
        `take${own.length === 1 && who !== "you" ? "s" : ""} between ${ownLow} and ${ownHigh} of the ${answer.remaining} points still to be won.`;
      replace(this._more, h("button", { type: "button", class: "md-button", onclick: () => this.searchOn() }, "Search on"));
      this._more.hidden = false;
      if (announce) this._announce(this._status.textContent);
      return;
    }
    this.element.dataset.state = "done";
    this._status.textContent = "";
    const takes = who === "you" || own.length > 1 ? "take" : "takes";
    this._summary.textContent = `${capitalize(name(mover))} to play. With best play by everyone, ${who} ${takes} ${answer.side_points === null ? "?" : own === answer.side ? answer.side_points : answer.others_points} of the ${answer.remaining} points still to be won.`;
    const list = h("ul", { class: "sr-best__list", "aria-label": `What each card ${name(mover) === "you" ? "you may play" : `${name(mover)} may play`} is worth` });
    for (const c of answer.cards) {
      const words = `${cardWords(c.card, this.info.get(c.card))}: ${valueWords(c)}${c.card === played ? ", the card played" : ""}`;
      const b = h(
        "button",
        {
          type: "button",
          class: `sr-best__card${c.best ? " sr-best__card--best" : ""}${c.card === played ? " sr-best__card--played" : ""}`,
          "data-card": c.card,
          "data-loss": c.loss === null ? "" : String(c.loss),
          "aria-pressed": "false",
          "aria-label": `${words}. Show the line after it.`,
          onclick: () => this.showLine(c.card, true),
        },
        cardFace(c.card, this.info.get(c.card), { size: "small" }),
        h("span", { class: "sr-best__value", "aria-hidden": "true" }, c.best ? "★ best" : c.loss === null ? "?" : `−${c.loss}`),
        c.card === played ? h("span", { class: "sr-best__played", "aria-hidden": "true" }, "played") : null,
      );
      list.append(h("li", {}, b));
    }
    replace(this._cards, h("p", { class: "sr-hint" }, `Each card with the points it gives up against the best card; choose one to step through the line after it${this._onLine ? " on the table, with the step control" : ""}.`), list);
    const best = answer.cards.filter((c) => c.best).map((c) => c.card);
    this.showLine(best[0], false);
    if (announce) {
      const cost = answer.cards.filter((c) => !c.best).map((c) => `${c.card} ${valueWords(c)}`);
      const why = this._why.hidden ? "" : ` ${this._why.textContent}`;
      this._announce(`${this._summary.textContent} Best: ${best.join(", ")}.${cost.length ? ` ${cost.join("; ")}.` : ""}${why}`);
    }
  }

  async searchOn() {
    const gen = ++this._gen;
    const position = this._position;
    this._more.hidden = true;
    this.element.dataset.state = "searching";
    this._status.textContent = "Searching on…";
    const answer = await solveInSlices(this._ask, position, { you: this.youSeat(position.hands.length), current: () => gen === this._gen, budget: 4 * BUDGET_NODES });
    if (answer !== null) this.showAnswer(answer, { played: this._played, announce: true });
  }

  // The seat the page calls "you", if any (the engine's words say "you" of it too).
  youSeat(players) {
    for (let s = 0; s < players; s++) if (this._name(s) === "you") return s;
    return null;
  }

  // The engine's words for why the best card beats `card` (a card that gives up points), else for
  // the card played; hidden when there is nothing to explain.
  showWhy(card) {
    const cards = this._answer.cards;
    const c = cards.find((x) => x.card === card && x.why) || cards.find((x) => x.card === this._played && x.why);
    this._why.hidden = !c;
    this._why.dataset.card = c ? c.card : "";
    replace(this._why, c ? [h("strong", {}, `Why ${c.why.best}, not ${c.card}: `), c.why.text] : null);
  }

  // The line of best play after `card`, one card at a time.
  showLine(card, announce) {
    const answer = this._answer;
    this.showWhy(card);
    const c = answer.cards.find((x) => x.card === card);
    if (!c || !Array.isArray(c.line) || !c.line.length) {
      replace(this._line);
      return;
    }
    for (const b of this._cards.querySelectorAll(".sr-best__card")) b.setAttribute("aria-pressed", String(b.dataset.card === card));
    const p = answer.position;
    // frames[k]: the table after k cards of the line
    const frames = lineFrames({ players: p.hands.length, hands: p.hands, leader: p.leader, trick: p.trick }, c.line, (seat) => this._name(seat));
    this._frames = frames;
    this._lineCard = card;
    const titleText = `The line after ${card}${c.best ? " (best)" : ` (gives up ${points(c.loss)})`}: best play by everyone from then on`;
    if (this._onLine) {
      for (const b of this._cards.querySelectorAll(".sr-best__card")) b.setAttribute("aria-pressed", String(announce && b.dataset.card === card));
      replace(this._line, h("p", { class: "sr-best__linetitle" }, titleText), h("details", { class: "sr-best__all" }, h("summary", {}, "The whole line as text"), h("ol", {}, c.line.map((x, i) => h("li", {}, frames[i + 1].text)))));
      if (announce) this._onLine({ frames, card, title: titleText, announce }); // the reader's choice, never on its own
      return;
    }
    const title = h("p", { class: "sr-best__linetitle" }, titleText);
    this._stage = h("div", { class: "sr-best__stage" });
    this._step = h("p", { class: "sr-best__step" });
    const btn = (text, label, fn) => h("button", { type: "button", class: "md-button", "aria-label": label, "aria-controls": `${this._id}-stage`, onclick: fn }, text);
    this._lineFirst = btn("« Start", "Start of the line", () => this.lineStep(0, true));
    this._lineBack = btn("◀ Back", "Back one card", () => this.lineStep(this._k - 1, true));
    this._lineNext = btn("Next ▶", "Next card of the line", () => this.lineStep(this._k + 1, true));
    this._lineLast = btn("End »", "End of the line", () => this.lineStep(frames.length - 1, true));
    this._stage.id = `${this._id}-stage`;
    replace(
      this._line,
      title,
      this._stage,
      this._step,
      h("div", { class: "sr-inline sr-actions sr-best__nav" }, this._lineFirst, this._lineBack, this._lineNext, this._lineLast),
      h("details", { class: "sr-best__all" }, h("summary", {}, "The whole line as text"), h("ol", {}, c.line.map((x, i) => h("li", {}, frames[i + 1].text)))),
    );
    this._k = -1;
    this.lineStep(frames.length > 1 ? 1 : 0, announce);
  }

  lineStep(k, announce) {
    const frames = this._frames;
    const i = Math.max(0, Math.min(frames.length - 1, k));
    if (i === this._k) return;
    this._k = i;
    const f = frames[i];
    const n = this._answer.position.hands.length;
    replace(
      this._stage,
      trickSeats({
        players: n,
        leader: f.leader,
        cards: f.cards,
        winner: f.winner,
        name: (s) => this._name(s),
        bottom: this._answer.to_move,
        info: this.info,
        size: "small",
        caption: `The line after ${this._lineCard}, card ${i} of ${frames.length - 1}`,
      }),
    );
    this._step.textContent = `Card ${i} of ${frames.length - 1}: ${f.text}`;
    this._step.dataset.step = String(i);
    for (const [b, off] of [
      [this._lineFirst, i === 0],
      [this._lineBack, i === 0],
      [this._lineNext, i === frames.length - 1],
      [this._lineLast, i === frames.length - 1],
    ])
      b.setAttribute("aria-disabled", String(off));
    if (announce) this._announce(this._step.textContent);
  }
}
