// <somerset-trainer permalink>: the puzzle trainer. One puzzle at a time, judged at once WITHOUT the
// engine: every answer, hint, solution and refutation comes from assets/data/puzzles.json (from
// somerset.trainer, checked by the engine at build time). The address holds ?p=<puzzle id> and the
// filters theme=, rules=, level=; the progress and the reader's own puzzles are kept on this device
// (store/), and the ruleset "our table plays" is the tools'. This element loads the puzzles, builds
// the page and shows a puzzle step by step; beside it: the puzzles (puzzles.js), the filters and the
// next puzzle (filters.js), a step off the table (position.js) or at it (board.js), the answer
// (answer.js), its verdict (verdict.js), the progress (progress.js), and the pure parts (judge.js,
// words.js, store/puzzle-store.js). In full: develop/runtime.md, "Learn, the guided deals, the
// trainer and Same deal".

import { addressParams, defineWidget, fetchBuildData, h, nextId, replace, speak } from "../base/ui.js";
import { loadProgress, statusOf, tally } from "../store/puzzle-store.js";
import { OWN, PROGRESS, noteFor, noteShown, onChange } from "../store/storage.js";
import { headingBefore } from "./judge.js";
import { TrainerBoard } from "./board.js";
import { bringIntoView, keepPillOff } from "../base/in-view.js";
import { OWN_THEME, readOwn } from "./puzzles.js";
import { dailyId, filterForm, fillThemes, filtersChanged, matching, next, nextPuzzle, saveAddress, setFilters } from "./filters.js";
import { choiceButton, renderTable } from "./position.js";
import { check, showHint, showSolution, toggle, tryAgain } from "./answer.js";
import { goOn } from "./verdict.js";
import { progressPanel, renderProgress } from "./progress.js";

const DATA_URL = new URL("../../data/puzzles.json", import.meta.url).href;
const DATA_VERSION = 1;

// --- small helpers --------------------------------------------------------------------------------

function dots(level) {
  if (!level) return h("span", { class: "sr-difficulty" }, "ungraded");
  return h(
    "span",
    { class: "sr-difficulty", title: `difficulty ${level} of 5` },
    h("span", { "aria-hidden": "true" }, "●".repeat(level) + "○".repeat(5 - level)),
    h("span", { class: "sr-vh" }, `difficulty ${level} of 5`),
  );
}

// --- the widget -----------------------------------------------------------------------------------

class SomersetTrainer extends HTMLElement {
  connectedCallback() {
    // "Our table" pressed anywhere on the site: follow it.
    this._onRules = (e) => {
      if (this._rules && e.detail && this._packOf.has(e.detail) && this._rules.value !== e.detail) {
        this._rules.value = e.detail;
        filtersChanged(this);
      }
    };
    this._stopFollowing = onChange([PROGRESS, OWN], () => this.refreshStored());
    window.addEventListener("somerset-ruleset-changed", this._onRules);
    if (this._built) return;
    this._built = true;
    this.classList.add("sr-widget", "sr-trainer");
    keepPillOff(this);
    this._id = nextId("trainer");
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    this._loading = h("p", { class: "sr-trainer__loading", role: "status" }, "Loading the puzzles…");
    replace(this, this._loading, this._live);
    this.load();
  }

  disconnectedCallback() {
    if (this._stopFollowing) this._stopFollowing();
    window.removeEventListener("somerset-ruleset-changed", this._onRules);
  }

  announce(text) {
    // Cleared first, so the same words said twice are announced twice. A result the device could
    // not keep is said with the words that follow it (the verdict), else on its own.
    const words = [text, this._storeProblem].filter(Boolean).join(" ");
    this._storeProblem = null;
    speak(this._live, words);
  }

  async load() {
    let data;
    try {
      data = await fetchBuildData(DATA_URL, DATA_VERSION, (d) => Array.isArray(d.puzzles), "the puzzle file");
    } catch (e) {
      replace(this._loading, `The puzzles could not be loaded: ${e.message || e}. Reload the page to try again, or read them on the list of puzzles.`);
      return;
    }
    this._data = data;
    this._themeNames = new Map(data.themes.map((t) => [t.id, t.name]));
    this._themeNames.set(OWN_THEME, "From your deals");
    this._packs = new Map(Object.entries(data.packs).map(([name, cards]) => [name, new Map(cards.map((c) => [c.card, c]))]));
    this._packOf = new Map(data.rulesets.map((r) => [r.id, r.pack]));
    this._rulesetNames = new Map(data.rulesets.map((r) => [r.id, r.short_name]));
    this._progress = loadProgress();
    readOwn(this);
    this.build();
    const wanted = addressParams(["p", "theme", "rules", "level"]);
    // What the device kept and could not be read (set aside by storage.js), said once here.
    const notices = [PROGRESS, OWN].map(noteFor).filter(Boolean);
    for (const kind of [PROGRESS, OWN]) noteShown(kind);
    setFilters(this, wanted, notices);
    let first = null;
    if (wanted.p) {
      first = this.find(wanted.p);
      if (!first) notices.push(`There is no puzzle called “${wanted.p.slice(0, 40)}”; here is another.`);
    }
    if (!first) first = nextPuzzle(this, null);
    this.show(first, { notices });
  }

  find(id) {
    return this._all.find((p) => p.id === id) || null;
  }

  // --- building the page ----------------------------------------------------------------------------

  build() {
    const id = this._id;
    const filters = filterForm(this, id);
    this._count = h("p", { class: "sr-trainer__count", id: `${id}-count` });
    this._notice = h("p", { class: "sr-trainer__notice", role: "status", hidden: true });

    // A heading by role: Material follows every h2 with an id in the page's table of contents.
    this._title = h("p", { class: "sr-trainer__title", role: "heading", "aria-level": "2", tabindex: "-1", id: `${id}-title` });
    this._meta = h("p", { class: "sr-trainer__meta" });
    this._stepLine = h("p", { class: "sr-trainer__step", hidden: true });
    this._reply = h("p", { class: "sr-trainer__reply", hidden: true });
    this._table = h("div", { class: "sr-trainer__table" });
    this._board = new TrainerBoard({ id, info: (c) => this.info(c), onpick: (c) => toggle(this, c), announce: (t) => this.announce(t) });
    this._board.element.hidden = true;
    this._continue = h("button", { type: "button", class: "md-button md-button--primary", hidden: true, onclick: () => goOn(this) }, "Your turn ▶");
    this._question = h("p", { class: "sr-trainer__question", id: `${id}-question` });
    this._choices = h("div", { class: "sr-trainer__choices", role: "group", "aria-labelledby": `${id}-question` });
    this._feedback = h("div", { class: "sr-trainer__feedback" });
    this._hint = h("div", { class: "sr-trainer__hint", id: `${id}-hint`, hidden: true });
    this._solution = h("div", { class: "sr-trainer__solution", id: `${id}-solution`, hidden: true });
    this._check = h("button", { type: "button", class: "md-button md-button--primary", onclick: () => check(this) }, "Check");
    this._again = h("button", { type: "button", class: "md-button md-button--primary", hidden: true, onclick: () => tryAgain(this) }, "Try again");
    this._hintButton = h(
      "button",
      { type: "button", class: "md-button", "aria-expanded": "false", "aria-controls": `${id}-hint`, onclick: () => showHint(this) },
      "Hint",
    );
    this._solutionButton = h("button", { type: "button", class: "md-button", onclick: () => showSolution(this) }, "Show the solution");
    this._next = h("button", { type: "button", class: "md-button", onclick: () => next(this) }, "Next puzzle");
    this._permalink = h("a", { class: "sr-trainer__permalink" }, "Link to this puzzle");
    this._streak = h("p", { class: "sr-trainer__streak" });
    this._actions = h("div", { class: "sr-inline sr-actions sr-trainer__actions" }, this._continue, this._check, this._again, this._hintButton, this._solutionButton, this._next);
    this._links = h("p", { class: "sr-trainer__links" }, this._permalink);
    const puzzle = h("section", { class: "sr-trainer__puzzle", "aria-labelledby": `${id}-title` });
    this._puzzle = puzzle;
    this.arrange(false);

    const progress = progressPanel(this, id);
    this.addEventListener("keydown", (e) => this.onKey(e));
    // The puzzle first (on a phone it is what the reader came for), then the choice of puzzles.
    replace(this, this._notice, puzzle, this._streak, this._count, filters, progress, this._live);
    fillThemes(this);
  }

  // The parts of a puzzle in reading order. At the table the task comes first, then the board and
  // its step control, and what a card did (the verdict, the defence's reply) right under them, so
  // that on a phone the task, the trick and the hand, or the board, its step control and the
  // verdict, share one screen (develop/runtime.md, "Widgets": one screen).
  arrange(atTable) {
    if (this._arranged === atTable) return;
    this._arranged = atTable;
    const head = [this._title, this._meta, this._stepLine];
    const tail = [this._hint, this._solution, this._links];
    const order = atTable
      ? [...head, this._question, this._board.element, this._reply, this._feedback, this._actions, this._table, this._choices, ...tail]
      : [...head, this._reply, this._table, this._board.element, this._question, this._choices, this._actions, this._feedback, ...tail];
    this._puzzle.append(...order);
  }

  // What the reader needs next, brought on screen after a tap: at the table, the task down to the
  // hand (the trick between), or at least the trick and the hand; else the puzzle from its title
  // down to its choices.
  bringTaskIntoView(from = null) {
    if (this._atTable) {
      bringIntoView(from || this._question, this._board.hand);
      bringIntoView(this._board.trick, this._board.hand); // a board taller than the screen keeps its trick and hand
    } else bringIntoView(from || this._title, this._choices);
  }

  // --- the notice above the puzzle, the count and the streak -----------------------------------------

  say(text) {
    this._notice.hidden = !text;
    this._notice.textContent = text;
  }

  statusOf(id) {
    return statusOf(this._progress, id);
  }

  updateCount() {
    const list = matching(this);
    const t = tally(list, this._progress);
    this._count.textContent = list.length
      ? `${list.length} puzzle${list.length === 1 ? "" : "s"} match: ${t.solved} solved, ${t.failed} failed, ${t.unseen} not tried yet.`
      : "No puzzle matches these choices.";
    const s = this._progress;
    this._streak.textContent = `Streak: ${s.streak} solved in a row (best ${s.best}).`;
    renderProgress(this);
  }

  // --- one puzzle ----------------------------------------------------------------------------------

  show(p, { notices = [], focus = true, daily = false } = {}) {
    this._current = p;
    this._counted = false;
    this._step = 0;
    this._wrongOnce = false;
    this._ended = false;
    this._lastTrick = null;
    this._reply.hidden = true;
    this._isDaily = daily || (!p.own && p.id === dailyId(this));
    this.say(notices.join(" "));
    this._titleShown = false;
    replace(this._title, headingBefore(p));
    this._title.dataset.shows = p.heading ? "heading" : "title";
    const theme = (p.themes || []).map((t) => this._themeNames.get(t) || t).join(", ");
    replace(
      this._meta,
      this._rulesetNames.get(p.ruleset) || p.ruleset_name || p.ruleset,
      " · ",
      theme,
      " · ",
      dots(p.difficulty),
      this._isDaily ? h("span", { class: "sr-trainer__badge" }, "Today's puzzle") : null,
      p.own && p.link ? [" · ", h("a", { href: p.link }, "the deal it came from")] : null,
    );
    this.renderStep();
    this.updateCount();
    saveAddress(this);
    if (focus && this._shownOnce) this._title.focus({ preventScroll: true });
    // A notice about the address stays in view above the puzzle when there is one; an address that
    // names a place on the page (#how-it-works) is left where it put the reader.
    if (this._shownOnce || !location.hash) this.bringTaskIntoView(this._notice.hidden ? null : this._notice);
    this._shownOnce = true;
    const status = this.statusOf(p.id);
    const before = status === "unseen" ? "" : ` You have ${status} it before.`;
    this.announce(`${headingBefore(p)}. ${this.step().question}${before}`);
  }

  step() {
    return this._current.steps[this._step];
  }

  info(card) {
    const pack = this._packs.get(this._packOf.get(this._current.ruleset));
    return pack ? pack.get(card) : undefined;
  }

  isCard(value) {
    return Boolean(this.info(value));
  }

  renderStep() {
    const p = this._current;
    const step = this.step();
    this._selected = [];
    this._locked = false;
    const many = p.steps.length > 1;
    this._stepLine.hidden = !many;
    this._stepLine.textContent = many ? `Step ${this._step + 1} of ${p.steps.length}` : "";
    const atTable = this._board.isFor(step);
    this._atTable = atTable;
    this.arrange(atTable);
    this._table.hidden = atTable;
    this._board.element.hidden = !atTable;
    this._choices.hidden = atTable;
    this._continue.hidden = true;
    if (atTable) {
      // Played at the table: the reader's whole hand at the bottom is the choice.
      this._board.prepare(step.choices.map((c) => c.value), this._lastTrick);
      this._lastTrick = null;
      this.drawPosition();
      replace(this._question, `${step.question} `, "Play a card from your hand, below.");
      replace(this._choices);
    } else {
      renderTable(this, step.table || {});
      const how = step.single ? "Choose one." : "Choose every one that answers, then press Check.";
      replace(this._question, `${step.question} `, step.pick ? h("em", {}, `Answer with ${step.pick}. `) : null, how);
      const heading = step.offer_heading || (step.single ? "Choose one" : "Choose every one that answers");
      this._buttons = step.choices.map((c, i) => choiceButton(this, c, i));
      replace(
        this._choices,
        h("p", { class: "sr-trainer__rowlabel" }, heading),
        h("div", { class: `sr-faces sr-trainer__options${this._buttons.every((b) => b.classList.contains("sr-card")) ? " sr-hand" : ""}` }, this._buttons),
      );
      this._choices.setAttribute("aria-label", `${heading}: ${step.single ? "choose one" : "choose every one that answers"}`);
      this._choices.removeAttribute("aria-labelledby");
    }
    this._check.hidden = Boolean(step.single);
    this._check.disabled = false;
    this._again.hidden = true;
    this._hint.hidden = true;
    this._hintButton.setAttribute("aria-expanded", "false");
    this._hintButton.disabled = !step.hint;
    this._solution.hidden = true;
    this._solutionButton.disabled = false;
    replace(this._hint);
    replace(this._solution);
    replace(this._feedback);
  }

  // The step's position on the board; the cards that may be played are the choices (keys 1 to 9).
  drawPosition() {
    this._buttons = this._board.position(this.step().table, { pressed: (c) => this._selected.includes(c) });
    this._buttons.forEach((b, i) => (b.dataset.key = String(i + 1)));
  }

  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "SELECT" || t.tagName === "INPUT" || t.tagName === "TEXTAREA")) return;
    if (!this._current || !this._choices.isConnected) return;
    if (/^[1-9]$/.test(e.key) && !this._locked) {
      const b = this._buttons[Number(e.key) - 1];
      if (b) {
        e.preventDefault();
        b.focus();
        b.click();
      }
    } else if (e.key === "n" || e.key === "N") {
      e.preventDefault();
      next(this);
    }
  }

  refreshStored() {
    if (!this._data) return; // still loading: the puzzles are read with the storage as it is then
    this._progress = loadProgress();
    const wasOwn = this._own.length;
    readOwn(this);
    if (wasOwn !== this._own.length) fillThemes(this);
    this.updateCount();
  }
}

defineWidget("somerset-trainer", SomersetTrainer);
