// <somerset-lesson-map>: the Learn section's stages in order, each with the stars earned and how
// many of its exercises are done (for the ruleset the lessons teach), and "Continue" to the first
// stage not finished. Progress comes from this device (lesson-data.js); nothing starts the engine.
// The list inside the tag (the stages as links) is what a reader without JavaScript sees.

import { defineWidget, h, replace } from "./ui.js";
import { SITE_ROOT, lessonRuleset, loadLessons, readProgress, stageExercises } from "./lesson-data.js";

class SomersetLessonMap extends HTMLElement {
  connectedCallback() {
    this._refresh = () => this.draw();
    window.addEventListener("somerset-ruleset-changed", this._refresh);
    window.addEventListener("storage", this._refresh);
    if (this._built) return;
    this._built = true;
    this.classList.add("sr-widget", "sr-lesson-map");
    this.draw();
  }

  disconnectedCallback() {
    window.removeEventListener("somerset-ruleset-changed", this._refresh);
    window.removeEventListener("storage", this._refresh);
  }

  async draw() {
    let data;
    try {
      data = await loadLessons();
    } catch {
      return; // the list written in the page stays
    }
    const progress = readProgress().exercises;
    const wanted = lessonRuleset(data);
    const name = new Map(data.rulesets.map((r) => [r.id, r.short_name]));
    let next = null;
    const items = data.stages.map((stage, i) => {
      const { exercises, ruleset } = stageExercises(stage, wanted, data);
      const done = exercises.filter((ex) => progress[ex.id]).length;
      const stars = exercises.reduce((n, ex) => n + (progress[ex.id] ? progress[ex.id].stars : 0), 0);
      const finished = done === exercises.length;
      if (!finished && !next) next = stage;
      const href = `${SITE_ROOT}learn/${stage.id}/`;
      const state = finished ? "done" : done ? `${done} of ${exercises.length} done` : `${exercises.length} exercises`;
      return h(
        "li",
        { class: `sr-lesson-map__stage${finished ? " sr-lesson-map__stage--done" : ""}`, "data-stage": stage.id },
        h("a", { href }, `${i + 1}. ${stage.title}`),
        h("span", { class: "sr-lesson-map__state" }, ` ${state}`, ruleset !== wanted ? ` (under ${name.get(ruleset)})` : ""),
        h("span", { class: "sr-lesson-map__stars", "aria-hidden": "true" }, `★ ${stars}/${3 * exercises.length}`),
        h("span", { class: "sr-vh" }, `, ${stars} of ${3 * exercises.length} stars`),
      );
    });
    const cont = next
      ? h("a", { class: "md-button md-button--primary sr-lesson-map__continue", href: `${SITE_ROOT}learn/${next.id}/` }, Object.keys(progress).length ? `Continue: ${next.title}` : `Start: ${next.title}`)
      : h("p", { class: "sr-lesson-map__all" }, "Every stage is done. Well played.");
    replace(this, h("p", { class: "sr-lesson-map__rules" }, `Exercises for ${name.get(wanted)}, the ruleset your table plays (change it on any stage).`), cont, h("ol", { class: "sr-lesson-map__list" }, items));
  }
}

defineWidget("somerset-lesson-map", SomersetLessonMap);
