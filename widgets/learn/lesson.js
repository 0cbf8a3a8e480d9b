// <somerset-lesson stage="tricks">: a Learn stage's exercises, one at a time, judged at once WITHOUT
// the engine (this widget never starts it): every answer and refutation comes from the records the
// build wrote (assets/data/lessons.json, hooks/lessons.py), checked against the engine then.
//
// The exercises taught are those written for the reader's ruleset ("our table", somerset.ruleset,
// shared with the tools through ui.js); the widget's own ruleset list changes it. A one-tap
// exercise is judged on the tap; a "tap every card" exercise on Check. A wrong choice gets the
// engine's reason and the rule's citation, and for a card played to a trick, the other seats'
// cards played out. Stars: 3 with no wrong answer and no hint, one less for each, at least 1.
// Progress (lesson-data.js) survives a reload and counts on the Learn map (lesson-map.js).

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
    this._dots = h("ol", { class: "sr-lesson__dots", "aria-label": "Exercises of this stage" });
    this._card = keepPillOff(h("div", { class: "sr-lesson__exercise" }));
    replace(
      this._body,
      ...setAsideNotes().map((text) => h("p", { class: "sr-lesson__note", role: "status" }, text)),
      h("div", { class: "sr-lesson__head" }, h("label", { for: select.id }, "Ruleset taught"), select),
      note,
      this._dots,
      this._card,
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
          { class: `sr-lesson__dot${stars ? " sr-lesson__dot--done" : ""}${i === current ? " sr-lesson__dot--current" : ""}`, "aria-current": i === current ? "step" : null },
          h("span", { "aria-hidden": "true" }, stars ? starText(stars) : String(i + 1)),
          h("span", { class: "sr-vh" }, words),
        );
      }),
    );
  }

  // --- one exercise ----------------------------------------------------------------------------------

  show(index) {
    this._index = index;
    const ex = this._exercises[index];
    const rec = ex.by_ruleset[this._ruleset];
    this._ex = ex;
    this._rec = rec;
    this._wrong = 0;
    this._hinted = false;
    this._settled = false;
    this._chosen = new Set();
    this.drawDots(index);
    const id = this._id;
    const heading = h("h3", { class: "sr-lesson__task", id: `${id}-task`, tabindex: "-1" }, h("span", { class: "sr-lesson__count" }, `${index + 1} of ${this._exercises.length}. `), ex.task);
    const differs = rec.differs && rec.differs.length
      ? h("p", { class: "sr-lesson__differs" }, `Not every ruleset agrees here: ${listWords(rec.differs)} ${rec.differs.length === 1 ? "answers" : "answer"} otherwise. `, h("a", { href: `${SITE_ROOT}compare/` }, "Compare the rulesets"), ".")
      : null;
    this._verdict = h("div", { class: "sr-lesson__verdict", id: `${id}-verdict` });
    this._hintBox = h("p", { class: "sr-lesson__hint", id: `${id}-hint`, hidden: true }, ex.hint || "");
    const hint = ex.hint
      ? h("button", { type: "button", class: "md-button", "aria-expanded": "false", "aria-controls": `${id}-hint`, onclick: (e) => this.showHint(e.currentTarget) }, "Hint")
      : null;
    this._check = rec.single ? null : h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.check() }, "Check");
    this._next = h("button", { type: "button", class: "md-button md-button--primary", hidden: true, onclick: () => this.advance() }, index + 1 < this._exercises.length ? "Next exercise" : "Finish the stage");
    this._offer = this.choices(rec);
    this._actions = h("div", { class: "sr-lesson__actions" }, this._check, hint, this._next);
    // The task and its choices first; the verdict straight under the choices it judges, the button
    // that goes on under it; the note that rulesets differ after.
    replace(this._card, heading, this.table(rec), this._offer, this._verdict, this._actions, this._hintBox, differs);
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
    this._wrong += 1;
    const parts = [];
    const spoken = [];
    const wrong = values.filter((v) => !rec.answer.includes(v));
    for (const v of wrong) {
      const r = rec.refutations[v];
      if (!r) continue;
      parts.push(h("p", {}, r.text, " ", citationLink(r.citation)));
      spoken.push(r.text);
      if (r.played) parts.push(this.seats(rec, r.played, r.winner, "The other seats' answer"));
      const b = this._buttons.get(v);
      if (b) b.classList.add("sr-lesson__tried");
    }
    if (!rec.single) {
      const missing = rec.answer.filter((v) => !values.includes(v));
      if (missing.length && !wrong.length) {
        parts.push(h("p", {}, `Not all: one or more cards that answer are not chosen yet.`));
        spoken.push("Not all of them yet.");
      }
    }
    this.say([h("p", { class: "sr-lesson__wrong" }, h("strong", {}, "Not this one. "), "Try again."), ...parts], `Not this one. ${spoken.join(" ")} Try again.`);
    this.revealVerdict(values);
  }

  settle(values) {
    const rec = this._rec;
    this._settled = true;
    const stars = Math.max(1, 3 - this._wrong - (this._hinted ? 1 : 0));
    const problem = recordStars(this._ex.id, stars, this._ruleset);
    const before = this._earned.get(this._ex.id) || 0;
    this._earned.set(this._ex.id, Math.max(before, stars));
    for (const [v, b] of this._buttons) {
      if (rec.answer.includes(v)) b.classList.add("sr-lesson__right");
      b.setAttribute("aria-disabled", "true");
    }
    const parts = [h("p", { class: "sr-lesson__ok" }, h("strong", {}, "Right. "), h("span", { class: "sr-lesson__stars", "aria-hidden": "true" }, starText(stars)), h("span", { class: "sr-vh" }, `${stars} of 3 stars.`))];
    let text = rec.right;
    if (rec.outcomes && rec.outcomes[values[0]]) {
      const o = rec.outcomes[values[0]];
      text = o.text;
      parts.push(h("p", {}, text, " ", citationLink(rec.citation)));
      parts.push(this.seats(rec, o.cards, o.winner, "The trick played out"));
    } else {
      parts.push(h("p", {}, text, " ", citationLink(rec.citation)));
    }
    if (problem) parts.push(h("p", { class: "sr-lesson__note" }, problem));
    this.drawDots(this._index);
    if (this._check) this._check.hidden = true;
    this._next.hidden = false;
    this.say(parts, `Right. ${stars} of 3 stars. ${text}`);
    this._next.focus({ preventScroll: true });
    this.revealVerdict(values);
  }

  say(parts, spoken) {
    replace(this._verdict, parts);
    this.announce(spoken);
  }

  showHint(button) {
    this._hinted = true;
    this._hintBox.hidden = false;
    button.setAttribute("aria-expanded", "true");
    this.announce(`Hint: ${this._ex.hint}`);
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
    this.drawDots();
    const heading = h("h3", { class: "sr-lesson__task", tabindex: "-1" }, "Stage done");
    replace(
      this._card,
      heading,
      h("p", {}, `You earned ${total} of ${most} stars in this stage (${this._names.get(this._ruleset)}).`),
      h(
        "ul",
        { class: "sr-lesson__links" },
        h("li", {}, h("a", { href: `${SITE_ROOT}puzzles/trainer/?theme=${theme}&rules=${rules}` }, `Practise this: ${this._stage.theme_name} in the puzzle trainer`)),
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
