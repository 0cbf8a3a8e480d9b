// <somerset-today data-puzzles='[[id, title], ...]'>: the home page's "Today's puzzle" link, pointed
// at the day's puzzle in the trainer. The puzzles are listed in the page (hooks/generate.py,
// render_today), so the choice needs no fetch and works offline; every reader gets the same puzzle
// on the same date (the reader's own calendar day), the next one the day after. Without
// JavaScript, or with an unreadable list, the link opens the trainer, which picks a puzzle itself.

import { defineWidget } from "../base/ui.js";

// Days since 1 January 1970 on the reader's calendar.
export function dayNumber(date = new Date()) {
  return Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
}

// The day's puzzle: [id, title], or null for an empty or unreadable list.
export function puzzleOfTheDay(list, date = new Date()) {
  if (!Array.isArray(list)) return null;
  const usable = list.filter((p) => Array.isArray(p) && typeof p[0] === "string" && /^[a-z0-9][a-z0-9-]{0,79}$/.test(p[0]));
  if (!usable.length) return null;
  const p = usable[dayNumber(date) % usable.length];
  return [p[0], typeof p[1] === "string" ? p[1] : ""];
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
    const today = puzzleOfTheDay(list);
    if (!today) return;
    this._done = true;
    const url = new URL(link.getAttribute("href"), location.href);
    url.searchParams.set("p", today[0]);
    link.href = url.pathname + url.search;
    const line = link.querySelector(".sr-home__entry-line");
    if (line && today[1]) line.textContent = today[1];
  }
}

defineWidget("somerset-today", SomersetToday);
