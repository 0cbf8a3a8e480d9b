// A step of a puzzle in the trainer (trainer.js) that is not played at the table (a bidding
// puzzle, or a position told in words with small card faces): the position drawn and in words
// (words.js positionWords: the trump, the trick so far, what is still to play, other hands, the
// facts), and its choices as buttons, cards or values, keys 1 to 9.
// Functions of the <somerset-trainer> element (`trainer`), which keeps the step shown.

import { cardButton, cardFace, h, replace, trickSeats } from "../base/ui.js";
import { ordinal } from "../base/words.js";
import { positionWords, seatWho } from "./words.js";
import { toggle } from "./answer.js";

// A choice as a button: a card's face when it is a card, else its words.
export function choiceButton(trainer, choice, i) {
  const step = trainer.step();
  const offerTrick = step.offer === "trick";
  const note = offerTrick ? `played ${ordinal(i + 1)}` : "";
  const onclick = () => toggle(trainer, choice.value);
  let b;
  if (trainer.isCard(choice.value)) {
    b = cardButton(choice.value, trainer.info(choice.value), { pressed: false, note, onclick, extraClass: "sr-trainer__choice" });
    if (offerTrick) b.append(h("span", { class: "sr-trainer__note", "aria-hidden": "true" }, ordinal(i + 1)));
  } else {
    b = h(
      "button",
      { type: "button", class: "md-button sr-trainer__choice sr-trainer__value", "aria-pressed": "false", "aria-label": choice.spoken || choice.label || choice.value, onclick },
      String(choice.label || choice.value),
    );
  }
  b.dataset.value = choice.value;
  b.dataset.key = String(i + 1);
  return b;
}

// The step's position, drawn and in words, in the element's _table.
export function renderTable(trainer, table) {
  const step = trainer.step();
  const info = (card) => trainer.info(card);
  const words = positionWords(table, info, { offerTrick: step.offer === "trick" });
  const parts = [];
  if (words.trump) parts.push(h("p", { class: "sr-trainer__trump" }, h("strong", {}, "Trump: "), words.trump));
  if (words.trick) {
    const { players, leader, cards, you, caption, centre } = words.trick;
    const seen = new Map();
    for (const t of [...(Array.isArray(table.trick) ? table.trick : []), ...(table.after || [])]) if (trainer.info(t.card)) seen.set(t.card, trainer.info(t.card));
    parts.push(trickSeats({ players, leader, cards, name: (seat) => seatWho(seat, you), bottom: you ?? leader, info: seen, size: "small", caption, centre }));
  }
  if (words.leadLine) parts.push(h("p", { class: "sr-trainer__rowlabel" }, words.leadLine));
  if (words.after.length) {
    parts.push(
      h(
        "div",
        { class: "sr-trainer__row" },
        h("p", { class: "sr-trainer__rowlabel", id: `${trainer._id}-after` }, "Still to play after you"),
        h(
          "ol",
          { class: "sr-faces", "aria-labelledby": `${trainer._id}-after` },
          words.after.map((t) => h("li", { "aria-label": t.words }, cardFace(t.card, trainer.info(t.card), { size: "small" }))),
        ),
      ),
    );
  }
  // Other hands the reader may see (an ending played out with every card known).
  for (const hand of words.hands) {
    const id = `${trainer._id}-hand-${hand.seat}`;
    parts.push(
      h(
        "div",
        { class: "sr-trainer__row" },
        h("p", { class: "sr-trainer__rowlabel", id }, hand.title),
        h(
          "ol",
          { class: "sr-faces", "aria-labelledby": id },
          hand.cards.map((c) => h("li", { "aria-label": c.words }, cardFace(c.card, trainer.info(c.card), { size: "small" }))),
        ),
      ),
    );
  }
  if (words.facts.length) {
    const facts = h(
      "ul",
      { class: "sr-trainer__facts" },
      words.facts.map(({ label, value }) => h("li", {}, value === null ? h("strong", {}, label) : [h("strong", {}, `${label}: `), value])),
    );
    // Beside drawn hands the same facts are words for reading, folded away; alone they are the position.
    parts.push(words.factsFolded ? h("details", { class: "sr-trainer__words" }, h("summary", {}, "The position in words"), facts) : facts);
  }
  replace(trainer._table, parts);
}

