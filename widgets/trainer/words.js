// A puzzle's position in words, for the trainer (trainer.js): pure functions of a step's `table`
// (from the trainer record) and `info(card)`, the card's entry in the pack (undefined for a value
// that is not a card). No DOM: the widget draws what these return, and their words are what a
// screen reader says for each card and seat.

import { capitalize, cardWords, seatName } from "../base/words.js";

const asInt = (x) => (Number.isInteger(x) ? x : null);

// Who sits at `seat`, as the reader sees it: "you" at the reader's seat, else "seat N".
export function seatWho(seat, you) {
  return seat === you ? "you" : seatName(seat);
}

// What the trainer shows of a position: {trump, trick, leadLine, after, hands, facts, factsFolded}.
//   trick: null, or the trick on the table {players, leader, cards, you, caption, centre} (not
//     drawn when the choices are the cards of a trick, `offerTrick`);
//   after: the cards still to play after the reader's, [{card, seat, words}];
//   hands: the other hands the reader may see, [{seat, title, cards: [{card, words}]}] (a hand's
//     title from `table.hand_titles[seat]` when the record names it, else "Seat N");
//   facts: [{label, value}] (value null for a fact that is only its label), folded away as words
//     for reading when hands are drawn beside them (factsFolded), unless `table.facts_open` says
//     the facts are part of the position (a bidding puzzle's calls, seat and ruleset).
export function positionWords(table, info, { offerTrick = false } = {}) {
  const trick = Array.isArray(table.trick) ? table.trick : [];
  const you = asInt(table.you);
  const out = { trump: table.trump_label || table.trump || "", trick: null, leadLine: "", after: [], hands: [], facts: [], factsFolded: false };
  if (!offerTrick && (trick.length || you !== null)) {
    const leader = Number.isInteger(table.leader) ? table.leader : trick.length ? trick[0].seat : 0;
    out.trick = {
      players: Math.max(Number(table.players) || 4, trick.length + 1),
      leader,
      cards: trick.map((t) => t.card),
      you,
      caption: trick.length ? "The trick so far" : "The trick: you lead",
      centre: trick.length ? "" : "you lead",
    };
  }
  if (table.lead_line && !trick.length) out.leadLine = String(table.lead_line);
  const after = Array.isArray(table.after) ? table.after : [];
  out.after = after.map((t) => ({ card: t.card, seat: t.seat, words: `${cardWords(t.card, info(t.card))}, by ${seatName(t.seat)}` }));
  const hands = Array.isArray(table.hands) ? table.hands : [];
  hands.forEach((cards, seat) => {
    if (seat === you || !Array.isArray(cards) || !cards.length) return;
    const titles = table.hand_titles && typeof table.hand_titles === "object" ? table.hand_titles : {};
    const title = typeof titles[String(seat)] === "string" ? titles[String(seat)] : capitalize(seatName(seat));
    out.hands.push({ seat, title, cards: cards.map((c) => ({ card: c, words: cardWords(c, info(c)) })) });
  });
  if (Array.isArray(table.facts) && table.facts.length) {
    out.facts = table.facts.map(([label, value]) => ({ label, value: value === null || value === undefined ? null : String(value) }));
    out.factsFolded = out.hands.length > 0 && table.facts_open !== true;
  }
  return out;
}

// A line of play (a refutation's best defence), card by card: [{who, card, words}], `who`
// capitalized ("You", "Seat 3").
export function lineWords(line, table, info) {
  const you = asInt(table.you);
  return line.map((x) => {
    const who = capitalize(seatWho(x.seat, you));
    return { who, card: x.card, words: `${who}: ${cardWords(x.card, info(x.card))}` };
  });
}
