// The score pad's deal form: a deal's bid and the points each side took read from the boxes (one
// side left empty takes the rest of the deal), added as the next deal or saved over a past one
// (Edit), the last deal taken back (Undo), the sides renamed, and a bad figure named beside the
// box it is in. Methods of <somerset-pad> (pad.js assigns them to the element).

import { capitalize, signed } from "../base/ui.js";
import { winsWords } from "./words.js";
import { LIMITS } from "../store/storage.js";

export function cleanName(text) {
  return String(text).replace(/[,\s]+/g, " ").trim().slice(0, LIMITS.padNames);
}

function wholeNumber(text, what) {
  const t = String(text).trim();
  if (t === "") return { empty: true };
  if (!/^\d{1,3}$/.test(t)) return { error: `${what}: “${t.slice(0, 12)}” is not a whole number from 0 to 999.` };
  return { value: Number(t) };
}

export const dealForm = {
  addFromForm() {
    const a = this.shape();
    if (!a) return;
    const errors = [];
    const points = [];
    const boxes = [...this._points.querySelectorAll("input")];
    const figures = boxes.map((box, i) => wholeNumber(box.value, `${a.sides[i].name}'s points`));
    for (const r of figures) if (r.error) errors.push(r.error);
    const empty = figures.filter((r) => r.empty).length;
    if (!errors.length && empty > 1) errors.push(`Enter the points each side took (one may be left empty for the rest of the deal's ${a.points_per_deal}).`);
    if (!errors.length) {
      const known = figures.reduce((sum, r) => sum + (r.empty ? 0 : r.value), 0);
      for (const r of figures) points.push(r.empty ? a.points_per_deal - known : r.value);
    }
    const deal = { points };
    if (a.bidding) {
      const bid = wholeNumber(this._bid.value, "The bid");
      if (bid.error) errors.push(bid.error);
      else if (bid.empty) errors.push("Enter the bid.");
      else Object.assign(deal, { bidder: Number(this._bidder.value), bid: bid.value });
    }
    if (errors.length) {
      this.dealProblem(errors.join(" "), errors[0].startsWith("The bid") || errors[0] === "Enter the bid." ? "bid" : "points");
      return;
    }
    this.addDeal(deal);
  },

  async addDeal(deal) {
    if (!this.shape()) return;
    if (this._editing !== null) return this.changeDeal(this._editing, deal);
    // The form is emptied afterwards only if the reader typed nothing since the deal was read (the
    // next deal may have been typed while this one was being scored).
    const held = this._formEdits;
    const scored = this.scoredAnswer();
    if (scored && this.scored() === this._state.deals.length && scored.winner !== null) {
      this.dealProblem("The game is over. Press New game to start another.", "bid");
      return;
    }
    if (this._state.deals.length >= LIMITS.padDeals) {
      this.dealProblem(`A game holds at most ${LIMITS.padDeals} deals. Press New game to start another.`, "bid");
      return;
    }
    const answer = await this.edit(
      (base) => (base.deals.length >= LIMITS.padDeals ? null : { ...base, deals: [...base.deals, deal] }),
      (a) => {
        const line = a.lines[a.lines.length - 1];
        const changes = a.sides.map((s, i) => `${s.name} ${signed(line.changes[i])}`).join(", ");
        let words = `Deal ${line.number}: ${changes}. ${capitalize(this.totalsWords(a))}.`;
        if (a.winner !== null) words += ` ${winsWords(a.sides[a.winner].name)}: ${a.result}.`;
        return words;
      },
      (next) => `Deal ${next.deals.length} is on the pad: scored when the engine is ready.`,
    );
    if (!answer) return;
    if (answer.error) {
      this.dealProblem(answer.error.message.replace(/^deal \d+: /, ""), answer.error.field);
      return;
    }
    this.dealProblem(null);
    this.revealDeck();
    // A deal that waits for the engine: shown again in view when it is scored (render()).
    this._reveal = answer.waiting ? this._state.deals.length : 0;
    if (this._formEdits !== held || this._editing !== null) return;
    this.emptyForm();
  },

  emptyForm() {
    this._bid.value = "";
    for (const box of this._points.querySelectorAll("input")) box.value = "";
  },

  // Fill the form with deal `index` (from 0) to change it; Save puts it back in its place.
  startEditing(index) {
    const deal = this._state.deals[index];
    if (!deal || !this.shape()) return;
    this._editing = index;
    this._formEdits += 1; // a deal being scored no longer empties the form
    this.draw();
    if (deal.bidder !== undefined && deal.bidder !== null) this._bidder.value = String(deal.bidder);
    this._bid.value = deal.bid !== undefined && deal.bid !== null ? String(deal.bid) : "";
    const boxes = [...this._points.querySelectorAll("input")];
    boxes.forEach((box, i) => (box.value = deal.points && deal.points[i] !== undefined ? String(deal.points[i]) : ""));
    this.dealProblem(null);
    this.announce(`Changing deal ${index + 1}: change the figures and press Save deal ${index + 1}.`);
    (this._bidFields.hidden ? boxes[0] : this._bid).focus();
  },

  stopEditing(say) {
    const was = this._editing;
    this._editing = null;
    this.emptyForm();
    this.dealProblem(null);
    this.draw();
    if (say && was !== null) {
      this.announce(`Deal ${was + 1} is unchanged.`);
      this._bid.focus();
    }
  },

  async changeDeal(index, deal) {
    const answer = await this.edit(
      (base) => (index < base.deals.length ? { ...base, deals: base.deals.map((d, i) => (i === index ? deal : d)) } : null),
      (a) => {
        const line = a.lines[index];
        const changes = a.sides.map((s, i) => `${s.name} ${signed(line.changes[i])}`).join(", ");
        let words = `Deal ${index + 1} changed: ${changes}. ${capitalize(this.totalsWords(a))}.`;
        if (a.winner !== null) words += ` ${winsWords(a.sides[a.winner].name)}: ${a.result}.`;
        return words;
      },
      () => `Deal ${index + 1} changed: scored when the engine is ready.`,
    );
    if (!answer) {
      this.dealProblem(`Deal ${index + 1} is no longer in this game.`, "bid");
      return;
    }
    if (answer.error) {
      this.dealProblem(answer.error.message.replace(/^deal \d+: /, ""), answer.error.field);
      return;
    }
    this._editing = null;
    this.emptyForm();
    this.dealProblem(null);
    this.draw();
    const row = this._table.querySelector(`[data-deal="${index}"] button`);
    if (row) row.focus();
  },

  async undo() {
    const answer = await this.edit(
      (base) => (base.deals.length ? { ...base, deals: base.deals.slice(0, -1) } : null),
      (a, next) => `Deal ${next.deals.length + 1} taken back. ${capitalize(this.totalsWords(a))}.`,
      // Before the engine: the totals after the deal before, when its answer gave them.
      (next, v) => `Deal ${next.deals.length + 1} taken back.${v && v.answer && v.n === next.deals.length ? ` ${capitalize(this.totalsWords(v.answer))}.` : ""}`,
      false,
    );
    if (!answer) {
      if (!this._state.deals.length) this.announce("There is nothing to undo.");
      return;
    }
    if (answer.error) {
      this.showNotices([...this._notes, answer.error.message]);
      return;
    }
    this.dealProblem(null);
  },

  dealProblem(message, field) {
    this._dealError.hidden = !message;
    this._dealError.textContent = message ? capitalize(message) : "";
    const controls = { bid: this._bid, bidder: this._bidder, points: this._points.querySelector("input"), passed: this._passed };
    for (const el of [this._bid, this._bidder, ...this._points.querySelectorAll("input")]) {
      el.removeAttribute("aria-invalid");
      el.setAttribute("aria-describedby", this._dealError.id);
    }
    if (!message) return;
    const target = controls[field] || (field === "names" ? this._names.querySelector("input") : null);
    if (target && target.tagName !== "BUTTON") target.setAttribute("aria-invalid", "true");
    if (target) target.focus();
  },

  async renameSides() {
    const shape = this.shape();
    if (!shape) return;
    const names = [...this._names.querySelectorAll("input")].map((box, i) => cleanName(box.value) || shape.sides[i].name);
    const answer = await this.edit(
      (base) => ({ ...base, names }),
      () => `The sides are now ${names.join(" and ")}.`,
      () => `The sides are now ${names.join(" and ")}.`,
    );
    if (answer && answer.error) {
      this.showNotices([...this._notes, answer.error.message]);
      this._namesKey = null; // the boxes show the names the pad keeps
      this.draw();
    }
  },
};
