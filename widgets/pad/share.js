// Sharing a score pad's game: the phone's share sheet with the game's link (else the link copied),
// copying the link or the pad as text, and a QR code of the link (views/qr-code.js).
// Methods of <somerset-pad> (pad.js assigns them to the element).

import { capitalize, h, replace } from "../base/ui.js";
import { QR_MOST, qrOf } from "../views/qr-code.js";

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
      const svg = await qrOf(link, "A QR code of this game's link", "sr-pad__qr");
      if (this._linkBox.value !== link) return; // drawn again for the newer link
      replace(
        this._qrBox,
        svg,
        h("figcaption", { class: "sr-hint" }, "Scan it with another phone's camera to open this game there."),
      );
    } catch (e) {
      this._qrLink = null;
      replace(this._qrBox, h("p", { class: "sr-hint" }, `The QR code could not be drawn (${e.message || e}); share the link below instead.`));
    }
  },
};
