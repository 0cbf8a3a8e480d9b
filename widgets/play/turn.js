// The reader's turn at Play a deal's table: the question and its buttons (a call, trump, the
// discards, a card), the reader's hand to choose from, and why each card that may not be played
// now is barred (the engine's `legal` request). Functions of the <somerset-table> element.

import { citationLink, h, handView, interpretationNote, nextId } from "../base/ui.js";
import { adviceBox, trumpAdvice } from "./advice.js";
import { bidRange, usualCalls } from "./calls.js";

// What the reader is asked now, docked on the table: the question and its buttons; what is said of
// it goes onto `said`.
export function actions(table, d, said) {
  const v = d.view;
  const tp = d.to_play;
  const box = h("div", { class: "sr-table__you" });
  if (tp.kind === "call") {
    said.push(`Your call. ${v.auction.length ? `The calls so far: ${v.auction.map((c) => `${table.seatName(c.seat)} ${c.call}`).join(", ")}.` : "You call first."}`);
    const button = (m) => h("button", { type: "button", class: "md-button", "data-move": m, onclick: () => table.move(m) }, m === "pass" ? "Pass" : m.replace("bid ", ""));
    const { usual, more } = usualCalls(tp.moves, d.total);
    const group = h("div", { class: "sr-inline sr-table__calls-to-make", role: "group", "aria-label": "Your call" }, usual.map(button));
    const others = more.length
      ? h(
          "details",
          { class: "sr-table__more" },
          h("summary", {}, `More bids (${bidRange(more)})`),
          h("div", { class: "sr-inline sr-table__calls-to-make", role: "group", "aria-label": "More bids" }, more.map(button)),
        )
      : null;
    box.append(h("p", { class: "sr-table__ask" }, "Your call: pass, or bid the points your side will take."), group, others, adviceBox(table, d, box));
  } else if (tp.kind === "trump") {
    said.push(`You won the bid at ${v.bid_to_make ?? v.bid}. Name trump.`);
    box.append(
      h("p", { class: "sr-table__ask" }, `You won the bid at ${v.bid_to_make ?? v.bid}: name trump.`),
      h(
        "div",
        { class: "sr-inline sr-table__trumps", role: "group", "aria-label": "Name trump" },
        tp.moves.map((m, i) => h("button", { type: "button", class: "md-button", "data-move": m, "data-label": tp.labels[i], onclick: () => table.move(m) }, tp.labels[i])),
      ),
    );
    box.append(trumpAdvice(table, d, box));
  } else if (tp.kind === "discard") {
    said.push(tp.text);
    const chosen = [...table._selected];
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
            onclick: () => chosen.length === tp.count && table.move(`discard ${chosen.join(" ")}`),
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
      box.append(h("div", { class: "sr-inline sr-actions" }, h("button", { type: "button", class: "md-button", onclick: () => table.move("trump nt") }, "Declare No Trump instead")));
    }
  }
  if (!d.over && v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    said.unshift(`Trick ${v.tricks.length}: ${last.cards.join(", ")}; ${table.seatName(last.winner)} took it.`);
  }
  return box;
}

// The reader's hand in the bottom seat: buttons to choose from when a card or discards are asked
// for, else the cards face up.
export function handElement(table, d) {
  const v = d.view;
  const tp = d.to_play;
  const kitty = tp.kind === "discard" ? new Set(tp.kitty || []) : null;
  if (tp.kind === "card") {
    const view = handView({ cards: v.hand, info: table._info, label: `Your hand, ${v.hand.length} cards`, barred: table._barred, onpick: (c) => table.move(`play ${c}`), idPrefix: nextId("hand") });
    view.element.querySelector(".sr-hand").classList.add("sr-table__hand");
    return view.element;
  }
  if (tp.kind === "discard") {
    const kept = new Map((tp.kept || []).map((c) => [c, "it came from the kitty, and the kitty's cards stay in your hand."]));
    const effects = (tp.effects && tp.effects.cards) || {};
    const view = handView({
      cards: v.hand,
      info: table._info,
      label: `Your hand with the kitty, ${v.hand.length} cards`,
      barred: kept.size ? kept : null,
      marks: new Map(v.hand.map((c) => [c, { kitty: kitty.has(c), note: [kitty.has(c) ? "from the kitty" : "", effects[c] ? "discarding it changes your bid or points" : ""].filter(Boolean).join(", ") }])),
      onpick: (c) => {
        if (table._selected.has(c)) table._selected.delete(c);
        else table._selected.add(c);
        table.draw(false);
        const warn = table._board.querySelector(".sr-table__warning");
        if (warn && table._selected.has(c) && effects[c]) table.announce(warn.textContent);
        table._board.querySelector(`.sr-table__hand [data-card="${CSS.escape(c)}"]`)?.focus();
      },
      pressed: (c) => table._selected.has(c),
      idPrefix: nextId("hand"),
    });
    view.element.querySelector(".sr-hand").classList.add("sr-table__hand");
    return view.element;
  }
  return table.faceHand(v.hand, kitty);
}

// Why each card in the hand that may not be played now is barred, in the engine's words.
export async function barredReasons(ask, d) {
  const v = d.view;
  const legal = new Set(d.to_play.cards);
  const barred = v.hand.filter((c) => !legal.has(c));
  const reasons = new Map();
  if (!barred.length) return reasons;
  const base = { cmd: "legal", rules: d.ruleset, hand: v.hand };
  const firstLead = v.tricks.length === 0 && v.trick.cards.length === 0;
  if (v.trump !== null) {
    const r = await ask({ ...base, trump: v.trump, trick: v.trick.cards, first_trick: firstLead });
    const agrees = !r.error && r.legal.length === legal.size && r.legal.every((c) => legal.has(c));
    if (agrees) for (const i of r.illegal) reasons.set(i.card, i.reason);
  } else {
    // The first card led names trump: each barred card, asked under the trump it would name.
    const fallback = d.to_play.cards.find((c) => c !== "S/S");
    for (const c of barred) {
      const suit = c === "S/S" ? (fallback || "").split("/")[1] : c.split("/")[1];
      if (!suit) continue;
      const r = await ask({ ...base, trump: suit, trick: [], first_trick: true });
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
