// <somerset-puzzle-progress>: on the lists of puzzles, how many of the page's puzzles the reader has
// solved and failed in the trainer (kept in this browser by trainer.js, localStorage
// "somerset.puzzle-progress"), with a button to forget them. Needs neither the engine nor the
// trainer's data: the page's puzzles are the elements marked data-puzzle.

import { OLD_SOLVED, PROGRESS, loadProgress } from "./puzzle-store.js";
import { defineWidget, h, replace } from "./ui.js";

const CHANGED = "somerset-progress-forgotten";

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
    const here = [...new Set([...document.querySelectorAll("[data-puzzle]")].map((el) => el.dataset.puzzle))];
    const progress = loadProgress().puzzles;
    const count = (result) => here.filter((id) => progress[id] && progress[id].result === result).length;
    const known = Object.keys(progress).length;
    this._text.textContent = here.length
      ? `In the trainer you have solved ${count("solved")} and failed ${count("failed")} of the ${here.length} puzzles on this page (kept in this browser only).`
      : `In the trainer you have tried ${known} puzzle${known === 1 ? "" : "s"} (kept in this browser only).`;
    this._reset.hidden = known === 0;
  }

  reset() {
    try {
      window.localStorage.removeItem(PROGRESS);
      window.localStorage.removeItem(OLD_SOLVED);
    } catch {
      // nothing stored
    }
    window.dispatchEvent(new CustomEvent(CHANGED));
  }
}

defineWidget("somerset-puzzle-progress", SomersetPuzzleProgress);
