// What Play a deal's address holds, beside its fields (table.js, as widgets/manifest.js lists them):
// the ruleset and bots' level of a link naming none, the levels the engine offers, and the reader's
// moves as the address writes them.

export const DEFAULT_RULES = "parker-1947";
// The bots' levels the engine offers (somerset.players.roster.LEVELS), and the one of a link naming none.
export const LEVELS = [["beginner", "Beginner"], ["club", "Club"], ["strong", "Strong"]];
export const DEFAULT_LEVEL = "club";

// Moves in the address: "bid 9,play 4/8" is written bid_9,play_4/8. (The engine refuses more moves than a deal has.)
export function movesFromText(text) {
  return String(text || "")
    .split(",")
    .map((m) => m.trim().replace(/_/g, " "))
    .filter(Boolean);
}
