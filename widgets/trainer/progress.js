// The puzzle trainer's progress (trainer.js): each puzzle solved or failed and the streak, kept on
// this device (store/puzzle-store.js) or, when it cannot be, for this visit; and "Your progress",
// the tally by theme and by ruleset with its export to a file, import and forgetting.
// Functions of the <somerset-trainer> element (`trainer`), which keeps the progress and the puzzle shown.
//   progressPanel(trainer, id) -> "Your progress"; record(trainer, result, finished); renderProgress(trainer)

import { h, replace } from "../base/ui.js";
import { addResult, changeProgress, emptyProgress, importWords, mergeProgress, tally, today } from "../store/puzzle-store.js";
import { OWN, PROGRESS, cleanProgress, forget, noteFor, update } from "../store/storage.js";
import { readProgressFile, saveProgressFile } from "../store/progress-file.js";

// The kind of file the trainer's progress is exported as (progress-file.js).
const PROGRESS_FILE = "somerset-puzzle-progress";

// "Your progress": the tally (renderProgress) and its buttons, folded away.
export function progressPanel(trainer, id) {
  trainer._progressBody = h("div", { class: "sr-trainer__progressbody" });
  trainer._export = h("button", { type: "button", class: "md-button", onclick: () => exportProgress(trainer) }, "Export progress");
  trainer._importInput = h("input", {
    type: "file",
    accept: "application/json,.json",
    id: `${id}-import`,
    class: "sr-trainer__file",
    onchange: () => importProgress(trainer),
  });
  trainer._forget = h("button", { type: "button", class: "md-button", onclick: () => forgetProgress(trainer) }, "Forget my progress");
  trainer._progressNote = h("p", { class: "sr-trainer__progressnote", role: "status" });
  return h(
    "details",
    { class: "sr-trainer__progress" },
    h("summary", {}, "Your progress"),
    h("p", {}, "Kept in this browser only. Export it to a file to keep it or to carry it to another device."),
    trainer._progressBody,
    h(
      "div",
      { class: "sr-inline sr-actions" },
      trainer._export,
      h("label", { for: `${id}-import`, class: "md-button sr-trainer__importlabel" }, "Import progress"),
      trainer._importInput,
      trainer._forget,
    ),
    trainer._progressNote,
  );
}

// Progress: a wrong answer or the solution ends the streak and marks the puzzle failed; the last
// step answered with neither marks it solved.
export function record(trainer, result, finished) {
  const p = trainer._current;
  const day = today();
  if (result === "failed") {
    if (trainer._counted) return;
    trainer._counted = true;
  } else if (!finished) {
    return;
  }
  saveProgress(trainer, (prog) => addResult(prog, p.id, result, day));
}

// Change the progress with apply(progress) -> false when it cannot take the change; kept on the
// device when it can be, else for this visit, with a sentence saying so.
export function saveProgress(trainer, apply) {
  const r = changeProgress(apply);
  if (!r.ok) {
    apply(trainer._progress);
    const msg = `This result is not kept on this device: ${r.problem}. It counts for this visit; what was kept before is unchanged.`;
    trainer._progressNote.textContent = msg;
    trainer._unsaved = true;
    trainer._storeProblem = msg;
    queueMicrotask(() => {
      if (trainer._storeProblem) trainer.announce("");
    });
  } else {
    trainer._progress = r.value;
    if (trainer._unsaved) trainer._progressNote.textContent = "";
    trainer._unsaved = false;
  }
  trainer.updateCount();
}

export function renderProgress(trainer) {
  const rows = (groups) =>
    groups.map(([name, list]) => {
      const t = tally(list, trainer._progress);
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
  const byTheme = trainer._data.themes.map((t) => [t.name, trainer._all.filter((p) => !p.own && p.themes.includes(t.id))]);
  if (trainer._own.length) byTheme.push(["From your deals", trainer._own]);
  const byRuleset = trainer._data.rulesets.map((r) => [r.short_name, trainer._all.filter((p) => p.ruleset === r.id)]).filter(([, list]) => list.length);
  const note = noteFor(OWN);
  const skipped = note ? h("p", {}, note) : null;
  replace(trainer._progressBody, table("By theme", byTheme), table("By ruleset", byRuleset), skipped);
}

export function exportProgress(trainer) {
  saveProgressFile(PROGRESS_FILE, trainer._progress);
  trainer._progressNote.textContent = "Your progress was saved as a file.";
}

export async function importProgress(trainer) {
  const file = trainer._importInput.files && trainer._importInput.files[0];
  if (!file) return;
  trainer._importInput.value = "";
  const say = (msg) => {
    trainer._progressNote.textContent = msg;
    trainer.announce(msg);
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
  trainer._progress = r.value;
  trainer.updateCount();
  say(importWords(counts));
}

export function forgetProgress(trainer) {
  trainer._progress = emptyProgress();
  forget(PROGRESS);
  trainer.updateCount();
  trainer._progressNote.textContent = "Your progress is forgotten.";
  trainer.announce("Your progress is forgotten.");
}
