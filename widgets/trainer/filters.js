// Which puzzle the puzzle trainer (trainer.js) shows: the filters (theme, ruleset, difficulty), set
// from the address (theme=, rules=, level=) and written back to it with the puzzle's id (p=), the
// puzzles that fit them, the next puzzle among those (puzzle-store.js nextPuzzle), and today's.
// Functions of the <somerset-trainer> element (`trainer`), which keeps the controls and the puzzle shown.
//   filterForm(trainer, id) -> the form; setFilters(trainer, wanted, notices); filtersChanged(trainer)
//   matching(trainer) -> the puzzles that fit; nextPuzzle(trainer, current); next(trainer); showDaily(trainer)

import { RulesetChoice, h, rememberedRuleset, replace, writeAddress } from "../base/ui.js";
import { dailyPick, nextPuzzle as nextInList, puzzleFits, today } from "../store/puzzle-store.js";
import { OWN_THEME } from "./puzzles.js";

const LEVELS = ["", "1", "2", "3", "4", "5"];

function labelled(id, text, control) {
  return h("div", { class: "sr-field" }, h("label", { for: id }, text), control);
}

// The filters' form: the theme, the ruleset (or every ruleset), the difficulty, and Today's puzzle.
export function filterForm(trainer, id) {
  trainer._theme = h("select", { id: `${id}-theme`, onchange: () => filtersChanged(trainer) });
  trainer._rules = new RulesetChoice(`${id}-rules`, { label: "Ruleset", compact: true });
  trainer._rules.fill(trainer._data.rulesets, "all", "all", []);
  const every = trainer._rules.select.querySelector('option[value="all"]');
  if (every) {
    every.textContent = "Every ruleset";
    trainer._rules.select.prepend(every);
  }
  trainer._rules.select.addEventListener("change", () => filtersChanged(trainer));
  trainer._level = h(
    "select",
    { id: `${id}-level`, onchange: () => filtersChanged(trainer) },
    LEVELS.map((v) => h("option", { value: v }, v ? `${v} of 5${v === "1" ? " (easiest)" : v === "5" ? " (hardest)" : ""}` : "Any")),
  );
  trainer._daily = h("button", { type: "button", class: "md-button", onclick: () => showDaily(trainer) }, "Today's puzzle");
  return h(
    "form",
    { class: "sr-trainer__filters", "aria-label": "Which puzzles", onsubmit: (e) => e.preventDefault() },
    labelled(`${id}-theme`, "Theme", trainer._theme),
    trainer._rules.field,
    labelled(`${id}-level`, "Difficulty", trainer._level),
    h("div", { class: "sr-field sr-trainer__daily" }, trainer._daily),
  );
}

export function fillThemes(trainer, wanted = trainer._theme.value) {
  const options = [h("option", { value: "" }, "Every theme")];
  for (const t of trainer._data.themes) options.push(h("option", { value: t.id }, t.name));
  if (trainer._own.length) options.push(h("option", { value: OWN_THEME }, `From your deals (${trainer._own.length})`));
  replace(trainer._theme, options);
  trainer._theme.value = [...trainer._theme.options].some((o) => o.value === wanted) ? wanted : "";
}

export function setFilters(trainer, wanted, notices) {
  const theme = wanted.theme || "";
  if ([...trainer._theme.options].some((o) => o.value === theme)) trainer._theme.value = theme;
  else notices.push(`There is no theme called “${theme.slice(0, 40)}”; showing every theme.`);
  // The ruleset: the address's, else the one our table plays, else every ruleset.
  const rules = wanted.rules !== undefined ? wanted.rules.trim().toLowerCase() : rememberedRuleset() || "all";
  const match = trainer._data.rulesets.find((r) => r.id === rules || r.aliases.includes(rules));
  if (rules === "all" || rules === "") trainer._rules.value = "all";
  else if (match) trainer._rules.value = match.id;
  else {
    trainer._rules.value = "all";
    notices.push(`There is no ruleset called “${rules.slice(0, 40)}”; showing every ruleset.`);
  }
  const level = wanted.level || "";
  if (LEVELS.includes(level)) trainer._level.value = level;
  else notices.push(`“${level.slice(0, 20)}” is not a difficulty: use 1 to 5. Showing any difficulty.`);
  if (!matching(trainer).length && trainer._rules.value !== "all" && wanted.rules === undefined) {
    notices.push(`There is no puzzle set in ${trainer._rules.name()} yet; showing every ruleset.`);
    trainer._rules.value = "all";
  }
}

export function fits(trainer, p) {
  return puzzleFits(p, { theme: trainer._theme.value, rules: trainer._rules.value, level: trainer._level.value });
}

export function matching(trainer) {
  return trainer._all.filter((p) => fits(trainer, p));
}

export function filtersChanged(trainer) {
  const list = matching(trainer);
  if (!list.length) {
    trainer.updateCount();
    saveAddress(trainer);
    trainer.say(`No puzzle matches these choices. Choose another theme, ruleset or difficulty.`);
    return;
  }
  const keep = trainer._current && fits(trainer, trainer._current) ? trainer._current : nextPuzzle(trainer, null);
  if (keep !== trainer._current) trainer.show(keep, { focus: false });
  else {
    trainer.updateCount();
    saveAddress(trainer);
    trainer.say("");
  }
}

// The next puzzle after `current` in the filtered list (puzzle-store.js), else the first of all.
export function nextPuzzle(trainer, current) {
  return nextInList(matching(trainer), current, trainer._progress) || trainer._all[0];
}

export function saveAddress(trainer) {
  const p = trainer._current;
  writeAddress({
    p: p ? p.id : "",
    theme: trainer._theme.value,
    rules: trainer._rules.value === "all" ? "" : trainer._rules.value,
    level: trainer._level.value,
  });
  if (p) trainer._permalink.href = location.href;
}

export function next(trainer) {
  const p = nextPuzzle(trainer, trainer._current);
  trainer.show(p);
}

export function dailyId(trainer) {
  return dailyPick(trainer._data.puzzles, today());
}

export function showDaily(trainer) {
  const p = trainer.find(dailyId(trainer));
  if (!p) return;
  trainer.show(p, { daily: true });
}
