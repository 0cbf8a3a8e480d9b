// <somerset-trick rules="parker-1947" trump="2" cards="8/8,6/8,4/10,0/2" [permalink]>
// Trick resolver, made to settle a trick at the table on a phone: a ruleset (the reader's own by
// default, or all of them), a trump, and the cards in play order, entered on a pad (suit, then
// rank, laid out for the ruleset's pack), typed in the engine's notation, or by keyboard alone.
// The trick is drawn as seats round a table; the engine says which card takes it, why, and where
// the rule is written. With `permalink` (the tool page) the state is read from and written to the
// address.

import {
  RulesetChoice,
  Widget,
  cardWords,
  citationLink,
  clear,
  defineWidget,
  h,
  interpretationNote,
  nextId,
  ordinal,
  packInfo,
  replace,
  rulesetList,
  trickSeats,
} from "./ui.js";

const DEFAULT_RULES = "parker-1947";
const ALL = "all";

function splitCards(text) {
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

class SomersetTrick extends Widget {
  static fields = ["rules", "trump", "cards"];
  static defaults = { rules: DEFAULT_RULES };
  static remembersRuleset = true;

  build() {
    const id = nextId("trick");
    this._id = id;
    this._seq = 0;
    this._suit = null; // the suit whose ranks the pad shows, or null for the suits
    this._info = new Map();

    this._choice = new RulesetChoice(`${id}-rules`, { compact: true });
    this._rules = this._choice.select;
    this._trump = h("select", { id: `${id}-trump`, disabled: true }, h("option", { value: "" }, "—"));
    this._trumpErr = h("p", { class: "sr-field-error", id: `${id}-trump-err`, hidden: true });
    this._cards = h("input", {
      id: `${id}-cards`,
      type: "text",
      inputmode: "text",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      enterkeyhint: "done",
      "aria-describedby": `${id}-hint ${id}-err`,
      value: this.wanted.cards,
      placeholder: "e.g. 8/8, 6/8, 4/10, 0/2",
    });
    this._cardsErr = h("p", { class: "sr-field-error", id: `${id}-err`, hidden: true });
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._seats = h("div", { class: "sr-resolver__seats" });
    this._pad = h("div", { class: "sr-keypad", role: "group", "aria-label": "Card pad: a suit, then its rank", "aria-describedby": `${id}-padkeys` });
    // The pad is there before the engine (ui.js: prepare()); the engine's status goes below it,
    // where the verdict comes, so nothing above moves when the status goes.
    this._padBox = h("div", { class: "sr-keypad__box" }, this._pad);
    this._result = h("div", { class: "sr-result sr-resolver__verdict" });
    this.liveRegion();

    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.resolve()) },
      h(
        "div",
        { class: "sr-row sr-resolver__row" },
        this._choice.field,
        h("div", { class: "sr-field sr-field--trump" }, h("label", { for: this._trump.id }, "Trump"), this._trump, this._trumpErr),
      ),
      h(
        "div",
        { class: "sr-field sr-field--cards" },
        h("label", { for: this._cards.id }, "Cards in play order, the lead first"),
        h(
          "div",
          { class: "sr-resolver__entry" },
          this._cards,
          h("button", { type: "button", class: "md-button", onclick: () => this.removeLast() }, "Undo"),
          h("button", { type: "button", class: "md-button", onclick: () => this.clearCards() }, "Clear"),
        ),
        h("p", { class: "sr-hint", id: `${id}-hint` }, "Type 4/8, 48, 0/0 or S/S, or use the pad."),
        this._cardsErr,
      ),
      this._seats,
      this._padBox,
      h("p", { class: "sr-vh", id: `${id}-padkeys` }, "Arrow keys move along the pad; Escape goes back to the suits."),
    );
    this._rules.addEventListener("change", () => this.rulesChanged());
    this._trump.addEventListener("change", () => this.resolve());
    this._cards.addEventListener("input", () => {
      clearTimeout(this._typing);
      this._canonical = null;
      this._typing = setTimeout(() => this.resolve(), 350);
    });
    this._cards.addEventListener("change", () => this.resolve());

    replace(this, h("p", { class: "sr-widget__title" }, "Trick resolver"), this._notice, form, this.statusBox(), h("h3", { class: "sr-vh" }, "Verdict"), this._result, this._live);
    this.drawSeats();
    this.showEmpty(false);
  }

  // After Start, keyboard focus goes to the pad, where the cards are entered.
  firstControl() {
    return this._pad.querySelector('button[tabindex="0"]') || this._cards;
  }

  // The inputs, from the build's fixed answers: usable while the engine downloads.
  async prepare() {
    this._rulesets = await rulesetList();
    const current = this._rules.value || this.wanted.rules;
    const notices = [];
    this._choice.fill(this._rulesets, current, DEFAULT_RULES, notices);
    this.fillTrumps(this.wanted.trump, notices);
    this.wanted.trump = "";
    this.showNotice(notices);
    await this.fillPad();
  }

  async onReady() {
    if (this._cards.value.trim()) await this.resolve();
    else this.showEmpty();
  }

  rulesetName(id) {
    return this._choice.name(id);
  }

  showNotice(lines) {
    this._notice.hidden = lines.length === 0;
    replace(this._notice, lines.join(" "));
  }

  ruleset() {
    return this._rulesets.find((r) => r.id === this._rules.value) || null;
  }

  trumpOptions() {
    const r = this.ruleset();
    if (r) return r.trumps;
    // All rulesets: every trump some ruleset allows, in suit order; rulesets without it are listed as skipped.
    const seen = new Map();
    for (const x of this._rulesets) for (const t of x.trumps) if (!seen.has(t.value)) seen.set(t.value, t);
    const key = (v) => (v === "nt" ? 1000 : v === "0" ? 999 : Number(v));
    return [...seen.values()].sort((a, b) => key(a.value) - key(b.value));
  }

  fillTrumps(wantedTrump, notices = []) {
    const previous = wantedTrump || this._trump.value;
    const options = this.trumpOptions();
    clear(this._trump);
    for (const t of options) this._trump.appendChild(h("option", { value: t.value }, t.label));
    const want = String(previous || "").trim().toLowerCase().replace(/^\//, "");
    if (options.some((t) => t.value === want)) this._trump.value = want;
    else {
      this._trump.value = options[0].value;
      if (wantedTrump) notices.push(`“${wantedTrump}” is not a trump this ruleset allows; showing ${options[0].label} instead.`);
    }
    this._trump.disabled = false;
  }

  // --- the pad ---------------------------------------------------------------------------------

  async fillPad() {
    const r = this.ruleset();
    const deck = r ? r.deck : "triple"; // all rulesets: the biggest pack holds every card
    if (this._deck !== deck) {
      const pack = await packInfo({ deck });
      this._deck = deck;
      this._info = pack.byCard;
      this._suits = [...new Set(pack.cards.filter((c) => c.suit !== null && c.suit > 0).map((c) => c.suit))].sort((a, b) => a - b);
      this._specials = pack.cards.filter((c) => c.suit === null || c.suit === 0).map((c) => c.card);
      this._suit = null;
    }
    this.drawPad();
    this.drawSeats();
  }

  // Draws the pad's suits or ranks. `focus` picks the key that takes the tab stop (and the focus,
  // when the pad had it); by default the key that had the focus keeps it.
  drawPad(focus = null) {
    if (!this._suits) return null;
    const had = this._pad.contains(document.activeElement) ? document.activeElement : null;
    const same = had ? (b) => (had.dataset.card ? b.dataset.card === had.dataset.card : had.dataset.suit ? b.dataset.suit === had.dataset.suit : b.classList.contains("sr-keypad__back")) : null;
    const inTrick = new Set(this.currentCards().map((c) => c.toUpperCase()));
    const buttons = [];
    if (this._suit === null) {
      this._pad.dataset.view = "suits";
      this._pad.setAttribute("aria-label", `Card pad, the ${this._deck} pack: choose a suit`);
      for (const s of this._suits) {
        const held = [...inTrick].filter((c) => c.endsWith(`/${s}`)).length;
        buttons.push(
          h(
            "button",
            { type: "button", class: "sr-keypad__key sr-keypad__suit", "data-suit": String(s), "aria-label": `the /${s} suit${held ? `, ${held} in the trick` : ""}`, onclick: () => this.chooseSuit(s) },
            `/${s}`,
          ),
        );
      }
      for (const card of this._specials) buttons.push(this.cardKey(card, card, inTrick));
    } else {
      const s = this._suit;
      this._pad.dataset.view = "ranks";
      this._pad.setAttribute("aria-label", `Card pad: the rank in the /${s} suit`);
      buttons.push(
        h("button", { type: "button", class: "sr-keypad__key sr-keypad__back", "aria-label": "Back to the suits", onclick: () => this.backToSuits() }, "← /", h("span", { class: "sr-keypad__of" }, String(s))),
      );
      for (let rank = 0; rank <= s; rank++) buttons.push(this.cardKey(`${rank}/${s}`, String(rank), inTrick));
    }
    replace(this._pad, buttons);
    // One tab stop in the pad (arrow keys move along it).
    const target =
      (focus && buttons.find(focus)) || (same && buttons.find(same)) || buttons.find((b) => b.classList.contains("sr-keypad__suit") || b.dataset.card) || buttons[0];
    for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    this._padButtons = buttons;
    if (had) target.focus();
    return target;
  }

  cardKey(card, text, inTrick) {
    const info = this._info.get(card);
    return h(
      "button",
      {
        type: "button",
        class: `sr-keypad__key sr-keypad__card${info && info.count ? " sr-keypad__card--count" : ""}`,
        "data-card": card,
        "aria-label": cardWords(card, info),
        "aria-pressed": String(inTrick.has(card.toUpperCase())),
        onclick: () => this.pickCard(card),
      },
      h("span", { class: "sr-keypad__rank" }, text),
      info && info.count ? h("span", { class: "sr-keypad__count", "aria-hidden": "true" }, String(info.count)) : null,
    );
  }

  padKeys(e) {
    const buttons = this._padButtons || [];
    const i = buttons.indexOf(document.activeElement);
    if (e.key === "Escape" && this._suit !== null) {
      e.preventDefault();
      this.backToSuits();
      return;
    }
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const cols = Math.max(1, Math.round(this._pad.clientWidth / (buttons[0]?.offsetWidth || 1)));
    const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + cols, ArrowUp: i - cols, Home: 0, End: buttons.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const j = Math.max(0, Math.min(buttons.length - 1, moves[e.key]));
    for (const b of buttons) b.tabIndex = -1;
    buttons[j].tabIndex = 0;
    buttons[j].focus();
  }

  chooseSuit(s) {
    this._suit = s;
    this.drawPad((b) => Boolean(b.dataset.card));
  }

  backToSuits() {
    const s = this._suit;
    this._suit = null;
    this.drawPad((b) => b.dataset.suit === String(s));
  }

  pickCard(card) {
    const suit = this._suit;
    this._suit = null;
    this.drawPad((b) => (suit === null ? b.dataset.card === card : b.dataset.suit === String(suit)));
    this.toggleCard(card);
  }

  // --- the cards ---------------------------------------------------------------------------------

  // The cards of the trick: the engine's canonical names for what was last resolved, else the
  // typed tokens as written.
  currentCards() {
    return this._canonical && this._canonicalFor === this._cards.value ? [...this._canonical] : splitCards(this._cards.value);
  }

  toggleCard(card) {
    const tokens = this.currentCards();
    const i = tokens.findIndex((t) => t.toUpperCase() === card.toUpperCase());
    if (i >= 0) tokens.splice(i, 1);
    else tokens.push(card);
    this.setCards(tokens);
  }

  removeLast() {
    const tokens = this.currentCards();
    tokens.pop();
    this.setCards(tokens);
  }

  clearCards() {
    this.setCards([]);
  }

  setCards(tokens) {
    this._cards.value = tokens.join(", ");
    this._canonical = null;
    this.drawPad();
    this.drawSeats();
    this.resolve();
  }

  async rulesChanged() {
    this.showNotice([]);
    this.fillTrumps("");
    await this.fillPad();
    await this.resolve();
  }

  // The trick as seats round a table, the first card at the bottom, the winner marked.
  drawSeats(verdict = null) {
    const cards = verdict ? verdict.cards : this.currentCards().filter((c) => /^(\d{1,2}\/\d{1,2}|S\/S)$/i.test(c));
    const r = this._rulesets && this.ruleset();
    const seats = Math.min(Math.max(4, cards.length), r ? r.max_players : 8);
    replace(
      this._seats,
      trickSeats({
        players: Math.max(seats, cards.length),
        leader: 0,
        cards,
        winner: verdict ? verdict.winner : null,
        name: (seat) => ordinal(seat + 1),
        info: this._info,
        size: "small",
        caption: "The trick in play order",
      }),
    );
  }

  setFieldError(field, message) {
    const pairs = [
      ["rules", this._rules, this._choice.error],
      ["trump", this._trump, this._trumpErr],
      ["cards", this._cards, this._cardsErr],
    ];
    for (const [name, control, box] of pairs) {
      const on = name === field && message;
      box.hidden = !on;
      box.textContent = on ? message : "";
      if (on) {
        control.setAttribute("aria-invalid", "true");
        if (name !== "cards") control.setAttribute("aria-describedby", box.id);
      } else {
        control.removeAttribute("aria-invalid");
        if (name !== "cards") control.removeAttribute("aria-describedby");
      }
    }
  }

  showEmpty(save = true) {
    this.setFieldError(null);
    const words =
      this.engineReady || !this._cards.value.trim()
        ? "Enter the cards of a trick, in the order they were played, to see which one takes it."
        : "The verdict shows here once the engine has started.";
    replace(this._result, h("p", { class: "sr-empty" }, words));
    this._canonical = null;
    this.drawPad();
    this.drawSeats();
    if (save) this.saveAddress();
  }

  saveAddress(cards) {
    if (this._rules.disabled) return;
    this.saveState({
      rules: this._rules.value,
      trump: this._trump.value,
      cards: cards ? cards.join(",") : splitCards(this._cards.value).join(","),
    });
  }

  // --- the engine: one request per resolve ------------------------------------------------------

  async resolve() {
    clearTimeout(this._typing);
    if (!this.engineReady || !this._rulesets) return;
    const text = this._cards.value;
    if (!text.trim()) return this.showEmpty();
    const seq = ++this._seq;
    const request = { cmd: "trick", rules: this._rules.value, trump: this._trump.value, cards: text.slice(0, 400) };
    this._result.setAttribute("aria-busy", "true");
    let response;
    try {
      response = await this.ask(request);
    } catch (e) {
      this._result.removeAttribute("aria-busy");
      return this.showProblem(e);
    }
    if (seq !== this._seq) return; // a newer request is on its way
    this._result.removeAttribute("aria-busy");
    if (response.error) {
      const field = ["rules", "trump", "cards"].includes(response.error.field) ? response.error.field : "cards";
      this.setFieldError(field, response.error.message);
      replace(this._result, h("p", { class: "sr-empty" }, "No verdict yet: correct the cards above."));
      this.announce(`Not resolved: ${response.error.message}`);
      this._canonical = null;
      this.drawPad();
      this.drawSeats();
      this.saveAddress();
      return;
    }
    this.setFieldError(null);
    const first = response.results ? response.results[0] || {} : response;
    const cards = first.cards;
    this._canonical = Array.isArray(cards) ? cards.map(String) : null;
    if (this._canonical && document.activeElement !== this._cards) this._cards.value = this._canonical.join(", ");
    this._canonicalFor = this._cards.value;
    this.drawPad();
    this.saveAddress(this._canonical);
    if (response.results) {
      this.drawSeats(response.agree ? first : { cards: first.cards, winner: null });
      this.showAll(response);
    } else {
      this.drawSeats(response);
      this.showOne(response);
    }
  }

  winnerWords(v) {
    const pos = ordinal(Number(v.winner) + 1);
    return { pos, text: `${v.card}, the ${pos} card played, takes the trick` };
  }

  showOne(v) {
    const { text } = this.winnerWords(v);
    // The same verdict asked for twice (a late start-up request, a repeated tap) is left in place,
    // so it neither flickers nor is announced again.
    const key = JSON.stringify([this._rules.value, this._trump.value, v.cards, v.winner, v.reason]);
    if (this._shown === key && this._result.querySelector(".sr-verdict")) return;
    this._shown = key;
    replace(
      this._result,
      h(
        "div",
        { class: "sr-verdict" },
        h("p", { class: "sr-verdict__winner" }, h("strong", {}, text), "."),
        h("p", { class: "sr-verdict__reason" }, String(v.reason)),
        h("p", { class: "sr-verdict__cite" }, "Rule: ", citationLink(v.citation)),
        interpretationNote(v.interpretation),
      ),
    );
    this.announce(`${text}. ${v.reason}${v.interpretation ? " This is an interpretation." : ""}`);
  }

  showAll(resp) {
    const results = resp.results || [];
    const groups = new Map();
    for (const v of results) {
      const key = `${v.winner}|${v.card}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(v);
    }
    const ranked = [...groups.values()].sort((a, b) => b.length - a.length);
    let summary;
    if (ranked.length === 1) {
      const { text } = this.winnerWords(results[0]);
      summary = `All ${results.length} rulesets that can hold this trick agree: ${text}.`;
    } else {
      summary =
        "The rulesets disagree: " +
        ranked
          .map((g) => `${g.length === 1 ? g[0].ruleset_name : `${g.length} rulesets`} give${g.length === 1 ? "s" : ""} it to ${g[0].card} (the ${ordinal(g[0].winner + 1)} card)`)
          .join("; ") +
        ".";
    }
    // A table on wide screens; each row becomes a block on a phone (the roles keep it a table).
    const rows = results.map((v) => {
      const dissent = Boolean(v.dissent);
      return h(
        "tr",
        { class: dissent ? "sr-dissent" : null, "data-ruleset": v.ruleset, role: "row" },
        h("th", { scope: "row", role: "rowheader" }, v.ruleset_name),
        h(
          "td",
          { role: "cell", class: "sr-table__who" },
          h("span", { class: "sr-nowrap" }, `${v.card} (${ordinal(v.winner + 1)})`),
          dissent ? h("span", { class: "sr-badge" }, "differs from the majority") : null,
        ),
        h("td", { role: "cell", class: "sr-table__why" }, h("span", {}, String(v.reason)), " ", citationLink(v.citation), interpretationNote(v.interpretation)),
      );
    });
    const skipped = (resp.skipped || []).map((s) => h("li", {}, h("strong", {}, this.rulesetName(s.ruleset)), `: ${s.reason}`));
    replace(
      this._result,
      h("p", { class: "sr-verdict__winner" }, h("strong", {}, summary)),
      h(
        "div",
        { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "Verdicts side by side" },
        h(
          "table",
          { class: "sr-table sr-table--stack", role: "table" },
          h("caption", { class: "sr-vh" }, `Trick ${results.length ? results[0].cards.join(", ") : ""} under each ruleset`),
          h(
            "thead",
            { role: "rowgroup" },
            h("tr", { role: "row" }, h("th", { scope: "col", role: "columnheader" }, "Ruleset"), h("th", { scope: "col", role: "columnheader" }, "Takes the trick"), h("th", { scope: "col", role: "columnheader" }, "Why")),
          ),
          h("tbody", { role: "rowgroup" }, rows),
        ),
      ),
      skipped.length ? h("div", { class: "sr-skipped" }, h("p", {}, "Not resolved under these rulesets:"), h("ul", {}, skipped)) : null,
    );
    this.announce(summary);
  }

  connectedCallback() {
    super.connectedCallback();
    if (!this._padKeys && this._pad) {
      this._padKeys = (e) => this.padKeys(e);
      this._pad.addEventListener("keydown", this._padKeys);
    }
  }
}

defineWidget("somerset-trick", SomersetTrick);
