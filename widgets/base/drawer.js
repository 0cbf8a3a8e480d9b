// The site's navigation drawer on a phone. Below Material's drawer width the navigation sits off
// screen until the reader opens it, yet the browser would still style it, lay it out and decode
// the three icons it draws as images while the page is being read: about a tenth of a second of
// a mid-range phone's start, spent before a tool's inputs are drawn. Until the page is marked
// ready, stylesheets/theme.css leaves the closed drawer's contents undrawn (content-visibility:
// hidden); opening the drawer draws them at once, with or without this module.
//
// This module marks the page ready (the class below on <html>) once the page has loaded and the
// browser is idle, so that the drawer is drawn before the reader reaches for it, and at once when
// a finger or pointer comes down on either of the drawer's labels (the menu button, a moment
// before the drawer opens; the overlay that closes it). The class stays for the rest of the visit
// (Material's instant loads keep <html>).

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
