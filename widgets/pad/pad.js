// <somerset-pad permalink [rules="parker-1947"]>
// A running score pad: each deal's bid and the points each side took, scored by the engine under
// the chosen ruleset, format and option (the 'pad' request), with the totals and the winner at the
// ruleset's target. Every rule is the engine's: this file only collects figures and shows answers.
//
// The device keeps several games (storage.js, "somerset.pads"), each with the date it was begun
// and the engine's last answer, so a reload or a visit without a connection shows the game without
// starting the engine. The "Game" bar under the pad switches between them, starts a new one and
// deletes one (the notice then offers to bring it back). The address always holds the game shown,
// so it is a link to it. A link's pad that is not one of the device's games opens beside them: it
// is kept only when the reader presses "Keep this pad" or changes it (adds a deal, undoes one,
// renames a side, changes a setting), and then as a game of its own; nothing the device kept is
// written over. Each change re-reads the game from storage first and applies itself to that, so
// two tabs on one game keep both tabs' deals; a tab follows the other's changes as they are made
// (the storage event). A change the device cannot keep (storage full) is said, and stays on the
// page for the visit. Undo takes back the last deal; Edit on a line of the pad changes that deal.
//
// The form is drawn before the engine runs: the rulesets and, for every ruleset, optional rule and
// format, the engine's answer for an empty game (its sides, whether deals are bid for, Everyone
// passed, the points in a deal) come with the page (ui.js fixedAnswers, hooks/inputs.py). A change
// made while the engine downloads (a deal added, changed or taken back, a side renamed) is shown
// and kept at once, and the engine's answer kept with the game still scores what it scored of it
// (storage.js answerCovers): the deals before a deal changed or added, all but the deal taken back
// (the totals after each deal are on its line), every deal after a side renamed (names enter no
// score; the reasons, which name the sides, wait), none after another ruleset, optional rule or
// format. The deals it does not score are marked as waiting, and the engine scores them, in order,
// when it is ready; a deal it then refuses is named with its words and stays on the pad, to be
// edited. Once every deal is scored, a change is scored before it is kept, and one the engine
// refuses is said beside the form and not kept.
//
// Two sides are "We" and "They" until the reader names them. Share hands the game to another
// phone: the phone's share sheet where there is one (else the link is copied), and a QR code of the
// link drawn on the page (the npm package uqr, served from the site: hooks/assets.py).

import {
  RulesetChoice,
  Widget,
  capitalize,
  citationLink,
  clear,
  defineWidget,
  fixedAnswers,
  h,
  interpretationNote,
  nextId,
  replace,
  rulesetList,
  signed,
} from "../base/ui.js";
import { bringIntoView, fitsBand } from "../base/in-view.js";
import { FULL, LIMITS, answerCovers, answerPrefix, answerWords, dealsFromText, dealsToText, keyGame, newGameId, newStamp, noteShown, onChange, padRequest, read, requestKey, update } from "../store/storage.js";

export { dealsFromText, dealsToText };

const DEFAULT_RULES = "parker-1947";
// The names of two sides the reader has not named.
const TWO_SIDES = ["We", "They"];
// The QR code encoder, served from the site (hooks/assets.py), loaded when a code is first drawn.
const QR_MODULE = new URL("../../vendor/uqr/index.mjs", import.meta.url).href;
const SVG = "http://www.w3.org/2000/svg";
// The most characters of a link a QR code holds (version 40, low error correction, bytes).
const QR_MOST = 2953;

// A total as printed: the minus sign is signed()'s, no plus.
function total(n) {
  return n < 0 ? signed(n) : String(n);
}

// The engine's text with each negative figure written with signed()'s minus sign.
function withMinus(text) {
  return String(text).replace(/(^|[\s(:,/])-(\d)/g, (_, before, digit) => `${before}${signed(-1).slice(0, -1)}${digit}`);
}

// A QR code's modules (rows of booleans, a quiet zone included) as an SVG image: one path of
// squares, black on white in both colour schemes (what cameras read best).
export function qrSvg(rows, label) {
  const n = rows.length;
  let d = "";
  rows.forEach((row, y) => row.forEach((on, x) => {
    if (on) d += `M${x} ${y}h1v1h-1z`;
  }));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("class", "sr-pad__qr");
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(n));
  back.setAttribute("height", String(n));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}
const FIELDS = ["rules", "option", "format", "names", "deals"];

function cleanName(text) {
  return String(text).replace(/[,\s]+/g, " ").trim().slice(0, LIMITS.padNames);
}

function wholeNumber(text, what) {
  const t = String(text).trim();
  if (t === "") return { empty: true };
  if (!/^\d{1,3}$/.test(t)) return { error: `${what}: “${t.slice(0, 12)}” is not a whole number from 0 to 999.` };
  return { value: Number(t) };
}

// What a game is made of (its settings and deals), from a stored game or the page's state.
function stateOf(g) {
  return { rules: g.rules, option: g.option || "", format: g.format || "", names: g.names && g.names.length ? [...g.names] : null, deals: [...g.deals] };
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// "26 Nov 2026, 14:05": the date and time a game was begun, as the reader's device writes them.
function when(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return "An earlier game";
  return d.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

class SomersetPad extends Widget {
  static fields = FIELDS;
  // Not started from the page's head (hooks/early_start.py): an address holding one of the
  // device's games is shown from what was saved, without the engine.
  static defaults = { rules: DEFAULT_RULES };
  static remembersRuleset = true;

  build() {
    const id = nextId("pad");
    this._id = id;
    this.classList.add("sr-pad");
    this._seq = 0;
    this._shownToken = 0; // changed whenever another game is shown: edits made before it are dropped
    // What is shown: one of the device's games ("kept", this._gameId at revision this._rev), a
    // pad that is not kept ("loose": a link's pad, this._loose), or a new game not kept until
    // its first change ("new").
    this._view = "new";
    this._gameId = null;
    this._rev = null;
    this._loose = null; // {state, label}: shown beside the device's games, kept in this page only
    this._deleted = null; // the game deleted last, to bring back
    this._unsaved = false; // a change the device could not keep (storage full): the page has it
    this._answer = null; // the engine's answer for the game's deals, or for a game that begins as it does (view())
    this._answerKey = null; // the request it answered (storage.js requestKey)
    this._refused = null; // {index, message}: the deal the engine refused (the ones after it wait too)
    this._scoreNote = null;
    this._fixed = null; // the build's fixed answers (a Map), once read
    this._firstNotes = [];
    this._notes = [];
    this._storeNote = null;
    const got = read("pads");
    if (got.note) {
      this._firstNotes.push(got.note);
      noteShown("pads");
    } else if (got.problem) this._firstNotes.push(`The pad is not kept on this device: ${got.problem}. It lasts while this page is open, and its link (Share) keeps it too.`);
    this._games = got.value.games;
    const w = this.wanted;
    let shown = null;
    let state = { rules: w.rules, option: "", format: "", names: null, deals: [] };
    if (this.stateFromAddress) {
      const parsed = dealsFromText(w.deals || "");
      if (parsed.error) this._firstNotes.push(parsed.error);
      const names = w.names ? w.names.split(",").map(cleanName).filter(Boolean) : [];
      const long = w.names ? w.names.split(",").find((n) => n.replace(/\s+/g, " ").trim().length > LIMITS.padNames) : null;
      if (long) this._firstNotes.push(`“${long.trim().slice(0, 40)}${long.trim().length > 40 ? "…" : ""}” is longer than a side's name can be (${LIMITS.padNames} characters): the pad shows its first ${LIMITS.padNames}.`);
      state = { rules: w.rules, option: w.option || "", format: w.format || "", names: names.length ? names : null, deals: parsed.deals };
      // The address of one of the device's games (a reload, a bookmark) shows that game.
      const same = parsed.error ? [] : this._games.filter((g) => requestKey(g) === requestKey(state));
      shown = same.find((g) => g.id === got.value.current) || same[same.length - 1] || null;
      // One of the device's games: shown from what was saved, no need to start the engine.
      if (shown) this.stateFromAddress = false;
      if (!shown && (state.deals.length || parsed.error)) this._loose = { state, label: "link" };
    } else {
      shown = this._games.find((g) => g.id === got.value.current) || null;
    }
    if (shown) this.useGame(shown);
    else if (this._loose) this.useLoose();
    else {
      this._state = state;
      this._followsCurrent = true;
    }

    const field = (name, label, control) => {
      control.id = control.id || `${id}-${name}`;
      return h("div", { class: `sr-field sr-pad__${name}` }, h("label", { for: control.id }, label), control);
    };
    this._gameSelect = h("select", { id: `${id}-game`, onchange: () => this.switchGame(this._gameSelect.value) });
    this._newGame = h("button", { type: "button", class: "md-button", onclick: () => this.newGame() }, "New game");
    this._delete = h("button", { type: "button", class: "md-button", onclick: () => this.deleteGame() }, "Delete this game");
    this._gamesBar = h(
      "div",
      { class: "sr-pad__games" },
      field("game", "Game", this._gameSelect),
      h("div", { class: "sr-inline sr-actions" }, this._newGame, this._delete),
    );
    this._choice = new RulesetChoice(`${id}-rules`, { all: false });
    this._rules = this._choice.select;
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._option = h("select", { id: `${id}-option`, disabled: true }, h("option", { value: "" }, "None"));
    this._optionField = field("option", "Optional rule", this._option);
    this._optionField.hidden = true;
    this._notice = h("div", { class: "sr-notice", hidden: true });
    this._board = h("div", { class: "sr-pad__board" });
    this._names = h("fieldset", { class: "sr-pad__names" }, h("legend", {}, "Names of the sides"));
    this._bidder = h("select", { id: `${id}-bidder` });
    this._bid = h("input", { type: "text", id: `${id}-bid`, inputmode: "numeric", autocomplete: "off", size: "4" });
    this._points = h("div", { class: "sr-pad__points" });
    this._dealError = h("p", { class: "sr-field-error", id: `${id}-deal-err`, role: "alert", hidden: true });
    this._add = h("button", { type: "submit", class: "md-button md-button--primary" }, "Add the deal");
    this._cancelEdit = h("button", { type: "button", class: "md-button", hidden: true, onclick: () => this.stopEditing(true) }, "Cancel the change");
    this._editing = null; // the index of the deal being changed, or null: the form adds the next deal
    this._formEdits = 0; // counts the reader's typing in the form (a deal is emptied only if none since)
    this._passed = h("button", { type: "button", class: "md-button", onclick: () => this.addDeal({ passed: true }) }, "Everyone passed");
    this._bidFields = h("div", { class: "sr-row" }, field("bidder", "Bid won by", this._bidder), field("bid", "Bid", this._bid));
    this._form = h(
      "form",
      { class: "sr-form sr-pad__deal", "aria-labelledby": `${id}-deal-title`, onsubmit: (e) => (e.preventDefault(), this.addFromForm()) },
      (this._formTitle = h("p", { class: "sr-pad__title", id: `${id}-deal-title` }, "Next deal")),
      this._bidFields,
      this._points,
      this._dealError,
      h("div", { class: "sr-inline sr-actions" }, this._add, this._passed, this._cancelEdit),
    );
    this._form.addEventListener("input", () => (this._formEdits += 1));
    this._undo = h("button", { type: "button", class: "md-button", onclick: () => this.undo() }, "Undo the last deal");
    this._table = h("div", { class: "sr-pad__lines" });
    this._linkBox = h("input", { type: "text", readonly: true, id: `${id}-link`, class: "sr-pad__link" });
    this._textBox = h("textarea", { readonly: true, id: `${id}-text`, rows: "6", class: "sr-pad__text" });
    this._shareButton = h("button", { type: "button", class: "md-button sr-pad__sharebutton", onclick: () => this.share() }, "Share this game");
    this._qrBox = h("figure", { class: "sr-pad__qrbox" });
    this._share = h(
      "details",
      { class: "sr-pad__share" },
      h("summary", {}, "QR code, link and text of this game"),
      this._qrBox,
      field("link", "A link to this pad", this._linkBox),
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.copy(this._linkBox, "The link") }, "Copy the link")),
      field("text", "The pad as text", this._textBox),
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.copy(this._textBox, "The text") }, "Copy the text")),
    );
    this._share.addEventListener("toggle", () => this.drawQr());
    this.liveRegion();
    this._live.setAttribute("role", "status");

    this._rules.addEventListener("change", () => this.settingsChanged("rules"));
    this._format.addEventListener("change", () => this.settingsChanged("format"));
    this._option.addEventListener("change", () => this.settingsChanged("option"));
    // At the table the keeper needs the last deals, the totals and the form for the next deal on
    // one screen: the settings first (folded once the game has begun), the lines ending with the
    // newest just above the totals and the form, and what is used once a game (the engine's
    // status, the games, the names, sharing) below them.
    this._settingsSummary = h("summary", {}, "Ruleset and players");
    this._settings = h(
      "details",
      { class: "sr-pad__settings", open: true },
      this._settingsSummary,
      h("div", { class: "sr-row" }, this._choice.field, field("format", "Players", this._format), this._optionField),
    );
    this._why = h("div", { class: "sr-pad__whybox" });
    replace(
      this,
      h("p", { class: "sr-widget__title" }, "Score pad"),
      this._notice,
      this._settings,
      this._table,
      this._board,
      this._form,
      h("div", { class: "sr-inline sr-actions" }, this._undo, this._shareButton),
      this._why,
      this.statusBox(),
      this._gamesBar,
      this._names,
      this._share,
      this._live,
    );
    this._notes = [...this._firstNotes];
    this.showNotices(this._notes);
    this.fillGames();
    this.draw();
  }

  connectedCallback() {
    super.connectedCallback();
    if (this._broken || this._stopFollowing) return;
    // Another tab changed the device's games (or this page's storage event): follow it.
    this._stopFollowing = onChange(["pads"], () => this.storedChanged());
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    if (this._stopFollowing) this._stopFollowing();
    this._stopFollowing = null;
  }

  // Draw, never trusting a saved answer further than it draws: one that fails is dropped, and the
  // game is scored again when the engine is ready.
  draw() {
    try {
      this.render();
    } catch (e) {
      if (!this._answer) throw e;
      console.warn("score pad: the saved answer could not be drawn, so the game is scored again", e);
      this._answer = null;
      this._answerKey = null;
      this.render();
    }
  }

  firstControl() {
    return this._bid.closest("[hidden]") ? this._points.querySelector("input") || this._rules : this._bid;
  }

  // A game on screen (kept on this device, or from a link): the next deal needs the engine, which
  // starts by itself once the page is idle (ui.js), so no Start press comes before it.
  wantsEngine() {
    return super.wantsEngine() || this._view === "kept" || Boolean(this._loose);
  }

  // --- the device's games -----------------------------------------------------------------------

  useGame(g) {
    this._view = "kept";
    this._gameId = g.id;
    this._rev = g.rev;
    this._unsaved = false;
    this._state = stateOf(g);
    const covered = g.answer ? answerCovers(this._state, g.answer, g.requestKey) : null;
    this._answer = covered === null ? null : g.answer;
    this._answerKey = covered === null ? null : g.requestKey;
    this._refused = null;
  }

  useLoose() {
    this._view = "loose";
    this._gameId = null;
    this._rev = null;
    this._unsaved = false;
    this._state = { ...this._loose.state, deals: [...this._loose.state.deals] };
    this._answer = this._loose.answer || null;
    this._answerKey = this._loose.answerKey || null;
    this._refused = null;
  }

  // What the engine's answer kept with the game shows of it: {n, words, answer}, where n is how
  // many of the game's first deals it scores (the others wait for the engine), words whether its
  // reasons, verdict and text name the sides as the game does (not after a side renamed before the
  // engine runs: the figures are the same, the words wait), and answer the engine's answer for those
  // n deals (storage.js answerPrefix: its lines, cut; null for none), the sides named as the game
  // names them. Null when the answer tells nothing of this game. Nothing here is computed: every
  // figure is one the engine gave for these very deals.
  view() {
    if (!this._answer) return null;
    const state = this._state;
    const n = answerCovers(state, this._answer, this._answerKey);
    if (n === null) return null;
    const words = answerWords(state, this._answerKey);
    let answer = answerPrefix(this._answer, n);
    if (n > 0 && !answer) return null; // an answer saved without what cutting it needs: scored again
    if (answer && !words) {
      const names = this.namesFor(state) || (this.fixedEmpty(state) || { sides: [] }).sides.map((side) => side.name);
      if (names.length !== answer.sides.length) return null;
      answer = { ...answer, sides: answer.sides.map((side, i) => ({ ...side, name: names[i] })) };
    }
    return { n, words, answer };
  }

  // How many of the game's deals the engine's answer scores (the others wait for it), or null when
  // there is no answer for this game.
  scored() {
    const v = this.view();
    return v ? v.n : null;
  }

  // The engine's answer for the game's deals as far as it scores them (null for none).
  scoredAnswer() {
    const v = this.view();
    return v ? v.answer : null;
  }

  // Whether every deal of the game is scored, with the words for its names: nothing to ask the engine.
  scoredAll() {
    const v = this.view();
    return Boolean(v) && v.n === this._state.deals.length && v.words;
  }

  // Whether the engine has something to do for the game shown: deals that wait, or the words of
  // its answer for names given since.
  unscored() {
    const v = this.view();
    return this.waiting() > 0 || Boolean(v && !v.words);
  }

  // The deals the engine has not scored yet.
  waiting() {
    return this._state.deals.length - (this.scored() ?? 0);
  }

  // The engine's answer for an empty game under these settings, from the build's fixed answers
  // (names left to the engine), or null when they do not hold it.
  fixedEmpty(state) {
    if (!this._fixed) return null;
    const empty = this._fixed.get(JSON.stringify(padRequest({ rules: state.rules, option: state.option, format: state.format, deals: [] })));
    return empty ? structuredClone(empty) : null;
  }

  // What the form is drawn from: the engine's answer for this game, else its fixed answer for an
  // empty game of the same settings, with the sides named as the pad names them. Null before either.
  shape() {
    const scored = this.scoredAnswer();
    if (scored) return scored;
    const empty = this.fixedEmpty(this._state);
    if (!empty) return null;
    const names = this.namesFor(this._state);
    if (names && names.length === empty.sides.length) empty.sides.forEach((side, i) => (side.name = names[i]));
    return empty;
  }

  rulesName(id) {
    const r = (this._rulesets || []).find((x) => x.id === id);
    return r ? r.short_name : id;
  }

  // The "Game" list: the device's games, newest first, and the pad shown when it is not one.
  fillGames() {
    const select = this._gameSelect;
    clear(select);
    if (this._loose) {
      const label = this._loose.label === "link" ? "The link's pad (not kept)" : "This game (not kept on this device)";
      select.appendChild(h("option", { value: "loose" }, `${label}: ${plural(this._loose.state.deals.length, "deal")}`));
    }
    if (this._view === "new") select.appendChild(h("option", { value: "new" }, "New game (kept from its first deal)"));
    const games = [...this._games].sort((a, b) => (a.made < b.made ? 1 : a.made > b.made ? -1 : 0));
    for (const g of games) select.appendChild(h("option", { value: g.id }, `${when(g.made)}: ${plural(g.deals.length, "deal")}, ${this.rulesName(g.rules)}`));
    select.value = this._view === "kept" ? this._gameId : this._view;
    this._delete.hidden = this._view !== "kept";
    this._newGame.hidden = this._view === "new" && !this._state.deals.length;
  }

  // Keep a changed game on the device, over the revision `rev` it started from (null: whatever is
  // stored). {conflict} when another tab changed it since; {problem} when it could not be kept.
  keep(state, answer, rev, answerKey = requestKey(state)) {
    const now = new Date().toISOString();
    const id = this._view === "kept" ? this._gameId : newGameId();
    let conflict = false;
    let full = false;
    const covered = answer ? answerCovers(state, answer, answerKey) : null;
    const fields = { ...state, answer: covered === null ? null : answer, requestKey: covered === null ? null : answerKey, stamp: newStamp() };
    this._writing = true;
    let r;
    // When the storage is full, the other games' saved answers (which the engine can give again)
    // are left out, and the write tried once more.
    const write = (slim) =>
      update("pads", (pads) => {
        const games = pads.games.map((g) => (slim && g.id !== id ? { ...g, answer: null, requestKey: null } : g));
        const i = games.findIndex((g) => g.id === id);
        if (i >= 0) {
          if (rev !== null && games[i].rev !== rev) {
            conflict = true;
            return undefined;
          }
          games[i] = { ...games[i], ...fields, changed: now, rev: games[i].rev + 1 };
        } else {
          if (games.length >= LIMITS.padGames) {
            full = true;
            return undefined;
          }
          games.push({ id, made: now, changed: now, rev: 0, ...fields });
        }
        return { current: id, games };
      });
    try {
      r = write(false);
      if (!r.ok && !conflict && !full && r.problem === FULL) r = write(true);
    } finally {
      this._writing = false;
    }
    if (conflict) return { conflict };
    if (full) return { problem: `this device keeps at most ${LIMITS.padGames} games: delete one under Game to keep this one` };
    if (!r.ok) return { problem: r.problem };
    const was = this._view;
    this._games = r.value.games;
    this.useGame(this._games.find((g) => g.id === id));
    if (was === "loose") this._loose = null; // it is one of the device's games now
    return { became: was };
  }

  // The game an edit starts from: as stored now (another tab's changes included), or the page's
  // own when it is not kept, or holds a change the device could not keep.
  base() {
    if (this._view === "kept" && !this._unsaved) {
      const g = read("pads").value.games.find((x) => x.id === this._gameId);
      if (g) return { state: stateOf(g), rev: g.rev };
    }
    return { state: stateOf(this._state), rev: null };
  }

  // An edit: change(state) -> the next state (null: nothing to do), applied to the game as stored
  // now, scored, kept; tried again from the stored game when another tab changed it meanwhile.
  // Edits run one after another (a deal added while the last one is being scored waits for it, and
  // goes after it); one made on a game no longer shown is dropped. Returns the engine's answer
  // (with .error when it refused), {waiting: true} when the change waits for the engine, or null.
  // `waitingWords(next, view)`: what is said then (view: what the kept answer scores of it, view()).
  // `again`: whether the change is made again on another tab's write over it (storedChanged).
  edit(change, words, waitingWords, again = true) {
    const shown = this._shownToken;
    const run = () => this.runEdit(change, words, shown, waitingWords, again);
    const done = (this._queue || Promise.resolve()).then(run, run);
    this._queue = done.catch(() => null);
    return done;
  }

  async runEdit(change, words, shown, waitingWords, again) {
    this._followsCurrent = false;
    for (let tries = 0; tries < 5; tries += 1) {
      if (shown !== this._shownToken) return null;
      const base = this.base();
      const next = change(base.state);
      if (!next) return null;
      // A game the engine has scored to its last deal: the change is scored first, and kept only
      // if the engine takes it. Else (the engine not ready yet, or deals waiting already) it is kept
      // as entered, with the engine's answer as far as it still scores the game (the deals before
      // the one changed or taken back, all of them after a side renamed), and what waits is scored
      // after.
      const covered = base.state.deals.length ? answerCovers(base.state, this._answer, this._answerKey) : 0;
      const scoredAll = this.engineReady && covered === base.state.deals.length && (covered === 0 || answerWords(base.state, this._answerKey));
      let answer = null;
      let answerKey = null;
      if (scoredAll) {
        answer = await this.score(next);
        if (shown !== this._shownToken) return null; // another game is shown now
        if (answer.error) return answer;
        answerKey = requestKey(next);
      } else if (this._answer && answerCovers(next, this._answer, this._answerKey) !== null) {
        answerKey = this._answerKey;
      }
      const keptAnswer = answerKey ? answer || this._answer : null;
      const kept = this.keep(next, keptAnswer, base.rev, answerKey || undefined);
      if (kept.conflict) continue;
      // This tab's write, known by its stamp: another tab's write of the same revision or an older
      // one, seen after it, was made without it (storedChanged).
      const mine = !kept.problem && this._games.find((g) => g.id === this._gameId);
      this._lastEdit = mine ? { id: mine.id, rev: mine.rev, stamp: mine.stamp, change, words, waitingWords, again } : null;
      this.commit(next, keptAnswer, answerKey);
      // Said as the engine's answer when the kept one scores the whole game as changed (a deal
      // taken back, or written down again as it was): nothing of it waits.
      const v = this.view();
      const known = !answer && v && v.answer && v.words && v.n === next.deals.length ? v.answer : null;
      let said = answer || known ? words(answer || known, next) : waitingWords(next, v);
      if (kept.problem) {
        this._unsaved = true;
        this._storeNote = `This change is not kept on the device: ${kept.problem}. The page keeps it while it is open, and the pad's link (Share) keeps it too.`;
        said += ` Not kept on the device: ${kept.problem}.`;
      } else {
        this._storeNote = null;
        if (kept.became === "loose") said += " This pad is now kept on this device, as a game of its own.";
        if (kept.became === "new" && !this._games.length) said += " The game is kept on this device.";
      }
      this.showNotices(this._notes);
      this.announce(said);
      if (answer) return answer;
      this.scorePending();
      return { waiting: true };
    }
    return null;
  }

  // Score the deals that wait (written down before the engine was ready, from a link, from another
  // tab), in order and in one request, when the engine is ready; `again`: score every deal even
  // when the saved answer covers them (the engine may score differently from the one that saved
  // it). A deal the engine refuses is named, with the deals before it scored.
  scorePending(again = false) {
    const shown = this._shownToken;
    const run = () => this.runScore(shown, again);
    const done = (this._queue || Promise.resolve()).then(run, run);
    this._queue = done.catch(() => null);
    return done;
  }

  async runScore(shown, again) {
    if (shown !== this._shownToken || !this.engineReady) return;
    const state = stateOf(this._state);
    const before = this.scored() ?? 0;
    if (!again && this.scoredAll() && !this._refused) return;
    const same = () => shown === this._shownToken && requestKey(state) === requestKey(this._state);
    const answer = await this.score(state);
    if (!same()) return; // changed meanwhile: that change scores it
    if (!answer.error) {
      this._scoreNote = null;
      this.commit(state, answer);
      this.cacheAnswer();
      this.showNotices(this._notes);
      if (state.deals.length > before) this.announce(this.scoredWords(answer, before));
      return;
    }
    if (answer.error.field === "names" && state.names) {
      // Names the engine refuses (a link's, for another number of sides): the sides keep their own.
      this.commit({ ...state, names: null }, null);
      this._firstNotes.push(`The sides' names are not used: ${answer.error.message}.`);
      this._notes.push(this._firstNotes[this._firstNotes.length - 1]);
      return this.runScore(shown, again);
    }
    const m = /^deal (\d+): /.exec(answer.error.message);
    const index = m ? Number(m[1]) - 1 : null;
    let first = null;
    if (index !== null) {
      const prefix = { ...state, deals: state.deals.slice(0, index) };
      const r = await this.score(prefix);
      if (!same()) return;
      if (!r.error) first = { answer: r, key: requestKey(prefix) };
    }
    const message = m ? answer.error.message.slice(m[0].length) : answer.error.message;
    this.commit(state, first ? first.answer : null, first ? first.key : null, index === null ? null : { index, message });
    this.cacheAnswer();
    const what = index === null ? "" : ` Press Edit on deal ${index + 1} to change it${index + 1 < state.deals.length ? "; the deals after it are scored once it is" : ""}.`;
    this._scoreNote = `This pad cannot be scored as it is: ${answer.error.message}.${what}`.replace(/\.\./g, ".");
    this.showNotices(this._notes);
    this.announce(index === null ? this._scoreNote : `Deal ${index + 1} is not scored: ${message}.${what}`.replace(/\.\./g, "."));
  }

  // What is said when waiting deals have been scored: as for a deal added, or the deals and the totals.
  scoredWords(a, before) {
    const n = a.lines.length;
    let words;
    if (n === before + 1) {
      const line = a.lines[n - 1];
      words = `Deal ${n}: ${a.sides.map((s, i) => `${s.name} ${signed(line.changes[i])}`).join(", ")}. ${capitalize(this.totalsWords(a))}.`;
    } else {
      words = `Deals ${before + 1} to ${n} scored. ${capitalize(this.totalsWords(a))}.`;
    }
    if (a.winner !== null) words += ` ${a.sides[a.winner].name} win the game: ${a.result}.`;
    return words;
  }

  // The engine's answer for a kept game, saved with it so that the next visit shows it at once.
  // A cache: when it cannot be saved, nothing is lost.
  cacheAnswer() {
    if (this._view !== "kept" || this._unsaved || this.scored() === null) return;
    const state = stateOf(this._state);
    const answer = this._answer;
    const key = this._answerKey;
    this._writing = true;
    try {
      const r = update("pads", (pads) => {
        const i = pads.games.findIndex((g) => g.id === this._gameId);
        const g = pads.games[i];
        if (i < 0 || g.rev !== this._rev || JSON.stringify([g.deals, g.names]) !== JSON.stringify([state.deals, state.names])) return undefined;
        if (pads.games[i].requestKey === key) return undefined;
        const games = [...pads.games];
        games[i] = { ...games[i], ...state, answer, requestKey: key };
        return { ...pads, games };
      });
      if (r.ok) this._games = r.value.games;
    } finally {
      this._writing = false;
    }
  }

  // What another tab did to the device's games, shown here.
  async storedChanged() {
    if (this._writing) return;
    const got = read("pads");
    this._games = got.value.games;
    if (this._view === "new" && this._followsCurrent && !this._state.deals.length && got.value.current) {
      // A page opened on no game yet follows the game another tab begins.
      this._followsCurrent = false;
      this.useGame(this._games.find((x) => x.id === got.value.current));
      this._rev = null; // shown below, as any change of the game's
    }
    if (this._view === "kept" && !this._unsaved) {
      const g = this._games.find((x) => x.id === this._gameId);
      if (!g) {
        // Deleted in another tab: shown on here, and kept again if the reader wants it.
        this._loose = { state: stateOf(this._state), answer: this._answer, answerKey: this._answerKey, label: "deleted" };
        this._view = "loose";
        this._gameId = null;
        this._rev = null;
        this.showNotices(this._notes);
        this.announce("This game was deleted in another tab. It stays on this page: Keep this pad keeps it again.");
      } else if (this.collided(g)) {
        // Another tab wrote this game at the same moment as this tab's last change, over it: shown
        // as that tab left it, with this tab's change made again on it (an Undo is not: it would
        // take back the other tab's deal).
        const last = this._lastEdit;
        this._lastEdit = null;
        this.useGame(g);
        this.applySettings();
        this.commit(this._state, this._answer, this._answerKey);
        if (!last.again) {
          this.announce("Another tab changed this game at the same moment, so this tab's Undo is not kept: the game is as that tab left it.");
          return;
        }
        this.announce("Another tab changed this game at the same moment: both changes are kept.");
        await this.edit(last.change, last.words, last.waitingWords);
        return;
      } else if (g.rev !== this._rev) {
        this.useGame(g);
        this.applySettings();
        this.commit(this._state, this._answer, this._answerKey);
        if (this.unscored() && this.engineReady) await this.scorePending();
        const n = this.scored();
        this.announce(`Changed in another tab: ${n === this._state.deals.length && this.scoredAnswer() ? this.totalsWords(this.scoredAnswer()) : plural(this._state.deals.length, "deal")}.`);
        return;
      }
    }
    this.fillGames();
  }

  // Whether stored game `g` was written by another tab without this tab's last change: the same
  // game at the same revision or an older one, by another write.
  collided(g) {
    const last = this._lastEdit;
    return Boolean(last) && last.id === g.id && g.stamp !== last.stamp && g.rev <= last.rev;
  }

  // Show another game: one of the device's, or the pad that is not kept.
  async switchGame(value) {
    this._followsCurrent = false;
    this._shownToken += 1;
    if (value === "loose" && this._loose) this.useLoose();
    else {
      const g = this._games.find((x) => x.id === value);
      if (!g) return;
      this.useGame(g);
      this._writing = true;
      try {
        update("pads", (pads) => (pads.current === g.id || !pads.games.some((x) => x.id === g.id) ? undefined : { ...pads, current: g.id }));
      } finally {
        this._writing = false;
      }
    }
    this._storeNote = null;
    await this.shown(`Showing ${this._view === "kept" ? `the game of ${when(this._games.find((g) => g.id === this._gameId).made)}` : "the pad that is not kept"}`);
  }

  // After the game shown changed: its settings, its answer (scored when the engine is ready and
  // nothing usable was saved), the address, the list, the words.
  async shown(words) {
    this._editing = null;
    this._scoreNote = null;
    this.dealProblem(null);
    this.applySettings();
    this.showNotices(this._notes);
    this.fillGames();
    this.writeAddress();
    this.draw();
    const seq = ++this._seq;
    if (this.unscored() && this.engineReady) {
      await this.scorePending();
      if (seq !== this._seq) return;
    }
    const n = this.scored();
    const state = n === this._state.deals.length && this.scoredAnswer() ? this.totalsWords(this.scoredAnswer()) : plural(this._state.deals.length, "deal");
    this.announce(`${words}: ${state}.`);
  }

  // The settings' lists for the game shown. A format the game left empty is filled with the one
  // the engine takes by default, so the engine's answer stays the game's.
  applySettings(notices = []) {
    if (!this._rulesets) return;
    const before = { ...this._state };
    const covered = this.scored();
    this._rules.value = this._state.rules;
    this.fillSettings(notices);
    this.rekey(before, covered);
  }

  // The format filled in: the answer's request, which left it to the engine, had the same one.
  rekey(before, covered) {
    const s = this._state;
    const asked = covered === null ? null : keyGame(this._answerKey);
    if (asked && before.rules === s.rules && before.option === s.option && (before.format === s.format || !before.format)) {
      this._answerKey = requestKey({ ...asked, format: s.format });
      if (this._view === "loose" && this._loose) Object.assign(this._loose, { state: stateOf(s), answerKey: this._answerKey });
    }
  }

  async newGame() {
    this._followsCurrent = false;
    if (this._view === "new" && !this._state.deals.length) return;
    this._shownToken += 1;
    const was = this._view;
    this._view = "new";
    this._gameId = null;
    this._rev = null;
    this._unsaved = false;
    this._storeNote = null;
    this._state = { ...stateOf(this._state), deals: [] };
    this._answer = null;
    this._answerKey = null;
    this._refused = null;
    await this.shown(was === "kept" ? "A new game. The last one stays on this device, under Game" : "A new game");
  }

  deleteGame() {
    if (this._view !== "kept") return;
    const id = this._gameId;
    let removed = null;
    this._writing = true;
    let r;
    try {
      r = update("pads", (pads) => {
        removed = pads.games.find((g) => g.id === id) || null;
        if (!removed) return undefined;
        const games = pads.games.filter((g) => g.id !== id);
        return { current: games.length ? games[games.length - 1].id : null, games };
      });
    } finally {
      this._writing = false;
    }
    if (!r.ok) {
      this.showNotices([...this._notes, `The game could not be deleted: ${r.problem}.`]);
      this.announce(`Not deleted: ${r.problem}.`);
      return;
    }
    this._shownToken += 1;
    this._deleted = removed || { id, made: "", changed: "", rev: 0, ...stateOf(this._state), answer: this._answer, requestKey: this._answerKey };
    this._games = r.value.games;
    const next = this._games.find((g) => g.id === r.value.current);
    if (next) this.useGame(next);
    else {
      this._view = "new";
      this._gameId = null;
      this._rev = null;
      this._state = { ...stateOf(this._state), deals: [] };
      this._answer = null;
      this._answerKey = null;
      this._refused = null;
    }
    const words = `The game of ${when(this._deleted.made)} (${plural(this._deleted.deals.length, "deal")}) is deleted`;
    this.shown(words).then(() => {
      const back = this._notice.querySelector(".sr-pad__bringback");
      if (back) back.focus();
    });
  }

  bringBack() {
    const g = this._deleted;
    if (!g) return;
    let full = false;
    this._writing = true;
    let r;
    try {
      r = update("pads", (pads) => {
        if (pads.games.some((x) => x.id === g.id)) return { ...pads, current: g.id };
        if (pads.games.length >= LIMITS.padGames) {
          full = true;
          return undefined;
        }
        return { current: g.id, games: [...pads.games, g] };
      });
    } finally {
      this._writing = false;
    }
    if (full || !r.ok) {
      const why = full ? `this device keeps at most ${LIMITS.padGames} games` : r.problem;
      this.showNotices([...this._notes, `The game could not be brought back: ${why}.`]);
      this.announce(`Not brought back: ${why}.`);
      return;
    }
    this._deleted = null;
    this._shownToken += 1;
    this._games = r.value.games;
    this.useGame(this._games.find((x) => x.id === g.id));
    this.shown(`The game of ${when(g.made)} is back`);
  }

  // Keep the pad that is not kept (a link's) as one of the device's games.
  keepLoose() {
    if (this._view !== "loose") return;
    const kept = this.keep(stateOf(this._state), this.scored() === null ? null : this._answer, null, this._answerKey || undefined);
    if (kept.problem) {
      this._storeNote = `This pad could not be kept: ${kept.problem}.`;
      this.showNotices(this._notes);
      this.announce(`Not kept: ${kept.problem}.`);
      return;
    }
    this._storeNote = null;
    this.showNotices(this._notes);
    this.fillGames();
    this.writeAddress();
    this.announce("This pad is now kept on this device, as a game of its own.");
    this._gameSelect.focus();
  }

  // --- the engine ------------------------------------------------------------------------------

  // The inputs, from the build's fixed answers: the rulesets, and the form for the settings.
  async prepare() {
    this._fixed = await fixedAnswers();
    await this.fillInputs();
  }

  async fillInputs() {
    this._rulesets = await rulesetList();
    const notices = [];
    const before = { ...this._state };
    const covered = this.scored();
    this._choice.fill(this._rulesets, this._state.rules, DEFAULT_RULES, notices);
    this._state.rules = this._rules.value;
    this.fillSettings(notices);
    this.rekey(before, covered);
    this._notes = [...this._firstNotes, ...notices];
    this.showNotices(this._notes);
    this.fillGames();
    this.draw();
  }

  // The engine is ready: every deal of the game shown is scored (what waits, and the rest again).
  async onReady() {
    if (!this._rulesets) await this.fillInputs();
    await this.scorePending(true);
    this.fillGames();
  }

  // The names the engine is given: the reader's, or We and They for two sides nobody named.
  namesFor(state) {
    if (state.names && state.names.length) return state.names;
    const r = (this._rulesets || []).find((x) => x.id === state.rules);
    const formats = r ? r.formats : [];
    const f = formats.find((x) => x.id === state.format) || formats[0];
    return f && f.teams && f.teams.length === 2 ? [...TWO_SIDES] : null;
  }

  score(state) {
    return this.ask(padRequest({ ...state, names: this.namesFor(state) }));
  }

  // Show a game and the engine's answer for it, or for its first deals (`answerKey`: the request it
  // answered); `refused`: the deal the engine refused. What the page shows; keeping it is keep()'s.
  commit(state, answer, answerKey = answer ? requestKey(state) : null, refused = null) {
    this._state = stateOf(state);
    this._answer = answer;
    this._answerKey = answer ? answerKey : null;
    this._refused = refused;
    if (this._view === "loose" && this._loose) Object.assign(this._loose, { state: stateOf(state), answer, answerKey: this._answerKey });
    this.writeAddress();
    this.fillGames();
    this.draw();
  }

  writeAddress() {
    const s = this._state;
    this.saveState({
      rules: s.rules,
      option: s.option,
      format: s.format,
      names: s.names ? s.names.join(",") : "",
      deals: dealsToText(s.deals),
    });
  }

  fillSettings(notices = []) {
    const r = this._rulesets.find((x) => x.id === this._rules.value);
    clear(this._option);
    this._option.appendChild(h("option", { value: "" }, "None"));
    for (const o of r.options) this._option.appendChild(h("option", { value: o.id }, o.name));
    this._option.value = r.options.some((o) => o.id === this._state.option) ? this._state.option : "";
    if (this._state.option && this._option.value !== this._state.option) notices.push(`${r.short_name} has no optional rule “${this._state.option.slice(0, 30)}”.`);
    this._state.option = this._option.value;
    this._option.disabled = r.options.length === 0;
    this._optionField.hidden = r.options.length === 0;
    const option = r.options.find((o) => o.id === this._state.option);
    const formats = option && option.formats.length ? r.formats.filter((f) => option.formats.includes(f.id)) : r.formats;
    clear(this._format);
    for (const f of formats) this._format.appendChild(h("option", { value: f.id }, f.label));
    const wanted = this._state.format;
    this._format.value = formats.some((f) => f.id === wanted) ? wanted : formats[0].id;
    if (wanted && this._format.value !== wanted) notices.push(`“${wanted.slice(0, 30)}” is not a way to play ${r.short_name}; showing ${formats[0].label}.`);
    this._state.format = this._format.value;
    this._format.disabled = formats.length < 2;
  }

  async settingsChanged(which) {
    const before = { ...this._state };
    this._state = { ...this._state, rules: this._rules.value };
    if (which === "rules") this._state.option = "";
    if (which !== "format") this._state.format = this._state.format || "";
    if (which === "option") this._state.option = this._option.value;
    if (which === "format") this._state.format = this._format.value;
    this.fillSettings();
    const settings = { rules: this._state.rules, option: this._state.option, format: this._state.format, names: null };
    // The names stay when the sides do.
    const sides = (state) => {
      const empty = this.fixedEmpty(state);
      return empty ? empty.sides.length : null;
    };
    const sidesBefore = sides(before);
    if (before.names && sidesBefore !== null && sides(this._state) === sidesBefore) settings.names = before.names;
    this._state = before; // the game as it is until the change is made (the lists show the new settings)
    const final = await this.edit(
      (base) => ({ ...base, ...settings }),
      (a) => `Scored under ${a.ruleset_name}, ${a.format_label}: ${this.totalsWords(a)}.`,
      (next) => `${this._choice.name(next.rules)}, ${this._format.selectedOptions[0] ? this._format.selectedOptions[0].textContent : next.format}: ${plural(next.deals.length, "deal")}, scored when the engine is ready.`,
    );
    if (final && final.error) {
      this._state = before;
      this._rules.value = before.rules;
      this.fillSettings();
      this.showNotices([
        ...this._notes,
        `The pad keeps ${this._answer ? this._answer.ruleset_name : "its rules"}: its deals cannot be scored that way (${final.error.message}). Start a new game to change it.`,
      ]);
      this.announce(`Not changed: ${final.error.message}`);
    }
  }

  // --- adding, undoing -------------------------------------------------------------------------

  addFromForm() {
    const a = this.shape();
    if (!a) return;
    const errors = [];
    const points = [];
    const boxes = [...this._points.querySelectorAll("input")];
    const figures = boxes.map((box, i) => wholeNumber(box.value, `${a.sides[i].name}'s points`));
    for (const r of figures) if (r.error) errors.push(r.error);
    const empty = figures.filter((r) => r.empty).length;
    if (!errors.length && empty > 1) errors.push(`Enter the points each side took (one may be left empty for the rest of the deal's ${a.points_per_deal}).`);
    if (!errors.length) {
      const known = figures.reduce((sum, r) => sum + (r.empty ? 0 : r.value), 0);
      for (const r of figures) points.push(r.empty ? a.points_per_deal - known : r.value);
    }
    const deal = { points };
    if (a.bidding) {
      const bid = wholeNumber(this._bid.value, "The bid");
      if (bid.error) errors.push(bid.error);
      else if (bid.empty) errors.push("Enter the bid.");
      else Object.assign(deal, { bidder: Number(this._bidder.value), bid: bid.value });
    }
    if (errors.length) {
      this.dealProblem(errors.join(" "), errors[0].startsWith("The bid") || errors[0] === "Enter the bid." ? "bid" : "points");
      return;
    }
    this.addDeal(deal);
  }

  async addDeal(deal) {
    if (!this.shape()) return;
    if (this._editing !== null) return this.changeDeal(this._editing, deal);
    // The form is emptied afterwards only if the reader typed nothing since the deal was read (the
    // next deal may have been typed while this one was being scored).
    const held = this._formEdits;
    const scored = this.scoredAnswer();
    if (scored && this.scored() === this._state.deals.length && scored.winner !== null) {
      this.dealProblem("The game is over. Press New game to start another.", "bid");
      return;
    }
    if (this._state.deals.length >= LIMITS.padDeals) {
      this.dealProblem(`A game holds at most ${LIMITS.padDeals} deals. Press New game to start another.`, "bid");
      return;
    }
    const answer = await this.edit(
      (base) => (base.deals.length >= LIMITS.padDeals ? null : { ...base, deals: [...base.deals, deal] }),
      (a) => {
        const line = a.lines[a.lines.length - 1];
        const changes = a.sides.map((s, i) => `${s.name} ${signed(line.changes[i])}`).join(", ");
        let words = `Deal ${line.number}: ${changes}. ${capitalize(this.totalsWords(a))}.`;
        if (a.winner !== null) words += ` ${a.sides[a.winner].name} win the game: ${a.result}.`;
        return words;
      },
      (next) => `Deal ${next.deals.length} is on the pad: scored when the engine is ready.`,
    );
    if (!answer) return;
    if (answer.error) {
      this.dealProblem(answer.error.message.replace(/^deal \d+: /, ""), answer.error.field);
      return;
    }
    this.dealProblem(null);
    this.revealDeck();
    // A deal that waits for the engine: shown again in view when it is scored (render()).
    this._reveal = answer.waiting ? this._state.deals.length : 0;
    if (this._formEdits !== held || this._editing !== null) return;
    this.emptyForm();
  }

  emptyForm() {
    this._bid.value = "";
    for (const box of this._points.querySelectorAll("input")) box.value = "";
  }

  // --- changing a past deal --------------------------------------------------------------------

  // Fill the form with deal `index` (from 0) to change it; Save puts it back in its place.
  startEditing(index) {
    const deal = this._state.deals[index];
    if (!deal || !this.shape()) return;
    this._editing = index;
    this._formEdits += 1; // a deal being scored no longer empties the form
    this.draw();
    if (deal.bidder !== undefined && deal.bidder !== null) this._bidder.value = String(deal.bidder);
    this._bid.value = deal.bid !== undefined && deal.bid !== null ? String(deal.bid) : "";
    const boxes = [...this._points.querySelectorAll("input")];
    boxes.forEach((box, i) => (box.value = deal.points && deal.points[i] !== undefined ? String(deal.points[i]) : ""));
    this.dealProblem(null);
    this.announce(`Changing deal ${index + 1}: change the figures and press Save deal ${index + 1}.`);
    (this._bidFields.hidden ? boxes[0] : this._bid).focus();
  }

  stopEditing(say) {
    const was = this._editing;
    this._editing = null;
    this.emptyForm();
    this.dealProblem(null);
    this.draw();
    if (say && was !== null) {
      this.announce(`Deal ${was + 1} is unchanged.`);
      this._bid.focus();
    }
  }

  async changeDeal(index, deal) {
    const answer = await this.edit(
      (base) => (index < base.deals.length ? { ...base, deals: base.deals.map((d, i) => (i === index ? deal : d)) } : null),
      (a) => {
        const line = a.lines[index];
        const changes = a.sides.map((s, i) => `${s.name} ${signed(line.changes[i])}`).join(", ");
        let words = `Deal ${index + 1} changed: ${changes}. ${capitalize(this.totalsWords(a))}.`;
        if (a.winner !== null) words += ` ${a.sides[a.winner].name} win the game: ${a.result}.`;
        return words;
      },
      () => `Deal ${index + 1} changed: scored when the engine is ready.`,
    );
    if (!answer) {
      this.dealProblem(`Deal ${index + 1} is no longer in this game.`, "bid");
      return;
    }
    if (answer.error) {
      this.dealProblem(answer.error.message.replace(/^deal \d+: /, ""), answer.error.field);
      return;
    }
    this._editing = null;
    this.emptyForm();
    this.dealProblem(null);
    this.draw();
    const row = this._table.querySelector(`[data-deal="${index}"] button`);
    if (row) row.focus();
  }

  async undo() {
    const answer = await this.edit(
      (base) => (base.deals.length ? { ...base, deals: base.deals.slice(0, -1) } : null),
      (a, next) => `Deal ${next.deals.length + 1} taken back. ${capitalize(this.totalsWords(a))}.`,
      // Before the engine: the totals after the deal before, when its answer gave them.
      (next, v) => `Deal ${next.deals.length + 1} taken back.${v && v.answer && v.n === next.deals.length ? ` ${capitalize(this.totalsWords(v.answer))}.` : ""}`,
      false,
    );
    if (!answer) {
      if (!this._state.deals.length) this.announce("There is nothing to undo.");
      return;
    }
    if (answer.error) {
      this.showNotices([...this._notes, answer.error.message]);
      return;
    }
    this.dealProblem(null);
  }

  dealProblem(message, field) {
    this._dealError.hidden = !message;
    this._dealError.textContent = message ? capitalize(message) : "";
    const controls = { bid: this._bid, bidder: this._bidder, points: this._points.querySelector("input"), passed: this._passed };
    for (const el of [this._bid, this._bidder, ...this._points.querySelectorAll("input")]) {
      el.removeAttribute("aria-invalid");
      el.setAttribute("aria-describedby", this._dealError.id);
    }
    if (!message) return;
    const target = controls[field] || (field === "names" ? this._names.querySelector("input") : null);
    if (target && target.tagName !== "BUTTON") target.setAttribute("aria-invalid", "true");
    if (target) target.focus();
  }

  async renameSides() {
    const shape = this.shape();
    if (!shape) return;
    const names = [...this._names.querySelectorAll("input")].map((box, i) => cleanName(box.value) || shape.sides[i].name);
    const answer = await this.edit(
      (base) => ({ ...base, names }),
      () => `The sides are now ${names.join(" and ")}.`,
      () => `The sides are now ${names.join(" and ")}.`,
    );
    if (answer && answer.error) {
      this.showNotices([...this._notes, answer.error.message]);
      this._namesKey = null; // the boxes show the names the pad keeps
      this.draw();
    }
  }

  async copy(box, what) {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      this.announce(`${what} is copied.`);
    } catch {
      this.announce(`${what} is selected: copy it with your device's Copy command.`);
    }
  }

  // The phone's share sheet with the game's link where the browser has one; else the link copied.
  async share() {
    const url = this._linkBox.value;
    if (!url) return;
    if (typeof navigator.share === "function") {
      try {
        const a = this.scoredAnswer();
        await navigator.share({ title: "Some'r'Set score pad", text: a ? capitalize(this.totalsWords(a)) : "", url });
        this.announce("The game's link is shared.");
        return;
      } catch (e) {
        if (e && e.name === "AbortError") {
          this.announce("Not shared.");
          return;
        }
        // Refused (no permission, nothing to share with): copy it instead.
      }
    }
    await this.copy(this._linkBox, "The link to this game");
  }

  // The QR code of the game's link, drawn when the share box is open (the encoder is fetched then).
  async drawQr() {
    if (!this._share.open || this._share.hidden) return;
    const link = this._linkBox.value;
    if (!link || this._qrLink === link) return;
    this._qrLink = link;
    if (link.length > QR_MOST) {
      replace(
        this._qrBox,
        h("p", { class: "sr-hint sr-pad__qrlong" }, `This game's link is ${link.length.toLocaleString("en")} characters, more than a QR code holds (${QR_MOST.toLocaleString("en")}): share the link or the text below instead.`),
      );
      return;
    }
    try {
      const { encode } = await import(QR_MODULE);
      if (this._linkBox.value !== link) return; // drawn again for the newer link
      const code = encode(link, { ecc: "L", border: 4 });
      replace(
        this._qrBox,
        qrSvg(code.data, "A QR code of this game's link"),
        h("figcaption", { class: "sr-hint" }, "Scan it with another phone's camera to open this game there."),
      );
    } catch (e) {
      this._qrLink = null;
      replace(this._qrBox, h("p", { class: "sr-hint" }, `The QR code could not be drawn (${e.message || e}); share the link below instead.`));
    }
  }

  // --- drawing the answer ----------------------------------------------------------------------

  totalsWords(a) {
    return `totals ${a.sides.map((s, i) => `${s.name} ${total(a.totals[i])}`).join(", ")}`;
  }

  showNotices(notices) {
    clear(this._notice);
    for (const text of [...notices, this._storeNote, this._scoreNote].filter(Boolean)) this._notice.appendChild(h("p", {}, text));
    if (this._view === "loose" && this._loose) {
      const words =
        this._loose.label === "link"
          ? `This pad came with a link. It is not kept on this device${this._games.length ? ", and your own games are unchanged (see Game)" : ""}: press Keep this pad, or add a deal, to keep it.`
          : this._loose.label === "deleted"
            ? "This game was deleted in another tab. It stays on this page: press Keep this pad, or add a deal, to keep it again."
            : "What is shown is not kept on this device: press Keep this pad, or change it, to keep it as a game of its own.";
      this._notice.appendChild(
        h("p", { class: "sr-pad__loose" }, words, " ", h("button", { type: "button", class: "md-button sr-pad__keep", onclick: () => this.keepLoose() }, "Keep this pad")),
      );
    }
    if (this._deleted) {
      const g = this._deleted;
      this._notice.appendChild(
        h(
          "p",
          { class: "sr-pad__deleted" },
          `The game of ${when(g.made)} (${plural(g.deals.length, "deal")}) is deleted. `,
          h("button", { type: "button", class: "md-button sr-pad__bringback", onclick: () => this.bringBack() }, "Bring it back"),
        ),
      );
    }
    this._notice.hidden = !this._notice.firstChild;
  }

  // A deal as written down, before the engine has scored it: "We 15", "passed", "no bid".
  dealWords(deal, sides) {
    if (deal.passed) return "passed";
    if (deal.bidder === undefined || deal.bidder === null) return "no bid";
    const side = sides[deal.bidder];
    return `${side ? side.name : `side ${deal.bidder + 1}`} ${deal.bid}`;
  }

  // The sentence for the deals that wait: refused by the engine, or not yet scored.
  waitingWords(scored) {
    const total = this._state.deals.length;
    if (this._refused && this._refused.index !== null) {
      const k = this._refused.index + 1;
      return `Deal ${k} is not scored (the note above says why). Press Edit on deal ${k} to change it.`;
    }
    if (scored >= total) return "";
    return `${total - scored === 1 ? `Deal ${total} is` : `Deals ${scored + 1} to ${total} are`} written down: scored when the engine is ready.`;
  }

  // The settings, folded once the game has a deal (opened again for a game without one); the
  // fold's line names them.
  drawSettings(begun) {
    if (this._begun !== begun) {
      this._begun = begun;
      this._settings.open = !begun;
    }
    const chosen = [this._rules, this._format, this._optionField.hidden ? null : this._option]
      .filter((select) => select && select.value && select.selectedOptions[0])
      .map((select) => select.selectedOptions[0].textContent.trim());
    this._settingsSummary.textContent = chosen.length && begun ? `Ruleset and players: ${chosen.join(", ")}` : "Ruleset and players";
  }

  // After a deal is written down: the newest line, the totals and the form for the next deal in
  // view together, the page scrolled as little as that takes (nothing moves when they already are).
  revealDeck() {
    const end = this._form.hidden ? this._board : this._add;
    // The whole box of lines (its heads name the sides) where it fits, else from the newest line.
    const box = this._table.firstChild;
    const newest = this._table.querySelector("tbody tr:last-child");
    bringIntoView(box && fitsBand(box, end) ? box : newest || this._board, end);
  }

  render() {
    const s = this.shape();
    const v = this.view();
    // The engine's answer for the deals it scores (null for none), and whether its words are this
    // game's (not after a side renamed before the engine runs: then only its figures are shown).
    const a = v ? v.answer : null;
    const words = !a || v.words;
    const deals = this._state.deals;
    const scored = v ? v.n : 0;
    const waiting = deals.length - scored;
    // What the board shows: the engine's answer for the deals it has scored, or, for a game with
    // no deal yet, its answer for an empty game (the build's, with the pad's names).
    const board = a || (deals.length === 0 ? s : null);
    this.drawSettings(deals.length > 0);
    this._form.hidden = !s;
    if (!s) {
      replace(
        this._board,
        h("p", { class: "sr-empty" }, deals.length ? `A pad of ${plural(deals.length, "deal")}, scored when the engine is ready.` : "An empty pad: the first deal goes in once the engine has started."),
      );
      clear(this._table);
      clear(this._why);
      this._share.hidden = true;
      this._shareButton.hidden = true;
      this._names.hidden = true;
      return;
    }
    const pending = this.waitingWords(scored);
    if (board) {
      // The scoreboard: each side's total, the target, and the verdict.
      const over = board.winner !== null;
      replace(
        this._board,
        h(
          "dl",
          { class: "sr-pad__totals" },
          board.sides.map((side, i) =>
            h(
              "div",
              { class: over && board.winner === i ? "sr-pad__winner" : null },
              h("dt", {}, s.sides[i].name, /^seats? /i.test(s.sides[i].name) ? null : h("small", {}, ` seat${side.seats.length > 1 ? "s" : ""} ${side.seats.join("+")}`)),
              h("dd", {}, total(board.totals[i])),
            ),
          ),
        ),
        h(
          "p",
          { class: "sr-pad__result" },
          over ? h("strong", {}, `${s.sides[board.winner].name} win the game. `) : null,
          words ? `${capitalize(board.result)}${waiting && scored ? ` (after deal ${scored})` : ""}. ` : `After deal ${scored}. `,
          h("span", { class: "sr-hint" }, `${board.ruleset_name}: ${board.target} to win. `, citationLink(board.game_rule.citation)),
        ),
        pending ? h("p", { class: this._refused ? "sr-pad__refused" : "sr-pad__pending" }, pending) : null,
        words ? null : h("p", { class: "sr-pad__pending sr-pad__renamed" }, "Why each deal scored as it did is written with the new names once the engine is ready."),
      );
    } else {
      replace(
        this._board,
        h("p", { class: "sr-empty" }, `A pad of ${plural(deals.length, "deal")}, scored when the engine is ready.`),
        this._refused ? h("p", { class: "sr-pad__refused" }, pending) : null,
      );
    }
    // The form for the next deal, shaped by the ruleset and format.
    const editing = this._editing !== null && this._editing < deals.length ? this._editing : null;
    this._editing = editing;
    this._form.hidden = Boolean(a) && !waiting && a.winner !== null && editing === null;
    this._formTitle.textContent = editing === null ? "Next deal" : `Change deal ${editing + 1}`;
    this._add.textContent = editing === null ? "Add the deal" : `Save deal ${editing + 1}`;
    this._cancelEdit.hidden = editing === null;
    this._form.classList.toggle("sr-pad__deal--editing", editing !== null);
    this._bidFields.hidden = !s.bidding;
    this._passed.hidden = !s.can_pass;
    const chosen = this._bidder.value;
    clear(this._bidder);
    s.sides.forEach((side, i) => this._bidder.appendChild(h("option", { value: String(i) }, side.name)));
    if (chosen && Number(chosen) < s.sides.length) this._bidder.value = chosen;
    // The boxes stay the same elements while the sides do, so typing the next deal while the last
    // is being scored keeps its place and figures.
    const sidesKey = JSON.stringify([s.sides.map((side) => side.name), s.points_per_deal]);
    if (this._pointsKey !== sidesKey) {
      this._pointsKey = sidesKey;
      const old = [...this._points.querySelectorAll("input")].map((x) => x.value);
      clear(this._points);
      const boxes = s.sides.map((side, i) => {
        const box = h("input", { type: "text", inputmode: "numeric", autocomplete: "off", size: "4", id: `${this._id}-pts-${i}`, value: old.length === s.sides.length ? old[i] : "" });
        return h("div", { class: "sr-field" }, h("label", { for: box.id }, `${side.name} took`), box);
      });
      this._points.append(...boxes);
      this._points.appendChild(h("p", { class: "sr-hint" }, `A deal holds ${s.points_per_deal} points; leave one side empty for the rest.`));
    }
    // The lines of the pad: the deals the engine scored, then the ones written down that wait.
    const editButton = (index) =>
      h(
        "td",
        {},
        h(
          "button",
          {
            type: "button",
            class: "md-button sr-pad__edit",
            "aria-label": `Edit deal ${index + 1}`,
            "aria-pressed": String(this._editing === index),
            onclick: () => (this._editing === index ? this.stopEditing(true) : this.startEditing(index)),
          },
          "Edit",
        ),
      );
    if (!deals.length) {
      clear(this._table); // the board says there is no deal yet
      clear(this._why);
    } else {
      const rows = (a ? a.lines : []).map((line, index) =>
        h(
          "tr",
          { class: line.winner !== null ? "sr-pad__final" : null, "data-deal": String(index) },
          h("th", { scope: "row" }, String(line.number)),
          h("td", {}, line.passed ? "passed" : line.bidder === undefined || line.bidder === null ? "no bid" : `${s.sides[line.bidder].name} ${line.bid}${line.set ? ", set" : ", made"}`),
          s.sides.map((_, i) => h("td", { class: "sr-num" }, h("span", { class: "sr-pad__change" }, signed(line.changes[i])), " ", h("strong", {}, total(line.totals[i])))),
          editButton(index),
        ),
      );
      for (let index = scored; index < deals.length; index += 1) {
        const deal = deals[index];
        const refused = this._refused && this._refused.index === index;
        rows.push(
          h(
            "tr",
            { class: refused ? "sr-pad__waiting sr-pad__refusedline" : "sr-pad__waiting", "data-deal": String(index) },
            h("th", { scope: "row" }, String(index + 1)),
            h("td", {}, this.dealWords(deal, s.sides), h("span", { class: "sr-pad__state" }, refused ? ", not scored" : ", waiting")),
            s.sides.map((_, i) => h("td", { class: "sr-num" }, deal.points && deal.points[i] !== undefined ? `took ${deal.points[i]}` : "")),
            editButton(index),
          ),
        );
      }
      const why = (a ? a.lines : []).map((line) =>
        h("li", {}, h("strong", {}, `Deal ${line.number}. `), line.reason, " ", citationLink(line.citation), line.interpretation ? h("span", { class: "sr-hint" }, ` Interpretation: ${line.interpretation}`) : null),
      );
      // The lines scroll in their box, which shows the newest: the box keeps where the reader
      // scrolled it while the deals stay the same, and goes to the newest when one is added.
      const was = this._table.querySelector(".sr-table-wrap");
      const keep = was && this._linesDrawn === rows.length ? [was.scrollTop, was.scrollLeft] : null;
      this._linesDrawn = rows.length;
      replace(
        this._table,
        h(
          "div",
          { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "The deals so far" },
          h(
            "table",
            { class: "sr-table sr-pad__table" },
            h("caption", { class: "sr-vh" }, waiting ? "The pad: each deal's change and the totals after it; the deals that wait show the points taken" : "The pad: each deal's change and the totals after it"),
            h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"), h("th", { scope: "col" }, "Bid"), s.sides.map((side) => h("th", { scope: "col" }, side.name)), h("th", { scope: "col" }, h("span", { class: "sr-vh" }, "Edit")))),
            h("tbody", {}, rows),
          ),
        ),
      );
      const wrap = this._table.firstChild;
      [wrap.scrollTop, wrap.scrollLeft] = keep || [wrap.scrollHeight, 0];
      replace(
        this._why,
        a && a.lines.length && words
          ? h(
              "details",
              { class: "sr-pad__why" },
              h("summary", {}, "Why each deal scored as it did"),
              h("ol", {}, why),
              h("p", {}, h("strong", {}, "The game: "), a.game_rule.summary, " ", citationLink(a.game_rule.citation)),
              interpretationNote(a.game_rule.interpretation),
            )
          : null,
      );
    }
    // Names, sharing. The boxes stay the same elements while the names do, so a name being typed
    // is not lost when the pad is drawn again meanwhile (the engine's progress, a deal scored).
    this._names.hidden = false;
    const namesKey = JSON.stringify(s.sides.map((side) => [side.name, side.seats]));
    if (this._namesKey !== namesKey || !this._names.querySelector("input")) {
      this._namesKey = namesKey;
      const legend = this._names.querySelector("legend");
      clear(this._names);
      this._names.appendChild(legend);
      s.sides.forEach((side, i) => {
        const box = h("input", { type: "text", id: `${this._id}-name-${i}`, value: side.name, maxlength: "24", autocomplete: "off" });
        box.addEventListener("change", () => this.renameSides());
        this._names.appendChild(h("div", { class: "sr-field" }, h("label", { for: box.id }, `Side ${i + 1} (seats ${side.seats.join("+")})`), box));
      });
    }
    const shareable = Boolean(a) || deals.length > 0;
    this._share.hidden = !shareable;
    this._shareButton.hidden = !shareable;
    const link = new URL(location.href);
    link.search = "";
    const params = new URLSearchParams();
    const st = this._state;
    params.set("rules", st.rules);
    if (st.option) params.set("option", st.option);
    if (st.format) params.set("format", st.format);
    if (st.names) params.set("names", st.names.join(","));
    params.set("deals", dealsToText(st.deals));
    this._linkBox.value = `${link.origin}${link.pathname}?${params.toString().replace(/%2C/gi, ",")}`;
    this._textBox.value =
      a && words
        ? withMinus(a.text) + (pending ? `\n${pending}\n` : "")
        : a
          ? `Somerset score pad: ${plural(deals.length, "deal")}, ${this.totalsWords(a)} after deal ${scored}. The whole text is written once the engine is ready.\n`
          : `Somerset score pad: ${plural(deals.length, "deal")} written down, scored when the engine is ready.\n`;
    this.drawQr();
    // The deal just added is scored now: its line and the totals in view, if the keeper is still
    // at the form.
    if (this._reveal && scored >= this._reveal) {
      this._reveal = 0;
      if (this._form.contains(document.activeElement)) this.revealDeck();
    }
  }

  _engineState(state) {
    super._engineState(state);
    if (state.status !== "ready" && this._answer) this.render();
  }
}

defineWidget("somerset-pad", SomersetPad);
