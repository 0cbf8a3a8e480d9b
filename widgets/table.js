// <somerset-table permalink rules="parker-1947" seed="1"> — play one deal against the engine's bots.
// The reader sits at seat 0 (the dealer's left); the engine deals from the seed, plays the other
// seats, and says which calls, trumps and cards the reader may choose. Every answer comes from the
// engine (the `table` request), which replays the reader's moves from the start each time, so the
// position is just the ruleset, the players, the seed and the moves, all kept in the address.

import { engine } from "./engine.js";
import {
  Widget,
  askOnce,
  checkSeed,
  defineWidget,
  fillFormatSelect,
  fillRulesetSelect,
  h,
  nextId,
  nextSeed,
  replace,
  rulesetList,
  signed,
} from "./ui.js";
import "./replay.js";

const DEFAULT_RULES = "parker-1947";
const FIELDS = ["rules", "format", "seed", "moves"];
const MAX_MOVES = 200;

// Moves in the address: "bid 9,play 4/8" is written bid_9,play_4/8.
function movesFromText(text) {
  return String(text || "")
    .split(",")
    .map((m) => m.trim().replace(/_/g, " "))
    .filter(Boolean)
    .slice(0, MAX_MOVES + 1);
}

function movesToText(moves) {
  return moves.map((m) => m.replace(/ /g, "_")).join(",");
}

class SomersetTable extends Widget {
  static fields = FIELDS;
  static defaults = { rules: DEFAULT_RULES, seed: "1" };
  static remembersRuleset = true;

  build() {
    const id = nextId("table");
    this._wanted = this.wanted;
    this._moves = movesFromText(this.stateFromAddress ? this.wanted.moves : "");
    this._selected = new Set();
    this._seq = 0;

    this._rules = h("select", { id: `${id}-rules`, disabled: true }, h("option", { value: "" }, "Listed once the engine starts"));
    this._format = h("select", { id: `${id}-format`, disabled: true }, h("option", { value: "" }, "—"));
    this._seed = h("input", { id: `${id}-seed`, type: "text", inputmode: "numeric", autocomplete: "off", size: "10", value: this._wanted.seed, "aria-describedby": `${id}-seed-err` });
    this._seedError = h("p", { class: "sr-field-error", id: `${id}-seed-err`, hidden: true });
    const field = (control, label, ...rest) => h("div", { class: "sr-field" }, h("label", { for: control.id }, label), control, ...rest);
    const form = h(
      "form",
      { class: "sr-form", onsubmit: (e) => (e.preventDefault(), this.newDeal(this._seed.value)) },
      h("div", { class: "sr-row" }, field(this._rules, "Ruleset"), field(this._format, "Players"), field(this._seed, "Seed", this._seedError)),
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
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    replace(this, h("p", { class: "sr-widget__title" }, "Play a deal"), this.statusBox(), this._notice, form, this._board, this._live);
  }

  async onReady() {
    if (this._rulesets) return;
    this._rulesets = await rulesetList();
    const notices = [];
    fillRulesetSelect(this._rules, this._rulesets, this._wanted.rules, DEFAULT_RULES, notices);
    this._rules.querySelector('option[value="all"]')?.remove();
    if (this._rules.value === "all") this._rules.value = DEFAULT_RULES;
    this.fillFormats(this._wanted.format, notices);
    this.showNotice(notices);
    const seed = checkSeed(this._wanted.seed);
    if (seed.error) {
      this.showNotice([...notices, `${seed.error} Dealing seed 1 instead.`]);
      this._seed.value = "1";
      this._moves = [];
    }
    const pack = await askOnce({ cmd: "pack", rules: this._rules.value });
    this._labels = new Map(pack.cards.map((c) => [c.card, c]));
    await this.refresh(false);
  }

  showNotice(notices) {
    this._notice.hidden = notices.length === 0;
    this._notice.textContent = notices.join(" ");
  }

  fillFormats(wanted, notices = []) {
    const r = this._rulesets.find((x) => x.id === this._rules.value);
    fillFormatSelect(this._format, r, wanted, notices);
  }

  nextSeed() {
    return nextSeed(this._seed.value);
  }

  async newDeal(seedText) {
    const seed = checkSeed(seedText);
    this._seedError.hidden = !seed.error;
    this._seedError.textContent = seed.error || "";
    if (seed.error) {
      this._seed.setAttribute("aria-invalid", "true");
      this.announce(seed.error);
      return;
    }
    this._seed.removeAttribute("aria-invalid");
    this._seed.value = seed.value;
    this._moves = [];
    this.showNotice([]);
    const pack = await askOnce({ cmd: "pack", rules: this._rules.value });
    this._labels = new Map(pack.cards.map((c) => [c.card, c]));
    await this.refresh(true);
  }

  async move(text) {
    this._moves = [...this._moves, text];
    this._selected.clear();
    await this.refresh(true);
  }

  async undo() {
    // Take back the reader's last move (and with it everything the bots did after it).
    this._moves = this._moves.slice(0, -1);
    this._selected.clear();
    await this.refresh(true);
  }

  async refresh(announce) {
    if (engine.state.status !== "ready") return;
    // A move re-draws the board; keep a keyboard reader's focus in it, on the next thing to do.
    const keepFocus = this._board.contains(document.activeElement) || document.activeElement === document.body;
    const seq = ++this._seq;
    const request = { cmd: "table", rules: this._rules.value, format: this._format.value, seed: Number(this._seed.value), moves: this._moves };
    if (!Number.isSafeInteger(request.seed)) request.seed = this._seed.value;
    const data = await engine.ask(request);
    if (seq !== this._seq) return;
    if (data.error) {
      replace(this._board, h("p", { class: "sr-field-error", role: "alert" }, data.error.message));
      this.announce(data.error.message);
      return;
    }
    if (data.problem) this.showNotice([`Stopped at ${data.problem.message}.`]);
    this._moves = data.moves;
    this._data = data;
    this.saveState({ rules: data.ruleset, format: data.format, seed: String(this._seed.value), moves: movesToText(data.moves) });
    this.draw(announce);
    if (keepFocus && announce) this.focusNext();
  }

  focusNext() {
    const target =
      this._board.querySelector(".sr-table__hand .sr-card:not([aria-disabled])") ||
      this._board.querySelector(".sr-table__you .md-button:not([aria-disabled])") ||
      this._board.querySelector(".sr-table__result ~ .sr-actions .md-button");
    if (target) target.focus();
  }

  seatName(seat) {
    const d = this._data;
    if (seat === d.seat) return "you";
    const team = d.teams.find((t) => t.includes(d.seat));
    const partner = team && team.length > 1 && team.includes(seat);
    return `seat ${seat}${partner ? " (your partner)" : ""}`;
  }

  sideName(team) {
    const d = this._data;
    if (team.includes(d.seat)) return team.length > 1 ? "your side" : "you";
    return team.length > 1 ? `seats ${team.join(" and ")}` : `seat ${team[0]}`;
  }

  cardLabel(card) {
    const c = this._labels.get(card);
    if (!c) return card;
    return c.count ? `${card}, ${c.label}, a count card worth ${c.count}` : `${card}, ${c.label}`;
  }

  draw(announce) {
    const d = this._data;
    const v = d.view;
    const parts = [];
    const said = [];
    const name = (s) => this.seatName(s);
    const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

    // The auction so far.
    if (v.auction.length) {
      parts.push(
        h("p", { class: "sr-replay__rowlabel" }, "The auction"),
        h("ol", { class: "sr-replay__calls sr-table__calls" }, v.auction.map((c) => h("li", {}, `${cap(name(c.seat))}: ${c.call}`))),
      );
    }
    if (v.declarer !== null) {
      const trump = v.trump === null ? "not named yet" : v.trump === "nt" ? "No Trump" : v.trump === "0" ? "the 0/0 (named trump)" : `the /${v.trump} suit`;
      parts.push(h("p", { class: "sr-table__contract" }, `${cap(name(v.declarer))} won the bid at ${v.bid_to_make ?? v.bid}. Trump: ${trump}.`));
    }
    // The cards left over: face up for the first trick, or a drawing pile.
    if (v.face_up.length) {
      parts.push(h("p", { class: "sr-table__undealt" }, `Face up on the table, for whoever takes the first trick: ${v.face_up.join(", ")}.`));
    }
    if (v.pile.size) {
      parts.push(h("p", { class: "sr-table__undealt" }, `Drawing pile: ${v.pile.size} card${v.pile.size === 1 ? "" : "s"}${v.pile.top ? `, ${v.pile.top} on top, face up` : ", face down"}; after each trick everyone draws one, the winner first.`));
    }
    // Tricks: the last one taken and the one being played.
    if (v.tricks.length) {
      const last = v.tricks[v.tricks.length - 1];
      const drew = (last.draws || []).find((x) => x.seat === d.seat);
      parts.push(
        h(
          "p",
          { class: "sr-table__last" },
          `Trick ${v.tricks.length}: ${last.cards.join(", ")}. ${cap(name(last.winner))} took it.${drew && drew.card ? ` You drew ${drew.card}.` : ""}`,
        ),
      );
    }
    if (v.trick.cards.length || d.to_play.kind === "card") {
      const seats = v.trick.cards.map((_, i) => (v.trick.leader + i) % d.players);
      parts.push(
        h("p", { class: "sr-replay__rowlabel" }, `Trick ${v.tricks.length + 1}`),
        v.trick.cards.length
          ? h(
              "ol",
              { class: "sr-faces", "aria-label": "Cards in the trick" },
              v.trick.cards.map((c, i) =>
                h(
                  "li",
                  { class: "sr-face", "aria-label": `${this.cardLabel(c)}, played by ${name(seats[i])}` },
                  h("span", { class: "sr-face__card", "aria-hidden": "true" }, c),
                  h("span", { class: "sr-face__note", "aria-hidden": "true" }, seats[i] === d.seat ? "you" : `seat ${seats[i]}`),
                ),
              ),
            )
          : h("p", { class: "sr-empty" }, "You lead."),
      );
    }
    // Points so far.
    if (v.tricks.length) {
      const sides = d.teams.map((t) => t.reduce((sum, s) => sum + v.points[s], 0));
      parts.push(h("p", { class: "sr-table__points" }, `Points taken: ${d.teams.map((t, i) => `${this.sideName(t)} ${sides[i]}`).join("; ")}.`));
    }
    // What the reader does now.
    parts.push(this.actions(d, said));
    if (this._moves.length && !d.over) {
      parts.push(h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.undo() }, "Take back my last move")));
    }
    if (d.over) parts.push(...this.ending(d, said));
    replace(this._board, parts);
    if (announce) this.announce(said.join(" "));
  }

  actions(d, said) {
    const v = d.view;
    const tp = d.to_play;
    const box = h("div", { class: "sr-table__you" });
    const hand = (enabled, onpick, pressed) => [
      h("p", { class: "sr-replay__rowlabel", "aria-hidden": "true" }, `Your hand (${v.hand.length} cards)`),
      h(
        "div",
        { class: "sr-table__hand", role: "group", "aria-label": `Your hand, ${v.hand.length} cards` },
        v.hand.map((c) => {
          const info = this._labels.get(c) || {};
          const ok = enabled(c);
          return h(
            "button",
            {
              type: "button",
              class: `sr-card${info.count ? " sr-card--count" : ""}${info.double ? " sr-card--double" : ""}`,
              "aria-label": this.cardLabel(c) + (ok ? "" : ", cannot be played now"),
              "aria-disabled": ok ? null : "true",
              "aria-pressed": pressed ? String(pressed(c)) : null,
              "data-card": c,
              onclick: () => ok && onpick(c),
            },
            c,
          );
        }),
      ),
    ];
    if (tp.kind === "call") {
      said.push(`Your call. ${v.auction.length ? `The calls so far: ${v.auction.map((c) => `${this.seatName(c.seat)} ${c.call}`).join(", ")}.` : "You call first."}`);
      box.append(
        h("p", { class: "sr-table__ask" }, "Your call: pass, or bid the points your side will take."),
        h(
          "div",
          { class: "sr-inline sr-table__calls-to-make", role: "group", "aria-label": "Your call" },
          tp.moves.map((m) => h("button", { type: "button", class: "md-button", onclick: () => this.move(m) }, m === "pass" ? "Pass" : m.replace("bid ", ""))),
        ),
        ...hand(() => false, () => {}),
      );
    } else if (tp.kind === "trump") {
      said.push(`You won the bid at ${v.bid_to_make ?? v.bid}. Name trump.`);
      box.append(
        h("p", { class: "sr-table__ask" }, `You won the bid at ${v.bid_to_make ?? v.bid}: name trump.`),
        h(
          "div",
          { class: "sr-inline", role: "group", "aria-label": "Name trump" },
          tp.moves.map((m, i) => h("button", { type: "button", class: "md-button", onclick: () => this.move(m) }, tp.labels[i])),
        ),
        ...hand(() => false, () => {}),
      );
    } else if (tp.kind === "discard") {
      said.push(tp.text);
      const chosen = [...this._selected];
      box.append(
        h("p", { class: "sr-table__ask" }, `${tp.text} Chosen: ${chosen.length ? chosen.join(", ") : "none yet"}.`),
        ...hand(
          () => true,
          (c) => {
            if (this._selected.has(c)) this._selected.delete(c);
            else this._selected.add(c);
            this.draw(false);
            this._board.querySelector(`.sr-table__hand [data-card="${CSS.escape(c)}"]`)?.focus();
          },
          (c) => this._selected.has(c),
        ),
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
      const legal = new Set(tp.cards);
      const lead = !v.trick.cards.length;
      said.push(
        `${lead ? "Your lead" : `Your turn: ${v.trick.cards.join(", ")} played so far`}. You may play ${tp.cards.join(", ")}.` +
          (tp.declares ? " The card you lead names trump." : ""),
      );
      box.append(
        h("p", { class: "sr-table__ask" }, `${lead ? "Your lead" : "Your turn"}: the cards you may play are enabled.${tp.declares ? " The suit of the card you lead becomes trump." : ""}`),
        ...hand((c) => legal.has(c), (c) => this.move(`play ${c}`)),
      );
      if (tp.moves.includes("trump nt")) {
        box.append(h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => this.move("trump nt") }, "Declare No Trump instead")));
      }
    } else if (!d.over) {
      box.append(...hand(() => false, () => {}));
    }
    if (!d.over && v.tricks.length) {
      const last = v.tricks[v.tricks.length - 1];
      said.unshift(`Trick ${v.tricks.length}: ${last.cards.join(", ")}; ${this.seatName(last.winner)} took it.`);
    }
    return box;
  }

  ending(d, said) {
    const v = d.view;
    const out = [];
    if (d.passed_out) {
      said.push("Everyone passed: no one plays this deal. Deal another.");
      out.push(
        h("p", { class: "sr-table__result" }, "Everyone passed, so the deal is thrown in."),
        h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.newDeal(this.nextSeed()) }, "Another deal")),
      );
      return out;
    }
    const bidTeam = d.teams.findIndex((t) => t.includes(v.declarer));
    const bidder = bidTeam >= 0 ? this.sideName(d.teams[bidTeam]) : "";
    const contract = bidder
      ? `${bidder.charAt(0).toUpperCase() + bidder.slice(1)} bid ${v.bid_to_make ?? v.bid} and took ${d.team_points[bidTeam]}: ${d.made ? "made" : "set"}.`
      : "No one bid: each side scores what it took.";
    const words = `${contract} Score: ${d.teams
      .map((t, i) => `${this.sideName(t)} ${signed(d.score[i])}`)
      .join("; ")}.`;
    said.push(`The deal is over. ${words}`);
    out.push(h("p", { class: "sr-table__result" }, h("strong", {}, "The deal is over. "), words));
    out.push(
      h(
        "details",
        { class: "sr-replay__hands" },
        h("summary", {}, "Everyone's hands as dealt"),
        h("dl", {}, d.hands.map((cards, seat) => h("div", {}, h("dt", {}, seat === d.seat ? "You" : `Seat ${seat}`), h("dd", {}, cards.join(" "))))),
      ),
    );
    const replay = document.createElement("somerset-replay");
    replay.record = d.record;
    out.push(
      h(
        "div",
        { class: "sr-inline sr-actions" },
        h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.newDeal(this.nextSeed()) }, "Another deal"),
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
    return out;
  }
}

defineWidget("somerset-table", SomersetTable);
