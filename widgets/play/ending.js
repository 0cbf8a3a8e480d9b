// The end of a deal at Play a deal's table: the score (docked on the table, with Another deal), why
// it scored so, everyone's hands as dealt, the calls measured and the cards checked, a link to the
// same deal under the other rulesets, and the replay. Functions of the <somerset-table> element.

import { capitalize, citationLink, h, interpretationNote, seatName, seatText, signed } from "../base/ui.js";
import { citationHref } from "../engine/engine.js";
import { callsMeasured } from "./calls-measured.js";
import "../views/replay.js";

// The deal just played, under the other rulesets that can deal its cards (the same pack and way of
// playing), on the "Same deal, every ruleset" page: the address carries the seed and the moves.
function sameDealLink(table, d) {
  const own = table._rulesets.find((r) => r.id === d.ruleset);
  const others = table._rulesets.filter((r) => r.id !== d.ruleset && own && r.deck === own.deck && r.formats.some((f) => f.id === d.format)).map((r) => r.id);
  const href = citationHref(
    `tools/samedeal/?rules=${[d.ruleset, ...others].join(",")}&format=${encodeURIComponent(d.format)}&seed=${encodeURIComponent(String(table._seed.value))}&play=${encodeURIComponent(d.play)}&bots=${encodeURIComponent(String(d.bots_version))}`,
  );
  if (!href || !others.length) return null;
  return h("p", { class: "sr-table__samedeal" }, h("a", { href }, "This deal under the other rulesets"), ": the same cards and your play, and where the rules part ways.");
}

// The end of the deal: the score (docked on the table, with Another deal), then why, every hand,
// the calls and cards checked, and the replay.
export function endOfDeal(table, d, said) {
  const v = d.view;
  const another = h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button md-button--primary", onclick: () => table.newDeal(table.nextSeed()) }, "Another deal"));
  if (d.passed_out) {
    said.push("Everyone passed: no one plays this deal. Deal another.");
    return { dock: [h("p", { class: "sr-table__result" }, "Everyone passed, so the deal is thrown in."), another], rest: [] };
  }
  const bidTeam = d.teams.findIndex((t) => t.includes(v.declarer));
  const bidder = bidTeam >= 0 ? table.sideName(d.teams[bidTeam]) : "";
  const contract = bidder
    ? `${bidder.charAt(0).toUpperCase() + bidder.slice(1)} bid ${v.bid_to_make ?? v.bid} and took ${d.team_points[bidTeam]}: ${d.made ? "made" : "set"}.`
    : "No one bid: each side scores what it took.";
  const words = `${contract} Score: ${d.teams
    .map((t, i) => `${table.sideName(t)} ${signed(d.score[i])}`)
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
  out.push(callsMeasured(table, d));
  out.push(table._review.section(d));
  out.push(sameDealLink(table, d));
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
