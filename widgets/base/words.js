// The words the widgets use for cards, seats, places, lists and score changes: pure functions,
// no DOM (so the widgets' pure modules and the unit tests under Node use them too). ui.js passes
// them on to the widgets.

export function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${s}`;
}

export function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// "a", "a and b", "a, b and c".
export function listWords(items) {
  const xs = [...items];
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

// --- seats -----------------------------------------------------------------------------------------

// Readers count seats from 1, round the table to the dealer's left; the engine and its records
// count from 0. These turn the engine's numbers into the readers'.
export function seatName(seat) {
  return `seat ${Number(seat) + 1}`;
}

// The engine's sentences say "Seat 0 leads", "seats 0 and 2": renumber them for readers.
export function seatText(text) {
  return String(text).replace(/\b([Ss]eats?) (\d+)((?:, \d+)*)(,? and (\d+))?/g, (_, word, first, more, tail, last) => {
    const up = (n) => String(Number(n) + 1);
    let out = `${word} ${up(first)}`;
    if (more) out += more.replace(/\d+/g, up);
    if (tail) out += tail.replace(/\d+/, up(last));
    return out;
  });
}

// --- calls -----------------------------------------------------------------------------------------

// The bid advisor's recommended call (an `advise` answer's `recommendation`): "pass" or "bid 15, Trump: /6 suit".
export function advisedCall(rec) {
  return rec.bid === null ? "pass" : `bid ${rec.bid}, Trump: ${rec.label}`;
}

// --- cards -----------------------------------------------------------------------------------------

// The words a screen reader says for a card: "4/8, four of the eights suit, a count card worth 2".
export function cardWords(card, info) {
  if (!info) return String(card);
  return `${card}, ${info.label}${info.count ? `, a count card worth ${info.count}` : ""}`;
}

// A score change as printed: +6, −6 (a real minus sign), 0.
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}
