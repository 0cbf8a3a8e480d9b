// How the score pad writes what it shows: a total (with signed()'s minus sign), the engine's text
// with that minus sign, a count ("3 deals"), who wins the game ("We win", "Seat 1 wins"), and the
// date and time a game was begun.

import { signed } from "../base/ui.js";

// A total as printed: the minus sign is signed()'s, no plus.
export function total(n) {
  return n < 0 ? signed(n) : String(n);
}

// The engine's text with each negative figure written with signed()'s minus sign.
export function withMinus(text) {
  return String(text).replace(/(^|[\s(:,/])-(\d)/g, (_, before, digit) => `${before}${signed(-1).slice(0, -1)}${digit}`);
}

// The sides' names a plural verb follows: the pronouns the pad offers and a reader might type, and
// names of several people ("Ann and Bob", "Ann & Bob").
const PLURAL_NAMES = new Set(["we", "they", "us", "them", "you"]);

// "We win the game", "Seat 1 wins the game", "Ann and Bob win the game".
export function winsWords(name) {
  const text = String(name).trim();
  const plural = PLURAL_NAMES.has(text.toLowerCase()) || /\s(and|&)\s/i.test(text);
  return `${text} ${plural ? "win" : "wins"} the game`;
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// "26 Nov 2026, 14:05": the date and time a game was begun, as the reader's device writes them.
export function when(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return "An earlier game";
  return d.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}
