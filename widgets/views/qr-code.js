// A QR code of a link, drawn on the page as an SVG image, black on white in both colour schemes
// (what cameras read best), with the npm package uqr, served from the site (hooks/assets.py) and
// fetched when a code is first drawn. The score pad's share box and Our table's rules show it.
//   QR_MOST                      the most characters of a link a QR code holds
//   qrSvg(rows, label, cls)      an SVG image of a code's modules (rows of booleans, quiet zone included)
//   qrOf(link, label, cls)       the SVG image of the link's code (the encoder fetched on first use)

const QR_MODULE = new URL("../../vendor/uqr/index.mjs", import.meta.url).href;
const SVG = "http://www.w3.org/2000/svg";

// Version 40, low error correction, bytes.
export const QR_MOST = 2953;

export function qrSvg(rows, label, cls) {
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
  svg.setAttribute("class", cls);
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

export async function qrOf(link, label, cls) {
  const { encode } = await import(QR_MODULE);
  return qrSvg(encode(link, { ecc: "L", border: 4 }).data, label, cls);
}
