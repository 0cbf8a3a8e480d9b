// <somerset-trick rules="parker-1947" trump="2" cards="8/8,6/8,4/10,0/2" [permalink]>
// Trick resolver, made to settle a trick at the table on a phone: a ruleset (the reader's own by
// default, or all of them), a trump, and the cards in play order, entered on a pad (suit, then
// rank, laid out for the ruleset's pack), typed in the engine's notation, or by keyboard alone.
// The trick is drawn as seats round a table; the engine says which card takes it, why, and where
// the rule is written, and names each card that was legal only if its player held no card of the
// suit led (which a trick cannot show), with a switch that says the player still held one: the
// verdict on that play follows (a revoke, and what the ruleset says follows). With `permalink`
// (the tool page) the state is read from and written to the address.

import { citationHref } from "../engine/engine.js";
import {
  RulesetChoice,
  Widget,
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
  withTableRules,
} from "../base/ui.js";
import { CardPad } from "../views/card-pad.js";

const DEFAULT_RULES = "parker-1947";
const ALL = "all";

function splitCards(text) {
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

class SomersetTrick extends Widget {
  static fields = ["rules", "trump", "cards", "held"];
  static defaults = { rules: DEFAULT_RULES };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    const id = nextId("trick");
    this._id = id;
    this._seq = 0;
    this._whyOpen = false; // on a phone, whether the pinned verdict shows its reasons and rule
    // The places in the trick (0 = the lead) whose players still held a card of the suit led.
    this._held = new Set(
      String(this.wanted.held || "")
        .split(",")
        .map((t) => Number(t.trim()))
        .filter((n) => Number.isInteger(n) && n > 0 && n < 20),
    );

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
    this._pad = new CardPad({ id, onpick: (card) => this.toggleCard(card), chosen: () => this.currentCards(), what: "in the trick" });
    // The pad is there before the engine (ui.js: prepare()); the engine's status goes below it,
    // where the verdict comes, so nothing above moves when the status goes.
    this._padBox = h("div", { class: "sr-keypad__box" }, this._pad.element);
    this._result = h("div", { class: "sr-result sr-resolver__verdict" });
    // Under every ruleset's verdicts, the switches for the cards whose players may have held the suit
    // led (one ruleset's verdict carries its own, so that they stay in sight with it).
    this._heldBox = h("div", { class: "sr-held__box" });
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
      this._pad.keysHint,
    );
    this._rules.addEventListener("change", () => this.rulesChanged());
    this._trump.addEventListener("change", () => this.resolve());
    this._cards.addEventListener("input", () => {
      clearTimeout(this._typing);
      this._held.clear();
      this._canonical = null;
      this._typing = setTimeout(() => this.resolve(), 350);
    });
    this._cards.addEventListener("change", () => this.resolve());

    replace(this, h("p", { class: "sr-widget__title" }, "Trick resolver"), this._notice, form, this.statusBox(), h("h3", { class: "sr-vh" }, "Verdict"), this._result, this._heldBox, this._live);
    this.drawSeats();
    this.showEmpty(false);
  }

  // After Start, keyboard focus goes to the pad, where the cards are entered.
  firstControl() {
    return this._pad.tabStop() || this._cards;
  }

  // The inputs, from the build's fixed answers: usable while the engine downloads.
  async prepare() {
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._rules.value || this.wanted.rules, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    this._choice.fill(this._rulesets, table.wanted, DEFAULT_RULES, notices);
    this.fillTrumps(this.wanted.trump, notices);
    this.wanted.trump = "";
    this.showNotice(notices);
    await this.fillPad();
    if (this.wantsEngine() && this._cards.value.trim()) this.askAhead(this.request());
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
    this._pad.setPack(deck, await packInfo({ deck }));
    this.drawSeats();
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
    this._held.clear(); // the places changed: what was held is asked again
    this._canonical = null;
    this._pad.draw();
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
        info: this._pad.info,
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
    replace(this._heldBox);
    this._canonical = null;
    this._pad.draw();
    this.drawSeats();
    if (save) this.saveAddress();
  }

  saveAddress(cards) {
    if (this._rules.disabled) return;
    this.saveState({
      rules: this._rules.value,
      trump: this._trump.value,
      cards: cards ? cards.join(",") : splitCards(this._cards.value).join(","),
      held: [...this._held].sort((a, b) => a - b).join(","),
    });
  }

  // --- the engine: one request per resolve ------------------------------------------------------

  request() {
    const request = { cmd: "trick", rules: this._rules.value, trump: this._trump.value, cards: this._cards.value.slice(0, 400) };
    if (this._held.size) request.held = [...this._held].sort((a, b) => a - b);
    return request;
  }

  async resolve() {
    clearTimeout(this._typing);
    if (!this.engineReady || !this._rulesets) return;
    const text = this._cards.value;
    if (!text.trim()) return this.showEmpty();
    const seq = ++this._seq;
    const request = this.request();
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
    if (response.error && response.error.field === "held" && this._held.size) {
      this._held.clear(); // a place no longer in the trick: ask again without it
      return this.resolve();
    }
    if (response.error) {
      const field = ["rules", "trump", "cards"].includes(response.error.field) ? response.error.field : "cards";
      this.setFieldError(field, response.error.message);
      replace(this._result, h("p", { class: "sr-empty" }, "No verdict yet: correct the cards above."));
      replace(this._heldBox);
      this.announce(`Not resolved: ${response.error.message}`);
      this._canonical = null;
      this._pad.draw();
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
    this._pad.draw();
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
    const conditions = Array.isArray(v.conditions) ? v.conditions : [];
    const key = JSON.stringify([this._rules.value, this._trump.value, v.cards, v.winner, v.reason, conditions.map((c) => c.text)]);
    if (this._shown === key && this._result.querySelector(".sr-verdict")) return;
    this._shown = key;
    const revokes = conditions.filter((c) => c.revoke);
    replace(
      this._result,
      h(
        "div",
        { class: `sr-verdict sr-verdict--pinned${this._whyOpen ? " sr-verdict--open" : ""}` },
        // On a phone the pinned verdict is kept brief (the winner and each condition's short line)
        // so that it leaves the card pad clear; Why shows the reasons, the rule and the switches.
        h(
          "div",
          { class: "sr-verdict__head" },
          h("p", { class: "sr-verdict__winner" }, h("strong", {}, revokes.length ? `As played, ${text}` : text), "."),
          h(
            "button",
            { type: "button", class: "md-button sr-verdict__why", "aria-expanded": String(this._whyOpen), onclick: (e) => this.toggleWhy(e.currentTarget) },
            "Why",
          ),
        ),
        this.conditionLines(conditions, v.cards, v.citation),
        h("p", { class: "sr-verdict__reason" }, String(v.reason)),
        h("p", { class: "sr-verdict__cite" }, "Rule: ", citationLink(v.citation)),
        interpretationNote(v.interpretation),
      ),
    );
    replace(this._heldBox);
    const said = conditions.filter((c) => c.kind !== "follows").map((c) => c.text).join(" ");
    this.announce(`${revokes.length ? "As played, " : ""}${text}. ${said ? `${said} ` : ""}${v.reason}${v.interpretation ? " This is an interpretation." : ""}`);
  }

  toggleWhy(button) {
    this._whyOpen = !this._whyOpen;
    button.setAttribute("aria-expanded", String(this._whyOpen));
    button.closest(".sr-verdict").classList.toggle("sr-verdict--open", this._whyOpen);
  }

  // The cards legal only if their players held no card of the suit led (or, once the reader says a
  // player held one, the verdict on that play), each with its rule and the ruling that answers it.
  // With `cards` (one ruleset's verdict), each line carries its switch; a citation the verdict
  // already gives (`shown`) is not repeated.
  conditionLines(conditions, cards = null, shown = null) {
    if (!conditions.length) return null;
    return h(
      "ul",
      { class: "sr-verdict__conditions" },
      conditions.map((c) => {
        const ruling = citationHref(c.ruling);
        const revoke = citationHref(c.revoke_ruling);
        return h(
          "li",
          { class: c.revoke ? "sr-verdict__condition sr-verdict__condition--revoke" : "sr-verdict__condition", "data-position": String(c.position) },
          c.brief ? h("span", { class: "sr-verdict__brief" }, c.revoke ? h("strong", {}, String(c.brief)) : String(c.brief)) : null,
          h(
            "span",
            { class: c.brief ? "sr-verdict__full" : null },
            c.revoke ? h("strong", {}, `Revoke (${c.card}): `) : null,
            String(c.text),
            // A silent text's "what follows" is the project's reading: marked here, given in full by the ruling.
            c.revoke && c.interpretation ? h("em", { class: "sr-verdict__interp" }, " (the project's interpretation)") : null,
            " ",
            [
              shown && c.citation && shown.label === c.citation.label ? null : citationLink(c.citation),
              ruling ? h("a", { href: ruling }, "the ruling") : null,
              revoke && revoke !== ruling ? h("a", { href: revoke }, "what follows a revoke") : null,
            ]
              .filter(Boolean)
              .flatMap((link, i) => (i ? [" · ", link] : [link])),
          ),
          cards && c.kind !== "follows" ? this.heldSwitch(cards, c.position) : null,
        );
      }),
    );
  }

  // One switch for each card whose player may have held the suit led: checked, the engine judges the play.
  heldSwitches(cards, conditions) {
    const places = [...new Set(conditions.filter((c) => c.kind !== "follows").map((c) => c.position))].sort((a, b) => a - b);
    if (!places.length || !Array.isArray(cards)) return null;
    return h(
      "fieldset",
      { class: "sr-held" },
      h("legend", {}, "The trick cannot show the hands. Did a player still hold a card of the suit led?"),
      places.map((pos) => this.heldSwitch(cards, pos)),
    );
  }

  heldSwitch(cards, pos) {
    const id = `${this._id}-held-${pos}`;
    const box = h("input", {
      type: "checkbox",
      id,
      checked: this._held.has(pos),
      onchange: () => {
        if (box.checked) this._held.add(pos);
        else this._held.delete(pos);
        this.resolve();
      },
    });
    return h("div", { class: "sr-held__item" }, box, h("label", { for: id }, `${cards[pos]} (the ${ordinal(pos + 1)} card): its player still held one`));
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
        h(
          "td",
          { role: "cell", class: "sr-table__why" },
          h("span", {}, String(v.reason)),
          " ",
          citationLink(v.citation),
          interpretationNote(v.interpretation),
          this.conditionLines(Array.isArray(v.conditions) ? v.conditions : []),
        ),
      );
    });
    const skipped = (resp.skipped || []).map((s) => h("li", {}, h("strong", {}, this.rulesetName(s.ruleset)), `: ${s.reason}`));
    const revoked = results.filter((v) => v.revoke).map((v) => v.ruleset_name);
    replace(
      this._result,
      h("p", { class: "sr-verdict__winner" }, h("strong", {}, summary)),
      revoked.length ? h("p", { class: "sr-verdict__revoke" }, h("strong", {}, "Revoke"), ` under ${revoked.join(", ")}: see each one's line below.`) : null,
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
    replace(this._heldBox, this.heldSwitches(results.length ? results[0].cards : null, results.flatMap((v) => (Array.isArray(v.conditions) ? v.conditions : []))));
    this.announce(revoked.length ? `${summary} A revoke under ${revoked.join(", ")}.` : summary);
  }

}

defineWidget("somerset-trick", SomersetTrick);
