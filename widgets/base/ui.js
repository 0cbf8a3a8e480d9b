// The shared base of every widget: the Widget class (state from the address or attributes, life
// cycle, asking the engine, the status box) and defineWidget(tag, class). A widget subclasses
// Widget with static `fields` (and `defaults`, `remembersRuleset`, `readsCodes`), build(), onReady() and, when it
// needs them, problem(), prepare() and firstControl(); it gets this.wanted, saveState(values),
// statusBox(), liveRegion() and announce(text), ask(request), askAhead(request), prepared(),
// wantsEngine() and showProblem(error). It passes on the pieces beside it (dom.js, build-data.js,
// ruleset.js, deal-inputs.js, address.js, cards.js, words.js): a widget imports them all from here.
// The whole API, with an example widget: develop/runtime.md, "The widget base".

import { engine, earlyWorkerWaiting, whenPageIdle } from "../engine/engine.js";
import { addressParams, writeAddress } from "./address.js";
import { fixedAnswers } from "./build-data.js";
import { h, replace } from "./dom.js";
import { isCode, rememberedRuleset } from "./ruleset.js";
import { engineStatus } from "./status-box.js";

// The shared pieces, each from its own file, for the widgets that import them from here.
export { addressParams, writeAddress } from "./address.js";
export { askOnce, engineLimits, fetchBuildData, fixedAnswers, packInfo, rulesetList } from "./build-data.js";
export { cardButton, cardFace, handView, trickSeats } from "./cards.js";
export { checkSeed, dealerSeat, nextSeed } from "./deal-inputs.js";
export { citationLink, clear, h, interpretationNote, nextId, replace, speak } from "./dom.js";
export { RulesetChoice, fillFormatSelect, fillRulesetSelect, formatOf, rememberRuleset, rememberedRuleset, withTableRules } from "./ruleset.js";
export { advisedCall, capitalize, cardWords, ordinal, seatName, seatText, signed } from "./words.js";

// What the reader's first use of a widget looks like; any of these starts the engine.
const USE_EVENTS = ["pointerdown", "keydown", "focusin"];

// --- the base class --------------------------------------------------------------------------------

// Shared life cycle: read the state, build once, show the engine's loading/failure state, start the
// engine on the reader's first use of the widget (a press, a key, focus moving into it, or the Start
// button), and call onReady() whenever it is ready. Nothing big is fetched before that, so a page
// with a widget stays light until the reader asks for the engine. The exception is a tool page
// opened from a link that carries a position: the reader came for that answer, so the engine starts
// by itself, from the page's head (hooks/early_start.py) or else once the page has finished loading.
export class Widget extends HTMLElement {
  static fields = [];
  static defaults = {};
  static remembersRuleset = false;
  static readsCodes = false; // a table's own rules (a ruleset code) as its ruleset

  connectedCallback() {
    if (!this._built) {
      this._built = true;
      this.classList.add("sr-widget");
      const problem = this.problem();
      if (problem) {
        this._broken = true;
        replace(this, h("p", { class: "sr-widget__problem", role: "status" }, problem));
        return;
      }
      this.readState();
      this.build();
    }
    if (this._broken) return;
    this._unsubscribe = engine.subscribe((state) => this._engineState(state));
    this.prepared();
    if (this.wantsEngine()) {
      // Started by the page's head already (hooks/early_start.py): taken over now, so the widget
      // shows its progress; else started once the page is idle.
      if (earlyWorkerWaiting()) engine.start();
      else this._cancelIdle = whenPageIdle(() => engine.start());
    }
    this._startOnUse = (event) => {
      if (event.type === "keydown" && ["Shift", "Control", "Alt", "Meta", "Tab"].includes(event.key)) return;
      if (engine.state.status === "failed") return; // Retry says when to try again
      engine.start();
    };
    for (const type of USE_EVENTS) this.addEventListener(type, this._startOnUse);
  }

  disconnectedCallback() {
    if (this._broken) return;
    if (this._unsubscribe) this._unsubscribe();
    if (this._cancelIdle) this._cancelIdle();
    for (const type of USE_EVENTS) this.removeEventListener(type, this._startOnUse);
    this._wasReady = false;
  }

  // Hooks for subclasses.
  problem() {
    return null;
  }
  build() {}
  async prepare() {}
  async onReady() {}
  wantsEngine() {
    // A table's own rules kept on the device (a code) are read by the engine, as a link's are.
    const keptCode = this.constructor.readsCodes && !this.stateFromAddress && isCode(this.wanted && this.wanted.rules);
    return (this.hasAttribute("permalink") && this.stateFromAddress) || keptCode;
  }

  // prepare(), once, as soon as the build's fixed answers have arrived (or failed to: then the
  // engine answers askOnce instead, once it runs).
  prepared() {
    if (!this._preparing) {
      this._preparing = fixedAnswers()
        .then(() => this.prepare())
        .catch((e) => {
          this.showProblem(e);
        });
    }
    return this._preparing;
  }
  firstControl() {
    return [...this.querySelectorAll("button, select, input, textarea, [tabindex]")].find(
      (el) => !el.disabled && !el.closest("[hidden]") && !(this._status && this._status.contains(el)) && el.getAttribute("aria-disabled") !== "true",
    );
  }

  // The state: from the address when this is the page's tool (`permalink`) and the address names
  // any of it, else from the attributes; a tool's ruleset is the reader's own unless something
  // named one; then the defaults.
  readState() {
    const { fields, defaults, remembersRuleset } = this.constructor;
    const fromAddress = this.hasAttribute("permalink") ? addressParams(fields) : {};
    this.stateFromAddress = Object.keys(fromAddress).length > 0;
    const wanted = {};
    for (const f of fields) wanted[f] = (this.stateFromAddress ? fromAddress[f] : this.getAttribute(f)) ?? "";
    if (remembersRuleset && fields.includes("rules") && !this.stateFromAddress && (this.hasAttribute("permalink") || !wanted.rules)) {
      wanted.rules = rememberedRuleset({ codes: this.constructor.readsCodes }) || wanted.rules;
    }
    for (const [f, value] of Object.entries(defaults)) if (!wanted[f]) wanted[f] = value;
    this.wanted = wanted;
  }

  saveState(values) {
    if (this.hasAttribute("permalink")) writeAddress(values);
  }

  ask(request) {
    const ahead = this._ahead;
    this._ahead = null;
    if (ahead && ahead.text === JSON.stringify(request)) return ahead.answer;
    return engine.ask(request);
  }

  // The widget's first request, asked while the engine is still starting (a tool opened from a
  // link with a position): the worker answers it the moment it is ready, without waiting for the
  // page to hear that it is and ask (a page busy with its own scripts would hear it late). The
  // next ask() of the very same request takes that answer; any other request is asked anew.
  askAhead(request) {
    if (engine.state.status !== "loading") return; // ready: ask(); idle: nothing starts it early
    const ahead = { text: JSON.stringify(request), answer: engine.ask(request) };
    // A start that fails takes this answer with it: the start after Retry is asked anew.
    ahead.answer.catch(() => {
      if (this._ahead === ahead) this._ahead = null;
    });
    this._ahead = ahead;
  }

  get engineReady() {
    return engine.state.status === "ready";
  }

  liveRegion() {
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    return this._live;
  }

  announce(text) {
    if (this._live) this._live.textContent = text;
  }

  showProblem(error) {
    if (engine.state.status === "failed") return; // the status box says it
    console.warn(error);
  }

}

// For an element that reads the page around it, from its connectedCallback: while the parser is
// still reading the page (its module may run from the head, before the parser has reached what it
// reads), true, and the callback runs again once the page has been read.
export function waitsForPage(element) {
  if (document.readyState !== "loading") return false;
  document.addEventListener("DOMContentLoaded", () => element.isConnected && element.connectedCallback(), { once: true });
  return true;
}

// Define a widget's element once (a module may be imported again after instant navigation).
export function defineWidget(name, cls) {
  if (!customElements.get(name)) customElements.define(name, cls);
}

// The status box's methods, from status-box.js (a subclass may extend _engineState with super).
Object.assign(Widget.prototype, engineStatus);
