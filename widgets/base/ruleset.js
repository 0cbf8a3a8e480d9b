// Choosing a ruleset and a way to play: the reader's own ruleset ("Our table", one stored value for
// the whole site, preselected by every tool), the labelled ruleset <select> with its "Our table"
// toggle (RulesetChoice), and filling the ruleset and "Players" lists, with a notice naming a
// ruleset or format asked for that is not there; a table's own rules named by their code
// (withTableRules).

import { RULESET, clearNote, noteFor, noteShown, read as readStored, update as updateStored } from "../store/storage.js";
import { askOnce } from "./build-data.js";
import { clear, h } from "./dom.js";

// One value for the whole site (storage.js's RULESET): every tool preselects it. Storage that is
// missing or full counts as no choice; a stored value that cannot be read is set aside by
// storage.js, and the "Our table" field says so (noteFor(RULESET)).
const RULESET_CHANGED = "somerset-ruleset-changed";

// The remembered ruleset may be a table's own rules (their code); a tool that plays the surveyed
// rulesets only asks without `codes` and gets the rules they change (the code's base).
export function rememberedRuleset({ codes = false } = {}) {
  const value = readStored(RULESET).value;
  return value && !codes && isCode(value) ? codeBase(value) : value;
}

// The remembered table's own rules (their code), or null when the reader's table plays a book.
export function rememberedCode() {
  const value = readStored(RULESET).value;
  return value && isCode(value) ? value : null;
}

// Remember the reader's ruleset (null forgets it): {ok, problem} from storage.js.
export function rememberRuleset(id) {
  const result = updateStored(RULESET, () => id || null);
  if (result.ok) clearNote(RULESET); // chosen anew: what could not be read before is past
  if (result.ok) window.dispatchEvent(new CustomEvent(RULESET_CHANGED, { detail: id || null }));
  return result;
}

// A ruleset code (a table's own rules, develop/architecture.md "A table's own rules") holds the
// engine's code mark; a surveyed ruleset's id or alias never does.
export const CODE_MARK = "~";

export function isCode(text) {
  return String(text || "").includes(CODE_MARK);
}

// A code's base, the ruleset it changes ("parker-1947" of "parker-1947~v1~target.50").
export function codeBase(code) {
  return String(code).split(CODE_MARK)[0];
}

// Whether a code carries the table's name (the engine names an unnamed table's rules after the base).
export function namedCode(code) {
  return String(code).split(CODE_MARK).some((part) => part.startsWith("name."));
}

// How the ruleset choice names a table's own rules: the table's name (or "Our table's rules") and
// the base with the number of changes ("Our table: Parker 1947 with 2 changes").
export function tableRulesLabel(answer) {
  const n = answer.changes.length;
  const changes = n === 0 ? "no changes" : n === 1 ? "1 change" : `${n} changes`;
  return `${namedCode(answer.code) ? answer.name : "Our table's rules"}: ${answer.base_name} with ${changes}`;
}

// When `wanted` is a ruleset code, ask the engine to read it: {rulesets, wanted} with the table's
// ruleset first in the list (its code as its id, named by tableRulesLabel) and its code as the
// engine writes it. A code the engine refuses (malformed, an unknown rule or value, a newer
// version) adds a notice with the engine's reason and what is shown instead: the code's base when
// it is a ruleset here, else `fallback`. Anything else comes back as it is.
export async function withTableRules(rulesets, wanted, fallback, notices) {
  const text = String(wanted || "").trim();
  if (!isCode(text)) return { rulesets, wanted };
  try {
    const answer = await askOnce({ cmd: "compose", rules: text, set: {} });
    const entry = { ...answer.ruleset, short_name: tableRulesLabel(answer), table: answer };
    return { rulesets: [entry, ...rulesets.filter((r) => r.id !== entry.id)], wanted: answer.code };
  } catch (e) {
    const baseName = codeBase(text).toLowerCase();
    const base = rulesets.find((r) => r.id === baseName || (r.aliases || []).includes(baseName));
    const shown = base || rulesets.find((r) => r.id === fallback) || { id: fallback, short_name: fallback };
    const reason = String((e && e.message) || e).replace(/\.$/, "");
    notices.push(`This link's table rules cannot be read: ${reason}. Showing ${shown.short_name}${base ? ", the rules they change," : ""} instead.`);
    return { rulesets, wanted: shown.id };
  }
}

// Fill a ruleset <select> (every ruleset, then "All rulesets") and choose `wanted` (an id, an
// alias or "all"). An unknown name falls back to `fallback` and adds a notice saying so.
export function fillRulesetSelect(select, rulesets, wanted, fallback, notices, { all = true } = {}) {
  clear(select);
  for (const r of rulesets) select.appendChild(h("option", { value: r.id }, r.short_name));
  if (all) select.appendChild(h("option", { value: "all" }, "All rulesets (compare)"));
  const name = String(wanted).trim().toLowerCase();
  const exact = String(wanted).trim(); // a code's table name is case-sensitive
  const match = name === "all" && all ? "all" : rulesets.find((r) => r.id === exact || r.id === name || (r.aliases || []).includes(name));
  if (match) select.value = match === "all" ? "all" : match.id;
  else {
    select.value = fallback;
    const shown = (rulesets.find((r) => r.id === fallback) || { short_name: fallback }).short_name;
    notices.push(
      name === "all"
        ? `This tool plays one ruleset at a time; showing ${shown}.`
        : isCode(name)
          ? `This tool plays the surveyed rulesets only, not a table's own rules (a ruleset code); showing ${shown} instead.`
          : `There is no ruleset called “${wanted}”; showing ${shown} instead.`,
    );
  }
  select.disabled = false;
}

// A labelled ruleset <select> with the reader's "Our table" toggle: pressed when the chosen ruleset
// is the one remembered on this device; one press remembers the chosen one (or forgets it).
export class RulesetChoice {
  constructor(id, { all = true, label = "Ruleset", compact = false } = {}) {
    this.all = all;
    this.select = h("select", { id, disabled: true }, h("option", { value: "" }, "Rulesets…"));
    // Compact: only the star shows; its name stays "Our table".
    this.toggle = h(
      "button",
      { type: "button", class: `md-button sr-ourtable${compact ? " sr-ourtable--compact" : ""}`, "aria-pressed": "false", disabled: true, onclick: () => this.flip() },
      h("span", { class: "sr-ourtable__mark", "aria-hidden": "true" }),
      h("span", { class: compact ? "sr-vh" : "sr-ourtable__text" }, "Our table"),
    );
    this.error = h("p", { class: "sr-field-error", id: `${id}-err`, hidden: true });
    // What storage said about "Our table" (a choice not kept, a kept one that could not be read).
    this.note = h("p", { class: "sr-hint sr-ourtable__note", id: `${id}-note`, role: "status", hidden: true });
    // A table's own rules named in full: the <select> may be too narrow for their name. One line,
    // so the tool's answer stays in view on a phone.
    this.table = h("p", { class: "sr-hint sr-table-rules", id: `${id}-table`, hidden: true });
    this.field = h(
      "div",
      { class: "sr-field sr-field--rules" },
      h("label", { for: id }, label),
      h("div", { class: "sr-ruleset" }, this.select, this.toggle),
      this.error,
      this.table,
      this.note,
    );
    this.select.addEventListener("change", () => this.update());
    this._onRemembered = () => this.update();
    window.addEventListener(RULESET_CHANGED, this._onRemembered);
    window.addEventListener("storage", this._onRemembered);
  }

  get value() {
    return this.select.value;
  }

  set value(v) {
    this.select.value = v;
    this.update();
  }

  fill(rulesets, wanted, fallback, notices) {
    this.rulesets = rulesets;
    fillRulesetSelect(this.select, rulesets, wanted, fallback, notices, { all: this.all });
    this.update();
  }

  name(id = this.value) {
    const r = (this.rulesets || []).find((x) => x.id === id);
    return r ? r.short_name : id;
  }

  update() {
    const v = this.select.value;
    const code = isCode(v);
    const usable = Boolean(this.rulesets) && v !== "all" && v !== "";
    const mine = rememberedRuleset({ codes: true });
    const pressed = usable && mine === v;
    // The reader's table plays its own rules and this tool did not read them (it plays the
    // surveyed rulesets only): it shows the rules they change, and says so.
    const own = isCode(mine) ? mine : null;
    const unread = own && !(this.rulesets || []).some((r) => r.id === own) && v === codeBase(own);
    this.toggle.disabled = !usable;
    this.toggle.setAttribute("aria-pressed", String(pressed));
    this.toggle.title = pressed
      ? `Your table plays ${this.name(v)}: every tool opens with it. Press to forget.`
      : unread
        ? `Press to make ${this.name(v)} as the book has it your table's rules on this device, in place of your own.`
        : usable
          ? `Press to open every tool with ${this.name(v)} on this device.`
          : "Choose one ruleset to make it your table's.";
    const chosen = code ? (this.rulesets || []).find((r) => r.id === v) : null;
    this.table.hidden = !((chosen && chosen.table) || unread);
    this.table.textContent = chosen && chosen.table ? `${chosen.short_name}.` : unread ? `Your table's own rules change ${this.name(v)}: this tool shows the book's rules.` : "";
    // What storage said: a choice not kept, or one kept before that could not be read.
    const problem = this._problem || noteFor(RULESET);
    if (!this._problem && problem) noteShown(RULESET);
    this.note.hidden = !problem;
    this.note.textContent = problem || "";
    if (problem) this.toggle.setAttribute("aria-describedby", this.note.id);
    else this.toggle.removeAttribute("aria-describedby");
  }

  flip() {
    const v = this.select.value;
    if (!v || v === "all") return;
    const forgetting = rememberedRuleset({ codes: true }) === v;
    const result = rememberRuleset(forgetting ? null : v);
    this._problem = result.ok ? null : `${forgetting ? "Not forgotten" : `${this.name(v)} is not remembered`}: ${result.problem}.`;
    if (result.ok) clearNote(RULESET);
    this.update();
  }
}

// Fill a "Players" <select> with a ruleset's formats and choose `wanted` (else `previous`, else
// the first). A wanted format the ruleset lacks adds a notice saying what is shown instead.
export function fillFormatSelect(select, ruleset, wanted, notices, previous = "", label = (f) => f.label) {
  clear(select);
  for (const f of ruleset.formats) select.appendChild(h("option", { value: f.id }, label(f)));
  const pick = wanted || previous;
  if (ruleset.formats.some((f) => f.id === pick)) select.value = pick;
  else {
    select.value = ruleset.formats[0].id;
    if (wanted) notices.push(`“${String(wanted).slice(0, 40)}” is not a way to play ${ruleset.short_name}; showing ${ruleset.formats[0].label}.`);
  }
  select.disabled = ruleset.formats.length < 2;
}

// The format `formatId` of ruleset `rulesetId` in a rulesetList() answer (the first ruleset, the
// first format, where there is no such one).
export function formatOf(rulesets, rulesetId, formatId) {
  const r = rulesets.find((x) => x.id === rulesetId) || rulesets[0];
  return r.formats.find((f) => f.id === formatId) || r.formats[0];
}
