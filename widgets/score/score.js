// <somerset-score rules="parker-1947" bid="15" made="12" against="12" [permalink]>
// Score calculator: the bid, the points the bidder's side took and the points the other side
// took (by default the rest of the deal), scored under one ruleset or all of them.

import { RulesetChoice, Widget, citationLink, clear, defineWidget, h, nextId, replace, rulesetList, signed, withTableRules } from "../base/ui.js";

const DEFAULT_RULES = "parker-1947";
const ALL = "all";
const FIELDS = ["rules", "format", "bid", "made", "against"];

function parseWhole(text) {
  const t = String(text).trim();
  if (t === "") return { empty: true };
  if (!/^-?\d{1,4}$/.test(t)) return { error: `“${t.slice(0, 20)}” is not a whole number` };
  return { value: Number(t) };
}

class SomersetScore extends Widget {
  static fields = FIELDS;
  static defaults = { rules: DEFAULT_RULES };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    const id = nextId("score");
    this._wanted = this.wanted;
    this._seq = 0;

    const field = (name, label, control, hint) => {
      const err = h("p", { class: "sr-field-error", id: `${id}-${name}-err`, hidden: true });
      const hintEl = hint ? h("p", { class: "sr-hint", id: `${id}-${name}-hint` }, hint) : null;
      control.id = `${id}-${name}`;
      control.setAttribute("aria-describedby", [hintEl && hintEl.id, err.id].filter(Boolean).join(" "));
      this._err[name] = err;
      this._ctl[name] = control;
      if (hintEl) this._hint[name] = hintEl;
      return h("div", { class: "sr-field" }, h("label", { for: control.id }, label), control, hintEl, err);
    };
    this._err = {};
    this._ctl = {};
    this._hint = {};
    const number = (value) =>
      h("input", { type: "text", inputmode: "numeric", autocomplete: "off", pattern: "-?[0-9]*", value, size: "5" });

    this._choice = new RulesetChoice(`${id}-rules`);
    this._rules = this._choice.select;
    this._err.rules = this._choice.error;
    this._ctl.rules = this._rules;
    this._format = h("select", { disabled: true }, h("option", { value: "" }, "—"));
    this._bid = number(this._wanted.bid);
    this._made = number(this._wanted.made || "");
    this._against = number(this._wanted.against || "");
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._result = h("div", { class: "sr-result" });
    this.liveRegion();

    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.calculate()) },
      h(
        "div",
        { class: "sr-row" },
        this._choice.field,
        field("format", "Players", this._format),
      ),
      // The three figures side by side (on a phone too, so that the score is in view under them),
      // the hint for the other side's points under all three.
      h(
        "div",
        { class: "sr-score__figures" },
        field("bid", "Bid", this._bid),
        field("made", "Bidder's side took", this._made),
        field("against", "Other side took", this._against),
      ),
      this.againstHint(`${id}-against-hint`),
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "submit", class: "md-button md-button--primary" }, "Score the deal")),
    );
    this._rules.addEventListener("change", () => this.rulesChanged());
    this._format.addEventListener("change", () => this.calculate());
    for (const input of [this._bid, this._made, this._against]) {
      input.addEventListener("input", () => {
        clearTimeout(this._typing);
        this._typing = setTimeout(() => this.calculate(), 350);
      });
      input.addEventListener("change", () => this.calculate());
    }
    replace(
      this,
      h("p", { class: "sr-widget__title" }, "Score calculator"),
      this.statusBox(),
      this._notice,
      form,
      h("h3", { class: "sr-vh" }, "Score"),
      this._result,
      this._live,
    );
  }

  // The hint under the figures, named by the other side's field.
  againstHint(hintId) {
    this._hint.against = h("p", { class: "sr-hint sr-score__hint", id: hintId }, "Other side took: leave it empty for the rest of the deal's points.");
    this._against.setAttribute("aria-describedby", `${hintId} ${this._against.getAttribute("aria-describedby")}`);
    return this._hint.against;
  }

  firstControl() {
    return this._rules.disabled ? this._bid : this._rules;
  }

  // The inputs, from the build's fixed answers: usable while the engine downloads.
  async prepare() {
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._rules.value || this._wanted.rules, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    this._choice.fill(this._rulesets, table.wanted, DEFAULT_RULES, notices);
    this.fillFormats(this._wanted.format, notices);
    this._wanted.format = "";
    this._notice.hidden = notices.length === 0;
    this._notice.textContent = notices.join(" ");
  }

  async onReady() {
    await this.calculate();
  }

  ruleset(id) {
    return this._rulesets.find((r) => r.id === id);
  }

  fillFormats(wanted, notices = []) {
    const id = this._rules.value;
    clear(this._format);
    if (id === ALL) {
      this._format.appendChild(h("option", { value: "" }, "Each ruleset's first format"));
      this._format.disabled = true;
      return;
    }
    const formats = this.ruleset(id).formats;
    for (const f of formats) this._format.appendChild(h("option", { value: f.id }, `${f.label} (${f.points_per_deal} points)`));
    const previous = wanted || this._format.dataset.last || "";
    if (formats.some((f) => f.id === previous)) this._format.value = previous;
    else {
      this._format.value = formats[0].id;
      if (wanted) notices.push(`“${wanted}” is not a way to play this ruleset; showing ${formats[0].label}.`);
    }
    this._format.disabled = formats.length < 2;
  }

  async rulesChanged() {
    this._format.dataset.last = this._format.value;
    this._notice.hidden = true;
    this.fillFormats("");
    await this.calculate();
  }

  setErrors(errors) {
    for (const name of FIELDS) {
      const message = errors[name];
      const box = this._err[name];
      box.hidden = !message;
      box.textContent = message || "";
      if (message) this._ctl[name].setAttribute("aria-invalid", "true");
      else this._ctl[name].removeAttribute("aria-invalid");
    }
  }

  pointsPerDeal(r, formatId) {
    const f = r.formats.find((x) => x.id === formatId) || r.formats[0];
    return f.points_per_deal;
  }

  async calculate() {
    clearTimeout(this._typing);
    if (!this.engineReady || !this._rulesets) return;
    const rules = this._rules.value;
    const errors = {};
    const bid = parseWhole(this._bid.value);
    const made = parseWhole(this._made.value);
    const against = parseWhole(this._against.value);
    if (bid.error) errors.bid = bid.error;
    if (made.error) errors.made = made.error;
    if (against.error) errors.against = against.error;
    const format = rules === ALL ? null : this._format.value || null;
    const perDeal = rules === ALL ? null : this.pointsPerDeal(this.ruleset(rules), format);
    this._hint.against.textContent =
      perDeal === null
        ? "Other side took: leave it empty for the rest of each ruleset's deal."
        : `Other side took: leave it empty for the rest of the deal's ${perDeal} points.`;
    this.saveState({
      rules,
      format: rules === ALL ? "" : format,
      bid: this._bid.value.trim(),
      made: this._made.value.trim(),
      against: this._against.value.trim(),
    });
    if (Object.keys(errors).length || bid.empty || made.empty) {
      this.setErrors(errors);
      replace(this._result, h("p", { class: "sr-empty" }, "Fill in the bid and the points taken to see the score."));
      return;
    }
    this.setErrors({});
    const seq = ++this._seq;
    try {
      if (rules === ALL) await this.calculateAll(seq, bid.value, made.value, against.empty ? null : against.value);
      else await this.calculateOne(seq, rules, format, bid.value, made.value, against.empty ? perDeal - made.value : against.value);
    } catch (e) {
      this.showProblem(e);
    }
  }

  async calculateOne(seq, rules, format, bid, made, against) {
    const request = { cmd: "score", rules, bid, made, against };
    if (format) request.format = format;
    const v = await this.ask(request);
    if (seq !== this._seq) return;
    if (v.error) {
      const field = FIELDS.includes(v.error.field) ? v.error.field : "made";
      this.setErrors({ [field]: v.error.message });
      replace(this._result, h("p", { class: "sr-empty" }, "No score yet: correct the figures above."));
      this.announce(`Not scored: ${v.error.message}`);
      return;
    }
    const outcome = v.set ? `Set: the bidder's side bid ${v.bid} and took ${v.made}` : `Made: the bidder's side bid ${v.bid} and took ${v.made}`;
    replace(
      this._result,
      h(
        "div",
        { class: "sr-verdict" },
        h("p", { class: "sr-verdict__winner" }, h("strong", {}, `${outcome}.`)),
        h(
          "dl",
          { class: "sr-score" },
          h("div", {}, h("dt", {}, "Bidder's side"), h("dd", {}, signed(v.bidder_side))),
          h("div", {}, h("dt", {}, "Other side"), h("dd", {}, signed(v.opponents))),
        ),
        h("p", { class: "sr-verdict__reason" }, String(v.reason)),
        h("p", { class: "sr-verdict__cite" }, "Rule: ", citationLink(v.citation)),
        h("p", { class: "sr-hint" }, `Scored under ${v.ruleset_name}; the other side took ${v.against}.`),
      ),
    );
    this.announce(`${outcome}. Bidder's side ${signed(v.bidder_side)}, other side ${signed(v.opponents)}.`);
  }

  async calculateAll(seq, bid, made, against) {
    // The engine scores the deal under every ruleset and marks the rows that differ from the most common score.
    const request = { cmd: "score", rules: ALL, bid, made };
    if (against !== null) request.against = against;
    const answer = await this.ask(request);
    if (seq !== this._seq) return;
    if (answer.error) {
      const field = FIELDS.includes(answer.error.field) ? answer.error.field : "made";
      this.setErrors({ [field]: answer.error.message });
      replace(this._result, h("p", { class: "sr-empty" }, "No ruleset can score these figures."));
      this.announce("No ruleset can score these figures.");
      return;
    }
    const results = answer.results;
    const skipped = answer.skipped.map((s) => ({ name: s.ruleset_name, reason: s.reason }));
    const summary = answer.agree
      ? `All ${results.length} rulesets that can score this deal give the same result.`
      : `The rulesets score this deal ${answer.ways} different ways; rows marked differ from the majority.`;
    const rows = results.map((v) => {
      const dissent = v.dissent;
      return h(
        "tr",
        { class: dissent ? "sr-dissent" : null, "data-ruleset": v.ruleset, role: "row" },
        h("th", { scope: "row", role: "rowheader" }, v.ruleset_name),
        h("td", { class: "sr-num", role: "cell", "data-label": "bidder" }, signed(v.bidder_side)),
        h("td", { class: "sr-num", role: "cell", "data-label": "other" }, signed(v.opponents)),
        h(
          "td",
          { role: "cell" },
          h("span", {}, `${v.set ? "Set" : "Made"} (other side took ${v.against}). ${v.reason}`),
          " ",
          citationLink(v.citation),
          dissent ? h("span", { class: "sr-badge" }, "differs from the majority") : null,
        ),
      );
    });
    replace(
      this._result,
      h("p", { class: "sr-verdict__winner" }, h("strong", {}, summary)),
      h(
        "div",
        { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "Scores side by side" },
        h(
          "table",
          { class: "sr-table sr-table--stack sr-table--score", role: "table" },
          h("caption", { class: "sr-vh" }, `Bid ${bid}, bidder's side took ${made}: the score under each ruleset`),
          h(
            "thead",
            { role: "rowgroup" },
            h(
              "tr",
              { role: "row" },
              ["Ruleset", "Bidder's side", "Other side", "Why"].map((t) => h("th", { scope: "col", role: "columnheader" }, t)),
            ),
          ),
          h("tbody", { role: "rowgroup" }, rows),
        ),
      ),
      skipped.length
        ? h("div", { class: "sr-skipped" }, h("p", {}, "Not scored under these rulesets:"), h("ul", {}, skipped.map((s) => h("li", {}, h("strong", {}, s.name), `: ${s.reason}`))))
        : null,
    );
    this.announce(summary);
  }
}

defineWidget("somerset-score", SomersetScore);
