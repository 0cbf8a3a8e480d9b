// The score pad's games as the device keeps them: the stored kind PADS that store/storage.js reads
// and writes ({current, games}, each game read back with pad/game.js's cleanGame), and the earlier
// single pad, read into games of the list once.

import { KEYS, LIMITS } from "../store/keys.js";
import { cleanGame, gamesFromOldPad } from "./game.js";

// The earlier single pad read into the list. A game already there with the same settings, whose
// deals begin this one's, is this one (an older release's tab kept writing it): it takes the
// longer list of deals. null when the earlier pad cannot be read.
function absorbOldPad(result, data, now) {
  const games = gamesFromOldPad(data, now);
  if (!games) return null;
  const pads = result.value;
  for (const g of games) {
    const same = pads.games.find(
      (x) => x.rules === g.rules && x.option === g.option && x.format === g.format && JSON.stringify(g.deals.slice(0, x.deals.length)) === JSON.stringify(x.deals) && x.from === KEYS.oldPad,
    );
    if (same) Object.assign(same, { deals: g.deals, names: g.names, answer: g.answer, requestKey: g.requestKey, changed: now, rev: same.rev + 1 });
    else pads.games.push({ ...g, from: KEYS.oldPad });
  }
  pads.games = pads.games.slice(-LIMITS.padGames);
  if (!pads.current || !pads.games.some((g) => g.id === pads.current)) pads.current = pads.games[pads.games.length - 1].id;
  return true;
}

export const PADS = Object.freeze({
  name: "pads",
  key: KEYS.pads,
  version: 1,
  what: "the score pad's games",
  many: true,
  empty: () => ({ current: null, games: [] }),
  clean(data) {
    if (!Array.isArray(data.games)) return null;
    const games = data.games.map(cleanGame);
    const kept = games.filter(Boolean).slice(-LIMITS.padGames);
    const current = kept.some((g) => g.id === data.current) ? data.current : kept.length ? kept[kept.length - 1].id : null;
    return { value: { current, games: kept }, dropped: data.games.length - kept.length };
  },
  migrate: () => null,
  encode: (v) => ({ version: 1, current: v.current, games: v.games }),
  earlier: { key: KEYS.oldPad, what: "the score pad", absorb: absorbOldPad },
});
