// The puzzles the puzzle trainer (trainer.js) offers: the site's, from assets/data/puzzles.json,
// in the order of their themes and difficulty, then the reader's own, kept on this device (a card
// the solver found costly in the reader's deal, store/own-puzzles.js), under the theme "own".
//   readOwn(trainer): sets the element's _own and _all from the storage and its _data

import { OWN, read, validOwnRecord } from "../store/storage.js";

export const OWN_THEME = "own";

// A record from storage (checked there: storage.js validOwnRecord), as the trainer lists it.
function ownRecord(rec) {
  if (!validOwnRecord(rec)) return null;
  return {
    ...rec,
    title: typeof rec.title === "string" && rec.title ? rec.title : "A card from your deal",
    themes: [OWN_THEME],
    difficulty: Number.isInteger(rec.difficulty) ? rec.difficulty : 0,
    own: true,
  };
}

function loadOwn() {
  return read(OWN).value.map(ownRecord).filter(Boolean);
}

export function readOwn(trainer) {
  trainer._own = loadOwn();
  const order = new Map(trainer._data.themes.map((t, i) => [t.id, i]));
  const site = trainer._data.puzzles.map((p, i) => ({ p, i }));
  site.sort((a, b) => (order.get(a.p.themes[0]) ?? 99) - (order.get(b.p.themes[0]) ?? 99) || a.p.difficulty - b.p.difficulty || a.i - b.i);
  trainer._all = [...site.map((x) => x.p), ...trainer._own];
}
