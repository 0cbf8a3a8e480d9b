// The device's games on the score pad: the game shown (one of the device's, a link's pad not kept,
// or a new game), the "Game" bar that switches between them, starts a new one, deletes one and
// brings it back, and keeping a game: each change written over the revision it started from, the
// engine's answer kept with it, another tab's changes followed (the storage event).
// Methods of <somerset-pad> (pad.js assigns them to the element).

import { clear, h } from "../base/ui.js";
import { FULL, LIMITS, read, update } from "../store/storage.js";
import { PADS } from "./stored-games.js";
import { answerCovers, newGameId, newStamp, requestKey, stateOf } from "./game.js";
import { plural, when } from "./words.js";

export const games = {
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
  },

  useLoose() {
    this._view = "loose";
    this._gameId = null;
    this._rev = null;
    this._unsaved = false;
    this._state = { ...this._loose.state, deals: [...this._loose.state.deals] };
    this._answer = this._loose.answer || null;
    this._answerKey = this._loose.answerKey || null;
    this._refused = null;
  },

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
  },

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
      update(PADS, (pads) => {
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
  },

  // The game an edit starts from: as stored now (another tab's changes included), or the page's
  // own when it is not kept, or holds a change the device could not keep.
  base() {
    if (this._view === "kept" && !this._unsaved) {
      const g = read(PADS).value.games.find((x) => x.id === this._gameId);
      if (g) return { state: stateOf(g), rev: g.rev };
    }
    return { state: stateOf(this._state), rev: null };
  },

  // The engine's answer for a kept game, saved with it so that the next visit shows it at once.
  // A cache: when it cannot be saved, nothing is lost.
  cacheAnswer() {
    if (this._view !== "kept" || this._unsaved || this.scored() === null) return;
    const state = stateOf(this._state);
    const answer = this._answer;
    const key = this._answerKey;
    this._writing = true;
    try {
      const r = update(PADS, (pads) => {
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
  },

  // What another tab did to the device's games, shown here.
  async storedChanged() {
    if (this._writing) return;
    const got = read(PADS);
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
  },

  // Whether stored game `g` was written by another tab without this tab's last change: the same
  // game at the same revision or an older one, by another write.
  collided(g) {
    const last = this._lastEdit;
    return Boolean(last) && last.id === g.id && g.stamp !== last.stamp && g.rev <= last.rev;
  },

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
        update(PADS, (pads) => (pads.current === g.id || !pads.games.some((x) => x.id === g.id) ? undefined : { ...pads, current: g.id }));
      } finally {
        this._writing = false;
      }
    }
    this._storeNote = null;
    await this.shown(`Showing ${this._view === "kept" ? `the game of ${when(this._games.find((g) => g.id === this._gameId).made)}` : "the pad that is not kept"}`);
  },

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
  },

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
  },

  deleteGame() {
    if (this._view !== "kept") return;
    const id = this._gameId;
    let removed = null;
    this._writing = true;
    let r;
    try {
      r = update(PADS, (pads) => {
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
  },

  bringBack() {
    const g = this._deleted;
    if (!g) return;
    let full = false;
    this._writing = true;
    let r;
    try {
      r = update(PADS, (pads) => {
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
  },

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
  },
};
