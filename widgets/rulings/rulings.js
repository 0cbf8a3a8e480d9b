// <somerset-rulings data-rulesets="id id ...">: the rulings page's "Our table only" switch. With it
// on, each ruling shows one line, the answer of the reader's ruleset (the site's remembered
// ruleset: the one every tool opens with), with a button under it that shows every ruleset's
// answers again, and its "Why" box gives that ruleset's reason alone. The books' answers are in the
// page (hooks/generate.py, each list item naming its rulesets); a table's own rules kept on the
// device (a code) are answered by the engine (`rulings`), their answer heading each list with the
// text each rule comes from. Without JavaScript every book's answer shows. The switch starts on
// when a ruleset is remembered; choosing one here remembers it for the whole site.

import { RULESET, onChange } from "../store/storage.js";
import { askOnce, citationLink, defineWidget, h, nextId, rememberRuleset, rememberedRuleset, replace, waitsForPage } from "../base/ui.js";
import { codeBase, namedCode, rememberedCode, tableRulesLabel } from "../base/ruleset.js";

const CHANGED = "somerset-ruleset-changed"; // ui.js's event after rememberRuleset()

class SomersetRulings extends HTMLElement {
  connectedCallback() {
    if (waitsForPage(this)) return; // it reads the page around it
    if (!this._built) {
      this._built = true;
      this.build();
    }
    this._stop = onChange([RULESET], () => this.follow());
    this._onChanged = () => this.follow();
    window.addEventListener(CHANGED, this._onChanged);
    this.follow();
  }

  disconnectedCallback() {
    if (this._stop) this._stop();
    window.removeEventListener(CHANGED, this._onChanged);
  }

  // The rulesets, in the order the page gives, with their names from the answers' links.
  rulesets() {
    const names = new Map();
    for (const a of document.querySelectorAll(".sr-ruling-answers a[data-ruleset]")) {
      if (!names.has(a.dataset.ruleset)) names.set(a.dataset.ruleset, a.textContent.trim());
    }
    const order = (this.dataset.rulesets || "").split(/\s+/).filter((id) => names.has(id));
    for (const id of names.keys()) if (!order.includes(id)) order.push(id);
    return order.map((id) => ({ id, name: names.get(id) }));
  }

  build() {
    const id = nextId("rulings");
    this.classList.add("sr-widget", "sr-rulings");
    this._list = this.rulesets();
    this._select = h(
      "select",
      { id: `${id}-rules`, onchange: () => this.choose() },
      h("option", { value: "" }, "Choose your table's ruleset"),
      this._list.map((r) => h("option", { value: r.id }, r.name)),
    );
    this._switch = h(
      "button",
      { type: "button", class: "md-button sr-rulings__switch", role: "switch", "aria-checked": "false", onclick: () => this.flip() },
      h("span", { class: "sr-rulings__knob", "aria-hidden": "true" }),
      "Our table only",
    );
    this._hint = h("p", { class: "sr-hint", id: `${id}-hint` });
    this._switch.setAttribute("aria-describedby", this._hint.id);
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    replace(
      this,
      h(
        "div",
        { class: "sr-rulings__bar" },
        h("div", { class: "sr-field" }, h("label", { for: this._select.id }, "Our table plays"), this._select),
        this._switch,
      ),
      this._hint,
      this._live,
    );
    this._on = null; // null until the reader flips it: then it follows the remembered ruleset
  }

  get ruleset() {
    const id = this._select.value;
    return this._list.some((r) => r.id === id) ? id : "";
  }

  // The reader's table plays its own rules (a code kept on the device): the engine answers every
  // question under them (the `rulings` request), each answer with the text it comes from; the
  // page's own answers are the books'. this._table: {code, base, label, answers: Map id -> answer}.
  async readTable() {
    const code = rememberedCode();
    if (!code) this._table = null;
    if (!code || (this._table && this._table.code === code) || this._reading === code) return;
    this._reading = code;
    try {
      const [composed, answers] = await Promise.all([askOnce({ cmd: "compose", rules: code, set: {} }), askOnce({ cmd: "rulings", rules: code })]);
      if (rememberedCode() !== code) return;
      this._table = {
        code,
        base: composed.base,
        label: tableRulesLabel(composed),
        short: namedCode(code) ? composed.name : "Your table's rules",
        answers: new Map(answers.rulings.map((a) => [a.id, a])),
      };
      this._problem = null;
    } catch (e) {
      this._table = null;
      this._problem = `Your table's own rules cannot be read here (${String((e && e.message) || e).replace(/\.$/, "")}); the answers are the books'.`;
    } finally {
      this._reading = null;
    }
    this.follow();
  }

  // The table's own answer at the head of a ruling's answers (none when its rules are not read,
  // or another ruleset is chosen): the short answer, the table's name and the text it comes from.
  tableItem(list, table) {
    let item = list.querySelector(":scope > li.sr-ruling-answers__table");
    const a = table ? table.answers.get(list.dataset.ruling) : null;
    if (!a) {
      if (item) item.remove();
      return null;
    }
    if (!item) {
      item = h("li", { class: "sr-ruling-answers__table" });
      list.prepend(item);
    }
    const whose = table.short === "Your table's rules" ? "your table's own rules" : `${table.short} (your table's own rules)`;
    replace(item, h("strong", { class: "sr-ruling-answer__short" }, a.short[0].toUpperCase() + a.short.slice(1)), `: ${whose}, from `, citationLink(a.citation));
    return a;
  }

  // The remembered ruleset changed (here, in a tool, in another tab): show it.
  follow() {
    this.readTable();
    const mine = rememberedRuleset();
    const known = this._list.some((r) => r.id === mine);
    this._select.value = known ? mine : this._select.value || "";
    if (this._on === null) this._shown = Boolean(known);
    this.apply(false);
  }

  choose() {
    const id = this.ruleset;
    const result = rememberRuleset(id || null);
    this._problem = result.ok ? null : `Not remembered on this device: ${result.problem}. It applies to this page.`;
    if (id) {
      this._on = true;
      this._shown = true;
    }
    this.apply(true);
  }

  flip() {
    if (!this.ruleset) {
      this._select.focus();
      this._problem = "Choose your table's ruleset first.";
      this.apply(true);
      return;
    }
    this._problem = null;
    this._on = !this._shown;
    this._shown = this._on;
    this.apply(true);
  }

  apply(say) {
    const id = this.ruleset;
    const on = Boolean(this._shown && id);
    const name = (this._list.find((r) => r.id === id) || {}).name || "";
    this._switch.setAttribute("aria-checked", String(on));
    // The reader's table plays its own rules (a code): their answers once the engine has read
    // them, until then the book's they change, said so.
    const own = rememberedCode();
    const table = this._table && this._table.base === id ? this._table : null;
    const waiting = !table && own && id && codeBase(own) === id;
    const whose = table ? "your table's own" : `${name}'s`;
    this._hint.textContent =
      this._problem ||
      (waiting ? `Your table's own rules change ${name}: these are the book's answers until the engine has read yours. ` : "") +
        (on
          ? `Each question shows ${whose} answer only${table ? ` (${table.label}), with the text each rule comes from` : ""}; “All answers” under it shows every ruleset's.`
          : table
            ? `Your table's own answer (${table.label}) heads each question's answers. Turn on Our table only for it alone.`
            : id
              ? `Every ruleset's answers are shown. Turn on Our table only for ${name}'s alone.`
              : "Choose your ruleset to see its answer alone under each question; every tool then opens with it too.");
    let count = 0;
    for (const list of document.querySelectorAll("ul.sr-ruling-answers")) {
      count += 1;
      const answer = this.tableItem(list, table);
      this.showOne(list, on ? id : "", answer ? table.short : name, answer);
    }
    for (const why of document.querySelectorAll("details.sr-ruling-why")) this.showWhy(why, on ? id : "", name, on ? table : null);
    if (say) this._live.textContent = on ? `${count} questions show ${whose} answer only.` : "Every ruleset's answers are shown.";
  }

  // One ruling's "Why" box: every ruleset's reason, or the reader's alone (its title says whose).
  showWhy(why, id, name, table = null) {
    const title = why.querySelector("summary");
    if (title && !title.dataset.all) title.dataset.all = title.textContent;
    const items = [...why.querySelectorAll("li[data-ruleset]")];
    let own = why.querySelector("li.sr-ruling-why__table");
    const a = table ? table.answers.get(why.dataset.ruling) : null;
    if (a) {
      if (!own) {
        own = h("li", { class: "sr-ruling-why__table" });
        why.querySelector("ul").prepend(own);
      }
      const interp = a.interpretation ? [" ", h("em", {}, "Interpretation:"), ` ${a.interpretation}`] : [];
      replace(own, h("strong", {}, `${table.short}:`), ` ${a.detail} `, citationLink(a.citation), ".", ...interp);
      for (const li of items) li.hidden = true;
      if (title) title.textContent = `Why, for ${table.short}`;
      return;
    }
    if (own) own.remove();
    const mine = id && items.some((li) => li.dataset.ruleset === id);
    for (const li of items) li.hidden = Boolean(mine) && li.dataset.ruleset !== id;
    if (title) title.textContent = mine ? `Why, for ${name}` : title.dataset.all;
  }

  // One ruling's answers: every item, or the line of the reader's ruleset (or of the table's own
  // rules: `table`, their answer) with a button for the rest.
  showOne(list, id, name, table = null) {
    let ours = list.previousElementSibling && list.previousElementSibling.classList.contains("sr-ruling-ours") ? list.previousElementSibling : null;
    if (!id) {
      list.hidden = false;
      if (ours) ours.hidden = true;
      return;
    }
    const item = table ? list.querySelector(":scope > li.sr-ruling-answers__table") : [...list.children].find((li) => (li.dataset.rulesets || "").split(" ").includes(id));
    if (!item) {
      list.hidden = false;
      if (ours) ours.hidden = true;
      return;
    }
    if (!list.id) list.id = nextId("sr-answers");
    if (!ours) {
      ours = h("div", { class: "sr-ruling-ours" });
      list.before(ours);
    }
    const others = list.querySelectorAll(":scope > li[data-rulesets]").length;
    const short = item.querySelector(".sr-ruling-answer__short");
    const answer = short ? short.textContent : item.textContent;
    const from = table ? [" (from ", citationLink(table.citation), ")"] : [];
    if (others === 1 && !table) {
      // Every ruleset answers alike: nothing more to show.
      replace(ours, h("p", {}, h("strong", {}, `${name} and every other ruleset: `), answer));
      ours.hidden = false;
      list.hidden = true;
      return;
    }
    // Under a table's own rules the list holds the books' answers, shown by the same button.
    const all = table ? `The books' answers (${others})` : `All answers (${others})`;
    const more = h(
      "button",
      { type: "button", class: "md-button sr-ruling-ours__more", "aria-expanded": "false", "aria-controls": list.id },
      all,
    );
    more.addEventListener("click", () => {
      const open = more.getAttribute("aria-expanded") !== "true";
      more.setAttribute("aria-expanded", String(open));
      more.textContent = open ? "Hide the other answers" : all;
      list.hidden = !open;
    });
    replace(ours, h("p", {}, h("strong", {}, `${name}: `), answer, ...from), more);
    ours.hidden = false;
    list.hidden = true;
  }
}

defineWidget("somerset-rulings", SomersetRulings);
