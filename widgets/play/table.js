// <somerset-table permalink rules="parker-1947" seed="1">: play one deal against the engine's bots.
// The reader sits at the dealer's left (the engine's seat 0, "seat 1" for readers); every answer
// comes from the engine (the `table` request, and `legal` for the reasons), which replays the deal
// from the start each time, so the position is the ruleset, the players, the seed and the deal so
// far (its code, `play`; see somerset.records.links), all kept in the address. The deal is drawn on
// the one table (views/table-view.js); once it is over, the solver reviews the reader's cards of
// the last tricks (views/best-play.js) and each costly card is kept as a puzzle on the device
// (store/own-puzzles.js). What the reader sees at each step: develop/runtime.md, "Play a deal".

import {
  RulesetChoice,
  Widget,
  advisedCall,
  capitalize,
  cardFace,
  cardWords,
  clear,
  checkSeed,
  citationLink,
  interpretationNote,
  defineWidget,
  engineLimits,
  fillFormatSelect,
  h,
  handView,
  nextId,
  nextSeed,
  packInfo,
  replace,
  rulesetList,
  withTableRules,
  seatName,
  seatText,
  signed,
  trickSeats,
} from "../base/ui.js";
import { contractBar, handFaces, keepInView, playRegion, tableView } from "../views/table-view.js";
import { citationHref } from "../engine/engine.js";
import { BestPlay, solveInSlices } from "../views/best-play.js";
import { ownPuzzle, saveOwnPuzzles } from "../store/own-puzzles.js";
import "../views/replay.js";

// Deals the advisor plays out for each trump when the reader asks what to bid (a second or so).
const ADVICE_SAMPLES = 80;
const CALL_REVIEW_SAMPLES = 40; // for each call measured once the deal is over (a few calls a deal)

// Where the reader's own puzzles are tried again (the puzzle trainer, "From your deals").
const TRAINER_PATH = "puzzles/trainer/?theme=own";

const DEFAULT_RULES = "parker-1947";
const FIELDS = ["rules", "format", "seed", "moves", "play", "bots", "level"];
// The bots' levels the engine offers (somerset.players.roster.LEVELS), and the one of a link naming none.
const LEVELS = [["beginner", "Beginner"], ["club", "Club"], ["strong", "Strong"]];
const DEFAULT_LEVEL = "club";

// Moves in the address: "bid 9,play 4/8" is written bid_9,play_4/8. (The engine refuses more moves than a deal has.)
function movesFromText(text) {
  return String(text || "")
    .split(",")
    .map((m) => m.trim().replace(/_/g, " "))
    .filter(Boolean);
}


class SomersetTable extends Widget {
  static fields = FIELDS;
  static defaults = { rules: DEFAULT_RULES, seed: "1" };
  static remembersRuleset = true;

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
    // How fast the other players' cards appear: one at a time by default, so a reader can follow.
    this._paceGen = 0;
    this._skip = false;
    this._pace = h(
      "select",
      { id: `${id}-pace`, onchange: () => this._pace.value === "instant" && this.skipPace() },
      h("option", { value: "slow" }, "One by one, slowly"),
      h("option", { value: "normal" }, "One by one"),
      h("option", { value: "quick" }, "One by one, quickly"),
      h("option", { value: "instant" }, "All at once"),
    );
    this._pace.value = "normal";
    const pace = h("div", { class: "sr-field sr-table__pace" }, h("label", { for: this._pace.id }, "The other players' cards"), this._pace);
    this.liveRegion();
    replace(this, h("p", { class: "sr-widget__title" }, "Play a deal"), this.statusBox(), this._notice, form, pace, this._board, this._live);
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
    this._paceFrom = this._data && this._data.view ? this.allCards(this._data.view).length : null;
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
    const barred = data.to_play.kind === "card" ? await this.barredReasons(data) : new Map();
    if (seq !== this._seq) return;
    if (data.problem) this.showNotice([`Stopped at ${data.problem.message}.`]);
    if (!(data.over && this._review && this._review.key === data.record)) this.stopReview();
    this._moves = data.moves;
    this._play = data.play;
    this._pending = [];
    this._data = data;
    this._barred = barred;
    this.saveState({ rules: data.ruleset, format: data.format, seed: String(this._seed.value), play: data.play, moves: "", bots: "", level: data.level });
    const from = this._paceFrom ?? null;
    this._paceFrom = null;
    this._skip = false;
    await this.showPaced(from, announce);
    if (seq !== this._seq) return;
    if (keepFocus && announce) this.focusNext();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.stopReview();
  }

  // Stop the solver's check of a finished deal (a new deal, a move taken back, the page left).
  stopReview() {
    this._reviewGen = (this._reviewGen || 0) + 1;
    this._review = null;
  }

  // The solver's check of the reader's cards in the deal's last tricks: made once per deal, kept
  // while the board is redrawn.
  reviewSection(d) {
    if (this._review && this._review.key === d.record) return this._review.element;
    this.stopReview();
    const gen = this._reviewGen;
    const id = nextId("review");
    const element = h("section", { class: "sr-table__review", "aria-labelledby": `${id}-title` });
    this._review = { key: d.record, element };
    const review = Array.isArray(d.review) ? d.review : [];
    const title = h("p", { class: "sr-replay__rowlabel", id: `${id}-title` }, "Your cards, checked by the solver");
    if (!review.length) {
      replace(element, title, h("p", {}, "You played no card in the deal's last tricks, so there is nothing for the solver to check."));
      return element;
    }
    this.runReview(d, review, element, title, gen);
    return element;
  }

  async runReview(d, review, box, title, gen) {
    const current = () => gen === this._reviewGen;
    const tricks = review[0].tricks_left;
    const status = h("p", { class: "sr-table__verdict", role: "status" }, "Working out what each of your cards was worth…");
    const list = h("ol", { class: "sr-table__checks" });
    const note = h("p", { class: "sr-table__saved", hidden: true });
    const rows = review.map((e) => {
      const li = h("li", { "data-trick": String(e.trick), "data-card": e.card, "data-state": "waiting" }, `Trick ${e.trick}: you ${e.index === 0 ? "led" : "played"} ${e.card}.`);
      list.append(li);
      return li;
    });
    replace(
      box,
      title,
      h(
        "p",
        { class: "sr-hint" },
        `Each card you played in the last ${tricks} tricks, against the best card you held, with every hand in view and best play by everyone after it.`,
      ),
      status,
      list,
      note,
    );
    const costly = [];
    let lost = 0;
    let checked = 0;
    for (const [i, e] of review.entries()) {
      const row = rows[i];
      const what = `Trick ${e.trick}: you ${e.index === 0 ? "led" : "played"} ${e.card}`;
      row.dataset.state = "searching";
      row.textContent = `${what}: working it out…`;
      const answer = await solveInSlices((r) => this.ask(r), e.position, { current, lines: true, you: d.seat });
      if (answer === null) return;
      if (answer.error || answer.too_big) {
        row.dataset.state = answer.error ? "error" : "too-big";
        row.textContent = answer.error ? `${what}: cannot be checked (${answer.error.message}).` : `${what}: too big to work out quickly here.`;
        continue;
      }
      checked += 1;
      const card = answer.cards.find((c) => c.card === e.card);
      const best = answer.cards.filter((c) => c.best).map((c) => c.card);
      const cost = card ? card.loss : null;
      row.dataset.state = "done";
      row.dataset.cost = String(cost);
      const summary = cost
        ? `${what}: cost ${cost} point${cost === 1 ? "" : "s"}; ${best.join(" or ")} ${best.length > 1 ? "were" : "was"} best.`
        : `${what}: ${best.length > 1 ? "one of the best cards" : "the best card"}.`;
      const view = new BestPlay({ ask: (r) => this.ask(r), announce: (t) => this.announce(t), name: (s) => (s === d.seat ? "you" : this.seatName(s)), info: this._info });
      const details = h(
        "details",
        { class: `sr-table__check${cost ? " sr-table__check--cost" : ""}`, ontoggle: (ev) => ev.target.open && !view._answer && view.showAnswer(answer, { played: e.card }) },
        h("summary", {}, h("span", { class: "sr-table__mark", "aria-hidden": "true" }, cost ? `−${cost}` : "✓"), " ", summary),
        view.element,
      );
      // why the best card beats the one played, in the engine's words, beside the figures
      const why = cost && card && card.why ? h("p", { class: "sr-table__why", "data-card": e.card }, card.why.text) : null;
      replace(row, details, why);
      if (cost) {
        lost += cost;
        costly.push({ e, answer });
      }
    }
    const words = costly.length
      ? `${costly.length} of your ${review.length} cards in the last ${tricks} tricks cost points: ${lost} in all (${costly.map((x) => `${x.e.card} in trick ${x.e.trick}, ${x.answer.cards.find((c) => c.card === x.e.card).loss}`).join("; ")}).`
      : checked === review.length
        ? `None of your ${review.length} cards in the last ${tricks} tricks cost a point: each was a best card.`
        : `${checked} of your ${review.length} cards could be checked; none of those cost a point.`;
    status.textContent = words;
    status.dataset.lost = String(lost);
    let saidSaved = "";
    if (costly.length) saidSaved = this.saveOwn(d, costly, note);
    this.announce(`${words}${saidSaved ? ` ${saidSaved}` : ""}`);
  }

  // Each card that cost points becomes a puzzle in the reader's own list on this device.
  saveOwn(d, costly, note) {
    const made = new Date().toISOString();
    const records = costly.map(({ e, answer }, n) => {
      // the deal's code just before the card: the link opens that position in every later release
      const play = typeof e.play === "string" ? e.play : d.play;
      const link = citationHref(`tools/play/?rules=${encodeURIComponent(d.ruleset)}&format=${encodeURIComponent(d.format)}&seed=${encodeURIComponent(String(this._seed.value))}&play=${encodeURIComponent(play)}`) || "";
      return ownPuzzle({ answer, review: e, deal: { ruleset: d.ruleset, ruleset_name: d.ruleset_name, format: d.format, seed: String(this._seed.value), teams: d.teams, trump_label: d.view.trump_label }, link, made, n: n + 1 });
    });
    const { saved, total, problem } = saveOwnPuzzles(records);
    const trainer = citationHref(TRAINER_PATH);
    let words;
    if (problem) words = `Your puzzles could not be kept: ${problem}.`;
    else if (!saved.length) words = `The ${records.length === 1 ? "puzzle" : "puzzles"} from this deal ${records.length === 1 ? "is" : "are"} already in your list (${total} in all).`;
    else words = `Saved ${saved.length === 1 ? "this card as a puzzle" : `these ${saved.length} cards as puzzles`} in your own list on this device (${total} in all), to try again later.`;
    replace(note, words, trainer && !problem ? [" ", h("a", { href: trainer }, "Try them in the puzzle trainer"), " (From your deals)."] : null);
    note.hidden = false;
    note.dataset.saved = String(saved.length);
    return words;
  }

  // Why each card in the hand that may not be played now is barred, in the engine's words.
  async barredReasons(d) {
    const v = d.view;
    const legal = new Set(d.to_play.cards);
    const barred = v.hand.filter((c) => !legal.has(c));
    const reasons = new Map();
    if (!barred.length) return reasons;
    const base = { cmd: "legal", rules: d.ruleset, hand: v.hand };
    const firstLead = v.tricks.length === 0 && v.trick.cards.length === 0;
    if (v.trump !== null) {
      const r = await this.ask({ ...base, trump: v.trump, trick: v.trick.cards, first_trick: firstLead });
      const agrees = !r.error && r.legal.length === legal.size && r.legal.every((c) => legal.has(c));
      if (agrees) for (const i of r.illegal) reasons.set(i.card, i.reason);
    } else {
      // The first card led names trump: each barred card, asked under the trump it would name.
      const fallback = d.to_play.cards.find((c) => c !== "S/S");
      for (const c of barred) {
        const suit = c === "S/S" ? (fallback || "").split("/")[1] : c.split("/")[1];
        if (!suit) continue;
        const r = await this.ask({ ...base, trump: suit, trick: [], first_trick: true });
        if (r.error) reasons.set(c, `Leading ${c} would name the /${suit} suit trump, and ${r.error.message.replace(/^./, (x) => x.toLowerCase())}`);
        else {
          const i = r.illegal.find((x) => x.card === c);
          if (i) reasons.set(c, i.reason);
        }
      }
    }
    const allowed = d.to_play.cards.join(", ");
    for (const c of barred) if (!reasons.has(c)) reasons.set(c, `The rules let you play only ${allowed} now.`);
    return reasons;
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

  sideName(team) {
    const d = this._data;
    if (team.includes(d.seat)) return team.length > 1 ? "your side" : "you";
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

  // --- the pace of the other players' cards ------------------------------------------------------

  // Every card of the deal so far in play order: {trick (index), position, card, seat}.
  allCards(v) {
    const n = this._data.players;
    const out = [];
    const add = (t, k) => t.cards.forEach((card, i) => out.push({ trick: k, position: i, card, seat: (t.leader + i) % n }));
    v.tricks.forEach((t, k) => add(t, k));
    add(v.trick, v.tricks.length);
    return out;
  }

  // The table after the first `m` cards of `all` (the deal's cards so far), for showing the cards
  // the reader has not yet seen one by one: the trick then in play and each hand as it was.
  frame(all, m) {
    const d = this._data;
    const v = d.view;
    const last = all[m - 1];
    const trickCards = all.filter((x) => x.trick === last.trick && all.indexOf(x) < m);
    const source = last.trick < v.tricks.length ? v.tricks[last.trick] : v.trick;
    const done = last.trick < v.tricks.length && trickCards.length === source.cards.length;
    const winner = done ? (source.winner - source.leader + d.players) % d.players : null;
    const later = all.slice(m);
    const counts = v.hand_sizes.map((size, s) => {
      let c = size + later.filter((x) => x.seat === s).length;
      // cards drawn from the pile after tricks not yet shown as taken
      for (let k = done ? last.trick + 1 : last.trick; k < v.tricks.length; k++) if ((v.tricks[k].draws || []).some((x) => x.seat === s)) c -= 1;
      return Math.max(0, c);
    });
    const mine = new Set(later.filter((x) => x.seat === d.seat).map((x) => x.card));
    for (let k = done ? last.trick + 1 : last.trick; k < v.tricks.length; k++) for (const x of v.tricks[k].draws || []) if (x.seat === d.seat && x.card) mine.delete(x.card);
    const hand = [...v.hand.filter((c) => !(v.tricks.slice(done ? last.trick + 1 : last.trick).some((t) => (t.draws || []).some((x) => x.seat === d.seat && x.card === c)))), ...mine];
    return {
      trick: { leader: source.leader, cards: trickCards.map((x) => x.card), winner, label: `Trick ${last.trick + 1}${done ? `: ${this.seatName(source.winner).replace(" (your partner)", "")} took it` : ""}` },
      counts,
      hand: this.sortCards(hand),
      toPlay: done ? null : trickCards.length < d.players ? (source.leader + trickCards.length) % d.players : null,
      done,
    };
  }

  sortCards(cards) {
    const order = new Map([...this._info.keys()].map((c, i) => [c, i]));
    return [...cards].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  }

  paceDelay() {
    return { slow: 1500, normal: 900, quick: 350, instant: 0 }[this._pace.value] ?? 900;
  }

  // Show the cards played since the reader last saw the table, one at a time at the chosen pace,
  // then the whole position. A reader may show them all at once (the Skip button, or the pace
  // "All at once"). `from`: how many of the deal's cards the reader has seen.
  async showPaced(from, announce) {
    const gen = ++this._paceGen;
    const v = this._data.view;
    const all = this.allCards(v);
    const delay = this.paceDelay();
    if (from === null || from >= all.length || delay === 0) {
      this._board.dataset.pace = "done";
      this._board.dataset.shown = String(all.length);
      this.draw(announce);
      return;
    }
    this._board.dataset.pace = "playing";
    for (let m = from + 1; m <= all.length; m++) {
      if (gen !== this._paceGen) return;
      if (this._skip) break;
      const f = this.frame(all, m);
      const x = all[m - 1];
      this.drawFrame(f, m);
      const who = x.seat === this._data.seat ? "You" : capitalize(this.seatName(x.seat).replace(" (your partner)", ""));
      this.announce(`${who} ${x.seat === this._data.seat ? "play" : "plays"} ${x.card}.${f.done ? ` ${f.trick.label.replace(/^Trick \d+: /, "")}.` : ""}`);
      if (m < all.length || f.done) await this.wait(f.done ? delay * 1.5 : delay);
    }
    if (gen !== this._paceGen) return;
    this._skip = false;
    this._board.dataset.pace = "done";
    this._board.dataset.shown = String(all.length);
    this.draw(announce);
  }

  wait(ms) {
    return new Promise((resolve) => {
      this._wake = resolve;
      this._timer = setTimeout(resolve, this._skip ? 0 : ms);
    });
  }

  skipPace() {
    this._skip = true;
    clearTimeout(this._timer);
    if (this._wake) this._wake();
  }

  // One step of the cards being shown: the contract bar, the table, and the Skip button.
  drawFrame(f, m) {
    const d = this._data;
    // a keyboard reader's focus, in the board, moves to Show all now while the cards appear
    const keep = this._board.contains(document.activeElement) || document.activeElement === document.body;
    const hands = d.view.hand_sizes.map((_, s) => (s === d.seat ? { element: this.faceHand(f.hand) } : { count: f.counts[s] }));
    const pacing = h(
      "div",
      { class: "sr-inline sr-actions sr-table__pacing" },
      h("p", { class: "sr-hint" }, "The other players are playing their cards."),
      h("button", { type: "button", class: "md-button sr-table__skip", onclick: () => this.skipPace() }, "Show all now"),
    );
    const region = playRegion(this.contractView(d), this.table({ trick: f.trick, hands, toPlay: f.toPlay, leader: f.trick.leader, dock: pacing }));
    replace(this._board, region);
    this._board.dataset.shown = String(m);
    if (keep) this._board.querySelector(".sr-table__skip").focus();
    keepInView(region);
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
    dock.push(this.actions(d, said));
    const ending = d.over ? this.ending(d, said) : null;
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
    const hands = v.hand_sizes.map((size, s) => (s === d.seat ? { element: this.handElement(d) } : { count: size }));
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

  // The reader's hand in the bottom seat: buttons to choose from when a card or discards are asked
  // for, else the cards face up.
  handElement(d) {
    const v = d.view;
    const tp = d.to_play;
    const kitty = tp.kind === "discard" ? new Set(tp.kitty || []) : null;
    if (tp.kind === "card") {
      const view = handView({ cards: v.hand, info: this._info, label: `Your hand, ${v.hand.length} cards`, barred: this._barred, onpick: (c) => this.move(`play ${c}`), idPrefix: nextId("hand") });
      view.element.querySelector(".sr-hand").classList.add("sr-table__hand");
      return view.element;
    }
    if (tp.kind === "discard") {
      const kept = new Map((tp.kept || []).map((c) => [c, "it came from the kitty, and the kitty's cards stay in your hand."]));
      const effects = (tp.effects && tp.effects.cards) || {};
      const view = handView({
        cards: v.hand,
        info: this._info,
        label: `Your hand with the kitty, ${v.hand.length} cards`,
        barred: kept.size ? kept : null,
        marks: new Map(v.hand.map((c) => [c, { kitty: kitty.has(c), note: [kitty.has(c) ? "from the kitty" : "", effects[c] ? "discarding it changes your bid or points" : ""].filter(Boolean).join(", ") }])),
        onpick: (c) => {
          if (this._selected.has(c)) this._selected.delete(c);
          else this._selected.add(c);
          this.draw(false);
          const warn = this._board.querySelector(".sr-table__warning");
          if (warn && this._selected.has(c) && effects[c]) this.announce(warn.textContent);
          this._board.querySelector(`.sr-table__hand [data-card="${CSS.escape(c)}"]`)?.focus();
        },
        pressed: (c) => this._selected.has(c),
        idPrefix: nextId("hand"),
      });
      view.element.querySelector(".sr-hand").classList.add("sr-table__hand");
      return view.element;
    }
    return this.faceHand(v.hand, kitty);
  }

  // Ask the advisor from `button`, saying in `out` that deals are being played out; the answer, or
  // null when it was refused (said in `out` and announced) or the table moved on meanwhile.
  async askAdvice(request, button, out) {
    button.disabled = true;
    replace(out, h("p", { class: "sr-hint" }, "Playing out deals of the cards you cannot see…"));
    const seq = this._seq;
    const a = await this.ask(request);
    if (seq !== this._seq) return null;
    button.disabled = false;
    if (a.error) {
      replace(out, h("p", { class: "sr-field-error" }, `No advice: ${a.error.message}`));
      this.announce(`No advice: ${a.error.message}`);
      return null;
    }
    return a;
  }

  // During the reader's call: what the advisor would bid with this hand after these calls (asked on
  // request: deals of the unseen cards played out for every trump), and a link to every bid and
  // trump in What is my hand worth?.
  adviceBox(d, box) {
    const v = d.view;
    const calls = v.auction.map((c) => c.call);
    const params = new URLSearchParams({ rules: d.ruleset, format: d.format, hand: v.hand.join(" ") });
    if (calls.length) params.set("auction", calls.join(" "));
    const out = h("div", { class: "sr-table__advice", role: "status", id: nextId("advice") });
    const ask = h(
      "button",
      {
        type: "button",
        class: "md-button",
        onclick: async () => {
          const request = { cmd: "advise", rules: d.ruleset, format: d.format, hand: v.hand, samples: ADVICE_SAMPLES };
          if (calls.length) Object.assign(request, { auction: calls, seat: d.seat, dealer: v.dealer });
          const a = await this.askAdvice(request, ask, out);
          if (!a) return;
          const rec = a.recommendation;
          const call = advisedCall(rec);
          this._advice = { deal: this.dealKey(d), rec };
          replace(out, h("p", { id: `${out.id}-said` }, h("strong", {}, `The advisor would ${call}. `), rec.reason, ` (${a.samples} deals played out for each trump.)`));
          this.markAdvised(box, rec.bid === null ? "pass" : `bid ${rec.bid}`, `${out.id}-said`);
          keepInView(this._board.querySelector(".sr-tv-play"), box.closest(".sr-tv"));
          this.announce(`The advisor would ${call}. ${rec.reason}`);
        },
      },
      "What would you bid?",
    );
    const link = h("a", { class: "sr-table__worth", href: citationHref(`tools/worth/?${params.toString()}`) || "#" }, "Every bid and trump for this hand");
    return h("div", { class: "sr-table__hint" }, h("div", { class: "sr-inline sr-actions" }, ask, link), out);
  }

  // The calls shown as buttons: pass and the bids people make, from a quarter of the deal's points
  // up, as many bids as a third of its points (the bots' bids over many deals: 6 to 12 of 24, 13 to
  // 22 of 36); the other bids under "More bids", one tap away.
  usualCalls(moves, total) {
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
  bidRange(bids) {
    const runs = [];
    for (const n of bids.map((m) => Number(m.slice(4)))) {
      const run = runs[runs.length - 1];
      if (run && n === run[1] + 1) run[1] = n;
      else runs.push([n, n]);
    }
    return runs.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join(", ");
  }

  // The deal the advice was asked for (a new deal forgets it).
  dealKey(d) {
    return `${d.ruleset} ${d.format} ${this._seed.value}`;
  }

  // Outline the advised call's (or trump's) button, said with the advice; a bid under More bids is
  // moved beside the others.
  markAdvised(box, move, describedBy) {
    for (const b of box.querySelectorAll(".sr-table__advised")) {
      b.classList.remove("sr-table__advised");
      b.removeAttribute("aria-describedby");
    }
    const button = box.querySelector(`button[data-move="${CSS.escape(move)}"]`);
    if (!button) return;
    button.classList.add("sr-table__advised");
    button.setAttribute("aria-describedby", describedBy);
    const more = button.closest("details");
    if (more) {
      const group = box.querySelector(".sr-table__calls-to-make");
      const value = (m) => (m === "pass" ? -1 : Number(m.slice(4)));
      const after = [...group.querySelectorAll("button")].find((x) => value(x.dataset.move) > value(move));
      group.insertBefore(button, after || null);
      const left = more.querySelectorAll("button");
      if (!left.length) more.remove();
      else more.querySelector("summary").textContent = `More bids (${this.bidRange([...left].map((b) => b.dataset.move))})`;
    }
  }

  // At the trump step: the advisor's trump, kept from the advice asked during the auction, or asked
  // now (deals of the unseen cards played out for every trump with this hand).
  trumpAdvice(d, box) {
    const v = d.view;
    const out = h("div", { class: "sr-table__advice", role: "status", id: nextId("advice") });
    const show = (rec, note) => {
      replace(out, h("p", { id: `${out.id}-said` }, h("strong", {}, `The advisor would name Trump: ${rec.label}. `), note));
      const move = (d.to_play.moves || []).find((m, i) => d.to_play.labels[i] === rec.label);
      if (move) this.markAdvised(box, move, `${out.id}-said`);
    };
    const kept = this._advice && this._advice.deal === this.dealKey(d) ? this._advice.rec : null;
    if (kept) {
      show(kept, `(its advice during the auction: ${kept.reason})`);
      return h("div", { class: "sr-table__hint" }, out);
    }
    const ask = h(
      "button",
      {
        type: "button",
        class: "md-button",
        onclick: async () => {
          const a = await this.askAdvice({ cmd: "advise", rules: d.ruleset, format: d.format, hand: v.hand, samples: ADVICE_SAMPLES }, ask, out);
          if (!a) return;
          const rec = a.recommendation;
          this._advice = { deal: this.dealKey(d), rec };
          show(rec, `(${a.samples} deals played out for each trump.)`);
          keepInView(this._board.querySelector(".sr-tv-play"), box.closest(".sr-tv"));
          this.announce(`The advisor would name Trump: ${rec.label}.`);
        },
      },
      "Which trump would the advisor name?",
    );
    return h("div", { class: "sr-table__hint" }, h("div", { class: "sr-inline sr-actions" }, ask), out);
  }

  // Once the deal is over and every hand is known: each call of the auction beside the call the bid
  // advisor makes with that seat's hand after the calls before it, and how often the side would make
  // the bid called (asked on request, call by call, from the same figures as What is my hand worth?).
  callsReview(d) {
    const v = d.view;
    const calls = v.auction || [];
    if (!calls.length || !d.hands) return null;
    const list = h("ol", { class: "sr-table__callreview" });
    const out = h("div", { role: "status" });
    const ask = h(
      "button",
      {
        type: "button",
        class: "md-button",
        onclick: async () => {
          ask.disabled = true;
          clear(list);
          const seq = this._seq;
          let differ = 0;
          for (let i = 0; i < calls.length; i++) {
            const { seat, call } = calls[i];
            const who = seat === d.seat ? "You" : capitalize(this.seatName(seat));
            const said = call === "pass" ? "passed" : `bid ${call}`;
            const item = h("li", {}, h("strong", {}, `${who} ${said}. `), h("span", { class: "sr-hint" }, "Playing out deals…"));
            list.append(item);
            replace(out, h("p", { class: "sr-hint" }, `Measuring call ${i + 1} of ${calls.length}…`));
            const request = { cmd: "advise", rules: d.ruleset, format: d.format, hand: d.hands[seat], samples: CALL_REVIEW_SAMPLES, seat, dealer: v.dealer };
            if (i) request.auction = calls.slice(0, i).map((c) => c.call);
            const a = await this.ask(request);
            if (seq !== this._seq) return; // a new deal meanwhile
            if (a.error) {
              replace(item, h("strong", {}, `${who} ${said}. `), `No figures: ${a.error.message}`);
              continue;
            }
            const rec = a.recommendation;
            const advised = advisedCall(rec);
            const same = rec.bid === null ? call === "pass" : String(rec.bid) === call;
            if (!same) differ += 1;
            let chance = "";
            if (call !== "pass") {
              const made = a.trumps.flatMap((t) => t.bids.filter((b) => String(b.bid) === call).map((b) => ({ p: b.p_make, label: t.label })));
              const best = made.reduce((x, y) => (y.p > (x ? x.p : -1) ? y : x), null);
              if (best) chance = ` Bid ${call} is made in ${Math.round(100 * best.p)}% of deals, with Trump: ${best.label}.`;
            }
            replace(item, h("strong", {}, `${who} ${said}. `), `${same ? "The advisor agrees" : `The advisor would ${advised}`}.${chance}`);
          }
          ask.disabled = false;
          const summary = differ === 0 ? "The advisor agrees with every call." : `The advisor would have called differently ${differ} ${differ === 1 ? "time" : "times"} in ${calls.length} calls.`;
          replace(out, h("p", {}, `${summary} (${CALL_REVIEW_SAMPLES} deals of the unseen cards played out for each trump, for each call.)`));
          this.announce(summary);
        },
      },
      "Measure every call",
    );
    return h(
      "details",
      { class: "sr-table__calls-measured" },
      h("summary", {}, "The calls, measured by the bid advisor"),
      h("p", { class: "sr-hint" }, "For each call, what the bid advisor would call with that seat's hand after the calls before it, knowing only that hand, as What is my hand worth? does."),
      h("div", { class: "sr-inline sr-actions" }, ask),
      list,
      out,
    );
  }

  actions(d, said) {
    const v = d.view;
    const tp = d.to_play;
    const box = h("div", { class: "sr-table__you" });
    if (tp.kind === "call") {
      said.push(`Your call. ${v.auction.length ? `The calls so far: ${v.auction.map((c) => `${this.seatName(c.seat)} ${c.call}`).join(", ")}.` : "You call first."}`);
      const button = (m) => h("button", { type: "button", class: "md-button", "data-move": m, onclick: () => this.move(m) }, m === "pass" ? "Pass" : m.replace("bid ", ""));
      const { usual, more } = this.usualCalls(tp.moves, d.total);
      const group = h("div", { class: "sr-inline sr-table__calls-to-make", role: "group", "aria-label": "Your call" }, usual.map(button));
      const others = more.length
        ? h(
            "details",
            { class: "sr-table__more" },
            h("summary", {}, `More bids (${this.bidRange(more)})`),
            h("div", { class: "sr-inline sr-table__calls-to-make", role: "group", "aria-label": "More bids" }, more.map(button)),
          )
        : null;
      box.append(h("p", { class: "sr-table__ask" }, "Your call: pass, or bid the points your side will take."), group, others, this.adviceBox(d, box));
    } else if (tp.kind === "trump") {
      said.push(`You won the bid at ${v.bid_to_make ?? v.bid}. Name trump.`);
      box.append(
        h("p", { class: "sr-table__ask" }, `You won the bid at ${v.bid_to_make ?? v.bid}: name trump.`),
        h(
          "div",
          { class: "sr-inline sr-table__trumps", role: "group", "aria-label": "Name trump" },
          tp.moves.map((m, i) => h("button", { type: "button", class: "md-button", "data-move": m, "data-label": tp.labels[i], onclick: () => this.move(m) }, tp.labels[i])),
        ),
      );
      box.append(this.trumpAdvice(d, box));
    } else if (tp.kind === "discard") {
      said.push(tp.text);
      const chosen = [...this._selected];
      const effects = (tp.effects && tp.effects.cards) || {};
      const warnings = chosen.filter((c) => effects[c]).map((c) => effects[c]);
      box.append(h("p", { class: "sr-table__ask" }, `${tp.text} The kitty's cards are marked in your hand. Chosen: ${chosen.length ? chosen.join(", ") : "none yet"}.`));
      if (warnings.length) {
        const rule = tp.effects.rule;
        box.append(
          h(
            "div",
            { class: "sr-table__warning", role: "note" },
            h("p", {}, h("strong", {}, "Before you discard: "), warnings.join(" ")),
            rule ? h("p", { class: "sr-table__rule" }, "The rule: ", rule.text, rule.citation ? [" ", citationLink(rule.citation)] : null) : null,
            rule ? interpretationNote(rule.interpretation) : null,
          ),
        );
      }
      box.append(
        h(
          "div",
          { class: "sr-inline sr-actions" },
          h(
            "button",
            {
              type: "button",
              class: "md-button md-button--primary",
              "aria-disabled": chosen.length === tp.count ? null : "true",
              onclick: () => chosen.length === tp.count && this.move(`discard ${chosen.join(" ")}`),
            },
            `Discard ${tp.count}`,
          ),
        ),
      );
    } else if (tp.kind === "card") {
      const lead = !v.trick.cards.length;
      said.push(
        `${lead ? "Your lead" : `Your turn: ${v.trick.cards.join(", ")} played so far`}. You may play ${tp.cards.join(", ")}.` +
          (tp.declares ? " The card you lead names trump." : ""),
      );
      box.append(
        h(
          "p",
          { class: "sr-table__ask" },
          `${lead ? "Your lead" : "Your turn"}: play a card. A struck-through card says why when you touch it.${tp.declares ? " The suit of the card you lead becomes trump." : ""}`,
        ),
      );
      if (tp.moves.includes("trump nt")) {
        box.append(h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.move("trump nt") }, "Declare No Trump instead")));
      }
    }
    if (!d.over && v.tricks.length) {
      const last = v.tricks[v.tricks.length - 1];
      said.unshift(`Trick ${v.tricks.length}: ${last.cards.join(", ")}; ${this.seatName(last.winner)} took it.`);
    }
    return box;
  }

  // The deal just played, under the other rulesets that can deal its cards (the same pack and way of
  // playing), on the "Same deal, every ruleset" page: the address carries the seed and the moves.
  sameDealLink(d) {
    const own = this._rulesets.find((r) => r.id === d.ruleset);
    const others = this._rulesets.filter((r) => r.id !== d.ruleset && own && r.deck === own.deck && r.formats.some((f) => f.id === d.format)).map((r) => r.id);
    const href = citationHref(
      `tools/samedeal/?rules=${[d.ruleset, ...others].join(",")}&format=${encodeURIComponent(d.format)}&seed=${encodeURIComponent(String(this._seed.value))}&play=${encodeURIComponent(d.play)}&bots=${encodeURIComponent(String(d.bots_version))}`,
    );
    if (!href || !others.length) return null;
    return h("p", { class: "sr-table__samedeal" }, h("a", { href }, "This deal under the other rulesets"), ": the same cards and your play, and where the rules part ways.");
  }

  // The end of the deal: the score (docked on the table, with Another deal), then why, every hand,
  // the calls and cards checked, and the replay.
  ending(d, said) {
    const v = d.view;
    const another = h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.newDeal(this.nextSeed()) }, "Another deal"));
    if (d.passed_out) {
      said.push("Everyone passed: no one plays this deal. Deal another.");
      return { dock: [h("p", { class: "sr-table__result" }, "Everyone passed, so the deal is thrown in."), another], rest: [] };
    }
    const bidTeam = d.teams.findIndex((t) => t.includes(v.declarer));
    const bidder = bidTeam >= 0 ? this.sideName(d.teams[bidTeam]) : "";
    const contract = bidder
      ? `${bidder.charAt(0).toUpperCase() + bidder.slice(1)} bid ${v.bid_to_make ?? v.bid} and took ${d.team_points[bidTeam]}: ${d.made ? "made" : "set"}.`
      : "No one bid: each side scores what it took.";
    const words = `${contract} Score: ${d.teams
      .map((t, i) => `${this.sideName(t)} ${signed(d.score[i])}`)
      .join("; ")}.`;
    // The score calculator's sentence (the engine's one home for it), seats as readers count them: you are seat 1.
    const reason = d.score_reason ? seatText(d.score_reason.text) : "";
    said.push(`The deal is over. ${words}${reason ? ` ${reason}` : ""}`);
    const dock = [h("p", { class: "sr-table__result" }, h("strong", {}, "The deal is over. "), words), another];
    const out = [];
    if (d.score_reason) {
      out.push(
        h("p", { class: "sr-table__reason" }, "Why: ", reason, " ", citationLink(d.score_reason.citation)),
        interpretationNote(d.score_reason.interpretation),
      );
    }
    out.push(
      h(
        "details",
        { class: "sr-replay__hands" },
        h("summary", {}, "Everyone's hands as dealt"),
        h("dl", {}, d.hands.map((cards, seat) => h("div", {}, h("dt", {}, seat === d.seat ? "You" : capitalize(seatName(seat))), h("dd", {}, cards.join(" "))))),
      ),
    );
    out.push(this.callsReview(d));
    out.push(this.reviewSection(d));
    out.push(this.sameDealLink(d));
    const replay = document.createElement("somerset-replay");
    replay.record = d.record;
    out.push(
      h(
        "div",
        { class: "sr-inline sr-actions" },
        h(
          "button",
          {
            type: "button",
            class: "md-button",
            onclick: (e) => {
              e.target.replaceWith(replay);
            },
          },
          "Replay this deal step by step",
        ),
      ),
    );
    return { dock, rest: out };
  }
}

defineWidget("somerset-table", SomersetTable);
