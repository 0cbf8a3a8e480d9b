// <somerset-ready>: "Ready for the table". One button keeps every file of the rules engine on this
// device now (the service worker fetches what it does not hold yet, widgets/engine/offline.js and
// widgets/engine/service-worker.js), with its progress, and says when every tool works offline. The size it states is
// the engine's real transfer size, computed at build time (hooks/offline.py writes
// assets/data/offline.json). It never starts the engine itself.

import { engineDownloadBytes, megabytes } from "../engine/engine.js";
import { keepForTable, serviceWorkerUsable, subscribeOffline } from "../engine/offline.js";
import { defineWidget, h } from "../base/ui.js";

class SomersetReady extends HTMLElement {
  connectedCallback() {
    if (this._built) return;
    this._built = true;
    this.classList.add("sr-ready");
    this._button = h("button", { type: "button", class: "md-button md-button--primary sr-ready__keep", onclick: () => this.keep() }, "Ready for the table: keep the tools offline");
    this._progress = h("progress", { max: "100", value: "0", hidden: true, "aria-hidden": "true" });
    this._text = h("p", { class: "sr-ready__text" });
    this._live = h("p", { class: "sr-vh", "aria-live": "polite", "aria-atomic": "true" });
    this.replaceChildren(h("div", { class: "sr-status sr-ready__box" }, this._button, this._progress, this._text), this._live);
    this._bytes = null;
    this._busy = false;
    this._failed = null;
    engineDownloadBytes().then((bytes) => {
      this._bytes = bytes;
      this.draw();
    });
    this._unsubscribe = subscribeOffline((state) => {
      this._state = state;
      this.draw();
    });
  }

  disconnectedCallback() {
    if (this._unsubscribe) this._unsubscribe();
    this._built = false;
  }

  draw() {
    const state = this._state || {};
    const size = this._bytes ? ` (${megabytes(this._bytes)})` : "";
    this._button.textContent = `Ready for the table: keep the tools offline${size}`;
    this.dataset.state = state.saved ? "ready" : this._busy || state.progress ? "keeping" : this._failed ? "failed" : "idle";
    if (!serviceWorkerUsable()) {
      this._button.hidden = true;
      this._progress.hidden = true;
      this._text.textContent = "This browser cannot keep the tools for offline use on this page (it needs a secure connection and service workers).";
      return;
    }
    if (state.saved) {
      this._button.hidden = true;
      this._progress.hidden = true;
      this._text.textContent = "Ready for the table: every tool works on this device without a network.";
      return;
    }
    this._button.hidden = false;
    if (state.progress && state.progress.total > 0) {
      const pct = Math.min(100, Math.round((100 * state.progress.done) / state.progress.total));
      this._progress.hidden = false;
      this._progress.value = pct;
      this._button.setAttribute("aria-disabled", "true");
      this._text.textContent = `Keeping the rules engine on this device… ${pct}% of ${megabytes(state.progress.total)}`;
      return;
    }
    this._progress.hidden = true;
    this._button.removeAttribute("aria-disabled");
    this._text.textContent = this._failed
      ? `Not everything could be kept: ${this._failed}. Press again when you are online.`
      : this._busy
        ? "Asking the browser to keep the rules engine…"
        : "Downloads the rules engine once, now, so the tools answer at once and without a network at the table.";
  }

  async keep() {
    if (this._busy || (this._state && this._state.saved)) return;
    this._busy = true;
    this._failed = null;
    this.draw();
    this.announce("Keeping the rules engine on this device.");
    let ok = false;
    try {
      ok = await keepForTable();
      if (!ok) this._failed = navigator.onLine === false ? "you are offline" : "some of the engine's files could not be downloaded";
    } catch (e) {
      this._failed = String((e && e.message) || e);
    }
    this._busy = false;
    this.draw();
    this.announce(ok ? "Ready for the table: every tool works offline on this device." : `Not everything could be kept: ${this._failed}.`);
  }

  announce(text) {
    this._live.textContent = text;
  }
}

defineWidget("somerset-ready", SomersetReady);
