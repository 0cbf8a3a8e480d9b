// Sharing a score pad's game: the phone's share sheet with the game's link (else the link copied),
// copying the link or the pad as text, and a QR code of the link drawn on the page with the npm
// package uqr, served from the site (hooks/assets.py) and fetched when the code is first drawn.
// Methods of <somerset-pad> (pad.js assigns them to the element).

import { capitalize, h, replace } from "../base/ui.js";

// The QR code encoder, served from the site (hooks/assets.py), loaded when a code is first drawn.
const QR_MODULE = new URL("../../vendor/uqr/index.mjs", import.meta.url).href;

const SVG = "http://www.w3.org/2000/svg";

// The most characters of a link a QR code holds (version 40, low error correction, bytes).
const QR_MOST = 2953;

// A QR code's modules (rows of booleans, a quiet zone included) as an SVG image: one path of
// squares, black on white in both colour schemes (what cameras read best).
export function qrSvg(rows, label) {
  const n = rows.length;
  let d = "";
  rows.forEach((row, y) => row.forEach((on, x) => {
    if (on) d += `M${x} ${y}h1v1h-1z`;
  }));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("class", "sr-pad__qr");
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(n));
  back.setAttribute("height", String(n));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}

export const sharing = {
  async copy(box, what) {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      this.announce(`${what} is copied.`);
    } catch {
      this.announce(`${what} is selected: copy it with your device's Copy command.`);
    }
  },

  // The phone's share sheet with the game's link where the browser has one; else the link copied.
  async share() {
    const url = this._linkBox.value;
    if (!url) return;
    if (typeof navigator.share === "function") {
      try {
        const a = this.scoredAnswer();
        await navigator.share({ title: "Some'r'Set score pad", text: a ? capitalize(this.totalsWords(a)) : "", url });
        this.announce("The game's link is shared.");
        return;
      } catch (e) {
        if (e && e.name === "AbortError") {
          this.announce("Not shared.");
          return;
        }
        // Refused (no permission, nothing to share with): copy it instead.
      }
    }
    await this.copy(this._linkBox, "The link to this game");
  },

  // The QR code of the game's link, drawn when the share box is open (the encoder is fetched then).
  async drawQr() {
    if (!this._share.open || this._share.hidden) return;
    const link = this._linkBox.value;
    if (!link || this._qrLink === link) return;
    this._qrLink = link;
    if (link.length > QR_MOST) {
      replace(
        this._qrBox,
        h("p", { class: "sr-hint sr-pad__qrlong" }, `This game's link is ${link.length.toLocaleString("en")} characters, more than a QR code holds (${QR_MOST.toLocaleString("en")}): share the link or the text below instead.`),
      );
      return;
    }
    try {
      const { encode } = await import(QR_MODULE);
      if (this._linkBox.value !== link) return; // drawn again for the newer link
      const code = encode(link, { ecc: "L", border: 4 });
      replace(
        this._qrBox,
        qrSvg(code.data, "A QR code of this game's link"),
        h("figcaption", { class: "sr-hint" }, "Scan it with another phone's camera to open this game there."),
      );
    } catch (e) {
      this._qrLink = null;
      replace(this._qrBox, h("p", { class: "sr-hint" }, `The QR code could not be drawn (${e.message || e}); share the link below instead.`));
    }
  },
};
