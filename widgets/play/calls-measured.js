// The calls of a finished deal at Play a deal's table, measured on request: each call beside the
// call the bid advisor makes with that seat's hand after the calls before it, and how often the
// side would make the bid called (the same figures as What is my hand worth?).
// A function of the <somerset-table> element (`table`).

import { advisedCall, capitalize, clear, h, replace } from "../base/ui.js";

const CALL_REVIEW_SAMPLES = 40; // for each call measured once the deal is over (a few calls a deal)

// Once the deal is over and every hand is known: each call of the auction beside the call the bid
// advisor makes with that seat's hand after the calls before it, and how often the side would make
// the bid called (asked on request, call by call, from the same figures as What is my hand worth?).
export function callsMeasured(table, d) {
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
        const seq = table._seq;
        let differ = 0;
        for (let i = 0; i < calls.length; i++) {
          const { seat, call } = calls[i];
          const who = seat === d.seat ? "You" : capitalize(table.seatName(seat));
          const said = call === "pass" ? "passed" : `bid ${call}`;
          const item = h("li", {}, h("strong", {}, `${who} ${said}. `), h("span", { class: "sr-hint" }, "Playing out deals…"));
          list.append(item);
          replace(out, h("p", { class: "sr-hint" }, `Measuring call ${i + 1} of ${calls.length}…`));
          const request = { cmd: "advise", rules: d.ruleset, format: d.format, hand: d.hands[seat], samples: CALL_REVIEW_SAMPLES, seat, dealer: v.dealer };
          if (i) request.auction = calls.slice(0, i).map((c) => c.call);
          const a = await table.ask(request);
          if (seq !== table._seq) return; // a new deal meanwhile
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
        table.announce(summary);
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
