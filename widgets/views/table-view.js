// The one table every tool that shows a deal draws (Play a deal, the deal replayer, Same deal):
// the seats round the table seen from above, never turning within a tool (the reader's seat, or
// seat 1, at the bottom; play passes to the left, clockwise), each seat's hand where it sits, the
// trick in the middle and the contract bar above it. Not a widget: functions the widgets call
// (tableView, playRegion, keepInView, contractBar, stillNeeded, handFaces; each is described where
// it is defined), styled by docs/assets/stylesheets/tableview.css.
// How the tools use it: develop/runtime.md, "Widgets".

import { keepPillOff, scrollPage, visibleBand } from "../base/in-view.js";
import { capitalize, cardFace, cardWords, h, trickSeats } from "../base/ui.js";

// Where each seat sits, by its place after the bottom seat in play order.
const PLACES = {
  2: ["south", "north"],
  3: ["south", "west", "east"],
  4: ["south", "west", "north", "east"],
  5: ["south", "west", "north", "north2", "east"],
  6: ["south", "west", "north", "north2", "north3", "east"],
};

function placeOf(k, n) {
  const places = PLACES[n] || PLACES[4];
  return places[k] || "north";
}

// A hand face up: small faces, each with its words for screen readers; kitty cards marked.
function faceUpHand(cards, info, kitty) {
  return h(
    "ul",
    { class: "sr-tv__cards" },
    cards.map((c) =>
      h(
        "li",
        { class: `sr-tv__card${kitty && kitty.has(c) ? " sr-tv__card--kitty" : ""}`, "data-card": c },
        h("span", { role: "img", "aria-label": cardWords(c, info.get(c)) + (kitty && kitty.has(c) ? ", from the kitty" : "") }, cardFace(c, info.get(c), { size: "small" })),
      ),
    ),
  );
}

// A hand face down: card backs (at most a few drawn) and the count in words.
function faceDownHand(count) {
  const backs = [];
  for (let i = 0; i < Math.min(count, 3); i++) backs.push(h("span", { class: "sr-tv__back", "aria-hidden": "true" }));
  return h(
    "div",
    { class: "sr-tv__backs", "data-count": String(count) },
    h("span", { class: "sr-tv__pile", "aria-hidden": "true" }, backs),
    h("span", { class: "sr-tv__count" }, count === 1 ? "1 card" : `${count} cards`),
  );
}

// The table, a <section class="sr-tv">: seats by the engine's numbers (0 ...), named by name(seat)
// ("you", "seat 2" ...); partners: the seats partnered with the bottom seat, marked "partner";
// dealer, leader (of the trick in progress) and toPlay marked. hands[seat]: {cards} face up,
// {count} as card backs with the count, or {element} (the reader's own hand, drawn by the tool:
// buttons to choose from), with {kitty: Set} marking cards. trick: {leader, cards (in play order),
// winner (a position in play order or null), label}. dock: what the reader does now (the question,
// the calls, the coach's line, the score), drawn between the trick and the reader's hand; with a
// dock the table is a played one (sr-tv--play): on a phone the other seats are drawn compactly
// round the trick, so that the contract bar, the trick, the dock and the hand fit one screen.
// trump: the trump's label ("/8 suit"), marked by the reader's hand once it is named.
export function tableView({ players, bottom = 0, name, dealer = null, leader = null, toPlay = null, partners = [], hands = [], trick = null, info = new Map(), caption = "The table", dock = null, trump = null }) {
  const n = players;
  const seats = [];
  for (let k = 0; k < n; k++) {
    const seat = (bottom + k) % n;
    const place = placeOf(k, n);
    const hand = hands[seat] || null;
    const marks = [];
    if (seat !== bottom && partners.includes(seat)) marks.push(h("span", { class: "sr-tv__mark sr-tv__mark--partner" }, "partner"));
    if (seat === dealer) marks.push(h("span", { class: "sr-tv__mark sr-tv__mark--dealer", title: "The dealer" }, "dealer"));
    if (seat === leader) marks.push(h("span", { class: "sr-tv__mark sr-tv__mark--leader" }, "leads"));
    if (seat === toPlay) marks.push(h("span", { class: "sr-tv__mark sr-tv__mark--turn" }, "to play"));
    if (seat === bottom && trump) marks.push(h("span", { class: "sr-tv__mark sr-tv__mark--trump" }, `Trump: ${trump}`));
    let body = null;
    let words = "";
    if (hand && hand.element) {
      body = hand.element;
    } else if (hand && Array.isArray(hand.cards)) {
      body = hand.cards.length ? faceUpHand(hand.cards, info, hand.kitty) : h("p", { class: "sr-tv__none" }, "no cards left");
    } else if (hand && Number.isInteger(hand.count)) {
      body = faceDownHand(hand.count);
      words = `, ${hand.count} card${hand.count === 1 ? "" : "s"} in hand`;
    }
    const label = `${capitalize(name(seat))}${marks.length ? `, ${marks.map((m) => m.textContent).join(", ")}` : ""}${words}`;
    seats.push(
      h(
        "div",
        { class: `sr-tv__seat sr-tv__seat--${place}${seat === bottom ? " sr-tv__seat--bottom" : ""}`, "data-seat": String(seat), role: "group", "aria-label": label },
        h("p", { class: "sr-tv__name", "aria-hidden": "true" }, h("span", {}, capitalize(name(seat))), marks),
        body,
      ),
    );
  }
  const centre = h("div", { class: "sr-tv__centre" });
  if (trick) {
    const t = trickSeats({
      players: n,
      leader: trick.leader,
      cards: trick.cards,
      winner: trick.winner ?? null,
      name,
      bottom,
      info,
      size: "small",
      caption: trick.label || "The trick",
    });
    if (trick.className) t.classList.add(trick.className);
    centre.append(t);
    if (trick.label) centre.append(h("p", { class: "sr-tv__tricklabel", "aria-hidden": "true" }, trick.label));
  }
  const north = seats.filter((s) => /--north/.test(s.className));
  const rest = seats.filter((s) => !/--north/.test(s.className));
  return h(
    "section",
    { class: `sr-tv sr-tv--${n}${hands.some(Boolean) ? "" : " sr-tv--bare"}${dock ? " sr-tv--play" : ""}`, "data-players": String(n), "aria-label": caption },
    north.length ? h("div", { class: "sr-tv__top" }, north) : null,
    rest,
    centre,
    dock ? h("div", { class: "sr-tv__dock" }, dock) : null,
  );
}

// A <div class="sr-tv-play">: the contract bar and a played table, the part of the page kept in
// view at each turn (keepInView).
export function playRegion(bar, table) {
  return keepPillOff(h("div", { class: "sr-tv-play" }, bar, table));
}

// Scrolls the page, when needed, so that the region lies below the site's header (or, when it is
// taller than the screen, so that target does), in the band and with the pill kept off the region
// that in-view.js keeps.
export function keepInView(region, target = null) {
  if (!region || !region.isConnected) return;
  const band = visibleBand();
  const r = region.getBoundingClientRect();
  const margin = 4;
  let dy = 0;
  if (r.height <= band.bottom - band.top - margin) {
    if (r.top >= band.top && r.bottom <= band.bottom) return;
    dy = r.top - band.top - margin;
  } else {
    const t = (target && target.isConnected ? target : region).getBoundingClientRect();
    if (t.bottom - r.top <= band.bottom - band.top - margin) {
      // the region's top (the contract bar) below the header, the target still on the screen
      dy = r.top - band.top - margin;
    } else {
      if (t.top >= band.top && t.bottom <= band.bottom) return;
      // the target's bottom at the window's bottom, or its top below the header when it is the taller
      dy = t.height > band.bottom - band.top ? t.top - band.top - margin : t.bottom - band.bottom + margin;
    }
  }
  scrollPage(dy);
}

// What each side still needs: the bidder's side to make, the others (together) to set: the
// sentence the contract bar ends with.
export function stillNeeded({ bid, total, taken, bidSide, sideName }) {
  if (bid === null || bid === undefined || bidSide === null || bidSide === undefined || bidSide < 0) return "";
  const own = taken[bidSide];
  const others = taken.reduce((a, b) => a + b, 0) - own;
  const toSet = total - bid + 1;
  const bidder = sideName(bidSide);
  const rest = taken.length === 2 ? sideName(1 - bidSide) : "the others";
  if (own >= bid) return `${capitalize(bidder)} made the bid (${own} of ${bid}).`;
  if (others >= toSet) return `${capitalize(rest)} set the bid (${others} taken; ${toSet} sets it).`;
  const make = bid - own;
  const set = toSet - others;
  const verb = (who) => (/^(you$|seats |the others)/.test(who) ? "need" : "needs");
  return `${capitalize(bidder)} ${verb(bidder)} ${make} more to make ${bid}; ${rest} ${verb(rest)} ${set} more to set it.`;
}

// The contract bar, a <dl class="sr-contract">: trump in "Trump: /8 suit" notation, the bid and who
// holds it, the points each side has taken, and what each side still needs. trump: the engine's trump label ("/8 suit", "No Trump") or null; bid, holder
// (a name) or null; sides: [{name, taken}] in the answer's order of teams; bidSide: the index of
// the bidder's side; stage: a word for before the bid ("Bidding").
export function contractBar({ trump = null, bid = null, holder = null, sides = [], total = null, bidSide = null, stage = "" }) {
  const item = (label, value, cls) => h("div", { class: `sr-contract__item sr-contract__item--${cls}` }, h("dt", {}, label), h("dd", {}, value));
  const items = [];
  items.push(item("Trump:", trump ? trump : stage === "bidding" ? "not named yet (bidding)" : "not named yet", "trump"));
  items.push(item("Bid:", bid !== null && bid !== undefined ? `${bid}${holder ? `, held by ${holder}` : ""}` : stage === "bidding" ? "bidding goes on" : "none", "bid"));
  if (sides.length) {
    items.push(item("Points taken:", sides.map((s) => `${s.name} ${s.taken}`).join(" · "), "points"));
  }
  const need = total !== null && bid !== null ? stillNeeded({ bid, total, taken: sides.map((s) => s.taken), bidSide, sideName: (i) => sides[i].name }) : "";
  if (need) items.push(item("Still needed:", need, "need"));
  return h("dl", { class: "sr-contract", "aria-label": "The contract" }, items);
}

// A hand face up as a list of faces (the reader's hand when there is nothing to choose from it).
export function handFaces(cards, info, kitty = null) {
  return faceUpHand(cards, info, kitty);
}
