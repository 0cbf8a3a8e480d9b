// <somerset-puzzle-progress>: on the lists of puzzles, how many of the page's puzzles the reader has
// solved and failed in the trainer (kept in this browser by trainer.js, storage.js's
// "somerset.puzzle-progress"), with a button to forget them. Needs neither the engine nor the
// trainer's data: the page's puzzles are the elements marked data-puzzle. Follows changes made in
// other tabs and on this page.

import { loadProgress } from "../store/puzzle-store.js";
import { PROGRESS, forget, noteFor, noteShown, onChange } from "../store/storage.js";
import { defineWidget, h, replace, waitsForPage } from "../base/ui.js";

class SomersetPuzzleProgress extends HTMLElement {
  connectedCallback() {
    if (waitsForPage(this)) return; // it reads the page around it
    if (!this._built) {
      this._built = true;
      this.classList.add("sr-widget", "sr-puzzle-progress");
      this._text = h("p", { class: "sr-puzzle-progress__text", "aria-live": "polite" });
      this._note = h("p", { class: "sr-puzzle-progress__note", hidden: true });
      this._reset = h("button", { type: "button", class: "md-button", onclick: () => this.reset() }, "Forget my progress");
      replace(this, this._text, this._note, this._reset);
    }
    this._stop = onChange([PROGRESS], () => this.update());
    this.update();
  }

  disconnectedCallback() {
    if (this._stop) this._stop();
  }

  update() {
    const here = [...new Set([...document.querySelectorAll("[data-puzzle]")].map((el) => el.dataset.puzzle))];
    const progress = loadProgress().puzzles;
    const count = (result) => here.filter((id) => progress[id] && progress[id].result === result).length;
    const known = Object.keys(progress).length;
    this._text.textContent = here.length
      ? `In the trainer you have solved ${count("solved")} and failed ${count("failed")} of the ${here.length} puzzles on this page (kept in this browser only).`
      : `In the trainer you have tried ${known} puzzle${known === 1 ? "" : "s"} (kept in this browser only).`;
    const note = noteFor(PROGRESS);
    if (note) noteShown(PROGRESS);
    this._note.hidden = !note;
    this._note.textContent = note || "";
    this._reset.hidden = known === 0;
  }

  reset() {
    forget(PROGRESS);
  }
}

defineWidget("somerset-puzzle-progress", SomersetPuzzleProgress);
