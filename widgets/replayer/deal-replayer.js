// <somerset-deal permalink rules="parker-1947" format="four-partners" seed="7">
// The deal replayer tool: choose a ruleset, a way to play and a seed, and the engine deals the
// cards from that seed, lets its bots bid and play, and hands the deal to a <somerset-replay> to
// step through. Or paste a record (as `somerset play` prints it, or a worked example) and replay
// that. Ruleset, format, seed and the deal's code (`play`, every call and card: the link shows the
// same deal whatever later bots do) live in the address; a link without a code is played by the
// bots of the version it names (`bots`, 1 when none). A deal made here is dealt by the last seat, as
// at Play a deal, and its link names the dealer (`dealer`, readers' numbering); a link without one is
// dealt by seat 1. A pasted record does not go in the address (it is too long).

import {
  RulesetChoice,
  Widget,
  checkSeed,
  dealerSeat,
  defineWidget,
  engineLimits,
  fillFormatSelect,
  formatOf,
  h,
  nextId,
  nextSeed,
  replace,
  rulesetList,
  withTableRules,
} from "../base/ui.js";
import "../views/replay.js";

const DEFAULT_RULES = "parker-1947";
const FIELDS = ["rules", "format", "seed", "dealer", "play", "bots"];

class SomersetDeal extends Widget {
  static fields = FIELDS;
  static defaults = { rules: DEFAULT_RULES, seed: "1" };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    const id = nextId("deal");
    this._wanted = this.wanted;

    const label = (control, text) => h("label", { for: control.id }, text);
    this._choice = new RulesetChoice(`${id}-rules`, { all: false });
    this._rules = this._choice.select;
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._seedError = h("p", { class: "sr-field-error", id: `${id}-seed-err`, hidden: true });
    this._seedInput = h("input", {
      id: `${id}-seed`,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      size: "12",
      value: this._wanted.seed,
      "aria-describedby": `${id}-seed-hint ${id}-seed-err`,
    });
    this._another = h("button", { type: "button", class: "md-button", onclick: () => this.nextSeed() }, "Another deal");
    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.dealFromForm()) },
      this._choice.field,
      h(
        "div",
        { class: "sr-row" },
        h("div", { class: "sr-field" }, label(this._format, "Players"), this._format),
        h(
          "div",
          { class: "sr-field" },
          label(this._seedInput, "Seed"),
          this._seedInput,
          h("p", { class: "sr-hint", id: `${id}-seed-hint` }, "The same seed always deals the same cards."),
          this._seedError,
        ),
      ),
      h(
        "div",
        { class: "sr-inline sr-actions" },
        h("button", { type: "submit", class: "md-button md-button--primary" }, "Deal and replay"),
        this._another,
      ),
    );

    this._text = h("textarea", {
      id: `${id}-record`,
      rows: "8",
      spellcheck: "false",
      autocomplete: "off",
      class: "sr-record",
      "aria-describedby": `${id}-record-err`,
    });
    this._recordError = h("p", { class: "sr-field-error", id: `${id}-record-err`, hidden: true });
    const paste = h(
      "details",
      { class: "sr-paste" },
      h("summary", {}, "Or paste a record"),
      h(
        "form",
        { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.replayText()) },
        h("div", { class: "sr-field" }, label(this._text, "Record (as somerset play prints it, or a worked example)"), this._text, this._recordError),
        h("div", { class: "sr-inline sr-actions" }, h("button", { type: "submit", class: "md-button md-button--primary" }, "Replay this record")),
      ),
    );
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._stage = h("div", { class: "sr-deal__stage" });
    this.liveRegion();
    this._rules.addEventListener("change", () => this.fillFormats(""));
    replace(this, h("p", { class: "sr-widget__title" }, "Deal replayer"), this.statusBox(), this._notice, form, paste, this._stage, this._live);
  }

  // The inputs, from the build's fixed data: usable while the engine downloads.
  async prepare() {
    this._limits = await engineLimits();
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._wanted.rules, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    this._choice.fill(this._rulesets, table.wanted, DEFAULT_RULES, notices);
    this.fillFormats(this._wanted.format, notices);
    this._notice.hidden = notices.length === 0;
    this._notice.textContent = notices.join(" ");
  }

  // Once the engine runs, the link's own deal (its code, or the version of the bots that played
  // it), unless the reader has asked for one meanwhile (the replay then waits for the engine itself).
  async onReady() {
    if (this._dealt) return;
    const fromLink = this.stateFromAddress || this.hasAttribute("dealer");
    const link = fromLink ? { play: this._wanted.play || null, bots: this._wanted.bots || "", dealer: this._wanted.dealer } : {};
    this.dealFromForm(link);
  }

  fillFormats(wanted, notices = []) {
    const r = this._rulesets.find((x) => x.id === this._rules.value);
    fillFormatSelect(this._format, r, wanted, notices, this._format.value);
  }

  async nextSeed() {
    this._seedInput.value = nextSeed(this._seedInput.value, await engineLimits());
    this.dealFromForm();
  }

  dealFromForm(link = {}) {
    if (!this._rulesets) return;
    this._dealt = true;
    const seed = checkSeed(this._seedInput.value, this._limits);
    this._seedError.hidden = !seed.error;
    this._seedError.textContent = seed.error || "";
    if (seed.error) {
      this._seedInput.setAttribute("aria-invalid", "true");
      this.announce(seed.error);
      return;
    }
    this._seedInput.removeAttribute("aria-invalid");
    const rules = this._rules.value;
    const format = this._format.value;
    const { players } = formatOf(this._rulesets, rules, format);
    const notices = [];
    const dealer = String(dealerSeat(link.dealer, players, notices) + 1);
    if (notices.length) {
      this._notice.hidden = false;
      this._notice.textContent = notices.join(" ");
    }
    this.saveState({ rules, format, seed: seed.value, dealer, play: link.play ?? "", bots: link.play ? "" : link.bots || "" });
    const attrs = { rules, format, seed: seed.value, dealer };
    if (typeof link.play === "string") attrs.play = link.play;
    else if (link.bots) attrs.bots = link.bots;
    const replay = h("somerset-replay", attrs);
    // Once shown, the link keeps the deal's code: the same deal in every later release.
    replay.addEventListener("somerset-replayed", (e) => {
      if (this._stage.contains(replay)) this.saveState({ rules, format, seed: seed.value, dealer, play: e.detail.play, bots: "" });
    });
    this.show(replay, `Dealt seed ${seed.value} under ${this._rules.selectedOptions[0].textContent}; seat ${dealer} deals.`);
  }

  async replayText() {
    const text = this._text.value;
    let problem = "";
    if (!text.trim()) problem = "Paste a record first: the tags in square brackets, then its lines.";
    else {
      const longest = (await engineLimits()).record_chars;
      if (text.length > longest) problem = `The record is ${text.length.toLocaleString("en")} characters; the longest accepted is ${longest.toLocaleString("en")}.`;
    }
    this._recordError.hidden = !problem;
    this._recordError.textContent = problem;
    if (problem) {
      this._text.setAttribute("aria-invalid", "true");
      this.announce(problem);
      return;
    }
    this._text.removeAttribute("aria-invalid");
    const replay = document.createElement("somerset-replay");
    replay.record = text;
    this.show(replay, "Replaying the pasted record.");
  }

  show(replay, words) {
    replace(this._stage, replay);
    this.announce(words);
  }
}

defineWidget("somerset-deal", SomersetDeal);
