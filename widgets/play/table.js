// <somerset-table permalink rules="parker-1947" seed="1">: play one deal against the engine's bots.
// The reader sits at the dealer's left (the engine's seat 0, "seat 1" for readers); every answer
// comes from the engine (the `table` request), which replays the deal from the start each time, so
// the position is the ruleset, the players, the seed and the deal so far (its code, `play`; see
// somerset.records.links), all kept in the address (address.js). This element holds the state, the
// requests and the board drawn on the one table (views/table-view.js); beside it: the reader's turn
// (turn.js, calls.js), the advisor (advice.js), the other players' cards at a pace (pace.js), and
// the end of the deal (ending.js, calls-measured.js, review.js). What the reader sees at each step:
// develop/runtime.md, "Play a deal".

import {
  RulesetChoice,
  Widget,
  capitalize,
  cardFace,
  cardWords,
  checkSeed,
  defineWidget,
  engineLimits,
  fillFormatSelect,
  h,
  nextId,
  nextSeed,
  packInfo,
  replace,
  rulesetList,
  withTableRules,
  seatName,
  trickSeats,
} from "../base/ui.js";
import { contractBar, handFaces, keepInView, playRegion, tableView } from "../views/table-view.js";
import { DEFAULT_LEVEL, DEFAULT_RULES, LEVELS, movesFromText } from "./address.js";
import { Pace, allCards } from "./pace.js";
import { Review } from "./review.js";
import { actions, barredReasons, handElement } from "./turn.js";
import { endOfDeal } from "./ending.js";

const FIELDS = ["rules", "format", "seed", "moves", "play", "bots", "level"];

class SomersetTable extends Widget {
  static fields = FIELDS;
  static defaults = { rules: DEFAULT_RULES, seed: "1" };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    const id = nextId("table");
    this._wanted = this.wanted;
    // The deal so far (its code, null for a new deal), the reader's moves not yet answered, and the
    // link's bots' version (for a link with moves and no code).
    this._play = this.stateFromAddress && this.wanted.play ? this.wanted.play : null;
    this._pending = movesFromText(this.stateFromAddress ? this.wanted.moves : "");
    this._bots = this.stateFromAddress ? this.wanted.bots || "" : "";
    this._moves = [];
    this._selected = new Set();
    this._seq = 0;
    // The solver's check of the reader's cards, once a deal is over.
    this._review = new Review(this);

    this._choice = new RulesetChoice(`${id}-rules`, { all: false });
    this._rules = this._choice.select;
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._seed = h("input", { id: `${id}-seed`, type: "text", inputmode: "numeric", autocomplete: "off", size: "10", value: this._wanted.seed, "aria-describedby": `${id}-seed-err` });
    this._seedError = h("p", { class: "sr-field-error", id: `${id}-seed-err`, hidden: true });
    // How well the bots play their cards; a change plays the rest of the deal at the new level.
    this._level = h(
      "select",
      { id: `${id}-level`, onchange: () => this.refresh(true) },
      ...LEVELS.map(([value, label]) => h("option", { value }, label)),
    );
    this._level.value = DEFAULT_LEVEL;
    const field = (control, label, ...rest) => h("div", { class: "sr-field" }, h("label", { for: control.id }, label), control, ...rest);
    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.newDeal(this._seed.value)) },
      this._choice.field,
      h("div", { class: "sr-row" }, field(this._format, "Players"), field(this._seed, "Seed", this._seedError), field(this._level, "Bots' level")),
      h(
        "div",
        { class: "sr-inline sr-actions" },
        h("button", { type: "submit", class: "md-button md-button--primary" }, "Deal"),
        h("button", { type: "button", class: "md-button", onclick: () => this.newDeal(this.nextSeed()) }, "Another deal"),
      ),
    );
    this._rules.addEventListener("change", () => this.fillFormats(""));
    this._notice = h("p", { class: "sr-notice", hidden: true });
    this._board = h("div", { class: "sr-table__board" });
    this._pace = new Pace(this, id);
    this.liveRegion();
    replace(this, h("p", { class: "sr-widget__title" }, "Play a deal"), this.statusBox(), this._notice, form, this._pace.field, this._board, this._live);
  }

  // The inputs, from the build's fixed data: usable while the engine downloads.
  async prepare() {
    this._limits = await engineLimits();
    this._pending = this._pending.slice(0, this._limits.moves + 1);
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._wanted.rules, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    this._choice.fill(this._rulesets, table.wanted, DEFAULT_RULES, notices);
    this.fillFormats(this._wanted.format, notices);
    this.showNotice(notices);
    const level = String(this._wanted.level || "").trim().toLowerCase();
    if (LEVELS.some(([value]) => value === level)) this._level.value = level;
    else if (level) notices.push(`The bots' level “${String(this._wanted.level).slice(0, 30)}” is not one of ${LEVELS.map(([, label]) => label).join(", ")}: the bots play at ${LEVELS.find(([v]) => v === DEFAULT_LEVEL)[1]}.`);
    if (notices.length) this.showNotice(notices);
    const seed = checkSeed(this._wanted.seed, this._limits);
    if (seed.error) {
      this.showNotice([...notices, `${seed.error} Dealing seed 1 instead.`]);
      this._seed.value = "1";
      this._play = null;
      this._pending = [];
    }
  }

  // Once the engine runs: the deal asked for meanwhile, else the address's (or the first) deal.
  async onReady() {
    if (this._data && this._wanting === undefined) return;
    const announce = this._wanting ?? false;
    this._wanting = undefined;
    await this.refresh(announce);
  }

  showNotice(notices) {
    this._notice.hidden = notices.length === 0;
    this._notice.textContent = notices.join(" ");
  }

  fillFormats(wanted, notices = []) {
    const r = this._rulesets.find((x) => x.id === this._rules.value);
    fillFormatSelect(this._format, r, wanted, notices);
  }

  async nextSeed() {
    return nextSeed(this._seed.value, await engineLimits());
  }

  async newDeal(seedText) {
    const seed = checkSeed(await seedText, await engineLimits());
    this._seedError.hidden = !seed.error;
    this._seedError.textContent = seed.error || "";
    if (seed.error) {
      this._seed.setAttribute("aria-invalid", "true");
      this.announce(seed.error);
      return;
    }
    this._seed.removeAttribute("aria-invalid");
    this._seed.value = seed.value;
    this._play = null;
    this._pending = [];
    this._bots = "";
    this._advice = null;
    this.showNotice([]);
    this._paceFrom = 0;
    await this.refresh(true);
  }

  async move(text) {
    this._pending = [...this._pending, text];
    this._selected.clear();
    this._paceFrom = this._data && this._data.view ? allCards(this._data.view, this._data.players).length : null;
    await this.refresh(true);
  }

  async undo() {
    // Take back the reader's last move (and with it everything the bots did after it): a move not
    // yet answered, else the deal's code before the reader's last move.
    if (this._pending.length) this._pending = this._pending.slice(0, -1);
    else if (this._data && typeof this._data.undo === "string") this._play = this._data.undo;
    this._selected.clear();
    await this.refresh(true);
  }

  // The engine's answers for a position: the deal at the table, the pack's cards, and why each
  // card the reader may not play is barred.
  async refresh(announce) {
    if (!this._rulesets) return;
    if (!this.engineReady) {
      // Asked before the engine runs: dealt the moment it is ready.
      this._wanting = announce;
      replace(this._board, h("p", { class: "sr-hint", role: "status" }, "The deal starts as soon as the rules engine is ready (its progress is shown above)."));
      return;
    }
    // A move re-draws the board; keep a keyboard reader's focus in it, on the next thing to do.
    const keepFocus = this._board.contains(document.activeElement) || document.activeElement === document.body;
    const seq = ++this._seq;
    const request = { cmd: "table", rules: this._rules.value, format: this._format.value, seed: Number(this._seed.value), moves: [...this._pending], level: this._level.value };
    if (!Number.isSafeInteger(request.seed)) request.seed = this._seed.value;
    if (this._play !== null) request.play = this._play;
    else if (this._bots) request.bots_version = this._bots;
    const data = await this.ask(request);
    if (seq !== this._seq) return;
    if (data.error) {
      replace(this._board, h("p", { class: "sr-field-error", role: "alert" }, data.error.message));
      this.announce(data.error.message);
      return;
    }
    this._info = (await packInfo({ rules: data.ruleset })).byCard;
    const barred = data.to_play.kind === "card" ? await barredReasons((r) => this.ask(r), data) : new Map();
    if (seq !== this._seq) return;
    if (data.problem) this.showNotice([`Stopped at ${data.problem.message}.`]);
    if (!(data.over && this._review.holds(data.record))) this._review.stop();
    this._moves = data.moves;
    this._play = data.play;
    this._pending = [];
    this._data = data;
    this._barred = barred;
    this.saveState({ rules: data.ruleset, format: data.format, seed: String(this._seed.value), play: data.play, moves: "", bots: "", level: data.level });
    const from = this._paceFrom ?? null;
    this._paceFrom = null;
    this._pace.skipping = false;
    await this._pace.show(from, announce);
    if (seq !== this._seq) return;
    if (keepFocus && announce) this.focusNext();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    // Stop the solver's check of a finished deal (as a new deal or a move taken back does).
    this._review?.stop();
  }

  focusNext() {
    const target =
      this._board.querySelector(".sr-table__hand .sr-card:not([aria-disabled])") ||
      this._board.querySelector(".sr-table__you .md-button:not([aria-disabled])") ||
      this._board.querySelector(".sr-table__result ~ .sr-actions .md-button");
    if (target) target.focus();
  }

  // Seats as readers count them: the reader is "you", the others seat 2, 3, ... round the table.
  seatName(seat) {
    const d = this._data;
    if (seat === d.seat) return "you";
    const team = d.teams.find((t) => t.includes(d.seat));
    const partner = team && team.length > 1 && team.includes(seat);
    return `${seatName(seat)}${partner ? " (your partner)" : ""}`;
  }

  // A side: "your side" and, facing it in a partnership game, "the others" (as in the guided deal
  // and the trainer); with more than two sides, each other side by its seats.
  sideName(team) {
    const d = this._data;
    if (team.includes(d.seat)) return team.length > 1 ? "your side" : "you";
    if (team.length > 1 && d.teams.length === 2) return "the others";
    return team.length > 1 ? `seats ${team.map((s) => s + 1).join(" and ")}` : seatName(team[0]);
  }

  cardLabel(card) {
    return cardWords(card, this._info.get(card));
  }

  faces(cards) {
    return h(
      "span",
      { class: "sr-table__faces" },
      cards.map((c) => h("span", { role: "img", "aria-label": this.cardLabel(c) }, cardFace(c, this._info.get(c), { size: "small" }))),
    );
  }

  // A trick as seats round the table, the reader at the bottom.
  trickView(trick, { size = "", caption = "" } = {}) {
    const d = this._data;
    const winner = trick.winner === undefined || trick.winner === null ? null : (trick.winner - trick.leader + d.players) % d.players;
    return trickSeats({
      players: d.players,
      leader: trick.leader,
      cards: trick.cards,
      winner,
      name: (s) => (s === d.seat ? "you" : this.seatName(s).replace(" (your partner)", ", partner")),
      bottom: d.seat,
      info: this._info,
      size,
      caption,
    });
  }

  // --- drawing ---------------------------------------------------------------------------------

  // The reader's hand face up, not to be chosen from (while bidding or naming trump, or while the
  // other players' cards are shown): every card at full contrast.
  faceHand(cards, kitty = null) {
    const list = handFaces(cards, this._info, kitty);
    list.classList.add("sr-table__hand");
    list.setAttribute("aria-label", `Your hand, ${cards.length} cards`);
    return list;
  }

  sideIndex(seat) {
    return this._data.teams.findIndex((t) => t.includes(seat));
  }

  // The contract bar: trump, the bid and who holds it, each side's points and what is still needed.
  contractView(d) {
    const v = d.view;
    const auction = v.declarer === null && !d.over && d.view.phase === "auction";
    const sides = d.teams.map((t) => ({ name: this.sideName(t), taken: t.reduce((sum, s) => sum + v.points[s], 0) }));
    const bid = v.declarer === null ? null : (v.bid_to_make ?? v.bid);
    return contractBar({
      trump: v.trump_label,
      bid,
      holder: v.declarer === null ? null : v.declarer === d.seat ? "you" : this.seatName(v.declarer).replace(" (your partner)", ", your partner"),
      sides,
      total: d.total,
      bidSide: v.declarer === null ? null : this.sideIndex(v.declarer),
      stage: auction ? "bidding" : "",
    });
  }

  table({ trick = null, hands, toPlay = null, leader = null, dock = null }) {
    const d = this._data;
    const team = d.teams.find((t) => t.includes(d.seat)) || [];
    return tableView({
      players: d.players,
      bottom: d.seat,
      name: (s) => (s === d.seat ? "you" : seatName(s)),
      dealer: d.view.dealer,
      leader,
      toPlay,
      partners: team.length > 1 ? team : [],
      hands,
      trick,
      info: this._info,
      caption: "The table, you at the bottom",
      dock,
      trump: d.view.trump_label,
    });
  }

  // Who won the auction and what was named, once it is known.
  auctionResult(d) {
    const v = d.view;
    if (v.declarer === null) return "";
    const who = v.declarer === d.seat ? "You" : capitalize(this.seatName(v.declarer));
    const won = `${who} won the bid at ${v.bid}`;
    const raised = v.bid_to_make !== null && v.bid_to_make !== v.bid ? `; the discards raised it to ${v.bid_to_make}` : "";
    if (v.trump_label) return `${won}${raised}, and trump is ${v.trump_label}.`;
    if (d.to_play.kind === "card" && d.to_play.declares) return `${won}${raised}; the first card ${v.declarer === d.seat ? "you lead" : "led"} names trump.`;
    return `${won}${raised}; trump is not named yet.`;
  }

  draw(announce) {
    const d = this._data;
    const v = d.view;
    const parts = [];
    const said = [];
    const name = (s) => this.seatName(s);

    // What the reader does now, docked between the trick and the hand: the auction while it goes
    // on, the question and its buttons, and at the end the score.
    const dock = [];
    const result = this.auctionResult(d);
    if (result && this._saidAuction !== d.play.split(".")[0] + result) {
      this._saidAuction = d.play.split(".")[0] + result;
      said.push(result);
    }
    const calls = v.auction.length ? h("ol", { class: "sr-replay__calls sr-table__calls" }, v.auction.map((c) => h("li", {}, `${capitalize(name(c.seat))}: ${c.call}`))) : null;
    if (calls && v.declarer === null && !d.over) dock.push(h("p", { class: "sr-replay__rowlabel" }, "The auction"), calls);
    dock.push(actions(this, d, said));
    const ending = d.over ? endOfDeal(this, d, said) : null;
    if (ending) dock.push(...ending.dock);

    // The table: the trick being played; between tricks, the last one taken stays until the next lead.
    let trick = null;
    const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    if (v.trick.cards.length) trick = { leader: v.trick.leader, cards: v.trick.cards, winner: null, label: `Trick ${v.tricks.length + 1}` };
    else if (last)
      trick = {
        leader: last.leader,
        cards: last.cards,
        winner: (last.winner - last.leader + d.players) % d.players,
        label: `Trick ${v.tricks.length}: ${this.seatName(last.winner).replace(" (your partner)", "")} took it`,
      };
    else if (d.to_play.kind === "card") trick = { leader: d.seat, cards: [], winner: null, label: "Trick 1: you lead" };
    const toPlay = d.over ? null : v.current_player >= 0 ? v.current_player : null;
    const hands = v.hand_sizes.map((size, s) => (s === d.seat ? { element: handElement(this, d) } : { count: size }));
    const region = playRegion(
      this.contractView(d),
      this.table({ trick, hands, toPlay, leader: v.trick.cards.length ? v.trick.leader : toPlay !== null && d.to_play.kind === "card" ? toPlay : null, dock }),
    );
    parts.push(region);

    // Who won the auction and what was named, and the auction folded away once it is over.
    if (result) parts.push(h("p", { class: "sr-table__won" }, result));
    if (calls && !(v.declarer === null && !d.over)) {
      parts.push(h("details", { class: "sr-table__auction" }, h("summary", {}, `The auction (${v.auction.length} calls)`), calls));
    }
    // The cards left over: face up for the first trick, or a drawing pile.
    if (v.face_up.length) {
      parts.push(h("p", { class: "sr-table__undealt" }, `Face up on the table, for whoever takes the first trick: ${v.face_up.join(", ")}. `, this.faces(v.face_up)));
    }
    if (v.pile.size) {
      parts.push(
        h(
          "p",
          { class: "sr-table__undealt" },
          `Drawing pile: ${v.pile.size} card${v.pile.size === 1 ? "" : "s"}${v.pile.top ? `, ${v.pile.top} on top, face up` : ", face down"}; after each trick everyone draws one, the winner first.`,
          v.pile.top ? [" ", this.faces([v.pile.top])] : null,
        ),
      );
    }
    if (last) {
      const drew = (last.draws || []).find((x) => x.seat === d.seat);
      parts.push(
        h(
          "p",
          { class: "sr-table__last" },
          `Trick ${v.tricks.length}: ${last.cards.join(", ")}. ${capitalize(name(last.winner))} took it.${drew && drew.card ? ` You drew ${drew.card}.` : ""}`,
        ),
      );
      const sides = d.teams.map((t) => t.reduce((sum, s) => sum + v.points[s], 0));
      parts.push(h("p", { class: "sr-table__points sr-vh" }, `Points taken: ${d.teams.map((t, i) => `${this.sideName(t)} ${sides[i]}`).join("; ")}.`));
    }
    if (this._moves.length && !d.over) {
      parts.push(h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.undo() }, "Take back my last move")));
    }
    if (ending) parts.push(...ending.rest);
    // Every finished trick, as a small table of cards.
    if (v.tricks.length) {
      parts.push(
        h(
          "details",
          { class: "sr-table__tricks", open: this._tricksOpen ? true : null, ontoggle: (e) => (this._tricksOpen = e.target.open) },
          h("summary", {}, `The tricks so far (${v.tricks.length})`),
          h(
            "ol",
            { class: "sr-tricks" },
            v.tricks.map((t, i) =>
              h("li", {}, h("span", { class: "sr-trick__label", "aria-hidden": "true" }, `Trick ${i + 1}`), this.trickView(t, { size: "small", caption: `Trick ${i + 1}` })),
            ),
          ),
        ),
      );
    }
    replace(this._board, parts);
    if (announce) {
      keepInView(region, region.querySelector(".sr-table__result") || region.querySelector(".sr-tv__dock"));
      this.announce(said.join(" "));
    }
  }
}

defineWidget("somerset-table", SomersetTable);
