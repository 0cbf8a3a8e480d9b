// Drawing the score pad: the scoreboard (each side's total, the target, the verdict), the lines of
// the deals scored and of those that wait, why each deal scored as it did, the form shaped by the
// ruleset and format, the names of the sides, the game's link and text, and the notices; after a
// deal is written down, the newest line, the totals and the form kept in view together.
// Methods of <somerset-pad> (pad.js assigns them to the element).

import { capitalize, citationLink, clear, h, interpretationNote, replace, signed } from "../base/ui.js";
import { bringIntoView, fitsBand } from "../base/in-view.js";
import { dealsToText } from "./game.js";
import { plural, total, when, winsWords, withMinus } from "./words.js";

export const drawing = {
  totalsWords(a) {
    return `totals ${a.sides.map((s, i) => `${s.name} ${total(a.totals[i])}`).join(", ")}`;
  },

  showNotices(notices) {
    clear(this._notice);
    for (const text of [...notices, this._storeNote, this._scoreNote].filter(Boolean)) this._notice.appendChild(h("p", {}, text));
    if (this._view === "loose" && this._loose) {
      const words =
        this._loose.label === "link"
          ? `This pad came with a link. It is not kept on this device${this._games.length ? ", and your own games are unchanged (see Game)" : ""}: press Keep this pad, or add a deal, to keep it.`
          : this._loose.label === "deleted"
            ? "This game was deleted in another tab. It stays on this page: press Keep this pad, or add a deal, to keep it again."
            : "What is shown is not kept on this device: press Keep this pad, or change it, to keep it as a game of its own.";
      this._notice.appendChild(
        h("p", { class: "sr-pad__loose" }, words, " ", h("button", { type: "button", class: "md-button sr-pad__keep", onclick: () => this.keepLoose() }, "Keep this pad")),
      );
    }
    if (this._deleted) {
      const g = this._deleted;
      this._notice.appendChild(
        h(
          "p",
          { class: "sr-pad__deleted" },
          `The game of ${when(g.made)} (${plural(g.deals.length, "deal")}) is deleted. `,
          h("button", { type: "button", class: "md-button sr-pad__bringback", onclick: () => this.bringBack() }, "Bring it back"),
        ),
      );
    }
    this._notice.hidden = !this._notice.firstChild;
  },

  // A deal as written down, before the engine has scored it: "We 15", "passed", "no bid".
  dealWords(deal, sides) {
    if (deal.passed) return "passed";
    if (deal.bidder === undefined || deal.bidder === null) return "no bid";
    const side = sides[deal.bidder];
    return `${side ? side.name : `side ${deal.bidder + 1}`} ${deal.bid}`;
  },

  // The sentence for the deals that wait: refused by the engine, or not yet scored.
  waitingWords(scored) {
    const total = this._state.deals.length;
    if (this._refused && this._refused.index !== null) {
      const k = this._refused.index + 1;
      return `Deal ${k} is not scored (the note above says why). Press Edit on deal ${k} to change it.`;
    }
    if (scored >= total) return "";
    return `${total - scored === 1 ? `Deal ${total} is` : `Deals ${scored + 1} to ${total} are`} written down: scored when the engine is ready.`;
  },

  // After a deal is written down: the newest line, the totals and the form for the next deal in
  // view together, the page scrolled as little as that takes (nothing moves when they already are).
  revealDeck() {
    const end = this._form.hidden ? this._board : this._add;
    // The whole box of lines (its heads name the sides) where it fits, else from the newest line.
    const box = this._table.firstChild;
    const newest = this._table.querySelector("tbody tr:last-child");
    bringIntoView(box && fitsBand(box, end) ? box : newest || this._board, end);
  },

  render() {
    const s = this.shape();
    const v = this.view();
    // The engine's answer for the deals it scores (null for none), and whether its words are this
    // game's (not after a side renamed before the engine runs: then only its figures are shown).
    const a = v ? v.answer : null;
    const words = !a || v.words;
    const deals = this._state.deals;
    const scored = v ? v.n : 0;
    const waiting = deals.length - scored;
    // What the board shows: the engine's answer for the deals it has scored, or, for a game with
    // no deal yet, its answer for an empty game (the build's, with the pad's names).
    const board = a || (deals.length === 0 ? s : null);
    this.drawSettings(deals.length > 0);
    this._form.hidden = !s;
    if (!s) {
      replace(
        this._board,
        h("p", { class: "sr-empty" }, deals.length ? `A pad of ${plural(deals.length, "deal")}, scored when the engine is ready.` : "An empty pad: the first deal goes in once the engine has started."),
      );
      clear(this._table);
      clear(this._why);
      this._share.hidden = true;
      this._shareButton.hidden = true;
      this._names.hidden = true;
      return;
    }
    const pending = this.waitingWords(scored);
    if (board) {
      // The scoreboard: each side's total, the target, and the verdict.
      const over = board.winner !== null;
      replace(
        this._board,
        h(
          "dl",
          { class: "sr-pad__totals" },
          board.sides.map((side, i) =>
            h(
              "div",
              { class: over && board.winner === i ? "sr-pad__winner" : null },
              h("dt", {}, s.sides[i].name, /^seats? /i.test(s.sides[i].name) ? null : h("small", {}, ` seat${side.seats.length > 1 ? "s" : ""} ${side.seats.join("+")}`)),
              h("dd", {}, total(board.totals[i])),
            ),
          ),
        ),
        h(
          "p",
          { class: "sr-pad__result" },
          over ? h("strong", {}, `${winsWords(s.sides[board.winner].name)}. `) : null,
          words ? `${capitalize(board.result)}${waiting && scored ? ` (after deal ${scored})` : ""}. ` : `After deal ${scored}. `,
          h("span", { class: "sr-hint" }, `${board.ruleset_name}: ${board.target} to win. `, citationLink(board.game_rule.citation)),
        ),
        pending ? h("p", { class: this._refused ? "sr-pad__refused" : "sr-pad__pending" }, pending) : null,
        words ? null : h("p", { class: "sr-pad__pending sr-pad__renamed" }, "Why each deal scored as it did is written with the new names once the engine is ready."),
      );
    } else {
      replace(
        this._board,
        h("p", { class: "sr-empty" }, `A pad of ${plural(deals.length, "deal")}, scored when the engine is ready.`),
        this._refused ? h("p", { class: "sr-pad__refused" }, pending) : null,
      );
    }
    // The form for the next deal, shaped by the ruleset and format.
    const editing = this._editing !== null && this._editing < deals.length ? this._editing : null;
    this._editing = editing;
    this._form.hidden = Boolean(a) && !waiting && a.winner !== null && editing === null;
    this._formTitle.textContent = editing === null ? "Next deal" : `Change deal ${editing + 1}`;
    this._add.textContent = editing === null ? "Add the deal" : `Save deal ${editing + 1}`;
    this._cancelEdit.hidden = editing === null;
    this._form.classList.toggle("sr-pad__deal--editing", editing !== null);
    this._bidFields.hidden = !s.bidding;
    this._passed.hidden = !s.can_pass;
    const chosen = this._bidder.value;
    clear(this._bidder);
    s.sides.forEach((side, i) => this._bidder.appendChild(h("option", { value: String(i) }, side.name)));
    if (chosen && Number(chosen) < s.sides.length) this._bidder.value = chosen;
    // The boxes stay the same elements while the sides do, so typing the next deal while the last
    // is being scored keeps its place and figures.
    const sidesKey = JSON.stringify([s.sides.map((side) => side.name), s.points_per_deal]);
    if (this._pointsKey !== sidesKey) {
      this._pointsKey = sidesKey;
      const old = [...this._points.querySelectorAll("input")].map((x) => x.value);
      clear(this._points);
      const boxes = s.sides.map((side, i) => {
        const box = h("input", { type: "text", inputmode: "numeric", autocomplete: "off", size: "4", id: `${this._id}-pts-${i}`, value: old.length === s.sides.length ? old[i] : "" });
        return h("div", { class: "sr-field" }, h("label", { for: box.id }, `${side.name} took`), box);
      });
      this._points.append(...boxes);
      this._points.appendChild(h("p", { class: "sr-hint" }, `A deal holds ${s.points_per_deal} points; leave one side empty for the rest.`));
    }
    // The lines of the pad: the deals the engine scored, then the ones written down that wait.
    const editButton = (index) =>
      h(
        "td",
        {},
        h(
          "button",
          {
            type: "button",
            class: "md-button sr-pad__edit",
            "aria-label": `Edit deal ${index + 1}`,
            "aria-pressed": String(this._editing === index),
            onclick: () => (this._editing === index ? this.stopEditing(true) : this.startEditing(index)),
          },
          "Edit",
        ),
      );
    if (!deals.length) {
      clear(this._table); // the board says there is no deal yet
      clear(this._why);
    } else {
      const rows = (a ? a.lines : []).map((line, index) =>
        h(
          "tr",
          { class: line.winner !== null ? "sr-pad__final" : null, "data-deal": String(index) },
          h("th", { scope: "row" }, String(line.number)),
          h("td", {}, line.passed ? "passed" : line.bidder === undefined || line.bidder === null ? "no bid" : `${s.sides[line.bidder].name} ${line.bid}${line.set ? ", set" : ", made"}`),
          s.sides.map((_, i) => h("td", { class: "sr-num" }, h("span", { class: "sr-pad__change" }, signed(line.changes[i])), " ", h("strong", {}, total(line.totals[i])))),
          editButton(index),
        ),
      );
      for (let index = scored; index < deals.length; index += 1) {
        const deal = deals[index];
        const refused = this._refused && this._refused.index === index;
        rows.push(
          h(
            "tr",
            { class: refused ? "sr-pad__waiting sr-pad__refusedline" : "sr-pad__waiting", "data-deal": String(index) },
            h("th", { scope: "row" }, String(index + 1)),
            h("td", {}, this.dealWords(deal, s.sides), h("span", { class: "sr-pad__state" }, refused ? ", not scored" : ", waiting")),
            s.sides.map((_, i) => h("td", { class: "sr-num" }, deal.points && deal.points[i] !== undefined ? `took ${deal.points[i]}` : "")),
            editButton(index),
          ),
        );
      }
      const why = (a ? a.lines : []).map((line) =>
        h("li", {}, h("strong", {}, `Deal ${line.number}. `), line.reason, " ", citationLink(line.citation), line.interpretation ? h("span", { class: "sr-hint" }, ` Interpretation: ${line.interpretation}`) : null),
      );
      // The lines scroll in their box, which shows the newest: the box keeps where the reader
      // scrolled it while the deals stay the same, and goes to the newest when one is added.
      const was = this._table.querySelector(".sr-table-wrap");
      const keep = was && this._linesDrawn === rows.length ? [was.scrollTop, was.scrollLeft] : null;
      this._linesDrawn = rows.length;
      replace(
        this._table,
        h(
          "div",
          { class: "sr-table-wrap", tabindex: "0", role: "region", "aria-label": "The deals so far" },
          h(
            "table",
            { class: "sr-table sr-pad__table" },
            h("caption", { class: "sr-vh" }, waiting ? "The pad: each deal's change and the totals after it; the deals that wait show the points taken" : "The pad: each deal's change and the totals after it"),
            h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"), h("th", { scope: "col" }, "Bid"), s.sides.map((side) => h("th", { scope: "col" }, side.name)), h("th", { scope: "col" }, h("span", { class: "sr-vh" }, "Edit")))),
            h("tbody", {}, rows),
          ),
        ),
      );
      const wrap = this._table.firstChild;
      [wrap.scrollTop, wrap.scrollLeft] = keep || [wrap.scrollHeight, 0];
      replace(
        this._why,
        a && a.lines.length && words
          ? h(
              "details",
              { class: "sr-pad__why" },
              h("summary", {}, "Why each deal scored as it did"),
              h("ol", {}, why),
              h("p", {}, h("strong", {}, "The game: "), a.game_rule.summary, " ", citationLink(a.game_rule.citation)),
              interpretationNote(a.game_rule.interpretation),
            )
          : null,
      );
    }
    // Names, sharing. The boxes stay the same elements while the names do, so a name being typed
    // is not lost when the pad is drawn again meanwhile (the engine's progress, a deal scored).
    this._names.hidden = false;
    const namesKey = JSON.stringify(s.sides.map((side) => [side.name, side.seats]));
    if (this._namesKey !== namesKey || !this._names.querySelector("input")) {
      this._namesKey = namesKey;
      const legend = this._names.querySelector("legend");
      clear(this._names);
      this._names.appendChild(legend);
      s.sides.forEach((side, i) => {
        const box = h("input", { type: "text", id: `${this._id}-name-${i}`, value: side.name, maxlength: "24", autocomplete: "off" });
        box.addEventListener("change", () => this.renameSides());
        this._names.appendChild(h("div", { class: "sr-field" }, h("label", { for: box.id }, `Side ${i + 1} (seats ${side.seats.join("+")})`), box));
      });
    }
    const shareable = Boolean(a) || deals.length > 0;
    this._share.hidden = !shareable;
    this._shareButton.hidden = !shareable;
    const link = new URL(location.href);
    link.search = "";
    const params = new URLSearchParams();
    const st = this._state;
    params.set("rules", st.rules);
    if (st.option) params.set("option", st.option);
    if (st.format) params.set("format", st.format);
    if (st.names) params.set("names", st.names.join(","));
    params.set("deals", dealsToText(st.deals));
    this._linkBox.value = `${link.origin}${link.pathname}?${params.toString().replace(/%2C/gi, ",")}`;
    this._textBox.value =
      a && words
        ? withMinus(a.text) + (pending ? `\n${pending}\n` : "")
        : a
          ? `Somerset score pad: ${plural(deals.length, "deal")}, ${this.totalsWords(a)} after deal ${scored}. The whole text is written once the engine is ready.\n`
          : `Somerset score pad: ${plural(deals.length, "deal")} written down, scored when the engine is ready.\n`;
    this.drawQr();
    // The deal just added is scored now: its line and the totals in view, if the keeper is still
    // at the form.
    if (this._reveal && scored >= this._reveal) {
      this._reveal = 0;
      if (this._form.contains(document.activeElement)) this.revealDeck();
    }
  },
};
