// The puzzle trainer's board for a puzzle played at the table (an ending, or a card of the reader's
// own deal): the one table view with the contract bar and the goal, the reader's hand as buttons,
// and a line of play drawn on the same table card by card with one step control. Not a widget: the
// trainer owns one. A step keeps the table and the step control on screen (in-view.js).
//   new TrainerBoard({id, info(card), onpick(card), announce(text)}) -> .element
//   .isFor(step): whether the step is played at the table; .position(table, {pressed}): the choices
//   .line(frames, {title, at}) draws a line from frame `at`; .leaveLine() draws the position again
//   .onLine: whether a line is drawn; .table, .trick, .hand: the table, its middle, its bottom seat

import { contractBar, tableView } from "../views/table-view.js";
import { bringIntoView } from "../base/in-view.js";
import { cardFace, cardWords, h, handView, nextId, replace } from "../base/ui.js";
import { capitalize, seatName } from "../base/words.js";

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

export class TrainerBoard {
  constructor({ id, info, onpick, announce }) {
    this._id = id;
    this._info = info;
    this._onpick = onpick;
    this._announce = announce;
    this._table = null;
    this._frames = null;
    this._k = 0;
    this._title = "";
    this._view = h("div", { class: "sr-trainer__board" });
    this._status = h("p", { class: "sr-trainer__linestep", id: `${id}-linestep` });
    const btn = (text, label, fn) => h("button", { type: "button", class: "md-button", "aria-label": label, "aria-controls": `${id}-board`, onclick: fn }, text);
    this._first = btn("« Start", "Start of the line", () => this.step(0, true));
    this._back = btn("◀ Back", "Back one card", () => this.step(this._k - 1, true));
    this._fwd = btn("Next ▶", "Next card of the line", () => this.step(this._k + 1, true));
    this._end = btn("End »", "End of the line", () => this.step(this._frames.length - 1, true));
    this._lineTitle = h("p", { class: "sr-trainer__linetitle" });
    this._controls = h(
      "div",
      { class: "sr-trainer__linebox", hidden: true },
      this._lineTitle,
      this._status,
      h("div", { class: "sr-inline sr-actions sr-trainer__linenav", role: "group", "aria-label": "Step through the line" }, this._first, this._back, this._fwd, this._end),
    );
    this._view.id = `${id}-board`;
    this.element = h("div", { class: "sr-trainer__boardbox" }, this._view, this._controls);
    this._view.addEventListener("keydown", (e) => this.onKey(e));
    this._controls.addEventListener("keydown", (e) => this.onKey(e));
  }

  get onLine() {
    return this._frames !== null;
  }

  get table() {
    return this._view.querySelector(".sr-tv");
  }

  get trick() {
    return this._view.querySelector(".sr-tv__centre");
  }

  get hand() {
    return this._view.querySelector(".sr-tv__seat--bottom");
  }

  isFor(step) {
    const t = step && step.table;
    if (!t || !Array.isArray(t.hands) || !Number.isInteger(t.you) || !Array.isArray(t.hands[t.you])) return false;
    const hand = new Set(t.hands[t.you]);
    return step.single !== false && step.choices.length > 0 && step.choices.every((c) => hand.has(c.value));
  }

  // Who sits where, in the reader's words: "you", "partner" (in a partnership), "seat 3".
  name(seat) {
    const t = this._table;
    if (seat === t.you) return "you";
    return seatName(seat);
  }

  team(seat) {
    const t = this._table;
    const teams = Array.isArray(t.teams) ? t.teams : null;
    return teams ? teams.find((x) => x.includes(seat)) || [seat] : [seat];
  }

  // A side in the contract bar: "your side" and, facing it in a partnership game, "the others"
  // (as in the guided deal); with more than two sides, each other side by its seats.
  sideName(team) {
    const t = this._table;
    if (team.includes(t.you)) return team.length > 1 ? "your side" : "you";
    if (team.length > 1 && Array.isArray(t.teams) && t.teams.length === 2) return "the others";
    return team.length > 1 ? `seats ${team.map((s) => s + 1).join(" and ")}` : seatName(team[0]);
  }

  infoMap(cards) {
    const m = new Map();
    for (const c of cards) {
      const i = this._info(c);
      if (i) m.set(c, i);
    }
    return m;
  }

  // The contract bar (trump, the bid and who holds it, each side's points, what is still needed)
  // and the goal, for the points taken so far (`taken`, one number per seat).
  contract(taken) {
    const t = this._table;
    const teams = Array.isArray(t.teams) ? t.teams : null;
    const sides = teams ? teams.map((team) => ({ name: this.sideName(team), taken: sum(team.map((s) => Number(taken[s]) || 0)) })) : [];
    const bidder = Number.isInteger(t.bidder) ? t.bidder : null;
    const bid = Number.isInteger(t.bid) ? t.bid : null;
    const holder = bidder === null ? null : bidder === t.you ? "you" : `${seatName(bidder)}${this.team(t.you).includes(bidder) ? ", your partner" : ""}`;
    const bar = contractBar({
      trump: t.trump_label || null,
      bid,
      holder,
      sides,
      total: Number.isInteger(t.total) ? t.total : null,
      bidSide: bidder === null || !teams ? null : teams.findIndex((team) => team.includes(bidder)),
    });
    const goal = t.goal ? h("p", { class: "sr-trainer__goal" }, h("strong", {}, "Goal: "), String(t.goal)) : null;
    return [goal, bar];
  }

  // The drawing pile of a two- or three-handed format, every card known, from the top.
  pileView(pile) {
    if (!Array.isArray(pile) || !pile.length) return null;
    const info = this.infoMap(pile);
    return h(
      "div",
      { class: "sr-trainer__pile" },
      h("p", { class: "sr-trainer__rowlabel", id: `${this._id}-pile` }, `Drawing pile, from the top (${pile.length} card${pile.length === 1 ? "" : "s"}); after each trick everyone draws one, the winner first`),
      h("ol", { class: "sr-faces", "aria-labelledby": `${this._id}-pile` }, pile.map((c) => h("li", { "aria-label": cardWords(c, info.get(c)) }, cardFace(c, info.get(c), { size: "small" })))),
    );
  }

  tableOf({ hands, trick, toPlay, leader, you }) {
    const t = this._table;
    const cards = [...hands.flat(), ...(trick ? trick.cards : [])];
    const partners = this.team(t.you);
    return tableView({
      players: t.players || hands.length,
      bottom: t.you,
      name: (s) => this.name(s),
      leader,
      toPlay,
      partners: partners.length > 1 ? partners : [],
      hands: hands.map((cs, s) => (s === t.you && you ? { element: you } : { cards: cs })),
      trick,
      info: this.infoMap(cards),
      caption: "The table, you at the bottom",
    });
  }

  // The position of the step: the reader's hand as buttons, the cards that may be played returned
  // (in the hand's order) for the trainer to judge; a barred card says why when touched or focused.
  position(table, { pressed = () => false } = {}) {
    this._table = table;
    this._frames = null;
    this._controls.hidden = true;
    const you = table.you;
    const hand = table.hands[you];
    const barred = new Map();
    for (const b of Array.isArray(table.barred) ? table.barred : []) if (b && b.card) barred.set(b.card, String(b.reason || ""));
    const choices = new Set(this._choices || hand);
    // A card outside the step's choices with no reason given (an older record) is barred all the same.
    for (const c of hand) if (!choices.has(c) && !barred.has(c)) barred.set(c, "the rules do not let you play it now.");
    const view = handView({
      cards: hand,
      info: this.infoMap(hand),
      label: `Your hand, ${hand.length} card${hand.length === 1 ? "" : "s"}`,
      barred: barred.size ? barred : null,
      pressed,
      onpick: (c) => this._onpick(c),
      idPrefix: nextId(`${this._id}-hand`),
    });
    view.element.querySelector(".sr-hand").classList.add("sr-table__hand"); // drawn as at Play a deal (puzzle.css)
    const buttons = view.buttons.filter((b) => !barred.has(b.dataset.card));
    for (const b of buttons) {
      b.classList.add("sr-trainer__choice");
      b.dataset.value = b.dataset.card;
    }
    const trickCards = (Array.isArray(table.trick) ? table.trick : []).map((x) => x.card);
    const leader = Number.isInteger(table.leader) ? table.leader : you;
    const last = this._lastTrick;
    // Between tricks the last one taken stays in the middle until the next lead.
    const trick =
      !trickCards.length && last
        ? { leader: last.leader, cards: last.cards, winner: last.winner, label: last.label }
        : { leader, cards: trickCards, winner: null, label: trickCards.length ? "The trick so far" : "You lead" };
    this._view.classList.remove("sr-tv--line");
    replace(
      this._view,
      this.contract(Array.isArray(table.taken) ? table.taken : []),
      this.tableOf({ hands: table.hands, trick, toPlay: you, leader: trickCards.length ? leader : you, you: view.element }),
      this.pileView(table.pile),
    );
    return buttons;
  }

  // The choices of the step about to be drawn (the cards that may be played), and the trick that
  // ended just before it (shown while the reader leads), if any.
  prepare(choices, lastTrick = null) {
    this._choices = choices;
    this._lastTrick = lastTrick;
  }

  // A line of play on the table: `frames` from line-frames.js, drawn from frame `at`.
  line(frames, { title, at = 1, announce = true }) {
    this._frames = frames;
    this._title = title;
    this._k = -1;
    this._lineTitle.textContent = title;
    this._controls.hidden = false;
    this.step(at, announce);
  }

  leaveLine() {
    this._frames = null;
    this._controls.hidden = true;
  }

  step(k, announce) {
    const frames = this._frames;
    if (!frames) return;
    const i = Math.max(0, Math.min(frames.length - 1, k));
    if (i === this._k) return;
    this._k = i;
    const f = frames[i];
    const t = this._table;
    const n = frames.length - 1;
    const taken = Array.isArray(t.taken) ? [...t.taken] : [];
    let drawn = 0;
    for (let j = 1; j <= i; j++) {
      if (frames[j].taker !== null && frames[j].taker !== undefined && taken.length) taken[frames[j].taker] += frames[j].points;
      drawn += frames[j].drawn || 0;
    }
    const pile = Array.isArray(t.pile) ? t.pile.slice(drawn) : [];
    const label = i === 0 ? "Before the card" : `Card ${i} of ${n}`;
    replace(
      this._view,
      this.contract(taken),
      this.tableOf({ hands: f.hands, trick: { leader: f.leader, cards: f.cards, winner: f.winner, label }, toPlay: null, leader: f.cards.length ? f.leader : null, you: null }),
      this.pileView(pile),
    );
    this._view.classList.add("sr-tv--line");
    this._status.textContent = i === 0 ? `${capitalize(label)}.` : `${label}: ${f.text}`;
    for (const [b, off] of [
      [this._first, i === 0],
      [this._back, i === 0],
      [this._fwd, i === n],
      [this._end, i === n],
    ])
      b.setAttribute("aria-disabled", String(off));
    if (announce) {
      this._announce(this._status.textContent);
      bringIntoView(this.table, this._controls);
    }
  }

  onKey(e) {
    if (!this._frames || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: this._k - 1, ArrowRight: this._k + 1, Home: 0, End: this._frames.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.step(to, true);
  }
}
