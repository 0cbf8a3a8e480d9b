// Small DOM helpers shared by the widgets. Data only ever reaches the page as text
// (textContent, attribute values), never as markup.

import { engine, whenPageIdle, citationHref } from "./engine.js";

// What the reader's first use of a widget looks like; any of these starts the engine.
const USE_EVENTS = ["pointerdown", "keydown", "focusin"];
// The engine's download as a reader sees it (compressed, as the site is served): see README.
const ENGINE_SIZE = "about 6 MB";

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

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
}

export function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${s}`;
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

// Read the widget's state from the address (tool pages), values cut to a sane length.
export function addressParams(names) {
  const params = new URLSearchParams(location.search);
  const out = {};
  for (const name of names) {
    if (params.has(name)) out[name] = params.get(name).slice(0, 300);
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

// Shared life cycle: build once, show the engine's loading/failure state, start the engine on the
// reader's first use of the widget (a press, a key, focus moving into it, or the Start button),
// and call onReady() whenever it is ready. Nothing big is fetched before that, so a page with a
// widget stays light until the reader asks for the engine. The exception is a tool page opened
// from a link that carries a position: the reader came for that answer, so the engine starts by
// itself once the page has finished loading.
export class EngineWidget extends HTMLElement {
  connectedCallback() {
    if (!this._built) {
      this._built = true;
      this.classList.add("sr-widget");
      this.build();
    }
    this._unsubscribe = engine.subscribe((state) => this._engineState(state));
    if (this.hasAttribute("permalink") && this._stateFromAddress) this._cancelIdle = whenPageIdle(() => engine.start());
    this._startOnUse = (event) => {
      if (event.type === "keydown" && ["Shift", "Control", "Alt", "Meta", "Tab"].includes(event.key)) return;
      engine.start();
    };
    for (const type of USE_EVENTS) this.addEventListener(type, this._startOnUse);
  }

  disconnectedCallback() {
    if (this._unsubscribe) this._unsubscribe();
    if (this._cancelIdle) this._cancelIdle();
    for (const type of USE_EVENTS) this.removeEventListener(type, this._startOnUse);
    this._wasReady = false;
  }

  // The status box: loading progress, or the failure with a Retry button.
  statusBox() {
    this._statusText = h("span", { class: "sr-status__text" });
    this._progress = h("progress", { max: "100", value: "0", "aria-hidden": "true" });
    this._retry = h("button", { type: "button", class: "md-button sr-retry", hidden: true, onclick: () => engine.retry() }, "Retry");
    this._start = h("button", { type: "button", class: "md-button md-button--primary sr-start", hidden: true, onclick: () => engine.start() }, "Start the rules engine");
    this._status = h("div", { class: "sr-status" }, this._statusText, this._progress, this._start, this._retry);
    return this._status;
  }

  _engineState(state) {
    if (!this._status) return;
    const box = this._status;
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
    } else if (state.status === "loading") {
      const pct = Math.round(100 * (state.fraction || 0));
      box.hidden = false;
      this._statusText.textContent = `Loading the rules engine… ${pct}%`;
      this._start.hidden = true;
      this._progress.hidden = false;
      this._progress.value = pct;
      this._retry.hidden = true;
    } else if (state.status === "failed") {
      box.hidden = false;
      this._statusText.textContent = `The rules engine could not load: ${state.message}`;
      this._start.hidden = true;
      this._progress.hidden = true;
      this._retry.hidden = false;
      if (!this._announcedFailure) this.announce(`The rules engine could not load. ${state.message}`);
      this._announcedFailure = true;
    } else if (state.status === "ready") {
      box.hidden = true;
      this._announcedFailure = false;
      if (!this._wasReady) {
        this._wasReady = true;
        Promise.resolve()
          .then(() => this.onReady())
          .catch((e) => this.showProblem(e));
      }
      return;
    }
    this._wasReady = false;
  }

  // Subclasses set this._live to their aria-live region.
  announce(text) {
    if (this._live) this._live.textContent = text;
  }

  showProblem(error) {
    if (engine.state.status === "failed") return; // the status box says it
    console.warn(error);
  }
}

export function defineOnce(name, cls) {
  if (!customElements.get(name)) customElements.define(name, cls);
}

// Answers that never change during a visit, asked once.
const cache = new Map();
export function askOnce(request) {
  const key = JSON.stringify(request);
  if (!cache.has(key)) {
    const p = engine.ask(request).then((response) => {
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

// Fill a ruleset <select> (every ruleset, then "All rulesets") and choose `wanted` (an id, an
// alias or "all"). An unknown name falls back to `fallback` and adds a notice saying so.
export function fillRulesetSelect(select, rulesets, wanted, fallback, notices) {
  clear(select);
  for (const r of rulesets) select.appendChild(h("option", { value: r.id }, r.short_name));
  select.appendChild(h("option", { value: "all" }, "All rulesets (compare)"));
  const name = String(wanted).trim().toLowerCase();
  const match = name === "all" ? "all" : rulesets.find((r) => r.id === name || (r.aliases || []).includes(name));
  if (match) select.value = match === "all" ? "all" : match.id;
  else {
    select.value = fallback;
    const shown = (rulesets.find((r) => r.id === fallback) || { short_name: fallback }).short_name;
    notices.push(`There is no ruleset called “${wanted}”; showing ${shown} instead.`);
  }
  select.disabled = false;
}

// Fill a "Players" <select> with a ruleset's formats and choose `wanted` (else `previous`, else
// the first). A wanted format the ruleset lacks adds a notice saying what is shown instead.
export function fillFormatSelect(select, ruleset, wanted, notices, previous = "") {
  clear(select);
  for (const f of ruleset.formats) select.appendChild(h("option", { value: f.id }, f.label));
  const pick = wanted || previous;
  if (ruleset.formats.some((f) => f.id === pick)) select.value = pick;
  else {
    select.value = ruleset.formats[0].id;
    if (wanted) notices.push(`“${String(wanted).slice(0, 40)}” is not a way to play ${ruleset.short_name}; showing ${ruleset.formats[0].label}.`);
  }
  select.disabled = ruleset.formats.length < 2;
}

// A deal's seed as typed: {value} (its digits) or {error} naming what is accepted.
export function checkSeed(text) {
  const t = String(text).trim();
  if (t === "") return { error: "Enter a seed: a whole number such as 7." };
  if (!/^\d{1,20}$/.test(t) || BigInt(t) >= 2n ** 64n)
    return { error: `“${t.slice(0, 24)}” is not a seed: use a whole number from 0 to 18446744073709551615.` };
  return { value: t };
}

// The seed after the one typed (1 when the typed one is not a seed), wrapping at 2**64.
export function nextSeed(text) {
  const seed = checkSeed(text);
  return String(seed.error ? 1n : (BigInt(seed.value) + 1n) % 2n ** 64n);
}
