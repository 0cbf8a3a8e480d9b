// <somerset-today data-puzzles='[[id, heading, difficulty], ...]'>: the home page's "Today's puzzle"
// link, pointed at the day's puzzle in the trainer and saying its task and difficulty (never its
// title, which may name the answer). The puzzles are listed in the page (hooks/generate.py,
// render_today), so the choice needs no fetch and works offline; the trainer picks the same one
// (puzzle-store.js dailyPick: an easy puzzle, by the reader's calendar day). Without JavaScript, or
// with an unreadable list, the link opens the trainer, which picks a puzzle itself.

import { defineWidget } from "../base/ui.js";
import { dailyPick, today } from "../store/puzzle-store.js";

// The day's puzzle: [id, heading, difficulty], or null for an empty or unreadable list.
export function puzzleOfTheDay(list, date = new Date()) {
  if (!Array.isArray(list)) return null;
  const usable = list.filter((p) => Array.isArray(p) && typeof p[0] === "string" && /^[a-z0-9][a-z0-9-]{0,79}$/.test(p[0]));
  const id = dailyPick(usable.map((p) => ({ id: p[0], difficulty: p[2] })), today(date));
  const p = usable.find((x) => x[0] === id);
  return p ? [p[0], typeof p[1] === "string" ? p[1] : "", Number.isInteger(p[2]) ? p[2] : null] : null;
}

// "Rover: who takes the trick · difficulty 1 of 5"
export function todayLine([, heading, difficulty]) {
  const level = difficulty ? `difficulty ${difficulty} of 5` : "";
  return [heading, level].filter(Boolean).join(" · ");
}

class SomersetToday extends HTMLElement {
  connectedCallback() {
    const link = this.querySelector("a");
    if (!link || this._done) return;
    let list = null;
    try {
      list = JSON.parse(this.dataset.puzzles || "[]");
    } catch {
      return; // the link still opens the trainer
    }
    const day = puzzleOfTheDay(list);
    if (!day) return;
    this._done = true;
    const url = new URL(link.getAttribute("href"), location.href);
    url.searchParams.set("p", day[0]);
    link.href = url.pathname + url.search;
    const line = link.querySelector(".sr-home__entry-line");
    if (line && todayLine(day)) line.textContent = todayLine(day);
  }
}

defineWidget("somerset-today", SomersetToday);
