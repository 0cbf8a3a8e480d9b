// The solver's check of the reader's cards once a deal at Play a deal's table is over: each card of
// the last tricks against the best card held, with every hand in view (views/best-play.js), made
// once per deal and kept while the board is redrawn; each costly card is kept as a puzzle in the
// reader's own list on this device (store/own-puzzles.js). One `Review` per <somerset-table>.

import { h, nextId, replace } from "../base/ui.js";
import { citationHref } from "../engine/engine.js";
import { BestPlay, solveInSlices } from "../views/best-play.js";
import { ownPuzzle, saveOwnPuzzles } from "../store/own-puzzles.js";

// Where the reader's own puzzles are tried again (the puzzle trainer, "From your deals").
const TRAINER_PATH = "puzzles/trainer/?theme=own";

export class Review {
  constructor(table) {
    this.table = table;
    this.gen = 0;
    this.shown = null;
  }

  // Stop the solver's check of a finished deal (a new deal, a move taken back, the page left).
  stop() {
    this.gen += 1;
    this.shown = null;
  }

  // Whether the check shown is the one of the deal `record`.
  holds(record) {
    return this.shown !== null && this.shown.key === record;
  }

  // The solver's check of the reader's cards in the deal's last tricks: made once per deal, kept
  // while the board is redrawn.
  section(d) {
    if (this.holds(d.record)) return this.shown.element;
    this.stop();
    const gen = this.gen;
    const id = nextId("review");
    const element = h("section", { class: "sr-table__review", "aria-labelledby": `${id}-title` });
    this.shown = { key: d.record, element };
    const review = Array.isArray(d.review) ? d.review : [];
    const title = h("p", { class: "sr-replay__rowlabel", id: `${id}-title` }, "Your cards, checked by the solver");
    if (!review.length) {
      replace(element, title, h("p", {}, "You played no card in the deal's last tricks, so there is nothing for the solver to check."));
      return element;
    }
    this.run(d, review, element, title, gen);
    return element;
  }

  async run(d, review, box, title, gen) {
    const current = () => gen === this.gen;
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
      const answer = await solveInSlices((r) => this.table.ask(r), e.position, { current, lines: true, you: d.seat });
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
      const view = new BestPlay({ ask: (r) => this.table.ask(r), announce: (t) => this.table.announce(t), name: (s) => (s === d.seat ? "you" : this.table.seatName(s)), info: this.table._info });
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
    this.table.announce(`${words}${saidSaved ? ` ${saidSaved}` : ""}`);
  }

  // Each card that cost points becomes a puzzle in the reader's own list on this device.
  saveOwn(d, costly, note) {
    const made = new Date().toISOString();
    const records = costly.map(({ e, answer }, n) => {
      // the deal's code just before the card: the link opens that position in every later release
      const play = typeof e.play === "string" ? e.play : d.play;
      const link = citationHref(`tools/play/?rules=${encodeURIComponent(d.ruleset)}&format=${encodeURIComponent(d.format)}&seed=${encodeURIComponent(String(this.table._seed.value))}&play=${encodeURIComponent(play)}`) || "";
      return ownPuzzle({ answer, review: e, deal: { ruleset: d.ruleset, ruleset_name: d.ruleset_name, format: d.format, seed: String(this.table._seed.value), teams: d.teams, trump_label: d.view.trump_label }, link, made, n: n + 1 });
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
}
