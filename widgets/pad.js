// <somerset-pad permalink [rules="parker-1947"]>
// A running score pad: each deal's bid and the points each side took, scored by the engine under
// the chosen ruleset, format and option (the 'pad' request), with the totals and the winner at the
// ruleset's target. Every rule is the engine's: this file only collects figures and shows answers.
// The pad lives on the device (localStorage) with the engine's last answer, so a reload or a
// visit without a connection shows it without starting the engine; the address carries it too, so
// the address is a link to the pad. Undo takes back the last deal (or a "New game").

import {
  RulesetChoice,
  Widget,
  capitalize,
  citationLink,
  clear,
  defineWidget,
  h,
  interpretationNote,
  nextId,
  replace,
  rulesetList,
  signed,
} from "./ui.js";

const DEFAULT_RULES = "parker-1947";
const FIELDS = ["rules", "option", "format", "names", "deals"];
const STORE = "somerset.pad";
const MAX_DEALS = 400;
const DEAL = /^(?:s(\d{1,2})b(\d{1,3}))?p(\d{1,3}(?:\.\d{1,3}){0,7})$/;

// --- the pad in the address: deals as s1b15p16.8 (side 1 bid 15; points 16 and 8), p7.5 (no bid), x (passed)

export function dealsToText(deals) {
  return deals
    .map((d) => (d.passed ? "x" : `${d.bidder === undefined || d.bidder === null ? "" : `s${d.bidder + 1}b${d.bid}`}p${d.points.join(".")}`))
    .join(",");
}

export function dealsFromText(text) {
  const deals = [];
  for (const raw of String(text).split(",").slice(0, MAX_DEALS)) {
    const token = raw.trim().toLowerCase();
    if (!token) continue;
    if (token === "x") {
      deals.push({ passed: true });
      continue;
    }
    const m = DEAL.exec(token);
    if (!m) {
      return {
        deals,
        error: `“${token.slice(0, 24)}” is not a deal: a link writes a deal as s1b15p16.8 (side 1 bid 15; the sides took 16 and 8), p7.5 where nobody bids, or x for a deal everyone passed.`,
      };
    }
    const deal = { points: m[3].split(".").map(Number) };
    if (m[1] !== undefined) Object.assign(deal, { bidder: Number(m[1]) - 1, bid: Number(m[2]) });
    deals.push(deal);
  }
  return { deals };
}

function cleanName(text) {
  return String(text).replace(/[,\s]+/g, " ").trim().slice(0, 24);
}

function loadSaved() {
  try {
    const data = JSON.parse(window.localStorage.getItem(STORE) || "null");
    if (data && data.v === 1 && typeof data.rules === "string" && Array.isArray(data.deals)) return data;
  } catch {
    // nothing usable saved
  }
  return null;
}

function store(data) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify({ v: 1, ...data }));
    return true;
  } catch {
    return false; // private browsing or storage full: the pad lasts as long as the page
  }
}

function requestOf(state) {
  const request = { cmd: "pad", rules: state.rules, deals: state.deals };
  if (state.option) request.option = state.option;
  if (state.format) request.format = state.format;
  if (state.names && state.names.length) request.names = state.names;
  return request;
}

function wholeNumber(text, what) {
  const t = String(text).trim();
  if (t === "") return { empty: true };
  if (!/^\d{1,3}$/.test(t)) return { error: `${what}: “${t.slice(0, 12)}” is not a whole number from 0 to 999.` };
  return { value: Number(t) };
}

class SomersetPad extends Widget {
  static fields = FIELDS;
  // Not started from the page's head (hooks/early_start.py): an address holding the device's own
  // pad is shown from what was saved, without the engine.
  static startsFromHead = false;
  static defaults = { rules: DEFAULT_RULES };
  static remembersRuleset = true;

  build() {
    const id = nextId("pad");
    this._id = id;
    this.classList.add("sr-pad");
    this._seq = 0;
    const notices = [];
    const saved = loadSaved();
    const w = this.wanted;
    let state;
    if (this.stateFromAddress) {
      const parsed = dealsFromText(w.deals || "");
      if (parsed.error) notices.push(parsed.error);
      const names = w.names ? w.names.split(",").map(cleanName).filter(Boolean) : null;
      state = { rules: w.rules, option: w.option || "", format: w.format || "", names, deals: parsed.deals };
      const same = saved && JSON.stringify(requestOf(saved)) === JSON.stringify(requestOf(state));
      if (same) {
        state = saved;
        this.stateFromAddress = false; // the device's own pad: shown from what was saved, no need to start
      } else if (saved && saved.deals.length) {
        this._replaced = saved; // a shared pad opened over this device's own: keep that one to bring back
      }
    } else if (saved) {
      state = saved;
    } else {
      state = { rules: w.rules, option: "", format: "", names: null, deals: [] };
    }
    this._state = { rules: state.rules, option: state.option || "", format: state.format || "", names: state.names || null, deals: state.deals || [], cleared: state.cleared || null };
    this._answer = saved && state === saved && saved.answer && saved.requestKey === JSON.stringify(requestOf(saved)) ? saved.answer : null;

    const field = (name, label, control) => {
      control.id = control.id || `${id}-${name}`;
      return h("div", { class: `sr-field sr-pad__${name}` }, h("label", { for: control.id }, label), control);
    };
    this._choice = new RulesetChoice(`${id}-rules`, { all: false });
    this._rules = this._choice.select;
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._option = h("select", { id: `${id}-option`, disabled: true }, h("option", { value: "" }, "None"));
    this._optionField = field("option", "Optional rule", this._option);
    this._optionField.hidden = true;
    this._notice = h("div", { class: "sr-notice", hidden: true });
    this._board = h("div", { class: "sr-pad__board" });
    this._names = h("fieldset", { class: "sr-pad__names" }, h("legend", {}, "Names of the sides"));
    this._bidder = h("select", { id: `${id}-bidder` });
    this._bid = h("input", { type: "text", id: `${id}-bid`, inputmode: "numeric", autocomplete: "off", size: "4" });
    this._points = h("div", { class: "sr-pad__points" });
    this._dealError = h("p", { class: "sr-field-error", id: `${id}-deal-err`, role: "alert", hidden: true });
    this._add = h("button", { type: "submit", class: "md-button md-button--primary" }, "Add the deal");
    this._passed = h("button", { type: "button", class: "md-button", onclick: () => this.addDeal({ passed: true }) }, "Everyone passed");
    this._bidFields = h("div", { class: "sr-row" }, field("bidder", "Bid won by", this._bidder), field("bid", "Bid", this._bid));
    this._form = h(
      "form",
      { class: "sr-form sr-pad__deal", "aria-labelledby": `${id}-deal-title`, onsubmit: (e) => (e.preventDefault(), this.addFromForm()) },
      h("p", { class: "sr-pad__title", id: `${id}-deal-title` }, "Next deal"),
      this._bidFields,
      this._points,
      this._dealError,
      h("div", { class: "sr-inline sr-actions" }, this._add, this._passed),
    );
    this._undo = h("button", { type: "button", class: "md-button", onclick: () => this.undo() }, "Undo the last deal");
    this._newGame = h("button", { type: "button", class: "md-button", onclick: () => this.newGame() }, "New game");
    this._table = h("div", { class: "sr-pad__lines" });
    this._linkBox = h("input", { type: "text", readonly: true, id: `${id}-link`, class: "sr-pad__link" });
    this._textBox = h("textarea", { readonly: true, id: `${id}-text`, rows: "6", class: "sr-pad__text" });
    this._share = h(
      "details",
      { class: "sr-pad__share" },
      h("summary", {}, "Share or export the pad"),
      field("link", "A link to this pad", this._linkBox),
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.copy(this._linkBox, "The link") }, "Copy the link")),
      field("text", "The pad as text", this._textBox),
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.copy(this._textBox, "The text") }, "Copy the text")),
    );
    this.liveRegion();
    this._live.setAttribute("role", "status");

    this._rules.addEventListener("change", () => this.settingsChanged("rules"));
    this._format.addEventListener("change", () => this.settingsChanged("format"));
    this._option.addEventListener("change", () => this.settingsChanged("option"));
    replace(
      this,
      h("p", { class: "sr-widget__title" }, "Score pad"),
      this.statusBox(),
      this._notice,
      h("div", { class: "sr-row" }, this._choice.field, field("format", "Players", this._format), this._optionField),
      this._board,
      this._form,
      h("div", { class: "sr-inline sr-actions" }, this._undo, this._newGame),
      this._table,
      this._names,
      this._share,
      this._live,
    );
    this.showNotices(notices);
    this.render();
  }

  firstControl() {
    return this._bid.closest("[hidden]") ? this._rules : this._bid;
  }

  // --- the engine ------------------------------------------------------------------------------

  async onReady() {
    this._rulesets = await rulesetList();
    const notices = [];
    this._choice.fill(this._rulesets, this._state.rules, DEFAULT_RULES, notices);
    this._state.rules = this._rules.value;
    this.fillSettings(notices);
    const answer = await this.score(this._state);
    if (answer.error) {
      // A link with a deal the engine refuses: keep the deals before it and say why.
      const m = /^deal (\d+):/.exec(answer.error.message);
      notices.push(`This pad cannot be scored as it is: ${answer.error.message}`);
      const keep = m ? Number(m[1]) - 1 : 0;
      const fallback = { ...this._state, deals: this._state.deals.slice(0, keep), names: answer.error.field === "names" ? null : this._state.names };
      const retry = await this.score(fallback);
      if (!retry.error) this.commit(fallback, retry);
    } else {
      this.commit(this._state, answer);
    }
    this.showNotices(notices);
  }

  score(state) {
    return this.ask(requestOf(state));
  }

  commit(state, answer, words = null) {
    this._state = { ...state };
    if (!this._state.names) this._state.names = null;
    this._answer = answer;
    this.save();
    this.render();
    if (words) this.announce(words);
  }

  save() {
    const s = this._state;
    const ok = store({ ...s, answer: this._answer, requestKey: JSON.stringify(requestOf(s)) });
    if (!ok) this.showNotices(["This browser does not let the site keep the pad, so it lasts only while this page is open; the link keeps it too."]);
    this.saveState({
      rules: s.rules,
      option: s.option,
      format: s.format,
      names: s.names ? s.names.join(",") : "",
      deals: dealsToText(s.deals),
    });
  }

  fillSettings(notices = []) {
    const r = this._rulesets.find((x) => x.id === this._rules.value);
    clear(this._option);
    this._option.appendChild(h("option", { value: "" }, "None"));
    for (const o of r.options) this._option.appendChild(h("option", { value: o.id }, o.name));
    this._option.value = r.options.some((o) => o.id === this._state.option) ? this._state.option : "";
    if (this._state.option && this._option.value !== this._state.option) notices.push(`${r.short_name} has no optional rule “${this._state.option.slice(0, 30)}”.`);
    this._state.option = this._option.value;
    this._option.disabled = r.options.length === 0;
    this._optionField.hidden = r.options.length === 0;
    const option = r.options.find((o) => o.id === this._state.option);
    const formats = option && option.formats.length ? r.formats.filter((f) => option.formats.includes(f.id)) : r.formats;
    clear(this._format);
    for (const f of formats) this._format.appendChild(h("option", { value: f.id }, f.label));
    const wanted = this._state.format;
    this._format.value = formats.some((f) => f.id === wanted) ? wanted : formats[0].id;
    if (wanted && this._format.value !== wanted) notices.push(`“${wanted.slice(0, 30)}” is not a way to play ${r.short_name}; showing ${formats[0].label}.`);
    this._state.format = this._format.value;
    this._format.disabled = formats.length < 2;
  }

  async settingsChanged(which) {
    const before = { ...this._state };
    this._state = { ...this._state, rules: this._rules.value };
    if (which === "rules") this._state.option = "";
    if (which !== "format") this._state.format = this._state.format || "";
    if (which === "option") this._state.option = this._option.value;
    if (which === "format") this._state.format = this._format.value;
    this.fillSettings();
    const next = { ...this._state };
    const sidesBefore = this._answer ? this._answer.sides.length : null;
    const answer = await this.score({ ...next, names: null });
    if (!answer.error && answer.sides.length === sidesBefore && before.names) next.names = before.names;
    const final = next.names ? await this.score(next) : answer;
    if (final.error) {
      this._state = before;
      this._rules.value = before.rules;
      this.fillSettings();
      this.showNotices([`The pad keeps ${this._answer ? this._answer.ruleset_name : "its rules"}: its deals cannot be scored that way (${final.error.message}). Start a new game to change it.`]);
      this.announce(`Not changed: ${final.error.message}`);
      return;
    }
    this.showNotices([]);
    this.commit(next, final, `Scored under ${final.ruleset_name}, ${final.format_label}: ${this.totalsWords(final)}.`);
  }

  // --- adding, undoing -------------------------------------------------------------------------

  addFromForm() {
    const a = this._answer;
    if (!a) return;
    const errors = [];
    const points = [];
    const boxes = [...this._points.querySelectorAll("input")];
    const read = boxes.map((box, i) => wholeNumber(box.value, `${a.sides[i].name}'s points`));
    for (const r of read) if (r.error) errors.push(r.error);
    const empty = read.filter((r) => r.empty).length;
    if (!errors.length && empty > 1) errors.push(`Enter the points each side took (one may be left empty for the rest of the deal's ${a.points_per_deal}).`);
    if (!errors.length) {
      const known = read.reduce((sum, r) => sum + (r.empty ? 0 : r.value), 0);
      for (const r of read) points.push(r.empty ? a.points_per_deal - known : r.value);
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
  }

  async addDeal(deal) {
    if (!this._answer) return;
    if (this._answer.winner !== null) {
      this.dealProblem("The game is over. Press New game to start another.", "bid");
      return;
    }
    const next = { ...this._state, deals: [...this._state.deals, deal], cleared: null };
    const seq = ++this._seq;
    const answer = await this.score(next);
    if (seq !== this._seq) return;
    if (answer.error) {
      this.dealProblem(answer.error.message.replace(/^deal \d+: /, ""), answer.error.field);
      return;
    }
    this.dealProblem(null);
    this._bid.value = "";
    for (const box of this._points.querySelectorAll("input")) box.value = "";
    const line = answer.lines[answer.lines.length - 1];
    const changes = answer.sides.map((s, i) => `${s.name} ${signed(line.changes[i])}`).join(", ");
    let words = `Deal ${line.number}: ${changes}. ${capitalize(this.totalsWords(answer))}.`;
    if (answer.winner !== null) words += ` ${answer.sides[answer.winner].name} win the game: ${answer.result}.`;
    this.commit(next, answer, words);
  }

  async undo() {
    const s = this._state;
    let next;
    let words;
    if (s.deals.length) {
      next = { ...s, deals: s.deals.slice(0, -1) };
      words = `Deal ${s.deals.length} taken back.`;
    } else if (s.cleared && s.cleared.length) {
      next = { ...s, deals: s.cleared, cleared: null };
      words = "The last game is back.";
    } else {
      this.announce("There is nothing to undo.");
      return;
    }
    const answer = await this.score(next);
    if (answer.error) {
      this.showNotices([answer.error.message]);
      return;
    }
    this.dealProblem(null);
    this.commit(next, answer, `${words} ${capitalize(this.totalsWords(answer))}.`);
  }

  async newGame() {
    const s = this._state;
    if (!s.deals.length) return;
    const next = { ...s, deals: [], cleared: s.deals };
    const answer = await this.score(next);
    if (answer.error) return;
    this.dealProblem(null);
    this.commit(next, answer, "New game: the pad is empty. Undo brings the last game back.");
  }

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
  }

  async renameSides() {
    const names = [...this._names.querySelectorAll("input")].map((box, i) => cleanName(box.value) || this._answer.sides[i].name);
    const next = { ...this._state, names };
    const answer = await this.score(next);
    if (answer.error) {
      this.showNotices([answer.error.message]);
      return;
    }
    this.showNotices([]);
    this.commit(next, answer, `The sides are now ${names.join(" and ")}.`);
  }

  async copy(box, what) {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      this.announce(`${what} is copied.`);
    } catch {
      this.announce(`${what} is selected: copy it with your device's Copy command.`);
    }
  }

  // --- drawing the answer ----------------------------------------------------------------------

  totalsWords(a) {
    return `totals ${a.sides.map((s, i) => `${s.name} ${a.totals[i]}`).join(", ")}`;
  }

  showNotices(notices) {
    const items = [...notices];
    clear(this._notice);
    for (const text of items) this._notice.appendChild(h("p", {}, text));
    if (this._replaced) {
      const mine = this._replaced;
      this._notice.appendChild(
        h(
          "p",
          {},
          "This link's pad is shown instead of the one kept on this device. ",
          h("button", { type: "button", class: "md-button", onclick: () => this.bringBack(mine) }, "Bring back mine"),
        ),
      );
    }
    this._notice.hidden = !this._notice.firstChild;
  }

  async bringBack(mine) {
    this._replaced = null;
    const state = { rules: mine.rules, option: mine.option || "", format: mine.format || "", names: mine.names || null, deals: mine.deals, cleared: null };
    this._rules.value = state.rules;
    this._state = state;
    if (this._rulesets) this.fillSettings();
    const answer = await this.score(state);
    this.showNotices(answer.error ? [answer.error.message] : []);
    if (!answer.error) this.commit(state, answer, `Your pad is back: ${this.totalsWords(answer)}.`);
  }

  render() {
    const a = this._answer;
    const ready = Boolean(a) && this.engineReady;
    this._form.hidden = !a;
    for (const el of [this._add, this._passed, this._bid, this._bidder, this._undo, this._newGame]) el.disabled = !ready;
    if (!a) {
      replace(
        this._board,
        h("p", { class: "sr-empty" }, this._state.deals.length ? `A pad of ${this._state.deals.length} deals, scored when the engine starts.` : "An empty pad: the first deal goes in once the engine has started."),
      );
      clear(this._table);
      this._share.hidden = true;
      this._names.hidden = true;
      return;
    }
    // The scoreboard: each side's total, the target, and the verdict.
    const over = a.winner !== null;
    replace(
      this._board,
      h(
        "dl",
        { class: "sr-pad__totals" },
        a.sides.map((s, i) =>
          h("div", { class: over && a.winner === i ? "sr-pad__winner" : null }, h("dt", {}, s.name, h("small", {}, ` seats ${s.seats.join("+")}`)), h("dd", {}, String(a.totals[i]))),
        ),
      ),
      h(
        "p",
        { class: "sr-pad__result" },
        over ? h("strong", {}, `${a.sides[a.winner].name} win the game. `) : null,
        `${capitalize(a.result)}. `,
        h("span", { class: "sr-hint" }, `${a.ruleset_name}: ${a.target} to win. `, citationLink(a.game_rule.citation)),
      ),
    );
    // The form for the next deal, shaped by the ruleset and format.
    this._form.hidden = over;
    this._bidFields.hidden = !a.bidding;
    this._passed.hidden = !a.can_pass;
    const chosen = this._bidder.value;
    clear(this._bidder);
    a.sides.forEach((s, i) => this._bidder.appendChild(h("option", { value: String(i) }, s.name)));
    if (chosen && Number(chosen) < a.sides.length) this._bidder.value = chosen;
    const old = [...this._points.querySelectorAll("input")].map((x) => x.value);
    clear(this._points);
    const boxes = a.sides.map((s, i) => {
      const box = h("input", { type: "text", inputmode: "numeric", autocomplete: "off", size: "4", id: `${this._id}-pts-${i}`, value: old.length === a.sides.length ? old[i] : "" });
      box.disabled = !ready;
      return h("div", { class: "sr-field" }, h("label", { for: box.id }, `${s.name} took`), box);
    });
    this._points.append(...boxes);
    this._points.appendChild(h("p", { class: "sr-hint" }, `A deal holds ${a.points_per_deal} points; leave one side empty for the rest.`));
    // The lines of the pad.
    if (!a.lines.length) {
      replace(this._table, h("p", { class: "sr-empty" }, "No deal yet."));
    } else {
      const rows = a.lines.map((line) =>
        h(
          "tr",
          { class: line.winner !== null ? "sr-pad__final" : null },
          h("th", { scope: "row" }, String(line.number)),
          h("td", {}, line.passed ? "passed" : line.bidder === undefined || line.bidder === null ? "no bid" : `${a.sides[line.bidder].name} ${line.bid}${line.set ? ", set" : ", made"}`),
          a.sides.map((_, i) => h("td", { class: "sr-num" }, h("span", { class: "sr-pad__change" }, signed(line.changes[i])), " ", h("strong", {}, String(line.totals[i])))),
        ),
      );
      const why = a.lines.map((line) =>
        h("li", {}, h("strong", {}, `Deal ${line.number}. `), line.reason, " ", citationLink(line.citation), line.interpretation ? h("span", { class: "sr-hint" }, ` Interpretation: ${line.interpretation}`) : null),
      );
      replace(
        this._table,
        h(
          "div",
          { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "The deals so far" },
          h(
            "table",
            { class: "sr-table sr-pad__table" },
            h("caption", { class: "sr-vh" }, `The pad: each deal's change and the totals after it`),
            h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"), h("th", { scope: "col" }, "Bid"), a.sides.map((s) => h("th", { scope: "col" }, s.name)))),
            h("tbody", {}, rows),
          ),
        ),
        h(
          "details",
          { class: "sr-pad__why" },
          h("summary", {}, "Why each deal scored as it did"),
          h("ol", {}, why),
          h("p", {}, h("strong", {}, "The game: "), a.game_rule.summary, " ", citationLink(a.game_rule.citation)),
          interpretationNote(a.game_rule.interpretation),
        ),
      );
    }
    // Names, sharing.
    this._names.hidden = false;
    const legend = this._names.querySelector("legend");
    clear(this._names);
    this._names.appendChild(legend);
    a.sides.forEach((s, i) => {
      const box = h("input", { type: "text", id: `${this._id}-name-${i}`, value: s.name, maxlength: "24", autocomplete: "off" });
      box.disabled = !ready;
      box.addEventListener("change", () => this.renameSides());
      this._names.appendChild(h("div", { class: "sr-field" }, h("label", { for: box.id }, `Side ${i + 1} (seats ${s.seats.join("+")})`), box));
    });
    this._share.hidden = false;
    const link = new URL(location.href);
    link.search = "";
    const params = new URLSearchParams();
    const s = this._state;
    params.set("rules", s.rules);
    if (s.option) params.set("option", s.option);
    if (s.format) params.set("format", s.format);
    if (s.names) params.set("names", s.names.join(","));
    params.set("deals", dealsToText(s.deals));
    this._linkBox.value = `${link.origin}${link.pathname}?${params.toString().replace(/%2C/gi, ",")}`;
    this._textBox.value = a.text;
  }

  _engineState(state) {
    super._engineState(state);
    if (state.status !== "ready" && this._answer) this.render();
  }
}

defineWidget("somerset-pad", SomersetPad);
