// <somerset-first-deal [guide="second-deal"]>: a whole deal played with a coach, from the first call
// to the score, WITHOUT the engine: the deal and every answer come from assets/data/first-deals.json
// (hooks/lessons.py, checked against the engine at build time). At each decision the coach suggests
// a move and says why; another legal move is answered with why it is weaker, a barred card with its
// rule; the bots' moves come one at a time at the reader's pace. A chooser picks among the guided
// deals; "Play on without the coach" opens Play a deal at the position reached. With
// guide="second-deal" the coach asks instead, and a card that loses the bid is refuted.
// In full: develop/runtime.md, "Learn, the guided deals, the trainer and Same deal".

import { capitalize, cardButton, cardFace, cardWords, citationLink, defineWidget, fetchBuildData, h, nextId, rememberedRuleset, replace, speak } from "../base/ui.js";
import { bringIntoView, fitsBand, scrollPage } from "../base/in-view.js";
import { contractBar, keepInView, playRegion, tableView } from "../views/table-view.js";
import { recordStars } from "./lesson-data.js";

// The id the first deal's "done" is kept under among the Learn progress (lessons.py FIRST_DEAL);
// another guide's is its `guide` (lessons.py SECOND_DEAL).
const FIRST_DEAL_ID = "first-deal";

const DATA_URL = new URL("../../data/first-deals.json", import.meta.url).href;
const SITE_ROOT = new URL("../../../", import.meta.url).href;
const VERSION = 1;

// Milliseconds between the bots' moves, by the reader's choice of pace.
const PACES = [
  ["slow", "Slow", 1600],
  ["normal", "Normal", 900],
  ["fast", "Fast", 300],
  ["instant", "At once", 0],
];

const wait = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));

// "play 4/8" -> "4/8"; "bid 12" -> "Bid 12"; "trump 12" -> "Name /12 suit" (with the labels given).
function moveWords(move, labels = new Map()) {
  if (move === "pass") return "Pass";
  if (move.startsWith("bid ")) return `Bid ${move.slice(4)}`;
  if (move.startsWith("trump ")) return `Name ${labels.get(move) || move.slice(6)}`;
  if (move.startsWith("play ")) return `Play ${move.slice(5)}`;
  if (move.startsWith("discard ")) return `Discard ${move.slice(8).split(" ").join(" and ")}`;
  return move;
}

// What a move is called in a sentence: "7/10", "Pass", "Bid 16".
function moveName(move, labels) {
  return move.startsWith("play ") ? move.slice(5) : moveWords(move, labels);
}

class SomersetFirstDeal extends HTMLElement {
  connectedCallback() {
    if (this._built) return;
    this._built = true;
    this.classList.add("sr-widget", "sr-first-deal");
    this._id = nextId("first-deal");
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    this._body = h("div", { class: "sr-first-deal__body" }, h("p", { role: "status" }, "Loading the deal…"));
    replace(this, this._body, this._live);
    this._pace = 900;
    this._run = 0;
    this.load();
  }

  disconnectedCallback() {
    this._run += 1; // stops a pacing loop in progress
  }

  announce(text) {
    speak(this._live, text);
  }

  async load() {
    let data;
    try {
      data = await fetchBuildData(DATA_URL, VERSION, (d) => Boolean(d.deals), "the deal's file");
    } catch (e) {
      replace(this._body, h("p", { class: "sr-widget__problem", role: "status" }, `The deal could not be loaded: ${e.message || e}. Reload the page to try again.`));
      return;
    }
    this._guide = this.getAttribute("guide") || FIRST_DEAL_ID;
    const deals = this._guide === FIRST_DEAL_ID ? data.deals : (data.guides || {})[this._guide] || {};
    const ids = Object.keys(deals);
    if (!ids.length) {
      replace(this._body, h("p", { class: "sr-widget__problem", role: "status" }, "This guided deal is not in the site's data. Reload the page to try again."));
      return;
    }
    this._data = { ...data, deals };
    const mine = rememberedRuleset();
    const page = this.getAttribute("rules") || "";
    const start = deals[mine] ? mine : deals[page] ? page : ids[0];
    this._otherRules = mine && !deals[mine] ? mine : null;
    if (ids.length > 1) this.insertBefore(this.chooser(ids, start), this._body);
    this.startDeal(start);
  }

  // The guided deal of ruleset `id`, from its beginning.
  startDeal(id) {
    this._rec = this._data.deals[id];
    this._info = new Map(this._rec.pack.map((c) => [c.card, c]));
    this.drawFrame();
    this.showIntro();
  }

  // "Parker 1947: Your first deal (four players, two partnerships)".
  dealWords(rec) {
    return `${rec.ruleset_name}: ${rec.title} (${rec.format_label.toLowerCase()})`;
  }

  // The chooser of the guided deals: a labelled select ("Triple 2009, 6 players", short enough for
  // a phone) that stays in place while the deal below it is drawn again, so a keyboard reader keeps
  // the focus on it; the choice is announced in full.
  chooser(ids, start) {
    const select = h("select", { id: `${this._id}-deal` }, ids.map((id) => h("option", { value: id, selected: id === start ? "" : null }, `${this._data.deals[id].ruleset_name}, ${this._data.deals[id].players} players`)));
    select.addEventListener("change", () => {
      this.startDeal(select.value);
      this.announce(`${this.dealWords(this._rec)}. The deal starts from the beginning.`);
    });
    return h("div", { class: "sr-field sr-first-deal__chooser" }, h("label", { for: select.id }, "Guided deal"), select);
  }

  // --- the frame: the coach's words, the table, the reader's choices, the log ---------------------------

  drawFrame() {
    const id = this._id;
    const pace = h("select", { id: `${id}-pace` }, PACES.map(([value, label, ms]) => h("option", { value: String(ms), selected: ms === this._pace ? "" : null }, label)));
    pace.addEventListener("change", () => {
      this._pace = Number(pace.value);
    });
    this._coach = h("div", { class: "sr-first-deal__coach", role: "region", "aria-label": "The coach" });
    this._table = h("div", { class: "sr-first-deal__table" });
    this._bar = h("div", { class: "sr-first-deal__bar" });
    this._choices = h("div", { class: "sr-first-deal__choices" });
    this._verdict = h("div", { class: "sr-first-deal__verdict", role: "status" });
    this._log = h("ol", { class: "sr-first-deal__log", "aria-label": "What has happened" });
    this._off = h("a", { class: "md-button sr-first-deal__off", href: this.playLink(this._rec.steps[0].table.play) }, "Play on without the coach");
    replace(
      this._body,
      h(
        "div",
        { class: "sr-first-deal__head" },
        h("p", { class: "sr-first-deal__rules" }, `${this._rec.title}: ${this._rec.ruleset_name}, ${this._rec.format_label.toLowerCase()}.`, this._otherRules ? " (No guided deal is written for your table's ruleset yet; where it differs, the comparison pages say how.)" : ""),
        h("div", { class: "sr-field sr-first-deal__pace" }, h("label", { for: pace.id }, "Pace of the other seats"), pace),
      ),
      this._table,
      this._bar,
      h("div", { class: "sr-first-deal__actions" }, this._off),
      h("details", { class: "sr-first-deal__history" }, h("summary", {}, "What has happened so far"), this._log),
    );
  }

  playLink(code, move = "") {
    const q = new URLSearchParams({ rules: this._rec.ruleset, format: this._rec.format, seed: this._rec.seed });
    if (code) q.set("play", code);
    if (move) q.set("moves", move.replace(/ /g, "_"));
    return `${SITE_ROOT}tools/play/?${q.toString().replace(/%2F/g, "/")}`;
  }

  name(seat) {
    return seat === this._rec.seat ? "you" : `seat ${seat + 1}`;
  }

  sides() {
    return this._rec.teams.map((team) => (team.includes(this._rec.seat) ? "your side" : team.length === 1 ? this.name(team[0]) : "the others"));
  }

  // The table as an answer of the table gives it, with the trick, points and hand sizes of `now`
  // (the moment after a move) when given.
  drawTable(table, now = null, hand = null) {
    const v = table.view;
    const n = this._rec.players;
    const sizes = now ? now.hand_sizes : v.hand_sizes;
    const points = now ? now.points : table.over ? table.team_points : this.teamPoints(v.points);
    let trick = null;
    const t = now ? now.trick : v.trick.cards.length || !v.tricks.length ? { ...v.trick, winner: null } : v.tricks[v.tricks.length - 1];
    if (t && t.leader !== null && t.leader >= 0 && (t.cards.length || t.winner !== null)) {
      const done = t.winner !== null && t.winner !== undefined;
      trick = { leader: t.leader, cards: t.cards, winner: done ? (t.winner - t.leader + n) % n : null, label: done ? `${capitalize(this.name(t.winner))} ${t.winner === this._rec.seat ? "take" : "takes"} the trick` : "The trick" };
    }
    const me = this._rec.seat;
    const partners = this._rec.teams.find((team) => team.includes(me)).filter((s) => s !== me);
    const hands = [];
    // At the end every hand is shown as it was dealt.
    for (let s = 0; s < n; s++) hands[s] = table.over ? { cards: table.hands[s] } : s === me ? (hand ? { element: hand } : { cards: v.hand }) : { count: sizes[s] };
    const names = this.sides();
    const bidSide = v.declarer === null ? null : this._rec.teams.findIndex((team) => team.includes(v.declarer));
    const bar = contractBar({
      trump: v.trump_label,
      bid: now && now.bid !== undefined && now.bid !== null ? now.bid : (v.bid_to_make ?? v.bid),
      holder: v.declarer === null ? null : this.name(v.declarer),
      sides: names.map((nm, i) => ({ name: nm, taken: points[i] })),
      total: this._rec.total,
      bidSide,
      stage: v.phase === "auction" ? "bidding" : "",
    });
    replace(
      this._bar,
      v.face_up && v.face_up.length && !v.tricks.length && !(now && now.trick.winner !== null)
        ? h("p", { class: "sr-first-deal__faceup" }, "Face up in the middle: ", v.face_up.map((c) => h("span", { class: "sr-first-deal__faceupcard", role: "img", "aria-label": cardWords(c, this._info.get(c)) }, cardFace(c, this._info.get(c), { size: "small" }))), " (they go with the first trick to whoever takes it)")
        : null,
      v.kitty_size ? h("p", { class: "sr-first-deal__faceup" }, `The kitty: ${v.kitty_size} cards face down in the middle, for whoever wins the bid.`) : null,
      v.auction.length ? h("p", { class: "sr-first-deal__auction" }, "Calls: ", v.auction.map((c) => `${capitalize(this.name(c.seat))} ${c.call === "pass" ? "pass" : c.call}`).join(" · ")) : null,
    );
    replace(
      this._table,
      playRegion(
        bar,
        tableView({
          players: n,
          bottom: me,
          name: (s) => this.name(s),
          dealer: this._rec.dealer,
          leader: trick && trick.winner === null ? t.leader : null,
          toPlay: now ? null : v.current_player,
          partners,
          hands,
          trick,
          info: this._info,
          caption: "The table",
          dock: [this._coach, this._choices, this._verdict],
          trump: v.trump_label,
        }),
      ),
    );
  }

  // The table, the coach and the hand in view (after the reader's move).
  keepTableInView() {
    keepInView(this._table.querySelector(".sr-tv-play"), this._coach);
  }

  teamPoints(seatPoints) {
    return this._rec.teams.map((team) => team.reduce((sum, s) => sum + seatPoints[s], 0));
  }

  say(now) {
    for (const line of now.said) this._log.append(h("li", {}, line));
    this._verdict.replaceChildren(...now.said.map((line) => h("p", {}, line)));
    this.announce(now.said.join(" "));
  }

  // --- the deal, step by step ----------------------------------------------------------------------------

  showIntro() {
    this._run += 1;
    this._right = null;
    this._log.replaceChildren();
    const first = this._rec.steps[0];
    this.drawTable(first.table);
    replace(this._coach, h("p", { class: "sr-first-deal__coachline" }, h("strong", {}, "Coach: "), this._rec.intro));
    const go = h("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.showStep(0, this.contains(document.activeElement)) }, "Start the auction");
    replace(this._choices, go);
    this._verdict.replaceChildren();
    this._off.href = this.playLink(first.table.play);
  }

  // The bots' moves before decision k, one at a time at the reader's pace, then the decision.
  // focus: whether the reader's focus was in the widget (it then goes to the next choice).
  async showStep(k, focus = false) {
    const run = ++this._run;
    this._focus = focus;
    const step = k < this._rec.steps.length ? this._rec.steps[k] : null;
    const before = step ? step.before : this._rec.end.before;
    const table = step ? step.table : this._rec.end.table;
    replace(this._choices);
    for (const now of before) {
      if (this._pace) await wait(this._pace);
      if (run !== this._run) return;
      this.drawTable(table, now);
      this.say(now);
      this.keepTableInView();
    }
    if (this._pace && before.length) await wait(this._pace);
    if (run !== this._run) return;
    if (step) this.showDecision(k);
    else this.showEnd();
  }

  showDecision(k) {
    const step = this._rec.steps[k];
    const table = step.table;
    const ask = table.to_play;
    this._k = k;
    this._off.href = this.playLink(table.play);
    const labels = new Map((ask.moves || []).map((m, i) => [m, ask.labels ? ask.labels[i] : m.slice(6)]));
    const suggested = moveWords(step.move, labels);
    const decide = step.decision || null;
    const right = this._right ? h("p", { class: "sr-first-deal__right" }, h("strong", {}, "Coach: "), this._right) : null;
    this._right = null;
    replace(
      this._coach,
      right,
      decide
        ? h("p", { class: "sr-first-deal__coachline sr-first-deal__ask" }, h("strong", {}, `Your turn (${k + 1} of ${this._rec.steps.length}). Your decision: `), decide.ask)
        : h("p", { class: "sr-first-deal__coachline" }, h("strong", {}, `Your turn (${k + 1} of ${this._rec.steps.length}). The coach suggests: `), h("strong", { class: "sr-first-deal__suggested" }, suggested)),
      decide ? null : h("p", { class: "sr-first-deal__why" }, step.coach),
    );
    let hand = null;
    if (ask.kind === "card") {
      const legal = new Set(ask.cards);
      const cards = [...legal, ...Object.keys(step.illegal)].sort((a, b) => table.view.hand.indexOf(a) - table.view.hand.indexOf(b));
      hand = h(
        "div",
        { class: "sr-hand sr-first-deal__hand", role: "group", "aria-label": "Your hand: choose a card to play" },
        cards.map((c) =>
          cardButton(c, this._info.get(c), {
            note: c === step.move.slice(5) && !decide ? "the coach's suggestion" : step.illegal[c] ? "the rules bar it now" : "",
            extraClass: c === step.move.slice(5) && !decide ? "sr-first-deal__pick" : step.illegal[c] ? "sr-first-deal__barred" : "",
            onclick: () => this.choose(`play ${c}`),
          }),
        ),
      );
      replace(this._choices);
    } else if (ask.kind === "discard") {
      hand = this.discardHand(step, ask);
    } else {
      const moves = ask.moves || [];
      const main = [step.move, ...moves.filter((m) => m !== step.move && (m === "pass" || ask.kind === "trump"))];
      const buttons = main.map((m) =>
        h("button", { type: "button", class: `md-button${m === step.move ? " md-button--primary sr-first-deal__pick" : ""}`, "aria-describedby": m === step.move ? `${this._id}-why` : null, onclick: () => this.choose(m) }, moveWords(m, labels)),
      );
      const others = moves.filter((m) => !main.includes(m));
      let other = null;
      if (others.length) {
        const select = h("select", { id: `${this._id}-other` }, others.map((m) => h("option", { value: m }, moveWords(m, labels))));
        other = h("div", { class: "sr-field sr-first-deal__other" }, h("label", { for: select.id }, "Another call"), select, h("button", { type: "button", class: "md-button", onclick: () => this.choose(select.value) }, "Make this call"));
      }
      replace(this._choices, h("div", { class: "sr-first-deal__calls", role: "group", "aria-label": ask.kind === "trump" ? "Name the trump" : "Your call" }, buttons), other);
    }
    if (ask.kind === "discard") this.drawDiscard(step, ask);
    if (!decide) this._choices.append(h("p", { id: `${this._id}-why`, class: "sr-vh" }, step.coach));
    this.drawTable(table, null, hand);
    this._verdict.replaceChildren();
    this.announce(decide ? `Your turn, your decision. ${decide.ask}` : `Your turn. The coach suggests: ${suggested}.`);
    const first = (hand || this._choices).querySelector(".sr-first-deal__pick") || (hand || this._choices).querySelector("button");
    if (first && this._focus) first.focus({ preventScroll: true });
    // A discard's moment is the coach's line and the cards it suggests, the last of which may lie
    // in the hand's third row: that span comes into view (the contract bar may go above it).
    const picks = ask.kind === "discard" && !decide ? hand.querySelectorAll(".sr-first-deal__pick") : [];
    const line = this._coach.querySelector(".sr-first-deal__coachline");
    if (picks.length && fitsBand(line, picks[picks.length - 1])) bringIntoView(line, picks[picks.length - 1]);
    else this.keepTableInView();
  }

  // The discard: the hand with the kitty's cards marked (they stay in the hand where the rules say
  // so), cards chosen by pressing them, and before the discard is confirmed, what it does to the bid
  // or the points, with the rule (as Play a deal warns). A chosen card and a card the coach suggests
  // differ by more than colour: a chosen card is lifted with a solid ring and a "✓ Discard" tag, a
  // suggested one has a dashed ring and a "Suggested" tag (the tags are the words of the card's
  // name and pressed state, so they are hidden from screen readers, which hear those).
  discardHand(step, ask) {
    this._chosen = new Set();
    const kitty = new Set(ask.kitty || []);
    const kept = new Set(ask.kept || []);
    const picks = new Set(step.move.slice(8).split(" "));
    const effects = (ask.effects && ask.effects.cards) || {};
    return h(
      "div",
      { class: "sr-hand sr-first-deal__hand sr-first-deal__discard", role: "group", "aria-label": `Your hand with the kitty: choose ${ask.count} cards to discard` },
      step.table.view.hand.map((c) => {
        const note = [kitty.has(c) ? "from the kitty" : "", kept.has(c) ? "stays in your hand" : "", picks.has(c) ? "the coach's suggestion" : "", effects[c] ? "discarding it changes your bid or points" : ""].filter(Boolean).join(", ");
        const b = cardButton(c, this._info.get(c), {
          pressed: kept.has(c) ? null : false,
          note,
          extraClass: [kitty.has(c) ? "sr-card--kitty" : "", picks.has(c) ? "sr-first-deal__pick" : "", kept.has(c) ? "sr-first-deal__barred" : ""].filter(Boolean).join(" "),
          onclick: () => this.toggleDiscard(c, b, step, ask),
        });
        if (!kept.has(c)) b.append(h("span", { class: "sr-first-deal__tags", "aria-hidden": "true" }, this.discardTags(c, picks)));
        return b;
      }),
    );
  }

  toggleDiscard(card, button, step, ask) {
    if ((ask.kept || []).includes(card)) {
      const text = `${card} came from the kitty, and under these rules the kitty's cards stay in your hand: discard cards you were dealt.`;
      replace(this._verdict, h("p", { class: "sr-first-deal__no" }, text, " ", ask.effects && ask.effects.rule ? citationLink(ask.effects.rule.citation) : null));
      this.announce(text);
      return;
    }
    const full = !this._chosen.has(card) && this._chosen.size >= ask.count;
    if (this._chosen.has(card)) this._chosen.delete(card);
    else if (!full) this._chosen.add(card);
    const chosen = this._chosen.has(card);
    button.setAttribute("aria-pressed", String(chosen));
    const tags = button.querySelector(".sr-first-deal__tags");
    if (tags) tags.replaceChildren(...this.discardTags(card, new Set(step.move.slice(8).split(" "))));
    // The card pressed stays under the finger when the lines above the hand change (a warning).
    const before = button.getBoundingClientRect().top;
    this.drawDiscard(step, ask);
    scrollPage(button.getBoundingClientRect().top - before);
    const count = `${this._chosen.size} of ${ask.count} chosen.`;
    let text = full
      ? `${ask.count} cards are chosen already: press one of them to put it back first.`
      : `${card} ${chosen ? "chosen to discard" : "put back in your hand"}: ${count}`;
    const warn = this._choices.querySelector(".sr-first-deal__warning");
    if (warn && chosen && ask.effects.cards[card]) text += ` ${warn.textContent}`;
    this.announce(text);
  }

  // The tag under a card of the discard: "Suggested" for the coach's cards, "✓ Discard" once chosen
  // (one line either way, so that the hand keeps its size).
  discardTags(card, picks) {
    if (this._chosen.has(card)) return [h("span", { class: "sr-first-deal__tag sr-first-deal__tag--chosen" }, "✓ Discard")];
    return picks.has(card) ? [h("span", { class: "sr-first-deal__tag sr-first-deal__tag--suggested" }, "Suggested")] : [];
  }

  drawDiscard(step, ask) {
    const hand = step.table.view.hand;
    const chosen = hand.filter((c) => this._chosen.has(c));
    const effects = (ask.effects && ask.effects.cards) || {};
    const warnings = chosen.filter((c) => effects[c]).map((c) => effects[c]);
    const rule = ask.effects && ask.effects.rule;
    const ready = chosen.length === ask.count;
    replace(
      this._choices,
      // With the coach, whose line says what the discard is, the task is said in short.
      h("p", { class: "sr-first-deal__ask" }, `${step.decision ? `${ask.text} ` : ""}The kitty's cards are marked in your hand. Chosen: ${chosen.length ? chosen.join(", ") : "none yet"}.`),
      warnings.length
        ? h("div", { class: "sr-first-deal__warning", role: "note" }, h("p", {}, h("strong", {}, "Before you discard: "), warnings.join(" ")), rule ? h("p", {}, "The rule: ", rule.text, " ", citationLink(rule.citation)) : null)
        : null,
      h("button", { type: "button", class: "md-button md-button--primary sr-first-deal__confirm", "aria-disabled": ready ? null : "true", onclick: () => ready && this.choose(`discard ${chosen.join(" ")}`) }, `Discard ${ask.count}`),
    );
  }

  choose(move) {
    const step = this._rec.steps[this._k];
    if (move === step.move) {
      const focus = this.contains(document.activeElement);
      this.drawTable(step.table, step.after);
      this.say(step.after);
      if (step.decision) this.confirm(step);
      this.keepTableInView();
      this.showStep(this._k + 1, focus);
      return;
    }
    if (step.decision && this.answerDecision(step, move)) return;
    const card = move.startsWith("play ") ? move.slice(5) : null;
    const barred = card ? step.illegal[card] : null;
    if (barred) {
      const text = `${card} may not be played: ${barred.reason}`;
      replace(this._verdict, h("p", { class: "sr-first-deal__no" }, text, " ", citationLink(barred.citation)));
      keepInView(this._table.querySelector(".sr-tv-play"), this._verdict);
      this.announce(text);
      return;
    }
    const labels = new Map((step.table.to_play.moves || []).map((m, i) => [m, step.table.to_play.labels ? step.table.to_play.labels[i] : m]));
    const why = step.instead[move] || `The coach would rather ${moveWords(step.move, labels).replace(/^[A-Z]/, (c) => c.toLowerCase())} here: ${step.coach}`;
    const text = `${moveName(move, labels)} is allowed, but weaker. ${why}`;
    replace(
      this._verdict,
      h("p", { class: "sr-first-deal__weaker" }, text),
      h("p", {}, h("a", { href: this.playLink(step.table.play, move) }, `${moveWords(move, labels).startsWith("Play ") ? moveWords(move, labels) : `Make the call “${moveWords(move, labels)}”`} anyway at Play a deal`), " (the rules engine plays the other seats from here)."),
    );
    keepInView(this._table.querySelector(".sr-tv-play"), this._verdict);
    this.announce(text);
  }

  // The right card at a decision: the coach says why, and what the solver finds.
  confirm(step) {
    const d = step.decision;
    const text = `Right: ${step.move.slice(5)}. ${step.coach} With every card in view and best play from here by every seat, your side ends with ${d.points} points, and the bid is ${d.bid}.`;
    // Shown above the coach's next line too, since the bots' moves come before it.
    this._right = text;
    replace(this._coach, h("p", { class: "sr-first-deal__right" }, h("strong", {}, "Coach: "), text));
    this._log.append(h("li", {}, text));
    this.announce(text);
  }

  // A wrong card at a decision: a card that loses the bid is refuted with what goes wrong and the
  // points the solver finds; another allowed card is answered from `instead`. The reader tries again.
  // Returns whether the move was answered here.
  answerDecision(step, move) {
    const card = move.startsWith("play ") ? move.slice(5) : null;
    const refuted = step.decision.refute[move];
    const other = step.instead[move];
    if (!card || (!refuted && !other)) return false;
    const text = refuted
      ? `${card}: your side is set. ${refuted.why} With every card in view, best play leaves your side ${refuted.points} points, short of its ${step.decision.bid}. Choose again.`
      : `${card} is allowed. ${other} Try another card.`;
    replace(this._verdict, h("p", { class: refuted ? "sr-first-deal__no sr-first-deal__refuted" : "sr-first-deal__weaker" }, text));
    keepInView(this._table.querySelector(".sr-tv-play"), this._verdict);
    this.announce(text);
    return true;
  }

  showEnd() {
    const end = this._rec.end;
    this.drawTable(end.table);
    this._off.hidden = true;
    const s = end.score;
    replace(
      this._coach,
      s ? h("p", { class: "sr-first-deal__score" }, h("strong", {}, "The score. "), s.reason, " ", citationLink(s.citation)) : null,
      h("p", { class: "sr-first-deal__coachline" }, h("strong", {}, "Coach: "), this._rec.ending),
    );
    this._verdict.replaceChildren();
    replace(
      this._choices,
      h("a", { class: "md-button md-button--primary", href: `${SITE_ROOT}tools/play/` }, "Play a deal without the coach"),
      h("button", { type: "button", class: "md-button", onclick: () => this.again() }, "Play this deal again"),
    );
    this.keepTableInView();
    // Done on the map of stages (lesson-map.js): kept with the exercises' stars on this device.
    const problem = recordStars(this._guide, 3, this._rec.ruleset);
    if (problem) this._coach.append(h("p", { class: "sr-first-deal__note" }, problem));
    if (s) this.announce(`The deal is over. ${s.reason}`);
  }

  again() {
    this._off.hidden = false;
    this.showIntro();
  }
}

defineWidget("somerset-first-deal", SomersetFirstDeal);
