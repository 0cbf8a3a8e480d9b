// The card pad: every card of a pack entered in two taps, a suit and then its rank (the doubles'
// and the special cards' keys beside the suits), laid out for the pack of the ruleset chosen; one
// tab stop, the arrow keys, Home and End move along the keys, Escape goes back to the suits. Not
// a widget: the trick resolver and What is my hand worth? each hold one; styles in cards.css.
//   new CardPad({id, onpick(card), chosen() -> the cards already entered, what: "in the trick"})
//     .element (a group of buttons); .setPack(deck, pack) with pack from packInfo({deck})
//     ({cards, byCard}); .draw(focus) after the entered cards change (`focus(button)` picks the
//     key that takes the tab stop); .tabStop() the key that holds it; .info (Map card -> info)

import { cardWords, h, replace } from "../base/ui.js";

export class CardPad {
  constructor({ id, onpick, chosen = () => [], what = "entered" }) {
    this._onpick = onpick;
    this._chosen = chosen;
    this._what = what;
    this._suit = null; // the suit whose ranks the pad shows, or null for the suits
    this._suits = null;
    this._buttons = [];
    this.deck = null;
    this.info = new Map();
    this.element = h("div", { class: "sr-keypad", role: "group", "aria-label": "Card pad: a suit, then its rank", "aria-describedby": `${id}-padkeys` });
    this.keysHint = h("p", { class: "sr-vh", id: `${id}-padkeys` }, "Arrow keys move along the pad; Escape goes back to the suits.");
    this.element.addEventListener("keydown", (e) => this.keys(e));
  }

  setPack(deck, pack) {
    if (this.deck === deck) {
      this.draw();
      return;
    }
    this.deck = deck;
    this.info = pack.byCard;
    this._suits = [...new Set(pack.cards.filter((c) => c.suit !== null && c.suit > 0).map((c) => c.suit))].sort((a, b) => a - b);
    this._specials = pack.cards.filter((c) => c.suit === null || c.suit === 0).map((c) => c.card);
    this._suit = null;
    this.draw();
  }

  tabStop() {
    return this.element.querySelector('button[tabindex="0"]');
  }

  // Draws the pad's suits or ranks. `focus` picks the key that takes the tab stop (and the focus,
  // when the pad had it); by default the key that had the focus keeps it.
  draw(focus = null) {
    if (!this._suits) return null;
    const had = this.element.contains(document.activeElement) ? document.activeElement : null;
    const same = had ? (b) => (had.dataset.card ? b.dataset.card === had.dataset.card : had.dataset.suit ? b.dataset.suit === had.dataset.suit : b.classList.contains("sr-keypad__back")) : null;
    const chosen = new Set(this._chosen().map((c) => c.toUpperCase()));
    const buttons = [];
    if (this._suit === null) {
      this.element.dataset.view = "suits";
      this.element.setAttribute("aria-label", `Card pad, the ${this.deck} pack: choose a suit`);
      for (const s of this._suits) {
        const held = [...chosen].filter((c) => c.endsWith(`/${s}`)).length;
        buttons.push(
          h(
            "button",
            { type: "button", class: "sr-keypad__key sr-keypad__suit", "data-suit": String(s), "aria-label": `the /${s} suit${held ? `, ${held} ${this._what}` : ""}`, onclick: () => this.chooseSuit(s) },
            `/${s}`,
          ),
        );
      }
      for (const card of this._specials) buttons.push(this.cardKey(card, card, chosen));
    } else {
      const s = this._suit;
      this.element.dataset.view = "ranks";
      this.element.setAttribute("aria-label", `Card pad: the rank in the /${s} suit`);
      buttons.push(
        h("button", { type: "button", class: "sr-keypad__key sr-keypad__back", "aria-label": "Back to the suits", onclick: () => this.backToSuits() }, "← /", h("span", { class: "sr-keypad__of" }, String(s))),
      );
      for (let rank = 0; rank <= s; rank++) buttons.push(this.cardKey(`${rank}/${s}`, String(rank), chosen));
    }
    replace(this.element, buttons);
    // One tab stop in the pad (arrow keys move along it).
    const target =
      (focus && buttons.find(focus)) || (same && buttons.find(same)) || buttons.find((b) => b.classList.contains("sr-keypad__suit") || b.dataset.card) || buttons[0];
    for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    this._buttons = buttons;
    if (had) target.focus();
    return target;
  }

  cardKey(card, text, chosen) {
    const info = this.info.get(card);
    return h(
      "button",
      {
        type: "button",
        class: `sr-keypad__key sr-keypad__card${info && info.count ? " sr-keypad__card--count" : ""}`,
        "data-card": card,
        "aria-label": cardWords(card, info),
        "aria-pressed": String(chosen.has(card.toUpperCase())),
        onclick: () => this.pick(card),
      },
      h("span", { class: "sr-keypad__rank" }, text),
      info && info.count ? h("span", { class: "sr-keypad__count", "aria-hidden": "true" }, String(info.count)) : null,
    );
  }

  keys(e) {
    const buttons = this._buttons;
    const i = buttons.indexOf(document.activeElement);
    if (e.key === "Escape" && this._suit !== null) {
      e.preventDefault();
      this.backToSuits();
      return;
    }
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const cols = Math.max(1, Math.round(this.element.clientWidth / (buttons[0]?.offsetWidth || 1)));
    const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + cols, ArrowUp: i - cols, Home: 0, End: buttons.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const j = Math.max(0, Math.min(buttons.length - 1, moves[e.key]));
    for (const b of buttons) b.tabIndex = -1;
    buttons[j].tabIndex = 0;
    buttons[j].focus();
  }

  chooseSuit(s) {
    this._suit = s;
    this.draw((b) => Boolean(b.dataset.card));
  }

  backToSuits() {
    const s = this._suit;
    this._suit = null;
    this.draw((b) => b.dataset.suit === String(s));
  }

  pick(card) {
    const suit = this._suit;
    this._suit = null;
    this.draw((b) => (suit === null ? b.dataset.card === card : b.dataset.suit === String(suit)));
    this._onpick(card);
  }
}
