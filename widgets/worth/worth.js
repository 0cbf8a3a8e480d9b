// <somerset-worth rules="parker-1947" format="four-partners" hand="6/6 5/6 ..." auction="14 pass" [permalink]>
// What is my hand worth? The engine deals the cards the reader cannot see at random, plays each
// deal out for every trump the bidder may name, and shows the chance of making each bid by trump
// (a heat map, the recommended call's cell outlined), the expected score of each bid with the
// chosen trump (its terms and the price of a set in words), and a recommended call with its reason,
// marked "so far" until the figures are final. The hand is typed or entered on the card pad; the
// calls before the reader's (from the dealer's left; the dealer is the last seat, as at Play a
// deal) give the reader's seat and what the bid must beat. It asks in slices (the `advise` request
// carries on from the deals it has played), so the figures sharpen while the reader watches.

import { RulesetChoice, Widget, advisedCall, clear, defineWidget, fillFormatSelect, formatOf, h, nextId, packInfo, replace, rulesetList, seatName, signed, withTableRules } from "../base/ui.js";
import { bringIntoView, fitsBand } from "../base/in-view.js";
import { CardPad } from "../views/card-pad.js";

const DEFAULT_RULES = "parker-1947";
const FIELDS = ["rules", "format", "hand", "auction"];
const SLICE = 40; // deals a slice plays for each trump
const MOST = 400; // deals for each trump before the figures stop sharpening
const EXAMPLE = "6/6 5/6 4/6 3/6 2/6 1/6 0/6 S/S 1/2 3/4 5/8 7/10";

// The cards of a hand as typed: separated by spaces, commas or semicolons.
function splitCards(text) {
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

// As the engine's sentences round it (rules/describe.py percent): the answer's share, carried to
// four places, halves up.
function percent(p) {
  return `${Math.floor(p * 100 + 0.5)}%`;
}

// The call recommended, in the site's trump notation: "Recommended: bid 18, Trump: /6 suit.";
// while the figures still sharpen, "So far: bid 18, Trump: /6 suit." (it may change; no longer than
// the final words, so that the reason under it does not move on a phone).
function recommendation(rec, provisional = false) {
  return `${provisional ? "So far" : "Recommended"}: ${advisedCall(rec)}.`;
}

// How many of the lowest bids are made in every deal played out, with every trump given: the
// tables show them as one column or row ("1–12"), so that the bids worth weighing are in view on a
// phone. Only runs of two or more are joined.
export function madeEveryDeal(trumps) {
  if (!trumps.length) return 0;
  let n = 0;
  while (n < trumps[0].bids.length && trumps.every((t) => t.bids[n] && t.bids[n].p_make === 1)) n += 1;
  return n >= 2 ? n : 0;
}

// A run of bids joined into one column or row: "1–12".
function bidRange(bids, n) {
  return `${bids[0].bid}\u2013${bids[n - 1].bid}`;
}

// The shade of a heat-map cell: five steps of the chance of making the bid.
function shade(p) {
  return `sr-worth__p${Math.min(4, Math.floor(p * 5))}`;
}

class SomersetWorth extends Widget {
  static fields = FIELDS;
  static defaults = { rules: DEFAULT_RULES, hand: EXAMPLE };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    const id = nextId("worth");
    this._wanted = this.wanted;
    this._seq = 0;
    this._choice = new RulesetChoice(`${id}-rules`, { all: false });
    this._rules = this._choice.select;
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._hand = h("textarea", {
      id: `${id}-hand`,
      rows: "2",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      "aria-describedby": `${id}-hand-hint ${id}-hand-err`,
    });
    this._hand.value = this._wanted.hand;
    this._handHint = h("p", { class: "sr-hint", id: `${id}-hand-hint` }, "Type your cards, such as 6/6 5/6 S/S, or tap them on the pad.");
    this._handErr = h("p", { class: "sr-field-error", id: `${id}-hand-err`, hidden: true });
    this._pad = new CardPad({ id, onpick: (card) => this.toggleCard(card), chosen: () => splitCards(this._hand.value), what: "held" });
    this._hand.addEventListener("input", () => this._pad.draw());
    this._auction = h("input", {
      id: `${id}-auction`,
      type: "text",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      value: this._wanted.auction || "",
      placeholder: "none: you call first",
      "aria-describedby": `${id}-auction-hint ${id}-auction-err`,
    });
    this._auctionHint = h("p", { class: "sr-hint", id: `${id}-auction-hint` });
    this._auctionErr = h("p", { class: "sr-field-error", id: `${id}-auction-err`, hidden: true });
    this._trump = h("select", { id: `${id}-trump`, disabled: true }, h("option", { value: "" }, "—"));
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._progressText = h("p", { class: "sr-hint sr-worth__progress", role: "status" });
    this._advice = h("div", { class: "sr-worth__advice" });
    this._heat = h("div", { class: "sr-worth__heat" });
    this._bids = h("div", { class: "sr-worth__bids" });
    this.liveRegion();
    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.evaluate({ reveal: true })) },
      h("div", { class: "sr-row" }, this._choice.field, h("div", { class: "sr-field" }, h("label", { for: this._format.id }, "Players"), this._format)),
      h(
        "div",
        { class: "sr-field" },
        h("label", { for: this._hand.id }, "Your hand"),
        this._hand,
        this._handHint,
        this._handErr,
        // The answer under the hand it judges: both in view when it comes, the card pad below.
        this._advice,
        this._progressText,
        h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.setHand(splitCards(this._hand.value).slice(0, -1)) }, "Undo"), h("button", { type: "button", class: "md-button", onclick: () => this.setHand([]) }, "Clear")),
        h("div", { class: "sr-keypad__box" }, this._pad.element),
        this._pad.keysHint,
      ),
      h("div", { class: "sr-field" }, h("label", { for: this._auction.id }, "The calls before yours"), this._auction, this._auctionHint, this._auctionErr),
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "submit", class: "md-button md-button--primary" }, "What is it worth?")),
    );
    this._rules.addEventListener("change", () => this.rulesChanged());
    this._format.addEventListener("change", () => (this.describeAuction(), this.evaluate()));
    this._auction.addEventListener("input", () => this.describeAuction());
    this._auction.addEventListener("change", () => this.evaluate());
    this._trump.addEventListener("change", () => this.showBids());
    replace(
      this,
      h("p", { class: "sr-widget__title" }, "What is my hand worth?"),
      this.statusBox(),
      this._notice,
      form,
      this._heat,
      this._bids,
      this._live,
    );
  }

  firstControl() {
    return this._rules.disabled ? this._hand : this._rules;
  }

  // The inputs, from the build's fixed data: usable while the engine downloads.
  async prepare() {
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._rules.value || this._wanted.rules, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    this._choice.fill(this._rulesets, table.wanted, DEFAULT_RULES, notices);
    fillFormatSelect(this._format, this.ruleset(), this._wanted.format, notices, "", (f) => `${f.label} (${f.points_per_deal} points)`);
    this._wanted.format = "";
    this._notice.hidden = notices.length === 0;
    this._notice.textContent = notices.join(" ");
    await this.fillPad();
    this.describeAuction();
  }

  // A hand still being entered keeps its count when the engine arrives: judging it then would put
  // a message above the card pad and move the keys under the reader's finger.
  async onReady() {
    if (!this._rulesets) return;
    const held = splitCards(this._hand.value).length;
    const size = this.format().hand_size;
    if (held < size) {
      this.showCount(held, size);
      return;
    }
    // A hand the reader finished before the engine came is judged in view of them.
    await this.evaluate({ reveal: this.contains(document.activeElement) });
  }

  async fillPad() {
    const deck = this.ruleset().deck;
    this._pad.setPack(deck, await packInfo({ deck }));
  }

  format() {
    return formatOf(this._rulesets, this._rules.value, this._format.value);
  }

  calls() {
    return splitCards(this._auction.value.toLowerCase());
  }

  // The reader's seat follows from the calls before theirs: the dealer is the last seat, and the
  // calls start at the dealer's left (seat 1).
  seat() {
    return this.calls().length % this.format().players;
  }

  describeAuction() {
    if (!this._rulesets) return;
    const n = this.format().players;
    const calls = this.calls();
    const seat = this.seat();
    const made = calls.length ? ` after ${calls.length} call${calls.length === 1 ? "" : "s"}` : "";
    this._auctionHint.textContent = `Each call is a bid (a number) or pass, from the dealer's left (seat 1; seat ${n} deals). You call as ${seatName(seat)}${made}.`;
  }

  // A card tapped on the pad joins the hand, or leaves it when it is there; a whole hand is judged.
  toggleCard(card) {
    const cards = splitCards(this._hand.value);
    const i = cards.findIndex((c) => c.toUpperCase() === card.toUpperCase());
    if (i >= 0) cards.splice(i, 1);
    else cards.push(card);
    this.setHand(cards);
  }

  setHand(cards) {
    this._hand.value = cards.join(" ");
    this._pad.draw();
    const size = this.format().hand_size;
    if (cards.length === size) {
      this.evaluate({ reveal: true });
      return;
    }
    // The figures judged the hand as it was: they go, and an answer still on its way is dropped.
    this._seq++;
    if (this._advice.firstChild) replace(this._advice, h("p", { class: "sr-empty" }, `No figures yet: the hand needs all ${size} cards.`));
    this.clearTables();
    this._progressText.textContent = "";
    this.setHandError(null);
    this.showCount(cards.length, size);
    this.saveState({ rules: this._rules.value, format: this._format.value, hand: this._hand.value.trim(), auction: this._auction.value.trim() });
  }

  // The hint under a hand not yet whole says how many cards it holds.
  showCount(held, size) {
    this._handHint.textContent = `${held} of ${size} cards. Type your cards, such as 6/6 5/6 S/S, or tap them on the pad.`;
  }

  ruleset() {
    return this._rulesets.find((r) => r.id === this._rules.value) || this._rulesets[0];
  }

  async rulesChanged() {
    const previous = this._format.value;
    fillFormatSelect(this._format, this.ruleset(), "", [], previous, (f) => `${f.label} (${f.points_per_deal} points)`);
    await this.fillPad();
    this.describeAuction();
    await this.evaluate();
  }

  setAuctionError(message) {
    this._auctionErr.hidden = !message;
    this._auctionErr.textContent = message || "";
    if (message) this._auction.setAttribute("aria-invalid", "true");
    else this._auction.removeAttribute("aria-invalid");
  }

  setHandError(message) {
    this._handErr.hidden = !message;
    this._handErr.textContent = message || "";
    if (message) this._hand.setAttribute("aria-invalid", "true");
    else this._hand.removeAttribute("aria-invalid");
  }

  // Ask for the figures in slices, each carrying on from the last, until they are sharp or the
  // reader changes the question (a newer evaluation stops this one).
  // `reveal`: the reader asked (a full hand tapped in, or the button), so the first figures come
  // into view with the hand they judge.
  async evaluate({ reveal = false } = {}) {
    if (!this.engineReady || !this._rulesets) return;
    const seq = ++this._seq;
    const rules = this._rules.value;
    const format = this._format.value;
    const hand = this._hand.value.trim();
    const auction = this._auction.value.trim();
    this.saveState({ rules, format, hand, auction });
    this._handHint.textContent = "Type your cards, such as 6/6 5/6 S/S, or tap them on the pad.";
    if (!hand) {
      this.setHandError("Enter your cards to see what they are worth.");
      return;
    }
    const base = { cmd: "advise", rules, hand };
    if (format) base.format = format;
    const calls = this.calls();
    if (calls.length) {
      const n = this.format().players;
      Object.assign(base, { auction: calls, seat: this.seat(), dealer: n - 1 });
    }
    let first = true;
    for (let samples = SLICE; samples <= MOST; samples += SLICE) {
      let answer;
      try {
        answer = await this.ask({ ...base, samples });
      } catch (e) {
        this.showProblem(e);
        return;
      }
      if (seq !== this._seq) return;
      if (answer.error) {
        const inAuction = answer.error.field === "auction" || answer.error.field === "seat";
        this.setAuctionError(inAuction ? answer.error.message : null);
        this.setHandError(inAuction ? null : answer.error.message);
        replace(this._advice, h("p", { class: "sr-empty" }, `No figures yet: correct ${inAuction ? "the calls" : "the hand"} above.`));
        this.clearTables();
        this._progressText.textContent = "";
        this.announce(`Not evaluated: ${answer.error.message}`);
        return;
      }
      this.setHandError(null);
      this.setAuctionError(null);
      this.show(answer, samples < MOST);
      if (first) {
        if (reveal) {
          this.settleStatusBox();
          if (fitsBand(this._hand, this._advice)) bringIntoView(this._hand, this._advice);
        }
        const rec = answer.recommendation;
        this.announce(`${recommendation(rec, samples < MOST)} ${rec.reason}`);
        first = false;
      }
    }
    this.announce(`The figures are final: ${MOST} deals played out for each trump. ${recommendation(this._answer.recommendation)}`);
  }

  show(answer, more) {
    this._answer = answer;
    const rec = answer.recommendation;
    this._progressText.textContent = more
      ? `${answer.samples} deals played out for each trump so far; the figures sharpen as more are played.`
      : `${answer.samples} deals played out for each trump.`;
    // The recommendation's two lines are kept and their words changed as the figures sharpen, so
    // that what the reader is looking at (or a screen reader is on) stays where it is.
    let winner = this._advice.querySelector(".sr-verdict__winner");
    let reason = this._advice.querySelector(".sr-verdict__reason");
    if (!winner || !reason) {
      winner = h("p", { class: "sr-verdict__winner" });
      reason = h("p", { class: "sr-verdict__reason" });
      replace(this._advice, winner, reason);
    }
    // Until the last slice the call is marked as provisional: the figures may still move it.
    winner.classList.toggle("sr-worth__provisional", more);
    if (more) winner.dataset.provisional = "";
    else delete winner.dataset.provisional;
    replace(winner, h("strong", {}, recommendation(rec, more)));
    reason.textContent = rec.reason;
    const trumps = answer.trumps.filter((t) => t.samples > 0);
    const sure = madeEveryDeal(trumps);
    const columns = trumps.length ? trumps[0].bids.slice(sure).map((b) => `Bid ${b.bid}`) : [];
    if (sure) columns.unshift(`Bids ${bidRange(trumps[0].bids, sure)}`);
    // The recommended call's cell is marked (its trump's row, its bid's column, the joined column
    // when the bid is among the bids made in every deal); a pass marks none.
    const recIndex = rec.bid === null ? -1 : trumps.length ? trumps[0].bids.findIndex((b) => b.bid === rec.bid) : -1;
    const recColumn = recIndex < 0 ? -1 : sure && recIndex < sure ? 0 : recIndex - sure + (sure ? 1 : 0);
    const cell = (t, column, p) => {
      const marked = t.trump === rec.trump && column === recColumn;
      return h("td", { class: `sr-num ${shade(p)}${marked ? " sr-worth__rec" : ""}`, "data-recommended": marked ? (more ? "so far" : "final") : null }, percent(p));
    };
    const rows = trumps.map((t) =>
      h(
        "tr",
        { "data-trump": t.trump },
        h("th", { scope: "row" }, t.label, h("span", { class: "sr-worth__mean" }, ` ${t.mean.toFixed(1)} points`)),
        sure ? cell(t, 0, 1) : null,
        t.bids.slice(sure).map((b, i) => cell(t, i + (sure ? 1 : 0), b.p_make)),
      ),
    );
    // The tables' scrolling regions stay in place across slices (only their tables are replaced), so
    // a reader who has tabbed into one keeps the focus while the figures sharpen.
    if (!this._heatWrap) {
      this._heatWrap = h("div", { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "Chance of making each bid, by trump" });
      this._heatKey = h("p", { class: "sr-hint sr-worth__key" });
      replace(this._heat, h("h3", {}, "Chance of making each bid"), this._heatKey, this._heatWrap);
      // The map is scrolled to the recommended bid as the figures come in, until the reader
      // scrolls it themselves.
      this._heatFollows = true;
      const stop = () => {
        this._heatFollows = false;
      };
      for (const type of ["pointerdown", "wheel", "touchstart", "keydown"]) this._heatWrap.addEventListener(type, stop, { passive: true });
    }
    replace(
      this._heatWrap,
      h(
        "table",
        { class: "sr-table sr-worth__table" },
        h("caption", { class: "sr-vh" }, `Chance of making each bid (columns) with each trump (rows), and the side's average points${recColumn >= 0 ? `; the ${more ? "call recommended so far" : "recommended call"}, ${advisedCall(rec)}, is outlined` : ""}`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Trump"), columns.map((c) => h("th", { scope: "col", class: "sr-num" }, c)))),
        h("tbody", {}, rows),
      ),
    );
    this._heatKey.textContent = recColumn >= 0 ? `The outlined cell is the ${more ? "call recommended so far" : "recommended call"}: ${advisedCall(rec)}.` : "";
    this._heatKey.hidden = recColumn < 0;
    if (this._heatFollows) this.scrollHeatTo(rec.bid);
    // The trump choice for the bids table: kept across slices, the recommended trump at first.
    const chosen = this._trump.value && trumps.some((t) => t.trump === this._trump.value) && this._trumpFor === this._seq ? this._trump.value : rec.trump;
    const listed = trumps.map((t) => t.trump).join(" ");
    if (listed !== this._trumpsListed) {
      clear(this._trump);
      for (const t of trumps) this._trump.appendChild(h("option", { value: t.trump }, t.label));
      this._trumpsListed = listed;
    }
    this._trump.value = chosen;
    this._trump.disabled = trumps.length < 2;
    this._trumpFor = this._seq;
    this.showBids();
  }

  // Scrolls the heat map sideways so that the column of the bid (the lowest bid on a pass) is in
  // view with two columns before it, the trumps' column staying put (it is sticky).
  scrollHeatTo(bid) {
    const wrap = this._heatWrap;
    const heads = [...wrap.querySelectorAll("thead th")];
    if (heads.length < 2 || wrap.scrollWidth <= wrap.clientWidth) return;
    const target = heads.find((th) => th.textContent === `Bid ${bid}`) || heads[1];
    const before = heads[Math.max(1, heads.indexOf(target) - 2)];
    wrap.scrollLeft = Math.max(0, before.offsetLeft - heads[0].offsetWidth);
  }

  clearTables() {
    clear(this._heat);
    clear(this._bids);
    this._heatWrap = null;
    this._bidsWrap = null;
  }

  showBids() {
    const answer = this._answer;
    if (!answer) return;
    const t = answer.trumps.find((x) => x.trump === this._trump.value);
    if (!t) {
      clear(this._bids);
      this._bidsWrap = null;
      return;
    }
    const low = t.interval ? `${t.interval[0].toFixed(1)} to ${t.interval[1].toFixed(1)}` : "not yet known";
    if (!this._bidsWrap) {
      this._bidsHint = h("p", { class: "sr-hint" });
      this._bidsWrap = h("div", { class: "sr-table-wrap", tabindex: "0", role: "region" });
      this._setPrice = h("p", { class: "sr-worth__set" });
      // The table's terms in plain words, under it.
      const gloss = h(
        "dl",
        { class: "sr-worth__gloss" },
        h("dt", {}, "Made"),
        h("dd", {}, "The share of the deals played out in which your side took at least the bid."),
        h("dt", {}, "95% interval"),
        h("dd", {}, "Where the true share lies, 19 times in 20, judging from the deals played so far; it narrows as more are played."),
        h("dt", {}, "Expected score"),
        h("dd", {}, "What the bid does to your side's score on average over those deals, a set counted at its price."),
      );
      replace(
        this._bids,
        h("h3", {}, "Each bid with one trump"),
        h("div", { class: "sr-field" }, h("label", { for: this._trump.id }, "Trump"), this._trump),
        this._bidsHint,
        this._bidsWrap,
        this._setPrice,
        gloss,
      );
    }
    this._setPrice.textContent = answer.set_price || "";
    this._bidsHint.textContent = `With ${t.label} your side takes ${t.mean.toFixed(1)} points on average (95% interval ${low}).`;
    this._bidsWrap.setAttribute("aria-label", `Each bid with ${t.label}`);
    replace(
      this._bidsWrap,
      h(
        "table",
        { class: "sr-table sr-worth__bidtable" },
        h("caption", { class: "sr-vh" }, `Each bid with ${t.label}: the chance of making it and its expected score`),
        h("thead", {}, h("tr", {}, ["Bid", "Made", "95% interval", "Expected score"].map((c) => h("th", { scope: "col" }, c)))),
        h(
          "tbody",
          {},
          this.bidRows(t),
        ),
      ),
    );
  }

  // The rows of the bids table: the lowest bids made in every deal joined into one row (their
  // chance, interval and expected score are the same: a made bid scores the points taken).
  bidRows(t) {
    const sure = madeEveryDeal([t]);
    const row = (label, b) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, label),
        h("td", { class: "sr-num" }, percent(b.p_make)),
        h("td", { class: "sr-num" }, `${percent(b.interval[0])} to ${percent(b.interval[1])}`),
        h("td", { class: "sr-num" }, signed(Math.round(b.score * 10) / 10)),
      );
    return [sure ? row(bidRange(t.bids, sure), t.bids[sure - 1]) : null, ...t.bids.slice(sure).map((b) => row(String(b.bid), b))];
  }
}

defineWidget("somerset-worth", SomersetWorth);
