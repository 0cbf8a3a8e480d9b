// Scoring on the score pad: how far the engine's answer kept with the game scores it (view: its
// first deals; the rest wait for the engine), the shape the form is drawn from before the engine
// runs (the build's fixed answer for an empty game), and each change: applied to the game as
// stored now, scored, kept, said; deals written down before the engine was ready scored in order
// once it is. Methods of <somerset-pad> (pad.js assigns them to the element).

import { capitalize, signed } from "../base/ui.js";
import { winsWords } from "./words.js";
import { answerCovers, answerPrefix, answerWords, keyGame, padRequest, requestKey, stateOf } from "./game.js";

// The names of two sides the reader has not named.
const TWO_SIDES = ["We", "They"];

export const scoring = {
  // What the engine's answer kept with the game shows of it: {n, words, answer}, where n is how
  // many of the game's first deals it scores (the others wait for the engine), words whether its
  // reasons, verdict and text name the sides as the game does (not after a side renamed before the
  // engine runs: the figures are the same, the words wait), and answer the engine's answer for those
  // n deals (game.js answerPrefix: its lines, cut; null for none), the sides named as the game
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
  },

  // How many of the game's deals the engine's answer scores (the others wait for it), or null when
  // there is no answer for this game.
  scored() {
    const v = this.view();
    return v ? v.n : null;
  },

  // The engine's answer for the game's deals as far as it scores them (null for none).
  scoredAnswer() {
    const v = this.view();
    return v ? v.answer : null;
  },

  // Whether every deal of the game is scored, with the words for its names: nothing to ask the engine.
  scoredAll() {
    const v = this.view();
    return Boolean(v) && v.n === this._state.deals.length && v.words;
  },

  // Whether the engine has something to do for the game shown: deals that wait, or the words of
  // its answer for names given since.
  unscored() {
    const v = this.view();
    return this.waiting() > 0 || Boolean(v && !v.words);
  },

  // The deals the engine has not scored yet.
  waiting() {
    return this._state.deals.length - (this.scored() ?? 0);
  },

  // The engine's answer for an empty game under these settings, from the build's fixed answers
  // (names left to the engine), or null when they do not hold it.
  fixedEmpty(state) {
    if (!this._fixed) return null;
    const empty = this._fixed.get(JSON.stringify(padRequest({ rules: state.rules, option: state.option, format: state.format, deals: [] })));
    return empty ? structuredClone(empty) : null;
  },

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
  },

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
  },

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
  },

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
  },

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
  },

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
    if (a.winner !== null) words += ` ${winsWords(a.sides[a.winner].name)}: ${a.result}.`;
    return words;
  },

  // The names the engine is given: the reader's, or We and They for two sides nobody named.
  namesFor(state) {
    if (state.names && state.names.length) return state.names;
    const r = (this._rulesets || []).find((x) => x.id === state.rules);
    const formats = r ? r.formats : [];
    const f = formats.find((x) => x.id === state.format) || formats[0];
    return f && f.teams && f.teams.length === 2 ? [...TWO_SIDES] : null;
  },

  score(state) {
    return this.ask(padRequest({ ...state, names: this.namesFor(state) }));
  },

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
  },

  // The format filled in: the answer's request, which left it to the engine, had the same one.
  rekey(before, covered) {
    const s = this._state;
    const asked = covered === null ? null : keyGame(this._answerKey);
    if (asked && before.rules === s.rules && before.option === s.option && (before.format === s.format || !before.format)) {
      this._answerKey = requestKey({ ...asked, format: s.format });
      if (this._view === "loose" && this._loose) Object.assign(this._loose, { state: stateOf(s), answerKey: this._answerKey });
    }
  },
};
