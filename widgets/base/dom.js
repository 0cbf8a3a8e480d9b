// Building a widget's elements: h(tag, attrs, ...children), replace, clear, nextId, and speaking
// into an aria-live region; data only ever reaches the page as text (textContent, attribute
// values), never as markup. With the two pieces many widgets draw: a link to a citation and an
// interpretation's note.

import { citationHref } from "../engine/engine.js";

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
