// <somerset-our-table permalink [rules="parker-1947" or a ruleset code]>
// Our table's rules: a table composes its own ruleset from a surveyed one (its base) by changing
// some of its rules to a value another ruleset of the same pack uses, and gives it a name. Each
// change is explained under its field with the rule it brings and where it comes from; the engine
// writes the code, which the address keeps (so the page reads its own link back) and the tools'
// links carry; "Our table" keeps them on the device, so every tool opens with them. The card of
// the changes, with the link's QR code, prints for the table.

import { Widget, askOnce, citationLink, clear, defineWidget, h, interpretationNote, nextId, replace } from "../base/ui.js";
import { codeBase, isCode, namedCode, rememberRuleset, rememberedRuleset, tableRulesLabel } from "../base/ruleset.js";
import { QR_MOST, qrOf } from "../views/qr-code.js";
import { bringIntoView } from "../base/in-view.js";

const DEFAULT_BASE = "parker-1947";
// The tools that take a table's rules, with their pages (relative to this one).
const TOOLS = [
  ["Trick resolver", "../trick/"],
  ["Score calculator", "../score/"],
  ["Score pad", "../pad/"],
  ["Play a deal", "../play/"],
  ["Same deal, every ruleset", "../samedeal/"],
];
const TYPING_MS = 400;
const FIGURE_DEALS = 100; // deals played both ways for "What your changes do, in numbers" (a few seconds)

// Which setting an engine refusal of `set` is about: its message names the setting's key.
export function settingOfMessage(message, keys) {
  const m = /\bfor ([a-z_]+) \(/.exec(String(message));
  return m && keys.includes(m[1]) ? m[1] : null;
}

// The rulesets a value comes from, for an option's words: "as in somersetgame.com", two named at most.
function fromWords(value, rulesets, base) {
  const names = value.rulesets.filter((id) => id !== base.id).map((id) => (rulesets.find((r) => r.id === id) || { short_name: id }).short_name);
  if (!names.length) return "";
  return ` (as in ${names.slice(0, 2).join(", ")}${names.length > 2 ? " and others" : ""})`;
}

class SomersetOurTable extends Widget {
  static fields = ["rules"];
  static defaults = { rules: DEFAULT_BASE };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    this._id = nextId("our-table");
    this._wanted = this.wanted;
    this._seq = 0;
    this._base = h("select", { id: `${this._id}-base`, disabled: true }, h("option", { value: "" }, "Rulesets…"));
    this._name = h("input", { id: `${this._id}-name`, type: "text", autocomplete: "off", "aria-describedby": `${this._id}-name-hint ${this._id}-name-err` });
    this._nameHint = h("p", { class: "sr-hint", id: `${this._id}-name-hint` }, "Optional: the tools show it in their ruleset choice.");
    this._nameErr = h("p", { class: "sr-field-error", id: `${this._id}-name-err`, hidden: true });
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._settings = h("div", { class: "sr-our-table__settings" });
    this._result = h("div", { class: "sr-our-table__card", "aria-labelledby": `${this._id}-card-title`, role: "region" });
    this._fields = new Map(); // setting key -> {control, note, err, own}
    this.liveRegion();
    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.compose()) },
      h(
        "div",
        { class: "sr-row" },
        h("div", { class: "sr-field" }, h("label", { for: this._base.id }, "The rules you start from"), this._base),
        h("div", { class: "sr-field" }, h("label", { for: this._name.id }, "Your table's name"), this._name, this._nameHint, this._nameErr),
      ),
      h("h3", {}, "What your table plays differently"),
      h("p", { class: "sr-hint" }, "Each rule shows the base's own choice first; the others are the choices of other rulesets with the same pack."),
      this._settings,
    );
    this._base.addEventListener("change", () => {
      this.drawSettings({});
      this.compose();
    });
    this._name.addEventListener("input", () => this.composeSoon());
    this._name.addEventListener("change", () => this.compose());
    replace(this, h("p", { class: "sr-widget__title" }, "Our table's rules"), this.statusBox(), this._notice, form, this._result, this._live);
  }

  firstControl() {
    return this._base.disabled ? null : this._base;
  }

  // The form from the build's fixed answers (the rulesets and their settings): usable while the
  // engine downloads. A code in the link is read once the engine runs (onReady).
  async prepare() {
    const answer = await askOnce({ cmd: "rulesets" });
    this._rulesets = answer.rulesets;
    this._info = answer.settings;
    this._name.maxLength = answer.max_name_chars;
    clear(this._base);
    for (const r of this._rulesets) this._base.appendChild(h("option", { value: r.id }, r.short_name));
    const wanted = String(this._wanted.rules || "").trim();
    const first = (isCode(wanted) ? codeBase(wanted) : wanted).toLowerCase();
    const base = this._rulesets.find((r) => r.id === first || (r.aliases || []).includes(first));
    this._base.value = base ? base.id : DEFAULT_BASE;
    if (!base && wanted) this.setNotice(`There is no ruleset called “${wanted}”; starting from ${this.base().short_name}.`);
    this._base.disabled = false;
    this.drawSettings({});
  }

  async onReady() {
    const wanted = String(this._wanted.rules || "").trim();
    if (isCode(wanted)) {
      const answer = await this.ask({ cmd: "compose", rules: wanted, set: {} });
      if (answer.error) {
        this.setNotice(`This link's table rules cannot be read: ${answer.error.message.replace(/\.$/, "")}. Starting from ${this.base().short_name} instead.`);
      } else {
        this._base.value = answer.base;
        this._name.value = namedCode(answer.code) ? answer.name : "";
        this.drawSettings(Object.fromEntries(answer.changes.map((c) => [c.setting, c.value])));
      }
    }
    this._wanted.rules = "";
    await this.compose();
  }

  setNotice(text) {
    this._notice.hidden = !text;
    this._notice.textContent = text || "";
  }

  base() {
    return this._rulesets.find((r) => r.id === this._base.value) || this._rulesets[0];
  }

  // One field per rule a table may change: a list of the values rulesets of the base's pack use
  // (the base's own first), or a number box for the lowest bid and the target. A rule with no other
  // value for this pack is left out.
  drawSettings(changes) {
    const base = this.base();
    this._fields.clear();
    const fields = [];
    for (const s of this._info) {
      const own = String(base.settings[s.key]);
      const wanted = changes[s.key] !== undefined ? String(changes[s.key]) : own;
      const id = `${this._id}-${s.key}`;
      const note = h("div", { class: "sr-our-table__change", id: `${id}-note`, role: "status" });
      const err = h("p", { class: "sr-field-error", id: `${id}-err`, hidden: true });
      let control;
      let hint = null;
      if (s.number) {
        control = h("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", size: "5", value: wanted });
        const [low, high] = (s.bounds && s.bounds[base.id]) || [];
        const range = low === undefined ? "A whole number." : `A whole number from ${low} to ${high}.`;
        hint = h("p", { class: "sr-hint", id: `${id}-hint` }, `${base.short_name}: ${own}. ${range}`);
        control.addEventListener("input", () => this.composeSoon());
      } else {
        const values = s.values.filter((v) => v.packs.includes(base.deck) || v.value === own);
        if (values.length < 2) continue;
        values.sort((a, b) => (b.value === own) - (a.value === own));
        control = h(
          "select",
          { id },
          values.map((v) => h("option", { value: v.value }, v.value === own ? `${v.label} (${base.short_name})` : `${v.label}${fromWords(v, this._rulesets, base)}`)),
        );
        control.value = values.some((v) => v.value === wanted) ? wanted : own;
      }
      control.setAttribute("aria-describedby", [hint && hint.id, note.id, err.id].filter(Boolean).join(" "));
      control.addEventListener("change", () => this.compose());
      this._fields.set(s.key, { control, note, err, own });
      fields.push(h("div", { class: "sr-field sr-our-table__setting", "data-setting": s.key }, h("label", { for: id }, s.heading), control, hint, err, note));
    }
    replace(this._settings, ...fields);
  }

  composeSoon() {
    clearTimeout(this._typing);
    this._typing = setTimeout(() => this.compose(), TYPING_MS);
  }

  // The changes as the engine's `set`: every field whose value is not the base's own.
  changes() {
    const set = {};
    for (const [key, f] of this._fields) {
      const value = f.control.value.trim();
      if (value !== f.own) set[key] = value;
    }
    return set;
  }

  showError(key, message) {
    for (const [k, f] of this._fields) {
      const mine = k === key;
      f.err.hidden = !mine;
      f.err.textContent = mine ? message : "";
      if (mine) f.control.setAttribute("aria-invalid", "true");
      else f.control.removeAttribute("aria-invalid");
    }
    const onName = key === "name";
    this._nameErr.hidden = !onName;
    this._nameErr.textContent = onName ? message : "";
    if (onName) this._name.setAttribute("aria-invalid", "true");
    else this._name.removeAttribute("aria-invalid");
  }

  async compose() {
    clearTimeout(this._typing);
    if (!this.engineReady || !this._info) return;
    const seq = ++this._seq;
    const request = { cmd: "compose", rules: this._base.value, set: this.changes() };
    const name = this._name.value.trim();
    if (name) request.name = name;
    const answer = await this.ask(request);
    if (seq !== this._seq) return;
    if (answer.error) {
      const key = answer.error.field === "name" ? "name" : settingOfMessage(answer.error.message, [...this._fields.keys()]);
      this.showError(key, answer.error.message);
      if (!key) this.setNotice(answer.error.message);
      this.announce(`Not composed: ${answer.error.message}`);
      return;
    }
    this.showError(null, "");
    this.showAnswer(answer);
  }

  // Each change explained under its field; the card: the rules' name, the changes, the code, the
  // tools' links and the link to share.
  showAnswer(answer) {
    const byKey = new Map(answer.changes.map((c) => [c.setting, c]));
    for (const [key, f] of this._fields) {
      const c = byKey.get(key);
      replace(
        f.note,
        c ? h("p", { class: "sr-hint" }, h("strong", {}, "Changed: "), c.summary, " ", ...c.citations.flatMap((cite) => [citationLink(cite), " "])) : null,
        c ? interpretationNote(c.interpretation) : null,
      );
    }
    const changed = answer.changes.length > 0 || Boolean(this._name.value.trim());
    const rules = changed ? answer.code : answer.base;
    this.saveState({ rules });
    const label = changed ? tableRulesLabel(answer) : answer.base_name;
    const link = new URL(location.href);
    link.hash = "";
    const share = h("input", { id: `${this._id}-link`, type: "text", readonly: true, value: link.href, class: "sr-our-table__link" });
    replace(
      this._result,
      h("h3", { id: `${this._id}-card-title` }, label),
      answer.changes.length
        ? h("ul", { class: "sr-our-table__list" }, answer.changes.map((c) => h("li", {}, c.sentence[0].toUpperCase() + c.sentence.slice(1), ".")))
        : h("p", {}, `No changes: ${answer.base_name} as its text plays it.`),
      h("p", { class: "sr-hint" }, "Everything else as ", answer.base_name, "."),
      h("p", { class: "sr-our-table__code" }, "Code: ", h("code", {}, rules)),
      answer.changes.length ? this.figuresField(rules, answer.base_name) : null,
      h("p", { class: "sr-our-table__tools" }, "Play and settle under these rules: ", ...TOOLS.flatMap(([title, path], i) => [i ? ", " : "", h("a", { href: `${path}?rules=${encodeURIComponent(rules)}` }, title)]), "."),
      h(
        "div",
        { class: "sr-field sr-our-table__share" },
        h("label", { for: share.id }, "A link to these rules"),
        h("div", { class: "sr-inline" }, share, h("button", { type: "button", class: "md-button", onclick: () => this.copyLink(share) }, "Copy"), h("button", { type: "button", class: "md-button", onclick: () => window.print() }, "Print the card")),
      ),
      this.keepField(rules),
    );
    this._result.append(this.qrFigure(link.href));
    this.announce(`${label}. ${answer.changes.length} ${answer.changes.length === 1 ? "change" : "changes"}.`);
  }

  // What the changes do, in numbers, on request: the same seeded deals played by the bots under
  // these rules and under their base (the engine's `house_figures`, as Same deal plays one).
  figuresField(rules, baseName) {
    const id = `${this._id}-figures`;
    const out = h("div", { class: "sr-our-table__figures-out", id: `${id}-out` }); // announced by the live region
    const button = h("button", { type: "button", class: "md-button", "aria-controls": out.id }, `Play ${FIGURE_DEALS} deals both ways`);
    button.addEventListener("click", () => this.showFigures(rules, baseName, button, out));
    return h(
      "section",
      { class: "sr-our-table__figures", "aria-labelledby": `${id}-title` },
      h("h4", { id: `${id}-title` }, "What your changes do, in numbers"),
      h("p", { class: "sr-hint" }, `The same ${FIGURE_DEALS} deals, dealt and played by the engine's bots under your rules and under ${baseName}, as Same deal plays one.`),
      button,
      out,
    );
  }

  async showFigures(rules, baseName, button, out) {
    button.disabled = true;
    replace(out, h("p", {}, `Playing ${FIGURE_DEALS} deals both ways…`));
    const f = await this.ask({ cmd: "house_figures", rules, deals: FIGURE_DEALS });
    button.disabled = false;
    if (f.error) {
      replace(out, h("p", { class: "sr-field-error" }, `The deals could not be played: ${f.error.message}.`));
      return;
    }
    const [ours, base] = f.sides;
    const cell = (x) => (x === null ? "—" : String(x));
    const rows = [
      ["Deals with a bid", "bids"],
      ["Bids made", "made"],
      ["Bids set", "set"],
      ["Deals passed out", "passed_out"],
      ["The bidder's side takes (points, on average)", "points"],
      ["The bidder's side scores (on average)", "score"],
    ];
    const parted =
      f.parted === 0
        ? `Your rules and ${baseName}'s played all ${f.deals} deals alike (a change to the target or to how a game ends changes the game, not a deal)`
        : `Your rules parted from ${baseName}'s in ${f.parted} of the ${f.deals} deals`;
    replace(
      out,
      h("p", {}, `${parted}.`),
      h("p", { class: "sr-hint" }, `Seeds ${f.seed} to ${f.seed + f.deals - 1}; the heuristic bots play every seat.`),
      h(
        "table",
        { class: "sr-our-table__figures-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, `${f.deals} deals`), h("th", { scope: "col" }, "Your rules"), h("th", { scope: "col" }, baseName))),
        h("tbody", {}, rows.map(([label, key]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, cell(ours[key])), h("td", {}, cell(base[key]))))),
      ),
    );
    bringIntoView(button, out);
    this.announce(`${parted}.`);
  }

  // "Our table": these rules kept on this device, so that every tool opens with them (the tools
  // that play the books' rules only show the book they change, and say so).
  keepField(rules) {
    const id = `${this._id}-keep`;
    const hint = h("p", { class: "sr-hint", id: `${id}-hint`, role: "status" });
    const button = h(
      "button",
      { type: "button", class: "md-button sr-ourtable", id, "aria-describedby": hint.id, onclick: () => this.keep(rules, button, hint) },
      h("span", { class: "sr-ourtable__mark", "aria-hidden": "true" }),
      h("span", { class: "sr-ourtable__text" }, "Our table"),
    );
    this.showKept(rules, button, hint);
    return h("div", { class: "sr-field sr-our-table__keep" }, h("div", { class: "sr-inline" }, button), hint);
  }

  showKept(rules, button, hint, problem = "") {
    const mine = rememberedRuleset({ codes: true });
    const kept = mine === rules;
    button.setAttribute("aria-pressed", String(kept));
    hint.textContent =
      problem ||
      (kept
        ? "Kept on this device: every tool opens with these rules, and the rulings answer by them. The puzzle trainer and Learn show the book they change. Press to forget."
        : mine
          ? "This device keeps other rules for your table: press to keep these instead."
          : "Press to open every tool with these rules on this device.");
  }

  keep(rules, button, hint) {
    const forgetting = rememberedRuleset({ codes: true }) === rules;
    const result = rememberRuleset(forgetting ? null : rules);
    this.showKept(rules, button, hint, result.ok ? "" : `${forgetting ? "Not forgotten" : "Not kept"}: ${result.problem}.`);
    if (result.ok) this.announce(forgetting ? "Forgotten on this device." : "Kept on this device: every tool opens with these rules.");
  }

  // The link as a QR code, on the card (it prints with it), drawn once the encoder is in.
  qrFigure(link) {
    const figure = h("figure", { class: "sr-our-table__qr" });
    this._qrFor = link;
    if (link.length > QR_MOST) return figure;
    qrOf(link, "A QR code of the link to these rules", "sr-our-table__qrcode")
      .then((svg) => {
        if (this._qrFor === link) replace(figure, svg, h("figcaption", { class: "sr-hint" }, "Scan it with a phone's camera to open these rules there."));
      })
      .catch((e) => replace(figure, h("p", { class: "sr-hint" }, `The QR code could not be drawn (${e.message || e}); share the link instead.`)));
    return figure;
  }

  async copyLink(box) {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      this.announce("The link is copied.");
    } catch {
      this.announce("The link is selected: copy it from the box.");
    }
  }
}

defineWidget("somerset-our-table", SomersetOurTable);
