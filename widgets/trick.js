// <somerset-trick rules="parker-1947" trump="2" cards="8/8,6/8,4/10,0/2" [permalink]>
// Trick resolver: pick a ruleset (or all of them), a trump and the cards in play order; the
// engine says which card takes the trick, why, and where the rule is written. With `permalink`
// (the tool page) the state is read from and written to the address.

import { engine } from "./engine.js";
import {
  EngineWidget,
  addressParams,
  askOnce,
  citationLink,
  clear,
  defineOnce,
  h,
  interpretationNote,
  nextId,
  ordinal,
  replace,
  rulesetList,
  fillRulesetSelect,
  writeAddress,
} from "./ui.js";

const DEFAULT_RULES = "parker-1947";
const ALL = "all";

function splitCards(text) {
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

function suitName(n) {
  return n === null ? "Special" : `/${n} suit`;
}

class SomersetTrick extends EngineWidget {
  build() {
    const id = nextId("trick");
    this._ids = { rules: `${id}-rules`, trump: `${id}-trump`, cards: `${id}-cards`, hint: `${id}-hint`, err: `${id}-err` };
    const fromAddress = this.hasAttribute("permalink") ? addressParams(["rules", "trump", "cards"]) : {};
    // A link with any of the state in its address describes the whole state; else the attributes.
    this._stateFromAddress = Object.keys(fromAddress).length > 0;
    const source = Object.keys(fromAddress).length > 0 ? (name) => fromAddress[name] : (name) => this.getAttribute(name);
    this._wanted = {
      rules: source("rules") || DEFAULT_RULES,
      trump: source("trump") || "",
      cards: source("cards") || "",
    };
    this._seq = 0;

    this._rules = h("select", { id: this._ids.rules, disabled: true }, h("option", { value: "" }, "Listed once the engine starts"));
    this._trump = h("select", { id: this._ids.trump, disabled: true }, h("option", { value: "" }, "—"));
    this._rulesErr = h("p", { class: "sr-field-error", id: `${id}-rules-err`, hidden: true });
    this._trumpErr = h("p", { class: "sr-field-error", id: `${id}-trump-err`, hidden: true });
    this._cards = h("input", {
      id: this._ids.cards,
      type: "text",
      inputmode: "text",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      "aria-describedby": `${this._ids.hint} ${this._ids.err}`,
      value: this._wanted.cards,
      placeholder: "e.g. 8/8, 6/8, 4/10, 0/2",
    });
    this._cardsErr = h("p", { class: "sr-field-error", id: this._ids.err, hidden: true });
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._picker = h("div", { class: "sr-picker" });
    this._result = h("div", { class: "sr-result" });
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });

    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.resolve()) },
      h(
        "div",
        { class: "sr-row" },
        h("div", { class: "sr-field" }, h("label", { for: this._ids.rules }, "Ruleset"), this._rules, this._rulesErr),
        h("div", { class: "sr-field" }, h("label", { for: this._ids.trump }, "Trump"), this._trump, this._trumpErr),
      ),
      h(
        "div",
        { class: "sr-field sr-field--wide" },
        h("label", { for: this._ids.cards }, "Cards in play order (the first card is the lead)"),
        h(
          "div",
          { class: "sr-inline" },
          this._cards,
          h("button", { type: "submit", class: "md-button md-button--primary" }, "Resolve"),
        ),
        h("p", { class: "sr-hint", id: this._ids.hint }, "Type cards such as 4/8, 0/0 or S/S, separated by commas or spaces, or pick them below."),
        this._cardsErr,
      ),
      h(
        "div",
        { class: "sr-inline sr-actions" },
        h("button", { type: "button", class: "md-button", onclick: () => this.removeLast() }, "Remove last card"),
        h("button", { type: "button", class: "md-button", onclick: () => this.clearCards() }, "Clear cards"),
      ),
      this._picker,
    );
    this._rules.addEventListener("change", () => this.rulesChanged());
    this._trump.addEventListener("change", () => this.resolve());
    this._cards.addEventListener("input", () => {
      clearTimeout(this._typing);
      this._typing = setTimeout(() => this.resolve(), 350);
    });
    this._cards.addEventListener("change", () => this.resolve());

    replace(
      this,
      h("p", { class: "sr-widget__title" }, "Trick resolver"),
      this.statusBox(),
      this._notice,
      form,
      h("h3", { class: "sr-vh" }, "Verdict"),
      this._result,
      this._live,
    );
  }

  async onReady() {
    this._rulesets = await rulesetList();
    const current = this._rules.value || this._wanted.rules;
    const notices = [];
    fillRulesetSelect(this._rules, this._rulesets, current, DEFAULT_RULES, notices);
    await this.fillTrumps(this._wanted.trump, notices);
    this._wanted.trump = "";
    this.showNotice(notices);
    await this.fillPicker();
    if (this._cards.value.trim()) await this.resolve();
    else this.showEmpty();
  }

  rulesetName(id) {
    const r = (this._rulesets || []).find((x) => x.id === id);
    return r ? r.short_name : id;
  }

  showNotice(lines) {
    this._notice.hidden = lines.length === 0;
    replace(this._notice, lines.join(" "));
  }

  trumpOptions() {
    const id = this._rules.value;
    if (id !== ALL) return (this._rulesets.find((r) => r.id === id) || this._rulesets[0]).trumps;
    // Every trump some ruleset allows, in suit order; rulesets without it are listed as skipped.
    const seen = new Map();
    for (const r of this._rulesets) for (const t of r.trumps) if (!seen.has(t.value)) seen.set(t.value, t);
    const key = (v) => (v === "nt" ? 1000 : v === "0" ? 999 : Number(v));
    return [...seen.values()].sort((a, b) => key(a.value) - key(b.value));
  }

  async fillTrumps(wantedTrump, notices = []) {
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

  async fillPicker() {
    const id = this._rules.value;
    const deck = id === ALL ? "triple" : (this._rulesets.find((r) => r.id === id) || {}).deck || "double";
    if (this._pickerDeck === deck) return this.markPicked();
    this._pickerDeck = deck;
    const pack = await askOnce({ cmd: "pack", deck });
    const groups = new Map();
    for (const c of pack.cards) {
      const key = c.suit === null || c.suit === 0 ? null : c.suit;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(c);
    }
    const keys = [...groups.keys()].sort((a, b) => (a === null ? -1 : b === null ? 1 : a - b));
    const details = h(
      "div",
      { class: "sr-picker__box", role: "group", "aria-label": `Card picker: the ${deck} pack` },
      h("p", { class: "sr-picker__title" }, `Pick cards from the ${deck} pack`),
      h("p", { class: "sr-hint" }, "Press a card to add it to the trick; press it again to take it out. Red cards are count cards."),
    );
    this._buttons = new Map();
    for (const key of keys) {
      const cards = groups.get(key);
      const fs = h("fieldset", { class: "sr-suit" }, h("legend", {}, key === null ? "Special cards" : suitName(key)));
      for (const c of cards) {
        // The name starts with the text on the button (WCAG's label in name: "press 4/8" works).
        const label = c.count ? `${c.card}, ${c.label}, a count card worth ${c.count}` : `${c.card}, ${c.label}`;
        const b = h(
          "button",
          {
            type: "button",
            class: `sr-card${c.count ? " sr-card--count" : ""}${c.double ? " sr-card--double" : ""}`,
            "aria-label": label,
            "aria-pressed": "false",
            title: label,
            "data-card": c.card,
            onclick: () => this.toggleCard(c.card),
          },
          c.card,
        );
        this._buttons.set(c.card, b);
        fs.appendChild(b);
      }
      details.appendChild(fs);
    }
    replace(this._picker, details);
    this.markPicked();
  }

  // Which picker buttons are in the trick: canonical names from the engine's last answer,
  // else the typed tokens as written.
  markPicked() {
    if (!this._buttons) return;
    const inTrick = new Set((this._canonical || splitCards(this._cards.value)).map((t) => t.toUpperCase()));
    for (const [card, b] of this._buttons) b.setAttribute("aria-pressed", inTrick.has(card.toUpperCase()) ? "true" : "false");
  }

  toggleCard(card) {
    const tokens = this._canonical && this._canonicalFor === this._cards.value ? [...this._canonical] : splitCards(this._cards.value);
    const i = tokens.findIndex((t) => t.toUpperCase() === card.toUpperCase());
    if (i >= 0) tokens.splice(i, 1);
    else tokens.push(card);
    this.setCards(tokens);
  }

  removeLast() {
    const tokens = splitCards(this._cards.value);
    tokens.pop();
    this.setCards(tokens);
  }

  clearCards() {
    this.setCards([]);
    this._cards.focus();
  }

  setCards(tokens) {
    this._cards.value = tokens.join(", ");
    this._canonical = null;
    this.resolve();
  }

  async rulesChanged() {
    this.showNotice([]);
    await this.fillTrumps("");
    await this.fillPicker();
    await this.resolve();
  }

  setFieldError(field, message) {
    const pairs = [
      ["rules", this._rules, this._rulesErr],
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

  showEmpty() {
    this.setFieldError(null);
    replace(this._result, h("p", { class: "sr-empty" }, "Enter or pick the cards of a trick, in the order they were played, to see which one takes it."));
    this._canonical = null;
    this.markPicked();
    this.saveAddress();
  }

  saveAddress(cards) {
    if (!this.hasAttribute("permalink") || this._rules.disabled) return;
    writeAddress({
      rules: this._rules.value,
      trump: this._trump.value,
      cards: cards ? cards.join(",") : splitCards(this._cards.value).join(","),
    });
  }

  async resolve() {
    clearTimeout(this._typing);
    if (engine.state.status !== "ready" || !this._rulesets) return;
    const text = this._cards.value;
    if (!text.trim()) return this.showEmpty();
    const seq = ++this._seq;
    const request = { cmd: "trick", rules: this._rules.value, trump: this._trump.value, cards: text.slice(0, 400) };
    this._result.setAttribute("aria-busy", "true");
    let response;
    try {
      response = await engine.ask(request);
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
      this.markPicked();
      this.saveAddress();
      return;
    }
    this.setFieldError(null);
    const cards = response.results ? (response.results[0] || {}).cards : response.cards;
    this._canonical = Array.isArray(cards) ? cards.map(String) : null;
    if (this._canonical && document.activeElement !== this._cards) this._cards.value = this._canonical.join(", ");
    this._canonicalFor = this._cards.value;
    this.markPicked();
    this.saveAddress(this._canonical);
    if (response.results) this.showAll(response);
    else this.showOne(response);
  }

  winnerWords(v) {
    const pos = ordinal(Number(v.winner) + 1);
    return { pos, text: `${v.card}, the ${pos} card played, takes the trick` };
  }

  showOne(v) {
    const { pos, text } = this.winnerWords(v);
    const lead = v.winner === 0 ? " (the leader)" : "";
    replace(
      this._result,
      h(
        "div",
        { class: "sr-verdict" },
        h("p", { class: "sr-verdict__winner" }, h("strong", {}, text), "."),
        h("p", {}, `It was played by the ${pos} player${lead}. Ruleset: ${v.ruleset_name}; trump: ${v.trump_label}.`),
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
    const rows = results.map((v) => {
      const dissent = Boolean(v.dissent);
      return h(
        "tr",
        { class: dissent ? "sr-dissent" : null, "data-ruleset": v.ruleset },
        h("th", { scope: "row" }, v.ruleset_name),
        h(
          "td",
          {},
          h("span", { class: "sr-nowrap" }, `${v.card} (${ordinal(v.winner + 1)})`),
          dissent ? h("span", { class: "sr-badge" }, "differs from the majority") : null,
        ),
        h("td", {}, h("span", {}, String(v.reason)), " ", citationLink(v.citation), interpretationNote(v.interpretation)),
      );
    });
    const skipped = (resp.skipped || []).map((s) =>
      h("li", {}, h("strong", {}, this.rulesetName(s.ruleset)), `: ${s.reason}`),
    );
    replace(
      this._result,
      h("p", { class: "sr-verdict__winner" }, h("strong", {}, summary)),
      h(
        "div",
        { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "Verdicts by ruleset" },
        h(
          "table",
          { class: "sr-table" },
          h("caption", { class: "sr-vh" }, `Trick ${results.length ? results[0].cards.join(", ") : ""} under each ruleset`),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Ruleset"), h("th", { scope: "col" }, "Takes the trick"), h("th", { scope: "col" }, "Why"))),
          h("tbody", {}, rows),
        ),
      ),
      skipped.length ? h("div", { class: "sr-skipped" }, h("p", {}, "Not resolved under these rulesets:"), h("ul", {}, skipped)) : null,
    );
    this.announce(summary);
  }
}

defineOnce("somerset-trick", SomersetTrick);
