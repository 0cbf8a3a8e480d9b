// A seeded deal's inputs as a reader types them: the seed (checked against the engine's limits,
// the next seed after it) and the seat that deals.

// The seat that deals a seeded deal, in the engine's numbering (0 is seat 1). A deal made from a
// form is dealt by the last seat, as at Play a deal, so the reader's seat 1 bids first; a link names
// its dealer in readers' numbering (`dealer=4`); a link that names none is dealt by seat 1, as records
// and `somerset play` deal by default. `fromLink` is the link's text (undefined when the deal is the
// form's); a seat the table does not have is named in `notices` and the last seat deals.
export function dealerSeat(fromLink, players, notices = []) {
  if (fromLink === undefined || fromLink === null) return players - 1;
  const t = String(fromLink).trim();
  if (t === "") return 0;
  if (/^\d{1,3}$/.test(t) && Number(t) >= 1 && Number(t) <= players) return Number(t) - 1;
  notices.push(`“${t.slice(0, 12)}” is not a dealer's seat: a table of ${players} has seats 1 to ${players}; seat ${players} deals.`);
  return players - 1;
}

// A deal's seed as typed: {value} (its digits) or {error} naming what is accepted (`limits` from engineLimits()).
export function checkSeed(text, limits) {
  const t = String(text).trim();
  if (t === "") return { error: "Enter a seed: a whole number such as 7." };
  if (!/^\d{1,30}$/.test(t) || BigInt(t) > BigInt(limits.seed_max))
    return { error: `“${t.slice(0, 24)}” is not a seed: use a whole number from 0 to ${limits.seed_max}.` };
  return { value: t };
}

// The seed after the one typed (1 when the typed one is not a seed), wrapping after the largest.
export function nextSeed(text, limits) {
  const seed = checkSeed(text, limits);
  return String(seed.error ? 1n : (BigInt(seed.value) + 1n) % (BigInt(limits.seed_max) + 1n));
}
