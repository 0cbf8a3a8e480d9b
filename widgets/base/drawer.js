// The site's navigation drawer on a phone: theme.css leaves the closed drawer's contents undrawn
// (content-visibility: hidden) until <html> carries the class below; this module adds it once the
// page has loaded and the browser is idle, and at once when a finger or pointer comes down on
// either of the drawer's labels (the menu button; the overlay that closes it). The class stays
// for the rest of the visit (Material's instant loads keep <html>). Opening the drawer draws it
// with or without this module. Why: develop/runtime.md, "Before the engine: the inputs".

import { whenPageIdle } from "../engine/engine.js"; // already on every page (offline.js imports it)

const READY = "sr-drawer-ready";
const LABELS = 'label[for="__drawer"]';
const KEY = Symbol.for("somerset.drawer");

function ready() {
  document.documentElement.classList.add(READY);
}

if (!window[KEY]) {
  window[KEY] = true;
  whenPageIdle(ready);
  document.addEventListener("pointerdown", (event) => {
    if (event.target instanceof Element && event.target.closest(LABELS)) ready();
  }, { capture: true, passive: true });
}
