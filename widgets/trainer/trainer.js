// <somerset-trainer permalink>: the puzzle trainer. One puzzle at a time, judged at once WITHOUT the
// engine: every answer, hint, solution and refutation comes from assets/data/puzzles.json (from
// somerset.trainer, checked by the engine at build time). The address holds ?p=<puzzle id> and the
// filters theme=, rules=, level=; the progress and the reader's own puzzles are kept on this device
// (store/), and the ruleset "our table plays" is the tools'. A puzzle is solved when its last step
// is answered with no wrong answer and no solution shown; the streak counts those in a row. Its pure
// parts are modules of their own (judge.js, words.js, store/puzzle-store.js). In full:
// develop/runtime.md, "Learn, the guided deals, the trainer and Same deal".

import {
  RulesetChoice,
  addressParams,
  cardButton,
  cardFace,
  citationLink,
  defineWidget,
  fetchBuildData,
  h,
  nextId,
  rememberedRuleset,
  replace,
  speak,
  trickSeats,
  writeAddress,
} from "../base/ui.js";
import {
  addResult,
  changeProgress,
  dailyPick,
  emptyProgress,
  importWords,
  loadProgress,
  mergeProgress,
  nextPuzzle,
  puzzleFits,
  statusOf,
  tally,
  today,
} from "../store/puzzle-store.js";
import { OWN, PROGRESS, cleanProgress, forget, noteFor, noteShown, onChange, read, update, validOwnRecord } from "../store/storage.js";
import { readProgressFile, saveProgressFile } from "../store/progress-file.js";
import { answerWords, choiceLabel, headingBefore, judgeAnswer, replyWords } from "./judge.js";
import { lineWords, positionWords, seatWho } from "./words.js";
import { TrainerBoard } from "./board.js";
import { bringIntoView, keepPillOff } from "../base/in-view.js";
import { firstTrickEnd, lineFrames } from "../views/line-frames.js";
import { listWords, ordinal } from "../base/words.js";

const DATA_URL = new URL("../../data/puzzles.json", import.meta.url).href;
const DATA_VERSION = 1;
const OWN_THEME = "own";
const LEVELS = ["", "1", "2", "3", "4", "5"];

// --- the reader's own puzzles ---------------------------------------------------------------------

// A record from storage (checked there: storage.js validOwnRecord), as the trainer lists it.
function ownRecord(rec) {
  if (!validOwnRecord(rec)) return null;
  return {
    ...rec,
    title: typeof rec.title === "string" && rec.title ? rec.title : "A card from your deal",
    themes: [OWN_THEME],
    difficulty: Number.isInteger(rec.difficulty) ? rec.difficulty : 0,
    own: true,
  };
}

// The kind of file the trainer's progress is exported as (progress-file.js).
const PROGRESS_FILE = "somerset-puzzle-progress";

function loadOwn() {
  return read(OWN).value.map(ownRecord).filter(Boolean);
}

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

function labelled(id, text, control) {
  return h("div", { class: "sr-field" }, h("label", { for: id }, text), control);
}

// --- the widget -----------------------------------------------------------------------------------

class SomersetTrainer extends HTMLElement {
  connectedCallback() {
    // "Our table" pressed anywhere on the site: follow it.
    this._onRules = (e) => {
      if (this._rules && e.detail && this._packOf.has(e.detail) && this._rules.value !== e.detail) {
        this._rules.value = e.detail;
        this.filtersChanged();
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
    this.readOwn();
    this.build();
    const wanted = addressParams(["p", "theme", "rules", "level"]);
    // What the device kept and could not be read (set aside by storage.js), said once here.
    const notices = [PROGRESS, OWN].map(noteFor).filter(Boolean);
    for (const kind of [PROGRESS, OWN]) noteShown(kind);
    this.setFilters(wanted, notices);
    let first = null;
    if (wanted.p) {
      first = this.find(wanted.p);
      if (!first) notices.push(`There is no puzzle called “${wanted.p.slice(0, 40)}”; here is another.`);
    }
    if (!first) first = this.nextPuzzle(null);
    this.show(first, { notices });
  }

  readOwn() {
    this._own = loadOwn();
    const order = new Map(this._data.themes.map((t, i) => [t.id, i]));
    const site = this._data.puzzles.map((p, i) => ({ p, i }));
    site.sort((a, b) => (order.get(a.p.themes[0]) ?? 99) - (order.get(b.p.themes[0]) ?? 99) || a.p.difficulty - b.p.difficulty || a.i - b.i);
    this._all = [...site.map((x) => x.p), ...this._own];
  }

  find(id) {
    return this._all.find((p) => p.id === id) || null;
  }

  // --- building the page ----------------------------------------------------------------------------

  build() {
    const id = this._id;
    this._theme = h("select", { id: `${id}-theme`, onchange: () => this.filtersChanged() });
    this._rules = new RulesetChoice(`${id}-rules`, { label: "Ruleset", compact: true });
    this._rules.fill(this._data.rulesets, "all", "all", []);
    const every = this._rules.select.querySelector('option[value="all"]');
    if (every) {
      every.textContent = "Every ruleset";
      this._rules.select.prepend(every);
    }
    this._rules.select.addEventListener("change", () => this.filtersChanged());
    this._level = h(
      "select",
      { id: `${id}-level`, onchange: () => this.filtersChanged() },
      LEVELS.map((v) => h("option", { value: v }, v ? `${v} of 5${v === "1" ? " (easiest)" : v === "5" ? " (hardest)" : ""}` : "Any")),
    );
    this._daily = h("button", { type: "button", class: "md-button", onclick: () => this.showDaily() }, "Today's puzzle");
    this._count = h("p", { class: "sr-trainer__count", id: `${id}-count` });
    this._notice = h("p", { class: "sr-trainer__notice", role: "status", hidden: true });
    const filters = h(
      "form",
      { class: "sr-trainer__filters", "aria-label": "Which puzzles", onsubmit: (e) => e.preventDefault() },
      labelled(`${id}-theme`, "Theme", this._theme),
      this._rules.field,
      labelled(`${id}-level`, "Difficulty", this._level),
      h("div", { class: "sr-field sr-trainer__daily" }, this._daily),
    );

    // A heading by role: Material follows every h2 with an id in the page's table of contents.
    this._title = h("p", { class: "sr-trainer__title", role: "heading", "aria-level": "2", tabindex: "-1", id: `${id}-title` });
    this._meta = h("p", { class: "sr-trainer__meta" });
    this._stepLine = h("p", { class: "sr-trainer__step", hidden: true });
    this._reply = h("p", { class: "sr-trainer__reply", hidden: true });
    this._table = h("div", { class: "sr-trainer__table" });
    this._board = new TrainerBoard({ id, info: (c) => this.info(c), onpick: (c) => this.toggle(c), announce: (t) => this.announce(t) });
    this._board.element.hidden = true;
    this._continue = h("button", { type: "button", class: "md-button md-button--primary", hidden: true, onclick: () => this.goOn() }, "Your turn ▶");
    this._question = h("p", { class: "sr-trainer__question", id: `${id}-question` });
    this._choices = h("div", { class: "sr-trainer__choices", role: "group", "aria-labelledby": `${id}-question` });
    this._feedback = h("div", { class: "sr-trainer__feedback" });
    this._hint = h("div", { class: "sr-trainer__hint", id: `${id}-hint`, hidden: true });
    this._solution = h("div", { class: "sr-trainer__solution", id: `${id}-solution`, hidden: true });
    this._check = h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.check() }, "Check");
    this._again = h("button", { type: "button", class: "md-button md-button--primary", hidden: true, onclick: () => this.tryAgain() }, "Try again");
    this._hintButton = h(
      "button",
      { type: "button", class: "md-button", "aria-expanded": "false", "aria-controls": `${id}-hint`, onclick: () => this.showHint() },
      "Hint",
    );
    this._solutionButton = h("button", { type: "button", class: "md-button", onclick: () => this.showSolution() }, "Show the solution");
    this._next = h("button", { type: "button", class: "md-button", onclick: () => this.next() }, "Next puzzle");
    this._permalink = h("a", { class: "sr-trainer__permalink" }, "Link to this puzzle");
    this._streak = h("p", { class: "sr-trainer__streak" });
    this._actions = h("div", { class: "sr-inline sr-actions sr-trainer__actions" }, this._continue, this._check, this._again, this._hintButton, this._solutionButton, this._next);
    this._links = h("p", { class: "sr-trainer__links" }, this._permalink);
    const puzzle = h("section", { class: "sr-trainer__puzzle", "aria-labelledby": `${id}-title` });
    this._puzzle = puzzle;
    this.arrange(false);

    this._progressBody = h("div", { class: "sr-trainer__progressbody" });
    this._export = h("button", { type: "button", class: "md-button", onclick: () => this.exportProgress() }, "Export progress");
    this._importInput = h("input", {
      type: "file",
      accept: "application/json,.json",
      id: `${id}-import`,
      class: "sr-trainer__file",
      onchange: () => this.importProgress(),
    });
    this._forget = h("button", { type: "button", class: "md-button", onclick: () => this.forgetProgress() }, "Forget my progress");
    this._progressNote = h("p", { class: "sr-trainer__progressnote", role: "status" });
    const progress = h(
      "details",
      { class: "sr-trainer__progress" },
      h("summary", {}, "Your progress"),
      h("p", {}, "Kept in this browser only. Export it to a file to keep it or to carry it to another device."),
      this._progressBody,
      h(
        "div",
        { class: "sr-inline sr-actions" },
        this._export,
        h("label", { for: `${id}-import`, class: "md-button sr-trainer__importlabel" }, "Import progress"),
        this._importInput,
        this._forget,
      ),
      this._progressNote,
    );
    this.addEventListener("keydown", (e) => this.onKey(e));
    // The puzzle first (on a phone it is what the reader came for), then the choice of puzzles.
    replace(this, this._notice, puzzle, this._streak, this._count, filters, progress, this._live);
    this.fillThemes();
  }

  fillThemes(wanted = this._theme.value) {
    const options = [h("option", { value: "" }, "Every theme")];
    for (const t of this._data.themes) options.push(h("option", { value: t.id }, t.name));
    if (this._own.length) options.push(h("option", { value: OWN_THEME }, `From your deals (${this._own.length})`));
    replace(this._theme, options);
    this._theme.value = [...this._theme.options].some((o) => o.value === wanted) ? wanted : "";
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

  // --- filters ---------------------------------------------------------------------------------------

  setFilters(wanted, notices) {
    const theme = wanted.theme || "";
    if ([...this._theme.options].some((o) => o.value === theme)) this._theme.value = theme;
    else notices.push(`There is no theme called “${theme.slice(0, 40)}”; showing every theme.`);
    // The ruleset: the address's, else the one our table plays, else every ruleset.
    const rules = wanted.rules !== undefined ? wanted.rules.trim().toLowerCase() : rememberedRuleset() || "all";
    const match = this._data.rulesets.find((r) => r.id === rules || r.aliases.includes(rules));
    if (rules === "all" || rules === "") this._rules.value = "all";
    else if (match) this._rules.value = match.id;
    else {
      this._rules.value = "all";
      notices.push(`There is no ruleset called “${rules.slice(0, 40)}”; showing every ruleset.`);
    }
    const level = wanted.level || "";
    if (LEVELS.includes(level)) this._level.value = level;
    else notices.push(`“${level.slice(0, 20)}” is not a difficulty: use 1 to 5. Showing any difficulty.`);
    if (!this.matching().length && this._rules.value !== "all" && wanted.rules === undefined) {
      notices.push(`There is no puzzle set in ${this._rules.name()} yet; showing every ruleset.`);
      this._rules.value = "all";
    }
  }

  fits(p) {
    return puzzleFits(p, { theme: this._theme.value, rules: this._rules.value, level: this._level.value });
  }

  matching() {
    return this._all.filter((p) => this.fits(p));
  }

  filtersChanged() {
    const list = this.matching();
    if (!list.length) {
      this.updateCount();
      this.saveAddress();
      this.say(`No puzzle matches these choices. Choose another theme, ruleset or difficulty.`);
      return;
    }
    const keep = this._current && this.fits(this._current) ? this._current : this.nextPuzzle(null);
    if (keep !== this._current) this.show(keep, { focus: false });
    else {
      this.updateCount();
      this.saveAddress();
      this.say("");
    }
  }

  say(text) {
    this._notice.hidden = !text;
    this._notice.textContent = text;
  }

  statusOf(id) {
    return statusOf(this._progress, id);
  }

  updateCount() {
    const list = this.matching();
    const t = tally(list, this._progress);
    this._count.textContent = list.length
      ? `${list.length} puzzle${list.length === 1 ? "" : "s"} match: ${t.solved} solved, ${t.failed} failed, ${t.unseen} not tried yet.`
      : "No puzzle matches these choices.";
    const s = this._progress;
    this._streak.textContent = `Streak: ${s.streak} solved in a row (best ${s.best}).`;
    this.renderProgress();
  }

  // The next puzzle after `current` in the filtered list (puzzle-store.js), else the first of all.
  nextPuzzle(current) {
    return nextPuzzle(this.matching(), current, this._progress) || this._all[0];
  }

  saveAddress() {
    const p = this._current;
    writeAddress({
      p: p ? p.id : "",
      theme: this._theme.value,
      rules: this._rules.value === "all" ? "" : this._rules.value,
      level: this._level.value,
    });
    if (p) this._permalink.href = location.href;
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
    this._isDaily = daily || (!p.own && p.id === this.dailyId());
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
    this.saveAddress();
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
      this.renderTable(step.table || {});
      const how = step.single ? "Choose one." : "Choose every one that answers, then press Check.";
      replace(this._question, `${step.question} `, step.pick ? h("em", {}, `Answer with ${step.pick}. `) : null, how);
      const heading = step.offer_heading || (step.single ? "Choose one" : "Choose every one that answers");
      this._buttons = step.choices.map((c, i) => this.choiceButton(c, i));
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

  // A line of play from the step's position (a refutation, or the answer and the defence's reply).
  framesFrom(table, line) {
    const start = {
      players: table.players || table.hands.length,
      hands: table.hands,
      leader: Number.isInteger(table.leader) ? table.leader : table.you,
      trick: (Array.isArray(table.trick) ? table.trick : []).map((x) => x.card),
    };
    return lineFrames(start, line, (seat) => seatWho(seat, table.you));
  }

  // On to the next step of a puzzle played at the table, once the reader has seen the trick end.
  goOn() {
    this._continue.hidden = true;
    this._step += 1;
    this.renderStep();
    this.announce(`Step ${this._step + 1}: ${this.step().question}`);
    if (this._buttons.length) this._buttons[0].focus({ preventScroll: true });
    this.bringTaskIntoView();
  }

  choiceButton(choice, i) {
    const step = this.step();
    const offerTrick = step.offer === "trick";
    const note = offerTrick ? `played ${ordinal(i + 1)}` : "";
    const onclick = () => this.toggle(choice.value);
    let b;
    if (this.isCard(choice.value)) {
      b = cardButton(choice.value, this.info(choice.value), { pressed: false, note, onclick, extraClass: "sr-trainer__choice" });
      if (offerTrick) b.append(h("span", { class: "sr-trainer__note", "aria-hidden": "true" }, ordinal(i + 1)));
    } else {
      b = h(
        "button",
        { type: "button", class: "md-button sr-trainer__choice sr-trainer__value", "aria-pressed": "false", "aria-label": choice.spoken || choice.label || choice.value, onclick },
        String(choice.label || choice.value),
      );
    }
    b.dataset.value = choice.value;
    b.dataset.key = String(i + 1);
    return b;
  }

  renderTable(table) {
    const step = this.step();
    const info = (card) => this.info(card);
    const words = positionWords(table, info, { offerTrick: step.offer === "trick" });
    const parts = [];
    if (words.trump) parts.push(h("p", { class: "sr-trainer__trump" }, h("strong", {}, "Trump: "), words.trump));
    if (words.trick) {
      const { players, leader, cards, you, caption, centre } = words.trick;
      const seen = new Map();
      for (const t of [...(Array.isArray(table.trick) ? table.trick : []), ...(table.after || [])]) if (this.info(t.card)) seen.set(t.card, this.info(t.card));
      parts.push(trickSeats({ players, leader, cards, name: (seat) => seatWho(seat, you), bottom: you ?? leader, info: seen, size: "small", caption, centre }));
    }
    if (words.leadLine) parts.push(h("p", { class: "sr-trainer__rowlabel" }, words.leadLine));
    if (words.after.length) {
      parts.push(
        h(
          "div",
          { class: "sr-trainer__row" },
          h("p", { class: "sr-trainer__rowlabel", id: `${this._id}-after` }, "Still to play after you"),
          h(
            "ol",
            { class: "sr-faces", "aria-labelledby": `${this._id}-after` },
            words.after.map((t) => h("li", { "aria-label": t.words }, cardFace(t.card, this.info(t.card), { size: "small" }))),
          ),
        ),
      );
    }
    // Other hands the reader may see (an ending played out with every card known).
    for (const hand of words.hands) {
      const id = `${this._id}-hand-${hand.seat}`;
      parts.push(
        h(
          "div",
          { class: "sr-trainer__row" },
          h("p", { class: "sr-trainer__rowlabel", id }, hand.title),
          h(
            "ol",
            { class: "sr-faces", "aria-labelledby": id },
            hand.cards.map((c) => h("li", { "aria-label": c.words }, cardFace(c.card, this.info(c.card), { size: "small" }))),
          ),
        ),
      );
    }
    if (words.facts.length) {
      const facts = h(
        "ul",
        { class: "sr-trainer__facts" },
        words.facts.map(({ label, value }) => h("li", {}, value === null ? h("strong", {}, label) : [h("strong", {}, `${label}: `), value])),
      );
      // Beside drawn hands the same facts are words for reading, folded away; alone they are the position.
      parts.push(words.factsFolded ? h("details", { class: "sr-trainer__words" }, h("summary", {}, "The position in words"), facts) : facts);
    }
    replace(this._table, parts);
  }

  // A line of play (a refutation's best defence): each card with who plays it, in order.
  lineView(line, table) {
    return h(
      "details",
      { class: "sr-trainer__line" },
      h("summary", {}, "The play that follows, card by card"),
      h(
        "ol",
        { class: "sr-faces" },
        lineWords(line, table, (card) => this.info(card)).map((x) =>
          h("li", { "aria-label": x.words }, h("span", { class: "sr-trainer__who", "aria-hidden": "true" }, x.who), cardFace(x.card, this.info(x.card), { size: "small" })),
        ),
      ),
    );
  }

  toggle(value) {
    if (this._locked) return;
    const step = this.step();
    if (step.single) {
      this._selected = [value];
      this.pressButtons();
      this.judge();
      return;
    }
    this._selected = this._selected.includes(value) ? this._selected.filter((v) => v !== value) : [...this._selected, value];
    this.pressButtons();
    if (this._feedback.dataset.kind === "empty") replace(this._feedback);
  }

  pressButtons() {
    for (const b of this._buttons) b.setAttribute("aria-pressed", this._selected.includes(b.dataset.value) ? "true" : "false");
  }

  check() {
    if (this._locked) return;
    if (!this._selected.length) {
      this._feedback.dataset.kind = "empty";
      const msg = "Choose at least one first.";
      replace(this._feedback, h("p", { class: "sr-empty" }, msg));
      this.announce(msg);
      return;
    }
    this.judge();
  }

  label(value) {
    return choiceLabel(this.step(), value);
  }

  judge() {
    const step = this.step();
    const answer = step.answer;
    const chosen = this._selected;
    const { right, chose, wrong, more } = judgeAnswer(step, chosen);
    this._locked = true;
    for (const b of this._buttons) b.setAttribute("aria-disabled", "true");
    if (!right) {
      this._wrongOnce = true;
      this.record("failed", false);
      // The record's words as they are (they name seats as readers count them), and where the
      // refutation is a line of play, that line card by card.
      // At the table a refutation's line is played on the board: its sentence says what the card
      // gives up, and the line's notation is folded away as text.
      const split = (w) => {
        const at = this._atTable && Array.isArray(w.line) && w.line.length ? w.text.indexOf(": ") : -1;
        return at > 0 ? { head: `${w.text.slice(0, at)}.`, rest: w.text.slice(at + 2) } : { head: w.text, rest: "" };
      };
      const texts = wrong.map((w) => `${split(w).head}${w.why ? ` ${w.why}` : ""}`);
      const lines = wrong.map((w) => {
        const { head, rest } = split(w);
        const out = [h("p", { class: "sr-trainer__refutation", "data-value": w.value }, head)];
        if (w.why) out.push(h("p", { class: "sr-trainer__why", "data-value": w.value }, w.why));
        if (rest) out.push(h("details", { class: "sr-trainer__linetext" }, h("summary", {}, "The whole line as text"), h("p", {}, rest)));
        if (w.line && !this._atTable) out.push(this.lineView(w.line, step.table || {}));
        return out;
      });
      // At the table the refutation is played out on the board, from the end of the trick.
      const shown = wrong.find((w) => Array.isArray(w.line) && w.line.length);
      let lineSaid = "";
      if (this._atTable && shown) {
        const t = step.table;
        const line = shown.line[0] && shown.line[0].card === shown.value ? shown.line : [{ seat: t.you, card: shown.value }, ...shown.line];
        const frames = this.framesFrom(t, line);
        const at = firstTrickEnd(frames);
        this._board.line(frames, { title: `After ${shown.value}, best play by every seat (step through it):`, at, announce: false });
        lineSaid = ` ${frames[at].text}`;
      }
      this._feedback.dataset.kind = "wrong";
      replace(
        this._feedback,
        h(
          "div",
          { class: "sr-trainer__verdict sr-trainer__verdict--wrong" },
          h("p", { class: "sr-trainer__verdictline" }, h("strong", {}, "Wrong."), ` ${chose}`, more ? ` ${more}` : ""),
          lines,
        ),
      );
      this._again.hidden = false;
      this._check.hidden = true;
      this.announce(`Wrong. ${chose} ${texts.join(" ")} ${more}${lineSaid} Try again, ask for a hint, or show the solution.`);
      this._again.focus({ preventScroll: true });
      // The board with its step control and the verdict under it; off the table, the verdict.
      const verdict = this._feedback.querySelector(".sr-trainer__verdictline");
      if (this._atTable && this._board.onLine) bringIntoView(this._board.table, verdict);
      else bringIntoView(this._feedback);
      return;
    }
    const last = this._step === this._current.steps.length - 1;
    this.markAnswer(answer);
    if (!last && this._atTable && Array.isArray(step.played) && step.played.length) {
      // The answer and the defence's reply played out on the board; the reader goes on from there.
      const frames = this.framesFrom(step.table, step.played);
      const at = firstTrickEnd(frames);
      const ended = [...frames].reverse().find((f) => f.ends) || null;
      this._lastTrick = ended
        ? {
            leader: ended.leader,
            cards: ended.cards,
            winner: ended.winner,
            label: ended.taker !== null ? `The last trick: ${seatWho(ended.taker, step.table.you)} took it` : "The last trick",
          }
        : null;
      this._board.line(frames, { title: `Your ${chosen[0]}, and the play until your next turn (step through it):`, at, announce: false });
      this._reply.hidden = false;
      // The defence's cards are said card by card by the step control, on the table above.
      this._reply.textContent = `Right: ${listWords(chosen.map((v) => this.label(v)))}.`;
      this._check.hidden = true;
      this._hintButton.disabled = true;
      this._solutionButton.disabled = true;
      this._continue.hidden = false;
      this.announce(`Right. ${chose} ${frames[at].text} Press “Your turn” to go on.`);
      this._continue.focus({ preventScroll: true });
      bringIntoView(this._board.table, this._continue);
      return;
    }
    if (!last) {
      const words = replyWords(step);
      this._step += 1;
      this.renderStep();
      this._reply.hidden = false;
      this._reply.textContent = `Right: ${listWords(chosen.map((v) => this.label(v)))}.${words}`;
      this.announce(`Right. ${chose}${words} Step ${this._step + 1}: ${this.step().question}`);
      if (this._buttons.length) this._buttons[0].focus({ preventScroll: true });
      this.bringTaskIntoView(this._atTable ? null : this._reply);
      return;
    }
    this._reply.hidden = true;
    this.revealTitle();
    const solved = !this._wrongOnce && !this._ended;
    if (!this._ended) this.record(solved ? "solved" : "failed", true);
    this._ended = true;
    this._feedback.dataset.kind = "right";
    replace(
      this._feedback,
      h(
        "div",
        { class: "sr-trainer__verdict sr-trainer__verdict--right" },
        h("p", { class: "sr-trainer__verdictline" }, h("strong", {}, "Right."), ` ${chose}`, solved ? " Solved." : ""),
        h("p", { class: "sr-trainer__explanation" }, String(step.solution)),
        step.citation ? h("p", { class: "sr-trainer__cite" }, "Source: ", citationLink(step.citation)) : null,
      ),
    );
    this._check.hidden = true;
    this._solutionButton.disabled = true;
    this.announce(`Right. ${chose} ${String(step.solution)} Streak: ${this._progress.streak}.`);
    this._next.focus({ preventScroll: true });
    bringIntoView(this._feedback, this._next);
  }

  // Progress: a wrong answer or the solution ends the streak and marks the puzzle failed; the last
  // step answered with neither marks it solved.
  record(result, finished) {
    const p = this._current;
    const day = today();
    if (result === "failed") {
      if (this._counted) return;
      this._counted = true;
    } else if (!finished) {
      return;
    }
    this.saveProgress((prog) => addResult(prog, p.id, result, day));
  }

  // Change the progress with apply(progress) -> false when it cannot take the change; kept on the
  // device when it can be, else for this visit, with a sentence saying so.
  saveProgress(apply) {
    const r = changeProgress(apply);
    if (!r.ok) {
      apply(this._progress);
      const msg = `This result is not kept on this device: ${r.problem}. It counts for this visit; what was kept before is unchanged.`;
      this._progressNote.textContent = msg;
      this._unsaved = true;
      this._storeProblem = msg;
      queueMicrotask(() => {
        if (this._storeProblem) this.announce("");
      });
    } else {
      this._progress = r.value;
      if (this._unsaved) this._progressNote.textContent = "";
      this._unsaved = false;
    }
    this.updateCount();
  }

  markAnswer(answer) {
    for (const b of this._buttons) {
      const yes = answer.includes(b.dataset.value);
      b.classList.toggle("sr-trainer__choice--answer", yes);
      const base = (b.getAttribute("aria-label") || "").replace(/, the answer$/, "");
      if (b.hasAttribute("aria-label")) b.setAttribute("aria-label", yes ? `${base}, the answer` : base);
    }
  }

  tryAgain() {
    this._locked = false;
    this._selected = [];
    if (this._atTable && this._board.onLine) this.drawPosition();
    for (const b of this._buttons) b.removeAttribute("aria-disabled");
    this.pressButtons();
    this._again.hidden = true;
    this._check.hidden = Boolean(this.step().single);
    this._feedback.dataset.kind = "";
    replace(this._feedback);
    this.announce("Choose again.");
    if (this._buttons.length) this._buttons[0].focus({ preventScroll: true });
    this.bringTaskIntoView();
  }

  showHint() {
    const step = this.step();
    if (!step.hint) return;
    this._hint.hidden = false;
    this._hintButton.setAttribute("aria-expanded", "true");
    replace(this._hint, h("p", {}, h("strong", {}, "Hint: "), String(step.hint)));
    this.announce(`Hint: ${String(step.hint)}`);
    bringIntoView(this._hint);
  }

  showSolution() {
    const step = this.step();
    if (!this._ended) {
      this._wrongOnce = true;
      this.record("failed", false);
    }
    this._locked = true;
    for (const b of this._buttons) b.setAttribute("aria-disabled", "true");
    this.markAnswer(step.answer);
    this._again.hidden = true;
    this._check.hidden = true;
    this._solution.hidden = false;
    this._solutionButton.disabled = true;
    this.revealTitle();
    const words = answerWords(step);
    replace(
      this._solution,
      h("p", { class: "sr-trainer__answerline" }, h("strong", {}, words)),
      h("p", { class: "sr-trainer__explanation" }, String(step.solution)),
      step.citation ? h("p", { class: "sr-trainer__cite" }, "Source: ", citationLink(step.citation)) : null,
    );
    const more = this._step < this._current.steps.length - 1 ? " Choose it to go on." : "";
    if (more) {
      // A multi-step puzzle goes on: the answer is marked, and choosing it moves to the next step.
      this._locked = false;
      for (const b of this._buttons) b.removeAttribute("aria-disabled");
    }
    this.announce(`${words} ${String(step.solution)}${more}`);
    bringIntoView(this._solution);
  }

  // With the verdict, the puzzle's title (its idea, which may name the answer) takes the heading's place.
  revealTitle() {
    const p = this._current;
    if (this._titleShown || !p || headingBefore(p) === p.title) return;
    this._titleShown = true;
    replace(this._title, p.title);
    this._title.dataset.shows = "title";
  }

  next() {
    const p = this.nextPuzzle(this._current);
    this.show(p);
  }

  dailyId() {
    return dailyPick(this._data.puzzles, today());
  }

  showDaily() {
    const p = this.find(this.dailyId());
    if (!p) return;
    this.show(p, { daily: true });
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
      this.next();
    }
  }

  // --- progress view, export and import --------------------------------------------------------------

  renderProgress() {
    const rows = (groups) =>
      groups.map(([name, list]) => {
        const t = tally(list, this._progress);
        return h("tr", {}, h("th", { scope: "row" }, name), h("td", {}, String(t.solved)), h("td", {}, String(t.failed)), h("td", {}, String(t.unseen)));
      });
    const table = (caption, groups) =>
      h(
        "div",
        { class: "sr-trainer__tablewrap" },
        h(
          "table",
          { class: "sr-trainer__tally" },
          h("caption", {}, caption),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, caption.split(" ").pop()), h("th", { scope: "col" }, "Solved"), h("th", { scope: "col" }, "Failed"), h("th", { scope: "col" }, "Not tried"))),
          h("tbody", {}, rows(groups)),
        ),
      );
    const byTheme = this._data.themes.map((t) => [t.name, this._all.filter((p) => !p.own && p.themes.includes(t.id))]);
    if (this._own.length) byTheme.push(["From your deals", this._own]);
    const byRuleset = this._data.rulesets.map((r) => [r.short_name, this._all.filter((p) => p.ruleset === r.id)]).filter(([, list]) => list.length);
    const note = noteFor(OWN);
    const skipped = note ? h("p", {}, note) : null;
    replace(this._progressBody, table("By theme", byTheme), table("By ruleset", byRuleset), skipped);
  }

  exportProgress() {
    saveProgressFile(PROGRESS_FILE, this._progress);
    this._progressNote.textContent = "Your progress was saved as a file.";
  }

  async importProgress() {
    const file = this._importInput.files && this._importInput.files[0];
    if (!file) return;
    this._importInput.value = "";
    const say = (msg) => {
      this._progressNote.textContent = msg;
      this.announce(msg);
    };
    const chosen = await readProgressFile(file, PROGRESS_FILE, "Export progress");
    const got = chosen.data ? cleanProgress(chosen.data) : null;
    if (!got) {
      say(chosen.problem || `“${file.name.slice(0, 60)}” holds no puzzle progress: export one with “Export progress”. Nothing was imported.`);
      return;
    }
    // Merged into the progress as stored now (puzzle-store.js mergeProgress).
    let counts = null;
    const r = update(PROGRESS, (mine) => {
      counts = mergeProgress(mine, got);
      return mine;
    });
    if (!r.ok) {
      say(`Nothing was imported: ${r.problem}. Your progress is as it was.`);
      return;
    }
    this._progress = r.value;
    this.updateCount();
    say(importWords(counts));
  }

  forgetProgress() {
    this._progress = emptyProgress();
    forget(PROGRESS);
    this.updateCount();
    this._progressNote.textContent = "Your progress is forgotten.";
    this.announce("Your progress is forgotten.");
  }

  refreshStored() {
    if (!this._data) return; // still loading: the puzzles are read with the storage as it is then
    this._progress = loadProgress();
    const wasOwn = this._own.length;
    this.readOwn();
    if (wasOwn !== this._own.length) this.fillThemes();
    this.updateCount();
  }
}

defineWidget("somerset-trainer", SomersetTrainer);
