// <somerset-samedeal permalink rules="parker-1947,somersetcards-com" seed="1">: one deal under
// several rulesets. The deal is played under the first ruleset (or a table's own rules, their code)
// by the bots, as the reader played it at the table, or from a pasted record; the engine deals the
// same cards under each other ruleset, follows that play while the rules allow and lets the bots
// play on where a ruleset parts (the `samedeal` request). One line per ruleset's ending comes
// first, then every parting with its rule and citation, and a step-by-step replay. The address
// keeps the rulesets, players, seed, dealer, the bots' version and the play. In full:
// develop/runtime.md, "Learn, the guided deals, the trainer and Same deal".

import {
  RulesetChoice,
  Widget,
  checkSeed,
  citationLink,
  clear,
  dealerSeat,
  defineWidget,
  engineLimits,
  fillFormatSelect,
  formatOf,
  h,
  interpretationNote,
  nextId,
  nextSeed,
  packInfo,
  replace,
  rulesetList,
  withTableRules,
  seatName,
  seatText,
  signed,
} from "../base/ui.js";
import "../views/replay.js";
import { visibleBand } from "../base/in-view.js";
import { isCode } from "../base/ruleset.js";
import { contractBar, tableView } from "../views/table-view.js";

const DEFAULT_RULES = "parker-1947";
const DEFAULT_OTHERS = ["somersetcards-com", "boardgamegeek"];
const NAME = /^[a-z0-9][a-z0-9-]{0,59}$/;

// Moves in the address as Play a deal writes them: "bid 9,play 4/8" is bid_9,play_4/8.
function movesFromText(text) {
  return String(text || "")
    .split(",")
    .map((m) => m.trim().replace(/_/g, " "))
    .filter(Boolean);
}
function movesToText(moves) {
  return moves.map((m) => m.replace(/ /g, "_")).join(",");
}

function listWords(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

const KIND_WORDS = {
  phase: "What happens next",
  action: "A different call or card",
  allowed: "Other choices allowed, the same play",
  trick: "The trick goes to another seat",
  points: "The trick scores differently",
  kitty: "The discards count differently",
  score: "The same play, a different score",
};

class SomersetSamedeal extends Widget {
  static fields = ["rules", "format", "seed", "dealer", "moves", "play", "bots"];
  static defaults = { rules: [DEFAULT_RULES, ...DEFAULT_OTHERS].join(","), seed: "1" };
  static remembersRuleset = true;
  static readsCodes = true;

  build() {
    const id = nextId("samedeal");
    this._id = id;
    this.classList.add("sr-samedeal-root");
    this._seq = 0;
    // A table's code keeps its case (its name); a ruleset's id is read in any case.
    const wanted = String(this.wanted.rules).split(",").map((s) => (isCode(s) ? s.trim() : s.trim().toLowerCase())).filter(Boolean);
    this._wantedRules = wanted;
    this._moves = this.stateFromAddress && this.wanted.moves ? movesFromText(this.wanted.moves) : null;
    this._play = this.stateFromAddress && this.wanted.play ? this.wanted.play : null;
    this._bots = this.stateFromAddress ? this.wanted.bots || "" : "";

    this._choice = new RulesetChoice(`${id}-rules`, { all: false, label: "Deal and play under" });
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._seed = h("input", { id: `${id}-seed`, type: "text", inputmode: "numeric", autocomplete: "off", size: "10", value: this.wanted.seed, "aria-describedby": `${id}-seed-err` });
    this._seedError = h("p", { class: "sr-field-error", id: `${id}-seed-err`, hidden: true });
    this._others = h("div", { class: "sr-samedeal__picks" }, h("p", { class: "sr-hint" }, "Loading the rulesets…"));
    this._othersError = h("p", { class: "sr-field-error", id: `${id}-others-err`, hidden: true });
    const field = (control, label, ...rest) => h("div", { class: "sr-field" }, h("label", { for: control.id }, label), control, ...rest);
    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.compareSeed(this._seed.value)) },
      this._choice.field,
      h("div", { class: "sr-row" }, field(this._format, "Players"), field(this._seed, "Seed", this._seedError)),
      h(
        "fieldset",
        { class: "sr-samedeal__others", "aria-describedby": `${id}-others-err` },
        h("legend", {}, "Compare with"),
        this._others,
        this._othersError,
      ),
      h(
        "div",
        { class: "sr-inline sr-actions" },
        h("button", { type: "submit", class: "md-button md-button--primary" }, "Compare"),
        h("button", { type: "button", class: "md-button", onclick: () => this.anotherDeal() }, "Another deal"),
      ),
    );
    this._choice.select.addEventListener("change", () => {
      this.fillFormats("");
      this.markOwn();
    });
    this._recordError = h("p", { class: "sr-field-error", id: `${id}-record-err`, role: "alert", hidden: true });
    this._record = h("textarea", { id: `${id}-record`, class: "sr-record", rows: "6", spellcheck: "false", autocomplete: "off", "aria-describedby": `${id}-record-err ${id}-record-hint` });
    const paste = h(
      "details",
      { class: "sr-samedeal__paste" },
      h("summary", {}, "Or paste a deal's record"),
      h("label", { for: `${id}-record` }, "Record"),
      this._record,
      h(
        "p",
        { class: "sr-hint", id: `${id}-record-hint` },
        "A whole deal as “somerset play” prints it, or as Play a deal and the replayer show it. It is compared with its own ruleset and the ones ticked above. A pasted record is not kept in the page's address.",
      ),
      this._recordError,
      h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.compareRecord() }, "Compare this record")),
    );
    this._notice = h("p", { class: "sr-notice", hidden: true });
    // The answer above the form: the verdicts are what the reader opened the page (or pressed Compare) for.
    this._results = h("div", { class: "sr-samedeal__results", tabindex: "-1" });
    this.liveRegion();
    replace(this, h("p", { class: "sr-widget__title" }, "Same deal, every ruleset"), this.statusBox(), this._notice, this._results, form, paste, this._live);
  }

  // The inputs, from the build's fixed data: usable while the engine downloads.
  async prepare() {
    this._limits = await engineLimits();
    const notices = [];
    const table = await withTableRules(await rulesetList(), this._wantedRules[0] || DEFAULT_RULES, DEFAULT_RULES, notices);
    this._rulesets = table.rulesets;
    // The rulesets to compare with are the books (a table's own rules are played, not ticked).
    this._books = this._rulesets.filter((r) => !r.table);
    const known = (name) => this._books.find((r) => r.id === name || (r.aliases || []).includes(name));
    const first = table.wanted;
    this._choice.fill(this._rulesets, first, DEFAULT_RULES, notices);
    const others = [];
    for (const name of this._wantedRules.slice(1, 24)) {
      const r = NAME.test(name) ? known(name) : null;
      if (r) others.push(r.id);
      else notices.push(`There is no ruleset called “${name.slice(0, 40)}”; it is left out.`);
    }
    // Under a table's own rules the book they change is compared by default.
    const own = this._rulesets.find((r) => r.id === this._choice.value && r.table);
    this.fillOthers(others.length || this._wantedRules.length > 1 ? others : own ? [own.table.base, ...DEFAULT_OTHERS] : DEFAULT_OTHERS);
    this.fillFormats(this.wanted.format, notices);
    // the link's dealer (readers' numbering; none: seat 1), or the last seat for the form's deal
    this._linkDealer = this.stateFromAddress || this.hasAttribute("dealer") ? this.wanted.dealer : undefined;
    const seed = checkSeed(this.wanted.seed, this._limits);
    if (seed.error) {
      notices.push(`${seed.error} Dealing seed 1 instead.`);
      this._seed.value = "1";
      this._moves = null;
      this._play = null;
    }
    this.showNotice(notices);
  }

  // The first comparison once the engine runs: the one asked for meanwhile, else the address's deal.
  async onReady() {
    const pending = this._pending;
    this._pending = null;
    if (pending) await this.run(pending.request, pending.announce, pending.fromRecord, pending.fromForm);
    else if (!this._ran) await this.run(this.seedRequest(), this.stateFromAddress);
  }

  showNotice(notices) {
    this._notice.hidden = notices.length === 0;
    this._notice.textContent = notices.join(" ");
  }

  fillFormats(wanted, notices = []) {
    const r = this._rulesets.find((x) => x.id === this._choice.value);
    fillFormatSelect(this._format, r, wanted, notices, this._format.value);
  }

  // One checkbox per ruleset (the deal's own is always compared); the pack is named, since a
  // ruleset with another pack cannot deal these cards.
  fillOthers(checked) {
    const on = new Set(checked);
    clear(this._others);
    this._picks = this._books.map((r) => {
      const box = h("input", { type: "checkbox", id: `${this._id}-pick-${r.id}`, value: r.id, checked: on.has(r.id) });
      this._others.append(h("label", { class: "sr-samedeal__pick", for: box.id }, box, h("span", {}, `${r.short_name}`, h("span", { class: "sr-samedeal__pack" }, ` (${r.deck})`))));
      return box;
    });
    this.markOwn();
  }

  // The deal's own ruleset is always compared: its box is ticked and cannot be unticked.
  markOwn() {
    if (!this._picks) return;
    for (const box of this._picks) {
      const own = box.value === this._choice.value;
      if (own) box.checked = true;
      else if (box.disabled) box.checked = false;
      box.disabled = own;
      box.closest("label").classList.toggle("sr-samedeal__pick--own", own);
    }
  }

  chosen() {
    return this._picks.filter((b) => b.checked && b.value !== this._choice.value).map((b) => b.value);
  }

  seedRequest() {
    const request = { cmd: "samedeal", rules: [this._choice.value, ...this.chosen()], format: this._format.value, seed: Number(this._seed.value) };
    if (!Number.isSafeInteger(request.seed)) request.seed = this._seed.value;
    if (this._moves) request.moves = this._moves;
    if (this._play) request.play = this._play;
    if (!this._moves && !this._play) {
      const { players } = formatOf(this._rulesets, this._choice.value, this._format.value);
      const notices = [];
      request.dealer = dealerSeat(this._linkDealer, players, notices);
      if (notices.length) this.showNotice(notices);
    }
    if (this._bots) request.bots_version = this._bots;
    return request;
  }

  async anotherDeal() {
    this._seed.value = nextSeed(this._seed.value, await engineLimits());
    await this.compareSeed(this._seed.value);
  }

  async compareSeed(text) {
    if (!this._rulesets) return;
    const seed = checkSeed(text, this._limits);
    this._seedError.hidden = !seed.error;
    this._seedError.textContent = seed.error || "";
    if (seed.error) {
      this._seed.setAttribute("aria-invalid", "true");
      this._seed.focus();
      this.announce(seed.error);
      return;
    }
    this._seed.removeAttribute("aria-invalid");
    this._seed.value = seed.value;
    // A new comparison from the form is the bots' deal: the moves of a deal played at the table stay with its own link.
    this._moves = null;
    this._play = null;
    this._bots = "";
    this._linkDealer = undefined;
    this.showNotice([]);
    await this.run(this.seedRequest(), true, false, true);
  }

  async compareRecord() {
    if (!this._rulesets) return;
    const text = this._record.value;
    if (!text.trim()) {
      this.showError("Paste a record first: a whole deal, as “somerset play” prints it.", this._record);
      return;
    }
    if (text.length > this._limits.record_chars) {
      this.showError(`The record is ${text.length.toLocaleString("en")} characters; the longest accepted is ${this._limits.record_chars.toLocaleString("en")}.`, this._record);
      return;
    }
    await this.run({ cmd: "samedeal", rules: [this._choice.value, ...this.chosen()], record: text }, true, true, true);
  }

  // A problem with the record is said under the record; any other above the form, where the answer goes.
  showError(message, control = null) {
    if (control === this._record) {
      this._recordError.hidden = false;
      this._recordError.textContent = message;
      this._record.setAttribute("aria-invalid", "true");
    } else replace(this._results, h("p", { class: "sr-field-error", role: "alert" }, message));
    this.announce(message);
    if (control) control.focus();
  }

  clearRecordError() {
    this._recordError.hidden = true;
    this._recordError.textContent = "";
    this._record.removeAttribute("aria-invalid");
  }

  // After Compare (or Another deal) below it, the answer above is brought into view.
  showAnswer() {
    const box = this._results.getBoundingClientRect();
    const band = visibleBand();
    if (box.top < band.top || box.top > band.bottom * 0.5) this._results.scrollIntoView({ block: "start" });
  }

  async run(request, announce, fromRecord = false, fromForm = false) {
    if (!this._rulesets) return;
    if (!this.engineReady) {
      // Asked before the engine runs: kept, and compared the moment it is ready.
      this._pending = { request, announce, fromRecord, fromForm };
      replace(this._results, h("p", { class: "sr-hint", role: "status" }, "The comparison starts as soon as the rules engine is ready (its progress is shown above)."));
      return;
    }
    this._ran = true;
    const seq = ++this._seq;
    this._othersError.hidden = true;
    if (!fromRecord && request.rules.length < 2) {
      this._othersError.hidden = false;
      this._othersError.textContent = "Tick at least one ruleset to compare with.";
      this.announce(this._othersError.textContent);
      return;
    }
    this._results.setAttribute("aria-busy", "true");
    if (fromRecord) this.clearRecordError();
    const data = await this.ask(request);
    if (seq !== this._seq) return;
    this._results.removeAttribute("aria-busy");
    if (data.error) {
      const field = data.error.field;
      this.showError(data.error.message, field === "record" ? this._record : field === "seed" ? this._seed : null);
      return;
    }
    if (fromRecord) this.saveState({ rules: request.rules.join(","), format: "", seed: "", dealer: "", moves: "", play: "", bots: "" });
    else {
      // A deal from the table keeps its code (the reader's moves become it); the bots' version fixes the rest.
      if (data.source.kind === "table" && typeof data.source.play === "string") {
        this._play = data.source.play;
        this._moves = null;
      }
      const bots = data.bots_version === undefined || data.bots_version === null ? "" : String(data.bots_version);
      const dealer = Number.isInteger(request.dealer) ? String(request.dealer + 1) : "";
      this.saveState({ rules: request.rules.join(","), format: this._format.value, seed: String(this._seed.value), dealer, play: this._play || "", moves: this._moves ? movesToText(this._moves) : "", bots });
    }
    // the pack's cards, for the table each ending is drawn on (one pack: the rulesets compared deal the same cards)
    this._info = data.endings.length ? (await packInfo({ rules: data.endings[0].ruleset })).byCard : new Map();
    if (seq !== this._seq) return;
    this.draw(data, announce);
    if (fromForm) this.showAnswer();
  }

  // --- the answer ------------------------------------------------------------------------------

  draw(d, announce) {
    const names = new Map([...d.rulesets.map((r) => [r.id, r.name]), ...d.cannot.map((c) => [c.ruleset, c.ruleset_name])]);
    const src = d.source;
    const how = src.kind === "table" ? "as you played it at the table" : src.kind === "record" ? "as the record has it" : "by the engine's bots";
    const summary = this.summary(d, names);
    // First: one line per ruleset and where they first part ways; below, folded, the detail.
    const parts = [
      h("p", { class: "sr-samedeal__source" }, `${seatText(src.label)}, dealt and played under ${src.ruleset_name} ${how}.`),
      h("ul", { class: "sr-samedeal__lines", "aria-label": "How the deal ends under each ruleset" }, d.endings.map((e) => this.lineView(e, src))),
      h("p", { class: "sr-samedeal__summary" }, summary),
    ];
    if (d.cannot.length) {
      parts.push(
        h("p", { class: "sr-samedeal__rowlabel" }, "Cannot deal these cards"),
        h("ul", { class: "sr-samedeal__cannot" }, d.cannot.map((c) => h("li", {}, h("strong", {}, c.ruleset_name), ": ", c.reason))),
      );
    }
    const more = d.more_events ? h("p", { class: "sr-hint" }, `… and ${d.more_events} more, not listed.`) : null;
    if (d.events.length) {
      const count = d.events.length + (d.more_events || 0);
      parts.push(
        h(
          "details",
          { class: "sr-samedeal__fold" },
          h("summary", {}, `Where they part ways (${count} point${count === 1 ? "" : "s"}), and why`),
          h(
            "p",
            { class: "sr-hint" },
            `Under every other ruleset the same cards are dealt and the play is followed for as long as the rules allow; from where a ruleset parts, ${d.players} play on.`,
          ),
          h("ol", { class: "sr-samedeal__events" }, d.events.map((e, i) => this.eventView(e, i === d.first, names))),
          more,
        ),
      );
    }
    // The steps where a choice was allowed under some rulesets only, the play staying the same: after
    // the partings, folded, since they changed nothing.
    const unchanged = d.unchanged || [];
    if (unchanged.length) {
      parts.push(
        h(
          "details",
          { class: "sr-samedeal__fold sr-samedeal__unchanged" },
          h("summary", {}, `Other choices allowed under some rulesets only, the play the same (${unchanged.length})`),
          h("ol", { class: "sr-samedeal__events" }, unchanged.map((e) => this.eventView(e, false, names))),
        ),
      );
    }
    parts.push(
      h(
        "details",
        { class: "sr-samedeal__fold" },
        h("summary", {}, "How the deal ends under each: the last trick, the rule that scores it, a replay"),
        h("ul", { class: "sr-samedeal__endings" }, d.endings.map((e) => this.endingView(e, src))),
      ),
    );
    parts.push(
      h(
        "details",
        { class: "sr-replay__hands" },
        h("summary", {}, "The hands as dealt"),
        h(
          "dl",
          {},
          src.hands.map((cards, seat) => h("div", {}, h("dt", {}, seatText(`Seat ${seat}`)), h("dd", {}, cards.join(" ")))),
          src.undealt.length ? h("div", {}, h("dt", {}, "Undealt"), h("dd", {}, src.undealt.join(" "))) : null,
        ),
      ),
    );
    replace(this._results, parts);
    if (announce) this.announce(summary);
  }

  // One ruleset's end of the deal in a line: made or set (or thrown in), each side's score, and the
  // contract with the points the bidding side took. The engine's answer has these as fields of
  // each ending (made, passed_out, score and sides in one order, team_points, declarer, the bid);
  // the words are put together here.
  lineView(e, src) {
    const verdict = e.passed_out ? "Thrown in" : e.made === true ? "Made" : e.made === false ? "Set" : "Scored";
    const kind = e.passed_out ? "thrown" : e.made === true ? "made" : e.made === false ? "set" : "scored";
    const scores = e.passed_out ? "no score" : e.sides.map((side, i) => `${seatText(side)} ${signed(e.score[i])}`).join(", ");
    const teams = src.teams || [];
    const bidSide = e.declarer === null ? -1 : teams.findIndex((t) => t.includes(e.declarer));
    const contract = e.passed_out
      ? "Everyone passed."
      : e.declarer === null
        ? `Trump ${e.trump_label}.`
        : `${seatText(`Seat ${e.declarer}`)} bid ${e.bid_to_make ?? e.bid}${bidSide >= 0 ? `, took ${e.team_points[bidSide]}` : ""}; trump ${e.trump_label}.`;
    return h(
      "li",
      { class: `sr-samedeal__line sr-samedeal__line--${kind}`, "data-ruleset": e.ruleset },
      h("span", { class: "sr-samedeal__line-name" }, `${e.ruleset_name}:`),
      " ",
      h("strong", { class: "sr-samedeal__verdict" }, `${verdict}.`),
      " ",
      h("span", { class: "sr-samedeal__scores" }, scores.charAt(0).toUpperCase() + scores.slice(1) + "."),
      " ",
      h("span", { class: "sr-samedeal__contract" }, contract),
    );
  }

  summary(d, names) {
    const all = d.rulesets.map((r) => r.name);
    if (d.rulesets.length < 2) return `Only ${all[0]} can deal these cards, so there is nothing to compare them with.`;
    if (d.first === null) return `${listWords(all)} play this deal the same way from the first card to the score.`;
    const e = d.events[d.first];
    const groups = e.groups.map((g) => listWords(g.map((id) => names.get(id))));
    const byId = new Map(e.by_ruleset.map((x) => [x.ruleset, x]));
    const what = e.groups.map((g, i) => `${groups[i]}: ${seatText(byId.get(g[0]).outcome)}`).join("; ");
    return `They first part ways at ${e.where.charAt(0).toLowerCase()}${e.where.slice(1)}. ${what}.`;
  }

  eventView(e, first, names) {
    const heading = h(
      "p",
      { class: "sr-samedeal__where" },
      first ? h("strong", { class: "sr-samedeal__first" }, "First parting: ") : null,
      `${e.where}. `,
      h("span", { class: "sr-samedeal__kind" }, KIND_WORDS[e.kind] || e.kind),
    );
    const groupOf = new Map();
    e.groups.forEach((g, i) => g.forEach((id) => groupOf.set(id, i)));
    // Rulesets that did the same for the same reasons share one entry, their names listed together.
    const same = new Map();
    for (const x of e.by_ruleset) {
      const key = JSON.stringify([groupOf.get(x.ruleset), x.outcome, x.reasons]);
      if (same.has(key)) same.get(key).push(x);
      else same.set(key, [x]);
    }
    const cards = [...same.values()].map((xs) => {
      const x = xs[0];
      return h(
        "li",
        { class: `sr-samedeal__ruleset sr-samedeal__ruleset--g${groupOf.get(x.ruleset) % 4}`, "data-ruleset": x.ruleset, "data-rulesets": xs.map((y) => y.ruleset).join(" ") },
        h("p", { class: "sr-samedeal__name" }, listWords(xs.map((y) => y.ruleset_name))),
        h("p", { class: "sr-samedeal__outcome" }, seatText(x.outcome.charAt(0).toUpperCase() + x.outcome.slice(1)) + "."),
        x.reasons.length ? h("ul", { class: "sr-samedeal__reasons" }, x.reasons.map((r) => this.reasonView(r))) : null,
      );
    });
    return h("li", { class: `sr-samedeal__event${first ? " sr-samedeal__event--first" : ""}`, "data-kind": e.kind }, heading, h("ul", { class: "sr-samedeal__side" }, cards));
  }

  reasonView(r) {
    return h(
      "li",
      {},
      r.rule ? h("span", { class: "sr-samedeal__rule" }, `${r.rule}. `) : null,
      seatText(r.text),
      r.citation ? [" ", citationLink(r.citation)] : null,
      interpretationNote(r.interpretation),
      r.reading_above ? h("p", { class: "sr-interp" }, h("strong", {}, "Interpretation"), " as given above.") : null,
    );
  }

  // The deal's end on the one table: the contract bar (trump, the bid, each side's points) and the
  // last trick, seat 1 at the bottom.
  endTable(e, src) {
    if (e.passed_out || !e.tricks.length) return null;
    const teams = src.teams || [];
    const names = e.sides.map((x) => seatText(x));
    const bidSide = e.declarer === null ? null : teams.findIndex((t) => t.includes(e.declarer));
    const total = e.team_points.reduce((a, b) => a + b, 0);
    const last = e.tricks[e.tricks.length - 1];
    const n = src.players;
    const team = teams.find((t) => t.includes(0)) || [];
    return h(
      "div",
      { class: "sr-samedeal__table" },
      contractBar({
        trump: e.trump_label,
        bid: e.declarer === null ? null : e.bid_to_make ?? e.bid,
        holder: e.declarer === null ? null : seatName(e.declarer),
        sides: names.map((name, i) => ({ name, taken: e.team_points[i] })),
        total,
        bidSide,
      }),
      tableView({
        players: n,
        bottom: 0,
        name: (s) => seatName(s),
        dealer: Number.isInteger(src.dealer) ? src.dealer : null,
        partners: team.length > 1 ? team : [],
        hands: [],
        trick: { leader: last.leader, cards: last.cards.map(String), winner: (last.winner - last.leader + n) % n, label: `The last trick, taken by ${seatName(last.winner)}` },
        info: this._info || new Map(),
        caption: `${e.ruleset_name}: the end of the deal`,
      }),
    );
  }

  endingView(e, src) {
    const contract = e.passed_out
      ? "Everyone passed."
      : e.declarer === null
        ? `Trump: ${e.trump_label}.`
        : `${seatText(`Seat ${e.declarer}`)} bid ${e.bid_to_make ?? e.bid}${e.bid_to_make !== e.bid ? ` (raised from ${e.bid})` : ""}; trump: ${e.trump_label}${e.trump_by_lead ? ", declared by the first card led" : ""}.`;
    const parted = e.bots_from ? `Played as ${src.kind === "record" ? "recorded" : src.kind === "table" ? "at the table" : "under " + src.ruleset_name} up to ${e.bots_from.where.charAt(0).toLowerCase()}${e.bots_from.where.slice(1)}; the bots played on from there.` : null;
    const replayBox = h("div", { class: "sr-samedeal__replay" });
    const show = h(
      "button",
      {
        type: "button",
        class: "md-button",
        onclick: (ev) => {
          const replay = document.createElement("somerset-replay");
          replay.record = e.record;
          replace(replayBox, replay);
          ev.currentTarget.remove();
          const stage = replay.querySelector(".sr-replay__stage");
          if (stage) stage.focus();
        },
      },
      `Replay it under ${e.ruleset_name}, step by step`,
    );
    return h(
      "li",
      { class: "sr-samedeal__ending", "data-ruleset": e.ruleset },
      h("p", { class: "sr-samedeal__name" }, e.ruleset_name),
      h("p", {}, contract),
      this.endTable(e, src),
      h("p", { class: "sr-samedeal__outcome" }, seatText(e.outcome.charAt(0).toUpperCase() + e.outcome.slice(1)) + "."),
      h("ul", { class: "sr-samedeal__reasons" }, e.reasons.map((r) => this.reasonView(r))),
      parted ? h("p", { class: "sr-hint" }, parted) : null,
      h("div", { class: "sr-inline sr-actions" }, show),
      replayBox,
    );
  }
}

defineWidget("somerset-samedeal", SomersetSamedeal);
