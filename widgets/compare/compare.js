// <somerset-compare> on the compare page. The hook writes the whole matrix and a picker that works
// without JavaScript (tick rulesets to show only their columns; CSS does the hiding). This module
// adds what CSS cannot: the ◆ marks computed against the rulesets shown instead of all of them,
// the choice kept in the address (?rules=parker-1947,boardgamegeek&diff=1) so that it can be
// shared, and a status line that announces each change to screen readers. It never asks the
// engine: the cells it compares were written from the engine's data at build time.

import { defineWidget, h, waitsForPage, writeAddress } from "../base/ui.js";

const MAX_NAMES = 24;

// Which of a row's cells differ: those that are not the rule most of the rulesets shown use; when
// no label is more common than every other, every cell of a row that is not unanimous. The same
// rule as `differing` in hooks/generate.py (the browser tests hold the two to each other).
export function differing(labels) {
  const counts = new Map();
  for (const label of labels) counts.set(label, (counts.get(label) || 0) + 1);
  if (counts.size <= 1) return labels.map(() => false);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked[0][1] === ranked[1][1]) return labels.map(() => true);
  return labels.map((label) => label !== ranked[0][0]);
}

function listWords(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

class SomersetCompare extends HTMLElement {
  connectedCallback() {
    if (waitsForPage(this)) return; // it reads the page around it
    const root = this.closest(".sr-compare");
    if (!root || this._root === root) return;
    this._root = root;
    this._form = root.querySelector(".sr-compare-pick");
    this._picks = [...root.querySelectorAll("input.sr-pick")];
    this._onlyDiff = root.querySelector("#sr-only-diff");
    this._status = root.querySelector(".sr-compare-status");
    this._rows = [...root.querySelectorAll(".sr-matrix tbody tr[data-key]")];
    const help = root.querySelector(".sr-compare-help");
    if (help) {
      help.textContent =
        `Two taps compare two rulesets; with none ticked, all ${this._picks.length} are shown. ` +
        "◆ marks where the rulesets shown differ. The page's address keeps your choice.";
    }
    const notices = this.readAddress();
    this._form.addEventListener("change", () => this.update());
    // A reset ("Show all") unticks the boxes after its event; look once it has.
    this._form.addEventListener("reset", () => setTimeout(() => this.update(), 0));
    if (this._onlyDiff) this._onlyDiff.addEventListener("change", () => this.update());
    this.update(notices);
  }

  // Tick the rulesets the address names (ids or aliases); return notices for names it cannot match.
  readAddress() {
    const params = new URLSearchParams(location.search);
    const notices = [];
    const wanted = (params.get("rules") || "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
    if (wanted.length) {
      for (const pick of this._picks) pick.checked = false;
      for (const name of wanted.slice(0, MAX_NAMES)) {
        const pick = this._picks.find((p) => p.value === name || p.dataset.aliases.split(" ").includes(name));
        if (pick) pick.checked = true;
        else notices.push(`There is no ruleset called “${name.slice(0, 40)}”; a link names rulesets as in ?rules=parker-1947,boardgamegeek.`);
      }
    }
    if (this._onlyDiff && params.has("diff")) this._onlyDiff.checked = params.get("diff") === "1";
    return notices;
  }

  chosen() {
    return this._picks.filter((p) => p.checked);
  }

  update(notices = []) {
    const chosen = this.chosen();
    const shown = new Set((chosen.length ? chosen : this._picks).map((p) => p.value));
    let differ = 0;
    let around = 0;
    for (const row of this._rows) {
      const cells = [...row.querySelectorAll("td[data-rs]")].filter((td) => shown.has(td.dataset.rs));
      const marks = differing(cells.map((td) => (td.querySelector(".sr-value") || td).textContent));
      for (const td of row.querySelectorAll("td[data-rs]")) {
        const i = cells.indexOf(td);
        this.mark(td, i >= 0 && marks[i]);
      }
      const any = marks.some(Boolean);
      if (any && row.closest(".sr-matrix-around")) around += 1;
      else if (any) differ += 1;
      row.classList.toggle("sr-row-differs", any);
      row.classList.toggle("sr-row-same", !any);
    }
    writeAddress({ rules: chosen.map((p) => p.value).join(","), diff: this._onlyDiff && this._onlyDiff.checked ? "1" : "" });
    this.say(this.summary(chosen, differ, around), notices);
  }

  mark(td, differs) {
    td.classList.toggle("sr-differs", differs);
    td.classList.toggle("sr-same", !differs);
    const had = td.querySelector(".sr-mark");
    if (differs && !had) {
      td.prepend(h("span", { class: "sr-mark", "aria-hidden": "true" }, "◆ "), h("span", { class: "sr-only" }, "Differs: "));
    } else if (!differs && had) {
      const label = had.nextElementSibling;
      had.remove();
      if (label && label.classList.contains("sr-only")) label.remove();
    }
  }

  // The rules of play that differ come first; those around the play (the last group of rows) after.
  summary(chosen, differ, around) {
    const aroundRows = this._rows.filter((row) => row.closest(".sr-matrix-around")).length;
    const rows = this._rows.length - aroundRows;
    const only = this._onlyDiff && this._onlyDiff.checked ? " Only those rows are shown." : "";
    if (chosen.length === 1) {
      return `Showing ${chosen[0].dataset.name} alone. Tick another ruleset to compare it with.`;
    }
    const who = chosen.length ? listWords(chosen.map((p) => p.dataset.name)) : `all ${this._picks.length} rulesets`;
    const besides = around ? ` Around the play, ${around} of ${aroundRows} differ${around === 1 ? "s" : ""}.` : "";
    if (differ === 0) return `Comparing ${who}: they agree on all ${rows} rules of play.${besides}${only}`;
    return `Comparing ${who}: ${differ} of ${rows} rules of play differ, marked ◆.${besides}${only}`;
  }

  say(text, notices) {
    if (!this._status) return;
    this._status.hidden = false;
    this._status.textContent = [...notices, text].join(" ");
  }
}

defineWidget("somerset-compare", SomersetCompare);
