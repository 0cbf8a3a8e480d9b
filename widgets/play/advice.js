// The bid advisor at Play a deal's table, on request: during the reader's call, what it would bid
// (with a link to What is my hand worth?), and at the trump step, the trump it would name (kept
// from the auction's advice when there was one); the advised button is outlined.
// Functions of the <somerset-table> element (`table`), which keeps the advice of its deal.

import { advisedCall, h, nextId, replace } from "../base/ui.js";
import { keepInView } from "../views/table-view.js";
import { citationHref } from "../engine/engine.js";
import { bidRange } from "./calls.js";

// Deals the advisor plays out for each trump when the reader asks what to bid (a second or so).
const ADVICE_SAMPLES = 80;

// Ask the advisor from `button`, saying in `out` that deals are being played out; the answer, or
// null when it was refused (said in `out` and announced) or the table moved on meanwhile.
async function askAdvice(table, request, button, out) {
  button.disabled = true;
  replace(out, h("p", { class: "sr-hint" }, "Playing out deals of the cards you cannot see…"));
  const seq = table._seq;
  const a = await table.ask(request);
  if (seq !== table._seq) return null;
  button.disabled = false;
  if (a.error) {
    replace(out, h("p", { class: "sr-field-error" }, `No advice: ${a.error.message}`));
    table.announce(`No advice: ${a.error.message}`);
    return null;
  }
  return a;
}

// The deal the advice was asked for (a new deal forgets it).
function dealKey(table, d) {
  return `${d.ruleset} ${d.format} ${table._seed.value}`;
}

// During the reader's call: what the advisor would bid with this hand after these calls (asked on
// request: deals of the unseen cards played out for every trump), and a link to every bid and
// trump in What is my hand worth?.
export function adviceBox(table, d, box) {
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
        const a = await askAdvice(table, request, ask, out);
        if (!a) return;
        const rec = a.recommendation;
        const call = advisedCall(rec);
        table._advice = { deal: dealKey(table, d), rec };
        replace(out, h("p", { id: `${out.id}-said` }, h("strong", {}, `The advisor would ${call}. `), rec.reason, ` (${a.samples} deals played out for each trump.)`));
        markAdvised(box, rec.bid === null ? "pass" : `bid ${rec.bid}`, `${out.id}-said`);
        keepInView(table._board.querySelector(".sr-tv-play"), box.closest(".sr-tv"));
        table.announce(`The advisor would ${call}. ${rec.reason}`);
      },
    },
    "What would you bid?",
  );
  const link = h("a", { class: "sr-table__worth", href: citationHref(`tools/worth/?${params.toString()}`) || "#" }, "Every bid and trump for this hand");
  return h("div", { class: "sr-table__hint" }, h("div", { class: "sr-inline sr-actions" }, ask, link), out);
}

// Outline the advised call's (or trump's) button, said with the advice; a bid under More bids is
// moved beside the others.
function markAdvised(box, move, describedBy) {
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
    else more.querySelector("summary").textContent = `More bids (${bidRange([...left].map((b) => b.dataset.move))})`;
  }
}

// At the trump step: the advisor's trump, kept from the advice asked during the auction, or asked
// now (deals of the unseen cards played out for every trump with this hand).
export function trumpAdvice(table, d, box) {
  const v = d.view;
  const out = h("div", { class: "sr-table__advice", role: "status", id: nextId("advice") });
  const show = (rec, note) => {
    replace(out, h("p", { id: `${out.id}-said` }, h("strong", {}, `The advisor would name Trump: ${rec.label}. `), note));
    const move = (d.to_play.moves || []).find((m, i) => d.to_play.labels[i] === rec.label);
    if (move) markAdvised(box, move, `${out.id}-said`);
  };
  const kept = table._advice && table._advice.deal === dealKey(table, d) ? table._advice.rec : null;
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
        const a = await askAdvice(table, { cmd: "advise", rules: d.ruleset, format: d.format, hand: v.hand, samples: ADVICE_SAMPLES }, ask, out);
        if (!a) return;
        const rec = a.recommendation;
        table._advice = { deal: dealKey(table, d), rec };
        show(rec, `(${a.samples} deals played out for each trump.)`);
        keepInView(table._board.querySelector(".sr-tv-play"), box.closest(".sr-tv"));
        table.announce(`The advisor would name Trump: ${rec.label}.`);
      },
    },
    "Which trump would the advisor name?",
  );
  return h("div", { class: "sr-table__hint" }, h("div", { class: "sr-inline sr-actions" }, ask), out);
}
