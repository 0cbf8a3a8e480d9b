// <somerset-replay example="ID" rules="RULESET"> steps through one of the sources' worked
// examples as the engine replays it; <somerset-replay rules="RULESET" seed="N" [format="F"]>
// replays a deal dealt from that seed and played by the engine's bots (`play="CODE"`: as the deal's
// code has it, no bot playing; `bots="N"`: by the bots of that version); and an element whose
// `record` property is set before it joins the page replays that record (a whole deal or a
// worked example). Previous/Next, First/Last, and the arrow keys, Home and End while focus is
// inside the widget. Each step's text is announced. In a whole deal's last tricks (the engine's
// `plays` on a trick's step), a "Best play" panel (bestplay.js) shows, for the card chosen, what
// each card its player could have played was worth and the line of best play; moving on cancels
// the search for the position left behind. Once a deal from a seed is shown, the element sends a
// `somerset-replayed` event whose detail holds the deal's code (`play`) and the bots' version, for
// the page's link (see the engine's somerset.links).

// Tricks are drawn as seats round a table; seats are numbered from 1 as readers count them (the
// engine's records count from 0: seatText renumbers its sentences).

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
} from "./ui.js";
import { BestPlay } from "./bestplay.js";

const NAME = /^[a-z0-9][a-z0-9-]{0,159}$/;
const SEED = /^\d{1,20}$/;

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
    this.classList.add("sr-replay");
    let problem = null;
    if (typeof this.record === "string") {
      this._mode = "record";
    } else if (this._example) {
      this._mode = "example";
      if (!NAME.test(this._example)) problem = `the example “${shortText(this._example)}” is not a valid name`;
      else if (this._rules && !NAME.test(this._rules)) problem = `the ruleset “${shortText(this._rules)}” is not a valid name`;
    } else {
      this._mode = "deal";
      if (!NAME.test(this._rules)) problem = `the ruleset “${shortText(this._rules)}” is not a valid name`;
      else if (!SEED.test(this._seed)) problem = `the seed “${shortText(this._seed)}” is not a whole number`;
      else if (this._format && !NAME.test(this._format)) problem = `the format “${shortText(this._format)}” is not a valid name`;
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
    this._first = button("« First", "First step", () => this.go(0));
    this._prev = button("◀ Previous", "Previous step", () => this.go(this._index - 1));
    this._next = button("Next ▶", "Next step", () => this.go(this._index + 1));
    this._last = button("Last »", "Last step", () => this.go(this._steps.length - 1));
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
    this._best = new BestPlay({ ask: (r) => this.ask(r), announce: (t) => this.announce(t), info: new Map() });
    this._bestBox = h("div", { class: "sr-replay__best", hidden: true });
    replace(
      this,
      this._title,
      this.statusBox(),
      this._stage,
      h("div", { class: "sr-inline sr-actions sr-replay__nav" }, this._first, this._prev, this._next, this._last),
      this._bestBox,
      h("p", { class: "sr-hint", id: `${id}-keys` }, "Keys: Left and Right arrows step back and forward; Home and End go to the first and last step."),
      this._live,
    );
    this.addEventListener("keydown", (e) => this.onKey(e));
  }

  connectedCallback() {
    super.connectedCallback();
    if (this._steps && this._steps.length) this.showBest(this._steps[this._index]); // put back on the page
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._best?.cancel(); // a replay taken off the page stops its search
  }

  onKey(e) {
    if (!this._steps.length || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
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

  show(announce) {
    const step = this._steps[this._index];
    const n = this._steps.length;
    const counter = `Step ${this._index + 1} of ${n}`;
    this._counter.textContent = counter;
    this._label.textContent = String(step.label);
    this._text.textContent = seatText(step.text);
    const table = [];
    if (Array.isArray(step.cards)) {
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
    if (Array.isArray(step.hands) && step.hands.length) table.push(this.hands(step.hands));
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
    if (announce) this.announce(`${counter}. ${step.label}. ${seatText(step.text)}`);
    this.showBest(step);
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
