// <somerset-rulings data-rulesets="id id ...">: the rulings page's "Our table only" switch. With it
// on, each ruling shows one line, the answer of the reader's ruleset (the site's remembered
// ruleset, ui.js rememberedRuleset: the one every tool opens with), with a button under it that
// shows every ruleset's answers again (none where every ruleset answers alike), and its "Why" box
// gives that ruleset's reason alone. Needs no engine: the answers are in the page, each list item
// naming its rulesets (hooks/generate.py, data-rulesets). Without JavaScript every answer shows.
//
// The switch starts on when the reader's ruleset is remembered. Choosing a ruleset here remembers
// it for the whole site, as the tools' "Our table" button does; another tab's choice is followed.

import { RULESET, onChange } from "../store/storage.js";
import { defineWidget, h, nextId, rememberRuleset, rememberedRuleset, replace, waitsForPage } from "../base/ui.js";
import { rememberedCode } from "../base/ruleset.js";

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

  // The remembered ruleset changed (here, in a tool, in another tab): show it.
  follow() {
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
    // The reader's table plays its own rules (a code): the answers here are the book's they change.
    const own = rememberedCode();
    const changed = own && id && own.split("~")[0] === id ? `Your table's own rules change ${name}: these are the book's answers. ` : "";
    this._hint.textContent =
      this._problem ||
      changed + (on
        ? `Each question shows ${name}'s answer only; “All answers” under it shows every ruleset's.`
        : id
          ? `Every ruleset's answers are shown. Turn on Our table only for ${name}'s alone.`
          : "Choose your ruleset to see its answer alone under each question; every tool then opens with it too.");
    let count = 0;
    for (const list of document.querySelectorAll("ul.sr-ruling-answers")) {
      count += 1;
      this.showOne(list, on ? id : "", name);
    }
    for (const why of document.querySelectorAll("details.sr-ruling-why")) this.showWhy(why, on ? id : "", name);
    if (say) this._live.textContent = on ? `${count} questions show ${name}'s answer only.` : "Every ruleset's answers are shown.";
  }

  // One ruling's "Why" box: every ruleset's reason, or the reader's alone (its title says whose).
  showWhy(why, id, name) {
    const title = why.querySelector("summary");
    if (title && !title.dataset.all) title.dataset.all = title.textContent;
    const items = [...why.querySelectorAll("li[data-ruleset]")];
    const mine = id && items.some((li) => li.dataset.ruleset === id);
    for (const li of items) li.hidden = Boolean(mine) && li.dataset.ruleset !== id;
    if (title) title.textContent = mine ? `Why, for ${name}` : title.dataset.all;
  }

  // One ruling's answers: every item, or the line of the reader's ruleset with a button for the rest.
  showOne(list, id, name) {
    let ours = list.previousElementSibling && list.previousElementSibling.classList.contains("sr-ruling-ours") ? list.previousElementSibling : null;
    if (!id) {
      list.hidden = false;
      if (ours) ours.hidden = true;
      return;
    }
    const item = [...list.children].find((li) => (li.dataset.rulesets || "").split(" ").includes(id));
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
    const others = list.children.length;
    const short = item.querySelector(".sr-ruling-answer__short");
    const answer = short ? short.textContent : item.textContent;
    if (others === 1) {
      // Every ruleset answers alike: nothing more to show.
      replace(ours, h("p", {}, h("strong", {}, `${name} and every other ruleset: `), answer));
      ours.hidden = false;
      list.hidden = true;
      return;
    }
    const more = h(
      "button",
      { type: "button", class: "md-button sr-ruling-ours__more", "aria-expanded": "false", "aria-controls": list.id },
      `All answers (${others})`,
    );
    more.addEventListener("click", () => {
      const open = more.getAttribute("aria-expanded") !== "true";
      more.setAttribute("aria-expanded", String(open));
      more.textContent = open ? "Hide the other answers" : `All answers (${others})`;
      list.hidden = !open;
    });
    replace(ours, h("p", {}, h("strong", {}, `${name}: `), answer), more);
    ours.hidden = false;
    list.hidden = true;
  }
}

defineWidget("somerset-rulings", SomersetRulings);
