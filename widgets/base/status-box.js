// A widget's status box: what starting the rules engine costs and a Start button, then the loading
// progress in the same place and size (nothing moves under a finger), or the failure with a Retry
// button; and, once the engine is ready, the widget's onReady with focus moved to its first
// control. Methods of the widget base (ui.js assigns them to Widget).

import { engine, engineDownloadBytes, megabytes } from "../engine/engine.js";
import { h } from "./dom.js";
import { scrollPage } from "./in-view.js";

// What the idle box says; `bytes` is the engine's download (the build's figure) when known.
function idleText(bytes) {
  const size = bytes ? `${megabytes(bytes)}, fetched once from this site` : "fetched once from this site";
  return `The rules engine runs in your browser and starts when you use this tool (${size}).`;
}

export const engineStatus = {
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
  },

  _engineState(state) {
    if (!this._status) {
      if (state.status === "ready") this._becameReady();
      else this._wasReady = false;
      return;
    }
    const box = this._status;
    if ("lingering" in box.dataset) {
      if (state.status === "ready") return;
      this._stopLingering();
      delete box.dataset.lingering;
      box.style.minHeight = "";
    }
    box.dataset.shown = box.hidden ? "" : box.dataset.state || "";
    box.dataset.state = state.status;
    if (state.status === "idle") {
      const unreachable = state.offline && state.saved === false; // Start could only fail
      box.hidden = false;
      box.dataset.offline = unreachable ? "true" : "false";
      this._statusText.textContent = unreachable
        ? "You are offline, and this device has not saved the rules engine yet, so this tool cannot work now. Connect to the internet and use any tool once: after that every tool works offline too."
        : idleText(this._engineBytes);
      if (!unreachable && this._engineBytes === undefined) {
        // The size comes from the build (assets/data/offline.json): the text gains it once read.
        this._engineBytes = null;
        engineDownloadBytes().then((bytes) => {
          this._engineBytes = bytes;
          if (box.dataset.state === "idle" && box.dataset.offline !== "true") this._statusText.textContent = idleText(bytes);
        });
      }
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
      if (!this._announcedFailure) this.announce(`The rules engine could not load: ${state.message}`);
      this._announcedFailure = true;
    } else if (state.status === "ready") {
      // Focus on the Start button (or the box) would fall to the page's body when it hides: move it
      // to the widget's first control instead, once that control exists.
      const hadFocus = box.contains(document.activeElement);
      if (!hadFocus) this._hideKeepingFocusStill(box);
      this._announcedFailure = false;
      this._becameReady(hadFocus);
      return;
    }
    this._wasReady = false;
  },

  // The box goes; a control below it that has the focus (the key a finger is on) stays where it
  // was on the screen, so that a tap already on its way lands on it. Where the page cannot scroll
  // back by the box's height (it is near the top), the box stays in its space saying the engine is
  // ready, and goes when that is safe: the page scrolled far enough, the focus taken out of the
  // widget, or the widget about to move its own content (settleStatusBox).
  _hideKeepingFocusStill(box) {
    const height = box.getBoundingClientRect().height;
    if (this._focusBelow(box) && window.scrollY + 0.5 < height) this._lingerReady(box, height);
    else this._hideBox(box);
  },

  // The focused control of the widget below the box, if any.
  _focusBelow(box) {
    const el = document.activeElement;
    return this.contains(el) && !box.contains(el) ? el : null;
  },

  // The box hidden, a focused control below it scrolled back to where it was.
  _hideBox(box) {
    const held = this._focusBelow(box);
    const before = held ? held.getBoundingClientRect().top : 0;
    box.hidden = true;
    if (held && held.isConnected) scrollPage(held.getBoundingClientRect().top - before);
  },

  _lingerReady(box, height) {
    box.style.minHeight = `${height}px`;
    box.dataset.lingering = "";
    this._statusText.textContent = "The rules engine is ready.";
    this._start.hidden = true;
    this._progress.hidden = true;
    this._retry.hidden = true;
    const onScroll = () => {
      if (window.scrollY + 0.5 >= box.getBoundingClientRect().height) this.settleStatusBox();
    };
    const onFocusOut = (e) => {
      if (e.relatedTarget && !this.contains(e.relatedTarget)) this.settleStatusBox();
    };
    addEventListener("scroll", onScroll, { passive: true });
    this.addEventListener("focusout", onFocusOut);
    this._stopLingering = () => {
      removeEventListener("scroll", onScroll);
      this.removeEventListener("focusout", onFocusOut);
    };
  },

  // A ready box left in its space goes now, the focused control kept where it is as far as the page
  // can scroll. A widget calls this before it moves its content itself (an answer shown above the
  // keys), so that the page moves once.
  settleStatusBox() {
    const box = this._status;
    if (!box || !("lingering" in box.dataset)) return;
    this._stopLingering();
    delete box.dataset.lingering;
    box.style.minHeight = "";
    this._hideBox(box);
  },

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
  },
};
