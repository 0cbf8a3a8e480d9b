// <somerset-replay>: one deal or worked example, step by step, as the engine replays it. Set by
// attributes (example="ID" rules="R"; or rules="R" seed="N" [format] [dealer] with play="CODE" or
// bots="N") or by a `record` property set before it joins the page. One step control (buttons, and
// arrows, Home, End inside it) with each step announced; a whole deal drawn on the one table
// (table-view.js) with every hand face up; in the last tricks a Best play panel (best-play.js) whose
// lines step on the same table. Sends `somerset-replayed` ({play, bots}) for the page's link. Shown
// by the deal replayer, Play a deal, Same deal and the ruleset pages: develop/runtime.md.

import {
  Widget,
  capitalize,
  cardFace,
  cardWords,
  citationLink,
  defineWidget,
  h,
  nextId,
  ordinal,
  packInfo,
  replace,
  seatName,
  seatText,
  signed,
  trickSeats,
} from "../base/ui.js";
import { BestPlay } from "./best-play.js";
import { contractBar, tableView } from "./table-view.js";
import { bringIntoView, keepPillOff } from "../base/in-view.js";
import { isCode } from "../base/ruleset.js";

const NAME = /^[a-z0-9][a-z0-9-]{0,159}$/;
const RULES = (text) => NAME.test(text) || isCode(text); // a ruleset's id, or a table's own rules' code (the engine reads it)
const SEED = /^\d{1,20}$/;
const DEALER = /^[1-9]\d{0,2}$/; // readers' numbering: seat 1 is the engine's 0

function shortText(text, n = 40) {
  const s = String(text);
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

class SomersetReplay extends Widget {
  problem() {
    const attr = (name) => (this.getAttribute(name) || "").trim();
    this._example = attr("example");
    this._rules = attr("rules");
    this._seed = attr("seed");
    this._format = attr("format");
    this._play = this.hasAttribute("play") ? attr("play") : null;
    this._bots = attr("bots");
    this._dealer = attr("dealer");
    this.classList.add("sr-replay");
    let problem = null;
    if (typeof this.record === "string") {
      this._mode = "record";
    } else if (this._example) {
      this._mode = "example";
      if (!NAME.test(this._example)) problem = `the example “${shortText(this._example)}” is not a valid name`;
      else if (this._rules && !RULES(this._rules)) problem = `the ruleset “${shortText(this._rules)}” is not a valid name`;
    } else {
      this._mode = "deal";
      if (!RULES(this._rules)) problem = `the ruleset “${shortText(this._rules)}” is not a valid name`;
      else if (!SEED.test(this._seed)) problem = `the seed “${shortText(this._seed)}” is not a whole number`;
      else if (this._format && !NAME.test(this._format)) problem = `the format “${shortText(this._format)}” is not a valid name`;
      else if (this._dealer && !DEALER.test(this._dealer)) problem = `the dealer “${shortText(this._dealer)}” is not a seat number (seats count from 1)`;
    }
    return problem && `This replay cannot be shown: ${problem}.`;
  }

  request() {
    if (this._mode === "record") return { cmd: "replay", record: this.record };
    if (this._mode === "example") {
      const request = { cmd: "replay", example: this._example };
      if (this._rules) request.rules = this._rules;
      return request;
    }
    const request = { cmd: "replay", rules: this._rules, seed: Number(this._seed) };
    if (!Number.isSafeInteger(request.seed)) request.seed = this._seed; // the engine names the problem
    if (this._format) request.format = this._format;
    if (this._dealer) request.dealer = Number(this._dealer) - 1;
    // the link's code and bots' version go as written: the engine names any problem with them
    if (this._play !== null) request.play = this._play;
    else if (this._bots) request.bots_version = this._bots;
    return request;
  }

  build() {
    const id = nextId("replay");
    this.classList.add("sr-replay");
    this._index = 0;
    this._steps = [];
    const button = (text, label, fn) =>
      h("button", { type: "button", class: "md-button", "aria-label": label, "aria-disabled": "true", "aria-controls": `${id}-stage`, onclick: fn }, text);
    // One step control: the deal's steps, or the best-play line while it is drawn on the table.
    const line = (to) => this.lineStep(to(this._line.k, this._line.frames.length - 1), true);
    this._first = button("« First", "First step", () => (this._line ? line(() => 0) : this.go(0)));
    this._prev = button("◀ Previous", "Previous step", () => (this._line ? line((k) => k - 1) : this.go(this._index - 1)));
    this._next = button("Next ▶", "Next step", () => (this._line ? line((k) => k + 1) : this.go(this._index + 1)));
    this._last = button("Last »", "Last step", () => (this._line ? line((k, n) => n) : this.go(this._steps.length - 1)));
    this._counter = h("p", { class: "sr-replay__counter" });
    this._label = h("p", { class: "sr-replay__label" });
    this._text = h("p", { class: "sr-replay__text" });
    this._table = h("div", { class: "sr-replay__table" });
    this._cite = h("p", { class: "sr-replay__cite", hidden: true });
    this._stage = h(
      "div",
      {
        class: "sr-replay__stage",
        id: `${id}-stage`,
        tabindex: "0",
        role: "group",
        "aria-roledescription": "replay",
        "aria-label": this._mode === "example" ? "Worked example, step by step" : "Deal, step by step",
        "aria-describedby": `${id}-keys`,
      },
      this._counter,
      this._label,
      this._table,
      this._text,
      this._cite,
    );
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    this._title = h("p", { class: "sr-widget__title" }, "Replay with the engine");
    this._bestIndex = 0;
    this._best = new BestPlay({ ask: (r) => this.ask(r), announce: (t) => this.announce(t), info: new Map(), onLine: (line) => this.enterLine(line) });
    this._line = null; // the best-play line drawn on the table: {frames, k, card, title}
    this._back = h("button", { type: "button", class: "md-button", hidden: true, onclick: () => this.leaveLine(true) }, "Back to the deal");
    this._bestBox = h("div", { class: "sr-replay__best", hidden: true });
    this._nav = h("div", { class: "sr-inline sr-actions sr-replay__nav" }, this._first, this._prev, this._next, this._last, this._back);
    replace(
      this,
      this._title,
      this.statusBox(),
      this._stage,
      this._nav,
      this._bestBox,
      h("p", { class: "sr-hint", id: `${id}-keys` }, "Keys: Left and Right arrows step back and forward; Home and End go to the first and last step."),
      this._live,
    );
    this.addEventListener("keydown", (e) => this.onKey(e));
  }

  connectedCallback() {
    super.connectedCallback();
    keepPillOff(this._table);
    keepPillOff(this._nav);
    if (this._steps && this._steps.length) this.showBest(this._steps[this._index]); // put back on the page
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._best?.cancel(); // a replay taken off the page stops its search
  }

  onKey(e) {
    if (!this._steps.length || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (this._line) {
      const k = this._line.k;
      const to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: this._line.frames.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.lineStep(to, true);
      return;
    }
    const moves = { ArrowLeft: this._index - 1, ArrowRight: this._index + 1, Home: 0, End: this._steps.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    this.go(moves[e.key]);
  }

  async onReady() {
    if (this._data) return;
    const data = await this.ask(this.request());
    if (data.error) {
      replace(this._text, h("span", { class: "sr-replay__problem" }, `This replay cannot be shown: ${data.error.message}`));
      this.announce(`This replay cannot be shown: ${data.error.message}`);
      return;
    }
    const steps = Array.isArray(data.steps) ? data.steps : [];
    if (!steps.length) throw new Error("the replay has no steps");
    this._info = new Map();
    if (steps.some((s) => Array.isArray(s.cards))) this._info = (await packInfo({ rules: data.ruleset })).byCard;
    this._best.info = this._info;
    // How many seats the table has: a deal's hands, else the longest trick of a worked example.
    const hands = steps.find((s) => Array.isArray(s.hands) && s.hands.length);
    this._players = hands ? hands.hands.length : Math.max(4, ...steps.map((s) => (Array.isArray(s.cards) ? s.cards.length : 0)));
    // Every step of a whole deal shows every hand: the hands of the last step that gave them.
    let held = null;
    this._held = steps.map((s) => (held = Array.isArray(s.hands) && s.hands.length ? s.hands : held));
    this._data = data;
    this._steps = steps;
    replace(this._title, `Replay with the engine: ${data.title}`, h("span", { class: "sr-replay__rules" }, ` (${data.ruleset_name})`));
    if (data.problem && data.problem.message) {
      // a link whose code no longer replays: the deal up to there, and the step named
      this._title.after(h("p", { class: "sr-notice sr-replay__stopped", role: "status" }, `This link's deal stops at step ${steps.length} of ${steps.length}: ${data.problem.message}.`));
    }
    this.show(false);
    if (this._mode === "deal" && typeof data.play === "string") {
      this.dispatchEvent(new CustomEvent("somerset-replayed", { bubbles: true, detail: { play: data.play, bots: data.bots_version ?? null, problem: data.problem ?? null } }));
    }
  }

  go(index) {
    if (!this._steps.length) return;
    if (this._line) this.leaveLine(false);
    const i = Math.max(0, Math.min(this._steps.length - 1, index));
    if (i === this._index) return;
    this._index = i;
    this.show(true);
  }

  // A trick as seats round the table: a deal's seats by number, a worked example's by play order.
  trick(step) {
    const winner = Number.isInteger(step.winner) ? step.winner : null;
    const seats = Array.isArray(step.seats) ? step.seats : null;
    const table = trickSeats({
      players: this._players,
      leader: seats ? seats[0] : 0,
      cards: step.cards.map(String),
      winner,
      name: seats ? (seat) => seatName(seat) : (position) => `${ordinal(position + 1)} player`,
      bottom: 0,
      info: this._info,
      caption: "Cards on the table",
    });
    table.classList.add("sr-replay__cards");
    return table;
  }

  handFace(card, legal) {
    const info = this._info.get(card);
    const may = legal ? legal.has(card) : null;
    const words = `${cardWords(card, info)}${may === null ? "" : may ? ", may be played" : ", may not be played"}`;
    return h(
      "li",
      { class: `sr-face${info && info.count ? " sr-card--count" : ""}${may ? " sr-face--winner" : ""}${may === false ? " sr-face--barred" : ""}`, "aria-label": words, "data-card": card },
      cardFace(card, info, { size: "small" }),
      h("span", { class: "sr-face__note", "aria-hidden": "true" }, may === null ? "in hand" : may ? "may play" : "may not"),
    );
  }

  hands(list) {
    return h(
      "details",
      { class: "sr-replay__hands", open: this._handsOpen ? true : null, ontoggle: (e) => (this._handsOpen = e.target.open) },
      h("summary", {}, "Hands held"),
      h(
        "dl",
        {},
        list.map((hand) =>
          h(
            "div",
            {},
            h("dt", {}, capitalize(seatName(hand.seat))),
            h("dd", {}, Array.isArray(hand.cards) && hand.cards.length ? hand.cards.map(String).join(" ") : "no cards left"),
          ),
        ),
      ),
    );
  }

  // A call of a whole deal is "SEAT: call" with the engine's seat number.
  call(text) {
    const m = /^(\d+): (.*)$/.exec(String(text));
    return m && this._data.kind === "deal" ? `Seat ${Number(m[1]) + 1}: ${m[2]}` : String(text);
  }

  show(announce, best = true) {
    const step = this._steps[this._index];
    const n = this._steps.length;
    const counter = `Step ${this._index + 1} of ${n}`;
    this._counter.textContent = counter;
    this._label.textContent = String(step.label);
    this._text.textContent = seatText(step.text);
    const table = [];
    const deal = this._data.kind === "deal" && this._held[this._index];
    if (deal) table.push(this.contract(step), this.dealTable(step));
    else if (Array.isArray(step.cards)) {
      table.push(step.cards.length ? this.trick(step) : h("p", { class: "sr-empty" }, "No card played yet."));
    }
    if (Array.isArray(step.hand)) {
      const legal = Array.isArray(step.legal) ? new Set(step.legal.map(String)) : null;
      table.push(
        h("p", { class: "sr-replay__rowlabel" }, legal ? "The hand: the cards that may be played are marked" : "The hand"),
        h(
          "ol",
          { class: "sr-faces sr-replay__hand", "aria-label": "The hand to play" },
          step.hand.map((c) => this.handFace(String(c), legal)),
        ),
      );
    }
    if (Array.isArray(step.calls)) {
      table.push(
        h("p", { class: "sr-replay__rowlabel" }, "Calls so far"),
        h("ol", { class: "sr-replay__calls" }, step.calls.map((c) => h("li", {}, this.call(c)))),
      );
    }
    if (Number.isInteger(step.bidder_side) && Number.isInteger(step.opponents)) {
      table.push(
        h(
          "dl",
          { class: "sr-score" },
          h("div", {}, h("dt", {}, "Bidder's side"), h("dd", {}, signed(step.bidder_side))),
          h("div", {}, h("dt", {}, "Other side"), h("dd", {}, signed(step.opponents))),
        ),
      );
    }
    if (Array.isArray(step.score)) {
      table.push(
        h(
          "dl",
          { class: "sr-score" },
          step.score.map((row) => h("div", {}, h("dt", {}, seatText(row.side)), h("dd", {}, signed(Number(row.change))))),
        ),
      );
    }
    if (step.reason && step.reason.text) {
      table.push(h("p", { class: "sr-replay__reason" }, "Why: ", seatText(step.reason.text), step.reason.citation ? [" ", citationLink(step.reason.citation)] : null));
      if (step.reason.interpretation) table.push(h("p", { class: "sr-interp" }, h("strong", {}, "Interpretation"), " ", String(step.reason.interpretation)));
    }
    if (!deal && Array.isArray(step.hands) && step.hands.length) table.push(this.hands(step.hands));
    replace(this._table, table);
    const link = step.citation ? citationLink(step.citation) : null;
    this._cite.hidden = !link;
    replace(this._cite, link ? ["Source: ", link] : []);
    const atStart = this._index === 0;
    const atEnd = this._index === n - 1;
    this._first.setAttribute("aria-disabled", String(atStart));
    this._prev.setAttribute("aria-disabled", String(atStart));
    this._next.setAttribute("aria-disabled", String(atEnd));
    this._last.setAttribute("aria-disabled", String(atEnd));
    if (announce) {
      this.announce(`${counter}. ${step.label}. ${seatText(step.text)}`);
      this.boardIntoView();
    }
    if (best) this.showBest(step);
  }

  // The table (or the trick) and the step control, on screen together after a step the reader took.
  boardIntoView() {
    bringIntoView(this._table.querySelector(".sr-tv") || this._table, this._nav);
  }

  // The side names of a whole deal, as readers count seats.
  sideNames() {
    return (this._data.teams || []).map((t) => (t.length > 1 ? `seats ${t.map((s) => s + 1).join(" and ")}` : seatName(t[0])));
  }

  // The contract bar of a whole deal's step: before the bid, the bidding; then the bid, trump and points.
  contract(step) {
    const c = step.contract;
    const names = this.sideNames();
    if (!c) return contractBar({ stage: this._data.steps.some((s) => s.contract) ? "bidding" : "", sides: [] });
    const bidSide = (this._data.teams || []).findIndex((t) => t.includes(c.declarer));
    return contractBar({
      trump: c.trump_label,
      bid: c.declarer === null ? null : c.bid,
      holder: c.declarer === null ? null : seatName(c.declarer),
      sides: c.taken.map((taken, i) => ({ name: names[i], taken })),
      total: this._data.total ?? null,
      bidSide: c.declarer === null ? null : bidSide,
    });
  }

  // A whole deal's step on the one table: Seat 1 at the bottom, every hand face up.
  dealTable(step, frame = null) {
    const held = frame ? frame.hands.map((cards, seat) => ({ seat, cards })) : this._held[this._index];
    const hands = [];
    for (const x of held) hands[x.seat] = { cards: Array.isArray(x.cards) ? x.cards.map(String) : [] };
    const seats = Array.isArray(step.seats) ? step.seats : null;
    let trick = null;
    if (frame) {
      trick = { leader: frame.leader, cards: frame.cards, winner: frame.winner, label: this._line ? `Best play, card ${this._line.k} of ${this._line.frames.length - 1}` : "", className: "sr-replay__cards" };
    } else if (Array.isArray(step.cards) && step.cards.length) {
      trick = { leader: seats ? seats[0] : 0, cards: step.cards.map(String), winner: Number.isInteger(step.winner) ? step.winner : null, label: String(step.label), className: "sr-replay__cards" };
    }
    const team = (this._data.teams || []).find((t) => t.includes(0)) || [];
    const view = tableView({
      players: this._players,
      bottom: 0,
      name: (s) => seatName(s),
      dealer: Number.isInteger(this._data.dealer) ? this._data.dealer : null,
      leader: trick ? trick.leader : null,
      partners: team.length > 1 ? team : [],
      hands,
      trick,
      info: this._info,
      caption: frame ? "The table, best play drawn on it" : "The table, seat 1 at the bottom",
    });
    if (frame) view.classList.add("sr-tv--line");
    return view;
  }

  // The best-play line, drawn on the deal's own table and stepped with the one step control.
  enterLine({ frames, card, title, announce }) {
    this._line = { frames, card, title, k: -1 };
    this._back.hidden = false;
    this.lineStep(frames.length > 1 ? 1 : 0, announce);
  }

  leaveLine(announce) {
    if (!this._line) return;
    this._line = null;
    this._back.hidden = true;
    this.show(false, false);
    if (announce) this.announce(`Back to the deal: step ${this._index + 1} of ${this._steps.length}.`);
    this._stage.focus({ preventScroll: true });
    this.boardIntoView();
  }

  lineStep(k, announce) {
    const line = this._line;
    const i = Math.max(0, Math.min(line.frames.length - 1, k));
    if (i === line.k) return;
    line.k = i;
    const f = line.frames[i];
    const n = line.frames.length - 1;
    const step = this._steps[this._index];
    this._counter.textContent = `Best play: card ${i} of ${n} (deal step ${this._index + 1} of ${this._steps.length})`;
    this._label.textContent = line.title;
    this._text.textContent = `Card ${i} of ${n}: ${f.text}`;
    this._text.dataset.step = String(i);
    replace(
      this._table,
      this.contract(step),
      h("p", { class: "sr-replay__overlay" }, `Best play drawn on the table: ${line.title}. The step control steps through it; “Back to the deal” returns to step ${this._index + 1}.`),
      this.dealTable(step, f),
    );
    this._first.setAttribute("aria-disabled", String(i === 0));
    this._prev.setAttribute("aria-disabled", String(i === 0));
    this._next.setAttribute("aria-disabled", String(i === n));
    this._last.setAttribute("aria-disabled", String(i === n));
    if (announce) {
      this.announce(`Best play. Card ${i} of ${n}: ${f.text}`);
      this.boardIntoView();
    }
  }

  // The trick's cards to study with the solver: the one chosen is solved, any other search stops.
  showBest(step) {
    const plays = Array.isArray(step.plays) ? step.plays : [];
    this._bestBox.hidden = !plays.length;
    if (!plays.length) {
      this._best.cancel();
      replace(this._bestBox);
      return;
    }
    const i = Math.min(this._bestIndex, plays.length - 1);
    const choose = (k) => {
      if (this._line) this.leaveLine(false);
      this._bestIndex = k;
      for (const [j, b] of buttons.entries()) b.setAttribute("aria-pressed", String(j === k));
      const p = plays[k];
      this._best.show(p.position, { played: p.card });
    };
    const buttons = plays.map((p, k) =>
      h(
        "button",
        { type: "button", class: "md-button sr-replay__play", "aria-pressed": "false", "data-card": p.card, onclick: () => choose(k) },
        `${capitalize(seatName(p.seat))} ${k === 0 ? "led" : "played"} ${p.card}`,
      ),
    );
    replace(
      this._bestBox,
      h("p", { class: "sr-replay__rowlabel" }, "Best play at a card of this trick: choose the card"),
      h("div", { class: "sr-inline sr-replay__plays", role: "group", "aria-label": "The card to study" }, buttons),
      this._best.element,
    );
    choose(i);
  }
}

defineWidget("somerset-replay", SomersetReplay);
