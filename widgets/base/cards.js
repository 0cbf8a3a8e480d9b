// Cards drawn as Somerset cards are printed: one card's face, a card as a button, a hand of card
// buttons (the cards that may not be played say why), and a trick as seats round a table with who
// led it and who took it. The words for a card are words.js's.

import { capitalize, cardWords } from "./words.js";
import { h, nextId } from "./dom.js";

// A card drawn as Somerset cards are printed: the play value above the suit numeral, count cards
// in red with their value in a circle (so they do not rely on colour), the 0/0 and the S/S marked.
// Hidden from screen readers: whatever holds it carries the card's words.
export function cardFace(card, info, { size = "" } = {}) {
  const text = String(card);
  const [top, bottom] = text === "S/S" ? ["S", "S"] : text.split("/");
  const count = info && info.count ? info.count : 0;
  const classes = ["sr-cardface"];
  if (size) classes.push(`sr-cardface--${size}`);
  if (count) classes.push("sr-cardface--count");
  if (info && info.double) classes.push("sr-cardface--double");
  if (text === "S/S") classes.push("sr-cardface--ss");
  return h(
    "span",
    { class: classes.join(" "), "aria-hidden": "true" },
    h("span", { class: "sr-cardface__value" }, top),
    h("span", { class: "sr-cardface__suit" }, bottom ?? ""),
    count ? h("span", { class: "sr-cardface__count", title: `counts ${count}` }, String(count)) : null,
  );
}

// A card as a button. opts: {pressed, barred (a reason: the card may not be played), note, onclick,
// size, extraClass}. A barred card stays focusable and says why when focused or pressed.
export function cardButton(card, info, opts = {}) {
  const { pressed = null, note = "", onclick = null, size = "", extraClass = "" } = opts;
  const words = cardWords(card, info) + (note ? `, ${note}` : "");
  const b = h(
    "button",
    {
      type: "button",
      class: `sr-card${info && info.count ? " sr-card--count" : ""}${info && info.double ? " sr-card--double" : ""}${extraClass ? ` ${extraClass}` : ""}`,
      "aria-label": words,
      "aria-pressed": pressed === null ? null : String(Boolean(pressed)),
      "data-card": String(card),
      onclick: onclick ? () => onclick(String(card)) : null,
    },
    cardFace(card, info, { size }),
  );
  return b;
}

// A hand of cards as buttons. Cards with a reason in `barred` (a Map card -> sentence) may not be
// played now: they stay focusable, look barred, and say why when focused, pressed or touched (in
// the hand's "why" line, and in their description for screen readers).
//   handView({cards, info (Map), label, barred: Map|null, pressed: fn|null, marks: Map|null, onpick(card), idPrefix})
//   marks: card -> {kitty (drawn as a kitty card), note (words added to the card's name)}
export function handView({ cards, info, label, barred = null, pressed = null, marks = null, onpick = () => {}, idPrefix = nextId("hand") }) {
  const why = h("p", { class: "sr-why", role: "status", id: `${idPrefix}-why` });
  const buttons = cards.map((c, i) => {
    const reason = barred ? barred.get(c) : null;
    const mark = marks ? marks.get(c) : null;
    const b = cardButton(c, info.get(c), {
      pressed: pressed ? pressed(c) : null,
      note: [reason ? "cannot be played now" : "", mark && mark.note ? mark.note : ""].filter(Boolean).join(", "),
      extraClass: mark && mark.kitty ? "sr-card--kitty" : "",
      onclick: () => {
        if (reason) show(c, reason);
        else onpick(c);
      },
    });
    if (reason) {
      const descId = `${idPrefix}-why-${i}`;
      b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-describedby", descId);
      b.classList.add("sr-card--barred");
      b.addEventListener("focus", () => show(c, reason));
      b.append(h("span", { class: "sr-vh", id: descId }, reason));
    }
    return b;
  });
  function show(card, reason) {
    why.textContent = `${card} cannot be played: ${reason}`;
  }
  const group = h("div", { class: "sr-hand", role: "group", "aria-label": label }, buttons);
  return { element: h("div", { class: "sr-handbox" }, group, why), buttons, why };
}

// A trick drawn as seats round a table, seen from above: the first seat of `order` at the bottom
// and play passing to the left (clockwise). Every seat shows its name and its card (or an empty
// place), "led" on the leader and "took it" on the winner; the list underneath is in play order
// for screen readers.
//   trickSeats({players, leader (seat), cards (in play order), winner (position or null),
//               name(seat) -> "you" | "seat 2" ..., bottom (the seat drawn at the bottom), info,
//               size ("" | "small"), caption, centre (text in the middle)})
export function trickSeats({ players, leader, cards, winner = null, name, bottom = leader, info = new Map(), size = "", caption = "", centre = "" }) {
  const n = Math.max(players, cards.length, 2);
  const seatOf = (i) => (leader + i) % n;
  const slots = [];
  for (let k = 0; k < n; k++) {
    const seat = (bottom + k) % n;
    const position = (seat - leader + n) % n; // the seat's place in play order
    const played = position < cards.length ? cards[position] : null;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    const x = 50 + 50 * Math.cos(angle);
    const y = 50 + 50 * Math.sin(angle);
    const marks = [];
    if (played !== null && position === 0) marks.push(h("span", { class: "sr-seat__mark sr-seat__mark--led" }, "led"));
    if (played !== null && position === winner) marks.push(h("span", { class: "sr-seat__mark sr-seat__mark--won" }, "took it"));
    slots.push(
      h(
        "div",
        {
          class: `sr-seat${played === null ? " sr-seat--empty" : ""}${position === winner && played !== null ? " sr-seat--winner" : ""}`,
          style: `--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}%`,
          "data-seat": String(seat),
          "data-card": played,
          "aria-hidden": "true",
        },
        h("span", { class: "sr-seat__label" }, h("span", { class: "sr-seat__name" }, capitalize(name(seat))), marks),
        played === null ? h("span", { class: "sr-seat__place" }) : cardFace(played, info.get(played), { size }),
      ),
    );
  }
  const spoken = cards.map((c, i) => {
    const bits = [`${cardWords(c, info.get(c))}, played by ${name(seatOf(i))}`];
    if (i === 0) bits.push("led");
    if (i === winner) bits.push("takes the trick");
    return h("li", { "data-card": c, class: i === winner ? "sr-trick__winner" : null }, bits.join(", "));
  });
  return h(
    "figure",
    { class: `sr-trick${size ? ` sr-trick--${size}` : ""}${n > 4 ? " sr-trick--many" : ""}`, "data-players": String(n) },
    h("div", { class: "sr-trick__table", "aria-hidden": "true" }, centre ? h("span", { class: "sr-trick__centre" }, centre) : null, slots),
    h(
      "figcaption",
      { class: "sr-vh" },
      caption || "The trick",
      cards.length ? h("ol", {}, spoken) : h("span", {}, ": no card played yet"),
    ),
  );
}
