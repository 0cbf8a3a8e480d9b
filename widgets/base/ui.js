// The shared base of every widget. A widget is ONE file in the folder of its feature,
// widgets/<feature>/<name>.js, that defines the custom element <somerset-<name>> (main.js imports
// the module the widgets' manifest, widgets/manifest.js, names for the tag):
//
//   import { Widget, defineWidget, h } from "../base/ui.js";
//   class SomersetThing extends Widget {
//     static fields = ["rules", "seed"];        // state: from the address (with `permalink`) or attributes
//     static defaults = { rules: "parker-1947" }; // used when neither gives a value
//     static remembersRuleset = true;           // a tool: the reader's own ruleset replaces the default
//     problem() { return null; }                // optional: a sentence when the attributes are unusable
//     build() { ... this.statusBox() ... }      // the DOM, once; this.wanted holds the state read
//     async prepare() { ... await rulesetList() ... } // optional: fill the inputs before the engine
//                                               // runs (askOnce answers the build's fixed data)
//     async onReady() { ... await this.ask({cmd: ...}) ... }  // each time the engine becomes ready
//     firstControl() { return this._input; }    // optional: where focus goes when Start disappears
//   }
//   defineWidget("somerset-thing", SomersetThing);
//
// What the base gives a widget (stable API; other branches build on it):
//   this.wanted                 {field: string} read once, before build()
//   this.stateFromAddress       true when the address carried any of the fields
//   this.saveState(values)      writes the state into the address (only with `permalink`)
//   this.statusBox()            the engine's idle / loading / failed box with Start and Retry; it
//                               keeps one size from idle to loading, so nothing moves under a finger
//   this.liveRegion()           an aria-live region; this.announce(text) speaks into it
//   this.ask(request)           the engine's JSON answer (starts the engine when needed)
//   this.askAhead(request)      the same request asked before the engine is ready (see there)
//   this.prepared()             prepare()'s promise, run once, as soon as the build's fixed
//                               answers are in (before the engine); onReady() runs after it
//   this.wantsEngine()          whether the engine starts by itself once the page is idle: a tool
//                               opened from a link with a position; a widget may say more (the
//                               score pad: a game the reader kept, so adding a deal needs no Start)
//   this.showProblem(error)     logs an engine failure the status box does not already show
//   The engine starts on the reader's first use of the widget (press, key, focus), or by itself
//   on a tool page opened from an address that carries a position.
//
// Shared pieces:
//   h(tag, attrs, ...children), replace(el, ...children), clear(el), nextId(prefix)
//   signed(n), ordinal(n), citationLink(citation), interpretationNote(text)
//   askOnce(request), rulesetList(), packInfo({rules} | {deck}), engineLimits(): answers that
//   never change; the build writes them (assets/data/inputs.json, hooks/inputs.py), so they need
//   no engine and a tool's inputs can be filled while the engine downloads
//   rememberedRuleset(), rememberRuleset(id | null): the reader's own ruleset, one key for the site
//   new RulesetChoice(id, {all}): a labelled ruleset <select> with the "Our table" toggle
//   fillRulesetSelect, fillFormatSelect, checkSeed, nextSeed
//   cardWords(card, info), cardFace(card, info, opts), cardButton(card, info, opts)
//   handView({...}): a hand of card buttons; cards that may not be played say why
//   trickSeats({...}): a trick drawn as seats round a table, with who led and who took it
//   seatName(seat), seatText(text): seats as readers count them (from 1; the engine counts from 0)
//
// Data only ever reaches the page as text (textContent, attribute values), never as markup.

import { engine, earlyWorkerWaiting, whenPageIdle, citationHref, siteUrl } from "../engine/engine.js";
import { clearNote, noteFor, noteShown, read as readStored, update as updateStored } from "../store/storage.js";
import { capitalize, cardWords } from "./words.js";

// The words for cards, seats and places (words.js), for the widgets that import them from here.
export { advisedCall, capitalize, cardWords, ordinal, seatName, seatText } from "./words.js";

// What the reader's first use of a widget looks like; any of these starts the engine.
const USE_EVENTS = ["pointerdown", "keydown", "focusin"];
// The engine's download as a reader sees it (compressed, as the site is served): develop/benchmarks.md.
const ENGINE_SIZE = "about 7 MB";

let uid = 0;
export function nextId(prefix) {
  uid += 1;
  return `sr-${prefix}-${uid}`;
}

// h("p", {class: "x", "aria-live": "polite"}, "text", child, ...)
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value") el.value = String(value);
    // Through the CSSOM, not a style attribute, which the site's Content-Security-Policy blocks.
    else if (key === "style") el.style.cssText = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

// A data file the site's build wrote (assets/data/*.json), checked before use: the document, or an
// Error saying what went wrong ("the site answered 404", "<what> is of another version; reload the
// page"). valid(data) says whether the document has the shape this page reads.
export async function fetchBuildData(url, version, valid, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the site answered ${response.status}`);
  const data = await response.json();
  if (!data || data.version !== version || !valid(data)) throw new Error(`${what} is of another version; reload the page`);
  return data;
}

// Speak `text` in an aria-live region, emptied first so that the same words are said again.
export function speak(live, text) {
  live.textContent = "";
  window.setTimeout(() => {
    live.textContent = text;
  }, 30);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
}

// A score change as printed: +6, −6 (a real minus sign), 0.
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

// A link to a citation (href relative to the site root); plain text when the href is unusable.
export function citationLink(citation) {
  if (!citation || typeof citation !== "object") return null;
  const label = String(citation.label || citation.source || "source");
  const href = citationHref(citation.href);
  return href ? h("a", { href, class: "sr-cite" }, label) : h("span", { class: "sr-cite" }, label);
}

export function interpretationNote(text) {
  if (!text) return null;
  return h("p", { class: "sr-interp" }, h("strong", {}, "Interpretation"), " ", String(text));
}

// --- the address ---------------------------------------------------------------------------------

// Read the widget's state from the address (tool pages), each value whole: the widget that reads a
// field checks it, and one it cannot take (too long included) is named in its message; a link the
// site wrote is always read back in full.
export function addressParams(names) {
  const params = new URLSearchParams(location.search);
  const out = {};
  for (const name of names) {
    if (params.has(name)) out[name] = params.get(name);
  }
  return out;
}

// Write the state into the address without a new history entry; `/` and `,` stay readable. The
// address is the tool's permalink, so it carries no fragment: a heading's anchor (#how-to-use-it)
// in a shared link would scroll the reader away from the tool.
export function writeAddress(values) {
  // The widget's own values first, in its order, then anything else the address held.
  const params = [];
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== "") params.push([key, String(value)]);
  }
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (!(key in values)) params.push([key, value]);
  }
  const query = params
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2F/gi, "/").replace(/%2C/gi, ",")}`)
    .join("&");
  const url = `${location.pathname}${query ? `?${query}` : ""}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, "", url);
}

// --- the reader's own ruleset ----------------------------------------------------------------------

// One value for the whole site (storage.js's "ruleset"): every tool preselects it. Storage that is
// missing or full counts as no choice; a stored value that cannot be read is set aside by
// storage.js, and the "Our table" field says so (noteFor("ruleset")).
const RULESET_CHANGED = "somerset-ruleset-changed";

export function rememberedRuleset() {
  return readStored("ruleset").value;
}

// Remember the reader's ruleset (null forgets it): {ok, problem} from storage.js.
export function rememberRuleset(id) {
  const result = updateStored("ruleset", () => id || null);
  if (result.ok) clearNote("ruleset"); // chosen anew: what could not be read before is past
  if (result.ok) window.dispatchEvent(new CustomEvent(RULESET_CHANGED, { detail: id || null }));
  return result;
}

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
    return this.hasAttribute("permalink") && this.stateFromAddress;
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
      wanted.rules = rememberedRuleset() || wanted.rules;
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

  // The status box: what starting costs and a Start button, then the loading progress in the same
  // place and size, or the failure with a Retry button.
  statusBox() {
    this._statusText = h("span", { class: "sr-status__text" });
    this._progress = h("progress", { max: "100", value: "0", "aria-hidden": "true" });
    this._retry = h("button", { type: "button", class: "md-button sr-retry", hidden: true, onclick: () => engine.retry() }, "Retry");
    this._start = h(
      "button",
      { type: "button", class: "md-button md-button--primary sr-start", hidden: true, onclick: () => engine.start() },
      "Start the rules engine",
    );
    this._status = h("div", { class: "sr-status" }, this._statusText, this._start, this._progress, this._retry);
    return this._status;
  }

  _engineState(state) {
    if (!this._status) {
      if (state.status === "ready") this._becameReady();
      else this._wasReady = false;
      return;
    }
    const box = this._status;
    box.dataset.shown = box.hidden ? "" : box.dataset.state || "";
    box.dataset.state = state.status;
    if (state.status === "idle") {
      const unreachable = state.offline && state.saved === false; // Start could only fail
      box.hidden = false;
      box.dataset.offline = unreachable ? "true" : "false";
      this._statusText.textContent = unreachable
        ? "You are offline, and this device has not saved the rules engine yet, so this tool cannot work now. Connect to the internet and use any tool once: after that every tool works offline too."
        : `The rules engine runs in your browser and starts when you use this tool (${ENGINE_SIZE}, fetched once from this site).`;
      this._progress.hidden = true;
      this._retry.hidden = true;
      this._start.hidden = unreachable;
      this._start.removeAttribute("aria-disabled");
      this._start.textContent = "Start the rules engine";
      // Whether the box has been on screen (see "loading"): not when the engine starts in the task
      // that drew it (a tool opened from a link with a position).
      this._idleSeen = false;
      requestAnimationFrame(() => {
        this._idleSeen = box.dataset.state === "idle";
      });
    } else if (state.status === "loading") {
      const pct = Math.round(100 * (state.fraction || 0));
      if (box.dataset.shown === "idle" && this._idleSeen) {
        // Keep the box's layout as it was when the reader pressed: nothing moves under the finger.
        // (Measuring forces a layout of the whole page: not done for a box never on screen.)
        this._statusText.style.minHeight = `${this._statusText.getBoundingClientRect().height}px`;
        this._start.style.minWidth = `${this._start.getBoundingClientRect().width}px`;
      }
      box.hidden = false;
      this._statusText.textContent = `Loading the rules engine… ${pct}%`;
      // The button stays where it was (a finger or the keyboard may be on it) and shows progress.
      this._start.hidden = false;
      this._start.setAttribute("aria-disabled", "true");
      this._start.textContent = `Starting… ${pct}%`;
      this._start.style.setProperty("--sr-progress", `${pct}%`);
      this._progress.hidden = true;
      this._progress.value = pct;
      this._retry.hidden = true;
    } else if (state.status === "failed") {
      const hadFocus = box.contains(document.activeElement);
      box.hidden = false;
      this._statusText.textContent = `The rules engine could not load: ${state.message}`;
      this._start.hidden = true;
      this._progress.hidden = true;
      this._retry.hidden = false;
      if (hadFocus) this._retry.focus();
      if (!this._announcedFailure) this.announce(`The rules engine could not load. ${state.message}`);
      this._announcedFailure = true;
    } else if (state.status === "ready") {
      // Focus on the Start button (or the box) would fall to the page's body when it hides: move it
      // to the widget's first control instead, once that control exists.
      const hadFocus = box.contains(document.activeElement);
      if (!hadFocus) box.hidden = true;
      this._announcedFailure = false;
      this._becameReady(hadFocus);
      return;
    }
    this._wasReady = false;
  }

  _becameReady(hadFocus = false) {
    if (this._wasReady) return;
    this._wasReady = true;
    // With focus in the status box, the box stays until onReady has drawn the controls; then focus
    // moves to the first of them and the box goes.
    this.prepared()
      .then(() => this.onReady())
      .catch((e) => this.showProblem(e))
      .finally(() => {
        if (!hadFocus || engine.state.status !== "ready") return;
        const stillThere = this._status.contains(document.activeElement) || document.activeElement === document.body;
        if (stillThere) {
          const target = this.firstControl();
          if (target) target.focus();
          else {
            this.setAttribute("tabindex", "-1");
            this.focus();
          }
        }
        this._status.hidden = true;
      });
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

// --- the engine's fixed answers ------------------------------------------------------------------

// The engine's answers to the requests whose answers only change with the engine (the rulesets,
// the packs, the limits), written at build time by hooks/inputs.py: a Map from the request's JSON
// text to the answer. A tool page carries them in its head (a JSON data block): then they are read
// at once, so the widget's inputs are drawn in the task that defines it. Elsewhere they are fetched
// once per visit. When they cannot be read, the engine answers instead.
const FIXED = Symbol.for("somerset.fixed-answers");
const FIXED_BLOCK = "somerset-fixed-answers";
function answersMap(data) {
  return new Map(data && Array.isArray(data.answers) ? data.answers.filter((a) => Array.isArray(a) && a.length === 2) : []);
}
export function fixedAnswers() {
  if (!window[FIXED]) {
    const block = document.getElementById(FIXED_BLOCK);
    let inPage = null;
    try {
      inPage = block && block.type === "application/json" ? answersMap(JSON.parse(block.textContent)) : null;
    } catch (e) {
      inPage = null; // a damaged block: the file instead
    }
    window[FIXED] = inPage && inPage.size
      ? Promise.resolve(inPage)
      : fetch(siteUrl("assets/data/inputs.json"))
          .then((r) => (r.ok ? r.json() : null))
          .then(answersMap)
          .catch(() => new Map());
  }
  return window[FIXED];
}

// Answers that never change during a visit, asked once: from the build's fixed answers when they
// hold it, else from the engine (which then starts).
const cache = new Map();
export function askOnce(request) {
  const key = JSON.stringify(request);
  if (!cache.has(key)) {
    const p = fixedAnswers().then((fixed) => (fixed.has(key) ? structuredClone(fixed.get(key)) : engine.ask(request))).then((response) => {
      if (response && response.error) throw new Error(response.error.message);
      return response;
    });
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return cache.get(key);
}

export async function rulesetList() {
  return (await askOnce({ cmd: "rulesets" })).rulesets;
}

// A pack as the engine describes it: {deck, cards: [{card, suit, rank, count, double, label}],
// byCard: Map card -> that record}. `which` is {rules: id} or {deck: name}.
export async function packInfo(which) {
  const pack = await askOnce({ cmd: "pack", ...which });
  if (!pack.byCard) pack.byCard = new Map(pack.cards.map((c) => [c.card, c]));
  return pack;
}

// --- ruleset and format choices ------------------------------------------------------------------

// Fill a ruleset <select> (every ruleset, then "All rulesets") and choose `wanted` (an id, an
// alias or "all"). An unknown name falls back to `fallback` and adds a notice saying so.
export function fillRulesetSelect(select, rulesets, wanted, fallback, notices, { all = true } = {}) {
  clear(select);
  for (const r of rulesets) select.appendChild(h("option", { value: r.id }, r.short_name));
  if (all) select.appendChild(h("option", { value: "all" }, "All rulesets (compare)"));
  const name = String(wanted).trim().toLowerCase();
  const match = name === "all" && all ? "all" : rulesets.find((r) => r.id === name || (r.aliases || []).includes(name));
  if (match) select.value = match === "all" ? "all" : match.id;
  else {
    select.value = fallback;
    const shown = (rulesets.find((r) => r.id === fallback) || { short_name: fallback }).short_name;
    notices.push(
      name === "all" ? `This tool plays one ruleset at a time; showing ${shown}.` : `There is no ruleset called “${wanted}”; showing ${shown} instead.`,
    );
  }
  select.disabled = false;
}

// A labelled ruleset <select> with the reader's "Our table" toggle: pressed when the chosen ruleset
// is the one remembered on this device; one press remembers the chosen one (or forgets it).
export class RulesetChoice {
  constructor(id, { all = true, label = "Ruleset", compact = false } = {}) {
    this.all = all;
    this.select = h("select", { id, disabled: true }, h("option", { value: "" }, "Rulesets…"));
    // Compact: only the star shows; its name stays "Our table".
    this.toggle = h(
      "button",
      { type: "button", class: `md-button sr-ourtable${compact ? " sr-ourtable--compact" : ""}`, "aria-pressed": "false", disabled: true, onclick: () => this.flip() },
      h("span", { class: "sr-ourtable__mark", "aria-hidden": "true" }),
      h("span", { class: compact ? "sr-vh" : "sr-ourtable__text" }, "Our table"),
    );
    this.error = h("p", { class: "sr-field-error", id: `${id}-err`, hidden: true });
    // What storage said about "Our table" (a choice not kept, a kept one that could not be read).
    this.note = h("p", { class: "sr-hint sr-ourtable__note", id: `${id}-note`, role: "status", hidden: true });
    this.field = h(
      "div",
      { class: "sr-field sr-field--rules" },
      h("label", { for: id }, label),
      h("div", { class: "sr-ruleset" }, this.select, this.toggle),
      this.error,
      this.note,
    );
    this.select.addEventListener("change", () => this.update());
    this._onRemembered = () => this.update();
    window.addEventListener(RULESET_CHANGED, this._onRemembered);
    window.addEventListener("storage", this._onRemembered);
  }

  get value() {
    return this.select.value;
  }

  set value(v) {
    this.select.value = v;
    this.update();
  }

  fill(rulesets, wanted, fallback, notices) {
    this.rulesets = rulesets;
    fillRulesetSelect(this.select, rulesets, wanted, fallback, notices, { all: this.all });
    this.update();
  }

  name(id = this.value) {
    const r = (this.rulesets || []).find((x) => x.id === id);
    return r ? r.short_name : id;
  }

  update() {
    const v = this.select.value;
    const usable = Boolean(this.rulesets) && v !== "all" && v !== "";
    const mine = rememberedRuleset();
    const pressed = usable && mine === v;
    this.toggle.disabled = !usable;
    this.toggle.setAttribute("aria-pressed", String(pressed));
    this.toggle.title = pressed
      ? `Your table plays ${this.name(v)}: every tool opens with it. Press to forget.`
      : usable
        ? `Press to open every tool with ${this.name(v)} on this device.`
        : "Choose one ruleset to make it your table's.";
    // What storage said: a choice not kept, or one kept before that could not be read.
    const problem = this._problem || noteFor("ruleset");
    if (!this._problem && problem) noteShown("ruleset");
    this.note.hidden = !problem;
    this.note.textContent = problem || "";
    if (problem) this.toggle.setAttribute("aria-describedby", this.note.id);
    else this.toggle.removeAttribute("aria-describedby");
  }

  flip() {
    const v = this.select.value;
    if (!v || v === "all") return;
    const forgetting = rememberedRuleset() === v;
    const result = rememberRuleset(forgetting ? null : v);
    this._problem = result.ok ? null : `${forgetting ? "Not forgotten" : `${this.name(v)} is not remembered`}: ${result.problem}.`;
    if (result.ok) clearNote("ruleset");
    this.update();
  }
}

// Fill a "Players" <select> with a ruleset's formats and choose `wanted` (else `previous`, else
// the first). A wanted format the ruleset lacks adds a notice saying what is shown instead.
export function fillFormatSelect(select, ruleset, wanted, notices, previous = "", label = (f) => f.label) {
  clear(select);
  for (const f of ruleset.formats) select.appendChild(h("option", { value: f.id }, label(f)));
  const pick = wanted || previous;
  if (ruleset.formats.some((f) => f.id === pick)) select.value = pick;
  else {
    select.value = ruleset.formats[0].id;
    if (wanted) notices.push(`“${String(wanted).slice(0, 40)}” is not a way to play ${ruleset.short_name}; showing ${ruleset.formats[0].label}.`);
  }
  select.disabled = ruleset.formats.length < 2;
}

// The format `formatId` of ruleset `rulesetId` in a rulesetList() answer (the first ruleset, the
// first format, where there is no such one).
export function formatOf(rulesets, rulesetId, formatId) {
  const r = rulesets.find((x) => x.id === rulesetId) || rulesets[0];
  return r.formats.find((f) => f.id === formatId) || r.formats[0];
}

// The seat that deals a seeded deal, in the engine's numbering (0 is seat 1). A deal made from a
// form is dealt by the last seat, as at Play a deal, so the reader's seat 1 bids first; a link names
// its dealer in readers' numbering (`dealer=4`); a link that names none is dealt by seat 1, as records
// and `somerset play` deal by default. `fromLink` is the link's text (undefined when the deal is the
// form's); a seat the table does not have is named in `notices` and the last seat deals.
export function dealerSeat(fromLink, players, notices = []) {
  if (fromLink === undefined || fromLink === null) return players - 1;
  const t = String(fromLink).trim();
  if (t === "") return 0;
  if (/^\d{1,3}$/.test(t) && Number(t) >= 1 && Number(t) <= players) return Number(t) - 1;
  notices.push(`“${t.slice(0, 12)}” is not a dealer's seat: a table of ${players} has seats 1 to ${players}; seat ${players} deals.`);
  return players - 1;
}

// The limits the engine accepts (the longest record, the most moves, the largest seed), from its
// "info" answer: {record_chars, moves, seed_max}, seed_max as text (too large for a JS number).
export async function engineLimits() {
  return (await askOnce({ cmd: "info" })).limits;
}

// A deal's seed as typed: {value} (its digits) or {error} naming what is accepted (`limits` from engineLimits()).
export function checkSeed(text, limits) {
  const t = String(text).trim();
  if (t === "") return { error: "Enter a seed: a whole number such as 7." };
  if (!/^\d{1,30}$/.test(t) || BigInt(t) > BigInt(limits.seed_max))
    return { error: `“${t.slice(0, 24)}” is not a seed: use a whole number from 0 to ${limits.seed_max}.` };
  return { value: t };
}

// The seed after the one typed (1 when the typed one is not a seed), wrapping after the largest.
export function nextSeed(text, limits) {
  const seed = checkSeed(text, limits);
  return String(seed.error ? 1n : (BigInt(seed.value) + 1n) % (BigInt(limits.seed_max) + 1n));
}

// --- cards -----------------------------------------------------------------------------------------

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
