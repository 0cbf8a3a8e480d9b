// The score pad's settings: the ruleset, the way to play (format) and the optional rule, filled
// from the rulesets' list for the game shown, folded once the game has a deal; a change is made
// like any other change of the game (scored, kept), and refused when its deals cannot be scored
// that way. Methods of <somerset-pad> (pad.js assigns them to the element).

import { clear, h } from "../base/ui.js";
import { plural } from "./words.js";

export const settings = {
  rulesName(id) {
    const r = (this._rulesets || []).find((x) => x.id === id);
    return r ? r.short_name : id;
  },

  // The settings' lists for the game shown. A format the game left empty is filled with the one
  // the engine takes by default, so the engine's answer stays the game's.
  applySettings(notices = []) {
    if (!this._rulesets) return;
    // A game kept under a table's own rules not in the lists yet: the engine reads their code.
    if (!this._rulesets.some((r) => r.id === this._state.rules)) {
      this.fillInputs();
      return;
    }
    const before = { ...this._state };
    const covered = this.scored();
    this._rules.value = this._state.rules;
    this.fillSettings(notices);
    this.rekey(before, covered);
  },

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
  },

  async settingsChanged(which) {
    const before = { ...this._state };
    this._state = { ...this._state, rules: this._rules.value };
    if (which === "rules") this._state.option = "";
    if (which !== "format") this._state.format = this._state.format || "";
    if (which === "option") this._state.option = this._option.value;
    if (which === "format") this._state.format = this._format.value;
    this.fillSettings();
    const settings = { rules: this._state.rules, option: this._state.option, format: this._state.format, names: null };
    // The names stay when the sides do.
    const sides = (state) => {
      const empty = this.fixedEmpty(state);
      return empty ? empty.sides.length : null;
    };
    const sidesBefore = sides(before);
    if (before.names && sidesBefore !== null && sides(this._state) === sidesBefore) settings.names = before.names;
    this._state = before; // the game as it is until the change is made (the lists show the new settings)
    const final = await this.edit(
      (base) => ({ ...base, ...settings }),
      (a) => `Scored under ${a.ruleset_name}, ${a.format_label}: ${this.totalsWords(a)}.`,
      (next) => `${this._choice.name(next.rules)}, ${this._format.selectedOptions[0] ? this._format.selectedOptions[0].textContent : next.format}: ${plural(next.deals.length, "deal")}, scored when the engine is ready.`,
    );
    if (final && final.error) {
      this._state = before;
      this._rules.value = before.rules;
      this.fillSettings();
      this.showNotices([
        ...this._notes,
        `The pad keeps ${this._answer ? this._answer.ruleset_name : "its rules"}: its deals cannot be scored that way (${final.error.message}). Start a new game to change it.`,
      ]);
      this.announce(`Not changed: ${final.error.message}`);
    }
  },

  // The settings, folded once the game has a deal (opened again for a game without one); the
  // fold's line names them.
  drawSettings(begun) {
    if (this._begun !== begun) {
      this._begun = begun;
      this._settings.open = !begun;
    }
    const chosen = [this._rules, this._format, this._optionField.hidden ? null : this._option]
      .filter((select) => select && select.value && select.selectedOptions[0])
      .map((select) => select.selectedOptions[0].textContent.trim());
    this._settingsSummary.textContent = chosen.length && begun ? `Ruleset and players: ${chosen.join(", ")}` : "Ruleset and players";
  },
};
