// <somerset-lesson stage="tricks">: a Learn stage's exercises, one at a time, judged at once WITHOUT
// the engine: every answer, hint and refutation comes from assets/data/lessons.json
// (hooks/lessons.py, checked against the engine at build time). The exercises are those written
// for the reader's ruleset. A first wrong answer gets a hint, a second the answer with its reason;
// stars count the help taken; every verdict is announced; the dots open any exercise again.
// Progress: lesson-data.js. In full: develop/runtime.md, "Learn, the guided deals, the trainer and
// Same deal".

import { cardButton, citationLink, defineWidget, h, nextId, rememberRuleset, replace, speak, trickSeats } from "../base/ui.js";
import { bringIntoView, fitsBand, keepPillOff } from "../base/in-view.js";
import { SITE_ROOT, forgetStage, lessonRuleset, loadLessons, readProgress, recordStars, setAsideNotes, stageExercises, starText } from "./lesson-data.js";

function listWords(items) {
  const xs = [...items];
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

class SomersetLesson extends HTMLElement {
  connectedCallback() {
    this._onRules = () => {
      if (this._data) this.start();
    };
    window.addEventListener("somerset-ruleset-changed", this._onRules);
    if (this._built) return;
    this._built = true;
    this.classList.add("sr-widget", "sr-lesson");
    this._id = nextId("lesson");
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    this._body = h("div", { class: "sr-lesson__body" }, h("p", { role: "status" }, "Loading the exercises…"));
    replace(this, this._body, this._live);
    this.load();
  }

  disconnectedCallback() {
    window.removeEventListener("somerset-ruleset-changed", this._onRules);
  }

  announce(text) {
    speak(this._live, text);
  }

  async load() {
    const stageId = this.getAttribute("stage") || "";
    try {
      this._data = await loadLessons();
    } catch (e) {
      replace(this._body, h("p", { class: "sr-widget__problem", role: "status" }, `The exercises could not be loaded: ${e.message || e}. Reload the page to try again.`));
      return;
    }
    this._stage = this._data.stages.find((s) => s.id === stageId);
    if (!this._stage) {
      replace(this._body, h("p", { class: "sr-widget__problem", role: "status" }, `There is no stage called “${stageId.slice(0, 40)}”.`));
      return;
    }
    this._packOf = new Map(this._data.rulesets.map((r) => [r.id, r.pack]));
    this._names = new Map(this._data.rulesets.map((r) => [r.id, r.short_name]));
    this._packs = new Map(Object.entries(this._data.packs).map(([name, cards]) => [name, new Map(cards.map((c) => [c.card, c]))]));
    this.start();
  }

  // Which exercises, under which ruleset; then the first not yet done.
  start(fromFirst = false) {
    const wanted = lessonRuleset(this._data);
    const { ruleset, exercises, fallback } = stageExercises(this._stage, wanted, this._data);
    this._ruleset = ruleset;
    this._exercises = exercises;
    this._info = this._packs.get(this._packOf.get(ruleset)) || new Map();
    this._earned = new Map();
    const progress = readProgress().exercises;
    for (const ex of exercises) if (progress[ex.id]) this._earned.set(ex.id, progress[ex.id].stars);
    this.drawFrame(wanted, fallback);
    const next = fromFirst ? 0 : exercises.findIndex((ex) => !this._earned.has(ex.id));
    if (next < 0) this.showDone();
    else this.show(next);
  }

  drawFrame(wanted, fallback) {
    const id = this._id;
    const select = h("select", { id: `${id}-rules`, class: "sr-lesson__rules" });
    for (const r of this._data.rulesets) select.append(h("option", { value: r.id }, r.short_name));
    select.value = wanted;
    select.addEventListener("change", () => rememberRuleset(select.value));
    const note = fallback
      ? h("p", { class: "sr-lesson__note" }, `No exercise of this stage is written for ${this._names.get(wanted)}; these are shown under ${this._names.get(this._ruleset)}.`)
      : null;
    this._dots = h("ol", { class: "sr-lesson__dots", "aria-label": "Exercises of this stage: open one" });
    this._card = keepPillOff(h("div", { class: "sr-lesson__exercise" }));
    replace(
      this._body,
      ...setAsideNotes().map((text) => h("p", { class: "sr-lesson__note", role: "status" }, text)),
      h("div", { class: "sr-lesson__head" }, h("label", { for: select.id }, "Ruleset taught"), select),
      note,
      this._card,
      // Under the exercise: on a phone the task and its choices come first on the screen.
      this._dots,
    );
    this.drawDots();
  }

  drawDots(current = -1) {
    replace(
      this._dots,
      this._exercises.map((ex, i) => {
        const stars = this._earned.get(ex.id) || 0;
        const words = `Exercise ${i + 1}: ${stars ? `done, ${stars} of 3 stars` : "not done yet"}${i === current ? ", current" : ""}`;
        return h(
          "li",
          { class: `sr-lesson__dot${stars ? " sr-lesson__dot--done" : ""}${i === current ? " sr-lesson__dot--current" : ""}` },
          h(
            "button",
            { type: "button", class: "sr-lesson__dotbutton", "aria-label": words, "aria-current": i === current ? "step" : null, onclick: () => this.open(i) },
            h("span", { "aria-hidden": "true" }, stars ? starText(stars) : String(i + 1)),
          ),
        );
      }),
    );
  }

  // --- one exercise ----------------------------------------------------------------------------------

  // A dot: the exercise opens again (its stars kept; doing it again can only raise them).
  open(index) {
    this._moved = true;
    this.show(index);
  }

  show(index) {
    this._index = index;
    const ex = this._exercises[index];
    const rec = ex.by_ruleset[this._ruleset];
    this._ex = ex;
    this._rec = rec;
    this._help = 0; // 0: none yet; 1: the hint shown; 2: the answer shown
    this._tried = new Set();
    this._settled = false;
    this._chosen = new Set();
    this.drawDots(index);
    const id = this._id;
    const heading = h("h3", { class: "sr-lesson__task", id: `${id}-task`, tabindex: "-1" }, h("span", { class: "sr-lesson__count" }, `${index + 1} of ${this._exercises.length}. `), ex.task);
    const differs = rec.differs && rec.differs.length
      ? h("p", { class: "sr-lesson__differs" }, `Not every ruleset agrees here: ${listWords(rec.differs)} ${rec.differs.length === 1 ? "answers" : "answer"} otherwise. `, h("a", { href: `${SITE_ROOT}compare/` }, "Compare the rulesets"), ".")
      : null;
    this._verdict = h("div", { class: "sr-lesson__verdict", id: `${id}-verdict` });
    this._hintButton = h("button", { type: "button", class: "md-button", "aria-controls": `${id}-verdict`, onclick: () => this.showHint() }, "Hint");
    this._check = rec.single ? null : h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.check() }, "Check");
    this._next = h("button", { type: "button", class: "md-button md-button--primary", hidden: true, onclick: () => this.advance() }, index + 1 < this._exercises.length ? "Next exercise" : "Finish the stage");
    this._offer = this.choices(rec);
    this._actions = h("div", { class: "sr-lesson__actions" }, this._check, this._hintButton, this._next);
    // The task and its choices first; the verdict straight under the choices it judges, the button
    // that goes on under it; the note that rulesets differ after.
    replace(this._card, heading, this.table(rec), this._offer, this._verdict, this._actions, differs);
    if (this._moved) {
      heading.focus({ preventScroll: true });
      bringIntoView(heading, this._offer);
    }
  }

  // After an answer: the choices tapped, the verdict and the button that goes on, in view
  // together when they fit; else from the first card tapped to the verdict; else the verdict.
  revealVerdict(values) {
    const tapped = values.map((v) => this._buttons.get(v)).filter(Boolean);
    const from = tapped.length ? tapped.reduce((a, b) => (b.getBoundingClientRect().top < a.getBoundingClientRect().top ? b : a)) : this._offer;
    if (fitsBand(this._offer, this._actions)) bringIntoView(this._offer, this._actions);
    else if (fitsBand(from, this._actions)) bringIntoView(from, this._actions);
    else if (fitsBand(from, this._verdict)) bringIntoView(from, this._verdict);
    else bringIntoView(this._verdict);
  }

  // What the reader looks at: the trump, the trick so far, the calls, the deal's points.
  table(rec) {
    const facts = [];
    if (rec.trump_label) facts.push(h("p", { class: "sr-lesson__fact" }, h("strong", {}, "Trump: "), rec.trump_label));
    if (rec.offer === "hand" && rec.trick) {
      if (rec.trick.length) {
        facts.push(this.seats(rec, rec.trick, null, "The trick so far"));
      } else {
        facts.push(h("p", { class: "sr-lesson__fact" }, rec.first_trick ? "You lead to the first trick of the deal." : "You lead."));
      }
    }
    if (rec.calls) {
      const calls = rec.calls.length
        ? h("ol", { class: "sr-lesson__calls" }, rec.calls.map((c) => h("li", {}, `Seat ${c.seat + 1}${c.seat === rec.dealer ? " (dealer)" : ""}: ${c.call === "pass" ? "pass" : `bid ${c.call}`}`)))
        : h("p", {}, "Nobody has called yet.");
      facts.push(h("div", { class: "sr-lesson__fact" }, h("strong", {}, `The calls so far (${rec.players} players; you are seat ${rec.seat + 1}${rec.seat === rec.dealer ? ", the dealer" : ""}):`), calls));
    }
    if (rec.faceup) {
      facts.push(h("p", { class: "sr-lesson__fact" }, h("strong", {}, "Face up beside the trick: "), listWords(rec.faceup)));
      facts.push(this.seats(rec, rec.trick, null, "The first trick"));
    }
    if (rec.offer === "choices" && rec.bid) {
      facts.push(h("p", { class: "sr-lesson__fact" }, `Bid ${rec.bid}. Points taken: ${rec.made} by the bidder's side, ${rec.against} by the other side.`));
    }
    return h("div", { class: "sr-lesson__table" }, facts);
  }

  seats(rec, cards, winner, caption) {
    const you = rec.trick ? rec.trick.length : 0;
    return trickSeats({
      players: rec.players,
      leader: 0,
      bottom: rec.offer === "hand" ? you : 0,
      cards,
      winner,
      info: this._info,
      size: "small",
      caption,
      name: (seat) => {
        if (rec.offer !== "hand") return `seat ${seat + 1}`;
        if (seat === you) return "you";
        return (rec.side || []).includes(seat) ? "partner" : "opponent";
      },
    });
  }

  choices(rec) {
    const label = rec.offer === "trick" ? "The trick, in play order" : rec.offer === "hand" ? "Your cards" : "Your choices";
    this._buttons = new Map();
    const buttons = rec.choices.map((c) => {
      const onclick = () => this.pick(c.value);
      const pressed = rec.single ? null : false;
      const b = rec.offer === "choices"
        ? h("button", { type: "button", class: "md-button sr-lesson__choice", "aria-pressed": pressed === null ? null : "false", "aria-label": c.spoken && c.spoken !== c.label ? `${c.label}: ${c.spoken}` : null, "data-value": c.value, onclick }, c.label)
        : cardButton(c.value, this._info.get(c.value), { pressed, onclick });
      this._buttons.set(c.value, b);
      return b;
    });
    const group = h("div", { class: rec.offer === "choices" ? "sr-lesson__choices" : "sr-hand", role: "group", "aria-label": `${label}: ${rec.pick}` }, buttons);
    // The task above says what to tap: the line over the choices names them, and says it again
    // only to a screen reader.
    return h("div", { class: "sr-lesson__offer" }, h("p", { class: "sr-lesson__offerhead" }, `${label}:`, h("span", { class: "sr-vh" }, ` tap ${rec.pick}.`)), group);
  }

  pick(value) {
    if (this._settled) return;
    if (this._rec.single) {
      this.judge([value]);
      return;
    }
    if (this._chosen.has(value)) this._chosen.delete(value);
    else this._chosen.add(value);
    this._buttons.get(value).setAttribute("aria-pressed", String(this._chosen.has(value)));
  }

  check() {
    if (this._settled) return;
    if (!this._chosen.size) {
      this.say([h("p", {}, `Tap ${this._rec.pick} first, then Check.`)], "Nothing chosen yet.");
      this.revealVerdict([]);
      return;
    }
    this.judge([...this._chosen]);
  }

  judge(values) {
    const rec = this._rec;
    const right = rec.single ? rec.answer.includes(values[0]) : values.length === rec.answer.length && values.every((v) => rec.answer.includes(v));
    if (right) {
      this.settle(values);
      return;
    }
    const wrong = values.filter((v) => !rec.answer.includes(v));
    if (this._help === 0) this.hintAfterMiss(values, wrong);
    else this.showAnswer(values, wrong);
    this.revealVerdict(values);
  }

  // The hint, with the rule's citation: what the verdict says on request or after a first miss.
  hintLine() {
    const hint = this._rec.hint;
    return h("p", { class: "sr-lesson__hint" }, h("strong", {}, "Hint: "), hint.text, " ", citationLink(hint.citation));
  }

  // A first miss: the hint, never the answer. A wrong card of a "tap every" choice is taken out of
  // the choice and marked, and the verdict says so.
  hintAfterMiss(values, wrong) {
    const rec = this._rec;
    this._help = 1;
    this._hintButton.hidden = true;
    const parts = [h("p", { class: "sr-lesson__wrong" }, h("strong", {}, "Not yet. "), "Have a look at the hint, then try again: a second miss shows the answer.")];
    const spoken = ["Not yet."];
    for (const v of wrong) this.markTried(v);
    if (!rec.single && wrong.length) {
      const names = listWords(wrong.map((v) => this.labelOf(v)));
      parts.push(h("p", { class: "sr-lesson__takenout" }, `Taken out of your choice, marked ✗: ${names}.`));
      spoken.push(`${names} taken out of your choice.`);
    } else if (!rec.single) {
      parts.push(h("p", {}, "Everything you chose answers, but not all that answers is chosen yet: your choice is kept."));
      spoken.push("Not all of them yet.");
    }
    parts.push(this.hintLine());
    spoken.push(`Hint: ${rec.hint.text}`, "Try again.");
    this.say(parts, spoken.join(" "));
  }

  // A second miss: why the choice is wrong, and the answer, with the rule; the exercise is done
  // with one star.
  showAnswer(values, wrong) {
    const rec = this._rec;
    const parts = [];
    const spoken = [];
    for (const v of wrong) {
      const r = rec.refutations[v];
      if (!r) continue;
      const again = !this._tried.has(v) ? "" : rec.single ? `${this.labelOf(v)} was tried before. ` : `${this.labelOf(v)} was taken out after your first try. `;
      parts.push(h("p", {}, again, r.text, " ", citationLink(r.citation)));
      spoken.push(again + r.text);
      if (r.played) parts.push(this.seats(rec, r.played, r.winner, "The other seats' answer"));
      this.markTried(v);
    }
    const missing = rec.single ? [] : rec.answer.filter((v) => !values.includes(v));
    for (const v of missing) {
      const m = rec.missing && rec.missing[v];
      if (m && !wrong.length) {
        parts.push(h("p", {}, m.text));
        spoken.push(m.text);
      }
    }
    this.settle(values, { shown: true, before: parts, spokenBefore: spoken.join(" ") });
  }

  labelOf(value) {
    const c = this._rec.choices.find((x) => x.value === value);
    return c ? c.label : value;
  }

  // A choice tried and wrong: marked on the card (✗) and in its name, and out of a "tap every" choice.
  markTried(value) {
    const b = this._buttons.get(value);
    this._tried.add(value);
    if (!b) return;
    b.classList.add("sr-lesson__tried");
    if (!b.dataset.words) b.dataset.words = b.getAttribute("aria-label") || b.textContent;
    b.setAttribute("aria-label", `${b.dataset.words}, tried: not this one`);
    if (!this._rec.single) {
      this._chosen.delete(value);
      b.setAttribute("aria-pressed", "false");
    }
  }

  settle(values, { shown = false, before = [], spokenBefore = "" } = {}) {
    const rec = this._rec;
    this._settled = true;
    if (shown) this._help = 2;
    const stars = Math.max(1, 3 - this._help);
    const problem = recordStars(this._ex.id, stars, this._ruleset);
    const earlier = this._earned.get(this._ex.id) || 0;
    this._earned.set(this._ex.id, Math.max(earlier, stars));
    for (const [v, b] of this._buttons) {
      if (rec.answer.includes(v)) b.classList.add("sr-lesson__right");
      b.setAttribute("aria-disabled", "true");
    }
    const starLine = [h("span", { class: "sr-lesson__stars", "aria-hidden": "true" }, starText(stars)), h("span", { class: "sr-vh" }, `${stars} of 3 stars.`)];
    const answerWords = listWords(rec.answer.map((v) => this.labelOf(v)));
    const head = shown
      ? h("p", { class: "sr-lesson__wrong" }, h("strong", {}, "Not this one. "), `The answer: ${answerWords}. `, ...starLine)
      : h("p", { class: "sr-lesson__ok" }, h("strong", {}, "Right. "), ...starLine);
    const parts = [head, ...before];
    let text = rec.right;
    const o = !shown && rec.outcomes ? rec.outcomes[values[0]] : null;
    // The refutation shown may already end with the rule's sentence: not said twice.
    const said = shown && spokenBefore.includes(text);
    if (said) {
      text = "";
    } else if (o) {
      text = o.text;
      parts.push(h("p", {}, text, " ", citationLink(rec.citation)));
      parts.push(this.seats(rec, o.cards, o.winner, "The trick played out"));
    } else {
      parts.push(h("p", {}, text, " ", citationLink(rec.citation)));
    }
    let why = "";
    if (rec.overrides && rec.rule) {
      why = `Why this is not what stage ${rec.overrides.order}, ${rec.overrides.title}, taught: ${rec.rule.text}`;
      parts.push(h("p", { class: "sr-lesson__overrides" }, h("strong", {}, `Why this is not what stage ${rec.overrides.order}, ${rec.overrides.title}, taught: `), rec.rule.text, " ", citationLink(rec.rule.citation)));
    }
    if (problem) parts.push(h("p", { class: "sr-lesson__note" }, problem));
    this.drawDots(this._index);
    if (this._check) this._check.hidden = true;
    this._hintButton.hidden = true;
    this._next.hidden = false;
    const spoken = shown ? `Not this one. The answer: ${answerWords}. ${stars} of 3 stars. ${spokenBefore} ${text}` : `Right. ${stars} of 3 stars. ${text}`;
    this.say(parts, `${spoken}${why ? ` ${why}` : ""}`);
    this._next.focus({ preventScroll: true });
    this.revealVerdict(values);
  }

  say(parts, spoken) {
    replace(this._verdict, parts);
    this.announce(spoken);
  }

  // The hint on request: it counts as the first step of help, as a first miss does.
  showHint() {
    if (this._settled || this._help > 0) return;
    this._help = 1;
    this._hintButton.hidden = true;
    this.say([this.hintLine()], `Hint: ${this._rec.hint.text}`);
    this.revealVerdict([]);
  }

  advance() {
    this._moved = true;
    if (this._index + 1 < this._exercises.length) this.show(this._index + 1);
    else this.showDone();
  }

  // --- the end of the stage -------------------------------------------------------------------------

  showDone() {
    const total = this._exercises.reduce((n, ex) => n + (this._earned.get(ex.id) || 0), 0);
    const most = 3 * this._exercises.length;
    const stages = this._data.stages;
    const at = stages.indexOf(this._stage);
    const following = stages[at + 1];
    const theme = encodeURIComponent(this._stage.theme);
    const rules = encodeURIComponent(this._ruleset);
    // The trainer's theme, when the stage names one and it has puzzles under this ruleset.
    const practise = this._stage.theme && (this._stage.theme_rulesets || []).includes(this._ruleset);
    this.drawDots();
    const heading = h("h3", { class: "sr-lesson__task", tabindex: "-1" }, "Stage done");
    replace(
      this._card,
      heading,
      h("p", {}, `You earned ${total} of ${most} stars in this stage (${this._names.get(this._ruleset)}).`),
      h(
        "ul",
        { class: "sr-lesson__links" },
        practise ? h("li", {}, h("a", { href: `${SITE_ROOT}puzzles/trainer/?theme=${theme}&rules=${rules}` }, `Practise this: ${this._stage.theme_name} in the puzzle trainer`)) : null,
        following ? h("li", {}, h("a", { href: `${SITE_ROOT}learn/${following.id}/` }, `Next stage: ${following.title}`)) : null,
        h("li", {}, h("a", { href: `${SITE_ROOT}learn/` }, "The map of stages")),
      ),
      h("button", { type: "button", class: "md-button", onclick: () => {
        forgetStage(this._stage);
        this._moved = true;
        this.start(true);
      } }, "Start the stage again"),
    );
    this.announce(`Stage done: ${total} of ${most} stars.`);
    if (this._moved) heading.focus();
  }
}

defineWidget("somerset-lesson", SomersetLesson);
