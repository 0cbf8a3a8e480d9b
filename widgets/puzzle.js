// <somerset-puzzle puzzle="ID"> — answer one trick puzzle by choosing cards (or a value); the
// engine judges the answer and explains it. The solution is asked of the engine only when the
// reader checks an answer or asks for it, so it is never in the page before then.
//
// Solved puzzles are remembered in this browser (localStorage "somerset.puzzles.solved", a JSON
// list of ids); storage that is missing, full or holding something else is treated as empty.

import { engine } from "./engine.js";
import { Widget, askOnce, defineWidget, h, nextId, ordinal, replace } from "./ui.js";

export const STORE = "somerset.puzzles.solved";
export const CHANGED = "somerset-puzzles-changed";
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

// --- progress kept in the browser ------------------------------------------------------------------

export function solvedIds() {
  let raw = null;
  try {
    raw = window.localStorage.getItem(STORE);
  } catch {
    return [];
  }
  if (!raw) return [];
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return [...new Set(data.filter((x) => typeof x === "string" && ID_PATTERN.test(x)))];
}

export function saveSolved(ids) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify([...new Set(ids)]));
  } catch {
    // private browsing or storage full: progress lasts for this page only
  }
  window.dispatchEvent(new CustomEvent(CHANGED));
}

function markSolved(id) {
  const ids = solvedIds();
  if (!ids.includes(id)) saveSolved([...ids, id]);
}

function shortText(text, n = 60) {
  const s = String(text);
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

function listWords(items) {
  const xs = [...items];
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

// --- the puzzle ------------------------------------------------------------------------------------

class SomersetPuzzle extends Widget {
  problem() {
    this._puzzleId = (this.getAttribute("puzzle") || "").trim();
    this.classList.add("sr-puzzle");
    if (ID_PATTERN.test(this._puzzleId)) return null;
    const shown = this._puzzleId ? `“${shortText(this._puzzleId, 40)}”` : "an empty name";
    return `This puzzle cannot be shown: ${shown} is not the name of a puzzle.`;
  }

  connectedCallback() {
    super.connectedCallback();
    if (this._broken) return; // nothing to ask the engine
    this._onProgress = () => this.showSolvedMark();
    window.addEventListener(CHANGED, this._onProgress);
    window.addEventListener("storage", this._onProgress);
    this.showSolvedMark();
  }

  disconnectedCallback() {
    if (this._broken) return;
    super.disconnectedCallback();
    window.removeEventListener(CHANGED, this._onProgress);
    window.removeEventListener("storage", this._onProgress);
  }

  build() {
    const id = nextId("puzzle");
    this.classList.add("sr-puzzle");
    this.dataset.puzzle = this._puzzleId;
    this._selected = [];
    this._buttons = [];
    this._seq = 0;
    this._solvedMark = h("span", { class: "sr-solved", hidden: true }, "Solved");
    this._prompt = h("p", { class: "sr-puzzle__prompt", id: `${id}-prompt` });
    this._table = h("div", { class: "sr-puzzle__table" });
    this._options = h("div", { class: "sr-puzzle__options", role: "group", "aria-labelledby": `${id}-prompt` });
    this._check = h("button", { type: "button", class: "md-button md-button--primary", disabled: true, onclick: () => this.check() }, "Check");
    this._hintButton = h(
      "button",
      { type: "button", class: "md-button", "aria-expanded": "false", "aria-controls": `${id}-hint`, disabled: true, onclick: () => this.toggleHint() },
      "Hint",
    );
    this._solutionButton = h("button", { type: "button", class: "md-button", disabled: true, onclick: () => this.showSolution() }, "Show solution");
    this._againButton = h("button", { type: "button", class: "md-button", hidden: true, onclick: () => this.tryAgain() }, "Try again");
    this._hint = h("div", { class: "sr-puzzle__hint", id: `${id}-hint`, hidden: true });
    this._feedback = h("div", { class: "sr-puzzle__feedback" });
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    replace(
      this,
      h("p", { class: "sr-widget__title" }, "Answer with the engine ", this._solvedMark),
      this.statusBox(),
      this._prompt,
      this._table,
      this._options,
      h("div", { class: "sr-inline sr-actions" }, this._check, this._hintButton, this._solutionButton, this._againButton),
      this._hint,
      this._feedback,
      this._live,
    );
  }

  showSolvedMark() {
    if (!this._solvedMark) return;
    const solved = solvedIds().includes(this._puzzleId);
    this._solvedMark.hidden = !solved;
    this.classList.toggle("sr-puzzle--solved", solved);
  }

  async onReady() {
    if (this._data) return;
    const data = await engine.ask({ cmd: "puzzle", id: this._puzzleId });
    if (data.error) {
      replace(this._prompt, h("span", { class: "sr-puzzle__problem" }, `This puzzle cannot be shown: ${data.error.message}`));
      this.announce(`This puzzle cannot be shown: ${data.error.message}`);
      return;
    }
    // What to show and what the reader chooses from come with the puzzle (the engine's puzzle
    // kinds decide them), so this widget knows no kind by name.
    this._data = data;
    this._single = Boolean(data.single);
    let labels = new Map();
    let counts = new Map();
    if (data.offer !== "choices") {
      const pack = await askOnce({ cmd: "pack", rules: data.ruleset });
      labels = new Map(pack.cards.map((c) => [c.card, c.label]));
      counts = new Map(pack.cards.map((c) => [c.card, c.count]));
    }
    this._labels = labels;
    this._counts = counts;
    this.render();
  }

  cardLabel(card) {
    const label = this._labels.get(card) || card;
    const count = this._counts.get(card);
    return count ? `${card}, ${label}, a count card worth ${count}` : `${card}, ${label}`;
  }

  face(card, extra) {
    const count = this._counts.get(card);
    return h(
      "span",
      { class: `sr-face${count ? " sr-card--count" : ""}`, role: "img", "aria-label": this.cardLabel(card) + (extra ? `, ${extra}` : "") },
      h("span", { class: "sr-face__card", "aria-hidden": "true" }, card),
      extra ? h("span", { class: "sr-face__note", "aria-hidden": "true" }, extra) : null,
    );
  }

  render() {
    const d = this._data;
    const how = this._single ? "Choose one, then press Check." : "Choose every card that answers, then press Check.";
    replace(this._prompt, `${d.question} `, h("em", {}, `Answer with ${d.pick}.`), ` ${how}`);
    const table = [];
    if (d.trump_label) table.push(h("p", { class: "sr-puzzle__trump" }, h("strong", {}, "Trump: "), d.trump_label));
    if (d.shows_played && d.trick.length) {
      table.push(
        h(
          "div",
          { class: "sr-puzzle__row" },
          h("p", { class: "sr-puzzle__rowlabel" }, "Played so far"),
          h("div", { class: "sr-faces" }, d.trick.map((c, i) => this.face(c, ordinal(i + 1)))),
        ),
      );
    } else if (d.lead_line) {
      table.push(h("p", { class: "sr-puzzle__rowlabel" }, d.lead_line));
    }
    if (d.after.length) {
      const start = d.trick.length + 2;
      table.push(
        h(
          "div",
          { class: "sr-puzzle__row" },
          h("p", { class: "sr-puzzle__rowlabel" }, "Still to play after you"),
          h("div", { class: "sr-faces" }, d.after.map((c, i) => this.face(c, ordinal(start + i)))),
        ),
      );
    }
    replace(this._table, table);

    let values;
    const heading = d.offer_heading;
    if (d.offer === "trick") {
      values = d.trick.map((c, i) => ({ value: c, text: c, note: ordinal(i + 1), label: `${this.cardLabel(c)}, played ${ordinal(i + 1)}` }));
    } else if (d.offer === "choices") {
      values = d.choices.map((v, i) => ({ value: v, text: v, label: d.choice_labels[i] || v }));
    } else {
      values = d.hand.map((c) => ({ value: c, text: c, label: this.cardLabel(c) }));
    }
    this._buttons = values.map((v) => {
      const count = this._counts.get(v.value);
      const b = h(
        "button",
        {
          type: "button",
          class: `sr-card sr-puzzle__choice${count ? " sr-card--count" : ""}${d.offer === "choices" ? " sr-puzzle__value" : ""}`,
          "aria-pressed": "false",
          "aria-label": v.label,
          "data-value": v.value,
          onclick: () => this.toggle(v.value),
        },
        h("span", { class: "sr-face__card" }, v.text),
        v.note ? h("span", { class: "sr-face__note", "aria-hidden": "true" }, v.note) : null,
      );
      return b;
    });
    replace(
      this._options,
      h("p", { class: "sr-puzzle__rowlabel" }, heading),
      h("div", { class: "sr-faces" }, this._buttons),
    );
    this._options.setAttribute("aria-label", `${heading}: ${this._single ? "choose one" : "choose every card that answers"}`);
    this._options.removeAttribute("aria-labelledby");
    this._check.disabled = false;
    this._hintButton.disabled = false;
    this._solutionButton.disabled = false;
  }

  toggle(value) {
    if (this._locked) return;
    if (this._single) this._selected = this._selected[0] === value ? [] : [value];
    else if (this._selected.includes(value)) this._selected = this._selected.filter((v) => v !== value);
    else this._selected = [...this._selected, value];
    for (const b of this._buttons) b.setAttribute("aria-pressed", this._selected.includes(b.dataset.value) ? "true" : "false");
    if (this._feedback.dataset.kind === "empty") replace(this._feedback);
  }

  async check() {
    if (!this._data || this._locked) return;
    if (!this._selected.length) {
      const msg = this._single ? "Choose an answer first." : "Choose at least one card first.";
      this._feedback.dataset.kind = "empty";
      replace(this._feedback, h("p", { class: "sr-empty" }, msg));
      this.announce(msg);
      return;
    }
    const seq = ++this._seq;
    this._check.disabled = true;
    let v;
    try {
      v = await engine.ask({ cmd: "judge", id: this._puzzleId, answer: [...this._selected] });
    } catch (e) {
      this._check.disabled = false;
      return this.showProblem(e);
    }
    if (seq !== this._seq) return;
    if (v.error) {
      this._check.disabled = false;
      this._feedback.dataset.kind = "error";
      replace(this._feedback, h("p", { class: "sr-field-error" }, v.error.message));
      this.announce(v.error.message);
      return;
    }
    this._locked = true;
    for (const b of this._buttons) b.setAttribute("aria-disabled", "true");
    this._againButton.hidden = false;
    const chose = `You chose ${listWords(this._selected)}.`;
    const verdict = v.correct ? "Right." : "Wrong.";
    const extra = v.correct ? "" : this._single ? "" : this.setNote(v.answer);
    this._feedback.dataset.kind = v.correct ? "right" : "wrong";
    replace(
      this._feedback,
      h(
        "div",
        { class: `sr-puzzle__verdict sr-puzzle__verdict--${v.correct ? "right" : "wrong"}` },
        h("p", { class: "sr-puzzle__verdictline" }, h("strong", {}, verdict), ` ${chose}${extra}`),
        h("p", { class: "sr-puzzle__explanation" }, String(v.explanation)),
        h("p", { class: "sr-puzzle__detail" }, h("span", { class: "sr-puzzle__who" }, "The engine: "), String(v.detail)),
      ),
    );
    if (v.correct) {
      markSolved(this._puzzleId);
      this.markAnswer(v.answer);
    }
    this.announce(`${verdict} ${chose}${extra} ${v.explanation}`);
    this._againButton.focus();
  }

  setNote(answer) {
    const missing = answer.filter((a) => !this._selected.includes(a)).length;
    const wrong = this._selected.filter((a) => !answer.includes(a)).length;
    const parts = [];
    if (wrong) parts.push(`${wrong} of your cards ${wrong === 1 ? "is" : "are"} not in the answer`);
    if (missing) parts.push(`${missing} card${missing === 1 ? " is" : "s are"} missing`);
    return parts.length ? ` ${parts.join(" and ")}.` : "";
  }

  markAnswer(answer) {
    for (const b of this._buttons) {
      const right = answer.includes(b.dataset.value);
      b.classList.toggle("sr-puzzle__choice--answer", right);
      const base = b.getAttribute("aria-label").replace(/, the answer$/, "");
      b.setAttribute("aria-label", right ? `${base}, the answer` : base);
    }
  }

  toggleHint() {
    if (!this._data) return;
    const open = this._hint.hidden;
    this._hint.hidden = !open;
    this._hintButton.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      replace(this._hint, h("p", {}, h("strong", {}, "Hint: "), String(this._data.hint)));
      this.announce(`Hint: ${this._data.hint}`);
    } else {
      replace(this._hint);
    }
  }

  async showSolution() {
    if (!this._data) return;
    const seq = ++this._seq;
    let v;
    try {
      v = await engine.ask({ cmd: "judge", id: this._puzzleId, answer: [] });
    } catch (e) {
      return this.showProblem(e);
    }
    if (seq !== this._seq) return;
    if (v.error) {
      replace(this._feedback, h("p", { class: "sr-field-error" }, v.error.message));
      return;
    }
    this._locked = true;
    this._check.disabled = true;
    for (const b of this._buttons) b.setAttribute("aria-disabled", "true");
    this.markAnswer(v.answer);
    this._againButton.hidden = false;
    const line = `The answer: ${listWords(v.answer)}.`;
    this._feedback.dataset.kind = "solution";
    replace(
      this._feedback,
      h(
        "div",
        { class: "sr-puzzle__verdict sr-puzzle__verdict--solution" },
        h("p", { class: "sr-puzzle__verdictline" }, h("strong", {}, line)),
        h("p", { class: "sr-puzzle__explanation" }, String(v.explanation)),
        h("p", { class: "sr-puzzle__detail" }, h("span", { class: "sr-puzzle__who" }, "The engine: "), String(v.detail)),
      ),
    );
    this.announce(`${line} ${v.explanation}`);
  }

  tryAgain() {
    this._seq++;
    this._locked = false;
    this._selected = [];
    for (const b of this._buttons) {
      b.setAttribute("aria-pressed", "false");
      b.removeAttribute("aria-disabled");
      b.classList.remove("sr-puzzle__choice--answer");
      b.setAttribute("aria-label", b.getAttribute("aria-label").replace(/, the answer$/, ""));
    }
    this._check.disabled = false;
    this._againButton.hidden = true;
    this._feedback.dataset.kind = "";
    replace(this._feedback);
    this.announce("Cleared: choose again.");
    if (this._buttons.length) this._buttons[0].focus();
  }
}

defineWidget("somerset-puzzle", SomersetPuzzle);
