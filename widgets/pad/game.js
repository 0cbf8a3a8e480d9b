// The score pad's game without the page: a game as the device keeps it (cleanGame, which
// stored-games.js reads it back with, and the earlier single pad read into games), as the engine
// is asked about it (padRequest, requestKey), how far the engine's answer to another request
// scores it (answerCovers, answerPrefix, answerWords), and its deals as a link writes them
// (dealsToText, dealsFromText). Unit-tested under Node (tests/js/storage.test.mjs).

import { KEYS, LIMITS, isRulesetName } from "../store/keys.js";

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);
const whole = (x, most = Number.MAX_SAFE_INTEGER) => Number.isInteger(x) && x >= 0 && x <= most;
const GAME_ID = /^g[a-z0-9]{4,30}$/;
const STAMP = /^[a-z0-9]{1,16}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z)?$/;

// The deals as text (a link's `deals` field): s1b15p16.8 (side 1 bid 15; points 16 and 8), p7.5 (no
// bid), x (passed); the same deal shape as the stored games'

export function dealsToText(deals) {
  return deals
    .map((d) => (d.passed ? "x" : `${d.bidder === undefined || d.bidder === null ? "" : `s${d.bidder + 1}b${d.bid}`}p${d.points.join(".")}`))
    .join(",");
}

// What a link's deals field holds: {deals} when every deal is read, else {deals, error} with the
// deals before the first one the pad refuses (a token that is not a deal, a side it cannot have)
// and a sentence saying which one and that the rest were not read. Every deal it returns is one
// the stored-game reader takes (cleanDeal), so "Keep this pad" keeps what a reload can read.
export function dealsFromText(text) {
  const deals = [];
  const tokens = String(text).split(",").map((raw) => raw.trim().toLowerCase()).filter(Boolean);
  const rest = (n) => (tokens.length > n ? ` The pad shows the ${n === 1 ? "deal" : `${n} deals`} before it; the link's ${tokens.length - n === 1 ? "last deal is" : `${tokens.length - n} deals from it on are`} not read.` : "");
  for (const [i, token] of tokens.entries()) {
    if (i >= LIMITS.padDeals) {
      return { deals, error: `The link holds ${tokens.length} deals, and a game holds at most ${LIMITS.padDeals}: the pad shows its first ${LIMITS.padDeals}; the other ${tokens.length - LIMITS.padDeals} are not read.` };
    }
    if (token === "x") {
      deals.push({ passed: true });
      continue;
    }
    const m = DEAL.exec(token);
    const side = m && m[1] !== undefined ? Number(m[1]) : null;
    if (!m || (side !== null && (side < 1 || side > 8))) {
      const why = m
        ? "is not a deal of a game (deal N of the link): it names side S, and a game has sides 1 to 8"
        : "is not a deal (deal N of the link): a link writes a deal as s1b15p16.8 (side 1 bid 15; the sides took 16 and 8), p7.5 where nobody bids, or x for a deal everyone passed";
      const where = i ? rest(i) : tokens.length > 1 ? " No deal of the link is read." : "";
      return { deals, error: `“${token.slice(0, 24)}” ${why.replace("N", String(i + 1)).replace("S", String(side))}.${where}` };
    }
    const deal = { points: m[3].split(".").map(Number) };
    if (side !== null) Object.assign(deal, { bidder: side - 1, bid: Number(m[2]) });
    deals.push(deal);
  }
  return { deals };
}

const DEAL = /^(?:s(\d{1,2})b(\d{1,3}))?p(\d{1,3}(?:\.\d{1,3}){0,7})$/;

// --- the game ---------------------------------------------------------------------------------------

function cleanDeal(d) {
  if (!isObject(d)) return null;
  if (d.passed === true) return { passed: true };
  if (!Array.isArray(d.points) || d.points.length < 1 || d.points.length > 8 || !d.points.every((p) => whole(p, 999))) return null;
  const deal = { points: [...d.points] };
  if (d.bidder !== undefined && d.bidder !== null) {
    if (!whole(d.bidder, 7) || !whole(d.bid, 999)) return null;
    Object.assign(deal, { bidder: d.bidder, bid: d.bid });
  }
  return deal;
}

export function cleanDeals(list) {
  if (!Array.isArray(list) || list.length > LIMITS.padDeals) return null;
  const deals = list.map(cleanDeal);
  return deals.includes(null) ? null : deals;
}

function cleanNames(names) {
  if (names === null || names === undefined || (Array.isArray(names) && names.length === 0)) return null;
  if (!Array.isArray(names) || names.length > 8 || !names.every((n) => typeof n === "string" && n.length <= LIMITS.padNames)) return undefined;
  return [...names];
}

const ints = (xs, n) => Array.isArray(xs) && xs.length === n && xs.every(Number.isInteger);
const text = (x) => typeof x === "string";
const citation = (c) => c === null || c === undefined || isObject(c);

// The engine's pad answer as the pad draws it: anything else (an answer of another shape, another
// release's) is not used, and the pad is scored again when the engine starts.
export function validPadAnswer(a, deals) {
  if (!isObject(a) || !Array.isArray(a.sides) || a.sides.length < 2 || a.sides.length > 8) return false;
  const n = a.sides.length;
  if (!a.sides.every((s) => isObject(s) && text(s.name) && Array.isArray(s.seats) && s.seats.every(Number.isInteger))) return false;
  if (!ints(a.totals, n) || !(a.winner === null || whole(a.winner, n - 1))) return false;
  if (!text(a.result) || !text(a.text) || !text(a.ruleset_name) || !text(a.format_label)) return false;
  if (!Number.isInteger(a.target) || !Number.isInteger(a.points_per_deal) || typeof a.bidding !== "boolean" || typeof a.can_pass !== "boolean") return false;
  if (!isObject(a.game_rule) || !text(a.game_rule.summary) || !citation(a.game_rule.citation)) return false;
  if (!Array.isArray(a.lines) || (deals && a.lines.length !== deals.length)) return false;
  return a.lines.every(
    (l) =>
      isObject(l) &&
      Number.isInteger(l.number) &&
      ints(l.changes, n) &&
      ints(l.totals, n) &&
      (l.winner === null || l.winner === undefined || whole(l.winner, n - 1)) &&
      (l.bidder === null || l.bidder === undefined || whole(l.bidder, n - 1)) &&
      text(l.reason) &&
      citation(l.citation),
  );
}

// The request the pad sends the engine for a game (its settings and deals).
export function padRequest(g) {
  // The deals in one order of their fields, so that the same game always makes the same key.
  const request = { cmd: "pad", rules: g.rules, deals: g.deals.map((d) => cleanDeal(d) || d) };
  if (g.option) request.option = g.option;
  if (g.format) request.format = g.format;
  if (g.names && g.names.length) request.names = g.names;
  return request;
}

export function requestKey(g) {
  return JSON.stringify(padRequest(g));
}

// The game a request key asks about ({rules, option, format, names, deals}), or null.
export function keyGame(key) {
  let r;
  try {
    r = JSON.parse(key);
  } catch {
    return null;
  }
  if (!isObject(r) || r.cmd !== "pad" || !text(r.rules) || !Array.isArray(r.deals)) return null;
  return { rules: r.rules, option: text(r.option) ? r.option : "", format: text(r.format) ? r.format : "", names: Array.isArray(r.names) && r.names.length ? r.names : null, deals: r.deals };
}

const sameSettings = (a, b) => a.rules === b.rules && (a.option || "") === (b.option || "") && (a.format || "") === (b.format || "");
const sameNames = (a, b) => JSON.stringify(a.names && a.names.length ? a.names : null) === JSON.stringify(b.names && b.names.length ? b.names : null);

// How many of game `g`'s first deals `answer`, the engine's answer to the request `key`, scores:
// the deals the request shares with the game from the first on, when its ruleset, optional rule and
// format are the game's; null when it tells nothing of the game (other settings, or not a pad
// answer for its request). The engine scores deal by deal: an answer's line k and the totals,
// verdict and words on it are its answer for the first k deals alone, whatever the deals after
// them (tests/engine/test_score_pad.py holds it to that), so a game whose last deal was taken back,
// or whose deal k was changed, keeps the answer for the deals before. The names of the sides do
// not enter a score: an answer under other names scores the same deals, only its words
// (answerWords) are not the game's.
export function answerCovers(g, answer, key) {
  if (!isObject(answer) || !Array.isArray(answer.lines) || !isObject(g) || !Array.isArray(g.deals) || !text(key)) return null;
  const asked = keyGame(key);
  if (!asked || !sameSettings(asked, g) || !validPadAnswer(answer, asked.deals)) return null;
  const mine = padRequest(g).deals;
  let n = 0;
  while (n < mine.length && n < asked.deals.length && JSON.stringify(mine[n]) === JSON.stringify(asked.deals[n])) n += 1;
  return n;
}

// Whether the words of the answer to `key` (the reasons, the verdict, the text: they name the
// sides) are game `g`'s own: the same names asked for.
export function answerWords(g, key) {
  const asked = keyGame(key);
  return Boolean(asked) && sameNames(asked, g);
}

// The engine's answer cut to its first `n` deals: its first n lines, and the totals, the winner and
// the verdict it gave on line n, which are its answer for those deals alone (see answerCovers);
// the text keeps its heading and those deals' lines. All of it is the engine's; null for n = 0
// (the build's answer for an empty game is that one) or when the answer has not these lines.
export function answerPrefix(answer, n) {
  if (!isObject(answer) || !Array.isArray(answer.lines) || !whole(n) || n > answer.lines.length) return null;
  if (n === answer.lines.length) return answer;
  if (n === 0) return null;
  const lines = answer.lines.slice(0, n);
  const last = lines[n - 1];
  if (!text(last.result) || !ints(last.totals, answer.sides.length)) return null;
  const starts = lines.map((l) => `Deal ${l.number}: `);
  const rows = String(answer.text).split("\n");
  const kept = rows.filter((row) => starts.some((start) => row.startsWith(start)));
  return {
    ...answer,
    lines,
    totals: [...last.totals],
    winner: last.winner === undefined ? null : last.winner,
    result: last.result,
    text: `${[rows[0], "", ...kept].join("\n")}\n`,
  };
}

// A mark for one write of a game (its "stamp"): a tab knows its own revision from another tab's
// write of the same revision number (two tabs that wrote at the same moment).
export function newStamp(random = Math.random) {
  return Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, "0");
}

export function newGameId(now = Date.now(), random = Math.random) {
  return `g${now.toString(36)}${Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0")}`;
}

// One game from storage, or null when it cannot be one.
export function cleanGame(g) {
  if (!isObject(g) || !text(g.id) || !GAME_ID.test(g.id) || !isRulesetName(g.rules)) return null;
  const deals = cleanDeals(g.deals);
  const names = cleanNames(g.names);
  if (!deals || names === undefined) return null;
  const option = text(g.option) && g.option.length <= 60 ? g.option : "";
  const format = text(g.format) && g.format.length <= 60 ? g.format : "";
  const made = text(g.made) && DATE.test(g.made) ? g.made : "";
  const game = { id: g.id, made, changed: text(g.changed) && DATE.test(g.changed) ? g.changed : made, rev: whole(g.rev) ? g.rev : 0, rules: g.rules, option, format, names, deals, answer: null, requestKey: null };
  if (g.from === KEYS.oldPad) game.from = KEYS.oldPad; // read from the earlier single pad
  if (text(g.stamp) && STAMP.test(g.stamp)) game.stamp = g.stamp; // which write made this revision
  if (answerCovers(game, g.answer, g.requestKey) !== null) Object.assign(game, { answer: g.answer, requestKey: g.requestKey });
  return game;
}

// The earlier single pad as games of the list: its deals, and the game "New game" had emptied.
export function gamesFromOldPad(data, now) {
  if (!isObject(data) || data.v !== 1 || !text(data.rules)) return null;
  const base = { rules: data.rules, option: data.option, format: data.format, names: data.names, made: now, changed: now };
  const games = [];
  for (const [deals, answer] of [
    [data.cleared, null],
    [data.deals, data.answer],
  ]) {
    if (!Array.isArray(deals) || (!deals.length && games.length)) continue;
    const g = cleanGame({ ...base, id: newGameId(Date.parse(now) || 0), deals, answer, requestKey: data.requestKey });
    if (!g) return null;
    games.push(g);
  }
  return games.length ? games : null;
}

// What a game is made of (its settings and deals), from a stored game or the page's state.
export function stateOf(g) {
  return { rules: g.rules, option: g.option || "", format: g.format || "", names: g.names && g.names.length ? [...g.names] : null, deals: [...g.deals] };
}
