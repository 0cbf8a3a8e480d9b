// The calls Play a deal's table shows the reader as buttons: pass and the bids people make, the
// other bids under "More bids", and those bids written in runs. Plain data in and out.

// The calls shown as buttons: pass and the bids people make, from a quarter of the deal's points
// up, as many bids as a third of its points (the bots' bids over many deals: 6 to 12 of 24, 13 to
// 22 of 36); the other bids under "More bids", one tap away.
export function usualCalls(moves, total) {
  const bids = moves.filter((m) => /^bid \d+$/.test(m));
  if (!total || bids.length <= 8) return { usual: moves, more: [] };
  const value = (m) => Number(m.slice(4));
  const lowest = Math.min(...bids.map(value));
  const from = Math.max(lowest, Math.round(total / 4));
  const to = from + Math.ceil(total / 3) - 1;
  const usual = moves.filter((m) => !bids.includes(m) || (value(m) >= from && value(m) <= to));
  return { usual, more: bids.filter((m) => !usual.includes(m)) };
}

// "1–5, 14–24": the bids under More bids, in runs.
export function bidRange(bids) {
  const runs = [];
  for (const n of bids.map((m) => Number(m.slice(4)))) {
    const run = runs[runs.length - 1];
    if (run && n === run[1] + 1) run[1] = n;
    else runs.push([n, n]);
  }
  return runs.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join(", ");
}
