// What the site's build wrote for the widgets: its data files (assets/data/*.json, checked before
// use), and the engine's answers that never change (the rulesets, the packs, the limits: in a tool
// page's head or assets/data/inputs.json, hooks/inputs.py), asked once a visit and answered by the
// engine only when the build's answers cannot be read.

import { engine, siteUrl } from "../engine/engine.js";

// A data file the site's build wrote (assets/data/*.json), checked before use: the document, or an
// Error saying what went wrong ("the site answered 404", "<what> is of another version; reload the
// page"). valid(data) says whether the document has the shape this page reads.
export async function fetchBuildData(url, version, valid, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the site answered ${response.status}`);
  const data = await response.json();
  if (!data || data.version !== version || !valid(data)) throw new Error(`${what} is of another version; reload the page`);
  return data;
}

// The engine's answers to the requests whose answers only change with the engine (the rulesets,
// the packs, the limits), written at build time by hooks/inputs.py: a Map from the request's JSON
// text to the answer. A tool page carries them in its head (a JSON data block): then they are read
// at once, so the widget's inputs are drawn in the task that defines it. Elsewhere they are fetched
// once per visit. When they cannot be read, the engine answers instead.
const FIXED = Symbol.for("somerset.fixed-answers");

const FIXED_BLOCK = "somerset-fixed-answers";

function answersMap(data) {
  return new Map(data && Array.isArray(data.answers) ? data.answers.filter((a) => Array.isArray(a) && a.length === 2) : []);
}

export function fixedAnswers() {
  if (!window[FIXED]) {
    const block = document.getElementById(FIXED_BLOCK);
    let inPage = null;
    try {
      inPage = block && block.type === "application/json" ? answersMap(JSON.parse(block.textContent)) : null;
    } catch (e) {
      inPage = null; // a damaged block: the file instead
    }
    window[FIXED] = inPage && inPage.size
      ? Promise.resolve(inPage)
      : fetch(siteUrl("assets/data/inputs.json"))
          .then((r) => (r.ok ? r.json() : null))
          .then(answersMap)
          .catch(() => new Map());
  }
  return window[FIXED];
}

// Answers that never change during a visit, asked once: from the build's fixed answers when they
// hold it, else from the engine (which then starts).
const cache = new Map();

export function askOnce(request) {
  const key = JSON.stringify(request);
  if (!cache.has(key)) {
    const p = fixedAnswers().then((fixed) => (fixed.has(key) ? structuredClone(fixed.get(key)) : engine.ask(request))).then((response) => {
      if (response && response.error) throw new Error(response.error.message);
      return response;
    });
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return cache.get(key);
}

export async function rulesetList() {
  return (await askOnce({ cmd: "rulesets" })).rulesets;
}

// A pack as the engine describes it: {deck, cards: [{card, suit, rank, count, double, label}],
// byCard: Map card -> that record}. `which` is {rules: id} or {deck: name}.
export async function packInfo(which) {
  const pack = await askOnce({ cmd: "pack", ...which });
  if (!pack.byCard) pack.byCard = new Map(pack.cards.map((c) => [c.card, c]));
  return pack;
}

// The limits the engine accepts (the longest record, the most moves, the largest seed), from its
// "info" answer: {record_chars, moves, seed_max}, seed_max as text (too large for a JS number).
export async function engineLimits() {
  return (await askOnce({ cmd: "info" })).limits;
}
