// <somerset-puzzle-progress>: how many of the page's puzzles the reader has solved (kept in this
// browser by the puzzles themselves, see puzzle.js), with a button to forget them. Works without
// the engine.

import { CHANGED, STORE, solvedIds } from "./puzzle.js";
import { defineWidget, h, replace } from "./ui.js";

class SomersetPuzzleProgress extends HTMLElement {
  connectedCallback() {
    if (!this._built) {
      this._built = true;
      this.classList.add("sr-widget", "sr-puzzle-progress");
      this._text = h("p", { class: "sr-puzzle-progress__text", "aria-live": "polite" });
      this._reset = h("button", { type: "button", class: "md-button", onclick: () => this.reset() }, "Forget my progress");
      replace(this, this._text, this._reset);
    }
    this._update = () => this.update();
    window.addEventListener(CHANGED, this._update);
    window.addEventListener("storage", this._update);
    this.update();
  }

  disconnectedCallback() {
    window.removeEventListener(CHANGED, this._update);
    window.removeEventListener("storage", this._update);
  }

  update() {
    const here = [...new Set([...document.querySelectorAll("somerset-puzzle[puzzle]")].map((el) => el.getAttribute("puzzle")))];
    const solved = new Set(solvedIds());
    const done = here.filter((id) => solved.has(id)).length;
    this._text.textContent = here.length
      ? `You have solved ${done} of the ${here.length} puzzles on this page (kept in this browser only).`
      : `You have solved ${solved.size} puzzle${solved.size === 1 ? "" : "s"} (kept in this browser only).`;
    this._reset.hidden = solved.size === 0;
  }

  reset() {
    try {
      window.localStorage.removeItem(STORE);
    } catch {
      // nothing stored
    }
    window.dispatchEvent(new CustomEvent(CHANGED));
  }
}

defineWidget("somerset-puzzle-progress", SomersetPuzzleProgress);
