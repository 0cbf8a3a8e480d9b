// <somerset-pad permalink [rules="parker-1947"]>
// The score pad: each deal's bid and the points each side took, scored by the engine under the
// chosen ruleset, format and optional rule (the 'pad' request), with the totals and the winner at
// the ruleset's target. Every rule is the engine's: the pad only collects figures and shows its
// answers. This file is the element: what it is made of, how it starts (from the address, from
// the device's games, from the build's fixed answers) and the engine's part; its other ideas are
// the files beside it (games.js, scoring.js, settings.js, deal-form.js, drawing.js, share.js, and
// game.js: the game without the page). How the pad behaves: develop/runtime.md, "The score pad".

import { RulesetChoice, Widget, defineWidget, fixedAnswers, h, nextId, replace, rulesetList, withTableRules } from "../base/ui.js";
import { LIMITS, noteShown, onChange, read } from "../store/storage.js";
import { PADS } from "./stored-games.js";
import { dealsFromText, dealsToText, requestKey } from "./game.js";
import { cleanName, dealForm } from "./deal-form.js";
import { drawing } from "./drawing.js";
import { games } from "./games.js";
import { scoring } from "./scoring.js";
import { settings } from "./settings.js";
import { sharing } from "./share.js";

const DEFAULT_RULES = "parker-1947";

const FIELDS = ["rules", "option", "format", "names", "deals"];

class SomersetPad extends Widget {
  static fields = FIELDS;
  // Not started from the page's head (hooks/early_start.py): an address holding one of the
  // device's games is shown from what was saved, without the engine.
  static defaults = { rules: DEFAULT_RULES };
  static remembersRuleset = true;
  static readsCodes = true;

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
    this._answerKey = null; // the request it answered (game.js requestKey)
    this._refused = null; // {index, message}: the deal the engine refused (the ones after it wait too)
    this._scoreNote = null;
    this._fixed = null; // the build's fixed answers (a Map), once read
    this._firstNotes = [];
    this._notes = [];
    this._storeNote = null;
    const got = read(PADS);
    if (got.note) {
      this._firstNotes.push(got.note);
      noteShown(PADS);
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
    this._stopFollowing = onChange([PADS], () => this.storedChanged());
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

  // The inputs, from the build's fixed answers: the rulesets, and the form for the settings.
  async prepare() {
    this._fixed = await fixedAnswers();
    await this.fillInputs();
  }

  async fillInputs() {
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._state.rules, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    const before = { ...this._state };
    const covered = this.scored();
    this._choice.fill(this._rulesets, table.wanted, DEFAULT_RULES, notices);
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

  _engineState(state) {
    super._engineState(state);
    if (state.status !== "ready" && this._answer) this.render();
  }
}

// The element's other ideas, each from its own file: their methods share the element's fields.
Object.assign(SomersetPad.prototype, games, scoring, settings, dealForm, drawing, sharing);

defineWidget("somerset-pad", SomersetPad);
