// <somerset-lesson-map>: the Learn section's stages in order, each with the stars earned and how
// many of its exercises are done (for the ruleset the lessons teach), and "Continue" to the first
// stage not finished. Progress comes from this device (lesson-data.js); nothing starts the engine.
// The list inside the tag (the stages as links) is what a reader without JavaScript sees. Under
// the map, the progress can be exported to a file and imported on another device
// (progress-file.js); an import keeps, for each exercise, the more stars.

import { defineWidget, h, nextId, replace } from "../base/ui.js";
import { SITE_ROOT, lessonRuleset, loadLessons, readProgress, setAsideNotes, stageExercises } from "./lesson-data.js";
import { readProgressFile, saveProgressFile } from "../store/progress-file.js";
import { LESSONS, cleanLessonProgress, update } from "../store/storage.js";
import { mergeLessonProgress } from "./merge-progress.js";

const FILE_KIND = "somerset-lesson-progress";
const EXPORT_LABEL = "Export progress";
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

class SomersetLessonMap extends HTMLElement {
  connectedCallback() {
    this._refresh = () => this.draw();
    window.addEventListener("somerset-ruleset-changed", this._refresh);
    window.addEventListener("storage", this._refresh);
    if (this._built) return;
    this._built = true;
    this.classList.add("sr-widget", "sr-lesson-map");
    this._map = h("div", { class: "sr-lesson-map__map" });
    this._file = this.fileControls();
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
    const deal = data.first_deal;
    const second = data.second_deal;
    const items = [];
    data.stages.forEach((stage, i) => {
      const { exercises, ruleset } = stageExercises(stage, wanted, data);
      const done = exercises.filter((ex) => progress[ex.id]).length;
      const stars = exercises.reduce((n, ex) => n + (progress[ex.id] ? progress[ex.id].stars : 0), 0);
      const finished = done === exercises.length;
      if (!finished && !next) next = stage;
      const href = `${SITE_ROOT}learn/${stage.id}/`;
      const state = finished ? "done" : done ? `${done} of ${exercises.length} done` : `${exercises.length} exercises`;
      items.push(h(
        "li",
        { class: `sr-lesson-map__stage${finished ? " sr-lesson-map__stage--done" : ""}`, "data-stage": stage.id },
        h("a", { href }, `${i + 1}. ${stage.title}`),
        h("span", { class: "sr-lesson-map__state" }, ` ${state}`, ruleset !== wanted ? ` (under ${name.get(ruleset)})` : ""),
        h("span", { class: "sr-lesson-map__stars", "aria-hidden": "true" }, `★ ${stars}/${3 * exercises.length}`),
        h("span", { class: "sr-vh" }, `, ${stars} of ${3 * exercises.length} stars`),
      ));
      // The guided first deal, at its place among the stages, done once played to the score.
      if (deal && stage.id === deal.after) {
        const played = Boolean(progress[deal.id]);
        if (!played && !next) next = { id: "first-deal", title: deal.title };
        items.push(h(
          "li",
          { class: `sr-lesson-map__stage sr-lesson-map__deal${played ? " sr-lesson-map__stage--done" : ""}`, "data-stage": deal.id },
          h("a", { href: `${SITE_ROOT}learn/first-deal/` }, deal.title),
          h("span", { class: "sr-lesson-map__state" }, played ? " done" : " a whole deal with a coach"),
        ));
        // The second guided deal, with a decision to find, right after the first.
        if (second && second.after === deal.id) {
          const decided = Boolean(progress[second.id]);
          if (!decided && !next) next = { id: second.id, title: second.title };
          items.push(h(
            "li",
            { class: `sr-lesson-map__stage sr-lesson-map__deal${decided ? " sr-lesson-map__stage--done" : ""}`, "data-stage": second.id },
            h("a", { href: `${SITE_ROOT}learn/${second.id}/` }, second.title),
            h("span", { class: "sr-lesson-map__state" }, decided ? " done" : " a whole deal with one decision of your own"),
          ));
        }
      }
    });
    const cont = next
      ? h("a", { class: "md-button md-button--primary sr-lesson-map__continue", href: `${SITE_ROOT}learn/${next.id}/` }, Object.keys(progress).length ? `Continue: ${next.title}` : `Start: ${next.title}`)
      : h("p", { class: "sr-lesson-map__all" }, "Every stage is done. Well played.");
    const notes = setAsideNotes().map((text) => h("p", { class: "sr-lesson__note", role: "status" }, text));
    replace(this._map, ...notes, h("p", { class: "sr-lesson-map__rules" }, `Exercises for ${name.get(wanted)}, the ruleset your table plays (change it on any stage).`), cont, h("ol", { class: "sr-lesson-map__list" }, items));
    if (this._map.parentNode !== this) replace(this, this._map, this._file);
  }

  // Export and import of the progress, folded under the map.
  fileControls() {
    const id = nextId("lesson-map");
    this._note = h("p", { class: "sr-lesson-map__note", role: "status" });
    this._input = h("input", { type: "file", id: `${id}-import`, class: "sr-vh", accept: ".json,application/json", onchange: () => this.importProgress() });
    return h(
      "details",
      { class: "sr-lesson-map__file" },
      h("summary", {}, "Your progress on another device"),
      h("p", {}, "Your stars are kept in this browser only. Export them to a file to keep them, or to carry them to another device and import them there."),
      h(
        "div",
        { class: "sr-lesson-map__filebuttons" },
        h("button", { type: "button", class: "md-button", onclick: () => this.exportProgress() }, EXPORT_LABEL),
        h("label", { for: this._input.id, class: "md-button" }, "Import progress"),
        this._input,
      ),
      this._note,
    );
  }

  exportProgress() {
    const { exercises } = readProgress();
    saveProgressFile(FILE_KIND, { exercises });
    const n = Object.keys(exercises).length;
    this._note.textContent = `Your progress (${plural(n, "exercise", "exercises")} with stars) was saved as a file.`;
  }

  async importProgress() {
    const file = this._input.files && this._input.files[0];
    if (!file) return;
    this._input.value = "";
    const read = await readProgressFile(file, FILE_KIND, EXPORT_LABEL);
    const got = read.data ? cleanLessonProgress(read.data) : null;
    if (!got) {
      this._note.textContent = read.problem || `“${file.name.slice(0, 60)}” holds no Learn progress: export one with “${EXPORT_LABEL}”. Nothing was imported.`;
      return;
    }
    let merged = null;
    const put = update(LESSONS, (mine) => {
      merged = mergeLessonProgress(mine, got.value);
      return merged.value;
    });
    if (!put.ok) {
      this._note.textContent = `Nothing was imported: ${put.problem}. Your progress is as it was.`;
      return;
    }
    let msg = `Imported the stars of ${plural(merged.taken, "exercise", "exercises")}`;
    if (merged.lower) msg += `; ${plural(merged.lower, "exercise already had", "exercises already had")} as many stars here and ${merged.lower === 1 ? "was" : "were"} left as ${merged.lower === 1 ? "it was" : "they were"}`;
    const left = got.dropped + merged.full;
    if (left) msg += `; ${plural(left, "entry was", "entries were")} left out (not an exercise's stars, or past the exercises this device keeps)`;
    this._note.textContent = `${msg}.`;
    this.draw();
  }
}

defineWidget("somerset-lesson-map", SomersetLessonMap);
