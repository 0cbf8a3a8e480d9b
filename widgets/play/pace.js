// The pace of the other players' cards at Play a deal's table: the cards played since the reader
// last saw the table, shown one at a time at the pace the reader chooses (or all at once), each step
// drawn as the table was then. `Pace` holds the pace field and the showing; the frames are plain data.

import { capitalize, h, replace } from "../base/ui.js";
import { keepInView, playRegion } from "../views/table-view.js";

// Every card of the deal so far in play order: {trick (index), position, card, seat}.
export function allCards(v, n) {
  const out = [];
  const add = (t, k) => t.cards.forEach((card, i) => out.push({ trick: k, position: i, card, seat: (t.leader + i) % n }));
  v.tricks.forEach((t, k) => add(t, k));
  add(v.trick, v.tricks.length);
  return out;
}

function sortCards(cards, info) {
  const order = new Map([...info.keys()].map((c, i) => [c, i]));
  return [...cards].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

// The table after the first `m` cards of `all` (the deal's cards so far), for showing the cards
// the reader has not yet seen one by one: the trick then in play and each hand as it was.
// `seatName` names a seat as the reader counts it; `info`, the pack's cards in order.
export function frame(d, all, m, { seatName, info }) {
  const v = d.view;
  const last = all[m - 1];
  const trickCards = all.filter((x) => x.trick === last.trick && all.indexOf(x) < m);
  const source = last.trick < v.tricks.length ? v.tricks[last.trick] : v.trick;
  const done = last.trick < v.tricks.length && trickCards.length === source.cards.length;
  const winner = done ? (source.winner - source.leader + d.players) % d.players : null;
  const later = all.slice(m);
  const counts = v.hand_sizes.map((size, s) => {
    let c = size + later.filter((x) => x.seat === s).length;
    // cards drawn from the pile after tricks not yet shown as taken
    for (let k = done ? last.trick + 1 : last.trick; k < v.tricks.length; k++) if ((v.tricks[k].draws || []).some((x) => x.seat === s)) c -= 1;
    return Math.max(0, c);
  });
  const mine = new Set(later.filter((x) => x.seat === d.seat).map((x) => x.card));
  for (let k = done ? last.trick + 1 : last.trick; k < v.tricks.length; k++) for (const x of v.tricks[k].draws || []) if (x.seat === d.seat && x.card) mine.delete(x.card);
  const hand = [...v.hand.filter((c) => !(v.tricks.slice(done ? last.trick + 1 : last.trick).some((t) => (t.draws || []).some((x) => x.seat === d.seat && x.card === c)))), ...mine];
  return {
    trick: { leader: source.leader, cards: trickCards.map((x) => x.card), winner, label: `Trick ${last.trick + 1}${done ? `: ${seatName(source.winner).replace(" (your partner)", "")} took it` : ""}` },
    counts,
    hand: sortCards(hand, info),
    toPlay: done ? null : trickCards.length < d.players ? (source.leader + trickCards.length) % d.players : null,
    done,
  };
}

// The pace field and the showing of the cards, for one <somerset-table> (`table`).
export class Pace {
  constructor(table, id) {
    this.table = table;
    this.gen = 0;
    this.skipping = false;
    // How fast the other players' cards appear: one at a time by default, so a reader can follow.
    this.select = h(
      "select",
      { id: `${id}-pace`, onchange: () => this.select.value === "instant" && this.skip() },
      h("option", { value: "slow" }, "One by one, slowly"),
      h("option", { value: "normal" }, "One by one"),
      h("option", { value: "quick" }, "One by one, quickly"),
      h("option", { value: "instant" }, "All at once"),
    );
    this.select.value = "normal";
    this.field = h("div", { class: "sr-field sr-table__pace" }, h("label", { for: this.select.id }, "The other players' cards"), this.select);
  }

  delay() {
    return { slow: 1500, normal: 900, quick: 350, instant: 0 }[this.select.value] ?? 900;
  }

  // Show the cards played since the reader last saw the table, one at a time at the chosen pace,
  // then the whole position. A reader may show them all at once (the Skip button, or the pace
  // "All at once"). `from`: how many of the deal's cards the reader has seen.
  async show(from, announce) {
    const t = this.table;
    const gen = ++this.gen;
    const v = t._data.view;
    const all = allCards(v, t._data.players);
    const delay = this.delay();
    if (from === null || from >= all.length || delay === 0) {
      t._board.dataset.pace = "done";
      t._board.dataset.shown = String(all.length);
      t.draw(announce);
      return;
    }
    t._board.dataset.pace = "playing";
    for (let m = from + 1; m <= all.length; m++) {
      if (gen !== this.gen) return;
      if (this.skipping) break;
      const f = frame(t._data, all, m, { seatName: (s) => t.seatName(s), info: t._info });
      const x = all[m - 1];
      this.drawFrame(f, m);
      const who = x.seat === t._data.seat ? "You" : capitalize(t.seatName(x.seat).replace(" (your partner)", ""));
      t.announce(`${who} ${x.seat === t._data.seat ? "play" : "plays"} ${x.card}.${f.done ? ` ${f.trick.label.replace(/^Trick \d+: /, "")}.` : ""}`);
      if (m < all.length || f.done) await this.wait(f.done ? delay * 1.5 : delay);
    }
    if (gen !== this.gen) return;
    this.skipping = false;
    t._board.dataset.pace = "done";
    t._board.dataset.shown = String(all.length);
    t.draw(announce);
  }

  wait(ms) {
    return new Promise((resolve) => {
      this._wake = resolve;
      this._timer = setTimeout(resolve, this.skipping ? 0 : ms);
    });
  }

  skip() {
    this.skipping = true;
    clearTimeout(this._timer);
    if (this._wake) this._wake();
  }

  // One step of the cards being shown: the contract bar, the table, and the Skip button.
  drawFrame(f, m) {
    const t = this.table;
    const d = t._data;
    // a keyboard reader's focus, in the board, moves to Show all now while the cards appear
    const keep = t._board.contains(document.activeElement) || document.activeElement === document.body;
    const hands = d.view.hand_sizes.map((_, s) => (s === d.seat ? { element: t.faceHand(f.hand) } : { count: f.counts[s] }));
    const pacing = h(
      "div",
      { class: "sr-inline sr-actions sr-table__pacing" },
      h("p", { class: "sr-hint" }, "The other players are playing their cards."),
      h("button", { type: "button", class: "md-button sr-table__skip", onclick: () => this.skip() }, "Show all now"),
    );
    const region = playRegion(t.contractView(d), t.table({ trick: f.trick, hands, toPlay: f.toPlay, leader: f.trick.leader, dock: pacing }));
    replace(t._board, region);
    t._board.dataset.shown = String(m);
    if (keep) t._board.querySelector(".sr-table__skip").focus();
    keepInView(region);
  }
}
